// The relay for remote play's tests (scripts/relay.mjs, scripts/relay.sh; issue 33) is a real
// MQTT 3.1.1 broker over WebSocket: two raw clients, their packets written here byte by byte as
// the standard has them, connect, subscribe and publish; what one publishes reaches the other
// and the relay's log, then everything closes cleanly.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { after, describe, test } from "node:test";
import WebSocket from "ws";
import { startRelay } from "../../scripts/relay.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A UTF-8 string with its two-byte length (§1.5.3). */
const str = (s) => {
  const b = Buffer.from(s, "utf8");
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
};
/** A packet: first byte, remaining length (§2.2.3), body. */
const packet = (first, body) => {
  const len = [];
  let n = body.length;
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    len.push(b);
  } while (n > 0);
  return Buffer.concat([Buffer.from([first, ...len]), body]);
};
// CONNECT (§3.1): "MQTT", level 4, clean session, keep alive 60 s, the client identifier.
const connect = (id) => packet(0x10, Buffer.concat([str("MQTT"), Buffer.from([4, 0x02, 0, 60]), str(id)]));
// SUBSCRIBE (§3.8): flags 0010, packet identifier, one filter at QoS 0.
const subscribe = (pid, filter) => packet(0x82, Buffer.concat([Buffer.from([pid >> 8, pid & 0xff]), str(filter), Buffer.from([0])]));
// PUBLISH (§3.3) at QoS 0: topic, payload.
const publish = (topic, payload) => packet(0x30, Buffer.concat([str(topic), payload]));
const DISCONNECT = Buffer.from([0xe0, 0]);

/** A raw client: the packets it received (split back out of the byte stream), awaitable.
 * Connected as `id`, or not at all when `id` is null. */
async function client(url, id) {
  const ws = new WebSocket(url, "mqtt");
  ws.binaryType = "nodebuffer";
  let buf = Buffer.alloc(0);
  const packets = [];
  const waiting = [];
  ws.on("message", (data) => {
    buf = Buffer.concat([buf, data]);
    for (;;) {
      let len = 0;
      let i = 1;
      let mul = 1;
      for (; i < buf.length && i < 5; i++) {
        len += (buf[i] & 0x7f) * mul;
        mul *= 128;
        if (!(buf[i] & 0x80)) break;
      }
      if (i >= buf.length || buf.length < i + 1 + len) return;
      packets.push(buf.subarray(0, i + 1 + len));
      buf = buf.subarray(i + 1 + len);
      for (const w of waiting.splice(0)) w();
    }
  });
  await new Promise((ok, fail) => {
    ws.once("open", ok);
    ws.once("error", fail);
  });
  assert.equal(ws.protocol, "mqtt", "the relay agrees to the subprotocol a browser asks for");
  const c = {
    ws,
    packets,
    send: (b) => ws.send(b),
    /** The next packet not yet taken, within two seconds. */
    async next() {
      const deadline = Date.now() + 2000;
      while (packets.length === 0) {
        assert.ok(Date.now() < deadline, `${id}: no packet within 2 s`);
        await new Promise((ok) => {
          waiting.push(ok);
          setTimeout(ok, 100);
        });
      }
      return packets.shift();
    },
  };
  if (id === null) return c;
  c.send(connect(id));
  // CONNACK (§3.2): no session present, accepted.
  assert.deepEqual([...(await c.next())], [0x20, 2, 0, 0]);
  return c;
}

/** Closes a client the way the game does: DISCONNECT, then the WebSocket. */
async function leave(c) {
  c.send(DISCONNECT);
  await new Promise((ok) => {
    c.ws.once("close", ok);
    c.ws.close();
  });
}

describe("the relay", () => {
  const dir = mkdtempSync(join(tmpdir(), "relay-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("passes a publish to a subscriber and logs it, then closes cleanly", async () => {
    const log = join(dir, "log.jsonl");
    const relay = await startRelay({ port: 0, log });
    assert.match(relay.url, /^ws:\/\/127\.0\.0\.1:\d+$/);
    const ann = await client(relay.url + "/mqtt", "ann");
    const ben = await client(relay.url, "ben");
    ann.send(subscribe(7, "lz/table/+"));
    // SUBACK (§3.9): packet identifier 7, granted QoS 0.
    assert.deepEqual([...(await ann.next())], [0x90, 3, 0, 7, 0]);
    const payload = Buffer.from([0, 1, 2, 0xfe, 0xff, ...Buffer.from("ciphertext")]);
    ben.send(publish("lz/table/abc", payload));
    assert.deepEqual(await ann.next(), publish("lz/table/abc", payload), "the same PUBLISH, byte for byte");
    // Large enough to be split or merged by the WebSocket on the way: 70 kB.
    const big = Buffer.alloc(70_000, 0x5a);
    ben.send(publish("lz/table/big", big));
    assert.deepEqual(await ann.next(), publish("lz/table/big", big));
    // Not subscribed: ben hears nothing of its own topic.
    assert.equal(ben.packets.length, 0);
    await leave(ann);
    await leave(ben);
    await relay.close();
    assert.deepEqual(relay.published.map((p) => p.topic), ["lz/table/abc", "lz/table/big"]);
    assert.deepEqual(relay.published[0].payload, payload);
    const lines = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines.map((l) => [l.topic, Buffer.from(l.payload, "base64").length]), [["lz/table/abc", payload.length], ["lz/table/big", big.length]]);
    assert.equal(Buffer.from(lines[0].payload, "base64").toString("hex"), payload.toString("hex"));
    assert.ok(lines.every((l) => typeof l.time === "number"));
  });

  test("takes the very bytes src/app/net/mqtt.rs writes and answers with those it reads", async () => {
    // The byte-exact encodings of mqtt.rs's tests, sent to a real broker; what comes back is
    // what those tests decode.
    const relay = await startRelay();
    const c = await client(relay.url, null);
    const bytes = (...xs) => Buffer.from(xs.flatMap((x) => (typeof x === "string" ? [...Buffer.from(x)] : [x])));
    c.send(bytes(0x10, 14, 0, 4, "MQTT", 4, 0x02, 0, 60, 0, 2, "ab"));
    assert.deepEqual(await c.next(), bytes(0x20, 2, 0, 0), "CONNACK, accepted");
    c.send(bytes(0x82, 12, 0, 10, 0, 3, "a/b", 0, 0, 1, "c", 0));
    assert.deepEqual(await c.next(), bytes(0x90, 4, 0, 10, 0, 0), "SUBACK 10, QoS 0 twice");
    c.send(bytes(0x30, 7, 0, 3, "a/b", 1, 0xff));
    assert.deepEqual(await c.next(), bytes(0x30, 7, 0, 3, "a/b", 1, 0xff), "its own PUBLISH back, unchanged");
    c.send(bytes(0xc0, 0));
    assert.deepEqual(await c.next(), bytes(0xd0, 0), "PINGRESP");
    c.send(bytes(0xa2, 7, 1, 2, 0, 3, "a/b"));
    assert.deepEqual(await c.next(), bytes(0xb0, 2, 1, 2), "UNSUBACK 0x0102");
    c.send(bytes(0x30, 7, 0, 3, "a/b", 1, 0xff));
    c.send(bytes(0x30, 4, 0, 1, "c", 9));
    assert.deepEqual(await c.next(), bytes(0x30, 4, 0, 1, "c", 9), "nothing more on a/b once unsubscribed");
    await leave(c);
    await relay.close();
  });

  test("closed mid-connection drops its clients, and comes back at the same address", async () => {
    const relay = await startRelay();
    const ann = await client(relay.url, "ann");
    const closed = new Promise((ok) => ann.ws.once("close", ok));
    await relay.close();
    await closed;
    await relay.close(); // twice is harmless
    const again = await startRelay({ port: relay.port });
    assert.equal(again.url, relay.url);
    const ben = await client(again.url, "ben");
    await leave(ben);
    await again.close();
  });

  test("scripts/relay.sh prints only its address and stops on SIGTERM", async () => {
    const log = join(dir, "sh.jsonl");
    const child = spawn(join(ROOT, "scripts/relay.sh"), ["0", "--log", log], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise((ok) => child.once("exit", (code, signal) => ok({ code, signal })));
    const out = [];
    const lines = createInterface({ input: child.stdout });
    const ended = new Promise((ok) => lines.once("close", ok));
    const url = await new Promise((ok, fail) => {
      lines.on("line", (l) => out.push(l) === 1 && ok(l));
      child.once("exit", (code) => fail(new Error(`relay.sh exited (${code}) before printing its address`)));
    });
    assert.match(url, /^ws:\/\/127\.0\.0\.1:\d+$/);
    const ann = await client(url, "ann");
    ann.send(subscribe(1, "t"));
    await ann.next();
    ann.send(publish("t", Buffer.from([1, 2, 3])));
    assert.deepEqual(await ann.next(), publish("t", Buffer.from([1, 2, 3])), "a subscriber gets its own publish back");
    await leave(ann);
    child.kill("SIGTERM");
    assert.deepEqual(await exited, { code: 0, signal: null });
    await ended;
    assert.deepEqual(out, [url], "nothing else on stdout");
    const logged = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(logged.map((l) => [l.topic, l.payload]), [["t", "AQID"]]);
  });
});
