// Launches Debian's Chromium through playwright-core (which never downloads
// a browser) with a fresh, throw-away profile and config/cache dirs.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Returns { context, browser, close }. `context` is a persistent context on a
 * new temp user-data-dir (so service workers, caches and storage start empty);
 * `browser` is that context's browser (newPage etc. work on it via context).
 * `locale` (say "it-IT") is the browser's language (`navigator.language`).
 * Pages ask for reduced motion unless `motion`: the board then shows each state at once and the
 * others' moves are not played back after a hand-over (playback.test.mjs plays them), so a test
 * sees the table it acts on. `args`: Chromium's flags (CHROMIUM_ARGS unless given).
 */
export async function launchBrowser({ locale, motion = false, args = CHROMIUM_ARGS } = {}) {
  const root = mkdtempSync(join(tmpdir(), "loewenherz-chromium-"));
  // Chromium writes to $XDG_CONFIG_HOME / $XDG_CACHE_HOME, not only the profile.
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: join(root, "config"),
    XDG_CACHE_HOME: join(root, "cache"),
  };
  const context = await chromium.launchPersistentContext(join(root, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    args,
    env,
    reducedMotion: motion ? "no-preference" : "reduce",
    ...(locale ? { locale } : {}),
  });
  const browser = {
    newPage: async (opts = {}) => {
      const page = await context.newPage();
      if (opts.viewport) await page.setViewportSize(opts.viewport);
      return page;
    },
  };
  return {
    context,
    browser,
    close: async () => {
      await context.close().catch(() => {});
      rmSync(root, { recursive: true, force: true });
    },
  };
}
