//! The relays' typed reasons in the player's language (issue 33): why a message through the
//! relays was refused ([`Refusal`]) and why the host refused a seat ([`SeatRefusal`]). Their
//! words, and those of the relay screens, are in `relay.txt`.

use crate::app::net::signal::{Refusal, SeatRefusal, MAX_SKEW_MS};
use crate::tr;

/// Why a message through the relays was refused, as a sentence in the current language. Most
/// are nothing to show in normal play ([`Refusal::expected`]); a relay's tricks are said so
/// that a player who asks can be told.
pub fn relay_refusal(r: Refusal) -> String {
    match r {
        Refusal::Garbled => tr!(String RelayRefusedGarbled),
        Refusal::Version(_) => tr!(String RelayRefusedVersion),
        Refusal::Forged => tr!(String RelayRefusedForged),
        Refusal::Replayed => tr!(String RelayRefusedReplayed),
        Refusal::Stale => tr!(RelayRefusedStale, minutes = MAX_SKEW_MS / 60_000),
        Refusal::Flooded => tr!(String RelayRefusedFlooded),
        Refusal::Jumped => tr!(String RelayRefusedJumped),
        Refusal::NotForMe => tr!(String RelayRefusedNotForMe),
        Refusal::Own => tr!(String RelayRefusedOwn),
    }
}

/// What a device whose clock is wrong is told: `off_ms` is how far the other device's clock
/// was from this one's ([`crate::app::net::signal::Guard::clock_off`]; positive: the other is
/// ahead, so this device is behind), said in whole minutes (at least one).
pub fn clock_off(off_ms: i64) -> String {
    let minutes = (off_ms.unsigned_abs() + 30_000) / 60_000;
    let minutes = minutes.max(1);
    if off_ms > 0 { tr!(RelayClockBehind, minutes = minutes) } else { tr!(RelayClockAhead, minutes = minutes) }
}

/// What a device that follows the host's clock now is told: `off_ms` as in [`clock_off`].
pub fn clock_followed(off_ms: i64) -> String {
    let minutes = ((off_ms.unsigned_abs() + 30_000) / 60_000).max(1);
    if off_ms > 0 { tr!(RelayClockFollowBehind, minutes = minutes) } else { tr!(RelayClockFollowAhead, minutes = minutes) }
}

/// What the host is told when a device whose clock is `off_ms` off its own (positive: the
/// device is ahead) was told to follow the host's.
pub fn clock_told(off_ms: i64) -> String {
    let minutes = ((off_ms.unsigned_abs() + 30_000) / 60_000).max(1);
    tr!(RelayClockTold, minutes = minutes)
}

/// Why the host refused the seat this device asked for, as a sentence with what to do next.
pub fn seat_refusal(r: SeatRefusal) -> String {
    match r {
        SeatRefusal::Taken => tr!(String RelaySeatTaken),
        SeatRefusal::NoSuchSeat => tr!(String RelaySeatNoSuch),
        SeatRefusal::Waiting => tr!(String RelaySeatWaiting),
        SeatRefusal::Locked => tr!(String RelaySeatLocked),
        SeatRefusal::Clock => tr!(String RelaySeatClock),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, Lang};
    use std::collections::BTreeSet;

    /// One refusal of each kind (the `match` has no wildcard: a new kind doesn't compile until
    /// it is listed, and the test fails until it has a sample).
    fn every_refusal() -> Vec<Refusal> {
        fn kind(r: Refusal) -> u8 {
            match r {
                Refusal::Garbled => 0,
                Refusal::Version(_) => 1,
                Refusal::Forged => 2,
                Refusal::Replayed => 3,
                Refusal::Stale => 4,
                Refusal::Flooded => 5,
                Refusal::NotForMe => 6,
                Refusal::Own => 7,
                Refusal::Jumped => 8,
            }
        }
        let all = vec![Refusal::Garbled, Refusal::Version(9), Refusal::Forged, Refusal::Replayed, Refusal::Stale, Refusal::Flooded, Refusal::NotForMe, Refusal::Own, Refusal::Jumped];
        assert_eq!(all.iter().map(|&r| kind(r)).collect::<BTreeSet<_>>(), (0..9).collect(), "every refusal has a sample");
        all
    }

    fn every_seat_refusal() -> Vec<SeatRefusal> {
        fn kind(r: SeatRefusal) -> u8 {
            match r {
                SeatRefusal::Taken => 0,
                SeatRefusal::NoSuchSeat => 1,
                SeatRefusal::Waiting => 2,
                SeatRefusal::Locked => 3,
                SeatRefusal::Clock => 4,
            }
        }
        let all = vec![SeatRefusal::Taken, SeatRefusal::NoSuchSeat, SeatRefusal::Waiting, SeatRefusal::Locked, SeatRefusal::Clock];
        assert_eq!(all.iter().map(|&r| kind(r)).collect::<BTreeSet<_>>(), (0..5).collect(), "every seat refusal has a sample");
        all
    }

    /// Every reason's text in the current language, each with its value's `Debug` (which must
    /// never show).
    fn every_text() -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = every_refusal().into_iter().map(|r| (relay_refusal(r), format!("{r:?}"))).collect();
        out.extend(every_seat_refusal().into_iter().map(|r| (seat_refusal(r), format!("{r:?}"))));
        out.extend([(clock_off(13 * 60_000), "ClockOff(780000)".into()), (clock_off(-13 * 60_000), "ClockOff(-780000)".into())]);
        out.extend([(clock_followed(13 * 60_000), "ClockFollowed(780000)".into()), (clock_followed(-13 * 60_000), "ClockFollowed(-780000)".into()), (clock_told(-13 * 60_000), "ClockTold(-780000)".into())]);
        out
    }

    /// Names every language keeps: the relays (German and Italian say "Relay-Server" and
    /// "server relay"), the protocol, the link.
    const KEPT: [&str; 9] = ["Relay", "relay", "Relays", "relays", "MQTT", "WebSocket", "wss", "link", "Link"];

    #[test]
    fn every_relay_reason_is_a_sentence_in_every_language_never_a_debug_name() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        let english = every_text();
        // Each kind has its own words: a player can tell what happened.
        let distinct: BTreeSet<&String> = english.iter().map(|(t, _)| t).collect();
        assert_eq!(distinct.len(), english.len(), "reasons share their words: {english:#?}");
        let wrong = crate::app::net::words::tests::wrong_words(every_text, &english, &KEPT, true);
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn a_stale_message_says_the_minutes_and_the_screens_words_fill_their_places() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        assert!(relay_refusal(Refusal::Stale).contains("more than 10 minutes away"), "{}", relay_refusal(Refusal::Stale));
        assert_eq!(relay_refusal(Refusal::Version(2)), relay_refusal(Refusal::Version(7)), "which version is nothing a player can act on");
        assert_eq!(tr!(RelayNoAnswer, seconds = 1), "No relay answered in 1 second — send an invite and its reply by hand instead.");
        assert_eq!(tr!(RelayYouAre, name = "Ben", colour = "yellow"), "You are Ben (yellow)");
        set_lang(Lang::De);
        assert!(relay_refusal(Refusal::Stale).contains("10 Minuten"));
        assert_eq!(tr!(RelayNoAnswer, seconds = 8), "Kein Relay-Server hat in 8 Sekunden geantwortet – schicke stattdessen eine Einladung und ihre Antwort von Hand.");
        assert_eq!(tr!(RelayYouAre, name = "Ben", colour = "Gelb"), "Du bist Ben (Gelb)");
        assert!(seat_refusal(SeatRefusal::Taken).contains("Platz"));
        set_lang(Lang::It);
        assert!(relay_refusal(Refusal::Stale).contains("10 minuti"));
        assert_eq!(tr!(RelayFriendDropped, name = "Ann"), "Ann ha perso la connessione – si ricollega da solo");
        assert!(seat_refusal(SeatRefusal::Waiting).contains("Chi ospita"));
        set_lang(Lang::En);
    }

    #[test]
    fn a_wrong_clock_is_told_in_minutes_and_which_way() {
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        assert!(clock_off(13 * 60_000 + 20_000).starts_with("This device's clock is 13 minutes behind"), "{}", clock_off(13 * 60_000));
        assert!(clock_off(-(11 * 60_000 + 40_000)).starts_with("This device's clock is 12 minutes ahead"), "{}", clock_off(-11 * 60_000));
        assert!(clock_off(10_000).contains("1 minute behind"), "{}", clock_off(10_000));
        assert!(clock_off(i64::MIN).contains("ahead"), "no overflow at the clock's ends");
        set_lang(Lang::De);
        assert!(clock_off(13 * 60_000).contains("13 Minuten nach"), "{}", clock_off(13 * 60_000));
        set_lang(Lang::It);
        assert!(clock_off(-13 * 60_000).contains("avanti di 13 minuti"), "{}", clock_off(-13 * 60_000));
        set_lang(Lang::En);
    }
}
