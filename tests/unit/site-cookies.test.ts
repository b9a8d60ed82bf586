/**
 * The cookie policy cannot drift from the code (issue 19): every cookie name the code creates
 * (createCookie / createCookieSessionStorage) is on SITE_COOKIES, and the seeded cookie policy
 * lists every one of them with its purpose and duration.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedTermsPages } from "../../db/seed-data";
import { SITE_COOKIES } from "~/lib/site-cookies";

const appDir = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Cookie names the code creates: createCookie("x", …) and cookie storages' `name: "x"`. */
function cookieNamesInCode(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(appDir)) {
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(/createCookie\(\s*["'`]([^"'`]+)["'`]/g)) names.add(m[1]);
    for (const m of text.matchAll(/createCookieSessionStorage[\s\S]{0,300}?name:\s*["'`]([^"'`]+)["'`]/g)) names.add(m[1]);
    for (const m of text.matchAll(/document\.cookie\s*=\s*[`"']([^=`"']+)=/g)) names.add(m[1]);
  }
  return [...names].sort();
}

describe("cookies", () => {
  it("the code sets only cookies on the list", () => {
    const inCode = cookieNamesInCode();
    expect(inCode).toContain("__session");
    expect(inCode.filter((name) => !SITE_COOKIES.some((c) => c.name === name))).toEqual([]);
  });

  it("the seeded cookie policy lists each cookie with purpose, duration and party", () => {
    const policy = seedTermsPages.cookie.map((s) => `${s.title}\n${s.description}`).join("\n");
    for (const cookie of SITE_COOKIES) {
      expect(policy).toContain(cookie.name);
      expect(policy).toContain(cookie.duration);
      expect(policy).toContain(cookie.purpose);
    }
    expect(policy).toContain("Prima parte");
  });
});
