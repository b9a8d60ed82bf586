/**
 * The model withdrawal form (lib/withdrawal-form) as an A4 PDF: pdf-lib with the DejaVu fonts of
 * the diplomas and invoices (Romanian diacritics), word-wrapped, with room to write by hand.
 */
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb } from "pdf-lib";
import { withdrawalForm, type WithdrawalFormBusiness } from "~/lib/withdrawal-form";
import { loadFontBytes } from "~/services/diploma-pdf.server";
import { wrap } from "~/services/invoice-pdf.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.169, 0.106, 0.18);
const MUTED = rgb(0.431, 0.365, 0.447);

export async function renderWithdrawalFormPdf(business: WithdrawalFormBusiness): Promise<Uint8Array> {
  const form = withdrawalForm(business);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = loadFontBytes();
  const regular = await pdf.embedFont(bytes.sans, { subset: true });
  const bold = await pdf.embedFont(bytes.sansBold, { subset: true });
  pdf.setTitle(form.title);
  pdf.setAuthor(business.name);
  pdf.setLanguage("ro-RO");

  const page = pdf.addPage(A4);
  const width = A4[0] - 2 * MARGIN;
  let y = A4[1] - MARGIN;
  const write = (text: string, size: number, font = regular, color = INK, gapAfter = 0) => {
    for (const line of wrap(text, font, size, width)) {
      y -= size * 1.45;
      page.drawText(line, { x: MARGIN, y, size, font, color });
    }
    y -= gapAfter;
  };

  write(form.title, 18, bold, INK, 4);
  write(form.intro, 10, regular, MUTED, 18);
  for (const line of form.lines) write(`— ${line}`, 11, regular, INK, 16);
  write(form.footnote, 9.5, regular, MUTED, 24);
  write(form.source, 8.5, regular, MUTED);
  return pdf.save();
}
