/**
 * Issue 29 leftovers on /admin/sistem: the processes of the server (outside the supervisor: this
 * one, with its version and uptime) and the last errors, grouped by message with personal data
 * scrubbed out, counted across writes, pruned after 30 days. Real database; the page without
 * JavaScript.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { systemErrors } from "../../db/schema";
import { log } from "~/log.server";
import { ERROR_KEEP_DAYS, flushErrors, lastErrors, startErrorLog } from "~/models/system-errors.server";
import { cookieFor, createUser } from "../helpers/factories";
import { BASE } from "../helpers/http";
import { remixHandler } from "../helpers/remix-app";

const version = (JSON.parse((await import("node:fs")).readFileSync("package.json", "utf8")) as { version: string }).version;
let stop: () => Promise<void>;
let handle: (request: Request) => Promise<Response>;
let cookie: string;

beforeAll(async () => {
  stop = startErrorLog(3600_000); // written by flushErrors() below, not by the timer
  handle = await remixHandler();
  cookie = await cookieFor((await createUser({ role: "admin" })).id);
});

afterAll(async () => {
  await stop();
});

const page = async () => (await handle(new Request(`${BASE}/admin/sistem`, { headers: { Cookie: cookie } }))).text();

describe("the server's processes", () => {
  it("lists the process that answered with its pid, start, uptime and version", async () => {
    const html = await page();
    expect(html).toContain("Procesele serverului");
    const row = html.match(/<tr><td>(\d+)(?:<!-- -->)? \(a răspuns acestei pagini\)<\/td><td>servește<\/td><td>(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})<\/td><td>(\d+ min|\d+ h \d{2} min)<\/td><td>([^<]+)<\/td><\/tr>/);
    expect(row?.[1]).toBe(String(process.pid));
    expect(row?.[4]).toBe(version);
  });
});

describe("the last errors", () => {
  it("groups logged errors by their message without personal data, counts them and shows them", async () => {
    await getDb().delete(systemErrors);
    log.error("request failed", { method: "GET", path: "/cont/comenzi/1042", error: new Error("no account for ioana.pop@example.com, phone 0721 234 567"), userId: "u-1" });
    log.error("request failed", { method: "GET", path: "/cont/comenzi/77", error: new Error("no account for maria@example.ro, phone +40 744 000 111") });
    log.error("mail could not be sent", { subject: "Comanda ANA-12", error: new Error("connect ECONNREFUSED 10.0.0.5:587") });
    log.warn("not an error", { error: "x" });
    await flushErrors();

    let groups = await lastErrors();
    expect(groups.map((g) => [g.message, g.count]).sort()).toEqual([
      ["mail could not be sent: connect ECONNREFUSED <ip>:#", 1],
      ["request failed (GET /cont/comenzi/#): no account for <e-mail>, phone #", 2],
    ]);
    const firstSeen = groups.find((g) => g.message.startsWith("request"))!.firstSeenAt;

    // The same error again later: one more in the same row, first seen unchanged.
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.error("request failed", { method: "GET", path: "/cont/comenzi/5", error: new Error("no account for ana@example.com, phone 0700 000 000") });
    await flushErrors();
    groups = await lastErrors();
    const request = groups.find((g) => g.message.startsWith("request"))!;
    expect(request.count).toBe(3);
    expect(request.firstSeenAt).toEqual(firstSeen);
    expect(request.lastSeenAt.getTime()).toBeGreaterThan(firstSeen.getTime());
    expect(groups[0].message).toBe(request.message); // newest first

    const html = await page();
    expect(html).toContain("Ultimele erori");
    expect(html).toContain("request failed (GET /cont/comenzi/#): no account for &lt;e-mail&gt;, phone #");
    expect(html).toMatch(/no account for &lt;e-mail&gt;, phone #<\/td><td>3<\/td>/);
    for (const personal of ["ioana.pop@example.com", "maria@example.ro", "0721", "744", "10.0.0.5", "1042"]) expect(html).not.toContain(personal);
  });

  it("keeps the counts of a write that failed (the database away) for the next one", async () => {
    await getDb().delete(systemErrors);
    log.error("request failed", { method: "POST", path: "/cos", error: new Error("Connection terminated unexpectedly") });
    log.error("request failed", { method: "POST", path: "/cos", error: new Error("Connection terminated unexpectedly") });
    await getDb().execute(sql`alter table system_errors rename to system_errors_away`);
    try {
      await expect(flushErrors()).rejects.toThrow();
    } finally {
      await getDb().execute(sql`alter table system_errors_away rename to system_errors`);
    }
    log.error("request failed", { method: "POST", path: "/cos", error: new Error("Connection terminated unexpectedly") });
    await flushErrors();
    expect((await lastErrors()).map((g) => [g.message, g.count])).toEqual([["request failed (POST /cos): Connection terminated unexpectedly", 3]]);
  });

  it("forgets groups not seen for 30 days", async () => {
    log.error("catalogue: adding a product to the cart failed", { error: new Error("boom") });
    await flushErrors();
    expect((await lastErrors()).length).toBeGreaterThan(0);
    await flushErrors(new Date(Date.now() + (ERROR_KEEP_DAYS + 1) * 24 * 3600_000));
    expect(await lastErrors()).toEqual([]);
    expect(await page()).toContain("Nicio eroare în ultimele 30 de zile.");
  });
});
