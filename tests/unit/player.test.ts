import { describe, expect, it } from "vitest";
import { mediaPath, playerPath, posterKeyFor, waitMessage } from "~/lib/player";

describe("player texts and addresses", () => {
  it("says how long to keep watching, with Romanian plurals", () => {
    expect(waitMessage(1)).toBe("Mai vizionați lecția încă 1 secundă.");
    expect(waitMessage(0.2)).toBe("Mai vizionați lecția încă 1 secundă.");
    expect(waitMessage(5)).toBe("Mai vizionați lecția încă 5 secunde.");
    expect(waitMessage(19)).toBe("Mai vizionați lecția încă 19 secunde.");
    expect(waitMessage(20)).toBe("Mai vizionați lecția încă 20 de secunde.");
    expect(waitMessage(101)).toBe("Mai vizionați lecția încă 101 secunde.");
    expect(waitMessage(120)).toBe("Mai vizionați lecția încă 120 de secunde.");
  });

  it("builds the player, media and poster addresses", () => {
    expect(playerPath(3)).toBe("/cursuri-online/curs/3/lectie");
    expect(playerPath(3, "2-1")).toBe("/cursuri-online/curs/3/lectie?lectie=2-1");
    expect(mediaPath(3, "2-1", "pdf")).toBe("/cursuri-online/curs/3/lectie/media?lectie=2-1&tip=pdf");
    expect(posterKeyFor("videos/1735689600000_lectie-demo.mp4")).toBe("videos/1735689600000_lectie-demo-poster.webp");
  });
});
