// A small static file server for dist/ (plain Node, no dependencies) that behaves like a
// real static host. Serves the same directory at `/` or under a sub-path such as
// `/games/loewenherz/`.
//
// - Precompressed files: `x.br` / `x.gz` next to `x` (scripts/precompress.mjs writes them on
//   every build) are sent for `x` when the request's Accept-Encoding takes them (q-values
//   respected, brotli before gzip at equal q, the plain file otherwise), with
//   `Content-Encoding` and `Vary: Accept-Encoding`. A variant older than its file (the file
//   was changed after the build) is ignored. `compress: false` serves every file as is.
// - Types for every kind of file dist/ holds (MIME below); unknown ones are octet-stream.
// - Cache headers: Trunk's hashed names (`loewenherz-<16 hex>_bg.wasm`, `main-<16 hex>.css`…)
//   never change, so they are `immutable` for a year; everything else (index.html, the
//   service worker sw.js and its unhashed companions: manifest, icons, rules pages, language
//   files, the computer players' worker) is `no-cache`: revalidated on every use.
// - ETag per file and encoding (size and modification time), answered with 304 when the
//   request's If-None-Match names it.
//
//   import { startServer } from "./server.mjs";
//   const srv = await startServer({ root: "dist", base: "/games/loewenherz/" });
//   srv.url  // http://127.0.0.1:<port>/games/loewenherz/
//   await srv.close();
//
// CLI: node tests/e2e/server.mjs [dir=dist] [port=8080] [base=/] [host=127.0.0.1]
//      (NO_COMPRESSION=1 serves every file uncompressed, as this server did before.)
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { basename, extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { VARIANTS } from "../../scripts/precompress.mjs";

export const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".woff2": "font/woff2",
};

/** Encodings with variants on disk: [Accept-Encoding token, file suffix], best first. */
export const ENCODINGS = VARIANTS;

/**
 * Trunk's content-hashed asset names (filehash): `<name>-<hash>[_bg].<ext>`, the hash a u64 in hex
 * without leading zeros (`{:x}`), so 16 digits 15 times in 16 and fewer otherwise. Eight digits at
 * least keeps short hex-looking names (`lang-de.txt`) out. assets/sw.js holds the same pattern.
 */
export const HASHED = /-[0-9a-f]{8,16}(?:_bg)?\.[a-z0-9]+$/;
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The q-value of each coding in an Accept-Encoding header (a Map; `*` included as given).
 * Entries with a malformed q are dropped.
 */
export function parseAcceptEncoding(header) {
  const q = new Map();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*(.*?)\s*$/i.exec(p);
      if (m) value = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(m[1]) ? Number(m[1]) : NaN;
    }
    if (!Number.isNaN(value)) q.set(coding, value);
  }
  return q;
}

/**
 * Picks the content coding for a response: among `available` (tokens, best first) the one the
 * request accepts with the highest q (ties go to the earlier), unless the plain file is
 * preferred by a higher q; "identity" when nothing else is acceptable or no header was sent.
 */
export function chooseEncoding(header, available) {
  if (header === undefined || header === null) return "identity";
  const q = parseAcceptEncoding(header);
  const star = q.get("*");
  const qOf = (c) => q.get(c) ?? (c === "gzip" ? q.get("x-gzip") : undefined) ?? star ?? (c === "identity" ? 1 : 0);
  let best = "identity";
  let bestQ = 0;
  for (const c of available) {
    const v = qOf(c);
    if (v > bestQ) [best, bestQ] = [c, v];
  }
  // The plain file wins only when the client says it prefers it; it is also the fallback
  // when nothing is acceptable (even with identity;q=0, as most hosts do).
  return best !== "identity" && qOf("identity") > bestQ ? "identity" : best;
}

function statFile(p) {
  try {
    const st = statSync(p);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
}

const etagOf = (st, enc) => `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}${enc === "identity" ? "" : "-" + enc}"`;

function notModified(ifNoneMatch, etag) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((t) => {
    t = t.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

export function startServer({ root = "dist", base = "/", port = 0, host = "127.0.0.1", log = false, compress = true } = {}) {
  const dir = resolve(root);
  if (!base.startsWith("/")) base = "/" + base;
  if (!base.endsWith("/")) base += "/";

  // Every path answered with its body (200), in order: what crossed the network.
  const served200 = [];
  const server = createServer((req, res) => {
    const send = (code, msg) => {
      res.writeHead(code, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      res.end(msg);
    };
    if (req.method !== "GET" && req.method !== "HEAD") return send(405, "method not allowed");
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, "http://x").pathname);
    } catch {
      return send(400, "bad request");
    }
    if (path + "/" === base) {
      res.writeHead(301, { location: base });
      return res.end();
    }
    if (!path.startsWith(base) || path.includes("\0")) return send(404, "not found");
    let file = join(dir, path.slice(base.length));
    if (file !== dir && !file.startsWith(dir + sep)) return send(403, "forbidden");
    let st = statFile(file);
    if (!st) {
      const index = join(file, "index.html");
      st = statFile(index);
      file = index;
    }
    if (!st) {
      if (log) console.log("404", path);
      return send(404, "not found");
    }

    // The variants on disk that are at least as new as the file, and the one the request takes.
    const variants = new Map();
    if (compress) {
      for (const [coding, ext] of ENCODINGS) {
        const vst = statFile(file + ext);
        // precompress gives each variant its file's time, which comes back within a
        // millisecond (it is set as fractional seconds).
        if (vst && vst.mtimeMs > st.mtimeMs - 1) variants.set(coding, vst);
      }
    }
    const enc = chooseEncoding(req.headers["accept-encoding"], [...variants.keys()]);
    const served = enc === "identity" ? { path: file, st } : { path: file + ENCODINGS.find(([c]) => c === enc)[1], st: variants.get(enc) };

    const etag = etagOf(served.st, enc);
    const headers = {
      "cache-control": HASHED.test(basename(file)) ? IMMUTABLE : "no-cache",
      etag,
    };
    if (compress) headers.vary = "Accept-Encoding";
    if (notModified(req.headers["if-none-match"], etag)) {
      if (log) console.log("304", path, enc);
      res.writeHead(304, headers);
      return res.end();
    }
    headers["content-type"] = MIME[extname(file).toLowerCase()] || "application/octet-stream";
    headers["content-length"] = served.st.size;
    if (enc !== "identity") headers["content-encoding"] = enc;
    res.writeHead(200, headers);
    if (log) console.log("200", path, enc);
    served200.push(path);
    if (req.method === "HEAD") return res.end();
    createReadStream(served.path).pipe(res);
  });

  return new Promise((ok, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => {
      const addr = server.address();
      const shown = host === "0.0.0.0" ? "127.0.0.1" : host;
      ok({
        server,
        port: addr.port,
        url: `http://${shown}:${addr.port}${base}`,
        served: served200,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [root = "dist", port = "8080", base = "/", host = "127.0.0.1"] = process.argv.slice(2);
  const compress = !process.env.NO_COMPRESSION;
  const srv = await startServer({ root, port: Number(port), base, host, compress });
  console.log(`Löwenherz is at ${srv.url}${compress ? "" : " (uncompressed)"}`);
}
