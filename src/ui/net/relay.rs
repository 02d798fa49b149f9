//! Signalling through public relays (issue 33): MQTT brokers over WebSocket, several at once,
//! every message end-to-end encrypted. The devices of one table share a secret that exists only
//! in the link's `#` part (never sent to any server); from it come the topic they meet on and the
//! AES-GCM key of everything they say there. A relay sees a random topic and ciphertext: never a
//! seat token, a name or the game's address. What a hostile relay could do — replay, reorder,
//! forge or flood — is refused by name (`app::net::signal::Guard`, and a message that does not
//! decrypt is `Forged`).
//!
//! The MQTT bytes are `app::net::mqtt`'s; what is said is `app::net::signal`'s; this file is the
//! browser's part: the sockets, WebCrypto, the clock.
//!
//! # Keys
//!
//! From the link's secret `s`, HKDF-SHA-256 (RFC 5869; WebCrypto's `deriveBits`/`deriveKey`,
//! salt [`SALT`]) with one `info` per use: `topic` (128 bits, as hex after `loewenherz/`),
//! `aes-gcm key` (an AES-256-GCM key that never leaves WebCrypto) and `watch link` (the watch
//! link's secret, 128 bits: the same table secret always gives the same watch link). Every
//! ciphertext is a fresh 96-bit IV then AES-GCM's output, with additional data `LS`, the relay
//! protocol's version and the topic: a ciphertext can't be moved to another room or version.
//!
//! # A broker or a stranger can't hurt
//!
//! A WebSocket frame is read into wasm memory in slices ([`CHUNK`] bytes) after its length is
//! known, and an MQTT packet past [`mqtt::MAX_PACKET`] is skipped as it streams (anyone may
//! publish on a public broker): the connection goes on. A relay is ready only once its
//! subscription was granted ([`mqtt::subscribed`]); one that stops answering is closed and
//! connected anew ([`mqtt::Liveness`]). Each relay's messages are decrypted at most at
//! [`DECRYPTS`]'s rate, and only when no longer than the longest padded plaintext can be.
//! Plaintexts are padded to a few sizes ([`Envelope::encode_padded`]); a broker's client id is
//! random for every connection.

use super::keys::{self, subtle, Signer};
use crate::app::net::mqtt::{self, Liveness, Packet, Tick};
use crate::app::net::proof::KeyId;
use crate::app::net::signal::{self, Envelope, Guard, Limiter, Outbox, Refusal, Signal, Signed, DECRYPTS, MAGIC, MAX_PLAINTEXT, VERSION};
pub use crate::app::net::relays::{parse_relays, DEFAULT_RELAYS};
use js_sys::{Array, Object, Reflect, Uint8Array};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{BinaryType, CryptoKey, MessageEvent, WebSocket};

/// Seconds between a client's pings (the broker drops a client silent for 1.5 times this).
const KEEP_ALIVE_S: u16 = 30;
/// Waits before connecting to a relay again after it closed (then the last, again and again).
const BACKOFF_MS: [i32; 4] = [1000, 3000, 8000, 20000];
/// The most bytes of a WebSocket frame copied into wasm memory at once.
const CHUNK: u32 = 16 * 1024;
/// HKDF's salt for every key of the relays (the protocol's name and version).
const SALT: &[u8] = b"loewenherz relay v1";
/// The longest ciphertext a device may send: the IV, the largest padded plaintext with room
/// for what may follow it (a public key and a signature: 65 and 64 bytes), the tag.
const MAX_SEALED: usize = 12 + MAX_PLAINTEXT + 256 + 16;

/// True when this page can use relays (WebCrypto and WebSocket; WebCrypto needs https).
pub fn available() -> bool {
    subtle().is_some() && Reflect::has(&js_sys::global(), &"WebSocket".into()).unwrap_or(false)
}

/// The link's secret as HKDF's input key.
async fn hkdf_key(secret: &[u8]) -> Option<CryptoKey> {
    let usages = Array::of2(&"deriveBits".into(), &"deriveKey".into());
    let p = subtle()?.import_key_with_str("raw", &Uint8Array::from(secret), "HKDF", false, &usages).ok()?;
    JsFuture::from(p).await.ok()?.dyn_into::<CryptoKey>().ok()
}

/// HKDF-SHA-256 with the relays' salt and `info` (one for each use).
fn hkdf(info: &[u8]) -> Object {
    let algo = Object::new();
    let _ = Reflect::set(&algo, &"name".into(), &"HKDF".into());
    let _ = Reflect::set(&algo, &"hash".into(), &"SHA-256".into());
    let _ = Reflect::set(&algo, &"salt".into(), &Uint8Array::from(SALT));
    let _ = Reflect::set(&algo, &"info".into(), &Uint8Array::from(info));
    algo
}

/// `bits` bits derived from the secret for `info`.
async fn derive_bits(base: &CryptoKey, info: &[u8], bits: u32) -> Option<Vec<u8>> {
    let p = subtle()?.derive_bits_with_object(&hkdf(info), base, bits).ok()?;
    Some(Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec())
}

/// The random bytes of a new secret.
///
/// `None` when the browser's random source failed: no table opens under a secret of zeros.
pub fn fresh_secret() -> Option<[u8; 16]> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).ok()?;
    Some(b)
}

/// The secret of the watch link of the table whose secret is `table`: a watcher can't find the
/// table's own room or key from it.
pub async fn watch_secret(table: &[u8]) -> Option<Vec<u8>> {
    derive_bits(&hkdf_key(table).await?, b"watch link", 128).await
}

/// Where the devices holding `secret` meet, and the key of what they say there.
struct Room {
    topic: String,
    key: CryptoKey,
    /// AES-GCM's additional data: `LS`, the version, the topic.
    aad: Vec<u8>,
}

async fn room(secret: &[u8]) -> Option<Room> {
    let base = hkdf_key(secret).await?;
    let t = derive_bits(&base, b"topic", 128).await?;
    let topic = format!("loewenherz/{}", t.iter().map(|b| format!("{b:02x}")).collect::<String>());
    let aes = Object::new();
    Reflect::set(&aes, &"name".into(), &"AES-GCM".into()).ok()?;
    Reflect::set(&aes, &"length".into(), &256.into()).ok()?;
    let usages = Array::of2(&"encrypt".into(), &"decrypt".into());
    let p = subtle()?.derive_key_with_object_and_object(&hkdf(b"aes-gcm key"), &base, &aes, false, &usages).ok()?;
    let key = JsFuture::from(p).await.ok()?.dyn_into::<CryptoKey>().ok()?;
    let aad = [&MAGIC[..], &[VERSION], topic.as_bytes()].concat();
    Some(Room { topic, key, aad })
}

fn gcm(iv: &[u8], aad: &[u8]) -> Object {
    let algo = Object::new();
    let _ = Reflect::set(&algo, &"name".into(), &"AES-GCM".into());
    let _ = Reflect::set(&algo, &"iv".into(), &Uint8Array::from(iv));
    let _ = Reflect::set(&algo, &"additionalData".into(), &Uint8Array::from(aad));
    algo
}

async fn seal(room: &Room, plain: &[u8]) -> Option<Vec<u8>> {
    let mut iv = [0u8; 12];
    getrandom::fill(&mut iv).ok()?;
    let p = subtle()?.encrypt_with_object_and_u8_array(&gcm(&iv, &room.aad), &room.key, plain).ok()?;
    let ct = Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec();
    Some([&iv[..], &ct].concat())
}

async fn open_sealed(room: &Room, sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < 12 + 16 || sealed.len() > MAX_SEALED {
        return None;
    }
    let p = subtle()?.decrypt_with_object_and_u8_array(&gcm(&sealed[..12], &room.aad), &room.key, &sealed[12..]).ok()?;
    Some(Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec())
}

/// A broker's client id for one connection: random, tied to nothing (not the device's id, the
/// table or an earlier connection). Empty (the broker picks one) if the random source fails.
fn client_id() -> String {
    let mut b = [0u8; 8];
    match getrandom::fill(&mut b) {
        Ok(()) => b.iter().map(|b| format!("{b:02x}")).collect(),
        Err(_) => String::new(),
    }
}

/// What one connection to a relay keeps: its bytes in, whether the broker answers, and how
/// many of its messages may be decrypted.
struct Conn {
    inbox: RefCell<mqtt::Inbox>,
    live: Cell<Liveness>,
    decrypts: RefCell<Limiter>,
}

/// What a [`Channel`] reports.
pub enum Heard {
    /// A message from another device of the table, and who signed it (the signature checked:
    /// whose word it may be is `app::net::trust`'s to say).
    Said(Envelope, KeyId),
    /// A message refused, and why (dropped; `NotForMe` and `Own` are never reported).
    Refused(Refusal),
    /// How many relays are connected now.
    Relays(usize),
}

/// One relay's socket.
struct Socket {
    url: String,
    ws: Option<WebSocket>,
    /// Subscribed: messages can be sent through it.
    ready: bool,
    /// Connections tried since it was last ready.
    tries: usize,
}

/// The devices of one table talking through relays: publish to all, hear from any.
pub struct Channel {
    room: Room,
    /// This device's key: every message it says is signed with it.
    signer: Rc<Signer>,
    outbox: RefCell<Outbox>,
    guard: RefCell<Guard>,
    /// Where the guard's memory is kept across reloads (`localStorage`), if anywhere.
    memory_key: Option<String>,
    sockets: RefCell<Vec<Socket>>,
    on: Rc<dyn Fn(Heard)>,
    closed: Cell<bool>,
}

/// A socket to relay `url` (MQTT's WebSocket subprotocol, bytes as array buffers).
fn socket(url: &str) -> Option<WebSocket> {
    let ws = WebSocket::new_with_str(url, "mqtt").ok()?;
    ws.set_binary_type(BinaryType::Arraybuffer);
    Some(ws)
}

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

impl Channel {
    /// Joins the room of `secret` through `relays`; `on` hears everything. `None`: this page
    /// can't use relays (no WebCrypto: not https).
    /// Everything said is signed with `signer`.
    pub async fn open(secret: &[u8], relays: &[String], signer: Rc<Signer>, on: impl Fn(Heard) + 'static) -> Option<Rc<Channel>> {
        Channel::open_keeping(secret, relays, signer, None, on).await
    }

    /// As [`Channel::open`], and the guard's memory of the numbers it took is kept in
    /// `localStorage` under `memory_key` after every message taken, and read back from there
    /// now: a device that reloaded refuses messages a relay recorded before (the host's).
    pub async fn open_keeping(secret: &[u8], relays: &[String], signer: Rc<Signer>, memory_key: Option<&str>, on: impl Fn(Heard) + 'static) -> Option<Rc<Channel>> {
        // The sockets connect while the room's topic and key are derived.
        let mut early: Vec<Option<WebSocket>> = relays.iter().map(|url| socket(url)).collect();
        let room = room(secret).await?;
        let mut id = [0u8; 8];
        getrandom::fill(&mut id).ok()?;
        let me = u64::from_le_bytes(id);
        let saved = memory_key.and_then(|k| local_storage()?.get_item(k).ok()?).and_then(|t| crate::app::share::base64url_decode(&t).ok());
        let guard = match saved {
            Some(bytes) => Guard::restore(me, &bytes, now_ms()),
            None => Guard::new(me),
        };
        let channel = Rc::new(Channel {
            room,
            signer,
            outbox: RefCell::new(Outbox::new(me)),
            guard: RefCell::new(guard),
            memory_key: memory_key.map(str::to_string),
            sockets: RefCell::new(relays.iter().map(|url| Socket { url: url.clone(), ws: None, ready: false, tries: 0 }).collect()),
            on: Rc::new(on),
            closed: Cell::new(false),
        });
        for (i, ws) in early.iter_mut().enumerate() {
            channel.connect(i, ws.take());
        }
        Some(channel)
    }

    /// Trusts device `from` (the host's device on a friend's; a seated device on the host's):
    /// a flood of new ids never makes this device forget its numbers. False when too many are
    /// pinned ([`crate::app::net::signal::MAX_PINNED`]).
    pub fn pin(&self, from: u64) -> bool {
        let now = self.guard.borrow().now(now_ms());
        self.guard.borrow_mut().pin(from, now)
    }

    /// Trusts device `from` no more than any other (it left its seat).
    pub fn unpin(&self, from: u64) {
        self.guard.borrow_mut().unpin(from);
    }

    /// How far (ms; positive: ahead of this device's) the clock of the last message refused as
    /// stale was: for [`crate::app::net::relay_words::clock_off`]'s words.
    pub fn clock_off(&self) -> Option<i64> {
        self.guard.borrow().clock_off()
    }

    /// This device follows the clock of `key` (the host's): see
    /// [`crate::app::net::signal::Guard::check_signed`].
    pub fn follow_clock(&self, key: KeyId) {
        self.guard.borrow_mut().follow_clock(key);
    }

    /// The host's side: the device to tell now that its clock is off, if the last message
    /// refused as stale was a device's ask (see [`crate::app::net::signal::Guard::clock_reply`]).
    pub fn clock_reply(&self) -> Option<Option<u64>> {
        self.guard.borrow_mut().clock_reply(now_ms())
    }

    /// Keeps the guard's memory where it was asked to be kept.
    fn keep_memory(&self) {
        let Some(key) = &self.memory_key else { return };
        if let Some(s) = local_storage() {
            let _ = s.set_item(key, &crate::app::share::base64url_encode(&self.guard.borrow().memory()));
        }
    }

    /// How many relays are connected.
    pub fn connected(&self) -> usize {
        self.sockets.borrow().iter().filter(|s| s.ready).count()
    }

    fn report(&self) {
        (self.on)(Heard::Relays(self.connected()));
    }

    /// Connects to relay `i` (through `early`, a socket opened already, if given).
    fn connect(self: &Rc<Self>, i: usize, early: Option<WebSocket>) {
        if self.closed.get() {
            return;
        }
        let url = self.sockets.borrow()[i].url.clone();
        let Some(ws) = early.or_else(|| socket(&url)) else { return self.retry(i) };
        let conn = Rc::new(Conn { inbox: RefCell::new(mqtt::Inbox::new(mqtt::MAX_PACKET)), live: Cell::new(Liveness::new(KEEP_ALIVE_S, now_ms())), decrypts: RefCell::new(Limiter::new(DECRYPTS)) });
        let me = self.clone();
        let w = ws.clone();
        let c = conn.clone();
        let opened = Closure::<dyn Fn()>::new(move || {
            if let Ok(connect) = mqtt::connect(&client_id(), KEEP_ALIVE_S) {
                let _ = w.send_with_u8_array(&connect);
            }
            c.live.set(Liveness::new(KEEP_ALIVE_S, now_ms()));
            me.watch(i, w.clone(), c.clone());
        });
        ws.set_onopen(Some(opened.as_ref().unchecked_ref()));
        opened.forget();
        let me = self.clone();
        let w = ws.clone();
        let c = conn.clone();
        let message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            let Ok(buf) = ev.data().dyn_into::<js_sys::ArrayBuffer>() else { return };
            // Its length first; then slices of it, each read before the next is copied (a
            // packet too long is skipped as it streams, so at most a packet and a slice are
            // held).
            let len = buf.byte_length();
            let mut at = 0;
            while at < len {
                let n = CHUNK.min(len - at);
                let slice = Uint8Array::new_with_byte_offset_and_length(&buf, at, n).to_vec();
                at += n;
                if c.inbox.borrow_mut().push(&slice).is_err() {
                    // A relay that sends what isn't MQTT: dropped, tried again later.
                    return w.close().unwrap_or(());
                }
                loop {
                    let next = c.inbox.borrow_mut().next_packet();
                    match next {
                        Ok(Some(p)) => {
                            let mut live = c.live.get();
                            live.heard(now_ms());
                            c.live.set(live);
                            me.packet(i, &w, &c, p);
                        }
                        Ok(None) => break,
                        Err(_) => return w.close().unwrap_or(()),
                    }
                }
            }
        });
        ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
        message.forget();
        let me = self.clone();
        let closed = Closure::<dyn Fn()>::new(move || {
            let was = std::mem::replace(&mut me.sockets.borrow_mut()[i].ready, false);
            if was {
                me.report();
            }
            me.retry(i);
        });
        ws.set_onclose(Some(closed.as_ref().unchecked_ref()));
        closed.forget();
        // An early socket may have opened, or failed, before it was listened to.
        match ws.ready_state() {
            WebSocket::OPEN => {
                if let Ok(connect) = mqtt::connect(&client_id(), KEEP_ALIVE_S) {
                    let _ = ws.send_with_u8_array(&connect);
                }
                self.watch(i, ws.clone(), conn);
            }
            WebSocket::CLOSING | WebSocket::CLOSED => return self.retry(i),
            _ => {}
        }
        self.sockets.borrow_mut()[i].ws = Some(ws);
    }

    fn retry(self: &Rc<Self>, i: usize) {
        if self.closed.get() {
            return;
        }
        let tries = {
            let mut s = self.sockets.borrow_mut();
            s[i].ws = None;
            s[i].tries += 1;
            s[i].tries
        };
        let me = self.clone();
        let wait = BACKOFF_MS[(tries - 1).min(BACKOFF_MS.len() - 1)];
        leptos::prelude::set_timeout(move || me.connect(i, None), std::time::Duration::from_millis(wait as u64));
    }

    fn packet(self: &Rc<Self>, i: usize, ws: &WebSocket, conn: &Conn, p: Packet) {
        match p {
            // Refused by the broker: tried again later.
            Packet::ConnAck { code, .. } if code.refused() => {
                let _ = ws.close();
            }
            Packet::ConnAck { .. } => match mqtt::subscribe(1, &[self.room.topic.as_str()]) {
                Ok(sub) => {
                    let _ = ws.send_with_u8_array(&sub);
                }
                Err(_) => {
                    let _ = ws.close();
                }
            },
            Packet::SubAck { .. } if mqtt::subscribed(&p, 1) => {
                {
                    let mut s = self.sockets.borrow_mut();
                    s[i].ready = true;
                    s[i].tries = 0;
                }
                self.report();
            }
            // A subscription refused (or an answer to what wasn't asked): no relay of the room.
            Packet::SubAck { .. } => {
                let _ = ws.close();
            }
            Packet::Publish { topic, payload } if topic == self.room.topic => {
                // A stranger's flood on a public broker costs no more than this (the room's
                // messages come through the other relays too).
                if payload.len() > MAX_SEALED || !conn.decrypts.borrow_mut().allow(now_ms()) {
                    return;
                }
                let me = self.clone();
                leptos::task::spawn_local(async move {
                    let heard = match open_sealed(&me.room, &payload).await {
                        None => Err(Refusal::Forged),
                        Some(plain) => match Signed::split(&plain) {
                            Err(r) => Err(r),
                            // A signature that doesn't hold: made by no key, or changed on the way.
                            Ok(s) if !keys::verify(s.key, s.sig, s.signed).await => Err(Refusal::Forged),
                            Ok(s) => {
                                let signer = KeyId::of(s.key);
                                me.guard.borrow_mut().check_signed(now_ms(), s.envelope, Some(signer)).map(|e| (e, signer))
                            }
                        },
                    };
                    if heard.is_ok() {
                        me.keep_memory();
                    }
                    match heard {
                        Ok((e, signer)) => (me.on)(Heard::Said(e, signer)),
                        // Its own message echoed, one for another device, the same message
                        // through a second relay: nothing to say.
                        Err(r) if r.expected() => {}
                        Err(r) => (me.on)(Heard::Refused(r)),
                    }
                });
            }
            _ => {}
        }
    }

    /// Every half keep-alive while `ws` is relay `i`'s socket: pings the broker, and closes a
    /// connection whose broker stopped answering (or never subscribed us) to connect anew.
    fn watch(self: &Rc<Self>, i: usize, ws: WebSocket, conn: Rc<Conn>) {
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                let current = me.sockets.borrow()[i].ws.as_ref().is_some_and(|w| *w == ws);
                if !current || me.closed.get() {
                    return;
                }
                let mut live = conn.live.get();
                let tick = live.tick(now_ms());
                conn.live.set(live);
                let ready = me.sockets.borrow()[i].ready;
                match tick {
                    Tick::Wait => {}
                    Tick::Ping if ready => {
                        let _ = ws.send_with_u8_array(&mqtt::pingreq());
                    }
                    // Not subscribed within a keep-alive, or silent: dropped, tried again.
                    Tick::Ping | Tick::Dead => {
                        let _ = ws.close();
                        return;
                    }
                }
                me.watch(i, ws, conn);
            },
            std::time::Duration::from_millis(u64::from(KEEP_ALIVE_S) * 500),
        );
    }

    /// Says `body` to the room through every connected relay (encrypted first). False when no
    /// relay is connected.
    pub fn say(self: &Rc<Self>, body: Signal) -> bool {
        if self.connected() == 0 || self.closed.get() {
            return false;
        }
        // Dated on the table's clock (the host's, when this device follows it).
        let now = self.guard.borrow().now(now_ms());
        let plain = self.outbox.borrow_mut().envelope(now, body).encode_padded();
        let me = self.clone();
        leptos::task::spawn_local(async move {
            // Padded, then signed: the key and the signature follow the padded envelope.
            let signed = signal::to_sign(&plain, me.signer.public());
            let Some(sig) = me.signer.sign(&signed).await else { return };
            let Some(sealed) = seal(&me.room, &[signed, sig.to_vec()].concat()).await else { return };
            let Ok(packet) = mqtt::publish(&me.room.topic, &sealed) else { return };
            for s in me.sockets.borrow().iter().filter(|s| s.ready) {
                if let Some(ws) = &s.ws {
                    let _ = ws.send_with_u8_array(&packet);
                }
            }
        });
        true
    }

    /// Leaves the room: every socket closes and none reconnects.
    pub fn close(&self) {
        self.closed.set(true);
        for s in self.sockets.borrow_mut().iter_mut() {
            if let Some(ws) = s.ws.take() {
                let _ = ws.send_with_u8_array(&mqtt::disconnect());
                let _ = ws.close();
            }
            s.ready = false;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    /// The secret 00 01 … 0f. Expected values from another HKDF-SHA-256 (Node's
    /// `crypto.hkdfSync("sha256", secret, "loewenherz relay v1", info, 16)`).
    fn secret() -> Vec<u8> {
        (0..16).collect()
    }

    fn hex(b: &[u8]) -> String {
        b.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[wasm_bindgen_test]
    async fn the_topic_and_the_watch_secret_are_hkdf_of_the_table_secret() {
        assert_eq!(hex(&watch_secret(&secret()).await.expect("derived")), "d91c4ff16a866fc705ada6d31f1fa378");
        assert_eq!(watch_secret(&secret()).await, watch_secret(&secret()).await, "the same watch link every time");
        let r = room(&secret()).await.expect("a room");
        assert_eq!(r.topic, "loewenherz/20af0fbdaab9bff31c7c87558c7f8149");
        assert_eq!(r.aad, [b"LS".as_slice(), &[crate::app::net::signal::VERSION], r.topic.as_bytes()].concat(), "the protocol's version is bound in");
    }

    #[wasm_bindgen_test]
    async fn a_ciphertext_opens_only_in_its_own_room() {
        let r = room(&secret()).await.expect("a room");
        let sealed = seal(&r, b"LS\x01hello").await.expect("sealed");
        assert_eq!(open_sealed(&r, &sealed).await.as_deref(), Some(&b"LS\x01hello"[..]));
        // The same key under another topic's additional data: refused.
        let moved = Room { topic: "loewenherz/other".into(), key: r.key.clone(), aad: b"LS\x02loewenherz/other".to_vec() };
        assert_eq!(open_sealed(&moved, &sealed).await, None);
        let mut flipped = sealed.clone();
        flipped[20] ^= 1;
        assert_eq!(open_sealed(&r, &flipped).await, None);
        let other = room(&[7; 16]).await.expect("a room");
        assert_eq!(open_sealed(&other, &sealed).await, None, "another table's key");
        assert_eq!(open_sealed(&r, &vec![0; MAX_SEALED + 1]).await, None, "longer than any message: not decrypted");
    }
}
