import { describe, expect, it } from "vitest";
import { accessLabel, periodLabel, physicalQuote, priceLabel, choiceFromQuery, choiceQuery } from "~/lib/course-quote";
import { parseMoney } from "~/lib/money";
import { physicalPeriods } from "~/lib/pricing";

const option = (id: number, days: number | null, amountBani: number, extra: Partial<{ accreditation: boolean; advancePayment: boolean }> = {}) => ({
  id, days, amountBani, accreditation: false, advancePayment: false, ...extra,
});

// The seeded basic course: two periods, accreditation variants and an advance row.
const basic = [
  option(1, 5, 200000),
  option(2, 5, 265000, { accreditation: true }),
  option(3, 10, 230000),
  option(4, 10, 295000, { accreditation: true }),
  option(5, 5, 50000, { advancePayment: true }),
];
const none = { accreditation: false, advancePayment: false };

describe("physical price selector used by the detail page", () => {
  it("offers one radio per distinct period, valued with that period's base option id", () => {
    expect(physicalPeriods(basic).map((p) => ({ id: p.id, label: periodLabel(p.days) }))).toEqual([
      { id: 1, label: "5 zile" },
      { id: 3, label: "10 zile" },
    ]);
  });

  it("adds the accreditation only with a period that allows it (issue 30 item 12)", () => {
    const withTaster = [option(9, 1, 40000), ...basic];
    expect(physicalQuote(withTaster, { priceOptionId: 1, accreditation: true, advancePayment: false })).toMatchObject({ dueNowBani: 265000 });
    expect(physicalQuote(withTaster, { priceOptionId: 9, accreditation: true, advancePayment: false })).toMatchObject({ dueNowBani: 40000, fullBani: 40000 });
  });

  it("has no total until a period is chosen, and never for an accreditation or advance row", () => {
    expect(physicalQuote(basic, { priceOptionId: null, ...none })).toBeNull();
    expect(physicalQuote(basic, { priceOptionId: 2, ...none })).toBeNull();
    expect(physicalQuote(basic, { priceOptionId: 5, ...none })).toBeNull();
  });

  it("totals the period's price, +650 RON with the accreditation", () => {
    expect(physicalQuote(basic, { priceOptionId: 3, ...none })).toMatchObject({ dueNowBani: 230000, fullBani: 230000, advanceOnly: false });
    expect(physicalQuote(basic, { priceOptionId: 1, accreditation: true, advancePayment: false })).toMatchObject({
      dueNowBani: 265000, fullBani: 265000, baseBani: 200000, balanceBani: 0,
    });
  });

  it("with the advance, 500 RON is due now and the rest at the course", () => {
    expect(physicalQuote(basic, { priceOptionId: 3, accreditation: true, advancePayment: true })).toEqual({
      baseBani: 230000, dueNowBani: 50000, fullBani: 295000, balanceBani: 245000, advanceOnly: true,
    });
  });

  it("ignores accreditation and advance a course does not offer", () => {
    const plain = [option(7, 2, 90000)];
    expect(physicalQuote(plain, { priceOptionId: 7, accreditation: true, advancePayment: true })).toMatchObject({
      dueNowBani: 90000, fullBani: 90000, advanceOnly: false,
    });
  });
});

describe("online price options", () => {
  it("show Gratis for a free option (Gratis in any case is 0) and the amount otherwise", () => {
    expect(parseMoney("GRATIS")).toEqual({ ok: true, bani: 0 });
    expect(priceLabel(0)).toBe("Gratis");
    expect(priceLabel(34900)).toBe("349,00 RON");
    expect(priceLabel(100000)).toBe("1.000,00 RON");
  });

  it("show the access period", () => {
    expect(accessLabel(null)).toBe("Acces nelimitat");
    expect(accessLabel(90)).toBe("Acces 90 de zile");
    expect(accessLabel(1)).toBe("Acces 1 zi");
    expect(periodLabel(1)).toBe("1 zi");
  });
});

describe("a choice carried through the login (issue 20, item 5)", () => {
  const offer = { choiceIds: [11, 12], accreditation: true, advancePayment: false };

  it("writes only what was chosen", () => {
    expect(choiceQuery({ priceOptionId: 12, accreditation: true, advancePayment: true })).toBe("?priceOptionId=12&accreditation=on&advancePayment=on");
    expect(choiceQuery({ priceOptionId: null, accreditation: true, advancePayment: false })).toBe("?accreditation=on");
    expect(choiceQuery({ priceOptionId: null, accreditation: false, advancePayment: false })).toBe("");
  });

  it("reads back only what the page offers", () => {
    const read = (query: string) => choiceFromQuery(new URLSearchParams(query), offer);
    expect(read("priceOptionId=12&accreditation=on")).toEqual({ priceOptionId: 12, accreditation: true, advancePayment: false });
    // The advance is not offered here; an unknown or malformed id chooses no period.
    expect(read("priceOptionId=13&advancePayment=on")).toBeNull();
    expect(read("priceOptionId=11abc")).toBeNull();
    expect(read("priceOptionId=-11&accreditation=on")).toEqual({ priceOptionId: null, accreditation: true, advancePayment: false });
    expect(read("")).toBeNull();
    // Round trip.
    expect(read(choiceQuery({ priceOptionId: 11, accreditation: false, advancePayment: false }).slice(1))).toEqual({
      priceOptionId: 11,
      accreditation: false,
      advancePayment: false,
    });
  });

  it("reads a session the page lists, with its period (the waitlist offer's link, issue 28)", () => {
    const sessions = [
      { id: 7, priceOptionId: 12 },
      { id: 8, priceOptionId: 11 },
    ];
    const read = (query: string) => choiceFromQuery(new URLSearchParams(query), { ...offer, sessions });
    // A session alone chooses its period too, so the page opens with both ticked.
    expect(read("sessionId=7")).toEqual({ priceOptionId: 12, sessionId: 7, accreditation: false, advancePayment: false });
    // A period asked for explicitly is kept (the form drops a session of another period).
    expect(read("priceOptionId=11&sessionId=7")).toEqual({ priceOptionId: 11, sessionId: 7, accreditation: false, advancePayment: false });
    // A session the page does not list (closed, cancelled, another course's) chooses nothing.
    expect(read("sessionId=9")).toBeNull();
    expect(read("sessionId=7x")).toBeNull();
    expect(choiceFromQuery(new URLSearchParams("sessionId=7"), offer)).toBeNull();
  });
});
