//! A friend's device: it answers the host's invite, shows the reply to send back, joins its
//! seat and then draws the same screens as at the table from what the host sends — its own
//! seat's view only. Its commands go to the host, which checks them.

use super::keys::Signer;
use super::relay::{self as relays, Channel};
use crate::app::net::proof::KeyId;
use crate::app::net::trust;
use super::rtc::{Event, Peer};
use crate::app::net::proof::Binding;
use crate::app::net::signal::{SeatRefusal, Signal};
use crate::engine::Colour;
use crate::ui::{feature, storage};
use super::{link_error, pack, Qr};
use crate::app::net::invite::{Invite, Reply};
use crate::app::net::remote::{Heard, Remote};
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::engine::IllegalMove;
use crate::tr;
use crate::app::net::words::{net_refusal, no_compression, peer_error};
use crate::ui::ctx::{Ctx, Net};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// How long a friend's device waits for the host's answer to its hello before saying it again.
const HELLO_AGAIN_MS: u64 = 2500;
/// How many times it says it again.
const HELLO_TRIES: u32 = 4;
/// How often a device without its seat asks the table through the relays.
const KNOCK_MS: u64 = 3000;
/// How long a device waits for the host's answer before saying it has none yet.
const NO_HOST_MS: f64 = 10_000.0;
/// How long an offer answered may take to become an open channel before the device asks again.
const JOIN_MS: u64 = 15_000;
/// How long a tap waits behind the command sent before it (the host's answer and its table
/// take a few milliseconds; a lost one must not leave the screen dead).
const AWAIT_MS: f64 = 1500.0;

/// The host's offer of a seat, as this device answers it.
struct Offered {
    tag: u32,
    /// The seat (`None`: to watch).
    seat: Option<Colour>,
    round: u32,
    ice: Vec<String>,
    sdp: String,
}

/// A seat as the seat picker shows it.
#[derive(Clone, PartialEq, Debug)]
pub struct Seat {
    colour: Colour,
    name: String,
    free: bool,
}

/// Where the friend's device stands.
#[derive(Clone, PartialEq, Debug)]
pub enum Stage {
    /// Answering the invite.
    Answering,
    /// The reply to send to the host.
    Reply(String),
    /// Connected: saying hello.
    Joining,
    /// At the table.
    Playing,
    /// The connection is gone (the table stays on screen, greyed).
    Lost,
    /// The invite can't be used, and why.
    Failed(String),
    /// Through the relays: looking for the table (`true`: no answer for a while).
    Finding(bool),
    /// Through the relays: the table's seats, to choose one.
    Choose(Vec<Seat>),
    /// Through the relays: a seat asked for (its player's name).
    Taking(String),
    /// Through the relays: a seat a friend has, asked for; the host is asked whether to let
    /// this device in (its player's name). The device asks again every little while.
    Waiting(String),
}

/// The friend's side of remote play.
pub struct FriendNet {
    ctx: Ctx,
    remote: RefCell<Remote>,
    peer: RefCell<Option<Rc<Peer>>>,
    /// The invite's packed part (the address while this device is at the table).
    invite: String,
    /// Remote play ended on this page: late events of the connection change nothing.
    closed: std::cell::Cell<bool>,
    /// The table link's secret part (the room's secret and the host's key id) when this device
    /// came through the relays.
    table: RefCell<Option<String>>,
    /// The relays this device found the table through (to follow it to a new link).
    relays: RefCell<Vec<String>>,
    /// The local name the address shows for the table or watch link (`None`: no storage kept
    /// the link, and the address holds it).
    at: RefCell<Option<String>>,
    /// The host's key, as the link names it: only its words are taken.
    host_key: std::cell::Cell<Option<KeyId>>,
    /// The relays' room of that table.
    channel: RefCell<Option<Rc<Channel>>>,
    /// The game's tag, from the table's answer.
    tag: std::cell::Cell<u32>,
    /// The round of the host's offer answered last (a repeated offer is not answered twice).
    round: std::cell::Cell<Option<u32>>,
    /// When this device began to look for the table (ms).
    since: std::cell::Cell<f64>,
    /// A knocking loop runs.
    knocking: std::cell::Cell<bool>,
    /// The seat the link is for (a seat's own link: no picker when it is free).
    wanted: Option<Colour>,
    /// A watcher's device (the watch link): no seat, nothing to send but its hello.
    watching: bool,
    /// The seat of the link was asked for once (after that, the picker).
    asked_wanted: std::cell::Cell<bool>,
    /// The seat this device claimed last (asked for again while the host decides).
    claiming: std::cell::Cell<Option<Colour>>,
    /// Where this device stands.
    pub stage: RwSignal<Stage>,
    /// When the last command went to the host (ms).
    sent_at: std::cell::Cell<f64>,
    /// A watcher's device: a timer runs to pass the announcement shown.
    notice_timer: std::cell::Cell<bool>,
}

impl Net for FriendNet {
    fn change(&self, _: &mut dyn FnMut(&mut AnySession)) -> bool {
        false
    }

    fn send(&self, c: AnyCommand) -> Result<(), IllegalMove> {
        // A tap on the screen a command was just sent from goes nowhere until the host has
        // answered and shown its outcome — unless that takes longer than a person waits.
        let now = js_sys::Date::now();
        if self.remote.borrow().holds(c) && now - self.sent_at.get() < AWAIT_MS {
            return Ok(());
        }
        let bytes = self.remote.borrow_mut().command(c);
        match bytes {
            Some(b) => {
                self.sent_at.set(now);
                let sent = self.peer.borrow().as_ref().is_some_and(|p| p.send(&b));
                if !sent {
                    self.stage.set(Stage::Lost);
                }
            }
            // An announcement dismissed here.
            None => self.ctx.net_changed.update(|n| *n += 1),
        }
        Ok(())
    }

    fn table(&self) -> Option<AnyTable> {
        self.remote.borrow().table()
    }

    fn show_friends(&self) {}

    fn menu(&self, open: RwSignal<bool>) -> AnyView {
        let ctx = self.ctx;
        view! { <FriendMenu ctx=ctx open=open/> }.into_any()
    }

    fn seat(&self) -> Option<Colour> {
        self.remote.borrow().seat()
    }

    fn watching(&self) -> bool {
        self.watching
    }

    fn close(&self) {
        self.closed.set(true);
        if let Some(c) = self.channel.borrow_mut().take() {
            c.close();
        }
        if let Some(p) = self.peer.borrow_mut().take() {
            p.close();
        }
    }
}

/// The game's menu on a friend's device: the rules, the language, the sound, and leaving (the
/// game and its record stay with the host).
#[component]
fn FriendMenu(ctx: Ctx, open: RwSignal<bool>) -> impl IntoView {
    let rules = RwSignal::new(false);
    let leaving = RwSignal::new(false);
    let sound_off = RwSignal::new(crate::ui::sound::muted());
    let edition = ctx.table.with_untracked(|t| t.as_ref().map(|t| t.edition())).unwrap_or(crate::engine::Edition::Classic);
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="menu-panel panel" role="dialog" aria-label=tr!(ScreenGameMenu)>
            <button type="button" class="x close" aria-label=tr!(ScreenClose) data-close="" on:click=move |_| open.set(false)>"×"</button>
            <p class="hint">{tr!(NetJoinDealer)}</p>
            // Leaving asks first: the seat stays in the game, and only a new invite brings it back.
            {move || leaving.get().then(|| view! {
                <div class="notice" role="alertdialog" data-leave-ask="">
                    <p>{tr!(NetLeaveAsk)}</p>
                    <div class="row">
                        <button type="button" class="primary" data-leave-yes="" on:click=move |_| ctx.show(None)>{tr!(NetLeave)}</button>
                        <button type="button" data-stay="" on:click=move |_| leaving.set(false)>{tr!(NetStay)}</button>
                    </div>
                </div>
            })}
            <div class="row">
                <button type="button" class="primary" data-leave="" on:click=move |_| leaving.set(true)>{tr!(NetLeave)}</button>
                <button type="button" data-rules="" on:click=move |_| rules.set(true)>{tr!(ScreenRules)}</button>
                <button type="button" data-close-menu="" on:click=move |_| open.set(false)>{tr!(ScreenClose)}</button>
            </div>
            <div class="row lang-row">{crate::ui::lang::menu(ctx)}</div>
            <div class="row">
                <button type="button" data-sound="" aria-pressed=move || (!sound_off.get()).to_string() on:click=move |_| {
                    let off = !sound_off.get_untracked();
                    crate::ui::sound::set_muted(off);
                    sound_off.set(off);
                }>{move || if sound_off.get() { tr!(ScreenSoundOff) } else { tr!(ScreenSoundOn) }}</button>
            </div>
            {move || rules.get().then(|| view! { <crate::ui::rules::RulesDialog open=rules edition=edition/> })}
        </div>
    }
}

impl FriendNet {
    /// The link this device joined with.
    pub fn link(&self) -> super::Link {
        if let Some(name) = self.at.borrow().clone() {
            return super::Link::At(name);
        }
        match &*self.table.borrow() {
            Some(secret) if self.watching => super::Link::Watch { secret: secret.clone(), relays: None },
            Some(secret) => super::Link::Table { secret: secret.clone(), relays: None, seat: self.wanted },
            None => super::Link::Join(self.invite.clone()),
        }
    }

    fn heard(self: &Rc<Self>, ev: Event) {
        if self.closed.get() {
            return;
        }
        match ev {
            Event::Open => {
                self.stage.set(Stage::Joining);
                let hello = self.remote.borrow().hello();
                self.send_raw(&hello);
                self.hello_again(HELLO_TRIES);
            }
            Event::Message(bytes) => {
                let heard = self.remote.borrow_mut().receive(&bytes);
                match heard {
                    Ok(Heard::Joined) => self.keep_token(),
                    Ok(Heard::Table | Heard::Notice) => {}
                    Ok(Heard::Moved) => return self.moved(),
                    // Refused before the table came: the join failed, and the page says why.
                    Ok(Heard::Refused(r)) if self.stage.get_untracked() == Stage::Joining => return self.stage.set(Stage::Failed(net_refusal(r))),
                    Ok(Heard::Answer { refused: Some(r), .. } | Heard::Refused(r)) => self.ctx.notice.set(Some(net_refusal(r))),
                    Ok(Heard::Resync) => {
                        let hello = self.remote.borrow().hello();
                        self.send_raw(&hello);
                    }
                    Ok(Heard::Answer { refused: None, .. } | Heard::Ignored) | Err(_) => return,
                }
                if self.remote.borrow().table().is_some() && self.stage.get_untracked() != Stage::Playing {
                    self.stage.set(Stage::Playing);
                }
                self.signal_turn();
                if self.watching {
                    self.pass_notices();
                }
                self.ctx.net_changed.update(|n| *n += 1);
            }
            Event::Closed => {
                if self.stage.get_untracked() != Stage::Lost {
                    self.stage.set(Stage::Lost);
                }
                // Through the relays, the device finds its seat again by itself.
                self.round.set(None);
                self.knock();
            }
        }
    }

    /// Joined through the table link: the seat and its token are kept for coming back (the
    /// token came over this channel in the host's welcome, or this device had it).
    fn keep_token(&self) {
        let (Some(secret), r) = (self.table.borrow().clone(), self.remote.borrow()) else { return };
        if let (Some(seat), Some(token)) = (r.seat(), r.token()) {
            storage::set_net_seat(&secret, Some((seat, token, r.tag())));
        }
    }

    /// While no table has come, says hello again every little while (`tries` more times): a
    /// hello or its answer lost on a link just opened must not leave the friend waiting.
    /// A watcher's announcements pass by themselves ([`crate::app::net::remote::Remote::pass_notices`]):
    /// the table is drawn again each time the one shown has had its time.
    fn pass_notices(self: &Rc<Self>) {
        let due = self.remote.borrow_mut().pass_notices(js_sys::Date::now());
        let Some(ms) = due else { return };
        if self.notice_timer.replace(true) {
            return;
        }
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                me.notice_timer.set(false);
                if !me.closed.get() {
                    me.pass_notices();
                    me.ctx.net_changed.update(|n| *n += 1);
                }
            },
            std::time::Duration::from_millis(ms.ceil() as u64),
        );
    }

    fn hello_again(self: &Rc<Self>, tries: u32) {
        if tries == 0 {
            return;
        }
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                if me.stage.get_untracked() == Stage::Joining {
                    let hello = me.remote.borrow().hello();
                    me.send_raw(&hello);
                    me.hello_again(tries - 1);
                }
            },
            std::time::Duration::from_millis(HELLO_AGAIN_MS),
        );
    }

    /// The turn became this seat's: the tab's title says so, a sound (under the sound switch)
    /// and a vibration where the device has one; the title is the game's again after.
    fn signal_turn(&self) {
        let seat = self.remote.borrow().seat();
        let mine = seat.is_some() && self.remote.borrow().table().is_some_and(|t| matches!(t.screen(), crate::app::session::Screen::Play(c) if Some(*c) == seat));
        let marked = feature::title().starts_with('●');
        if mine && !marked {
            feature::set_title(&format!("● {}", tr!(TableYourTurn)));
            // Sound and vibration only once the player has touched this page: before that the
            // browser refuses both, and says so in the console. Both are checked calls (Firefox
            // and Safari have no `navigator.vibrate`: called unchecked it threw, and the
            // exception skipped the screen's update — the friend froze at its first turn).
            if feature::has_been_active() {
                crate::ui::sound::play(crate::ui::sound::Cue::Turn);
                feature::vibrate(200);
            }
        } else if !mine && marked {
            feature::set_title("Löwenherz");
        }
    }

    /// Through the relays: asks the table for a seat (or this device's own again) every little
    /// while, as long as it has none.
    fn knock(self: &Rc<Self>) {
        let Some(secret) = self.table.borrow().clone() else { return };
        if self.closed.get() || self.knocking.replace(true) {
            return;
        }
        let me = self.clone();
        let again = move || {
            me.knocking.set(false);
            me.knock();
        };
        // On the picker too: it is asked for the seats again, so a seat taken meanwhile shows so.
        let waiting = matches!(self.stage.get_untracked(), Stage::Finding(_) | Stage::Lost | Stage::Waiting(_) | Stage::Choose(_));
        if !waiting {
            self.knocking.set(false);
            return;
        }
        let own = storage::net_seat(&secret).map(|(c, _, _)| c);
        // While an offer is being answered, asking again would only replace it.
        if let Some(c) = self.channel.borrow().clone().filter(|_| self.round.get().is_none()) {
            self.say_ask(&c, own);
        }
        if matches!(self.stage.get_untracked(), Stage::Finding(false)) && js_sys::Date::now() - self.since.get() > NO_HOST_MS {
            self.stage.set(Stage::Finding(true));
        }
        leptos::prelude::set_timeout(again, std::time::Duration::from_millis(KNOCK_MS));
    }

    /// What this device asks the table: to watch; its own seat again (`own`: it proves its
    /// token on the channel the host offers, never through the relays); the seat of its link,
    /// straight away the first time (the host answers with an offer, or says it is taken); else
    /// which seats are free.
    fn ask(&self, own: Option<Colour>) -> Signal {
        let waiting = matches!(self.stage.get_untracked(), Stage::Waiting(_)).then(|| self.claiming.get()).flatten();
        match (self.watching, own, self.wanted) {
            (true, ..) => Signal::Watch,
            (false, Some(own), _) => Signal::Knock { seat: Some(own) },
            (false, None, _) if waiting.is_some() => Signal::Claim { seat: waiting.unwrap_or(Colour::Red) },
            (false, None, Some(seat)) if !self.asked_wanted.get() => Signal::Claim { seat },
            (false, None, _) => Signal::Knock { seat: None },
        }
    }

    /// Says what this device asks ([`FriendNet::ask`]); the seat of its link counts as asked
    /// for once a relay took the claim (a claim said before any relay was up is said again).
    fn say_ask(&self, c: &Rc<Channel>, own: Option<Colour>) {
        let ask = self.ask(own);
        let claim = match ask {
            Signal::Claim { seat } => Some(seat),
            _ => None,
        };
        if c.say(ask) && claim.is_some() && !self.asked_wanted.replace(true) {
            self.claiming.set(claim);
        }
    }

    /// What the table said through the relays.
    fn heard_relay(self: &Rc<Self>, h: relays::Heard) {
        if self.closed.get() {
            return;
        }
        let Some(secret) = self.table.borrow().clone() else { return };
        match h {
            // Connected to a relay: ask at once.
            relays::Heard::Relays(n) if n > 0 => {
                if let Some(c) = self.channel.borrow().clone() {
                    let own = storage::net_seat(&secret).map(|(c, _, _)| c);
                    if matches!(self.stage.get_untracked(), Stage::Finding(_) | Stage::Lost) && self.round.get().is_none() {
                        self.say_ask(&c, own);
                    }
                }
            }
            relays::Heard::Relays(_) => {}
            // A clock far off: the device is told so in words (it hears nothing until it's set).
            relays::Heard::Refused(crate::app::net::signal::Refusal::Stale) => {
                if let Some(off) = self.channel.borrow().as_ref().and_then(|c| c.clock_off()) {
                    self.ctx.notice.set(Some(crate::app::net::relay_words::clock_off(off)));
                }
            }
            relays::Heard::Refused(why) => web_sys::console::warn_1(&format!("relay message refused: {why:?}").into()),
            // Only the host's words, signed by the key the link names (anyone holding the link
            // can say them too, and isn't listened to).
            relays::Heard::Said(e, signer) if self.host_key.get().is_none_or(|host| trust::device_takes(host, signer, &e.body).is_err()) => {}
            relays::Heard::Said(e, _) => {
                // The host's device, proved by its signature: a flood of new senders can't push
                // it out of this device's memory.
                if let Some(c) = self.channel.borrow().as_ref() {
                    c.pin(e.from);
                }
                self.heard_host(&secret, e.body);
            }
        }
    }

    /// What the host said through the relays (its signature checked).
    fn heard_host(self: &Rc<Self>, secret: &str, body: Signal) {
        match body {
            // The picker shown is kept up to date: a seat another device took shows as taken.
            Signal::Seats { tag, seats, .. } if matches!(self.stage.get_untracked(), Stage::Choose(_)) => {
                self.tag.set(tag);
                let seats = Stage::Choose(seats.into_iter().map(|s| Seat { colour: s.colour, name: s.name, free: s.free }).collect());
                if self.stage.get_untracked() != seats {
                    self.stage.set(seats);
                }
            }
            Signal::Seats { tag, seats, .. } if matches!(self.stage.get_untracked(), Stage::Finding(_)) && storage::net_seat(secret).is_none() => {
                self.tag.set(tag);
                let seats: Vec<Seat> = seats.into_iter().map(|s| Seat { colour: s.colour, name: s.name, free: s.free }).collect();
                // A seat's own link takes that seat at once while it is free (once: a seat
                // refused shows the picker).
                match seats.iter().find(|s| Some(s.colour) == self.wanted && s.free && self.ctx.notice.get_untracked().is_none()) {
                    Some(seat) => self.claim(seat),
                    None => self.stage.set(Stage::Choose(seats)),
                }
            }
            // A seat for a friend, no seat for a watcher: anything else is not for this device.
            Signal::Offer { tag, seat, round, ice, sdp, .. } if seat.is_none() == self.watching => self.offered(secret, Offered { tag, seat, round, ice, sdp }),
            // A word through a relay never makes this device forget its seat's token.
            Signal::Refused { why: SeatRefusal::Waiting, .. } => {
                // Its seat is a friend's: it waits (and asks again) while the host decides.
                match self.stage.get_untracked() {
                    Stage::Taking(name) => {
                        self.stage.set(Stage::Waiting(name));
                        self.knock();
                    }
                    Stage::Waiting(_) => {}
                    // The seat of its link, asked for at once: named by its colour (the
                    // table's seats haven't come).
                    Stage::Finding(_) if storage::net_seat(secret).is_none() && self.claiming.get().is_some() => {
                        let c = self.claiming.get().unwrap_or(Colour::Red);
                        self.stage.set(Stage::Waiting(crate::app::names::colour_name(crate::engine::Edition::Classic, c).to_string()));
                    }
                    _ => self.ctx.notice.set(Some(crate::app::net::relay_words::seat_refusal(SeatRefusal::Waiting))),
                }
            }
            // This device's clock was far off: it follows the host's now (its guard took the
            // host's time from this very message), says so, and asks again at once.
            Signal::Refused { why: SeatRefusal::Clock, .. } => {
                let off = self.channel.borrow().as_ref().and_then(|c| c.clock_off());
                self.ctx.notice.set(Some(off.map_or_else(|| crate::app::net::relay_words::seat_refusal(SeatRefusal::Clock), crate::app::net::relay_words::clock_followed)));
                let claim = matches!(self.stage.get_untracked(), Stage::Taking(_)).then(|| self.claiming.get()).flatten();
                match (claim, self.channel.borrow().clone()) {
                    (Some(seat), Some(c)) => {
                        c.say(Signal::Claim { seat });
                    }
                    _ => {
                        self.asked_wanted.set(false);
                        self.look_again();
                    }
                }
            }
            Signal::Refused { why, .. } => {
                self.ctx.notice.set(Some(crate::app::net::relay_words::seat_refusal(why)));
                self.look_again();
            }
            _ => {}
        }
    }

    /// Back to looking for the table (and its seats).
    fn look_again(self: &Rc<Self>) {
        self.since.set(js_sys::Date::now());
        self.stage.set(Stage::Finding(false));
        self.knock();
    }

    /// The player chose a seat (no answer in a while: the table is asked again).
    fn claim(self: &Rc<Self>, seat: &Seat) {
        self.ctx.notice.set(None);
        let taking = Stage::Taking(seat.name.clone());
        self.claiming.set(Some(seat.colour));
        self.stage.set(taking.clone());
        if let Some(c) = self.channel.borrow().clone() {
            c.say(Signal::Claim { seat: seat.colour });
        }
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                if me.stage.get_untracked() == taking {
                    me.look_again();
                }
            },
            std::time::Duration::from_millis(JOIN_MS),
        );
    }

    /// The host's offer for this device: answered through the relays; the channel opens.
    fn offered(self: &Rc<Self>, secret: &str, o: Offered) {
        let Offered { tag, seat, round, ice, sdp } = o;
        if self.round.get() == Some(round) {
            return;
        }
        self.round.set(Some(round));
        // The seat's token this device holds, if the offer is for its own seat (it proves it on
        // the channel); without one, the host's welcome gives it.
        let token = storage::net_seat(secret).filter(|&(c, _, _)| Some(c) == seat).map(|(_, token, _)| token);
        // The same seat of the same game again keeps the lines of the log it has.
        // A watcher's token is the offer's round: a new offer (the host reloaded) is a new
        // watcher's link, whose hello must carry the new round.
        let same = { let r = self.remote.borrow(); seat.is_some() && r.seat() == seat && r.tag() == tag && r.table().is_some() && r.token() == token };
        if !same {
            // A watcher's connection is its own: its token is the offer's round.
            *self.remote.borrow_mut() = match seat {
                Some(c) => Remote::new(tag, c, token),
                None => Remote::watcher(tag, u64::from(round)),
            };
        }
        if let Some(p) = self.peer.borrow_mut().take() {
            p.close();
        }
        if !matches!(self.stage.get_untracked(), Stage::Lost) {
            self.stage.set(Stage::Joining);
        }
        let me = self.clone();
        leptos::task::spawn_local(async move {
            let on = {
                let me = me.clone();
                move |ev| me.heard(ev)
            };
            match Peer::answer(&ice, &sdp, on).await {
                Ok((peer, _)) if me.closed.get() => peer.close(),
                Ok((peer, answer)) => {
                    *me.peer.borrow_mut() = Some(Rc::new(peer));
                    if let Some(b) = Binding::of(&sdp, &answer) {
                        me.remote.borrow_mut().bind(b);
                    }
                    if let Some(c) = me.channel.borrow().clone() {
                        c.say(Signal::Answer { seat, round, sdp: answer });
                    }
                }
                Err(why) => me.stage.set(Stage::Failed(tr!(NetInviteBad, why = peer_error(why)))),
            }
        });
        // No channel in a while: ask again.
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                if me.round.get() == Some(round) && matches!(me.stage.get_untracked(), Stage::Joining | Stage::Lost) {
                    me.round.set(None);
                    if me.stage.get_untracked() == Stage::Joining {
                        me.stage.set(Stage::Finding(true));
                    }
                    me.knock();
                }
            },
            std::time::Duration::from_millis(JOIN_MS),
        );
    }

    fn send_raw(&self, bytes: &[u8]) {
        if let Some(p) = self.peer.borrow().as_ref() {
            p.send(bytes);
        }
    }
}

impl FriendNet {
    /// A friend's device that came with an invite (`packed`) or the table link (`table`).
    fn new(ctx: Ctx, invite: String, table: Option<String>, stage: RwSignal<Stage>) -> FriendNet {
        FriendNet {
            ctx,
            remote: RefCell::new(Remote::new(0, Colour::Red, None)),
            peer: RefCell::new(None),
            invite,
            closed: std::cell::Cell::new(false),
            table: RefCell::new(table),
            relays: RefCell::new(Vec::new()),
            at: RefCell::new(None),
            host_key: std::cell::Cell::new(None),
            channel: RefCell::new(None),
            tag: std::cell::Cell::new(0),
            round: std::cell::Cell::new(None),
            since: std::cell::Cell::new(js_sys::Date::now()),
            sent_at: std::cell::Cell::new(0.0),
            notice_timer: std::cell::Cell::new(false),
            knocking: std::cell::Cell::new(false),
            wanted: None,
            watching: false,
            asked_wanted: std::cell::Cell::new(false),
            claiming: std::cell::Cell::new(None),
            stage,
        }
    }
}

/// Sits down at the table of the link's secret `secret` (base64url), found through `relays`:
/// the seat this device had there, or one the player chooses. `at`: the link's local name in
/// the address.
pub fn start_table(ctx: Ctx, secret: String, relays: Vec<String>, wanted: Option<Colour>, at: Option<String>) -> Rc<FriendNet> {
    let stage = RwSignal::new(Stage::Finding(false));
    relayed(FriendNet { wanted, at: RefCell::new(at), ..FriendNet::new(ctx, String::new(), Some(secret.clone()), stage) }, secret, relays)
}

/// Watches the table of the watch link's secret `secret` (base64url), found through `relays`.
/// `at`: the link's local name in the address.
pub fn start_watch(ctx: Ctx, secret: String, relays: Vec<String>, at: Option<String>) -> Rc<FriendNet> {
    let stage = RwSignal::new(Stage::Finding(false));
    relayed(FriendNet { watching: true, at: RefCell::new(at), ..FriendNet::new(ctx, String::new(), Some(secret.clone()), stage) }, secret, relays)
}

/// A device that came through the relays: it joins the room of `secret` and asks.
fn relayed(net: FriendNet, secret: String, relays: Vec<String>) -> Rc<FriendNet> {
    let stage = net.stage;
    let net = Rc::new(net);
    crate::ui::ctx::set_net(net.clone());
    if !super::relay::available() {
        stage.set(Stage::Failed(tr!(String TableRelayUnavailable)));
        return net;
    }
    *net.relays.borrow_mut() = relays;
    if !net.join_room(&secret) {
        stage.set(Stage::Failed(tr!(String TableLinkBad)));
    }
    net
}

impl FriendNet {
    /// Joins the relays' room of the link's secret part `secret` (its room's secret and the
    /// host's key id), leaving the one before; false when it isn't a link's secret.
    fn join_room(self: &Rc<Self>, secret: &str) -> bool {
        let Some((bytes, host)) = trust::parse_link_secret(secret) else { return false };
        self.host_key.set(Some(host));
        *self.table.borrow_mut() = Some(secret.to_string());
        if let Some(c) = self.channel.borrow_mut().take() {
            c.close();
        }
        let (me, stage, relays) = (self.clone(), self.stage, self.relays.borrow().clone());
        leptos::task::spawn_local(async move {
            let on = {
                let me = me.clone();
                move |h| me.heard_relay(h)
            };
            // This device's own key for what it says (claims, answers, knocks): made for this page,
            // never leaving the browser.
            let Some(signer) = Signer::new(false).await else { return stage.set(Stage::Failed(tr!(String TableRelayUnavailable))) };
            match Channel::open(&bytes, &relays, std::rc::Rc::new(signer), on).await {
                Some(c) if me.closed.get() => c.close(),
                Some(c) => {
                    // The host's clock is the table's: a device whose own is off follows it.
                    c.follow_clock(host);
                    *me.channel.borrow_mut() = Some(c);
                    me.knock();
                }
                None => stage.set(Stage::Failed(tr!(String TableRelayUnavailable))),
            }
        });
        true
    }

    /// The host told this device over its channel that the table has a new link ("New table
    /// link", or "Play again": the next game's room) — or, to a watcher's device, the watch
    /// link of the next game: a seat and its token are kept under the new link, the link's
    /// local name in the address now stands for it (a reload comes back through it; the address
    /// holds the link only where no storage keeps it), and the device listens in the new room
    /// (the old link leads nowhere now).
    fn moved(self: &Rc<Self>) {
        let Some(new) = self.remote.borrow_mut().take_moved() else { return };
        let Some(old) = self.table.borrow().clone() else { return };
        if trust::parse_link_secret(&new).is_none() || new == old {
            return;
        }
        if let Some(seat) = storage::net_seat(&old) {
            storage::set_net_seat(&new, Some(seat));
            storage::set_net_seat(&old, None);
        }
        // The link as this device had it (its relays, its seat), with the new secret.
        let at = self.at.borrow().clone();
        let had = at.as_deref().and_then(storage::named_link).or_else(|| web_sys::window().and_then(|w| w.location().hash().ok())).and_then(|h| super::Link::of(&h));
        let found = || Some(self.relays.borrow().join(",")).filter(|r| !r.is_empty());
        let link = match had {
            Some(super::Link::Watch { relays, .. }) if self.watching => super::Link::Watch { secret: new.clone(), relays },
            // Neither the name nor the address has it: the relays this device found the table through.
            _ if self.watching => super::Link::Watch { secret: new.clone(), relays: found() },
            Some(super::Link::Table { relays, seat, .. }) => super::Link::Table { secret: new.clone(), relays, seat },
            _ => super::Link::Table { secret: new.clone(), relays: found(), seat: self.wanted },
        };
        let name = super::show_relayed(&link, at);
        *self.at.borrow_mut() = name;
        self.join_room(&new);
    }
}

/// Joins the game of the invite in `packed` (the part after `#join=`).
pub fn start(ctx: Ctx, packed: String) -> Rc<FriendNet> {
    let stage = RwSignal::new(Stage::Answering);
    let net = Rc::new(FriendNet::new(ctx, packed.clone(), None, stage));
    let me = net.clone();
    leptos::task::spawn_local(async move {
        let invite = match super::unpack(&packed).await.ok_or(crate::app::net::invite::LinkError::Garbled).and_then(|b| Invite::decode(&b)) {
            Ok(i) => i,
            // A browser that can't unpack a link says so, not that the link is damaged.
            Err(_) if !crate::ui::page::can_pack() => return stage.set(Stage::Failed(no_compression())),
            Err(e) => return stage.set(Stage::Failed(tr!(NetInviteBad, why = link_error(e)))),
        };
        if me.closed.get() {
            return;
        }
        *me.remote.borrow_mut() = Remote::new(invite.tag, invite.seat, Some(invite.token));
        crate::ui::ctx::set_net(me.clone());
        let on = {
            let me = me.clone();
            move |ev| me.heard(ev)
        };
        match Peer::answer(&invite.ice, &invite.offer, on).await {
            Ok((peer, _)) if me.closed.get() => peer.close(),
            Ok((peer, answer)) => {
                *me.peer.borrow_mut() = Some(Rc::new(peer));
                if let Some(b) = Binding::of(&invite.offer, &answer) {
                    me.remote.borrow_mut().bind(b);
                }
                let reply = Reply { tag: invite.tag, seat: invite.seat, round: invite.round, answer };
                match pack(&reply.encode()).await {
                    // Connected already (the host took a reply faster than this): no link needed.
                    Some(_) if stage.get_untracked() != Stage::Answering => {}
                    Some(p) => stage.set(Stage::Reply(format!("{}#reply={p}", crate::ui::page::base_url()))),
                    None => stage.set(Stage::Failed(no_compression())),
                }
            }
            Err(why) => stage.set(Stage::Failed(tr!(NetInviteBad, why = peer_error(why)))),
        }
    });
    net
}

/// The friend's page before and around the table: finding the table and choosing a seat, or
/// answering an invite and the reply to send; joining; who this device is at the table; a lost
/// connection.
#[component]
pub fn FriendScreen(net: Rc<FriendNet>) -> impl IntoView {
    let stage = net.stage;
    let ctx = net.ctx;
    let copied = RwSignal::new(None::<String>);
    let net = StoredValue::new_local(net);
    move || match stage.get() {
        Stage::Playing => ().into_any(),
        Stage::Lost => view! {
            <p class="net-lost notice" role="alert" data-net-lost="">
                {if net.with_value(|n| n.table.borrow().is_some()) { tr!(String RelayBack) } else { tr!(String NetLost) }}
            </p>
        }
        .into_any(),
        s => view! {
            <div class="start net-join" data-join="">
                <h1>"Löwenherz"</h1>
                <h2>{tr!(NetJoinTitle)}</h2>
                <p class="hint">{tr!(NetJoinDealer)}</p>
                {match s {
                    Stage::Answering => view! { <p role="status" data-answering="">{tr!(NetMakingReply)}</p> }.into_any(),
                    Stage::Reply(link) => {
                        let for_copy = link.clone();
                        view! {
                            <p>{tr!(NetReplyStep)}</p>
                            <input class="link" readonly="" value=link.clone() data-reply-link="" aria-label=tr!(NetReplyLabelOwn)/>
                            <div class="row">
                                <button type="button" class="primary" data-copy-reply="" on:click=move |_| crate::ui::page::copy(for_copy.clone(), copied)>{tr!(NetCopyReply)}</button>
                                {move || copied.get().map(|m| view! { <span class="hint">{m}</span> })}
                            </div>
                            <Qr text=link label=tr!(String NetReplyLabelOwn)/>
                            <p class="hint" role="status">{tr!(NetWaitingHost)}</p>
                        }.into_any()
                    }
                    Stage::Joining => view! { <p role="status" data-joining="">{tr!(NetConnecting)}</p> }.into_any(),
                    Stage::Failed(why) => view! {
                        <p class="notice" role="alert" data-join-failed="">{why}</p>
                        <p class="hint">{tr!(TableWayOn)}</p>
                        <button type="button" data-back-to-start="" on:click=move |_| ctx.show(None)>{tr!(NetBackToStart)}</button>
                    }.into_any(),
                    Stage::Finding(long) => view! {
                        <p role="status" data-finding="">{tr!(TableFinding)}</p>
                        {long.then(|| view! { <p class="hint" data-no-host="">{tr!(TableNoHost)}</p> })}
                    }.into_any(),
                    Stage::Choose(seats) => {
                        let none = !seats.iter().any(|s| s.free);
                        view! {
                            <h3>{tr!(RelayPickSeat)}</h3>
                            {move || ctx.notice.get().map(|n| view! { <p class="notice" role="alert">{n}</p> })}
                            <ul class="net-seats" data-seat-picker="">
                                {seats.into_iter().map(|seat| {
                                    let c = seat.colour;
                                    let pick = seat.clone();
                                    view! {
                                        <li class="net-seat" data-pick-seat=c.name()>
                                            <div class="row"><crate::ui::widgets::Emblem colour=c/><b>{seat.name.clone()}</b></div>
                                            {if seat.free {
                                                view! { <button type="button" class="primary" data-take-seat=c.name() on:click=move |_| net.with_value(|n| n.claim(&pick))>{tr!(TableFree)}</button> }.into_any()
                                            } else {
                                                view! { <span class="hint">{tr!(RelaySeatOccupied)}</span> }.into_any()
                                            }}
                                        </li>
                                    }
                                }).collect_view()}
                            </ul>
                            {none.then(|| view! { <p class="hint">{tr!(RelayNoSeatFree)}</p> })}
                        }.into_any()
                    }
                    Stage::Taking(name) => view! { <p role="status" data-taking="">{tr!(TableTaking, name = name)}</p> }.into_any(),
                    Stage::Waiting(name) => view! {
                        <p role="status" data-waiting-host="">{tr!(RelayWaitingHost, name = name)}</p>
                        <button type="button" data-other-seat="" on:click=move |_| net.with_value(|n| n.look_again())>{tr!(RelayOtherSeat)}</button>
                    }.into_any(),
                    Stage::Playing | Stage::Lost => ().into_any(),
                }}
            </div>
        }
        .into_any(),
    }
}
