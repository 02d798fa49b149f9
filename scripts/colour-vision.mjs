// Issue 11: how far apart the players' colours stay for colour-blind players. Simulates
// protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1.0,
// applied in linear RGB) on the colours of src/ui/board.rs `colour_fill` and prints, per
// edition's palette, every pair's colour difference (CIEDE2000 ΔE) with normal vision and under
// each simulation, closest pairs first. A measurement for notes, not a test: colour is never
// the only signal anyway (every colour has its emblem on castles, knights, markers and names).
//   usage: node scripts/colour-vision.mjs [colour=#rrggbb ...]   (try other fills)
import { readFileSync } from "node:fs";

const src = readFileSync(new URL("../src/ui/board.rs", import.meta.url), "utf8");
const fills = Object.fromEntries(
  [...src.slice(src.indexOf("pub fn colour_fill")).matchAll(/Colour::(\w+) => "(#[0-9a-f]{6})"/g)].slice(0, 6).map((m) => [m[1].toLowerCase(), m[2]]),
);
for (const a of process.argv.slice(2)) {
  const [c, hex] = a.split("=");
  fills[c] = hex;
}
const palettes = { classic: ["red", "yellow", "purple", "grey"], new: ["red", "blue", "orange", "yellow"] };

const MATRICES = {
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  tritanopia: [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.3039],
};
const toLin = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const rgb = (hex) => [1, 3, 5].map((i) => toLin(parseInt(hex.slice(i, i + 2), 16) / 255));
const clamp = (x) => Math.min(1, Math.max(0, x));
const simulate = (lin, m) => [0, 1, 2].map((r) => clamp(m[r * 3] * lin[0] + m[r * 3 + 1] * lin[1] + m[r * 3 + 2] * lin[2]));
function lab([r, g, b]) {
  const f = (t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
// CIEDE2000 (Sharma, Wu & Dalal 2005).
function de2000([L1, a1, b1], [L2, a2, b2]) {
  const rad = Math.PI / 180;
  const C1 = Math.hypot(a1, b1), C2 = Math.hypot(a2, b2), Cb = (C1 + C2) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cb ** 7 / (Cb ** 7 + 25 ** 7)));
  const a1p = a1 * (1 + G), a2p = a2 * (1 + G);
  const C1p = Math.hypot(a1p, b1), C2p = Math.hypot(a2p, b2);
  const h = (a, b) => (a === 0 && b === 0 ? 0 : (Math.atan2(b, a) / rad + 360) % 360);
  const h1 = h(a1p, b1), h2 = h(a2p, b2);
  const dL = L2 - L1, dC = C2p - C1p;
  let dh = C1p * C2p === 0 ? 0 : h2 - h1;
  if (dh > 180) dh -= 360;
  if (dh < -180) dh += 360;
  const dH = 2 * Math.sqrt(C1p * C2p) * Math.sin((dh / 2) * rad);
  const Lb = (L1 + L2) / 2, Cbp = (C1p + C2p) / 2;
  let hb = h1 + h2;
  if (C1p * C2p !== 0) hb = Math.abs(h1 - h2) > 180 ? (h1 + h2 + 360) / 2 : (h1 + h2) / 2;
  const T = 1 - 0.17 * Math.cos((hb - 30) * rad) + 0.24 * Math.cos(2 * hb * rad) + 0.32 * Math.cos((3 * hb + 6) * rad) - 0.2 * Math.cos((4 * hb - 63) * rad);
  const SL = 1 + (0.015 * (Lb - 50) ** 2) / Math.sqrt(20 + (Lb - 50) ** 2), SC = 1 + 0.045 * Cbp, SH = 1 + 0.015 * Cbp * T;
  const RT = -2 * Math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7)) * Math.sin(60 * Math.exp(-(((hb - 275) / 25) ** 2)) * rad);
  return Math.sqrt((dL / SL) ** 2 + (dC / SC) ** 2 + (dH / SH) ** 2 + RT * (dC / SC) * (dH / SH));
}

const visions = { normal: null, ...MATRICES };
for (const [edition, colours] of Object.entries(palettes)) {
  console.log(`\n${edition}: ${colours.map((c) => `${c} ${fills[c]}`).join(", ")}`);
  console.log(["pair".padEnd(16), ...Object.keys(visions).map((v) => v.padStart(13))].join(""));
  const rows = [];
  for (let i = 0; i < colours.length; i++)
    for (let j = i + 1; j < colours.length; j++) {
      const d = Object.values(visions).map((m) => {
        const [p, q] = [colours[i], colours[j]].map((c) => (m ? simulate(rgb(fills[c]), m) : rgb(fills[c])));
        return de2000(lab(p), lab(q));
      });
      rows.push([`${colours[i]}–${colours[j]}`, d]);
    }
  rows.sort((a, b) => Math.min(...a[1]) - Math.min(...b[1]));
  for (const [pair, d] of rows) console.log([pair.padEnd(16), ...d.map((x) => x.toFixed(1).padStart(13))].join(""));
}
