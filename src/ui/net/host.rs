//! The host's device: it holds the game ([`Host`]), draws its own people's table, sends each
//! friend's device its seat's messages over that seat's data channel, and shows the friends'
//! panel — an invite per friend's seat (link, copy, QR), where their reply goes, who is
//! connected, a computer standing in for a friend who is away, and the connection helpers.

use super::keys::Signer;
use super::relay::{self, Channel, Heard};
use super::rtc::{Event, Peer};
use super::{link_error, pack, unpack, Qr};
use crate::app::net::door::{Act, Device, Door, ReplyRefusal, ASKING_MS};
use crate::app::net::host::Host;
use crate::app::net::invite::{packed_part, Invite, Reply};
use crate::app::net::proof::KeyId;
use crate::app::net::signal::Signal;
use crate::app::net::trust;
use crate::app::net::message::Presence;
use crate::app::net::words::{no_compression, peer_error};
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::engine::ai::Level;
use crate::engine::{Colour, IllegalMove};
use crate::tr;
use crate::ui::ctx::{Ctx, Net};
use crate::ui::storage;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// The ICE servers of a new host (one public STUN server: most home networks connect).
const DEFAULT_ICE: &str = "stun:stun.l.google.com:19302";
/// The channel an open host page listens on for replies opened in the same browser.
pub const REPLIES: &str = "loewenherz-net-replies";
/// How long the host waits for a relay before offering the invite-and-reply exchange.
const RELAY_WAIT_MS: u64 = 6000;
/// "Play again" waits at most this long for the words telling the friends and watchers the next
/// game's links to leave (ms) …
const SENT_WAIT_MS: f64 = 1500.0;
/// … and, once they have left, this long for them to arrive before the channels close.
const ARRIVE_MS: f64 = 300.0;

/// The relays this host uses (its panel's list; the public defaults until it was changed;
/// none when turned off).
pub fn host_relays() -> Vec<String> {
    match storage::net_relays() {
        Some(text) => relay::parse_relays(&text),
        None => relay::DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect(),
    }
}

/// The ICE servers new invites use (the host's settings, a line each: an address, and for a
/// TURN server its user name and password after it; none: one local network).
pub fn ice_servers() -> Vec<String> {
    let text = storage::net_ice().unwrap_or_else(|| DEFAULT_ICE.into());
    text.lines().map(str::trim).filter(|l| !l.is_empty() && l.len() <= 256).take(8).map(str::to_string).collect()
}

/// `None` when the browser's random source failed: no seat gets a token of zeros.
fn fresh_token() -> Option<u64> {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).ok()?;
    Some(u64::from_le_bytes(b))
}

/// How the relays stand on the host's device.
#[derive(Clone, PartialEq, Debug)]
pub enum Relays {
    /// Connecting (none answered yet).
    Connecting,
    /// This many relays are connected.
    Up(usize),
    /// None: the invite-and-reply exchange is the way, and why.
    Down(String),
}

/// What the friends' panel shows of a seat (a row changed is drawn anew; the others stay as
/// they are, with what was typed or copied in them).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Row {
    colour: Colour,
    name: String,
    presence: Presence,
    /// The invite link to send (`None`: being made, or the seat is played here).
    invite: Option<String>,
    /// What happened last (a reply refused, an invite that failed).
    status: Option<String>,
}

/// The host's side of remote play.
pub struct HostNet {
    ctx: Ctx,
    id: String,
    host: RefCell<Host>,
    /// Who may sit down where, who is offered a connection, the watchers' places.
    door: RefCell<Door>,
    /// Each friend's seat's current invite's connection, with the invite's round.
    peers: RefCell<Vec<(Colour, u32, Rc<Peer>)>>,
    rows: RwSignal<Vec<Row>>,
    open: RwSignal<bool>,
    /// Remote play ended on this page (the replies of other tabs are no longer taken).
    closed: std::cell::Cell<bool>,
    /// The table link's secret (base64url).
    secret: RefCell<String>,
    /// The devices of the table talking through relays.
    relay: RefCell<Option<Rc<Channel>>>,
    /// How the relays stand.
    relays: RwSignal<Relays>,
    /// The last message through the relays refused, in words.
    refused: RwSignal<Option<String>>,
    /// The watch link's room on the relays, and its secret (base64url) once derived.
    watch: RefCell<Option<Rc<Channel>>>,
    watch_secret: RwSignal<Option<String>>,
    /// The watchers' connections, by the host's id of their links.
    watchers: RefCell<Vec<(u64, Rc<Peer>)>>,
    /// The seats a device asks for while they are played on another device.
    asking: RwSignal<Vec<Colour>>,
    /// The host's signing key for the table (kept beside the game), once ready.
    signer: RefCell<Option<Rc<Signer>>>,
    /// The host locked the table: no device sits down (kept beside the game).
    locked: RwSignal<bool>,
}

impl Net for HostNet {
    fn change(&self, f: &mut dyn FnMut(&mut AnySession)) -> bool {
        self.host.borrow_mut().with_session(|s| f(s));
        self.after();
        true
    }

    fn send(&self, c: AnyCommand) -> Result<(), IllegalMove> {
        let r = self.host.borrow_mut().local(c);
        self.after();
        r
    }

    fn table(&self) -> Option<AnyTable> {
        Some(self.host.borrow().table())
    }

    fn show_friends(&self) {
        self.open.set(true);
    }

    fn menu(&self, _: RwSignal<bool>) -> AnyView {
        // The host's device holds the game: the game's own menu is drawn.
        ().into_any()
    }

    fn close(&self) {
        self.closed.set(true);
        for room in [&self.relay, &self.watch] {
            if let Some(c) = room.borrow_mut().take() {
                c.close();
            }
        }
        for (_, p) in self.watchers.borrow_mut().drain(..) {
            p.close();
        }
        for (_, _, p) in self.peers.borrow_mut().drain(..) {
            p.close();
        }
    }
}

impl HostNet {
    /// The save id of the game hosted.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// A reply opened in this very tab: taken like one pasted; why not, as a notice.
    pub fn take_reply(self: &Rc<Self>, packed: String) {
        let me = self.clone();
        leptos::task::spawn_local(async move {
            match me.reply(&packed).await {
                Ok(seat) => me.connecting(seat),
                Err(why) => me.ctx.notice.set(Some(why)),
            }
        });
    }

    /// The session shown and saved follows the host's; each friend gets what is due to it.
    fn after(&self) {
        // A host stopped on this page: late events of its connections change nothing.
        if self.closed.get() {
            return;
        }
        let out = self.host.borrow_mut().outbox();
        for o in out {
            self.send_to(o.to, &o.bytes);
        }
        let watched = self.host.borrow_mut().watcher_outbox();
        self.send_watchers(watched);
        let session = self.host.borrow().session().clone();
        self.ctx.game.set(Some(session));
        self.ctx.persist();
        self.refresh();
    }

    /// Each message to its watcher's connection (one gone meanwhile gets nothing).
    fn send_watchers(&self, out: Vec<crate::app::net::host::ToWatcher>) {
        for o in out {
            let peer = self.watchers.borrow().iter().find(|(id, _)| *id == o.watcher).map(|(_, p)| p.clone());
            if let Some(p) = peer {
                p.send(&o.bytes);
            }
        }
    }

    fn send_to(&self, seat: Colour, bytes: &[u8]) {
        if self.door.borrow().joined(seat)
            && let Some(p) = self.peer(seat, None)
        {
            p.send(bytes);
        }
    }

    fn refresh(&self) {
        let host = self.host.borrow();
        let friends = self.door.borrow().colours();
        let (players, names): (Vec<Colour>, Vec<String>) = crate::each!(host.session(), s => (s.players().to_vec(), s.players().iter().map(|&c| s.name(c)).collect()));
        let old = self.rows.get_untracked();
        let rows = players
            .into_iter()
            .zip(names)
            .map(|(colour, name)| {
                let before = old.iter().find(|r| r.colour == colour);
                Row {
                    colour,
                    name,
                    presence: host.presence(colour),
                    invite: if friends.contains(&colour) { before.and_then(|r| r.invite.clone()) } else { None },
                    status: before.and_then(|r| r.status.clone()),
                }
            })
            .collect::<Vec<_>>();
        drop(host);
        if rows != old {
            self.rows.set(rows);
        }
    }

    fn set_row(&self, seat: Colour, f: impl FnOnce(&mut Row)) {
        if self.closed.get() {
            return;
        }
        self.rows.update(|rows| {
            if let Some(r) = rows.iter_mut().find(|r| r.colour == seat) {
                f(r);
            }
        });
    }

    /// A reply was taken for `seat`: "connecting" until it joins (said only if it has not
    /// joined already — the channel may open before the reply's own task goes on).
    fn connecting(&self, seat: Colour) {
        if !self.door.borrow().joined(seat) {
            self.set_row(seat, |r| r.status = Some(tr!(String NetConnecting)));
        }
    }

    fn name(&self, seat: Colour) -> String {
        self.rows.with_untracked(|rows| rows.iter().find(|r| r.colour == seat).map(|r| r.name.clone())).unwrap_or_default()
    }

    /// The connection of `seat`'s current invite (`round`: only if it is that invite's).
    fn peer(&self, seat: Colour, round: Option<u32>) -> Option<Rc<Peer>> {
        self.peers.borrow().iter().find(|(c, r, _)| *c == seat && round.is_none_or(|n| n == *r)).map(|(_, _, p)| p.clone())
    }

    /// Does what the door said to a device's word.
    fn act(self: &Rc<Self>, act: Act) {
        match act {
            Act::Say(signal) => self.say(signal),
            Act::Invite { seat, to, grant } => self.invite_to(seat, Some(to), grant),
            Act::Nothing => {}
        }
    }

    /// Makes a new invite for a friend's seat (the link before it no longer connects).
    fn invite(self: &Rc<Self>, seat: Colour) {
        self.invite_to(seat, None, false);
    }

    /// Makes a new invite for a friend's seat, sent through the relays to device `to` if given
    /// (its link is shown too: whichever answers first sits down). `grant`: the device sits
    /// down without the seat's token and the welcome gives it one; else it proves it holds it.
    fn invite_to(self: &Rc<Self>, seat: Colour, to: Option<Device>, grant: bool) {
        let round = storage::fresh_round();
        let Some(token) = self.door.borrow().token(seat) else { return };
        let left = self.door.borrow_mut().invite(seat, round, to, grant, js_sys::Date::now());
        let old = {
            let mut peers = self.peers.borrow_mut();
            peers.iter().position(|(c, _, _)| *c == seat).map(|i| peers.remove(i).2)
        };
        if let Some(p) = old {
            p.close();
        }
        if let Some(device) = left {
            self.host.borrow_mut().disconnected(seat);
            // Its device left the seat: trusted no more than any other.
            if let (Some(d), Some(c)) = (device, self.relay.borrow().as_ref()) {
                c.unpin(d);
            }
        }
        self.set_row(seat, |r| {
            r.invite = None;
            r.status = None;
        });
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let ice = ice_servers();
            let on = {
                let me = me.clone();
                move |ev| me.clone().heard(seat, round, ev)
            };
            match Peer::offer(&ice, on).await {
                Ok((peer, offer)) => {
                    let tag = me.host.borrow().tag();
                    // Kept before anyone can answer it; a newer invite may have replaced it.
                    let said = me.door.borrow_mut().offered(seat, round, &offer, &ice, tag);
                    let Ok(said) = said else { return peer.close() };
                    me.peers.borrow_mut().push((seat, round, Rc::new(peer)));
                    if let Some(signal) = said {
                        me.say(signal);
                    }
                    let invite = Invite { tag, seat, token, round, ice, offer };
                    match pack(&invite.encode()).await {
                        Some(p) => me.set_row(seat, |r| r.invite = Some(format!("{}#join={p}", crate::ui::page::base_url()))),
                        None => me.set_row(seat, |r| r.status = Some(no_compression())),
                    }
                }
                Err(why) => me.set_row(seat, |r| r.status = Some(tr!(NetInviteFailed, why = peer_error(why)))),
            }
            me.after();
        });
    }

    /// Something happened on the link of `seat`'s invite `round`.
    fn heard(self: Rc<Self>, seat: Colour, round: u32, ev: Event) {
        if self.closed.get() {
            return;
        }
        // An invite replaced since: its link is closed already.
        let Some((conn, joined)) = self.door.borrow().conn(seat, round) else { return };
        let peer = self.peer(seat, Some(round));
        match ev {
            Event::Open => {}
            Event::Message(bytes) => {
                let got = self.host.borrow_mut().receive(joined.then_some(seat), &conn, &bytes);
                if got.seat.is_some() && got.seat != Some(seat) {
                    // A token of another seat on this seat's link: not this invite's friend.
                    if let Some(p) = peer {
                        p.close();
                    }
                    return self.after();
                }
                if got.seat == Some(seat) && !joined {
                    let sat = self.door.borrow_mut().sat_down(seat, round);
                    // The seated device (when it came through the relays): a flood of new
                    // senders can't push it out of the guard's memory.
                    if let (Some((_, Some(d))), Some(c)) = (sat, self.relay.borrow().clone()) {
                        c.pin(d);
                    }
                    // The seat's token may be a new one now (given in the welcome).
                    let renewed = self.host.borrow().token(seat).is_some_and(|t| self.door.borrow_mut().set_token(seat, t));
                    if sat.is_some_and(|(newly, _)| newly) || renewed {
                        // A reloaded host still knows the seat is somebody's, and its token.
                        self.remember();
                    }
                    self.set_row(seat, |r| r.status = None);
                }
                if let Some(p) = &peer {
                    for reply in &got.replies {
                        p.send(reply);
                    }
                }
                if self.host.borrow().flooded(seat) {
                    // Cut off for a flood: the seat is nobody's for a while.
                    self.door.borrow_mut().cut_off(seat, js_sys::Date::now());
                    let why = tr!(NetDropped, name = self.name(seat));
                    return self.dropped(seat, why);
                }
                self.after();
            }
            Event::Closed => {
                if joined {
                    // Gone (a reload, a lost network): through the relays it comes back by itself.
                    let name = self.name(seat);
                    let why = if matches!(self.relays.get_untracked(), Relays::Up(_)) { tr!(RelayFriendDropped, name = name) } else { tr!(NetGone, name = name) };
                    self.dropped(seat, why);
                }
            }
        }
    }

    /// A friend's link is gone (`why`): a new invite is made at once (the friend's device comes
    /// back through the relays by itself; the panel's button shows a badge, the panel stays as
    /// it is).
    fn dropped(self: Rc<Self>, seat: Colour, why: String) {
        self.invite(seat);
        self.set_row(seat, |r| r.status = Some(why));
        self.after();
    }

    /// New invites for every friend's seat not connected now (the connection helpers changed).
    fn reinvite_waiting(self: &Rc<Self>) {
        let waiting = self.door.borrow().waiting();
        for seat in waiting {
            self.invite(seat);
        }
    }

    /// Says `body` to the table's devices through the relays (nothing without relays).
    fn say(&self, body: Signal) {
        if let Some(c) = self.relay.borrow().clone() {
            c.say(body);
        }
    }

    /// The table link for one seat: whoever opens it sits down there while it is free.
    fn seat_link(&self, seat: Colour) -> String {
        format!("{}&seat={}", self.table_link(), seat.name())
    }

    /// The table link: the one link friends open to sit down (its secret only in the `#` part).
    pub fn table_link(&self) -> String {
        let relays = host_relays();
        let defaults: Vec<String> = relay::DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect();
        let extra = if relays == defaults { String::new() } else { format!("&relays={}", String::from(js_sys::encode_uri_component(&relays.join(",")))) };
        format!("{}#table={}{extra}", crate::ui::page::base_url(), self.link_secret(&self.secret.borrow()))
    }

    /// A link's secret part: the room's secret (base64url) and the host's key id (once the key
    /// is ready; a link is shown only after that).
    fn link_secret(&self, secret: &str) -> String {
        let bytes: Option<[u8; trust::SECRET_BYTES]> = crate::app::share::base64url_decode(secret).ok().and_then(|b| b.try_into().ok());
        match (bytes, self.signer.borrow().as_ref()) {
            (Some(b), Some(k)) => trust::link_secret(&b, k.id()),
            _ => secret.to_string(),
        }
    }

    /// The watch link: whoever opens it sees the public table live (no seat, nothing private).
    pub fn watch_link(&self) -> Option<String> {
        let table = self.table_link();
        let rest = table.split_once('#')?.1.split_once('&').map(|(_, r)| format!("&{r}")).unwrap_or_default();
        self.watch_secret.get().map(|w| format!("{}#watch={}{rest}", crate::ui::page::base_url(), self.link_secret(&w)))
    }

    /// Joins the table's room and the watch link's on the relays (again, after the list changed).
    fn start_relays(self: &Rc<Self>) {
        for room in [&self.relay, &self.watch] {
            if let Some(c) = room.borrow_mut().take() {
                c.close();
            }
        }
        let relays = host_relays();
        if relays.is_empty() {
            return self.relays.set(Relays::Down(tr!(String TableRelayOffWhy)));
        }
        if !relay::available() {
            return self.relays.set(Relays::Down(tr!(String TableRelayUnavailable)));
        }
        self.relays.set(Relays::Connecting);
        let Some(secret) = crate::app::share::base64url_decode(&self.secret.borrow()).ok() else { return };
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let Some(signer) = me.signer().await else {
                return me.relays.set(Relays::Down(tr!(String TableRelayUnavailable)));
            };
            let on = {
                let me = me.clone();
                move |h| me.heard_relay(h)
            };
            // The guard's memory is kept with the game: after a reload, knocks a relay recorded
            // before it are refused still.
            let kept = format!("loewenherz/net/guard/{}", me.id);
            match Channel::open_keeping(&secret, &relays, signer.clone(), Some(&kept), on).await {
                Some(c) if !me.closed.get() => *me.relay.borrow_mut() = Some(c),
                Some(c) => c.close(),
                None => return me.relays.set(Relays::Down(tr!(String TableRelayUnavailable))),
            }
            // The watch link's own room: its secret can't lead a watcher to the table's.
            let Some(watch) = relay::watch_secret(&secret).await else { return };
            me.watch_secret.set(Some(crate::app::share::base64url_encode(&watch)));
            let on = {
                let me = me.clone();
                move |h| me.heard_watch(h)
            };
            match Channel::open_keeping(&watch, &relays, signer, Some(&format!("{kept}/watch")), on).await {
                Some(c) if !me.closed.get() => *me.watch.borrow_mut() = Some(c),
                Some(c) => c.close(),
                None => {}
            }
        });
        // No relay answered in a while: the exchange by hand is offered, with why.
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                if !me.closed.get() && me.relays.get_untracked() == Relays::Connecting {
                    me.relays.set(Relays::Down(tr!(RelayNoAnswer, seconds = RELAY_WAIT_MS / 1000)));
                }
            },
            std::time::Duration::from_millis(RELAY_WAIT_MS),
        );
    }

    /// The host's signing key for this table: the one kept beside the game, else a new one
    /// (kept at once: the table link names it). `None`: the browser has no WebCrypto.
    async fn signer(&self) -> Option<Rc<Signer>> {
        if let Some(s) = self.signer.borrow().clone() {
            return Some(s);
        }
        let kept = match storage::net_key(&self.id) {
            Some((private, public)) => Signer::restore(&private, &public).await,
            None => None,
        };
        let signer = match kept {
            Some(s) => s,
            None => {
                let s = Signer::new(true).await?;
                storage::set_net_key(&self.id, &s.export().await?, s.public());
                s
            }
        };
        let signer = Rc::new(signer);
        *self.signer.borrow_mut() = Some(signer.clone());
        Some(signer)
    }

    /// "New table link": a new secret and a new key for the table. Every friend connected now
    /// is told the new link over its channel and follows it; the old link (and the old watch
    /// link) leads nowhere from now on, so whoever holds only that is out.
    fn new_link(self: &Rc<Self>, done: impl FnOnce() + 'static) {
        self.new_room(None, Box::new(done));
    }

    /// "Play again": the next game (saved as `next`) meets in a room of its own, so a relay's
    /// topic lasts one game, not the table's life. The friends seated and the watchers
    /// connected now are told the new links over their channels and follow them; `done` runs
    /// once those words have left (the next game's host then closes these channels). A device
    /// not connected now needs the new link.
    pub fn next_game(self: &Rc<Self>, next: String, done: impl FnOnce() + 'static) {
        // This game's host is stopping: nothing that happens on its connections meanwhile
        // changes the game shown (the next one) or is saved.
        self.closed.set(true);
        self.new_room(Some(next), Box::new(done));
    }

    /// A new room: a new secret (so a new topic, room key and watch link) and a new key for the
    /// host's words, kept at once beside this game or, for the next one, beside game `next`
    /// (the links name both). The seated friends connected now are told the new table link;
    /// for the next game the watchers too their new watch link, and `done` waits for those
    /// words to leave; for this game its relays move to the new room. Without a random draw
    /// (said in the panel) or WebCrypto nothing changes, and only the next game's `done` runs
    /// (its host then says why it can't host).
    fn new_room(self: &Rc<Self>, next: Option<String>, done: Box<dyn FnOnce()>) {
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let made = match relay::fresh_secret() {
                Some(secret) => match Signer::new(true).await {
                    Some(signer) => signer.export().await.map(|private| (secret, signer, private)),
                    None => None,
                },
                None => {
                    me.refused.set(Some(tr!(String NetNoRandom)));
                    None
                }
            };
            let Some((secret, signer, private)) = made else {
                if next.is_some() {
                    done();
                }
                return;
            };
            let text = crate::app::share::base64url_encode(&secret);
            let id = next.clone().unwrap_or_else(|| me.id.clone());
            storage::set_net_table(&id, &text);
            storage::set_net_key(&id, &private, signer.public());
            let told = me.host.borrow_mut().moved(&trust::link_secret(&secret, signer.id()));
            for o in told {
                me.send_to(o.to, &o.bytes);
            }
            if next.is_none() {
                *me.secret.borrow_mut() = text;
                *me.signer.borrow_mut() = Some(Rc::new(signer));
                me.start_relays();
                return done();
            }
            if let Some(watch) = relay::watch_secret(&secret).await.and_then(|w| <[u8; trust::SECRET_BYTES]>::try_from(w).ok()) {
                let told = me.host.borrow().watchers_moved(&trust::link_secret(&watch, signer.id()));
                me.send_watchers(told);
            }
            me.drained(SENT_WAIT_MS).await;
            done();
        });
    }

    /// Waits until every channel has handed what it was given to the network, then a little
    /// more for it to arrive (at most `ms` in all): closing a connection drops what it still holds.
    async fn drained(&self, ms: f64) {
        const STEP_MS: f64 = 50.0;
        let mut waited = 0.0;
        let busy = |me: &Self| me.peers.borrow().iter().any(|(_, _, p)| !p.drained()) || me.watchers.borrow().iter().any(|(_, p)| !p.drained());
        while waited < ms && busy(self) {
            crate::ui::page::sleep(STEP_MS).await;
            waited += STEP_MS;
        }
        crate::ui::page::sleep(ARRIVE_MS.min(ms - waited)).await;
    }

    /// The host's key id (once its key is ready).
    fn key_id(&self) -> Option<KeyId> {
        self.signer.borrow().as_ref().map(|s| s.id())
    }

    fn heard_relay(self: &Rc<Self>, h: Heard) {
        if self.closed.get() {
            return;
        }
        match h {
            Heard::Relays(0) if matches!(self.relays.get_untracked(), Relays::Up(_)) => self.relays.set(Relays::Down(tr!(String TableRelayLost))),
            Heard::Relays(0) => {}
            Heard::Relays(n) => self.relays.set(Relays::Up(n)),
            // Said in the panel (nothing changed: the message was dropped); a device's clock far
            // off, in minutes.
            Heard::Refused(why) => {
                let room = self.relay.borrow().clone();
                self.refused_on(room, why);
            }
            // A device's words, signed by its own key (never the host's words, nor its key).
            Heard::Said(e, signer) if self.key_id().is_some_and(|host| trust::host_takes(host, signer, &e.body).is_ok()) => self.signal(e.from, signer, e.body),
            Heard::Said(..) => {}
        }
    }

    /// A message through room `room` was refused (`why`), said in the panel. A device that
    /// asked with a clock far off this one's is told so (the answer carries this device's time,
    /// which it follows from then on).
    fn refused_on(&self, room: Option<Rc<Channel>>, why: crate::app::net::signal::Refusal) {
        use crate::app::net::relay_words::{clock_off, clock_told, relay_refusal};
        let Some(c) = room else { return };
        let off = match why {
            crate::app::net::signal::Refusal::Stale => c.clock_off(),
            _ => None,
        };
        let text = match (off, off.and_then(|_| c.clock_reply())) {
            (Some(off), Some(to)) => {
                if let Some(to) = to {
                    c.say(Signal::Refused { to, why: crate::app::net::signal::SeatRefusal::Clock });
                }
                clock_told(off)
            }
            (Some(off), None) => clock_off(off),
            (None, _) => relay_refusal(why),
        };
        self.refused.set(Some(text));
    }

    /// What a device said in the watch link's room.
    fn heard_watch(self: &Rc<Self>, h: Heard) {
        if self.closed.get() {
            return;
        }
        if let Heard::Refused(why) = h {
            let room = self.watch.borrow().clone();
            return self.refused_on(room, why);
        }
        let Heard::Said(e, signer) = h else { return };
        if !self.key_id().is_some_and(|host| trust::host_takes(host, signer, &e.body).is_ok()) {
            return;
        }
        match e.body {
            Signal::Watch => self.offer_watcher(Device { id: e.from, key: signer }),
            Signal::Answer { seat: None, round, sdp } => {
                let id = self.door.borrow().watcher_answer(e.from, signer, round);
                let peer = id.and_then(|id| self.watchers.borrow().iter().find(|(w, _)| *w == id).map(|(_, p)| p.clone()));
                if let Some(p) = peer.filter(|p| !p.answered()) {
                    leptos::task::spawn_local(async move {
                        let _ = p.accept(&sdp).await;
                    });
                }
            }
            _ => {}
        }
    }

    /// A device asked to watch: a connection is offered to it while a place is free (one at a
    /// time per device; offers nobody opened in time give their places up).
    fn offer_watcher(self: &Rc<Self>, device: Device) {
        let watching = self.door.borrow_mut().watch(device, js_sys::Date::now());
        for id in watching.gone {
            self.drop_watcher(id);
        }
        if !watching.room {
            return;
        }
        let round = storage::fresh_round();
        // The connection itself is the watcher's: its token is the offer's round.
        let id = self.host.borrow_mut().add_watcher(u64::from(round));
        self.door.borrow_mut().seat_watcher(device, id, round, js_sys::Date::now());
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let ice = ice_servers();
            let on = {
                let me = me.clone();
                move |ev| me.heard_watcher(id, ev)
            };
            let Ok((peer, sdp)) = Peer::offer(&ice, on).await else { return me.drop_watcher(id) };
            let tag = me.host.borrow().tag();
            // Its place was given up meanwhile (it asked again, or its offer expired).
            if !me.door.borrow().watchers().contains(&id) {
                return peer.close();
            }
            me.watchers.borrow_mut().push((id, Rc::new(peer)));
            // Anyone may hold the watch link: its offer names the STUN servers alone (the host's
            // own connection used the whole list, TURN and its password with it).
            if let Some(c) = me.watch.borrow().clone() {
                c.say(Signal::Offer { to: device.id, tag, seat: None, round, ice: crate::app::net::ice::stun_only(&ice), sdp });
            }
        });
    }

    /// Something happened on watcher `id`'s connection.
    fn heard_watcher(self: &Rc<Self>, id: u64, ev: Event) {
        if self.closed.get() {
            return;
        }
        let peer = self.watchers.borrow().iter().find(|(w, _)| *w == id).map(|(_, p)| p.clone());
        match ev {
            Event::Open => self.door.borrow_mut().watcher_open(id),
            Event::Message(bytes) => {
                let got = self.host.borrow_mut().receive_watcher(id, &bytes);
                if let Some(p) = &peer {
                    for reply in &got.replies {
                        p.send(reply);
                    }
                }
                if self.host.borrow().watcher_flooded(id) {
                    return self.drop_watcher(id);
                }
                self.after();
            }
            Event::Closed => self.drop_watcher(id),
        }
    }

    /// Watcher link `id` is closed and forgotten.
    fn drop_watcher(&self, id: u64) {
        self.door.borrow_mut().watcher_gone(id);
        let gone = {
            let mut watchers = self.watchers.borrow_mut();
            watchers.iter().position(|(w, _)| *w == id).map(|i| watchers.remove(i).1)
        };
        if let Some(p) = gone {
            p.close();
        }
        self.host.borrow_mut().remove_watcher(id);
    }

    /// What a device of the table said through the relays: the door decides.
    fn signal(self: &Rc<Self>, from: u64, key: KeyId, body: Signal) {
        let now = js_sys::Date::now();
        let device = Device { id: from, key };
        let tag = self.host.borrow().tag();
        match body {
            Signal::Knock { seat: None } => {
                let edition = self.host.borrow().session().edition();
                let names: Vec<(Colour, String)> = self.rows.with_untracked(|rows| rows.iter().map(|r| (r.colour, r.name.clone())).collect());
                let seats = self.door.borrow().seats(from, &names, now);
                self.say(Signal::Seats { to: from, tag, edition, seats });
            }
            // A device coming back to its seat (it proves the token on the connection offered),
            // or one opening the table link and asking for a seat.
            Signal::Knock { seat: Some(seat) } => {
                let act = self.door.borrow_mut().knock(seat, device, tag, now);
                self.act(act);
                self.refresh_asking();
            }
            Signal::Claim { seat } => {
                let act = self.door.borrow_mut().claim(seat, device, tag, now);
                self.act(act);
                self.refresh_asking();
            }
            Signal::Answer { seat, round, sdp } => {
                // Only the device the offer went to, signing with the key it asked with.
                let Some(seat) = self.door.borrow_mut().answer(seat, from, key, round, &sdp) else { return };
                let Some(p) = self.peer(seat, Some(round)) else { return };
                let me = self.clone();
                leptos::task::spawn_local(async move {
                    match p.accept(&sdp).await {
                        Ok(()) => me.connecting(seat),
                        Err(why) => me.set_row(seat, |r| r.status = Some(tr!(NetReplyBad, why = peer_error(why)))),
                    }
                });
            }
            // What only a host says, or a watcher (not on this topic).
            _ => {}
        }
    }

    /// A reply pasted here or opened in another tab of this browser; `Err` says why it can't
    /// be used.
    async fn reply(self: &Rc<Self>, text: &str) -> Result<Colour, String> {
        let bytes = match unpack(packed_part(text, "reply")).await {
            Some(b) => b,
            None if !crate::ui::page::can_pack() => return Err(no_compression()),
            None => return Err(tr!(NetReplyBad, why = tr!(NetLinkGarbled))),
        };
        let reply = Reply::decode(&bytes).map_err(|e| tr!(NetReplyBad, why = link_error(e)))?;
        if reply.tag != self.host.borrow().tag() {
            return Err(tr!(String NetReplyForeign));
        }
        let name = self.name(reply.seat);
        let taken = self.door.borrow_mut().reply(reply.seat, reply.round, &reply.answer);
        match taken {
            Err(ReplyRefusal::Foreign) => return Err(tr!(String NetReplyForeign)),
            Err(ReplyRefusal::Old) => return Err(tr!(NetReplyOld, name = name)),
            Err(ReplyRefusal::Used) => return Err(tr!(NetReplyUsed, name = name)),
            Ok(()) => {}
        }
        let peer = self.peer(reply.seat, Some(reply.round)).ok_or_else(|| tr!(NetReplyOld, name = name))?;
        peer.accept(&reply.answer).await.map_err(|why| tr!(NetReplyBad, why = peer_error(why)))?;
        Ok(reply.seat)
    }

    /// The panel shows which seats a device asks for while a friend has them (until it stops
    /// asking for [`ASKING_MS`]).
    fn refresh_asking(self: &Rc<Self>) {
        let asking = self.door.borrow().asking(js_sys::Date::now());
        if self.asking.get_untracked() != asking {
            self.asking.set(asking.clone());
        }
        if !asking.is_empty() {
            let me = self.clone();
            leptos::prelude::set_timeout(move || if !me.closed.get() { me.refresh_asking() }, std::time::Duration::from_millis(ASKING_MS as u64 + 100));
        }
    }

    /// The host lets a new device into `seat` (it asked while the seat was played on another):
    /// the seat gets a new token, the old device's channel closes, and the asking device is
    /// offered the seat; its welcome gives it the new token. The old device's token proves
    /// nothing any more.
    fn let_in(self: &Rc<Self>, seat: Colour) {
        let Some(token) = fresh_token() else {
            return self.refused.set(Some(tr!(String NetNoRandom)));
        };
        let device = self.door.borrow_mut().let_in(seat, token, js_sys::Date::now());
        self.host.borrow_mut().renew(seat, token);
        self.remember();
        match device {
            Some(d) => self.invite_to(seat, Some(d), true),
            None => self.invite(seat),
        }
        self.refresh_asking();
        self.after();
    }

    /// "Lock the table" (or unlock it): kept with the game.
    fn set_locked(&self, locked: bool) {
        self.door.borrow_mut().lock(locked);
        self.locked.set(locked);
        storage::set_net_locked(&self.id, locked);
    }

    /// A seat played here until now becomes a friend's.
    fn add_friend(self: &Rc<Self>, seat: Colour) {
        let Some(token) = fresh_token() else {
            return self.refused.set(Some(tr!(String NetNoRandom)));
        };
        self.host.borrow_mut().add_remote(seat, token);
        self.door.borrow_mut().add(seat, token);
        self.remember();
        self.invite(seat);
        self.after();
    }

    fn remember(&self) {
        let seats: Vec<storage::NetSeat> = self.door.borrow().kept().into_iter().map(|(colour, token, taken)| storage::NetSeat { colour, token: Some(token), taken }).collect();
        storage::set_net_seats(&self.id, &seats);
    }
}

/// Hosts saved game `id` on this device: its friends' seats get invites.
pub fn start(ctx: Ctx, id: &str) -> Result<Rc<HostNet>, String> {
    let session = storage::load(id)?;
    let players: Vec<Colour> = crate::each!(&session, s => s.players().to_vec());
    let kept = storage::net_seats(id);
    let seats: Vec<(Colour, u64)> = kept
        .iter()
        .filter(|s| players.contains(&s.colour))
        .map(|s| s.token.or_else(fresh_token).map(|t| (s.colour, t)).ok_or_else(|| tr!(String NetNoRandom)))
        .collect::<Result<_, _>>()?;
    // A seat a friend sat down in stays theirs after a reload: it is not offered to others.
    let taken = |c: Colour| kept.iter().any(|s| s.colour == c && s.taken);
    let secret = match storage::net_table(id) {
        Some(s) => s,
        None => {
            let s = crate::app::share::base64url_encode(&relay::fresh_secret().ok_or_else(|| tr!(String NetNoRandom))?);
            storage::set_net_table(id, &s);
            s
        }
    };
    let mut host = Host::new(session, &seats);
    // The next game at the table: every seat a friend has gets a new token over its channel
    // (the old one proves the seat once more).
    if storage::take_net_again(id) {
        for &(seat, _) in seats.iter().filter(|&&(c, _)| taken(c)) {
            host.rotate(seat, fresh_token().ok_or_else(|| tr!(String NetNoRandom))?);
        }
    }
    let net = Rc::new(HostNet {
        ctx,
        id: id.to_string(),
        host: RefCell::new(host),
        door: RefCell::new(Door::new(&seats.iter().map(|&(seat, token)| (seat, token, taken(seat))).collect::<Vec<_>>(), storage::net_locked(id))),
        peers: RefCell::new(Vec::new()),
        rows: RwSignal::new(Vec::new()),
        open: RwSignal::new(true),
        closed: std::cell::Cell::new(false),
        secret: RefCell::new(secret),
        relay: RefCell::new(None),
        relays: RwSignal::new(Relays::Connecting),
        refused: RwSignal::new(None),
        watch: RefCell::new(None),
        watch_secret: RwSignal::new(None),
        watchers: RefCell::new(Vec::new()),
        asking: RwSignal::new(Vec::new()),
        signer: RefCell::new(None),
        locked: RwSignal::new(storage::net_locked(id)),
    });
    net.remember();
    crate::ui::ctx::set_net(net.clone());
    net.after();
    for (seat, _) in seats {
        net.invite(seat);
    }
    net.start_relays();
    listen_for_replies(net.clone());
    Ok(net)
}

/// Replies opened in another tab of this browser come here.
fn listen_for_replies(net: Rc<HostNet>) {
    let Ok(channel) = web_sys::BroadcastChannel::new(REPLIES) else { return };
    let c = channel.clone();
    let got = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
        let Some(text) = ev.data().as_string() else { return };
        if net.closed.get() {
            return;
        }
        let (net, c) = (net.clone(), c.clone());
        leptos::task::spawn_local(async move {
            // A reply it can't use may be another host page's of this browser.
            if let Ok(seat) = net.reply(&text).await {
                let _ = c.post_message(&format!("taken:{}", packed_part(&text, "reply")).into());
                net.connecting(seat);
            }
        });
    });
    channel.set_onmessage(Some(wasm_bindgen::JsCast::unchecked_ref(got.as_ref())));
    got.forget();
    std::mem::forget(channel);
}

/// The friends' panel of the host's device (open at the start while a friend has not joined).
#[component]
pub fn HostPanel(net: Rc<HostNet>) -> impl IntoView {
    let (rows, open, asking, locked) = (net.rows, net.open, net.asking, net.locked);
    let net = StoredValue::new_local(net);
    let waiting = Memo::new(move |_| rows.with(|rs| rs.iter().filter(|r| r.presence == (Presence::Remote { connected: false })).count()));
    let ice = RwSignal::new(ice_servers().join("\n"));
    // "Connect through TURN only", and whether the list in use has a TURN server for it.
    let turn_only = RwSignal::new(storage::net_turn_only());
    let has_turn = RwSignal::new(crate::app::net::ice::has_turn(&ice_servers()));
    let relays = net.with_value(|n| n.relays);
    // The invites by hand: asked for, or the relays can't be had.
    let asked_by_hand = RwSignal::new(false);
    let by_hand = move || asked_by_hand.get() || matches!(relays.get(), Relays::Down(_));
    let relay_list = RwSignal::new(host_relays().join("\n"));
    let link_version = RwSignal::new(0u32);
    // The relay list was changed here and with it the table link: a link sent before names the
    // old relays, and the panel says so until it is closed.
    let link_changed = RwSignal::new(false);
    // "New table link" was tapped: the panel says what became of the old one.
    let new_made = RwSignal::new(false);
    // `before`: the link as it was before the list was stored.
    let new_relays = move |before: String| {
        net.with_value(|n| n.start_relays());
        link_version.update(|v| *v += 1);
        if net.with_value(|n| n.table_link()) != before {
            link_changed.set(true);
        }
    };
    // Every label follows a language switch (the panel lies outside the game's screens).
    let lang = expect_context::<Ctx>().lang;
    // What is pasted for each seat lives as long as the panel: the rows are drawn anew whenever
    // any seat changes (another friend joining), and a reply pasted meanwhile must not be lost.
    let drafts = StoredValue::new(Vec::<(Colour, String)>::new());
    let draft = move |c: Colour| drafts.with_value(|d| d.iter().find(|(k, _)| *k == c).map(|(_, s)| s.clone())).unwrap_or_default();
    let set_draft = move |c: Colour, text: String| {
        drafts.update_value(|d| match d.iter_mut().find(|(k, _)| *k == c) {
            Some((_, s)) => *s = text,
            None => d.push((c, text)),
        });
    };
    let seat = move |r: Row| {
        let c = r.colour;
        let name = r.name.clone();
        let state = match r.presence {
            Presence::Here => tr!(String NetHere),
            Presence::Computer => tr!(String NetComputer),
            Presence::Remote { connected: true } => tr!(String NetRemoteOn),
            Presence::Remote { connected: false } => tr!(String NetRemoteOff),
        };
        let copied = RwSignal::new(None::<String>);
        let name_for_ask = name.clone();
        let remote = matches!(r.presence, Presence::Remote { .. });
        let away = r.presence == Presence::Remote { connected: false };
        let (invite, name_by_hand) = (r.invite.clone(), name.clone());
        let standing_in = r.presence == Presence::Computer && net.with_value(|n| n.door.borrow().colours().contains(&c));
        view! {
            <li class="net-seat" data-net-seat=c.name() data-presence=match r.presence { Presence::Here => "here", Presence::Computer => "computer", Presence::Remote { connected: true } => "connected", Presence::Remote { connected: false } => "away" }>
                <div class="row"><crate::ui::widgets::Emblem colour=c/><b>{name.clone()}</b>" · "<span>{state}</span></div>
                {r.status.clone().map(|s| view! { <p class="notice" role="status" data-net-status=c.name()>{s}</p> })}
                {move || asking.with(|a| a.contains(&c)).then(|| view! {
                    <div class="notice" role="alert" data-asking=c.name()>
                        <p>{tr!(NetAsking, name = name_for_ask.clone())}</p>
                        <button type="button" class="primary" data-let-in=c.name() on:click=move |_| net.with_value(|n| n.let_in(c))>{tr!(NetLetIn)}</button>
                    </div>
                })}
                // Drawn again when the exchange by hand is asked for or the relays go (the row
                // itself is drawn anew only when its seat changes).
                {move || (away && by_hand()).then(|| match invite.clone() {
                    Some(link) => {
                        let name = name_by_hand.clone();
                        let for_copy = link.clone();
                        view! {
                            <p class="hint">{tr!(NetInviteHint, name = name.clone())}</p>
                            <input class="link" readonly="" value=link.clone() data-invite=c.name() aria-label=tr!(NetInviteFor, name = name.clone())/>
                            <div class="row">
                                <button type="button" data-copy-invite=c.name() on:click=move |_| crate::ui::page::copy(for_copy.clone(), copied)>{tr!(NetCopyInvite)}</button>
                                {move || copied.get().map(|m| view! { <span class="hint">{m}</span> })}
                            </div>
                            <Qr text=link label=tr!(NetQrLabel, name = name.clone())/>
                            <label class="reply-field">{tr!(NetReplyLabel, name = name.clone())}
                                <textarea rows="2" data-reply-input=c.name() placeholder=tr!(NetReplyPlaceholder) prop:value=draft(c) on:input=move |ev| set_draft(c, event_target_value(&ev))></textarea>
                            </label>
                            <button type="button" class="primary" data-connect=c.name() on:click=move |_| {
                                let text = draft(c);
                                let n = net.get_value();
                                leptos::task::spawn_local(async move {
                                    match n.reply(&text).await {
                                        Ok(_) => {
                                            set_draft(c, String::new());
                                            n.connecting(c);
                                        }
                                        Err(e) => n.set_row(c, |row| row.status = Some(e)),
                                    }
                                });
                            }>{tr!(NetConnect)}</button>
                        }.into_any()
                    }
                    None => view! { <p class="hint" data-making-invite=c.name()>{tr!(NetMakingInvite)}</p> }.into_any(),
                })}
                <div class="row">
                    {away.then(|| {
                        let done = RwSignal::new(None::<String>);
                        view! {
                            // The link as it is when tapped (a new table link or relay list changes it).
                            <button type="button" data-copy-seat-link=c.name() on:click=move |_| crate::ui::page::copy(net.with_value(|n| n.seat_link(c)), done)>{tr!(TableSeatLink, name = name.clone())}</button>
                            {move || done.get().map(|m| view! { <span class="hint">{m}</span> })}
                        }
                    })}
                    {remote.then(|| view! {
                        <button type="button" data-stand-in=c.name() on:click=move |_| net.with_value(|n| { n.host.borrow_mut().stand_in(c, Some(Level::Medium)); n.after(); })>{tr!(NetStandIn, name = name.clone())}</button>
                        <button type="button" data-reinvite=c.name() on:click=move |_| net.with_value(|n| n.invite(c))>{tr!(NetReinvite)}</button>
                    })}
                    {standing_in.then(|| view! {
                        <button type="button" data-give-back=c.name() on:click=move |_| net.with_value(|n| { n.host.borrow_mut().stand_in(c, None); n.after(); })>{tr!(NetGiveBack, name = name.clone())}</button>
                    })}
                    {(r.presence == Presence::Here).then(|| view! {
                        <button type="button" data-invite-seat=c.name() on:click=move |_| net.with_value(|n| n.add_friend(c))>{tr!(NetInviteSeat, name = name.clone())}</button>
                    })}
                </div>
            </li>
        }
    };
    move || { lang.track(); view! {
        <button type="button" class="net-toggle" data-net-toggle="" aria-expanded=move || open.get().to_string() on:click=move |_| open.update(|o| *o = !*o)>
            {move || match waiting.get() { 0 => tr!(String NetOpenPanel), n => tr!(NetOpenPanelWaiting, n = n) }}
        </button>
        {move || open.get().then(|| view! {
            <div class="net-panel panel" role="dialog" aria-label=tr!(NetPanelTitle) data-net-panel="">
                <button type="button" class="x close" aria-label=tr!(ScreenClose) data-close="" on:click=move |_| open.set(false)>"×"</button>
                <h2>{tr!(NetPanelTitle)}</h2>
                <p class="hint">{tr!(NetDealer)}</p>
                // The links are offered once a relay is up: before, they would name relays that
                // may never answer (the invites by hand are the way then).
                {move || {
                    link_version.track();
                    match relays.get() {
                        Relays::Up(_) => {
                            let link = net.with_value(|n| n.table_link());
                            view! {
                                {link_changed.get().then(|| view! { <p class="notice" role="status" data-link-changed="">{tr!(TableLinkChanged)}</p> })}
                                {new_made.get().then(|| view! { <p class="notice" role="status" data-new-link-made="">{tr!(NetNewLinkMade)}</p> })}
                                <TableLink link=link/>
                            }.into_any()
                        }
                        Relays::Connecting => view! { <p class="hint" data-table-link-waiting="">{tr!(TableLinkWaiting)}</p> }.into_any(),
                        Relays::Down(_) => ().into_any(),
                    }
                }}
                {move || {
                    link_version.track();
                    matches!(relays.get(), Relays::Up(_)).then(|| net.with_value(|n| n.watch_link()).map(|link| view! { <WatchLink link=link/> })).flatten()
                }}
                <p class="hint" role="status" data-relays=move || match relays.get() { Relays::Connecting => "connecting", Relays::Up(_) => "up", Relays::Down(_) => "down" }>
                    {move || match relays.get() {
                        Relays::Connecting => tr!(String RelayConnecting),
                        Relays::Up(n) => tr!(TableRelaysUp, n = n),
                        Relays::Down(why) => why,
                    }}
                </p>
                {move || net.with_value(|n| n.refused.get()).map(|r| view! { <p class="hint" data-relay-refused="">{r}</p> })}
                {move || (!by_hand()).then(|| view! {
                    <button type="button" data-by-hand="" on:click=move |_| asked_by_hand.set(true)>{tr!(TableByHand)}</button>
                })}
                <div class="row">
                    <button type="button" data-new-link="" on:click=move |_| net.with_value(|n| n.new_link(move || { link_version.update(|v| *v += 1); new_made.set(true); }))>{tr!(NetNewLink)}</button>
                    <button type="button" data-lock="" aria-pressed=move || locked.get().to_string() on:click=move |_| {
                        net.with_value(|n| n.set_locked(!locked.get_untracked()));
                    }>{move || if locked.get() { tr!(String NetUnlock) } else { tr!(String NetLock) }}</button>
                    {move || locked.get().then(|| view! { <span class="hint" data-locked="">{tr!(NetLocked)}</span> })}
                </div>
                {move || by_hand().then(|| view! { <p class="hint">{tr!(TableByHandHint)}</p> })}
                <ul class="net-seats"><For each=move || rows.get() key=|r: &Row| r.clone() children=seat/></ul>
                <details class="more" data-relay-settings="">
                    <summary>{tr!(RelayList)}</summary>
                    <p class="hint">{tr!(RelayListHint)}</p>
                    <textarea rows="3" data-relay-list="" prop:value=move || relay_list.get() on:input=move |ev| relay_list.set(event_target_value(&ev))></textarea>
                    <div class="row">
                        <button type="button" data-relay-save="" on:click=move |_| {
                            let list = relay::parse_relays(&relay_list.get_untracked());
                            let before = net.with_value(|n| n.table_link());
                            storage::set_net_relays(&list.join("\n"));
                            relay_list.set(list.join("\n"));
                            new_relays(before);
                        }>{tr!(RelaySave)}</button>
                        <button type="button" data-relay-off="" on:click=move |_| {
                            let before = net.with_value(|n| n.table_link());
                            storage::set_net_relays("");
                            relay_list.set(String::new());
                            new_relays(before);
                        }>{tr!(RelayOff)}</button>
                    </div>
                </details>
                <details class="more" data-ice="">
                    <summary>{tr!(NetIce)}</summary>
                    <p class="hint">{tr!(NetIceHint)}</p>
                    <textarea rows="3" data-ice-servers="" prop:value=move || ice.get() on:input=move |ev| ice.set(event_target_value(&ev))></textarea>
                    <button type="button" data-ice-save="" on:click=move |_| {
                        storage::set_net_ice(&ice.get_untracked());
                        has_turn.set(crate::app::net::ice::has_turn(&ice_servers()));
                        // The helpers apply at once: every friend not connected gets a new invite.
                        net.with_value(|n| n.reinvite_waiting());
                    }>{tr!(NetIceSave)}</button>
                    <label class="check" data-turn-only-setting="">
                        <input type="checkbox" data-turn-only="" prop:checked=move || turn_only.get() on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            storage::set_net_turn_only(on);
                            turn_only.set(on);
                            // As for the helpers: every friend not connected gets a new invite.
                            net.with_value(|n| n.reinvite_waiting());
                        }/>
                        {tr!(NetTurnOnly)}
                    </label>
                    <p class="hint">{tr!(NetTurnOnlyHint)}</p>
                    {move || (turn_only.get() && !has_turn.get()).then(|| view! { <p class="notice" role="status" data-turn-only-idle="">{tr!(NetTurnOnlyNoTurn)}</p> })}
                </details>
            </div>
        })}
    } }
}

/// A link's copy and share buttons (share where the browser has a share sheet).
#[component]
fn CopyShare(link: String, copy: &'static str, share: &'static str) -> impl IntoView {
    let copied = RwSignal::new(None::<String>);
    let can_share = crate::ui::feature::can_share(&link);
    let for_share = link.clone();
    view! {
        <div class="row">
            <button type="button" class="primary" data-copy=copy on:click=move |_| crate::ui::page::copy(link.clone(), copied)>{tr!(TableCopy)}</button>
            {can_share.then(|| view! {
                <button type="button" data-share=share on:click=move |_| share_sheet(&for_share)>{tr!(RelayShare)}</button>
            })}
            {move || copied.get().map(|m| view! { <span class="hint">{m}</span> })}
        </div>
    }
}

/// The one link of the table: copy, share, QR code.
#[component]
fn TableLink(link: String) -> impl IntoView {
    view! {
        <section class="net-table-link" data-table-section="">
            <h3>{tr!(RelayTableLink)}</h3>
            <p class="hint">{tr!(TableHint)}</p>
            <input class="link" readonly="" value=link.clone() data-table-link="" aria-label=tr!(RelayTableLink)/>
            <CopyShare link=link.clone() copy="table" share="table"/>
            <Qr text=link label=tr!(String RelayTableLink)/>
        </section>
    }
}

/// The watch link: copy or share (a watcher sees the public table, nothing private).
#[component]
fn WatchLink(link: String) -> impl IntoView {
    view! {
        <details class="more net-watch-link" data-watch-section="">
            <summary>{tr!(RelayWatchLink)}</summary>
            <p class="hint">{tr!(TableWatchHint)}</p>
            <input class="link" readonly="" value=link.clone() data-watch-link="" aria-label=tr!(RelayWatchLink)/>
            <CopyShare link=link copy="watch" share="watch"/>
        </details>
    }
}

/// The system's share sheet with `link` (a browser without one never shows the button).
fn share_sheet(link: &str) {
    // A share the player dismissed rejects: nothing to say.
    if let Some(p) = crate::ui::feature::share("Löwenherz", link) {
        leptos::task::spawn_local(async move {
            let _ = wasm_bindgen_futures::JsFuture::from(p).await;
        });
    }
}
