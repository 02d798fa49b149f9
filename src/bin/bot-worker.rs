//! The computer players' Web Worker: Trunk builds this bin as `bot-worker.js` +
//! `bot-worker_bg.wasm` with the loader `bot-worker_loader.js` (index.html), and the page
//! (`ui::bots`) starts it the first time a computer has to move, so a long search never
//! freezes the page. It links the engine (and `app::computers::BotError`'s codes), never Leptos.
//!
//! The protocol, JSON strings over `postMessage`:
//! - worker → page, once its wasm runs: `"ready"` (messages posted before are lost);
//! - page → worker: `{"id":7,"record":"…","colour":"red","level":"easy","seed":"42"}` (the
//!   seed as a string, since a JavaScript number can't hold every u64; a number is accepted);
//! - worker → page: `{"id":7,"ok":{"line":"red border c3-c4","why":"…"}}` (`line` null: the
//!   computer lets the moment pass) or `{"id":7,"err":"record","detail":"…"}`: `err` is a
//!   [`BotError`](loewenherz::app::computers::BotError) code, which the page puts into the
//!   player's words; `detail` is the referee's English, for developers only (never shown).

#[cfg(any(target_arch = "wasm32", test))]
mod protocol {
    use loewenherz::app::computers::BotError;
    use loewenherz::engine::ai::{Level, decide_within, search::Limit};
    use loewenherz::engine::{AnyGame, AnyRecord, Colour};
    use serde::{Deserialize, Serialize};

    /// The worker's first message: it listens from now on.
    #[cfg(target_arch = "wasm32")]
    pub const READY: &str = "ready";

    /// The longest a computer's search may run in the browser (issue 24: a decision stays
    /// under 2 s, replay and setup included, even on a slow or loaded machine).
    const LIMIT_SECONDS: f64 = 1.5;

    /// Seconds from a fixed start, by the worker's clock.
    #[cfg(target_arch = "wasm32")]
    fn now() -> f64 {
        js_sys::Date::now() / 1000.0
    }

    /// Seconds from a fixed start (native tests).
    #[cfg(not(target_arch = "wasm32"))]
    fn now() -> f64 {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
    }

    #[derive(Deserialize)]
    struct Request {
        id: u32,
        record: String,
        colour: String,
        level: String,
        seed: Seed,
    }

    /// A bot's seed: a decimal string, or a number.
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Seed {
        Number(u64),
        Text(String),
    }

    /// Just the id of a request that is otherwise unreadable, to answer it.
    #[derive(Deserialize)]
    struct Id {
        id: u32,
    }

    #[derive(Serialize)]
    struct Reply {
        id: u32,
        #[serde(skip_serializing_if = "Option::is_none")]
        ok: Option<Answer>,
        #[serde(skip_serializing_if = "Option::is_none")]
        err: Option<&'static str>,
        #[serde(skip_serializing_if = "Option::is_none")]
        detail: Option<String>,
    }

    #[derive(Serialize)]
    struct Answer {
        line: Option<String>,
        why: String,
    }

    /// A failure's kind, and the referee's English for developers.
    type Failure = (BotError, String);

    fn decide(req: &Request) -> Result<Answer, Failure> {
        let shown = loewenherz::engine::notation::shown;
        let request = |e: String| (BotError::Request, e);
        let me = Colour::parse(&req.colour).ok_or_else(|| request(format!("no such colour: {}", shown(&req.colour))))?;
        let level = Level::parse(&req.level).ok_or_else(|| request(format!("no such level: {}", shown(&req.level))))?;
        let seed = match &req.seed {
            Seed::Number(n) => *n,
            Seed::Text(t) => t.parse().map_err(|_| request(format!("not a seed: {}", shown(t))))?,
        };
        // As `ai::decide_record_within`, with the record's failures kept apart from the move's.
        let record = |e: loewenherz::engine::RecordError| (BotError::Record, e.to_string());
        let game = AnyRecord::parse(&req.record).map_err(record)?.replay().map_err(record)?;
        let limit = Some(Limit { clock: &now, seconds: LIMIT_SECONDS });
        let decided = match game {
            AnyGame::Classic(g) => decide_within(&g, me, level, seed, limit).map(|(m, why)| (m.map(|m| m.to_string()), why)),
            AnyGame::New(g) => decide_within(&g, me, level, seed, limit).map(|(m, why)| (m.map(|m| m.to_string()), why)),
        };
        let (line, why) = decided.map_err(|e| (BotError::NoMove, e))?;
        Ok(Answer { line, why })
    }

    /// Answers one request (the JSON text the page posted) with the reply's JSON text.
    pub fn answer(text: &str) -> String {
        let (id, result) = match serde_json::from_str::<Request>(text) {
            Ok(req) => (req.id, decide(&req)),
            Err(e) => (serde_json::from_str::<Id>(text).map_or(0, |r| r.id), Err((BotError::Request, format!("bad request to the computer player: {e}")))),
        };
        let reply = match result {
            Ok(a) => Reply { id, ok: Some(a), err: None, detail: None },
            Err((kind, detail)) => Reply { id, ok: None, err: Some(kind.code()), detail: Some(detail) },
        };
        serde_json::to_string(&reply).expect("a reply of strings always serialises")
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn requests_are_answered_under_their_id() {
            let reply: serde_json::Value = serde_json::from_str(&answer(r#"{"id":7,"record":"","colour":"red","level":"easy","seed":"18446744073709551615"}"#)).unwrap();
            assert_eq!(reply["id"], 7);
            assert!(reply["ok"].is_object() != reply["err"].is_string(), "exactly one of ok and err: {reply}");
            let reply: serde_json::Value = serde_json::from_str(&answer(r#"{"id":8,"record":"","colour":"red","level":"easy","seed":42}"#)).unwrap();
            assert_eq!(reply["id"], 8, "a numeric seed is fine too");
        }

        #[test]
        fn bad_requests_get_an_error_not_a_panic() {
            // The kind as a code the page words; the referee's English only as a detail.
            let err = |text: &str| {
                let reply: serde_json::Value = serde_json::from_str(&answer(text)).unwrap();
                let kind = BotError::parse(reply["err"].as_str().unwrap()).expect("a kind's code");
                (reply["id"].as_u64().unwrap(), kind, reply["detail"].as_str().unwrap().to_string(), reply.get("ok").is_none())
            };
            let (id, kind, detail, no_ok) = err(r#"{"id":3,"record":"","colour":"mauve","level":"easy","seed":"1"}"#);
            assert_eq!((id, kind, detail.as_str(), no_ok), (3, BotError::Request, "no such colour: mauve", true));
            assert_eq!(err(r#"{"id":4,"record":"","colour":"red","level":"godlike","seed":"1"}"#).2, "no such level: godlike");
            assert_eq!(err(r#"{"id":5,"record":"","colour":"red","level":"easy","seed":"-1"}"#).2, "not a seed: -1");
            let (id, kind, detail, _) = err(r#"{"id":6}"#);
            assert_eq!((id, kind), (6, BotError::Request));
            assert!(detail.starts_with("bad request"), "{detail}");
            assert_eq!(err("not json").0, 0);
            let ask = |record: &str, colour: &str| serde_json::json!({"id": 9, "record": record, "colour": colour, "level": "easy", "seed": "1"}).to_string();
            let (_, kind, detail, _) = err(&ask("[Edition \"classic\"]\nred jump a1\n", "red"));
            assert_eq!(kind, BotError::Record, "{detail}");
            let record = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Seed \"1\"]\n";
            // One colour decides the first castle; the others wait, with no move.
            let replies: Vec<serde_json::Value> = ["red", "yellow", "purple"].map(|c| serde_json::from_str(&answer(&ask(record, c))).unwrap()).into();
            assert_eq!(replies.iter().filter(|r| r["ok"].is_object()).count(), 1, "{replies:?}");
            assert!(replies.iter().filter(|r| !r["ok"].is_object()).all(|r| r["err"] == BotError::NoMove.code()), "{replies:?}");
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::{JsCast, JsValue, closure::Closure};
    console_error_panic_hook::set_once();
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply_to = scope.clone();
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let request = ev.data().as_string().unwrap_or_default();
        // Posting a string can't fail; a panic in `answer` reaches the page as an error event.
        let _ = reply_to.post_message(&JsValue::from_str(&protocol::answer(&request)));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(protocol::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("bot-worker is the computer players' Web Worker of the browser game (built for wasm32 by Trunk); the native referee is loewenherz-cli.");
    std::process::exit(1);
}
