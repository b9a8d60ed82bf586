/**
 * Registration and the account page (docs/product.md §2, §6): the enrolments list with one joined query,
 * profile and billing edits limited to the user's own allowed fields.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { enrollments, sessions, users } from "../../db/schema";
import { listEnrollmentsForUser } from "~/models/enrollment.server";
import { action as accountAction, loader as accountLoader } from "~/routes/cont";
import { action as registerAction, loader as registerLoader } from "~/routes/register";
import { verifyPassword } from "~/services/password.server";
import { cookieFor, createCourse, createUser, TEST_PASSWORD } from "../helpers/factories";
import { freshIp, get, post, run, toastOf } from "../helpers/http";
import { withFailingDatabase } from "../helpers/unreachable";
import { api } from "../helpers/api";

async function userRow(id: string) {
  const [row] = await getDb().select().from(users).where(eq(users.id, id));
  return row;
}

function snapshot() {
  return { days: null, accreditation: false, advancePayment: false, amountBani: 10000, fullAmountBani: 10000 };
}

describe("registration", () => {
  it("creates the user, logs them in and lands on /cont with 'Utilizator creat cu succes'", async () => {
    const email = `Noua.Cursanta-${Date.now()}@Example.com`;
    const response = await run(
      registerAction,
      post("/register", { name: "  Ioana Marin ", email, password: "Parola-Buna1!", marketing: "on" }, { ip: freshIp() }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont");
    expect(await toastOf(response)).toBe("Utilizator creat cu succes");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/__session=[^;]+/);
    const [row] = await getDb().select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(row).toMatchObject({ name: "Ioana Marin", role: "user", marketingOptIn: true });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, "Parola-Buna1!")).toBe(true);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(1);
  });

  it("leaves marketing off when unticked and ignores a posted role", async () => {
    const email = `fara-${Date.now()}@example.com`;
    await run(registerAction, post("/register", { name: "Ana", email, password: "Parola-Buna1!", role: "admin", status: "admin" }, { ip: freshIp() }));
    const [row] = await getDb().select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: "user", marketingOptIn: false });
  });

  it("says 'Email deja folosită' for a taken address in any letter case", async () => {
    const existing = await createUser();
    const response = await run(
      registerAction,
      post("/register", { name: "Alta", email: existing.email.toUpperCase(), password: "Parola-Buna1!" }, { ip: freshIp() }),
    );
    expect(response.status).toBe(409);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } };
    expect(result.error.email).toEqual(["Email deja folosită"]);
    expect(result.initialValue.password).toBeUndefined();
  });

  it("answers an invalid form with every message and the correction notice", async () => {
    const response = await run(registerAction, post("/register", { name: "", email: "x", password: "abc" }, { ip: freshIp() }));
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.name).toEqual(["Numele este obligatoriu"]);
    expect(result.error.email).toEqual(["Emailul trebuie să fie valid"]);
    expect(result.error.password).toHaveLength(4);
    expect(result.error[""]).toEqual(["Vă rugăm să corectați erorile înainte de a trimite formularul."]);
  });

  it("shows 'A apărut o eroare la înregistrare.' when saving fails", async () => {
    const response = await withFailingDatabase(
      () => run(registerAction, post("/register", { name: "Ana", email: `eroare-${Date.now()}@example.com`, password: "Parola-Buna1!" }, { ip: freshIp() })),
      ["insert"],
    );
    expect(response.status).toBe(500);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual(["A apărut o eroare la înregistrare."]);
  });

  it("is for guests only", async () => {
    const user = await createUser();
    const response = await run(registerLoader, get("/register", { cookie: await cookieFor(user.id) }));
    expect(response.headers.get("Location")).toBe("/cont");
  });
});

describe("/cont loader", () => {
  it("lists the user's enrolments with course titles, newest first, in one query", async () => {
    const user = await createUser();
    const other = await createUser();
    const { course: online } = await createCourse("online", { title: "Nail art online" });
    const { course: physical } = await createCourse("physical", { title: "Curs de bază" });
    await getDb().insert(enrollments).values([
      {
        userId: user.id,
        courseId: online.id,
        courseType: "online",
        paymentStatus: "confirmed",
        progress: 40,
        optionSnapshot: snapshot(),
        createdAt: new Date("2026-02-03T10:00:00Z"),
      },
      {
        userId: user.id,
        courseId: physical.id,
        courseType: "physical",
        paymentStatus: "pending",
        optionSnapshot: snapshot(),
        createdAt: new Date("2026-04-05T10:00:00Z"),
      },
      { userId: other.id, courseId: online.id, courseType: "online", paymentStatus: "failed", optionSnapshot: snapshot() },
    ]);
    const list = await listEnrollmentsForUser(user.id);
    expect(list.map((e) => [e.courseTitle, e.paymentStatus, e.progress])).toEqual([
      ["Curs de bază", "pending", 0],
      ["Nail art online", "confirmed", 40],
    ]);

    const response = await run(accountLoader, get("/cont", { cookie: await cookieFor(user.id) }));
    const data = (await response.json()) as { profile: Record<string, string>; enrollments: Array<Record<string, unknown>>; edit: string | null };
    expect(data.profile).toEqual({ email: user.email, name: user.name, phone: user.phone, address: user.address });
    expect(data.enrollments).toHaveLength(2);
    expect(data.enrollments[1]).toMatchObject({ courseId: online.id, courseType: "online", enrolledAt: "2026-02-03T10:00:00.000Z" });
    expect(data.edit).toBeNull();
  });

  it("still shows the page when the enrolments cannot be loaded (null → 'Eroare la încărcarea înregistrărilor')", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    await getDb().execute(sql`alter table enrollments rename to enrollments_hidden`);
    try {
      const response = await run(accountLoader, get("/cont", { cookie }));
      expect(response.status).toBe(200);
      const data = (await response.json()) as { enrollments: unknown; profile: { email: string } };
      expect(data.enrollments).toBeNull();
      expect(data.profile.email).toBe(user.email);
    } finally {
      await getDb().execute(sql`alter table enrollments_hidden rename to enrollments`);
    }
  });

  it("knows the edit mode from the URL", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    for (const [query, edit] of [["?edit=account", "account"], ["?edit=billing", "billing"], ["?edit=role", null]] as const) {
      const data = (await (await run(accountLoader, get(`/cont${query}`, { cookie }))).json()) as { edit: string | null };
      expect(data.edit).toBe(edit);
    }
  });
});

describe("/cont action", () => {
  it("updates name, e-mail, phone and address with the success toast", async () => {
    const user = await createUser();
    const response = await run(
      accountAction,
      post("/cont?edit=account", {
        intent: "account",
        name: "Maria Ionescu",
        email: "Maria.Noua@Example.com",
        phone: "0733 111 222",
        address: "Bd. Tomis 100, Constanța",
        currentPassword: TEST_PASSWORD,
      }, { cookie: await cookieFor(user.id) }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont#informatii-cont");
    expect(await toastOf(response)).toBe("Date actualizate cu succes!");
    expect(await userRow(user.id)).toMatchObject({
      name: "Maria Ionescu",
      email: "maria.noua@example.com",
      phone: "0733 111 222",
      address: "Bd. Tomis 100, Constanța",
    });
  });

  it("ignores a mass-assignment attempt: role, status, id and another user's id", async () => {
    const user = await createUser();
    const victim = await createUser({ name: "Victima" });
    const before = await userRow(user.id);
    const response = await run(
      accountAction,
      post("/cont", {
        intent: "account",
        name: "Hacker",
        email: user.email,
        role: "admin",
        status: "admin",
        id: victim.id,
        userId: victim.id,
        passwordHash: "x",
        marketingOptIn: "on",
      }, { cookie: await cookieFor(user.id) }),
    );
    expect(response.status).toBe(302);
    const after = await userRow(user.id);
    expect(after).toMatchObject({ id: user.id, name: "Hacker", role: "user", passwordHash: before.passwordHash, marketingOptIn: false });
    expect(await userRow(victim.id)).toMatchObject({ name: "Victima", role: "user" });
    const admins = await getDb().select().from(users).where(sql`${users.role} = 'admin'`);
    expect(admins.map((a) => a.id)).not.toContain(user.id);
  });

  it("refuses an e-mail used by someone else", async () => {
    const user = await createUser();
    const other = await createUser();
    const response = await run(
      accountAction,
      post("/cont", { intent: "account", name: "Maria", email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD }, { cookie: await cookieFor(user.id) }),
    );
    expect(response.status).toBe(409);
    const body = (await response.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(body.intent).toBe("account");
    expect(body.result.error.email).toEqual(["Email deja folosită"]);
    expect((await userRow(user.id)).email).toBe(user.email);
  });

  it("keeps the user's own e-mail in another letter case", async () => {
    const user = await createUser();
    const response = await run(
      accountAction,
      post("/cont", { intent: "account", name: "Maria", email: user.email.toUpperCase() }, { cookie: await cookieFor(user.id) }),
    );
    expect(response.status).toBe(302);
  });

  it("rejects invalid values with the field messages", async () => {
    const user = await createUser();
    const response = await run(
      accountAction,
      post("/cont", { intent: "account", name: "M", email: "nu-e-email", phone: "abc" }, { cookie: await cookieFor(user.id) }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error).toMatchObject({
      name: ["Numele trebuie să aibă cel puțin 2 caractere"],
      email: ["Emailul trebuie să fie valid"],
      phone: ["Numărul de telefon nu este valid"],
      "": ["Vă rugăm să corectați erorile înainte de a trimite formularul."],
    });
  });

  it("billing edits change only the address: its fields and the line composed from them", async () => {
    const user = await createUser();
    const response = await run(
      accountAction,
      post(
        "/cont?edit=billing",
        { intent: "billing", street: "Str. Nouă 5", city: "Mangalia", county: "RO-CT", postalCode: "905500", sector: "3", name: "Altcineva", email: "alt@example.com" },
        { cookie: await cookieFor(user.id) },
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/cont#adresa-facturare");
    expect(await toastOf(response)).toBe("Date actualizate cu succes!");
    expect(await userRow(user.id)).toMatchObject({
      address: "Str. Nouă 5, Mangalia, jud. Constanța, 905500",
      addressStreet: "Str. Nouă 5",
      addressCity: "Mangalia",
      addressCounty: "RO-CT",
      addressPostalCode: "905500",
      // A sector only in București.
      addressSector: null,
      name: user.name,
      email: user.email,
    });
  });

  it("a București address keeps its sector; the form shows the saved fields again", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const response = await run(accountAction, post("/cont", { intent: "billing", street: "Str. Lalelelor 3", county: "RO-B", sector: "2" }, { cookie }));
    expect(response.status).toBe(302);
    expect(await userRow(user.id)).toMatchObject({ address: "Str. Lalelelor 3, Sector 2, București", addressCity: "București", addressCounty: "RO-B", addressSector: 2 });
    const page = (await (await run(accountLoader, get("/cont?edit=billing", { cookie }))).json()) as { postal: Record<string, string> };
    expect(page.postal).toEqual({ street: "Str. Lalelelor 3", city: "București", county: "RO-B", sector: "2", postalCode: "" });
  });

  it("requires a billing address: street and county, the sector in București", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const response = await run(accountAction, post("/cont", { intent: "billing", street: " " }, { cookie }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(body.intent).toBe("billing");
    expect(body.result.error.street).toEqual(["Completează strada și numărul."]);
    expect(body.result.error.county).toEqual(["Alege județul din listă."]);
    const noSector = await run(accountAction, post("/cont", { intent: "billing", street: "Str. Lalelelor 3", county: "RO-B" }, { cookie }));
    expect(noSector.status).toBe(400);
    const noSectorBody = (await noSector.json()) as { result: { error: Record<string, string[]> } };
    expect(noSectorBody.result.error.sector).toEqual(["Alege sectorul: în București factura cere sectorul."]);
    expect(await userRow(user.id)).toMatchObject({ address: user.address, addressCounty: "" });
  });

  it("shows 'Eroare la actualizare' when saving fails", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    for (const fields of <Array<Record<string, string>>>[
      { intent: "account", name: "Maria Pop", email: user.email },
      { intent: "billing", street: "Str. Nouă 1", city: "Constanța", county: "RO-CT" },
    ]) {
      const response = await withFailingDatabase(() => run(accountAction, post("/cont", fields, { cookie })), ["update"]);
      expect(response.status).toBe(500);
      const body = (await response.json()) as { intent: string; result: { error: Record<string, string[]> } };
      expect(body.intent).toBe(fields.intent);
      expect(body.result.error[""]).toEqual(["Eroare la actualizare"]);
    }
  });

  it("sends a guest to the login page instead of saving", async () => {
    const response = await run(accountAction, post("/cont", { intent: "billing", address: "X" }, { referer: "http://localhost:3000/cont?edit=billing" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/autentificare?redirectTo=%2Fcont%3Fedit%3Dbilling");
  });
});

describe("the JSON API's `adresa` with the address as fields (issue 24)", () => {
  it("reads the composed line; an unchanged `adresa` keeps the fields, a new one becomes the street and clears them", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    await run(accountAction, post("/cont", { intent: "billing", street: "Str. Lalelelor 3", county: "RO-B", sector: "2", postalCode: "021234" }, { cookie }));
    const me = await api("/users/me", { cookie });
    expect(me.json.user).toMatchObject({ adresa: "Str. Lalelelor 3, Sector 2, București, 021234" });
    expect(Object.keys(me.json.user as object).sort()).toEqual(["_id", "adresa", "email", "marketing", "nume", "status", "telefon"]);

    // A client that sends the profile back as it read it changes nothing.
    const same = await api("/users/me", { cookie, method: "PUT", body: { nume: "Ana Pop", adresa: "Str. Lalelelor 3, Sector 2, București, 021234" } });
    expect(same.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ name: "Ana Pop", addressStreet: "Str. Lalelelor 3", addressCounty: "RO-B", addressSector: 2 });

    const moved = await api("/users/me", { cookie, method: "PUT", body: { adresa: "Bd. Tomis 100, Constanța" } });
    expect(moved.json.user).toMatchObject({ adresa: "Bd. Tomis 100, Constanța" });
    expect(await userRow(user.id)).toMatchObject({
      address: "Bd. Tomis 100, Constanța",
      addressStreet: "Bd. Tomis 100, Constanța",
      addressCity: "",
      addressCounty: "",
      addressPostalCode: "",
      addressSector: null,
    });
  });
});
