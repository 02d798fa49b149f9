//! Computers at the table (issue 10): the driver that asks the worker for a computer's move
//! whenever one is due and shows it one step at a time at the chosen pace; the bar that says
//! who is thinking (with the pace and, right after one's own turn, a take-back); hints.

use super::dom::{el, Dom, Node};
use super::Ctx;
use crate::engine::ai::{bot_seed, Level};
use crate::engine::{Colour, Space};
use crate::tr;
use leptos::prelude::*;

/// How fast computers' moves appear.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Pace {
    /// A person can follow each step.
    Normal,
    /// Quicker.
    Fast,
    /// As fast as they are found.
    Instant,
}

impl Pace {
    /// Milliseconds between two steps.
    pub fn ms(self) -> f64 {
        match self {
            Pace::Normal => 900.0,
            Pace::Fast => 250.0,
            Pace::Instant => 0.0,
        }
    }

    /// The link's `pace=` value.
    pub fn parse(s: &str) -> Option<Pace> {
        Some(match s {
            "normal" => Pace::Normal,
            "fast" => Pace::Fast,
            "instant" => Pace::Instant,
            _ => return None,
        })
    }

    /// The pace kept in [`Ctx::pace`] (a number: no signal type of its own).
    pub fn of(code: u32) -> Pace {
        match code {
            1 => Pace::Fast,
            2 => Pace::Instant,
            _ => Pace::Normal,
        }
    }

    /// Its number in [`Ctx::pace`].
    pub fn code(self) -> u32 {
        self as u32
    }

    fn next(self) -> Pace {
        match self {
            Pace::Normal => Pace::Fast,
            Pace::Fast => Pace::Instant,
            Pace::Instant => Pace::Normal,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Pace::Normal => tr!(ScreenPaceNormal),
            Pace::Fast => tr!(ScreenPaceFast),
            Pace::Instant => tr!(ScreenPaceInstant),
        }
    }
}

/// One computer decision to make: the game (save id and moves so far), who, and whether it is
/// due (a computer that isn't may let its politics window pass).
#[derive(Clone, PartialEq, Eq, Debug)]
struct Job {
    id: String,
    ply: usize,
    colour: Colour,
    level: Level,
    due: bool,
}

/// The decision the shown game waits for, if a computer's.
fn due_job(ctx: Ctx) -> Option<(Job, String, u64)> {
    if let Some(j) = ctx.session.with(|s| {
        let s = s.as_ref()?;
        let crate::app::session::Screen::Thinking(c) = s.screen() else { return None };
        let job = Job { id: s.id.clone(), ply: s.moves.len(), colour: c, level: s.seats.level(c)?, due: s.game.to_move().contains(&c) };
        Some((job, s.record(), bot_seed(s.setup.seed, s.moves.len(), c)))
    }) {
        return Some(j);
    }
    ctx.new_session.with(|s| {
        let s = s.as_ref()?;
        let crate::app::newed_session::NewScreen::Thinking(c) = s.screen() else { return None };
        let job = Job { id: s.id.clone(), ply: s.moves.len(), colour: c, level: s.seats.level(c)?, due: true };
        Some((job, s.record(), bot_seed(s.setup.seed, s.moves.len(), c)))
    })
}

async fn sleep(ms: f64) {
    if ms <= 0.0 {
        return;
    }
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}

thread_local! {
    /// The decision asked of the worker and not yet played.
    static ASKED: std::cell::RefCell<Option<Job>> = const { std::cell::RefCell::new(None) };
}

/// Asks the worker if a computer is due (called after every change of the shown game) and plays
/// its answer after the pace's pause, unless the game changed meanwhile (taken back, closed,
/// another game opened).
pub fn drive(ctx: Ctx) {
    let Some((job, record, seed)) = untrack(|| due_job(ctx)) else {
        ASKED.with(|a| a.borrow_mut().take());
        return;
    };
    if ctx.bot_error.get_untracked().is_some() || ASKED.with(|a| a.borrow().as_ref() == Some(&job)) {
        return;
    }
    ASKED.with(|a| *a.borrow_mut() = Some(job.clone()));
    leptos::task::spawn_local(async move {
        let started = js_sys::Date::now();
        let answer = super::bots::decide(record, job.colour, job.level, seed).await;
        sleep(Pace::of(ctx.pace.get_untracked()).ms() - (js_sys::Date::now() - started)).await;
        if untrack(|| due_job(ctx)).map(|(j, _, _)| j).as_ref() != Some(&job) {
            return;
        }
        ASKED.with(|a| a.borrow_mut().take());
        if let Err(e) = answer.and_then(|d| apply(ctx, &job, d.line.as_deref())) {
            ctx.bot_error.set(Some(tr!(ScreenBotStopped, colour = crate::app::colour_name(if ctx.new_session.with_untracked(Option::is_some) { crate::engine::Edition::New } else { crate::engine::Edition::Classic }, job.colour), why = e)));
        }
        ctx.persist();
    });
}

fn apply(ctx: Ctx, job: &Job, line: Option<&str>) -> Result<(), String> {
    let mut result = Ok(());
    match line {
        None if job.due => return Err(tr!(String ScreenBotNoMove)),
        None => ctx.session.update(|s| {
            if let Some(s) = s {
                s.bot_pass();
            }
        }),
        Some(line) => {
            ctx.session.update(|s| {
                if let Some(s) = s {
                    result = crate::engine::Move::parse(line).and_then(|m| s.bot_move(m).map_err(|e| tr!(ScreenMoveRefused, move = m, why = e)));
                }
            });
            ctx.new_session.update(|s| {
                if let Some(s) = s {
                    result = crate::engine::newed::Move::parse(line).and_then(|m| s.bot_move(m).map_err(|e| tr!(ScreenMoveRefused, move = m, why = e)));
                }
            });
        }
    }
    result
}

/// What the table shows about computers: who is thinking (with the pace, a take-back of one's
/// own turn while it may be, and a retry when a computer failed), or the hint button.
fn bar_tree(ctx: Ctx, busy: bool) -> Vec<Node> {
    let info = ctx
        .session
        .with(|s| {
            s.as_ref().map(|s| {
                let thinking = match s.screen() {
                    crate::app::session::Screen::Thinking(c) => Some((c, s.name(c))),
                    _ => None,
                };
                let hint = s.seats.hints.is_some() && s.staged.is_empty() && s.pending.is_none() && matches!(s.screen(), crate::app::session::Screen::Play(_));
                (thinking, s.takeback.is_some(), hint)
            })
        })
        .or_else(|| {
            ctx.new_session.with(|s| {
                s.as_ref().map(|s| {
                    let thinking = match s.screen() {
                        crate::app::newed_session::NewScreen::Thinking(c) => Some((c, s.name(c))),
                        _ => None,
                    };
                    let hint = s.seats.hints.is_some() && s.staged.is_empty() && !s.reviewing && matches!(s.screen(), crate::app::newed_session::NewScreen::Play(_));
                    (thinking, s.takeback.is_some(), hint)
                })
            })
        });
    let Some((thinking, takeback, hint)) = info else { return Vec::new() };
    match thinking {
        Some((c, name)) => {
            let mut bar = el("div")
                .class("thinking")
                .attr("data-thinking", c.name())
                .attr("role", "status")
                .kid(el("span").class("spinner").attr("aria-hidden", "true"))
                .kid(el("span").text(tr!(ScreenThinking, name = name)))
                .kid(el("button").attr("data-pace", "").text(Pace::of(ctx.pace.get()).label()));
            if takeback {
                bar = bar.kid(el("button").attr("data-take-back-turn", "").text(tr!(ScreenTakeBack)));
            }
            if let Some(e) = ctx.bot_error.get() {
                bar = bar.kid(el("p").class("notice").attr("role", "alert").text(e).kid(el("button").attr("data-retry", "").text(tr!(ScreenTryAgain))));
            }
            vec![bar]
        }
        None if hint => vec![el("button").class("hint-button").attr("data-hint", "").attr_if(busy, "disabled", "").text(if busy { tr!(ScreenHintBusy) } else { tr!(ScreenHint) })],
        None => Vec::new(),
    }
}

/// The computers' bar (or the hint button), for both editions' screens.
#[component]
pub fn SeatBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let busy = RwSignal::new(false);
    let tree = Memo::new(move |_| bar_tree(ctx, busy.get()));
    let tap = Callback::new(move |e: web_sys::Element| {
        let has = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        if has("data-pace") {
            ctx.pace.update(|p| *p = Pace::of(*p).next().code());
        } else if has("data-take-back-turn") {
            ctx.update(|s| s.take_back_turn());
            ctx.update_new(|s| s.take_back_turn());
        } else if has("data-retry") {
            ctx.bot_error.set(None);
            drive(ctx);
        } else if has("data-hint") && !busy.get_untracked() {
            hint(ctx, busy);
        }
    });
    view! { <Dom tree=tree class="seat-bar" on_tap=tap/> }
}

/// "What would a strong player do?": the hard computer's suggestion for the person holding the
/// device, from that person's view only, shown on the board with one line of why.
fn hint(ctx: Ctx, busy: RwSignal<bool>) {
    let Some((record, who, seed)) = ctx
        .session
        .with_untracked(|s| s.as_ref().and_then(|s| Some((s.record(), s.holder?, bot_seed(s.setup.seed, s.moves.len(), s.holder?)))))
        .or_else(|| ctx.new_session.with_untracked(|s| s.as_ref().and_then(|s| Some((s.record(), s.holder?, bot_seed(s.setup.seed, s.moves.len(), s.holder?))))))
    else {
        return;
    };
    busy.set(true);
    leptos::task::spawn_local(async move {
        let answer = super::bots::decide(record, who, Level::Hard, seed).await;
        busy.set(false);
        match answer {
            Ok(d) => {
                let why = hint_why(ctx, d.line.as_deref(), who).unwrap_or(d.why);
                let (words, spaces) = hint_words(d.line.as_deref());
                ctx.highlight.set(spaces);
                ctx.notice.set(Some(tr!(ScreenHintNotice, move = words, why = why)));
                ctx.update(|s| s.seats.hint_used(who));
                ctx.update_new(|s| s.seats.hint_used(who));
            }
            Err(e) => ctx.notice.set(Some(tr!(ScreenNoHint, why = e))),
        }
    });
}

/// The suggestion's one line of why in the page's language: the move played on this page's
/// copy of the game (the worker's own line is English).
fn hint_why(ctx: Ctx, line: Option<&str>, who: crate::engine::Colour) -> Option<String> {
    let line = line?;
    ctx.session
        .with_untracked(|s| {
            let s = s.as_ref()?;
            let m = crate::engine::Move::parse(line).ok()?;
            let ev = s.shown.clone().play(m).ok()?;
            Some(crate::app::why::classic(&m, &ev, who))
        })
        .or_else(|| {
            ctx.new_session.with_untracked(|s| {
                let s = s.as_ref()?;
                let m = crate::engine::newed::Move::parse(line).ok()?;
                let ev = s.shown.clone().play(m).ok()?;
                Some(crate::app::why::new(&m, &ev, who))
            })
        })
}

/// A suggested move in words, and the spaces to mark on the board.
fn hint_words(line: Option<&str>) -> (String, Vec<Space>) {
    let Some(line) = line else { return (tr!(String ScreenLetPass), Vec::new()) };
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    (words.join(" "), crate::app::log::spaces_in(line))
}

/// The end screen's line on hints used, when the game allowed hints.
pub fn hints_line(seats: &crate::app::seats::Seats, players: &[Colour], name: impl Fn(Colour) -> String) -> Option<String> {
    let h = seats.hints.as_ref()?;
    let parts: Vec<String> = players.iter().filter(|&&c| seats.person(c)).map(|&c| tr!(ScreenHintsUsedBy, name = name(c), n = h[c])).collect();
    Some(tr!(ScreenHintsUsed, list = parts.join(", ")))
}
