/**
 * The order checks of `npm run test:faults` can fail: a planted lost order, a second order for
 * one checkout, an order nobody posted or one for a refused checkout are each reported.
 */
import { describe, expect, it } from "vitest";
import { checkoutAnswer, orderFindings } from "../../scripts/fault-checks.mjs";

type Answer = "placed" | "refused" | "unclear";
const tally = (email: string, posts: Array<[string, Answer]>) => ({ email, posts: posts.map(([version, answer]) => ({ version, answer })) });
const orders = (entries: Record<string, Array<{ key: string; lines?: number }>>) =>
  new Map(Object.entries(entries).map(([email, list]) => [email, list.map((o) => ({ key: o.key, lines: o.lines ?? 1 }))]));

describe("the fault run's order checks", () => {
  const tallies = [
    tally("a@example.ro", [["v1", "placed"], ["v2", "refused"], ["v3", "unclear"]]),
    tally("b@example.ro", [["w1", "placed"]]),
  ];

  it("pass when every placed checkout has exactly its order (an unclear one may or may not)", () => {
    const findings = orderFindings(tallies, orders({ "a@example.ro": [{ key: "v1" }, { key: "v3" }], "b@example.ro": [{ key: "w1" }] }));
    expect(findings).toEqual({ lost: [], doubled: [], half: [], placed: 2, attempts: 4 });
    expect(orderFindings(tallies, orders({ "a@example.ro": [{ key: "v1" }], "b@example.ro": [{ key: "w1" }] })).doubled).toEqual([]);
  });

  it("report a planted duplicate: two orders for one checkout", () => {
    const findings = orderFindings(tallies, orders({ "a@example.ro": [{ key: "v1" }, { key: "v1" }], "b@example.ro": [{ key: "w1" }] }));
    expect(findings.doubled).toEqual(["a@example.ro: 2 orders for checkout v1"]);
  });

  it("report an order for a refused checkout and one for a cart never posted", () => {
    const findings = orderFindings(tallies, orders({ "a@example.ro": [{ key: "v1" }, { key: "v2" }], "b@example.ro": [{ key: "w1" }, { key: "zz" }] }));
    expect(findings.doubled).toEqual(["a@example.ro: order v2 for a refused checkout", "b@example.ro: order zz for a cart never posted"]);
  });

  it("report a lost order and an order without lines", () => {
    const findings = orderFindings(tallies, orders({ "a@example.ro": [{ key: "v1", lines: 0 }] }));
    expect(findings.lost).toEqual(["b@example.ro: checkout w1 answered with success, no order"]);
    expect(findings.half).toEqual(["a@example.ro: order v1 has no lines"]);
  });

  it("a retried post of one cart counts its strongest answer", () => {
    const retried = [tally("c@example.ro", [["k", "unclear"], ["k", "placed"], ["k", "refused"]])];
    expect(orderFindings(retried, orders({ "c@example.ro": [] })).lost).toEqual(["c@example.ro: checkout k answered with success, no order"]);
  });

  it("classifies answers: a redirect places, a refusal refuses, a 5xx or no answer is unclear", () => {
    expect([303, 302, 400, 409, 200, 503, 500, 0].map(checkoutAnswer)).toEqual(["placed", "placed", "refused", "refused", "refused", "unclear", "unclear", "unclear"]);
  });
});
