//! The read-only panels around the board, as trees built from a table (both editions share
//! these; `classic.rs` and `newed.rs` hold each edition's own): the log, "since your turn", the
//! score strip, the public notes under a score track, the end screen's table and plot.
//! Each panel that can be tapped carries its own action type.

pub mod classic;
pub mod newed;
pub mod plot;

use super::log::LogLine;
use super::said::Names;
use super::palette::{colour_fill, emblem};
use super::table::End;
use super::tree::{el, Node};
use crate::engine::{Colour, Edition, Space};
use crate::tr;

/// A tap on a log line: show its spaces on the board (again: hide them).
#[derive(Clone, PartialEq, Debug)]
pub struct ShowSpaces(pub Vec<Space>);

/// The log, newest first.
pub fn log(lines: &[LogLine], names: &Names) -> Vec<Node<ShowSpaces>> {
    vec![
        el("h2").text(tr!(PanelGameLog)),
        // Announced as it grows (role log); the list scrolls, so it can take focus.
        el("div").attr("role", "log").attr("aria-label", tr!(PanelGameLog)).kid(el("ol").class("log-lines").attr("tabindex", "0").attr("aria-label", tr!(PanelGameLogList)).kids(lines.iter().rev().take(60).map(|l| {
            let spaces = l.said.spaces();
            let words = spaces.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
            let li = el("li").attr("style", l.colour.map(|c| format!("border-left-color:{}", colour_fill(c))).unwrap_or_default()).kid_opt(l.colour.map(emblem)).text(names.say(&l.said));
            if spaces.is_empty() { li } else { li.attr("data-spaces", words).on(ShowSpaces(spaces)) }
        }))),
    ]
}

/// "Since your turn": the log lines of what the others did while the holder didn't hold the
/// device (the board marks the new borders and pieces too), until the holder acts.
pub fn since(lines: &[LogLine], from: Option<usize>, names: &Names) -> Vec<Node> {
    let Some(new) = from.and_then(|f| lines.get(f..)).filter(|n| !n.is_empty()) else { return Vec::new() };
    let skipped = new.len().saturating_sub(8);
    let mut list = el("ul");
    if skipped > 0 {
        list = list.kid(el("li").text(if skipped == 1 { tr!(PanelSinceEarlierOne, n = skipped) } else { tr!(PanelSinceEarlierMany, n = skipped) }));
    }
    list = list.kids(new[skipped..].iter().map(|l| el("li").text(names.say(&l.said))));
    // The first panel beside the board (the drawer on a narrow screen); folds away with a tap.
    vec![el("details").class("panel since").attr("data-since", "").attr("open", "").kid(el("summary").text(tr!(PanelSinceTitle))).kid(list)]
}

/// The compact score strip that stays in view in portrait: each player's emblem, name and score
/// (the name apart, so that a long one is cut, never the score).
pub fn strip(players: &[(Colour, String, u32)]) -> Vec<Node> {
    vec![el("div").class("score-strip").attr("data-score-strip", "").kids(players.iter().map(|(c, name, score)| {
        el("span").attr("title", name.clone()).kid(emblem(*c)).kid(el("span").class("name").text(name.clone())).text(format!(" {score}"))
    }))]
}

/// The public notes under a score track: alliances, and what the neutral colour is.
pub fn notes<A>(edition: Edition, alliances: &[(Space, Space)], neutral: Option<Colour>) -> Vec<Node<A>> {
    let mut out = Vec::new();
    if !alliances.is_empty() {
        let list = alliances.iter().map(|(a, b)| format!("{a}–{b}")).collect::<Vec<_>>().join(", ");
        out.push(el("p").class("hint alliances").attr("data-alliances", "").text(tr!(PanelAlliances, list = list)));
    }
    if let Some(n) = neutral {
        out.push(el("p").class("hint").attr("data-neutral-legend", "").kid(emblem(n)).text(tr!(PanelNeutralLegend, colour = super::names::colour_name(edition, n))));
    }
    out
}

/// A card's art: one of the `c-…` symbols in `index.html`, shared by every card.
pub fn art<A>(name: &'static str) -> Node<A> {
    el("svg").class("art").attr("viewBox", "0 0 40 40").attr("aria-hidden", "true").kid(el("use").attr("href", format!("#c-{name}")))
}

/// A score marker on a track running to `max`; after a change it slides from where it stood.
pub fn marker<A>(c: Colour, score: u32, change: i32, max: u32) -> Node<A> {
    let at = |s: u32| s.min(max) * 100 / max.max(1);
    let from = (score as i64 - i64::from(change)).max(0) as u32;
    let m = el("span").class(if change != 0 { "marker moved" } else { "marker" });
    let style = if change != 0 { format!("left:{}%;--from:{}%", at(score), at(from)) } else { format!("left:{}%", at(score)) };
    m.attr("style", style).kid(emblem(c))
}

/// A player's row on a score track (both editions): emblem and name, the marker on a track
/// running to `max`, the points with the last step's change, and what else is said of them.
pub fn track_row<A>(c: Colour, name: String, score: u32, change: i32, max: u32, meta: Node<A>) -> Node<A> {
    el("div")
        .class("track-row")
        .attr("data-score", c.name())
        .kid(el("span").class("who").attr("title", name.clone()).kid(emblem(c)).text(name))
        .kid(el("span").class("bar").kid(marker(c, score, change, max)))
        .kid(points(score, change))
        .kid(meta)
}

/// A score with its last change ("12 +3").
pub fn points<A>(score: u32, change: i32) -> Node<A> {
    let pts = el("span").class(if change != 0 { "pts changed" } else { "pts" }).text(score.to_string());
    if change == 0 { pts } else { pts.kid(el("small").text(if change > 0 { format!(" +{change}") } else { format!(" {change}") })) }
}

/// The end screen's title and table: a row per player with their points by reason.
pub fn end_table(end: &End, names: &Names) -> Vec<Node> {
    let rows = end.rows.iter().map(|(c, cells)| {
        let last = cells.len().saturating_sub(2);
        el("tr")
            .attr("data-final", c.name())
            .kid(el("th").kid(emblem(*c)).text(names.name(*c)))
            .kids(cells.iter().enumerate().map(|(i, x)| el("td").attr_if(i == last, "class", "total").text(x.to_string())))
    });
    let mut out = vec![el("h1").text(names.say(&end.title))];
    out.extend(end.how.as_ref().map(|n| el("p").text(names.say(n))));
    out.push(el("table").class("breakdown").kid(el("thead").kid(el("tr").kid(el("th")).kids(end.head.iter().map(|h| el("th").kid(el("span").text(names.say(h))))))).kid(el("tbody").kids(rows)));
    out.extend(end.hints.as_ref().map(|h| el("p").class("hint").attr("data-hints-used", "").text(names.say(h))));
    out
}

/// The step bar's chip with the money of the player the screen is for (`mine`: their colour
/// and money), in view at every size; nothing for nobody.
pub fn own_money(mine: Option<(Colour, u32)>) -> Vec<Node> {
    let Some((c, n)) = mine else { return Vec::new() };
    let words = ducats_of(n);
    let said = tr!(StepYourMoney, money = words.clone());
    let unit = tr!(StepMoneyUnit, n = n);
    // Read out once, in words; the figure and unit are for the eye.
    vec![el("p")
        .class("my-money")
        .attr("data-my-money", c.name())
        .attr("data-private", c.name())
        .attr("data-amount", n.to_string())
        .attr("title", said.clone())
        .kid(art("ducats"))
        .kid(el("span").class("sr-only").text(said))
        .kid(el("b").attr("aria-hidden", "true").text(n.to_string()))
        .kid(el("span").class("unit").attr("aria-hidden", "true").text(unit))]
}

/// "12 ducats" (the player's own money, an offer).
pub fn ducats_of(n: u32) -> String {
    if n == 1 { tr!(PanelDucatsOne, n = n) } else { tr!(PanelDucatsMany, n = n) }
}

/// "1 card", "3 cards".
pub fn cards_of(n: usize) -> String {
    if n == 1 { tr!(PanelCardsOne, n = n) } else { tr!(PanelCardsMany, n = n) }
}

/// "1 knight", "3 knights".
pub fn knights_of(n: usize) -> String {
    if n == 1 { tr!(PanelKnightsOne, n = n) } else { tr!(PanelKnightsMany, n = n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tree::{find_all, html};

    use crate::app::said::{Arg, Said};
    use crate::said;

    fn line(said: Said) -> LogLine {
        LogLine { round: 1, colour: Some(Colour::Red), said }
    }

    fn names() -> Names {
        Names { edition: Edition::Classic, players: vec![(Colour::Red, "Ann".into()), (Colour::Yellow, "Ben".into())] }
    }

    #[test]
    fn a_log_line_naming_spaces_shows_them_when_tapped_and_the_newest_comes_first() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let lines = vec![line(said!(LogTurn, name = Arg::Name(Colour::Red))), line(said!(LogBorderPlaced, name = Arg::Name(Colour::Red), edge = crate::engine::Edge::parse("d10-e10").unwrap()))];
        let tree = log(&lines, &names());
        let items = find_all(&tree, "style", "");
        assert_eq!(items[0].text_content(), "Ann placed a border on d10-e10.");
        let sp = |s: &str| Space::parse(s).unwrap();
        assert_eq!(items[0].action(), Some(&ShowSpaces(vec![sp("d10"), sp("e10")])));
        assert_eq!(items[1].action(), None, "a line without spaces does nothing");
        let (_, actions) = html(&tree);
        assert_eq!(actions.len(), 1);
    }

    #[test]
    fn since_your_turn_lists_what_the_others_did_and_folds_the_oldest() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let lines: Vec<LogLine> = (0..12).map(|i| line(said!(LogRoundStarted, round = i, name = Arg::Name(Colour::Red)))).collect();
        assert!(since(&lines, None, &names()).is_empty(), "nothing when the holder acted");
        assert!(since(&lines, Some(12), &names()).is_empty(), "nothing when nothing happened");
        let tree = since(&lines, Some(2), &names());
        let text = tree[0].text_content();
        assert!(text.contains("Round 11") && text.contains("Round 4") && !text.contains("Round 3"), "{text}");
        assert!(text.contains("2 earlier"), "{text}");
    }

    #[test]
    fn the_end_table_has_a_row_per_player_with_the_total_marked() {
        let end = End {
            title: crate::app::table::winners_title(&[Colour::Red]),
            how: None,
            head: vec![said!(ScreenColProvinces), said!(ScreenColTotal), said!(ScreenColDucats)],
            rows: vec![(Colour::Red, vec![12, 20, 7]), (Colour::Yellow, vec![3, 9, 2])],
            history: Vec::new(),
            chip: None,
            turns: false,
            hints: Some(said!(ScreenHintsUsed, list = "Ann 1")),
        };
        let tree = end_table(&end, &names());
        let row = find_all(&tree, "data-final", "red")[0];
        assert_eq!(row.text_content(), "Ann12207");
        assert_eq!(find_all(std::slice::from_ref(row), "class", "total")[0].text_content(), "20");
        assert_eq!(find_all(&tree, "data-hints-used", "").len(), 1);
    }

    #[test]
    fn counts_have_a_singular() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        assert_eq!(ducats_of(1), "1 ducat");
        assert_eq!(ducats_of(3), "3 ducats");
        assert_eq!(cards_of(1), "1 card");
        assert_eq!(knights_of(2), "2 knights");
    }
}

/// A saved game as the start screen lists it.
#[derive(Clone, PartialEq, Debug)]
pub enum SaveRow {
    /// A readable save: its id, its summary and when it was saved (in words).
    Ok { id: String, summary: String, when: String },
    /// A save that can't be read: its id and why.
    Broken { id: String, reason: String },
}

/// A tap on the list of saved games.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SaveTap {
    /// Continue this game.
    Continue(String),
    /// Ask whether to delete it.
    Delete(String),
    /// Keep it after all.
    Keep,
    /// Delete it.
    ConfirmDelete(String),
    /// Put back a game deleted while the list is open.
    UndoDelete(String),
}

/// The saved games: a row each, to continue or delete (after a question); then a line with an
/// undo for each game deleted while the list is open (`deleted`: ids and summaries).
pub fn saves(list: &[SaveRow], confirming: Option<&str>, deleted: &[(String, String)]) -> Vec<Node<SaveTap>> {
    let button = |label: &str| el("button").attr("type", "button").text(label);
    let delete = |id: &str| {
        if confirming == Some(id) {
            el("span")
                .class("confirm-delete")
                .attr("role", "group")
                .attr("aria-label", tr!(ScreenDeleteAsk))
                .text(tr!(ScreenDeleteAsk))
                .text(" ")
                .kid(button(tr!(ScreenDelete)).class("danger").attr("data-confirm-delete", "").on(SaveTap::ConfirmDelete(id.to_string())))
                .kid(button(tr!(ScreenKeep)).attr("data-keep", "").on(SaveTap::Keep))
        } else {
            button(tr!(ScreenDelete)).attr("data-delete", "").on(SaveTap::Delete(id.to_string()))
        }
    };
    let mut rows: Vec<Node<SaveTap>> = list
        .iter()
        .map(|l| match l {
            SaveRow::Ok { id, summary, when } => el("div")
                .class("save-row")
                .attr("data-save", id.clone())
                .kid(el("span").text(summary.clone()).kid(el("small").class("when").text(" ").text(tr!(ScreenSavedAt, when = when))))
                .kid(button(tr!(ScreenContinue)).class("primary").attr("data-continue", "").on(SaveTap::Continue(id.clone())))
                .kid(delete(id)),
            SaveRow::Broken { id, reason } => el("div").class("save-row broken").attr("data-save", id.clone()).kid(el("span").text(tr!(ScreenBrokenSave, why = reason))).kid(delete(id)),
        })
        .collect();
    if rows.is_empty() {
        rows.push(el("p").text(tr!(ScreenNoSaves)));
    }
    rows.extend(deleted.iter().map(|(id, summary)| {
        el("div").class("save-row deleted").attr("role", "status").kid(el("span").text(tr!(ScreenDeleted, summary = summary))).kid(button(tr!(ScreenUndo)).attr("data-undo-delete", id.clone()).on(SaveTap::UndoDelete(id.clone())))
    }));
    rows
}
