import { describe, expect, it } from "vitest";
import { accreditationAllowed } from "~/lib/course-quote";
import {
  ACCREDITATION_SURCHARGE_BANI,
  ADVANCE_PAYMENT_BANI,
  cartTotals,
  formatAccess,
  fromPrice,
  offersAccreditation,
  offersAdvance,
  onlineOptions,
  physicalLinePrice,
  physicalPeriods,
  pluralRo,
  simpleLinePrice,
} from "~/lib/pricing";
import { parseMoney } from "~/lib/money";

const option = (id: number, days: number | null, amountBani: number, extra: Partial<{ accreditation: boolean; advancePayment: boolean }> = {}) => ({
  id, days, amountBani, accreditation: false, advancePayment: false, ...extra,
});

const basic = [
  option(1, 5, 200000),
  option(2, 5, 265000, { accreditation: true }),
  option(3, 10, 230000),
  option(4, 10, 295000, { accreditation: true }),
  option(5, 5, 50000, { advancePayment: true }),
];

describe("physical course pricing", () => {
  it("offers distinct periods among base options only, shortest first", () => {
    expect(physicalPeriods(basic).map((o) => [o.days, o.amountBani])).toEqual([[5, 200000], [10, 230000]]);
    expect(physicalPeriods([option(1, 5, 100), option(2, 5, 200), option(3, 3, 50)]).map((o) => o.id)).toEqual([3, 1]);
    expect(physicalPeriods([option(1, 5, 100, { advancePayment: true })])).toEqual([]);
  });

  it("adds 650 RON for accreditation", () => {
    expect(ACCREDITATION_SURCHARGE_BANI).toBe(65000);
    expect(physicalLinePrice(200000, { accreditation: true, advancePayment: false })).toEqual({
      dueNowBani: 265000, fullBani: 265000, advanceOnly: false,
    });
    expect(physicalLinePrice(200000, { accreditation: false, advancePayment: false }).dueNowBani).toBe(200000);
  });

  it("replaces the amount due now with a fixed 500 RON advance and keeps the full price", () => {
    expect(ADVANCE_PAYMENT_BANI).toBe(50000);
    expect(physicalLinePrice(200000, { accreditation: true, advancePayment: true })).toEqual({
      dueNowBani: 50000, fullBani: 265000, advanceOnly: true,
    });
    expect(physicalLinePrice(230000, { accreditation: false, advancePayment: true })).toEqual({
      dueNowBani: 50000, fullBani: 230000, advanceOnly: true,
    });
  });

  it("never asks an advance larger than the price", () => {
    expect(physicalLinePrice(30000, { accreditation: false, advancePayment: true })).toEqual({
      dueNowBani: 30000, fullBani: 30000, advanceOnly: false,
    });
  });

  it("knows which choices a course offers", () => {
    expect(offersAccreditation(basic)).toBe(true);
    expect(offersAdvance(basic)).toBe(true);
    expect(offersAdvance(basic.slice(0, 4))).toBe(false);
    expect(offersAccreditation([option(1, 2, 100)])).toBe(false);
  });

  it("allows the accreditation only with the periods an accreditation entry names (issue 30 item 12)", () => {
    // A one-day taster next to the seeded periods: never accredited, as the original catalogue sold it.
    const withTaster = [option(9, 1, 40000), ...basic];
    expect(accreditationAllowed(withTaster, 5)).toBe(true);
    expect(accreditationAllowed(withTaster, 10)).toBe(true);
    expect(accreditationAllowed(withTaster, 1)).toBe(false);
    expect(offersAccreditation(withTaster)).toBe(true);
    // An entry without days names the flexible period only, not every period.
    const flexibleOnly = [option(1, 1, 40000), option(2, 5, 200000), option(3, null, 65000, { accreditation: true })];
    expect(accreditationAllowed(flexibleOnly, 1)).toBe(false);
    expect(accreditationAllowed(flexibleOnly, null)).toBe(true);
    expect(offersAccreditation(flexibleOnly)).toBe(false);
    // An entry whose period the course does not sell offers nothing.
    expect(offersAccreditation([option(1, 1, 40000), option(2, 3, 105000, { accreditation: true })])).toBe(false);
  });
});

describe("online and product pricing", () => {
  it("uses the chosen option's amount; Gratis is 0", () => {
    const free = parseMoney("Gratis");
    expect(free).toEqual({ ok: true, bani: 0 });
    expect(simpleLinePrice(0)).toEqual({ dueNowBani: 0, fullBani: 0, advanceOnly: false });
    expect(simpleLinePrice(34900).dueNowBani).toBe(34900);
  });

  it("lists online options in the order the admin entered them (issue 20)", () => {
    const options = [option(1, null, 34900, { accreditation: true }), option(2, 90, 24900)];
    expect(onlineOptions(options).map((o) => o.id)).toEqual([1, 2]);
  });

  it("prices accreditation and the advance with the admin's settings", () => {
    const settings = { accreditationSurchargeBani: 80000, advancePaymentBani: 30000 };
    expect(physicalLinePrice(200000, { accreditation: true, advancePayment: false }, settings).fullBani).toBe(280000);
    expect(physicalLinePrice(200000, { accreditation: true, advancePayment: true }, settings)).toEqual({ dueNowBani: 30000, fullBani: 280000, advanceOnly: true });
  });

  it("shows the lowest price a student can choose as 'from'", () => {
    expect(fromPrice("physical", basic)).toBe(200000);
    expect(fromPrice("online", [option(1, null, 34900), option(2, 90, 24900)])).toBe(24900);
    expect(fromPrice("online", [option(1, null, 0)])).toBe(0);
    expect(fromPrice("physical", [])).toBeNull();
  });
});

describe("cart totals", () => {
  it("sums per category and overall, keeping the balance paid at the course", () => {
    const totals = cartTotals([
      { category: "physical", ...physicalLinePrice(200000, { accreditation: true, advancePayment: true }) },
      { category: "online", ...simpleLinePrice(34900) },
      { category: "online", ...simpleLinePrice(0) },
      { category: "product", ...simpleLinePrice(2490) },
    ]);
    expect(totals.byCategory).toEqual({ physical: 50000, online: 34900, product: 2490 });
    expect(totals.dueNowBani).toBe(87390);
    expect(totals.fullBani).toBe(302390);
    expect(totals.balanceBani).toBe(215000);
    expect(cartTotals([]).dueNowBani).toBe(0);
  });
});

describe("Romanian counts", () => {
  it.each([
    [1, "1 zi"], [2, "2 zile"], [19, "19 zile"], [20, "20 de zile"], [90, "90 de zile"], [101, "101 zile"], [120, "120 de zile"], [200, "200 de zile"],
  ])("%i → %s", (n, text) => {
    expect(pluralRo(n, "zi", "zile")).toBe(text);
  });
  it("shows unlimited access", () => {
    expect(formatAccess(null)).toBe("nelimitat");
    expect(formatAccess(60)).toBe("60 de zile");
  });
});
