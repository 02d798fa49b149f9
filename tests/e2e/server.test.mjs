// The local server behaves like a real static host: precompressed variants chosen by
// Accept-Encoding, the right type for every file of the build, long caching only for
// hashed names, ETag revalidation. First on a small site made here, then on dist/.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, relative, sep } from "node:path";
import { after, before, describe, test } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { COMPRESSIBLE, isVariant, precompress } from "../../scripts/precompress.mjs";
import { DIST } from "./helpers.mjs";
import { HASHED, IMMUTABLE, MIME, chooseEncoding, startServer } from "./server.mjs";

/** A raw GET (or HEAD): no automatic decompression, unlike fetch. */
function get(url, headers = {}, method = "GET") {
  return new Promise((ok, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => ok({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", fail);
    req.end();
  });
}

/** The body as the browser sees it after undoing Content-Encoding. */
function decoded(res) {
  const enc = res.headers["content-encoding"];
  if (enc === "br") return brotliDecompressSync(res.body);
  if (enc === "gzip") return gunzipSync(res.body);
  assert.equal(enc, undefined, "no other encoding is ever sent");
  return res.body;
}

test("Trunk's hashed names are known whatever their hash's length; the service worker knows them the same way", () => {
  // Trunk writes the hash as a u64 in hex without leading zeros: one build in 16 has 15 digits.
  for (const f of ["loewenherz-39311f079a537512_bg.wasm", "loewenherz-9311f079a537512.js", "main-b6032b28485db8.css"]) {
    assert.ok(HASHED.test(f), f);
  }
  for (const f of ["lang-de.txt", "icon-192.png", "bot-worker_bg.wasm", "index.html", "sw.js"]) assert.ok(!HASHED.test(f), f);
  const sw = readFileSync(new URL("../../assets/sw.js", import.meta.url), "utf8");
  assert.ok(sw.includes(`const HASHED = /${HASHED.source}/;`), "assets/sw.js holds the same pattern");
});

describe("a small site", () => {
  const WASM = "app-0123456789abcdef_bg.wasm";
  let dir, srv, plain;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "loewenherz-serve-"));
    // Compressible, and big enough that both variants are smaller than the file.
    const words = Array.from({ length: 4000 }, (_, i) => `word${i % 97}`).join(" ");
    writeFileSync(join(dir, WASM), words);
    writeFileSync(join(dir, "index.html"), `<!doctype html><title>t</title><p>${words}</p>`);
    writeFileSync(join(dir, "sw.js"), `const VERSION = "1"; // ${words}`);
    writeFileSync(join(dir, "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await precompress(dir);
    plain = await startServer({ root: dir, base: "/games/x/", compress: false });
    srv = await startServer({ root: dir, base: "/games/x/" });
  });
  after(async () => {
    await srv?.close();
    await plain?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("precompress writes a brotli and a gzip variant only where they are smaller", () => {
    const names = readdirSync(dir).sort();
    assert.deepEqual(names, [
      WASM,
      WASM + ".br",
      WASM + ".gz",
      "icon-192.png",
      "index.html",
      "index.html.br",
      "index.html.gz",
      "sw.js",
      "sw.js.br",
      "sw.js.gz",
    ]);
    assert.ok(statSync(join(dir, WASM + ".br")).size < statSync(join(dir, WASM + ".gz")).size, "brotli beats gzip");
  });

  for (const [header, want] of [
    ["br, gzip, deflate", "br"],
    ["gzip, deflate, br;q=0.5", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=0.5, identity", undefined],
    ["BR;Q=1.0", "br"],
    ["*", "br"],
    ["*;q=0, gzip;q=0.1", "gzip"],
    ["x-gzip", "gzip"],
    ["deflate", undefined],
    ["br;q=2, gzip", "gzip"],
    ["", undefined],
    [null, undefined],
  ]) {
    test(`Accept-Encoding ${JSON.stringify(header)} gets ${want ?? "the plain file"}`, async () => {
      const res = await get(srv.url + WASM, header === null ? {} : { "accept-encoding": header });
      assert.equal(res.status, 200);
      assert.equal(res.headers["content-encoding"], want);
      assert.equal(res.headers.vary, "Accept-Encoding");
      assert.equal(res.headers["content-type"], "application/wasm");
      assert.equal(Number(res.headers["content-length"]), res.body.length);
      assert.deepEqual(decoded(res), readFileSync(join(dir, WASM)));
    });
  }

  test("the plain file is the fallback when nothing acceptable is on disk", () => {
    assert.equal(chooseEncoding("br", []), "identity");
    assert.equal(chooseEncoding("gzip, identity;q=0", ["br"]), "identity");
    assert.equal(chooseEncoding("gzip, identity;q=0", ["br", "gzip"]), "gzip");
  });

  test("hashed names are immutable for a year; the page, the worker and unhashed files are revalidated", async () => {
    assert.equal((await get(srv.url + WASM)).headers["cache-control"], IMMUTABLE);
    for (const f of ["", "index.html", "sw.js", "icon-192.png"]) {
      assert.equal((await get(srv.url + f)).headers["cache-control"], "no-cache", f || "the directory");
    }
  });

  test("a matching If-None-Match gets 304 without a body; each encoding has its own ETag", async () => {
    const br = await get(srv.url + "sw.js", { "accept-encoding": "br" });
    const id = await get(srv.url + "sw.js");
    assert.ok(br.headers.etag && id.headers.etag);
    assert.notEqual(br.headers.etag, id.headers.etag);
    const again = await get(srv.url + "sw.js", { "accept-encoding": "br", "if-none-match": br.headers.etag });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, br.headers.etag);
    assert.equal(again.headers.vary, "Accept-Encoding");
    assert.equal(again.headers["cache-control"], "no-cache");
    const other = await get(srv.url + "sw.js", { "if-none-match": br.headers.etag });
    assert.equal(other.status, 200, "the brotli ETag does not validate the plain file");
  });

  test("HEAD sends the headers of GET and no body", async () => {
    const res = await get(srv.url + "index.html", { "accept-encoding": "gzip" }, "HEAD");
    assert.equal(res.status, 200);
    assert.equal(res.headers["content-encoding"], "gzip");
    assert.equal(Number(res.headers["content-length"]), statSync(join(dir, "index.html.gz")).size);
    assert.equal(res.body.length, 0);
  });

  test("a file changed after the build is served as it is now, not from its older variants", async () => {
    const file = join(dir, "sw.js");
    const changed = `const VERSION = "2"; // changed after the build`;
    writeFileSync(file, changed);
    const later = new Date(statSync(join(dir, "sw.js.br")).mtimeMs + 2000);
    utimesSync(file, later, later);
    const res = await get(srv.url + "sw.js", { "accept-encoding": "br, gzip" });
    assert.equal(res.headers["content-encoding"], undefined);
    assert.equal(res.body.toString(), changed);
  });

  test("without compression every file is sent as it is", async () => {
    const res = await get(plain.url + WASM, { "accept-encoding": "br, gzip" });
    assert.equal(res.headers["content-encoding"], undefined);
    assert.deepEqual(res.body, readFileSync(join(dir, WASM)));
    assert.equal(res.headers["cache-control"], IMMUTABLE);
  });

  test("no file outside the served directory", async () => {
    assert.equal((await get(srv.url + "..%2f..%2fetc%2fpasswd")).status, 403);
    assert.equal((await get(srv.url.replace("/games/x/", "/") + "index.html")).status, 404);
    assert.equal((await get(srv.url + "missing.js")).status, 404);
  });
});

describe("the build in dist/", () => {
  let srv;
  const files = [];
  before(async () => {
    const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
    for (const f of walk(DIST)) if (!isVariant(f)) files.push(relative(DIST, f).split(sep).join("/"));
    srv = await startServer({ root: DIST, base: "/games/loewenherz/" });
  });
  after(() => srv?.close());

  test("every file has its type, and every text-like file a brotli and a gzip variant that unpack to it", async () => {
    assert.ok(files.includes("index.html") && files.includes("sw.js"));
    for (const f of files) {
      const type = MIME[extname(f).toLowerCase()];
      assert.ok(type, `a type for ${f}`);
      const res = await get(srv.url + f, { "accept-encoding": "br, gzip" });
      assert.equal(res.status, 200, f);
      assert.equal(res.headers["content-type"], type, f);
      const raw = readFileSync(join(DIST, f));
      assert.deepEqual(decoded(res), raw, f);
      if (COMPRESSIBLE.has(extname(f).toLowerCase()) && raw.length > 1000) {
        assert.equal(res.headers["content-encoding"], "br", f);
        const gz = await get(srv.url + f, { "accept-encoding": "gzip" });
        assert.equal(gz.headers["content-encoding"], "gzip", f);
        assert.deepEqual(decoded(gz), raw, f);
      }
    }
  });

  test("the game's wasm, js and css have hashed names and are immutable; the page and the worker are not", async () => {
    const hashed = files.filter((f) => HASHED.test(f));
    for (const ext of [".wasm", ".js", ".css"]) assert.ok(hashed.some((f) => f.endsWith(ext)), `a hashed ${ext}`);
    for (const f of hashed) assert.equal((await get(srv.url + f)).headers["cache-control"], IMMUTABLE, f);
    for (const f of ["index.html", "sw.js", "manifest.webmanifest"]) {
      assert.ok(!HASHED.test(f));
      assert.equal((await get(srv.url + f)).headers["cache-control"], "no-cache", f);
    }
  });
});
