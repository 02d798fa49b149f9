//! What the session machine needs of Classic: board moves are staged, a card turned up,
//! revealed bids and the game's end reveal, a politics card may be played right after one's
//! decision, and revealed bids are announced to the whole table.

use super::{EditionRules, Reading, Session, Told};
use crate::app::log::classic::{action_text, describe_all};
use crate::engine::classic::record::{write_record, Record};
use crate::engine::classic::view::{PhaseView, View};
use crate::engine::classic::{event::Event, game::Game, moves::Move, setup::Setup};
use crate::engine::notation::{RecordError, RecordReason};
use crate::engine::{AnyRecord, CardFace, Colour, Edition, SetupError};
use crate::tr;

impl EditionRules for Game {
    type Setup = Setup;
    type View = View;

    fn start(setup: &Setup) -> Result<(Game, Vec<Event>), SetupError> {
        Game::new(setup)
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

    fn stages(m: &Move) -> bool {
        matches!(m, Move::Castle { .. } | Move::Knight { .. } | Move::Border { .. } | Move::Expand { .. } | Move::Take { .. })
    }

    fn waits(m: &Move) -> bool {
        Self::stages(m) || matches!(m, Move::Done { .. })
    }

    fn log_round(&self) -> u32 {
        self.round()
    }

    fn describe(&self, events: &[Event], round: u32, name: &dyn Fn(Colour) -> String, out: &mut Told) {
        let mut revealed = false;
        for (e, line) in describe_all(events, name, round) {
            match e {
                Event::BidsRevealed { .. } => {
                    out.announcements.push(line.text.clone());
                    revealed = true;
                }
                // The reveal names its outcome: the winner, a second duel, or nobody.
                Event::DuelWon { .. } | Event::DuelStarted { second: true, .. } | Event::DuelVoid { .. } if revealed => {
                    if let Some(a) = out.announcements.last_mut() {
                        *a = tr!(SessAnnouncement, a = a, b = line.text);
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

    fn hand_over_reason(s: &Session<Game>) -> String {
        let v = s.shown.view(None);
        let action = |i: u8| {
            v.card
                .and_then(|c| match c.face() {
                    CardFace::Actions(a) => a.get(i as usize).map(|&x| tr!(LogQuoted, what = action_text(x))),
                    _ => None,
                })
                .unwrap_or_else(|| tr!(LogActionNumber, n = i + 1))
        };
        if s.offer().is_some() {
            return tr!(String SessMayPlayPolitics);
        }
        match &v.phase {
            PhaseView::Placement { placer, colour, castle: None, .. } if placer != colour => tr!(SessPlaceNeutralCastle, colour = crate::app::names::colour_adj(crate::engine::Edition::Classic, *colour)),
            PhaseView::Placement { castle: None, .. } => tr!(String SessPlaceCastle),
            PhaseView::Placement { .. } => tr!(String SessPlaceKnight),
            PhaseView::Choosing { next, .. } if *next == v.start_player => tr!(SessStartDecide, round = v.round, name = s.name(*next)),
            PhaseView::Choosing { .. } => tr!(String SessDecide),
            PhaseView::Negotiation { action: a, pair, speaker, last, .. } => {
                let other = if pair[0] == *speaker { pair[1] } else { pair[0] };
                let i = if pair[0] == other { 0 } else { 1 };
                match last[i] {
                    Some(n) => tr!(SessOffer, name = s.name(other), amount = crate::app::log::ducats(n), action = action(*a)),
                    None => tr!(SessNegotiate, name = s.name(other), action = action(*a)),
                }
            }
            PhaseView::Duel { action: a, .. } => tr!(SessSealedBid, action = action(*a)),
            PhaseView::Perform { action: a, .. } => tr!(SessPerform, action = action(*a)),
            PhaseView::Over { .. } => String::new(),
        }
    }
}
