//! Who sits at the table: people and computers (issue 10). The computer seats travel with the
//! game in a `[Bots "yellow:hard purple:easy"]` header, and the hints each person asked for
//! (when the game allows hints) in `[Hints "red:2 yellow:0"]`: saves, replays and shared
//! records keep both, and the rules ignore them.

use crate::engine::ai::{format_bots, parse_bots, Level};
use crate::engine::notation::{shown, with_header, Lexed, RecordError};
use crate::engine::{ByColour, Colour};
use crate::tr;

/// The computer seats and the hints used.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Seats {
    /// Computer players and their levels.
    pub bots: Vec<(Colour, Level)>,
    /// Hints asked per person, when the game allows hints.
    pub hints: Option<ByColour<u32>>,
    /// Seats friends play on their own devices (connected or not); the game is hosted here.
    /// Not part of a record: the host keeps its friends' seats apart.
    pub remote: Vec<(Colour, bool)>,
}

/// Where a seat is played, as every device is told.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Presence {
    /// A person at the device holding the game.
    Here,
    /// A friend on their own device, connected or not.
    Remote { connected: bool },
    /// A computer (it thinks on the device holding the game).
    Computer,
}

impl Seats {
    /// Reads the `[Bots]` and `[Hints]` headers of a record.
    ///
    /// # Errors
    /// `line N: reason` for a bad value.
    pub fn from_record(text: &str) -> Result<Seats, String> {
        let lexed = Lexed::new(text).map_err(|e| super::words::record_error(None, &e))?;
        let mut seats = Seats::default();
        if let Some((line, v)) = lexed.get("Bots") {
            seats.bots = parse_bots(v).map_err(|reason| super::words::record_error_in(text, &RecordError { line, reason }))?;
            if seats.bots.iter().any(|&(_, l)| l == Level::Random) {
                return Err(tr!(AppRecordBotLevels, line = line));
            }
        }
        if let Some((line, v)) = lexed.get("Hints") {
            let mut counts = ByColour::default();
            for part in v.split_whitespace() {
                let n = part.split_once(':').and_then(|(c, n)| Some((Colour::parse(c)?, crate::engine::notation::parse_number::<u32>(n)?)));
                let (c, n) = n.ok_or_else(|| tr!(AppRecordHintCount, line = line, part = shown(part)))?;
                counts[c] = n;
            }
            seats.hints = Some(counts);
        }
        Ok(seats)
    }

    /// The record with these seats' headers added.
    pub fn write(&self, record: String, players: &[Colour]) -> String {
        let mut r = record;
        if !self.bots.is_empty() {
            r = with_header(&r, "Bots", &format_bots(&self.bots));
        }
        if let Some(h) = &self.hints {
            let counts: Vec<String> = players.iter().filter(|&&c| self.person(c)).map(|&c| format!("{c}:{}", h[c])).collect();
            r = with_header(&r, "Hints", &counts.join(" "));
        }
        r
    }

    /// The level of a computer seat.
    pub fn level(&self, c: Colour) -> Option<Level> {
        self.bots.iter().find(|&&(b, _)| b == c).map(|&(_, l)| l)
    }

    /// True for a seat a person plays.
    pub fn person(&self, c: Colour) -> bool {
        self.level(c).is_none()
    }

    /// Where a seat is played.
    pub fn presence(&self, c: Colour) -> Presence {
        match self.remote.iter().find(|(r, _)| *r == c) {
            _ if !self.person(c) => Presence::Computer,
            Some(&(_, connected)) => Presence::Remote { connected },
            None => Presence::Here,
        }
    }

    /// True for a seat a friend plays on a device that is connected now.
    pub fn connected(&self, c: Colour) -> bool {
        self.remote.contains(&(c, true))
    }

    /// True for a seat a friend plays on their own device.
    pub fn elsewhere(&self, c: Colour) -> bool {
        self.remote.iter().any(|(r, _)| *r == c)
    }

    /// The people at the device holding the game.
    pub fn here(&self, players: &[Colour]) -> Vec<Colour> {
        players.iter().copied().filter(|&c| self.presence(c) == Presence::Here).collect()
    }

    /// The one person at a table of computers (their secrets stay on screen: no hand-overs).
    pub fn solo(&self, players: &[Colour]) -> Option<Colour> {
        let mut people = players.iter().copied().filter(|&c| self.person(c));
        match (people.next(), people.next()) {
            (Some(p), None) if !self.bots.is_empty() => Some(p),
            _ => None,
        }
    }

    /// Counts a hint asked by `c`.
    pub fn hint_used(&mut self, c: Colour) {
        if let Some(h) = &mut self.hints {
            h[c] += 1;
        }
    }
}

/// Who plays a seat, in words: a person, or a computer and its level.
pub fn seat_label(level: Option<Level>) -> &'static str {
    match level {
        None => tr!(AppSeatPerson),
        Some(Level::Random) => tr!(AppSeatRandom),
        // The lessons' computers are easy ones to the learner.
        Some(Level::Easy | Level::Lesson) => tr!(AppSeatEasy),
        Some(Level::Medium) => tr!(AppSeatMedium),
        // The frozen hard level plays only in the referee's arena.
        Some(Level::Hard | Level::Reference) => tr!(AppSeatHard),
    }
}

/// The end screen's line on hints used, when the game allowed hints.
pub fn hints_line(seats: &Seats, players: &[Colour]) -> Option<crate::app::said::Said> {
    use crate::app::said::Arg;
    let h = seats.hints.as_ref()?;
    let parts = players.iter().filter(|&&c| seats.person(c)).map(|&c| Arg::from(crate::said!(ScreenHintsUsedBy, name = Arg::Name(c), n = h[c]))).collect();
    Some(crate::said!(ScreenHintsUsed, list = Arg::Commas(parts)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_travel_in_two_headers_and_bad_ones_are_refused_with_their_line() {
        let record = "[Edition \"classic\"]\n[Players \"red yellow purple\"]\nred decide 1 2\n".to_string();
        let seats = Seats { bots: vec![(Colour::Yellow, Level::Hard), (Colour::Purple, Level::Easy)], hints: Some(ByColour::from_fn(|c| u32::from(c == Colour::Red) * 2)), remote: Vec::new() };
        let written = seats.write(record, &[Colour::Red, Colour::Yellow, Colour::Purple]);
        assert!(written.contains("[Bots \"yellow:hard purple:easy\"]\n[Hints \"red:2\"]\nred decide 1 2"), "{written}");
        assert_eq!(Seats::from_record(&written).unwrap(), seats);
        assert_eq!(seats.solo(&[Colour::Red, Colour::Yellow, Colour::Purple]), Some(Colour::Red));
        assert_eq!(Seats::default().solo(&[Colour::Red, Colour::Yellow]), None, "people only: hand-overs as before");
        let bad = Seats::from_record("[Edition \"classic\"]\n[Bots \"yellow:genius\"]\n").unwrap_err();
        assert!(bad.starts_with("line 2: unknown level"), "{bad}");
        assert!(Seats::from_record("[Bots \"yellow:random\"]\n").is_err(), "random is for the referee");
    }

    #[test]
    fn seat_labels_and_header_errors_speak_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        set_lang(Lang::En);
        assert_eq!(seat_label(Some(Level::Easy)), "Computer · easy");
        assert_eq!(seat_label(None), "Person");
        set_lang(Lang::De);
        assert_eq!(seat_label(Some(Level::Hard)), "Computer · schwer");
        assert_eq!(seat_label(None), "Mensch");
        assert!(Seats::from_record("[Bots \"yellow:random\"]\n").unwrap_err().starts_with("Zeile 1: "));
        set_lang(Lang::It);
        assert_eq!(seat_label(Some(Level::Medium)), "Computer · medio");
        assert!(Seats::from_record("[Hints \"red\"]\n").unwrap_err().starts_with("riga 1: "));
        set_lang(Lang::En);
    }
}
