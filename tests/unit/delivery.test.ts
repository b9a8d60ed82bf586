import { describe, expect, it } from "vitest";
import { isRomanianCounty, normalizePostalCode, ROMANIAN_COUNTIES, shippingCost } from "~/lib/delivery";
import { deliveryFormSchema, DELIVERY_MESSAGES } from "~/lib/validation/delivery";

describe("shippingCost", () => {
  const courier = { kind: "courier" as const, feeBani: 2500, freeAboveBani: 30000 };
  it("charges the flat fee below the threshold and nothing from it upwards", () => {
    expect(shippingCost(courier, 29999)).toBe(2500);
    expect(shippingCost(courier, 30000)).toBe(0);
    expect(shippingCost(courier, 45000)).toBe(0);
  });
  it("has no threshold when none is set", () => {
    expect(shippingCost({ kind: "locker", feeBani: 1500, freeAboveBani: null }, 1_000_000)).toBe(1500);
  });
  it("is always free for pickup, whatever fee the row holds", () => {
    expect(shippingCost({ kind: "pickup", feeBani: 999, freeAboveBani: null }, 100)).toBe(0);
  });
  it("is nothing when there are no products", () => {
    expect(shippingCost(courier, 0, false)).toBe(0);
  });
});

describe("postal code and county", () => {
  it("accepts six digits only", () => {
    expect(normalizePostalCode("900123")).toBe("900123");
    expect(normalizePostalCode(" 900123 ")).toBe("900123");
    for (const bad of ["90012", "9001234", "90O123", "", "900 123"]) expect(normalizePostalCode(bad)).toBeNull();
  });
  it("lists the 41 counties and Bucharest", () => {
    expect(ROMANIAN_COUNTIES).toHaveLength(42);
    expect(new Set(ROMANIAN_COUNTIES).size).toBe(42);
    expect(isRomanianCounty("Constanța")).toBe(true);
    expect(isRomanianCounty("București")).toBe(true);
    expect(isRomanianCounty("Constanta")).toBe(false);
    expect(isRomanianCounty("")).toBe(false);
  });
});

describe("delivery form", () => {
  const schema = deliveryFormSchema({ 1: "courier", 2: "pickup", 3: "locker" });
  const courier = { deliveryMethodId: "1", recipientName: "Ioana Pop", recipientPhone: "0722123456", street: "Str. Mare 1", city: "Constanța", county: "Constanța", postalCode: "900123" };
  const errors = (value: Record<string, string>) => {
    const result = schema.safeParse(value);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it("needs a valid postal code and a county from the list for the courier", () => {
    expect(errors(courier)).toEqual([]);
    expect(errors({ ...courier, postalCode: "12345" })).toEqual([DELIVERY_MESSAGES.postalCode]);
    expect(errors({ ...courier, county: "" })).toEqual([DELIVERY_MESSAGES.county]);
  });
  it("needs nothing more for pickup, the locker's name for a locker, and a known method", () => {
    expect(errors({ deliveryMethodId: "2" })).toEqual([]);
    expect(errors({ deliveryMethodId: "3" })).toEqual([DELIVERY_MESSAGES.locker]);
    expect(errors({ deliveryMethodId: "3", locker: "easybox Tomis Nord" })).toEqual([]);
    expect(errors({ deliveryMethodId: "7" })).toEqual([DELIVERY_MESSAGES.methodUnavailable]);
  });
});
