//! The messages between a host and a remote seat, and their bytes.
//!
//! Every message starts with `LZ`, the protocol version, its kind and the game's tag (from the
//! invite): a message of another version is stale, one of another game is foreign, and bytes
//! that don't decode exactly are garbled — each refused with its reason, changing nothing.
//! What the host receives is at most [`MAX_TO_HOST`] bytes (a command is a few).

use super::proof::Proof;
use super::wire::{wire_enum, wire_struct, Reader, Wire, WireError, Writer};
use crate::app::log::LogLine;
use crate::app::said::{Names, Said};
use crate::app::session::Screen;
use crate::app::table::{Command, End, Marks, Step, Table, TableWords};
use crate::app::AnyCommand;
use crate::engine::{classic, newed, Colour, Edition, IllegalMove};
use std::convert::Infallible;

/// The protocol version: a message of another one is refused as stale. It changes with the
/// catalogue's keys (a fact is sent as its key's number): a device of another build is told so.
/// (3: a watcher's hello and welcome, and the refusal of a watcher's command; 4: a seat's
/// hello proves its token instead of saying it, a welcome may give the token.)
pub const VERSION: u8 = 4u8.wrapping_add((crate::i18n::SCHEMA % 251) as u8);
/// The first bytes of every message.
pub const MAGIC: [u8; 2] = *b"LZ";
/// The most the host reads from a remote seat (a hello or a command is far smaller).
pub const MAX_TO_HOST: usize = 256;
/// The most a remote seat reads from the host (a whole log of a long game fits).
pub const MAX_TO_REMOTE: usize = 1 << 20;

pub use crate::app::seats::Presence;

wire_enum!(Presence;
    0 => Here {},
    1 => Remote { connected },
    2 => Computer {},
);

/// Why a message is refused. Nothing changes on the host.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The engine's reason, the same as at the table (a move of another seat, or from a seat
    /// that isn't to move, is [`IllegalMove::NotYourTurn`]).
    Illegal(IllegalMove),
    /// The bytes don't decode exactly.
    Garbled(WireError),
    /// Longer than a message may be.
    TooBig,
    /// Another protocol version, or a command already received (a replay).
    Stale,
    /// Another game's message, an unknown seat, or a wrong join token.
    Foreign,
    /// A command before the seat said hello.
    NotJoined,
    /// A command (or a seat's hello) from a watcher's link: a watcher only watches.
    Watching,
}

impl Wire for Refusal {
    fn put(&self, w: &mut Writer) {
        match self {
            Refusal::Illegal(m) => {
                w.byte(0);
                m.put(w);
            }
            Refusal::Garbled(e) => w.byte(1 + *e as u8 * 8),
            Refusal::TooBig => w.byte(2),
            Refusal::Stale => w.byte(3),
            Refusal::Foreign => w.byte(4),
            Refusal::NotJoined => w.byte(5),
            Refusal::Watching => w.byte(6),
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        const GARBLED: [WireError; 5] = [WireError::Truncated, WireError::BadValue, WireError::Overflow, WireError::BadText, WireError::Trailing];
        Ok(match r.byte()? {
            0 => Refusal::Illegal(Wire::take(r)?),
            2 => Refusal::TooBig,
            3 => Refusal::Stale,
            4 => Refusal::Foreign,
            5 => Refusal::NotJoined,
            6 => Refusal::Watching,
            b if b & 7 == 1 => Refusal::Garbled(*GARBLED.get((b >> 3) as usize).ok_or(WireError::BadValue)?),
            _ => return Err(WireError::BadValue),
        })
    }
}

impl Wire for Edition {
    fn put(&self, w: &mut Writer) {
        w.byte(u8::from(*self == Edition::New));
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(if bool::take(r)? { Edition::New } else { Edition::Classic })
    }
}

impl Wire for Screen {
    fn put(&self, w: &mut Writer) {
        match self {
            Screen::Announcement(a) => {
                w.byte(0);
                a.put(w);
            }
            Screen::HandOver(c) => {
                w.byte(1);
                c.put(w);
            }
            Screen::Play(c) => {
                w.byte(2);
                c.put(w);
            }
            Screen::Thinking(c) => {
                w.byte(3);
                c.put(w);
            }
            Screen::Over => w.byte(4),
            Screen::Elsewhere(c) => {
                w.byte(5);
                c.put(w);
            }
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => Screen::Announcement(Wire::take(r)?),
            1 => Screen::HandOver(Wire::take(r)?),
            2 => Screen::Play(Wire::take(r)?),
            3 => Screen::Thinking(Wire::take(r)?),
            4 => Screen::Over,
            5 => Screen::Elsewhere(Wire::take(r)?),
            _ => return Err(WireError::BadValue),
        })
    }
}

wire_struct!(LogLine { round, colour, said });
wire_struct!(Marks { edges, spaces });
wire_struct!(Step { staged, pending, must_confirm, offer, review, takeback, hint });
wire_struct!(End { title, how, head, rows, history, chip, turns, hints });

impl Wire for Infallible {
    fn put(&self, _: &mut Writer) {
        match *self {}
    }
    fn take(_: &mut Reader) -> Result<Self, WireError> {
        Err(WireError::BadValue)
    }
}

impl<M: Wire> Wire for Command<M> {
    fn put(&self, w: &mut Writer) {
        match self {
            Command::Act(m) => {
                w.byte(0);
                m.put(w);
            }
            Command::Undo => w.byte(1),
            Command::UndoAll => w.byte(2),
            Command::Confirm => w.byte(3),
            Command::TakeDevice(c) => {
                w.byte(4);
                c.put(w);
            }
            Command::Pass => w.byte(5),
            Command::EndReview => w.byte(6),
            Command::Dismiss => w.byte(7),
            Command::TakeBackTurn => w.byte(8),
            Command::Explain(m) => {
                w.byte(9);
                m.put(w);
            }
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => Command::Act(Wire::take(r)?),
            1 => Command::Undo,
            2 => Command::UndoAll,
            3 => Command::Confirm,
            4 => Command::TakeDevice(Wire::take(r)?),
            5 => Command::Pass,
            6 => Command::EndReview,
            7 => Command::Dismiss,
            8 => Command::TakeBackTurn,
            9 => Command::Explain(Wire::take(r)?),
            _ => return Err(WireError::BadValue),
        })
    }
}

impl Wire for AnyCommand {
    fn put(&self, w: &mut Writer) {
        match self {
            AnyCommand::Classic(c) => {
                w.byte(0);
                c.put(w);
            }
            AnyCommand::New(c) => {
                w.byte(1);
                c.put(w);
            }
            AnyCommand::Either(c) => {
                w.byte(2);
                c.put(w);
            }
        }
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(match r.byte()? {
            0 => AnyCommand::Classic(Wire::take(r)?),
            1 => AnyCommand::New(Wire::take(r)?),
            2 => AnyCommand::Either(Wire::take(r)?),
            _ => return Err(WireError::BadValue),
        })
    }
}

/// An edition as the network needs it: its view and moves travel (which moves are sealed is the
/// engine's [`crate::engine::Rules::sealed`]).
pub trait NetRules: TableWords + crate::engine::Rules<Move: Wire> + crate::app::session::EditionRules<View: Wire> {
    /// A seat's update as either edition's.
    fn any(u: Update<Self>) -> AnyUpdate;
    /// A command as either edition's: its `From` (generic code can't name that bound through
    /// this trait: Rust implies no `where` clause of a trait but on `Self` and its types).
    fn command(c: Command<Self::Move>) -> AnyCommand;
    /// This edition's command in either edition's (`None`: the other edition's): its `TryFrom`.
    fn edition_command(c: AnyCommand) -> Option<Command<Self::Move>>;
}

impl NetRules for classic::game::Game {
    fn any(u: Update<Self>) -> AnyUpdate {
        AnyUpdate::Classic(u)
    }
    fn command(c: Command<classic::moves::Move>) -> AnyCommand {
        c.into()
    }
    fn edition_command(c: AnyCommand) -> Option<Command<classic::moves::Move>> {
        c.try_into().ok()
    }
}

impl NetRules for newed::Game {
    fn any(u: Update<Self>) -> AnyUpdate {
        AnyUpdate::New(u)
    }
    fn command(c: Command<newed::Move>) -> AnyCommand {
        c.into()
    }
    fn edition_command(c: AnyCommand) -> Option<Command<newed::Move>> {
        c.try_into().ok()
    }
}

/// What one remote seat's screen shows now — the table the session builds for it, its own
/// view only — and the log lines it hasn't got yet (the table travels without its log).
#[derive(Clone, Debug)]
pub struct Update<G: NetRules> {
    /// Counts the updates sent to this seat since it said hello.
    pub seq: u32,
    /// The index of the first log line sent.
    pub log_from: u32,
    /// Log lines from `log_from` on (public).
    pub log: Vec<LogLine>,
    /// The seat's table (its log left out; the id is the welcome's).
    pub table: Table<G>,
}

impl<G: NetRules> std::ops::Deref for Update<G> {
    type Target = Table<G>;
    fn deref(&self) -> &Table<G> {
        &self.table
    }
}

/// A table's bytes without its log and id (the seat has those): what changed is what is sent.
pub fn put_table<G: NetRules>(t: &Table<G>, w: &mut Writer) {
    t.seat.put(w);
    t.screen.put(w);
    t.reason.put(w);
    t.then_to.put(w);
    t.view.put(w);
    t.names.players.put(w);
    t.since.map(|x| x as u32).put(w);
    t.recent.put(w);
    t.staged.put(w);
    t.pending.put(w);
    t.step.put(w);
    t.changes.put(w);
    t.prompt.put(w);
    t.solo.put(w);
    t.received.put(w);
    t.end.put(w);
    t.presence.put(w);
}

fn take_table<G: NetRules>(r: &mut Reader) -> Result<Table<G>, WireError> {
    Ok(Table {
        id: String::new(),
        seat: r.take()?,
        screen: r.take()?,
        reason: r.take()?,
        then_to: r.take()?,
        view: r.take()?,
        names: Names { edition: G::EDITION, players: r.take()? },
        log: Vec::new(),
        since: r.take::<Option<u32>>()?.map(|x| x as usize),
        recent: r.take()?,
        staged: r.take()?,
        pending: r.take()?,
        step: r.take()?,
        changes: r.take()?,
        prompt: r.take()?,
        solo: r.take()?,
        received: r.take()?,
        end: r.take()?,
        presence: r.take()?,
    })
}

impl<G: NetRules> Wire for Update<G> {
    fn put(&self, w: &mut Writer) {
        self.seq.put(w);
        self.log_from.put(w);
        self.log.put(w);
        put_table(&self.table, w);
    }
    fn take(r: &mut Reader) -> Result<Self, WireError> {
        Ok(Update { seq: r.take()?, log_from: r.take()?, log: r.take()?, table: take_table(r)? })
    }
}

/// A seat's update, of either edition.
pub type AnyUpdate = crate::app::any::ByEdition<Update<classic::game::Game>, Update<newed::Game>>;

/// What the host sends a remote seat.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)]
pub enum ToRemote {
    /// The seat is joined: the game (its table, names included, follows in an update), and
    /// the seat's token when this device was let in without one (it keeps it to prove later
    /// that it is this seat's device: the token travels only here, on the encrypted channel).
    Welcome { seat: Colour, edition: Edition, id: String, token: Option<u64> },
    /// What the seat's screen shows now.
    Update(AnyUpdate),
    /// The answer to command `n`: done, or refused with a reason.
    Answer { n: u32, refused: Option<Refusal> },
    /// A message refused before it was read (garbled, foreign, stale).
    Refused(Refusal),
    /// A public announcement for the whole table (bids revealed), shown until dismissed there.
    Notice(Said),
    /// A watcher is joined: the game (its public table follows in an update).
    Watching { edition: Edition, id: String },
    /// The host made a new table link ("New table link"): its secret part (the room's secret
    /// and the host's key id), for the seated device to come back through from now on. Sent
    /// only over a seat's open channel: a device not at the table never learns it.
    Moved { link: String },
}

/// What a remote seat sends the host.
#[derive(Clone, PartialEq, Debug)]
pub enum ToHost {
    /// Joins (or rejoins) `seat`, proving with its token that it is the seat's device
    /// ([`super::proof`]: never the token itself), or without a proof when the host let this
    /// connection in for the seat; `have_log` lines are kept.
    Hello { seat: Colour, proof: Option<Proof>, have_log: u32 },
    /// A screen's command, numbered (a number already used is a replay).
    Command { n: u32, cmd: AnyCommand },
    /// Joins (or rejoins) as a watcher with the token of its link; `have_log` lines are kept.
    Watch { token: u64, have_log: u32 },
}

/// Why bytes are no message for us.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MessageError {
    /// Longer than allowed.
    TooBig,
    /// Not a message of this game's protocol at all, or it doesn't decode.
    Garbled(WireError),
    /// Another protocol version.
    Stale(u8),
    /// Another game's message.
    Foreign,
}

impl From<MessageError> for Refusal {
    fn from(e: MessageError) -> Refusal {
        match e {
            MessageError::TooBig => Refusal::TooBig,
            MessageError::Garbled(w) => Refusal::Garbled(w),
            MessageError::Stale(_) => Refusal::Stale,
            MessageError::Foreign => Refusal::Foreign,
        }
    }
}

fn header(kind: u8, tag: u32) -> Writer {
    let mut w = Writer::default();
    w.bytes.extend_from_slice(&MAGIC);
    w.byte(VERSION);
    w.byte(kind);
    w.bytes.extend_from_slice(&tag.to_le_bytes());
    w
}

/// Reads the header: the message's kind and a reader at its body.
fn open(bytes: &[u8], tag: u32, max: usize) -> Result<(u8, Reader<'_>), MessageError> {
    if bytes.len() > max {
        return Err(MessageError::TooBig);
    }
    let mut r = Reader::new(bytes);
    let garbled = MessageError::Garbled;
    if r.raw(2).map_err(garbled)? != MAGIC {
        return Err(garbled(WireError::BadValue));
    }
    let version = r.byte().map_err(garbled)?;
    if version != VERSION {
        return Err(MessageError::Stale(version));
    }
    let kind = r.byte().map_err(garbled)?;
    let t = r.raw(4).map_err(garbled)?;
    if u32::from_le_bytes([t[0], t[1], t[2], t[3]]) != tag {
        return Err(MessageError::Foreign);
    }
    Ok((kind, r))
}

impl ToRemote {
    /// The message's bytes, for the game tagged `tag`.
    pub fn encode(&self, tag: u32) -> Vec<u8> {
        let kind = match self {
            ToRemote::Welcome { .. } => 0,
            ToRemote::Update(AnyUpdate::Classic(_)) => 1,
            ToRemote::Update(AnyUpdate::New(_)) => 2,
            ToRemote::Answer { .. } => 3,
            ToRemote::Refused(_) => 4,
            ToRemote::Notice(_) => 5,
            ToRemote::Watching { .. } => 6,
            ToRemote::Moved { .. } => 7,
        };
        let mut w = header(kind, tag);
        match self {
            ToRemote::Welcome { seat, edition, id, token } => {
                seat.put(&mut w);
                edition.put(&mut w);
                id.put(&mut w);
                token.put(&mut w);
            }
            ToRemote::Update(AnyUpdate::Classic(u)) => u.put(&mut w),
            ToRemote::Update(AnyUpdate::New(u)) => u.put(&mut w),
            ToRemote::Answer { n, refused } => {
                n.put(&mut w);
                refused.put(&mut w);
            }
            ToRemote::Refused(why) => why.put(&mut w),
            ToRemote::Notice(text) => text.put(&mut w),
            ToRemote::Watching { edition, id } => {
                edition.put(&mut w);
                id.put(&mut w);
            }
            ToRemote::Moved { link } => link.put(&mut w),
        }
        w.bytes
    }

    /// Reads a message of the game tagged `tag`.
    ///
    /// # Errors
    /// Too big, garbled, stale or foreign.
    pub fn decode(bytes: &[u8], tag: u32) -> Result<ToRemote, MessageError> {
        let (kind, mut r) = open(bytes, tag, MAX_TO_REMOTE)?;
        let body = |r: &mut Reader| -> Result<ToRemote, WireError> {
            Ok(match kind {
                0 => ToRemote::Welcome { seat: r.take()?, edition: r.take()?, id: r.take()?, token: r.take()? },
                1 => ToRemote::Update(AnyUpdate::Classic(r.take()?)),
                2 => ToRemote::Update(AnyUpdate::New(r.take()?)),
                3 => ToRemote::Answer { n: r.take()?, refused: r.take()? },
                4 => ToRemote::Refused(r.take()?),
                5 => ToRemote::Notice(r.take()?),
                6 => ToRemote::Watching { edition: r.take()?, id: r.take()? },
                7 => ToRemote::Moved { link: r.take()? },
                _ => return Err(WireError::BadValue),
            })
        };
        let m = body(&mut r).map_err(MessageError::Garbled)?;
        r.end().map_err(MessageError::Garbled)?;
        Ok(m)
    }
}

impl ToHost {
    /// The message's bytes, for the game tagged `tag`.
    pub fn encode(&self, tag: u32) -> Vec<u8> {
        match self {
            ToHost::Hello { seat, proof, have_log } => {
                let mut w = header(0, tag);
                seat.put(&mut w);
                proof.put(&mut w);
                have_log.put(&mut w);
                w.bytes
            }
            ToHost::Command { n, cmd } => {
                let mut w = header(1, tag);
                n.put(&mut w);
                cmd.put(&mut w);
                w.bytes
            }
            ToHost::Watch { token, have_log } => {
                let mut w = header(2, tag);
                token.put(&mut w);
                have_log.put(&mut w);
                w.bytes
            }
        }
    }

    /// Reads a message of the game tagged `tag`.
    ///
    /// # Errors
    /// Too big, garbled, stale or foreign.
    pub fn decode(bytes: &[u8], tag: u32) -> Result<ToHost, MessageError> {
        let (kind, mut r) = open(bytes, tag, MAX_TO_HOST)?;
        let body = |r: &mut Reader| -> Result<ToHost, WireError> {
            Ok(match kind {
                0 => ToHost::Hello { seat: r.take()?, proof: r.take()?, have_log: r.take()? },
                1 => ToHost::Command { n: r.take()?, cmd: r.take()? },
                2 => ToHost::Watch { token: r.take()?, have_log: r.take()? },
                _ => return Err(WireError::BadValue),
            })
        };
        let m = body(&mut r).map_err(MessageError::Garbled)?;
        r.end().map_err(MessageError::Garbled)?;
        Ok(m)
    }
}

/// The tag of a game: its save id, hashed (FNV-1a), so that a message of another game is
/// told apart from this one's.
pub fn game_tag(id: &str) -> u32 {
    id.bytes().fold(0x811c_9dc5u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}
