//! A remote seat: a friend's device. It says hello with the seat's token, keeps the log and
//! the last table the host sent (the session builds it for this seat: its own view only), and
//! shows the host's announcements until they are dismissed here — the same screens as at the
//! table, every word in this device's language. Its commands go to the host, numbered.
//!
//! A watcher's device ([`Remote::watcher`]) is the same but for its hello (its watch link's
//! token, no seat), its table (the public one: nothing to tap, no seat's secrets), its
//! commands (it sends none) and its announcements: they pass by themselves in the step bar's
//! line, one every [`WATCH_NOTICE_MS`], with the board in view ([`Remote::pass_notices`]).

use super::message::{AnyUpdate, MessageError, Refusal, ToHost, ToRemote};
use super::proof::{self, Binding};
use crate::app::log::LogLine;
use crate::app::said::Said;
use crate::app::session::Screen;
use crate::app::table::{Command, Table, TableWords};
use crate::app::{AnyCommand, AnyTable};
use crate::engine::{Colour, Edition};

/// How long a watcher's device says an announcement before the next one (or the table's own
/// line): long enough to read a revealed bid and its outcome.
pub const WATCH_NOTICE_MS: f64 = 4_000.0;

/// What a message from the host changed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Heard {
    /// The seat (or the watcher) is joined (its table follows).
    Joined,
    /// The table changed.
    Table,
    /// The answer to command `n`: done, or refused with a reason.
    Answer { n: u32, refused: Option<Refusal> },
    /// The host refused what this device sent.
    Refused(Refusal),
    /// An announcement to show.
    Notice,
    /// An update older than the one shown, or before the welcome: ignored.
    Ignored,
    /// Log lines are missing: say hello again (the host sends them).
    Resync,
    /// The table has a new link: [`Remote::take_moved`] gives its secret part.
    Moved,
}

/// What the welcome told: the edition and the game's id.
#[derive(Clone, Debug)]
struct Joined {
    edition: Edition,
    id: String,
}

/// A friend's device playing one seat of a hosted game, or a watcher's device.
#[derive(Clone, Debug)]
pub struct Remote {
    tag: u32,
    /// The seat it plays (`None`: it watches).
    seat: Option<Colour>,
    /// The seat's token (`None` until the host's welcome gives it), or a watcher's link token.
    token: Option<u64>,
    /// The connection's two ends, which a proof of the token names.
    binding: Option<Binding>,
    joined: Option<Joined>,
    log: Vec<LogLine>,
    notices: Vec<Said>,
    update: Option<AnyUpdate>,
    seq: u32,
    next: u32,
    /// The command sent last, while the host has not yet answered it and shown its outcome.
    waiting: Option<Waiting>,
    /// A watcher's device: when its first announcement began to show (ms).
    notice_since: Option<f64>,
    /// The table's new link (its secret part), told by the host, not yet taken.
    moved: Option<String>,
}

/// What a command sent waits for before the screen it was tapped on is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Waiting {
    n: u32,
    answered: bool,
    shown: bool,
}

impl Remote {
    /// The device of `seat` in the game tagged `tag`, with the seat's token if it has one (an
    /// invite's, or the one the host gave it before; `None`: a device the host lets in, which
    /// its welcome gives one).
    pub fn new(tag: u32, seat: Colour, token: Option<u64>) -> Remote {
        Remote { tag, seat: Some(seat), token, binding: None, joined: None, log: Vec::new(), notices: Vec::new(), update: None, seq: 0, next: 0, waiting: None, notice_since: None, moved: None }
    }

    /// A watcher's device in the game tagged `tag`, with its watch link's token.
    pub fn watcher(tag: u32, token: u64) -> Remote {
        Remote { seat: None, ..Remote::new(tag, Colour::Red, Some(token)) }
    }

    /// The connection this device talks to the host on: its hello proves the seat's token for
    /// these two ends (the browser reads them from the offer and the answer).
    pub fn bind(&mut self, binding: Binding) {
        self.binding = Some(binding);
    }

    /// The table's new link (its secret part) the host told, once.
    pub fn take_moved(&mut self) -> Option<String> {
        self.moved.take()
    }

    /// The seat's token, once this device has one (to keep for coming back).
    pub fn token(&self) -> Option<u64> {
        self.token.filter(|_| self.seat.is_some())
    }

    /// The tag of the game it joins.
    pub fn tag(&self) -> u32 {
        self.tag
    }

    /// The seat it plays (`None`: a watcher's device).
    pub fn seat(&self) -> Option<Colour> {
        self.seat
    }

    /// The hello that joins (or rejoins) the seat, or starts watching, keeping the log lines
    /// already here.
    pub fn hello(&self) -> Vec<u8> {
        let have_log = self.log.len() as u32;
        match self.seat {
            Some(seat) => {
                let proof = self.token.zip(self.binding).map(|(t, b)| proof::prove(t, self.tag, seat, &b));
                ToHost::Hello { seat, proof, have_log }
            }
            None => ToHost::Watch { token: self.token.unwrap_or(0), have_log },
        }
        .encode(self.tag)
    }

    /// The bytes of a screen's command for the host (`None`: done here — an announcement
    /// dismissed —, or nothing to send: a watcher sends no commands).
    pub fn command(&mut self, c: AnyCommand) -> Option<Vec<u8>> {
        if c == AnyCommand::Either(Command::Dismiss) {
            if !self.notices.is_empty() {
                self.notices.remove(0);
            }
            return None;
        }
        self.seat?;
        self.next += 1;
        // A question (why would this be refused?) changes no table: nothing waits for one.
        if !c.is_question() {
            self.waiting = Some(Waiting { n: self.next, answered: false, shown: false });
        }
        Some(ToHost::Command { n: self.next, cmd: c }.encode(self.tag))
    }

    /// A command went to the host and the table it was tapped on is still shown: until the
    /// host refuses it, or answers it and sends the table after it, a second tap (a double
    /// tap, or a tap on the old screen) would only be refused — "not your turn" — and is
    /// better not sent.
    pub fn awaiting(&self) -> bool {
        self.waiting.is_some()
    }

    /// Whether `c`, tapped now, would wait behind the command still open ([`Remote::awaiting`]);
    /// dismissing an announcement is done here and never waits.
    pub fn holds(&self, c: AnyCommand) -> bool {
        self.awaiting() && c != AnyCommand::Either(Command::Dismiss)
    }

    /// Reads a message from the host.
    ///
    /// # Errors
    /// Too big, garbled, stale or foreign (nothing changes).
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Heard, MessageError> {
        Ok(match ToRemote::decode(bytes, self.tag)? {
            ToRemote::Welcome { seat, edition, id, token } => {
                if Some(seat) != self.seat {
                    return Err(MessageError::Foreign);
                }
                if token.is_some() {
                    self.token = token;
                }
                self.joined = Some(Joined { edition, id });
                self.seq = 0;
                self.waiting = None;
                Heard::Joined
            }
            ToRemote::Watching { edition, id } => {
                if self.seat.is_some() {
                    // A seat's device is never a watcher's.
                    return Err(MessageError::Foreign);
                }
                self.joined = Some(Joined { edition, id });
                self.seq = 0;
                self.waiting = None;
                Heard::Joined
            }
            ToRemote::Update(u) => {
                let Some(Joined { edition, .. }) = &self.joined else { return Ok(Heard::Ignored) };
                let (seq, from, edition_ok) = match &u {
                    AnyUpdate::Classic(u) => (u.seq, u.log_from as usize, *edition == Edition::Classic),
                    AnyUpdate::New(u) => (u.seq, u.log_from as usize, *edition == Edition::New),
                };
                if !edition_ok {
                    return Err(MessageError::Foreign);
                }
                if seq <= self.seq {
                    return Ok(Heard::Ignored);
                }
                if from > self.log.len() {
                    self.waiting = None;
                    return Ok(Heard::Resync);
                }
                self.seq = seq;
                self.log.truncate(from);
                let mut u = u;
                match &mut u {
                    AnyUpdate::Classic(u) => self.log.append(&mut u.log),
                    AnyUpdate::New(u) => self.log.append(&mut u.log),
                }
                self.update = Some(u);
                self.waiting = self.waiting.map(|w| Waiting { shown: true, ..w }).filter(|w| !w.answered);
                Heard::Table
            }
            ToRemote::Answer { n, refused } => {
                // Refused: the screen stands as it was. Done: the table that follows shows it
                // (the host answers first, then sends what changed; in either order it frees).
                if let Some(w) = self.waiting.filter(|w| w.n == n) {
                    self.waiting = Some(Waiting { answered: true, ..w }).filter(|w| refused.is_none() && !w.shown);
                }
                Heard::Answer { n, refused }
            }
            ToRemote::Refused(why) => Heard::Refused(why),
            ToRemote::Notice(text) => {
                self.notices.push(text);
                Heard::Notice
            }
            // The table (a seat's device) or its watch link (a watcher's) has moved: the host
            // says so on this device's own channel only.
            ToRemote::Moved { link } => {
                self.moved = Some(link);
                Heard::Moved
            }
        })
    }

    /// A watcher's device at time `now` (ms): the announcements shown for [`WATCH_NOTICE_MS`]
    /// are gone, each in turn, and the time until the one shown now passes is returned (`None`:
    /// none waits). A friend's device keeps its announcements until they are dismissed.
    pub fn pass_notices(&mut self, now: f64) -> Option<f64> {
        if self.seat.is_some() {
            return None;
        }
        loop {
            if self.notices.is_empty() {
                self.notice_since = None;
                return None;
            }
            let since = *self.notice_since.get_or_insert(now);
            let left = WATCH_NOTICE_MS - (now - since);
            if left > 0.0 {
                return Some(left);
            }
            self.notices.remove(0);
            self.notice_since = Some(since + WATCH_NOTICE_MS);
        }
    }

    /// What this device shows now (`None` before the first update).
    pub fn table(&self) -> Option<AnyTable> {
        let Joined { id, .. } = self.joined.as_ref()?;
        Some(match self.update.as_ref()? {
            AnyUpdate::Classic(u) => AnyTable::Classic(self.rebuild(&u.table, id)),
            AnyUpdate::New(u) => AnyTable::New(self.rebuild(&u.table, id)),
        })
    }

    /// How every seat is played, and who is disconnected.
    pub fn presence(&self) -> Vec<(Colour, super::message::Presence)> {
        match &self.update {
            Some(AnyUpdate::Classic(u)) => u.presence.clone(),
            Some(AnyUpdate::New(u)) => u.presence.clone(),
            None => Vec::new(),
        }
    }

    /// The table sent, with this device's log and its announcements not yet dismissed: a
    /// friend's device shows each as a screen of its own, a watcher's says it in the step bar's
    /// line over the board, which stays in view.
    fn rebuild<G: TableWords>(&self, t: &Table<G>, id: &str) -> Table<G> {
        let first = self.notices.first();
        let watching = self.seat.is_none();
        Table {
            id: id.to_string(),
            screen: match first {
                Some(n) if !watching => Screen::Announcement(n.clone()),
                _ => t.screen.clone(),
            },
            prompt: match first {
                Some(n) if watching => n.clone(),
                _ => t.prompt.clone(),
            },
            log: self.log.clone(),
            // Never past the log (a screen slices the log from here).
            since: t.since.filter(|&x| x <= self.log.len()),
            ..t.clone()
        }
    }
}
