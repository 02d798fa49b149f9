//! Starting a game from a link: `?game=classic&players=red,yellow,purple&setup=basic&seed=42&names=Ann,Ben,Cleo`.

use crate::engine::{Colour, Setup, SetupKind};

/// A new game's options, from the start screen or a link.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StartOptions {
    /// Seating order.
    pub players: Vec<Colour>,
    /// Names in seating order.
    pub names: Vec<String>,
    /// Basic or variable.
    pub setup: SetupKind,
    /// Seed.
    pub seed: u64,
    /// Everyone's money shown.
    pub public_money: bool,
    /// The neutral colour of a 2-player game.
    pub neutral: Option<Colour>,
}

impl StartOptions {
    /// The engine setup.
    pub fn to_setup(&self) -> Setup {
        let mut s = Setup::new(self.players.clone(), self.setup, self.seed);
        s.public_money = self.public_money;
        s.neutral = match self.players.len() {
            2 => Some(self.neutral.unwrap_or_else(|| Colour::CLASSIC.into_iter().find(|c| !self.players.contains(c)).expect("a free colour"))),
            _ => None,
        };
        s
    }

    /// The link parameters that start this setup (the "share this setup" link).
    pub fn to_query(&self) -> String {
        let players: Vec<&str> = self.players.iter().map(|c| c.name()).collect();
        let mut q = format!("?game=classic&players={}&setup={}&seed={}", players.join(","), self.setup.name(), self.seed);
        if self.names.iter().zip(&self.players).any(|(n, c)| n != super::colour_label(*c)) {
            let names: Vec<String> = self.names.iter().map(|n| encode(n)).collect();
            q += &format!("&names={}", names.join(","));
        }
        if self.public_money {
            q += "&money=public";
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
                let hex = s.get(i + 1..i + 3).ok_or("a broken %-escape")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| "a broken %-escape")?);
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
    String::from_utf8(out).map_err(|_| "text that is not UTF-8".to_string())
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

const MAX_NAME: usize = 24;

/// Reads a link's query. A bad parameter gives a clear message (and the caller shows the start screen).
pub fn parse_link(query: &str) -> Result<LinkRequest, String> {
    let pairs = pairs(query).map_err(|e| format!("The link is damaged: {e}."))?;
    let get = |k: &str| pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
    if let Some(r) = get("record") {
        return Ok(LinkRequest::Replay(r.to_string()));
    }
    if get("game").is_none() && get("players").is_none() {
        return Ok(LinkRequest::None);
    }
    for (k, _) in &pairs {
        if !["game", "players", "setup", "seed", "names", "money"].contains(&k.as_str()) {
            return Err(format!("The link has an unknown parameter '{}'.", short(k)));
        }
    }
    match get("game") {
        Some("classic") | None => {}
        Some(g) => return Err(format!("The link asks for the game '{}'; this is Classic Löwenherz (game=classic).", short(g))),
    }
    let players_text = get("players").ok_or("The link names no players (players=red,yellow,purple).")?;
    let mut players = Vec::new();
    for p in players_text.split(',') {
        let c = Colour::parse(p.trim()).filter(|c| Colour::CLASSIC.contains(c)).ok_or_else(|| format!("The link names an unknown colour '{}' (red, yellow, purple, grey).", short(p)))?;
        if players.contains(&c) {
            return Err(format!("The link names {} twice.", c.name()));
        }
        players.push(c);
    }
    if !(2..=4).contains(&players.len()) {
        return Err("A game has 2 to 4 players.".into());
    }
    let setup = match get("setup") {
        Some("basic") => SetupKind::Basic,
        Some("variable") => SetupKind::Variable,
        None if players.len() == 2 => SetupKind::Variable,
        None => SetupKind::Basic,
        Some(s) => return Err(format!("The setup '{}' is not basic or variable.", short(s))),
    };
    if setup == SetupKind::Basic && players.len() == 2 {
        return Err("Two players always use the variable setup (setup=variable).".into());
    }
    let seed = match get("seed") {
        Some(s) => s.parse::<u64>().map_err(|_| format!("The seed '{}' is not a whole number.", short(s)))?,
        None => fresh_seed_placeholder(),
    };
    let names: Vec<String> = match get("names") {
        Some(n) => {
            let v: Vec<String> = n.split(',').map(|s| s.trim().to_string()).collect();
            if v.len() != players.len() {
                return Err(format!("The link gives {} names for {} players.", v.len(), players.len()));
            }
            if v.iter().any(|s| s.is_empty() || s.chars().count() > MAX_NAME || s.chars().any(char::is_control)) {
                return Err(format!("Names must be 1 to {MAX_NAME} characters."));
            }
            v
        }
        None => players.iter().map(|&c| super::colour_label(c).to_string()).collect(),
    };
    let public_money = match get("money") {
        None | Some("private") => false,
        Some("public") => true,
        Some(m) => return Err(format!("money is public or private, not '{}'.", short(m))),
    };
    Ok(LinkRequest::Start(StartOptions { players, names, setup, seed, public_money, neutral: None }))
}

/// Marks "no seed given": the UI replaces it with a fresh random seed.
pub const NO_SEED: u64 = u64::MAX;

fn fresh_seed_placeholder() -> u64 {
    NO_SEED
}

fn short(s: &str) -> String {
    let t: String = s.chars().filter(|c| !c.is_control()).take(30).collect();
    if s.chars().count() > 30 { format!("{t}…") } else { t }
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
        assert_eq!(o.seed, 42);
        assert_eq!(o.setup, SetupKind::Basic);
        assert_eq!(o.to_setup().neutral, None);
        assert_eq!(parse_link(&o.to_query()).unwrap(), LinkRequest::Start(o));
    }

    #[test]
    fn bad_links_are_refused_with_a_message() {
        for (q, needle) in [
            ("?game=chess&players=red,yellow", "chess"),
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
            setup: SetupKind::Variable,
            seed: 7,
            public_money: true,
            neutral: None,
        };
        let LinkRequest::Start(back) = parse_link(&o.to_query()).unwrap() else { panic!() };
        assert_eq!(back, o);
        assert_eq!(back.to_setup().neutral, Some(Colour::Yellow));
    }
}
