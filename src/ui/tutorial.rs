//! "Learn the game" in the page: starts a lesson's game, shows the coach card over the game
//! screen (what to do now and why, with its place glowing on the board), and refuses moves
//! that leave the lesson (`app::tutorial` holds the lessons themselves).

use super::ctx::Ctx;
use super::storage;
use super::tree::tappable;
use crate::app::session::Screen;
use crate::app::tree::{el, Node};
use crate::app::tutorial::{Lesson, Progress, Tutorial};
use crate::app::AnySession;
use crate::tr;
use leptos::prelude::*;

/// Starts `lesson`: a new saved game against two computers, with the coach on.
pub fn start(ctx: Ctx, lesson: Lesson) {
    let (a, b) = match lesson {
        Lesson::Classic => (crate::app::names::colour_label(crate::engine::Colour::Yellow), crate::app::names::colour_label(crate::engine::Colour::Purple)),
        Lesson::New => (crate::app::names::colour_label(crate::engine::Colour::Blue), crate::app::names::colour_label(crate::engine::Colour::Orange)),
    };
    let id = storage::new_id();
    let you = crate::app::names::colour_label(crate::engine::Colour::Red);
    match AnySession::from_record(id.clone(), &lesson.record(you, [a, b])) {
        Ok(game) => {
            ctx.tutorial.set(Some(Tutorial { lesson, id, from: lesson.moves_before(), finished: false }));
            ctx.show(Some(game));
            ctx.persist();
        }
        Err(e) => ctx.start_message.set(Some(e)),
    }
}

/// "Learn the game" on the start screen: the two lessons.
pub fn entry(ctx: Ctx) -> impl IntoView {
    view! {
        <section class="panel learn" data-learn="">
            <h2>{tr!(TutEntry)}</h2>
            <p class="hint">{tr!(TutEntryHelp)}</p>
            <div class="row">
                <button type="button" data-learn-classic="" on:click=move |_| start(ctx, Lesson::Classic)>{tr!(TutClassic)}</button>
                <button type="button" data-learn-new="" on:click=move |_| start(ctx, Lesson::New)>{tr!(TutNew)}</button>
            </div>
        </section>
    }
}

/// The lesson of the game shown and where the learner stands, while the lesson lasts and the
/// game's board is on screen (not behind an announcement).
fn active(ctx: Ctx) -> Option<(Tutorial, Progress)> {
    let t = ctx.tutorial.get()?;
    let board = ctx.table.with(|tb| tb.as_ref().is_some_and(|tb| matches!(tb.screen(), Screen::Play(_) | Screen::Thinking(_) | Screen::Elsewhere(_))));
    ctx.game.with(|g| g.as_ref().filter(|g| board && t.on(g)).map(|g| (t.clone(), t.progress(g))))
}

/// The coach card's nodes for lesson `t` now: a tap on its buttons ends the lesson.
fn card(t: &Tutorial, p: Progress) -> Vec<Node<Done>> {
    let Progress { step, confirm, mine } = p;
    // The step bar's cards and buttons the step names are marked as its place glows on the
    // board (style/main.css reads `data-coach-marks`).
    let marks = match (&step, confirm, mine) {
        (Some(s), false, true) => s.marks().join(" "),
        _ => String::new(),
    };
    let mut body: Vec<Node<Done>> = Vec::new();
    match (&step, confirm, mine) {
        (_, true, _) => body.push(el("p").attr("data-coach-text", "").attr("data-coach-confirm", "").text(tr!(TutConfirm))),
        (Some(s), false, true) => {
            body.push(el("p").class("coach-step").text(tr!(TutStepOf, n = s.number, of = s.of)));
            body.push(el("p").attr("data-coach-text", "").attr("data-coach-expected", s.expected).text(s.text.clone()));
        }
        // The New Edition's lesson ends as the learner's next turn begins, with its income.
        (Some(_), false, false) => body.push(el("p").attr("data-coach-text", "").text(tr!(TutWait))),
        (None, false, false) if t.lesson == Lesson::New => body.push(el("p").attr("data-coach-text", "").text(tr!(TutWait))),
        (None, false, _) => {
            if t.lesson == Lesson::New {
                body.push(el("p").attr("data-coach-income", "").text(tr!(TutIncome)));
            }
            let end = if t.lesson == Lesson::Classic { tr!(TutPlayOnClassic) } else { tr!(TutPlayOnNew) };
            body.push(el("p").attr("data-coach-text", "").attr("data-coach-done", "").text(end));
            body.push(el("button").attr("type", "button").class("primary").attr("data-coach-play-on", "").text(tr!(TutPlayOn)).on(Done));
        }
    }
    let leave = step.is_some().then(|| el("button").attr("type", "button").class("link").attr("data-coach-leave", "").text(tr!(TutLeave)).on(Done));
    vec![el("aside").class("coach panel").attr("data-coach", "").attr("data-coach-marks", marks).attr("role", "status").attr("aria-live", "polite").attr("aria-label", tr!(TutTitle)).kid(el("h2").text(tr!(TutTitle))).kids(body).kid_opt(leave)]
}

/// A tap on the coach's "play on" or "leave the lesson".
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Done;

/// The coach card, shown over the game while a lesson lasts; the board's highlight points at
/// the step's place.
#[component]
pub fn Coach() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The step's spaces glow on the board (an edge lights both of its spaces).
    Effect::new(move |_| {
        let Some((_, p)) = active(ctx) else { return };
        let spaces = match (p.step, p.confirm, p.mine) {
            (Some(step), false, true) => step.spaces(),
            _ => Vec::new(),
        };
        if ctx.highlight.get_untracked() != spaces {
            ctx.highlight.set(spaces);
        }
    });
    let tree = move || active(ctx).map(|(t, p)| card(&t, p)).unwrap_or_default();
    let done = move |Done| {
        ctx.tutorial.update(|t| {
            if let Some(t) = t {
                t.finished = true;
            }
        });
        ctx.highlight.set(Vec::new());
    };
    tappable("coach-host", tree, done)
}
