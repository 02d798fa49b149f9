//! The games played to their end on this device (issue 32): one entry per finished game —
//! edition, when it ended, the seats (name, colour, who played it, score, won) and its record —
//! and the statistics per name drawn from them. Pure: `ui::storage` keeps the entries (one
//! key per game, so two tabs never write over each other's), `ui::history` draws them.
//!
//! Only a game that is over becomes an entry ([`entry`]): a finished game has no secrets left
//! (every hand, bid and the deck's order are in its record anyway), so the history never holds
//! anything of a game still being played.
//!
//! The stored text carries a format marker and a version. [`parse_entry`] reads this version
//! (fields added later default when missing, so older texts of this version keep reading) and
//! names anything else in words: a newer version's entry or a damaged one is left as it is,
//! listed with its reason, and never dropped to make room.

use super::AnySession;
use crate::engine::notation::shown;
use crate::engine::{Colour, Edition};
use super::tree::{el, Node};
use crate::tr;
use serde::{Deserialize, Serialize};

/// Marker of our history entries.
pub const HISTORY_FORMAT: &str = "loewenherz-history";
/// History format version written by this build (1: the first, issue 32).
pub const HISTORY_VERSION: u32 = 1;
/// At most this many games are kept; beyond it the oldest go.
pub const MAX_GAMES: usize = 200;
/// The chart shows a name's last this many games.
pub const CHART_GAMES: usize = 20;

/// One finished game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Entry {
    /// Always [`HISTORY_FORMAT`].
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The game's save id (also in the storage key): a game is recorded once.
    pub id: String,
    /// `classic` or `new` (the record's `[Edition]` header).
    pub edition: String,
    /// When it ended (ms since 1970).
    pub ended: f64,
    /// The seats in seating order.
    pub seats: Vec<Seat>,
    /// The game record (shared/NOTATION.md), to replay or export.
    pub record: String,
}

/// One seat of a finished game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Seat {
    /// Its colour.
    pub colour: Colour,
    /// The name as stored with the game (an untyped name is its colour's English name).
    pub name: String,
    /// Who played it: `person`, `friend` (on their own device) or a computer's level.
    pub who: String,
    /// Final score.
    pub score: u32,
    /// Among the winners.
    #[serde(default)]
    pub won: bool,
}

impl Seat {
    /// The computer's level, for a computer's seat.
    pub fn level(&self) -> Option<crate::engine::ai::Level> {
        match self.who.as_str() {
            "person" | "friend" => None,
            w => crate::engine::ai::Level::parse(w),
        }
    }

    /// True for a seat a computer played.
    pub fn computer(&self) -> bool {
        self.level().is_some()
    }
}

impl Entry {
    /// The edition (always one: [`parse_entry`] refuses others).
    pub fn edition(&self) -> Edition {
        Edition::parse(&self.edition).unwrap_or(Edition::Classic)
    }

    /// The names of the winners, as shown.
    pub fn winners(&self) -> Vec<String> {
        self.seats.iter().filter(|s| s.won).map(|s| super::names::player_name(self.edition(), s.colour, &s.name)).collect()
    }
}

/// The history entry of a game, once it is over (`None` while it is played: nothing of an
/// unfinished game is kept).
pub fn entry(game: &AnySession, ended: f64) -> Option<Entry> {
    if !game.is_over() {
        return None;
    }
    let seats = crate::each!(game, s => {
        let winners = s.game.winners();
        s.players()
            .iter()
            .enumerate()
            .map(|(i, &c)| Seat {
                colour: c,
                name: s.names.get(i).cloned().unwrap_or_else(|| super::names::colour_label(c).to_string()),
                who: match s.seats.level(c) {
                    Some(l) => l.name().to_string(),
                    None if s.seats.elsewhere(c) => "friend".into(),
                    None => "person".into(),
                },
                score: s.game.score(c),
                won: winners.contains(&c),
            })
            .collect()
    });
    Some(Entry { format: HISTORY_FORMAT.into(), version: HISTORY_VERSION, id: game.id().to_string(), edition: game.edition().name().into(), ended, seats, record: game.record() })
}

/// The entry's head, read before its fields are checked.
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    version: Option<u32>,
}

/// Reads a stored entry: this version as it is; a clear message for anything else.
///
/// # Errors
/// What is wrong with it, in words (one line, the input's part of it shortened and escaped).
pub fn parse_entry(text: &str) -> Result<Entry, String> {
    let p: Probe = serde_json::from_str(text).map_err(|_| tr!(String HistoryNotJson))?;
    if p.format.as_deref() != Some(HISTORY_FORMAT) {
        return Err(tr!(String HistoryNotOurs));
    }
    let e: Entry = match p.version {
        Some(HISTORY_VERSION) => serde_json::from_str(text).map_err(|e| tr!(HistoryDamaged, detail = shown(&e.to_string())))?,
        Some(v) if v > HISTORY_VERSION => return Err(tr!(HistoryNewer, version = v)),
        Some(v) => return Err(tr!(HistoryUnknownFormat, version = v)),
        None => return Err(tr!(String HistoryNoVersion)),
    };
    let bad = |what: &str| Err(tr!(HistoryDamaged, detail = shown(what)));
    if Edition::parse(&e.edition).is_none() {
        return bad(&e.edition);
    }
    if !(2..=4).contains(&e.seats.len()) {
        return bad("seats");
    }
    Ok(e)
}

/// The text an entry is stored as.
pub fn write_entry(e: &Entry) -> String {
    serde_json::to_string(e).unwrap_or_default()
}

/// The order to drop stored games in when room is needed: the ones beyond [`MAX_GAMES`]
/// (counting `adding` more), then the rest, oldest first. `stored` holds the readable
/// entries (id, ended); unreadable ones are never dropped, nor is the game being added.
pub fn drop_order(stored: &[(String, f64)], adding: usize) -> (usize, Vec<String>) {
    let mut by_age: Vec<&(String, f64)> = stored.iter().collect();
    order(&mut by_age, |a, b| a.1 < b.1 || (a.1 == b.1 && a.0 < b.0));
    let over = (stored.len() + adding).saturating_sub(MAX_GAMES);
    (over, by_age.into_iter().map(|(id, _)| id.clone()).collect())
}

/// Games and wins.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Games won (a shared win counts).
    pub wins: u32,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.games += 1;
        self.wins += u32::from(won);
    }

    /// The win rate in whole percent.
    pub fn rate(&self) -> u32 {
        if self.games == 0 { 0 } else { (self.wins * 200 + self.games) / (self.games * 2) }
    }
}

/// One name's statistics.
#[derive(Clone, PartialEq, Debug)]
pub struct Stats {
    /// The name as stored (shown with [`super::names::player_name`] and `colour`).
    pub name: String,
    /// The colour of its latest game (to show an untyped name in words, and its emblem).
    pub colour: Colour,
    /// The edition of its latest game.
    pub edition: Edition,
    /// The computer's level, for a computer (the same name at another level is another row).
    pub level: Option<crate::engine::ai::Level>,
    /// All games.
    pub all: Tally,
    /// Per edition: Classic, then the New Edition (only those played).
    pub by_edition: Vec<(Edition, Tally)>,
    /// Per number of players, ascending (only those played).
    pub by_players: Vec<(usize, Tally)>,
    /// Best score.
    pub best: u32,
    /// Average score in tenths.
    pub average_tenths: u32,
    /// The last [`CHART_GAMES`] games, oldest first: score and whether won.
    pub recent: Vec<(u32, bool)>,
}

/// Statistics per name (people first, then computers; most games first, then by name) over
/// `entries` in any order.
pub fn stats(entries: &[Entry]) -> Vec<Stats> {
    let mut by_age: Vec<&Entry> = entries.iter().collect();
    order(&mut by_age, |a, b| a.ended < b.ended);
    let mut out: Vec<(Stats, u64)> = Vec::new();
    for e in by_age {
        let edition = e.edition();
        for s in &e.seats {
            let level = s.level();
            let i = match out.iter().position(|(t, _)| t.name == s.name && t.level == level) {
                Some(i) => i,
                None => {
                    out.push((Stats { name: s.name.clone(), colour: s.colour, edition, level, all: Tally::default(), by_edition: Vec::new(), by_players: Vec::new(), best: 0, average_tenths: 0, recent: Vec::new() }, 0));
                    out.len() - 1
                }
            };
            let (t, sum) = &mut out[i];
            t.colour = s.colour;
            t.edition = edition;
            t.all.add(s.won);
            tally(&mut t.by_edition, edition, s.won);
            tally(&mut t.by_players, e.seats.len(), s.won);
            t.best = t.best.max(s.score);
            *sum += u64::from(s.score);
            t.recent.push((s.score, s.won));
        }
    }
    let mut out: Vec<Stats> = out
        .into_iter()
        .map(|(mut t, sum)| {
            t.average_tenths = ((sum * 20 + u64::from(t.all.games)) / (u64::from(t.all.games) * 2)) as u32;
            order(&mut t.by_edition, |a, _| a.0 == Edition::Classic);
            order(&mut t.by_players, |a, b| a.0 < b.0);
            let cut = t.recent.len().saturating_sub(CHART_GAMES);
            t.recent.drain(..cut);
            t
        })
        .collect();
    order(&mut out, |a, b| (a.level.is_some(), u32::MAX - a.all.games, &a.name) < (b.level.is_some(), u32::MAX - b.all.games, &b.name));
    out
}

/// Sorts `v` so that no element comes after one it goes `before` (stable). An insertion sort:
/// the lists are short, and each `sort_by` of the standard library adds a whole sort to the
/// page's first load.
pub fn order<T>(v: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && before(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

fn tally<K: PartialEq>(rows: &mut Vec<(K, Tally)>, k: K, won: bool) {
    match rows.iter_mut().find(|(x, _)| *x == k) {
        Some((_, t)) => t.add(won),
        None => {
            let mut t = Tally::default();
            t.add(won);
            rows.push((k, t));
        }
    }
}

/// One bar of a name's chart of scores, in the chart's units (a box [`CHART_W`] × [`CHART_H`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Bar {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Height (at least 1, so that a score of 0 still shows).
    pub h: u32,
    /// The score.
    pub score: u32,
    /// Won that game.
    pub won: bool,
}

/// The chart's width: a slot of 10 per game, a bar 8 wide.
pub const CHART_W: u32 = 10 * CHART_GAMES as u32;
/// The chart's height.
pub const CHART_H: u32 = 40;

/// The bars of `recent` scores, left to right, the highest score reaching the top.
pub fn bars(recent: &[(u32, bool)]) -> Vec<Bar> {
    let top = recent.iter().map(|&(s, _)| s).max().unwrap_or(0).max(1);
    recent
        .iter()
        .enumerate()
        .map(|(i, &(score, won))| {
            let h = (score * CHART_H / top).max(1);
            Bar { x: i as u32 * 10 + 1, y: CHART_H - h, h, score, won }
        })
        .collect()
}

/// A kept game as listed: readable, or why not (its text is left as it is).
#[derive(Clone, PartialEq, Debug)]
pub enum Kept {
    /// A readable entry.
    Ok(Entry),
    /// One that can't be read: its id and why.
    Broken { id: String, reason: String },
}

impl Kept {
    /// The game's id.
    pub fn id(&self) -> &str {
        match self {
            Kept::Ok(e) => &e.id,
            Kept::Broken { id, .. } => id,
        }
    }
}

/// A tap on the "Your games" screen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GamesTap {
    /// Back to the start screen.
    Back,
    /// Step through this game's record.
    Replay(String),
    /// Download its record.
    Export(String),
    /// Delete it (Undo brings it back while the screen is open).
    Delete(String),
    /// Put a deleted game back.
    Undo(String),
    /// The word on games dropped for room was read.
    Seen,
}

/// A number in tenths as the language writes it ("25.3", "25,3").
fn tenths(t: u32) -> String {
    let sep = if crate::i18n::lang() == crate::i18n::Lang::En { '.' } else { ',' };
    format!("{}{sep}{}", t / 10, t % 10)
}

fn edition_name(e: Edition) -> &'static str {
    match e {
        Edition::Classic => tr!(ScreenClassic),
        Edition::New => tr!(ScreenNewEdition),
    }
}

/// Who played a seat, in words: nothing for a person at this device.
fn who_label(who: &str) -> Option<&'static str> {
    match who {
        "friend" => Some(tr!(ScreenSeatFriend)),
        w => crate::engine::ai::Level::parse(w).map(|l| super::seats::seat_label(Some(l))),
    }
}

fn tally_words(t: Tally) -> String {
    tr!(HistoryTally, games = t.games, wins = t.wins, rate = t.rate())
}

/// A game in one line ("Classic · Ann, Ben, Red · 27 Nov 2026, 10:02"), for the Undo line.
pub fn summary(e: &Entry, when: &str) -> String {
    let names: Vec<String> = e.seats.iter().map(|s| super::names::player_name(e.edition(), s.colour, &s.name)).collect();
    format!("{} · {} · {when}", edition_name(e.edition()), names.join(", "))
}

fn stat_card<A>(s: &Stats) -> Node<A> {
    let name = super::names::player_name(s.edition, s.colour, &s.name);
    let mut head = el("h3").kid(super::palette::emblem(s.colour)).text(format!(" {name}"));
    if let Some(l) = s.level {
        head = head.text(" ").kid(el("small").text(super::seats::seat_label(Some(l))));
    }
    let by = |parts: Vec<String>| el("p").class("by").kids(parts.into_iter().map(|p| el("span").text(p)));
    let chart = bars(&s.recent).into_iter().fold(
        el("svg").class("chart").attr("viewBox", format!("0 0 {CHART_W} {CHART_H}")).attr("preserveAspectRatio", "none").attr("role", "img").attr("aria-label", tr!(HistoryChart, n = s.recent.len())),
        |svg, b| {
            let label = if b.won { tr!(HistoryBarWon, score = b.score) } else { tr!(HistoryBar, score = b.score) };
            svg.kid(el("rect").class(if b.won { "won" } else { "" }).attr("x", b.x.to_string()).attr("y", b.y.to_string()).attr("width", "8").attr("height", b.h.to_string()).kid(el("title").text(label)))
        },
    );
    el("div")
        .class("stat")
        .attr("data-stat", s.name.clone())
        .kid(head)
        .kid(el("p").attr("data-tally", "").text(tally_words(s.all)))
        .kid(el("p").attr("data-scores", "").text(tr!(HistoryScores, best = s.best, average = tenths(s.average_tenths))))
        .kid(by(s.by_edition.iter().map(|&(e, t)| tr!(HistoryBy, what = edition_name(e), tally = tally_words(t))).collect()).attr("data-by-edition", ""))
        .kid(by(s.by_players.iter().map(|&(n, t)| tr!(HistoryBy, what = tr!(ScreenPlayerCount, n = n), tally = tally_words(t))).collect()).attr("data-by-players", ""))
        .kid(chart)
}

fn game_row(e: &Entry, when: &str) -> Node<GamesTap> {
    let button = |label: &str, data: &'static str, tap: GamesTap| el("button").attr("type", "button").attr(data, "").text(label).on(tap);
    let seats = e.seats.iter().map(|s| {
        el("li")
            .attr_if(s.won, "data-won", "")
            .kid(super::palette::emblem(s.colour))
            .text(format!(" {} ", super::names::player_name(e.edition(), s.colour, &s.name)))
            .kid_opt(who_label(&s.who).map(|w| el("small").text(w)))
            .kid(el("b").class("score").text(s.score.to_string()))
            .kid_opt(s.won.then(|| el("span").class("chip won").text(tr!(HistoryWon))))
    });
    el("div")
        .class("game-row")
        .attr("data-game", e.id.clone())
        .kid(el("p").kid(el("b").text(edition_name(e.edition()))).text(format!(" · {when}")))
        .kid(el("ul").class("seats").kids(seats))
        .kid(el("div").class("row").kid(button(tr!(HistoryReplay), "data-replay-game", GamesTap::Replay(e.id.clone()))).kid(button(tr!(HistoryExport), "data-export-game", GamesTap::Export(e.id.clone()))).kid(button(tr!(ScreenDelete), "data-delete-game", GamesTap::Delete(e.id.clone()))))
}

/// The "Your games" screen: the word on games dropped for room (`dropped`), a `notice`, the
/// statistics per name, then the games newest first (`kept` in that order; `when` says a
/// time in words), with a line to undo each game `deleted` (id, summary) meanwhile.
pub fn screen(kept: &[Kept], when: &dyn Fn(f64) -> String, deleted: &[(String, String)], dropped: u32, notice: Option<&str>) -> Vec<Node<GamesTap>> {
    let top = el("header").class("topbar").kid(el("h1").class("title").text(tr!(HistoryTitle))).kid(el("button").attr("type", "button").class("menu").attr("data-games-back", "").text(tr!(HistoryBack)).on(GamesTap::Back));
    let mut out = vec![top];
    if dropped > 0 {
        out.push(el("p").class("notice").attr("role", "status").attr("data-dropped", dropped.to_string()).text(tr!(HistoryDropped, n = dropped)).text(" ").kid(el("button").attr("type", "button").attr("data-dropped-seen", "").text(tr!(HistoryDroppedOk)).on(GamesTap::Seen)));
    }
    if let Some(n) = notice {
        out.push(el("p").class("notice").attr("role", "alert").text(n));
    }
    let entries: Vec<Entry> = kept.iter().filter_map(|k| if let Kept::Ok(e) = k { Some(e.clone()) } else { None }).collect();
    let st = stats(&entries);
    if !st.is_empty() {
        out.push(el("section").class("panel stats").attr("data-stats", "").kid(el("h2").text(tr!(HistoryStats))).kids(st.iter().map(stat_card)));
    }
    let mut list = el("section").class("panel kept").attr("data-kept", kept.len().to_string()).kid(el("h2").text(tr!(HistoryList)));
    list = if kept.is_empty() { list.kid(el("p").text(tr!(HistoryEmpty))) } else { list.kid(el("p").class("hint").text(tr!(HistoryKept, n = entries.len()))) };
    for k in kept {
        list = list.kid(match k {
            Kept::Ok(e) => game_row(e, &when(e.ended)),
            Kept::Broken { id, reason } => el("div").class("game-row broken").attr("data-game", id.clone()).kid(el("p").text(tr!(HistoryBroken, why = reason))).kid(el("button").attr("type", "button").attr("data-delete-game", "").text(tr!(ScreenDelete)).on(GamesTap::Delete(id.clone()))),
        });
    }
    for (id, summary) in deleted {
        list = list.kid(el("div").class("game-row deleted").attr("role", "status").kid(el("span").text(tr!(ScreenDeleted, summary = summary))).text(" ").kid(el("button").attr("type", "button").attr("data-undo-game", id.clone()).text(tr!(ScreenUndo)).on(GamesTap::Undo(id.clone()))));
    }
    out.push(list);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::seats::Seats;
    use crate::app::session::Session;
    use crate::engine::ai::{play_game, Level};
    use crate::engine::{classic, newed};

    fn seat(name: &str, who: &str, score: u32, won: bool) -> Seat {
        Seat { colour: Colour::Red, name: name.into(), who: who.into(), score, won }
    }

    fn game(id: &str, edition: &str, ended: f64, seats: Vec<Seat>) -> Entry {
        Entry { format: HISTORY_FORMAT.into(), version: HISTORY_VERSION, id: id.into(), edition: edition.into(), ended, seats, record: String::new() }
    }

    /// A finished Classic game of random computers, reopened as a session with its seats.
    fn finished_classic(seats: Seats) -> AnySession {
        let players = vec![Colour::Red, Colour::Yellow, Colour::Purple];
        let bots: Vec<(Colour, Level)> = players.iter().map(|&c| (c, Level::Random)).collect();
        let setup = classic::setup::Setup::new(players, classic::SetupKind::Basic, 11);
        let (g, _) = classic::game::Game::new(&setup).unwrap();
        let (_, moves, _) = play_game(g, &bots, 11.into(), || 0.0).unwrap();
        let record = classic::record::write_record(&setup, &["Ann".into(), "Ben".into(), "Red".into()], &moves);
        AnySession::Classic(Session::from_record("g1".into(), &record).unwrap().with_seats(seats))
    }

    #[test]
    fn a_finished_game_becomes_an_entry_with_its_seats_scores_and_winners() {
        let seats = Seats { bots: vec![(Colour::Purple, Level::Hard)], remote: vec![(Colour::Yellow, false)], ..Seats::default() };
        let s = finished_classic(seats);
        let e = entry(&s, 5.0).expect("the game is over");
        assert_eq!((e.id.as_str(), e.edition.as_str(), e.ended), ("g1", "classic", 5.0));
        let who: Vec<(&str, &str)> = e.seats.iter().map(|s| (s.name.as_str(), s.who.as_str())).collect();
        assert_eq!(who, [("Ann", "person"), ("Ben", "friend"), ("Red", "hard")]);
        let AnySession::Classic(c) = &s else { unreachable!() };
        for st in &e.seats {
            assert_eq!(st.score, c.game.score(st.colour));
            assert_eq!(st.won, c.game.winners().contains(&st.colour));
        }
        assert!(e.seats.iter().any(|s| s.won));
        assert_eq!(e.record, s.record());
        assert!(e.record.contains("[Bots \"purple:hard\"]"));
        // It reads back as it was written.
        assert_eq!(parse_entry(&write_entry(&e)).unwrap(), e);
    }

    #[test]
    fn a_game_still_played_is_never_an_entry() {
        let setup = newed::Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42);
        let s = AnySession::New(Session::new("t".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap());
        assert_eq!(entry(&s, 1.0), None);
        // Nor the same game one move before its end.
        let AnySession::Classic(done) = finished_classic(Seats::default()) else { unreachable!() };
        let before = Session::<classic::game::Game>::replayed("g1".into(), done.setup.clone(), done.names.clone(), &done.moves[..done.moves.len() - 1]).unwrap();
        assert!(entry(&AnySession::Classic(before), 1.0).is_none());
    }

    #[test]
    fn stats_count_games_wins_editions_player_counts_best_and_average() {
        let entries = vec![
            game("g3", "new", 3.0, vec![seat("Ann", "person", 30, false), seat("Ben", "person", 41, true), seat("Red", "hard", 12, false)]),
            game("g1", "classic", 1.0, vec![seat("Ann", "person", 20, true), seat("Ben", "friend", 10, false)]),
            game("g2", "classic", 2.0, vec![seat("Ann", "person", 25, true), seat("Ben", "person", 25, true), seat("Red", "easy", 3, false)]),
        ];
        let st = stats(&entries);
        let names: Vec<(&str, Option<Level>)> = st.iter().map(|s| (s.name.as_str(), s.level)).collect();
        assert_eq!(names, [("Ann", None), ("Ben", None), ("Red", Some(Level::Easy)), ("Red", Some(Level::Hard))], "people first, a computer per level");
        let ann = &st[0];
        assert_eq!(ann.all, Tally { games: 3, wins: 2 });
        assert_eq!(ann.all.rate(), 67);
        assert_eq!(ann.by_edition, [(Edition::Classic, Tally { games: 2, wins: 2 }), (Edition::New, Tally { games: 1, wins: 0 })]);
        assert_eq!(ann.by_players, [(2, Tally { games: 1, wins: 1 }), (3, Tally { games: 2, wins: 1 })]);
        assert_eq!((ann.best, ann.average_tenths), (30, 250));
        assert_eq!(ann.recent, [(20, true), (25, true), (30, false)], "oldest first");
        assert_eq!(ann.edition, Edition::New, "as in the latest game");
        // A friend on their own device and the same person at this device are one name; a shared win counts.
        let ben = &st[1];
        assert_eq!((ben.all, ben.best, ben.average_tenths), (Tally { games: 3, wins: 2 }, 41, 253));
        assert_eq!(st[2].all.rate(), 0);
        assert!(stats(&[]).is_empty());
    }

    #[test]
    fn the_chart_shows_the_last_games_scaled_to_the_best() {
        let entries: Vec<Entry> = (0..25).map(|i| game(&format!("g{i}"), "classic", i as f64, vec![seat("Ann", "person", i, i % 2 == 0), seat("Ben", "person", 0, false)])).collect();
        let st = stats(&entries);
        assert_eq!(st[0].recent.len(), CHART_GAMES);
        assert_eq!(st[0].recent[0], (5, false), "the 20 latest games");
        let b = bars(&st[0].recent);
        assert_eq!(b.len(), 20);
        assert_eq!((b[19].y, b[19].h, b[19].score, b[19].won), (0, CHART_H, 24, true));
        assert_eq!(b[0].h, 5 * CHART_H / 24);
        assert!(b.windows(2).all(|w| w[1].x >= w[0].x + 9), "bars apart, left to right");
        assert!(b[19].x + 8 <= CHART_W);
        // Ben scored 0 every time: his bars still show.
        assert!(bars(&st[1].recent).iter().all(|b| b.h == 1 && b.y == CHART_H - 1));
    }

    #[test]
    fn the_oldest_games_go_first_and_only_beyond_the_limit() {
        let stored: Vec<(String, f64)> = vec![("b".into(), 2.0), ("a".into(), 1.0), ("c".into(), 3.0)];
        assert_eq!(drop_order(&stored, 1), (0, vec!["a".to_string(), "b".into(), "c".into()]));
        let many: Vec<(String, f64)> = (0..MAX_GAMES).rev().map(|i| (format!("g{i:03}"), i as f64)).collect();
        let (over, order) = drop_order(&many, 1);
        assert_eq!(over, 1, "room for the new game");
        assert_eq!(order[0], "g000");
        assert_eq!(drop_order(&many, 0).0, 0);
    }

    #[test]
    fn entries_of_other_versions_and_damaged_ones_are_named() {
        let e = game("g1", "classic", 1.0, vec![seat("Ann", "person", 3, true), seat("Ben", "person", 2, false)]);
        let text = write_entry(&e);
        assert!(parse_entry("{oops").unwrap_err().contains("damaged"));
        assert!(parse_entry(r#"{"format":"loewenherz-save","version":2}"#).unwrap_err().contains("not a game Löwenherz kept"));
        assert!(parse_entry(&text.replace("\"version\":1", "\"version\":7")).unwrap_err().contains("newer"));
        assert!(parse_entry(&text.replace("\"version\":1", "\"version\":0")).unwrap_err().contains("not one any version"));
        assert!(parse_entry(&text.replace("\"version\":1,", "")).unwrap_err().contains("no format version"));
        assert!(parse_entry(&text.replace("classic", "chess")).unwrap_err().contains("chess"));
        let long = text.replace("\"Ann\"", &format!("{}\u{1b}[2J", "9".repeat(50_000)));
        let err = parse_entry(&long).unwrap_err();
        assert!(err.len() < 140 && !err.contains('\u{1b}'), "{err}");
        // Fields this version may add later are missing from older texts of it: `won` defaults.
        let old = text.replace(",\"won\":true", "").replace(",\"won\":false", "");
        assert!(parse_entry(&old).unwrap().seats.iter().all(|s| !s.won));
    }

    #[test]
    fn a_bad_entry_is_explained_in_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        set_lang(Lang::De);
        assert!(parse_entry("{oops").unwrap_err().contains("beschädigt"));
        set_lang(Lang::It);
        assert!(parse_entry(r#"{"format":"loewenherz-history","version":9}"#).unwrap_err().contains("più recente"));
        set_lang(Lang::En);
    }

    #[test]
    fn the_screen_lists_games_newest_first_with_stats_and_undo_lines() {
        let mut g1 = game("g1", "classic", 1.0, vec![seat("Ann", "person", 20, true), seat("Ben", "friend", 10, false)]);
        g1.seats[1].colour = Colour::Yellow;
        let mut g2 = game("g2", "new", 2.0, vec![seat("Ann", "person", 5, false), seat("Blue", "hard", 9, true)]);
        g2.seats[1].colour = Colour::Blue;
        let kept = vec![Kept::Ok(g2.clone()), Kept::Broken { id: "g0".into(), reason: "it is damaged (x)".into() }, Kept::Ok(g1.clone())];
        let when = |t: f64| format!("day {t}");
        let nodes = screen(&kept, &when, &[("g9".into(), "Classic · Cleo".into())], 0, None);
        let all = el::<GamesTap>("div").kids(nodes.clone());
        let rows: Vec<&str> = all.find_all("data-game", "").iter().map(|n| n.get("data-game").unwrap()).collect();
        assert_eq!(rows, ["g2", "g0", "g1"], "in the order kept");
        let text = all.text_content();
        assert!(text.contains("New Edition · day 2") && text.contains("Friend · own device") && text.contains("Computer · hard"), "{text}");
        assert!(text.contains("A kept game can't be read: it is damaged (x). It is left as it is."));
        assert!(text.contains("Deleted: Classic · Cleo."));
        assert!(text.contains("2 games kept on this device"));
        assert_eq!(all.find_all("data-won", "").len(), 2);
        let stats: Vec<&str> = all.find_all("data-stat", "").iter().map(|n| n.get("data-stat").unwrap()).collect();
        assert_eq!(stats, ["Ann", "Ben", "Blue"]);
        let ann = all.find_all("data-stat", "Ann")[0];
        assert_eq!(ann.find_all("data-tally", "")[0].text_content(), "2 games · 1 win · 50 %");
        assert_eq!(ann.find_all("data-scores", "")[0].text_content(), "best 20 · average 12.5");
        assert_eq!(ann.find_all("data-by-edition", "")[0].text_content(), "Classic: 1 game · 1 win · 100 %New Edition: 1 game · 0 wins · 0 %");
        assert_eq!(ann.find_all("data-by-players", "")[0].text_content(), "2 players: 2 games · 1 win · 50 %");
        assert_eq!(ann.find_all("class", "won").len(), 1, "one bar of a game won");
        // Each button does what it says for its game.
        let acts: Vec<GamesTap> = all.find_all("data-replay-game", "").iter().chain(all.find_all("data-undo-game", "").iter()).filter_map(|n| n.action().cloned()).collect();
        assert_eq!(acts, [GamesTap::Replay("g2".into()), GamesTap::Replay("g1".into()), GamesTap::Undo("g9".into())]);
        assert_eq!(all.find_all("data-delete-game", "").len(), 3, "a broken game can be deleted too");
        assert!(all.find_all("data-dropped", "").is_empty());
        // Games dropped for room get a word until it is read.
        let nodes = screen(&[], &when, &[], 3, None);
        let all = el::<GamesTap>("div").kids(nodes);
        assert_eq!(all.find_all("data-dropped", "3")[0].text_content(), "Storage ran short: the 3 oldest games were dropped from your games. OK");
        assert!(all.text_content().contains("No game has been played to its end"));
        assert!(all.find_all("data-stats", "").is_empty());
        // An untyped name is its colour, in the page's language.
        assert_eq!(summary(&g2, "x"), "New Edition · Ann, Blue · x");
        crate::i18n::tests::install_all();
        crate::i18n::set_lang(crate::i18n::Lang::De);
        assert_eq!(summary(&g2, "x"), "Neuauflage · Ann, Blau · x");
        assert_eq!(tenths(125), "12,5");
        crate::i18n::set_lang(crate::i18n::Lang::En);
    }
}
