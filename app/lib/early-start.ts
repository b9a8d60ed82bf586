/**
 * An in-person course that starts (or has started) within the 14-day withdrawal period of a
 * distance contract. A consumer who wants such a service to begin before the period ends must
 * ask for it expressly; otherwise a withdrawal after the start would cost them nothing for the
 * days already taught (Directive 2011/83/EU art. 7(3), 8(8) and 14(3), transposed by OUG
 * 34/2014). The checkout asks for that request, the order keeps when it was made and the order
 * e-mail confirms it. Pure: dates are Bucharest calendar days (YYYY-MM-DD).
 */
export const WITHDRAWAL_DAYS = 14;

const dayNumber = (isoDate: string) => {
  const [y, m, d] = isoDate.split("-").map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** The session starts on or before the last day of the withdrawal period that begins today. */
export function startsWithinWithdrawal(sessionOn: string | null, today: string): boolean {
  if (!sessionOn) return false;
  return dayNumber(sessionOn) - dayNumber(today) <= WITHDRAWAL_DAYS;
}
