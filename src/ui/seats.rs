//! Computers at the table (issue 10): the driver that asks the worker for a computer's move
//! whenever one is due and shows it one step at a time at the chosen pace; the bar that says
//! who is thinking (with the pace and, right after one's own turn, a take-back); hints.

use super::Ctx;
use crate::engine::ai::{bot_seed, Level};
use crate::engine::{Colour, Space};
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

    fn next(self) -> Pace {
        match self {
            Pace::Normal => Pace::Fast,
            Pace::Fast => Pace::Instant,
            Pace::Instant => Pace::Normal,
        }
    }

    fn label(self) -> &'static str {
        match self {
            Pace::Normal => "Pace: normal",
            Pace::Fast => "Pace: fast",
            Pace::Instant => "Pace: instant",
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
fn job(ctx: Ctx) -> Option<(Job, String, u64)> {
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

/// Asks the worker whenever a computer is due and plays its answer after the pace's pause
/// (unless the game changed meanwhile: taken back, closed, another game opened).
#[component]
pub fn BotDriver() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let asked = StoredValue::new(None::<Job>);
    Effect::new(move |_| {
        let Some((job, record, seed)) = job(ctx) else {
            asked.set_value(None);
            return;
        };
        if ctx.bot_error.get().is_some() || asked.get_value().as_ref() == Some(&job) {
            return;
        }
        asked.set_value(Some(job.clone()));
        leptos::task::spawn_local(async move {
            let started = js_sys::Date::now();
            let answer = super::bots::decide(record, job.colour, job.level, seed).await;
            sleep(ctx.pace.get_untracked().ms() - (js_sys::Date::now() - started)).await;
            if job_now(ctx).as_ref() != Some(&job) {
                return;
            }
            match answer.and_then(|d| apply(ctx, &job, d.line.as_deref())) {
                Ok(()) => ctx.persist(),
                Err(e) => ctx.bot_error.set(Some(format!("The computer player for {} stopped: {e}", job.colour))),
            }
            asked.set_value(None);
        });
    });
}

fn job_now(ctx: Ctx) -> Option<Job> {
    untrack(|| job(ctx)).map(|(j, _, _)| j)
}

fn apply(ctx: Ctx, job: &Job, line: Option<&str>) -> Result<(), String> {
    let mut result = Ok(());
    match line {
        None if job.due => return Err("it made no move".into()),
        None => ctx.session.update(|s| {
            if let Some(s) = s {
                s.bot_pass();
            }
        }),
        Some(line) => {
            ctx.session.update(|s| {
                if let Some(s) = s {
                    result = crate::engine::Move::parse(line).and_then(|m| s.bot_move(m).map_err(|e| format!("{m}: {e}")));
                }
            });
            ctx.new_session.update(|s| {
                if let Some(s) = s {
                    result = crate::engine::newed::Move::parse(line).and_then(|m| s.bot_move(m).map_err(|e| format!("{m}: {e}")));
                }
            });
        }
    }
    result
}

/// Who is thinking, the pace, and a retry when a computer failed.
#[component]
pub fn ThinkingBar(colour: Colour) -> impl IntoView {
    // Keyed by colour: a new bar for each computer.
    let ctx = expect_context::<Ctx>();
    let name = ctx.session.with_untracked(|s| s.as_ref().map(|s| s.name(colour))).or_else(|| ctx.new_session.with_untracked(|s| s.as_ref().map(|s| s.name(colour)))).unwrap_or_default();
    view! {
        <div class="thinking" data-thinking=colour.name() role="status">
            <span class="spinner" aria-hidden="true"></span>
            <span>{format!("{name} (computer) is thinking…")}</span>
            <button data-pace="" on:click=move |_| ctx.pace.update(|p| *p = p.next())>{move || ctx.pace.get().label()}</button>
            {move || {
                let can = ctx.session.with(|s| s.as_ref().map(|s| s.takeback.is_some())).or_else(|| ctx.new_session.with(|s| s.as_ref().map(|s| s.takeback.is_some()))).unwrap_or(false);
                can.then(|| view! { <button data-take-back-turn="" on:click=move |_| { ctx.update(|s| s.take_back_turn()); ctx.update_new(|s| s.take_back_turn()); }>"Take back my turn"</button> })
            }}
            {move || ctx.bot_error.get().map(|e| view! {
                <p class="notice" role="alert">{e}" "<button data-retry="" on:click=move |_| ctx.bot_error.set(None)>"Try again"</button></p>
            })}
        </div>
    }
}

/// "What would a strong player do?": the hard computer's suggestion for the person holding the
/// device, from that person's view only, shown on the board with one line of why.
#[component]
pub fn HintButton() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let busy = RwSignal::new(false);
    let allowed = move || {
        ctx.session
            .with(|s| s.as_ref().map(|s| s.seats.hints.is_some() && s.staged.is_empty() && s.pending.is_none() && matches!(s.screen(), crate::app::session::Screen::Play(_))))
            .or_else(|| ctx.new_session.with(|s| s.as_ref().map(|s| s.seats.hints.is_some() && s.staged.is_empty() && !s.reviewing && matches!(s.screen(), crate::app::newed_session::NewScreen::Play(_)))))
            .unwrap_or(false)
    };
    let ask = move |_| {
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
                    let (words, spaces) = hint_words(d.line.as_deref());
                    ctx.highlight.set(spaces);
                    ctx.notice.set(Some(format!("Hint: {words} — {}.", d.why)));
                    ctx.update(|s| s.seats.hint_used(who));
                    ctx.update_new(|s| s.seats.hint_used(who));
                }
                Err(e) => ctx.notice.set(Some(format!("No hint now: {e}."))),
            }
        });
    };
    view! {
        {move || allowed().then(|| view! {
            <button class="hint-button" data-hint="" disabled=move || busy.get() on:click=ask>{move || if busy.get() { "Thinking…" } else { "Hint" }}</button>
        })}
    }
}

/// A suggested move in words, and the spaces to mark on the board.
fn hint_words(line: Option<&str>) -> (String, Vec<Space>) {
    let Some(line) = line else { return ("let the moment pass".into(), Vec::new()) };
    let words: Vec<&str> = line.split_whitespace().skip(1).collect();
    let mut spaces: Vec<Space> = words.iter().filter_map(|w| Space::parse(w)).collect();
    for w in &words {
        if let Some(e) = crate::engine::Edge::parse(w) {
            let (a, b) = e.spaces();
            spaces.extend([a, b]);
        }
    }
    (words.join(" "), spaces)
}

/// The end screen's line on hints used, when the game allowed hints.
pub fn hints_line(seats: &crate::app::seats::Seats, players: &[Colour], name: impl Fn(Colour) -> String) -> Option<String> {
    let h = seats.hints.as_ref()?;
    let parts: Vec<String> = players.iter().filter(|&&c| seats.person(c)).map(|&c| format!("{} {}", name(c), h[c])).collect();
    Some(format!("Hints used: {}.", parts.join(", ")))
}
