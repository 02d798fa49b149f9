//! Starting a game from a link: `?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo`
//! or `?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo`.

use crate::engine::{newed, Colour, Edition, Seed};

use crate::engine::classic::{Setup, SetupKind};
use crate::tr;

/// A new game's options, from the start screen or a link.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StartOptions {
    /// Which rules.
    pub edition: Edition,
    /// Seating order.
    pub players: Vec<Colour>,
    /// Names in seating order.
    pub names: Vec<String>,
    /// Basic or variable.
    pub setup: SetupKind,
    /// Seed (`None`: the caller picks a random one before starting).
    pub seed: Option<Seed>,
    /// Everyone's money shown.
    pub public_money: bool,
    /// The neutral colour of a 2-player game.
    pub neutral: Option<Colour>,
    /// Computer seats, and whether people may ask for hints.
    pub seats: super::seats::Seats,
    /// How fast computers' moves appear (`normal`, `fast`, `instant`): the viewer's choice,
    /// not part of the setup.
    pub pace: Option<String>,
}

impl StartOptions {
    /// The colours of the edition's pieces.
    pub fn palette(edition: Edition) -> [Colour; 4] {
        match edition {
            Edition::Classic => Colour::CLASSIC,
            Edition::New => Colour::NEW_EDITION,
        }
    }

    /// The neutral colour of a 2-player game: the one chosen, else the first free one of the
    /// edition's colours (Classic red, yellow, purple, grey; New Edition red, blue, orange, yellow).
    pub fn neutral_colour(&self) -> Option<Colour> {
        match self.players.len() {
            2 => self.neutral.or_else(|| Self::palette(self.edition).into_iter().find(|c| !self.players.contains(c))),
            _ => None,
        }
    }

    /// The Classic engine setup.
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::new(self.players.clone(), self.setup, 0);
        s.seed = self.seed.unwrap_or_default();
        s.public_money = self.public_money;
        s.neutral = self.neutral_colour();
        s
    }

    /// The New Edition engine setup.
    pub fn to_new_setup(&self) -> newed::Setup {
        let mut s = newed::Setup::new(self.players.clone(), 0);
        s.seed = self.seed.unwrap_or_default();
        s.private_money = !self.public_money;
        s.neutral = self.neutral_colour();
        s
    }

    /// The "share this setup" link's parameters for a game `over` or not, and whether they deal
    /// anew: a drawn (long) seed is the deal, so until the game is over the link starts the same
    /// seats with a new one; a seed people typed or linked is theirs to share.
    pub fn to_shared_query(&self, over: bool) -> (String, bool) {
        if !over && matches!(self.seed, Some(Seed::Long(_))) {
            (StartOptions { seed: None, ..self.clone() }.to_query(), true)
        } else {
            (self.to_query(), false)
        }
    }

    /// The link parameters that start this setup (the "share this setup" link).
    pub fn to_query(&self) -> String {
        let players: Vec<&str> = self.players.iter().map(|c| c.name()).collect();
        let mut q = match self.edition {
            Edition::Classic => format!("?game=classic&players={}&setup={}", players.join(","), self.setup.name()),
            Edition::New => format!("?game=new&players={}", players.join(",")),
        };
        if let Some(seed) = self.seed {
            q += &format!("&seed={seed}");
        }
        if self.names.iter().zip(&self.players).any(|(n, c)| n != super::names::colour_label(*c)) {
            let names: Vec<String> = self.names.iter().map(|n| encode(n)).collect();
            q += &format!("&names={}", names.join(","));
        }
        match (self.edition, self.public_money) {
            (Edition::Classic, true) => q += "&money=public",
            (Edition::New, false) => q += "&money=private",
            _ => {}
        }
        if let Some(n) = self.neutral {
            q += &format!("&neutral={}", n.name());
        }
        if !self.seats.bots.is_empty() {
            let bots: Vec<String> = self.seats.bots.iter().map(|(c, l)| format!("{c}:{}", l.name())).collect();
            q += &format!("&bots={}", bots.join(","));
        }
        if self.seats.hints.is_some() {
            q += "&hints=on";
        }
        q
    }
}

/// Percent-encodes a name for a query string.
pub fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out += &format!("%{b:02X}");
        }
    }
    out
}

/// Decodes percent-encoding (and `+` as space).
pub fn decode(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3).ok_or_else(|| tr!(String AppLinkBrokenEscape))?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| tr!(String AppLinkBrokenEscape))?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| tr!(String AppLinkNotUtf8))
}

/// Splits a query string (with or without `?`) into decoded pairs.
pub fn pairs(query: &str) -> Result<Vec<(String, String)>, String> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            Ok((decode(k)?, decode(v)?))
        })
        .collect()
}

/// What a link asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LinkRequest {
    /// No game parameters: the normal start screen.
    None,
    /// Start a new game.
    Start(StartOptions),
    /// Show a shared record as a replay (the `record` parameter, still encoded).
    Replay(String),
}

pub const MAX_NAME: usize = 24;

/// The language a link asks for (`lang=de`), if it names one the game speaks.
pub fn link_lang(query: &str) -> Option<crate::i18n::Lang> {
    pairs(query).ok()?.into_iter().find(|(k, _)| k == "lang").and_then(|(_, v)| crate::i18n::Lang::parse(&v))
}

/// Reads a link's query. A bad parameter gives a clear message (and the caller shows the start screen).
pub fn parse_link(query: &str) -> Result<LinkRequest, String> {
    let pairs = pairs(query).map_err(|e| tr!(AppLinkDamaged, reason = e))?;
    let get = |k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
    if let Some(r) = get("record") {
        return Ok(LinkRequest::Replay(r.to_string()));
    }
    if get("game").is_none() && get("players").is_none() {
        return Ok(LinkRequest::None);
    }
    for (k, _) in &pairs {
        if !["game", "players", "setup", "seed", "names", "money", "neutral", "bots", "hints", "pace", "lang"].contains(&k.as_str()) {
            return Err(tr!(AppLinkUnknownParameter, name = short(k)));
        }
    }
    let edition = match get("game") {
        Some("classic") | None => Edition::Classic,
        Some("new") => Edition::New,
        Some(g) => return Err(tr!(AppLinkUnknownGame, game = short(g))),
    };
    let palette = StartOptions::palette(edition);
    let colour_list = palette.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ");
    let colour = |p: &str| Colour::parse(p.trim()).filter(|c| palette.contains(c)).ok_or_else(|| tr!(AppLinkUnknownColour, colour = short(p), colours = colour_list));
    let players_text = get("players").ok_or_else(|| tr!(String AppLinkNoPlayers))?;
    let mut players = Vec::new();
    for p in players_text.split(',') {
        let c = colour(p)?;
        if players.contains(&c) {
            return Err(tr!(AppLinkColourTwice, colour = c.name()));
        }
        players.push(c);
    }
    if !(2..=4).contains(&players.len()) {
        return Err(tr!(String AppLinkPlayerCount));
    }
    let setup = match (edition, get("setup")) {
        (Edition::New, None | Some("variable")) => SetupKind::Variable,
        (Edition::New, Some(s)) => return Err(tr!(AppLinkNewSetup, setup = short(s))),
        (_, Some("basic")) => SetupKind::Basic,
        (_, Some("variable")) => SetupKind::Variable,
        (_, None) if players.len() == 2 => SetupKind::Variable,
        (_, None) => SetupKind::Basic,
        (_, Some(s)) => return Err(tr!(AppLinkBadSetup, setup = short(s))),
    };
    if setup == SetupKind::Basic && players.len() == 2 {
        return Err(tr!(String AppLinkTwoVariable));
    }
    let seed = match get("seed") {
        Some(s) => Some(Seed::parse(s).ok_or_else(|| tr!(AppLinkBadSeed, seed = short(s), max = u64::MAX))?),
        None => None,
    };
    let names: Vec<String> = match get("names") {
        Some(n) => {
            let v: Vec<String> = n.split(',').map(|s| s.trim().to_string()).collect();
            if v.len() != players.len() {
                return Err(tr!(AppLinkNameCount, names = v.len(), players = players.len()));
            }
            if v.iter().any(|s| s.is_empty() || s.chars().count() > MAX_NAME || s.chars().any(char::is_control)) {
                return Err(tr!(AppLinkNameLength, max = MAX_NAME));
            }
            v
        }
        None => players.iter().map(|&c| super::names::colour_label(c).to_string()).collect(),
    };
    // Classic money is private unless public; the New Edition's public unless private (R-N7).
    let public_money = match get("money") {
        None => edition == Edition::New,
        Some("private") => false,
        Some("public") => true,
        Some(m) => return Err(tr!(AppLinkBadMoney, money = short(m))),
    };
    let neutral = match get("neutral") {
        None => None,
        Some(_) if players.len() != 2 => return Err(tr!(String AppLinkNeutralTwoOnly)),
        Some(n) => {
            let c = colour(n)?;
            if players.contains(&c) {
                return Err(tr!(AppLinkNeutralIsPlayer, colour = c.name()));
            }
            Some(c)
        }
    };
    let mut seats = super::seats::Seats::default();
    if let Some(b) = get("bots") {
        seats.bots = crate::engine::ai::parse_bots(b).map_err(|e| tr!(AppLinkBadBots, reason = super::words::record_reason(Some(edition), &e)))?;
        for &(c, l) in &seats.bots {
            if !players.contains(&c) {
                return Err(tr!(AppLinkBotNotPlaying, colour = c.name()));
            }
            if l == crate::engine::ai::Level::Random {
                return Err(tr!(String AppLinkBotLevels));
            }
        }
    }
    match get("hints") {
        None | Some("off") => {}
        Some("on") => seats.hints = Some(Default::default()),
        Some(h) => return Err(tr!(AppLinkBadHints, hints = short(h))),
    }
    let pace = match get("pace") {
        None => None,
        Some(p @ ("normal" | "fast" | "instant")) => Some(p.to_string()),
        Some(p) => return Err(tr!(AppLinkBadPace, pace = short(p))),
    };
    Ok(LinkRequest::Start(StartOptions { edition, players, names, setup, seed, public_money, neutral, seats, pace }))
}

/// Link input echoed in a message: escaped (control, bidi and line-separator characters) and shortened.
fn short(s: &str) -> String {
    crate::engine::notation::shown(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_link_starts_a_three_player_basic_game() {
        let r = parse_link("?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo").unwrap();
        let LinkRequest::Start(o) = r else { panic!("not a start") };
        assert_eq!(o.players, vec![Colour::Red, Colour::Yellow, Colour::Purple]);
        assert_eq!(o.names, vec!["Ann", "Ben", "Cleo"]);
        assert_eq!(o.seed, Some(Seed::Short(42)));
        assert_eq!(o.edition, Edition::Classic);
        assert_eq!(o.setup, SetupKind::Basic);
        assert_eq!(o.to_setup().neutral, None);
        assert_eq!(parse_link(&o.to_query()).unwrap(), LinkRequest::Start(o));
    }

    #[test]
    fn bad_links_are_refused_with_a_message() {
        for (q, needle) in [
            ("?game=chess&players=red,yellow", "chess"),
            ("?game=new&players=red,purple,blue", "purple"),
            ("?game=new&players=red,blue,orange&setup=basic", "variable"),
            ("?game=new&players=red,blue&neutral=blue", "player's colour"),
            ("?game=new&players=red,blue,orange&neutral=yellow", "2-player"),
            ("?game=new&players=red,blue&neutral=grey", "grey"),
            ("?players=red,yellow,purple&seed=18446744073709551616", "seed"),
            ("?players=red,blue", "blue"),
            ("?players=red", "2 to 4"),
            ("?players=red,yellow&setup=basic", "variable"),
            ("?players=red,yellow,red", "twice"),
            ("?players=red,yellow,purple&seed=-1", "seed"),
            ("?players=red,yellow,purple&names=A,B", "3 players"),
            ("?players=red,yellow,purple&evil=%3Cscript%3E", "unknown parameter"),
            ("?players=red,yellow,purple&names=%FF,B,C", "UTF-8"),
            ("?players=red,yellow,purple&seed=%", "damaged"),
        ] {
            let e = parse_link(q).unwrap_err();
            assert!(e.contains(needle), "{q}: {e}");
        }
        assert_eq!(parse_link("").unwrap(), LinkRequest::None);
        assert_eq!(parse_link("?utm=x").unwrap(), LinkRequest::None);
    }

    #[test]
    fn names_with_spaces_and_umlauts_survive_a_share_link() {
        let o = StartOptions {
            players: vec![Colour::Red, Colour::Grey],
            names: vec!["Jürgen M.".into(), "Zoë & Co".into()],
            edition: Edition::Classic,
            setup: SetupKind::Variable,
            seed: Some(Seed::Short(7)),
            public_money: true,
            neutral: None,
            seats: Default::default(),
            pace: None,
        };
        let LinkRequest::Start(back) = parse_link(&o.to_query()).unwrap() else { panic!() };
        assert_eq!(back, o);
        assert_eq!(back.to_setup().neutral, Some(Colour::Yellow));
    }

    #[test]
    fn a_shared_setup_keeps_a_drawn_seed_out_until_the_game_is_over() {
        let LinkRequest::Start(mut o) = parse_link("?game=classic&players=red,yellow,purple&seed=42").unwrap() else { panic!() };
        assert_eq!(o.to_shared_query(false), (o.to_query(), false), "a linked seed is the people's to share");
        o.seed = Some(Seed::fresh([7; crate::engine::seed::FRESH_BYTES]));
        let (mid, anew) = o.to_shared_query(false);
        assert!(anew && !mid.contains("seed="), "{mid}");
        assert_eq!(o.to_shared_query(true), (o.to_query(), false), "over: the deal may be shown");
        assert!(o.to_query().contains(&format!("seed={}", o.seed.unwrap())));
    }

    #[test]
    fn the_largest_seed_is_a_seed_not_a_request_for_a_random_one() {
        let LinkRequest::Start(o) = parse_link("?game=classic&players=red,yellow,purple&seed=18446744073709551615").unwrap() else { panic!() };
        assert_eq!(o.seed, Some(Seed::Short(u64::MAX)));
        assert_eq!(o.to_setup().seed, Seed::Short(u64::MAX));
        let LinkRequest::Start(o) = parse_link("?game=classic&players=red,yellow,purple").unwrap() else { panic!() };
        assert_eq!(o.seed, None, "no seed given: the caller picks one");
    }

    #[test]
    fn the_documented_new_edition_link_starts_a_new_edition_game() {
        let LinkRequest::Start(o) = parse_link("?game=new&players=red,blue,orange&seed=42&names=Ann,Ben,Cleo").unwrap() else { panic!() };
        assert_eq!(o.edition, Edition::New);
        assert!(o.public_money, "R-N7: New Edition money is public unless the link says private");
        let s = o.to_new_setup();
        assert_eq!((s.players.clone(), s.seed, s.private_money, s.neutral), (vec![Colour::Red, Colour::Blue, Colour::Orange], Seed::Short(42), false, None));
        assert_eq!(parse_link(&o.to_query()).unwrap(), LinkRequest::Start(o));
        let LinkRequest::Start(p) = parse_link("?game=new&players=red,blue,orange&money=private").unwrap() else { panic!() };
        assert!(p.to_new_setup().private_money);
        assert_eq!(parse_link(&p.to_query()).unwrap(), LinkRequest::Start(p));
        // Two players: the neutral colour is the first free one of red, blue, orange, yellow.
        let LinkRequest::Start(two) = parse_link("?game=new&players=red,blue").unwrap() else { panic!() };
        assert_eq!(two.to_new_setup().neutral, Some(Colour::Orange));
        let LinkRequest::Start(two) = parse_link("?game=new&players=orange,red&neutral=yellow").unwrap() else { panic!() };
        assert_eq!(two.to_new_setup().neutral, Some(Colour::Yellow));
        assert_eq!(parse_link(&two.to_query()).unwrap(), LinkRequest::Start(two.clone()));
        assert!(newed::Game::new(&two.to_new_setup()).is_ok());
    }

    #[test]
    fn computer_seats_and_hints_travel_in_the_link() {
        let LinkRequest::Start(o) = parse_link("?game=classic&players=red,yellow,purple&bots=yellow:hard,purple:easy&hints=on&pace=instant").unwrap() else { panic!() };
        assert_eq!(o.seats.bots, vec![(Colour::Yellow, crate::engine::ai::Level::Hard), (Colour::Purple, crate::engine::ai::Level::Easy)]);
        assert!(o.seats.hints.is_some());
        assert_eq!(o.pace.as_deref(), Some("instant"));
        let LinkRequest::Start(back) = parse_link(&o.to_query()).unwrap() else { panic!() };
        assert_eq!(back.seats, o.seats, "share this setup keeps the computers");
        for (q, needle) in [
            ("?game=classic&players=red,yellow&bots=purple:hard", "purple, who is not playing"),
            ("?game=classic&players=red,yellow&bots=yellow:genius", "unknown level"),
            ("?game=classic&players=red,yellow&bots=yellow:random", "easy, medium or hard"),
            ("?game=classic&players=red,yellow&pace=warp", "pace"),
        ] {
            let e = parse_link(q).unwrap_err();
            assert!(e.contains(needle), "{q}: {e}");
        }
    }

    #[test]
    fn a_bad_link_is_explained_in_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        assert_eq!(parse_link("?players=red").unwrap_err(), "Ein Spiel hat 2 bis 4 Spieler.");
        assert_eq!(parse_link("?players=red,yellow,red").unwrap_err(), "Der Link nennt red zweimal.");
        assert_eq!(parse_link("?players=red,yellow,purple&seed=%").unwrap_err(), "Der Link ist beschädigt: eine fehlerhafte %-Kodierung.");
        set_lang(Lang::It);
        assert_eq!(parse_link("?players=red,yellow,purple&names=A,B").unwrap_err(), "Il link indica un numero di nomi (2) diverso da quello dei giocatori (3).");
        assert!(parse_link("?players=red,yellow&pace=warp").unwrap_err().contains("“warp”"));
        set_lang(Lang::En);
        assert_eq!(parse_link("?players=red,yellow,purple&names=A,B").unwrap_err(), "The link gives 2 names for 3 players.");
    }
}
