//! Sharing: the "share this setup" link, exporting and importing game records, replay
//! links (`?record=`), and stepping through a record.

use super::board::Board;
use super::panels::{ActionCard, Log, Table, Track};
use super::dom::{el, Dom, Node};
use super::Ctx;
use crate::app::params::StartOptions;
use crate::app::render::BoardModel;
use crate::app::share::{decode_record, encode_record};
use crate::app::targets::Mode;
use crate::app::AnyReplay;
use crate::engine::Edition;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The page's address without query or fragment.
pub fn base_url() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split(['?', '#']).next().unwrap_or_default().to_string()
}

/// Copies text to the clipboard; reports how it went.
pub fn copy(text: String, done: RwSignal<Option<String>>) {
    let Some(w) = web_sys::window() else { return };
    let promise = w.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
        done.set(Some(if ok { "Copied.".into() } else { "The browser refused the clipboard: select the text and copy it by hand.".into() }));
    });
}

/// Offers text as a file download.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| "the browser refused the download".to_string();
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// What the menu needs of the game on this device (either edition).
struct MenuInfo {
    setup_link: String,
    record: String,
    id: String,
    over: bool,
    log: String,
}

fn menu_info(ctx: Ctx) -> Option<MenuInfo> {
    let link = |o: StartOptions| format!("{}{}", base_url(), o.to_query());
    let log_text = |log: &[crate::app::log::LogLine]| log.iter().map(|l| l.text.as_str()).collect::<Vec<_>>().join("\n");
    ctx.session
        .with_untracked(|s| {
            s.as_ref().map(|s| MenuInfo {
                setup_link: link(StartOptions {
                    edition: Edition::Classic,
                    players: s.setup.players.clone(),
                    names: s.names.clone(),
                    setup: s.setup.kind,
                    seed: Some(s.setup.seed),
                    public_money: s.setup.public_money,
                    neutral: s.setup.neutral,
                    seats: crate::app::seats::Seats { hints: s.seats.hints.map(|_| Default::default()), ..s.seats.clone() },
                    pace: None,
                }),
                record: s.record(),
                id: s.id.clone(),
                over: s.game.is_over(),
                log: log_text(&s.log),
            })
        })
        .or_else(|| {
            ctx.new_session.with_untracked(|s| {
                s.as_ref().map(|s| MenuInfo {
                    setup_link: link(StartOptions {
                        edition: Edition::New,
                        players: s.setup.players.clone(),
                        names: s.names.clone(),
                        setup: crate::engine::SetupKind::Variable,
                        seed: Some(s.setup.seed),
                        public_money: !s.setup.private_money,
                        neutral: s.setup.neutral,
                        seats: crate::app::seats::Seats { hints: s.seats.hints.map(|_| Default::default()), ..s.seats.clone() },
                        pace: None,
                    }),
                    record: s.record(),
                    id: s.id.clone(),
                    over: s.game.is_over(),
                    log: log_text(&s.log),
                })
            })
        })
}

/// The readable file name of an exported record.
pub fn record_file_name(id: &str) -> String {
    let date = js_sys::Date::new_0();
    format!("loewenherz-{:04}-{:02}-{:02}-{}.txt", date.get_full_year(), date.get_month() + 1, date.get_date(), id.rsplit('-').next().unwrap_or(id))
}

/// The record's buttons. Before the game is over they come only after a confirmation that
/// says plainly that the record reveals everyone's hidden cards.
fn record_tree(revealed: bool) -> Vec<Node> {
    if revealed {
        vec![el("div")
            .class("row")
            .kid(el("button").attr("data-export", "").text("Download record"))
            .kid(el("button").attr("data-copy-record", "").text("Copy record"))
            .kid(el("button").attr("data-copy-replay-link", "").text("Copy replay link"))]
    } else {
        vec![
            el("p").class("hint warn").text("The record and the replay link show everything: every player's hidden cards and money, and the cards still to come. Share them when the game is over."),
            el("div").class("row").kid(el("button").attr("data-reveal-record", "").text("Show them anyway (reveals all hidden cards)")),
        ]
    }
}

/// What a tap on the record's buttons does; true when it was one of them.
fn record_tap(e: &web_sys::Element, record: &str, id: &str, revealed: RwSignal<bool>, status: RwSignal<Option<String>>) -> bool {
    let has = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
    if has("data-reveal-record") {
        revealed.set(true);
    } else if has("data-export") {
        if let Err(err) = download(&record_file_name(id), record) {
            status.set(Some(err));
        }
    } else if has("data-copy-record") {
        copy(record.to_string(), status);
    } else if has("data-copy-replay-link") {
        copy(format!("{}?record={}", base_url(), encode_record(record)), status);
    } else {
        return false;
    }
    true
}

/// The record's buttons of a finished game (the end screens).
#[component]
pub fn RecordButtons(record: String, id: String, status: RwSignal<Option<String>>) -> impl IntoView {
    let tree = Memo::new(move |_| record_tree(true));
    let tap = Callback::new(move |e: web_sys::Element| {
        record_tap(&e, &record, &id, RwSignal::new(true), status);
    });
    view! { <Dom tree=tree class="record-buttons" on_tap=tap/> }
}

/// The menu of the game screen: share the setup, the log, the record, back to the start.
#[component]
pub fn GameMenu(open: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let status = RwSignal::new(None::<String>);
    let rules = RwSignal::new(false);
    let revealed = RwSignal::new(false);
    let edition = if ctx.new_session.with_untracked(Option::is_some) { Edition::New } else { Edition::Classic };
    let tree = Memo::new(move |_| {
        let Some(i) = menu_info(ctx) else { return Vec::new() };
        let mut t = vec![
            el("button").class("x close").attr("aria-label", "Close").attr("data-close", "").text("×"),
            el("h2").text("Share this setup"),
            el("p").class("hint").text("The same players, map and cards, from the start:"),
            el("input").class("link").attr("readonly", "").attr("value", i.setup_link).attr("data-share-link", ""),
            el("div").class("row").kid(el("button").attr("data-copy-link", "").text("Copy link")).kid(el("button").attr("data-copy-log", "").text("Copy the game log (public)")),
            el("h2").text("Game record"),
        ];
        t.extend(record_tree(i.over || revealed.get()));
        t.extend(status.get().map(|m| el("p").class("notice").text(m)));
        t.push(
            el("div")
                .class("row")
                .kid(el("button").class("primary").attr("data-leave", "").text("Save and leave to the menu"))
                .kid(el("button").attr("data-rules", "").text("Rules"))
                .kid(el("button").attr("data-close-menu", "").text("Close")),
        );
        t
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let has = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        let Some(i) = menu_info(ctx) else { return };
        if record_tap(&e, &i.record, &i.id, revealed, status) {
        } else if has("data-close") || has("data-close-menu") {
            open.set(false);
        } else if has("data-copy-link") {
            copy(i.setup_link, status);
        } else if has("data-copy-log") {
            copy(i.log, status);
        } else if has("data-rules") {
            rules.set(true);
        } else if has("data-leave") {
            ctx.update(|s| s.undo_all());
            ctx.update_new(|s| s.undo_all());
            ctx.show(None);
            ctx.saves_changed.update(|n| *n += 1);
        }
    });
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="menu-panel panel" role="dialog" aria-label="Game menu">
            <Dom tree=tree class="menu-body" on_tap=tap/>
            {move || rules.get().then(|| view! { <super::rules::RulesDialog open=rules edition=edition/> })}
        </div>
    }
}

/// Opens a record as a replay, or says why it can't be.
pub fn open_replay(ctx: Ctx, text: &str) -> bool {
    match AnyReplay::open(text) {
        Ok(r) => {
            ctx.start_message.set(None);
            ctx.replay.set(Some(r));
            true
        }
        Err(e) => {
            ctx.start_message.set(Some(format!("That record can't be opened: {e}.")));
            false
        }
    }
}

/// Opens a `?record=` link.
pub fn open_replay_link(ctx: Ctx, param: &str) {
    match decode_record(param) {
        Ok(text) => {
            open_replay(ctx, &text);
        }
        Err(e) => ctx.start_message.set(Some(format!("The replay link can't be opened: {e}."))),
    }
}

/// Import a record from a file or pasted text (on the start screen).
#[component]
pub fn ImportPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = RwSignal::new(String::new());
    let on_file = move |ev: leptos::ev::Event| {
        let input: web_sys::HtmlInputElement = event_target(&ev);
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        if file.size() > crate::app::share::MAX_RECORD_BYTES as f64 {
            ctx.start_message.set(Some("That file is far too large to be a game record.".into()));
            return;
        }
        let promise = file.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_string()) {
                Some(t) => {
                    open_replay(ctx, &t);
                }
                None => ctx.start_message.set(Some("That file can't be read as text.".into())),
            }
        });
        input.set_value("");
    };
    view! {
        <section class="panel import">
            <h2>"Open a game record"</h2>
            <div class="row">
                <label class="file">"From a file: " <input type="file" accept=".txt,text/plain" data-import-file="" on:change=on_file/></label>
            </div>
            <textarea rows="3" placeholder="…or paste a record here" data-import-text="" prop:value=move || text.get() on:input=move |e| text.set(event_target_value(&e))></textarea>
            <div class="row"><button data-import="" on:click=move |_| { open_replay(ctx, &text.get()); }>"Open as replay"</button></div>
        </section>
    }
}

/// Stepping through a record (public information only), either edition.
#[component]
pub fn ReplayScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let classic = Memo::new(move |_| ctx.replay.with(|r| match r {
        Some(AnyReplay::Classic(r)) => Some(Table::of_replay(r)),
        _ => None,
    }));
    let model = Memo::new(move |_| ctx.replay.with(|r| match r {
        Some(AnyReplay::Classic(r)) => Some(BoardModel::classic(&r.view(), Mode::Normal)),
        Some(AnyReplay::New(r)) => Some(BoardModel::new_edition(&r.session.game.view(None), Mode::Normal)),
        None => None,
    }));
    let is_new = move || ctx.replay.with(|r| matches!(r, Some(AnyReplay::New(_))));
    let go = move |f: fn(usize, usize) -> usize| ctx.replay.update(|r| if let Some(r) = r { let to = f(r.at(), r.len()); r.go_to(to); });
    let status = move || ctx.replay.with(|r| r.as_ref().map(|r| {
        let last = r.last_move().map(|m| format!(" — {m}")).unwrap_or_default();
        format!("Move {} of {}{last}", r.at(), r.len())
    }));
    let over = move || ctx.replay.with(|r| r.as_ref().is_some_and(|r| r.is_over()));
    view! {
        <div class="game replay" data-replay="">
            <header class="topbar">
                <h1 class="title">"Löwenherz — replay"</h1>
                <span class="info" data-replay-status="">{status}</span>
                <button class="menu" on:click=move |_| ctx.replay.set(None)>"Close"</button>
            </header>
            <div class="layout">
                <section class="board-area">
                    <div class="row replay-controls" role="group" aria-label="Step through">
                        <button aria-label="To the start" data-replay-first="" on:click=move |_| go(|_, _| 0)>"|◀"</button>
                        <button aria-label="Back" data-replay-back="" on:click=move |_| go(|a, _| a.saturating_sub(1))>"◀"</button>
                        <button aria-label="Forward" data-replay-next="" on:click=move |_| go(|a, _| a + 1)>"▶"</button>
                        <button aria-label="To the end" data-replay-last="" on:click=move |_| go(|_, n| n)>"▶|"</button>
                        {move || over().then(|| view! { <span class="chip over" data-replay-over="">"Game over"</span> })}
                    </div>
                    <Board model=model/>
                </section>
                <aside class="side">
                    {move || if is_new() {
                        view! { <super::newed::ReplaySide/> }.into_any()
                    } else {
                        view! { <ActionCard table=classic/><Track table=classic/><Log table=classic/> }.into_any()
                    }}
                </aside>
            </div>
        </div>
    }
}
