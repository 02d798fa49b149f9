//! What the session machine needs of Classic: board moves are staged, a card turned up,
//! revealed bids and the game's end reveal, a politics card may be played right after one's
//! decision, and revealed bids are announced to the whole table.

use super::{EditionRules, Reading, Told};
use crate::app::log::classic::describe_all;
use crate::engine::classic::record::{write_record, Record};
use crate::engine::classic::view::{PhaseView, View};
use crate::engine::classic::{event::Event, game::Game, moves::Move, setup::Setup};
use crate::engine::notation::{RecordError, RecordReason};
use crate::engine::{AnyRecord, Colour, Edition, SetupError};
use crate::{said, tr};

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
        let r: Record = match AnyRecord::parse(text)? {
            AnyRecord::Classic(r) => r,
            AnyRecord::New(_) => return Err(RecordError { line: 1, reason: RecordReason::OtherEdition(Edition::New) }),
        };
        Ok(Reading { header_line: r.header_line, setup: r.setup, names: r.names, moves: r.moves })
    }

    fn write(&self, setup: &Setup, names: &[String], moves: &[Move]) -> String {
        write_record(setup, names, moves)
    }

    fn view(&self, viewer: Option<Colour>) -> View {
        Game::view(self, viewer)
    }

    fn view_after(&self, m: Move, viewer: Option<Colour>) -> View {
        // A move is held back only after it was played on a copy: it is legal here.
        Game::view_after(self, m, viewer).unwrap_or_else(|_| Game::view(self, viewer))
    }

    fn stages(m: &Move) -> bool {
        matches!(m, Move::Castle { .. } | Move::Knight { .. } | Move::Border { .. } | Move::Expand { .. } | Move::Take { .. })
    }

    fn waits(m: &Move) -> bool {
        Self::stages(m) || matches!(m, Move::Done { .. })
    }

    fn log_round(&self) -> u32 {
        self.round()
    }

    fn describe(&self, events: &[Event], round: u32, out: &mut Told) {
        let mut revealed = false;
        for (e, line) in describe_all(events, round) {
            match e {
                Event::BidsRevealed { .. } => {
                    out.announcements.push(line.said.clone());
                    revealed = true;
                }
                // The reveal names its outcome: the winner, a second duel, or nobody.
                Event::DuelWon { .. } | Event::DuelStarted { second: true, .. } | Event::DuelVoid { .. } if revealed => {
                    if let Some(a) = out.announcements.last_mut() {
                        *a = said!(SessAnnouncement, a = a.clone(), b = line.said.clone());
                    }
                    revealed = false;
                }
                _ => {}
            }
            out.lines.push(line);
        }
    }

    fn saved_summary(&self, players: &str) -> String {
        let state = match Game::view(self, None).phase {
            PhaseView::Over { .. } => tr!(String SessFinished),
            PhaseView::Placement { .. } => tr!(String SessSettingUp),
            _ => tr!(SessRound, n = self.round()),
        };
        tr!(SessSummaryClassic, players = players, state = state)
    }
}

/// The sealed bids an announcement turns over (each bid's fact), and what they decided (a duel
/// won, a second duel), when it is the reveal of bids: the announcement `describe` makes, taken
/// apart again so that each bid can be turned over on its own.
pub fn bids_of(said: &crate::app::said::Said) -> Option<(&[crate::app::said::Arg], Option<&crate::app::said::Said>)> {
    use crate::app::said::Arg;
    use crate::i18n::Key;
    match (said.key, said.args.as_slice()) {
        (Key::LogBidsRevealed, [Arg::Commas(parts)]) => Some((parts, None)),
        (Key::SessAnnouncement, [Arg::Said(bids), Arg::Said(outcome)]) => bids_of(bids).map(|(parts, _)| (parts, Some(&**outcome))),
        _ => None,
    }
}
