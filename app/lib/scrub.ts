/**
 * Personal data out of an error message before it is stored or shown (/admin/sistem's last
 * errors, the crash-loop reasons): e-mail addresses, URLs' query strings, IP addresses, UUIDs,
 * long tokens and every number (phone numbers, ids, amounts, personal numeric codes, card
 * numbers) are replaced by placeholders. Messages that differ only in these become equal, so the
 * errors group by what went wrong, not by whom it happened to.
 */
const EMAIL = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[A-Za-z]{2,}/g;
const QUERY = /\?[^\s"'<>)]*/g;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}\b/gi;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
/** 16 or more letters, digits, "_" or "-" with at least one digit: a token, key, hash or id. */
const TOKEN = /\b(?=[A-Za-z_-]*\d)[A-Za-z0-9_-]{16,}\b/g;
/** Digits, with the spaces, dots, dashes or slashes that group them ("+40 721 234 567"). */
const NUMBER = /\+?\d(?:[\d.,/ -]*\d)?/g;

export function scrubPersonalData(text: string, maxLength = 300): string {
  const scrubbed = text
    .replace(EMAIL, "<e-mail>")
    .replace(QUERY, "?…")
    .replace(UUID, "<id>")
    .replace(IPV4, "<ip>")
    .replace(IPV6, "<ip>")
    .replace(TOKEN, "<cod>")
    .replace(NUMBER, "#")
    .replace(/\s+/g, " ")
    .trim();
  return scrubbed.length > maxLength ? `${scrubbed.slice(0, maxLength - 1)}…` : scrubbed;
}
