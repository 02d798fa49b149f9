//! What one seat's screen shows: a plain value ([`Table`]) built from a session for the colour
//! whose secrets the screen may show (the player holding the device, or nobody behind a
//! hand-over), and the typed [`Command`]s a screen answers with. Every game screen draws from
//! a table alone — it never reaches into the game — so the same value can be drawn on another
//! device.
//!
//! What a table says (prompt, log, hand-over reason, announcements, end) are facts ([`Said`]):
//! each screen puts them into words in its own language, so a table built on one device reads
//! right on another. One function builds any seat's table, wherever the seat is played
//! ([`Session::table_for`]).

pub mod classic;
pub mod newed;

use super::log::LogLine;
use super::said::{Names, Said};
use super::seats::Presence;
use super::board::BoardModel;
use super::targets::Mode;
use super::session::{EditionRules, Screen, Session};
use super::since::Recent;
use crate::engine::{ByColour, Colour, Edge, Edition, Space};

/// What an edition's screens say, beyond the session.
pub trait TableWords: EditionRules + Sized {
    /// What the seat whose view `v` is must do now, where it stands in its step (`last` is its
    /// last staged move).
    fn prompt(v: &Self::View, step: &Step, last: Option<&Self::Move>) -> Said;
    /// Why the device goes to the next player now (the hand-over screen).
    fn hand_over(s: &Session<Self>) -> Said;
    /// The end screen's contents, once the game is over.
    fn end(s: &Session<Self>) -> End;
    /// The board of a view, with the taps `mode` allows.
    fn board(v: &Self::View, mode: Mode) -> BoardModel;
    /// The board with a move held back for "Confirm" drawn on it (it isn't played yet).
    fn with_pending(board: BoardModel, v: &Self::View, m: &Self::Move) -> BoardModel;
}

/// Board marks: borders and spaces.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Marks {
    /// Borders.
    pub edges: Vec<Edge>,
    /// Spaces (their piece or owner changed).
    pub spaces: Vec<Space>,
}

/// Where the player stands in the current step: what they can confirm or take back.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Step {
    /// Moves staged (drawn dashed, can be taken back).
    pub staged: usize,
    /// A move that would reveal something waits for "Confirm".
    pub pending: bool,
    /// The holder's part is complete: they confirm or take back.
    pub must_confirm: bool,
    /// The holder may make an optional move now (Classic: a politics card with the decision).
    pub offer: bool,
    /// The holder looks at what only they were shown before passing the device on.
    pub review: bool,
    /// The turn just confirmed can still be taken back (before the first computer move shows).
    pub takeback: bool,
    /// The person holding the device may ask for a hint now.
    pub hint: bool,
}

/// The end of the game: title, the table of points by reason, scores over the rounds or turns.
#[derive(Clone, PartialEq, Debug)]
pub struct End {
    /// "Ann wins!".
    pub title: Said,
    /// How it ended (New Edition: the King chip or the deck).
    pub how: Option<Said>,
    /// Column heads of the table.
    pub head: Vec<Said>,
    /// A row per player: colour, cells (the total second to last, ducats last).
    pub rows: Vec<(Colour, Vec<i32>)>,
    /// Scores at every round or turn start, and at the end.
    pub history: Vec<ByColour<u32>>,
    /// The King chip's space (New Edition).
    pub chip: Option<u32>,
    /// True when the history counts turns (New Edition), not rounds.
    pub turns: bool,
    /// Hints asked, when the game allowed hints.
    pub hints: Option<Said>,
}

/// What one seat's screen shows.
#[derive(Clone, Debug)]
pub struct Table<G: TableWords> {
    /// The game's save id.
    pub id: String,
    /// The seat whose device shows this table (`None`: the device holding the game).
    pub seat: Option<Colour>,
    /// What the device shows now.
    pub screen: Screen,
    /// Why the device goes to the next player (behind a hand-over screen).
    pub reason: Option<Said>,
    /// Behind the last announcement, the person the device passes to next (one screen for both).
    pub then_to: Option<Colour>,
    /// What the seat may see.
    pub view: G::View,
    /// How the seats are named.
    pub names: Names,
    /// The log, newest last (public).
    pub log: Vec<LogLine>,
    /// Where the lines the holder missed while others held the device begin (until they act).
    pub since: Option<usize>,
    /// Borders and pieces new since the holder last held the device.
    pub recent: Marks,
    /// Borders and pieces staged or held back (not yet confirmed).
    pub staged: Marks,
    /// A move held back for "Confirm" (drawn on the board, not played yet).
    pub pending: Option<G::Move>,
    /// Confirm, take back, review.
    pub step: Step,
    /// Score changes of the last confirmed step.
    pub changes: Vec<(Colour, i32)>,
    /// What to do now.
    pub prompt: Said,
    /// One person plays against computers (nobody passes the device).
    pub solo: bool,
    /// While the seat looks at its new hand: the cards just received, by label.
    pub received: Vec<String>,
    /// The end, once the game is over.
    pub end: Option<End>,
    /// Where each seat is played (a game hosted for friends on their own devices).
    pub presence: Vec<(Colour, Presence)>,
}

impl<G: TableWords> PartialEq for Table<G> {
    fn eq(&self, o: &Self) -> bool {
        // Cheap fields first: most redraws change the view or the log.
        self.screen == o.screen
            && self.step == o.step
            && self.staged == o.staged
            && self.pending == o.pending
            && self.log.len() == o.log.len()
            && self.view == o.view
            && self.prompt == o.prompt
            && (self.id == o.id && self.reason == o.reason && self.names == o.names && self.log == o.log)
            && (self.since == o.since && self.recent == o.recent && self.changes == o.changes && self.solo == o.solo && self.received == o.received && self.end == o.end)
            && (self.seat == o.seat && self.then_to == o.then_to && self.presence == o.presence)
    }
}

impl<G: TableWords> Table<G> {
    /// True when this device goes to another person once the seat's step is done: the device
    /// holding the game with more than one person at it. Never on a friend's own device, nor for
    /// one person among computers, nor on a host's device whose one person plays among friends —
    /// there "Confirm" and "Done" keep the device.
    pub fn passes(&self) -> bool {
        let here = || self.presence.iter().filter(|(_, p)| *p == Presence::Here).count();
        self.seat.is_none() && !self.solo && (self.presence.is_empty() || here() > 1)
    }

    /// The words of a step that keeps the device (see [`Table::passes`]): a new hand is looked
    /// at, not passed on.
    fn kept_here(mut self) -> Self {
        if self.step.review && !self.passes() {
            if let Screen::Play(c) = self.screen {
                self.prompt = crate::said!(PanelNewPromptReviewOwn, me = super::said::Arg::Name(c));
            }
        }
        self
    }

    /// A colour's display name, in the current language.
    pub fn name(&self, c: Colour) -> String {
        self.names.name(c)
    }

    /// A fact in words, in the current language.
    pub fn say(&self, s: &Said) -> String {
        s.text(&self.names)
    }

    /// The colour acting on this device, when it is a person's turn here.
    pub fn playing(&self) -> Option<Colour> {
        match self.screen {
            Screen::Play(c) => Some(c),
            _ => None,
        }
    }

    /// The edition.
    pub fn edition(&self) -> Edition {
        G::EDITION
    }
}

/// "Ann is Löwenherz!", "Ann and Ben share the crown of Löwenherz!" (both editions).
pub fn winners_title(winners: &[Colour]) -> Said {
    let names = super::said::Arg::And(winners.iter().map(|&c| super::said::Arg::Name(c)).collect());
    if winners.len() > 1 { crate::said!(ScreenWinnersMany, names = names) } else { crate::said!(ScreenWinnerOne, name = names) }
}

/// Which device a table is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Device {
    /// The device holding the game (its people pass it around).
    Here,
    /// A friend's own device, playing this seat.
    Seat(Colour),
    /// A watcher's device: the public table only — no seat, nothing private of anyone, nothing
    /// to tap.
    Watch,
}

impl<G: TableWords> Session<G> {
    /// The table of the device holding the game.
    pub fn table(&self) -> Table<G> {
        self.table_for(Device::Here)
    }

    /// The table a device shows: the device holding the game shows the seat holding it (or a
    /// waiting screen, with only its one person's secrets, while a seat elsewhere acts); a
    /// friend's device shows its own seat's view; a watcher's device the public view of the
    /// confirmed game (no seat's staged, held-back or sealed move) and who acts.
    pub fn table_for(&self, device: Device) -> Table<G> {
        match device {
            Device::Here if !self.elsewhere(self.actor()) && (!self.elsewhere(self.holder) || matches!(self.screen(), Screen::HandOver(_))) => self.holders_table(self.screen(), self.view()).kept_here(),
            Device::Here => {
                let here = self.seats.here(self.players());
                let viewer = if let [only] = here[..] { Some(only) } else { None };
                let screen = match (self.announcements.first(), self.actor()) {
                    (Some(a), _) => Screen::Announcement(a.clone()),
                    (None, Some(a)) if self.seats.presence(a) == Presence::Computer => Screen::Thinking(a),
                    (None, Some(a)) => Screen::Elsewhere(a),
                    (None, None) => Screen::Over,
                };
                self.plain_table(None, screen, self.game.view(viewer))
            }
            Device::Seat(c) if self.actor() == Some(c) && self.holder == Some(c) => {
                // Its turn: the session's own table for the seat (announcements reach a friend's
                // device as notices); hints are asked on the device holding the game.
                let (screen, view) = self.own_screen();
                let mut t = self.holders_table(screen, view);
                t.seat = Some(c);
                t.reason = None;
                t.then_to = None;
                t.step.hint = false;
                t.kept_here()
            }
            Device::Seat(c) => {
                let held = self.held.iter().find(|(x, _)| *x == c).map(|&(_, m)| m);
                let view = match held {
                    Some(m) => {
                        let mut g = self.game.clone();
                        let _ = g.play(m);
                        g.view(Some(c))
                    }
                    None => self.game.view(Some(c)),
                };
                let over = self.game.is_over();
                let moves = G::moves_of(&view);
                // Every seat due commits its sealed move at once: the seat's own prompt.
                let seals = !over && held.is_none() && self.game.to_move().contains(&c) && !moves.is_empty() && moves.iter().all(G::sealed);
                let screen = match self.actor() {
                    _ if over => Screen::Over,
                    _ if seals => Screen::Play(c),
                    Some(a) if self.seats.presence(a) == Presence::Computer => Screen::Thinking(a),
                    a => Screen::Elsewhere(a.unwrap_or(c)),
                };
                let mut t = self.plain_table(Some(c), screen, view);
                if seals {
                    t.prompt = G::prompt(&t.view, &Step::default(), None);
                }
                t
            }
            Device::Watch => {
                // Announcements reach a watcher's device as notices, as they reach a friend's.
                let screen = match self.actor() {
                    _ if self.game.is_over() => Screen::Over,
                    Some(a) if self.seats.presence(a) == Presence::Computer => Screen::Thinking(a),
                    Some(a) => Screen::Elsewhere(a),
                    None => Screen::Over,
                };
                self.plain_table(None, screen, self.game.view(None))
            }
        }
    }

    fn elsewhere(&self, c: Option<Colour>) -> bool {
        c.is_some_and(|c| self.seats.elsewhere(c))
    }

    /// Whoever acts, for a device where they don't.
    fn waiting(&self, screen: &Screen) -> Said {
        match *screen {
            Screen::Thinking(a) => crate::said!(PanelThinking, name = super::said::Arg::Name(a)),
            Screen::Elsewhere(a) => match self.seats.presence(a) {
                Presence::Remote { connected: false } => crate::said!(NetAway, name = super::said::Arg::Name(a)),
                Presence::Remote { connected: true } => crate::said!(NetPlaysElsewhere, name = super::said::Arg::Name(a)),
                _ => crate::said!(LogTurn, name = super::said::Arg::Name(a)),
            },
            _ => crate::said!(PanelGameOver),
        }
    }

    /// A table with nothing staged or held for anyone: what a device shows while someone
    /// elsewhere acts.
    fn plain_table(&self, seat: Option<Colour>, screen: Screen, view: G::View) -> Table<G> {
        Table {
            id: self.id.clone(),
            seat,
            reason: None,
            then_to: None,
            names: self.names(),
            log: self.log.clone(),
            since: None,
            recent: Marks::default(),
            staged: Marks::default(),
            pending: None,
            step: Step::default(),
            changes: self.last_score_changes.clone(),
            prompt: self.waiting(&screen),
            solo: false,
            received: Vec::new(),
            end: self.game.is_over().then(|| G::end(self)),
            presence: self.presences(),
            screen,
            view,
        }
    }

    /// The score changes to mark: of the moves staged and held back (a move held back counts
    /// up to what it reveals), else of the last confirmed step.
    fn step_changes(&self) -> Vec<(Colour, i32)> {
        if self.staged.is_empty() && self.pending.is_none() {
            return self.last_score_changes.clone();
        }
        let mut g = self.game.clone();
        let mut out = Vec::new();
        for &m in self.staged.iter().chain(&self.pending) {
            let Ok(ev) = g.play(m) else { break };
            out.extend(ev.iter().take_while(|e| !G::reveals(e)).filter_map(G::score_change));
        }
        out
    }

    /// Where each seat is played, when the game is hosted for friends.
    fn presences(&self) -> Vec<(Colour, Presence)> {
        if self.seats.remote.is_empty() {
            return Vec::new();
        }
        self.players().iter().map(|&c| (c, self.seats.presence(c))).collect()
    }

    /// The table of the seat holding the device.
    fn holders_table(&self, screen: Screen, view: G::View) -> Table<G> {
        let staged = if self.staged.is_empty() && self.pending.is_none() {
            Marks::default()
        } else {
            let now = G::board(&view, Mode::Normal);
            let now = match &self.pending {
                Some(m) => G::with_pending(now, &view, m),
                None => now,
            };
            let m = now.with_staged(&G::board(&self.game.view(None), Mode::Normal));
            Marks { edges: m.staged_edges, spaces: m.staged_spaces }
        };
        let recent = match &self.since.shown {
            Some((_, seen)) => {
                let Recent { edges, spaces } = seen.recent(&self.shown.snapshot());
                Marks { edges: edges.into_iter().filter(|e| !staged.edges.contains(e)).collect(), spaces: spaces.into_iter().filter(|s| !staged.spaces.contains(s)).collect() }
            }
            None => Marks::default(),
        };
        let playing = matches!(screen, Screen::Play(_));
        let then_to = match (&screen, self.actor()) {
            (Screen::Announcement(_), Some(a)) if self.announcements.len() == 1 && self.seats.person(a) && self.holder != Some(a) => Some(a),
            _ => None,
        };
        let step = Step {
            staged: self.staged.len(),
            pending: self.pending.is_some(),
            must_confirm: self.must_confirm(),
            offer: playing && self.offer().is_some(),
            review: self.review && !self.shown.is_over(),
            takeback: self.takeback.is_some(),
            // At every step the holder decides, staged steps included: the hint is asked where
            // the holder's open decision is (`AnySession::hint_request`).
            hint: playing && self.seats.hints.is_some() && !self.review,
        };
        let prompt = match screen {
            Screen::Thinking(_) | Screen::Elsewhere(_) => self.waiting(&screen),
            Screen::Over => crate::said!(PanelGameOver),
            _ => G::prompt(&view, &step, self.staged.last()),
        };
        Table {
            id: self.id.clone(),
            seat: None,
            reason: match (&screen, then_to) {
                (Screen::HandOver(_), _) | (Screen::Announcement(_), Some(_)) => Some(G::hand_over(self)),
                _ => None,
            },
            then_to,
            prompt,
            names: self.names(),
            log: self.log.clone(),
            since: self.since.shown.as_ref().map(|(from, _)| *from),
            recent,
            staged,
            pending: self.pending,
            step,
            changes: self.step_changes(),
            solo: self.seats.solo(self.players()).is_some(),
            received: if self.review { self.received.clone() } else { Vec::new() },
            end: self.game.is_over().then(|| G::end(self)),
            presence: self.presences(),
            screen,
            view,
        }
    }
}

pub use super::session::Command;

impl<G: TableWords> Table<G> {
    /// The board this table shows, with the taps `mode` allows and the spaces a tapped log line
    /// names (`highlight`).
    pub fn board(&self, mode: Mode, highlight: Vec<Space>) -> BoardModel {
        let mut m = G::board(&self.view, mode);
        if let Some(p) = &self.pending {
            // The move waiting for "Confirm" is drawn.
            m = G::with_pending(m, &self.view, p);
        }
        // Nothing to tap while a move waits for "Confirm", or while someone else acts (a
        // computer standing in for this seat, say).
        if self.pending.is_some() || !matches!(self.screen, Screen::Play(_)) {
            m.targets.clear();
            m.edges = None;
        }
        m.staged_edges = self.staged.edges.clone();
        m.staged_spaces = self.staged.spaces.clone();
        m.recent_edges = self.recent.edges.clone();
        m.recent_spaces = self.recent.spaces.clone();
        m.highlight = highlight;
        m.points = self.changes.clone();
        m
    }
}

#[cfg(test)]
mod tests;
