/** BT-146, the item net price: quantity × price must give the line's net amount back to the ban. */
import { describe, expect, it } from "vitest";
import { ublUnitPrice } from "~/lib/efactura/ubl";

describe("ublUnitPrice", () => {
  it("keeps 2 decimals when the net divides by the quantity", () => {
    expect(ublUnitPrice(12_372, 3)).toBe("41.24");
    expect(ublUnitPrice(-2_490, -1)).toBe("24.90");
    expect(ublUnitPrice(5, 1)).toBe("0.05");
    expect(ublUnitPrice(0, 0)).toBe("0.00");
  });
  it("otherwise gives 4 decimals whose product with the quantity rounds to the line's net", () => {
    for (const [net, q] of [[12_397, 3], [1_002, 7], [99_999, 11], [1, 3], [2_000_003, 97]]) {
      const price = ublUnitPrice(net, q);
      expect(price).toMatch(/^\d+\.\d{4}$/);
      expect(Math.round(Number(price) * q * 100)).toBe(net);
    }
    expect(ublUnitPrice(12_397, 3)).toBe("41.3233");
  });
});
