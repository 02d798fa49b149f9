//! A New Edition game being played on one device: confirmed moves, the moves the player
//! holding the device has staged, who holds the device, the log in words, and the scores
//! over the turns (for the end screen).
//!
//! Every move is staged (it can be taken back) until the player confirms, except a card drawn
//! from the deck and the game's end: those confirm everything before them at once, because
//! the player has seen something new. A turn that passes the device ends with "Confirm".

use super::log::LogLine;
use super::newed_log::describe;
use crate::engine::newed::{record::write_record, Event, Game, Move, ScoreReason, Setup, View};
use crate::engine::{ByColour, Colour, IllegalMove};
use crate::tr;

/// Points by reason, for the end screen.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub struct NewBreakdown {
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

/// A New Edition game on this device.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// Save id.
    pub id: String,
    /// The setup (the record's headers).
    pub setup: Setup,
    /// Names in seating order.
    pub names: Vec<String>,
    /// Confirmed moves.
    pub moves: Vec<Move>,
    /// The game after the confirmed moves.
    pub game: Game,
    /// Moves the holder made but has not confirmed.
    pub staged: Vec<Move>,
    /// The game after the staged moves (what the board shows).
    pub shown: Game,
    /// The colour holding the device (after its hand-over screen).
    pub holder: Option<Colour>,
    /// What each player missed while others held the device.
    pub since: super::since::Since,
    /// The log (public information only).
    pub log: Vec<LogLine>,
    /// Score changes of the last confirmed step, for highlighting.
    pub last_score_changes: Vec<(Colour, i32)>,
    /// Scores at the start of every turn and at the end.
    pub history: Vec<ByColour<u32>>,
    /// Points by reason.
    pub breakdown: ByColour<NewBreakdown>,
    /// The holder just drew a card and keeps the device to look at it until they pass it on.
    pub reviewing: bool,
    /// Computer seats and hints.
    pub seats: super::seats::Seats,
    /// After a person confirmed a turn that revealed nothing and handed the game to the
    /// computers: the number of moves before it, until the first computer move is shown.
    pub takeback: Option<usize>,
    turn: u32,
}

/// What the screen must show now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NewScreen {
    /// Pass the device to this player.
    HandOver(Colour),
    /// The player holding the device acts.
    Play(Colour),
    /// A computer decides (the board shows what the person holding the device may see).
    Thinking(Colour),
    /// The game is over.
    Over,
}

impl NewSession {
    /// Starts a new game.
    ///
    /// # Errors
    /// The engine's reason when the setup is invalid.
    pub fn new(id: String, setup: Setup, names: Vec<String>) -> Result<NewSession, String> {
        let (game, events) = Game::new(&setup).map_err(|e| e.to_string())?;
        let mut s = NewSession {
            id,
            setup,
            names,
            moves: Vec::new(),
            shown: game.clone(),
            game,
            staged: Vec::new(),
            holder: None,
            since: Default::default(),
            log: Vec::new(),
            last_score_changes: Vec::new(),
            history: Vec::new(),
            breakdown: ByColour::default(),
            reviewing: false,
            seats: Default::default(),
            takeback: None,
            turn: 0,
        };
        s.history.push(ByColour::from_fn(|c| s.game.score(c)));
        s.record_events(&events);
        Ok(s)
    }

    /// Writes the log again in the current language (the player switched languages): the
    /// confirmed moves are replayed on a fresh game; everything else stays as it is.
    pub fn relog(&mut self) {
        let Ok(mut fresh) = NewSession::new(self.id.clone(), self.setup.clone(), self.names.clone()) else { return };
        for &m in &self.moves {
            if fresh.play_logged(m).is_err() {
                return;
            }
        }
        self.log = fresh.log;
    }

    /// Plays a confirmed move of a record onto the game, logged as the table saw it (no
    /// screens: a record being read, or the log being retold).
    fn play_logged(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let ev = self.game.play(mv)?;
        self.moves.push(mv);
        self.record_events(&ev);
        Ok(())
    }

    /// Rebuilds a session from a record (a save or an import).
    ///
    /// # Errors
    /// The record's first problem, as `line N: reason`.
    pub fn from_record(id: String, record: &crate::engine::newed::Record) -> Result<NewSession, String> {
        let names = if record.names.len() == record.setup.players.len() {
            record.names.clone()
        } else {
            record.setup.players.iter().map(|&c| super::colour_label(c).to_string()).collect()
        };
        let mut s = NewSession::new(id, record.setup.clone(), names)?;
        for &(line, mv) in &record.moves {
            s.play_logged(mv).map_err(|e| format!("line {line}: {mv}: {e}"))?;
        }
        s.shown = s.game.clone();
        s.last_score_changes.clear();
        Ok(s)
    }

    /// The same game with computers in some seats (and hints allowed or not).
    pub fn with_seats(mut self, seats: super::seats::Seats) -> NewSession {
        self.seats = seats;
        self.settle();
        self
    }

    /// With one person among computers, that person keeps the device: no hand-over screens,
    /// and what the computers do is marked for them as "since your turn".
    fn settle(&mut self) {
        let Some(me) = self.seats.solo(&self.setup.players) else { return };
        if self.actor().is_some_and(|a| a != me) {
            let v = self.game.view(None);
            self.since.hand_over(Some(me), me, self.log.len(), super::since::Snapshot { borders: v.borders, pieces: v.pieces });
        }
        self.holder = Some(me);
        self.reviewing = false;
    }

    /// A computer's move, made at once (computers stage nothing).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn bot_move(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.seats.person(m.by()) || !self.staged.is_empty() {
            return Err(IllegalMove::NotYourTurn);
        }
        let ev = self.game.play(m)?;
        self.last_score_changes.clear();
        self.moves.push(m);
        self.record_events(&ev);
        self.shown = self.game.clone();
        self.takeback = None;
        Ok(())
    }

    /// The record of the confirmed moves (tiles and deck spelled out, so it replays anywhere).
    pub fn record(&self) -> String {
        self.seats.write(write_record(&self.game.spelled_out(&self.setup), &self.names, &self.moves), &self.setup.players)
    }

    /// The display name of a colour.
    pub fn name(&self, c: Colour) -> String {
        match self.setup.players.iter().position(|&p| p == c) {
            Some(i) => super::player_name(crate::engine::Edition::New, c, self.names.get(i).map_or(super::colour_label(c), |n| n.as_str())),
            None => tr!(LogNeutral, colour = super::colour_name(crate::engine::Edition::New, c)),
        }
    }

    /// The player whose input comes next (on the shown game).
    pub fn actor(&self) -> Option<Colour> {
        if !self.staged.is_empty() || (self.reviewing && !self.shown.is_over()) {
            return self.holder;
        }
        self.shown.to_move().first().copied()
    }

    /// What to show now.
    pub fn screen(&self) -> NewScreen {
        match self.actor() {
            None => NewScreen::Over,
            Some(a) if !self.seats.person(a) => NewScreen::Thinking(a),
            Some(a) if self.holder == Some(a) => NewScreen::Play(a),
            Some(a) => NewScreen::HandOver(a),
        }
    }

    /// Why the device goes to `c` now (for the hand-over screen).
    pub fn hand_over_reason(&self) -> String {
        use crate::engine::newed::view::PhaseView;
        match self.shown.view(None).phase {
            PhaseView::Placement { placer, colour, castle: None, .. } if placer != colour => tr!(SessPlaceNeutralCastle, colour = super::session::neutral_colour(crate::engine::Edition::New, colour)),
            PhaseView::Placement { castle: None, .. } => tr!(String SessPlaceCastle),
            PhaseView::Placement { .. } => tr!(String SessPlaceKnight),
            PhaseView::Remove { by, .. } => tr!(SessRenegadeAgainstYou, name = self.name(by)),
            PhaseView::Refill { .. } => tr!(String SessTakeCard),
            _ => tr!(String SessYourTurn),
        }
    }

    /// The view of the player holding the device (on the shown game); the public view behind
    /// a hand-over screen.
    pub fn view(&self) -> View {
        match self.screen() {
            NewScreen::Play(c) => self.shown.view(Some(c)),
            // One person among computers keeps their own secrets on screen while they think.
            NewScreen::Thinking(_) if self.seats.solo(&self.setup.players).is_some() => self.shown.view(self.holder),
            _ => self.shown.view(None),
        }
    }

    /// The hand-over screen was dismissed by `c`.
    pub fn take_device(&mut self, c: Colour) {
        if self.screen() == NewScreen::HandOver(c) {
            let v = self.game.view(None);
            self.since.hand_over(self.holder, c, self.log.len(), super::since::Snapshot { borders: v.borders, pieces: v.pieces });
            self.holder = Some(c);
        }
    }

    /// Makes a move for the player holding the device: staged, or (a card drawn, the game
    /// over) confirmed at once with everything staged before it.
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn act(&mut self, m: Move) -> Result<(), IllegalMove> {
        if Some(m.by()) != self.holder {
            return Err(IllegalMove::NotYourTurn);
        }
        self.since.acted();
        let mut next = self.shown.clone();
        let events = next.play(m)?;
        self.staged.push(m);
        self.shown = next;
        if events.iter().any(|e| matches!(e, Event::Drew { .. } | Event::GameOver { .. })) {
            self.confirm();
            // Look at the card drawn before passing the device on (alone among computers, the
            // device stays: no need to wait).
            self.reviewing = events.iter().any(|e| matches!(e, Event::Drew { .. })) && self.shown.to_move().first().copied() != self.holder && self.seats.solo(&self.setup.players).is_none();
        }
        Ok(())
    }

    /// The holder has looked at the card they drew and passes the device on.
    pub fn end_review(&mut self) {
        self.reviewing = false;
    }

    /// True when the staged moves ended the holder's part (they must confirm or take back).
    pub fn must_confirm(&self) -> bool {
        !self.staged.is_empty() && self.shown.to_move().first().copied() != self.holder
    }

    /// Takes back the last staged move.
    pub fn undo(&mut self) {
        if self.staged.pop().is_some() {
            let mut g = self.game.clone();
            for &m in &self.staged {
                if g.play(m).is_err() {
                    unreachable!("staged moves replay");
                }
            }
            self.shown = g;
        }
    }

    /// Takes back every staged move.
    pub fn undo_all(&mut self) {
        self.staged.clear();
        self.shown = self.game.clone();
    }

    /// Confirms the staged moves.
    pub fn confirm(&mut self) {
        let staged = std::mem::take(&mut self.staged);
        self.last_score_changes.clear();
        let before = self.moves.len();
        let mut revealed = false;
        for m in staged {
            let Ok(ev) = self.game.play(m) else { unreachable!("staged moves replay") };
            revealed |= ev.iter().any(|e| matches!(e, Event::Drew { .. } | Event::GameOver { .. }));
            self.moves.push(m);
            self.record_events(&ev);
        }
        self.shown = self.game.clone();
        let to_computer = self.actor().is_some_and(|a| !self.seats.person(a));
        self.takeback = (to_computer && !revealed && self.moves.len() > before).then_some(before);
        self.settle();
    }

    /// Against computers: takes back the turn just confirmed (before the first computer move
    /// is shown, and only when it revealed nothing): its moves are staged again.
    pub fn take_back_turn(&mut self) {
        let Some(n) = self.takeback.take() else { return };
        let again: Vec<Move> = self.moves[n..].to_vec();
        let mut s = self.clone();
        s.moves.truncate(n);
        let Ok(rec) = crate::engine::AnyRecord::parse(&s.record()) else { return };
        let crate::engine::AnyRecord::New(rec) = rec else { return };
        let Ok(mut back) = NewSession::from_record(self.id.clone(), &rec) else { return };
        back.seats = self.seats.clone();
        back.holder = self.holder;
        back.since = self.since.clone();
        for m in again {
            if back.shown.play(m).is_err() {
                return;
            }
            back.staged.push(m);
        }
        *self = back;
    }

    fn record_events(&mut self, events: &[Event]) {
        for e in events {
            match e {
                Event::Score { colour, delta, reason } => {
                    self.last_score_changes.push((*colour, *delta));
                    let b = &mut self.breakdown[*colour];
                    match reason {
                        ScoreReason::Founding => b.regions += delta,
                        ScoreReason::Expansion => b.expansions += delta,
                        ScoreReason::LostSpace | ScoreReason::NeutralZone => b.losses += delta,
                        ScoreReason::MonopolyWon(_) | ScoreReason::MonopolyLost(_) => b.monopolies += delta,
                        ScoreReason::DucatBonus => b.bonuses += delta,
                    }
                }
                Event::TurnBegins { .. } => {
                    self.turn += 1;
                    self.history.push(ByColour::from_fn(|c| self.game.score(c)));
                }
                Event::GameOver { .. } => self.history.push(ByColour::from_fn(|c| self.game.score(c))),
                _ => {}
            }
            if let Some(text) = describe(e, &|c| self.name(c)) {
                self.log.push(LogLine { round: self.turn, colour: event_colour(e), text });
            }
        }
    }

    /// A short description for the list of saved games.
    pub fn summary(&self) -> String {
        let who: Vec<String> = self.setup.players.iter().map(|&c| self.name(c)).collect();
        let state = if self.game.is_over() {
            tr!(String SessFinished)
        } else if matches!(self.game.phase(), crate::engine::newed::Phase::Placement { .. }) {
            tr!(String SessSettingUp)
        } else {
            tr!(SessTurn, n = self.turn)
        };
        tr!(SessSummaryNew, players = who.join(", "), state = state)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::newed::view::PhaseView;

    fn three() -> NewSession {
        NewSession::new("t".into(), Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42), vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    /// Plays the first legal move of whoever must act, confirming when the device must pass.
    fn step(s: &mut NewSession, pick: impl Fn(&[Move]) -> Move) {
        let a = s.actor().unwrap();
        s.take_device(a);
        let v = s.view();
        s.act(pick(&v.moves)).unwrap();
        if s.must_confirm() {
            s.confirm();
        }
        s.end_review();
    }

    #[test]
    fn placement_is_staged_until_confirmed_then_the_device_passes() {
        let mut s = three();
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Red));
        s.take_device(Colour::Blue);
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Red), "only red may take it");
        s.take_device(Colour::Red);
        let castle = s.view().moves[0];
        s.act(castle).unwrap();
        assert_eq!(s.moves.len(), 0, "staged");
        let knight = s.view().moves[0];
        s.act(knight).unwrap();
        assert!(s.must_confirm());
        assert_eq!(s.screen(), NewScreen::Play(Colour::Red), "the device stays until confirmed");
        s.undo();
        assert!(!s.must_confirm());
        assert_eq!(s.staged, vec![castle]);
        s.act(knight).unwrap();
        s.confirm();
        assert_eq!(s.moves, vec![castle, knight]);
        assert_eq!(s.screen(), NewScreen::HandOver(Colour::Blue));
        assert!(s.log[0].text.contains("Ann placed a castle"), "{:?}", s.log);
    }

    #[test]
    fn a_hand_is_seen_only_by_its_holder_and_a_drawn_card_is_never_taken_back() {
        let mut s = three();
        while matches!(s.shown.view(None).phase, PhaseView::Placement { .. }) {
            step(&mut s, |m| m[0]);
        }
        let a = s.actor().unwrap();
        s.take_device(a);
        assert_eq!(s.view().hand.as_ref().map(Vec::len), Some(3));
        // Sell a card, then draw: the draw confirms at once.
        let sell = *s.view().moves.iter().find(|m| matches!(m, Move::Sell { .. })).unwrap();
        let before = s.staged.len();
        s.act(sell).unwrap();
        assert_eq!(s.staged.len(), before + 1, "a sale is staged");
        let draw = *s.view().moves.iter().find(|m| matches!(m, Move::Draw { .. })).expect("the deck has cards");
        let sold = if let Move::Sell { card, .. } = sell { card } else { unreachable!() };
        assert!(!s.view().moves.contains(&Move::Take { by: a, card: sold }), "the card just sold is not offered back");
        s.act(draw).unwrap();
        assert!(s.staged.is_empty(), "a card drawn can't be taken back");
        assert_eq!(s.moves.last(), Some(&draw));
        // The drawer looks at the new hand, then passes the device.
        assert_eq!(s.screen(), NewScreen::Play(a));
        assert_eq!(s.view().hand.as_ref().map(Vec::len), Some(3));
        s.end_review();
        let NewScreen::HandOver(next) = s.screen() else { panic!("the device passes") };
        assert_ne!(next, a);
        // Behind the hand-over nobody's hand is in the view.
        assert!(s.view().hand.is_none());
        assert!(s.log.iter().any(|l| l.text.contains("sold")), "{:?}", s.log);
    }

    #[test]
    fn a_record_round_trips_through_a_session_and_a_whole_game_keeps_its_history() {
        let mut s = three();
        let mut guard = 0;
        while !s.game.is_over() {
            guard += 1;
            assert!(guard < 5000);
            // Prefer actions that change the board, never ending a card early.
            step(&mut s, |m| *m.iter().find(|m| !matches!(m, Move::Done { .. })).unwrap_or(&m[0]));
        }
        assert_eq!(s.screen(), NewScreen::Over);
        let again = NewSession::from_record("t".into(), match &crate::engine::AnyRecord::parse(&s.record()).unwrap() {
            crate::engine::AnyRecord::New(r) => r,
            _ => panic!("a New Edition record"),
        })
        .unwrap();
        assert_eq!(again.game.summary(), s.game.summary());
        assert!(s.history.len() > 2);
        let last = s.history.last().unwrap();
        for &c in s.game.players() {
            assert_eq!(last[c], s.game.score(c));
            let b = s.breakdown[c];
            assert_eq!(b.regions + b.expansions + b.losses + b.monopolies + b.bonuses, s.game.score(c) as i32, "{c}: the breakdown adds up");
        }
        assert!(s.log.iter().any(|l| l.text.contains("game is over") || l.text.contains("wins") || l.text.contains("win")), "{:?}", s.log.last());
    }
}
