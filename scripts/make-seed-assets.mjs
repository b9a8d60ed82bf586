#!/usr/bin/env node
/**
 * Regenerates the seed catalogue's media in db/seed-assets/ (committed; not run by CI).
 * Needs Debian's librsvg2-bin (rsvg-convert), webp (cwebp) and ffmpeg:
 *   apt-get install -y librsvg2-bin webp ffmpeg fonts-dejavu-core && node scripts/make-seed-assets.mjs
 * Illustrations are drawn here as SVG (no stock photos): polish bottles, a UV lamp, files, oil.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

const out = path.resolve("db/seed-assets");
fs.mkdirSync(out, { recursive: true });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "seed-assets-"));

const W = 960;
const H = 640;

function bottle(x, y, s, color, capColor = "#2b1b2e", label = "") {
  // A rounded polish bottle with a tall cap, highlight and optional label text.
  return `
  <g transform="translate(${x} ${y}) scale(${s})">
    <ellipse cx="0" cy="168" rx="70" ry="12" fill="#000" opacity=".10"/>
    <rect x="-26" y="-120" width="52" height="120" rx="10" fill="${capColor}"/>
    <rect x="-20" y="-112" width="8" height="100" rx="4" fill="#fff" opacity=".18"/>
    <rect x="-34" y="-8" width="68" height="18" rx="6" fill="${capColor}" opacity=".85"/>
    <path d="M-62 20 Q-66 10 -50 8 H50 Q66 10 62 20 L70 140 Q72 166 44 166 H-44 Q-72 166 -70 140 Z" fill="${color}"/>
    <path d="M-48 30 Q-52 90 -46 150" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35" fill="none"/>
    <path d="M40 40 Q46 80 44 120" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".18" fill="none"/>
    ${label ? `<text x="0" y="104" font-family="DejaVu Serif" font-size="20" fill="#fff" opacity=".9" text-anchor="middle" letter-spacing="2">${label}</text>` : ""}
  </g>`;
}

function sparkle(x, y, r, color = "#fff", opacity = 0.8) {
  return `<path transform="translate(${x} ${y})" d="M0 ${-r} Q${r * 0.18} ${-r * 0.18} ${r} 0 Q${r * 0.18} ${r * 0.18} 0 ${r} Q${-r * 0.18} ${r * 0.18} ${-r} 0 Q${-r * 0.18} ${-r * 0.18} 0 ${-r} Z" fill="${color}" opacity="${opacity}"/>`;
}

function background(id, from, to, blobs) {
  return `
  <defs>
    <linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <filter id="${id}-blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#${id})"/>
  <g filter="url(#${id}-blur)">${blobs.map(([cx, cy, r, c, o]) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${c}" opacity="${o}"/>`).join("")}</g>`;
}

function hand(x, y, s, nail) {
  // A stylised hand (four fingers) with polished nails: the trainer's craft in one motif.
  const fingers = [
    [-66, -10, 150],
    [-22, -40, 182],
    [22, -34, 176],
    [64, -6, 146],
  ];
  return `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-100 120 Q-110 260 -60 330 H90 Q130 250 112 120 Z" fill="#f1cdb9"/>
    ${fingers
      .map(
        ([fx, fy, len]) => `
      <rect x="${fx - 20}" y="${fy - len + 120}" width="40" height="${len}" rx="20" fill="#f4d3c1"/>
      <path d="M${fx - 14} ${fy - len + 150} Q${fx - 14} ${fy - len + 124} ${fx} ${fy - len + 124} Q${fx + 14} ${fy - len + 124} ${fx + 14} ${fy - len + 150} V${fy - len + 172} Q${fx} ${fy - len + 180} ${fx - 14} ${fy - len + 172} Z" fill="${nail}"/>
      <path d="M${fx - 8} ${fy - len + 134} V${fy - len + 160}" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".45"/>`,
      )
      .join("")}
    <path d="M-100 150 Q-150 120 -160 60 Q-164 36 -140 40 Q-118 46 -96 96" fill="#f4d3c1"/>
    <path d="M-152 48 Q-158 36 -146 36 Q-134 38 -136 54 Z" fill="${nail}"/>
  </g>`;
}

const designs = {
  "curs-baza": () => `
    ${background("g", "#fbe9e4", "#f0c9cf", [[760, 120, 180, "#e49aae", 0.5], [160, 560, 200, "#fff", 0.7]])}
    ${hand(610, 190, 1.05, "#b8325a")}
    ${bottle(230, 300, 1.25, "#b8325a", "#2b1b2e", "ANA")}
    ${bottle(380, 350, 0.95, "#e8a0b4")}
    ${sparkle(120, 120, 26)}${sparkle(470, 110, 16)}${sparkle(880, 560, 22, "#b8325a", 0.5)}`,
  "curs-avansat": () => `
    ${background("g", "#2b1b2e", "#5b2a4c", [[200, 140, 220, "#b8325a", 0.55], [820, 520, 240, "#c9a227", 0.35]])}
    ${hand(620, 200, 1.05, "#c9a227")}
    ${bottle(210, 320, 1.15, "#c9a227", "#120a13", "GOLD")}
    ${bottle(370, 360, 0.9, "#e8a0b4", "#120a13")}
    ${sparkle(90, 90, 22, "#f6e3a1")}${sparkle(520, 80, 30, "#f6e3a1")}${sparkle(880, 120, 14, "#fff")}${sparkle(460, 560, 18, "#f6e3a1", 0.7)}`,
  "curs-pedichiura": () => `
    ${background("g", "#e9f1ee", "#cfe3dc", [[700, 160, 200, "#9cc9b9", 0.5], [200, 520, 220, "#fff", 0.7]])}
    ${bottle(300, 300, 1.2, "#3f8f7a", "#1d3b33", "SPA")}
    ${bottle(470, 350, 0.9, "#a9d6c6", "#1d3b33")}
    <g transform="translate(700 340)"><ellipse rx="170" ry="60" fill="#fff" opacity=".8"/><ellipse rx="150" ry="46" fill="#bfe0d6"/><circle cx="-60" cy="-4" r="10" fill="#fff" opacity=".8"/><circle cx="30" cy="8" r="14" fill="#fff" opacity=".7"/><circle cx="80" cy="-10" r="8" fill="#fff" opacity=".8"/></g>
    ${sparkle(140, 120, 22)}${sparkle(860, 540, 20, "#3f8f7a", 0.5)}`,
  "online-semipermanent": () => `
    ${background("g", "#fdf1ec", "#f5d5dc", [[220, 160, 200, "#f0a5b8", 0.5], [800, 520, 220, "#fff", 0.7]])}
    <g transform="translate(560 150)"><rect width="320" height="210" rx="18" fill="#2b1b2e"/><rect x="14" y="14" width="292" height="166" rx="8" fill="#f7dfe5"/><circle cx="160" cy="97" r="44" fill="#b8325a"/><path d="M146 74 L182 97 L146 120 Z" fill="#fff"/><rect x="110" y="210" width="100" height="18" fill="#2b1b2e"/><rect x="70" y="228" width="180" height="12" rx="6" fill="#2b1b2e"/></g>
    ${bottle(230, 300, 1.2, "#b8325a", "#2b1b2e", "GEL")}
    ${bottle(390, 360, 0.85, "#f29bb0")}
    ${sparkle(100, 90, 24)}${sparkle(520, 560, 18, "#b8325a", 0.5)}`,
  "online-nailart": () => `
    ${background("g", "#efe8fb", "#d9c8f2", [[760, 140, 200, "#a98ad9", 0.5], [180, 520, 220, "#fff", 0.7]])}
    ${hand(620, 190, 1.05, "#6b3fb0")}
    <g transform="translate(250 330)">
      <circle r="120" fill="#fff" opacity=".85"/>
      ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${Math.cos(i) * 70}" cy="${Math.sin(i) * 70}" r="26" fill="${["#6b3fb0", "#b8325a", "#c9a227", "#3f8f7a", "#e8a0b4", "#2b1b2e"][i]}"/>`).join("")}
      <circle r="18" fill="#d9c8f2"/>
    </g>
    <path d="M400 520 L520 400" stroke="#2b1b2e" stroke-width="10" stroke-linecap="round"/><path d="M520 400 L540 380" stroke="#6b3fb0" stroke-width="14" stroke-linecap="round"/>
    ${sparkle(110, 110, 24)}${sparkle(460, 90, 16)}${sparkle(880, 560, 22, "#6b3fb0", 0.5)}`,
  "online-igiena": () => `
    ${background("g", "#eef5fb", "#d3e5f3", [[720, 150, 200, "#9cc3e4", 0.5], [200, 520, 220, "#fff", 0.8]])}
    <g transform="translate(300 320)">
      <rect x="-110" y="-150" width="220" height="300" rx="30" fill="#fff"/>
      <rect x="-110" y="-150" width="220" height="70" rx="30" fill="#2d6a9f"/>
      <path d="M-30 10 H30 M0 -20 V40" stroke="#2d6a9f" stroke-width="22" stroke-linecap="round"/>
      <text x="0" y="110" font-family="DejaVu Sans" font-size="22" fill="#2d6a9f" text-anchor="middle" letter-spacing="3">STERIL</text>
    </g>
    <g transform="translate(650 330) rotate(-20)">
      <rect x="-16" y="-170" width="32" height="300" rx="16" fill="#b7c4cf"/><rect x="-10" y="-160" width="20" height="200" rx="10" fill="#dfe7ee"/>
    </g>
    <g transform="translate(740 350) rotate(18)">
      <rect x="-12" y="-150" width="24" height="280" rx="12" fill="#94a6b6"/><path d="M-12 -150 L0 -190 L12 -150 Z" fill="#94a6b6"/>
    </g>
    ${sparkle(120, 110, 24)}${sparkle(880, 560, 20, "#2d6a9f", 0.5)}`,
  "produs-kit": () => `
    ${background("g", "#fbeee8", "#f3d3d9", [[480, 320, 260, "#fff", 0.8]])}
    <rect x="150" y="420" width="660" height="40" rx="20" fill="#2b1b2e" opacity=".08"/>
    ${bottle(250, 270, 0.95, "#b8325a")}${bottle(380, 260, 1.0, "#e8a0b4")}${bottle(510, 255, 1.05, "#2b1b2e", "#b8325a")}${bottle(640, 260, 1.0, "#c9a227")}${bottle(760, 275, 0.9, "#f5e0d6", "#2b1b2e")}
    ${sparkle(120, 110, 24, "#b8325a", 0.5)}${sparkle(850, 100, 18, "#c9a227", 0.6)}`,
  "produs-lampa": () => `
    ${background("g", "#f4eef6", "#e4d6ea", [[480, 300, 260, "#fff", 0.8], [480, 330, 120, "#c7a6ff", 0.7]])}
    <g transform="translate(480 360)">
      <ellipse cx="0" cy="120" rx="280" ry="26" fill="#000" opacity=".08"/>
      <path d="M-250 110 Q-250 -170 0 -170 Q250 -170 250 110 Z" fill="#fff"/>
      <path d="M-170 110 Q-170 -70 0 -70 Q170 -70 170 110 Z" fill="#d9c8f2"/>
      <rect x="-250" y="100" width="500" height="24" rx="12" fill="#ece4f1"/>
      <rect x="-60" y="-140" width="120" height="34" rx="10" fill="#2b1b2e"/>
      <text x="0" y="-116" font-family="DejaVu Sans" font-size="18" fill="#fff" text-anchor="middle">48W</text>
      ${[-120, -60, 0, 60, 120].map((x) => `<circle cx="${x}" cy="-40" r="7" fill="#8a5cf6"/>`).join("")}
    </g>
    ${sparkle(140, 120, 22, "#8a5cf6", 0.5)}${sparkle(840, 140, 18, "#8a5cf6", 0.5)}`,
  "produs-pile": () => `
    ${background("g", "#fdf5ea", "#f3e0c4", [[480, 320, 260, "#fff", 0.8]])}
    ${[-3, -2, -1, 0, 1, 2, 3]
      .map(
        (i) => `<g transform="translate(${480 + i * 34} 330) rotate(${i * 9})"><rect x="-22" y="-220" width="44" height="440" rx="22" fill="${["#2b1b2e", "#b8325a", "#e8a0b4", "#c9a227", "#f5e0d6", "#6b3fb0", "#3f8f7a"][i + 3]}"/><rect x="-14" y="-200" width="28" height="380" rx="14" fill="#fff" opacity=".14"/></g>`,
      )
      .join("")}
    ${sparkle(130, 110, 22, "#c9a227", 0.6)}${sparkle(840, 540, 20, "#b8325a", 0.4)}`,
  "produs-ulei": () => `
    ${background("g", "#fbf3e3", "#f0dcb4", [[480, 320, 240, "#fff", 0.8], [640, 200, 120, "#f6d67a", 0.5]])}
    <g transform="translate(480 330)">
      <ellipse cx="0" cy="190" rx="120" ry="16" fill="#000" opacity=".1"/>
      <rect x="-16" y="-230" width="32" height="70" rx="16" fill="#2b1b2e"/>
      <rect x="-40" y="-170" width="80" height="50" rx="10" fill="#2b1b2e"/>
      <path d="M-90 -110 Q-100 -120 -80 -122 H80 Q100 -120 90 -110 L100 160 Q100 190 70 190 H-70 Q-100 190 -100 160 Z" fill="#d99a2b" opacity=".92"/>
      <rect x="-70" y="-20" width="140" height="110" rx="8" fill="#fff" opacity=".9"/>
      <text x="0" y="30" font-family="DejaVu Serif" font-size="26" fill="#2b1b2e" text-anchor="middle">ULEI</text>
      <text x="0" y="64" font-family="DejaVu Sans" font-size="14" fill="#2b1b2e" text-anchor="middle">cuticule · vit. E</text>
      <path d="M-70 -90 Q-78 20 -70 150" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity=".35" fill="none"/>
    </g>
    <path d="M700 180 Q720 220 700 240 Q680 220 700 180 Z" fill="#d99a2b"/>
    ${sparkle(160, 120, 22, "#d99a2b", 0.6)}`,
  hero: () => `
    ${background("g", "#fbe9e4", "#eec3cc", [[760, 140, 220, "#e49aae", 0.55], [180, 560, 220, "#fff", 0.75], [520, 320, 160, "#f7d9c9", 0.6]])}
    ${hand(640, 200, 1.1, "#b8325a")}
    ${bottle(250, 300, 1.3, "#b8325a", "#2b1b2e", "ANA")}
    ${bottle(405, 355, 0.95, "#f0a5b8")}
    ${sparkle(110, 110, 26)}${sparkle(480, 120, 16)}${sparkle(890, 570, 22, "#b8325a", 0.5)}`,
};

for (const [name, draw] of Object.entries(designs)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${draw()}</svg>`;
  const svgFile = path.join(tmp, `${name}.svg`);
  const pngFile = path.join(tmp, `${name}.png`);
  fs.writeFileSync(svgFile, svg);
  execFileSync("rsvg-convert", ["-w", String(W), "-h", String(H), "-o", pngFile, svgFile]);
  for (const width of [480, 720, 960]) {
    const target = path.join(out, width === W ? `${name}.webp` : `${name}-${width}.webp`);
    execFileSync("cwebp", ["-quiet", "-q", "78", "-resize", String(width), "0", pngFile, "-o", target]);
  }
}

// A five-second lesson video (H.264 + AAC-free, small): title card with a moving highlight.
execFileSync("ffmpeg", [
  "-y", "-loglevel", "error",
  "-f", "lavfi", "-i", "color=c=0xf5d5dc:s=640x360:d=5:r=24",
  "-f", "lavfi", "-i", "color=c=0xb8325a:s=120x360:d=5:r=24",
  "-filter_complex",
  "[0][1]overlay=x='-120+t*152':y=0,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf:text='Lectie demonstrativa':fontcolor=0x2b1b2e:fontsize=34:x=(w-text_w)/2:y=(h-text_h)/2-20,drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:text='Ana Nails Academy':fontcolor=0x2b1b2e:fontsize=20:x=(w-text_w)/2:y=(h/2)+30",
  "-c:v", "libx264", "-preset", "veryslow", "-crf", "34", "-pix_fmt", "yuv420p", "-movflags", "+faststart",
  path.join(out, "lectie-demo.mp4"),
]);
// Its poster (the player shows it before playing): a frame from the middle, as WebP.
execFileSync("ffmpeg", [
  "-y", "-loglevel", "error", "-ss", "2.5", "-i", path.join(out, "lectie-demo.mp4"), "-frames:v", "1",
  path.join(tmp, "poster.png"),
]);
execFileSync("cwebp", ["-quiet", "-q", "80", path.join(tmp, "poster.png"), "-o", path.join(out, "lectie-demo-poster.webp")]);

// A one-page lesson handout.
const pdf = await PDFDocument.create();
pdf.setTitle("Fișă de lucru – Ana Nails Academy");
const page = pdf.addPage([595.28, 841.89]);
const serif = await pdf.embedFont(StandardFonts.TimesRoman);
const sans = await pdf.embedFont(StandardFonts.Helvetica);
page.drawRectangle({ x: 0, y: 781, width: 595.28, height: 61, color: rgb(0.72, 0.2, 0.35) });
page.drawText("Ana Nails Academy", { x: 40, y: 805, size: 20, font: serif, color: rgb(1, 1, 1) });
page.drawText("Fisa de lucru a lectiei", { x: 40, y: 730, size: 24, font: serif });
const lines = [
  "1. Dezinfectati mainile clientei si instrumentele inainte de lucru.",
  "2. Pregatiti unghia: impingeti cuticula, pilit lateral, matuizare usoara.",
  "3. Aplicati baza in strat subtire si polimerizati 60 de secunde.",
  "4. Doua straturi de culoare, fiecare polimerizat separat.",
  "5. Top coat, polimerizare, apoi curatati stratul de dispersie.",
  "6. Ulei pentru cuticule si recomandari de intretinere pentru clienta.",
];
lines.forEach((line, i) => page.drawText(line, { x: 40, y: 680 - i * 28, size: 13, font: sans }));
page.drawText("Material didactic pentru cursantii academiei. Nu se distribuie.", {
  x: 40, y: 60, size: 9, font: sans, color: rgb(0.4, 0.4, 0.4),
});
fs.writeFileSync(path.join(out, "fisa-lectie.pdf"), await pdf.save());

for (const file of fs.readdirSync(out).sort()) {
  console.log(`${file}\t${fs.statSync(path.join(out, file)).size} B`);
}
fs.rmSync(tmp, { recursive: true, force: true });
