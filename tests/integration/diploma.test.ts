/**
 * Diplomas (docs/product.md §2 certificate screen): issued once per finished enrolment, downloaded as a PDF
 * by its owner only (the PDF's text is read back: name, course, date, trainer, academy, code,
 * verification URL),
 * and verified publicly by code without revealing anything else about the student.
 */
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { diplomas, enrollments } from "../../db/schema";
import { getConfig } from "~/config.server";
import { isDiplomaCode } from "~/lib/diploma";
import { todayInBucharest } from "~/lib/dates";
import { ensureDiploma, findDiplomaByCode } from "~/models/diploma.server";
import { createSession } from "~/models/session.server";
import { loader as certificateLoader } from "~/routes/cursuri-online.curs.$id.diploma";
import { loader as pdfLoader } from "~/routes/cursuri-online.curs.$id.diploma[.]pdf";
import { loader as verifyLoader } from "~/routes/diploma.$code";
import { createCourse, createUser } from "../helpers/factories";
import { get, run } from "../helpers/http";
import { extractPdfText } from "../helpers/pdf-text";

const snapshot = { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 };

async function finishedStudent(name = "Ștefania-Ioana Țuțuianu", values: Partial<typeof enrollments.$inferInsert> = {}) {
  const user = await createUser({ name });
  const { course } = await createCourse("online", { title: "Igiena și sterilizarea instrumentelor" });
  const [enrollment] = await getDb()
    .insert(enrollments)
    .values({
      userId: user.id,
      courseId: course.id,
      courseType: "online",
      optionSnapshot: snapshot,
      paymentStatus: "confirmed",
      progress: 100,
      completedChapters: [0, 1, 2],
      completedAt: new Date("2026-03-14T21:30:00Z"),
      ...values,
    })
    .returning();
  const cookie = (await createSession(user.id)).split(";")[0];
  return { user, course, enrollment, cookie, id: String(course.id) };
}

describe("the diploma PDF", () => {
  it("is an A4 landscape attachment for the owner, with name, course, date, trainer, academy and code in its text", async () => {
    const s = await finishedStudent();
    const response = await run(pdfLoader, get(`/cursuri-online/curs/${s.id}/diploma.pdf`, { cookie: s.cookie }), { id: s.id });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const [diploma] = await getDb().select().from(diplomas).where(eq(diplomas.enrollmentId, s.enrollment.id));
    expect(isDiplomaCode(diploma.code)).toBe(true);
    // Completed at 23:30 in Bucharest on 14 March: the diploma's date is the local one.
    expect(diploma.completedOn).toBe("2026-03-14");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="diploma-igiena-si-sterilizarea-instrumentelor-${diploma.code}.pdf"; filename*=UTF-8''diploma-igiena-si-sterilizarea-instrumentelor-${diploma.code}.pdf`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const size = (await PDFDocument.load(bytes)).getPage(0).getSize();
    expect([Math.round(size.width), Math.round(size.height)]).toEqual([842, 595]);
    const [page] = await extractPdfText(bytes);
    expect(page).toContain("Ștefania-Ioana Țuțuianu");
    expect(page).toContain("DIPLOMĂ");
    expect(page).toContain("Igiena și sterilizarea instrumentelor");
    expect(page).toContain("încheiat la data de 14/03/2026");
    // The trainer who signs it and the academy (issue 7 item 6), from the business settings.
    const { trainer, brand, name } = getConfig().business;
    expect(trainer.trim().length * brand.trim().length * name.trim().length).toBeGreaterThan(0);
    expect(page).toContain(`${trainer}\nTrainer, formator\n${brand}`);
    expect(page).toContain(brand.toUpperCase());
    expect(page).toContain(`${name} · ${brand}`);
    expect(page).toContain(`${diploma.code.slice(0, 5)}-${diploma.code.slice(5)}`);
    expect(page).toContain(`http://localhost:3000/diploma/${diploma.code}`);
    expect(page).not.toContain(s.user.email);
    // A second download is the same diploma, not a new one.
    await run(pdfLoader, get(`/cursuri-online/curs/${s.id}/diploma.pdf`, { cookie: s.cookie }), { id: s.id });
    expect(await getDb().select().from(diplomas).where(eq(diplomas.enrollmentId, s.enrollment.id))).toHaveLength(1);
  });

  it("prints names in any Latin script (the embedded font covers them)", async () => {
    const s = await finishedStudent("Nguyễn Thị Ánh – Łucja Żółć – Ærøskøbing");
    const response = await run(pdfLoader, get(`/cursuri-online/curs/${s.id}/diploma.pdf`, { cookie: s.cookie }), { id: s.id });
    const [page] = await extractPdfText(new Uint8Array(await response.arrayBuffer()));
    expect(page).toContain("Nguyễn Thị Ánh – Łucja Żółć – Ærøskøbing");
  });

  it("is only for the owner of a finished, confirmed enrolment", async () => {
    const s = await finishedStudent();
    const other = await createUser();
    const otherCookie = (await createSession(other.id)).split(";")[0];
    expect((await run(pdfLoader, get(`/cursuri-online/curs/${s.id}/diploma.pdf`, { cookie: otherCookie }), { id: s.id })).status).toBe(404);
    expect((await run(certificateLoader, get(`/cursuri-online/curs/${s.id}/diploma`, { cookie: otherCookie }), { id: s.id })).status).toBe(404);
    const guest = await run(pdfLoader, get(`/cursuri-online/curs/${s.id}/diploma.pdf`), { id: s.id });
    expect(guest.headers.get("Location")).toMatch(/^\/autentificare\?redirectTo=/);

    const unfinished = await finishedStudent("Ana", { progress: 67, completedAt: null });
    const early = await run(pdfLoader, get(`/cursuri-online/curs/${unfinished.id}/diploma.pdf`, { cookie: unfinished.cookie }), { id: unfinished.id });
    expect(early.headers.get("Location")).toBe(`/cursuri-online/curs/${unfinished.id}/lectie`);
    expect(await getDb().select().from(diplomas).where(eq(diplomas.enrollmentId, unfinished.enrollment.id))).toHaveLength(0);
  });

  it("shows the certificate screen with the download link and the public address", async () => {
    const s = await finishedStudent();
    const response = await run(certificateLoader, get(`/cursuri-online/curs/${s.id}/diploma`, { cookie: s.cookie }), { id: s.id });
    const data = await response.json();
    expect(data.diploma).toMatchObject({ holderName: "Ștefania-Ioana Țuțuianu", courseTitle: "Igiena și sterilizarea instrumentelor", completedOn: "2026-03-14" });
    expect(data.verifyUrl).toBe(`http://localhost:3000/diploma/${data.diploma.code}`);
  });

  it("stays valid after a refund, while the course area closes", async () => {
    const s = await finishedStudent();
    await run(certificateLoader, get(`/cursuri-online/curs/${s.id}/diploma`, { cookie: s.cookie }), { id: s.id });
    const [issued] = await getDb().select().from(diplomas).where(eq(diplomas.enrollmentId, s.enrollment.id));
    await getDb().update(enrollments).set({ paymentStatus: "refunded" }).where(eq(enrollments.id, s.enrollment.id));
    const screen = await run(certificateLoader, get(`/cursuri-online/curs/${s.id}/diploma`, { cookie: s.cookie }), { id: s.id });
    expect(screen.headers.get("Location")).toBe(`/cursuri-online/curs/${s.id}`);
    expect((await run(verifyLoader, get(`/diploma/${issued.code}`), { code: issued.code })).status).toBe(200);
  });
});

describe("public verification", () => {
  it("shows holder, course and date for a real code (any case or grouping), nothing else", async () => {
    const s = await finishedStudent();
    const diploma = await ensureDiploma(getDb(), { enrollmentId: s.enrollment.id, holderName: s.user.name, courseTitle: s.course.title, completedAt: s.enrollment.completedAt! });
    const typed = `${diploma.code.slice(0, 5).toLowerCase()}-${diploma.code.slice(5)}`;
    for (const code of [diploma.code, typed]) {
      const response = await run(verifyLoader, get(`/diploma/${code}`), { code });
      expect(response.status).toBe(200);
      const data = await response.json();
      expect(data.diploma).toEqual({
        code: diploma.code,
        holderName: "Ștefania-Ioana Țuțuianu",
        courseTitle: "Igiena și sterilizarea instrumentelor",
        completedOn: "2026-03-14",
      });
      const body = JSON.stringify(data);
      expect(body).not.toContain(s.user.email);
      expect(body).not.toContain(s.enrollment.id);
      expect(body).not.toContain(s.user.id);
    }
  });

  it("answers 404 'Diplomă inexistentă' for a made-up code", async () => {
    for (const code of ["ABCDE12345", "nu-exista", "0"]) {
      const response = await run(verifyLoader, get(`/diploma/${code}`), { code });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Diplomă inexistentă");
    }
  });

  it("issues one diploma per enrolment, retrying a colliding code", async () => {
    const a = await finishedStudent();
    const b = await finishedStudent();
    const first = await ensureDiploma(getDb(), { enrollmentId: a.enrollment.id, holderName: "A", courseTitle: "C", completedAt: new Date() }, () => "AAAAA11111");
    const codes = ["AAAAA11111", "BBBBB22222"];
    const second = await ensureDiploma(getDb(), { enrollmentId: b.enrollment.id, holderName: "B", courseTitle: "C", completedAt: new Date() }, () => codes.shift()!);
    expect([first.code, second.code]).toEqual(["AAAAA11111", "BBBBB22222"]);
    const again = await ensureDiploma(getDb(), { enrollmentId: a.enrollment.id, holderName: "Alt nume", courseTitle: "C", completedAt: new Date() });
    expect(again).toEqual(first);
    expect((await findDiplomaByCode("bbbbb-22222"))?.holderName).toBe("B");
    expect(todayInBucharest(new Date(`${first.completedOn}T12:00:00Z`))).toBe(first.completedOn);
  });
});
