// The page's Content-Security-Policy (index.html's <meta http-equiv>) allows inline scripts by
// their SHA-256 only: Trunk's loader (it names this build's hashed .js and .wasm, so its hash
// changes with every build) and the service worker's registration. This writes their hashes
// in place of the policy's placeholder, in the staging dir, before the file list is hashed and
// precompressed (called by scripts/sw-precache.mjs: Trunk runs a stage's hooks concurrently).
// A policy left with its placeholder allows no inline script at all: a build that skipped this
// fails closed.
//
// The policy (issue 40): the page's own files (default-src 'self'); WebAssembly
// ('wasm-unsafe-eval'); inline scripts by hash only; the computer players' worker and the
// service worker from this origin (worker-src 'self'); relays over wss:, ws: only on this
// machine (the tests' relay, scripts/relay.mjs, is ws://127.0.0.1:PORT); no images but the
// page's own; styles from the stylesheet and style attributes (the screens set --player, --i
// in style="…": 'unsafe-inline' for styles only); no plugins, <base> or form posts.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const PLACEHOLDER = "'sha256-LOEWENHERZ-INLINE-SCRIPTS'";

/** The CSP source expressions of every inline <script> in `html` (one with src= has none). */
export function inlineScriptHashes(html) {
  const out = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    out.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return out;
}

/** Writes the hashes of `staging`/index.html's inline scripts into its policy. */
export function pinInlineScripts(staging) {
  const path = join(staging, "index.html");
  const html = readFileSync(path, "utf8");
  if (!html.includes(PLACEHOLDER)) throw new Error(`csp: ${PLACEHOLDER} not found in ${path}`);
  const hashes = inlineScriptHashes(html);
  writeFileSync(path, html.replace(PLACEHOLDER, hashes.join(" ")));
  return hashes;
}
