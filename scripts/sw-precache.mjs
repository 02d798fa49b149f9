// Trunk post_build hook: writes the list of built files and a content hash
// into the service worker in the staging dir (Trunk hashes asset names, so
// the list changes with every build), then precompresses the staging dir
// (brotli + gzip variants next to each text-like file: scripts/precompress.mjs).
// One hook for both, because Trunk runs the hooks of a stage concurrently and
// the file list must name the plain files only. Plain Node, no dependencies.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { isVariant, precompress } from "./precompress.mjs";
import { pinInlineScripts } from "./csp.mjs";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error("sw-precache: TRUNK_STAGING_DIR is not set (run me as a Trunk hook)");
  process.exit(1);
}
const SW = "sw.js";

// The page's policy names its inline scripts by hash (scripts/csp.mjs): first, as index.html
// is hashed and precompressed below.
console.log(`csp: ${pinInlineScripts(staging).length} inline scripts allowed by hash`);

// The German and Italian words (src/i18n/<lang>/*.txt, in file-name order: the order build.rs
// checked and the game reads them in) go next to the page as lang-<lang>.txt, fetched when a
// player chooses the language and precached below like every other file.
const i18n = new URL("../src/i18n/", import.meta.url);
for (const lang of ["de", "it"]) {
  const dir = new URL(lang + "/", i18n);
  const parts = readdirSync(dir).filter((f) => f.endsWith(".txt")).sort();
  writeFileSync(join(staging, `lang-${lang}.txt`), parts.map((f) => readFileSync(new URL(f, dir), "utf8") + "\n").join(""));
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

const files = walk(staging)
  .map((p) => relative(staging, p).split(sep).join("/"))
  .filter((f) => f !== SW && !f.endsWith(".map") && !isVariant(f))
  .sort();

const hash = createHash("sha256");
for (const f of files) {
  hash.update(f + "\0");
  hash.update(readFileSync(join(staging, f)));
}
const version = hash.digest("hex").slice(0, 16);

const swPath = join(staging, SW);
const template = readFileSync(swPath, "utf8");
// The computer players' worker is cached when first used (sw.js), not precached: a visit
// without computers never runs it.
const precache = ["./", ...files.filter((f) => !f.startsWith("bot-worker")).map((f) => "./" + f)];
const out = template
  .replace('"__LOEWENHERZ_BUILD_HASH__"', JSON.stringify(version))
  .replace('["__LOEWENHERZ_PRECACHE__"]', JSON.stringify(precache, null, 2));
if (out === template || out.includes("__LOEWENHERZ_")) {
  console.error("sw-precache: placeholders not found in " + swPath);
  process.exit(1);
}
writeFileSync(swPath, out);
console.log(`sw-precache: ${files.length} files, version ${version}`);

const t0 = performance.now();
const packed = await precompress(staging);
const total = (k) => packed.reduce((s, d) => s + (d[k] ?? d.raw), 0);
console.log(
  `precompress: ${packed.length} files in ${Math.round(performance.now() - t0)} ms ` +
    `(${total("raw")} bytes; brotli ${total("br")}, gzip ${total("gz")})`,
);
