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
use crate::tr;
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
        done.set(Some(if ok { tr!(ScreenCopied) } else { tr!(ScreenClipboardRefused) }.into()));
    });
}

/// Offers text as a file download.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| tr!(String ScreenDownloadRefused);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let doc = web_sys::window().and_then(|w| w.document()).ok_or(tr!(ScreenDownloadRefused))?;
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
            .kid(el("button").attr("data-export", "").text(tr!(ScreenDownloadRecord)))
            .kid(el("button").attr("data-copy-record", "").text(tr!(ScreenCopyRecord)))
            .kid(el("button").attr("data-copy-replay-link", "").text(tr!(ScreenCopyReplayLink)))]
    } else {
        vec![
            el("p").class("hint warn").text(tr!(ScreenRecordWarning)),
            el("div").class("row").kid(el("button").attr("data-reveal-record", "").text(tr!(ScreenRevealRecord))),
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
            el("button").class("x close").attr("aria-label", tr!(ScreenClose)).attr("data-close", "").text("×"),
            el("h2").text(tr!(ScreenShareSetup)),
            el("p").class("hint").text(tr!(ScreenShareSetupHint)),
            el("input").class("link").attr("readonly", "").attr("value", i.setup_link).attr("data-share-link", ""),
            el("div").class("row").kid(el("button").attr("data-copy-link", "").text(tr!(ScreenCopyLink))).kid(el("button").attr("data-copy-log", "").text(tr!(ScreenCopyLog))),
            el("h2").text(tr!(ScreenGameRecord)),
        ];
        t.extend(record_tree(i.over || revealed.get()));
        t.extend(status.get().map(|m| el("p").class("notice").text(m)));
        t.push(
            el("div")
                .class("row")
                .kid(el("button").class("primary").attr("data-leave", "").text(tr!(ScreenSaveAndLeave)))
                .kid(el("button").attr("data-rules", "").text(tr!(ScreenRules)))
                .kid(el("button").attr("data-close-menu", "").text(tr!(ScreenClose))),
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
        <div class="menu-panel panel" role="dialog" aria-label=tr!(ScreenGameMenu)>
            <Dom tree=tree class="menu-body" on_tap=tap/>
            <div class="row lang-row">{super::lang::menu(ctx)}</div>
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
            ctx.start_message.set(Some(tr!(ScreenRecordCantOpen, why = e)));
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
        Err(e) => ctx.start_message.set(Some(tr!(ScreenReplayLinkCantOpen, why = e))),
    }
}

/// Import a record from a file or pasted text (on the start screen).
#[component]
pub fn ImportPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = StoredValue::new(String::new());
    let on_file = move |input: web_sys::HtmlInputElement| {
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        if file.size() > crate::app::share::MAX_RECORD_BYTES as f64 {
            ctx.start_message.set(Some(tr!(String ScreenFileTooLarge)));
            return;
        }
        let promise = file.text();
        leptos::task::spawn_local(async move {
            match wasm_bindgen_futures::JsFuture::from(promise).await.ok().and_then(|v| v.as_string()) {
                Some(t) => {
                    open_replay(ctx, &t);
                }
                None => ctx.start_message.set(Some(tr!(String ScreenFileNotText))),
            }
        });
        input.set_value("");
    };
    let tree = Memo::new(move |_| {
        vec![el("section").class("panel import").kids([
            el("h2").text(tr!(ScreenOpenRecord)),
            el("div").class("row").kid(el("label").class("file").text(tr!(ScreenFromFile)).text(" ").kid(el("input").attr("type", "file").attr("accept", ".txt,text/plain").attr("data-import-file", ""))),
            el("textarea").attr("rows", "3").attr("placeholder", tr!(ScreenPasteRecord)).attr("data-import-text", ""),
            el("div").class("row").kid(el("button").attr("type", "button").attr("data-import", "").text(tr!(ScreenOpenAsReplay))),
        ])]
    });
    let change = Callback::new(move |e: web_sys::Element| {
        if e.has_attribute("data-import-file") {
            if let Ok(input) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e) {
                on_file(input);
            }
        } else if e.has_attribute("data-import-text")
            && let Some(v) = js_sys::Reflect::get(&e, &"value".into()).ok().and_then(|v| v.as_string())
        {
            text.set_value(v);
        }
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-import]").ok().flatten().is_some() {
            open_replay(ctx, &text.get_value());
        }
    });
    view! { <Dom tree=tree class="import-host" on_tap=tap on_change=change/> }
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
        match r.last_move() {
            Some(m) => tr!(ScreenReplayAtLast, at = r.at(), len = r.len(), move = m),
            None => tr!(ScreenReplayAt, at = r.at(), len = r.len()),
        }
    }));
    let over = move || ctx.replay.with(|r| r.as_ref().is_some_and(|r| r.is_over()));
    let head = Memo::new(move |_| {
        vec![el("header").class("topbar").kids([
            el("h1").class("title").text(tr!(ScreenReplayTitle)),
            el("span").class("info").attr("data-replay-status", "").text(status().unwrap_or_default()),
            el("button").attr("type", "button").class("menu").attr("data-replay-close", "").text(tr!(ScreenClose)),
        ])]
    });
    let step = |attr: &'static str, label: String, sign: &'static str| el("button").attr("type", "button").attr("aria-label", label).attr(attr, "").text(sign);
    let controls = Memo::new(move |_| {
        vec![el("div")
            .class("row replay-controls")
            .attr("role", "group")
            .attr("aria-label", tr!(ScreenStepThrough))
            .kids([
                step("data-replay-first", tr!(String ScreenToStart), "|◀"),
                step("data-replay-back", tr!(String ScreenBack), "◀"),
                step("data-replay-next", tr!(String ScreenForward), "▶"),
                step("data-replay-last", tr!(String ScreenToEnd), "▶|"),
            ])
            .kid_opt(over().then(|| el("span").class("chip over").attr("data-replay-over", "").text(tr!(ScreenGameOver))))]
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let is = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        if is("data-replay-close") {
            ctx.replay.set(None);
        } else if is("data-replay-first") {
            go(|_, _| 0);
        } else if is("data-replay-back") {
            go(|a, _| a.saturating_sub(1));
        } else if is("data-replay-next") {
            go(|a, _| a + 1);
        } else if is("data-replay-last") {
            go(|_, n| n);
        }
    });
    view! {
        <div class="game replay" data-replay="">
            <Dom tree=head class="topbar-host" on_tap=tap/>
            <div class="layout">
                <section class="board-area">
                    <Dom tree=controls class="replay-controls-host" on_tap=tap/>
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
