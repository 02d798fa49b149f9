//! The in-game rules reference of both editions, saying what the engine does (shared/RULES.md).

use crate::engine::Edition;
use leptos::prelude::*;

/// The notice that the New Edition's tiles and power cards are ours.
pub const RECONSTRUCTION: &str = "The New Edition's map tiles and its 60 power cards are our own reconstruction: nothing public gives the real ones. Everything else follows the 2002 rulebook.";

const NEW_SECTIONS: &[(&str, &[&str])] = &[
    ("Goal", &[
        "Enclose your castles in regions with borders. A region scores its forests (1), villages (3) and the King's city (5). Reach the King chip's space on the score track (50 with 2 players, 40 with 3, 30 with 4) and you win at once; otherwise the highest score after the final phase wins (tie: most ducats; still tied: shared).",
        "A region is an area closed off by borders (the frame counts) holding exactly one castle. An area with no castle is a neutral zone.",
    ]),
    ("Setup", &[
        "Everyone is dealt three secret power cards and 7 ducats. In turn, each places a castle on a free meadow (at least 7 spaces from castles of its colour, less where none is free) and a knight on a meadow or forest next to it, until each has 4 castles (3 with 4 players). With 2 players each also places 2 castles of the neutral colour, which never scores. Whoever placed last starts.",
    ]),
    ("A turn", &[
        "Income: 1 ducat for each type of mine (gold, silver, copper, gems) in your regions.",
        "Then sell one card to the market for its sale value, or play one: pay its price and perform its action (a two-action card: one of the two). Every action may be done in part or stopped early.",
        "Then refill your hand to three cards, one at a time: the top of the deck, or any card in the market except the one you just sold.",
    ]),
    ("Actions", &[
        "Borders: up to 1, 2 or 3 borders on edges between spaces (not on the frame, not inside a region, not between a knight and a piece of its colour). A region formed scores at once.",
        "Knights: up to 1 or 2 knights on meadow or forest next to your castle or knight (no border between); a forest costs 1 ducat more.",
        "Expand: one of your regions takes up to 2 neighbouring spaces — free land, neutral zones, or a foreign region's space when your region holds more of your knights than it holds of its owner's and no alliance binds them. The values move from loser to taker.",
        "Renegade: your region and a neighbouring foreign region, each with a knight: you place a knight in yours, and the other player chooses which of their knights leaves (never the only link).",
        "Alliance: your region and a neighbouring foreign region can no longer expand into each other — for good.",
    ]),
    ("Mines and the end", &[
        "Monopoly: 3 or 4 mines of one type in your regions score +5 at once; losing it costs 5.",
        "When the last card is drawn, the final phase begins: nobody refills; everyone plays or sells until no cards are left. Then most ducats +5, second most +3.",
    ]),
    ("This digital version", &[
        "Pass the device when asked: the hand-over screen hides everyone's cards. Money is public unless the game was started with private money.",
        "Borders, knights, sales and plays can be taken back until you confirm; a card drawn from the deck can't be put back.",
        RECONSTRUCTION,
    ]),
];

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

/// The rules reference as a dialog, opened at `edition`'s rules (the other a tap away).
#[component]
pub fn RulesDialog(open: RwSignal<bool>, #[prop(optional)] edition: Option<Edition>) -> impl IntoView {
    let shown = RwSignal::new(edition.unwrap_or(Edition::Classic));
    let body = move || {
        let (title, sections) = match shown.get() {
            Edition::Classic => ("Rules of Löwenherz (Classic, 1997)", SECTIONS),
            Edition::New => ("Rules of Löwenherz (New Edition, 2002)", NEW_SECTIONS),
        };
        view! {
            <h2>{title}</h2>
            {sections.iter().map(|(title, paras)| view! {
                <h3>{*title}</h3>
                {paras.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
            }).collect_view()}
        }
    };
    view! {
        <div class="rules-dialog panel" role="dialog" aria-label="Rules" data-rules-dialog="">
            <button class="x close" aria-label="Close" on:click=move |_| open.set(false)>"×"</button>
            <div class="row" role="group" aria-label="Edition">
                <button class:active=move || shown.get() == Edition::Classic data-rules-edition="classic" on:click=move |_| shown.set(Edition::Classic)>"Classic"</button>
                <button class:active=move || shown.get() == Edition::New data-rules-edition="new" on:click=move |_| shown.set(Edition::New)>"New Edition"</button>
            </div>
            {body}
            <div class="row"><button class="primary" on:click=move |_| open.set(false)>"Close"</button></div>
        </div>
    }
}
