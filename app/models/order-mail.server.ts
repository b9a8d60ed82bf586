/**
 * Romanian e-mails about orders (plain text and HTML): the buyer's summary with transfer
 * instructions, the business notification, payment confirmation and cancellation; and the
 * order as those e-mails see it (its lines in order, an in-person course's next session).
 */
import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { courseSessions, courses } from "../../db/schema";
import { formatSessionDays } from "~/lib/sessions";
import { toSessionView } from "~/models/course-session.server";
import { WITHDRAWAL_FORM_PATHS } from "~/lib/withdrawal-form";
import { vatSuffix } from "~/lib/vat-display";
import { currentVatDisplay } from "~/models/invoice-settings.server";
import { getConfig } from "~/config.server";
import { formatDate } from "~/lib/dates";
import { formatMoney, formatPrice } from "~/lib/money";
import { formatAccess } from "~/lib/pricing";
import { DIGITAL_CONSENT_TEXT, EARLY_START_TEXT, WITHDRAWAL_WAIVER_TEXT } from "~/lib/validation/checkout";
import type { MailMessage } from "~/services/mail.server";
import { escapeHtml, renderMail } from "~/models/mail-templates.server";
import type { OrderLineRow, OrderRow } from "~/models/order.server";

export interface OrderForMail {
  reference: string;
  status: string;
  paymentMethod: "bank_transfer" | "card" | "free";
  totalBani: number;
  fullTotalBani: number;
  /** Delivery fee of the products (included in totalBani). */
  shippingBani?: number;
  /** How the products reach the buyer (orders with products), as one line. */
  deliveryText?: string | null;
  billingName: string;
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
  createdAt: Date;
  digitalContentConsentAt: Date | null;
  withdrawalWaiverAt: Date | null;
  /** The express request that an in-person course start within the withdrawal period. */
  earlyStartRequestedAt?: Date | null;
  lines: Array<{
    category: "physical" | "online" | "product";
    title: string;
    days: number | null;
    accreditation: boolean;
    advancePayment: boolean;
    amountBani: number;
    fullAmountBani: number;
    quantity?: number;
    /** In-person course: the course's next session (date) when the mail was written; null = not set yet. */
    sessionOn?: string | null;
    /** In-person course: the session bought, "12–16/05/2027, 09:00–17:00, <place>" ("" without one). */
    sessionLabel?: string;
    /** In-person course with a session, read when the mail was written: its days, hours and place. */
    sessionWhen?: { days: string; hours: string; place: string } | null;
  }>;
}

/**
 * In-person courses of a confirmed order: when and where (issue 20, item 7). The place is the
 * academy's address (the business address; the courses take place in its room).
 */
function sessionsText(order: OrderForMail): string | null {
  const physical = order.lines.filter((l) => l.category === "physical" && l.sessionOn !== undefined);
  if (physical.length === 0) return null;
  const place = getConfig().business.address;
  const rows = physical.map((l) =>
    l.sessionWhen
      ? `- ${l.title}: ${l.sessionWhen.days}, între orele ${l.sessionWhen.hours}; locul: ${l.sessionWhen.place}`
      : `- ${l.title}: ${l.sessionOn ? `începe pe ${formatDate(l.sessionOn)}` : "data de început ți-o comunicăm în curând"}; locul: ${place}`,
  );
  return `Când și unde te așteptăm:\n${rows.join("\n")}`;
}

function lineDescription(line: OrderForMail["lines"][number]): string {
  if (line.category === "product") return (line.quantity ?? 1) > 1 ? `${line.title} × ${line.quantity}` : line.title;
  if (line.category === "online") return `${line.title} (curs online, acces ${formatAccess(line.days)})`;
  const session = line.sessionLabel ? `, sesiunea ${line.sessionLabel}` : "";
  return `${line.title} (curs fizic, ${formatAccess(line.days)}, ${line.accreditation ? "cu acreditare" : "fără acreditare"}${session})`;
}

function lineAmount(line: OrderForMail["lines"][number]): string {
  return line.advancePayment ? `${formatPrice(line.amountBani)} (doar avans)` : formatPrice(line.amountBani);
}

/** The delivery fee as its own line of the order (products only). */
function shippingLine(order: OrderForMail): [string, string] | null {
  if (!order.lines.some((l) => l.category === "product")) return null;
  return ["Livrare", order.shippingBani ? formatPrice(order.shippingBani) : "Gratuit"];
}

function linesText(order: OrderForMail): string {
  const shipping = shippingLine(order);
  return [...order.lines.map((l) => `- ${lineDescription(l)}: ${lineAmount(l)}`), ...(shipping ? [`- ${shipping[0]}: ${shipping[1]}`] : [])].join("\n");
}

function linesHtml(order: OrderForMail): string {
  const shipping = shippingLine(order);
  const rows = [...order.lines.map((l) => [lineDescription(l), lineAmount(l)] as const), ...(shipping ? [shipping] : [])]
    .map(
      ([what, amount]) =>
        `<tr><td style="padding:6px 0;border-bottom:1px solid #f1e4e6">${escapeHtml(what)}</td><td align="right" style="padding:6px 0;border-bottom:1px solid #f1e4e6;white-space:nowrap">${escapeHtml(amount)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}<tr><td style="padding:8px 0;font-weight:bold">Total de plată${vatSuffix(currentVatDisplay())}</td><td align="right" style="padding:8px 0;font-weight:bold">${escapeHtml(formatMoney(order.totalBani))}</td></tr></table>`;
}

function balanceText(order: OrderForMail): string | null {
  const balance = order.fullTotalBani - order.totalBani;
  return balance > 0 ? `Restul de ${formatMoney(balance)} se achită la începutul cursului.` : null;
}

/** What the buyer confirmed at checkout, repeated on a durable medium (the e-mail). */
function consentText(order: OrderForMail): string | null {
  const given = [
    ...(order.digitalContentConsentAt ? [DIGITAL_CONSENT_TEXT, WITHDRAWAL_WAIVER_TEXT] : []),
    ...(order.earlyStartRequestedAt ? [EARLY_START_TEXT] : []),
  ];
  const at = order.digitalContentConsentAt ?? order.earlyStartRequestedAt;
  if (!at || given.length === 0) return null;
  return `La plasarea comenzii (${formatDate(at)}) ai confirmat:\n${given.map((text) => `- ${text}`).join("\n")}`;
}

/** Products and in-person courses carry the 14-day withdrawal right: where to read it and the model form. */
function withdrawalText(order: OrderForMail, publicUrl: string): string | null {
  if (!order.lines.some((l) => l.category === "product" || l.category === "physical")) return null;
  return `Dreptul de retragere (14 zile) și condițiile lui: ${publicUrl}/retur\nFormularul-tip de retragere: ${publicUrl}${WITHDRAWAL_FORM_PATHS.pdf}`;
}

function transferText(order: OrderForMail): string {
  const { business } = getConfig();
  return [
    `Beneficiar: ${business.accountHolder}`,
    `IBAN: ${business.iban}`,
    `Banca: ${business.bank}`,
    `Suma: ${formatMoney(order.totalBani)}`,
    `Detalii plată: ${order.reference}`,
    `Dovada plății o poți trimite la ${business.email}.`,
  ].join("\n");
}

const paragraphs = (text: string) =>
  text
    .split("\n\n")
    .map((p) => `<p style="margin:0 0 14px">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");

/** Plain-text parts → the HTML body (escaped) and the text body of renderMail. */
function body(parts: Array<string | null>, extraHtml = "") {
  const present = parts.filter((p): p is string => Boolean(p));
  return { bodyText: present.join("\n\n"), bodyHtml: extraHtml + paragraphs(present.join("\n\n")) };
}

/** To the buyer, when the order is placed. */
export function orderPlacedMail(order: OrderForMail): MailMessage {
  const { publicUrl } = getConfig();
  const intro =
    order.paymentMethod === "free"
      ? `Te-ai înscris cu succes. Comanda ${order.reference} este confirmată, iar cursurile sunt disponibile în contul tău.`
      : order.paymentMethod === "card"
        ? `Am înregistrat comanda ${order.reference}. Îți confirmăm pe e-mail imediat ce plata cu cardul este procesată.`
        : `Am înregistrat comanda ${order.reference}. Cursurile devin disponibile după ce confirmăm plata prin transfer bancar.`;
  const subject =
    order.paymentMethod === "free" ? `Înscriere confirmată – ${order.reference}` : `Comanda ${order.reference} a fost înregistrată`;
  const content = body([
    `Bună, ${order.billingName}!`,
    intro,
    `Comanda ta:\n${linesText(order)}\nTotal de plată: ${formatMoney(order.totalBani)}${vatSuffix(currentVatDisplay())}`,
    balanceText(order),
    order.paymentMethod === "free" ? sessionsText(order) : null,
    order.paymentMethod === "bank_transfer" ? `Date pentru transfer:\n${transferText(order)}` : null,
    consentText(order),
    withdrawalText(order, publicUrl),
    order.deliveryText ? `Livrare: ${order.deliveryText}` : null,
    `Adresa de facturare: ${order.billingAddress}`,
    "Îți mulțumim!",
  ]);
  return renderMail(order.billingEmail, subject, {
    title: order.paymentMethod === "free" ? "Înscriere confirmată" : "Comanda a fost înregistrată",
    ...content,
    bodyHtml: linesHtml(order) + content.bodyHtml,
    action: { label: "Vezi contul tău", url: `${publicUrl}/cont#facturi` },
  });
}

/** To the business, when an order is placed. */
export function orderPlacedBusinessMail(order: OrderForMail): MailMessage {
  const { business, publicUrl } = getConfig();
  const method = { bank_transfer: "transfer bancar", card: "card", free: "gratuit" }[order.paymentMethod];
  const subject = `Comandă nouă ${order.reference} – ${formatMoney(order.totalBani)}`;
  return renderMail(business.email, subject, {
    title: `Comandă nouă ${order.reference}`,
    ...body([
      `De la ${order.billingName} <${order.billingEmail}>, tel. ${order.billingPhone || "-"}; plată: ${method}.`,
      linesText(order),
      `Total de plată: ${formatMoney(order.totalBani)}`,
      order.deliveryText ? `Livrare: ${order.deliveryText}` : null,
      `Adresa de facturare: ${order.billingAddress}`,
    ]),
    action: { label: "Deschide comenzile", url: `${publicUrl}/admin/comenzi` },
  });
}

/** To the buyer, when the payment is confirmed (bank transfer by the admin, or card IPN). */
export function paymentConfirmedMail(order: OrderForMail, doublePaid: string[] = []): MailMessage {
  const { publicUrl } = getConfig();
  return renderMail(order.billingEmail, `Plata a fost confirmată – ${order.reference}`, {
    title: "Plata a fost confirmată",
    ...body([
      `Bună, ${order.billingName}!`,
      `Plata pentru comanda ${order.reference} a fost confirmată. Cursurile sunt disponibile în contul tău.`,
      doublePaid.length > 0
        ? `Aveai deja acces la ${doublePaid.join(", ")} printr-o altă comandă, așa că această plată a fost făcută de două ori. Îți vom returna suma; te contactăm în cel mai scurt timp.`
        : null,
      `Comanda ta:\n${linesText(order)}\nTotal plătit: ${formatMoney(order.totalBani)}${vatSuffix(currentVatDisplay())}`,
      sessionsText(order),
      balanceText(order),
      consentText(order),
      "Îți mulțumim și spor la învățat!",
    ]),
    action: { label: "Mergi la cursurile mele", url: `${publicUrl}/cont#cursuri-active` },
  });
}

/** To the buyer, when the order is cancelled, its payment failed or was refunded. */
export function orderCancelledMail(order: OrderForMail, reason: "cancelled" | "failed" | "refunded", accessClosed = true): MailMessage {
  const what = {
    cancelled: `Comanda ${order.reference} a fost anulată. Dacă ai făcut deja transferul, scrie-ne și rezolvăm.`,
    failed: `Plata cu cardul pentru comanda ${order.reference} nu a reușit. Poți încerca din nou din coș.`,
    refunded: `Plata pentru comanda ${order.reference} a fost rambursată.${accessClosed ? " Accesul la cursurile comenzii a fost închis." : ""}`,
  }[reason];
  const title = { cancelled: "Comandă anulată", failed: "Plata nu a reușit", refunded: "Plată rambursată" }[reason];
  return renderMail(order.billingEmail, `${title} – ${order.reference}`, {
    title,
    ...body([`Bună, ${order.billingName}!`, what, `Comanda:\n${linesText(order)}`]),
  });
}

/** To the business, when a paid order bought courses the buyer already had: refund it. */
export function doublePaymentBusinessMail(order: OrderForMail & { id: string }, doublePaid: string[]): MailMessage {
  const { business, publicUrl } = getConfig();
  return renderMail(business.email, `Plată dublă – necesită rambursare – ${order.reference}`, {
    title: `Plată dublă la comanda ${order.reference}`,
    ...body([
      `${order.billingName} <${order.billingEmail}> a plătit comanda ${order.reference} (${formatMoney(order.totalBani)}), dar avea deja acces la ${doublePaid.join(", ")} printr-o altă comandă plătită.`,
      "Comanda a fost înregistrată ca plătită și marcată „Plată dublă – necesită rambursare”. Rambursează suma din contul NETOPIA (sau prin transfer) și verifică istoricul comenzii.",
    ]),
    action: { label: "Deschide comanda", url: `${publicUrl}/admin/comenzi/${order.id}` },
  });
}

// ─── An order as its e-mails see it ─────────────────────────────────────────────────────────

/** The mail shape of an order and its lines, in the order they were bought. */
export function toMailShape(order: OrderRow, lines: OrderLineRow[]): OrderForMail & { id: string } {
  return { ...order, lines: [...lines].sort((a, b) => a.position - b.position) };
}

/** The mail shape with each in-person course's next session date (the confirmation says when). */
export async function mailWithSessions(executor: Executor, order: OrderRow, lines: OrderLineRow[]): Promise<OrderForMail & { id: string }> {
  const mail = toMailShape(order, lines);
  const ids = lines.flatMap((l) => (l.category === "physical" && l.courseId !== null ? [l.courseId] : []));
  if (ids.length === 0) return mail;
  const rows = await executor.select({ id: courses.id, nextSessionOn: courses.nextSessionOn }).from(courses).where(inArray(courses.id, ids));
  const dates = new Map(rows.map((r) => [r.id, r.nextSessionOn]));
  const sessionIds = lines.flatMap((l) => (l.sessionId !== null ? [l.sessionId] : []));
  const sessionRows = sessionIds.length ? await executor.select().from(courseSessions).where(inArray(courseSessions.id, sessionIds)) : [];
  const sessions = new Map(sessionRows.map((r) => [r.id, toSessionView(r)]));
  const sorted = [...lines].sort((a, b) => a.position - b.position);
  return {
    ...mail,
    lines: sorted.map((l) => {
      if (l.category !== "physical") return l;
      const session = l.sessionId !== null ? sessions.get(l.sessionId) : undefined;
      if (session) return { ...l, sessionOn: session.startsOn, sessionWhen: { days: formatSessionDays(session.dates), hours: `${session.startTime}–${session.endTime}`, place: session.place } };
      return { ...l, sessionOn: (l.courseId !== null ? dates.get(l.courseId) : null) ?? null };
    }),
  };
}
