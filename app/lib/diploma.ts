/**
 * Diploma verification codes: 10 characters of Crockford's base32 (digits and capitals without
 * I, L, O, U: nothing to mistake when typed from paper), 50 random bits. Printed in two groups
 * of five ("7K3Q9-X2MVA"); any grouping, case or look-alike letter is accepted when checked.
 */
import { slugify } from "~/lib/slug";
export const DIPLOMA_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const DIPLOMA_CODE_LENGTH = 10;

/** A code from random bytes (at least 10; each byte gives one character, 5 bits of it). */
export function diplomaCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < DIPLOMA_CODE_LENGTH) throw new Error("need 10 random bytes");
  let code = "";
  for (let i = 0; i < DIPLOMA_CODE_LENGTH; i++) code += DIPLOMA_CODE_ALPHABET[bytes[i] & 31];
  return code;
}

export function isDiplomaCode(value: string): boolean {
  return new RegExp(`^[${DIPLOMA_CODE_ALPHABET}]{${DIPLOMA_CODE_LENGTH}}$`).test(value);
}

/** What a person typed or scanned → the stored form, or null when it cannot be a code. */
export function normalizeDiplomaCode(value: string | null | undefined): string | null {
  if (!value) return null;
  const code = value
    .toUpperCase()
    .replace(/[\s-]+/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return isDiplomaCode(code) ? code : null;
}

/** "7K3Q9X2MVA" → "7K3Q9-X2MVA". */
export function formatDiplomaCode(code: string): string {
  return code.length === DIPLOMA_CODE_LENGTH ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** Public verification page of a diploma. */
export function diplomaVerifyPath(code: string): string {
  return `/diploma/${code}`;
}

/** Download file name: "diploma-igiena-si-sterilizarea-instrumentelor-7K3Q9X2MVA.pdf". */
export function diplomaFileName(courseTitle: string, code: string): string {
  const slug = slugify(courseTitle);
  return `diploma-${slug ? `${slug}-` : ""}${code}.pdf`;
}
