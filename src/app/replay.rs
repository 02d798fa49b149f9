//! Stepping through a finished or shared game record (public information only), either edition:
//! the game as the table saw it after any number of its moves, with its log.

use super::session::{EditionRules, Session};

/// A record opened for replay.
#[derive(Clone, Debug)]
pub struct Replay<G: EditionRules> {
    moves: Vec<G::Move>,
    /// The step shown: number of moves played.
    pub at: usize,
    /// The game after `at` moves, with its log (nobody holds the device: public view only).
    pub session: Session<G>,
    /// Where the log lines of the move that led to the shown step begin.
    from: usize,
}

impl<G: EditionRules> Replay<G> {
    /// Reads and checks a whole record (every move must be legal) and shows its start.
    ///
    /// # Errors
    /// `line N: reason` for the first problem.
    pub fn open(text: &str) -> Result<Replay<G>, String> {
        let whole = Session::<G>::from_record("replay".into(), text)?;
        let mut r = Replay { moves: whole.moves.clone(), at: whole.moves.len(), session: whole, from: 0 };
        r.go_to(0);
        Ok(r)
    }

    /// Number of moves in the record.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True for a record without moves.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move that led to the shown step.
    pub fn last_move(&self) -> Option<G::Move> {
        self.at.checked_sub(1).map(|i| self.moves[i])
    }

    /// Shows the game after `n` moves (clamped to the record).
    pub fn go_to(&mut self, n: usize) {
        let n = n.min(self.len());
        let s = &self.session;
        let Some((at, from)) = Session::<G>::replayed_from(s.id.clone(), s.setup.clone(), s.names.clone(), &self.moves[..n]) else { unreachable!("checked when opened") };
        self.session = at;
        self.at = n;
        self.from = from;
    }

    /// Where the replay stands, in the game's words with the players' names, in the current
    /// language: "Move 5 of 221", and what the move that led there did as the log says it ("Ann
    /// bids 8 ducats."), or whose move it was when the log says nothing of it.
    pub fn status(&self) -> String {
        let names = self.session.names();
        let lines = &self.session.log[self.from.min(self.session.log.len())..];
        match (self.last_move(), lines) {
            (None, _) => crate::tr!(ScreenReplayAt, at = self.at, len = self.len()),
            (Some(m), []) => crate::tr!(ScreenReplayAtBy, at = self.at, len = self.len(), name = names.name(G::mover(&m))),
            (Some(_), lines) => crate::tr!(ScreenReplayAtLast, at = self.at, len = self.len(), what = lines.iter().map(|l| names.say(&l.said)).collect::<Vec<_>>().join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AnyReplay;
    use crate::engine::bot::play_out;
    use crate::engine::classic::game::Game;
    use crate::engine::classic::record::write_record;
    use crate::engine::Colour;
    use crate::engine::classic::{Setup, SetupKind};

    #[test]
    fn a_record_opens_as_its_own_edition_and_never_as_the_other() {
        let e = Replay::<Game>::open("[Edition \"new\"]\n[Players \"red blue\"]\n[Neutral \"orange\"]\n").unwrap_err();
        assert!(e.contains("New Edition"), "{e}");
        let r = AnyReplay::open("[Edition \"new\"]\n[Players \"red blue\"]\n[Neutral \"orange\"]\n[Seed \"3\"]\n").unwrap();
        assert!(matches!(r, AnyReplay::New(_)));
        let r = AnyReplay::open("[Edition \"classic\"]\n[Players \"red yellow purple\"]\n").unwrap();
        assert!(matches!(r, AnyReplay::Classic(_)));
        let e = Replay::<Game>::open("[Edition \"chess\"]\n").unwrap_err();
        assert!(e.starts_with("line 1: "), "{e}");
    }

    #[test]
    fn a_replay_steps_to_the_same_final_scores() {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 5);
        let (g, _) = Game::new(&setup).unwrap();
        let (end, moves) = play_out(g, 5);
        let text = write_record(&setup, &["Ann".into(), "Ben".into(), "Cleo".into()], &moves);
        let mut r = Replay::<Game>::open(&text).unwrap();
        assert_eq!(r.at, 0);
        r.go_to(usize::MAX);
        assert_eq!(r.at, moves.len());
        assert!(r.session.game.is_over());
        assert_eq!(r.session.game.summary(), end.summary());
        assert_eq!(r.session.name(Colour::Yellow), "Ben");
        r.go_to(3);
        assert_eq!(r.last_move(), Some(moves[2]));
    }

    // The move that voids card B2's last action also draws card B1: the replay's log still names
    // B2's action, in round 1.
    #[test]
    fn a_replay_logs_the_old_card_in_its_round_when_a_move_draws_the_next() {
        let text = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\n[Setup \"custom\"]\n[Castles \"red:f7 yellow:i8\"]\n[Deck \"B2 B1\"]\n[Start \"red\"]\n\
                    red decide 3 1\nyellow decide 3\npurple decide 3\nyellow bid 5\npurple bid 2\nred bid 5\nred bid 3\nyellow bid 3\n";
        let mut r = Replay::<Game>::open(text).unwrap();
        r.go_to(usize::MAX);
        assert_eq!(r.session.game.round(), 2);
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let names = r.session.names();
        let void = r.session.log.iter().find(|l| names.say(&l.said).starts_with("Tied again")).expect("the void duel is logged");
        assert_eq!((void.round, names.say(&void.said).as_str()), (1, "Tied again: nobody performs action 3 (1 knight or expand)."));
    }

    // Issue 41: the replay says each step in the game's words with the players' names, as the
    // log does ("Ben bids …"), never in record notation ("yellow bid 5").
    #[test]
    fn a_replay_says_each_move_in_the_games_words_with_the_players_names() {
        crate::i18n::tests::install_all();
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 5);
        let (g, _) = Game::new(&setup).unwrap();
        let (_, moves) = play_out(g, 5);
        let text = write_record(&setup, &["Ann".into(), "Ben".into(), "Cleo".into()], &moves);
        let mut r = Replay::<Game>::open(&text).unwrap();
        for lang in [crate::i18n::Lang::En, crate::i18n::Lang::De] {
            crate::i18n::set_lang(lang);
            let (mut told, mut by) = (0, 0);
            for n in 0..=moves.len().min(120) {
                r.go_to(n);
                let status = r.status();
                if n == 0 {
                    assert_eq!(status, crate::tr!(ScreenReplayAt, at = 0, len = moves.len()));
                    continue;
                }
                let m = moves[n - 1];
                assert!(!status.contains(&m.to_string()), "record notation in {status:?}");
                assert!(["Ann", "Ben", "Cleo"].iter().any(|name| status.contains(name)), "a player's name in {status:?}");
                let lines = r.session.log.len() - r.from;
                if lines == 0 { by += 1 } else { told += 1 };
            }
            assert!(told > 50, "most moves are said as the log says them ({told}, by name only {by})");
        }
        crate::i18n::set_lang(crate::i18n::Lang::En);
    }

    #[test]
    fn a_broken_record_is_refused_with_its_line() {
        let e = Replay::<Game>::open("[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred decide 1 3\nred decide 2\n").unwrap_err();
        assert!(e.starts_with("line 4:"), "{e}");
        assert!(Replay::<Game>::open("hello").unwrap_err().starts_with("line 1:"));
    }
}
