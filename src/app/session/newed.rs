//! What the session machine needs of the New Edition: every move is staged until a card drawn
//! from the deck or the game's end confirms the turn (the drawer then looks at the new hand
//! before passing the device on), and the tally of scores over the turns and points by reason
//! for the end screen.

use super::{EditionRules, Reading, Told};
use crate::app::log::newed::describe;
use crate::app::log::LogLine;
use crate::engine::newed::view::View;
use crate::engine::newed::{record::write_record, Event, Game, Move, Phase, ScoreReason, Setup};
use crate::engine::notation::{RecordError, RecordReason};
use crate::engine::{AnyRecord, ByColour, Colour, Edition, SetupError};
use crate::tr;

/// Points by reason, for the end screen.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct Breakdown {
    /// Regions founded.
    pub regions: i32,
    /// Spaces gained by expansion.
    pub expansions: i32,
    /// Spaces lost (to others' expansions and cut off into neutral zones).
    pub losses: i32,
    /// Monopolies won and lost.
    pub monopolies: i32,
    /// The ducat bonus at the end.
    pub bonuses: i32,
}

/// The New Edition's bookkeeping beside the log.
#[derive(Clone, Default, Debug)]
pub struct Tally {
    /// Turns begun.
    pub turn: u32,
    /// Scores at the start of every turn and at the end.
    pub history: Vec<ByColour<u32>>,
    /// Points by reason.
    pub breakdown: ByColour<Breakdown>,
}

impl EditionRules for Game {
    type Setup = Setup;
    type View = View;
    type Tally = Tally;

    fn start(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        Game::new(setup)
    }

    fn read(text: &str) -> Result<Reading<Game>, RecordError> {
        let r = match AnyRecord::parse(text)? {
            AnyRecord::New(r) => r,
            AnyRecord::Classic(_) => return Err(RecordError { line: 1, reason: RecordReason::OtherEdition(Edition::Classic) }),
        };
        Ok(Reading { header_line: r.header_line, setup: r.setup, names: r.names, moves: r.moves })
    }

    /// Tiles and deck spelled out, so the record replays anywhere.
    fn write(&self, setup: &Setup, names: &[String], moves: &[Move]) -> String {
        write_record(&self.spelled_out(setup), names, moves)
    }

    fn view(&self, viewer: Option<Colour>) -> View {
        Game::view(self, viewer)
    }

    fn stages(_: &Move) -> bool {
        true
    }

    fn reveals(e: &Event) -> bool {
        matches!(e, Event::Drew { .. } | Event::GameOver { .. })
    }

    fn waits(_: &Move) -> bool {
        false
    }

    fn shows_mover(e: &Event) -> bool {
        matches!(e, Event::Drew { .. })
    }

    fn sealed(_: &Move) -> bool {
        false
    }

    fn offer(&self) -> Option<Colour> {
        None
    }

    fn score_change(e: &Event) -> Option<(Colour, i32)> {
        match e {
            Event::Score { colour, delta, .. } => Some((*colour, *delta)),
            _ => None,
        }
    }

    fn log_round(&self, tally: &Tally) -> u32 {
        tally.turn
    }

    fn describe(&self, tally: &mut Tally, events: &[Event], _: u32, out: &mut Told) {
        if tally.history.is_empty() {
            tally.history.push(ByColour::from_fn(|c| self.score(c)));
        }
        for e in events {
            match e {
                Event::Score { colour, delta, reason } => {
                    let b = &mut tally.breakdown[*colour];
                    match reason {
                        ScoreReason::Founding => b.regions += delta,
                        ScoreReason::Expansion => b.expansions += delta,
                        ScoreReason::LostSpace | ScoreReason::NeutralZone => b.losses += delta,
                        ScoreReason::MonopolyWon(_) | ScoreReason::MonopolyLost(_) => b.monopolies += delta,
                        ScoreReason::DucatBonus => b.bonuses += delta,
                    }
                }
                Event::TurnBegins { .. } => {
                    tally.turn += 1;
                    tally.history.push(ByColour::from_fn(|c| self.score(c)));
                }
                Event::GameOver { .. } => tally.history.push(ByColour::from_fn(|c| self.score(c))),
                _ => {}
            }
            if let Some(said) = describe(e) {
                out.lines.push(LogLine { round: tally.turn, colour: event_colour(e), said });
            }
        }
    }

    fn saved_summary(&self, tally: &Tally, players: &str) -> String {
        let state = if self.is_over() {
            tr!(String SessFinished)
        } else if matches!(self.phase(), Phase::Placement { .. }) {
            tr!(String SessSettingUp)
        } else {
            tr!(SessTurn, n = tally.turn)
        };
        tr!(SessSummaryNew, players = players, state = state)
    }
}

/// The colour a log line is mostly about.
fn event_colour(e: &Event) -> Option<Colour> {
    Some(match *e {
        Event::Placed { by, .. }
        | Event::Sold { by, .. }
        | Event::Played { by, .. }
        | Event::BorderPlaced { by, .. }
        | Event::KnightPlaced { by, .. }
        | Event::SpaceTaken { by, .. }
        | Event::RenegadePlaced { by, .. }
        | Event::Allied { by, .. }
        | Event::Drew { by }
        | Event::Took { by, .. } => by,
        Event::TurnBegins { colour }
        | Event::Income { colour, .. }
        | Event::Skipped { colour }
        | Event::RegionFounded { colour, .. }
        | Event::Score { colour, .. }
        | Event::Monopoly { colour, .. }
        | Event::KnightRemoved { colour, .. } => colour,
        Event::NeutralZoneFormed { loser, .. } => loser,
        _ => return None,
    })
}
