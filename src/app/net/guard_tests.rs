//! Mallory against the relay guard (issue 40, M1/M4): a hostile holder of the table's link —
//! she has the room's key, so she can write any plaintext with any sender's id — forges, floods
//! and churns senders. Each test is one of her attacks; each must fail.

use super::*;

const HOST: u64 = 0x1111_2222_3333_4444;
const ANN: u64 = 0xaaaa_0000_0000_0001;
const BEN: u64 = 0xbbbb_0000_0000_0002;
const T0: u64 = 1_795_000_000_000;

fn env(from: u64, seq: u32, sent_ms: u64, body: Signal) -> Vec<u8> {
    Envelope { from, seq, sent_ms, body }.encode()
}

fn knock(from: u64, seq: u32, sent_ms: u64) -> Vec<u8> {
    env(from, seq, sent_ms, Signal::Knock { seat: None })
}

fn seats_to(to: u64) -> Signal {
    Signal::Seats { to, tag: 1, edition: crate::engine::Edition::New, seats: vec![] }
}

/// Mallory's ids: a new one for every message, none of them an honest device's.
fn mallory(n: u64) -> u64 {
    0x6d00_0000_0000_0000 | n
}

#[test]
fn a_forged_highest_number_for_another_device_does_not_silence_the_host() {
    let mut ann = Guard::new(ANN);
    assert!(ann.check(T0, &env(HOST, 1, T0, seats_to(ANN))).is_ok());
    // Mallory, as the host, "to Ben", numbered u32::MAX: Ann drops it as not hers...
    assert_eq!(ann.check(T0 + 10, &env(HOST, u32::MAX, T0, seats_to(BEN))), Err(Refusal::NotForMe));
    // ...and still hears the host's next message.
    assert!(ann.check(T0 + 20, &env(HOST, 2, T0 + 20, seats_to(ANN))).is_ok(), "the host was silenced by a message not for Ann");
}

#[test]
fn a_forged_jump_of_the_host_number_is_refused_and_silences_no_one() {
    let mut ann = Guard::new(ANN);
    assert!(ann.check(T0, &env(HOST, 1, T0, seats_to(ANN))).is_ok());
    // Mallory, as the host, to Ann, numbered u32::MAX.
    assert!(ann.check(T0 + 10, &env(HOST, u32::MAX, T0, seats_to(ANN))).is_err(), "a jump of four billion taken");
    for seq in 2..=20 {
        let at = T0 + u64::from(seq) * 3000;
        assert!(ann.check(at, &env(HOST, seq, at, seats_to(ANN))).is_ok(), "the host's message {seq} after Mallory's jump");
    }
}

#[test]
fn a_flood_from_fresh_ids_does_not_starve_a_known_sender() {
    let mut host = Guard::new(HOST);
    assert!(host.check(T0, &knock(BEN, 1, T0)).is_ok());
    // Mallory: 100 messages a second, each from a new id, for a minute. Ben knocks every 3 s.
    let (mut ben_seq, mut ben_heard, mut n) = (1, Vec::new(), 0);
    for tick in 1..=6000u64 {
        let at = T0 + tick * 10;
        n += 1;
        let _ = host.check(at, &knock(mallory(n), 1, at));
        if tick % 300 == 0 {
            ben_seq += 1;
            if host.check(at, &knock(BEN, ben_seq, at)).is_ok() {
                ben_heard.push(at - T0);
            }
        }
    }
    assert_eq!(ben_heard.len(), 20, "Ben's knocks taken (ms after the flood began): {ben_heard:?}");
}

#[test]
fn refused_floods_take_no_place_and_evict_no_replay_memory() {
    let mut host = Guard::new(HOST);
    let recorded = knock(ANN, 1, T0);
    assert!(host.check(T0, &recorded).is_ok());
    // A thousand messages within a second, each from a new id: nearly all refused.
    for n in 1..=1000 {
        let _ = host.check(T0 + n, &knock(mallory(n), 1, T0 + n));
    }
    assert_eq!(host.check(T0 + 2000, &recorded), Err(Refusal::Replayed), "Ann's recorded knock taken again");
}

#[test]
fn churning_senders_does_not_reopen_a_replay() {
    let mut host = Guard::new(HOST);
    let recorded = knock(ANN, 1, T0);
    assert!(host.check(T0, &recorded).is_ok());
    // Mallory: one new id a second for five minutes, each message taken: more than the guard
    // keeps places for, so Ann's place goes.
    for n in 1..=300 {
        let at = T0 + n * 1000;
        let _ = host.check(at, &knock(mallory(n), 1, at));
    }
    assert!(!host.heard.iter().any(|h| h.from == ANN), "Ann's place was kept: the test proves nothing");
    // A relay sends Ann's knock again, within ten minutes of its clock.
    assert_eq!(host.check(T0 + 301_000, &recorded), Err(Refusal::Replayed), "Ann's recorded knock taken again after churn");
    // Ann herself is heard again.
    assert!(host.check(T0 + 302_000, &knock(ANN, 2, T0 + 302_000)).is_ok());
}

#[test]
fn a_pinned_sender_keeps_its_place_through_any_churn() {
    let mut ann = Guard::new(ANN);
    assert!(ann.pin(HOST, T0));
    assert!(ann.check(T0, &env(HOST, 1, T0, seats_to(ANN))).is_ok());
    let recorded = env(HOST, 2, T0, seats_to(ANN));
    assert!(ann.check(T0, &recorded).is_ok());
    // Mallory churns a thousand ids at the new senders' rate, then more than the ghosts hold.
    ann.new_senders = Rate { per_second: 1000, burst: 1000 };
    for n in 1..=(MAX_SENDERS + MAX_GHOSTS + 10) as u64 {
        let _ = ann.check(T0 + n, &knock(mallory(n), 1, T0 + n));
    }
    assert!(ann.heard.iter().any(|h| h.from == HOST && h.pinned), "the host's place went");
    assert_eq!(ann.heard.len(), MAX_SENDERS);
    assert!(ann.ghosts.len() <= MAX_GHOSTS);
    assert_eq!(ann.check(T0 + 5000, &recorded), Err(Refusal::Replayed));
    assert!(ann.check(T0 + 5000, &env(HOST, 3, T0 + 5000, seats_to(ANN))).is_ok());
    // Unpinned, it goes like any other.
    ann.unpin(HOST);
    for n in 1..=MAX_SENDERS as u64 {
        let _ = ann.check(T0 + 6000 + n, &knock(mallory(10_000 + n), 1, T0 + 6000 + n));
    }
    assert!(!ann.heard.iter().any(|h| h.from == HOST));
    assert_eq!(ann.check(T0 + 9000, &recorded), Err(Refusal::Replayed), "its numbers kept apart");
}

#[test]
fn a_sender_pinned_before_it_is_heard_is_no_new_sender() {
    let mut host = Guard::new(HOST);
    host.new_senders = Rate { per_second: 1, burst: 1 };
    // Mallory used up the new senders' bucket.
    assert!(host.check(T0, &knock(mallory(1), 1, T0)).is_ok());
    assert_eq!(host.check(T0, &knock(mallory(2), 1, T0)), Err(Refusal::Flooded));
    // Ben's id, pinned by the app (a seated device), is heard at once.
    assert!(host.pin(BEN, T0));
    assert!(host.check(T0, &knock(BEN, 1, T0)).is_ok());
    // Pins are bounded: the app can't pin every sender by mistake.
    for n in 1..MAX_PINNED as u64 {
        assert!(host.pin(mallory(100 + n), T0), "{n}");
    }
    assert!(!host.pin(ANN, T0));
    assert!(host.pin(BEN, T0), "pinning a pinned one again is fine");
}

#[test]
fn a_reloaded_host_refuses_knocks_recorded_before_its_reload() {
    let mut host = Guard::new(HOST);
    let recorded = knock(ANN, 7, T0);
    assert!(host.check(T0, &knock(ANN, 6, T0)).is_ok());
    assert!(host.check(T0 + 10, &recorded).is_ok());
    assert!(host.check(T0 + 20, &knock(BEN, 1, T0 + 20)).is_ok());
    let saved = host.memory();
    assert!(saved.len() < 64, "{} bytes for two senders", saved.len());
    // The reloaded page: a new id, the same clock.
    const HOST2: u64 = 0x2222;
    let mut again = Guard::restore(HOST2, &saved, T0 + 60_000);
    assert_eq!(again.own(), HOST2);
    assert_eq!(again.check(T0 + 60_000, &recorded), Err(Refusal::Replayed), "a recorded knock taken after the reload");
    assert_eq!(again.check(T0 + 60_000, &knock(BEN, 1, T0 + 20)), Err(Refusal::Replayed));
    // Ann's next knock, and a device never heard, are taken.
    assert!(again.check(T0 + 61_000, &knock(ANN, 8, T0 + 61_000)).is_ok());
    assert!(again.check(T0 + 61_000, &knock(mallory(1), 1, T0 + 61_000)).is_ok());
    // Without the memory, the same replay is taken (why the host keeps it).
    assert!(Guard::new(HOST2).check(T0 + 60_000, &recorded).is_ok());
    // What is stale by then is left out; bytes that aren't a memory give an empty guard.
    let late = Guard::restore(HOST2, &saved, T0 + 2 * MAX_SKEW_MS + 30);
    assert!(late.ghosts.is_empty());
    for junk in [&b""[..], b"LG", b"LG\x02\x00", &saved[..saved.len() - 1], &[saved.clone(), vec![0]].concat()] {
        let g = Guard::restore(HOST2, junk, T0);
        assert!(g.ghosts.is_empty() && g.heard.is_empty(), "{junk:?}");
    }
    let g = Guard::restore(HOST2, b"LG\x01\xff\xff\xff\x0f", T0);
    assert!(g.ghosts.is_empty(), "a count past the bytes");
    // A restored memory saves again the same.
    assert_eq!(Guard::restore(HOST2, &again.memory(), T0 + 61_000).memory().len(), again.memory().len());
}

#[test]
fn a_stale_message_tells_how_far_off_the_clock_is() {
    let mut g = Guard::new(HOST);
    assert_eq!(g.clock_off(), None);
    assert_eq!(g.check(T0, &knock(ANN, 1, T0 - 13 * 60_000)), Err(Refusal::Stale));
    assert_eq!(g.clock_off(), Some(-13 * 60_000));
    assert_eq!(g.check(T0, &knock(ANN, 2, T0 + 25 * 60_000)), Err(Refusal::Stale));
    assert_eq!(g.clock_off(), Some(25 * 60_000));
    assert_eq!(g.check(0, &knock(ANN, 3, u64::MAX)), Err(Refusal::Stale));
    assert_eq!(g.clock_off(), Some(i64::MAX));
}

#[test]
fn jumps_within_the_rate_of_an_honest_sender_pass() {
    let mut ann = Guard::new(ANN);
    assert!(ann.check(T0, &env(HOST, 1, T0, seats_to(ANN))).is_ok());
    assert!(ann.check(T0, &env(HOST, 1 + MAX_JUMP, T0, seats_to(ANN))).is_ok(), "a thousand said to others at once");
    assert_eq!(ann.check(T0, &env(HOST, 2 + 2 * MAX_JUMP, T0, seats_to(ANN))), Err(Refusal::Jumped));
    // An hour on, the host may have said five a second to others meanwhile.
    let hour = 3_600_000;
    let seq = 1 + 2 * MAX_JUMP + 5 * 3600;
    assert!(ann.check(T0 + hour, &env(HOST, seq, T0 + hour, seats_to(ANN))).is_ok());
    // A jump refused is not remembered: the next honest number passes.
    assert_eq!(ann.check(T0 + hour, &env(HOST, u32::MAX, T0 + hour, seats_to(ANN))), Err(Refusal::Jumped));
    assert!(ann.check(T0 + hour, &env(HOST, seq + 1, T0 + hour, seats_to(ANN))).is_ok());
    assert!(!Refusal::Jumped.expected());
}

#[test]
fn a_host_reload_brings_back_a_table_at_once() {
    // The host's new guard hears five friends and three watchers within a second, all new.
    let mut g = Guard::new(HOST);
    for from in 1..=NEW_SENDERS.burst as u64 {
        assert!(g.check(T0 + from * 50, &knock(from, 1, T0)).is_ok(), "{from}");
    }
}

#[test]
fn padded_messages_show_four_sizes_and_read_back_strictly() {
    use crate::engine::Colour;
    let sdp = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=candidate:1 1 udp 1 192.168.1.2 5000 typ host\r\n".repeat(8);
    let bodies = vec![
        Signal::Knock { seat: None },
        Signal::Knock { seat: Some(Colour::Red) },
        Signal::Claim { seat: Colour::Red },
        Signal::Refused { to: ANN, why: SeatRefusal::Taken },
        Signal::Watch,
        Signal::Seats { to: ANN, tag: 0, edition: crate::engine::Edition::New, seats: Colour::ALL.iter().map(|&c| SeatInfo { colour: c, name: "é".repeat(MAX_NAME_CHARS), free: true }).collect() },
        Signal::Answer { seat: Some(Colour::Red), round: 3, sdp: sdp.clone() },
        Signal::Offer { to: ANN, tag: 1, seat: None, round: 0, ice: vec!["x".repeat(MAX_ICE_BYTES); MAX_ICE], sdp: "a".repeat(super::MAX_SDP) },
    ];
    for body in bodies {
        for seq in [1, u32::MAX] {
            let e = Envelope { from: HOST, seq, sent_ms: T0, body: body.clone() };
            let padded = e.encode_padded();
            assert!(PADDED_SIZES.contains(&padded.len()), "{} bytes", padded.len());
            assert_eq!(Envelope::decode_padded(&padded), Ok(e.clone()));
            assert_eq!(Envelope::decode_padded(&e.encode()), Ok(e.clone()), "unpadded");
            assert_eq!(Envelope::decode(&padded).is_ok(), padded.len() == e.encode().len(), "decode itself stays strict");
            // Anything but zeros after it, or zeros to another length, is refused.
            let mut bad = padded.clone();
            *bad.last_mut().expect("bytes") = 1;
            assert_eq!(Envelope::decode_padded(&bad), Err(Refusal::Garbled));
            if padded.len() > e.encode().len() + 1 {
                assert_eq!(Envelope::decode_padded(&padded[..padded.len() - 1]), Err(Refusal::Garbled));
            }
            assert!(Guard::new(ANN).check(T0, &padded).is_ok());
        }
    }
    // A knock with or without a seat (a device coming back, or a new one) look the same.
    assert_eq!(Envelope { from: ANN, seq: 1, sent_ms: T0, body: Signal::Knock { seat: None } }.encode_padded().len(), 256);
    assert_eq!(Envelope { from: ANN, seq: 1, sent_ms: T0, body: Signal::Knock { seat: Some(Colour::Red) } }.encode_padded().len(), 256);
    let mut long = Envelope { from: ANN, seq: 1, sent_ms: T0, body: Signal::Watch }.encode();
    long.resize(MAX_PLAINTEXT + 1, 0);
    assert_eq!(Envelope::decode_padded(&long), Err(Refusal::Garbled));
}

/// A stranger without the key floods a table's topic on a public broker: the device decrypts
/// no more than [`DECRYPTS`] allows from that relay.
#[test]
fn a_strangers_flood_costs_a_bounded_number_of_decryptions() {
    let mut relay = Limiter::new(DECRYPTS);
    let mut decrypted = 0;
    // 1000 messages a second for ten seconds.
    for n in 0..10_000u64 {
        if relay.allow(T0 + n) {
            decrypted += 1;
        }
    }
    assert_eq!(decrypted, DECRYPTS.burst + 10 * DECRYPTS.per_second - 1);
    // A quiet second later, the room's messages pass again.
    assert!(relay.allow(T0 + 11_000));
}

/// The keys that sign in the clock tests: the host's (named by the link) and Mallory's.
const HOST_KEY: KeyId = KeyId([1; 16]);
const MALLORY_KEY: KeyId = KeyId([6; 16]);
/// Ann's clock is 13 minutes behind the host's.
const BEHIND: u64 = 13 * 60 * 1000;

fn told_clock(to: u64) -> Signal {
    Signal::Refused { to, why: SeatRefusal::Clock }
}

#[test]
fn a_device_whose_clock_is_off_is_told_by_the_host_and_follows_its_clock() {
    let mut host = Guard::new(HOST);
    let mut ann = Guard::new(ANN);
    ann.follow_clock(HOST_KEY);
    // Ann asks for the seats, dated by her clock: stale to the host, which is to answer her.
    assert_eq!(host.check(T0, &knock(ANN, 1, T0 - BEHIND)), Err(Refusal::Stale));
    assert_eq!(host.clock_reply(T0), Some(Some(ANN)));
    assert_eq!(host.clock_off(), Some(-(BEHIND as i64)));
    // The host's answer, dated by the host's clock: taken by Ann, whose clock follows it now.
    let answer = env(HOST, 1, T0, told_clock(ANN));
    assert!(ann.check_signed(T0 - BEHIND + 300, &answer, Some(HOST_KEY)).is_ok());
    assert_eq!(ann.clock_off(), Some(BEHIND as i64 - 300));
    assert_eq!(ann.now(T0 - BEHIND + 1000), T0 + 700, "Ann reads the host's time (its answer took 0.3 s)");
    // Ann asks again, dated by the host's clock: taken; the host's next words reach her.
    assert!(host.check(T0 + 1000, &knock(ANN, 2, ann.now(T0 - BEHIND + 1000))).is_ok());
    assert!(ann.check_signed(T0 - BEHIND + 1500, &env(HOST, 2, T0 + 1200, seats_to(ANN)), Some(HOST_KEY)).is_ok());
}

#[test]
fn only_the_hosts_key_moves_a_devices_clock_and_only_in_words_to_that_device() {
    let mut ann = Guard::new(ANN);
    ann.follow_clock(HOST_KEY);
    // Mallory signs a message to Ann with a time far off: refused, Ann's clock doesn't move.
    assert_eq!(ann.check_signed(T0, &env(mallory(1), 1, T0 + 3_600_000, told_clock(ANN)), Some(MALLORY_KEY)), Err(Refusal::Stale));
    // The host's words to another device, recorded and sent again an hour later: refused.
    assert_eq!(ann.check_signed(T0, &env(HOST, 1, T0 - 3_600_000, told_clock(BEN)), Some(HOST_KEY)), Err(Refusal::Stale));
    // Unsigned (no key checked): refused.
    assert_eq!(ann.check(T0, &env(HOST, 2, T0 - 3_600_000, told_clock(ANN))), Err(Refusal::Stale));
    assert_eq!(ann.now(T0), T0, "nothing followed");
    // A device that follows nobody's clock (the host) never moves its own.
    let mut host = Guard::new(HOST);
    assert_eq!(host.check_signed(T0, &env(ANN, 1, T0 + 3_600_000, told_clock(HOST)), Some(HOST_KEY)), Err(Refusal::Stale));
    assert_eq!(host.now(T0), T0);
}

#[test]
fn a_flood_of_stale_asks_gets_one_answer_a_second() {
    let mut host = Guard::new(HOST);
    let mut said = 0;
    for n in 0..500u64 {
        let at = T0 + n * 10;
        assert_eq!(host.check(at, &knock(mallory(n), 1, at - BEHIND)), Err(Refusal::Stale));
        if let Some(Some(_)) = host.clock_reply(at) {
            said += 1;
        }
    }
    assert_eq!(said, 5, "five seconds of stale asks, five answers");
    // A stale message with an addressee (a host's word) is nobody's ask to answer.
    assert_eq!(host.check(T0 + 9000, &env(mallory(900), 1, T0 + 9000 - BEHIND, seats_to(HOST))), Err(Refusal::Stale));
    assert_eq!(host.clock_reply(T0 + 9000), None);
}
