//! Full-screen screens: start, hand-over, public announcements and the end of the game.

use super::board::colour_fill;
use super::storage::{self, Listed};
use super::Ctx;
use crate::app::newed_session::NewSession;
use crate::app::params::{parse_link, LinkRequest, StartOptions};
use crate::app::render::BoardModel;
use crate::app::session::Session;
use crate::app::targets::Mode;
use crate::app::{colour_label, AnySession};
use crate::engine::ai::Level;
use crate::engine::{Colour, Edition, SetupKind};
use crate::tr;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads the page's link: starts a game from `?game=…&players=…`, or shows why it can't.
pub fn open_from_link(ctx: Ctx) {
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else { return };
    match parse_link(&search) {
        Ok(LinkRequest::None) => resume_from_hash(ctx),
        Ok(LinkRequest::Start(mut o)) => {
            if o.seed.is_none() {
                o.seed = Some(storage::fresh_seed());
            }
            clear_query();
            start_game(ctx, &o);
        }
        Ok(LinkRequest::Replay(param)) => {
            super::share::open_replay_link(ctx, &param);
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

/// Puts the shown game's save id in the address (or takes it out), so a reload resumes it.
pub fn mark_address(id: Option<&str>) {
    if let Some(w) = web_sys::window()
        && let (Ok(h), Ok(path), Ok(search)) = (w.history(), w.location().pathname(), w.location().search())
    {
        let url = match id {
            Some(id) => format!("{path}{search}#game={id}"),
            None => format!("{path}{search}"),
        };
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

fn clear_query() {
    if let Some(w) = web_sys::window()
        && let (Ok(h), Ok(path)) = (w.history(), w.location().pathname())
    {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

fn start_game(ctx: Ctx, o: &StartOptions) {
    if let Some(p) = o.pace.as_deref().and_then(super::seats::Pace::parse) {
        ctx.pace.set(p.code());
    }
    let game = match o.edition {
        Edition::Classic => Session::new(storage::new_id(), o.to_setup(), o.names.clone()).map(|s| AnySession::Classic(s.with_seats(o.seats.clone()))),
        Edition::New => NewSession::new(storage::new_id(), o.to_new_setup(), o.names.clone()).map(|s| AnySession::New(s.with_seats(o.seats.clone()))),
    };
    match game {
        Ok(g) => {
            ctx.show(Some(g));
            ctx.persist();
        }
        Err(e) => ctx.start_message.set(Some(e)),
    }
}

/// The start screen: new game, saved games.
#[component]
pub fn StartScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let edition = RwSignal::new(Edition::Classic);
    let count = RwSignal::new(3usize);
    let colours = RwSignal::new(vec![Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey]);
    let names = RwSignal::new(vec![String::new(), String::new(), String::new(), String::new()]);
    let setup = RwSignal::new(SetupKind::Basic);
    let public_money = RwSignal::new(false);
    // Classic money is private by default, the New Edition's public (R-N7).
    let public_money_default = move |e: Edition| public_money.set(e == Edition::New);
    let pick_edition = move |e: Edition| {
        edition.set(e);
        colours.set(StartOptions::palette(e).to_vec());
        public_money_default(e);
    };
    let seed = RwSignal::new(String::new());
    // Who plays each seat: a person (None) or a computer at a level.
    let kinds = RwSignal::new(vec![String::new(); 4]);
    let hints = RwSignal::new(false);
    let rules = RwSignal::new(false);
    let setup_error = RwSignal::new(None::<String>);
    let start = move |_: ()| {
        let n = count.get();
        let players: Vec<Colour> = colours.get()[..n].to_vec();
        if (1..n).any(|i| players[..i].contains(&players[i])) {
            setup_error.set(Some(tr!(String ScreenDifferentColours)));
            return;
        }
        let kind = if n == 2 || edition.get() == Edition::New { SetupKind::Variable } else { setup.get() };
        let seed_value = match seed.get().trim() {
            "" => storage::fresh_seed(),
            t => match t.parse() {
                Ok(x) => x,
                Err(_) => {
                    setup_error.set(Some(tr!(String ScreenSeedNotNumber)));
                    return;
                }
            },
        };
        let nm: Vec<String> = (0..n)
            .map(|i| {
                let t = names.get_untracked()[i].trim().chars().take(24).collect::<String>();
                if t.is_empty() { colour_label(players[i]).to_string() } else { t }
            })
            .collect();
        let bots: Vec<(Colour, Level)> = (0..n).filter_map(|i| Level::parse(&kinds.get()[i]).map(|l| (players[i], l))).collect();
        if bots.len() == n {
            setup_error.set(Some(tr!(String ScreenNeedPerson)));
            return;
        }
        let seats = crate::app::seats::Seats { bots, hints: hints.get().then(Default::default) };
        ctx.start_message.set(None);
        setup_error.set(None);
        start_game(ctx, &StartOptions { edition: edition.get(), players, names: nm, setup: kind, seed: Some(seed_value), public_money: public_money.get(), neutral: None, seats, pace: None });
    };
    // The "New game" panel as a node tree: one click handler and one handler for its fields.
    // Names are read as typed (not part of the tree's inputs, so typing never redraws it).
    let new_game = Memo::new(move |_| {
        new_game_tree(edition.get(), count.get(), &colours.get(), setup.get(), public_money.get(), &kinds.get(), hints.get(), setup_error.get(), &names.get_untracked())
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let attr = |a: &str| super::dom::closest_attr(&e, a);
        if let Some(ed) = attr("data-edition-choice").and_then(|v| Edition::parse(&v)) {
            pick_edition(ed);
        } else if let Some(n) = attr("data-players").and_then(|v| v.parse::<usize>().ok()) {
            count.set(n);
        } else if let Some(k) = attr("data-setup") {
            setup.set(if k == "basic" { SetupKind::Basic } else { SetupKind::Variable });
        } else if let Some(m) = attr("data-money") {
            public_money.set(m == "public");
        } else if attr("data-start").is_some() {
            start(());
        }
    });
    let change = Callback::new(move |e: web_sys::Element| {
        let value = || e.dyn_ref::<web_sys::HtmlInputElement>().map(|i| i.value()).or_else(|| e.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value())).unwrap_or_default();
        let index = |a: &str| e.get_attribute(a).and_then(|v| v.parse::<usize>().ok()).filter(|&i| i < 4);
        if let Some(i) = index("data-colour") {
            if let Some(c) = Colour::parse(&value()) {
                colours.update(|cs| cs[i] = c);
            }
        } else if let Some(i) = index("data-seat") {
            kinds.update(|k| k[i] = value());
        } else if let Some(i) = index("data-name") {
            names.update_untracked(|ns| ns[i] = value());
        } else if e.has_attribute("data-hints-option") {
            hints.set(e.dyn_ref::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked()));
        }
    });
    // A delete asks first, and can be undone while this screen is open.
    let confirming = RwSignal::new(None::<String>);
    let deleted = RwSignal::new(Vec::<(String, String, String)>::new());
    let saves = move || {
        ctx.saves_changed.get();
        storage::list()
    };
    view! {
        <div class="start">
            <h1>"Löwenherz"</h1>
            <p class="sub">{tr!(ScreenTagline)}</p>
            <div class="row lang-row">{super::lang::menu(ctx)}</div>
            {move || ctx.start_message.get().map(|m| view! { <p class="notice" role="alert" data-start-message="">{m}</p> })}
            {move || {
                ctx.saves_changed.get();
                storage::list().into_iter().find_map(|l| match l { Listed::Ok { id, summary, .. } => Some((id, summary)), _ => None }).map(|(id, summary)| view! {
                    <div class="row continue-latest">
                        <button class="primary big" data-continue-latest="" on:click=move |_| match storage::load(&id) {
                            Ok(s) => ctx.show(Some(s)),
                            Err(e) => { ctx.start_message.set(Some(tr!(ScreenCantContinue, why = e))); ctx.saves_changed.update(|n| *n += 1); }
                        }>{tr!(ScreenContinue)}</button>
                        <span class="hint">{summary}</span>
                    </div>
                })
            }}
            {super::tutorial::entry(ctx)}
            <super::dom::Dom tree=new_game class="new-game-host" on_tap=tap on_change=change/>
            <section class="panel saves">
                <h2>{tr!(ScreenSavedGames)}</h2>
                <super::dom::Dom tree=Memo::new(move |_| saves_tree(saves(), confirming.get().as_deref(), &deleted.get())) class="save-list" on_tap=Callback::new(move |e: web_sys::Element| {
                    let is = |attr: &str| e.closest(&format!("[{attr}]")).ok().flatten().is_some();
                    if let Some(id) = super::dom::closest_attr(&e, "data-undo-delete") {
                        // Put the deleted save back, exactly as it was.
                        deleted.update(|d| if let Some(i) = d.iter().position(|x| x.0 == id) {
                            let (id, text, _) = d.remove(i);
                            storage::restore(&id, &text);
                        });
                        ctx.saves_changed.update(|n| *n += 1);
                        return;
                    }
                    let Some(id) = super::dom::closest_attr(&e, "data-save") else { return };
                    if is("data-continue") {
                        match storage::load(&id) {
                            Ok(s) => ctx.show(Some(s)),
                            Err(e) => { ctx.start_message.set(Some(tr!(ScreenCantContinue, why = e))); ctx.saves_changed.update(|n| *n += 1); }
                        }
                    } else if is("data-delete") {
                        confirming.set(Some(id));
                    } else if is("data-keep") {
                        confirming.set(None);
                    } else if is("data-confirm-delete") {
                        let summary = e.closest("[data-save]").ok().flatten().and_then(|r| r.get_attribute("data-summary")).unwrap_or_default();
                        if let Some(text) = storage::delete(&id) {
                            deleted.update(|d| d.push((id, text, summary)));
                        }
                        confirming.set(None);
                        ctx.saves_changed.update(|n| *n += 1);
                    }
                })/>
            </section>
            <super::dom::Dom tree=Memo::new(move |_| vec![super::dom::el("div").class("row").kid(super::dom::el("button").attr("type", "button").attr("data-rules", "").text(tr!(ScreenRules)))]) class="rules-host" on_tap=Callback::new(move |_| rules.set(true))/>
            {move || rules.get().then(|| view! { <super::rules::RulesDialog open=rules edition=edition.get_untracked()/> })}
            <details class="more" data-more="">
                <summary>{tr!(ScreenMore)}</summary>
                <super::share::ImportPanel/>
                {seed_panel(seed)}
            </details>
        </div>
    }
}

/// The seed of the next new game (empty: a fresh one).
fn seed_panel(seed: RwSignal<String>) -> impl IntoView {
    use super::dom::el;
    let now = seed.get_untracked();
    let tree = Memo::new(move |_| {
        vec![el("section").class("panel").kids([
            el("h2").text(tr!(ScreenSeed)),
            el("p").class("hint").text(tr!(ScreenSeedHint)),
            el("div").class("row").kid(el("label").text(tr!(ScreenSeed)).text(" ").kid(el("input").attr("type", "text").attr("inputmode", "numeric").attr("placeholder", tr!(ScreenSeedRandom)).attr("value", now.clone()).attr("data-seed", ""))),
        ])]
    });
    let change = Callback::new(move |e: web_sys::Element| {
        if let Some(v) = js_sys::Reflect::get(&e, &"value".into()).ok().and_then(|v| v.as_string()) {
            seed.set(v);
        }
    });
    view! { <super::dom::Dom tree=tree class="seed-host" on_change=change/> }
}

/// The "New game" panel: edition, players (colour, name, person or computer), setup, money,
/// hints, and Start with the setup's error beside it.
#[allow(clippy::too_many_arguments)]
fn new_game_tree(edition: Edition, count: usize, colours: &[Colour], setup: SetupKind, public_money: bool, kinds: &[String], hints: bool, error: Option<String>, names: &[String]) -> Vec<super::dom::Node> {
    use super::dom::el;
    let choice = |on: bool, n: super::dom::Node| if on { n.class("active") } else { n };
    let edition_button = |e: Edition, name: &str, line: &str| {
        el("button").class(if edition == e { "edition active" } else { "edition" }).attr("data-edition-choice", e.name()).kid(el("b").text(name)).kid(el("small").text(line))
    };
    let mut panel = el("section")
        .class("panel new-game")
        .kid(el("h2").text(tr!(ScreenNewGame)))
        .kid(el("div").class("row editions").attr("role", "group").attr("aria-label", tr!(ScreenEdition))
            .kid(edition_button(Edition::Classic, tr!(ScreenClassic), tr!(ScreenClassicLine)))
            .kid(edition_button(Edition::New, tr!(ScreenNewEdition), tr!(ScreenNewEditionLine))));
    if edition == Edition::New {
        panel = panel.kid(el("p").class("hint reconstruction").attr("data-reconstruction", "").text(tr!(ScreenReconstruction)));
    }
    panel = panel.kid(el("div").class("row").attr("role", "group").attr("aria-label", tr!(ScreenPlayers)).kids([2usize, 3, 4].map(|n| choice(count == n, el("button").attr("data-players", n.to_string()).text(tr!(ScreenPlayerCount, n = n))))));
    for i in 0..count {
        let c = colours[i];
        let options = StartOptions::palette(edition).into_iter().map(|o| {
            el("option").attr("value", o.name()).attr_if(o == c, "selected", "").attr_if((0..count).any(|j| j != i && colours[j] == o), "disabled", "").text(crate::app::colour_name(edition, o))
        });
        let kind = if kinds[i].is_empty() { "person" } else { kinds[i].as_str() };
        let seats = [("person", tr!(ScreenSeatPerson)), ("easy", tr!(ScreenSeatEasy)), ("medium", tr!(ScreenSeatMedium)), ("hard", tr!(ScreenSeatHard))]
            .map(|(v, label)| el("option").attr("value", v).attr_if(v == kind, "selected", "").text(label));
        panel = panel.kid(
            el("div")
                .class("row player-row")
                .kid(el("select").attr("data-colour", i.to_string()).attr("aria-label", tr!(ScreenColourOf, n = i + 1)).kids(options))
                .kid(super::board::emblem(c).class("emblem swatch"))
                .kid(el("input").attr("type", "text").attr("maxlength", "24").attr("placeholder", crate::app::colour_name(edition, c)).attr("value", names[i].clone()).attr("data-name", i.to_string()).attr("aria-label", tr!(ScreenNameOf, n = i + 1)))
                .kid(el("select").attr("data-seat", i.to_string()).attr("aria-label", tr!(ScreenSeatOf, n = i + 1)).kids(seats)),
        );
    }
    if edition == Edition::Classic {
        let two = count == 2;
        panel = panel.kid(
            el("div").class("row").attr("role", "group").attr("aria-label", tr!(ScreenSetup))
                .kid(choice(setup == SetupKind::Basic && !two, el("button").attr("data-setup", "basic").attr_if(two, "disabled", "").text(tr!(ScreenBasicSetup))))
                .kid(choice(setup == SetupKind::Variable || two, el("button").attr("data-setup", "variable").text(tr!(ScreenVariableSetup)))),
        );
    }
    vec![panel
        .kid(el("div").class("row").attr("role", "group").attr("aria-label", tr!(ScreenMoney))
            .kid(choice(!public_money, el("button").attr("data-money", "private").text(tr!(ScreenPrivateMoney))))
            .kid(choice(public_money, el("button").attr("data-money", "public").text(tr!(ScreenPublicMoney)))))
        .kid(el("div").class("row").kid(el("label").class("check")
            .kid(el("input").attr("type", "checkbox").attr("data-hints-option", "").attr_if(hints, "checked", ""))
            .text(" ")
            .text(tr!(ScreenHintsOption))))
        .kid(el("div").class("row start-row")
            .kid(el("button").class("primary big").attr("data-start", "").text(tr!(ScreenStartGame)))
            .kid_opt(error.map(|m| el("span").class("notice").attr("role", "alert").attr("data-setup-error", "").text(m))))]
}

/// A save's time in the browser's words ("22/11/2026, 09:50"), in the page's language.
fn when(ms: f64) -> String {
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
    d.to_locale_string(locale, &opts).into()
}

/// The saved games: a row each, to continue or delete (after a question); then a line with an
/// undo for each game deleted while the list is open.
fn saves_tree(list: Vec<Listed>, confirming: Option<&str>, deleted: &[(String, String, String)]) -> Vec<super::dom::Node> {
    use super::dom::el;
    let button = |label: &str, attr: &'static str| el("button").attr("type", "button").attr(attr, "").text(label);
    let delete = |id: &str| {
        if confirming == Some(id) {
            el("span").class("confirm-delete").attr("role", "group").attr("aria-label", tr!(ScreenDeleteAsk)).text(tr!(ScreenDeleteAsk)).text(" ").kid(button(tr!(ScreenDelete), "data-confirm-delete").class("danger")).kid(button(tr!(ScreenKeep), "data-keep"))
        } else {
            button(tr!(ScreenDelete), "data-delete")
        }
    };
    let mut rows: Vec<super::dom::Node> = list
        .into_iter()
        .map(|l| match l {
            Listed::Ok { id, summary, updated } => el("div")
                .class("save-row")
                .attr("data-save", id.clone())
                .attr("data-summary", summary.clone())
                .kid(el("span").text(summary).kid(el("small").class("when").text(" ").text(tr!(ScreenSavedAt, when = when(updated)))))
                .kid(button(tr!(ScreenContinue), "data-continue").class("primary"))
                .kid(delete(&id)),
            Listed::Broken { id, reason } => el("div")
                .class("save-row broken")
                .attr("data-save", id.clone())
                .attr("data-summary", tr!(ScreenBrokenSummary))
                .kid(el("span").text(tr!(ScreenBrokenSave, why = reason)))
                .kid(delete(&id)),
        })
        .collect();
    if rows.is_empty() {
        rows.push(el("p").text(tr!(ScreenNoSaves)));
    }
    rows.extend(deleted.iter().map(|(id, _, summary)| {
        el("div").class("save-row deleted").attr("role", "status").kid(el("span").text(tr!(ScreenDeleted, summary = summary))).kid(el("button").attr("type", "button").attr("data-undo-delete", id.clone()).text(tr!(ScreenUndo)))
    }));
    rows
}

/// Pass the device to `colour` (either edition): nothing private is on screen or in the page
/// behind this.
#[component]
pub fn HandOverCard(colour: Colour, name: String, #[prop(optional)] reason: Option<String>, on_take: Callback<()>) -> impl IntoView {
    use super::dom::el;
    // A lasting warning (storage full, the game went on in another tab) is public: it shows here too.
    let warning = expect_context::<Ctx>().warning.get_untracked();
    let card = el("div")
        .class("handover-card")
        .kid_opt(warning.map(|w| el("p").class("warning").attr("role", "alert").text(w)))
        .kid(el("h1").kid(super::board::emblem(colour)).text(tr!(ScreenPassTo, name = name)))
        .kid_opt(reason.map(|r| el("p").class("reason").attr("data-handover-reason", "").text(r)))
        .kid(el("p").text(tr!(ScreenTapWhenOnly, name = name)))
        .kid(el("button").attr("type", "button").class("primary big").attr("data-dismiss-handover", "").text(tr!(ScreenIAm, name = name)));
    // The screen takes focus: Enter or Space hands the device over, and a screen reader says so.
    focus_soon("[data-dismiss-handover]");
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-dismiss-handover]").ok().flatten().is_some() {
            on_take.run(());
        }
    });
    view! {
        <div class="handover" data-handover=colour.name() style=format!("--player:{}", colour_fill(colour))>
            <super::dom::Dom tree=Memo::new(move |_| vec![card.clone()]) class="handover-host" on_tap=tap/>
        </div>
    }
}

/// Focuses the element `selector` names once the screen is drawn.
pub fn focus_soon(selector: &'static str) {
    set_timeout(
        move || {
            let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten());
            if let Some(b) = el.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok()) {
                let _ = b.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Pass the device to a Classic player.
#[component]
pub fn HandOver(colour: Colour) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (name, reason) = ctx.session.with_untracked(|s| s.as_ref().map(|s| (s.name(colour), s.hand_over_reason()))).unwrap_or_default();
    let take = Callback::new(move |_| {
        ctx.notice.set(None);
        ctx.update(|s| s.take_device(colour));
    });
    view! { <HandOverCard colour=colour name=name reason=reason on_take=take/> }
}

/// A public announcement for the whole table (revealed bids).
#[component]
pub fn Announcement(text: String) -> impl IntoView {
    use super::dom::el;
    let ctx = expect_context::<Ctx>();
    focus_soon("[data-dismiss-announcement]");
    let card = el("div")
        .class("handover-card")
        .kid(el("h1").text(tr!(ScreenForEveryone)))
        .kid(el("p").class("big-text").text(text))
        .kid(el("button").attr("type", "button").class("primary big").attr("data-dismiss-announcement", "").text(tr!(ScreenContinue)));
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-dismiss-announcement]").ok().flatten().is_some() {
            ctx.update(|s| s.dismiss_announcement());
        }
    });
    view! {
        <div class="handover announcement" data-announcement="">
            <super::dom::Dom tree=Memo::new(move |_| vec![card.clone()]) class="handover-host" on_tap=tap/>
        </div>
    }
}

/// The end of the game: winner, score breakdown and the plot of scores over the rounds.
#[component]
pub fn EndScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let final_board = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| BoardModel::classic(&s.game.view(None), Mode::Normal))));
    let table = Memo::new(move |_| {
        ctx.session.with(|s| {
            let Some(s) = s.as_ref() else { return Vec::new() };
            let v = s.game.view(None);
            let winners: Vec<String> = s.game.winners().iter().map(|&c| s.name(c)).collect();
            let title = match winners.split_first() {
                Some((first, rest)) if !rest.is_empty() => tr!(ScreenWinnersMany, names = rest.iter().fold(first.clone(), |a, b| tr!(ScreenAnd, a = a, b = b))),
                _ => tr!(ScreenWinnerOne, name = winners.concat()),
            };
            let rows = v
                .players
                .iter()
                .map(|&c| {
                    let b = v.breakdown[c];
                    let cells = [b.provinces, b.expansions, b.losses, b.silver_finds + b.final_mountains, b.deeds].iter().map(|n| n.to_string()).chain([v.scores[c].to_string(), s.game.wealth(c).to_string()]).collect();
                    (c, s.name(c), cells)
                })
                .collect();
            let mut t = super::panels::end_tree(title, None, &[tr!(ScreenColProvinces), tr!(ScreenColExpansions), tr!(ScreenColLosses), tr!(ScreenColMountains), tr!(ScreenColDeeds), tr!(ScreenColTotal), tr!(ScreenColDucats)], rows);
            t.extend(super::seats::hints_line(&s.seats, &s.setup.players, |c| s.name(c)).map(|h| super::dom::el("p").class("hint").attr("data-hints-used", "").text(h)));
            t
        })
    });
    view! {
        <div class="end" data-game-over="">
            <super::dom::Dom tree=table class="end-table"/>
            <ScorePlot/>
            <EndExport/>
            <super::board::Board model=final_board/>
            {back_to_menu(ctx, tr!(ScreenBackToMenu))}
        </div>
    }
}

/// The end screens' "Back to the menu".
pub fn back_to_menu(ctx: Ctx, label: &'static str) -> impl IntoView {
    use super::dom::el;
    let tree = Memo::new(move |_| vec![el("div").class("row").kid(el("button").attr("type", "button").class("primary").attr("data-back-to-menu", "").text(label))]);
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-back-to-menu]").ok().flatten().is_some() {
            ctx.show(None);
            ctx.saves_changed.update(|n| *n += 1);
        }
    });
    view! { <super::dom::Dom tree=tree class="back-host" on_tap=tap/> }
}

/// A record export's status line ("Copied.", …).
pub fn status_line(status: RwSignal<Option<String>>) -> impl IntoView {
    let tree = Memo::new(move |_| status.get().map(|m| vec![super::dom::el("p").class("notice").text(m)]).unwrap_or_default());
    view! { <super::dom::Dom tree=tree class="status-host"/> }
}

/// Export the finished game's record.
#[component]
fn EndExport() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let status = RwSignal::new(None::<String>);
    let Some((record, id)) = ctx.session.with_untracked(|s| s.as_ref().map(|s| (s.record(), s.id.clone()))) else { return ().into_any() };
    view! {
        <div class="export"><super::share::RecordButtons record=record id=id status=status/></div>
        {status_line(status)}
    }
    .into_any()
}

/// Every player's score over the rounds.
#[component]
fn ScorePlot() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    ctx.session.with_untracked(|s| s.as_ref().map(|s| super::panels::score_plot(s.game.history(), s.game.players(), None, tr!(ScreenRoundsAxis))))
}
