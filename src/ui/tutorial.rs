//! "Learn the game" in the page: starts a lesson's game, shows the coach card over the game
//! screen (what to do now and why, with its place glowing on the board), and refuses moves
//! that leave the lesson (`app::tutorial` holds the lessons themselves).

use super::{storage, Ctx};
use crate::app::tutorial::{learner_moves, Lesson, Step, Tutorial};
use crate::app::AnySession;
use crate::tr;
use super::dom::{el, Dom, Node};
use leptos::prelude::*;

/// Starts `lesson`: a new saved game against two computers, with the coach on.
pub fn start(ctx: Ctx, lesson: Lesson) {
    let (a, b) = match lesson {
        Lesson::Classic => (crate::app::colour_label(crate::engine::Colour::Yellow), crate::app::colour_label(crate::engine::Colour::Purple)),
        Lesson::New => (crate::app::colour_label(crate::engine::Colour::Blue), crate::app::colour_label(crate::engine::Colour::Orange)),
    };
    let id = storage::new_id();
    let you = crate::app::colour_label(crate::engine::Colour::Red);
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
    let button = |attr: &'static str, label: &'static str| el("button").attr("type", "button").attr(attr, "").text(label);
    let tree = Memo::new(move |_| {
        vec![el("section").class("panel learn").attr("data-learn", "").kids([
            el("h2").text(tr!(TutEntry)),
            el("p").class("hint").text(tr!(TutEntryHelp)),
            el("div").class("row").kids([button("data-learn-classic", tr!(TutClassic)), button("data-learn-new", tr!(TutNew))]),
        ])]
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let is = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        if is("data-learn-classic") {
            start(ctx, Lesson::Classic);
        } else if is("data-learn-new") {
            start(ctx, Lesson::New);
        }
    });
    view! { <Dom tree=tree class="learn-host" on_tap=tap/> }
}

/// The lesson of the game shown, while it lasts and the game's board is on screen (not behind
/// an announcement).
fn active(ctx: Ctx) -> Option<Tutorial> {
    use crate::app::newed_session::NewScreen;
    use crate::app::session::Screen;
    let t = ctx.tutorial.get()?;
    let board = matches!(ctx.screen(), Some(Screen::Play(_) | Screen::Thinking(_))) || matches!(ctx.new_screen(), Some(NewScreen::Play(_) | NewScreen::Thinking(_)));
    (!t.finished && board && ctx.shown_id().as_deref() == Some(t.id.as_str())).then_some(t)
}

/// What the coach says now: the learner's step, or (`None`) the lesson's end; with whether
/// the learner must confirm staged moves and whether it is the learner's move at all.
fn now(ctx: Ctx, t: &Tutorial) -> (Option<Step>, bool, bool) {
    let learner = crate::engine::Colour::Red;
    if let Some(r) = ctx.session.with(|s| {
        s.as_ref().map(|s| {
            let made = learner_moves(&s.moves, t.from, &s.staged, s.pending.as_ref());
            (t.step(&made), s.must_confirm(), s.holder == Some(learner) && s.shown.to_move().contains(&learner))
        })
    }) {
        return r;
    }
    ctx.new_session
        .with(|s| {
            s.as_ref().map(|s| {
                let made = learner_moves(&s.moves, t.from, &s.staged, None);
                (t.step(&made), s.must_confirm(), s.holder == Some(learner) && s.shown.to_move().contains(&learner))
            })
        })
        .unwrap_or((None, false, false))
}

/// Refuses a move that leaves the lesson (with the step's words), `None` when it may be made.
pub fn refusal(ctx: Ctx, m: &str) -> Option<String> {
    let t = ctx.tutorial.get_untracked().filter(|t| !t.finished && ctx.shown_id().as_deref() == Some(t.id.as_str()))?;
    let made = ctx
        .session
        .with_untracked(|s| s.as_ref().map(|s| learner_moves(&s.moves, t.from, &s.staged, s.pending.as_ref())))
        .or_else(|| ctx.new_session.with_untracked(|s| s.as_ref().map(|s| learner_moves(&s.moves, t.from, &s.staged, None))))?;
    t.allows(&made, m).err()
}

/// The coach card's nodes for lesson `t` now.
fn card(ctx: Ctx, t: &Tutorial) -> Vec<Node> {
    let (step, confirm, mine) = now(ctx, t);
    let mut body: Vec<Node> = Vec::new();
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
            body.push(el("button").attr("type", "button").class("primary").attr("data-coach-play-on", "").text(tr!(TutPlayOn)));
        }
    }
    let leave = step.is_some().then(|| el("button").attr("type", "button").class("link").attr("data-coach-leave", "").text(tr!(TutLeave)));
    vec![el("aside").class("coach panel").attr("data-coach", "").attr("role", "status").attr("aria-live", "polite").attr("aria-label", tr!(TutTitle)).kid(el("h2").text(tr!(TutTitle))).kids(body).kid_opt(leave)]
}

/// The coach card, shown over the game while a lesson lasts; the board's highlight points at
/// the step's place.
#[component]
pub fn Coach() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The step's spaces glow on the board (an edge lights both of its spaces).
    Effect::new(move |_| {
        let Some(t) = active(ctx) else { return };
        let spaces = match now(ctx, &t) {
            (Some(step), false, true) => crate::app::log::spaces_in(step.expected),
            _ => Vec::new(),
        };
        if ctx.highlight.get_untracked() != spaces {
            ctx.highlight.set(spaces);
        }
    });
    let tree = Memo::new(move |_| active(ctx).map(|t| card(ctx, &t)).unwrap_or_default());
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-coach-play-on], [data-coach-leave]").ok().flatten().is_some() {
            ctx.tutorial.update(|t| {
                if let Some(t) = t {
                    t.finished = true;
                }
            });
            ctx.highlight.set(Vec::new());
        }
    });
    view! { <Dom tree=tree class="coach-host" on_tap=tap/> }
}
