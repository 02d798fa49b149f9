// Renders assets/icon.svg to assets/icon-192.png and assets/icon-512.png with
// headless Chromium (playwright-core + /usr/bin/chromium). Run by hand after
// changing the SVG, then commit the PNGs:  node scripts/render-icons.mjs
import { readFileSync } from "node:fs";
import { launchBrowser } from "../tests/e2e/browser.mjs";

const svg = readFileSync(new URL("../assets/icon.svg", import.meta.url), "utf8");
const { browser, close } = await launchBrowser();
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        svg.replace(/width="512" height="512"/, `width="${size}" height="${size}"`) +
        `</body></html>`,
    );
    const out = new URL(`../assets/icon-${size}.png`, import.meta.url).pathname;
    await page.screenshot({ path: out, omitBackground: true });
    console.log("wrote", out);
    await page.close();
  }
} finally {
  await close();
}
