/**
 * The model withdrawal form of OUG nr. 34/2014 anexa nr. 2 (Directiva 2011/83/UE anexa I
 * partea B), in its official Romanian wording, with the business's name, postal address and
 * e-mail filled in where the model asks for them. The same lines make the .txt and the .pdf
 * downloads of /retur. Pure.
 */
export interface WithdrawalFormBusiness {
  name: string;
  address: string;
  email: string;
  phone: string;
}

export const WITHDRAWAL_FORM_PATHS = { pdf: "/retur/formular-retragere.pdf", txt: "/retur/formular-retragere.txt" } as const;
export const WITHDRAWAL_FORM_FILE = "formular-retragere";
export const WITHDRAWAL_FORM_TITLE = "Formular-tip de retragere";

export interface WithdrawalForm {
  title: string;
  /** The line under the title: when to send the form. */
  intro: string;
  /** The model's lines, each to be completed by the consumer after the colon / dots. */
  lines: string[];
  footnote: string;
  source: string;
}

export function withdrawalForm(business: WithdrawalFormBusiness): WithdrawalForm {
  return {
    title: WITHDRAWAL_FORM_TITLE,
    intro: "(completați și returnați acest formular numai dacă doriți să vă retrageți din contract)",
    lines: [
      `Către ${business.name}, ${business.address}, e-mail: ${business.email}, telefon: ${business.phone}`,
      "Vă informez/Vă informăm (*) prin prezenta cu privire la retragerea mea/noastră (*) din contractul referitor la vânzarea următoarelor produse (*)/prestarea următoarelor servicii (*): ....................................................",
      "Comandate la data (*)/primite la data (*): ....................",
      "Numărul comenzii (opțional): ....................",
      "Numele consumatorului/consumatorilor: ....................................................",
      "Adresa consumatorului/consumatorilor: ....................................................",
      "Semnătura consumatorului/consumatorilor (numai în cazul în care acest formular este notificat pe hârtie): ....................",
      "Data: ....................",
    ],
    footnote: "(*) Se elimină după caz.",
    source: "Modelul de formular de retragere din anexa nr. 2 la OUG nr. 34/2014 privind drepturile consumatorilor. Folosirea lui nu este obligatorie.",
  };
}

/** The form as plain text (CRLF line ends, so it opens well in every editor). */
export function withdrawalFormText(business: WithdrawalFormBusiness): string {
  const form = withdrawalForm(business);
  return [form.title, form.intro, "", ...form.lines.flatMap((line) => [`— ${line}`, ""]), form.footnote, "", form.source, ""].join("\r\n");
}
