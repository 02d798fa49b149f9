//! Issue 40, "the link is an invitation, not an identity": a seat's token never travels but on
//! the encrypted channel, and a device proves it holds it for the connection it is on. Mallory
//! holds the table link and a recording of everything it could see; each of its tries is
//! refused and the seat keeps its device.

use super::*;
use crate::app::net::message::Presence;

/// Another connection: Mallory's own to the host (its end's fingerprint is its own).
const MALLORY_ENDS: Binding = Binding { host: [0x11; 32], friend: [0x66; 32] };

fn joined_host() -> (Host, Vec<Remote>) {
    host_and_join(classic_session(), AnySession::Classic, [Colour::Yellow, Colour::Purple])
}

fn welcome_token(host: &Host, bytes: &[u8]) -> Option<u64> {
    match ToRemote::decode(bytes, host.tag()).unwrap() {
        ToRemote::Welcome { token, .. } => token,
        m => panic!("not a welcome: {m:?}"),
    }
}

#[test]
fn a_hello_recorded_on_one_connection_is_refused_on_another() {
    let (mut host, remotes) = joined_host();
    let tag = host.tag();
    // What a friend's device said on its own channel, played by Mallory on a connection of its own.
    let recorded = remotes[0].hello();
    let mallory = Conn { binding: Some(MALLORY_ENDS), grant: None };
    let got = host.receive(None, &mallory, &recorded);
    assert_eq!(got.seat, None, "Mallory doesn't sit down with a recorded hello");
    assert_eq!(refusal(&host, &got.replies[0]), Refusal::Foreign);
    assert_eq!(host.presence(Colour::Yellow), Presence::Remote { connected: true }, "the friend keeps the seat");
    // Nor without fingerprints, nor with a proof made for another token.
    assert_eq!(host.receive(None, &Conn::default(), &recorded).seat, None);
    let guess = ToHost::Hello { seat: Colour::Yellow, proof: Some(prove(1112, tag, Colour::Yellow, &MALLORY_ENDS)), have_log: 0 }.encode(tag);
    assert_eq!(host.receive(None, &mallory, &guess).seat, None);
    // The friend's own device on a new connection (a reload): its proof for that one joins.
    let mut back = Remote::new(tag, Colour::Yellow, Some(1111));
    back.bind(MALLORY_ENDS);
    assert_eq!(host.receive(None, &mallory, &back.hello()).seat, Some(Colour::Yellow));
}

#[test]
fn a_hello_without_a_proof_joins_only_the_seat_the_host_let_this_connection_in_for() {
    let (mut host, _) = joined_host();
    let tag = host.tag();
    let bare = |seat| ToHost::Hello { seat, proof: None, have_log: 0 }.encode(tag);
    for (conn, seat, what) in [
        (Conn { binding: Some(MALLORY_ENDS), grant: None }, Colour::Yellow, "a connection nobody was let in on"),
        (Conn { binding: Some(MALLORY_ENDS), grant: Some(Colour::Purple) }, Colour::Yellow, "a connection let in for another seat"),
        (Conn { binding: Some(MALLORY_ENDS), grant: Some(Colour::Red) }, Colour::Red, "the host's own seat"),
    ] {
        let got = host.receive(None, &conn, &bare(seat));
        assert_eq!(got.seat, None, "{what}");
        assert_eq!(refusal(&host, &got.replies[0]), Refusal::Foreign, "{what}");
    }
    assert_eq!(host.presence(Colour::Yellow), Presence::Remote { connected: true });
}

#[test]
fn the_token_is_given_once_on_the_channel_and_proves_the_device_afterwards() {
    let mut host = Host::new(AnySession::Classic(classic_session()), &[(Colour::Yellow, 0x5eed_1234)]);
    let tag = host.tag();
    // A device that claimed the free seat: the host let this connection in for it.
    let mut dev = Remote::new(tag, Colour::Yellow, None);
    dev.bind(WIRE_ENDS);
    assert_eq!(dev.token(), None);
    let hello = dev.hello();
    assert!(!hello.windows(8).any(|w| w == 0x5eed_1234u64.to_le_bytes()), "no token in a hello");
    let got = host.receive(None, &Conn { binding: Some(WIRE_ENDS), grant: Some(Colour::Yellow) }, &hello);
    assert_eq!(got.seat, Some(Colour::Yellow));
    assert_eq!(welcome_token(&host, &got.replies[0]), Some(0x5eed_1234), "the welcome gives the token");
    assert_eq!(dev.receive(&got.replies[0]), Ok(Heard::Joined));
    assert_eq!(dev.token(), Some(0x5eed_1234), "the device keeps it");
    // Coming back on a new connection, it proves it: the welcome doesn't give it again.
    let mut again = Remote::new(tag, Colour::Yellow, dev.token());
    again.bind(MALLORY_ENDS);
    let got = host.receive(None, &Conn { binding: Some(MALLORY_ENDS), grant: None }, &again.hello());
    assert_eq!(got.seat, Some(Colour::Yellow));
    assert_eq!(welcome_token(&host, &got.replies[0]), None, "a device that proved its token isn't sent it");
}

#[test]
fn a_new_device_let_in_makes_the_old_token_worthless() {
    let (mut host, remotes) = joined_host();
    let tag = host.tag();
    host.renew(Colour::Yellow, 0xfeed);
    assert_eq!(host.presence(Colour::Yellow), Presence::Remote { connected: false }, "the old device's link is cut");
    let got = host.receive(None, &WIRE, &remotes[0].hello());
    assert_eq!(got.seat, None, "the old device's token proves nothing now");
    let got = host.receive(None, &Conn { binding: Some(MALLORY_ENDS), grant: Some(Colour::Yellow) }, &ToHost::Hello { seat: Colour::Yellow, proof: None, have_log: 0 }.encode(tag));
    assert_eq!(got.seat, Some(Colour::Yellow));
    assert_eq!(welcome_token(&host, &got.replies[0]), Some(0xfeed));
}

#[test]
fn play_again_gives_each_seat_a_new_token_over_its_channel() {
    // The next game at the same table: the seats' tokens carried over, new ones waiting.
    let mut host = Host::new(AnySession::Classic(classic_session()), &[(Colour::Yellow, 1111), (Colour::Purple, 2222)]);
    host.rotate(Colour::Yellow, 0x1357);
    let mut yellow = friend(host.tag(), Colour::Yellow, 1111);
    let got = host.receive(None, &WIRE, &yellow.hello());
    assert_eq!(got.seat, Some(Colour::Yellow), "the old token proves the seat once more");
    assert_eq!(welcome_token(&host, &got.replies[0]), Some(0x1357), "and the welcome gives the new one");
    assert_eq!(yellow.receive(&got.replies[0]), Ok(Heard::Joined));
    assert_eq!((yellow.token(), host.token(Colour::Yellow)), (Some(0x1357), Some(0x1357)));
    // The old token proves nothing now; the new one does.
    assert_eq!(host.receive(None, &WIRE, &friend(host.tag(), Colour::Yellow, 1111).hello()).seat, None);
    let again = host.receive(None, &WIRE, &yellow.hello());
    assert_eq!(again.seat, Some(Colour::Yellow));
    assert_eq!(welcome_token(&host, &again.replies[0]), None, "given once");
    // A seat without a new token waiting keeps its own.
    assert_eq!(host.token(Colour::Purple), Some(2222));
}

#[test]
fn a_new_table_link_reaches_the_seated_devices_over_their_channels_only() {
    let (mut host, mut remotes) = joined_host();
    host.disconnected(Colour::Purple);
    let out = host.moved("c2VjcmV0.a2V5");
    assert_eq!(out.iter().map(|o| o.to).collect::<Vec<_>>(), vec![Colour::Yellow], "only the seat connected now is told");
    assert_eq!(remotes[0].receive(&out[0].bytes), Ok(Heard::Moved));
    assert_eq!(remotes[0].take_moved().as_deref(), Some("c2VjcmV0.a2V5"));
    assert_eq!(remotes[0].take_moved(), None, "taken once");
    assert_eq!(remotes[1].take_moved(), None);
}
