/** Romanian e-mails about delivering an order's products (issue 16): shipped with the AWB. */
import { getConfig } from "~/config.server";
import type { MailMessage } from "~/services/mail.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";

export interface ShippedMailInput {
  reference: string;
  billingName: string;
  billingEmail: string;
  methodName: string;
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  addressLine: string | null;
}

/** To the buyer, when the admin marks the order shipped. */
export function orderShippedMail(input: ShippedMailInput): MailMessage {
  const { publicUrl } = getConfig();
  const parts = [
    `Bună, ${input.billingName}!`,
    `Comanda ${input.reference} a fost expediată (${input.methodName}).`,
    `Curier: ${input.courierName}\nNumăr AWB: ${input.awb}${input.trackingUrl ? `\nUrmărire: ${input.trackingUrl}` : ""}`,
    input.addressLine ? `Livrare la: ${input.addressLine}` : null,
    "Ai 14 zile de la primire pentru a returna produsele sigilate (vezi Politica de returnare).",
    "Îți mulțumim!",
  ].filter((p): p is string => Boolean(p));
  const bodyText = parts.join("\n\n");
  const bodyHtml = parts.map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("");
  return renderMail(input.billingEmail, `Comanda ${input.reference} a fost expediată – AWB ${input.awb}`, {
    title: "Comanda a fost expediată",
    bodyText,
    bodyHtml,
    action: input.trackingUrl
      ? { label: "Urmărește coletul", url: input.trackingUrl }
      : { label: "Vezi comenzile tale", url: `${publicUrl}/cont#facturi` },
  });
}
