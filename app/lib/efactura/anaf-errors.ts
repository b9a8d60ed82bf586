/**
 * ANAF's validation messages in plain Romanian for the admin. ANAF answers with the rule code
 * and the EN 16931 / CIUS-RO text ("E: validari globale eroare: [BR-CO-25]-In case the Amount
 * due…"); the known rules get an explanation of what is wrong and what to do, any other message
 * is shown as ANAF wrote it.
 */

const KNOWN: Record<string, string> = {
  "BR-CO-25": "Factura are un rest de plată, dar nu are nici data scadenței, nici termenii de plată.",
  "BR-E-02": "Factura scutită de TVA (categoria E) nu are codul fiscal al vânzătorului.",
  "BR-RO-065": "La scutirea de TVA (categoria E) lipsește codul de TVA al vânzătorului.",
  "BR-O-02": "O factură fără TVA (neplătitor, categoria O) nu poate avea codul de TVA al cumpărătorului.",
  "BR-CO-10": "Suma valorilor liniilor nu este egală cu totalul fără TVA al facturii.",
  "BR-CO-13": "Totalul fără TVA nu corespunde liniilor, reducerilor și taxelor suplimentare.",
  "BR-CO-15": "Totalul cu TVA nu este egal cu totalul fără TVA plus TVA.",
  "BR-S-08": "Baza de impozitare pe cota de TVA nu corespunde liniilor cu acea cotă.",
  "BR-RO-100": "Adresa cumpărătorului sau a vânzătorului nu are localitatea.",
  "BR-RO-110": "În București, localitatea trebuie să fie sectorul (SECTOR1 … SECTOR6).",
  "BR-RO-120": "Județul trebuie să fie codul ISO (de ex. RO-CT, RO-B).",
};

export interface ExplainedError {
  rule: string | null;
  /** Plain Romanian when the rule is known, else null. */
  explanation: string | null;
  /** ANAF's own text, as received. */
  original: string;
}

export function explainAnafError(message: string): ExplainedError {
  const rule = /\[(BR-[A-Z0-9-]+?)\]/.exec(message)?.[1] ?? /\b(BR-[A-Z]+-\d+|BR-\d+)\b/.exec(message)?.[1] ?? null;
  if (rule && KNOWN[rule]) return { rule, explanation: KNOWN[rule], original: message };
  if (/CIF-ul vanzatorului|drept in SPV/i.test(message)) {
    return { rule: null, explanation: "CIF-ul vânzătorului din factură nu este firma conectată la ANAF (verificați CUI-ul în setări).", original: message };
  }
  if (/nu este valid|SAXParse|prolog/i.test(message)) return { rule: null, explanation: "Fișierul XML nu a putut fi citit de ANAF.", original: message };
  return { rule, explanation: null, original: message };
}
