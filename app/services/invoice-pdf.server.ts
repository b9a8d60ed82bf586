/**
 * The invoice / credit note as a PDF (Fiscal Code art. 319 content): A4 portrait, drawn with
 * pdf-lib in the DejaVu fonts of the diploma (Romanian diacritics), brand colours, text no
 * smaller than 8.5 pt so a phone zoomed to the page width reads it.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { formatDate } from "~/lib/dates";
import { contentDisposition } from "~/lib/http-range";
import { RO_COUNTIES } from "~/lib/fiscal-ids";
import { INVOICE_KIND_LABELS, vatMention } from "~/lib/invoice-lines";
import { sellerTaxId } from "~/lib/efactura/ubl";
import { formatAmount } from "~/lib/money";
import { PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { splitVat } from "~/lib/vat";
import type { InvoiceDocument } from "~/models/invoice.server";
import { loadFontBytes } from "~/services/diploma-pdf.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.169, 0.106, 0.18);
const MUTED = rgb(0.431, 0.365, 0.447);
const ROSE = rgb(0.722, 0.196, 0.353);
const ROSE_SOFT = rgb(0.969, 0.859, 0.886);
const LINE = rgb(0.85, 0.8, 0.84);

/** Word-wraps text to a width at a size (paragraphs split on line breaks). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
      else {
        out.push(line);
        line = word;
      }
    }
    out.push(line);
  }
  return out;
}

export const invoiceFileName = (invoice: Pick<InvoiceDocument, "series" | "number" | "kind">) =>
  `${invoice.kind === "credit" ? "stornare" : "factura"}-${invoice.series}-${invoice.number}`;

export async function renderInvoicePdf(invoice: InvoiceDocument, brand: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = loadFontBytes();
  const regular = await pdf.embedFont(bytes.sans, { subset: true });
  const bold = await pdf.embedFont(bytes.sansBold, { subset: true });
  const title = `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.series} ${invoice.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(invoice.issuer.name);
  pdf.setCreationDate(invoice.issuedAt);

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const text = (s: string, x: number, size = 9.5, font = regular, color = INK) => page.drawText(s, { x, y, size, font, color });
  const right = (s: string, xRight: number, size = 9.5, font = regular, color = INK) =>
    page.drawText(s, { x: xRight - font.widthOfTextAtSize(s, size), y, size, font, color });
  const newPageIfNeeded = (needed: number) => {
    if (y - needed < MARGIN + 20) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };

  // Header: brand and document title.
  page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: ROSE });
  y -= 14;
  text(brand, MARGIN, 18, bold, ROSE);
  right(INVOICE_KIND_LABELS[invoice.kind].toUpperCase(), A4[0] - MARGIN, 15, bold);
  y -= 18;
  right(`Seria ${invoice.series} nr. ${invoice.number}`, A4[0] - MARGIN, 11, bold);
  y -= 14;
  right(`Data emiterii: ${formatDate(invoice.issuedOn)}`, A4[0] - MARGIN, 9.5);
  if (invoice.reference) {
    y -= 13;
    const label = invoice.kind === "credit" ? "Stornează factura" : "Avans facturat cu";
    right(`${label} ${invoice.reference.series} ${invoice.reference.number} din ${formatDate(invoice.reference.issuedOn)}`, A4[0] - MARGIN, 9);
  }
  y -= 26;

  // Parties side by side.
  const columnWidth = (width - 20) / 2;
  const issuer = invoice.issuer;
  const supplier = [
    issuer.name,
    `CUI/CIF: ${sellerTaxId({ cui: issuer.cui, vatMode: invoice.vatMode }).id}`,
    `Reg. Com.: ${issuer.regCom}`,
    issuer.address,
    `Județ: ${RO_COUNTIES[issuer.county] ?? issuer.county}`,
    `Banca: ${issuer.bank}`,
    `IBAN: ${issuer.iban}`,
    issuer.vatMode === "payer" ? "Plătitor de TVA" : vatMention(issuer.vatMode, issuer.exemptText),
  ];
  const buyer = invoice.buyer;
  const customer = [
    buyer.name,
    ...(buyer.type === "company" ? [`CUI/CIF: ${buyer.cui}`, ...(buyer.regCom ? [`Reg. Com.: ${buyer.regCom}`] : [])] : ["Persoană fizică"]),
    buyer.address || "—",
    buyer.email,
  ];
  const top = y;
  for (const [index, [heading, rows]] of ([["Furnizor", supplier], ["Cumpărător", customer]] as const).entries()) {
    const x = MARGIN + index * (columnWidth + 20);
    y = top;
    text(heading.toUpperCase(), x, 8.5, bold, ROSE);
    y -= 14;
    rows.forEach((row, i) => {
      for (const part of wrap(row, i === 0 ? bold : regular, 9.5, columnWidth)) {
        text(part, x, 9.5, i === 0 ? bold : regular);
        y -= 12.5;
      }
    });
  }
  y = Math.min(y, top - 14 - 12.5 * supplier.length) - 18;

  // Lines.
  const payer = invoice.vatMode === "payer";
  const cols = payer
    ? { no: MARGIN, desc: MARGIN + 20, qty: MARGIN + 300, price: MARGIN + 365, rate: MARGIN + 400, vat: MARGIN + 455, total: A4[0] - MARGIN }
    : { no: MARGIN, desc: MARGIN + 20, qty: MARGIN + 330, price: MARGIN + 420, rate: 0, vat: 0, total: A4[0] - MARGIN };
  const descWidth = (payer ? 240 : 270);
  page.drawRectangle({ x: MARGIN - 4, y: y - 5, width: width + 8, height: 18, color: ROSE_SOFT });
  text("Nr.", cols.no, 8.5, bold);
  text("Denumire", cols.desc, 8.5, bold);
  right("Cant.", cols.qty, 8.5, bold);
  right(payer ? "Preț fără TVA" : "Preț unitar", cols.price, 8.5, bold);
  if (payer) {
    right("TVA %", cols.rate, 8.5, bold);
    right("Valoare TVA", cols.vat, 8.5, bold);
  }
  right(payer ? "Valoare fără TVA" : "Valoare", cols.total, 8.5, bold);
  y -= 20;
  invoice.lines.forEach((line, i) => {
    const parts = wrap(line.description, regular, 9.5, descWidth);
    newPageIfNeeded(parts.length * 12 + 8);
    const unitNet = line.quantity === 0 ? 0 : Math.round(line.netBani / line.quantity);
    text(String(i + 1), cols.no);
    right(`${line.quantity} ${line.unitCode === "H87" ? "buc" : "serv"}`, cols.qty);
    right(formatAmount(payer ? unitNet : Math.round(line.grossBani / (line.quantity || 1))), cols.price);
    if (payer) {
      right(`${line.vatRate}%`, cols.rate);
      right(formatAmount(line.vatBani), cols.vat);
    }
    right(formatAmount(payer ? line.netBani : line.grossBani), cols.total);
    for (const part of parts) {
      text(part, cols.desc);
      y -= 12;
    }
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4[0] - MARGIN, y: y + 8 }, thickness: 0.5, color: LINE });
  });
  y -= 8;

  // Totals per rate and grand total.
  newPageIfNeeded(120);
  const labelX = A4[0] - MARGIN - 120;
  if (payer) {
    const groups = splitVat(invoice.lines.map((l) => ({ grossBani: l.grossBani, rate: l.vatRate }))).groups;
    for (const group of groups) {
      right(`Bază impozabilă ${group.rate}%:`, labelX, 9.5);
      right(`${formatAmount(group.netBani)} RON`, A4[0] - MARGIN, 9.5);
      y -= 13;
      right(`TVA ${group.rate}%:`, labelX, 9.5);
      right(`${formatAmount(group.vatBani)} RON`, A4[0] - MARGIN, 9.5);
      y -= 13;
    }
    right("Total fără TVA:", labelX, 9.5);
    right(`${formatAmount(invoice.netBani)} RON`, A4[0] - MARGIN, 9.5);
    y -= 13;
    right("Total TVA:", labelX, 9.5);
    right(`${formatAmount(invoice.vatBani)} RON`, A4[0] - MARGIN, 9.5);
    y -= 16;
  }
  page.drawRectangle({ x: labelX - 110, y: y - 6, width: A4[0] - MARGIN - labelX + 114, height: 22, color: ROSE_SOFT });
  right("TOTAL DE PLATĂ:", labelX, 11, bold);
  right(`${formatAmount(invoice.totalBani)} RON`, A4[0] - MARGIN, 11, bold);
  y -= 30;

  const notes = [
    payer ? "Prețurile includ TVA; baza și TVA sunt calculate pe fiecare cotă." : vatMention(invoice.vatMode, invoice.issuer.exemptText),
    `Modalitate de plată: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}${invoice.kind === "credit" ? " (rambursare)" : ""}`,
    `Comanda: ${invoice.orderReference}`,
    "Factură emisă electronic; valabilă fără semnătură și ștampilă (art. 319 alin. (29) Cod fiscal).",
  ];
  for (const note of notes) {
    for (const part of wrap(note, regular, 9, width)) {
      newPageIfNeeded(14);
      text(part, MARGIN, 9, regular, MUTED);
      y -= 12.5;
    }
  }
  return pdf.save();
}

export function pdfResponse(pdf: Uint8Array, fileName: string): Response {
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName),
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
