/**
 * Issue 19 item 4: the seeded legal texts as a small Romanian training business publishes them —
 * the privacy policy (controller, legal bases, recipients, retention, rights, ANSPDCP), the cookie
 * policy listing every cookie of the code's own list, /retur covering products, in-person and
 * online courses and linking the model withdrawal form — and the form itself as PDF and text
 * downloads with the business's details and the annex wording.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { termsPages } from "../../db/schema";
import { seed } from "../../db/seed";
import { getConfig } from "~/config.server";
import { SITE_COOKIES } from "~/lib/site-cookies";
import { getStorage } from "~/services/storage.server";
import { BASE } from "../helpers/http";
import { extractPdfText } from "../helpers/pdf-text";
import { remixHandler } from "../helpers/remix-app";
import { hashPassword } from "~/services/password.server";

let handle: (request: Request) => Promise<Response>;
const business = () => getConfig().business;

beforeAll(async () => {
  await seed(getDb(), { config: getConfig(), storage: getStorage(), hashPassword });
  handle = await remixHandler();
});

async function stored(pageKey: string): Promise<string> {
  const [row] = await getDb().select({ sections: termsPages.sections }).from(termsPages).where(eq(termsPages.pageKey, pageKey));
  return (row.sections as Array<{ title: string; description: string }>).map((s) => `${s.title}\n${s.description}`).join("\n");
}

/** The page's HTML with React's text separators removed. */
async function html(path: string): Promise<string> {
  const response = await handle(new Request(`${BASE}${path}`));
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

describe("privacy policy (/confidentialitate)", () => {
  it("names the controller, every purpose with its legal basis, recipients, retention, rights and ANSPDCP", async () => {
    const text = await stored("confidentialitate");
    const { name, address, cui, email } = business();
    for (const fact of [name, address, cui, email]) expect(text).toContain(fact);
    expect(text).not.toMatch(/\{(business|address|cui|regCom|email|phone)\}/);
    // Legal bases, art. 6 (1) a, b, c and f.
    for (const basis of ["lit. a GDPR", "lit. b GDPR", "lit. c GDPR", "lit. f GDPR"]) expect(text).toContain(basis);
    // Recipients.
    for (const recipient of ["NETOPIA Payments", "serviciului de e-mail", "găzduire și stocare", "RO e-Factura", "curierat"]) expect(text).toContain(recipient);
    // Retention as the code does it (account-data.server deletion, sessions, rate limits) and the law.
    expect(text).toContain("cel puțin 10 ani de la sfârșitul exercițiului financiar");
    expect(text).toContain("Legea contabilității nr. 82/1991");
    expect(text).toContain("30 de zile de la ultima activitate");
    expect(text).toContain("le anonimizăm");
    // Rights and how to use them on the site.
    for (const right of ["acces", "rectificare", "ștergere", "restricționare", "portabilitatea", "opoziție", "retrage"]) expect(text).toContain(right);
    expect(text).toContain("Datele mele");
    expect(text).toContain("Descarcă datele");
    expect(text).toContain("Șterge contul");
    expect(text).toContain("ANSPDCP");
    expect(text).toContain("B-dul G-ral. Gheorghe Magheru nr. 28-30");
    expect(text).toContain("www.dataprotection.ro");
    expect(text).toContain("în afara Spațiului Economic European");
    expect(text).toContain("art. 22 GDPR");

    const page = await html("/confidentialitate");
    expect(page).toContain("Plângere la ANSPDCP");
    expect(page).toContain("B-dul G-ral. Gheorghe Magheru nr. 28-30");
  });
});

describe("cookie policy (/cookie)", () => {
  it("the stored policy names every cookie of the code's list with its purpose, duration and party", async () => {
    const text = await stored("cookie");
    for (const cookie of SITE_COOKIES) {
      expect(text).toContain(cookie.name);
      expect(text).toContain(cookie.purpose);
      expect(text).toContain(cookie.duration);
    }
    expect(text).toContain("Prima parte");
  });

  it("the page renders the cookie table from the code, whatever the stored text says", async () => {
    await getDb()
      .update(termsPages)
      .set({ sections: [{ title: "Text scurt", description: "Un administrator a scurtat textul." }] })
      .where(eq(termsPages.pageKey, "cookie"));
    const page = await html("/cookie");
    const table = page.slice(page.indexOf('data-testid="cookie-table"'), page.indexOf("</table>", page.indexOf('data-testid="cookie-table"')));
    for (const cookie of SITE_COOKIES) {
      expect(table).toContain(`<code>${cookie.name}</code>`);
      expect(table).toContain(cookie.duration);
    }
    expect(table).toContain("Prima parte (setat de site)");
  });
});

describe("returns policy (/retur)", () => {
  it("covers products, in-person courses before and after the start date, online courses, and links the form", async () => {
    const text = await stored("politica-returnare");
    expect(text).toContain("14 zile calendaristice");
    expect(text).toContain("art. 16 lit. e");
    expect(text).toContain("Cursurile fizice (cu prezență)");
    expect(text).toContain("înainte de data de începere a cursului, îți rambursăm integral");
    expect(text).toContain("avansul de 500 lei");
    expect(text).toContain("nu te prezinți");
    expect(text).toContain("o sesiune următoare");
    expect(text).toContain("art. 16 lit. m");
    expect(text).toContain("anexa nr. 2 la OUG nr. 34/2014");
    expect(text).toContain(business().email);

    const page = await html("/retur");
    expect(page).toContain("Cursurile fizice (cu prezență)");
    expect(page).toContain('href="/retur/formular-retragere.pdf"');
    expect(page).toContain('href="/retur/formular-retragere.txt"');
  });
});

describe("the model withdrawal form", () => {
  it("downloads as a PDF attachment with the business's details and the annex wording", async () => {
    const response = await handle(new Request(`${BASE}/retur/formular-retragere.pdf`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="formular-retragere\.pdf"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = (await extractPdfText(bytes)).join("\n").replace(/\s+/g, " ");
    expect(text).toContain("Formular-tip de retragere");
    expect(text).toContain(business().name);
    expect(text).toContain(business().email);
    expect(text).toContain("Vă informez/Vă informăm (*) prin prezenta cu privire la retragerea mea/noastră (*)");
    expect(text).toContain("Se elimină după caz");
  });

  it("downloads as a UTF-8 text attachment with the same wording", async () => {
    const response = await handle(new Request(`${BASE}/retur/formular-retragere.txt`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="formular-retragere\.txt"/);
    const text = await response.text();
    expect(text).toContain(`Către ${business().name}, ${business().address}, e-mail: ${business().email}`);
    expect(text).toContain("completați și returnați acest formular numai dacă doriți să vă retrageți din contract");
    expect(text).toContain("Semnătura consumatorului/consumatorilor (numai în cazul în care acest formular este notificat pe hârtie)");
    expect(text).toContain("(*) Se elimină după caz.");
  });
});

describe("the order confirmation e-mail", () => {
  const order = (category: "physical" | "online" | "product") => ({
    reference: "ANA-TEST-1",
    status: "pending",
    paymentMethod: "bank_transfer" as const,
    totalBani: 4990,
    fullTotalBani: 4990,
    billingName: "Maria Pop",
    billingEmail: "maria@example.com",
    billingPhone: "",
    billingAddress: "Str. Mare 1",
    createdAt: new Date(),
    digitalContentConsentAt: null,
    withdrawalWaiverAt: null,
    lines: [{ category, title: "Ceva", days: null, accreditation: false, advancePayment: false, amountBani: 4990, fullAmountBani: 4990 }],
  });

  it("links the returns policy and the model withdrawal form for products and in-person courses, not for online courses", async () => {
    const { orderPlacedMail } = await import("~/models/order-mail.server");
    const url = `${getConfig().publicUrl}/retur/formular-retragere.pdf`;
    expect(orderPlacedMail(order("product")).text).toContain(`Formularul-tip de retragere: ${url}`);
    expect(orderPlacedMail(order("physical")).text).toContain(url);
    expect(orderPlacedMail(order("online")).text).not.toContain(url);
  });
});
