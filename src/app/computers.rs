//! What the game on this device asks of its computers, and what it does with their answers:
//! the decision a computer owes now, playing it, and a person's hint in words. (The browser's
//! worker does the thinking; this side is plain and tested natively.)

use super::session::{EditionRules, Screen, Session};
use super::AnySession;
use crate::engine::ai::{bot_seed, Level};
use super::hint::Hint;
use super::said::Names;
use crate::engine::{newed, Colour, Edition};
use crate::tr;

/// Why the computers' worker gave no decision: its reply's `err` is [`BotError::code`]
/// (`src/bin/bot-worker.rs`), and the page words it ([`BotError::words`]).
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

    /// Why the worker gave no decision, in the current language (starting lowercase: it
    /// follows "The computer player for Red stopped:" or "No hint now:").
    pub fn words(self) -> String {
        match self {
            BotError::Request => tr!(String ScreenBotBadRequest),
            BotError::Record => tr!(String ScreenBotBadRecord),
            BotError::NoMove => tr!(String ScreenBotNoMoveNow),
        }
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
        crate::each!(self, s => due(s))
    }

    /// Plays a computer's answer to `job` (a move in notation; `None`: it lets its optional
    /// move pass).
    ///
    /// # Errors
    /// The answer can't be played (nothing changes).
    pub fn play_job(&mut self, job: &Job, line: Option<&str>) -> Result<(), String> {
        crate::each!(self, s => play(s, job, line))
    }

    /// What a hint asks: the record, the person holding the device, their seed.
    pub fn hint_request(&self) -> Option<(String, Colour, u64)> {
        crate::each!(self, s => {
            let who = s.holder?;
            Some((s.record(), who, bot_seed(s.setup.seed, s.moves.len(), who)))
        })
    }

    /// A hint for `who`: the suggested move (`None`: let the optional move pass) played on this
    /// page's copy of the game, put as what to do, why, and what it points at.
    ///
    /// # Errors
    /// The answer isn't a move of this game now (in words).
    pub fn hint(&self, line: Option<&str>, who: Colour) -> Result<Hint, String> {
        match self {
            AnySession::Classic(s) => {
                let v = s.shown.view(Some(who));
                let Some(line) = line else { return Ok(super::hint::classic(&v, None, &[], None)) };
                let m: crate::engine::classic::Move = line.parse().map_err(|e| super::words::record_reason(Some(Edition::Classic), &e))?;
                let mut after = s.shown.clone();
                let events = after.play(m).map_err(super::words::refusal)?;
                Ok(super::hint::classic(&v, Some(m), &events, Some(after.board())))
            }
            AnySession::New(s) => {
                let v = s.shown.view(Some(who));
                let line = line.ok_or_else(|| tr!(String ScreenBotNoMove))?;
                let m: newed::Move = line.parse().map_err(|e| super::words::record_reason(Some(Edition::New), &e))?;
                let mut after = s.shown.clone();
                let events = after.play(m).map_err(super::words::refusal)?;
                Ok(super::hint::new(&v, m, &events, Some(after.board())))
            }
        }
    }

    /// How this game's facts name its seats: the seating's colours with the players' names.
    pub fn names(&self) -> Names {
        crate::each!(self, s => s.names())
    }

    /// Counts a hint asked by `who`.
    pub fn hint_used(&mut self, who: Colour) {
        crate::each!(self, s => s.seats.hint_used(who))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seats::Seats;
    use crate::engine::classic::{Setup, SetupKind};

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
}
