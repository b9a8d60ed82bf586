/** The Romanian texts of the account journeys (docs/product.md §8 Account), shared by routes and tests. */
export const ACCOUNT_MESSAGES = {
  loginSuccess: "Autentificare reușită! Redirect în cont...",
  loginFailed: "Eroare la autentificare.",
  wrongCredentials: "Email sau parolă incorectă.",
  logoutSuccess: "Te-ai deconectat cu succes!",
  logoutFailed: "Eroare la deconectare",
  registerSuccess: "Utilizator creat cu succes",
  registerFailed: "A apărut o eroare la înregistrare.",
  resetRequested: "Cerere trimisă cu succes!",
  resetRequestFailed: "Eroare la resetarea parolei",
  resetFailed: "Eroare la resetarea parolei.",
  passwordChanged: "Parola a fost schimbată cu succes! Te poți autentifica cu parola nouă.",
  updateSuccess: "Date actualizate cu succes!",
  marketingOn: "Te-ai abonat la noutăți pe e-mail.",
  marketingOff: "Nu îți mai trimitem noutăți pe e-mail.",
  updateFailed: "Eroare la actualizare",
  enrollmentsFailed: "Eroare la încărcarea înregistrărilor",
  resetLinkExpired: "Linkul de resetare a parolei a expirat.",
  resetLinkUsed: "Linkul de resetare a parolei a fost deja folosit.",
  resetLinkInvalid: "Linkul de resetare a parolei nu este valid.",
} as const;

/** "Prea multe încercări. Încercați din nou peste 15 minute." with Romanian plural rules. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Prea multe încercări. Încercați din nou peste ${minutesText(minutes)}.`;
}

/** 1 minut, 2–19 minute, 20+ de minute (numerals from 20 take "de"; 101–119 do not). */
export function minutesText(minutes: number): string {
  if (minutes === 1) return "1 minut";
  const lastTwo = minutes % 100;
  const withDe = minutes >= 20 && (lastTwo === 0 || lastTwo >= 20);
  return `${minutes} ${withDe ? "de " : ""}minute`;
}
