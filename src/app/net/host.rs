//! The host: the device that holds the game and keeps a link to each friend's device. The
//! session decides everything about the game — where each seat is played, handing the turn to
//! a seat elsewhere, holding a sealed bid — and builds each seat's table
//! ([`Session::table_for`](crate::app::session::Session)); the host keeps only the transport:
//! seat tokens, sequence numbers, what each link has of the log, the last table sent, the
//! number of the last command read, announcements to pass on and refused messages counted.
//!
//! What a seat is sent is its own table: its own view, the public log, its legal moves — never
//! another seat's hand, private money, unrevealed bid, the deck's order or the seed (they have
//! no field in a view, and a view is all a seat gets). The words are facts: every device says
//! them in its own language.
//!
//! A watcher's link is kept apart from the seats' (an id of its own, no seat): it is sent the
//! public table ([`Device::Watch`]) and the announcements, and whatever it asks of the game is
//! refused.

use super::message::{put_table, AnyUpdate, NetRules, Presence, Refusal, ToHost, ToRemote, Update, game_tag};
use super::proof::{self, Binding};
use super::wire::Writer;
use crate::app::said::Said;
use crate::app::session::Session;
use crate::app::table::Device;
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::engine::{Colour, IllegalMove};

/// What a device was sent since its hello: what the next update leaves out.
#[derive(Clone, Debug, Default)]
struct Sent {
    /// Updates sent since its last hello.
    seq: u32,
    /// Log lines it has.
    log_sent: usize,
    /// The last table sent, without its log (nothing new: nothing sent).
    last: Vec<u8>,
}

/// A friend's link, as the host keeps it.
#[derive(Clone, Debug)]
struct Link {
    colour: Colour,
    /// The join token of its invite.
    token: u64,
    /// The token that replaces it when the seat's device next proves the old one (a new game
    /// at the same table: the welcome gives it over the channel).
    next: Option<u64>,
    /// What its device has.
    sent: Sent,
    /// The number of the last command read (a number not above it is a replay).
    last_n: Option<u32>,
    /// Announcements not yet sent.
    notices: Vec<Said>,
    /// Messages refused since its last accepted one (the browser disconnects a persistent one).
    strikes: u32,
}

impl Link {
    fn new(colour: Colour, token: u64) -> Link {
        Link { colour, token, next: None, sent: Sent::default(), last_n: None, notices: Vec::new(), strikes: 0 }
    }
}

/// A watcher's link, as the host keeps it: no seat, no commands.
#[derive(Clone, Debug)]
struct Watcher {
    /// How the browser names the link ([`Host::add_watcher`]).
    id: u64,
    /// The token its hello must carry.
    token: u64,
    /// It said hello: it is sent the table.
    joined: bool,
    /// What its device has.
    sent: Sent,
    /// Announcements not yet sent.
    notices: Vec<Said>,
    /// Messages refused on its link (every command is); a hello never wipes them.
    strikes: u32,
}

/// A message for a remote seat.
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The seat it is for.
    pub to: Colour,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// A message for a watcher's device.
#[derive(Clone, Debug)]
pub struct ToWatcher {
    /// The watcher's link it is for ([`Host::add_watcher`]'s id).
    pub watcher: u64,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Refused messages in a row after which a link is closed (a seat's, or a watcher's in all).
pub const MAX_STRIKES: u32 = 12;

/// What the host answers a message with.
#[derive(Clone, Debug, Default)]
pub struct Received {
    /// The seat the link speaks for now (after a hello; `None` until then, and on a watcher's
    /// link).
    pub seat: Option<Colour>,
    /// The watcher the link speaks for now (after a watcher's hello).
    pub watcher: Option<u64>,
    /// Messages for the link the message came on (a welcome, an answer, a refusal).
    pub replies: Vec<Vec<u8>>,
}

/// The host of a game with remote seats.
#[derive(Clone, Debug)]
pub struct Host {
    session: AnySession,
    tag: u32,
    links: Vec<Link>,
    watchers: Vec<Watcher>,
    /// The id of the last watcher added (ids are never used twice).
    last_watcher: u64,
}

/// What the host's device knows of the connection a message came on (the browser's part: its
/// descriptions, and why it was offered).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Conn {
    /// Its two ends, from the offer and the answer: a seat's proof must be made for them
    /// (`None`: not known, and no proof holds).
    pub binding: Option<Binding>,
    /// The seat this connection was offered for to a device the host let sit down (a free
    /// seat claimed, a new device let in): its hello needs no proof, and the welcome gives it
    /// the seat's token. `None`: a device coming back, which proves it holds the token.
    pub grant: Option<Colour>,
}

/// The link a message came on, as the host knows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum On {
    /// Not joined yet.
    Nobody,
    /// A seat's link.
    Seat(Colour),
    /// A watcher's link.
    Watcher(u64),
}

impl Host {
    /// Hosts `session`, the seats `remote` played by friends on their own devices (each with
    /// the token of its invite); the computers are the session's, everyone else sits here.
    pub fn new(mut session: AnySession, remote: &[(Colour, u64)]) -> Host {
        let tag = game_tag(session.id());
        let colours: Vec<Colour> = remote.iter().map(|&(c, _)| c).collect();
        crate::each!(&mut session, s => s.host(&colours));
        Host { session, tag, links: remote.iter().map(|&(c, token)| Link::new(c, token)).collect(), watchers: Vec::new(), last_watcher: 0 }
    }

    /// The game's tag, which every message carries (it goes into the invite).
    pub fn tag(&self) -> u32 {
        self.tag
    }

    /// The game (to save after every move, as today).
    pub fn session(&self) -> &AnySession {
        &self.session
    }

    /// How a seat is played.
    pub fn presence(&self, c: Colour) -> Presence {
        crate::each!(&self.session, s => s.seats.presence(c))
    }

    /// A computer of `level` plays a friend's seat until the friend is back (`None`: the
    /// friend plays it again). The seat keeps its token.
    pub fn stand_in(&mut self, c: Colour, level: Option<crate::engine::ai::Level>) {
        self.changing(|s| crate::each!(s, s => s.stand_in(c, level)));
    }

    /// Seat `c`, played at the host's device until now, is a friend's on their own device from
    /// now on (`token`: its invite's). Steps staged here are taken back.
    pub fn add_remote(&mut self, c: Colour, token: u64) {
        if self.links.iter().any(|l| l.colour == c) || !crate::each!(&self.session, s => s.players().contains(&c)) {
            return;
        }
        self.links.push(Link::new(c, token));
        self.changing(|s| crate::each!(s, s => s.add_remote(c)));
    }

    /// A new device is let into seat `c` (the host's "Let a new device in"): the seat's token
    /// becomes `token`, so the device that held the old one can't prove it any more, and the
    /// seat's link is disconnected (the browser closes its channel).
    pub fn renew(&mut self, c: Colour, token: u64) {
        if let Some(l) = self.links.iter_mut().find(|l| l.colour == c) {
            l.token = token;
            l.next = None;
            l.last_n = None;
            l.strikes = 0;
        }
        self.disconnected(c);
    }

    /// A new game at the same table ("Play again"): seat `c`'s token is replaced by `token` the
    /// next time its device proves the old one, and the welcome gives it the new one over the
    /// channel. (Until then the old one still proves the seat.)
    pub fn rotate(&mut self, c: Colour, token: u64) {
        if let Some(l) = self.links.iter_mut().find(|l| l.colour == c) {
            l.next = Some(token);
        }
    }

    /// The table moves to a new link (`link`: its secret part): every seat connected now is told
    /// over its channel; those not connected aren't (they are out until the host invites them).
    pub fn moved(&mut self, link: &str) -> Vec<Outgoing> {
        let tag = self.tag;
        let connected: Vec<Colour> = self.links.iter().map(|l| l.colour).filter(|&c| crate::each!(&self.session, s => s.seats.connected(c))).collect();
        connected.into_iter().map(|to| Outgoing { to, bytes: ToRemote::Moved { link: link.to_string() }.encode(tag) }).collect()
    }

    /// The next game at this table has a room of its own ("Play again"): every watcher that
    /// said hello is told the new watch link (`link`: its secret part) over its channel, and
    /// follows it. (Seats are told by [`Host::moved`].)
    pub fn watchers_moved(&self, link: &str) -> Vec<ToWatcher> {
        let bytes = ToRemote::Moved { link: link.to_string() }.encode(self.tag);
        self.watchers.iter().filter(|w| w.joined).map(|w| ToWatcher { watcher: w.id, bytes: bytes.clone() }).collect()
    }

    /// Seat `c`'s token now (the browser keeps it beside the game).
    pub fn token(&self, c: Colour) -> Option<u64> {
        self.links.iter().find(|l| l.colour == c).map(|l| l.token)
    }

    /// Messages refused from a seat since its last accepted one.
    pub fn strikes(&self, c: Colour) -> u32 {
        self.links.iter().find(|l| l.colour == c).map_or(0, |l| l.strikes)
    }

    /// Seat `c`'s link refused [`MAX_STRIKES`] messages in a row: the browser closes it (and the
    /// door keeps the seat's device out for a while).
    pub fn flooded(&self, c: Colour) -> bool {
        self.strikes(c) >= MAX_STRIKES
    }

    /// A seat's link is gone: the others are told, and the seat rejoins with its token.
    pub fn disconnected(&mut self, c: Colour) {
        if let Some(l) = self.links.iter_mut().find(|l| l.colour == c) {
            l.notices.clear();
        }
        crate::each!(&mut self.session, s => s.set_connected(c, false));
    }

    /// What the host's own device shows.
    pub fn table(&self) -> AnyTable {
        self.session.table()
    }

    /// A command from the host's own device (a person here, or a dismissed announcement).
    ///
    /// # Errors
    /// The session's reasons: [`IllegalMove::NotYourTurn`] for anything done for a seat
    /// elsewhere, or while one acts.
    pub fn local(&mut self, c: AnyCommand) -> Result<(), IllegalMove> {
        self.changing(|s| s.apply_here(c))
    }

    /// Anything else done to the game on the host's device (a computer's move).
    pub fn with_session<R>(&mut self, f: impl FnOnce(&mut AnySession) -> R) -> R {
        self.changing(f)
    }

    /// Reads a message from a link (`link`: the seat it joined, if it did). A watcher's hello
    /// on a link that joined nothing yet joins it as that watcher ([`Received::watcher`]);
    /// after that, its messages go to [`Host::receive_watcher`].
    ///
    /// A seat's hello joins only with a proof of the seat's token made for this very
    /// connection (`conn.binding`), or without one on a connection offered to a device the
    /// host let in (`conn.grant`), which the welcome then gives the token.
    pub fn receive(&mut self, link: Option<Colour>, conn: &Conn, bytes: &[u8]) -> Received {
        self.read(link.map_or(On::Nobody, On::Seat), conn, bytes)
    }

    /// Reads a message from watcher `id`'s link: its hello again (a resync) is welcome; a
    /// command, or a seat's hello, is refused ([`Refusal::Watching`]) and counted.
    pub fn receive_watcher(&mut self, id: u64, bytes: &[u8]) -> Received {
        if !self.watchers.iter().any(|w| w.id == id) {
            // A link the browser dropped already: nothing it says is read.
            return Received { replies: vec![ToRemote::Refused(Refusal::Foreign).encode(self.tag)], ..Received::default() };
        }
        self.read(On::Watcher(id), &Conn::default(), bytes)
    }

    fn read(&mut self, on: On, conn: &Conn, bytes: &[u8]) -> Received {
        let tag = self.tag;
        let link = match on {
            On::Seat(c) => Some(c),
            _ => None,
        };
        let watcher = match on {
            On::Watcher(id) => Some(id),
            _ => None,
        };
        let refused = |why: Refusal| Received { seat: link, watcher, replies: vec![ToRemote::Refused(why).encode(tag)] };
        let msg = match ToHost::decode(bytes, tag) {
            Ok(m) => m,
            Err(e) => {
                self.strike(on);
                return refused(e.into());
            }
        };
        match msg {
            ToHost::Hello { .. } | ToHost::Command { .. } if watcher.is_some() => {
                // A watcher's link speaks for no seat, whatever it says.
                self.strike(on);
                match msg {
                    ToHost::Command { n, .. } => Received { seat: None, watcher, replies: vec![ToRemote::Answer { n, refused: Some(Refusal::Watching) }.encode(tag)] },
                    _ => refused(Refusal::Watching),
                }
            }
            ToHost::Watch { token, have_log } => {
                let log_len = crate::each!(&self.session, s => s.log.len());
                let found = match on {
                    On::Watcher(id) => self.watchers.iter().position(|w| w.id == id && w.token == token),
                    // A new connection: a link not joined yet first (a device that reloads may
                    // come back before its old link is closed).
                    On::Nobody => self.watchers.iter().position(|w| w.token == token && !w.joined).or_else(|| self.watchers.iter().position(|w| w.token == token)),
                    // A seat's link stays its seat's.
                    On::Seat(_) => None,
                };
                let Some(i) = found else {
                    self.strike(on);
                    return refused(Refusal::Foreign);
                };
                let w = &mut self.watchers[i];
                // A hello on the link that joined already (a resync) keeps its refusals counted;
                // a new connection starts afresh.
                if on == On::Nobody {
                    w.strikes = 0;
                }
                if !w.joined {
                    w.notices.clear();
                }
                w.joined = true;
                w.sent = Sent { log_sent: (have_log as usize).min(log_len), ..Sent::default() };
                let edition = self.session.edition();
                let id = self.session.id().to_string();
                Received { seat: None, watcher: Some(w.id), replies: vec![ToRemote::Watching { edition, id }.encode(tag)] }
            }
            ToHost::Hello { seat, proof, have_log } => {
                let edition = self.session.edition();
                let id = self.session.id().to_string();
                let log_len = crate::each!(&self.session, s => s.log.len());
                let found = self.links.iter().position(|l| {
                    l.colour == seat
                        && match (proof, conn.binding) {
                            (Some(p), Some(b)) => proof::verify(&p, l.token, tag, seat, &b),
                            (None, _) => conn.grant == Some(seat),
                            (Some(_), None) => false,
                        }
                });
                let Some(i) = found else {
                    self.strike(on);
                    return refused(Refusal::Foreign);
                };
                let l = &mut self.links[i];
                // A new token waiting for the seat replaces the one just proved.
                let renewed = if proof.is_some() { l.next.take() } else { None };
                let token = renewed.unwrap_or(l.token);
                if proof.is_none() {
                    l.next = None;
                }
                // Given once, over this channel: to a device let in without one, or in place
                // of the one it proved.
                let given = if proof.is_none() { Some(token) } else { renewed };
                // A hello on the link that joined already (a resync) keeps its refusals counted
                // and its last command number (an old command can't be replayed after it); a new
                // connection starts afresh.
                let (strikes, last_n) = if link == Some(seat) { (l.strikes, l.last_n) } else { (0, None) };
                *l = Link { sent: Sent { log_sent: (have_log as usize).min(log_len), ..Sent::default() }, notices: std::mem::take(&mut l.notices), strikes, last_n, ..Link::new(seat, token) };
                crate::each!(&mut self.session, s => s.set_connected(seat, true));
                Received { seat: Some(seat), watcher: None, replies: vec![ToRemote::Welcome { seat, edition, id, token: given }.encode(tag)] }
            }
            ToHost::Command { n, cmd } => {
                let Some(i) = link.filter(|&c| crate::each!(&self.session, s => s.seats.connected(c))).and_then(|c| self.links.iter().position(|l| l.colour == c)) else {
                    return refused(Refusal::NotJoined);
                };
                if self.links[i].last_n.is_some_and(|l| n <= l) {
                    self.links[i].strikes += 1;
                    return Received { seat: link, watcher: None, replies: vec![ToRemote::Answer { n, refused: Some(Refusal::Stale) }.encode(tag)] };
                }
                self.links[i].last_n = Some(n);
                let c = self.links[i].colour;
                let result = self.changing(|s| s.apply_from(c, cmd));
                let l = &mut self.links[i];
                l.strikes = if result.is_ok() { 0 } else { l.strikes + 1 };
                Received { seat: link, watcher: None, replies: vec![ToRemote::Answer { n, refused: result.err().map(Refusal::Illegal) }.encode(tag)] }
            }
        }
    }

    /// The messages due to the connected remote seats: announcements, and an update for each
    /// seat whose table changed.
    pub fn outbox(&mut self) -> Vec<Outgoing> {
        let tag = self.tag;
        let mut out = Vec::new();
        for i in 0..self.links.len() {
            let c = self.links[i].colour;
            if !crate::each!(&self.session, s => s.seats.connected(c)) {
                continue;
            }
            for said in std::mem::take(&mut self.links[i].notices) {
                out.push(Outgoing { to: c, bytes: ToRemote::Notice(said).encode(tag) });
            }
            let link = &mut self.links[i];
            let update = match &self.session {
                AnySession::Classic(s) => update(s, Device::Seat(c), &mut link.sent),
                AnySession::New(s) => update(s, Device::Seat(c), &mut link.sent),
            };
            if let Some(u) = update {
                out.push(Outgoing { to: c, bytes: ToRemote::Update(u).encode(tag) });
            }
        }
        out
    }

    /// A watcher's link: the device that says hello with `token` (random, from the browser,
    /// as a seat's) watches the public table. Returns the link's id, which names it to
    /// [`Host::receive_watcher`], [`Host::watcher_outbox`] and [`Host::remove_watcher`].
    pub fn add_watcher(&mut self, token: u64) -> u64 {
        self.last_watcher += 1;
        let id = self.last_watcher;
        self.watchers.push(Watcher { id, token, joined: false, sent: Sent::default(), notices: Vec::new(), strikes: 0 });
        id
    }

    /// A watcher's link is gone (or the host stops it): nothing more is sent to it, and its
    /// token no longer joins.
    pub fn remove_watcher(&mut self, id: u64) {
        self.watchers.retain(|w| w.id != id);
    }

    /// The watchers' links that said hello.
    pub fn watchers(&self) -> Vec<u64> {
        self.watchers.iter().filter(|w| w.joined).map(|w| w.id).collect()
    }

    /// Messages refused on watcher `id`'s link.
    pub fn watcher_strikes(&self, id: u64) -> u32 {
        self.watchers.iter().find(|w| w.id == id).map_or(0, |w| w.strikes)
    }

    /// Watcher `id`'s link refused [`MAX_STRIKES`] messages: the browser closes it.
    pub fn watcher_flooded(&self, id: u64) -> bool {
        self.watcher_strikes(id) >= MAX_STRIKES
    }

    /// The messages due to the watchers that said hello: announcements, and an update for each
    /// whose table changed (the public table: the same for every watcher).
    pub fn watcher_outbox(&mut self) -> Vec<ToWatcher> {
        let tag = self.tag;
        let mut out = Vec::new();
        for w in self.watchers.iter_mut().filter(|w| w.joined) {
            for said in std::mem::take(&mut w.notices) {
                out.push(ToWatcher { watcher: w.id, bytes: ToRemote::Notice(said).encode(tag) });
            }
            let update = match &self.session {
                AnySession::Classic(s) => update(s, Device::Watch, &mut w.sent),
                AnySession::New(s) => update(s, Device::Watch, &mut w.sent),
            };
            if let Some(u) = update {
                out.push(ToWatcher { watcher: w.id, bytes: ToRemote::Update(u).encode(tag) });
            }
        }
        out
    }

    fn strike(&mut self, on: On) {
        match on {
            On::Seat(c) => {
                if let Some(l) = self.links.iter_mut().find(|l| l.colour == c) {
                    l.strikes += 1;
                }
            }
            On::Watcher(id) => {
                if let Some(w) = self.watchers.iter_mut().find(|w| w.id == id) {
                    w.strikes += 1;
                }
            }
            On::Nobody => {}
        }
    }

    /// Runs a change of the game; new announcements go to the connected remote seats.
    fn changing<R>(&mut self, f: impl FnOnce(&mut AnySession) -> R) -> R {
        let before = crate::each!(&self.session, s => s.announcements.len());
        let r = f(&mut self.session);
        let (new, connected): (Vec<Said>, Vec<Colour>) = crate::each!(&self.session, s => (
            s.announcements.get(before..).map(<[Said]>::to_vec).unwrap_or_default(),
            s.seats.remote.iter().filter(|(_, on)| *on).map(|(c, _)| *c).collect(),
        ));
        for l in self.links.iter_mut().filter(|l| connected.contains(&l.colour)) {
            l.notices.extend(new.iter().cloned());
        }
        for w in self.watchers.iter_mut().filter(|w| w.joined) {
            w.notices.extend(new.iter().cloned());
        }
        r
    }
}

/// The update of a remote device (a seat's or a watcher's), if its table or the log changed
/// since the last one sent.
fn update<G: NetRules>(s: &Session<G>, device: Device, l: &mut Sent) -> Option<AnyUpdate> {
    let table = s.table_for(device);
    let mut w = Writer::default();
    put_table(&table, &mut w);
    let resend = s.log.len() < l.log_sent;
    if w.bytes == l.last && !resend && s.log.len() == l.log_sent {
        return None;
    }
    l.last = w.bytes;
    if resend {
        l.log_sent = 0;
    }
    l.seq += 1;
    let u = Update { seq: l.seq, log_from: l.log_sent as u32, log: s.log[l.log_sent..].to_vec(), table: crate::app::table::Table { log: Vec::new(), ..table } };
    l.log_sent = s.log.len();
    Some(G::any(u))
}
