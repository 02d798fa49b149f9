//! A game on this device, one machine for both editions: the confirmed moves, the moves the
//! player holding the device has staged but not confirmed, who holds the device, what each
//! player missed while others held it, the log in words, and the computers' seats.
//!
//! What differs between the editions is small: the rule facts are the engine's ([`Rules`]:
//! which events reveal something, which only the mover sees, who may make an optional move); the
//! rest lives in [`EditionRules`] (which moves are staged, how events become words), which
//! `classic.rs` and `newed.rs` implement for the engine's two games.
//!
//! The rules of staging, the same for both editions:
//! - a move that can be taken back is staged; the board shows it, the game doesn't have it yet;
//! - a move that reveals something to the table (a card turned up, bids revealed, the game's end)
//!   and that the edition lets wait ([`EditionRules::waits`]) is held back until "Confirm", so
//!   it can still be taken back before anyone sees what it reveals;
//! - any other move, and a staged move that reveals, confirms everything staged before it;
//! - a turn that passes the device ends with "Confirm"; nothing is taken back across a reveal or
//!   a hand-over.

pub mod classic;
mod command;
mod elsewhere;
pub mod newed;
mod seat;
#[cfg(test)]
mod tests;

use super::log::LogLine;
use super::said::{Names, Said};
use super::seats::Seats;
use super::since::{Since, Snapshot};
pub use command::Command;
pub use seat::{Seating, SeatView};
use crate::engine::notation::{RecordError, RecordReason};
use crate::engine::{Colour, Edition, IllegalMove, Rules, SetupError};
use crate::tr;
use std::fmt::Debug;

/// What the session machine needs of an edition, beyond the engine's [`Rules`].
pub trait EditionRules: Rules + Debug {
    /// The game's setup (a record's headers).
    type Setup: Clone + Debug + Seating;
    /// What one colour may see.
    type View: Clone + Debug + PartialEq + SeatView<Move = Self::Move>;

    /// Starts a game.
    ///
    /// # Errors
    /// Why the setup can't be played.
    fn start(setup: &Self::Setup) -> Result<(Self, Vec<Self::Event>), SetupError>;
    /// The seating order of a setup.
    fn seating(setup: &Self::Setup) -> &[Colour] {
        setup.players()
    }
    /// The seed of a setup.
    fn seed(setup: &Self::Setup) -> crate::engine::Seed {
        Seating::seed(setup)
    }
    /// Reads a record of this edition.
    ///
    /// # Errors
    /// The first malformed line (a record of the other edition is refused too).
    fn read(text: &str) -> Result<Reading<Self>, RecordError>
    where
        Self: Sized;
    /// The record of a game: setup, names, confirmed moves.
    fn write(&self, setup: &Self::Setup, names: &[String], moves: &[Self::Move]) -> String;
    /// What `viewer` may see (`None`: the public view).
    fn view(&self, viewer: Option<Colour>) -> Self::View;
    /// The game as `me` sees it, what `me` can't see dealt anew by a fixed rule: two games that
    /// look the same to `me` give the same twin, so what is asked of it tells only what `me` sees.
    fn twin(&self, me: Colour) -> Self
    where
        Self: Sized;
    /// What `viewer` may see now, with the numbers — scores, stocks, knights left, money,
    /// hand sizes — as they will be after `m`, a move held back for "Confirm", up to and not
    /// including the first thing it reveals (the rest is the view before it).
    fn view_after(&self, m: Self::Move, viewer: Option<Colour>) -> Self::View;
    /// The borders and pieces on the board (public).
    fn snapshot(&self) -> Snapshot {
        self.view(None).into_snapshot()
    }
    /// Whose view a view is (`None`: the public view).
    fn viewer_of(v: &Self::View) -> Option<Colour> {
        v.viewer()
    }
    /// The viewer's legal moves in a view.
    fn moves_of(v: &Self::View) -> &[Self::Move] {
        v.moves()
    }

    /// A move the player may take back until they confirm it.
    fn stages(m: &Self::Move) -> bool;
    /// A move whose reveal ([`Rules::reveals`]) waits for "Confirm" (so it can still be taken
    /// back unseen).
    fn waits(m: &Self::Move) -> bool;

    /// The round or turn a log line counts to, before a move is played.
    fn log_round(&self) -> u32;
    /// The events of one move (which began in `round`) in words: log lines, and what the whole
    /// table must see at once (announcements).
    fn describe(&self, events: &[Self::Event], round: u32, out: &mut Told);
    /// The list of saved games' line for this game ("Classic · Ann, Ben · round 3").
    fn saved_summary(&self, players: &str) -> String;
    /// The cards a seat's view shows in its hand after a move that were not there before (a
    /// card drawn), by label: marked while the player looks at the new hand.
    fn received(_before: &Self::View, _after: &Self::View) -> Vec<String> {
        Vec::new()
    }
}

/// A record read for a session: its setup, names and moves (with their lines).
#[derive(Clone, Debug)]
pub struct Reading<G: EditionRules> {
    /// The setup.
    pub setup: G::Setup,
    /// Names in seating order (as many as the record gives).
    pub names: Vec<String>,
    /// The moves and their lines.
    pub moves: Vec<(usize, G::Move)>,
    /// The line a bad setup is reported at (the last header's).
    pub header_line: usize,
}

/// What a move's events say to the table.
#[derive(Default, Debug)]
pub struct Told {
    /// New log lines.
    pub lines: Vec<LogLine>,
    /// Announcements for the whole table.
    pub announcements: Vec<Said>,
}

/// A game in progress on this device.
#[derive(Clone, Debug)]
pub struct Session<G: EditionRules> {
    /// Save id.
    pub id: String,
    /// The setup (the record's headers).
    pub setup: G::Setup,
    /// Names in seating order.
    pub names: Vec<String>,
    /// Confirmed moves.
    pub moves: Vec<G::Move>,
    /// The game after the confirmed moves.
    pub game: G,
    /// Moves the holder has made but not confirmed (they can be taken back).
    pub staged: Vec<G::Move>,
    /// The game after the staged moves (what the board shows).
    pub shown: G,
    /// A move of the holder that would reveal something, held back (not played) until the
    /// player confirms it.
    pub pending: Option<G::Move>,
    /// The colour holding the device (after its hand-over screen was dismissed).
    pub holder: Option<Colour>,
    /// The holder keeps the device to look at what only they were shown (a card drawn).
    pub review: bool,
    /// While the holder looks: the cards just received, by label ([`EditionRules::received`]).
    pub received: Vec<String>,
    /// The player offered an optional move passed on it.
    pub passed: bool,
    /// What each player missed while others held the device.
    pub since: Since,
    /// The game log (public information only).
    pub log: Vec<LogLine>,
    /// Public announcements still to be shown to the whole table, oldest first.
    pub announcements: Vec<Said>,
    /// Score changes of the last confirmed step, for highlighting.
    pub last_score_changes: Vec<(Colour, i32)>,
    /// Computer seats and hints.
    pub seats: Seats,
    /// After a person confirmed a turn that revealed nothing and handed the game to the
    /// computers: the number of moves before it, until the first computer move is shown.
    pub takeback: Option<usize>,
    /// Sealed moves (duel bids) seats on other devices committed before their turn in the
    /// session, held until it comes.
    pub held: Vec<(Colour, G::Move)>,
    /// The holder whose turn ended while it kept the session (computers or seats elsewhere
    /// play after it): its "since your turn" starts there.
    pub ended: Option<Colour>,
}

/// What the device shows now.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Screen {
    /// A public announcement for everyone (no private information on screen).
    Announcement(Said),
    /// Pass the device to this player.
    HandOver(Colour),
    /// The player holding the device acts.
    Play(Colour),
    /// A computer decides (the board shows what the person holding the device may see).
    Thinking(Colour),
    /// Someone away from this device acts: a friend on their own device, or (on a friend's
    /// device) anyone but a computer. Only the host of a game across devices shows it.
    Elsewhere(Colour),
    /// The game is over.
    Over,
}

impl<G: EditionRules> Session<G> {
    /// Starts a new game.
    ///
    /// # Errors
    /// Why the setup can't be played.
    pub fn new(id: String, setup: G::Setup, names: Vec<String>) -> Result<Session<G>, SetupError> {
        let (game, events) = G::start(&setup)?;
        let mut s = Session {
            id,
            setup,
            names,
            moves: Vec::new(),
            shown: game.clone(),
            game,
            staged: Vec::new(),
            pending: None,
            holder: None,
            review: false,
            received: Vec::new(),
            passed: false,
            since: Since::default(),
            log: Vec::new(),
            announcements: Vec::new(),
            last_score_changes: Vec::new(),
            seats: Seats::default(),
            takeback: None,
            held: Vec::new(),
            ended: None,
        };
        s.record_events(&events, 0);
        Ok(s)
    }

    /// Rebuilds a session from a record (a save or an import), with its computer seats.
    ///
    /// # Errors
    /// The record's first problem, as `line N: reason`.
    pub fn from_record(id: String, text: &str) -> Result<Session<G>, String> {
        let r = G::read(text).map_err(|e| super::words::record_error(Some(G::EDITION), &e))?;
        let seating = G::seating(&r.setup);
        let names = if r.names.len() == seating.len() { r.names } else { seating.iter().map(|&c| super::names::colour_label(c).to_string()).collect() };
        let mut s = Session::<G>::new(id, r.setup, names).map_err(|e| super::words::record_error(Some(G::EDITION), &RecordError { line: r.header_line, reason: e.into() }))?;
        s.seats = Seats::from_record(text)?;
        for (line, mv) in r.moves {
            s.play_logged(mv).map_err(|why| super::words::record_error(Some(G::EDITION), &RecordError { line, reason: RecordReason::Illegal { mv: mv.to_string(), why } }))?;
        }
        s.shown = s.game.clone();
        s.announcements.clear();
        s.last_score_changes.clear();
        s.settle();
        Ok(s)
    }

    /// The same game with computers in some seats (and hints allowed or not).
    pub fn with_seats(mut self, seats: Seats) -> Session<G> {
        self.seats = seats;
        self.settle();
        self
    }

    /// The seating order.
    pub fn players(&self) -> &[Colour] {
        G::seating(&self.setup)
    }

    /// The record of the confirmed moves, with the computer seats.
    pub fn record(&self) -> String {
        self.seats.write(self.game.write(&self.setup, &self.names, &self.moves), self.players())
    }

    /// The display name of a colour.
    pub fn name(&self, c: Colour) -> String {
        match self.players().iter().position(|&p| p == c) {
            Some(i) => super::names::player_name(G::EDITION, c, self.names.get(i).map_or(super::names::colour_label(c), |n| n.as_str())),
            None => tr!(LogNeutral, colour = super::names::colour_name(G::EDITION, c)),
        }
    }

    /// The edition.
    pub fn edition(&self) -> Edition {
        G::EDITION
    }

    /// How screens name this game's seats (the names as the players typed them).
    pub fn names(&self) -> Names {
        Names { edition: G::EDITION, players: self.players().iter().copied().zip(self.names.iter().cloned()).collect() }
    }

    /// A short description for the list of saved games.
    pub fn summary(&self) -> String {
        let who: Vec<String> = self.players().iter().map(|&c| self.name(c)).collect();
        self.game.saved_summary(&who.join(", "))
    }

    /// With one person among computers, that person keeps the device: no hand-over screens,
    /// and what the computers do is marked for them as "since your turn".
    fn settle(&mut self) {
        let Some(me) = self.seats.solo(G::seating(&self.setup)) else { return };
        if self.actor().is_some_and(|a| a != me) {
            self.since.hand_over(Some(me), me, self.log.len(), self.game.snapshot());
        }
        self.holder = Some(me);
        self.review = false;
    }

    /// The player offered an optional move now (unless they passed).
    pub fn offer(&self) -> Option<Colour> {
        if self.passed { None } else { self.shown.optional_mover() }
    }

    /// The player whose input or screen comes next (on the shown game).
    pub fn actor(&self) -> Option<Colour> {
        // Unconfirmed moves keep the device with their player until confirmed or taken back,
        // and a card only its drawer saw keeps it until they pass it on.
        if !self.staged.is_empty() || self.pending.is_some() || (self.review && !self.shown.is_over()) {
            return self.holder;
        }
        if self.shown.is_over() {
            return None;
        }
        self.offer().or_else(|| self.shown.to_move().first().copied())
    }

    /// What to show now.
    pub fn screen(&self) -> Screen {
        if let Some(a) = self.announcements.first() {
            return Screen::Announcement(a.clone());
        }
        self.turn_screen()
    }

    /// What to show now, announcements aside.
    fn turn_screen(&self) -> Screen {
        match self.actor() {
            None => Screen::Over,
            Some(a) if !self.seats.person(a) => Screen::Thinking(a),
            Some(a) if self.holder == Some(a) => Screen::Play(a),
            Some(a) => Screen::HandOver(a),
        }
    }


    /// The colour whose secrets the screen may show now: the player acting, or the one person
    /// among computers (their own secrets stay on screen while the computers think). `None`
    /// behind a hand-over screen and at the end.
    pub fn viewer(&self) -> Option<Colour> {
        match self.screen() {
            Screen::Play(c) => Some(c),
            Screen::Thinking(_) | Screen::Announcement(_) if self.seats.solo(self.players()).is_some() => self.holder,
            _ => None,
        }
    }

    /// The view of the player holding the device (on the shown game); the public view behind
    /// a hand-over screen.
    pub fn view(&self) -> G::View {
        self.shown_view(self.viewer())
    }

    /// What `viewer` may see of the shown game: with a move held back for "Confirm", its
    /// numbers are in it (scores, stocks, money), never what it reveals.
    fn shown_view(&self, viewer: Option<Colour>) -> G::View {
        match self.pending {
            Some(m) => self.shown.view_after(m, viewer),
            None => self.shown.view(viewer),
        }
    }

    /// The screen and view of the holder's own device when the whole table's announcements
    /// are shown elsewhere (a friend's device is told them apart).
    pub(crate) fn own_screen(&self) -> (Screen, G::View) {
        let screen = self.turn_screen();
        let viewer = match screen {
            Screen::Play(c) => Some(c),
            _ => None,
        };
        (screen, self.shown_view(viewer))
    }

    /// The hand-over screen was dismissed by `c`.
    pub fn take_device(&mut self, c: Colour) {
        if self.screen() == Screen::HandOver(c) {
            self.since.hand_over(self.holder, c, self.log.len(), self.game.snapshot());
            self.holder = Some(c);
        }
    }

    /// The table has seen the oldest announcement.
    pub fn dismiss_announcement(&mut self) {
        if !self.announcements.is_empty() {
            self.announcements.remove(0);
        }
    }

    /// The player passes on the optional move offered (a politics card).
    pub fn pass(&mut self) {
        self.passed = true;
    }

    /// The holder has looked at what only they were shown and passes the device on.
    pub fn end_review(&mut self) {
        self.review = false;
        self.received.clear();
    }

    /// Makes a move for the player holding the device: staged if it can be taken back, held
    /// back if it would reveal something, otherwise confirmed at once (with everything staged
    /// before it).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn act(&mut self, m: G::Move) -> Result<(), IllegalMove> {
        if Some(G::mover(&m)) != self.holder || self.pending.is_some() {
            return Err(IllegalMove::NotYourTurn);
        }
        self.since.acted();
        let mut next = self.shown.clone();
        let events = next.play(m)?;
        let reveals = events.iter().any(G::reveals);
        if reveals && G::waits(&m) {
            self.pending = Some(m);
            return Ok(());
        }
        self.staged.push(m);
        let private = events.iter().any(G::private_to_mover);
        let was = private.then(|| self.shown.view(self.holder));
        self.shown = next;
        if !G::stages(&m) || reveals {
            self.confirm();
            // Look at what only the mover was shown before passing the device on (alone among
            // computers the device stays anyway), the card received marked.
            self.review = private && self.shown.to_move().first().copied() != self.holder && self.seats.solo(self.players()).is_none();
            self.received = match was {
                Some(was) if self.review => G::received(&was, &self.shown.view(self.holder)),
                _ => Vec::new(),
            };
        }
        Ok(())
    }

    /// True when the staged moves ended the holder's part (they must confirm or take back).
    pub fn must_confirm(&self) -> bool {
        self.pending.is_some() || (!self.staged.is_empty() && self.shown.to_move().first().copied() != self.holder)
    }

    /// Takes back the last staged move (or the move held back).
    pub fn undo(&mut self) {
        if self.pending.take().is_some() {
            return;
        }
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

    /// Takes back every staged move (leaving the game mid-step).
    pub fn undo_all(&mut self) {
        self.pending = None;
        self.staged.clear();
        self.shown = self.game.clone();
    }

    /// Confirms the staged moves (and the one held back).
    pub fn confirm(&mut self) {
        let mut staged = std::mem::take(&mut self.staged);
        staged.extend(self.pending.take());
        self.last_score_changes.clear();
        let before = self.moves.len();
        let mut revealed = false;
        for m in staged {
            let round = self.game.log_round();
            let Ok(ev) = self.game.play(m) else { unreachable!("staged moves replay") };
            revealed |= ev.iter().any(G::reveals);
            self.moves.push(m);
            self.record_events(&ev, round);
        }
        self.shown = self.game.clone();
        self.passed = false;
        let to_computer = self.actor().is_some_and(|a| !self.seats.person(a));
        self.takeback = (to_computer && !revealed && self.moves.len() > before).then_some(before);
        self.settle();
    }

    /// A computer's move, made at once (computers stage nothing).
    ///
    /// # Errors
    /// The engine's reason; nothing changes.
    pub fn bot_move(&mut self, m: G::Move) -> Result<(), IllegalMove> {
        if self.seats.person(G::mover(&m)) || !self.staged.is_empty() || self.pending.is_some() {
            return Err(IllegalMove::NotYourTurn);
        }
        let round = self.game.log_round();
        let ev = self.game.play(m)?;
        self.last_score_changes.clear();
        self.moves.push(m);
        self.record_events(&ev, round);
        self.shown = self.game.clone();
        self.passed = false;
        self.takeback = None;
        self.settle_elsewhere();
        Ok(())
    }

    /// A computer lets the optional move offered to it pass.
    pub fn bot_pass(&mut self) {
        self.passed = true;
        self.settle_elsewhere();
    }

    /// Against computers: takes back the turn just confirmed (before the first computer move
    /// is shown, and only when it revealed nothing): its moves are staged again.
    pub fn take_back_turn(&mut self) {
        let Some(n) = self.takeback.take() else { return };
        let again: Vec<G::Move> = self.moves[n..].to_vec();
        let mut s = self.clone();
        s.moves.truncate(n);
        let Ok(mut back) = Session::<G>::from_record(self.id.clone(), &s.record()) else { return };
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

    /// The game after `moves`, logged as the table saw it (a record being stepped through);
    /// `None` when the setup or a move is refused (never for a record checked before).
    pub fn replayed(id: String, setup: G::Setup, names: Vec<String>, moves: &[G::Move]) -> Option<Session<G>> {
        Session::replayed_from(id, setup, names, moves).map(|(s, _)| s)
    }

    /// [`Session::replayed`], with where the log lines of the last move begin (what a replay
    /// says that move did).
    pub fn replayed_from(id: String, setup: G::Setup, names: Vec<String>, moves: &[G::Move]) -> Option<(Session<G>, usize)> {
        let mut s = Session::<G>::new(id, setup, names).ok()?;
        let mut from = s.log.len();
        for &m in moves {
            from = s.log.len();
            s.play_logged(m).ok()?;
        }
        s.shown = s.game.clone();
        s.last_score_changes.clear();
        Some((s, from))
    }

    /// Plays a confirmed move of a record onto the game, logged as the table saw it (no
    /// screens: a record being read, or the log being retold).
    fn play_logged(&mut self, m: G::Move) -> Result<(), IllegalMove> {
        let round = self.game.log_round();
        let ev = self.game.play(m)?;
        self.moves.push(m);
        self.record_events(&ev, round);
        Ok(())
    }

    /// Logs the events of one move (or of the start), which began in `round`.
    fn record_events(&mut self, events: &[G::Event], round: u32) {
        self.last_score_changes.extend(events.iter().filter_map(G::score_change));
        let mut told = Told::default();
        self.game.describe(events, round, &mut told);
        self.log.append(&mut told.lines);
        // A table of computers alone never stops to announce: nobody is there to dismiss it
        // (the log says the same).
        if self.players().iter().any(|&c| self.seats.person(c)) {
            self.announcements.append(&mut told.announcements);
        }
    }
}
