//! The door's rules, each tried by Mallory: a device that holds the table link, says what it
//! likes through the relays, signs with a key of its own and may borrow other devices' ids.

use super::*;

const TAG: u32 = 0x5eed;
const ANN: Device = Device { id: 0xa11, key: KeyId([2; 16]) };
const ANN_AGAIN: Device = Device { id: 0xa12, key: KeyId([3; 16]) };
const MALLORY: Device = Device { id: 0xbad, key: KeyId([6; 16]) };
const T0: f64 = 1_000_000.0;
/// An offer and an answer with DTLS fingerprints (the connection's two ends).
const OFFER: &str = "v=0\r\na=fingerprint:sha-256 11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11:11\r\n";
const ANSWER: &str = "v=0\r\na=fingerprint:sha-256 22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22:22\r\n";

fn door() -> Door {
    Door::new(&[(Colour::Blue, 1111, false), (Colour::Yellow, 2222, false)], false)
}

fn names() -> Vec<(Colour, String)> {
    vec![(Colour::Blue, "Ben".into()), (Colour::Yellow, "Cleo".into())]
}

fn refused(why: SeatRefusal, to: Device) -> Act {
    Act::Say(Signal::Refused { to: to.id, why })
}

/// Ann claims Blue, is offered round 7, answers and sits down.
fn ann_seated(d: &mut Door, now: f64) {
    assert_eq!(d.claim(Colour::Blue, ANN, TAG, now), Act::Invite { seat: Colour::Blue, to: ANN, grant: true });
    assert_eq!(d.invite(Colour::Blue, 7, Some(ANN), true, now), None);
    let offer = d.offered(Colour::Blue, 7, OFFER, &[], TAG).unwrap();
    assert!(matches!(offer, Some(Signal::Offer { to, round: 7, .. }) if to == ANN.id));
    assert_eq!(d.answer(Some(Colour::Blue), ANN.id, ANN.key, 7, ANSWER), Some(Colour::Blue));
    let (conn, joined) = d.conn(Colour::Blue, 7).unwrap();
    assert!(!joined && conn.binding.is_some());
    assert_eq!(conn.grant, Some(Colour::Blue), "a claimed free seat is granted: the welcome gives the token");
    assert_eq!(d.sat_down(Colour::Blue, 7), Some((true, Some(ANN.id))));
}

#[test]
fn a_knock_for_a_seat_played_on_another_device_waits_and_the_host_is_asked() {
    let mut d = door();
    ann_seated(&mut d, T0);
    // Mallory replays Ann's knock, or knocks in its own name: the seat keeps its channel.
    for who in [MALLORY, ANN, ANN_AGAIN] {
        assert_eq!(d.knock(Colour::Blue, who, TAG, T0 + 1000.0), refused(SeatRefusal::Waiting, who));
        assert!(d.joined(Colour::Blue), "no relay word closes the seat's channel");
        assert_eq!(d.round(Colour::Blue), Some(7));
    }
    assert_eq!(d.asking(T0 + 1000.0), vec![Colour::Blue], "the host is asked");
    assert_eq!(d.asking(T0 + 1000.0 + ASKING_MS), vec![], "until the device stops asking");
}

#[test]
fn a_claim_for_a_seat_a_friend_has_waits_even_after_the_hosts_reload() {
    let mut d = door();
    ann_seated(&mut d, T0);
    assert_eq!(d.claim(Colour::Blue, MALLORY, TAG, T0), refused(SeatRefusal::Waiting, MALLORY));
    // The host reloads: what it kept says Blue is Ann's, and nobody is connected.
    let mut reloaded = Door::new(&d.kept(), false);
    assert!(!reloaded.joined(Colour::Blue));
    let seats = reloaded.seats(MALLORY.id, &names(), T0);
    assert_eq!(seats.iter().map(|s| (s.colour, s.free)).collect::<Vec<_>>(), vec![(Colour::Blue, false), (Colour::Yellow, true)]);
    assert_eq!(reloaded.claim(Colour::Blue, MALLORY, TAG, T0), refused(SeatRefusal::Waiting, MALLORY));
    // Ann's device knocks and proves the token on the connection offered: no grant.
    assert_eq!(reloaded.knock(Colour::Blue, ANN, TAG, T0), Act::Invite { seat: Colour::Blue, to: ANN, grant: false });
}

#[test]
fn another_devices_knock_never_cuts_an_offer_under_way() {
    let mut d = door();
    assert_eq!(d.knock(Colour::Yellow, ANN, TAG, T0), Act::Invite { seat: Colour::Yellow, to: ANN, grant: false });
    d.invite(Colour::Yellow, 3, Some(ANN), false, T0);
    // The offer is being made: Ann asking again gets nothing new, Mallory waits.
    assert_eq!(d.knock(Colour::Yellow, ANN, TAG, T0 + 500.0), Act::Nothing);
    assert_eq!(d.knock(Colour::Yellow, MALLORY, TAG, T0 + 500.0), refused(SeatRefusal::Waiting, MALLORY));
    // Made: Ann asking again (its first offer lost) is sent the same one.
    d.offered(Colour::Yellow, 3, OFFER, &[], TAG).unwrap();
    assert!(matches!(d.knock(Colour::Yellow, ANN, TAG, T0 + 2000.0), Act::Say(Signal::Offer { round: 3, .. })));
    assert_eq!(d.knock(Colour::Yellow, MALLORY, TAG, T0 + 2000.0), refused(SeatRefusal::Waiting, MALLORY));
    // Nobody answered it in time: the next knock gets a new invite.
    assert_eq!(d.knock(Colour::Yellow, MALLORY, TAG, T0 + OFFER_MS + 1.0), Act::Invite { seat: Colour::Yellow, to: MALLORY, grant: false });
}

#[test]
fn an_offer_is_answered_by_its_device_and_key_once() {
    let mut d = door();
    d.claim(Colour::Blue, ANN, TAG, T0);
    d.invite(Colour::Blue, 7, Some(ANN), true, T0);
    d.offered(Colour::Blue, 7, OFFER, &[], TAG).unwrap();
    assert_eq!(d.answer(Some(Colour::Blue), ANN.id, MALLORY.key, 7, ANSWER), None, "Ann's id, Mallory's key");
    assert_eq!(d.answer(Some(Colour::Blue), MALLORY.id, MALLORY.key, 7, ANSWER), None);
    assert_eq!(d.answer(Some(Colour::Yellow), ANN.id, ANN.key, 7, ANSWER), None, "another seat");
    assert_eq!(d.answer(Some(Colour::Blue), ANN.id, ANN.key, 6, ANSWER), None, "an older round");
    assert_eq!(d.conn(Colour::Blue, 7).unwrap().0.binding, None, "nothing bound by the refused answers");
    assert_eq!(d.answer(Some(Colour::Blue), ANN.id, ANN.key, 7, ANSWER), Some(Colour::Blue));
    assert_eq!(d.answer(Some(Colour::Blue), ANN.id, ANN.key, 7, OFFER), None, "answered once");
    assert_eq!(d.conn(Colour::Blue, 7).unwrap().0.binding, Binding::of(OFFER, ANSWER));
    assert_eq!(d.conn(Colour::Blue, 6), None, "a replaced invite's connection is nobody's");
}

#[test]
fn a_free_seat_claimed_is_kept_for_the_first_device() {
    let mut d = door();
    assert!(matches!(d.claim(Colour::Blue, ANN, TAG, T0), Act::Invite { .. }));
    assert_eq!(d.claim(Colour::Blue, MALLORY, TAG, T0 + 1000.0), refused(SeatRefusal::Taken, MALLORY));
    assert!(!d.seats(MALLORY.id, &names(), T0 + 1000.0)[0].free);
    assert!(d.seats(ANN.id, &names(), T0 + 1000.0)[0].free, "still the claimer's to take");
}

#[test]
fn a_locked_table_has_no_free_seat_and_takes_no_claim() {
    let mut d = door();
    d.lock(true);
    assert!(d.seats(MALLORY.id, &names(), T0).iter().all(|s| !s.free));
    assert_eq!(d.claim(Colour::Yellow, MALLORY, TAG, T0), refused(SeatRefusal::Locked, MALLORY));
    assert_eq!(d.claim(Colour::Red, MALLORY, TAG, T0), refused(SeatRefusal::NoSuchSeat, MALLORY), "the host's own seat");
    assert_eq!(d.knock(Colour::Red, MALLORY, TAG, T0), refused(SeatRefusal::NoSuchSeat, MALLORY));
    d.lock(false);
    assert!(matches!(d.claim(Colour::Yellow, ANN, TAG, T0), Act::Invite { grant: true, .. }));
}

#[test]
fn a_device_cut_off_for_a_flood_waits_before_it_may_knock_again() {
    let mut d = door();
    ann_seated(&mut d, T0);
    // Ann's channel sent refused message after refused message: cut off, a new invite made.
    d.cut_off(Colour::Blue, T0 + 100.0);
    assert_eq!(d.invite(Colour::Blue, 8, None, false, T0 + 100.0), Some(Some(ANN.id)), "the seated device left");
    for who in [ANN, ANN_AGAIN, MALLORY] {
        assert_eq!(d.knock(Colour::Blue, who, TAG, T0 + 300.0), refused(SeatRefusal::Waiting, who), "0.2 s later");
        assert_eq!(d.knock(Colour::Blue, who, TAG, T0 + 100.0 + COOL_MS - 1.0), refused(SeatRefusal::Waiting, who));
    }
    assert_eq!(d.asking(T0 + 300.0), vec![], "nobody is asking for a seat played on another");
    assert_eq!(d.knock(Colour::Blue, ANN, TAG, T0 + 100.0 + COOL_MS), Act::Invite { seat: Colour::Blue, to: ANN, grant: false });
}

#[test]
fn letting_a_new_device_in_gives_it_the_seat_and_a_new_token() {
    let mut d = door();
    ann_seated(&mut d, T0);
    assert_eq!(d.knock(Colour::Blue, ANN_AGAIN, TAG, T0 + 1000.0), refused(SeatRefusal::Waiting, ANN_AGAIN));
    assert_eq!(d.let_in(Colour::Blue, 9999, T0 + 2000.0), Some(ANN_AGAIN));
    assert!(d.kept().contains(&(Colour::Blue, 9999, false)));
    assert_eq!(d.invite(Colour::Blue, 11, Some(ANN_AGAIN), true, T0 + 2000.0), Some(Some(ANN.id)), "the old device's channel closes");
    // Mallory asking meanwhile: the seat is kept for the device let in.
    assert_eq!(d.claim(Colour::Blue, MALLORY, TAG, T0 + 2500.0), refused(SeatRefusal::Taken, MALLORY));
    d.offered(Colour::Blue, 11, OFFER, &[], TAG).unwrap();
    assert_eq!(d.answer(Some(Colour::Blue), ANN_AGAIN.id, ANN_AGAIN.key, 11, ANSWER), Some(Colour::Blue));
    assert_eq!(d.conn(Colour::Blue, 11).unwrap().0.grant, Some(Colour::Blue));
    assert_eq!(d.sat_down(Colour::Blue, 11), Some((true, Some(ANN_AGAIN.id))));
    assert!(d.set_token(Colour::Blue, 4242) && !d.set_token(Colour::Blue, 4242));
}

#[test]
fn a_reply_by_hand_is_taken_once_for_the_current_invite() {
    let mut d = door();
    d.invite(Colour::Blue, 5, None, false, T0);
    assert_eq!(d.reply(Colour::Blue, 5, ANSWER), Err(ReplyRefusal::Old), "its offer not made yet");
    assert_eq!(d.offered(Colour::Blue, 5, OFFER, &[], TAG), Ok(None), "a link to send: nothing said on the relays");
    assert_eq!(d.offered(Colour::Blue, 4, OFFER, &[], TAG), Err(Replaced), "an invite replaced");
    assert_eq!(d.reply(Colour::Red, 5, ANSWER), Err(ReplyRefusal::Foreign));
    assert_eq!(d.reply(Colour::Blue, 4, ANSWER), Err(ReplyRefusal::Old));
    assert_eq!(d.reply(Colour::Blue, 5, ANSWER), Ok(()));
    assert_eq!(d.reply(Colour::Blue, 5, ANSWER), Err(ReplyRefusal::Used));
    assert_eq!(d.conn(Colour::Blue, 5).unwrap().0, Conn { binding: Binding::of(OFFER, ANSWER), grant: None });
}

#[test]
fn watch_requests_nobody_answers_cant_fill_the_places() {
    let mut d = door();
    // Mallory asks to watch from eight fresh ids and never answers.
    for i in 0..MAX_WATCHERS as u64 {
        let w = d.watch(Device { id: 100 + i, key: MALLORY.key }, T0);
        assert!(w.room && w.gone.is_empty());
        d.seat_watcher(Device { id: 100 + i, key: MALLORY.key }, i, 50 + i as u32, T0);
    }
    assert_eq!(d.watch(ANN, T0 + 1000.0), Watching { gone: vec![], room: false }, "full for now");
    // Its offers expire: an honest watcher gets a place, Mallory's links are closed.
    let w = d.watch(ANN, T0 + WATCH_OFFER_MS);
    assert!(w.room);
    assert_eq!(w.gone, (0..MAX_WATCHERS as u64).collect::<Vec<_>>());
    d.seat_watcher(ANN, 42, 9, T0 + WATCH_OFFER_MS);
    assert_eq!(d.watcher_answer(ANN.id, MALLORY.key, 9), None, "only Ann's key answers Ann's offer");
    assert_eq!(d.watcher_answer(ANN.id, ANN.key, 9), Some(42));
    d.watcher_open(42);
    // An open watcher keeps its place however long it watches; asked again, its old link goes.
    assert!(d.watch(MALLORY, T0 + 10.0 * WATCH_OFFER_MS).gone.is_empty());
    assert_eq!(d.watchers(), vec![42]);
    assert_eq!(d.watch(ANN, T0 + 10.0 * WATCH_OFFER_MS).gone, vec![42]);
    assert!(!d.watcher_gone(42) && d.watchers().is_empty());
}
