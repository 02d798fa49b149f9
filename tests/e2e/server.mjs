// A tiny static file server for dist/ (plain Node, no dependencies).
// Serves the same directory at `/` or under a sub-path such as
// `/games/loewenherz/`, like a static host would.
//
//   import { startServer } from "./server.mjs";
//   const srv = await startServer({ root: "dist", base: "/games/loewenherz/" });
//   srv.url  // http://127.0.0.1:<port>/games/loewenherz/
//   await srv.close();
//
// CLI: node tests/e2e/server.mjs [dir=dist] [port=8080] [base=/] [host=127.0.0.1]
import { createReadStream, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

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
  ".woff2": "font/woff2",
};

export function startServer({ root = "dist", base = "/", port = 0, host = "127.0.0.1", log = false } = {}) {
  const dir = resolve(root);
  if (!base.startsWith("/")) base = "/" + base;
  if (!base.endsWith("/")) base += "/";

  const server = createServer((req, res) => {
    const send = (code, msg) => {
      res.writeHead(code, { "content-type": "text/plain; charset=utf-8" });
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
    if (!path.startsWith(base)) return send(404, "not found");
    let file = join(dir, path.slice(base.length));
    if (file !== dir && !file.startsWith(dir + sep)) return send(403, "forbidden");
    let st;
    try {
      st = statSync(file);
      if (st.isDirectory()) {
        file = join(file, "index.html");
        st = statSync(file);
      }
    } catch {
      if (log) console.log("404", path);
      return send(404, "not found");
    }
    const type = MIME[extname(file).toLowerCase()] || "application/octet-stream";
    // The worker must always be revalidated; everything else may be cached briefly.
    const cache = file.endsWith("sw.js") || file.endsWith(".html") ? "no-cache" : "public, max-age=60";
    res.writeHead(200, { "content-type": type, "content-length": st.size, "cache-control": cache });
    if (log) console.log("200", path);
    if (req.method === "HEAD") return res.end();
    createReadStream(file).pipe(res);
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
  const srv = await startServer({ root, port: Number(port), base, host });
  console.log(`Löwenherz is at ${srv.url}`);
}
