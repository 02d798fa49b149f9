//! Computer players think in a Web Worker (`src/bin/bot-worker.rs`, which documents the
//! protocol), so the page never freezes. The worker is started the first time a computer has to
//! move — a game without computers never fetches it — and requests wait until it says it is
//! ready. A worker that fails (can't load, panics) fails every pending request with a message and
//! is started afresh on the next one.

use crate::app::computers::BotError;
use crate::engine::Colour;
use crate::engine::ai::{Decision, Level};
use crate::tr;
use serde::Serialize;
use std::cell::{Cell, RefCell};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};

/// Trunk's loader for the worker (`data-loader-shim`): a module that loads `bot-worker.js` and
/// `bot-worker_bg.wasm` (Trunk never hashes worker names), relative to the page.
const WORKER_URL: &str = "./bot-worker_loader.js";
/// The worker's first message.
const READY: &str = "ready";

#[derive(Serialize)]
struct Request<'a> {
    id: u32,
    record: &'a str,
    colour: &'a str,
    level: &'a str,
    /// As a string: a JavaScript number can't hold every u64.
    seed: String,
}

/// The running worker and the requests it owes an answer.
struct Client {
    worker: web_sys::Worker,
    ready: bool,
    /// Requests posted before the worker was ready (it would drop them).
    queue: Vec<String>,
    /// Each request's id and promise callbacks (resolve with the reply, reject with a message).
    /// A Vec, not a map: a handful at most, and smaller code.
    pending: Vec<(u32, js_sys::Function, js_sys::Function)>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _on_error: Closure<dyn Fn(web_sys::Event)>,
}

thread_local! {
    static CLIENT: RefCell<Option<Client>> = const { RefCell::new(None) };
    static LAST_ID: Cell<u32> = const { Cell::new(0) };
}

/// Asks the computer player for `colour`'s decision in the game `record` (its full text) at
/// `level` with the bot's `seed`, in the worker.
///
/// # Errors
/// The engine's refusal (the record does not replay, it is not `colour`'s move), or the worker
/// failed to start or stopped.
pub async fn decide(record: String, colour: Colour, level: Level, seed: u64) -> Result<Decision, String> {
    let id = LAST_ID.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    });
    let request = serde_json::to_string(&Request { id, record: &record, colour: colour.name(), level: level.name(), seed: seed.to_string() }).map_err(|_| tr!(String ScreenBotFailed))?;
    let promise = js_sys::Promise::new(&mut |resolve, reject: js_sys::Function| {
        if let Err(e) = send(id, &request, resolve, reject.clone()) {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(&e));
        }
    });
    let reply = wasm_bindgen_futures::JsFuture::from(promise).await.map_err(|e| e.as_string().unwrap_or_else(|| tr!(String ScreenBotFailed)))?;
    let ok = field(&reply, "ok");
    if ok.is_object() {
        Ok(Decision { line: field(&ok, "line").as_string(), why: field(&ok, "why").as_string().unwrap_or_default() })
    } else {
        // The kind's words; the reply's `detail` (the referee's English) is for developers.
        Err(field(&reply, "err").as_string().and_then(|code| BotError::parse(&code)).map_or_else(|| tr!(String ScreenBotNoAnswer), BotError::words))
    }
}

/// A property of a reply (parsed by the browser's `JSON.parse`: no JSON decoder in the page's wasm).
fn field(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// Posts a request (or queues it until the worker is ready), starting the worker if needed.
fn send(id: u32, request: &str, resolve: js_sys::Function, reject: js_sys::Function) -> Result<(), String> {
    CLIENT.with(|slot| {
        let mut slot = slot.borrow_mut();
        let client = match slot.as_mut() {
            Some(c) => c,
            None => slot.insert(spawn()?),
        };
        if client.ready {
            client.worker.post_message(&JsValue::from_str(request)).map_err(|e| failure(tr!(ScreenBotCantReach), &e))?;
        } else {
            client.queue.push(request.to_string());
        }
        client.pending.push((id, resolve, reject));
        Ok(())
    })
}

fn spawn() -> Result<Client, String> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(WORKER_URL, &options).map_err(|e| failure(tr!(ScreenBotCantStart), &e))?;
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(|ev: web_sys::MessageEvent| received(ev.data().as_string().unwrap_or_default()));
    // A script that doesn't load fires a plain Event, an exception in the worker an ErrorEvent.
    let on_error = Closure::<dyn Fn(web_sys::Event)>::new(|ev: web_sys::Event| {
        let why = ev.dyn_ref::<web_sys::ErrorEvent>().map(|e| e.message()).filter(|m| !m.is_empty()).unwrap_or_else(|| tr!(String ScreenBotNotLoaded));
        stopped(&tr!(ScreenBotStoppedWhy, why = why));
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Client { worker, ready: false, queue: Vec::new(), pending: Vec::new(), _on_message: on_message, _on_error: on_error })
}

/// A message from the worker: "ready" sends the queued requests, a reply resolves its request.
fn received(text: String) {
    let resolve = CLIENT.with(|slot| {
        let mut slot = slot.borrow_mut();
        let client = slot.as_mut()?;
        if text == READY {
            client.ready = true;
            for request in client.queue.drain(..) {
                // A failed post leaves its request pending; can't happen for a string.
                let _ = client.worker.post_message(&JsValue::from_str(&request));
            }
            return None;
        }
        let reply = js_sys::JSON::parse(&text).ok()?;
        let id = field(&reply, "id").as_f64()?;
        let at = client.pending.iter().position(|p| f64::from(p.0) == id)?;
        Some((client.pending.swap_remove(at).1, reply))
    });
    // Called outside the borrow.
    if let Some((resolve, reply)) = resolve {
        let _ = resolve.call1(&JsValue::NULL, &reply);
    }
}

/// The worker failed: ends it, fails its requests; the next request starts a new one.
fn stopped(why: &str) {
    // Dropping the client drops this running handler too; wasm-bindgen frees it on return.
    let Some(client) = CLIENT.with(|slot| slot.borrow_mut().take()) else { return };
    client.worker.terminate();
    for (_, _, reject) in client.pending {
        let _ = reject.call1(&JsValue::NULL, &JsValue::from_str(why));
    }
}

/// `what` failed, in words, with the browser's own message after it in brackets: that detail
/// is English, but it tells a worker that can't start (blocked, a missing file) from one that
/// can't be reached, which a bug report needs.
fn failure(what: &str, e: &JsValue) -> String {
    match e.dyn_ref::<js_sys::Error>() {
        Some(e) => tr!(ScreenBotFailure, what = what, why = String::from(e.message())),
        None => what.to_string(),
    }
}
