//! What the session machine needs of the New Edition: every move is staged until a card drawn
//! from the deck or the game's end confirms the turn (the drawer then looks at the new hand
//! before passing the device on).

use super::{EditionRules, Reading, Told};
use crate::app::log::newed::describe;
use crate::app::log::LogLine;
use crate::engine::newed::view::View;
use crate::engine::newed::{record::write_record, Event, Game, Move, Phase, Setup};
use crate::engine::notation::{RecordError, RecordReason};
use crate::engine::{AnyRecord, Colour, Edition, SetupError};
use crate::tr;

impl EditionRules for Game {
    type Setup = Setup;
    type View = View;

    fn start(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        Game::new(setup)
    }

    fn twin(&self, me: Colour) -> Game {
        self.determinized(me, &mut <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(0))
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

    fn received(before: &View, after: &View) -> Vec<String> {
        let had = before.hand.clone().unwrap_or_default();
        after.hand.iter().flatten().filter(|c| !had.contains(c)).map(ToString::to_string).collect()
    }

    /// Nothing waits here (see `waits`): every move is played on the shown game, its numbers
    /// with it, and a move that draws a card confirms the turn at once.
    fn view_after(&self, _: Move, viewer: Option<Colour>) -> View {
        Game::view(self, viewer)
    }

    fn stages(_: &Move) -> bool {
        true
    }

    fn waits(_: &Move) -> bool {
        false
    }

    fn log_round(&self) -> u32 {
        self.turns()
    }

    fn describe(&self, events: &[Event], round: u32, out: &mut Told) {
        // A line counts to the turn begun by then: the one the move began in, and one more from
        // each turn the events begin.
        let mut turn = round;
        for e in events {
            if let Event::TurnBegins { .. } = e {
                turn += 1;
            }
            if let Some(said) = describe(e) {
                out.lines.push(LogLine { round: turn, colour: event_colour(e), said });
            }
        }
    }

    fn saved_summary(&self, players: &str) -> String {
        let state = if self.is_over() {
            tr!(String SessFinished)
        } else if matches!(self.phase(), Phase::Placement { .. }) {
            tr!(String SessSettingUp)
        } else {
            tr!(SessTurn, n = self.turns())
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
