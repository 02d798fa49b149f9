//! The two editions side by side: each implements [`Rules`] (the trait generic code is written
//! over), and the enums the edges dispatch through ([`AnyRecord`], [`AnyGame`]): a record's
//! `Edition` header decides which game it is.
//!
//! Why both: the hot loops (random playouts, later the search of computer players) stay
//! monomorphic and fast through the trait; a record, a save or a link names its edition only
//! at run time, and one `match` of two arms there is simpler than trait objects.

use super::classic;
use super::colour::Colour;
use super::error::IllegalMove;
use super::newed;
use super::notation::{Lexed, RecordError, RecordReason};
pub use super::rules::{Edition, Rules};
use serde_json::Value;

macro_rules! rules_for {
    ($game:ty, $mv:ty, $ev:ty, $edition:expr, { $($facts:tt)* }) => {
        impl Rules for $game {
            type Move = $mv;
            type Event = $ev;
            const EDITION: Edition = $edition;
            fn legal_moves_into(&self, out: &mut Vec<$mv>) {
                <$game>::legal_moves_into(self, out)
            }
            fn play(&mut self, m: $mv) -> Result<Vec<$ev>, IllegalMove> {
                <$game>::play(self, m)
            }
            fn to_move(&self) -> Vec<Colour> {
                <$game>::to_move(self)
            }
            fn winners(&self) -> &[Colour] {
                <$game>::winners(self)
            }
            fn is_over(&self) -> bool {
                <$game>::is_over(self)
            }
            fn mover(m: &$mv) -> Colour {
                m.by()
            }
            fn summary(&self) -> Value {
                <$game>::summary(self)
            }
            $($facts)*
        }
    };
}

rules_for!(classic::game::Game, classic::moves::Move, classic::event::Event, Edition::Classic, {
    fn reveals(e: &classic::event::Event) -> bool {
        use classic::event::Event;
        matches!(e, Event::CardDrawn { .. } | Event::BidsRevealed { .. } | Event::GameOver { .. })
    }
    fn private_to_mover(_: &classic::event::Event) -> bool {
        false
    }
    /// The player who just laid a decision card and may still play Alliance or Renegade with it.
    fn optional_mover(&self) -> Option<Colour> {
        use classic::moves::Move;
        let (w, left) = self.politics_window()?;
        let can_play = self.legal_moves().iter().any(|m| matches!(m, Move::Alliance { by, .. } | Move::Renegade { by, .. } if *by == w));
        (left > 0 && can_play).then_some(w)
    }
    fn score_change(e: &classic::event::Event) -> Option<(Colour, i32)> {
        match e {
            classic::event::Event::Score { colour, delta, .. } => Some((*colour, *delta)),
            _ => None,
        }
    }
    fn sealed(m: &classic::moves::Move) -> bool {
        matches!(m, classic::moves::Move::Bid { .. })
    }
});

rules_for!(newed::Game, newed::Move, newed::Event, Edition::New, {
    fn reveals(e: &newed::Event) -> bool {
        matches!(e, newed::Event::Drew { .. } | newed::Event::GameOver { .. })
    }
    fn private_to_mover(e: &newed::Event) -> bool {
        matches!(e, newed::Event::Drew { .. })
    }
    fn optional_mover(&self) -> Option<Colour> {
        None
    }
    fn score_change(e: &newed::Event) -> Option<(Colour, i32)> {
        match e {
            newed::Event::Score { colour, delta, .. } => Some((*colour, *delta)),
            _ => None,
        }
    }
    fn sealed(_: &newed::Move) -> bool {
        false
    }
});

/// A record of either edition, as its `[Edition]` header says.
#[derive(Clone, Debug)]
pub enum AnyRecord {
    /// A Classic record.
    Classic(classic::record::Record),
    /// A New Edition record.
    New(newed::Record),
}

impl AnyRecord {
    /// Parses a record of either edition.
    ///
    /// # Errors
    /// The first malformed line (a missing or unknown edition at its header).
    pub fn parse(text: &str) -> Result<AnyRecord, RecordError> {
        let lexed = Lexed::new(text)?;
        let (line, v) = lexed.get("Edition").ok_or(RecordError { line: 1, reason: RecordReason::NoEdition })?;
        match Edition::parse(v) {
            Some(Edition::Classic) => classic::record::Record::from_lexed(&lexed).map(AnyRecord::Classic),
            Some(Edition::New) => newed::Record::from_lexed(&lexed).map(AnyRecord::New),
            None => Err(RecordError { line, reason: RecordReason::NotTheEdition { given: super::notation::shown(v), expected: None } }),
        }
    }

    /// The record's edition.
    pub fn edition(&self) -> Edition {
        match self {
            AnyRecord::Classic(_) => Edition::Classic,
            AnyRecord::New(_) => Edition::New,
        }
    }

    /// Builds the game and plays every move.
    ///
    /// # Errors
    /// A bad setup or the first illegal move, with its line.
    pub fn replay(&self) -> Result<AnyGame, RecordError> {
        Ok(match self {
            AnyRecord::Classic(r) => AnyGame::Classic(r.replay()?),
            AnyRecord::New(r) => AnyGame::New(r.replay()?),
        })
    }
}

/// A game of either edition (held once per open game, so the size of its variants is no matter).
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// A Classic game.
    Classic(classic::game::Game),
    /// A New Edition game.
    New(newed::Game),
}

impl AnyGame {
    /// The game's edition.
    pub fn edition(&self) -> Edition {
        match self {
            AnyGame::Classic(_) => Edition::Classic,
            AnyGame::New(_) => Edition::New,
        }
    }

    /// The referee's JSON.
    pub fn summary(&self) -> Value {
        match self {
            AnyGame::Classic(g) => g.summary(),
            AnyGame::New(g) => g.summary(),
        }
    }

    /// True when the game is over.
    pub fn is_over(&self) -> bool {
        match self {
            AnyGame::Classic(g) => g.is_over(),
            AnyGame::New(g) => g.is_over(),
        }
    }

    /// Who must move.
    pub fn to_move(&self) -> Vec<Colour> {
        match self {
            AnyGame::Classic(g) => g.to_move(),
            AnyGame::New(g) => g.to_move(),
        }
    }
}

/// A move of either edition (a move of the other edition than the game's is refused).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum AnyMove {
    /// A Classic move.
    Classic(classic::moves::Move),
    /// A New Edition move.
    New(newed::Move),
}

impl std::fmt::Display for AnyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyMove::Classic(m) => m.fmt(f),
            AnyMove::New(m) => m.fmt(f),
        }
    }
}

/// An event of either edition.
#[derive(Clone, PartialEq, Debug)]
pub enum AnyEvent {
    /// A Classic event.
    Classic(classic::event::Event),
    /// A New Edition event.
    New(newed::Event),
}

/// A game of either edition is itself a game to generic code (as shakmaty's variant position
/// is a position): the bots, the referee's play and the property harness take it as they take
/// either edition's own game. Hot loops stay on the editions' own types.
impl Rules for AnyGame {
    type Move = AnyMove;
    type Event = AnyEvent;
    // A game of either edition names its edition at run time: see [`AnyGame::edition`].
    const EDITION: Edition = Edition::Classic;

    fn legal_moves_into(&self, out: &mut Vec<AnyMove>) {
        out.clear();
        match self {
            AnyGame::Classic(g) => out.extend(g.legal_moves().into_iter().map(AnyMove::Classic)),
            AnyGame::New(g) => out.extend(g.legal_moves().into_iter().map(AnyMove::New)),
        }
    }

    fn play(&mut self, m: AnyMove) -> Result<Vec<AnyEvent>, IllegalMove> {
        match (self, m) {
            (AnyGame::Classic(g), AnyMove::Classic(m)) => Ok(g.play(m)?.into_iter().map(AnyEvent::Classic).collect()),
            (AnyGame::New(g), AnyMove::New(m)) => Ok(g.play(m)?.into_iter().map(AnyEvent::New).collect()),
            _ => Err(IllegalMove::NotNow),
        }
    }

    fn to_move(&self) -> Vec<Colour> {
        AnyGame::to_move(self)
    }

    fn winners(&self) -> &[Colour] {
        match self {
            AnyGame::Classic(g) => g.winners(),
            AnyGame::New(g) => g.winners(),
        }
    }

    fn is_over(&self) -> bool {
        AnyGame::is_over(self)
    }

    fn mover(m: &AnyMove) -> Colour {
        match m {
            AnyMove::Classic(m) => m.by(),
            AnyMove::New(m) => m.by(),
        }
    }

    fn summary(&self) -> Value {
        AnyGame::summary(self)
    }

    fn reveals(e: &AnyEvent) -> bool {
        match e {
            AnyEvent::Classic(e) => classic::game::Game::reveals(e),
            AnyEvent::New(e) => newed::Game::reveals(e),
        }
    }

    fn private_to_mover(e: &AnyEvent) -> bool {
        match e {
            AnyEvent::Classic(e) => classic::game::Game::private_to_mover(e),
            AnyEvent::New(e) => newed::Game::private_to_mover(e),
        }
    }

    fn optional_mover(&self) -> Option<Colour> {
        match self {
            AnyGame::Classic(g) => g.optional_mover(),
            AnyGame::New(g) => g.optional_mover(),
        }
    }

    fn score_change(e: &AnyEvent) -> Option<(Colour, i32)> {
        match e {
            AnyEvent::Classic(e) => classic::game::Game::score_change(e),
            AnyEvent::New(e) => newed::Game::score_change(e),
        }
    }

    fn sealed(m: &AnyMove) -> bool {
        match m {
            AnyMove::Classic(m) => classic::game::Game::sealed(m),
            AnyMove::New(m) => newed::Game::sealed(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::play_out;
    use crate::engine::classic::setup::{Setup, SetupKind};

    #[test]
    fn a_game_of_either_edition_plays_out_as_its_own_game_would() {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 9);
        let (g, _) = classic::game::Game::new(&setup).unwrap();
        let (own, own_moves) = play_out(g.clone(), 9);
        let (any, any_moves) = play_out(AnyGame::Classic(g), 9);
        assert_eq!(any.summary(), own.summary());
        assert_eq!(any_moves.len(), own_moves.len());
        assert!(any_moves.iter().zip(&own_moves).all(|(a, o)| *a == AnyMove::Classic(*o)));
        let mut setup = newed::Setup::new(vec![Colour::Red, Colour::Blue], 9);
        setup.neutral = Some(Colour::Orange);
        let (n, _) = newed::Game::new(&setup).unwrap();
        let mut any = AnyGame::New(n);
        let first = Rules::to_move(&any)[0];
        assert_eq!(any.play(AnyMove::Classic(classic::moves::Move::Done { by: first })), Err(IllegalMove::NotNow), "a move of the other edition");
        let (end, _) = play_out(any, 9);
        assert!(Rules::is_over(&end));
    }

    /// What the rule facts say at every step of a random game: per move, whether it was sealed,
    /// the optional mover before it, how many of its events reveal and how many only to the
    /// mover, and its score changes. Checks on the way what holds in both editions.
    fn facts<G: Rules>(mut game: G, seed: u64) -> (Vec<(bool, Option<Colour>, usize, usize, Vec<(Colour, i32)>)>, G) {
        let mut bot = crate::engine::bot::RandomBot::new(seed);
        let mut out = Vec::new();
        let mut buf = Vec::new();
        while let Some(m) = bot.pick(&game) {
            game.legal_moves_into(&mut buf);
            let due = game.to_move();
            if due.len() > 1 {
                assert!(buf.iter().all(G::sealed), "several colours due: every move is sealed");
            }
            let optional = game.optional_mover();
            if let Some(c) = optional {
                assert!(buf.iter().any(|m| G::mover(m) == c), "the optional mover has a move");
            }
            let ev = game.play(m).expect("a listed move is legal");
            assert!(ev.iter().filter(|e| G::private_to_mover(e)).all(G::reveals), "a private reveal is a reveal");
            let reveals = ev.iter().filter(|e| G::reveals(e)).count();
            if game.is_over() {
                assert!(reveals > 0, "the game's end reveals");
            }
            out.push((G::sealed(&m), optional, reveals, ev.iter().filter(|e| G::private_to_mover(e)).count(), ev.iter().filter_map(G::score_change).collect()));
        }
        (out, game)
    }

    #[test]
    fn the_rule_facts_of_either_edition_hold_over_whole_games() {
        let mut offered = 0;
        for seed in 0..6 {
            let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, seed);
            let (g, start) = classic::game::Game::new(&setup).unwrap();
            let (mut own, end) = facts(g.clone(), seed);
            assert_eq!(facts(AnyGame::Classic(g), seed).0, own, "a game of either edition says what its own game says");
            assert!(own.iter().any(|f| f.0), "duel bids are sealed (seed {seed})");
            offered += own.iter().filter(|f| f.1.is_some()).count();
            assert!(own.iter().all(|f| f.3 == 0), "Classic shows no mover anything alone");
            own.push((false, None, 0, 0, start.iter().filter_map(classic::game::Game::score_change).collect()));
            for c in [Colour::Red, Colour::Yellow, Colour::Purple] {
                let sum: i32 = own.iter().flat_map(|f| &f.4).filter(|x| x.0 == c).map(|x| x.1).sum();
                assert_eq!(sum, end.score(c) as i32, "{c}: the score changes add up (seed {seed})");
            }

            let mut setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], seed);
            setup.private_money = seed % 2 == 0;
            let (n, start) = newed::Game::new(&setup).unwrap();
            let (mut own, end) = facts(n.clone(), seed);
            assert_eq!(facts(AnyGame::New(n), seed).0, own, "a game of either edition says what its own game says");
            assert!(own.iter().all(|f| !f.0 && f.1.is_none()), "the New Edition seals nothing and offers nothing");
            assert!(own.iter().any(|f| f.3 > 0), "a card drawn is shown to its drawer (seed {seed})");
            own.push((false, None, 0, 0, start.iter().filter_map(newed::Game::score_change).collect()));
            for c in [Colour::Red, Colour::Blue, Colour::Orange] {
                let sum: i32 = own.iter().flat_map(|f| &f.4).filter(|x| x.0 == c).map(|x| x.1).sum();
                assert_eq!(sum, end.score(c) as i32, "{c}: the score changes add up (seed {seed})");
            }
        }
        assert!(offered > 0, "a politics card is offered in some Classic game");
    }
}
