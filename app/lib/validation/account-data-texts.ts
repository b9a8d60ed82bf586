/**
 * The zod-free words of "Șterge contul" (/cont/sterge): the page shows them without loading zod;
 * the schema is in `account-data.ts`, which re-exports them.
 */
export const DELETE_ACCOUNT_MESSAGES = {
  deleted: "Contul tău a fost șters. Ți-am trimis confirmarea pe email.",
  failed: "Contul nu a putut fi șters. Încearcă din nou.",
} as const;

/** What happens to each kind of data when the account is deleted (shown before the form). */
export const DELETION_EXPLANATION = [
  "Nu te vei mai putea autentifica, iar adresa ta de email, numele, telefonul și adresa sunt șterse din cont.",
  "Progresul la cursuri, sesiunile deschise și coșul sunt șterse.",
  "Comenzile le păstrăm pe perioada de arhivare cerută de legislația fiscală (contabilitate), fără datele tale de contact: rămân doar ce a fost cumpărat, sumele și datele.",
  "Facturile emise sunt documente fiscale și nu pot fi modificate: le păstrăm exact cum au fost emise, pe aceeași perioadă.",
  "Diplomele rămân verificabile după cod. Poți alege mai jos să fie afișate fără numele tău.",
  "Îți trimitem un email de confirmare la adresa contului.",
] as const;
