//! Whole games of both editions through a host and two simulated friends' devices, every
//! command and every screen through the bytes; what each seat is sent is checked for other
//! seats' secrets; hostile messages are refused and change nothing.

use super::host::{Conn, Host, Outgoing, MAX_STRIKES};
use super::proof::{prove, Binding};
use super::message::{AnyUpdate, MessageError, NetRules, Refusal, ToHost, ToRemote, MAX_TO_HOST, VERSION};
use super::wire::WireError;
use super::remote::{Heard, Remote};
use crate::app::session::{Screen, Session};
use crate::app::table::{Command, Table};
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::engine::{classic, newed, ByColour, Colour, IllegalMove};
use crate::engine::classic::SetupKind;

mod seat_proof;
mod watching;

const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

/// The connection every simulated friend talks on, by its two ends' DTLS fingerprints.
const WIRE_ENDS: Binding = Binding { host: [0x11; 32], friend: [0x22; 32] };
/// That connection as the host's device knows it: a device coming back, which proves its token.
const WIRE: Conn = Conn { binding: Some(WIRE_ENDS), grant: None };

/// A friend's device of `seat` holding `token`, on [`WIRE`].
fn friend(tag: u32, seat: Colour, token: u64) -> Remote {
    let mut r = Remote::new(tag, seat, Some(token));
    r.bind(WIRE_ENDS);
    r
}

/// The hello of a device proving `token` for `seat` on [`WIRE`].
fn hello(tag: u32, seat: Colour, token: u64, have_log: u32) -> Vec<u8> {
    ToHost::Hello { seat, proof: Some(prove(token, tag, seat, &WIRE_ENDS)), have_log }.encode(tag)
}
const STEPS: usize = 40_000;

fn classic_session() -> Session<classic::game::Game> {
    let setup = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Variable, SEED);
    Session::new("net-classic".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
}

fn new_session() -> Session<newed::Game> {
    let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], SEED);
    Session::new("net-new".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
}

/// The same choices wherever a seat plays: its `n`-th decision picks from the moves its own
/// view offers (so the order in which seats decide doesn't matter).
fn decide<G: NetRules>(t: &Table<G>, c: Colour, n: &mut ByColour<usize>) -> Command<G::Move> {
    if t.step.review {
        return Command::EndReview;
    }
    if t.step.must_confirm {
        return Command::Confirm;
    }
    let k = n[c];
    n[c] += 1;
    if t.step.offer && k.is_multiple_of(2) {
        return Command::Pass;
    }
    let moves = G::moves_of(&t.view);
    // New Edition: refill from the deck, so that the game runs towards its end.
    if let Some(&draw) = moves.iter().find(|m| m.to_string().ends_with(" draw")) {
        return Command::Act(draw);
    }
    let keep: Vec<G::Move> = moves.iter().copied().filter(|m| !m.to_string().ends_with(" done")).collect();
    let from = if keep.is_empty() || k.is_multiple_of(11) { moves } else { &keep };
    assert!(!from.is_empty(), "{c} plays with nothing to do: {}", t.say(&t.prompt));
    Command::Act(from[(k * 7 + 3) % from.len()])
}

/// A computer's move: the same choice wherever it is asked (New Edition only: no politics
/// offer to pass on).
fn computer<G: NetRules>(g: &G, c: Colour, n: &mut ByColour<usize>) -> G::Move {
    let v = crate::app::session::EditionRules::view(g, Some(c));
    let moves = G::moves_of(&v);
    let k = n[c];
    n[c] += 1;
    if let Some(&draw) = moves.iter().find(|m| m.to_string().ends_with(" draw")) {
        return draw;
    }
    let keep: Vec<G::Move> = moves.iter().copied().filter(|m| !m.to_string().ends_with(" done")).collect();
    let from = if keep.is_empty() || k.is_multiple_of(11) { moves } else { &keep };
    from[(k * 5 + 1) % from.len()]
}

fn as_session<G: NetRules + 'static>(s: &mut AnySession) -> &mut Session<G> {
    let any: &mut dyn std::any::Any = match s {
        AnySession::Classic(x) => x,
        AnySession::New(x) => x,
    };
    any.downcast_mut().expect("this edition's session")
}

/// The game at one device, everyone passing it around.
fn at_the_table<G: NetRules>(mut s: Session<G>) -> Session<G> {
    let mut n = ByColour::default();
    for _ in 0..STEPS {
        let t = s.table();
        match t.screen {
            Screen::Over => return s,
            Screen::Announcement(_) => s.apply(Command::Dismiss).unwrap(),
            Screen::HandOver(c) => s.apply(Command::TakeDevice(c)).unwrap(),
            Screen::Thinking(c) => {
                let m = computer(&s.game, c, &mut n);
                s.bot_move(m).unwrap();
            }
            Screen::Elsewhere(c) => panic!("a session alone never waits for {c} elsewhere"),
            Screen::Play(c) => {
                let cmd = decide(&t, c, &mut n);
                s.apply(cmd).unwrap();
            }
        }
    }
    panic!("the game at the table doesn't end");
}

/// Every message sent to a seat: decoded, it holds the seat's own view only.
fn check_secrets(host: &Host, to: Colour, bytes: &[u8], sizes: &mut Vec<usize>) {
    let seed_le = SEED.to_le_bytes();
    assert!(!bytes.windows(8).any(|w| w == seed_le), "the seed never travels");
    let msg = ToRemote::decode(bytes, host.tag()).expect("the host's messages decode");
    let ToRemote::Update(u) = msg else { return };
    sizes.push(bytes.len());
    match (u, host.session()) {
        (AnyUpdate::Classic(u), AnySession::Classic(s)) => {
            assert!(!matches!(u.screen, Screen::HandOver(_) | Screen::Announcement(_)), "a remote seat never gets a hand-over");
            let v = &u.view;
            assert_eq!(v.viewer, Some(to));
            let over = matches!(v.phase, classic::view::PhaseView::Over { .. });
            for &o in &v.players {
                if o != to && !over {
                    assert_eq!(v.hands[o], None, "{to} is sent {o}'s politics cards");
                    assert!(v.public_money || v.ducats[o].is_none(), "{to} is sent {o}'s private money");
                }
            }
            if let classic::view::PhaseView::Duel { own_bid: Some(_), have_bid, .. } = &v.phase {
                assert!(have_bid.contains(&to), "the only bid a seat sees before the reveal is its own");
            }
            let mut known = vec![s.game.view(Some(to)), s.shown.view(Some(to))];
            // A move held back for "Confirm": its numbers, never what it reveals.
            known.extend(s.pending.map(|m| s.shown.view_after(m, Some(to)).expect("the held move is legal")));
            if let classic::view::PhaseView::Duel { own_bid: Some((money, treasures)), .. } = v.phase {
                // A bid committed before its turn, held by the host: the seat sees it, no one else.
                let mut g = s.game.clone();
                if g.play(classic::moves::Move::Bid { by: to, money, treasures }).is_ok() {
                    known.push(g.view(Some(to)));
                }
            }
            assert!(known.contains(v), "{to} is sent exactly its own view");
        }
        (AnyUpdate::New(u), AnySession::New(s)) => {
            assert!(!matches!(u.screen, Screen::HandOver(_) | Screen::Announcement(_)), "a remote seat never gets a hand-over");
            let v = &u.view;
            assert_eq!(v.viewer, Some(to));
            assert_eq!(v.hand.as_deref(), Some(s.shown.hand(to)).filter(|_| s.holder == Some(to)).or(Some(s.game.hand(to))), "{to} is sent its own hand only");
            for &o in &v.players {
                assert!(o == to || v.public_money || v.ducats[o].is_none(), "{to} is sent {o}'s private money");
            }
            assert!([s.game.view(Some(to)), s.shown.view(Some(to))].contains(v), "{to} is sent exactly its own view");
        }
        _ => panic!("an update of the other edition"),
    }
}

fn deliver(host: &Host, remotes: &mut [Remote], out: Vec<Outgoing>, sizes: &mut Vec<usize>) {
    for o in out {
        check_secrets(host, o.to, &o.bytes, sizes);
        let r = remotes.iter_mut().find(|r| r.seat() == Some(o.to)).unwrap();
        let heard = r.receive(&o.bytes).unwrap();
        assert!(matches!(heard, Heard::Table | Heard::Notice), "{heard:?}");
    }
}

fn table_of<G: NetRules + 'static>(t: AnyTable) -> Table<G> {
    let any: Box<dyn std::any::Any> = match t {
        AnyTable::Classic(t) => Box::new(t),
        AnyTable::New(t) => Box::new(t),
    };
    *any.downcast::<Table<G>>().expect("this edition's table")
}

/// Hosts the game for one person here and two friends, who join from their devices.
fn host_and_join<G: NetRules>(s: Session<G>, wrap: fn(Session<G>) -> AnySession, friends: [Colour; 2]) -> (Host, Vec<Remote>) {
    let mut host = Host::new(wrap(s), &[(friends[0], 1111), (friends[1], 2222)]);
    let mut remotes: Vec<Remote> = friends.iter().zip([1111, 2222]).map(|(&c, t)| friend(host.tag(), c, t)).collect();
    for r in &mut remotes {
        let got = host.receive(None, &WIRE, &r.hello());
        assert_eq!(got.seat, r.seat());
        for b in got.replies {
            assert_eq!(r.receive(&b), Ok(Heard::Joined));
        }
    }
    (host, remotes)
}

/// One step of a hosted game: the messages due are delivered, then whoever may act does —
/// a friend on their device, or the person here. False once the game is over.
fn step<G: NetRules + 'static>(host: &mut Host, remotes: &mut [Remote], n: &mut ByColour<usize>, sizes: &mut Vec<usize>) -> bool {
    let out = host.outbox();
    deliver(host, remotes, out, sizes);
    let t: Table<G> = table_of(host.table());
    let here: Vec<Colour> = crate::each!(host.session(), s => s.players().iter().copied().filter(|&p| host.presence(p) == super::message::Presence::Here).collect());
    assert!(G::viewer_of(&t.view).is_none_or(|v| here.contains(&v)), "the host's device shows only its own people's secrets ({:?})", t.screen);
    if let Screen::Thinking(c) | Screen::Elsewhere(c) = t.screen {
        assert!(G::viewer_of(&t.view).is_none_or(|v| here == [v]), "while {c} plays, the host's device shows only its one person's secrets");
    }
    for r in remotes.iter_mut() {
        let t: Table<G> = table_of(r.table().expect("joined seats have a table"));
        match t.screen {
            Screen::Announcement(_) => {
                assert!(r.command(AnyCommand::Either(Command::Dismiss)).is_none(), "dismissed on the friend's device");
                return true;
            }
            Screen::Play(c) => {
                assert_eq!(Some(c), r.seat());
                let cmd = decide(&t, c, n);
                let bytes = r.command(G::command(cmd)).unwrap();
                sizes.push(bytes.len() << 32);
                let got = host.receive(Some(c), &WIRE, &bytes);
                for b in got.replies {
                    assert!(matches!(r.receive(&b), Ok(Heard::Answer { refused: None, .. })), "{c}'s {cmd:?} is refused");
                }
                return true;
            }
            _ => {}
        }
    }
    let t: Table<G> = table_of(host.table());
    match t.screen {
        Screen::Over => return false,
        Screen::Announcement(_) => host.local(AnyCommand::Either(Command::Dismiss)).unwrap(),
        Screen::HandOver(c) => {
            assert!(remotes.iter().all(|r| r.seat() != Some(c)), "the host's device hands over only among its own people");
            assert_eq!(G::viewer_of(&t.view), None, "behind a hand-over: nobody's secrets");
            host.local(AnyCommand::Either(Command::TakeDevice(c))).unwrap();
        }
        Screen::Thinking(c) => {
            assert_eq!(host.presence(c), super::message::Presence::Computer, "only a computer thinks");
            host.with_session(|s| {
                let s = as_session::<G>(s);
                let m = computer(&s.game, c, n);
                s.bot_move(m).unwrap();
            });
        }
        Screen::Elsewhere(c) => {
            assert!(remotes.iter().any(|r| r.seat() == Some(c)), "{c} should act on their device, yet nobody does");
            panic!("{c} is to move on their device, yet their device offers nothing to do");
        }
        Screen::Play(c) => {
            assert!(remotes.iter().all(|r| r.seat() != Some(c)), "the host's device never plays for a friend");
            let cmd = decide(&t, c, n);
            host.local(G::command(cmd)).unwrap();
        }
    }
    true
}

/// The same game with the host's person here and two friends on their own devices; returns
/// the host, the friends' devices and the sizes of the updates sent.
fn hosted<G: NetRules + 'static>(s: Session<G>, wrap: fn(Session<G>) -> AnySession, friends: [Colour; 2]) -> (Host, Vec<Remote>, Vec<usize>) {
    let (mut host, mut remotes) = host_and_join(s, wrap, friends);
    let mut sizes = Vec::new();
    let mut n = ByColour::default();
    for _ in 0..STEPS {
        if !step::<G>(&mut host, &mut remotes, &mut n, &mut sizes) {
            return (host, remotes, sizes);
        }
    }
    panic!("the hosted game doesn't end");
}

fn whole_game<G: NetRules + 'static>(s: fn() -> Session<G>, wrap: fn(Session<G>) -> AnySession, friends: [Colour; 2]) -> Vec<usize> {
    let local = at_the_table(s());
    let clock = std::time::Instant::now();
    let (host, remotes, sizes) = hosted(s(), wrap, friends);
    let moves = crate::each!(host.session(), s => s.moves.len());
    eprintln!("{:?}: {moves} moves hosted (host, both friends' devices, every message encoded, decoded and checked) in {:?}", host.session().edition(), clock.elapsed());
    assert!(host.session().is_over());
    assert_eq!(host.session().record(), wrap(local.clone()).record(), "the hosted game is the game played at the table");
    assert_eq!(host.session().log_text(), wrap(local).log_text());
    for r in &remotes {
        let t = r.table().unwrap();
        assert_eq!(t.screen(), &Screen::Over, "{:?} sees the end", r.seat());
        assert_eq!(t.log().0.iter().map(|l| t.say(&l.said)).collect::<Vec<_>>().join("\n"), host.session().log_text(), "{:?} has the whole log", r.seat());
        assert!(t.end().is_some());
    }
    sizes
}

fn report(edition: &str, sizes: &[usize]) {
    let commands: Vec<usize> = sizes.iter().filter(|&&x| x >> 32 > 0).map(|x| x >> 32).collect();
    eprintln!("{edition}: {} commands, {}-{} B each", commands.len(), commands.iter().min().unwrap(), commands.iter().max().unwrap());
    let mut s: Vec<usize> = sizes.iter().copied().filter(|&x| x >> 32 == 0).collect();
    s.sort_unstable();
    let total: usize = s.iter().sum();
    eprintln!("{edition}: {} updates, median {} B, 90th percentile {} B, largest {} B, total {} kB", s.len(), s[s.len() / 2], s[s.len() * 9 / 10], s[s.len() - 1], total / 1024);
}

#[test]
fn a_whole_classic_game_with_two_friends_on_their_devices_is_the_game_at_the_table() {
    let sizes = whole_game(classic_session, AnySession::Classic, [Colour::Yellow, Colour::Purple]);
    report("Classic", &sizes);
}

#[test]
fn a_whole_new_edition_game_with_two_friends_on_their_devices_is_the_game_at_the_table() {
    let sizes = whole_game(new_session, AnySession::New, [Colour::Blue, Colour::Orange]);
    report("New Edition", &sizes);
}

/// A Classic game hosted for Ann here, with Ben (yellow) and Cleo (purple) joined from their
/// devices, played on until `until` holds of the host's device's table.
fn joined_classic(until: impl Fn(&Host, &Table<classic::game::Game>) -> bool) -> (Host, Vec<Remote>) {
    let mut host = Host::new(AnySession::Classic(classic_session()), &[(Colour::Yellow, 1111), (Colour::Purple, 2222)]);
    let mut remotes = vec![friend(host.tag(), Colour::Yellow, 1111), friend(host.tag(), Colour::Purple, 2222)];
    for r in &mut remotes {
        for b in host.receive(None, &WIRE, &r.hello()).replies {
            r.receive(&b).unwrap();
        }
    }
    let mut n = ByColour::default();
    for _ in 0..STEPS {
        let out = host.outbox();
        deliver(&host, &mut remotes, out, &mut Vec::new());
        let t: Table<classic::game::Game> = table_of(host.table());
        if until(&host, &t) {
            return (host, remotes);
        }
        match t.screen {
            Screen::Play(c) => host.local(AnyCommand::Classic(decide(&t, c, &mut n))).unwrap(),
            Screen::Announcement(_) => host.local(AnyCommand::Either(Command::Dismiss)).unwrap(),
            Screen::Elsewhere(c) => {
                let r = remotes.iter_mut().find(|r| r.seat() == Some(c)).unwrap();
                let t: Table<classic::game::Game> = table_of(r.table().unwrap());
                if let Screen::Announcement(_) = t.screen {
                    r.command(AnyCommand::Either(Command::Dismiss));
                    continue;
                }
                let bytes = r.command(AnyCommand::Classic(decide(&t, c, &mut n))).unwrap();
                for b in host.receive(Some(c), &WIRE, &bytes).replies {
                    r.receive(&b).unwrap();
                }
            }
            s => panic!("{s:?}"),
        }
    }
    panic!("never came to pass");
}

fn refusal(host: &Host, bytes: &[u8]) -> Refusal {
    match ToRemote::decode(bytes, host.tag()).unwrap() {
        ToRemote::Refused(r) => r,
        ToRemote::Answer { refused: Some(r), .. } => r,
        m => panic!("not a refusal: {m:?}"),
    }
}

#[test]
fn garbled_stale_foreign_replayed_and_other_seats_messages_are_refused_and_change_nothing() {
    let (mut host, _) = joined_classic(|_, t| t.screen == Screen::Elsewhere(Colour::Yellow));
    let tag = host.tag();
    let before = (host.session().record(), host.table());
    let classic = |m: classic::moves::Move| AnyCommand::Classic(Command::Act(m));
    let AnySession::Classic(s) = host.session() else { unreachable!() };
    let legal = s.game.view(Some(Colour::Yellow)).moves;
    let castle = legal.iter().copied().find(|m| matches!(m, classic::moves::Move::Castle { .. })).expect("yellow places a castle");
    let taken = s.game.view(None).pieces[0].0;
    let illegal = classic::moves::Move::Castle { by: Colour::Yellow, at: taken };
    let engine_says = s.clone().apply(Command::Act(illegal)).unwrap_err();
    let cmd = |n: u32, c: AnyCommand| ToHost::Command { n, cmd: c }.encode(tag);
    let ok = cmd(1, classic(castle));
    let mut cases: Vec<(&str, Option<Colour>, Vec<u8>, Refusal)> = vec![
        ("garbage", Some(Colour::Yellow), b"hello host".to_vec(), Refusal::Garbled(WireError::BadValue)),
        ("empty", Some(Colour::Yellow), Vec::new(), Refusal::Garbled(WireError::Truncated)),
        ("cut short", Some(Colour::Yellow), ok[..ok.len() - 1].to_vec(), Refusal::Garbled(WireError::Truncated)),
        ("trailing bytes", Some(Colour::Yellow), [ok.clone(), vec![0]].concat(), Refusal::Garbled(WireError::Trailing)),
        ("too big", Some(Colour::Yellow), [ok.clone(), vec![0; MAX_TO_HOST]].concat(), Refusal::TooBig),
        ("another game", Some(Colour::Yellow), ToHost::Command { n: 1, cmd: classic(castle) }.encode(tag ^ 1), Refusal::Foreign),
        ("a wrong token", None, hello(tag, Colour::Yellow, 1112, 0), Refusal::Foreign),
        ("the seat here", None, hello(tag, Colour::Red, 0, 0), Refusal::Foreign),
        ("before a hello", None, ok.clone(), Refusal::NotJoined),
        ("the other edition's", Some(Colour::Yellow), cmd(2, AnyCommand::New(Command::Act(newed::Move::Draw { by: Colour::Yellow }))), Refusal::Illegal(IllegalMove::NotNow)),
        ("a move for another seat", Some(Colour::Yellow), cmd(3, classic(castle_by(Colour::Purple, castle))), Refusal::Illegal(IllegalMove::NotYourTurn)),
        ("a seat not to move", Some(Colour::Purple), cmd(1, classic(castle_by(Colour::Purple, castle))), Refusal::Illegal(IllegalMove::NotYourTurn)),
        ("the seat not to move confirming", Some(Colour::Purple), cmd(2, AnyCommand::Either(Command::Confirm)), Refusal::Illegal(IllegalMove::NotYourTurn)),
        ("taking the device", Some(Colour::Yellow), cmd(4, AnyCommand::Either(Command::TakeDevice(Colour::Yellow))), Refusal::Illegal(IllegalMove::NotNow)),
        ("an illegal move", Some(Colour::Yellow), cmd(5, classic(illegal)), Refusal::Illegal(engine_says)),
    ];
    let mut stale = ok.clone();
    stale[2] = VERSION + 1;
    cases.push(("another version", Some(Colour::Yellow), stale, Refusal::Stale));
    for (what, link, bytes, why) in cases {
        let got = host.receive(link, &WIRE, &bytes);
        assert_eq!(got.replies.len(), 1, "{what}");
        assert_eq!(refusal(&host, &got.replies[0]), why, "{what}");
        assert_eq!((host.session().record(), host.table()), before, "{what} changes nothing");
        assert!(host.outbox().is_empty(), "{what}: nothing to tell the seats");
    }
    assert!(host.strikes(Colour::Yellow) >= 5, "refusals are counted against the seat");
    // Saying hello again on the joined link (a resync) keeps its count: refused messages can't
    // be wiped by a hello between them.
    let strikes = host.strikes(Colour::Yellow);
    let resync = host.receive(Some(Colour::Yellow), &WIRE, &hello(tag, Colour::Yellow, 1111, 0));
    assert!(matches!(ToRemote::decode(&resync.replies[0], tag), Ok(ToRemote::Welcome { .. })), "a resync is welcome");
    assert_eq!(host.strikes(Colour::Yellow), strikes, "a repeated hello keeps the count");
    let _ = host.outbox();
    // A replayed command is refused the second time.
    let first = host.receive(Some(Colour::Yellow), &WIRE, &cmd(6, classic(castle)));
    assert!(matches!(ToRemote::decode(&first.replies[0], tag), Ok(ToRemote::Answer { n: 6, refused: None })));
    assert_eq!(host.strikes(Colour::Yellow), 0, "an accepted command clears the strikes");
    // A flood of refused messages closes the link; one fewer doesn't.
    let _ = host.outbox();
    let garbled = [0xEE; 9];
    for k in 1..=MAX_STRIKES {
        assert!(!host.flooded(Colour::Yellow), "{k} refused");
        let _ = host.receive(Some(Colour::Yellow), &WIRE, &garbled);
    }
    assert!(host.flooded(Colour::Yellow), "{MAX_STRIKES} refused in a row");
    let after = (host.session().record(), host.table());
    let again = host.receive(Some(Colour::Yellow), &WIRE, &cmd(6, classic(castle)));
    assert_eq!(refusal(&host, &again.replies[0]), Refusal::Stale);
    assert_eq!((host.session().record(), host.table()), after);
    // Hostile bytes from the seat not to move never panic and never change the game.
    let mut x = 7u32;
    for i in 0..4000 {
        let mut b = cmd(100 + i, classic(castle_by(Colour::Purple, castle)));
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let at = (x >> 8) as usize % b.len();
        b[at] ^= (x >> 20) as u8 | 1;
        let _ = host.receive(Some(Colour::Purple), &WIRE, &b);
        assert_eq!(host.session().record(), after.0);
    }
    // Scrambled hellos never panic and never join anyone.
    let good = hello(tag, Colour::Purple, 2222, 3);
    for i in 0..2000u32 {
        let mut b = good.clone();
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let at = (x >> 8) as usize % b.len();
        b[at] ^= (x >> 20) as u8 | 1;
        let got = host.receive(None, &WIRE, &b);
        assert!(got.seat.is_none() || got.seat == Some(Colour::Purple) && b[..b.len() - 1] == good[..good.len() - 1], "scrambled hello {i} joined {:?}", got.seat);
        assert_eq!(host.session().record(), after.0);
    }
    // The host's device can't act for a friend either.
    assert_eq!(host.local(classic(castle)), Err(IllegalMove::NotYourTurn));
    assert_eq!(host.local(AnyCommand::Either(Command::TakeDevice(Colour::Yellow))), Err(IllegalMove::NotYourTurn));
    assert_eq!(host.local(AnyCommand::Either(Command::Confirm)), Err(IllegalMove::NotYourTurn));
}

fn castle_by(by: Colour, m: classic::moves::Move) -> classic::moves::Move {
    match m {
        classic::moves::Move::Castle { at, .. } => classic::moves::Move::Castle { by, at },
        _ => unreachable!(),
    }
}

#[test]
fn sealed_bids_from_friends_are_committed_first_held_by_the_host_and_revealed_together() {
    use classic::view::PhaseView;
    let both_due = |h: &Host, _: &Table<classic::game::Game>| match h.session() {
        AnySession::Classic(s) => matches!(s.game.view(None).phase, PhaseView::Duel { .. }) && s.game.to_move() == [Colour::Yellow, Colour::Purple],
        AnySession::New(_) => false,
    };
    let (mut host, mut remotes) = joined_classic(both_due);
    let tag = host.tag();
    let AnySession::Classic(s) = host.session() else { unreachable!() };
    let due = s.game.to_move();
    let (first, second) = (due[0], due[1]);
    assert!([first, second].iter().all(|c| [Colour::Yellow, Colour::Purple].contains(c)), "{due:?}");
    let record = host.session().record();
    // The second in seating order commits first, from its own device.
    let r2 = remotes.iter().position(|r| r.seat() == Some(second)).unwrap();
    let t: Table<classic::game::Game> = table_of(remotes[r2].table().unwrap());
    assert_eq!(t.screen, Screen::Play(second), "every bidder bids at once");
    let bid = *t.view.moves.iter().rev().find(|m| matches!(m, classic::moves::Move::Bid { money, .. } if *money > 0)).unwrap_or(&t.view.moves[0]);
    let bytes = remotes[r2].command(AnyCommand::Classic(Command::Act(bid))).unwrap();
    let got = host.receive(Some(second), &WIRE, &bytes);
    assert!(matches!(ToRemote::decode(&got.replies[0], tag), Ok(ToRemote::Answer { refused: None, .. })));
    assert_eq!(host.session().record(), record, "the host holds the bid: it is in no record, no view of another seat");
    for o in host.outbox() {
        let Ok(ToRemote::Update(AnyUpdate::Classic(u))) = ToRemote::decode(&o.bytes, tag) else { continue };
        let PhaseView::Duel { have_bid, own_bid, .. } = &u.view.phase else { panic!("still the duel") };
        if o.to == second {
            assert_eq!(*own_bid, match bid { classic::moves::Move::Bid { money, treasures, .. } => Some((money, treasures)), _ => None }, "the bidder sees its own bid");
            assert_eq!(u.screen, Screen::Elsewhere(first));
        } else {
            assert_eq!(*own_bid, None);
            assert!(!have_bid.contains(&second), "{} is not even told that {second} has bid", o.to);
        }
        let r = remotes.iter_mut().find(|r| r.seat() == Some(o.to)).unwrap();
        r.receive(&o.bytes).unwrap();
    }
    // One sealed bid each.
    let again = host.receive(Some(second), &WIRE, &remotes[r2].command(AnyCommand::Classic(Command::Act(bid))).unwrap());
    assert_eq!(refusal(&host, &again.replies[0]), Refusal::Illegal(IllegalMove::NotYourTurn));
    // The first bids: both are played, in seating order, and revealed together.
    let r1 = remotes.iter().position(|r| r.seat() == Some(first)).unwrap();
    let t: Table<classic::game::Game> = table_of(remotes[r1].table().unwrap());
    let bid1 = t.view.moves[0];
    let bytes = remotes[r1].command(AnyCommand::Classic(Command::Act(bid1))).unwrap();
    host.receive(Some(first), &WIRE, &bytes);
    let AnySession::Classic(s) = host.session() else { unreachable!() };
    assert_eq!(&s.moves[s.moves.len() - 2..], &[bid1, bid], "played in seating order, as at the table");
    assert!(!matches!(s.game.view(None).phase, PhaseView::Duel { ref have_bid, .. } if !have_bid.is_empty()), "the duel is resolved");
    let out = host.outbox();
    for c in [first, second] {
        assert!(out.iter().any(|o| o.to == c && matches!(ToRemote::decode(&o.bytes, tag), Ok(ToRemote::Notice(_)))), "{c} is shown the reveal");
    }
}

#[test]
fn a_friend_who_drops_out_is_shown_as_away_and_rejoins_the_same_seat_with_nothing_lost() {
    use super::message::Presence;
    let local = at_the_table(new_session());
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    // Play on until Blue is to move, well into the game.
    let mut steps = 0;
    while steps < 150 || !matches!(host.table().screen(), Screen::Elsewhere(Colour::Blue)) {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
        steps += 1;
    }
    let out = host.outbox();
    deliver(&host, &mut remotes, out, &mut sizes);
    // Blue's page reloads: its link is gone.
    host.disconnected(Colour::Blue);
    let out = host.outbox();
    deliver(&host, &mut remotes, out, &mut sizes);
    assert!(remotes[1].presence().contains(&(Colour::Blue, Presence::Remote { connected: false })), "Orange sees that Blue is away");
    let t: Table<newed::Game> = table_of(remotes[1].table().unwrap());
    assert_eq!(t.screen, Screen::Elsewhere(Colour::Blue));
    assert!(t.say(&t.prompt).contains("disconnected"), "{}", t.say(&t.prompt));
    // Blue opens the game again: a fresh page with the seat's token and nothing else.
    let tag = host.tag();
    let clock = std::time::Instant::now();
    remotes[0] = friend(tag, Colour::Blue, 1111);
    let hello = remotes[0].hello();
    let got = host.receive(None, &WIRE, &hello);
    assert_eq!(got.seat, Some(Colour::Blue));
    let welcome = got.replies[0].len();
    remotes[0].receive(&got.replies[0]).unwrap();
    let out = host.outbox();
    let full = out.iter().find(|o| o.to == Colour::Blue).map(|o| o.bytes.len()).unwrap();
    let blue_bytes = out.iter().find(|o| o.to == Colour::Blue).map(|o| o.bytes.clone()).unwrap();
    deliver(&host, &mut remotes, out, &mut sizes);
    let t = remotes[0].table().unwrap();
    let first_screen = clock.elapsed();
    let deflated = miniz_oxide::deflate::compress_to_vec(&blue_bytes, 6).len();
    assert_eq!(t.log().0.len(), each_log_len(&host), "the whole log comes back");
    assert_eq!(t.screen(), &Screen::Play(Colour::Blue), "Blue's turn goes on where it was");
    // Orange's link drops and comes back on the same page: only what it lacks is sent.
    host.disconnected(Colour::Orange);
    let got = host.receive(None, &WIRE, &remotes[1].hello());
    remotes[1].receive(&got.replies[0]).unwrap();
    let out = host.outbox();
    let rejoin = out.iter().find(|o| o.to == Colour::Orange).map(|o| o.bytes.len()).unwrap();
    match ToRemote::decode(&out.iter().find(|o| o.to == Colour::Orange).unwrap().bytes, tag) {
        Ok(ToRemote::Update(AnyUpdate::New(u))) => assert!(u.log.is_empty() && u.log_from as usize == each_log_len(&host), "no line sent twice"),
        m => panic!("{m:?}"),
    }
    deliver(&host, &mut remotes, out, &mut sizes);
    eprintln!("hello {} B, welcome {welcome} B, rejoin after a reload (whole log of {} lines) {full} B ({deflated} B deflated), rejoin keeping the log {rejoin} B; hello to the first table on a fresh page, natively, without the network: {first_screen:?}", hello.len(), each_log_len(&host));
    while step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {}
    assert_eq!(host.session().record(), AnySession::New(local).record(), "nothing lost: the game is the game at the table");
}

fn each_log_len(host: &Host) -> usize {
    crate::each!(host.session(), s => s.log.len())
}

#[test]
fn friends_playing_with_a_computer_see_it_think_and_what_it_did_since_their_turn() {
    use super::message::Presence;
    use crate::app::seats::Seats;
    use crate::engine::ai::Level;
    let seats = Seats { bots: vec![(Colour::Red, Level::Easy)], hints: None, ..Default::default() };
    let game = || new_session().with_seats(seats.clone());
    let local = at_the_table(game());
    let (mut host, mut remotes) = host_and_join(game(), AnySession::New, [Colour::Blue, Colour::Orange]);
    assert_eq!(host.presence(Colour::Red), Presence::Computer);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    let (mut thinking, mut since) = (0, 0);
    loop {
        for r in &remotes {
            let Some(t) = r.table() else { continue };
            let t: Table<newed::Game> = table_of(t);
            thinking += usize::from(t.screen == Screen::Thinking(Colour::Red) && t.say(&t.prompt).contains("computer"));
            since += usize::from(matches!(t.screen, Screen::Play(_)) && t.since.is_some() && !(t.recent.spaces.is_empty() && t.recent.edges.is_empty()));
            assert!(r.presence().contains(&(Colour::Red, Presence::Computer)));
        }
        let t: Table<newed::Game> = table_of(host.table());
        assert_eq!(t.view.viewer, None, "nobody sits at the host's device: it shows nobody's secrets");
        if !step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {
            break;
        }
    }
    assert!(thinking > 10, "the friends see the computer think ({thinking})");
    assert!(since > 10, "and what it did since their turn ({since})");
    assert_eq!(host.session().record(), AnySession::New(local).record());
}

#[test]
fn what_a_computer_did_between_two_friends_turns_is_in_the_since_your_turn_of_the_friend_before_it() {
    use crate::app::seats::Seats;
    use crate::engine::ai::Level;
    // Red (a friend), Blue (a computer), Orange (a friend): Red's turn ends, the computer
    // plays, Orange plays — Red's "since your turn" starts where its own turn ended.
    let seats = Seats { bots: vec![(Colour::Blue, Level::Easy)], hints: None, ..Default::default() };
    let game = || new_session().with_seats(seats.clone());
    let local = at_the_table(game());
    let (mut host, mut remotes) = host_and_join(game(), AnySession::New, [Colour::Red, Colour::Orange]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    let (mut turns, mut with_computer) = (0, 0);
    let mut seen = None;
    loop {
        if let Some(t) = remotes[0].table() {
            let t: Table<newed::Game> = table_of(t);
            if let (Screen::Play(_), Some(from)) = (&t.screen, t.since)
                && seen != Some(from)
            {
                seen = Some(from);
                turns += 1;
                with_computer += usize::from(t.log[from..].iter().any(|l| l.colour == Some(Colour::Blue)));
            }
        }
        if !step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {
            break;
        }
    }
    assert!(turns > 10 && with_computer * 10 >= turns * 9, "the computer's moves are in Red's summary ({with_computer} of {turns} turns)");
    assert_eq!(host.session().record(), AnySession::New(local).record());
}

#[test]
fn two_people_at_the_host_pass_its_device_between_them_while_a_friend_plays_on_theirs() {
    // Ann and Ben share the host's device (hand-over screens between them); Cleo plays on hers.
    let local = at_the_table(classic_session());
    let mut host = Host::new(AnySession::Classic(classic_session()), &[(Colour::Purple, 3333)]);
    let mut remotes = vec![friend(host.tag(), Colour::Purple, 3333)];
    for b in host.receive(None, &WIRE, &remotes[0].hello()).replies {
        remotes[0].receive(&b).unwrap();
    }
    let (mut n, mut sizes, mut handovers) = (ByColour::default(), Vec::new(), 0);
    while step::<classic::game::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {
        handovers += usize::from(matches!(host.table().screen(), Screen::HandOver(_)));
    }
    assert!(handovers > 20, "the people here pass the device ({handovers} hand-overs)");
    assert_eq!(host.session().record(), AnySession::Classic(local).record());
}

#[test]
fn a_friends_device_refuses_what_is_not_its_hosts_and_ignores_what_is_old() {
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let tag = host.tag();
    let out = host.outbox();
    let update = out.iter().find(|o| o.to == Colour::Blue).unwrap().bytes.clone();
    let blue = &mut remotes[0];
    let mut other_game = update.clone();
    other_game[4] ^= 1;
    assert_eq!(blue.receive(&other_game), Err(MessageError::Foreign));
    let mut newer = update.clone();
    newer[2] = VERSION + 1;
    assert_eq!(blue.receive(&newer), Err(MessageError::Stale(VERSION + 1)));
    assert!(matches!(blue.receive(&update[..update.len() - 3]), Err(MessageError::Garbled(_))));
    assert_eq!(blue.receive(&vec![0; super::message::MAX_TO_REMOTE + 1]), Err(MessageError::TooBig));
    assert!(blue.table().is_none(), "nothing refused was shown");
    assert_eq!(blue.receive(&update), Ok(Heard::Table));
    let shown = blue.table();
    assert_eq!(blue.receive(&update), Ok(Heard::Ignored), "an update already shown is not shown again");
    assert_eq!(blue.table(), shown);
    let orange = ToRemote::Welcome { seat: Colour::Orange, edition: crate::engine::Edition::New, id: "net-new".into(), token: None }.encode(tag);
    assert_eq!(blue.receive(&orange), Err(MessageError::Foreign), "another seat's welcome");
    let classic = friend(tag, Colour::Blue, 1111).receive(&update);
    assert_eq!(classic, Ok(Heard::Ignored), "an update before the welcome");
    // Scrambled updates never panic the friend's device, whatever they decode to.
    let mut x = 99u32;
    for _ in 0..3000 {
        let mut b = update.clone();
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        let at = 8 + (x >> 8) as usize % (b.len() - 8);
        b[at] ^= (x >> 20) as u8 | 1;
        let mut r = blue.clone();
        let _ = r.receive(&b);
        if let Some(t) = r.table() {
            let (log, since) = t.log();
            assert!(since.is_none_or(|s| s <= log.len()));
        }
    }
}

#[test]
fn a_friends_second_tap_waits_until_the_host_has_answered_the_first_and_shown_its_outcome() {
    let (mut host, mut remotes) = joined_classic(|_, t| t.screen == Screen::Elsewhere(Colour::Yellow));
    let mut n = ByColour::default();
    let yellow = &mut remotes[0];
    let mut t: Table<classic::game::Game> = table_of(yellow.table().unwrap());
    while let Screen::Announcement(_) = t.screen {
        assert!(yellow.command(AnyCommand::Either(Command::Dismiss)).is_none());
        t = table_of(yellow.table().unwrap());
    }
    assert_eq!(t.screen, Screen::Play(Colour::Yellow));
    assert!(!yellow.awaiting(), "nothing sent yet");
    let m = decide(&t, Colour::Yellow, &mut n);
    // A question changes no table: nothing waits for its answer.
    let q = yellow.command(AnyCommand::Classic(Command::Explain(match m {
        Command::Act(m) => m,
        _ => panic!("the first thing a seat does is a move: {m:?}"),
    })));
    assert!(q.is_some() && !yellow.awaiting(), "a question does not hold the next tap");
    let bytes = yellow.command(AnyCommand::Classic(m)).unwrap();
    assert!(yellow.awaiting(), "sent: the screen it was tapped on is still shown");
    assert!(yellow.holds(AnyCommand::Classic(m)) && !yellow.holds(AnyCommand::Either(Command::Dismiss)), "a tap waits; dismissing an announcement here never does");
    for b in host.receive(Some(Colour::Yellow), &WIRE, &bytes).replies {
        assert!(matches!(yellow.receive(&b), Ok(Heard::Answer { refused: None, .. })));
    }
    assert!(yellow.awaiting(), "answered, but the table showing what it did has not come");
    let out = host.outbox();
    deliver(&host, &mut remotes, out, &mut Vec::new());
    let yellow = &mut remotes[0];
    assert!(!yellow.awaiting(), "the new table is shown: the next tap goes");
    // A command the host refuses frees the next tap at once (the screen stands as it was).
    let bytes = yellow.command(AnyCommand::Either(Command::TakeDevice(Colour::Red))).unwrap();
    assert!(yellow.awaiting());
    for b in host.receive(Some(Colour::Yellow), &WIRE, &bytes).replies {
        assert!(matches!(yellow.receive(&b), Ok(Heard::Answer { refused: Some(_), .. })), "a friend's device takes no hand-over");
    }
    assert!(!yellow.awaiting(), "refused: nothing more will come of it");
    // A welcome (a rejoin) starts afresh.
    yellow.command(AnyCommand::Classic(m)).unwrap();
    for b in host.receive(Some(Colour::Yellow), &WIRE, &yellow.hello()).replies {
        yellow.receive(&b).unwrap();
    }
    assert!(!yellow.awaiting(), "after a rejoin nothing is waited for");
}

#[test]
fn a_host_with_nobody_at_it_shows_none_of_its_one_friends_secrets() {
    use crate::app::seats::Seats;
    use crate::engine::ai::Level;
    // Blue is the only person, on her own device, among two computers: the session keeps her
    // secrets on its screen (one person among computers), the host's device must not.
    let seats = Seats { bots: vec![(Colour::Red, Level::Easy), (Colour::Orange, Level::Easy)], hints: None, ..Default::default() };
    let game = || new_session().with_seats(seats.clone());
    let local = at_the_table(game());
    let mut host = Host::new(AnySession::New(game()), &[(Colour::Blue, 4444)]);
    let mut remotes = vec![friend(host.tag(), Colour::Blue, 4444)];
    for b in host.receive(None, &WIRE, &remotes[0].hello()).replies {
        remotes[0].receive(&b).unwrap();
    }
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    while step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {}
    assert_eq!(host.session().record(), AnySession::New(local).record());
    assert!(host.table().end().is_some(), "the host's device shows the end");
}

#[test]
fn when_the_hosts_page_reloads_the_game_goes_on_from_its_save_and_the_friends_rejoin() {
    let local = at_the_table(new_session());
    let tokens = [(Colour::Blue, 1111), (Colour::Orange, 2222)];
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    let mut steps = 0;
    while steps < 120 || crate::each!(host.session(), s => !s.staged.is_empty() || s.pending.is_some()) {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
        steps += 1;
    }
    // The save is the record (as today); the tokens are kept beside it on the host's device.
    let save = host.session().record();
    let id = host.session().id().to_string();
    host = Host::new(AnySession::from_record(id, &save).unwrap(), &tokens);
    assert!(host.outbox().is_empty(), "nobody is connected yet");
    for r in &mut remotes {
        let kept = r.table().unwrap().log().0.len();
        let got = host.receive(None, &WIRE, &r.hello());
        assert_eq!(r.receive(&got.replies[0]), Ok(Heard::Joined));
        let out = host.outbox();
        let mine = out.iter().find(|o| Some(o.to) == r.seat()).unwrap();
        match ToRemote::decode(&mine.bytes, host.tag()) {
            Ok(ToRemote::Update(AnyUpdate::New(u))) => assert_eq!(u.log_from as usize, kept, "only what the friend lacks"),
            m => panic!("{m:?}"),
        }
        let heard = r.receive(&mine.bytes);
        assert_eq!(heard, Ok(Heard::Table), "a fresh host's first update is taken, though its number starts again");
    }
    while step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {}
    assert_eq!(host.session().record(), AnySession::New(local).record(), "nothing lost");
}

#[test]
fn a_computer_stands_in_for_a_friend_who_is_away_until_the_friend_is_back() {
    use super::message::Presence;
    use crate::engine::ai::Level;
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    for _ in 0..60 {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
    }
    host.disconnected(Colour::Blue);
    host.stand_in(Colour::Blue, Some(Level::Easy));
    assert_eq!(host.presence(Colour::Blue), Presence::Computer);
    let blue = remotes.remove(0);
    let moves = |h: &Host| crate::each!(h.session(), s => s.moves.iter().filter(|m| m.by() == Colour::Blue).count());
    let before = moves(&host);
    for _ in 0..60 {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
    }
    assert!(moves(&host) > before, "the computer played Blue's turns");
    assert!(remotes[0].presence().contains(&(Colour::Blue, Presence::Computer)), "Orange sees a computer in Blue's seat");
    // Blue is back: the seat is hers again; while the computer had it, her commands were refused.
    let mut blue = blue;
    let got = host.receive(None, &WIRE, &blue.hello());
    blue.receive(&got.replies[0]).unwrap();
    let early = host.receive(Some(Colour::Blue), &WIRE, &blue.command(AnyCommand::Either(Command::Confirm)).unwrap());
    assert_eq!(refusal(&host, &early.replies[0]), Refusal::Illegal(IllegalMove::NotYourTurn));
    host.stand_in(Colour::Blue, None);
    assert_eq!(host.presence(Colour::Blue), Presence::Remote { connected: true });
    remotes.insert(0, blue);
    while step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {}
    let record = host.session().record();
    assert!(!record.contains("[Bots"), "the seat is Blue's again in the record");
    assert!(AnySession::from_record("again".into(), &record).unwrap().is_over(), "the record replays to the end");
}

#[test]
fn a_classic_game_of_four_with_a_computer_and_two_friends_is_the_game_at_the_table() {
    use crate::app::seats::Seats;
    use crate::engine::ai::Level;
    let game = || {
        let setup = classic::setup::Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple, Colour::Grey], SetupKind::Variable, SEED ^ 4);
        let seats = Seats { bots: vec![(Colour::Purple, Level::Easy)], hints: None, ..Default::default() };
        Session::new("net-four".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into(), "Dan".into()]).unwrap().with_seats(seats)
    };
    let local = at_the_table(game());
    let (mut host, mut remotes) = host_and_join(game(), AnySession::Classic, [Colour::Yellow, Colour::Grey]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    // Ann's "since your turn" starts no later than the log stood once her last move was in,
    // whoever played after her (friends, the computer, bids held and played at once).
    let (mut turns, mut seen, mut mine, mut ended_at) = (0, None, 0, 0);
    loop {
        if let AnySession::Classic(s) = host.session() {
            let now = s.moves.iter().filter(|m| m.by() == Colour::Red).count();
            if now > mine {
                (mine, ended_at) = (now, s.log.len());
            }
            if let (Screen::Play(Colour::Red), Some((from, _))) = (s.screen(), &s.since.shown)
                && seen != Some(*from)
            {
                seen = Some(*from);
                turns += 1;
                assert!(*from <= ended_at, "Ann's summary starts at line {from}, after her last move was in at {ended_at}");
            }
        }
        if !step::<classic::game::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {
            break;
        }
    }
    assert!(turns > 3, "Ann's turns after the computer's ({turns})");
    let record = host.session().record();
    assert_eq!(record, AnySession::Classic(local).record());
    let count = |what: &str| record.lines().filter(|l| l.contains(what)).count();
    assert!(count("purple bid") > 0 && count("yellow bid") + count("grey bid") > 0, "duels with the computer and the friends bidding");
    assert!(count("alliance") + count("renegade") > 0, "politics cards played");
    report("Classic of four", &sizes);
}

/// Whether `text` is `key`'s message in the current language: every fixed part of the
/// catalogue's text (between its placeholders) is in it.
fn in_catalogue(key: crate::i18n::Key, text: &str) -> bool {
    let template = crate::i18n::text(key);
    let mut rest = template;
    let mut parts = Vec::new();
    while let Some(i) = rest.find('{') {
        parts.push(&rest[..i]);
        let Some(j) = rest[i..].find('}') else { break };
        rest = &rest[i + j + 1..];
    }
    parts.push(rest);
    !template.is_empty() && parts.iter().all(|p| text.contains(p))
}

/// Checks every text a device draws of its table — prompt, hand-over reason, announcement, log
/// lines (from `from` on), the end — in `lang`, against `lang`'s catalogue, and that it is not
/// the English text where the catalogues differ. Returns how many facts were checked.
fn speaks<G: NetRules>(t: &Table<G>, lang: crate::i18n::Lang, from: usize) -> usize {
    use crate::app::said::Said;
    use crate::i18n::{set_lang, Lang};
    let mut facts: Vec<&Said> = vec![&t.prompt];
    facts.extend(t.reason.iter());
    if let Screen::Announcement(a) = &t.screen {
        facts.push(a);
    }
    facts.extend(t.log.iter().skip(from).map(|l| &l.said));
    if let Some(e) = &t.end {
        facts.extend([&e.title].into_iter().chain(e.how.iter()).chain(e.head.iter()).chain(e.hints.iter()));
    }
    let mut n = 0;
    for f in facts {
        f.walk(&mut |s| {
            set_lang(Lang::En);
            let (english, english_template) = (t.say(s), crate::i18n::text(s.key));
            set_lang(lang);
            let text = t.say(s);
            assert!(in_catalogue(s.key, &text), "{lang:?} device: {text:?} is not {:?} in its catalogue ({:?})", s.key, crate::i18n::text(s.key));
            assert!(!text.contains('{'), "{text}");
            if crate::i18n::text(s.key) != english_template && english_template.chars().any(char::is_alphabetic) {
                assert_ne!(text, english, "{lang:?} device says {:?} in English", s.key);
            }
            n += 1;
        });
    }
    set_lang(Lang::En);
    n
}

/// A game hosted by an English-speaking host with friends whose devices speak German and
/// Italian: every device draws every word of its table in its own language.
fn each_in_its_own_language<G: NetRules + 'static>(s: Session<G>, wrap: fn(Session<G>) -> AnySession, friends: [Colour; 2]) {
    use crate::i18n::Lang;
    crate::i18n::tests::install_all();
    let langs = [Lang::De, Lang::It];
    let (mut host, mut remotes) = host_and_join(s, wrap, friends);
    let (mut sizes, mut n, mut checked) = (Vec::new(), ByColour::default(), [0usize; 3]);
    let mut logged = [0usize; 3];
    for _ in 0..STEPS {
        let going = step::<G>(&mut host, &mut remotes, &mut n, &mut sizes);
        let t: Table<G> = table_of(host.table());
        checked[0] += speaks(&t, Lang::En, logged[0]);
        logged[0] = t.log.len();
        for (i, r) in remotes.iter().enumerate() {
            let t: Table<G> = table_of(r.table().unwrap());
            checked[i + 1] += speaks(&t, langs[i], logged[i + 1]);
            logged[i + 1] = t.log.len();
        }
        if !going {
            let t: Table<G> = table_of(remotes[0].table().unwrap());
            assert!(t.end.is_some(), "the friends see the end table");
            assert!(checked.iter().all(|&c| c > 500), "{checked:?}");
            return;
        }
    }
    panic!("the hosted game doesn't end");
}

#[test]
fn an_english_host_a_german_and_an_italian_friend_each_read_a_classic_game_in_their_own_language() {
    each_in_its_own_language(classic_session(), AnySession::Classic, [Colour::Yellow, Colour::Purple]);
}

#[test]
fn an_english_host_a_german_and_an_italian_friend_each_read_a_new_edition_game_in_their_own_language() {
    each_in_its_own_language(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
}
