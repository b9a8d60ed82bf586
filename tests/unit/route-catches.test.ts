/**
 * No route may answer a database outage with a 500 (issue 26): every catch in a route module asks
 * isDatabaseUnavailable (or rethrows, or says why no database error reaches it).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUnsafeCatches, routeModules } from "../helpers/route-catches";

describe("catches in route modules", () => {
  it("all ask whether the database is unavailable", () => {
    const files = routeModules(process.cwd());
    expect(files.length).toBeGreaterThan(90);
    const findings = files.flatMap((file) => findUnsafeCatches(path.relative(process.cwd(), file), fs.readFileSync(file, "utf8")));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  }, 60_000);

  it("the check flags a catch-all that answers 500, and accepts the three safe forms", () => {
    const unsafe = `export async function action() {
  try { await save(); } catch (error) { log.error("x", { error }); return data({}, { status: 500 }); }
  const body = await request.json().catch(() => null);
}`;
    expect(findUnsafeCatches("a.ts", unsafe).map((f) => f.line)).toEqual([2, 3]);
    const safe = `export async function action() {
  try { await save(); } catch (error) { rethrowIfUnavailable(error); return data({}, { status: 500 }); }
  try { await save(); } catch (error) { if (error instanceof Taken) return data({}, { status: 409 }); throw error; }
  // outage-safe: parsing the JSON body: no database
  const body = await request.json().catch(() => null);
}`;
    expect(findUnsafeCatches("b.ts", safe)).toEqual([]);
  });
});
