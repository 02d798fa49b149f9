//! What the game on this device asks of its computers, and what it does with their answers:
//! the decision a computer owes now, playing it, and a person's hint in words. (The browser's
//! worker does the thinking; this side is plain and tested natively.)

use super::session::{EditionRules, Screen, Session};
use super::AnySession;
use crate::engine::ai::{bot_seed, Level};
use crate::engine::{Colour, Space};
use crate::tr;

/// Why the computers' worker gave no decision: its reply's `err` is [`BotError::code`]
/// (`src/bin/bot-worker.rs`), and the page words it ([`crate::app::words::bot_error`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BotError {
    /// The request names a colour, level or seed the worker doesn't know (a page and a worker
    /// of different builds).
    Request,
    /// The game's record doesn't read or replay.
    Record,
    /// The colour has no move in the position.
    NoMove,
}

impl BotError {
    /// Every kind (for the words' tests).
    pub const ALL: [BotError; 3] = [BotError::Request, BotError::Record, BotError::NoMove];

    /// The kind's code in a reply.
    pub const fn code(self) -> &'static str {
        match self {
            BotError::Request => "request",
            BotError::Record => "record",
            BotError::NoMove => "no-move",
        }
    }

    /// The kind of a reply's code (`None`: not a code of this build).
    pub fn parse(code: &str) -> Option<BotError> {
        BotError::ALL.into_iter().find(|e| e.code() == code)
    }
}

/// A computer's decision the game waits for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Job {
    /// The game's save id.
    pub id: String,
    /// Moves confirmed so far (the decision is for the position after them).
    pub ply: usize,
    /// Who decides.
    pub colour: Colour,
    /// At which level.
    pub level: Level,
    /// It must move (else it may let an optional move pass).
    pub due: bool,
}

fn due<G: EditionRules>(s: &Session<G>) -> Option<(Job, String, u64)> {
    let Screen::Thinking(c) = s.screen() else { return None };
    let job = Job { id: s.id.clone(), ply: s.moves.len(), colour: c, level: s.seats.level(c)?, due: s.game.to_move().contains(&c) };
    Some((job, s.record(), bot_seed(G::seed(&s.setup), s.moves.len(), c)))
}

fn play<G: EditionRules>(s: &mut Session<G>, job: &Job, line: Option<&str>) -> Result<(), String>
where
    G::Move: std::str::FromStr<Err = crate::engine::RecordReason>,
{
    match line {
        None if job.due => Err(tr!(String ScreenBotNoMove)),
        None => {
            s.bot_pass();
            Ok(())
        }
        Some(line) => {
            let m: G::Move = line.parse().map_err(|e| super::words::record_reason(Some(G::EDITION), &e))?;
            s.bot_move(m).map_err(|e| tr!(ScreenMoveRefused, move = m, why = super::words::refusal(e)))
        }
    }
}

impl AnySession {
    /// The computer's decision the game waits for now, with the record to decide on and the
    /// computer's seed.
    pub fn job(&self) -> Option<(Job, String, u64)> {
        crate::each_session!(self, s => due(s))
    }

    /// Plays a computer's answer to `job` (a move in notation; `None`: it lets its optional
    /// move pass).
    ///
    /// # Errors
    /// The answer can't be played (nothing changes).
    pub fn play_job(&mut self, job: &Job, line: Option<&str>) -> Result<(), String> {
        crate::each_session!(self, s => play(s, job, line))
    }

    /// What a hint asks: the record, the person holding the device, their seed.
    pub fn hint_request(&self) -> Option<(String, Colour, u64)> {
        crate::each_session!(self, s => {
            let who = s.holder?;
            Some((s.record(), who, bot_seed(s.setup.seed, s.moves.len(), who)))
        })
    }

    /// A hint in words: the suggested move, what it is for (in the page's language, from the
    /// move played on this page's copy of the game), and the spaces to mark on the board.
    /// (`worker_why`, the worker's English, is only for a move this page can't play.)
    pub fn hint_words(&self, line: Option<&str>, who: Colour, worker_why: String) -> (String, String, Vec<Space>) {
        let Some(line) = line else { return (tr!(String ScreenLetPass), tr!(String ScreenHintPassWhy), Vec::new()) };
        let words = line.split_whitespace().skip(1).collect::<Vec<_>>().join(" ");
        let why = match self {
            AnySession::Classic(s) => line.parse().ok().and_then(|m| Some(super::why::classic(&m, &s.shown.clone().play(m).ok()?, who))),
            AnySession::New(s) => line.parse().ok().and_then(|m| Some(super::why::new(&m, &s.shown.clone().play(m).ok()?, who))),
        };
        let spaces = line.split_whitespace().filter_map(|w| crate::engine::Space::parse(w).or_else(|| crate::engine::Edge::parse(w).map(|e| e.spaces().0))).collect();
        (words, why.unwrap_or(worker_why), spaces)
    }

    /// Counts a hint asked by `who`.
    pub fn hint_used(&mut self, who: Colour) {
        crate::each_session!(self, s => s.seats.hint_used(who))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seats::Seats;
    use crate::engine::{Setup, SetupKind};

    #[test]
    fn a_computer_due_is_asked_once_and_its_answer_played_or_refused() {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        let s = Session::<crate::engine::classic::game::Game>::new("c".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        let mut g = AnySession::Classic(s.with_seats(Seats { bots: vec![(Colour::Red, Level::Easy)], hints: None, ..Default::default() }));
        let (job, record, _) = g.job().expect("red, a computer, starts");
        assert_eq!((job.colour, job.ply, job.due), (Colour::Red, 0, true));
        assert!(record.contains("[Bots \"red:easy\"]"));
        assert!(g.play_job(&job, None).is_err(), "a computer that must move can't pass");
        assert!(g.play_job(&job, Some("yellow decide 1")).is_err(), "nor move for another");
        assert!(g.play_job(&job, Some("red fly")).is_err(), "nor say nonsense");
        g.play_job(&job, Some("red decide 1 2")).unwrap();
        assert!(g.job().is_none(), "yellow, a person, is next");
    }

    #[test]
    fn a_hint_to_let_the_moment_pass_says_why_in_the_players_language() {
        // Issue 31: the worker's English ("lets the moment pass") reached a German hint.
        crate::i18n::tests::install_all();
        crate::i18n::set_lang(crate::i18n::Lang::De);
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        let g = AnySession::Classic(Session::<crate::engine::classic::game::Game>::new("c".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap());
        let (words, why, spaces) = g.hint_words(None, Colour::Red, "lets the moment pass".into());
        crate::i18n::set_lang(crate::i18n::Lang::En);
        assert_eq!((words.as_str(), why.as_str(), spaces.len()), ("den Moment verstreichen lassen", "kein Zug ist jetzt mehr wert als Abwarten", 0));
    }
}
