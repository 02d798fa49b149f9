// Precompresses a built site the way a static host's CDN would: next to every text-like file
// (html, js, css, wasm, svg, webmanifest, txt, json) a `.br` (brotli, highest quality and
// window) and a `.gz` (gzip -9), each kept only when smaller than the file itself. Each
// variant gets its source's modification time, so a server can tell a variant made from an
// older copy of the file (tests/e2e/server.mjs serves only variants at least as new as the
// file). Images (png) are compressed already and stay as they are.
//
// Run by scripts/sw-precache.mjs (the Trunk post_build hook) on every build, after the
// service worker's file list is written (the list names the plain files only), or by hand:
//   node scripts/precompress.mjs [dir=dist]
import { readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Extensions worth compressing; brotli's text mode for all but wasm. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".wasm", ".svg", ".webmanifest", ".json", ".txt", ".xml"]);
/** The variants a server may pick from, by the Accept-Encoding token, in order of preference. */
export const VARIANTS = [
  ["br", ".br"],
  ["gzip", ".gz"],
];
const VARIANT_EXT = new Set(VARIANTS.map(([, ext]) => ext));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Is `file` a precompressed variant (a name this script writes)? */
export function isVariant(file) {
  return VARIANT_EXT.has(extname(file));
}

/**
 * Writes the `.br` and `.gz` variants of every compressible file under `dir` (replacing
 * older ones). Returns [{ file, raw, br, gz }] with byte sizes (null: variant not kept).
 */
export async function precompress(dir) {
  const files = walk(dir).filter((f) => !isVariant(f) && COMPRESSIBLE.has(extname(f).toLowerCase()));
  return Promise.all(
    files.map(async (file) => {
      const data = readFileSync(file);
      const { mtime } = statSync(file);
      const text = extname(file).toLowerCase() !== ".wasm";
      // zlib's async calls run on libuv's thread pool: the big wasm's two variants go in parallel.
      const [b, g] = await Promise.all([
        br(data, {
          params: {
            [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const keep = (buf, ext) => {
        if (buf.length >= data.length) {
          rmSync(file + ext, { force: true });
          return null;
        }
        writeFileSync(file + ext, buf);
        utimesSync(file + ext, mtime, mtime);
        return buf.length;
      };
      return { file, raw: data.length, br: keep(b, ".br"), gz: keep(g, ".gz") };
    }),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] || "dist");
  const t0 = performance.now();
  const done = await precompress(dir);
  const sum = (k) => done.reduce((s, d) => s + (d[k] ?? d.raw), 0);
  console.log(
    `precompress: ${done.length} files in ${Math.round(performance.now() - t0)} ms: ` +
      `${sum("raw")} bytes, brotli ${sum("br")}, gzip ${sum("gz")}`,
  );
}
