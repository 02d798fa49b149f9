//! The host: the device that holds the game (the table) and a seat map. It plays the moves of
//! the people here, of the computers and of the friends on their own devices, and sends each
//! friend's seat what that seat may see — its own view, the public log, its legal moves, whose
//! turn it is, "since your turn" — never another seat's hand, private money, unrevealed bid,
//! the deck's order or the seed (they have no field in a view, and a view is all a seat gets).
//!
//! The session stays the one machine of turns: when a remote seat must act, the host hands it
//! the session (it becomes the holder) without a hand-over screen; the host's device then shows
//! a waiting screen with only its own people's secrets. The device hands over only among the
//! people sitting at it. A sealed move (a duel bid) may come from a remote seat before its turn
//! in the session: the host checks it with the engine, holds it, and plays it when its turn
//! comes; no bid is in any seat's view before the reveal.

use super::message::{AnyUpdate, NetRules, Presence, Refusal, SeatUpdate, ToHost, ToRemote, game_tag};
use super::wire::encode;
use crate::app::session::{EditionRules, Screen, Session};
use crate::app::table::{Command, Marks, Step, Table};
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::each_session;
use crate::engine::{Colour, IllegalMove};
use crate::tr;

/// A friend's seat, as the host keeps it.
#[derive(Clone, Debug)]
struct RemoteSeat {
    colour: Colour,
    /// The join token of its invite.
    token: u64,
    connected: bool,
    /// Updates sent since its last hello.
    seq: u32,
    /// Log lines it has.
    log_sent: usize,
    /// The last update sent, without its number and log lines (nothing new: nothing sent).
    last: Vec<u8>,
    /// The number of the last command read (a number not above it is a replay).
    last_n: Option<u32>,
    /// A sealed move committed before its turn, held until then (an edition's `Act` command).
    held: Option<AnyCommand>,
    /// Announcements not yet sent.
    notices: Vec<String>,
    /// Messages refused since its last accepted one (the browser disconnects a persistent one).
    strikes: u32,
}

impl RemoteSeat {
    fn new(colour: Colour, token: u64) -> RemoteSeat {
        RemoteSeat { colour, token, connected: false, seq: 0, log_sent: 0, last: Vec::new(), last_n: None, held: None, notices: Vec::new(), strikes: 0 }
    }
}

/// A message for a remote seat.
#[derive(Clone, Debug)]
pub struct Outgoing {
    /// The seat it is for.
    pub to: Colour,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// What the host answers a message with.
#[derive(Clone, Debug, Default)]
pub struct Received {
    /// The seat the link speaks for now (after a hello; `None` until then).
    pub seat: Option<Colour>,
    /// Messages for the link the message came on (a welcome, an answer, a refusal).
    pub replies: Vec<Vec<u8>>,
}

/// The host of a game with remote seats.
#[derive(Clone, Debug)]
pub struct Host {
    session: AnySession,
    tag: u32,
    remotes: Vec<RemoteSeat>,
    /// The holder whose turn ended while it kept the session (computers play after it).
    ended: Option<Colour>,
}

impl Host {
    /// Hosts `session`, the seats `remote` played by friends on their own devices (each with
    /// the token of its invite); the computers are the session's, everyone else sits here.
    pub fn new(session: AnySession, remote: &[(Colour, u64)]) -> Host {
        let tag = game_tag(session.id());
        let remotes = remote
            .iter()
            .map(|&(colour, token)| RemoteSeat::new(colour, token))
            .collect();
        let mut h = Host { session, tag, remotes, ended: None };
        h.settle();
        h
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
        match self.remotes.iter().find(|r| r.colour == c) {
            _ if !each_session!(&self.session, s => s.seats.person(c)) => Presence::Computer,
            Some(r) => Presence::Remote { connected: r.connected },
            None => Presence::Here,
        }
    }

    /// A computer of `level` plays a friend's seat until the friend is back (`None`: the
    /// friend plays it again). The seat keeps its token; a sealed move it had committed is
    /// dropped (its turn is the computer's now).
    pub fn stand_in(&mut self, c: Colour, level: Option<crate::engine::ai::Level>) {
        let Some(r) = self.remotes.iter_mut().find(|r| r.colour == c) else { return };
        r.held = None;
        self.changing(|s| {
            each_session!(s, s => {
                s.seats.bots.retain(|&(b, _)| b != c);
                if let Some(l) = level {
                    s.undo_all();
                    s.seats.bots.push((c, l));
                }
            })
        });
    }

    /// Seat `c`, played at the host's device until now, is a friend's on their own device from
    /// now on (`token`: its invite's). Steps staged here are taken back.
    pub fn add_remote(&mut self, c: Colour, token: u64) {
        if self.remotes.iter().any(|r| r.colour == c) || !each_session!(&self.session, s => s.players().contains(&c)) {
            return;
        }
        self.remotes.push(RemoteSeat::new(c, token));
        self.changing(AnySession::undo_all);
    }

    /// The seats friends play on their own devices.
    pub fn remote_seats(&self) -> Vec<Colour> {
        self.remote_colours()
    }

    /// Messages refused from a seat since its last accepted one.
    pub fn strikes(&self, c: Colour) -> u32 {
        self.remotes.iter().find(|r| r.colour == c).map_or(0, |r| r.strikes)
    }

    /// A seat's link is gone: the others are told, and the seat rejoins with its token.
    pub fn disconnected(&mut self, c: Colour) {
        if let Some(r) = self.remotes.iter_mut().find(|r| r.colour == c) {
            r.connected = false;
            r.notices.clear();
        }
    }

    /// What the host's own device shows: the session's table while a person here acts; while
    /// a seat elsewhere acts, a waiting screen with only the one person here's own secrets
    /// (or nobody's, when several sit here).
    pub fn table(&self) -> AnyTable {
        let (remote, here) = (self.remote_colours(), self.here());
        let presence = |c: Colour| self.presence(c);
        match &self.session {
            AnySession::Classic(s) => AnyTable::Classic(local_table(s, &remote, &here, presence)),
            AnySession::New(s) => AnyTable::New(local_table(s, &remote, &here, presence)),
        }
    }

    /// A command from the host's own device (a person here, or a dismissed announcement).
    ///
    /// # Errors
    /// The session's reasons; [`IllegalMove::NotYourTurn`] for anything done for a seat
    /// elsewhere, or while one acts.
    pub fn local(&mut self, c: AnyCommand) -> Result<(), IllegalMove> {
        let remote = self.remote_colours();
        let elsewhere = |x: Option<Colour>| x.is_some_and(|x| remote.contains(&x));
        // While a seat elsewhere acts, the host's device only dismisses announcements; after
        // its turn, the device's hand-over screen is the first thing done here.
        let passing = matches!(c, AnyCommand::Either(Command::TakeDevice(_) | Command::Dismiss));
        let busy = each_session!(&self.session, s => elsewhere(s.actor()) || (elsewhere(s.holder) && !passing));
        let for_remote = match c {
            AnyCommand::Classic(Command::Act(m)) => remote.contains(&m.by()),
            AnyCommand::New(Command::Act(m)) => remote.contains(&m.by()),
            AnyCommand::Either(Command::TakeDevice(x)) => remote.contains(&x),
            _ => false,
        };
        if for_remote || (busy && c != AnyCommand::Either(Command::Dismiss)) {
            return Err(IllegalMove::NotYourTurn);
        }
        let ended = self.ended;
        let taking = matches!(c, AnyCommand::Either(Command::TakeDevice(_)));
        let r = self.changing(|s| {
            if taking {
                each_session!(s, s => if s.holder == ended && ended.is_some() && matches!(s.screen(), Screen::HandOver(_)) {
                    // The holder's turn ended earlier: its "since your turn" starts there.
                    s.holder = None;
                });
            }
            s.apply(c)
        });
        if taking && r.is_ok() && self.ended == ended {
            self.ended = None;
        }
        r
    }

    /// Anything else done to the game on the host's device (a computer's move): the seats
    /// elsewhere are handed the session as their turns come, and told.
    pub fn with_session<R>(&mut self, f: impl FnOnce(&mut AnySession) -> R) -> R {
        self.changing(f)
    }

    /// Reads a message from a link (`link`: the seat it joined, if it did).
    pub fn receive(&mut self, link: Option<Colour>, bytes: &[u8]) -> Received {
        let tag = self.tag;
        let refused = |seat: Option<Colour>, why: Refusal| Received { seat, replies: vec![ToRemote::Refused(why).encode(tag)] };
        let msg = match ToHost::decode(bytes, tag) {
            Ok(m) => m,
            Err(e) => {
                self.strike(link);
                return refused(link, e.into());
            }
        };
        match msg {
            ToHost::Hello { seat, token, have_log } => {
                let edition = self.session.edition();
                let id = self.session.id().to_string();
                let names = self.names();
                let log_len = each_session!(&self.session, s => s.log.len());
                let Some(r) = self.remotes.iter_mut().find(|r| r.colour == seat && r.token == token) else {
                    self.strike(link);
                    return refused(link, Refusal::Foreign);
                };
                r.connected = true;
                r.seq = 0;
                r.last.clear();
                r.last_n = None;
                r.strikes = 0;
                r.log_sent = (have_log as usize).min(log_len);
                Received { seat: Some(seat), replies: vec![ToRemote::Welcome { seat, edition, id, names }.encode(tag)] }
            }
            ToHost::Command { n, cmd } => {
                let Some(i) = link.and_then(|c| self.remotes.iter().position(|r| r.colour == c && r.connected)) else {
                    return refused(link, Refusal::NotJoined);
                };
                if self.remotes[i].last_n.is_some_and(|l| n <= l) {
                    self.remotes[i].strikes += 1;
                    return Received { seat: link, replies: vec![ToRemote::Answer { n, refused: Some(Refusal::Stale) }.encode(tag)] };
                }
                self.remotes[i].last_n = Some(n);
                let result = self.changing_remote(i, cmd);
                let r = &mut self.remotes[i];
                if result.is_ok() {
                    r.strikes = 0;
                } else {
                    r.strikes += 1;
                }
                Received { seat: link, replies: vec![ToRemote::Answer { n, refused: result.err().map(Refusal::Illegal) }.encode(tag)] }
            }
        }
    }

    /// The messages due to the connected remote seats: announcements, and an update for each
    /// seat whose screen changed.
    pub fn outbox(&mut self) -> Vec<Outgoing> {
        let presence: Vec<(Colour, Presence)> = each_session!(&self.session, s => s.players().to_vec()).into_iter().map(|c| (c, self.presence(c))).collect();
        let tag = self.tag;
        let mut out = Vec::new();
        for i in 0..self.remotes.len() {
            if !self.remotes[i].connected {
                continue;
            }
            for text in std::mem::take(&mut self.remotes[i].notices) {
                out.push(Outgoing { to: self.remotes[i].colour, bytes: ToRemote::Notice(text).encode(tag) });
            }
            let r = &mut self.remotes[i];
            let update = match &mut self.session {
                AnySession::Classic(s) => seat_message(s, r, &presence),
                AnySession::New(s) => seat_message(s, r, &presence),
            };
            if let Some(u) = update {
                out.push(Outgoing { to: r.colour, bytes: ToRemote::Update(u).encode(tag) });
            }
        }
        out
    }

    fn strike(&mut self, link: Option<Colour>) {
        if let Some(r) = self.remotes.iter_mut().find(|r| Some(r.colour) == link) {
            r.strikes += 1;
        }
    }

    fn remote_colours(&self) -> Vec<Colour> {
        self.remotes.iter().map(|r| r.colour).collect()
    }

    /// The people sitting at the host's device.
    fn here(&self) -> Vec<Colour> {
        let remote = self.remote_colours();
        each_session!(&self.session, s => s.players().iter().copied().filter(|&c| s.seats.person(c) && !remote.contains(&c)).collect())
    }

    fn names(&self) -> Vec<(Colour, String)> {
        each_session!(&self.session, s => Colour::ALL.iter().map(|&c| (c, s.name(c))).collect())
    }

    /// Runs a change of the game; then new announcements go to the remote seats and the
    /// session is handed to whoever acts next.
    fn changing<R>(&mut self, f: impl FnOnce(&mut AnySession) -> R) -> R {
        let before = each_session!(&self.session, s => s.announcements.len());
        let r = f(&mut self.session);
        self.changed(before);
        r
    }

    fn changed(&mut self, before: usize) {
        let new: Vec<String> = each_session!(&self.session, s => s.announcements.get(before..).map(<[String]>::to_vec).unwrap_or_default());
        for seat in &mut self.remotes {
            if seat.connected {
                seat.notices.extend(new.iter().cloned());
            }
        }
        self.settle();
    }

    fn changing_remote(&mut self, i: usize, cmd: AnyCommand) -> Result<(), IllegalMove> {
        let before = each_session!(&self.session, s => s.announcements.len());
        let seat = &mut self.remotes[i];
        let r = match &mut self.session {
            AnySession::Classic(s) => remote_command(s, seat, cmd),
            AnySession::New(s) => remote_command(s, seat, cmd),
        };
        self.changed(before);
        r
    }

    /// Hands the session to a remote seat whose turn it is (no hand-over screen), plays a
    /// sealed move it committed when its turn comes, and lets the one person here keep the
    /// device.
    fn settle(&mut self) {
        let here = self.here();
        let mut played = Vec::new();
        match &mut self.session {
            AnySession::Classic(s) => settle(s, &mut self.remotes, &here, &mut played, &mut self.ended),
            AnySession::New(s) => settle(s, &mut self.remotes, &here, &mut played, &mut self.ended),
        }
        for text in played {
            for seat in &mut self.remotes {
                if seat.connected {
                    seat.notices.push(text.clone());
                }
            }
        }
    }
}

/// The edition's command in an [`AnyCommand`] (`None`: the other edition's).
fn edition_command<G: NetRules>(c: AnyCommand) -> Option<Command<G::Move>> {
    G::edition_command(c)
}

/// Hands the session to `a`. The holder's "since your turn" starts where its turn ended, if
/// that was marked (computers played in between), else now.
fn hand_to<G: NetRules>(s: &mut Session<G>, a: Colour, ended: &mut Option<Colour>) {
    let board = EditionRules::snapshot(&s.game);
    let from = s.holder.filter(|&h| *ended != Some(h));
    s.since.hand_over(from, a, s.log.len(), board);
    s.holder = Some(a);
    *ended = None;
}

fn settle<G: NetRules>(s: &mut Session<G>, remotes: &mut [RemoteSeat], here: &[Colour], announced: &mut Vec<String>, ended: &mut Option<Colour>) {
    hand_on(s, remotes, here, announced, ended);
    // The holder keeps the session while computers play after it: its turn ended now, and
    // what they do is its "since your turn" when its turn comes back.
    if let Some(h) = s.holder
        && s.actor() != Some(h)
        && *ended != Some(h)
        && s.staged.is_empty()
        && s.pending.is_none()
        && !s.game.is_over()
    {
        let board = EditionRules::snapshot(&s.game);
        s.since.hand_over(Some(h), h, s.log.len(), board);
        s.since.acted();
        *ended = Some(h);
    }
}

fn hand_on<G: NetRules>(s: &mut Session<G>, remotes: &mut [RemoteSeat], here: &[Colour], announced: &mut Vec<String>, ended: &mut Option<Colour>) {
    for _ in 0..16 {
        let Some(a) = s.actor() else { return };
        if let Some(r) = remotes.iter_mut().find(|r| r.colour == a) {
            if s.holder != Some(a) || *ended == Some(a) {
                hand_to(s, a, ended);
            }
            if s.review {
                // The device is the seat's own: nothing to look at before passing it on.
                s.review = false;
                continue;
            }
            if let Some(m) = r.held.take().and_then(edition_command::<G>) {
                let before = s.announcements.len();
                if s.apply(m).is_ok() {
                    announced.extend(s.announcements.get(before..).map(<[String]>::to_vec).unwrap_or_default());
                }
                continue;
            }
            return;
        }
        if let [only] = here {
            // One person here: the device is theirs, no hand-over screen and nothing to review
            // before a seat elsewhere plays.
            if a == *only && (s.holder != Some(a) || *ended == Some(a)) {
                hand_to(s, a, ended);
            }
            if s.holder == Some(*only) && s.review && s.staged.is_empty() {
                s.review = false;
                continue;
            }
        }
        return;
    }
}

/// A command from the remote seat `r`, checked as at the table: a move of another colour, or
/// anything from a seat that isn't to move, is refused; a sealed move is checked by the engine
/// and held until its turn.
fn remote_command<G: NetRules>(s: &mut Session<G>, r: &mut RemoteSeat, cmd: AnyCommand) -> Result<(), IllegalMove> {
    let c = r.colour;
    let cmd = edition_command::<G>(cmd).ok_or(IllegalMove::NotNow)?;
    if !s.seats.person(c) {
        // A computer stands in for the seat until the host gives it back.
        return Err(IllegalMove::NotYourTurn);
    }
    let acting = s.actor() == Some(c) && s.holder == Some(c);
    match cmd {
        Command::Act(m) | Command::Explain(m) if G::mover(&m) != c => Err(IllegalMove::NotYourTurn),
        Command::Act(m) if !acting && G::sealed(&m) && r.held.is_none() && s.game.to_move().contains(&c) => {
            s.game.clone().play(m)?;
            r.held = Some(G::command(Command::Act(m)));
            Ok(())
        }
        Command::Explain(m) if !acting => s.game.clone().play(m).map(|_| ()),
        _ if !acting => Err(IllegalMove::NotYourTurn),
        Command::TakeDevice(_) | Command::Dismiss => Err(IllegalMove::NotNow),
        cmd => s.apply(cmd),
    }
}

/// Whoever acts, in words, for a device where they don't.
fn waiting<G: NetRules>(s: &Session<G>, a: Colour, presence: Presence) -> String {
    match presence {
        Presence::Computer => tr!(PanelThinking, name = s.name(a)),
        Presence::Remote { connected: false } => tr!(NetAway, name = s.name(a)),
        Presence::Remote { connected: true } => tr!(NetPlaysElsewhere, name = s.name(a)),
        Presence::Here => tr!(LogTurn, name = s.name(a)),
    }
}

fn local_table<G: NetRules>(s: &Session<G>, remote: &[Colour], here: &[Colour], presence: impl Fn(Colour) -> Presence) -> Table<G> {
    let actor = s.actor();
    let elsewhere = |c: Option<Colour>| c.is_some_and(|c| remote.contains(&c));
    // The session's own table, unless a seat elsewhere acts or still holds the session (the
    // hand-over screen to a person here shows nobody's secrets, so it stays).
    let shown_here = !elsewhere(s.holder) || matches!(s.screen(), Screen::HandOver(_));
    if !elsewhere(actor) && shown_here {
        return s.table();
    }
    let viewer = if let [only] = here { Some(*only) } else { None };
    let over = s.game.is_over();
    let screen = match (s.announcements.first(), actor) {
        (Some(text), _) => Screen::Announcement(text.clone()),
        (None, Some(a)) if presence(a) == Presence::Computer => Screen::Thinking(a),
        (None, Some(a)) => Screen::Elsewhere(a),
        (None, None) => Screen::Over,
    };
    let prompt = match actor {
        Some(a) => waiting(s, a, presence(a)),
        None => tr!(String PanelGameOver),
    };
    Table {
        id: s.id.clone(),
        screen,
        reason: String::new(),
        then_to: None,
        view: s.game.view(viewer),
        names: Colour::ALL.iter().map(|&c| (c, s.name(c))).collect(),
        log: s.log.clone(),
        since: None,
        recent: Marks::default(),
        staged: Marks::default(),
        pending: None,
        step: Step::default(),
        changes: s.last_score_changes.clone(),
        prompt,
        solo: false,
        end: over.then(|| G::end(s)),
    }
}

/// The update of a remote seat, if its screen changed since the last one sent.
fn seat_message<G: NetRules>(s: &mut Session<G>, r: &mut RemoteSeat, presence: &[(Colour, Presence)]) -> Option<AnyUpdate> {
    let mut u = seat_update(s, r, presence);
    let body = encode(&u);
    let resend = s.log.len() < r.log_sent;
    if body == r.last && !resend && s.log.len() == r.log_sent {
        return None;
    }
    r.last = body;
    if resend {
        r.log_sent = 0;
    }
    r.seq += 1;
    u.seq = r.seq;
    u.log_from = r.log_sent as u32;
    u.log = s.log[r.log_sent..].to_vec();
    r.log_sent = s.log.len();
    Some(G::any(u))
}

/// What a remote seat's screen shows now (numbered and with its log lines by the caller).
fn seat_update<G: NetRules>(s: &mut Session<G>, r: &RemoteSeat, presence: &[(Colour, Presence)]) -> SeatUpdate<G> {
    let c = r.colour;
    let presence = presence.to_vec();
    let actor = s.actor();
    if actor == Some(c) && s.holder == Some(c) {
        // Its turn: the session's own table for the seat (the host device's announcements are
        // the host's; the seat is sent them as notices).
        let kept = std::mem::take(&mut s.announcements);
        let t = s.table();
        s.announcements = kept;
        return SeatUpdate {
            seq: 0,
            screen: t.screen,
            view: t.view,
            log_from: 0,
            log: Vec::new(),
            since: t.since.map(|x| x as u32),
            recent: t.recent,
            staged: t.staged,
            pending: t.pending,
            // Hints are asked on the host's device (its computers answer them).
            step: Step { hint: false, ..t.step },
            changes: t.changes,
            prompt: t.prompt,
            end: t.end,
            presence,
        };
    }
    let held = r.held.and_then(edition_command::<G>);
    let view = match held {
        Some(Command::Act(m)) => {
            let mut g = s.game.clone();
            let _ = g.play(m);
            g.view(Some(c))
        }
        _ => s.game.view(Some(c)),
    };
    let over = s.game.is_over();
    let seals = !over && held.is_none() && s.game.to_move().contains(&c) && !G::moves_of(&view).is_empty() && G::moves_of(&view).iter().all(G::sealed);
    let (screen, prompt) = if over {
        (Screen::Over, tr!(String PanelGameOver))
    } else if seals {
        // Every seat due commits its sealed move at once: the seat's prompt as at the table.
        let mut t = s.clone();
        t.seats.bots.clear();
        t.announcements.clear();
        t.holder = Some(c);
        let p = G::prompt(&t, &view);
        (Screen::Play(c), p)
    } else {
        let a = actor.unwrap_or(c);
        let p = presence.iter().find(|(x, _)| *x == a).map_or(Presence::Here, |&(_, p)| p);
        (if p == Presence::Computer { Screen::Thinking(a) } else { Screen::Elsewhere(a) }, waiting(s, a, p))
    };
    SeatUpdate {
        seq: 0,
        screen,
        view,
        log_from: 0,
        log: Vec::new(),
        since: None,
        recent: Marks::default(),
        staged: Marks::default(),
        pending: None,
        step: Step::default(),
        changes: s.last_score_changes.clone(),
        prompt,
        end: over.then(|| G::end(s)),
        presence,
    }
}
