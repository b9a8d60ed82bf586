import { describe, expect, it } from "vitest";
import {
  DIPLOMA_CODE_ALPHABET,
  diplomaCodeFrom,
  diplomaFileName,
  diplomaVerifyPath,
  formatDiplomaCode,
  isDiplomaCode,
  normalizeDiplomaCode,
} from "~/lib/diploma";

describe("diploma codes", () => {
  it("are 10 characters of Crockford base32: no I, L, O or U to misread", () => {
    expect(DIPLOMA_CODE_ALPHABET).toHaveLength(32);
    expect(DIPLOMA_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    const code = diplomaCodeFrom(Uint8Array.from([0, 1, 2, 31, 32, 33, 255, 128, 64, 10]));
    expect(code).toBe("012Z01Z00A");
    expect(isDiplomaCode(code)).toBe(true);
    expect(() => diplomaCodeFrom(new Uint8Array(9))).toThrow();
  });

  it("uses every character of the alphabet evenly (5 bits of each byte)", () => {
    const bytes = Uint8Array.from({ length: 320 }, (_, i) => i % 256);
    const seen = new Set<string>();
    for (let i = 0; i < 32; i++) for (const c of diplomaCodeFrom(bytes.subarray(i * 10, i * 10 + 10))) seen.add(c);
    expect(seen.size).toBe(32);
  });

  it("accepts what people type: any case, spaces or dashes, O for 0 and I/L for 1", () => {
    expect(normalizeDiplomaCode("7k3q9-x2mva")).toBe("7K3Q9X2MVA");
    expect(normalizeDiplomaCode(" 7K3Q9 X2MVA ")).toBe("7K3Q9X2MVA");
    expect(normalizeDiplomaCode("O1LI0-ABCDE")).toBe("01110ABCDE");
    expect(normalizeDiplomaCode("7K3Q9X2MV")).toBeNull();
    expect(normalizeDiplomaCode("7K3Q9X2MVU")).toBeNull();
    expect(normalizeDiplomaCode("")).toBeNull();
    expect(normalizeDiplomaCode(null)).toBeNull();
  });

  it("prints in two groups and names the download after the course", () => {
    expect(formatDiplomaCode("7K3Q9X2MVA")).toBe("7K3Q9-X2MVA");
    expect(diplomaVerifyPath("7K3Q9X2MVA")).toBe("/diploma/7K3Q9X2MVA");
    expect(diplomaFileName("Igiena și sterilizarea instrumentelor", "7K3Q9X2MVA")).toBe("diploma-igiena-si-sterilizarea-instrumentelor-7K3Q9X2MVA.pdf");
    expect(diplomaFileName("!!!", "7K3Q9X2MVA")).toBe("diploma-7K3Q9X2MVA.pdf");
  });
});
