/** The admin editors' notice about a struck-through price that is not the 30-day lowest (issue 19). */
import { describe, expect, it } from "vitest";
import { referencePriceWarning } from "~/lib/price-history";

describe("referencePriceWarning", () => {
  it("warns when the struck-through price is above the current one and is not the 30-day lowest", () => {
    expect(referencePriceWarning(49900, 24900, 39900)).toBe(
      "Prețul de referință 499,00 RON nu este cel mai mic preț din ultimele 30 de zile (399,00 RON); conform legii, reducerea se raportează la acesta.",
    );
  });

  it("says nothing when the reference is the 30-day lowest, or no struck-through price is shown", () => {
    expect(referencePriceWarning(49900, 24900, 49900)).toBeNull();
    expect(referencePriceWarning(null, 24900, 24900)).toBeNull();
    // Not above the current price: the pages show no struck-through price.
    expect(referencePriceWarning(24900, 24900, 19900)).toBeNull();
    expect(referencePriceWarning(19900, 24900, 19900)).toBeNull();
    // A course without price options has no price to reduce.
    expect(referencePriceWarning(49900, null, null)).toBeNull();
  });
});
