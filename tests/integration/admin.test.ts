/**
 * Admin area (issue 8): the server-side guard on every admin loader and action (found by glob,
 * so a new admin route is covered the day it is added), course saves (validation, docs/product.md §9 ids,
 * price options kept in place, lessons upserted), deletion (a course with enrolments is only
 * unpublished), and the legal pages' inline editing (text stays text; failures say so).
 */
import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import { createElement } from "react";
import type { RouteObject } from "react-router-dom";
import { StaticRouter, StaticRouterProvider, createStaticHandler, createStaticRouter } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { cartLines, coursePriceOptions, courses, enrollments, lessonProgress, lessons, termsPages } from "../../db/schema";
import { createCourse, createUser } from "../helpers/factories";
import { cookiesFrom, get, post, run, toastOf } from "../helpers/http";
import { withFailingDatabase } from "../helpers/unreachable";
import { LegalPageView, type LegalPageData } from "~/routes/+shared/legal-page";
import { MONEY_FORMAT_ERROR } from "~/lib/money";
import { newChapter, newCourseFormValue, newDay, newDetail, newLesson } from "~/lib/validation/admin-course";
import { createSession, getUser } from "~/models/session.server";

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  default?: () => React.ReactNode;
  ErrorBoundary?: () => React.ReactNode;
};
const modules = import.meta.glob<RouteModule>("../../app/routes/{admin,admin.*,api.admin.*}.{ts,tsx}");
const LEGAL = ["termeni", "inscriere", "retur", "plata", "confidentialitate", "cookie"];
const legalModules = import.meta.glob<RouteModule>("../../app/routes/{termeni,inscriere,retur,plata,confidentialitate,cookie}.tsx");

let adminCookie = "";
let userCookie = "";

async function cookieFor(role: "admin" | "user") {
  const user = await createUser({ role });
  return cookiesFrom(new Response(null, { headers: { "Set-Cookie": await createSession(user.id) } }));
}

beforeAll(async () => {
  adminCookie = await cookieFor("admin");
  userCookie = await cookieFor("user");
  // The legal pages the tests edit exist (a fresh test database is not seeded).
  await getDb()
    .insert(termsPages)
    .values(["termeni", "confidentialitate", "politica-inscriere"].map((pageKey) => ({ pageKey, sections: [{ title: "Despre noi", description: "Text." }] })));
});

/** "admin.cursuri.$id.sterge" → /admin/cursuri/1/sterge, params {id: "1"}. */
function requestFor(file: string) {
  const params: Record<string, string> = {};
  const segments = file
    .split(".")
    .filter((s) => !s.startsWith("_"))
    .map((s) => (s.startsWith("$") ? ((params[s.slice(1)] = "1"), "1") : s));
  return { path: `/${segments.join("/")}`, params };
}

const entries = Object.entries(modules).map(([file, load]) => ({ name: file.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, ""), load }));

/** The same request as a JSON/API caller sends it (fetch with Accept: application/json). */
function asJsonCaller(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set("Accept", "application/json");
  return new Request(request, { headers });
}

describe("every admin loader and action refuses guests and plain users", () => {
  it("finds the admin route modules", () => {
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        "admin",
        "admin._index",
        "admin.cursuri-online._index",
        "admin.cursuri-online.$id._index",
        "admin.cursuri.$id.sterge",
        "admin.produse._index",
        "admin.comenzi.$id",
        "api.admin.upload.upload-url",
        "api.admin.upload.local",
      ]),
    );
  });

  it.each(entries)("$name", async ({ name, load }) => {
    const module = await load();
    const { path, params } = requestFor(name);
    const api = path.startsWith("/api/");
    for (const [who, cookie] of [
      ["guest", ""],
      ["user", userCookie],
    ] as const) {
      const requests: Array<[string, Request, RouteModule["loader"]]> = [];
      if (module.loader) requests.push(["loader", get(path, { cookie }), module.loader]);
      if (module.action) {
        requests.push(["action", post(path, { intent: "delete", title: "x", id: "1" }, { cookie }), module.action]);
        requests.push(["action PUT", post(path, { intent: "delete" }, { cookie, method: "PUT" }), module.action]);
      }
      // Pages redirect; JSON/API callers (paths under /api/, or Accept: application/json) get 401/403 JSON.
      if (!api) {
        for (const [kind, request, handler] of [...requests]) requests.push([`${kind} (JSON)`, asJsonCaller(request), handler]);
      }
      for (const [kind, request, handler] of requests) {
        const response = await run(handler as never, request, params);
        const label = `${name} ${kind} as ${who}`;
        if (api || kind.endsWith("(JSON)")) {
          expect(response.status, label).toBe(who === "guest" ? 401 : 403);
          expect(response.headers.get("Location"), label).toBeNull();
          expect(response.headers.get("Content-Type"), label).toMatch(/^application\/json/);
          // The JSON API's shape is {msg} (docs/product.md §7); the upload endpoints also keep {error}.
          const body = (await response.json()) as { msg?: string; error?: string };
          expect(body.msg ?? body.error, label).toBe(who === "guest" ? "Autentificare necesară." : "Acces interzis.");
        } else {
          expect(response.status, label).toBe(302);
          expect(response.headers.get("Location"), label).toEqual(who === "guest" ? expect.stringMatching(/^\/autentificare\?redirectTo=/) : "/");
        }
      }
    }
  });

  it.each(LEGAL)("legal page /%s: reading is public, saving is for admins only", async (page) => {
    const module = await Object.entries(legalModules).find(([file]) => file.endsWith(`/${page}.tsx`))![1]();
    const loaded = await run(module.loader as never, get(`/${page}?editeaza=1`, { cookie: userCookie }));
    const data = (await loaded.json()) as LegalPageData;
    expect(data.canEdit).toBe(false);
    expect(data.editing).toBe(false);
    for (const cookie of ["", userCookie]) {
      const response = await run(module.action as never, post(`/${page}?editeaza=1`, { "sections[0].title": "x" }, { cookie }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).not.toBe(`/${page}`);
    }
  });
});

// ─── Load failures ───────────────────────────────────────────────────────────────────────────

describe("admin pages show 'Eroare la preluarea datelor.' when their data cannot be loaded", () => {
  const LOAD_FAILED = "Eroare la preluarea datelor.";

  /**
   * Renders the admin frame and one page as the server does (react-router's static handler runs
   * the real loaders, then the components or the nearest ErrorBoundary), while every database
   * read fails. The admin's session was read before, so the guard still lets the admin in.
   */
  async function renderFailing(file: string, url: string, childPath: string) {
    const [layout, page] = await Promise.all([import("~/routes/admin"), modules[`../../app/routes/${file}.tsx`]()]);
    const request = get(url, { cookie: adminCookie });
    expect((await getUser(request))?.role).toBe("admin");
    const call = (handler: RouteModule["loader"]) => (args: { request: Request; params: object }) => handler!({ ...args, context: {} }) as never;
    const routes: RouteObject[] = [
      {
        id: "admin",
        path: "/admin",
        loader: call(layout.loader as never),
        Component: layout.default,
        ErrorBoundary: layout.ErrorBoundary,
        children: [{ id: "page", path: childPath, loader: call(page.loader), Component: page.default as never, ErrorBoundary: page.ErrorBoundary as never }],
      },
    ];
    return withFailingDatabase(async () => {
      const handler = createStaticHandler(routes);
      const context = await handler.query(request);
      if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
      const router = createStaticRouter(handler.dataRoutes, context);
      return { status: context.statusCode, html: renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false })) };
    }, ["select", "query", "execute"]);
  }

  it.each([
    ["admin.cursuri-online._index", "/admin/cursuri-online", "cursuri-online"],
    ["admin.cursuri._index", "/admin/cursuri", "cursuri"],
    ["admin.produse._index", "/admin/produse", "produse"],
  ])("the list %s answers 500 with the message in place of the cards", async (file, url, childPath) => {
    const { status, html } = await renderFailing(file, url, childPath);
    expect(status).toBe(500);
    expect(html).toContain(LOAD_FAILED);
    expect(html).toContain("Gestionare academie"); // inside the admin frame, with its tabs
    expect(html).toContain("Reîncearcă");
  });

  it.each([
    ["admin.cursuri-online.$id._index", "/admin/cursuri-online/1", "cursuri-online/:id"],
    ["admin.cursuri.$id.sterge", "/admin/cursuri/1/sterge", "cursuri/:id/sterge"],
    ["admin.produse.$id._index", "/admin/produse/1", "produse/:id"],
    ["admin.comenzi._index", "/admin/comenzi", "comenzi"],
    ["admin.comenzi.$id", "/admin/comenzi/00000000-0000-4000-8000-000000000001", "comenzi/:id"],
  ])("the page %s shows the message (error boundary) with a retry", async (file, url, childPath) => {
    const { status, html } = await renderFailing(file, url, childPath);
    expect(status).toBe(500);
    expect(html).toContain(`<h1>${LOAD_FAILED}</h1>`);
    expect(html).toContain("Reîncearcă");
  });

  it("with a working database the same list shows its cards, not the message", async () => {
    const { course } = await createCourse("online", { title: "Curs vizibil în listă" });
    const page = await import("~/routes/admin.cursuri-online._index");
    const response = await run(page.loader as never, get("/admin/cursuri-online", { cookie: adminCookie }));
    expect(response.status).toBe(200);
    const data = (await response.json()) as { error: string | null; courses: Array<{ id: number }> };
    expect(data.error).toBeNull();
    expect(data.courses.map((c) => c.id)).toContain(course.id);
  });
});

// ─── Courses ─────────────────────────────────────────────────────────────────────────────────

async function courseAction() {
  return (await import("~/routes/admin.cursuri-online.$id._index")).action;
}

function onlineCourseFields(title: string, extra: Record<string, string> = {}) {
  return {
    title,
    secondTitle: "Subtitlu",
    thirdTitle: "Descriere",
    category: "Test",
    isPublished: "da",
    durationDays: "nelimitat",
    "prices[0].value": "349,00",
    "prices[0].days": "nelimitat",
    "prices[0].accreditation": "on",
    "prices[1].value": "249,00",
    "prices[1].days": "90",
    "chapters[0].id": "0",
    "chapters[0].title": "Introducere",
    "chapters[0].details[0].id": "0",
    "chapters[0].details[0].text": "Bun venit",
    "chapters[1].id": "1",
    "chapters[1].title": "Tehnica",
    "chapters[1].details[0].id": "0",
    "chapters[1].details[0].text": "Pași",
    "lessons[0].chapterId": "0",
    "lessons[0].lessonId": "1",
    "lessons[0].title": "Prima",
    "lessons[0].isPublished": "da",
    "lessons[1].chapterId": "1",
    "lessons[1].lessonId": "1",
    "lessons[1].title": "A doua",
    "lessons[1].isPublished": "da",
    "lessons[1].videoDurationSeconds": "95",
    ...extra,
  };
}

describe("course saves", () => {
  it("docs/product.md §9 ids: a new course starts with chapter 0 / detail 0; added rows continue from the maximum", () => {
    expect(newCourseFormValue("online").chapters).toEqual([{ id: 0, title: "", details: [{ id: 0, text: "" }] }]);
    expect(newChapter([]).id).toBe(1);
    expect(newChapter([{ id: "0" }, { id: "4" }, { id: "2" }]).id).toBe(5);
    expect(newDetail([]).id).toBe(0);
    expect(newDetail([{ id: "0" }, { id: "3" }]).id).toBe(4);
    expect(newDay([]).id).toBe(1);
    expect(newLesson([], 2).lessonId).toBe(1);
    expect(newLesson([{ chapterId: "2", lessonId: "1" }, { chapterId: "2", lessonId: "3" }, { chapterId: "1", lessonId: "7" }], 2).lessonId).toBe(4);
  });

  it("a bad price text gets a field message and nothing is saved", async () => {
    const action = await courseAction();
    const title = "Curs cu preț greșit";
    const response = await run(action, post("/admin/cursuri-online/nou", onlineCourseFields(title, { "prices[1].value": "2,500.00 lei" }), { cookie: adminCookie }), { id: "nou" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error["prices[1].value"]).toEqual([MONEY_FORMAT_ERROR]);
    expect(await getDb().select().from(courses).where(eq(courses.title, title))).toHaveLength(0);
  });

  it("duplicate chapter ids and a lesson in a missing chapter are refused", async () => {
    const action = await courseAction();
    const response = await run(
      action,
      post("/admin/cursuri-online/nou", onlineCourseFields("Curs cu id dublu", { "chapters[1].id": "0", "lessons[1].chapterId": "7" }), { cookie: adminCookie }),
      { id: "nou" },
    );
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error["chapters[1].title"]?.[0]).toMatch(/Id duplicat/);
    expect(result.error["lessons[1].chapterId"]).toEqual(["Alege un capitol existent."]);
  });

  it("a list intent (add a chapter) comes back with the form and saves nothing", async () => {
    const action = await courseAction();
    const fields = { ...onlineCourseFields("Curs cu intenție"), __intent__: JSON.stringify({ type: "insert", payload: { name: "chapters", defaultValue: newChapter([{ id: 0 }, { id: 1 }]) } }) };
    const response = await run(action, post("/admin/cursuri-online/nou", fields, { cookie: adminCookie }), { id: "nou" });
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { initialValue: { chapters: Array<{ id: string }> } } };
    expect(result.initialValue.chapters.map((c) => Number(c.id))).toEqual([0, 1, 2]);
    expect(await getDb().select().from(courses).where(eq(courses.title, "Curs cu intenție"))).toHaveLength(0);
  });

  it("creates, then updates in place: option ids kept, removed option's cart lines go, lessons upserted and removed", async () => {
    const action = await courseAction();
    const title = "Curs salvat de admin";
    const created = await run(action, post("/admin/cursuri-online/nou", onlineCourseFields(title), { cookie: adminCookie }), { id: "nou" });
    expect(created.status).toBe(302);
    expect(await toastOf(created)).toBe("Curs creat cu succes");
    const [course] = await getDb().select().from(courses).where(eq(courses.title, title));
    expect(created.headers.get("Location")).toBe(`/admin/cursuri-online/${course.id}`);
    expect(course).toMatchObject({ kind: "online", isPublished: true, durationDays: null });
    const options = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, course.id)).orderBy(coursePriceOptions.position);
    expect(options.map((o) => [o.amountBani, o.days, o.accreditation])).toEqual([
      [34900, null, true],
      [24900, 90, false],
    ]);
    const saved = await getDb().select().from(lessons).where(eq(lessons.courseId, course.id)).orderBy(lessons.chapterId);
    expect(saved.map((l) => [l.chapterId, l.lessonId, l.videoDurationSeconds])).toEqual([
      [0, 1, null],
      [1, 1, 95],
    ]);

    // A student holds option 2 in the cart; the admin makes option 1 free and removes option 2.
    const student = await createUser();
    await getDb().insert(cartLines).values({ userId: student.id, category: "online", courseId: course.id, priceOptionId: options[1].id });
    const update = onlineCourseFields(title, {
      "prices[0].id": String(options[0].id),
      "prices[0].value": "Gratis",
      "lessons[0].id": String(saved[0].id),
      "lessons[0].title": "Prima, redenumită",
    });
    for (const key of Object.keys(update)) if (key.startsWith("prices[1]") || key.startsWith("lessons[1]")) delete (update as Record<string, string>)[key];
    const updated = await run(action, post(`/admin/cursuri-online/${course.id}`, update, { cookie: adminCookie }), { id: String(course.id) });
    expect(updated.status).toBe(302);
    expect(await toastOf(updated)).toBe("Curs actualizat cu succes");
    const after = await getDb().select().from(coursePriceOptions).where(eq(coursePriceOptions.courseId, course.id));
    expect(after).toEqual([expect.objectContaining({ id: options[0].id, amountBani: 0 })]);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, student.id))).toHaveLength(0);
    const lessonRows = await getDb().select().from(lessons).where(eq(lessons.courseId, course.id));
    expect(lessonRows.map((l) => [l.id, l.title])).toEqual([[saved[0].id, "Prima, redenumită"]]);
  });

  it("a renumbered or moved lesson keeps its students' progress (the row id travels in the form)", async () => {
    const action = await courseAction();
    const title = "Curs renumerotat";
    const three = onlineCourseFields(title, {
      "lessons[2].chapterId": "1",
      "lessons[2].lessonId": "2",
      "lessons[2].title": "A treia",
      "lessons[2].isPublished": "da",
    });
    expect((await run(action, post("/admin/cursuri-online/nou", three, { cookie: adminCookie }), { id: "nou" })).status).toBe(302);
    const [course] = await getDb().select().from(courses).where(eq(courses.title, title));
    const byTitle = async () =>
      Object.fromEntries((await getDb().select().from(lessons).where(eq(lessons.courseId, course.id))).map((l) => [l.title, l]));
    const saved = await byTitle();
    const student = await createUser();
    const [enrollment] = await getDb()
      .insert(enrollments)
      .values({ userId: student.id, courseId: course.id, courseType: "online", paymentStatus: "confirmed", optionSnapshot: { days: null, accreditation: false, advancePayment: false, amountBani: 0, fullAmountBani: 0 } })
      .returning();
    await getDb().insert(lessonProgress).values({ enrollmentId: enrollment.id, lessonId: saved["A treia"].id, completedAt: new Date() });

    // The admin removes 1.1 and renumbers 1.2 → 1.1 and 0.1 → 0.2, as posted by the editor.
    const update: Record<string, string> = {
      ...onlineCourseFields(title),
      "lessons[0].id": String(saved["Prima"].id),
      "lessons[0].lessonId": "2",
      "lessons[1].id": String(saved["A treia"].id),
      "lessons[1].chapterId": "1",
      "lessons[1].lessonId": "1",
      "lessons[1].title": "A treia",
    };
    delete update["lessons[1].videoDurationSeconds"];
    const response = await run(action, post(`/admin/cursuri-online/${course.id}`, update, { cookie: adminCookie }), { id: String(course.id) });
    expect(response.status).toBe(302);
    const after = await byTitle();
    expect(Object.keys(after).sort()).toEqual(["A treia", "Prima"]);
    expect([after["A treia"].id, after["A treia"].chapterId, after["A treia"].lessonId]).toEqual([saved["A treia"].id, 1, 1]);
    expect([after["Prima"].id, after["Prima"].lessonId]).toEqual([saved["Prima"].id, 2]);
    const progress = await getDb().select().from(lessonProgress).where(eq(lessonProgress.enrollmentId, enrollment.id));
    expect(progress.map((p) => p.lessonId)).toEqual([saved["A treia"].id]);

    // Two lessons swap numbers in one save: no unique-key clash.
    const swap: Record<string, string> = {
      ...update,
      "lessons[0].chapterId": "1",
      "lessons[0].lessonId": "1",
      "lessons[1].lessonId": "2",
    };
    expect((await run(action, post(`/admin/cursuri-online/${course.id}`, swap, { cookie: adminCookie }), { id: String(course.id) })).status).toBe(302);
    const swapped = await byTitle();
    expect([swapped["Prima"].chapterId, swapped["Prima"].lessonId, swapped["A treia"].lessonId]).toEqual([1, 1, 2]);
  });

  it("shows 'Eroare la salvarea cursului' when the database fails, keeping the form", async () => {
    const action = await courseAction();
    const request = post("/admin/cursuri-online/nou", onlineCourseFields("Curs eșuat"), { cookie: adminCookie });
    // The guard's own queries (select) still work; writes fail.
    const response = await withFailingDatabase(() => run(action, request, { id: "nou" }), ["transaction", "insert"]);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { formError: string; result: { initialValue: { title: string } } };
    expect(body.formError).toBe("Eroare la salvarea cursului");
    expect(body.result.initialValue.title).toBe("Curs eșuat");
  });
});

describe("deleting a course", () => {
  async function deleteAction() {
    return (await import("~/routes/admin.cursuri.$id.sterge")).action;
  }

  it("a course without enrolments is deleted (cart lines go with it)", async () => {
    const { course, options } = await createCourse("physical", {}, [{ days: 3, amountBani: 150000 }]);
    const student = await createUser();
    await getDb().insert(cartLines).values({ userId: student.id, category: "physical", courseId: course.id, priceOptionId: options[0].id });
    const response = await run(await deleteAction(), post(`/admin/cursuri/${course.id}/sterge`, { intent: "delete" }, { cookie: adminCookie }), { id: String(course.id) });
    expect(response.headers.get("Location")).toBe("/admin/cursuri");
    expect(await toastOf(response)).toBe("Cursul a fost șters.");
    expect(await getDb().select().from(courses).where(eq(courses.id, course.id))).toHaveLength(0);
    expect(await getDb().select().from(cartLines).where(eq(cartLines.userId, student.id))).toHaveLength(0);
  });

  it("a course with enrolments is unpublished and kept, and the message says so", async () => {
    const { course } = await createCourse("physical", { isPublished: true }, [{ days: 3, amountBani: 150000 }]);
    const student = await createUser();
    await getDb().insert(enrollments).values({
      userId: student.id,
      courseId: course.id,
      courseType: "physical",
      paymentStatus: "confirmed",
      optionSnapshot: { days: 3, accreditation: false, advancePayment: false, amountBani: 150000, fullAmountBani: 150000 },
    });
    const response = await run(await deleteAction(), post(`/admin/cursuri/${course.id}/sterge`, { intent: "delete" }, { cookie: adminCookie }), { id: String(course.id) });
    expect(await toastOf(response)).toBe("Cursul are cursanți înscriși: l-am ascuns din catalog, iar cursanții își păstrează accesul.");
    const [row] = await getDb().select().from(courses).where(eq(courses.id, course.id));
    expect(row.isPublished).toBe(false);
    expect(await getDb().select().from(enrollments).where(eq(enrollments.courseId, course.id))).toHaveLength(1);
  });

  it("a course of the other kind is not touched from this tab", async () => {
    const { course } = await createCourse("online");
    const response = await run(await deleteAction(), post(`/admin/cursuri/${course.id}/sterge`, { intent: "delete" }, { cookie: adminCookie }), { id: String(course.id) });
    expect(await toastOf(response)).toBe("Eroare la ștergerea cursului.");
    expect(await getDb().select().from(courses).where(eq(courses.id, course.id))).toHaveLength(1);
  });
});

// ─── Legal pages ─────────────────────────────────────────────────────────────────────────────

describe("legal pages edited inline", () => {
  const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';

  it("saves sections (blank ones dropped, updatedBy set) and shows <script> as text", async () => {
    const { action, loader } = await import("~/routes/confidentialitate");
    const response = await run(
      action as never,
      post(
        "/confidentialitate?editeaza=1",
        {
          mode: "update",
          "sections[0].title": "Titlu <b>îngroșat</b>",
          "sections[0].description": SCRIPT,
          "sections[1].title": "  ",
          "sections[1].description": "",
          "sections[2].description": "Doar text",
        },
        { cookie: adminCookie },
      ),
    );
    expect(response.headers.get("Location")).toBe("/confidentialitate");
    expect(await toastOf(response)).toBe("Pagina a fost salvată.");
    const [row] = await getDb().select().from(termsPages).where(eq(termsPages.pageKey, "confidentialitate"));
    expect(row.sections).toEqual([
      { title: "Titlu <b>îngroșat</b>", description: SCRIPT },
      { title: "", description: "Doar text" },
    ]);
    expect(row.updatedBy).not.toBeNull();

    const page = (await (await run(loader as never, get("/confidentialitate", { cookie: adminCookie }))).json()) as LegalPageData;
    expect(page).toMatchObject({ canEdit: true, editing: false });
    const html = renderToString(createElement(StaticRouter, { location: "/confidentialitate" }, createElement(LegalPageView, { page })));
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Titlu &lt;b&gt;îngroșat&lt;/b&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
  });

  it("creates a missing page (status 404 before, an admin can edit it)", async () => {
    const { action, loader } = await import("~/routes/plata");
    await getDb().delete(termsPages).where(eq(termsPages.pageKey, "politica-plata"));
    const missing = await run(loader as never, get("/plata?editeaza=1", { cookie: adminCookie }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ exists: false, canEdit: true, editing: true });
    const guest = await run(loader as never, get("/plata"));
    expect(guest.status).toBe(404);
    expect(await guest.json()).toMatchObject({ exists: false, canEdit: false });
    const created = await run(action as never, post("/plata?editeaza=1", { mode: "create", "sections[0].title": "Plata", "sections[0].description": "Card sau transfer." }, { cookie: adminCookie }));
    expect(await toastOf(created)).toBe("Pagina a fost creată.");
    expect((await run(loader as never, get("/plata"))).status).toBe(200);
  });

  it("says 'Eroare: Salvare eșuată' / 'Eroare: Creare eșuată' when the database fails, keeping the text", async () => {
    const { action } = await import("~/routes/inscriere");
    for (const [mode, message] of [
      ["update", "Eroare: Salvare eșuată"],
      ["create", "Eroare: Creare eșuată"],
    ] as const) {
      const request = post("/inscriere?editeaza=1", { mode, "sections[0].title": "Titlu nou", "sections[0].description": "Text nou" }, { cookie: adminCookie });
      const response = await withFailingDatabase(() => run(action as never, request), ["insert"]);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: string; result: { initialValue: { sections: Array<{ title: string }> } } };
      expect(body.error).toBe(message);
      expect(body.result.initialValue.sections[0].title).toBe("Titlu nou");
    }
  });

  it("add/remove section buttons come back with the form (no save)", async () => {
    const { action } = await import("~/routes/termeni");
    const [before] = await getDb().select().from(termsPages).where(eq(termsPages.pageKey, "termeni"));
    const response = await run(
      action as never,
      post(
        "/termeni?editeaza=1",
        { mode: "update", "sections[0].title": "A", "sections[1].title": "B", __intent__: JSON.stringify({ type: "remove", payload: { name: "sections", index: 0 } }) },
        { cookie: adminCookie },
      ),
    );
    expect(response.status).toBe(200);
    const { result } = (await response.json()) as { result: { initialValue: { sections: Array<{ title: string }> } } };
    expect(result.initialValue.sections.map((s) => s.title)).toEqual(["B"]);
    const [after] = await getDb().select().from(termsPages).where(eq(termsPages.pageKey, "termeni"));
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });
});

