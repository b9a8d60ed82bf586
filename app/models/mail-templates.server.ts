/**
 * E-mail templates in Romanian: plain text plus HTML in one small shared layout (brand from
 * the configuration). Every user-provided value is escaped before it goes into HTML. Other
 * e-mails (orders, enrolments) build their body and call `renderMail`.
 */
import { getConfig } from "~/config.server";
import type { MailMessage } from "~/services/mail.server";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

export interface MailContent {
  /** Heading at the top of the message (plain text; escaped here). */
  title: string;
  /** HTML paragraphs of the body: build them with `escapeHtml` for anything user-provided. */
  bodyHtml: string;
  /** The same content as plain text. */
  bodyText: string;
  /** An optional call-to-action button. */
  action?: { label: string; url: string };
}

/** The shared layout: brand header, content, a footer with the company details. */
export function renderMail(to: string, subject: string, content: MailContent): MailMessage {
  const { brand, name, address, phone, email } = getConfig().business;
  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#b8325a;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 24px;border-radius:999px">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#6e5d72">Dacă butonul nu funcționează, copiază acest link în browser:<br><a href="${escapeHtml(content.action.url)}" style="color:#b8325a;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="ro">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#fbeee9;font-family:Arial,Helvetica,sans-serif;color:#2b1b2e;line-height:1.6">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fbeee9;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:14px;border:1px solid #ead9da">
<tr><td style="padding:24px 32px;border-bottom:1px solid #ead9da;font-family:Georgia,serif;font-size:22px;color:#b8325a">${escapeHtml(brand)}</td></tr>
<tr><td style="padding:28px 32px">
<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${content.bodyHtml}
${button}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #ead9da;font-size:12px;color:#6e5d72">${escapeHtml(name)} · ${escapeHtml(address)}<br>${escapeHtml(phone)} · <a href="mailto:${escapeHtml(email)}" style="color:#6e5d72">${escapeHtml(email)}</a></td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  const actionText = content.action ? `\n\n${content.action.label}:\n${content.action.url}` : "";
  const text = `${content.title}\n\n${content.bodyText}${actionText}\n\n--\n${brand}\n${name}, ${address}\n${phone} · ${email}\n`;
  return { to, subject, text, html };
}

function noticeMail(to: string, subject: string, title: string, lines: string[]): MailMessage {
  return renderMail(to, subject, {
    title,
    bodyHtml: lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join("\n"),
    bodyText: lines.join("\n\n"),
  });
}

/** To the old address, after the account's e-mail was changed. */
export function emailChangedMail(input: { to: string; name: string; newEmail: string }): MailMessage {
  const { brand, email } = getConfig().business;
  return noticeMail(input.to, `Adresa de email a fost schimbată – ${brand}`, "Adresa de email a fost schimbată", [
    `Bună, ${input.name}!`,
    `Adresa de email a contului tău ${brand} a fost schimbată în ${input.newEmail}. De acum, emailurile și resetările de parolă merg la noua adresă.`,
    `Dacă nu ai făcut tu această schimbare, scrie-ne imediat la ${email}.`,
  ]);
}

/** To the account's address, after its password was changed on /cont. */
export function passwordChangedMail(input: { to: string; name: string }): MailMessage {
  const { brand, email } = getConfig().business;
  return noticeMail(input.to, `Parola a fost schimbată – ${brand}`, "Parola a fost schimbată", [
    `Bună, ${input.name}!`,
    `Parola contului tău ${brand} a fost schimbată, iar celelalte sesiuni deschise au fost închise.`,
    `Dacă nu ai făcut tu această schimbare, resetează-ți parola și scrie-ne la ${email}.`,
  ]);
}

export function passwordResetMail(input: { to: string; name: string; link: string }): MailMessage {
  const brand = getConfig().business.brand;
  const hello = `Bună, ${input.name}!`;
  const lines = [
    `Am primit o cerere de resetare a parolei pentru contul tău ${brand}.`,
    `Apasă pe butonul de mai jos pentru a alege o parolă nouă. Linkul este valabil o oră și poate fi folosit o singură dată.`,
    "Dacă nu ai cerut tu resetarea, ignoră acest email: parola ta rămâne neschimbată.",
  ];
  return renderMail(input.to, `Resetarea parolei – ${brand}`, {
    title: "Resetarea parolei",
    bodyHtml: [hello, ...lines].map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join("\n"),
    bodyText: [hello, ...lines].join("\n\n"),
    action: { label: "Alege o parolă nouă", url: input.link },
  });
}

/** To the address of an account that was just deleted from /cont ("Șterge contul"). */
export function accountDeletedMail(input: { to: string; name: string; hideDiplomaName: boolean }): MailMessage {
  const { brand, email } = getConfig().business;
  return noticeMail(input.to, `Contul tău a fost șters – ${brand}`, "Contul tău a fost șters", [
    `Bună, ${input.name}!`,
    `Contul tău ${brand} a fost șters la cererea ta. Nu te mai poți autentifica, iar progresul la cursuri și sesiunile deschise au fost șterse.`,
    `Comenzile și facturile le păstrăm pe perioada de arhivare cerută de legislația fiscală: comenzile fără datele tale de contact, facturile exact cum au fost emise (sunt documente fiscale și nu pot fi modificate).`,
    input.hideDiplomaName
      ? `Diplomele rămân verificabile după cod, fără numele tău.`
      : `Diplomele rămân verificabile după cod, cu numele tău, așa cum au fost emise.`,
    `Dacă nu ai cerut tu ștergerea, scrie-ne imediat la ${email}.`,
  ]);
}

/** To the buyer, when the rest of an advance order was collected: the final invoice (PDF attached when sent). */
export function finalInvoiceMail(input: { to: string; name: string; reference: string; invoiceNumber: string; restText: string; courses: string[] }): MailMessage {
  const lines = [
    `Bună, ${input.name}!`,
    `Am primit restul de plată pentru comanda ${input.reference} (${input.courses.join(", ")}): ${input.restText}.`,
    `Îți trimitem atașată factura finală ${input.invoiceNumber}, care scade avansul facturat la înscriere. O găsești și în contul tău, la Facturi.`,
  ];
  return renderMail(input.to, `Factura finală ${input.invoiceNumber} – ${input.reference}`, {
    title: "Restul a fost încasat",
    bodyHtml: lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join("\n"),
    bodyText: lines.join("\n\n"),
    action: { label: "Vezi facturile din cont", url: `${getConfig().publicUrl}/cont#facturi` },
  });
}

/**
 * To the buyer, when a document ANAF rejected was corrected (issue 24): the credit note cancelling
 * it and the new document, both attached when sent, like the first one was.
 */
export function correctedInvoiceMail(input: { to: string; name: string; reference: string; original: string; credit: string | null; replacement: string }): MailMessage {
  const lines = [
    `Bună, ${input.name}!`,
    input.credit
      ? `Am corectat documentul ${input.original} pentru comanda ${input.reference}: l-am anulat prin stornarea ${input.credit} și am emis documentul nou ${input.replacement}, cu aceleași produse și sume.`
      : `Am corectat documentul ${input.original} pentru comanda ${input.reference}: l-am înlocuit cu documentul ${input.replacement}, cu aceleași produse și sume.`,
    "Îți trimitem atașate documentele. Nu ai nimic de plătit în plus. Le găsești și în contul tău, la Facturi.",
  ];
  return renderMail(input.to, `Factura corectată ${input.replacement} – ${input.reference}`, {
    title: "Factura a fost corectată",
    bodyHtml: lines.map((line) => `<p style="margin:0 0 14px">${escapeHtml(line)}</p>`).join("\n"),
    bodyText: lines.join("\n\n"),
    action: { label: "Vezi facturile din cont", url: `${getConfig().publicUrl}/cont#facturi` },
  });
}
