import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { minutesText, tooManyAttemptsMessage } from "~/lib/account-messages";
import { clampProgress, paymentStatusView } from "~/lib/enrollment-status";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  accountSchema,
  billingSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "~/lib/validation/account";
import { EMAIL_MESSAGES, PASSWORD_MESSAGES, PASSWORD_RULES } from "~/lib/validation/fields";

/** Parses like the browser and the action do: through conform, from form data. */
function parse<S extends Parameters<typeof parseWithZod>[1]["schema"]>(schema: S, values: Record<string, string>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  return parseWithZod(form, { schema });
}

function valueOf(result: ReturnType<typeof parse>): Record<string, unknown> {
  return result.status === "success" ? (result.value as Record<string, unknown>) : {};
}

function errorsOf(result: ReturnType<typeof parse>, field: string): string[] {
  return result.status === "error" ? (result.error?.[field] ?? []) : [];
}

const GOOD = "Parola-Buna1!";

describe("password rules (docs/product.md §5)", () => {
  const cases: Array<[string, string, string]> = [
    ["length", "Ab1!xyz", "Parola trebuie să conțină cel puțin 8 caractere"],
    ["lower", "ABCDEFG1!", "Parola trebuie să conțină cel puțin o literă mică"],
    ["upper", "abcdefg1!", "Parola trebuie să conțină cel puțin o literă mare"],
    ["digit", "Abcdefgh!", "Parola trebuie să conțină cel puțin un număr"],
    ["special", "Abcdefgh1", "Parola trebuie să conțină cel puțin un caracter special"],
  ];

  it.each(cases)("a password missing only the %s rule gets exactly that message", (_rule, password, message) => {
    const result = parse(registerSchema, { name: "Maria Pop", email: "maria@example.com", password });
    expect(errorsOf(result, "password")).toEqual([message]);
  });

  it("lists the five rules with docs/product.md's full sentences", () => {
    expect(PASSWORD_RULES.map((rule) => rule.message)).toEqual(cases.map(([, , message]) => message));
  });

  it("reports every broken rule at once", () => {
    const result = parse(registerSchema, { name: "Maria Pop", email: "maria@example.com", password: "abc" });
    expect(errorsOf(result, "password")).toEqual([
      "Parola trebuie să conțină cel puțin 8 caractere",
      "Parola trebuie să conțină cel puțin o literă mare",
      "Parola trebuie să conțină cel puțin un număr",
      "Parola trebuie să conțină cel puțin un caracter special",
    ]);
  });

  it("accepts a password meeting all rules, Romanian letters included", () => {
    expect(parse(registerSchema, { name: "Maria Pop", email: "maria@example.com", password: GOOD }).status).toBe("success");
    expect(parse(registerSchema, { name: "Ștefan", email: "s@example.ro", password: "Țară-veche9" }).status).toBe("success");
  });

  it("asks for a password when none is typed, and caps the length", () => {
    expect(errorsOf(parse(registerSchema, { name: "Maria", email: "m@example.com" }), "password")).toEqual([
      PASSWORD_MESSAGES.required,
    ]);
    expect(errorsOf(parse(registerSchema, { name: "Maria", email: "m@example.com", password: `${GOOD}${"a".repeat(130)}` }), "password")).toEqual([
      PASSWORD_MESSAGES.tooLong,
    ]);
  });
});

describe("e-mail (docs/product.md §5)", () => {
  it.each(["nu-e-email", "a@b", "a b@example.com", "@example.com", "ana@example."])("rejects %j", (email) => {
    expect(errorsOf(parse(forgotPasswordSchema, { email }), "email")).toEqual([EMAIL_MESSAGES.invalid]);
  });

  it("requires an address", () => {
    expect(errorsOf(parse(forgotPasswordSchema, {}), "email")).toEqual([EMAIL_MESSAGES.required]);
  });

  it("trims and lower-cases a valid address", () => {
    const result = parse(forgotPasswordSchema, { email: "  Ana.Pop@Example.COM " });
    expect(valueOf(result).email).toBe("ana.pop@example.com");
  });

  it("uses docs/product.md's texts", () => {
    expect(EMAIL_MESSAGES.invalid).toBe("Emailul trebuie să fie valid");
    expect(EMAIL_MESSAGES.taken).toBe("Email deja folosită");
  });
});

describe("login form", () => {
  it("needs both fields; any password is accepted for checking", () => {
    expect(errorsOf(parse(loginSchema, { email: "ana@example.com" }), "password")).toEqual([PASSWORD_MESSAGES.required]);
    expect(parse(loginSchema, { email: "ana@example.com", password: "x" }).status).toBe("success");
  });
});

describe("registration form", () => {
  it("leaves the marketing opt-in off unless ticked", () => {
    const off = parse(registerSchema, { name: "Maria Pop", email: "m@example.com", password: GOOD });
    const on = parse(registerSchema, { name: "Maria Pop", email: "m@example.com", password: GOOD, marketing: "on" });
    expect(valueOf(off).marketing).toBe(false);
    expect(valueOf(on).marketing).toBe(true);
  });

  it("requires a name", () => {
    expect(errorsOf(parse(registerSchema, { email: "m@example.com", password: GOOD }), "name")).toEqual(["Numele este obligatoriu"]);
  });
});

describe("reset form", () => {
  it("says 'Parolele nu corespund.' when the confirmation differs", () => {
    const result = parse(resetPasswordSchema, { newPassword: GOOD, confirmPassword: "Parola-Alta2!" });
    expect(errorsOf(result, "confirmPassword")).toEqual(["Parolele nu corespund."]);
  });

  it("shows the mismatch together with a broken rule", () => {
    const result = parse(resetPasswordSchema, { newPassword: "scurta", confirmPassword: "alta" });
    expect(errorsOf(result, "confirmPassword")).toEqual(["Parolele nu corespund."]);
    expect(errorsOf(result, "newPassword")).toContain("Parola trebuie să conțină cel puțin 8 caractere");
  });

  it("applies the password rules to the new password", () => {
    const result = parse(resetPasswordSchema, { newPassword: "abcdefg1!", confirmPassword: "abcdefg1!" });
    expect(errorsOf(result, "newPassword")).toEqual(["Parola trebuie să conțină cel puțin o literă mare"]);
    expect(errorsOf(result, "confirmPassword")).toEqual([]);
  });

  it("accepts matching valid passwords", () => {
    expect(parse(resetPasswordSchema, { newPassword: GOOD, confirmPassword: GOOD }).status).toBe("success");
  });
});

describe("profile forms", () => {
  it("keeps only the allowed fields", () => {
    const result = parse(accountSchema, {
      name: "Maria Pop",
      email: "maria@example.com",
      phone: "0722 123 456",
      address: "Str. Mare 1",
      role: "admin",
      status: "admin",
      id: "00000000-0000-0000-0000-000000000000",
    });
    expect(result.status).toBe("success");
    expect(Object.keys(valueOf(result)).sort()).toEqual(["address", "email", "name", "phone"]);
  });

  it("checks the phone number only when given", () => {
    expect(parse(accountSchema, { name: "Maria", email: "m@example.com" }).status).toBe("success");
    expect(errorsOf(parse(accountSchema, { name: "Maria", email: "m@example.com", phone: "12ab" }), "phone")).toEqual([
      "Numărul de telefon nu este valid",
    ]);
    expect(parse(accountSchema, { name: "Maria", email: "m@example.com", phone: "+40 (722) 123-456" }).status).toBe("success");
  });

  it("requires the billing address as fields: street and county; the locality outside Bucharest, the sector in it", () => {
    expect(errorsOf(parse(billingSchema, {}), "street")).toEqual(["Completează strada și numărul."]);
    expect(errorsOf(parse(billingSchema, { street: "   " }), "county")).toEqual(["Alege județul din listă."]);
    expect(errorsOf(parse(billingSchema, { street: "Str. Y 2", county: "RO-CJ" }), "city")).toEqual(["Completează localitatea."]);
    expect(errorsOf(parse(billingSchema, { street: "Str. Y 2", county: "RO-B" }), "sector")).toEqual(["Alege sectorul: în București factura cere sectorul."]);
    expect(errorsOf(parse(billingSchema, { street: "Str. Y 2", county: "RO-XX", city: "X" }), "county")).toEqual(["Alege județul din listă."]);
    expect(errorsOf(parse(billingSchema, { street: "Str. Y 2", county: "RO-CJ", city: "Cluj-Napoca", postalCode: "4001" }), "postalCode")).toEqual([
      "Codul poștal are 6 cifre (sau lasă-l gol).",
    ]);
    expect(parse(billingSchema, { street: "Str. Y 2", county: "RO-CJ", city: "Cluj-Napoca", postalCode: "400114" }).status).toBe("success");
    expect(parse(billingSchema, { street: "Str. Lalelelor 3", county: "RO-B", sector: "2" }).status).toBe("success");
  });
});

describe("safeRedirect (same-site paths only)", () => {
  it.each([
    ["/cont", "/cont"],
    ["/cont?tab=1#facturi", "/cont?tab=1#facturi"],
    ["/cursuri-online/curs/3/lectie", "/cursuri-online/curs/3/lectie"],
  ])("keeps %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/cont",
    "https://evil.example",
    "http://localhost:3000/cont",
    "/\\evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/%0d%0aLocation:evil",
    "/\tevil",
    "cont",
    "",
    null,
    undefined,
  ])("sends %j to /cont", (input) => {
    const result = safeRedirect(input as string | null | undefined);
    if (input === "/%0d%0aLocation:evil") {
      // Encoded characters stay encoded: a harmless same-site path.
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
    } else {
      expect(result).toBe("/cont");
    }
  });
});

describe("messages", () => {
  it("tells when to try again, with Romanian plurals", () => {
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe("Prea multe încercări. Încercați din nou peste 15 minute.");
    expect(tooManyAttemptsMessage(1)).toBe("Prea multe încercări. Încercați din nou peste 1 minut.");
    expect(tooManyAttemptsMessage(59 * 60_000 + 1)).toBe("Prea multe încercări. Încercați din nou peste 60 de minute.");
    expect(minutesText(20)).toBe("20 de minute");
    expect(minutesText(101)).toBe("101 minute");
  });

  it("maps payment statuses to docs/product.md's pills", () => {
    expect(paymentStatusView("pending")).toEqual({ label: "În așteptare", tone: "pending" });
    expect(paymentStatusView("confirmed")).toEqual({ label: "Confirmat", tone: "confirmed" });
    expect(paymentStatusView("failed")).toEqual({ label: "Eșuat", tone: "failed" });
    expect(paymentStatusView("refunded")).toEqual({ label: "Eșuat", tone: "failed" });
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(-3)).toBe(0);
    expect(clampProgress(Number.NaN)).toBe(0);
  });
});
