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

use crate::app::net::mqtt::{self, Packet};
use super::keys::{self, Signer};
use crate::app::net::proof::KeyId;
use crate::app::net::signal::{self, Envelope, Guard, Outbox, Refusal, Signal, Signed};
pub use crate::app::net::relays::{parse_relays, DEFAULT_RELAYS};
use js_sys::{Array, Object, Reflect, Uint8Array};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{BinaryType, CryptoKey, MessageEvent, SubtleCrypto, WebSocket};

/// Seconds between a client's pings (the broker drops a client silent for 1.5 times this).
const KEEP_ALIVE_S: u16 = 30;
/// Waits before connecting to a relay again after it closed (then the last, again and again).
const BACKOFF_MS: [i32; 4] = [1000, 3000, 8000, 20000];

fn subtle() -> Option<SubtleCrypto> {
    // Only a secure context (https, or this machine) has it.
    let crypto = Reflect::get(&js_sys::global(), &"crypto".into()).ok()?;
    let subtle = Reflect::get(&crypto, &"subtle".into()).ok()?;
    subtle.dyn_into::<SubtleCrypto>().ok()
}

/// True when this page can use relays (WebCrypto and WebSocket; WebCrypto needs https).
pub fn available() -> bool {
    subtle().is_some() && Reflect::has(&js_sys::global(), &"WebSocket".into()).unwrap_or(false)
}

async fn sha256(parts: &[&[u8]]) -> Option<Vec<u8>> {
    let data: Vec<u8> = parts.concat();
    let p = subtle()?.digest_with_str_and_u8_array("SHA-256", &data).ok()?;
    let buf = JsFuture::from(p).await.ok()?;
    Some(Uint8Array::new(&buf).to_vec())
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
    sha256(&[b"loewenherz watch link", table]).await.map(|h| h[..16].to_vec())
}

/// Where the devices holding `secret` meet, and the key of what they say there.
struct Room {
    topic: String,
    key: CryptoKey,
}

async fn room(secret: &[u8]) -> Option<Room> {
    let t = sha256(&[b"loewenherz topic", secret]).await?;
    let topic = format!("loewenherz/{}", t[..16].iter().map(|b| format!("{b:02x}")).collect::<String>());
    let k = sha256(&[b"loewenherz key", secret]).await?;
    let algo = Object::new();
    Reflect::set(&algo, &"name".into(), &"AES-GCM".into()).ok()?;
    let usages = Array::of2(&"encrypt".into(), &"decrypt".into());
    let raw = Uint8Array::from(&k[..]);
    let p = subtle()?.import_key_with_object("raw", &raw, &algo, false, &usages).ok()?;
    let key = JsFuture::from(p).await.ok()?.dyn_into::<CryptoKey>().ok()?;
    Some(Room { topic, key })
}

fn gcm(iv: &[u8]) -> Object {
    let algo = Object::new();
    let _ = Reflect::set(&algo, &"name".into(), &"AES-GCM".into());
    let _ = Reflect::set(&algo, &"iv".into(), &Uint8Array::from(iv));
    algo
}

async fn seal(key: &CryptoKey, plain: &[u8]) -> Option<Vec<u8>> {
    let mut iv = [0u8; 12];
    getrandom::fill(&mut iv).ok()?;
    let p = subtle()?.encrypt_with_object_and_u8_array(&gcm(&iv), key, plain).ok()?;
    let ct = Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec();
    Some([&iv[..], &ct].concat())
}

async fn open_sealed(key: &CryptoKey, sealed: &[u8]) -> Option<Vec<u8>> {
    if sealed.len() < 12 + 16 {
        return None;
    }
    let p = subtle()?.decrypt_with_object_and_u8_array(&gcm(&sealed[..12]), key, &sealed[12..]).ok()?;
    Some(Uint8Array::new(&JsFuture::from(p).await.ok()?).to_vec())
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
    me: u64,
    outbox: RefCell<Outbox>,
    guard: RefCell<Guard>,
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

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

impl Channel {
    /// Joins the room of `secret` through `relays`; `on` hears everything. `None`: this page
    /// can't use relays (no WebCrypto: not https).
    /// Everything said is signed with `signer`.
    pub async fn open(secret: &[u8], relays: &[String], signer: Rc<Signer>, on: impl Fn(Heard) + 'static) -> Option<Rc<Channel>> {
        // The sockets connect while the room's topic and key are derived.
        let mut early: Vec<Option<WebSocket>> = relays.iter().map(|url| socket(url)).collect();
        let room = room(secret).await?;
        let mut id = [0u8; 8];
        getrandom::fill(&mut id).ok()?;
        let me = u64::from_le_bytes(id);
        let channel = Rc::new(Channel {
            room,
            signer,
            me,
            outbox: RefCell::new(Outbox::new(me)),
            guard: RefCell::new(Guard::new(me)),
            sockets: RefCell::new(relays.iter().map(|url| Socket { url: url.clone(), ws: None, ready: false, tries: 0 }).collect()),
            on: Rc::new(on),
            closed: Cell::new(false),
        });
        for (i, ws) in early.iter_mut().enumerate() {
            channel.connect(i, ws.take());
        }
        Some(channel)
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
        let inbox = Rc::new(RefCell::new(mqtt::Inbox::new(mqtt::MAX_PACKET)));
        let me = self.clone();
        let w = ws.clone();
        let opened = Closure::<dyn Fn()>::new(move || {
            if let Ok(connect) = mqtt::connect(&format!("lh{:016x}", me.me), KEEP_ALIVE_S) {
                let _ = w.send_with_u8_array(&connect);
            }
        });
        ws.set_onopen(Some(opened.as_ref().unchecked_ref()));
        opened.forget();
        let me = self.clone();
        let w = ws.clone();
        let message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
            let Ok(buf) = ev.data().dyn_into::<js_sys::ArrayBuffer>() else { return };
            let mut inbox = inbox.borrow_mut();
            if inbox.push(&Uint8Array::new(&buf).to_vec()).is_err() {
                // A relay that sends what isn't MQTT: dropped, tried again later.
                return w.close().unwrap_or(());
            }
            loop {
                match inbox.next_packet() {
                    Ok(Some(p)) => me.packet(i, &w, p),
                    Ok(None) => break,
                    Err(_) => return w.close().unwrap_or(()),
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
                if let Ok(connect) = mqtt::connect(&format!("lh{:016x}", self.me), KEEP_ALIVE_S) {
                    let _ = ws.send_with_u8_array(&connect);
                }
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

    fn packet(self: &Rc<Self>, i: usize, ws: &WebSocket, p: Packet) {
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
            Packet::SubAck { .. } => {
                {
                    let mut s = self.sockets.borrow_mut();
                    s[i].ready = true;
                    s[i].tries = 0;
                }
                self.report();
                self.ping(i, ws.clone());
            }
            Packet::Publish { topic, payload } if topic == self.room.topic => {
                let me = self.clone();
                leptos::task::spawn_local(async move {
                    let heard = match open_sealed(&me.room.key, &payload).await {
                        None => Err(Refusal::Forged),
                        Some(plain) => match Signed::split(&plain) {
                            Err(r) => Err(r),
                            // A signature that doesn't hold: made by no key, or changed on the way.
                            Ok(s) if !keys::verify(s.key, s.sig, s.signed).await => Err(Refusal::Forged),
                            Ok(s) => me.guard.borrow_mut().check(now_ms(), s.envelope).map(|e| (e, KeyId::of(s.key))),
                        },
                    };
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

    /// Keeps the connection to relay `i` alive while it is this socket.
    fn ping(self: &Rc<Self>, i: usize, ws: WebSocket) {
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                let current = me.sockets.borrow()[i].ws.as_ref().is_some_and(|w| *w == ws);
                if current && !me.closed.get() {
                    let _ = ws.send_with_u8_array(&mqtt::pingreq());
                    me.ping(i, ws);
                }
            },
            std::time::Duration::from_secs(u64::from(KEEP_ALIVE_S)),
        );
    }

    /// Says `body` to the room through every connected relay (encrypted first). False when no
    /// relay is connected.
    pub fn say(self: &Rc<Self>, body: Signal) -> bool {
        if self.connected() == 0 || self.closed.get() {
            return false;
        }
        let plain = self.outbox.borrow_mut().envelope(now_ms(), body).encode();
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let signed = signal::to_sign(&plain, me.signer.public());
            let Some(sig) = me.signer.sign(&signed).await else { return };
            let Some(sealed) = seal(&me.room.key, &[signed, sig.to_vec()].concat()).await else { return };
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
