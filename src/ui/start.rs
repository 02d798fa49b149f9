//! The start screen (a new game, the saved games, the lessons, a record to open) and starting a
//! game from the page's link or its address.

use super::begin::start_game;
use super::ctx::Ctx;
use super::page::clear_query;
use super::replay::{open_replay, open_replay_link};
use super::rules::RulesDialog;
use super::storage::{self, Listed};
use super::tree::tappable;
use super::widgets::Emblem;
use crate::app::names::{colour_label, colour_name};
use crate::app::panels::{saves, SaveRow, SaveTap};
use crate::app::params::{parse_link, LinkRequest, StartOptions};
use crate::app::seats::Seats;
use crate::engine::ai::Level;
use crate::engine::{Colour, Edition};
use crate::engine::classic::SetupKind;
use crate::tr;
use leptos::prelude::*;

/// Reads the page's link: starts a game from `?game=…&players=…`, or shows why it can't.
pub fn open_from_link(ctx: Ctx) {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else { return };
    match parse_link(&search) {
        Ok(LinkRequest::None) => resume_from_hash(ctx),
        Ok(LinkRequest::Start(mut o)) => {
            if o.seed.is_none() {
                match storage::fresh_seed() {
                    Ok(s) => o.seed = Some(s),
                    Err(e) => return ctx.start_message.set(Some(e)),
                }
            }
            clear_query();
            start_game(ctx, &o);
        }
        Ok(LinkRequest::Replay(param)) => {
            open_replay_link(ctx, &param);
            clear_query();
        }
        Err(e) => {
            ctx.start_message.set(Some(tr!(ScreenLinkBad, why = e)));
            clear_query();
        }
    }
}

/// A reload resumes the game the page was showing (`#game=<save id>`), through its hand-over screen.
fn resume_from_hash(ctx: Ctx) {
    let Some(hash) = web_sys::window().and_then(|w| w.location().hash().ok()) else { return };
    let Some(id) = hash.strip_prefix("#game=").filter(|id| !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')) else { return };
    match storage::load(id) {
        Ok(s) => ctx.show(Some(s)),
        Err(e) => ctx.start_message.set(Some(tr!(ScreenResumeFailed, why = e))),
    }
}

/// Continues a saved game, or says why it can't be. A game hosted for friends on their own
/// devices stays hosted: it opens with the friends' panel and its invites, never as a game
/// passed around this device.
fn continue_game(ctx: Ctx, id: &str) {
    match storage::load(id) {
        Ok(_) if !storage::net_seats(id).is_empty() => super::net::open(ctx, super::net::Link::Host(id.to_string())),
        Ok(s) => ctx.show(Some(s)),
        Err(e) => {
            ctx.start_message.set(Some(tr!(ScreenCantContinue, why = e)));
            ctx.saves_changed.update(|n| *n += 1);
        }
    }
}

/// A save's time in the browser's words ("22/11/2026, 09:50"), in the page's language.
pub(super) fn when(ms: f64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms));
    let opts = js_sys::Object::new();
    for (k, v) in [("dateStyle", "medium"), ("timeStyle", "short")] {
        let _ = js_sys::Reflect::set(&opts, &k.into(), &v.into());
    }
    // English keeps the browser's own format; German and Italian dates follow the language.
    let locale = match crate::i18n::lang() {
        crate::i18n::Lang::En => "default",
        l => l.code(),
    };
    // A browser whose Intl refuses the options (it throws) gets its plain date.
    super::feature::call(&d, "toLocaleString", &[locale.into(), opts.into()]).and_then(|s| s.as_string()).unwrap_or_else(|| String::from(d.to_string()))
}

/// The start screen: new game, saved games.
#[component]
pub fn StartScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let seed = RwSignal::new(String::new());
    let rules = RwSignal::new(false);
    let edition = RwSignal::new(Edition::Classic);
    let latest = move || {
        ctx.saves_changed.get();
        storage::list().into_iter().find_map(|l| match l {
            Listed::Ok { id, summary, .. } => Some((id, summary)),
            _ => None,
        })
    };
    view! {
        <div class="start">
            <h1>"Löwenherz"</h1>
            <p class="sub">{tr!(ScreenTagline)}</p>
            <div class="row lang-row">{super::lang::menu(ctx)}</div>
            {move || ctx.start_message.get().map(|m| view! { <p class="notice" role="alert" data-start-message="">{m}</p> })}
            // Storage blocked (or no room at all): the game plays, and says up front that
            // nothing is kept.
            {(!super::feature::saves_on()).then(|| view! { <p class="notice" role="status" data-saves-off="">{tr!(ScreenSavesOff)}</p> })}
            {move || latest().map(|(id, summary)| view! {
                <div class="row continue-latest">
                    <button type="button" class="primary big" data-continue-latest="" on:click=move |_| continue_game(ctx, &id)>{tr!(ScreenContinue)}</button>
                    <span class="hint">{summary}</span>
                </div>
            })}
            {super::tutorial::entry(ctx)}
            <NewGame seed=seed edition=edition/>
            <SavedGames/>
            <div class="row"><button type="button" data-rules="" on:click=move |_| rules.set(true)>{tr!(ScreenRules)}</button><button type="button" data-games="" on:click=move |_| ctx.games.set(true)>{tr!(HistoryOpen)}</button></div>
            {move || rules.get().then(|| view! { <RulesDialog open=rules edition=edition.get_untracked()/> })}
            <details class="more" data-more="">
                <summary>{tr!(ScreenMore)}</summary>
                <ImportPanel/>
                <section class="panel">
                    <h2>{tr!(ScreenSeed)}</h2>
                    <p class="hint">{tr!(ScreenSeedHint)}</p>
                    <div class="row">
                        <label>{tr!(ScreenSeed)}" "<input type="text" autocapitalize="off" autocomplete="off" spellcheck="false" placeholder=tr!(ScreenSeedRandom) prop:value=move || seed.get() data-seed="" on:input=move |ev| seed.set(event_target_value(&ev))/></label>
                    </div>
                </section>
            </details>
        </div>
    }
}

/// The "New game" panel: edition, players (colour, name, person or computer), setup, money,
/// hints, and Start with the setup's error beside it.
#[component]
fn NewGame(seed: RwSignal<String>, edition: RwSignal<Edition>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let count = RwSignal::new(3usize);
    let colours = RwSignal::new(vec![Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey]);
    let names = StoredValue::new(vec![String::new(); 4]);
    let setup = RwSignal::new(SetupKind::Basic);
    let public_money = RwSignal::new(false);
    // Who plays each seat: a person ("") or a computer at a level.
    let kinds = RwSignal::new(vec![String::new(); 4]);
    let hints = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let pick_edition = move |e: Edition| {
        edition.set(e);
        colours.set(StartOptions::palette(e).to_vec());
        // Classic money is private by default, the New Edition's public (R-N7).
        public_money.set(e == Edition::New);
    };
    let start = move |_| {
        let n = count.get_untracked();
        let players: Vec<Colour> = colours.get_untracked()[..n].to_vec();
        if (1..n).any(|i| players[..i].contains(&players[i])) {
            return error.set(Some(tr!(String ScreenDifferentColours)));
        }
        let kind = if n == 2 || edition.get_untracked() == Edition::New { SetupKind::Variable } else { setup.get_untracked() };
        let seed_value = match seed.get_untracked().trim() {
            "" => match storage::fresh_seed() {
                Ok(s) => s,
                Err(e) => return error.set(Some(e)),
            },
            t => match crate::engine::Seed::parse(t) {
                Some(s) => s,
                None => return error.set(Some(tr!(String ScreenSeedNotNumber))),
            },
        };
        let nm: Vec<String> = (0..n)
            .map(|i| {
                let t = names.with_value(|ns| ns[i].trim().chars().take(crate::app::params::MAX_NAME).collect::<String>());
                if t.is_empty() { colour_label(players[i]).to_string() } else { t }
            })
            .collect();
        let bots: Vec<(Colour, Level)> = (0..n).filter_map(|i| Level::parse(&kinds.get_untracked()[i]).map(|l| (players[i], l))).collect();
        let friends: Vec<storage::NetSeat> = (0..n).filter(|&i| kinds.get_untracked()[i] == "friend").map(|i| storage::NetSeat { colour: players[i], token: None, taken: false }).collect();
        if bots.len() + friends.len() == n {
            return error.set(Some(tr!(String ScreenNeedPerson)));
        }
        ctx.start_message.set(None);
        error.set(None);
        let seats = Seats { bots, hints: hints.get_untracked().then(Default::default), ..Default::default() };
        start_game(ctx, &StartOptions { edition: edition.get_untracked(), players, names: nm, setup: kind, seed: Some(seed_value), public_money: public_money.get_untracked(), neutral: None, seats, pace: None });
        // Friends on their own devices: this device hosts the game.
        if let Some(id) = ctx.shown_id().filter(|_| !friends.is_empty()) {
            storage::set_net_seats(&id, &friends);
            super::net::open(ctx, super::net::Link::Host(id));
        }
    };
    // The form is drawn again whenever a choice changes (typing a name changes nothing).
    let form = move || {
        let (e, n, cs, kind, money, ks, h) = (edition.get(), count.get(), colours.get(), setup.get(), public_money.get(), kinds.get(), hints.get());
        let active = |on: bool| if on { "active" } else { "" };
        let two = n == 2;
        let seat = |i: usize| {
            let c = cs[i];
            let kind = if ks[i].is_empty() { "person" } else { ks[i].as_str() };
            view! {
                <div class="row player-row">
                    <select data-colour=i.to_string() aria-label=tr!(ScreenColourOf, n = i + 1) on:change=move |ev| if let Some(c) = Colour::parse(&event_target_value(&ev)) { colours.update(|cs| cs[i] = c) }>
                        {StartOptions::palette(e).into_iter().map(|o| view! { <option value=o.name() selected=c == o disabled=(0..n).any(|j| j != i && cs[j] == o)>{colour_name(e, o)}</option> }).collect_view()}
                    </select>
                    <Emblem colour=c/>
                    <input type="text" maxlength=crate::app::params::MAX_NAME.to_string() placeholder=colour_name(e, c) value=names.with_value(|ns| ns[i].clone()) data-name=i.to_string()
                        aria-label=tr!(ScreenNameOf, n = i + 1) on:input=move |ev| names.update_value(|ns| ns[i] = event_target_value(&ev))/>
                    <select data-seat=i.to_string() aria-label=tr!(ScreenSeatOf, n = i + 1) on:change=move |ev| kinds.update(|k| k[i] = Some(event_target_value(&ev)).filter(|v| v != "person").unwrap_or_default())>
                        {[("person", tr!(ScreenSeatPerson)), ("easy", tr!(ScreenSeatEasy)), ("medium", tr!(ScreenSeatMedium)), ("hard", tr!(ScreenSeatHard)), ("friend", tr!(ScreenSeatFriend))].map(|(v, label)| view! { <option value=v selected=v == kind>{label}</option> })}
                    </select>
                </div>
            }
        };
        view! {
            <div class="row editions" role="group" aria-label=tr!(ScreenEdition)>
                <button type="button" class=format!("edition {}", active(e == Edition::Classic)) data-edition-choice="classic" on:click=move |_| pick_edition(Edition::Classic)><b>{tr!(ScreenClassic)}</b><small>{tr!(ScreenClassicLine)}</small></button>
                <button type="button" class=format!("edition {}", active(e == Edition::New)) data-edition-choice="new" on:click=move |_| pick_edition(Edition::New)><b>{tr!(ScreenNewEdition)}</b><small>{tr!(ScreenNewEditionLine)}</small></button>
            </div>
            {(e == Edition::New).then(|| view! { <p class="hint reconstruction" data-reconstruction="">{tr!(ScreenReconstruction)}</p> })}
            // The seats, and beside them on a wide screen the options: every choice in view
            // above "Start game" at 1024×768.
            <div class="new-game-form">
            <div class="new-game-seats">
            <div class="row" role="group" aria-label=tr!(ScreenPlayers)>
                {[2usize, 3, 4].map(|k| view! { <button type="button" class=active(n == k) data-players=k.to_string() on:click=move |_| count.set(k)>{tr!(ScreenPlayerCount, n = k)}</button> })}
            </div>
            {(0..n).map(seat).collect_view()}
            <p class="hint option-hint">{tr!(ScreenSeatsHint)}</p>
            </div>
            <div class="new-game-options">
            {(e == Edition::Classic).then(|| view! {
                <div class="row" role="group" aria-label=tr!(ScreenSetup)>
                    <button type="button" class=active(kind == SetupKind::Basic && !two) data-setup="basic" disabled=two on:click=move |_| setup.set(SetupKind::Basic)>{tr!(ScreenBasicSetup)}</button>
                    <button type="button" class=active(kind == SetupKind::Variable || two) data-setup="variable" on:click=move |_| setup.set(SetupKind::Variable)>{tr!(ScreenVariableSetup)}</button>
                </div>
                <p class="hint option-hint">{tr!(ScreenSetupHint)}</p>
            })}
            <div class="row" role="group" aria-label=tr!(ScreenMoney)>
                <button type="button" class=active(!money) data-money="private" on:click=move |_| public_money.set(false)>{tr!(ScreenPrivateMoney)}</button>
                <button type="button" class=active(money) data-money="public" on:click=move |_| public_money.set(true)>{tr!(ScreenPublicMoney)}</button>
            </div>
            <p class="hint option-hint">{tr!(ScreenMoneyHint)}</p>
            <div class="row">
                <label class="check"><input type="checkbox" data-hints-option="" checked=h on:change=move |ev| hints.set(event_target_checked(&ev))/>" "{tr!(ScreenHintsOption)}</label>
            </div>
            <p class="hint option-hint">{tr!(ScreenHintsHint)}</p>
            </div>
            </div>
        }
    };
    view! {
        <section class="panel new-game">
            <h2>{tr!(ScreenNewGame)}</h2>
            {form}
            <div class="row start-row">
                <button type="button" class="primary big" data-start="" on:click=start>{tr!(ScreenStartGame)}</button>
                {move || error.get().map(|m| view! { <span class="notice" role="alert" data-setup-error="">{m}</span> })}
            </div>
        </section>
    }
}

/// The saved games, to continue or delete (after a question; a delete can be undone while the
/// list is open).
#[component]
fn SavedGames() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let confirming = RwSignal::new(None::<String>);
    // Deleted while the list is open: id, what went (the save and the keys of remote play kept
    // beside it), its summary.
    let deleted = RwSignal::new(Vec::<(String, storage::Deleted, String)>::new());
    let list = Memo::new(move |_| {
        ctx.saves_changed.get();
        ctx.lang.track();
        storage::list()
            .into_iter()
            .map(|l| match l {
                Listed::Ok { id, summary, updated } => SaveRow::Ok { id, summary, when: when(updated) },
                Listed::Broken { id, reason } => SaveRow::Broken { id, reason },
            })
            .collect::<Vec<_>>()
    });
    let tree = move || {
        let gone: Vec<(String, String)> = deleted.with(|d| d.iter().map(|(id, _, s)| (id.clone(), s.clone())).collect());
        list.with(|l| saves(l, confirming.get().as_deref(), &gone))
    };
    let tap = move |t: SaveTap| match t {
        SaveTap::Continue(id) => continue_game(ctx, &id),
        SaveTap::Delete(id) => confirming.set(Some(id)),
        SaveTap::Keep => confirming.set(None),
        SaveTap::ConfirmDelete(id) => {
            let summary = list.with_untracked(|l| l.iter().find_map(|r| match r {
                SaveRow::Ok { id: x, summary, .. } if *x == id => Some(summary.clone()),
                SaveRow::Broken { id: x, .. } if *x == id => Some(tr!(String ScreenBrokenSummary)),
                _ => None,
            }));
            if let Some(gone) = storage::delete(&id) {
                deleted.update(|d| d.push((id, gone, summary.unwrap_or_default())));
            }
            confirming.set(None);
            ctx.saves_changed.update(|n| *n += 1);
        }
        SaveTap::UndoDelete(id) => {
            // Put the deleted save back, exactly as it was, with what remote play kept beside it.
            deleted.update(|d| {
                if let Some(i) = d.iter().position(|x| x.0 == id) {
                    let (_, gone, _) = d.remove(i);
                    storage::restore(&gone);
                }
            });
            ctx.saves_changed.update(|n| *n += 1);
        }
    };
    view! {
        <section class="panel saves">
            <h2>{tr!(ScreenSavedGames)}</h2>
            {tappable("save-list", tree, tap)}
        </section>
    }
}

/// Import a record from a file or pasted text, to step through.
#[component]
fn ImportPanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = StoredValue::new(String::new());
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok()) else { return };
        let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
        input.set_value("");
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
    };
    view! {
        <section class="panel import">
            <h2>{tr!(ScreenOpenRecord)}</h2>
            <div class="row"><label class="file">{tr!(ScreenFromFile)}" "<input type="file" accept=".txt,text/plain" data-import-file="" on:change=on_file/></label></div>
            <textarea rows="3" placeholder=tr!(ScreenPasteRecord) data-import-text="" on:input=move |ev| text.set_value(event_target_value(&ev))></textarea>
            <div class="row"><button type="button" data-import="" on:click=move |_| { open_replay(ctx, &text.get_value()); }>{tr!(ScreenOpenAsReplay)}</button></div>
        </section>
    }
}
