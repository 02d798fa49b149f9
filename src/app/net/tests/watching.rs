//! Watchers (issue 33's watch link): whole hosted games of both editions with two friends and a
//! watcher, every byte sent to the watcher checked for secrets of any seat; a watcher's
//! commands refused by name, changing nothing; and the watcher's table at moments a seat holds
//! something private (a sealed bid held by the host, moves staged at the host's device).

use super::*;
use crate::app::net::remote::WATCH_NOTICE_MS;
use crate::app::net::host::ToWatcher;
use crate::app::said::Said;
use crate::app::seats::Presence;
use crate::app::table::{Device, Step};
use crate::app::targets::Mode;
use crate::i18n::Key;

/// The watch link's token in these tests.
const WATCH: u64 = 0x00C0_FFEE_0BAD_CAFE;

fn session_of<G: NetRules + 'static>(h: &Host) -> &Session<G> {
    let any: &dyn std::any::Any = match h.session() {
        AnySession::Classic(s) => s,
        AnySession::New(s) => s,
    };
    any.downcast_ref().expect("this edition's session")
}

/// What a watcher's table may say it waits for: whoever acts, or the end — never a prompt to act.
fn waits(prompt: &Said) -> bool {
    [Key::PanelThinking, Key::NetAway, Key::NetPlaysElsewhere, Key::LogTurn, Key::PanelGameOver].contains(&prompt.key)
}

/// A watcher's table, as drawn: no seat, nothing staged, held back or to confirm, no hint,
/// nothing to tap, and a prompt that only says who acts.
fn check_watchers_table<G: NetRules>(t: &Table<G>) {
    assert_eq!(t.seat, None, "a watcher has no seat");
    assert_eq!(G::viewer_of(&t.view), None, "a watcher sees the public view");
    assert!(G::moves_of(&t.view).is_empty(), "a watcher is offered no moves");
    assert!(matches!(t.screen, Screen::Elsewhere(_) | Screen::Thinking(_) | Screen::Over | Screen::Announcement(_)), "{:?}", t.screen);
    assert_eq!(t.playing(), None);
    assert_eq!(t.step, Step::default(), "nothing to confirm, take back, review or hint");
    assert!(t.staged.edges.is_empty() && t.staged.spaces.is_empty() && t.pending.is_none(), "nothing staged or held back");
    assert!(t.recent.edges.is_empty() && t.recent.spaces.is_empty() && t.since.is_none());
    assert!(t.reason.is_none() && t.then_to.is_none(), "no hand-over");
    assert!(waits(&t.prompt), "a watcher's prompt only says who acts: {}", t.say(&t.prompt));
    let board = t.board(Mode::Normal, Vec::new());
    assert!(board.targets.is_empty() && board.edges.is_none(), "nothing can be tapped on a watcher's board");
}

/// Every message sent to a watcher: decoded, it holds the public view of the confirmed game
/// only — no seat's hand, private money, sealed bid (committed or held), staged move or legal
/// moves — and never the seed.
fn check_public(host: &Host, bytes: &[u8], sizes: &mut Vec<usize>) {
    let seed_le = SEED.to_le_bytes();
    assert!(!bytes.windows(8).any(|w| w == seed_le), "the seed never travels");
    let msg = ToRemote::decode(bytes, host.tag()).expect("the host's messages decode");
    let u = match msg {
        ToRemote::Update(u) => u,
        ToRemote::Notice(_) => return,
        m => panic!("a watcher is sent only its table and announcements after its welcome: {m:?}"),
    };
    sizes.push(bytes.len());
    match (u, host.session()) {
        (AnyUpdate::Classic(u), AnySession::Classic(s)) => {
            check_watchers_table(&u.table);
            assert!(!matches!(u.screen, Screen::Announcement(_)), "announcements come as notices");
            let v = &u.view;
            assert_eq!(*v, s.game.view(None), "a watcher is sent exactly the public view of the confirmed game");
            let over = matches!(v.phase, classic::view::PhaseView::Over { .. });
            for &o in &v.players {
                if !over {
                    assert_eq!(v.hands[o], None, "a watcher is sent {o}'s politics cards");
                    assert!(v.public_money || v.ducats[o].is_none(), "a watcher is sent {o}'s private money");
                }
            }
            if let classic::view::PhaseView::Duel { own_bid, have_bid, .. } = &v.phase {
                assert_eq!(*own_bid, None, "a watcher sees no bid");
                for (c, _) in &s.held {
                    assert!(!have_bid.contains(c), "a watcher is not even told that {c} has bid (held by the host)");
                }
            }
            assert_eq!(v.opened_pile, None, "a watcher never sees into a politics pile");
            assert_eq!(v.politics_window, None);
        }
        (AnyUpdate::New(u), AnySession::New(s)) => {
            check_watchers_table(&u.table);
            assert!(!matches!(u.screen, Screen::Announcement(_)), "announcements come as notices");
            let v = &u.view;
            assert_eq!(*v, s.game.view(None), "a watcher is sent exactly the public view of the confirmed game");
            assert_eq!(v.hand, None, "a watcher is sent no hand");
            for &o in &v.players {
                assert!(v.public_money || v.ducats[o].is_none(), "a watcher is sent {o}'s private money");
            }
        }
        _ => panic!("an update of the other edition"),
    }
}

/// A watcher joins the hosted game from its watch link.
fn watch(host: &mut Host) -> (u64, Remote) {
    let id = host.add_watcher(WATCH);
    let mut w = Remote::watcher(host.tag(), WATCH);
    assert_eq!(w.seat(), None);
    let got = host.receive(None, &WIRE, &w.hello());
    assert_eq!((got.seat, got.watcher), (None, Some(id)), "the hello joins the watcher");
    assert_eq!(got.replies.len(), 1);
    assert!(matches!(ToRemote::decode(&got.replies[0], host.tag()), Ok(ToRemote::Watching { .. })));
    assert_eq!(w.receive(&got.replies[0]), Ok(Heard::Joined));
    assert_eq!(host.watchers(), vec![id]);
    (id, w)
}

/// Delivers what is due to the watcher, checking every byte; its announcements pass by
/// themselves as the watcher's clock (`now`, ms) runs on: each is the step bar's line for
/// [`WATCH_NOTICE_MS`] over the board, never a screen to tap away. Returns how many messages
/// and how many announcements passed.
fn deliver_watched(host: &mut Host, id: u64, w: &mut Remote, sizes: &mut Vec<usize>, now: &mut f64) -> (usize, usize) {
    let said = |t: &AnyTable| crate::each!(t, t => t.prompt.clone());
    let out: Vec<ToWatcher> = host.watcher_outbox();
    let n = out.len();
    for o in out {
        assert_eq!(o.watcher, id, "addressed to the one watcher");
        check_public(host, &o.bytes, sizes);
        let heard = w.receive(&o.bytes);
        assert!(matches!(heard, Ok(Heard::Table | Heard::Notice)), "{heard:?}");
        if heard == Ok(Heard::Notice) {
            let t = w.table().expect("a table under the announcement");
            assert!(!matches!(t.screen(), Screen::Announcement(_)), "a watcher's board stays in view");
        }
    }
    let mut passed = 0;
    while let Some(left) = w.pass_notices(*now) {
        assert!(left > 0.0 && left <= WATCH_NOTICE_MS, "{left}");
        let t = w.table().expect("a table");
        assert!(!waits(&said(&t)), "the announcement is the line shown: {}", t.prompt());
        assert_eq!(w.pass_notices(*now + left / 2.0), Some(left / 2.0), "it stays its time");
        *now += left;
        passed += 1;
    }
    assert!(w.table().is_none_or(|t| waits(&said(&t))), "once they passed, the line says who acts again");
    (n, passed)
}

/// A command from the watcher's link (a hostile device: a watcher's own sends none): refused
/// by name, counted, and the game is as it was.
fn hostile_command<G: NetRules + 'static>(host: &mut Host, id: u64, n: u32) {
    let s = session_of::<G>(host);
    let before = (host.session().record(), host.table(), s.log.len(), s.held.len(), s.announcements.len(), s.staged.len());
    let cmd = match s.actor() {
        // A legal move of whoever acts, as if the watcher played for them.
        Some(a) => match G::moves_of(&crate::app::session::EditionRules::view(&s.game, Some(a))).first() {
            Some(&m) if n.is_multiple_of(2) => G::command(Command::Act(m)),
            _ => AnyCommand::Either(Command::Confirm),
        },
        None => AnyCommand::Either(Command::Undo),
    };
    let strikes = host.watcher_strikes(id);
    let got = host.receive_watcher(id, &ToHost::Command { n, cmd }.encode(host.tag()));
    assert_eq!((got.seat, got.watcher), (None, Some(id)));
    assert_eq!(refusal(host, &got.replies[0]), Refusal::Watching, "{cmd:?}");
    assert_eq!(host.watcher_strikes(id), strikes + 1, "a watcher's command is a strike");
    let s = session_of::<G>(host);
    assert_eq!((host.session().record(), host.table(), s.log.len(), s.held.len(), s.announcements.len(), s.staged.len()), before, "a watcher's {cmd:?} changes nothing");
}

/// A whole hosted game with the host's person, two friends and a watcher whose device speaks
/// `lang`: the watcher follows it to the end with nothing private ever sent to it.
fn whole_game_watched<G: NetRules + 'static>(s: fn() -> Session<G>, wrap: fn(Session<G>) -> AnySession, friends: [Colour; 2], lang: crate::i18n::Lang) {
    crate::i18n::tests::install_all();
    let local = at_the_table(s());
    let (mut host, mut remotes) = host_and_join(s(), wrap, friends);
    let (id, mut w) = watch(&mut host);
    let (mut n, mut sizes, mut watched) = (ByColour::default(), Vec::new(), Vec::new());
    let (mut messages, mut hostile, mut spoken, mut logged) = (0, 0u32, 0, 0);
    let mut screens = std::collections::HashSet::new();
    let (mut now, mut notices) = (0.0, 0);
    for i in 0..STEPS {
        let going = step::<G>(&mut host, &mut remotes, &mut n, &mut sizes);
        let (m, passed) = deliver_watched(&mut host, id, &mut w, &mut watched, &mut now);
        (messages, notices) = (messages + m, notices + passed);
        let t: Table<G> = table_of(w.table().expect("the watcher has a table from the first update"));
        check_watchers_table(&t);
        screens.insert(std::mem::discriminant(&t.screen));
        if i % 5 == 0 {
            spoken += speaks(&t, lang, logged);
            logged = t.log.len();
        }
        if i % 17 == 7 && going {
            hostile += 1;
            hostile_command::<G>(&mut host, id, hostile);
        }
        if !going {
            break;
        }
    }
    assert!(host.session().is_over(), "the hosted game ends");
    assert_eq!(host.session().record(), wrap(local).record(), "the game with a watcher is the game at the table");
    assert!(hostile > 5 && host.watcher_strikes(id) == hostile, "every command of the watcher's link was refused and counted ({hostile})");
    assert_eq!(host.watcher_flooded(id), hostile >= crate::app::net::host::MAX_STRIKES, "the browser closes a watcher's link that refused too many");
    let t = w.table().unwrap();
    assert_eq!(t.screen(), &Screen::Over, "the watcher sees the end");
    assert_eq!(t.log().0.iter().map(|l| t.say(&l.said)).collect::<Vec<_>>().join("\n"), host.session().log_text(), "the watcher has the whole log");
    assert_eq!(t.end(), host.table().end(), "the watcher sees the end table");
    assert!(screens.len() >= 2, "the watcher saw others act and the end");
    assert!(!screens.contains(&std::mem::discriminant(&Screen::Announcement(crate::said!(PanelGameOver)))), "no announcement ever covered the watcher's board");
    assert!(G::EDITION != crate::engine::Edition::Classic || notices > 10, "the watcher read the revealed bids as they passed ({notices})");
    assert!(spoken > 300, "the watcher's device read its table in its own language ({spoken} facts)");
    watched.sort_unstable();
    eprintln!(
        "{:?} watched: {messages} messages, {} updates, median {} B, largest {} B, total {} kB",
        host.session().edition(),
        watched.len(),
        watched[watched.len() / 2],
        watched[watched.len() - 1],
        watched.iter().sum::<usize>() / 1024
    );
}

#[test]
fn a_watcher_follows_a_whole_classic_game_with_two_friends_and_is_sent_nothing_private() {
    whole_game_watched(classic_session, AnySession::Classic, [Colour::Yellow, Colour::Purple], crate::i18n::Lang::De);
}

#[test]
fn a_watcher_follows_a_whole_new_edition_game_with_two_friends_and_is_sent_nothing_private() {
    whole_game_watched(new_session, AnySession::New, [Colour::Blue, Colour::Orange], crate::i18n::Lang::It);
}

#[test]
fn a_watchers_commands_and_seat_hellos_are_refused_by_name_and_change_nothing() {
    let (mut host, mut remotes) = joined_classic(|_, t| t.screen == Screen::Elsewhere(Colour::Yellow));
    let tag = host.tag();
    let (id, mut w) = watch(&mut host);
    let out = host.outbox();
    deliver(&host, &mut remotes, out, &mut Vec::new());
    deliver_watched(&mut host, id, &mut w, &mut Vec::new(), &mut 0.0);
    let before = (host.session().record(), host.table());
    // A watcher's own device sends nothing.
    let AnySession::Classic(s) = host.session() else { unreachable!() };
    let castle = s.game.view(Some(Colour::Yellow)).moves[0];
    for c in [AnyCommand::Classic(Command::Act(castle)), AnyCommand::Either(Command::Confirm), AnyCommand::Either(Command::TakeDevice(Colour::Yellow)), AnyCommand::Either(Command::Dismiss)] {
        assert_eq!(w.command(c), None, "a watcher's device sends no {c:?}");
    }
    // A hostile one is refused by name, every time, and each is a strike.
    let cmd = |n: u32, c: AnyCommand| ToHost::Command { n, cmd: c }.encode(tag);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("yellow's legal castle", cmd(1, AnyCommand::Classic(Command::Act(castle)))),
        ("confirm", cmd(2, AnyCommand::Either(Command::Confirm))),
        ("take the device", cmd(3, AnyCommand::Either(Command::TakeDevice(Colour::Yellow)))),
        ("dismiss", cmd(4, AnyCommand::Either(Command::Dismiss))),
        ("undo", cmd(5, AnyCommand::Either(Command::UndoAll))),
        ("the same number again", cmd(5, AnyCommand::Either(Command::Pass))),
        ("a seat's hello with its true token", hello(tag, Colour::Yellow, 1111, 0)),
    ];
    for (k, (what, bytes)) in cases.into_iter().enumerate() {
        let got = host.receive_watcher(id, &bytes);
        assert_eq!((got.seat, got.watcher), (None, Some(id)), "{what}: the link stays the watcher's");
        assert_eq!(got.replies.len(), 1, "{what}");
        assert_eq!(refusal(&host, &got.replies[0]), Refusal::Watching, "{what}");
        assert_eq!(host.watcher_strikes(id), k as u32 + 1, "{what} is counted");
        assert_eq!((host.session().record(), host.table()), before, "{what} changes nothing");
        assert!(host.outbox().is_empty() && host.watcher_outbox().is_empty(), "{what}: nothing to tell anyone");
        let heard = w.clone().receive(&got.replies[0]);
        assert!(matches!(heard, Ok(Heard::Answer { refused: Some(Refusal::Watching), .. } | Heard::Refused(Refusal::Watching))), "{what}: {heard:?}");
    }
    assert_eq!(crate::app::net::words::net_refusal(Refusal::Watching), crate::tr!(String NetRefusedWatching));
    // Garbled bytes on the watcher's link are strikes too; a hello again (a resync) is welcome
    // and never wipes them.
    let strikes = host.watcher_strikes(id) + 1;
    assert!(matches!(refusal(&host, &host.clone().receive_watcher(id, b"let me play").replies[0]), Refusal::Garbled(_)));
    host.receive_watcher(id, b"let me play");
    let again = host.receive_watcher(id, &w.hello());
    assert!(matches!(ToRemote::decode(&again.replies[0], tag), Ok(ToRemote::Watching { .. })), "a resync is welcome");
    assert_eq!(host.watcher_strikes(id), strikes, "a repeated hello keeps the count");
    assert_eq!(w.receive(&again.replies[0]), Ok(Heard::Joined));
    // Another token, on its link or a new one, and a watcher's hello on a seat's link: foreign.
    let wrong = ToHost::Watch { token: WATCH ^ 1, have_log: 0 }.encode(tag);
    let got = host.receive_watcher(id, &wrong);
    assert_eq!(refusal(&host, &got.replies[0]), Refusal::Foreign);
    let got = host.receive(None, &WIRE, &wrong);
    assert_eq!((got.seat, got.watcher), (None, None), "a wrong token joins nobody");
    assert_eq!(refusal(&host, &got.replies[0]), Refusal::Foreign);
    let on_seat = host.receive(Some(Colour::Yellow), &WIRE, &w.hello());
    assert_eq!((on_seat.seat, on_seat.watcher), (Some(Colour::Yellow), None), "a seat's link stays its seat's");
    assert_eq!(refusal(&host, &on_seat.replies[0]), Refusal::Foreign);
    assert_eq!((host.session().record(), host.table()), before);
    // Welcomes are told apart: a seat's device takes no watcher's welcome, and the other way round.
    let watching = ToRemote::Watching { edition: crate::engine::Edition::Classic, id: "net-classic".into() }.encode(tag);
    assert_eq!(remotes[0].clone().receive(&watching), Err(MessageError::Foreign));
    let welcome = ToRemote::Welcome { seat: Colour::Yellow, edition: crate::engine::Edition::Classic, id: "net-classic".into(), token: None }.encode(tag);
    assert_eq!(w.clone().receive(&welcome), Err(MessageError::Foreign));
    // The link is gone: nothing more for it, and nothing it says is read.
    host.remove_watcher(id);
    assert!(host.watchers().is_empty());
    let _ = host.local(AnyCommand::Either(Command::Dismiss));
    assert!(host.watcher_outbox().is_empty());
    assert_eq!(refusal(&host, &host.clone().receive_watcher(id, &w.hello()).replies[0]), Refusal::Foreign);
    assert_eq!(host.receive(None, &WIRE, &w.hello()).watcher, None, "a removed watcher's token joins nobody");
}

#[test]
fn every_watcher_gets_its_own_updates_and_one_who_comes_back_gets_only_the_log_it_lacks() {
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let (a, mut wa) = watch(&mut host);
    let b = host.add_watcher(WATCH + 1);
    let mut wb = Remote::watcher(host.tag(), WATCH + 1);
    let got = host.receive(None, &WIRE, &wb.hello());
    assert_eq!(got.watcher, Some(b));
    wb.receive(&got.replies[0]).unwrap();
    assert_ne!(a, b);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    for _ in 0..80 {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
        for o in host.watcher_outbox() {
            check_public(&host, &o.bytes, &mut sizes);
            let w = if o.watcher == a { &mut wa } else { &mut wb };
            w.receive(&o.bytes).unwrap();
        }
    }
    let shown = |w: &Remote| w.table().map(|t| (t.log().0.len(), t.screen().clone()));
    assert_eq!(shown(&wa), shown(&wb), "both watchers see the same table");
    // B's page reloads with the log it kept: a new link, the same token; only what it lacks is sent.
    host.remove_watcher(b);
    let b2 = host.add_watcher(WATCH + 1);
    let kept = wb.table().unwrap().log().0.len();
    for _ in 0..20 {
        assert!(step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes));
    }
    let _ = host.watcher_outbox();
    let got = host.receive(None, &WIRE, &wb.hello());
    assert_eq!(got.watcher, Some(b2));
    wb.receive(&got.replies[0]).unwrap();
    let out = host.watcher_outbox();
    let mine: Vec<&ToWatcher> = out.iter().filter(|o| o.watcher == b2).collect();
    assert_eq!(mine.len(), 1, "one update for the watcher that came back");
    match ToRemote::decode(&mine[0].bytes, host.tag()) {
        Ok(ToRemote::Update(AnyUpdate::New(u))) => assert_eq!(u.log_from as usize, kept, "only what the watcher lacks"),
        m => panic!("{m:?}"),
    }
    wb.receive(&mine[0].bytes).unwrap();
    assert_eq!(wb.table().unwrap().log().0.len(), crate::each!(host.session(), s => s.log.len()), "the whole log");
}

#[test]
fn the_next_games_watch_link_reaches_the_watchers_connected_now_over_their_channels_only() {
    // "Play again": the next game has a room of its own; the watchers follow it.
    let (mut host, mut remotes) = host_and_join(classic_session(), AnySession::Classic, [Colour::Yellow, Colour::Purple]);
    let (a, mut wa) = watch(&mut host);
    let _asked_only = host.add_watcher(WATCH + 1);
    let seats = host.moved("dGFibGU.a2V5");
    let watchers = host.watchers_moved("d2F0Y2g.a2V5");
    assert_eq!(watchers.iter().map(|o| o.watcher).collect::<Vec<_>>(), vec![a], "only the watcher that said hello is told");
    assert_eq!(wa.receive(&watchers[0].bytes), Ok(Heard::Moved));
    assert_eq!(wa.take_moved().as_deref(), Some("d2F0Y2g.a2V5"), "the watcher follows the watch link, not the table's");
    assert_eq!(wa.take_moved(), None, "taken once");
    for o in seats {
        let r = if o.to == Colour::Yellow { &mut remotes[0] } else { &mut remotes[1] };
        assert_eq!(r.receive(&o.bytes), Ok(Heard::Moved));
        assert_eq!(r.take_moved().as_deref(), Some("dGFibGU.a2V5"), "each seat follows the table link");
    }
    host.remove_watcher(a);
    assert!(host.watchers_moved("d2F0Y2g.a2V5").is_empty(), "a watcher gone is told nothing");
}

#[test]
fn a_watchers_table_holds_no_held_sealed_bid_and_no_seats_secret() {
    use classic::view::PhaseView;
    let both_due = |h: &Host, _: &Table<classic::game::Game>| match h.session() {
        AnySession::Classic(s) => matches!(s.game.view(None).phase, PhaseView::Duel { .. }) && s.game.to_move() == [Colour::Yellow, Colour::Purple],
        AnySession::New(_) => false,
    };
    let (mut host, mut remotes) = joined_classic(both_due);
    let second = Colour::Purple;
    let r2 = remotes.iter().position(|r| r.seat() == Some(second)).unwrap();
    let t: Table<classic::game::Game> = table_of(remotes[r2].table().unwrap());
    let bid = *t.view.moves.iter().rev().find(|m| matches!(m, classic::moves::Move::Bid { money, .. } if *money > 0)).unwrap_or(&t.view.moves[0]);
    let bytes = remotes[r2].command(AnyCommand::Classic(Command::Act(bid))).unwrap();
    host.receive(Some(second), &WIRE, &bytes);
    let s = session_of::<classic::game::Game>(&host);
    assert_eq!(s.held, vec![(second, bid)], "the host holds Purple's bid");
    // The seat that bid sees its own bid; a watcher neither the bid nor that it was made.
    let seat = s.table_for(Device::Seat(second));
    assert!(matches!(seat.view.phase, PhaseView::Duel { own_bid: Some(_), .. }));
    let t = s.table_for(Device::Watch);
    check_watchers_table(&t);
    assert_eq!(t.screen, Screen::Elsewhere(Colour::Yellow), "the watcher sees who bids now");
    let PhaseView::Duel { own_bid, have_bid, .. } = &t.view.phase else { panic!("still the duel") };
    assert_eq!(*own_bid, None);
    assert!(!have_bid.contains(&second), "the watcher is not told that {second} has bid");
    assert_eq!(t.view, s.game.view(None));
    assert!(t.view.players.iter().all(|&c| t.view.hands[c].is_none()), "no politics cards");
    assert_eq!(t.presence, s.players().iter().map(|&c| (c, s.seats.presence(c))).collect::<Vec<_>>(), "where each seat is played");
    assert!(t.presence.contains(&(Colour::Red, Presence::Here)));
    assert_eq!(t.end, None);
}

#[test]
fn a_watchers_table_never_shows_moves_staged_by_a_seat_nor_a_hand() {
    let (mut host, mut remotes) = host_and_join(new_session(), AnySession::New, [Colour::Blue, Colour::Orange]);
    let (mut n, mut sizes) = (ByColour::default(), Vec::new());
    let (mut here, mut elsewhere) = (0, 0);
    while step::<newed::Game>(&mut host, &mut remotes, &mut n, &mut sizes) {
        let s = session_of::<newed::Game>(&host);
        let t = s.table_for(Device::Watch);
        check_watchers_table(&t);
        assert_eq!(t.view, s.game.view(None), "the confirmed game's public view");
        assert_eq!(t.view.hand, None, "no hand");
        if !s.staged.is_empty() {
            // The seat holding the session has moves staged (Red at the host's device, or a
            // friend on theirs): its own table draws them, the watcher's doesn't.
            let holder = s.holder.expect("staged moves are the holder's");
            assert_ne!(s.shown.view(None), s.game.view(None), "a staged move changes the board");
            assert_eq!(t.screen, Screen::Elsewhere(holder));
            let own: Table<newed::Game> = if holder == Colour::Red { table_of(host.table()) } else { s.table_for(Device::Seat(holder)) };
            assert!(own.step.staged > 0 && own.view != t.view);
            if holder == Colour::Red { here += 1 } else { elsewhere += 1 }
        }
    }
    assert!(here > 3 && elsewhere > 3, "moves were staged at the host's device ({here}) and at the friends' ({elsewhere})");
}
