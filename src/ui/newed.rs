//! The New Edition's screens: the turn (income, sell or play a power card, perform it on the
//! board, refill from the deck or the market), the holder's secret hand, the public market,
//! the score track with the King chip, and the end with its bonuses.

use super::board::{colour_fill, emblem, Board};
use super::dom::{closest_attr, el, Dom, Node};
use super::screens::HandOverCard;
use super::{Ctx, Mode};
use super::panels::{cards_of, knights_of};
use crate::app::newed_log::{ducats, mine_text, power_action_short, power_action_text};
use crate::app::newed_session::NewSession;
use crate::app::render::BoardModel;
use crate::engine::newed::view::PhaseView;
use crate::engine::newed::{Move, PowerCardId, View, Work};
use crate::engine::Colour;
use crate::tr;
use leptos::prelude::*;

/// The public table: a view, every colour's name, the last score changes.
type Table = (View, Vec<(Colour, String)>, Vec<(Colour, i32)>);

fn with_new<T>(ctx: Ctx, f: impl FnOnce(&View, &NewSession) -> T) -> Option<T> {
    ctx.new_session.with(|s| s.as_ref().map(|s| f(&s.view(), s)))
}

/// Pass the device to a New Edition player, saying why.
#[component]
pub fn NewHandOver(colour: Colour) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (name, reason) = ctx.new_session.with_untracked(|s| s.as_ref().map(|s| (s.name(colour), s.hand_over_reason()))).unwrap_or_default();
    let take = Callback::new(move |_| {
        ctx.notice.set(None);
        ctx.update_new(|s| s.take_device(colour));
    });
    view! { <HandOverCard colour=colour name=name reason=reason on_take=take/> }
}

/// The screen while a player holds the device.
#[component]
pub fn NewGameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let model = Memo::new(move |_| {
        let mode = ctx.mode.get();
        let highlight = ctx.highlight.get();
        ctx.new_session.with(|s| s.as_ref().map(|s| BoardModel { highlight, ..BoardModel::of_new_session(s, mode) }))
    });
    let public = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| (s.view(), names(s), s.last_score_changes.clone()))));
    let log = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| s.log.clone())).unwrap_or_default());
    view! {
        <div class="game new-edition" on:focusin=move |ev| super::panels::card_help(ctx, &ev, true) on:click=move |ev| super::panels::card_help(ctx, &ev, false)>
            <NewTopBar/>
            <Dom tree=Memo::new(move |_| public.with(|p| p.as_ref().map(|(v, names, _)| super::panels::strip_tree(&v.players.iter().map(|&c| (c, name_of(names, c), v.scores[c])).collect::<Vec<_>>())).unwrap_or_default())) class="strip-host"/>
            <div class="layout">
                <section class="board-area">
                    <NewPrompt/>
                    <Dom tree=Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| super::panels::since_tree(&s.log, s.since.shown.as_ref().map(|x| x.0))).unwrap_or_default())) class="since-host"/>
                    <Board model=model on_space=Callback::new(move |s| super::taps::new_space(ctx, s)) on_edge=Callback::new(move |e| super::taps::new_edge(ctx, e))/>
                </section>
                <aside class="side" tabindex="0" aria-label=tr!(PanelSideNew)>
                    <super::seats::SeatBar/>
                    <NewControls/>
                    <Hand/>
                    <Dom tree=Memo::new(move |_| public.with(|p| p.as_ref().map(|p| market_tree(p, refill_now(ctx))).unwrap_or_default())) class="panel market" on_tap=Callback::new(move |el| market_tap(ctx, &el))/>
                    <Dom tree=Memo::new(move |_| public.with(|p| p.as_ref().map(players_tree).unwrap_or_default())) class="panel track"/>
                    <Dom tree=Memo::new(move |_| log.with(|l| super::panels::log_tree(l))) class="panel log" on_tap=super::panels::highlight_tap(ctx)/>
                </aside>
            </div>
            <Dom tree=Memo::new(move |_| ctx.warning.get().map(|w| vec![super::dom::el("div").class("warning").attr("role", "alert").text(w)]).unwrap_or_default()) class="warning-host"/>
        </div>
    }
}

fn names(s: &NewSession) -> Vec<(Colour, String)> {
    Colour::ALL.iter().map(|&c| (c, s.name(c))).collect()
}

fn name_of(names: &[(Colour, String)], c: Colour) -> String {
    names.iter().find(|(x, _)| *x == c).map(|(_, n)| n.clone()).unwrap_or_default()
}

/// Title, deck, King chip and menu.
#[component]
fn NewTopBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let menu = RwSignal::new(false);
    let info = move || {
        with_new(ctx, |v, _| {
            if v.final_phase {
                tr!(PanelNewInfoFinal, chip = v.king_chip, borders = v.borders_in_stock)
            } else {
                tr!(PanelNewInfo, cards = v.deck_left, chip = v.king_chip, borders = v.borders_in_stock)
            }
        })
    };
    super::panels::top_bar(Memo::new(move |_| info()), menu)
}

/// What the holder must do now; the last notice.
#[component]
fn NewPrompt() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = move || {
        with_new(ctx, |v, s| {
            let me = v.viewer.map(|c| s.name(c)).unwrap_or_default();
            if let crate::app::newed_session::NewScreen::Thinking(c) = s.screen() {
                return tr!(PanelThinking, name = s.name(c));
            }
            if s.must_confirm() {
                return tr!(PanelNewPromptComplete, me = me);
            }
            if s.reviewing {
                return tr!(PanelNewPromptReview, me = me);
            }
            match &v.phase {
                PhaseView::Placement { placer, colour, castle: None, min_distance } if placer == colour => tr!(PanelNewPromptCastle, me = me, min = min_distance),
                PhaseView::Placement { colour, castle: None, min_distance, .. } => tr!(PanelNewPromptNeutralCastle, me = me, colour = super::board::colour_adj(crate::engine::Edition::New, *colour), min = min_distance),
                PhaseView::Placement { castle: Some(c), .. } => tr!(PanelNewPromptKnight, me = me, castle = c),
                PhaseView::Choose { .. } => tr!(PanelNewPromptChoose, me = me),
                PhaseView::Perform { card, work, .. } => match work {
                    Work::Borders { left } => tr!(PanelNewPromptBorders, me = me, card = card, n = left),
                    Work::Knights { left } => tr!(PanelNewPromptKnights, me = me, card = card, n = left),
                    Work::Expand { taken, .. } => tr!(PanelNewPromptExpand, me = me, card = card, n = 2 - taken),
                    Work::Renegade => tr!(PanelNewPromptRenegade, me = me, card = card),
                    Work::Alliance => tr!(PanelNewPromptAlliance, me = me, card = card),
                },
                PhaseView::Remove { by, .. } => tr!(PanelNewPromptRemove, me = me, name = s.name(*by)),
                PhaseView::Refill { .. } => tr!(PanelNewPromptRefill, me = me),
                PhaseView::Over { .. } => tr!(String PanelGameOver),
            }
        })
    };
    view! {
        <div class="prompt" aria-live="polite">
            <super::dom::Dom tree=Memo::new(move |_| vec![super::dom::el("p").class("todo").text(text().unwrap_or_default())]) class="todo-host"/>
            <super::panels::Notice/>
            <super::panels::CardHelp/>
        </div>
    }
}

/// Staging, choices and the end of an action.
fn controls_tree(v: &View, s: &NewSession, mode: Mode, regions: &[Move]) -> Vec<Node> {
    let mut out = Vec::new();
    if !regions.is_empty() {
        out.push(
            el("div")
                .class("row region-choice")
                .attr("role", "group")
                .attr("aria-label", tr!(PanelWhichRegion))
                .kids(regions.iter().filter_map(|m| match m {
                    Move::Expand { castle: Some(c), .. } => Some(button(tr!(PanelRegionOf, castle = c)).attr("data-region", c.to_string())),
                    _ => None,
                }))
                .kid(button(tr!(PanelCancel)).attr("data-cancel", "")),
        );
    }
    if mode != Mode::Normal {
        out.push(el("div").class("row").kid(button(tr!(PanelChooseAgain)).attr("data-cancel", "")));
    }
    let must = s.must_confirm();
    if !s.staged.is_empty() {
        out.push(
            el("div")
                .class("staging")
                .kid(button(tr!(PanelTakeBack)).class("undo").attr("data-undo", ""))
                .kid(button(if must { tr!(PanelConfirmPass) } else { tr!(PanelConfirm) }).class(if must { "confirm primary" } else { "confirm" }).attr("data-confirm", "")),
        );
    } else if s.reviewing {
        out.push(el("div").class("row").kid(button(tr!(PanelDonePass)).class("primary").attr("data-pass", "")));
    }
    if let PhaseView::Perform { by, .. } = v.phase
        && !must
        && v.moves.contains(&Move::Done { by })
    {
        out.push(el("div").class("row").kid(button(tr!(PanelEndTheAction)).class("done").attr("data-done", "")));
    }
    out
}

#[component]
fn NewControls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tree = Memo::new(move |_| {
        let (mode, regions) = (ctx.mode.get(), ctx.region_choice.get());
        with_new(ctx, |v, s| controls_tree(v, s, mode, &regions)).unwrap_or_default()
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let has = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        if let Some(c) = closest_attr(&e, "data-region") {
            let m = ctx.region_choice.get_untracked().into_iter().find(|m| matches!(m, Move::Expand { castle: Some(x), .. } if x.to_string() == c));
            if let Some(m) = m {
                ctx.act_new(m);
            }
        } else if has("data-cancel") {
            ctx.region_choice.set(Vec::new());
            ctx.mode.set(Mode::Normal);
            ctx.notice.set(None);
        } else if has("data-undo") {
            ctx.mode.set(Mode::Normal);
            ctx.update_new(|s| s.undo());
        } else if has("data-confirm") {
            ctx.update_new(|s| s.confirm());
        } else if has("data-pass") {
            ctx.update_new(|s| s.end_review());
        } else if has("data-done")
            && let Some(by) = ctx.new_session.with_untracked(|s| s.as_ref().and_then(|s| s.holder))
        {
            ctx.act_new(Move::Done { by });
        }
    });
    view! { <Dom tree=tree class="controls" on_tap=tap/> }
}

/// A power card's face: its actions, price and sale value.
fn card_face(card: PowerCardId) -> Node {
    let c = card.card();
    let acts: Vec<String> = c.actions.iter().flatten().map(|&a| power_action_short(a)).collect();
    el("span")
        .class("card-face")
        .attr("tabindex", "0")
        .attr("data-help", crate::app::newed_log::power_card_help(card))
        .kid(el("b").class("card-id").text(card.to_string()))
        .kid(el("span").class("card-actions").text(match acts.as_slice() {
            [a, b] => tr!(PanelOr, a = a, b = b),
            _ => acts.join(" / "),
        }))
        .kid(el("span").class("card-money").text(tr!(PanelCardMoney, price = c.price, sale = c.sale)))
}

fn button(label: impl Into<String>) -> Node {
    el("button").attr("type", "button").text(label)
}

/// The holder's own power cards and money (private), with sell and play buttons on their turn.
fn hand_tree(v: &View, s: &NewSession) -> Vec<Node> {
    let (Some(me), Some(hand)) = (v.viewer, v.hand.as_ref()) else { return Vec::new() };
    let choosing = matches!(v.phase, PhaseView::Choose { by } if by == me) && !s.must_confirm() && !s.reviewing;
    let money = v.ducats[me].unwrap_or(0);
    let cards = hand.iter().map(|&card| {
        let c = card.card();
        let mut li = el("li").class("power-card").attr("data-card", card.to_string()).kid(card_face(card));
        if choosing {
            let mut row = el("div").class("card-buttons");
            if v.moves.contains(&Move::Sell { by: me, card }) {
                row = row.kid(button(tr!(PanelSell, n = c.sale)).attr("data-sell", card.to_string()));
            }
            for a in 1..=card.action_count() {
                let ok = v.moves.contains(&Move::Play { by: me, card, action: a });
                let label = match card.action(a) {
                    Some(act) if card.action_count() == 2 => tr!(PanelPlayAction, action = power_action_short(act), price = c.price),
                    _ => tr!(PanelPlayOne, price = c.price),
                };
                row = row.kid(
                    button(label)
                        .class("primary")
                        .attr("data-play", format!("{card} {a}"))
                        .attr("title", card.action(a).map(power_action_text).unwrap_or_default())
                        .attr_if(!ok, "disabled", ""),
                );
            }
            if c.price > money {
                row = row.kid(el("small").class("why-not").text(tr!(PanelCostsHave, cost = ducats(c.price), money = ducats(money))));
            }
            li = li.kid(row);
        }
        li
    });
    let monopolies = v.monopolies[me].iter().map(|&k| mine_text(k)).collect::<Vec<_>>().join(", ");
    vec![
        el("section")
            .class("panel mine hand")
            .attr("data-private", me.name())
            .attr("style", format!("border-color:{}", colour_fill(me)))
            .kid(el("h2").kid(emblem(me)).text(tr!(PanelYouMoney, name = s.name(me), money = ducats(money))))
            .kid(el("ul").class("hand-cards").kids(cards))
            .kid(el("p").class("hint").text(tr!(PanelIncome, income = ducats(v.income[me]), list = if monopolies.is_empty() { tr!(String PanelNone) } else { monopolies }))),
    ]
}

/// The hand panel of the holder.
#[component]
fn Hand() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tree = Memo::new(move |_| with_new(ctx, hand_tree).unwrap_or_default());
    let tap = Callback::new(move |e: web_sys::Element| {
        let Some(me) = ctx.new_session.with_untracked(|s| s.as_ref().and_then(|s| s.holder)) else { return };
        if let Some(card) = closest_attr(&e, "data-sell").and_then(|c| PowerCardId::parse(&c)) {
            ctx.act_new(Move::Sell { by: me, card });
        } else if let Some(play) = closest_attr(&e, "data-play")
            && let Some((card, a)) = play.split_once(' ').and_then(|(c, a)| Some((PowerCardId::parse(c)?, a.parse().ok()?)))
        {
            ctx.act_new(Move::Play { by: me, card, action: a });
        }
    });
    view! { <Dom tree=tree class="hand-host" on_tap=tap/> }
}

/// Every player: score on the track up to the King chip, money (if public), income, monopolies.
fn players_tree((v, names, changes): &Table) -> Vec<Node> {
    let chip = v.king_chip.max(1);
    let rows = v.players.iter().map(|&c| {
        let score = v.scores[c];
        let change: i32 = changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
        let (cards, knights, income) = (cards_of(v.hand_counts[c]), knights_of(v.knights_in_stock[c] as usize), v.income[c]);
        let meta = match v.ducats[c].filter(|_| v.public_money) {
            Some(d) => tr!(PanelNewMetaMoney, cards = cards, knights = knights, income = income, money = ducats(d)),
            None => tr!(PanelNewMeta, cards = cards, knights = knights, income = income),
        };
        let pts = el("span").class(if change != 0 { "pts changed" } else { "pts" }).text(score.to_string());
        let pts = if change != 0 { pts.kid(el("small").text(if change > 0 { format!(" +{change}") } else { format!(" {change}") })) } else { pts };
        el("div")
            .class("track-row")
            .attr("data-score", c.name())
            .kid(el("span").class("who").kid(emblem(c)).text(name_of(names, c)))
            .kid(el("span").class("bar").kid(el("span").class("marker").attr("style", format!("left:{}%", score.min(chip) * 100 / chip)).kid(emblem(c))))
            .kid(pts)
            .kid(
                el("span")
                    .class("meta")
                    .text(meta)
                    .kids(v.monopolies[c].iter().map(|&k| el("span").class(format!("mine-badge {}", k.name())).text(mine_text(k)))),
            )
    });
    let mut out = vec![
        el("h2").text(tr!(PanelScoreTrack)),
        el("div").class("chip-scale").kid(el("span").text("0")).kid(el("span").class("king-chip").attr("data-king-chip", v.king_chip.to_string()).text(tr!(PanelKingChipScale, n = v.king_chip))),
    ];
    out.extend(rows);
    out.extend(super::panels::public_notes(&v.alliances, v.neutral));
    out
}

/// Whether the holder is refilling now (and may tap the deck or the market).
fn refill_now(ctx: Ctx) -> bool {
    ctx.new_session.with(|s| s.as_ref().is_some_and(|s| !s.must_confirm() && matches!(s.view().phase, PhaseView::Refill { by, .. } if s.holder == Some(by))))
}

/// The deck and the market (public); in the refill step they are tapped to take a card.
fn market_tree((v, _, _): &Table, refill: bool) -> Vec<Node> {
    let (by, sold) = match v.phase {
        PhaseView::Refill { by, sold } if refill => (Some(by), sold),
        _ => (None, None),
    };
    let can_draw = by.is_some_and(|by| v.moves.contains(&Move::Draw { by }));
    let cards = v.market.iter().map(|&card| {
        let take = by.is_some_and(|by| v.moves.contains(&Move::Take { by, card }));
        let just_sold = by.is_some() && sold == Some(card);
        el("li")
            .class(if take { "power-card market-card takeable" } else { "power-card market-card" })
            .attr("data-market", card.to_string())
            .attr_if(just_sold, "title", tr!(PanelJustSoldTitle))
            .kid(card_face(card))
            .kid_opt(take.then(|| button(tr!(PanelTake)).class("primary")))
            .kid_opt(just_sold.then(|| el("small").class("why-not").text(tr!(PanelJustSold))))
    });
    vec![
        el("h2").text(tr!(PanelDeckMarket)),
        el("div")
            .class("row deck-row")
            .kid(button(v.deck_left.to_string()).class(if can_draw { "deck takeable" } else { "deck" }).attr("data-deck", "").attr("aria-label", tr!(PanelDeckAria, n = v.deck_left)).attr_if(!can_draw, "disabled", ""))
            .kid(el("span").class("hint").text(if can_draw { tr!(PanelDeckTapHint) } else { tr!(PanelDeckHint) })),
        if v.market.is_empty() { el("p").class("hint").text(tr!(PanelMarketEmpty)) } else { el("ul").class("market-cards").kids(cards) },
    ]
}

fn market_tap(ctx: Ctx, e: &web_sys::Element) {
    let Some(by) = ctx.new_session.with_untracked(|s| s.as_ref().and_then(|s| s.holder)) else { return };
    if e.closest("[data-deck]").ok().flatten().is_some() {
        ctx.act_new(Move::Draw { by });
    } else if let Some(card) = e.closest(".takeable[data-market]").ok().flatten().and_then(|m| m.get_attribute("data-market")).and_then(|c| PowerCardId::parse(&c)) {
        ctx.act_new(Move::Take { by, card });
    }
}

/// The side panels of a New Edition replay.
#[component]
pub fn ReplaySide() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let public = Memo::new(move |_| {
        ctx.replay.with(|r| match r {
            Some(crate::app::AnyReplay::New(r)) => Some((r.session.game.view(None), names(&r.session), Vec::new())),
            _ => None,
        })
    });
    let log = Memo::new(move |_| {
        ctx.replay.with(|r| match r {
            Some(crate::app::AnyReplay::New(r)) => r.session.log.clone(),
            _ => Vec::new(),
        })
    });
    view! {
        <Dom tree=Memo::new(move |_| public.with(|p| p.as_ref().map(players_tree).unwrap_or_default())) class="panel track"/>
        <Dom tree=Memo::new(move |_| public.with(|p| p.as_ref().map(|p| market_tree(p, false)).unwrap_or_default())) class="panel market"/>
        <Dom tree=Memo::new(move |_| log.with(|l| super::panels::log_tree(l))) class="panel log"/>
    }
}

/// The end: winners, how the points came, the scores over the turns, the final board.
#[component]
pub fn NewEndScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let board = Memo::new(move |_| ctx.new_session.with(|s| s.as_ref().map(|s| BoardModel::new_edition(&s.game.view(None), Mode::Normal))));
    let status = RwSignal::new(None::<String>);
    let table = Memo::new(move |_| {
        ctx.new_session.with(|s| {
            let Some(s) = s.as_ref() else { return Vec::new() };
            let v = s.game.view(None);
            let PhaseView::Over { winners, king } = &v.phase else { return Vec::new() };
            let names: Vec<String> = winners.iter().map(|&c| s.name(c)).collect();
            let title = match names.split_first() {
                Some((first, rest)) if !rest.is_empty() => tr!(PanelWinners, names = rest.iter().fold(first.clone(), |all, n| tr!(PanelAnd, a = all, b = n))),
                _ => tr!(PanelWinner, name = names.concat()),
            };
            let how = if *king { tr!(PanelEndKing) } else { tr!(PanelEndDeck) };
            let rows = v
                .players
                .iter()
                .map(|&c| {
                    let b = s.breakdown[c];
                    let cells = [b.regions, b.expansions, b.losses, b.monopolies, b.bonuses].iter().map(|n| n.to_string()).chain([v.scores[c].to_string(), s.game.ducats(c).to_string()]).collect();
                    (c, s.name(c), cells)
                })
                .collect();
            let mut t = super::panels::end_tree(title, Some(how), &[tr!(PanelColRegions), tr!(PanelColExpansions), tr!(PanelColLosses), tr!(PanelColMonopolies), tr!(PanelColBonuses), tr!(PanelColTotal), tr!(PanelColDucats)], rows);
            t.extend(super::seats::hints_line(&s.seats, &s.setup.players, |c| s.name(c)).map(|h| el("p").class("hint").attr("data-hints-used", "").text(h)));
            t
        })
    });
    let rest = move || {
        ctx.new_session.with_untracked(|s| {
            let s = s.as_ref()?;
            let v = s.game.view(None);
            Some(view! {
                {super::panels::score_plot(&s.history, &v.players, Some(v.king_chip), "turns")}
                <div class="export"><super::share::RecordButtons record=s.record() id=s.id.clone() status=status/></div>
            })
        })
    };
    view! {
        <div class="end" data-game-over="">
            <Dom tree=table class="end-table"/>
            {rest}
            {super::screens::status_line(status)}
            <Board model=board/>
            {super::screens::back_to_menu(ctx, tr!(PanelBackToMenu))}
        </div>
    }
}
