//! The in-game rules reference (Classic), saying what the engine does (shared/RULES.md).

use leptos::prelude::*;

const SECTIONS: &[(&str, &[&str])] = &[
    ("Goal", &[
        "Enclose your castles in provinces with borders. Provinces, cities and mountains bring power points; the most points when the King dies wins (tie: most ducats, money plus treasure; still tied: shared).",
        "A province is an area closed off by borders (the map's frame counts as a border) holding exactly one castle. An area with no castle is a neutral zone; an area with two or more castles belongs to nobody.",
    ]),
    ("A round", &[
        "The start player turns up an action card. Silver find: everyone scores 1 per mountain in their provinces, then the next card is turned up. The King is dead: the game ends.",
        "From the start player clockwise, each lays a decision card 1, 2 or 3 for one of the card's three actions. With 2 or 3 players the start player lays two. Alliance or Renegade may be played right after one's own decision card, one with each card.",
        "Actions are resolved top to bottom. Ducats chosen by several are shared (the remainder is lost). Any other action chosen by exactly two: they negotiate (offers of money, the earlier player speaks first; each offer must beat one's own last one; accept or break off), else they duel. Three or more duel at once.",
        "Duel: everyone bids in secret (money and treasure cards, zero allowed), all reveal together; the highest pays the bank and performs. A tie: the tied bid again; a second tie: nobody performs.",
        "Afterwards the start player's castle passes clockwise.",
    ]),
    ("Actions", &[
        "Borders 1/2/3: place up to that many borders on edges between spaces — not on the frame, not inside a province, not between a knight and a castle or knight of its own colour. A province formed is scored at once for its owner. A player with three provinces places no borders.",
        "Knight or expand: place a knight (on open country or forest next to your castle or knight with no border between; forest costs 5 ducats) or expand one province by one or two spaces.",
        "Two knights, or knight and expand (either order; a knight ends an expansion begun before it).",
        "Politics card: look through one pile and keep one card secretly.",
        "Every action may be stopped early.",
    ]),
    ("Expanding", &[
        "Each space must touch the province. Never a castle's space or a space with another colour's knight. Open land and neutral zones are free; a foreign province only if your province holds more of your knights than it holds of its owner's, and no alliance binds the two.",
        "Borders move so the province stays enclosed (markers come from the stock; 100 in all).",
        "Taking a space: +1 (+5 for a city) for you, the same lost by its owner. Parts of a province cut off from its castle become neutral zones: the owner loses their founding value (all parts of one expansion counted together).",
    ]),
    ("Scoring", &[
        "Founding a province: 1–4 spaces 3, 5–10 spaces 5, 11–20 spaces 7, 21–30 spaces 9, 31+ spaces 12, plus 5 per city. Scores never go below 0.",
        "Silver find and the end: 1 per mountain in your provinces. Deeds: their points at the end.",
    ]),
    ("Politics cards", &[
        "Alliance: your province and a neighbouring foreign one may not expand into each other until one of the two players pays 10 ducats to end it (any time it is their move).",
        "Renegade: remove a foreign knight from a province bordering yours (not the only link between its colour's pieces) and place your own knight in your province; forest costs 5 for each.",
        "Treasure: counts as its value in duels and payments, but gives no change and can't be offered in negotiation. Deeds: points at the end.",
    ]),
    ("This digital version", &[
        "Pass the device when asked: the hand-over screen hides everything private. Money is private unless the game was started with public money.",
        "Borders, knights and expansions can be taken back until you confirm; nothing can be taken back once a card is turned up, bids are revealed or the device is passed.",
    ]),
];

/// The rules reference as a dialog.
#[component]
pub fn RulesDialog(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="rules-dialog panel" role="dialog" aria-label="Rules">
            <h2>"Rules of Löwenherz (Classic, 1997)"</h2>
            {SECTIONS.iter().map(|(title, paras)| view! {
                <h3>{*title}</h3>
                {paras.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
            }).collect_view()}
            <div class="row"><button class="primary" on:click=move |_| open.set(false)>"Close"</button></div>
        </div>
    }
}
