/**
 * The diploma as a PDF (docs/product.md §2 certificate screen): A4 landscape, drawn with pdf-lib. Text is
 * set in DejaVu Serif/Sans (free licence, app/assets/fonts, cut to the Latin script by
 * scripts/make-diploma-fonts.sh) embedded through fontkit, so Romanian diacritics and any name
 * in Latin letters print correctly; only the glyphs used end up in the file. The verification
 * URL is printed and encoded in a QR code (PNG from `qrcode`).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb, type RGB, setCharacterSpacing } from "pdf-lib";
import QRCode from "qrcode";
import { formatDate } from "~/lib/dates";
import { formatDiplomaCode } from "~/lib/diploma";

export interface DiplomaPdfInput {
  holderName: string;
  courseTitle: string;
  /** YYYY-MM-DD */
  completedOn: string;
  code: string;
  verifyUrl: string;
  trainer: string;
  brand: string;
  businessName: string;
}

const FONT_FILES = {
  serif: "DejaVuSerif.ttf",
  serifBold: "DejaVuSerif-Bold.ttf",
  serifItalic: "DejaVuSerif-Italic.ttf",
  sans: "DejaVuSans.ttf",
  sansBold: "DejaVuSans-Bold.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * The fonts folder from the source tree (app/services → app/assets) or from the server build
 * (build/index.js → app/assets); read once and kept.
 */
function fontsFolder(): string {
  const candidates = [new URL("../assets/fonts/", import.meta.url), new URL("../app/assets/fonts/", import.meta.url)];
  for (const candidate of candidates) {
    const folder = fileURLToPath(candidate);
    if (fs.existsSync(`${folder}${FONT_FILES.serif}`)) return folder;
  }
  throw new Error("diploma fonts not found (app/assets/fonts)");
}

let fontBytes: Record<FontName, Uint8Array> | undefined;
/** The DejaVu font files (also used by the invoice PDF). */
export function loadFontBytes(): Record<FontName, Uint8Array> {
  if (!fontBytes) {
    const folder = fontsFolder();
    fontBytes = Object.fromEntries(
      Object.entries(FONT_FILES).map(([name, file]) => [name, fs.readFileSync(`${folder}${file}`)]),
    ) as unknown as Record<FontName, Uint8Array>;
  }
  return fontBytes;
}

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const INK = rgb(0.169, 0.106, 0.18); // #2b1b2e
const INK_SOFT = rgb(0.302, 0.235, 0.314);
const MUTED = rgb(0.431, 0.365, 0.447);
const ROSE = rgb(0.722, 0.196, 0.353); // #b8325a
const ROSE_DARK = rgb(0.584, 0.141, 0.275);
const ROSE_SOFT = rgb(0.969, 0.859, 0.886);
const GOLD = rgb(0.71, 0.56, 0.2);
const CREAM = rgb(1, 0.98, 0.973);

function centered(page: PDFPage, text: string, y: number, font: PDFFont, size: number, color: RGB, spacing = 0) {
  const width = font.widthOfTextAtSize(text, size) + spacing * Math.max(0, [...text].length - 1);
  spaced(page, spacing, () => page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color }));
}

/** Draws with extra space between letters (the PDF text state's character spacing). */
function spaced(page: PDFPage, spacing: number, draw: () => void) {
  if (!spacing) return draw();
  page.pushOperators(setCharacterSpacing(spacing));
  draw();
  page.pushOperators(setCharacterSpacing(0));
}

/** The largest size (≤ max) at which the text fits the width. */
function fitSize(text: string, font: PDFFont, max: number, min: number, width: number): number {
  let size = max;
  while (size > min && font.widthOfTextAtSize(text, size) > width) size -= 0.5;
  return size;
}

/** Splits a title into at most two balanced lines that fit the width. */
function wrapTitle(text: string, font: PDFFont, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(text, size) <= width) return [text];
  const words = text.split(/\s+/);
  let best: string[] = [text];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(" "), words.slice(i).join(" ")];
    const widest = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size)));
    if (widest < bestWidth) {
      best = lines;
      bestWidth = widest;
    }
  }
  return best;
}

function diamond(page: PDFPage, x: number, y: number, r: number, color: RGB) {
  page.drawSvgPath(`M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`, { x, y, color });
}

export async function renderDiplomaPdf(input: DiplomaPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = loadFontBytes();
  const font = {} as Record<FontName, PDFFont>;
  for (const name of Object.keys(FONT_FILES) as FontName[]) {
    font[name] = await pdf.embedFont(bytes[name], { subset: true });
  }
  const code = formatDiplomaCode(input.code);
  pdf.setTitle(`Diplomă – ${input.holderName} – ${input.courseTitle}`);
  pdf.setAuthor(input.brand);
  pdf.setSubject(`Cod de verificare ${code}`);
  pdf.setCreator(input.brand);
  pdf.setProducer(input.brand);
  pdf.setLanguage("ro-RO");
  pdf.setCreationDate(new Date(`${input.completedOn}T12:00:00Z`));

  const page = pdf.addPage(A4_LANDSCAPE);
  const { width: W, height: H } = page.getSize();

  // Paper, a soft band at the top, double frame with corner diamonds.
  page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: CREAM });
  page.drawRectangle({ x: 0, y: H - 10, width: W, height: 10, color: ROSE });
  page.drawRectangle({ x: 0, y: 0, width: W, height: 10, color: ROSE });
  page.drawRectangle({ x: 26, y: 26, width: W - 52, height: H - 52, borderColor: ROSE, borderWidth: 1.6 });
  page.drawRectangle({ x: 33, y: 33, width: W - 66, height: H - 66, borderColor: GOLD, borderWidth: 0.6 });
  for (const [x, y] of [[33, 33], [W - 33, 33], [33, H - 33], [W - 33, H - 33]]) {
    diamond(page, x, y, 6, GOLD);
    diamond(page, x, y, 2.4, CREAM);
  }

  // Academy and title.
  centered(page, input.brand.toUpperCase(), H - 86, font.sansBold, 11, ROSE, 3.2);
  centered(page, "DIPLOMĂ", H - 148, font.serifBold, 50, INK, 6);
  centered(page, "de absolvire a cursului online", H - 178, font.serifItalic, 16, INK_SOFT);
  const ornamentY = H - 200;
  page.drawLine({ start: { x: W / 2 - 90, y: ornamentY }, end: { x: W / 2 - 12, y: ornamentY }, thickness: 0.8, color: GOLD });
  page.drawLine({ start: { x: W / 2 + 12, y: ornamentY }, end: { x: W / 2 + 90, y: ornamentY }, thickness: 0.8, color: GOLD });
  diamond(page, W / 2, ornamentY, 4.5, ROSE);

  // Holder and course.
  centered(page, "Se acordă", H - 236, font.sans, 12, MUTED, 1);
  const nameSize = fitSize(input.holderName, font.serifBold, 36, 18, W - 220);
  centered(page, input.holderName, H - 282, font.serifBold, nameSize, ROSE_DARK);
  page.drawLine({ start: { x: W / 2 - 210, y: H - 296 }, end: { x: W / 2 + 210, y: H - 296 }, thickness: 0.6, color: ROSE_SOFT });
  centered(page, "pentru finalizarea cu succes a cursului", H - 322, font.sans, 12, MUTED, 0.5);
  const titleSize = fitSize(input.courseTitle, font.serifBold, 22, 15, (W - 220) * 2);
  const titleLines = wrapTitle(input.courseTitle, font.serifBold, titleSize, W - 220);
  titleLines.forEach((line, i) => centered(page, line, H - 352 - i * (titleSize + 6), font.serifBold, titleSize, INK));
  const afterTitle = H - 352 - (titleLines.length - 1) * (titleSize + 6);
  centered(page, `încheiat la data de ${formatDate(input.completedOn)}`, afterTitle - 28, font.serifItalic, 13, INK_SOFT);

  // Signature (left), seal (centre), verification (right).
  const baseY = 96;
  const leftX = 76;
  page.drawText(input.trainer, { x: leftX, y: baseY + 22, size: 17, font: font.serifItalic, color: INK });
  page.drawLine({ start: { x: leftX, y: baseY + 14 }, end: { x: leftX + 210, y: baseY + 14 }, thickness: 0.7, color: INK_SOFT });
  page.drawText("Trainer, formator", { x: leftX, y: baseY, size: 10, font: font.sans, color: MUTED });
  page.drawText(input.brand, { x: leftX, y: baseY - 14, size: 10, font: font.sansBold, color: INK_SOFT });

  const sealX = W / 2;
  const sealY = baseY + 14;
  page.drawCircle({ x: sealX, y: sealY, size: 44, color: ROSE });
  page.drawCircle({ x: sealX, y: sealY, size: 38, borderColor: CREAM, borderWidth: 0.8 });
  page.drawCircle({ x: sealX, y: sealY, size: 35, borderColor: GOLD, borderWidth: 0.5 });
  const monogram = initials(input.brand);
  const monoSize = 22;
  page.drawText(monogram, {
    x: sealX - font.serifBold.widthOfTextAtSize(monogram, monoSize) / 2,
    y: sealY - 4,
    size: monoSize,
    font: font.serifBold,
    color: CREAM,
  });
  const sealText = "ABSOLVENT";
  const sealWidth = font.sansBold.widthOfTextAtSize(sealText, 6.5) + 0.8 * (sealText.length - 1);
  spaced(page, 0.8, () =>
    page.drawText(sealText, { x: sealX - sealWidth / 2, y: sealY - 17, size: 6.5, font: font.sansBold, color: CREAM }),
  );

  const qrSize = 78;
  const qrX = W - 76 - qrSize;
  const qrY = baseY - 20;
  const png = await QRCode.toBuffer(input.verifyUrl, {
    type: "png",
    errorCorrectionLevel: "M",
    margin: 1,
    width: 320,
    color: { dark: "#2b1b2eff", light: "#ffffffff" },
  });
  const qr = await pdf.embedPng(png);
  page.drawImage(qr, { x: qrX, y: qrY, width: qrSize, height: qrSize });
  const textRight = qrX - 14;
  const rightText = (text: string, y: number, f: PDFFont, size: number, color: RGB) =>
    page.drawText(text, { x: textRight - f.widthOfTextAtSize(text, size), y, size, font: f, color });
  rightText("Cod de verificare", qrY + 58, font.sans, 9, MUTED);
  rightText(code, qrY + 40, font.sansBold, 14, INK);
  rightText("Verificați autenticitatea la", qrY + 22, font.sans, 9, MUTED);
  const urlSize = fitSize(input.verifyUrl, font.sans, 8.5, 5.5, 190);
  rightText(input.verifyUrl, qrY + 9, font.sans, urlSize, ROSE_DARK);

  centered(page, `${input.businessName} · ${input.brand}`, 44, font.sans, 8, MUTED, 0.3);

  return pdf.save({ useObjectStreams: false });
}

/** "Ana Nails Academy" → "AN". */
function initials(brand: string): string {
  const letters = brand
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return letters.join("") || "A";
}
