/**
 * Issue 20, item 5: a guest sent to the login page from "Adaugă în coș" who creates an account
 * instead comes back to the course page too (with the chosen period in its address); only
 * same-site paths are followed (safeRedirect), anything else lands on /cont.
 */
import { describe, expect, it } from "vitest";
import { action as registerAction, loader as registerLoader } from "~/routes/register";
import { freshIp, get, post, run } from "../helpers/http";

const register = (redirectTo: string) =>
  run(
    registerAction,
    post("/register", { name: "Ioana Marin", email: `inapoi-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`, password: "Parola-Buna1!", redirectTo }, { ip: freshIp() }),
  );

describe("registration from the login page's redirect", () => {
  it("goes back to the same-site page the login would have returned to", async () => {
    const back = "/cursuri/curs/1?priceOptionId=2&accreditation=on";
    const page = await run(registerLoader, get(`/register?redirectTo=${encodeURIComponent(back)}`));
    expect(await page.json()).toMatchObject({ redirectTo: back });
    const response = await register(back);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(back);
  });

  it("lands on /cont for anything that is not a same-site path", async () => {
    for (const target of ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      const response = await register(target);
      expect(response.headers.get("Location"), target).toBe("/cont");
    }
    const page = await run(registerLoader, get(`/register?redirectTo=${encodeURIComponent("//evil.example")}`));
    expect(await page.json()).toMatchObject({ redirectTo: "/cont" });
  });
});
