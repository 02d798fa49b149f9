//! Seats played on other devices (a game hosted for friends on their own devices). The session
//! hands the turn to a seat elsewhere as it hands it to a computer — without a hand-over screen —
//! holds a sealed move (a duel bid) that a seat elsewhere commits before its turn comes in the
//! session, and refuses what the device holding the game may not do while a seat elsewhere acts.
//! The device hands over only among the people sitting at it.

use super::{Command, EditionRules, Screen, Session};
use crate::engine::ai::Level;
use crate::engine::{Colour, IllegalMove};

impl<G: EditionRules> Session<G> {
    /// Hosts the game for friends: the seats `remote` are played on their own devices (not yet
    /// connected).
    pub fn host(&mut self, remote: &[Colour]) {
        for &c in remote {
            self.add_remote(c);
        }
        self.settle_elsewhere();
    }

    /// Seat `c`, played here until now, is a friend's on their own device from now on; steps
    /// staged here are taken back.
    pub fn add_remote(&mut self, c: Colour) {
        if self.seats.elsewhere(c) || !self.players().contains(&c) {
            return;
        }
        self.seats.remote.push((c, false));
        self.undo_all();
        self.settle_elsewhere();
    }

    /// A friend's device connected (or lost its connection).
    pub fn set_connected(&mut self, c: Colour, connected: bool) {
        if let Some(r) = self.seats.remote.iter_mut().find(|(r, _)| *r == c) {
            r.1 = connected;
        }
    }

    /// A computer of `level` plays a friend's seat until the friend is back (`None`: the
    /// friend plays it again); a sealed move it had committed is dropped.
    pub fn stand_in(&mut self, c: Colour, level: Option<Level>) {
        if !self.seats.elsewhere(c) {
            return;
        }
        self.held.retain(|(x, _)| *x != c);
        self.seats.bots.retain(|&(b, _)| b != c);
        if let Some(l) = level {
            self.undo_all();
            self.seats.bots.push((c, l));
        }
        self.settle_elsewhere();
    }

    /// A command from the device holding the game: while a seat elsewhere acts, it only
    /// dismisses announcements; after that seat's turn, its hand-over screen comes first.
    ///
    /// # Errors
    /// The session's reasons; [`IllegalMove::NotYourTurn`] for anything done for a seat
    /// elsewhere, or while one acts.
    pub fn apply_here(&mut self, c: Command<G::Move>) -> Result<(), IllegalMove> {
        let elsewhere = |s: &Self, x: Option<Colour>| x.is_some_and(|x| s.seats.elsewhere(x));
        let passing = matches!(c, Command::TakeDevice(_) | Command::Dismiss);
        let busy = elsewhere(self, self.actor()) || (elsewhere(self, self.holder) && !passing);
        let for_remote = match c {
            Command::Act(m) => self.seats.elsewhere(G::mover(&m)),
            Command::TakeDevice(x) => self.seats.elsewhere(x),
            _ => false,
        };
        if for_remote || (busy && c != Command::Dismiss) {
            return Err(IllegalMove::NotYourTurn);
        }
        let ended = self.ended;
        let taking = matches!(c, Command::TakeDevice(_));
        if taking && ended.is_some() && self.holder == ended && matches!(self.screen(), Screen::HandOver(_)) {
            // The holder's turn ended earlier: its "since your turn" starts there.
            self.holder = None;
        }
        let r = self.apply(c);
        if taking && r.is_ok() && self.ended == ended {
            self.ended = None;
        }
        r
    }

    /// A command from seat `c`'s own device, checked as at the table: a move of another
    /// colour, or anything from a seat that isn't to move, is refused; a sealed move is checked
    /// by the engine and held until its turn.
    ///
    /// # Errors
    /// The engine's or the session's reason; nothing changes.
    pub fn apply_from(&mut self, c: Colour, cmd: Command<G::Move>) -> Result<(), IllegalMove> {
        if !self.seats.person(c) || !self.seats.elsewhere(c) {
            // A computer stands in for the seat until the host gives it back.
            return Err(IllegalMove::NotYourTurn);
        }
        let acting = self.actor() == Some(c) && self.holder == Some(c);
        let held = self.held.iter().any(|(x, _)| *x == c);
        // The game as the seat's device shows it: with its staged steps while it acts.
        let seen = if acting { &self.shown } else { &self.game };
        match cmd {
            Command::Act(m) | Command::Explain(m) if G::mover(&m) != c => Err(IllegalMove::NotYourTurn),
            // A move from afar is one the seat's own view offers (issue 40): the engine takes some
            // moves the seat can't see to be legal — a politics card named from a pile not
            // opened — and "taken" or "not in that pile" (a staged move is then taken back)
            // would tell what lies there. Any other is refused as the seat's twin of the game
            // refuses it: the same answer whatever the others hold.
            Command::Act(m) if (acting || G::sealed(&m)) && !Self::offered(seen, c, m) => Err(seen.twin(c).play(m).err().unwrap_or(IllegalMove::NotNow)),
            Command::Act(m) if !acting && G::sealed(&m) && !held && self.game.to_move().contains(&c) => {
                self.game.clone().play(m)?;
                self.held.push((c, m));
                self.settle_elsewhere();
                Ok(())
            }
            // "Why would this be refused?" from afar is answered from what the seat sees (issue
            // 40): on the real game a question could name a card of a pile not opened, or resolve
            // the others' face-down choices first, and the answer would tell of them. A seat not
            // to move is told so, as any move of its would be; the others ask a twin of the game
            // dealt anew from their own view.
            Command::Explain(_) if !acting && !self.game.to_move().contains(&c) => Err(IllegalMove::NotYourTurn),
            Command::Explain(m) => seen.twin(c).play(m).map(|_| ()),
            _ if !acting => Err(IllegalMove::NotYourTurn),
            Command::TakeDevice(_) | Command::Dismiss => Err(IllegalMove::NotNow),
            cmd => self.apply(cmd),
        }
    }

    /// Whether `game` offers move `m` to seat `c` in what `c` sees.
    fn offered(game: &G, c: Colour, m: G::Move) -> bool {
        G::moves_of(&game.view(Some(c))).contains(&m)
    }

    /// Hands the session to a seat elsewhere whose turn it is (no hand-over screen), plays a
    /// sealed move it committed when its turn comes, and lets the one person here keep the
    /// device. Nothing for a game without seats elsewhere.
    pub(crate) fn settle_elsewhere(&mut self) {
        if self.seats.remote.is_empty() {
            return;
        }
        self.hand_on();
        // The holder keeps the session while others play after it: its turn ended now, and
        // what they do is its "since your turn" when its turn comes back.
        if let Some(h) = self.holder
            && self.actor() != Some(h)
            && self.ended != Some(h)
            && self.staged.is_empty()
            && self.pending.is_none()
            && !self.game.is_over()
        {
            let board = G::snapshot(&self.game);
            self.since.hand_over(Some(h), h, self.log.len(), board);
            self.since.acted();
            self.ended = Some(h);
        }
    }

    /// Hands the session to `a`. The holder's "since your turn" starts where its turn ended, if
    /// that was marked, else now.
    fn hand_to(&mut self, a: Colour) {
        let board = G::snapshot(&self.game);
        let from = self.holder.filter(|&h| self.ended != Some(h));
        self.since.hand_over(from, a, self.log.len(), board);
        self.holder = Some(a);
        self.ended = None;
    }

    fn hand_on(&mut self) {
        let here = self.seats.here(self.players());
        for _ in 0..16 {
            let Some(a) = self.actor() else { return };
            if self.seats.elsewhere(a) {
                if self.holder != Some(a) || self.ended == Some(a) {
                    self.hand_to(a);
                }
                if self.review {
                    // The device is the seat's own: nothing to look at before passing it on.
                    self.review = false;
                    continue;
                }
                if let Some(i) = self.held.iter().position(|(x, _)| *x == a) {
                    let (_, m) = self.held.remove(i);
                    let _ = self.apply_inner(Command::Act(m));
                    continue;
                }
                return;
            }
            if let [only] = here[..] {
                // One person here: the device is theirs, no hand-over screen and nothing to
                // review before a seat elsewhere plays.
                if a == only && (self.holder != Some(a) || self.ended == Some(a)) {
                    self.hand_to(a);
                }
                if self.holder == Some(only) && self.review && self.staged.is_empty() {
                    self.review = false;
                    continue;
                }
            }
            return;
        }
    }
}
