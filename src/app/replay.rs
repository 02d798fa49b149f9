//! Stepping through a finished or shared game record (public information only).

use super::log::{describe_all, LogLine};
use crate::engine::{Colour, Game, Move, Record, View};

/// A record opened for replay.
#[derive(Clone, Debug)]
pub struct Replay {
    record: Record,
    /// Names in seating order.
    pub names: Vec<String>,
    /// The step shown: number of moves played.
    pub at: usize,
    /// The game after `at` moves.
    pub game: Game,
    /// Log lines up to `at`.
    pub log: Vec<LogLine>,
}

impl Replay {
    /// Reads and checks a whole record (every move must be legal).
    ///
    /// # Errors
    /// `line N: reason` for the first problem.
    pub fn open(text: &str) -> Result<Replay, String> {
        let record = super::classic_record(text)?;
        record.replay().map_err(|e| e.to_string())?;
        let names = if record.names.len() == record.setup.players.len() {
            record.names.clone()
        } else {
            record.setup.players.iter().map(|&c| super::colour_label(c).to_string()).collect()
        };
        let mut r = Replay { game: Game::new(&record.setup).map_err(|e| e.to_string())?.0, record, names, at: 0, log: Vec::new() };
        r.go_to(0);
        Ok(r)
    }

    /// Number of moves in the record.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// True for a record without moves.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// The move that led to the shown step.
    pub fn last_move(&self) -> Option<Move> {
        self.at.checked_sub(1).map(|i| self.record.moves[i].1)
    }

    /// Shows the game after `n` moves (clamped to the record).
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.len());
        let Ok((mut g, ev)) = Game::new(&self.record.setup) else { unreachable!("checked when opened") };
        let names = self.names.clone();
        let players = self.record.setup.players.clone();
        let name = |c: Colour| match players.iter().position(|&p| p == c) {
            Some(i) => super::player_name(crate::engine::Edition::Classic, c, &names[i]),
            None => crate::tr!(LogNeutral, colour = super::colour_name(crate::engine::Edition::Classic, c)),
        };
        let mut log: Vec<LogLine> = describe_all(&ev, &name, 0).into_iter().map(|(_, l)| l).collect();
        for &(_, m) in &self.record.moves[..n] {
            let round = g.round();
            let Ok(ev) = g.play(m) else { unreachable!("checked when opened") };
            log.extend(describe_all(&ev, &name, round).into_iter().map(|(_, l)| l));
        }
        self.game = g;
        self.log = log;
        self.at = n;
    }

    /// The public view at the shown step.
    pub fn view(&self) -> View {
        self.game.view(None)
    }

    /// The display name of a colour.
    pub fn name(&self, c: Colour) -> String {
        match self.record.setup.players.iter().position(|&p| p == c) {
            Some(i) => super::player_name(crate::engine::Edition::Classic, c, &self.names[i]),
            None => crate::tr!(LogNeutral, colour = super::colour_name(crate::engine::Edition::Classic, c)),
        }
    }
}

/// A New Edition record opened for replay: the game as the table saw it after `at` moves.
#[derive(Clone, Debug)]
pub struct NewReplay {
    record: crate::engine::newed::Record,
    /// The step shown: number of moves played.
    pub at: usize,
    /// The game after `at` moves, with its log (nobody holds the device: public view only).
    pub session: super::newed_session::NewSession,
}

impl NewReplay {
    /// Checks a whole record (every move must be legal) and shows its start.
    ///
    /// # Errors
    /// `line N: reason` for the first problem.
    pub fn open(record: crate::engine::newed::Record) -> Result<NewReplay, String> {
        record.replay().map_err(|e| e.to_string())?;
        let mut r = NewReplay { session: Self::session_at(&record, 0)?, record, at: 0 };
        r.go_to(0);
        Ok(r)
    }

    fn session_at(record: &crate::engine::newed::Record, n: usize) -> Result<super::newed_session::NewSession, String> {
        let mut part = record.clone();
        part.moves.truncate(n);
        super::newed_session::NewSession::from_record("replay".into(), &part)
    }

    /// Number of moves in the record.
    pub fn len(&self) -> usize {
        self.record.moves.len()
    }

    /// True for a record without moves.
    pub fn is_empty(&self) -> bool {
        self.record.moves.is_empty()
    }

    /// The move that led to the shown step.
    pub fn last_move(&self) -> Option<crate::engine::newed::Move> {
        self.at.checked_sub(1).map(|i| self.record.moves[i].1)
    }

    /// Shows the game after `n` moves (clamped to the record).
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.len());
        let Ok(s) = Self::session_at(&self.record, n) else { unreachable!("checked when opened") };
        self.session = s;
        self.at = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_opens_as_its_own_edition_and_never_as_the_other() {
        let e = Replay::open("[Edition \"new\"]\n[Players \"red blue\"]\n[Neutral \"orange\"]\n").unwrap_err();
        assert!(e.contains("New Edition"), "{e}");
        let r = super::super::AnyReplay::open("[Edition \"new\"]\n[Players \"red blue\"]\n[Neutral \"orange\"]\n[Seed \"3\"]\n").unwrap();
        assert!(matches!(r, super::super::AnyReplay::New(_)));
        let r = super::super::AnyReplay::open("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n").unwrap();
        assert!(matches!(r, super::super::AnyReplay::Classic(_)));
        let e = Replay::open("[Edition \"chess\"]\n").unwrap_err();
        assert!(e.starts_with("line 1: "), "{e}");
    }
    use crate::engine::bot::play_out;
    use crate::engine::classic::record::write_record;
    use crate::engine::{Setup, SetupKind};

    #[test]
    fn a_replay_steps_to_the_same_final_scores() {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 5);
        let (g, _) = Game::new(&setup).unwrap();
        let (end, moves) = play_out(g, 5);
        let text = write_record(&setup, &["Ann".into(), "Ben".into(), "Cleo".into()], &moves);
        let mut r = Replay::open(&text).unwrap();
        assert_eq!(r.at, 0);
        r.go_to(usize::MAX);
        assert_eq!(r.at, moves.len());
        assert!(r.game.is_over());
        assert_eq!(r.game.summary(), end.summary());
        assert_eq!(r.name(Colour::Yellow), "Ben");
        r.go_to(3);
        assert_eq!(r.last_move(), Some(moves[2]));
    }

    // The move that voids card B2's last action also draws card B1: the replay's log still names
    // B2's action, in round 1.
    #[test]
    fn a_replay_logs_the_old_card_in_its_round_when_a_move_draws_the_next() {
        let text = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n[Castles \"red:f7 yellow:i8\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]\n\
                    red decide 3 1\nyellow decide 3\npurple decide 3\nyellow bid 5\npurple bid 2\nred bid 5\nred bid 3\nyellow bid 3\n";
        let mut r = Replay::open(text).unwrap();
        r.go_to(usize::MAX);
        assert_eq!(r.game.round(), 2);
        let void = r.log.iter().find(|l| l.text.starts_with("Tied again")).expect("the void duel is logged");
        assert_eq!((void.round, void.text.as_str()), (1, "Tied again: nobody performs action 3 (1 knight or expand)."));
    }

    #[test]
    fn a_broken_record_is_refused_with_its_line() {
        let e = Replay::open("[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred decide 1 3\nred decide 2\n").unwrap_err();
        assert!(e.starts_with("line 4:"), "{e}");
        assert!(Replay::open("hello").unwrap_err().starts_with("line 1:"));
    }
}
