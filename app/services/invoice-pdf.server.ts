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
import { addressLines } from "~/lib/address";
import { INVOICE_KIND_LABELS, vatMention } from "~/lib/invoice-lines";
import { sellerTaxId } from "~/lib/efactura/ubl";
import { formatAmount } from "~/lib/money";
import { PAYMENT_METHOD_LABELS } from "~/lib/order-labels";
import { splitVat } from "~/lib/vat";
import type { InvoiceDocument } from "~/services/invoice-document.server";
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

/** The page being drawn: fonts, the current page and the pen's height (y), with text helpers. */
interface Canvas {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

const CONTENT_WIDTH = A4[0] - 2 * MARGIN;
const RIGHT_EDGE = A4[0] - MARGIN;

function text(c: Canvas, s: string, x: number, size = 9.5, font = c.regular, color = INK) {
  c.page.drawText(s, { x, y: c.y, size, font, color });
}

function right(c: Canvas, s: string, xRight: number, size = 9.5, font = c.regular, color = INK) {
  c.page.drawText(s, { x: xRight - font.widthOfTextAtSize(s, size), y: c.y, size, font, color });
}

function newPageIfNeeded(c: Canvas, needed: number) {
  if (c.y - needed < MARGIN + 20) {
    c.page = c.pdf.addPage(A4);
    c.y = A4[1] - MARGIN;
  }
}

/** Brand, document title, number, date and the document it refers to. */
function drawHeader(c: Canvas, invoice: InvoiceDocument, brand: string) {
  c.page.drawRectangle({ x: 0, y: A4[1] - 8, width: A4[0], height: 8, color: ROSE });
  c.y -= 14;
  text(c, brand, MARGIN, 18, c.bold, ROSE);
  right(c, INVOICE_KIND_LABELS[invoice.kind].toUpperCase(), RIGHT_EDGE, 15, c.bold);
  c.y -= 18;
  right(c, `Seria ${invoice.series} nr. ${invoice.number}`, RIGHT_EDGE, 11, c.bold);
  c.y -= 14;
  right(c, `Data emiterii: ${formatDate(invoice.issuedOn)}`, RIGHT_EDGE, 9.5);
  if (invoice.reference) {
    c.y -= 13;
    const label = invoice.kind === "credit" ? "Stornează factura" : "Avans facturat cu";
    right(c, `${label} ${invoice.reference.series} ${invoice.reference.number} din ${formatDate(invoice.reference.issuedOn)}`, RIGHT_EDGE, 9);
  }
  c.y -= 26;
}

/** Supplier and buyer side by side; the seller's identifier is the one the e-Factura XML carries. */
function drawParties(c: Canvas, invoice: InvoiceDocument) {
  const columnWidth = (CONTENT_WIDTH - 20) / 2;
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
    // The address fields when the snapshot has them (issue 24), else the one line of older orders.
    ...(buyer.postal ? addressLines(buyer.postal) : [buyer.address || "—"]),
    buyer.email,
  ];
  const top = c.y;
  let lowest = top;
  for (const [index, [heading, rows]] of ([["Furnizor", supplier], ["Cumpărător", customer]] as const).entries()) {
    const x = MARGIN + index * (columnWidth + 20);
    c.y = top;
    text(c, heading.toUpperCase(), x, 8.5, c.bold, ROSE);
    c.y -= 14;
    rows.forEach((row, i) => {
      for (const part of wrap(row, i === 0 ? c.bold : c.regular, 9.5, columnWidth)) {
        text(c, part, x, 9.5, i === 0 ? c.bold : c.regular);
        c.y -= 12.5;
      }
    });
    lowest = Math.min(lowest, c.y);
  }
  c.y = lowest - 18;
}

/**
 * Column right edges of the lines table. A VAT payer's table has six columns: its two-line
 * headings ("Preț unitar / fără TVA", "Valoare / TVA", "Valoare / fără TVA") keep every heading
 * clear of its neighbours.
 */
const PAYER_COLUMNS = { no: MARGIN, desc: MARGIN + 20, descWidth: 215, qty: MARGIN + 280, price: MARGIN + 345, rate: MARGIN + 385, vat: MARGIN + 440, total: RIGHT_EDGE };
const PLAIN_COLUMNS = { no: MARGIN, desc: MARGIN + 20, descWidth: 270, qty: MARGIN + 330, price: MARGIN + 420, rate: 0, vat: 0, total: RIGHT_EDGE };

function drawLinesTable(c: Canvas, invoice: InvoiceDocument) {
  const payer = invoice.vatMode === "payer";
  const cols = payer ? PAYER_COLUMNS : PLAIN_COLUMNS;
  const headings: Array<[string[], number]> = payer
    ? [[["Cant."], cols.qty], [["Preț unitar", "fără TVA"], cols.price], [["TVA %"], cols.rate], [["Valoare", "TVA"], cols.vat], [["Valoare", "fără TVA"], cols.total]]
    : [[["Cant."], cols.qty], [["Preț unitar"], cols.price], [["Valoare"], cols.total]];
  const rows = Math.max(...headings.map(([lines]) => lines.length));
  const height = 8 + rows * 10;
  c.page.drawRectangle({ x: MARGIN - 4, y: c.y - height + 13, width: CONTENT_WIDTH + 8, height, color: ROSE_SOFT });
  const top = c.y;
  text(c, "Nr.", cols.no, 8.5, c.bold);
  text(c, "Denumire", cols.desc, 8.5, c.bold);
  for (const [lines, x] of headings) {
    lines.forEach((line, i) => {
      c.y = top - i * 10;
      right(c, line, x, 8.5, c.bold);
    });
    c.y = top;
  }
  c.y = top - height - 4;
  invoice.lines.forEach((line, i) => {
    const parts = wrap(line.description, c.regular, 9.5, cols.descWidth);
    newPageIfNeeded(c, parts.length * 12 + 8);
    const unitNet = line.quantity === 0 ? 0 : Math.round(line.netBani / line.quantity);
    text(c, String(i + 1), cols.no);
    right(c, `${line.quantity} ${line.unitCode === "H87" ? "buc" : "serv"}`, cols.qty);
    right(c, formatAmount(payer ? unitNet : Math.round(line.grossBani / (line.quantity || 1))), cols.price);
    if (payer) {
      right(c, `${line.vatRate}%`, cols.rate);
      right(c, formatAmount(line.vatBani), cols.vat);
    }
    right(c, formatAmount(payer ? line.netBani : line.grossBani), cols.total);
    for (const part of parts) {
      text(c, part, cols.desc);
      c.y -= 12;
    }
    c.y -= 4;
    c.page.drawLine({ start: { x: MARGIN, y: c.y + 8 }, end: { x: RIGHT_EDGE, y: c.y + 8 }, thickness: 0.5, color: LINE });
  });
  c.y -= 8;
}

/** Taxable base and VAT per rate (VAT payer), then the total to pay. */
function drawTotals(c: Canvas, invoice: InvoiceDocument) {
  newPageIfNeeded(c, 120);
  const labelX = RIGHT_EDGE - 120;
  const row = (label: string, bani: number, gap = 13) => {
    right(c, label, labelX, 9.5);
    right(c, `${formatAmount(bani)} RON`, RIGHT_EDGE, 9.5);
    c.y -= gap;
  };
  if (invoice.vatMode === "payer") {
    for (const group of splitVat(invoice.lines.map((l) => ({ grossBani: l.grossBani, rate: l.vatRate }))).groups) {
      row(`Bază impozabilă ${group.rate}%:`, group.netBani);
      row(`TVA ${group.rate}%:`, group.vatBani);
    }
    row("Total fără TVA:", invoice.netBani);
    row("Total TVA:", invoice.vatBani, 16);
  }
  c.page.drawRectangle({ x: labelX - 110, y: c.y - 6, width: RIGHT_EDGE - labelX + 114, height: 22, color: ROSE_SOFT });
  right(c, "TOTAL DE PLATĂ:", labelX, 11, c.bold);
  right(c, `${formatAmount(invoice.totalBani)} RON`, RIGHT_EDGE, 11, c.bold);
  c.y -= 30;
}

/** VAT wording, payment method, order reference and the electronic-invoice mention. */
function drawNotes(c: Canvas, invoice: InvoiceDocument) {
  const notes = [
    invoice.vatMode === "payer" ? "Prețurile includ TVA; baza și TVA sunt calculate pe fiecare cotă." : vatMention(invoice.vatMode, invoice.issuer.exemptText),
    `Modalitate de plată: ${PAYMENT_METHOD_LABELS[invoice.paymentMethod]}${invoice.kind === "credit" ? " (rambursare)" : ""}`,
    `Comanda: ${invoice.orderReference}`,
    "Factură emisă electronic; valabilă fără semnătură și ștampilă (art. 319 alin. (29) Cod fiscal).",
  ];
  for (const note of notes) {
    for (const part of wrap(note, c.regular, 9, CONTENT_WIDTH)) {
      newPageIfNeeded(c, 14);
      text(c, part, MARGIN, 9, c.regular, MUTED);
      c.y -= 12.5;
    }
  }
}

export async function renderInvoicePdf(invoice: InvoiceDocument, brand: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = loadFontBytes();
  const regular = await pdf.embedFont(bytes.sans, { subset: true });
  const bold = await pdf.embedFont(bytes.sansBold, { subset: true });
  pdf.setTitle(`${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.series} ${invoice.number}`);
  pdf.setAuthor(invoice.issuer.name);
  pdf.setCreationDate(invoice.issuedAt);
  const canvas: Canvas = { pdf, page: pdf.addPage(A4), y: A4[1] - MARGIN, regular, bold };
  drawHeader(canvas, invoice, brand);
  drawParties(canvas, invoice);
  drawLinesTable(canvas, invoice);
  drawTotals(canvas, invoice);
  drawNotes(canvas, invoice);
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
