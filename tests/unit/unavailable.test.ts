import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, finalStatus, recordRequestError, type RequestState, unavailablePage } from "~/services/unavailable.server";

const pgError = (code: string) => Object.assign(new Error("x"), { code });

describe("database unavailability", () => {
  it("recognises connection failures and server shutdowns, also wrapped by drizzle", () => {
    for (const code of ["ECONNREFUSED", "CONNECT_TIMEOUT", "CONNECTION_CLOSED", "57P01", "57P03", "08006", "57014"]) {
      expect(isDatabaseUnavailable(pgError(code))).toBe(true);
    }
    const wrapped = new Error("Failed query: select 1", { cause: pgError("ECONNREFUSED") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("does not take ordinary errors for an outage", () => {
    expect(isDatabaseUnavailable(pgError("23505"))).toBe(false); // unique violation
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(new Response("Not found", { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("records the error on the request's state", () => {
    const state: RequestState = { errored: false, databaseUnavailable: false };
    recordRequestError({ requestState: state }, new Error("boom"));
    expect(state).toEqual({ errored: true, databaseUnavailable: false });
    expect(finalStatus(state, 200)).toEqual({ status: 500, headers: {} });
    expect(finalStatus(state, 404)).toBeNull();
    recordRequestError({ requestState: state }, pgError("57P01"));
    expect(state.databaseUnavailable).toBe(true);
    expect(finalStatus(state, 500)).toEqual({ status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
    expect(() => recordRequestError(undefined, new Error("x"))).not.toThrow();
    expect(finalStatus(undefined, 200)).toBeNull();
  });
});

describe("the 503 page", () => {
  it("is Romanian and gives a form post its fields back, escaped, without passwords", () => {
    const html = unavailablePage({
      method: "POST",
      action: "/autentificare?redirectTo=/cont",
      fields: [
        ["email", 'ana"<b>@example.ro'],
        ["password", "secret-123"],
        ["parolaNoua", "secret-456"],
      ],
    });
    expect(html).toContain("Site-ul este temporar indisponibil");
    expect(html).toContain('name="email" value="ana&quot;&lt;b&gt;@example.ro"');
    expect(html).toContain('action="/autentificare?redirectTo=/cont"');
    expect(html).not.toContain("secret-123");
    expect(html).not.toContain("secret-456");
    expect(html).toContain("Trimite din nou");
  });

  it("offers a retry link for a page", () => {
    const html = unavailablePage({ method: "GET", action: "/cursuri" });
    expect(html).toContain('<a href="/cursuri">Reîncearcă</a>');
    expect(html).not.toContain("<form");
  });
});
