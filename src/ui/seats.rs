//! Computers at the table: the driver that asks the worker for a computer's move whenever one
//! is due and plays it after the pace's pause; the bar that says who is thinking (with the pace
//! and, right after one's own turn, a take-back); hints.

use super::ctx::{plain, Ctx};
use crate::app::computers::Job;
use crate::app::table::Command;
use crate::engine::ai::Level;
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

thread_local! {
    /// The decision asked of the worker and not yet played.
    static ASKED: std::cell::RefCell<Option<Job>> = const { std::cell::RefCell::new(None) };
}

fn due_job(ctx: Ctx) -> Option<(Job, String, u64)> {
    ctx.game.with_untracked(|g| g.as_ref().and_then(|g| g.job()))
}

/// Asks the worker whenever a computer is due (after every change of the game shown) and
/// plays its answer after the pace's pause, unless the game changed meanwhile (taken back,
/// closed, another game opened).
pub fn drive_computers(ctx: Ctx) {
    Effect::new(move |_| {
        ctx.table.track();
        drive(ctx);
    });
}

/// Asks for the computer's move due now, if one is.
pub fn drive(ctx: Ctx) {
    let Some((job, record, seed)) = due_job(ctx) else {
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
        crate::ui::page::sleep(Pace::of(ctx.pace.get_untracked()).ms() - (js_sys::Date::now() - started)).await;
        if due_job(ctx).map(|(j, _, _)| j).as_ref() != Some(&job) {
            return;
        }
        ASKED.with(|a| a.borrow_mut().take());
        let result = answer.and_then(|d| ctx.change(|g| g.play_job(&job, d.line.as_deref())).unwrap_or(Ok(())));
        if let Err(e) = result {
            let edition = ctx.game.with_untracked(|g| g.as_ref().map(|g| g.edition())).unwrap_or(crate::engine::Edition::Classic);
            ctx.bot_error.set(Some(tr!(ScreenBotStopped, colour = crate::app::names::colour_name(edition, job.colour), why = e)));
        }
        ctx.persist();
    });
}

/// The computers' bar (who is thinking, the pace, a take-back of one's own turn while it may
/// be, a retry when a computer failed), or the hint button, for both editions' screens.
#[component]
pub fn SeatBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let busy = RwSignal::new(false);
    let state = Memo::new(move |_| {
        ctx.table.with(|t| {
            let t = t.as_ref()?;
            Some(match *t.screen() {
                crate::app::session::Screen::Thinking(c) => (Some((c, t.name(c))), t.step().takeback, false),
                _ => (None, false, t.step().hint),
            })
        })
    });
    move || match state.get() {
        Some((Some((c, name)), takeback, _)) => {
            let (pace, error) = (Pace::of(ctx.pace.get()), ctx.bot_error.get());
            // The pace and taking a turn back belong to the device holding the game (a friend's
            // device only watches a computer, standing in for its seat or not).
            let holds = ctx.game.with(Option::is_some);
            view! {
                <div class="thinking" data-thinking=c.name() role="status">
                    <span class="spinner" aria-hidden="true"></span>
                    <span>{tr!(ScreenThinking, name = name)}</span>
                    {holds.then(|| view! {
                        <button type="button" data-pace="" on:click=move |_| {
                            ctx.pace.set(pace.next().code());
                            crate::ui::storage::remember_pace(pace.next().code());
                        }>{pace.label()}</button>
                    })}
                    {(holds && takeback).then(|| view! { <button type="button" data-take-back-turn="" on:click=move |_| ctx.send(plain(Command::TakeBackTurn))>{tr!(ScreenTakeBack)}</button> })}
                    {error.map(|e| view! {
                        <p class="notice" role="alert">{e}<button type="button" data-retry="" on:click=move |_| { ctx.bot_error.set(None); drive(ctx) }>{tr!(ScreenTryAgain)}</button></p>
                    })}
                </div>
            }
            .into_any()
        }
        Some((None, _, true)) => {
            let b = busy.get();
            view! { <button type="button" class="hint-button" data-hint="" disabled=b on:click=move |_| if !busy.get_untracked() { hint(ctx, busy) }>{if b { tr!(ScreenHintBusy) } else { tr!(ScreenHint) }}</button> }.into_any()
        }
        _ => ().into_any(),
    }
}

/// "What would a strong player do?": the hard computer's suggestion for the person holding the
/// device, from that person's view only: what to do and why in their words, its places marked on the
/// board and its cards or buttons in the step bar.
fn hint(ctx: Ctx, busy: RwSignal<bool>) {
    let Some((record, who, seed)) = ctx.game.with_untracked(|g| g.as_ref().and_then(|g| g.hint_request())) else { return };
    busy.set(true);
    leptos::task::spawn_local(async move {
        let answer = super::bots::decide(record, who, Level::Hard, seed).await;
        // What the move prepares: the computer's next step of the same turn (a card's first
        // step, the refill after a sale), when there is one to ask.
        let follow = match &answer {
            Ok(d) => d.line.as_deref().and_then(|l| ctx.game.with_untracked(|g| g.as_ref().and_then(|g| g.hint_follow(l, who)))),
            Err(_) => None,
        };
        let next = match follow {
            Some((record, seed)) => super::bots::decide(record, who, Level::Hard, seed).await.ok().and_then(|d| d.line),
            None => None,
        };
        busy.set(false);
        match answer {
            Ok(d) => {
                let Some(said) = ctx.game.with_untracked(|g| g.as_ref().map(|g| g.hint_then(d.line.as_deref(), next.as_deref(), who).map(|h| (h, g.names())))) else { return };
                match said {
                    Ok((h, names)) => {
                        ctx.highlight.set(h.spaces.clone());
                        ctx.notice.set(Some(h.text(&names)));
                        ctx.hint.set(Some(h));
                        ctx.change(|g| g.hint_used(who));
                        ctx.persist();
                    }
                    Err(why) => ctx.notice.set(Some(tr!(ScreenNoHint, why = why))),
                }
            }
            Err(e) => ctx.notice.set(Some(tr!(ScreenNoHint, why = e))),
        }
    });
}
