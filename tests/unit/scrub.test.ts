import { describe, expect, it } from "vitest";
import { scrubPersonalData } from "~/lib/scrub";

describe("scrubPersonalData", () => {
  it.each([
    ["mail to ioana.pop+curs@example.com failed", "mail to <e-mail> failed"],
    ["no user with phone +40 721 234 567", "no user with phone #"],
    ["order 3fa85f64-5717-4562-b3fc-2c963f66afa6 not found", "order <id> not found"],
    ["connect ECONNREFUSED 127.0.0.1:5432", "connect ECONNREFUSED <ip>:#"],
    ["GET /resetare-parola/AbCdEf0123456789xyz_-Q failed", "GET /resetare-parola/<cod> failed"],
    ["GET /cauta?q=Maria%20Ionescu&page=2 failed", "GET /cauta?… failed"],
    ["CNP 2900101123456 invalid, card 4111 1111 1111 1111", "CNP # invalid, card #"],
  ])("%s", (input, expected) => {
    expect(scrubPersonalData(input)).toBe(expected);
  });

  it("keeps words and makes messages that differ only in personal data equal", () => {
    expect(scrubPersonalData("user 12 (a@b.ro): duplicate key")).toBe(scrubPersonalData("user 907 (c.d@e.com): duplicate key"));
    expect(scrubPersonalData("relation \"orders\" does not exist")).toBe("relation \"orders\" does not exist");
  });

  it("bounds the length", () => {
    expect(scrubPersonalData("x".repeat(500), 50)).toHaveLength(50);
  });
});
