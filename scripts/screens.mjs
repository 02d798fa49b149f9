// Screenshots of every kind of screen of both editions at the three sizes we design for
// (1024×768, 768×1024, 390×844): plays games through the UI with the end-to-end tests' players
// and takes a picture the first time each kind of step shows (start, hand-over, decision cards,
// borders, negotiation, bid, politics piles, a power card hand, the market, the end …), plus
// whether that step's controls lie inside the viewport. Not a test: for looking at. In each engine
// of ENGINES (tests/e2e/engines.mjs: chromium, firefox, webkit; Chromium alone by default), the
// files named so that one screen's pictures in every engine lie side by side:
//   <engine>-start-<w>x<h>.png, <engine>-<edition>-<kind>-<w>x<h>.png (each kind the first time it shows)
//   node scripts/screens.mjs [OUT_DIR]            (E2E_DIST=dir for another build)
//   SIZES=390x844 EDITIONS=new node scripts/screens.mjs
//   ENGINES=chromium,firefox,webkit SIZES=1024x768,390x844 EDITIONS=classic node scripts/screens.mjs /work/shots
// (MiniBrowser's window is never narrower than 447 px: WebKit's phone pictures are 447 px wide.)
import { mkdirSync, writeFileSync } from "node:fs";
import { openEngine } from "../tests/e2e/engines.mjs";
import { autoStep } from "../tests/e2e/game.mjs";
import { DIST } from "../tests/e2e/helpers.mjs";
import { newAutoStep } from "../tests/e2e/newed.mjs";
import { startServer } from "../tests/e2e/server.mjs";

const OUT = process.argv[2] || "/tmp/screens";
const SIZES = (process.env.SIZES || "1024x768,768x1024,390x844").split(",").map((s) => s.split("x").map(Number));
const EDITIONS = (process.env.EDITIONS || "classic,new,solo").split(",");
const ENGINES = (process.env.ENGINES || "chromium").split(",");
const LINKS = {
  classic: "?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo",
  new: "?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo",
  solo: "?game=new&players=red,blue,orange,yellow&seed=4&bots=blue:hard,orange:hard,yellow:hard&pace=instant",
};

/** The kind of step on screen: which controls it offers. */
function kind(page) {
  return page.evaluate(() => {
    const has = (s) => !!document.querySelector(s);
    if (has("[data-game-over]")) return "end";
    if (has("[data-announcement]")) return "announcement";
    if (has("[data-handover]")) return "handover";
    if (has("[data-thinking]")) return "thinking";
    for (const [k, s] of [
      ["politics", "[data-politics-pass]"],
      ["confirm", ".confirm.primary"],
      ["decide", "[data-decision]"],
      ["negotiate", "[data-duel]"],
      ["bid", "[data-seal-bid]"],
      ["take-politics", "[data-take]"],
      ["piles", "[data-open-pile]"],
      ["hand", "[data-play]"],
      ["refill", "[data-deck]:not([disabled])"],
      ["borders", "[data-edge]"],
      ["spaces", "[data-target]"],
      ["review", "[data-pass]"],
    ])
      if (has(s)) return k;
    return "other";
  });
}

/** Controls of the step (enabled buttons outside the board) that lie outside the viewport. */
function outside(page) {
  return page.evaluate(() => {
    const vw = innerWidth, vh = innerHeight;
    return [...document.querySelectorAll(".controls button:not([disabled]), .step button:not([disabled]), [data-play]:not([disabled]), [data-sell], [data-seal-bid], [data-offer], [data-duel], [data-open-pile]:not([disabled]), [data-decision], [data-confirm-decision], [data-confirm], [data-undo]")]
      .filter((b) => b.offsetParent !== null)
      .filter((b) => {
        const r = b.getBoundingClientRect();
        return r.top < 0 || r.left < 0 || r.bottom > vh || r.right > vw;
      })
      .map((b) => b.textContent.trim().slice(0, 30));
  });
}

mkdirSync(OUT, { recursive: true });
const srv = await startServer({ root: DIST, base: "/" });
const report = [];
try {
  for (const engine of ENGINES) {
    const e = await openEngine(engine, { motion: true, shots: true });
    report.push(`${engine}: ${e.version}`);
    const page = e.page;
    try {
      for (const [w, h] of SIZES) {
        const got = await page.setViewport({ width: w, height: h });
        const size = `${w}x${h}`;
        if (got.width !== w || got.height !== h) report.push(`${engine} ${size}: the engine's page is ${got.width}x${got.height}`);
        for (const ed of EDITIONS) {
          await page.goto(srv.url);
          await page.waitFor(".start");
          await page.evaluate(() => localStorage.clear());
          await page.reload();
          await page.waitFor(".start");
          if (ed === EDITIONS[0]) {
            await page.waitForTimeout(250);
            await page.screenshot(`${OUT}/${engine}-start-${size}.png`);
            const full = await page.evaluate(() => document.documentElement.scrollHeight);
            report.push(`${engine} ${size} start: page ${full}px tall`);
          }
          await page.goto(srv.url + LINKS[ed]);
          const seen = new Set();
          const step = ed === "classic" ? autoStep : newAutoStep;
          for (let n = 0; n < 900 && seen.size < 16; n++) {
            await page.waitForTimeout(ed === "solo" ? 40 : 5);
            const k = await kind(page);
            if (!seen.has(k)) {
              seen.add(k);
              await page.waitForTimeout(250);
              await page.screenshot(`${OUT}/${engine}-${ed}-${k}-${size}.png`);
              const out = await outside(page);
              report.push(`${engine} ${size} ${ed} ${k}: ${out.length ? "OUT OF VIEW: " + out.join(" | ") : "controls in view"}`);
            }
            const did = await step(page, n);
            if (did === "over") break;
            if (did.startsWith("LEAK")) report.push(`LEAK ${did}`);
          }
        }
      }
    } finally {
      await e.close();
    }
  }
} finally {
  await srv.close();
}
writeFileSync(`${OUT}/report.txt`, report.join("\n") + "\n");
console.log(report.join("\n"));
