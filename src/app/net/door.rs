//! The host's door (issue 40): who may sit down at which friend's seat, who is offered a
//! connection through the relays and who waits, which answer is taken, and the watchers'
//! places — decided here, with the clock passed in, free of the browser. The host's page
//! (`ui::net::host`) keeps the connections themselves (one WebRTC peer per seat's current
//! invite, one per watcher) and does what [`Door`] says.
//!
//! The rules of the door:
//! - A relay word never closes a seat's open channel. A device knocking for a seat played on
//!   another device, or claiming a seat a friend sat down in, is told to wait
//!   ([`SeatRefusal::Waiting`]) and the host is asked ([`Door::asking`]); only the host lets a
//!   new device in ([`Door::let_in`]).
//! - An offer under way to one device is not cut by another's knock or claim for
//!   [`OFFER_MS`]; a free seat claimed by one device is kept for it [`CLAIM_MS`].
//! - A locked table has no free seat and takes no claim.
//! - A seat whose device was cut off for a flood of refused messages is offered to nobody
//!   for [`COOL_MS`]: the device that flooded can't be back at once.
//! - An offer is answered only by the device it was made to, signing with the key it asked
//!   with ([`Offered::answered_by`]), and only once.
//! - At most [`MAX_WATCHERS`] watchers; a watcher's offer not turned into an open connection
//!   within [`WATCH_OFFER_MS`] gives its place up, so requests nobody answers can't fill them.

use super::host::Conn;
use super::proof::{Binding, KeyId};
use super::signal::{SeatInfo, SeatRefusal, Signal};
use super::trust::Offered;
use crate::engine::Colour;

/// How long a seat claimed through a relay is kept for the device that claimed it before it
/// joins (another device asking meanwhile is told it is taken), in ms.
pub const CLAIM_MS: f64 = 30_000.0;
/// How long an offer made to a device through the relays is left to become a connection before
/// that device's next claim or knock gets a new one (a friend's device asks again after 15 s).
pub const OFFER_MS: f64 = 12_000.0;
/// How long the host is shown that a device asked for a seat played on another (it asks again
/// every few seconds while it waits).
pub const ASKING_MS: f64 = 20_000.0;
/// How long a seat whose device was cut off for a flood of refused messages is offered to
/// nobody.
pub const COOL_MS: f64 = 30_000.0;
/// The most watchers at once (each one is a connection the host's device keeps).
pub const MAX_WATCHERS: usize = 8;
/// How long a watcher's offer may stay without an open connection before its place is free.
pub const WATCH_OFFER_MS: f64 = 20_000.0;

/// A device speaking through the relays: its id there and the key it signs with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Device {
    pub id: u64,
    pub key: KeyId,
}

/// One friend's seat at the door: its token, its current invite and who it is for.
#[derive(Clone, Debug)]
struct Seat {
    colour: Colour,
    token: u64,
    /// The current invite's round (a new one for each invite).
    round: u32,
    /// A friend's device joined on the current invite and is connected.
    joined: bool,
    /// The device the current invite went to through the relays (`None`: a link to send).
    to: Option<Device>,
    /// A device that claimed the seat through the relays, and when.
    claimed: Option<(u64, f64)>,
    /// A friend sat down here since this game is hosted: the seat is nobody else's.
    taken: bool,
    /// The current invite's offer and connection helpers, once made.
    offer: Option<(String, Vec<String>)>,
    /// The current offer was answered (its answer taken; nobody answers it again).
    answered: bool,
    /// The round of an offer made to a device the host let sit down: its hello needs no
    /// proof, and the welcome gives it the token.
    grant: Option<u32>,
    /// The current connection's two ends, once the answer was taken.
    binding: Option<Binding>,
    /// When the current invite was made (ms).
    offered_at: f64,
    /// A device that asked for the seat while it is played on another, and when.
    asking: Option<(Device, f64)>,
    /// Until when the seat is offered to nobody (its device was cut off for a flood).
    cool_until: f64,
}

impl Seat {
    fn new(colour: Colour, token: u64, taken: bool) -> Seat {
        Seat { colour, token, round: 0, joined: false, to: None, claimed: None, taken, offer: None, answered: false, grant: None, binding: None, offered_at: 0.0, asking: None, cool_until: 0.0 }
    }

    /// True when no friend has it or is taking it: device `device` opening the table link may.
    fn free(&self, device: u64, now: f64) -> bool {
        !self.taken && !self.claimed.is_some_and(|(d, t)| d != device && now - t < CLAIM_MS)
    }

    /// An offer to a device is being made or answered right now.
    fn pending(&self, now: f64) -> bool {
        self.to.is_some() && now - self.offered_at < OFFER_MS
    }
}

/// What the host's page does after a device's word at the door.
#[derive(Clone, PartialEq, Debug)]
pub enum Act {
    /// Says this to the device through the relays.
    Say(Signal),
    /// Makes a new invite for `seat` ([`Door::invite`]) and offers it to `to`.
    Invite { seat: Colour, to: Device, grant: bool },
    /// Nothing: an offer to this device is under way.
    Nothing,
}

/// A newer invite replaced the one an offer was made for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Replaced;

/// Why a reply exchanged by hand is not taken.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplyRefusal {
    /// Not a seat of this game.
    Foreign,
    /// An older invite's reply (a newer one replaced it), or one not made yet.
    Old,
    /// The invite was answered already.
    Used,
}

/// A watcher's place at the host's device.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Place {
    device: Device,
    /// The host's id of its link.
    id: u64,
    /// Its offer's round.
    round: u32,
    /// When it was offered (ms).
    at: f64,
    /// Its connection opened: the place is kept until it closes.
    open: bool,
}

/// What became of a watch request.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Watching {
    /// The links to close and forget: the asking device's earlier one (asked again after a
    /// reload or a lost offer), and places whose offers nobody answered in time.
    pub gone: Vec<u64>,
    /// A place is free for it: make its link ([`Door::seat_watcher`]) and offer it.
    pub room: bool,
}

/// The host's door: the friends' seats and the watchers' places.
#[derive(Clone, Debug, Default)]
pub struct Door {
    seats: Vec<Seat>,
    places: Vec<Place>,
    locked: bool,
}

impl Door {
    /// The door of a hosted game: each friend's seat with its token and whether a friend sat
    /// down there before (kept across the host's reload), and whether the table is locked.
    pub fn new(seats: &[(Colour, u64, bool)], locked: bool) -> Door {
        Door { seats: seats.iter().map(|&(c, t, taken)| Seat::new(c, t, taken)).collect(), places: Vec::new(), locked }
    }

    fn seat(&self, c: Colour) -> Option<&Seat> {
        self.seats.iter().find(|s| s.colour == c)
    }

    fn seat_mut(&mut self, c: Colour) -> Option<&mut Seat> {
        self.seats.iter_mut().find(|s| s.colour == c)
    }

    /// The friends' seats.
    pub fn colours(&self) -> Vec<Colour> {
        self.seats.iter().map(|s| s.colour).collect()
    }

    /// The friends' seats not connected now.
    pub fn waiting(&self) -> Vec<Colour> {
        self.seats.iter().filter(|s| !s.joined).map(|s| s.colour).collect()
    }

    /// Whether `c` is a friend's seat with a device connected on its current invite.
    pub fn joined(&self, c: Colour) -> bool {
        self.seat(c).is_some_and(|s| s.joined)
    }

    /// Seat `c`'s token (`None`: not a friend's seat).
    pub fn token(&self, c: Colour) -> Option<u64> {
        self.seat(c).map(|s| s.token)
    }

    /// The current round of seat `c`'s invite.
    pub fn round(&self, c: Colour) -> Option<u32> {
        self.seat(c).map(|s| s.round)
    }

    /// What the host keeps of each seat across a reload: its token and whether it is taken.
    pub fn kept(&self) -> Vec<(Colour, u64, bool)> {
        self.seats.iter().map(|s| (s.colour, s.token, s.taken)).collect()
    }

    /// A seat played on the host's device until now becomes a friend's, with `token`.
    pub fn add(&mut self, c: Colour, token: u64) {
        if self.seat(c).is_none() {
            self.seats.push(Seat::new(c, token, false));
        }
    }

    pub fn locked(&self) -> bool {
        self.locked
    }

    /// "Lock the table": no device sits down (friends connected now play on).
    pub fn lock(&mut self, locked: bool) {
        self.locked = locked;
    }

    /// What a device opening the table link is told of the seats (`names`: each seat's player).
    pub fn seats(&self, from: u64, names: &[(Colour, String)], now: f64) -> Vec<SeatInfo> {
        names.iter().map(|(c, name)| SeatInfo { colour: *c, name: name.clone(), free: !self.locked && self.seat(*c).is_some_and(|s| s.free(from, now)) }).collect()
    }

    /// A device comes back to `seat` (it will prove the seat's token on the connection offered).
    pub fn knock(&mut self, seat: Colour, from: Device, tag: u32, now: f64) -> Act {
        let Some(s) = self.seat_mut(seat) else { return refuse(from, SeatRefusal::NoSuchSeat) };
        if s.joined {
            // Played on another device: this one waits, and the host is asked.
            s.asking = Some((from, now));
            return refuse(from, SeatRefusal::Waiting);
        }
        if now < s.cool_until {
            return refuse(from, SeatRefusal::Waiting);
        }
        self.offer_to(seat, from, false, tag, now)
    }

    /// A device opening the table link asks to sit down at `seat`.
    pub fn claim(&mut self, seat: Colour, from: Device, tag: u32, now: f64) -> Act {
        let locked = self.locked;
        let Some(s) = self.seat_mut(seat) else { return refuse(from, SeatRefusal::NoSuchSeat) };
        if locked {
            // Nobody sits down (not even by asking the host).
            return refuse(from, SeatRefusal::Locked);
        }
        if s.taken {
            // A friend sat down there: the host lets a friend's new device in, not the link.
            s.asking = Some((from, now));
            return refuse(from, SeatRefusal::Waiting);
        }
        if !s.free(from.id, now) {
            // Another device is taking it right now: the first keeps it.
            return refuse(from, SeatRefusal::Taken);
        }
        if now < s.cool_until {
            return refuse(from, SeatRefusal::Waiting);
        }
        s.claimed = Some((from.id, now));
        self.offer_to(seat, from, true, tag, now)
    }

    /// Offers `seat` to `from`: the offer ready if nobody answered it yet, else a new invite.
    /// `grant`: the device sits down without the token and is given one; else it proves it.
    /// While an offer to another device is under way (it must not be cut), `from` waits.
    fn offer_to(&mut self, seat: Colour, from: Device, grant: bool, tag: u32, now: f64) -> Act {
        let Some(s) = self.seat_mut(seat) else { return refuse(from, SeatRefusal::NoSuchSeat) };
        let mine = s.to == Some(from);
        if s.joined || (s.pending(now) && !mine) {
            return refuse(from, SeatRefusal::Waiting);
        }
        if s.to.is_none_or(|d| d == from)
            && !s.answered
            && let Some((sdp, ice)) = s.offer.clone()
        {
            s.to = Some(from);
            s.grant = grant.then_some(s.round);
            return Act::Say(Signal::Offer { to: from.id, tag, seat: Some(seat), round: s.round, ice, sdp });
        }
        if s.pending(now) {
            // Its offer is being made (or answered) now.
            return Act::Nothing;
        }
        Act::Invite { seat, to: from, grant }
    }

    /// A new invite for `seat`, round `round`, for device `to` (`None`: a link to send): the
    /// invite before it no longer connects. `Some(device)` when a friend's device was joined
    /// on the old one (`device`: its id through the relays, if it came that way) — its
    /// channel is closed now; `None` when none was (or `seat` is not a friend's).
    pub fn invite(&mut self, seat: Colour, round: u32, to: Option<Device>, grant: bool, now: f64) -> Option<Option<u64>> {
        let s = self.seat_mut(seat)?;
        let left = std::mem::replace(&mut s.joined, false).then_some(s.to.map(|d| d.id));
        s.round = round;
        s.offered_at = now;
        s.to = to;
        s.offer = None;
        s.answered = false;
        s.grant = grant.then_some(round);
        s.binding = None;
        left
    }

    /// The offer of `seat`'s invite `round` is made: the signal that takes it to its device
    /// through the relays (if it has one).
    ///
    /// # Errors
    /// A newer invite replaced this one (close its connection).
    pub fn offered(&mut self, seat: Colour, round: u32, sdp: &str, ice: &[String], tag: u32) -> Result<Option<Signal>, Replaced> {
        let s = self.seats.iter_mut().find(|s| s.colour == seat && s.round == round).ok_or(Replaced)?;
        s.offer = Some((sdp.to_string(), ice.to_vec()));
        Ok(s.to.map(|d| Signal::Offer { to: d.id, tag, seat: Some(seat), round, ice: ice.to_vec(), sdp: sdp.to_string() }))
    }

    /// An answer through the relays from device `from` (signed by `key`) to the offer of
    /// `seat`'s invite `round`: taken only from the device and key the offer was made to, and
    /// once. Binds the connection to both ends and says which seat it is.
    pub fn answer(&mut self, seat: Option<Colour>, from: u64, key: KeyId, round: u32, sdp: &str) -> Option<Colour> {
        let s = self.seats.iter_mut().find(|s| Some(s.colour) == seat && s.to.is_some_and(|d| Offered { device: d.id, key: d.key, round: s.round }.answered_by(from, key, round)))?;
        Self::bind(s, sdp)
    }

    /// A reply exchanged by hand for `seat`'s invite `round`.
    pub fn reply(&mut self, seat: Colour, round: u32, answer: &str) -> Result<(), ReplyRefusal> {
        let s = self.seat_mut(seat).ok_or(ReplyRefusal::Foreign)?;
        if s.round != round || s.offer.is_none() {
            return Err(ReplyRefusal::Old);
        }
        Self::bind(s, answer).map(|_| ()).ok_or(ReplyRefusal::Used)
    }

    fn bind(s: &mut Seat, answer: &str) -> Option<Colour> {
        if s.answered {
            return None;
        }
        let (offer, _) = s.offer.as_ref()?;
        s.binding = Binding::of(offer, answer);
        s.answered = true;
        Some(s.colour)
    }

    /// What the host's game is told of the connection of `seat`'s invite `round`, and whether
    /// a device joined on it (`None`: a replaced invite's).
    pub fn conn(&self, seat: Colour, round: u32) -> Option<(Conn, bool)> {
        let s = self.seats.iter().find(|s| s.colour == seat && s.round == round)?;
        Some((Conn { binding: s.binding, grant: (s.grant == Some(s.round)).then_some(seat) }, s.joined))
    }

    /// A friend's device sat down on `seat`'s invite `round` (its hello was taken). `Some`:
    /// whether a friend sat down there for the first time in this hosting (keep it), and the
    /// device's id through the relays, if it came that way.
    pub fn sat_down(&mut self, seat: Colour, round: u32) -> Option<(bool, Option<u64>)> {
        let s = self.seats.iter_mut().find(|s| s.colour == seat && s.round == round)?;
        s.joined = true;
        s.claimed = None;
        s.asking = None;
        Some((!std::mem::replace(&mut s.taken, true), s.to.map(|d| d.id)))
    }

    /// The seat's token, given anew in a welcome: `true` when it changed (keep it).
    pub fn set_token(&mut self, seat: Colour, token: u64) -> bool {
        match self.seat_mut(seat) {
            Some(s) if s.token != token => {
                s.token = token;
                true
            }
            _ => false,
        }
    }

    /// `seat`'s device sent refused messages until it was cut off: nobody sits there for
    /// [`COOL_MS`].
    pub fn cut_off(&mut self, seat: Colour, now: f64) {
        if let Some(s) = self.seat_mut(seat) {
            s.cool_until = now + COOL_MS;
        }
    }

    /// The seats a device asked for while they are played on another (for [`ASKING_MS`]).
    pub fn asking(&self, now: f64) -> Vec<Colour> {
        self.seats.iter().filter(|s| s.asking.is_some_and(|(_, t)| now - t < ASKING_MS)).map(|s| s.colour).collect()
    }

    /// The host lets a new device into `seat`: the seat's token becomes `token` (the old one
    /// proves nothing), the seat is free for the device that asked (returned: offer it the
    /// seat, granted) or, if none asked, for whoever takes the next invite.
    pub fn let_in(&mut self, seat: Colour, token: u64, now: f64) -> Option<Device> {
        let s = self.seat_mut(seat)?;
        s.token = token;
        s.taken = false;
        let asked = s.asking.take().map(|(d, _)| d);
        if let Some(d) = asked {
            s.claimed = Some((d.id, now));
        }
        asked
    }

    /// Watchers' places: a device asks to watch. Its earlier link goes (asked again), so do
    /// offers nobody opened in [`WATCH_OFFER_MS`]; then whether a place is free.
    pub fn watch(&mut self, from: Device, now: f64) -> Watching {
        let mut gone = Vec::new();
        self.places.retain(|p| {
            let keep = p.device.id != from.id && (p.open || now - p.at < WATCH_OFFER_MS);
            if !keep {
                gone.push(p.id);
            }
            keep
        });
        Watching { gone, room: self.places.len() < MAX_WATCHERS }
    }

    /// A place for `from`'s link `id` (from the host's game), offered with round `round`.
    pub fn seat_watcher(&mut self, from: Device, id: u64, round: u32, now: f64) {
        self.places.push(Place { device: from, id, round, at: now, open: false });
    }

    /// The watcher link whose offer an answer from `from` (signed by `key`) to `round` is.
    pub fn watcher_answer(&self, from: u64, key: KeyId, round: u32) -> Option<u64> {
        self.places.iter().find(|p| Offered { device: p.device.id, key: p.device.key, round: p.round }.answered_by(from, key, round)).map(|p| p.id)
    }

    /// Watcher link `id`'s connection opened: its place is kept until it closes.
    pub fn watcher_open(&mut self, id: u64) {
        if let Some(p) = self.places.iter_mut().find(|p| p.id == id) {
            p.open = true;
        }
    }

    /// Watcher link `id` is gone; `false` when it was not here.
    pub fn watcher_gone(&mut self, id: u64) -> bool {
        let before = self.places.len();
        self.places.retain(|p| p.id != id);
        self.places.len() != before
    }

    /// The watchers' links.
    pub fn watchers(&self) -> Vec<u64> {
        self.places.iter().map(|p| p.id).collect()
    }
}

fn refuse(to: Device, why: SeatRefusal) -> Act {
    Act::Say(Signal::Refused { to: to.id, why })
}

#[cfg(test)]
#[path = "door_tests.rs"]
mod tests;
