/**
 * "Completează din ANAF" (issue 24): the VAT-register adapter against the site's stand-in
 * (/simulator/anaf/tva, reached through its route module as the HTTP server would), and the /cont
 * billing form's lookup: fills the company's fields, saves nothing, works when ANAF does not answer.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { users } from "../../db/schema";
import { getConfig } from "~/config.server";
import { action as accountAction } from "~/routes/cont";
import { action as standInAction } from "~/routes/simulator.anaf.tva";
import { lookupCompany, VAT_LOOKUP_MESSAGES } from "~/services/anaf-vat-lookup.server";
import { cookieFor, createUser } from "../helpers/factories";
import { post, run } from "../helpers/http";

const calls: unknown[] = [];

/** The site's fetch answered by the stand-in's route module. */
async function standInFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  expect(new URL(request.url).pathname).toBe("/simulator/anaf/tva");
  calls.push(await request.clone().json());
  return run(standInAction, request);
}

/** A service that never answers (until the caller gives up). */
function silentFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
}

afterEach(() => {
  vi.unstubAllGlobals();
  calls.length = 0;
});

describe("ANAF VAT-register lookup (stand-in)", () => {
  it("is the default in tests: the stand-in's address", () => {
    expect(getConfig().vatLookup).toEqual({ url: `${getConfig().publicUrl}/simulator/anaf/tva`, standIn: true });
  });

  it("finds a VAT payer: name, Reg. Com., CUI with RO, registered office as fields; asks with [{cui, data}]", async () => {
    const result = await lookupCompany("RO 18547290", { fetchImpl: standInFetch, now: new Date("2026-11-25T10:00:00Z") });
    expect(calls).toEqual([[{ cui: 18547290, data: "2026-11-25" }]]);
    expect(result).toEqual({
      ok: true,
      company: {
        name: "SALON BELLA S.R.L.",
        cui: "RO18547290",
        regCom: "J13/555/2020",
        vatPayer: true,
        eFactura: true,
        address: { street: "Bd. Tomis, nr. 100, Bl. T3, Ap. 12", city: "Constanţa", county: "RO-CT", postalCode: "900407", sector: null },
      },
    });
  });

  it("a company in București: its sector; not a VAT payer: no RO", async () => {
    const result = await lookupCompany("31000019", { fetchImpl: standInFetch });
    expect(result).toMatchObject({ ok: true, company: { cui: "31000019", vatPayer: false, address: { city: "București", county: "RO-B", sector: 2 } } });
  });

  it("a CUI ANAF does not know", async () => {
    expect(await lookupCompany("12345674", { fetchImpl: standInFetch })).toEqual({ ok: false, reason: "not-found", message: VAT_LOOKUP_MESSAGES.notFound });
  });

  it("ANAF failing (503) or silent (timeout): 'unreachable', with the Romanian message", async () => {
    expect(await lookupCompany("20000056", { fetchImpl: standInFetch })).toEqual({ ok: false, reason: "unreachable", message: VAT_LOOKUP_MESSAGES.unreachable });
    const started = Date.now();
    expect(await lookupCompany("18547290", { fetchImpl: silentFetch, timeoutMs: 200 })).toMatchObject({ ok: false, reason: "unreachable" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("/cont billing form: 'Completează din ANAF'", () => {
  type LookupAnswer = { intent: string; lookup: { ok: boolean; message: string; values: Record<string, string>; errors?: Record<string, string[]> } };
  // The button is a second submit of the billing form: its hidden intent comes first.
  const lookupPost = (fields: Record<string, string>, cookie: string) => post("/cont?edit=billing", { intent: ["billing", "anaf-lookup"], ...fields }, { cookie });

  it("fills the company's name, Reg. Com., CUI and address; keeps what else was typed; saves nothing", async () => {
    vi.stubGlobal("fetch", standInFetch);
    const user = await createUser();
    const response = await run(accountAction, lookupPost({ buyerType: "company", companyCui: "14000116", companyName: "", street: "" }, await cookieFor(user.id)));
    expect(response.status).toBe(200);
    const body = (await response.json()) as LookupAnswer;
    expect(body.intent).toBe("billing");
    expect(body.lookup.ok).toBe(true);
    expect(body.lookup.message).toBe(`${VAT_LOOKUP_MESSAGES.found} Firma este plătitoare de TVA (CUI cu RO).`);
    expect(body.lookup.values).toEqual({
      buyerType: "company",
      companyName: "NAIL STUDIO CLUJ S.R.L.",
      companyCui: "RO14000116",
      companyRegCom: "J12/777/2001",
      street: "Str. Memorandumului, nr. 5, Ap. 3",
      city: "Cluj-Napoca",
      county: "RO-CJ",
      sector: "",
      postalCode: "400114",
    });
    const [row] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ buyerType: "person", companyName: "", address: user.address });
  });

  it("checks the CUI's check digit before asking ANAF", async () => {
    const fetchSpy = vi.fn(standInFetch);
    vi.stubGlobal("fetch", fetchSpy);
    const user = await createUser();
    const response = await run(accountAction, lookupPost({ buyerType: "company", companyCui: "18547291" }, await cookieFor(user.id)));
    expect(response.status).toBe(400);
    const body = (await response.json()) as LookupAnswer;
    expect(body.lookup.errors).toEqual({ companyCui: ["CUI invalid: verificați cifrele (cifra de control nu se potrivește)."] });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("ANAF unreachable: the form comes back as typed, with the message, to fill by hand", async () => {
    vi.stubGlobal("fetch", standInFetch);
    const user = await createUser();
    const typed = { buyerType: "company", companyCui: "20000056", companyName: "Firma Mea SRL", street: "Str. X 1", city: "Iași", county: "RO-IS" };
    const response = await run(accountAction, lookupPost(typed, await cookieFor(user.id)));
    expect(response.status).toBe(200);
    const body = (await response.json()) as LookupAnswer;
    expect(body.lookup).toMatchObject({ ok: false, message: VAT_LOOKUP_MESSAGES.unreachable, values: typed });
  });
});
