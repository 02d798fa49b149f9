// A real relay for remote play's tests (issue 33): an MQTT 3.1.1 broker (aedes) over WebSocket
// (ws) on the loopback interface, as the public brokers the game uses are (wss://…/mqtt). Any
// path is accepted; the WebSocket subprotocol `mqtt` a browser asks for is agreed to.
//
// CLI:  node scripts/relay.mjs [port=0] [--log FILE]
//   prints exactly one line, `ws://127.0.0.1:PORT`, once it listens (port 0: any free one),
//   and runs until killed (SIGTERM or SIGINT close it cleanly). `--log FILE` appends every
//   PUBLISH a client sends as a JSON line {"time": ms, "topic": "…", "payload": "<base64>"}, so
//   a test can check that the relay's traffic holds only ciphertext.
//
// In a test's own process:
//   import { startRelay } from "../../scripts/relay.mjs";
//   const relay = await startRelay({ port: 0, log: "/tmp/relay.jsonl" });
//   relay.url        // ws://127.0.0.1:<port>
//   relay.published  // every PUBLISH so far: { time, topic, payload } (payload a Buffer)
//   await relay.close();  // drops every client at once (a relay gone mid-game)
//   // …and startRelay({ port: relay.port }) brings it back at the same address.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Aedes } from "aedes";
import { WebSocketServer, createWebSocketStream } from "ws";

/**
 * Starts a broker on 127.0.0.1 at `port` (0: any free one). `log`: a file each client's
 * PUBLISH is appended to as a JSON line.
 */
export async function startRelay({ port = 0, log } = {}) {
  const broker = await Aedes.createBroker();
  const published = [];
  broker.on("publish", (packet, client) => {
    // Only what a client sent: the broker's own heartbeats ($SYS) have no client.
    if (!client) return;
    const entry = { time: Date.now(), topic: packet.topic, payload: Buffer.from(packet.payload) };
    published.push(entry);
    if (log) {
      appendFileSync(log, JSON.stringify({ time: entry.time, topic: entry.topic, payload: entry.payload.toString("base64") }) + "\n");
    }
  });
  const http = createServer((_, res) => {
    res.writeHead(426, { "content-type": "text/plain" }).end("an MQTT relay: connect with a WebSocket\n");
  });
  // The subprotocol `mqtt` (MQTT 3.1.1 §6) when the client asks for it, as public brokers do.
  const wss = new WebSocketServer({
    server: http,
    handleProtocols: (protocols) => (protocols.has("mqtt") ? "mqtt" : false),
  });
  wss.on("connection", (socket, req) => {
    const stream = createWebSocketStream(socket);
    // A client gone abruptly is no error of the relay's.
    stream.on("error", () => {});
    broker.handle(stream, req);
  });
  await new Promise((ok, fail) => {
    http.once("error", fail);
    http.listen(port, "127.0.0.1", ok);
  });
  const actual = http.address().port;
  let closed;
  return {
    port: actual,
    url: `ws://127.0.0.1:${actual}`,
    published,
    broker,
    close() {
      closed ??= (async () => {
        for (const socket of wss.clients) socket.terminate();
        await new Promise((done) => wss.close(() => done()));
        http.closeAllConnections?.();
        await new Promise((done) => http.close(() => done()));
        await new Promise((done) => broker.close(() => done()));
      })();
      return closed;
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let port = 0;
  let log;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--log" && i + 1 < args.length) log = resolve(args[++i]);
    else if (/^\d+$/.test(args[i]) && Number(args[i]) < 65536) port = Number(args[i]);
    else {
      console.error(`usage: node scripts/relay.mjs [port=0] [--log FILE] (not: ${args[i]})`);
      process.exit(2);
    }
  }
  const relay = await startRelay({ port, log });
  console.log(relay.url);
  const stop = async () => {
    await relay.close();
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
