//! What both editions' screens share: the frame of the game screen (top bar, score strip, the
//! board with the prompt and the step's controls, the side panels), the prompt with its
//! notices, the hand-over and announcement screens, and the end screen.

use super::board::Board;
use super::ctx::{plain, Choice, Ctx};
use super::menu::{GameMenu, RecordButtons};
use super::page::focus_soon;
use super::tree::{tappable, tree};
use crate::app::board::svg::BoardTap;
use crate::app::palette::colour_fill;
use crate::app::since::{Playback, Recent};
use super::seats::Pace;
use crate::app::panels::{self, ShowSpaces};
use crate::app::table::{Command, End};
use crate::app::targets::Mode;
use crate::app::AnyTable;
use crate::engine::Colour;
use crate::tr;
use leptos::prelude::*;

/// The game screen of either edition: the top bar, the board, and under it the step bar (what
/// to do now and every control the step needs, always in view); the side panels beside the
/// board on a wide screen, in a drawer the player opens on a narrow one. Nothing lies over the
/// board: the map tools sit beside it, the step bar under it ("since your turn" is the first side
/// panel, a bar in the step on a narrow screen), and the others' moves since the player's last
/// turn are played back on the board itself.
#[component]
pub fn GameFrame(class: &'static str, info: Signal<String>, #[prop(into)] side_label: String, controls: AnyView, side: AnyView) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let board = Memo::new(move |_| {
        let (mode, highlight) = (ctx.mode.get(), ctx.highlight.get());
        let edges = ctx.hint.with(|h| h.as_ref().map(|h| h.edges.clone()).unwrap_or_default());
        ctx.table.with(|t| {
            t.as_ref().map(|t| {
                let mut m = t.board(mode, highlight);
                m.highlight_edges = edges;
                m
            })
        })
    });
    let playback = RwSignal::new(None::<(Playback, usize)>);
    let board = Memo::new(move |_| {
        let m = board.get()?;
        Some(playback.with(|p| match p {
            Some((p, k)) => p.board(m.clone(), *k),
            None => m,
        }))
    });
    play_back(ctx, playback);
    let on_tap = Callback::new(move |tap: BoardTap| {
        // A tap while the others' moves play back ends it, and counts.
        if playback.with_untracked(Option::is_some) {
            playback.set(None);
        }
        board_tap(ctx, tap)
    });
    let drawer = RwSignal::new(false);
    let strip = move || ctx.table.with(|t| t.as_ref().map(|t| panels::strip(&t.scores())).unwrap_or_default());
    let since = move || ctx.table.with(|t| t.as_ref().map(|t| panels::since(t.log().0, t.log().1, t.names())).unwrap_or_default());
    let prompt = Signal::derive(move || ctx.table.with(|t| t.as_ref().map(|t| t.prompt()).unwrap_or_default()));
    view! {
        <div class=class on:focusin=move |ev| card_help(ctx, &ev, true) on:click=move |ev| card_help(ctx, &ev, false)>
            <TopBar info=info drawer=drawer/>
            {tree("strip-host", strip)}
            <div class="table">
                <section class="play">
                    <div class="board-box">
                        <Board model=board on_tap=on_tap/>
                    </div>
                    <div class="step" role="region" aria-label=tr!(PanelStep)>
                        <PlaybackBar playback=playback drawer=drawer/>
                        <super::tutorial::Coach/>
                        <Prompt text=prompt/>
                        {controls}
                    </div>
                </section>
                <div class="drawer-backdrop" class:open=move || drawer.get() on:click=move |_| drawer.set(false)></div>
                <aside class="side" class:open=move || drawer.get() tabindex="0" aria-label=side_label>
                    <button type="button" class="x close drawer-close" aria-label=tr!(PanelClose) on:click=move |_| drawer.set(false)>"×"</button>
                    {tree("since-host", since)}
                    {side}
                    <Log/>
                </aside>
            </div>
            {move || ctx.warning.get().map(|w| view! { <div class="warning" role="alert">{w}</div> })}
        </div>
    }
}

/// Plays back the others' moves since the holder's last turn whenever a table shows one (once per
/// turn; never with reduced motion or at the instant pace, where the board shows the end at once).
fn play_back(ctx: Ctx, playback: RwSignal<Option<(Playback, usize)>>) {
    let played = StoredValue::new(None::<(String, usize)>);
    Effect::new(move |_| {
        let start = ctx.table.with(|t| {
            let t = t.as_ref()?;
            let (log, since) = t.log();
            // Alone among computers the player watched their moves as they came: nothing to play back.
            let from = since.filter(|_| matches!(t.screen(), crate::app::session::Screen::Play(_)) && !t.solo())?;
            let key = (t.id().to_string(), from);
            if played.with_value(|p| p.as_ref() == Some(&key)) {
                return None;
            }
            played.set_value(Some(key));
            let m = t.board(Mode::Normal, Vec::new());
            Playback::new(log, from, &Recent { edges: m.recent_edges, spaces: m.recent_spaces })
        });
        let Some(p) = start else {
            // The holder acted (or the screen changed): the playback has done its job.
            if ctx.table.with_untracked(|t| t.as_ref().is_none_or(|t| t.log().1.is_none())) && playback.with_untracked(Option::is_some) {
                playback.set(None);
            }
            return;
        };
        let pace = Pace::of(ctx.pace.get_untracked());
        if pace == Pace::Instant || super::page::reduced_motion() {
            return;
        }
        playback.set(Some((p, 0)));
        advance(ctx, playback);
    });
}

/// The next step of a playback after the pace's wait (its end after the last).
fn advance(ctx: Ctx, playback: RwSignal<Option<(Playback, usize)>>) {
    let wait = match Pace::of(ctx.pace.get_untracked()) {
        Pace::Normal => 1100,
        _ => 450,
    };
    set_timeout(
        move || {
            let Some(Some((len, k))) = playback.try_with_untracked(|p| p.as_ref().map(|(p, k)| (p.steps.len(), *k))) else { return };
            if k + 1 >= len {
                playback.set(None);
            } else {
                playback.update(|p| {
                    if let Some((_, k)) = p {
                        *k += 1;
                    }
                });
                advance(ctx, playback);
            }
        },
        std::time::Duration::from_millis(wait),
    );
}

/// While the others' moves play back: the line shown, how far, and Skip; after it (narrow
/// screens) how many lines are new, with the button that opens them beside the log.
#[component]
fn PlaybackBar(playback: RwSignal<Option<(Playback, usize)>>, drawer: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    move || {
        let now = playback.with(|p| p.as_ref().map(|(p, k)| (p.line(*k), *k + 1, p.steps.len())));
        match now {
            Some((line, k, n)) => {
                let words = ctx.table.with(|t| t.as_ref().and_then(|t| t.log().0.get(line).map(|l| t.names().say(&l.said))).unwrap_or_default());
                view! {
                    <div class="playback" role="status" data-playback=k.to_string()>
                        <span class="count">{format!("{k}/{n}")}</span>
                        <span class="line">{words}</span>
                        <button type="button" data-skip-playback="" on:click=move |_| playback.set(None)>{tr!(PanelPlaybackSkip)}</button>
                    </div>
                }
                .into_any()
            }
            None => {
                let new = ctx.table.with(|t| t.as_ref().and_then(|t| t.log().1.map(|f| t.log().0.len().saturating_sub(f))).unwrap_or(0));
                (new > 0)
                    .then(|| view! {
                        <div class="since-bar" data-since-bar="">
                            <span>{tr!(PanelSinceBar, n = new)}</span>
                            <button type="button" on:click=move |_| drawer.set(true)>{tr!(PanelSinceShow)}</button>
                        </div>
                    })
                    .into_any()
            }
        }
    }
}

/// The game's log; tapping a line shows its spaces on the board (again: hides them).
#[component]
fn Log() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let lines = move || ctx.table.with(|t| t.as_ref().map(|t| panels::log(t.log().0, t.names())).unwrap_or_default());
    tappable("panel log", lines, move |ShowSpaces(spaces)| {
        ctx.hint.set(None);
        ctx.highlight.update(|h| *h = if *h == spaces { Vec::new() } else { spaces });
    })
}

/// A tap on the board of either edition: the edition's targets decide what it does.
fn board_tap(ctx: Ctx, tap: BoardTap) {
    use crate::app::targets::{classic, newed, Tap};
    enum Decided {
        Classic(Tap<crate::engine::classic::Move>),
        New(Tap<crate::engine::newed::Move>),
    }
    let mode = ctx.mode.get_untracked();
    let decided = ctx.table.with_untracked(|t| match (t, tap) {
        (Some(AnyTable::Classic(t)), BoardTap::Space(s)) => Some(Decided::Classic(classic::tap_space(&t.view, mode, s))),
        (Some(AnyTable::Classic(t)), BoardTap::Edge(e)) => Some(Decided::Classic(classic::tap_edge(&t.view, e))),
        (Some(AnyTable::New(t)), BoardTap::Space(s)) => Some(Decided::New(newed::tap_space(&t.view, mode, s))),
        (Some(AnyTable::New(t)), BoardTap::Edge(e)) => Some(Decided::New(newed::tap_edge(&t.view, e))),
        _ => None,
    });
    match decided {
        Some(Decided::Classic(tap)) => ctx.tap(tap, Choice::Classic),
        Some(Decided::New(tap)) => ctx.tap(tap, Choice::New),
        None => {}
    }
}

/// Title, the game's state in a line, the drawer of side panels (narrow screens) and the menu.
#[component]
pub fn TopBar(info: Signal<String>, drawer: RwSignal<bool>) -> impl IntoView {
    let menu = RwSignal::new(false);
    let ctx = expect_context::<Ctx>();
    let you = move || you_are(ctx);
    view! {
        <header class="topbar">
            <h1 class="title">{tr!(PanelTitle)}</h1>
            {you}
            <span class="info">{info}</span>
            <button type="button" class="menu drawer-button" data-drawer="" aria-expanded=move || drawer.get().to_string() on:click=move |_| drawer.update(|d| *d = !*d)>{tr!(PanelTable)}</button>
            <button type="button" class="menu" data-menu="" on:click=move |_| menu.update(|m| *m = !*m)>{tr!(PanelMenu)}</button>
        </header>
        {move || menu.get().then(|| view! { <GameMenu open=menu/> })}
    }
}

/// A friend's device: "You are Ben (yellow)" (a watcher's: "Watching"), in the top bar and on
/// the screens without one, so it is always in view.
fn you_are(ctx: Ctx) -> Option<AnyView> {
    if super::ctx::net_watching() {
        ctx.table.track();
        return Some(view! { <span class="you" data-watching="">{tr!(RelayWatching)}</span> }.into_any());
    }
    let seat = super::ctx::net_seat()?;
    ctx.table.with(|t| {
        let t = t.as_ref()?;
        let (name, colour) = (t.names().name(seat), crate::app::names::colour_adj(t.edition(), seat));
        let words = if name.to_lowercase() == colour.to_lowercase() { tr!(RelayYouAreColour, colour = colour) } else { tr!(RelayYouAre, name = name, colour = colour) };
        Some(view! { <span class="you" data-you-are=seat.name()><Emblem colour=seat/><span class="you-words">{words}</span></span> }.into_any())
    })
}

/// What to do now, the last notice and the card help.
#[component]
pub fn Prompt(text: Signal<String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <div class="prompt" aria-live="polite">
            <p class="todo">{text}</p>
            {move || {
                let (notice, help) = (ctx.notice.get(), ctx.help.get());
                view! {
                    {notice.map(|n| view! { <p class="notice" role="alert">{n}<button type="button" class="x" aria-label=tr!(PanelDismiss) on:click=move |_| ctx.notice.set(None)>"×"</button></p> })}
                    {help.map(|h| view! { <p class="card-help" role="status" data-card-help="">{h}<button type="button" class="x" aria-label=tr!(PanelClose) on:click=move |_| ctx.help.set(None)>"×"</button></p> })}
                }
            }}
        </div>
    }
}

/// Shows a card's explanation (`data-help`) when the card is reached with the keyboard
/// (`focus`) or tapped — a tap on one of its buttons acts instead, unless the card is that button.
pub fn card_help(ctx: Ctx, ev: &web_sys::Event, focus: bool) {
    let Some(el) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()) else { return };
    let Some(card) = el.closest("[data-help]").ok().flatten() else { return };
    let button = el.closest("button").ok().flatten();
    if focus && !el.matches(":focus-visible").unwrap_or(false) || !focus && button.is_some_and(|b| b != card) {
        return;
    }
    ctx.help.set(card.get_attribute("data-help"));
}

/// "Take back" and "Confirm" (named `confirm`) for staged moves, the confirm button the
/// step's main one when the holder's part is complete.
/// "Confirm" named for what it does: mid-step it keeps what is placed so far; when the step is
/// complete it passes the device on where another person takes it next ([`AnyTable::passes`]:
/// never alone against computers, nor on a friend's own device).
pub fn confirm_label(ctx: Ctx, must: bool) -> String {
    let passes = ctx.table.with_untracked(|t| t.as_ref().is_some_and(AnyTable::passes));
    match (must, passes) {
        (false, _) => tr!(String PanelConfirmSoFar),
        (true, false) => tr!(String PanelConfirm),
        (true, true) => tr!(String PanelConfirmPass),
    }
}

pub fn staging(ctx: Ctx, confirm: String, must: bool) -> impl IntoView {
    view! {
        <div class="staging">
            <button type="button" class="undo" data-undo="" data-hinted=move || ctx.hinted("data-undo", "") on:click=move |_| { ctx.mode.set(Mode::Normal); ctx.send(plain(Command::Undo)) }>{tr!(PanelTakeBack)}</button>
            <button type="button" class=if must { "confirm primary" } else { "confirm" } data-confirm="" data-hinted=move || ctx.hinted("data-confirm", "") on:click=move |_| ctx.send(plain(Command::Confirm))>{confirm}</button>
        </div>
    }
}

/// Pass the device to `colour`: nothing private is on screen or in the page behind this.
#[component]
pub fn HandOver(colour: Colour) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (name, reason) = ctx.table.with_untracked(|t| t.as_ref().map(|t| (t.name(colour), t.reason()))).unwrap_or_default();
    // A lasting warning (storage full, the game went on in another tab) is public: it shows here too.
    let warning = ctx.warning.get_untracked();
    // The screen takes focus: Enter or Space hands the device over, and a screen reader says so.
    focus_soon("[data-dismiss-handover]");
    view! {
        <div class="handover" data-handover=colour.name() style=format!("--player:{}", colour_fill(colour))>
            <div class="handover-card">
                {warning.map(|w| view! { <p class="warning" role="alert">{w}</p> })}
                <h1><Emblem colour=colour/>{tr!(ScreenPassTo, name = name.clone())}</h1>
                {(!reason.is_empty()).then(|| view! { <p class="reason" data-handover-reason="">{reason}</p> })}
                <p>{tr!(ScreenTapWhenOnly, name = name.clone())}</p>
                <button type="button" class="primary big" data-dismiss-handover="" on:click=move |_| { ctx.notice.set(None); ctx.send(plain(Command::TakeDevice(colour))) }>{tr!(ScreenIAm, name = name.clone())}</button>
            </div>
        </div>
    }
}

/// A public announcement for the whole table (revealed bids). When the device passes on right
/// after it, one screen says both: what everyone sees, then whose turn it is.
#[component]
pub fn Announcement(text: String, bids: Vec<String>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let then = ctx.table.with_untracked(|t| t.as_ref().and_then(|t| t.then_to().map(|c| (c, t.name(c), t.reason()))));
    focus_soon("[data-dismiss-announcement]");
    super::sound::play(super::sound::Cue::Reveal);
    let next = then.as_ref().map(|(c, ..)| *c);
    let go = move |_| {
        ctx.notice.set(None);
        ctx.send(plain(Command::Dismiss));
        if let Some(c) = next {
            ctx.send(plain(Command::TakeDevice(c)));
        }
    };
    view! {
        <div class="handover announcement" data-announcement="" data-then-to=next.map(Colour::name)>
            <div class="handover-card">
                {move || you_are(ctx)}
                <h1>{tr!(ScreenForEveryone)}</h1>
                {(!bids.is_empty()).then(|| {
                    let n = bids.len();
                    view! {
                        <p class="big-text">{tr!(ScreenBidsRevealed)}</p>
                        <ul class="bids-turned" data-bids-turned="">
                            {bids.into_iter().enumerate().map(|(i, b)| view! { <li class="bid-card" style=format!("--i:{i}")>{b}</li> }).collect_view()}
                        </ul>
                        <p class="big-text bids-outcome" style=format!("--i:{n}")>{text.clone()}</p>
                    }
                    .into_any()
                }).unwrap_or_else(|| view! { <p class="big-text">{text.clone()}</p> }.into_any())}
                {match then {
                    Some((c, name, reason)) => view! {
                        <h2><Emblem colour=c/>{tr!(ScreenPassTo, name = name.clone())}</h2>
                        {(!reason.is_empty()).then(|| view! { <p class="reason">{reason}</p> })}
                        <p>{tr!(ScreenTapWhenOnly, name = name.clone())}</p>
                        <button type="button" class="primary big" data-dismiss-announcement="" on:click=go>{tr!(ScreenIAm, name = name)}</button>
                    }.into_any(),
                    None => view! { <button type="button" class="primary big" data-dismiss-announcement="" on:click=go>{tr!(ScreenContinue)}</button> }.into_any(),
                }}
            </div>
        </div>
    }
}

/// The end of the game, either edition: winners, how the points came, the scores over the
/// rounds or turns, the record, the final board.
#[component]
pub fn EndScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let end = Memo::new(move |_| ctx.table.with(|t| t.as_ref().and_then(|t| t.end())));
    let board = Memo::new(move |_| ctx.table.with(|t| t.as_ref().map(|t| t.board(Mode::Normal, Vec::new()))));
    let names = ctx.table.with_untracked(|t| t.as_ref().map(|t| t.names().clone()));
    let table = move || end.with(|e| e.as_ref().zip(names.as_ref()).map(|((e, _), names)| panels::end_table(e, names)).unwrap_or_default());
    let plot = move || end.with(|e| e.as_ref().map(|(e, players): &(End, Vec<Colour>)| vec![panels::plot::plot(&e.history, players, e.chip, e.turns)]).unwrap_or_default());
    let status = RwSignal::new(None::<String>);
    let record = ctx.game.with_untracked(|g| g.as_ref().map(|g| (g.record(), g.id().to_string())));
    super::sound::play(super::sound::Cue::End);
    view! {
        // The final board with its map tools beside it, and the rest in a column that scrolls
        // by itself: the page never does.
        <div class="end" data-game-over="">
            <div class="end-board board-box"><Board model=board/></div>
            <div class="end-info">
                {tree("end-table", table)}
                {tree("plot-host", plot)}
                {record.map(|(record, id)| view! { <div class="export"><RecordButtons record=record id=id status=status/></div> })}
                {move || status.get().map(|m| view! { <p class="notice">{m}</p> })}
                // A friend's device holds no game to play again.
                {ctx.game.with_untracked(Option::is_some).then(|| view! {
                    <div class="row">
                        <button type="button" class="primary" data-play-again="" on:click=move |_| play_again(ctx)>{tr!(ScreenPlayAgain)}</button>
                    </div>
                })}
                {back_to_menu(ctx)}
            </div>
        </div>
    }
}

/// A new game with the same seats, names and options, and a new seed.
fn play_again(ctx: Ctx) {
    let Some(mut o) = ctx.game.with_untracked(|g| g.as_ref().map(|g| g.options())) else { return };
    match super::storage::fresh_seed() {
        Ok(s) => o.seed = Some(s),
        Err(e) => return ctx.start_message.set(Some(e)),
    }
    o.pace = None;
    ctx.tutorial.set(None);
    super::begin::start_game(ctx, &o);
}

/// "Back to the menu" (the end screens).
pub fn back_to_menu(ctx: Ctx) -> impl IntoView {
    view! {
        <div class="row">
            <button type="button" class="primary" data-back-to-menu="" on:click=move |_| { ctx.show(None); ctx.saves_changed.update(|n| *n += 1); }>{tr!(ScreenBackToMenu)}</button>
        </div>
    }
}

/// A colour's emblem on a disc of the colour (colour is never the only signal).
#[component]
pub fn Emblem(colour: Colour) -> impl IntoView {
    view! {
        <svg class="emblem" viewBox="0 0 20 20" aria-hidden="true" style=format!("background:{};color:{}", colour_fill(colour), crate::app::palette::emblem_ink(colour))>
            <use_ href=format!("#em-{}", colour.name())></use_>
        </svg>
    }
}
