//! The game screen around the board: what to do now, the action card, the power track,
//! the player's own (private) panel, the controls of the current step and the log.

use super::board::{colour_fill, emblem, Board};
use super::dom::{el, Node};
use super::{Ctx, Mode};
use crate::app::render::BoardModel;
use crate::app::log::{action_text, bid_text, LogLine};
use crate::tr;
use crate::engine::{CardFace, Colour, Move, PhaseView, PoliticsCard, Treasures, View};
use leptos::prelude::*;

fn with_view<T>(ctx: Ctx, f: impl FnOnce(&View, &crate::app::session::Session) -> T) -> Option<T> {
    ctx.session.with(|s| s.as_ref().map(|s| f(&s.view(), s)))
}

/// What the table shows: a view, the players' names and the last score changes.
#[derive(Clone, PartialEq, Debug)]
pub struct Table {
    /// The view shown.
    pub view: View,
    /// Names of every colour on the board.
    pub names: Vec<(Colour, String)>,
    /// Score changes to highlight.
    pub changes: Vec<(Colour, i32)>,
    /// The log, newest last.
    pub log: Vec<LogLine>,
}

impl Table {
    /// A colour's name.
    pub fn name(&self, c: Colour) -> String {
        self.names.iter().find(|(x, _)| *x == c).map(|(_, n)| n.clone()).unwrap_or_default()
    }

    /// The table of the game on this device.
    pub fn of_session(s: &crate::app::session::Session) -> Table {
        Table {
            view: s.view(),
            names: Colour::ALL.iter().map(|&c| (c, s.name(c))).collect(),
            changes: s.last_score_changes.clone(),
            log: s.log.clone(),
        }
    }

    /// The table of a Classic replay.
    pub fn of_replay(r: &crate::app::replay::Replay) -> Table {
        Table { view: r.view(), names: Colour::ALL.iter().map(|&c| (c, r.name(c))).collect(), changes: Vec::new(), log: r.log.clone() }
    }
}

/// The screen while a player holds the device.
#[component]
pub fn GameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let table = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(Table::of_session)));
    let model = Memo::new(move |_| {
        let mode = ctx.mode.get();
        let highlight = ctx.highlight.get();
        ctx.session.with(|s| s.as_ref().map(|s| BoardModel { highlight, ..BoardModel::of_session(s, mode) }))
    });
    let strip = Memo::new(move |_| table.with(|t| t.as_ref().map(|t| strip_tree(&t.view.players.iter().map(|&c| (c, t.name(c), t.view.scores[c])).collect::<Vec<_>>())).unwrap_or_default()));
    view! {
        <div class="game" on:focusin=move |ev| card_help(ctx, &ev, true) on:click=move |ev| card_help(ctx, &ev, false)>
            <TopBar/>
            <super::dom::Dom tree=strip class="strip-host"/>
            <div class="layout">
                <section class="board-area">
                    <Prompt/>
                    <super::dom::Dom tree=Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| since_tree(&s.log, s.since.shown.as_ref().map(|x| x.0))).unwrap_or_default())) class="since-host"/>
                    <Board model=model on_space=Callback::new(move |s| super::taps::classic_space(ctx, s)) on_edge=Callback::new(move |e| super::taps::classic_edge(ctx, e))/>
                    <Controls/>
                </section>
                <aside class="side" tabindex="0" aria-label=tr!(PanelSideClassic)>
                    <PrivatePanel/>
                    <ActionCard table=table/>
                    <Track table=table/>
                    <Log table=table/>
                </aside>
            </div>
            <super::dom::Dom tree=Memo::new(move |_| ctx.warning.get().map(|w| vec![el("div").class("warning").attr("role", "alert").text(w)]).unwrap_or_default()) class="warning-host"/>
        </div>
    }
}

/// Title, round, deck and menu.
#[component]
pub fn TopBar() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let menu = RwSignal::new(false);
    let info = move || {
        with_view(ctx, |v, _| {
            match v.next_stack {
                Some(l) => tr!(PanelInfo, round = v.round, left = v.deck_left, stack = l, borders = v.borders_in_stock),
                None => tr!(PanelInfoNoCards, round = v.round, borders = v.borders_in_stock),
            }
        })
    };
    super::panels::top_bar(Memo::new(move |_| info()), menu)
}

/// The game's top bar (either edition): title, `info`, and the menu button that opens `menu`.
pub fn top_bar(info: Memo<Option<String>>, menu: RwSignal<bool>) -> impl IntoView {
    let tree = Memo::new(move |_| {
        vec![el("header").class("topbar").kids([
            el("h1").class("title").text(tr!(PanelTitle)),
            el("span").class("info").text(info.get().unwrap_or_default()),
            el("button").attr("type", "button").class("menu").attr("data-menu", "").text(tr!(PanelMenu)),
        ])]
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-menu]").ok().flatten().is_some() {
            menu.update(|m| *m = !*m);
        }
    });
    view! {
        <super::dom::Dom tree=tree class="topbar-host" on_tap=tap/>
        {move || menu.get().then(|| view! { <super::share::GameMenu open=menu/> })}
    }
}

/// Whose move it is and what they must do; the last notice.
#[component]
pub fn Prompt() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let text = move || {
        with_view(ctx, |v, s| {
            let me = v.viewer.map(|c| s.name(c)).unwrap_or_default();
            let action = |i: u8| v.card.and_then(|c| match c.face() {
                CardFace::Actions(a) => Some(action_text(a[i as usize])),
                _ => None,
            }).unwrap_or_default();
            if let crate::app::session::Screen::Thinking(c) = s.screen() {
                return tr!(PanelThinking, name = s.name(c));
            }
            match &v.phase {
                _ if s.pending.is_some() => tr!(PanelPromptPending, me = me),
                _ if s.must_confirm() => tr!(PanelPromptComplete, me = me),
                _ if s.politics_offer().is_some() => tr!(PanelPromptPolitics, me = me),
                PhaseView::Placement { colour, castle: None, min_distance, .. } if Some(*colour) == v.viewer => tr!(PanelPromptCastle, me = me, min = min_distance),
                PhaseView::Placement { colour, castle: None, min_distance, .. } => tr!(PanelPromptNeutralCastle, me = me, colour = super::board::colour_adj(crate::engine::Edition::Classic, *colour), min = min_distance),
                PhaseView::Placement { castle: Some(c), .. } => tr!(PanelPromptKnight, me = me, castle = c),
                PhaseView::Choosing { cards: 2, .. } => tr!(PanelPromptChooseTwo, me = me),
                PhaseView::Choosing { .. } => tr!(PanelPromptChooseOne, me = me),
                PhaseView::Negotiation { action: a, .. } => tr!(PanelPromptNegotiate, me = me, action = action(*a)),
                PhaseView::Duel { action: a, .. } => tr!(PanelPromptBid, me = me, action = action(*a)),
                PhaseView::Perform { action: a, .. } if !v.moves.iter().any(|m| matches!(m, Move::Border { .. } | Move::Knight { .. } | Move::Expand { .. } | Move::Open { .. } | Move::Take { .. })) => {
                    tr!(PanelPromptNothingLeft, me = me, action = action(*a))
                }
                PhaseView::Perform { action: a, borders_left: Some(n), .. } => tr!(PanelPromptBorders, me = me, action = action(*a), n = n),
                PhaseView::Perform { action: a, opened: Some(_), .. } => tr!(PanelPromptTakeCard, me = me, action = action(*a)),
                PhaseView::Perform { action: a, knights_placed: None, .. } => tr!(PanelPromptLookPile, me = me, action = action(*a)),
                PhaseView::Perform { action: a, .. } => tr!(PanelPromptTapSpace, me = me, action = action(*a)),
                PhaseView::Over { .. } => tr!(String PanelGameOver),
            }
        })
    };
    view! {
        <div class="prompt" aria-live="polite">
            <super::dom::Dom tree=Memo::new(move |_| vec![super::dom::el("p").class("todo").text(text().unwrap_or_default())]) class="todo-host"/>
            <Notice/>
            <CardHelp/>
        </div>
    }
}

/// The last notice (why a tap was refused, …), which the player can dismiss.
#[component]
pub fn Notice() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tree = Memo::new(move |_| {
        ctx.notice.get().map_or_else(Vec::new, |n| {
            vec![el("p").class("notice").attr("role", "alert").text(n).kid(el("button").attr("type", "button").class("x").attr("aria-label", tr!(PanelDismiss)).attr("data-dismiss-notice", "").text("×"))]
        })
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-dismiss-notice]").ok().flatten().is_some() {
            ctx.notice.set(None);
        }
    });
    view! { <super::dom::Dom tree=tree class="notice-host" on_tap=tap/> }
}

/// The controls of the current step (everything that is not a tap on the board).
#[component]
pub fn Controls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let body = move || {
        let mode = ctx.mode.get();
        with_view(ctx, |v, s| {
            let mut parts: Vec<AnyView> = Vec::new();
            // A computer is thinking: nothing to offer the person.
            if !matches!(s.screen(), crate::app::session::Screen::Play(_)) {
                return parts.collect_view();
            }
            let moves = v.moves.clone();
            let has = |f: &dyn Fn(&Move) -> bool| moves.iter().any(f);
            // A tap that can be paid in several ways: the player chooses.
            let choices = ctx.pay_choice.get();
            if !choices.is_empty() {
                parts.push(view! {
                    <div class="row pay-choice" role="group" aria-label=tr!(PanelHowToPay)>
                        {choices.into_iter().map(|m| view! { <button data-pay=m.to_string() on:click=move |_| ctx.act(m)>{pay_label(&m)}</button> }).collect_view()}
                        <button on:click=move |_| { ctx.pay_choice.set(Vec::new()); ctx.notice.set(None); }>{tr!(PanelCancel)}</button>
                    </div>
                }.into_any());
            }
            // Staged moves: take back or confirm. One step at a time: while the holder's own steps
            // wait for confirmation, nothing of the next step is offered.
            if !s.staged.is_empty() || s.pending.is_some() {
                let must = s.must_confirm();
                let label = match s.pending {
                    Some(_) => tr!(PanelConfirmNextCard),
                    None if must => tr!(PanelConfirmDone),
                    None => tr!(PanelConfirm),
                };
                parts.push(view! {
                    <div class="staging">
                        <button class="undo" data-undo="" on:click=move |_| ctx.update(|s| s.undo())>{tr!(PanelTakeBack)}</button>
                        <button class=if must { "confirm primary" } else { "confirm" } data-confirm="" on:click=move |_| ctx.update(|s| s.confirm())>{label}</button>
                    </div>
                }.into_any());
                if must {
                    return parts.collect_view();
                }
            }
            // Politics cards with the decision just laid.
            let politics = s.politics_offer().is_some();
            if politics {
                let can_ally = has(&|m| matches!(m, Move::Alliance { .. }));
                let can_renegade = has(&|m| matches!(m, Move::Renegade { .. }));
                let done_now = moves.iter().copied().find(|m| matches!(m, Move::Done { .. }) && matches!(v.phase, PhaseView::Choosing { .. }));
                parts.push(view! {
                    <div class="row politics">
                        {can_ally.then(|| view! { <button class:active=move || matches!(ctx.mode.get(), Mode::AllianceOwn | Mode::AllianceOther(_)) on:click=move |_| { ctx.mode.set(Mode::AllianceOwn); ctx.notice.set(Some(tr!(String PanelNoticeAllianceOwn))); }>{tr!(PanelPlayAlliance)}</button> })}
                        {can_renegade.then(|| view! { <button class:active=move || matches!(ctx.mode.get(), Mode::RenegadeRemove | Mode::RenegadePlace(_)) on:click=move |_| { ctx.mode.set(Mode::RenegadeRemove); ctx.notice.set(Some(tr!(String PanelNoticeRenegadeRemove))); }>{tr!(PanelPlayRenegade)}</button> })}
                        {(mode != Mode::Normal).then(|| view! { <button on:click=move |_| { ctx.mode.set(Mode::Normal); ctx.notice.set(None); }>{tr!(PanelCancel)}</button> })}
                        <button class="primary" data-politics-pass="" on:click=move |_| {
                            ctx.mode.set(Mode::Normal);
                            ctx.notice.set(None);
                            // When nothing else is asked before the game ends, passing is a move of its own.
                            match done_now { Some(m) => ctx.act(m), None => ctx.update(|s| s.pass_politics()) }
                        }>{tr!(PanelContinueWithout)}</button>
                    </div>
                }.into_any());
            } else {
                match &v.phase {
                    PhaseView::Duel { .. } => parts.push(view! { <Bid/> }.into_any()),
                    PhaseView::Perform { knights_placed: Some(_), .. } => {
                        let forest: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Knight { pay, .. } if !pay.is_empty())).collect();
                        if !forest.is_empty() && !moves.iter().any(|m| matches!(m, Move::Knight { pay, at, .. } if pay.is_empty() && forest.iter().any(|f| matches!(f, Move::Knight { at: a, .. } if a == at)))) {
                            parts.push(view! { <p class="hint">{tr!(PanelForestHint)}</p> }.into_any());
                        }
                    }
                    _ => {}
                }
                if matches!(v.phase, PhaseView::Perform { .. }) && has(&|m| matches!(m, Move::Done { .. })) {
                    let label = if s.staged.is_empty() { tr!(PanelEndAction) } else { tr!(PanelEndActionConfirm) };
                    let by = v.viewer.expect("viewer");
                    parts.push(view! { <div class="row"><button class="done" on:click=move |_| ctx.act(Move::Done { by })>{label}</button></div> }.into_any());
                }
            }
            parts.collect_view()
        })
    };
    view! { <div class="controls"><super::seats::SeatBar/>{body}<StepControls/></div> }
}

/// The step's own controls that are plain buttons: laying decision cards, negotiating, the
/// politics piles. Drawn as a node tree; `chosen` holds the decision cards picked so far and
/// `amount` the offer being made.
fn step_tree(v: &View, s: &crate::app::session::Session, chosen: &[u8], amount: u32) -> Vec<Node> {
    let Some(by) = s.holder else { return Vec::new() };
    let button = |label: String| el("button").text(label);
    match &v.phase {
        PhaseView::Choosing { cards, .. } if v.moves.iter().any(|m| matches!(m, Move::Decide { .. })) => {
            let Some(actions) = s.shown.actions() else { return Vec::new() };
            let cards = *cards as usize;
            vec![el("div")
                .class("decide")
                .kid(el("div").class("row").kids((1..=3u8).map(|i| {
                    el("button")
                        .class(if chosen.contains(&i) { "decision active" } else { "decision" })
                        .attr("data-decision", i.to_string())
                        .attr("data-help", crate::app::log::action_help(actions[i as usize - 1]))
                        .kid(el("b").text(i.to_string()))
                        .text(format!(" {}", action_text(actions[i as usize - 1])))
                })))
                .kid(el("div").class("row").kid(
                    button((if cards == 2 { tr!(PanelLayTwo) } else { tr!(PanelLayOne) }).into())
                        .class("primary")
                        .attr("data-confirm-decision", cards.to_string())
                        .attr_if(chosen.len() != cards, "disabled", ""),
                ))]
        }
        PhaseView::Negotiation { pair, last, standing, .. } => {
            let other = if pair[0] == by { pair[1] } else { pair[0] };
            let me = if pair[0] == by { 0 } else { 1 };
            let shown_offer = |x: Option<u32>| x.map_or(tr!(String PanelOfferNone), |x| x.to_string());
            let can_offer = v.moves.iter().any(|m| matches!(m, Move::Offer { .. }));
            let mut row = el("div").class("row");
            if let Some(x) = standing {
                row = row.kid(button(tr!(PanelAccept, amount = x, name = s.name(other))).attr("data-accept", ""));
            }
            vec![el("div")
                .class("negotiate")
                .kid(el("p").text(tr!(PanelLastOffers, me = s.name(by), mine = shown_offer(last[me]), other = s.name(other), theirs = shown_offer(last[1 - me]))))
                .kid_opt(can_offer.then(|| {
                    el("div")
                        .class("row")
                        .kid(button("−".into()).attr("aria-label", tr!(PanelLess)).attr("data-less", ""))
                        .kid(el("span").class("amount").attr("data-private", by.name()).text(ducats_of(amount)))
                        .kid(button("+".into()).attr("aria-label", tr!(PanelMore)).attr("data-more-money", ""))
                        .kid(button(tr!(String PanelOffer)).class("primary").attr("data-offer", ""))
                }))
                .kid(row.kid(button(tr!(String PanelBreakOff)).attr("data-duel", "")))]
        }
        PhaseView::Perform { opened, borders_left: None, knights_placed: None, .. } => match (opened, &v.opened_pile) {
            (Some(_), Some((pile, cards))) => {
                let mut seen = Vec::new();
                vec![el("div")
                    .class("pile-open")
                    .attr("data-private", by.name())
                    .kid(el("p").text(tr!(PanelPileTake, pile = pile)))
                    .kid(el("div").class("row").kids(cards.iter().filter(|c| {
                        let new = !seen.contains(*c);
                        seen.push(**c);
                        new
                    }).map(|c| button(card_label(*c)).class("card").attr("data-take", c.name()))))]
            }
            _ => vec![el("div").class("row piles").kids([1u8, 2].map(|p| {
                let n = v.piles[p as usize - 1];
                button(if n == 1 { tr!(PanelLookPileOne, pile = p, n = n) } else { tr!(PanelLookPileMany, pile = p, n = n) }).attr("data-open-pile", p.to_string()).attr_if(n == 0, "disabled", "")
            }))],
        },
        _ => Vec::new(),
    }
}

/// The step's buttons (see [`step_tree`]) and what their taps do.
#[component]
fn StepControls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let chosen = RwSignal::new(Vec::<u8>::new());
    let amount = RwSignal::new(0u32);
    // The offers allowed now (the lowest first).
    let offers = move || with_view(ctx, |v, _| v.moves.iter().filter_map(|m| if let Move::Offer { amount, .. } = m { Some(*amount) } else { None }).collect::<Vec<u32>>()).unwrap_or_default();
    let tree = Memo::new(move |_| {
        let o = offers();
        let a = amount.get().clamp(o.first().copied().unwrap_or(0), o.last().copied().unwrap_or(0));
        // One step at a time: nothing of the step while one's own moves wait for confirmation
        // or a politics card may be played.
        with_view(ctx, |v, s| {
            let now = matches!(s.screen(), crate::app::session::Screen::Play(_)) && !s.must_confirm() && s.politics_offer().is_none();
            if now { step_tree(v, s, &chosen.get(), a) } else { Vec::new() }
        })
        .unwrap_or_default()
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        let attr = |a: &str| super::dom::closest_attr(&e, a);
        let Some((v, Some(by))) = ctx.session.with_untracked(|s| s.as_ref().map(|s| (s.view(), s.holder))) else { return };
        let cards = match v.phase {
            PhaseView::Choosing { cards, .. } => cards as usize,
            _ => 0,
        };
        let o = offers();
        let (min, max) = (o.first().copied().unwrap_or(0), o.last().copied().unwrap_or(0));
        let offer = amount.get_untracked().clamp(min, max);
        if let Some(i) = attr("data-decision").and_then(|i| i.parse::<u8>().ok()) {
            chosen.update(|c| {
                if let Some(p) = c.iter().position(|&x| x == i) {
                    c.remove(p);
                } else if c.len() < cards {
                    c.push(i);
                } else if cards == 1 {
                    *c = vec![i];
                }
            });
        } else if attr("data-confirm-decision").is_some() {
            let c = chosen.get_untracked();
            if c.len() == cards && cards > 0 {
                chosen.set(Vec::new());
                ctx.act(Move::Decide { by, first: c[0], second: c.get(1).copied() });
            }
        } else if attr("data-less").is_some() {
            amount.set(offer.saturating_sub(1).max(min));
        } else if attr("data-more-money").is_some() {
            amount.set((offer + 1).min(max));
        } else if attr("data-offer").is_some() {
            amount.set(0);
            ctx.act(Move::Offer { by, amount: offer });
        } else if attr("data-accept").is_some() {
            ctx.act(Move::Accept { by });
        } else if attr("data-duel").is_some() {
            ctx.act(Move::Duel { by });
        } else if let Some(p) = attr("data-open-pile").and_then(|p| p.parse::<u8>().ok()) {
            ctx.act(Move::Open { by, pile: p });
        } else if let (Some(card), Some((pile, _))) = (attr("data-take").and_then(|c| PoliticsCard::parse(&c)), v.opened_pile) {
            ctx.act(Move::Take { by, pile, card });
        }
    });
    view! { <super::dom::Dom tree=tree class="step-controls" on_tap=tap/> }
}

/// A sealed duel bid.
#[component]
fn Bid() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let info = ctx.session.with_untracked(|s| s.as_ref().map(|s| (s.view(), s.holder)));
    let Some((v, Some(by))) = info else { return ().into_any() };
    let max = v.ducats[by].unwrap_or(0);
    let held = Treasures::in_hand(v.hands[by].as_deref().unwrap_or(&[]));
    let money = RwSignal::new(0u32);
    let treasures = RwSignal::new(Treasures::NONE);
    // The amount's row is drawn once (typing keeps its focus); what it sets shows in the rows below.
    let amount = Memo::new(move |_| {
        vec![el("div").class("row").kids([
            el("button").attr("type", "button").attr("aria-label", tr!(PanelLess)).attr("data-bid-less", "").text("−"),
            el("input").attr("type", "number").attr("aria-label", tr!(PanelBidInput)).attr("min", "0").attr("max", max.to_string()).attr("value", "0").attr("data-bid-amount", ""),
            el("button").attr("type", "button").attr("aria-label", tr!(PanelMore)).attr("data-bid-more", "").text("+"),
            el("span").text(tr!(PanelBidOfMax, max = max)),
        ])]
    });
    let show = move |n: u32| {
        let input = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector("[data-bid-amount]").ok().flatten());
        if let Some(i) = input.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(e).ok()) {
            i.set_value(&n.to_string());
        }
    };
    let step = Callback::new(move |e: web_sys::Element| {
        let is = |a: &str| e.closest(&format!("[{a}]")).ok().flatten().is_some();
        if is("data-bid-less") {
            money.update(|a| *a = a.saturating_sub(1));
            show(money.get_untracked());
        } else if is("data-bid-more") {
            money.update(|a| *a = (*a + 1).min(max));
            show(money.get_untracked());
        }
    });
    let typed = Callback::new(move |e: web_sys::Element| {
        if let Some(v) = js_sys::Reflect::get(&e, &"value".into()).ok().and_then(|v| v.as_string()) {
            money.set(v.parse::<u32>().unwrap_or(0).min(max));
        }
    });
    let rest = Memo::new(move |_| {
        let (m, t) = (money.get(), treasures.get());
        let cards = held.cards().map(|c| {
            let bit = c.treasure_bit().unwrap_or(0);
            el("button").attr("type", "button").attr_if(t.0 & bit != 0, "class", "active").attr("data-treasure-bit", bit.to_string()).text(format!("+ {}", card_label(c)))
        });
        vec![
            el("div").class("row").kids(cards),
            el("div").class("row").kid(el("button").attr("type", "button").class("primary").attr("data-seal-bid", "").text(tr!(PanelSealBid, bid = bid_text(m, t)))),
        ]
    });
    let seal = Callback::new(move |e: web_sys::Element| {
        if let Some(bit) = super::dom::closest_attr(&e, "data-treasure-bit").and_then(|b| b.parse::<u8>().ok()) {
            treasures.update(|t| t.0 ^= bit);
        } else if e.closest("[data-seal-bid]").ok().flatten().is_some() {
            ctx.act(Move::Bid { by, money: money.get_untracked(), treasures: treasures.get_untracked() });
        }
    });
    view! {
        <div class="bid" data-private=by.name()>
            <super::dom::Dom tree=amount class="bid-amount" on_tap=step on_change=typed/>
            <super::dom::Dom tree=rest class="bid-rest" on_tap=seal/>
        </div>
    }
    .into_any()
}

/// A politics card's label.
pub fn card_label(c: PoliticsCard) -> String {
    match c {
        PoliticsCard::Alliance => tr!(String PanelCardAlliance),
        PoliticsCard::Renegade => tr!(String PanelCardRenegade),
        PoliticsCard::Deeds(n) => tr!(PanelCardDeeds, n = n),
        PoliticsCard::Treasure(n) => tr!(PanelCardTreasure, n = n),
    }
}

/// The face-up action card with who chose what.
fn action_card_tree(t: &Table) -> Vec<Node> {
    let v = &t.view;
    let body = match v.card.map(|c| (c, c.face())) {
        None => el("p").text(tr!(PanelNoActionCard)),
        Some((_, CardFace::Actions(a))) => el("ol").class("actions").kids((0..3).map(|i| {
            el("li")
                .attr("tabindex", "0")
                .attr("data-help", crate::app::log::action_help(a[i]))
                .kid(el("span").class("n").text((i + 1).to_string()))
                .kid(el("span").class("what").text(action_text(a[i])))
                .kids(v.choices[i].iter().map(|&c| el("span").class("chip").attr("style", format!("background:{};color:{}", colour_fill(c), super::board::emblem_ink(c))).kid(emblem(c)).text(t.name(c))))
        })),
        Some((card, _)) => el("p").text(card.to_string()),
    };
    vec![el("h2").text(tr!(PanelActionCard)), body]
}

/// The face-up action card.
#[component]
pub fn ActionCard(table: Memo<Option<Table>>) -> impl IntoView {
    view! { <super::dom::Dom tree=Memo::new(move |_| table.with(|t| t.as_ref().map(action_card_tree).unwrap_or_default())) class="panel action-card"/> }
}

/// The power track: every player's score marker, with the last changes highlighted.
fn track_tree(t: &Table) -> Vec<Node> {
    let v = &t.view;
    let max = v.players.iter().map(|&c| v.scores[c]).max().unwrap_or(0).max(40);
    let rows = v.players.iter().map(|&c| {
        let score = v.scores[c];
        let change: i32 = t.changes.iter().filter(|(x, _)| *x == c).map(|(_, d)| d).sum();
        let (cards, knights) = (cards_of(v.hand_counts[c]), knights_of(v.knights_in_stock[c] as usize));
        let meta = match v.ducats[c].filter(|_| v.public_money || v.viewer != Some(c)) {
            Some(d) => tr!(PanelTrackMetaMoney, cards = cards, knights = knights, money = crate::app::newed_log::ducats(d)),
            None => tr!(PanelTrackMeta, cards = cards, knights = knights),
        };
        let pts = el("span").class(if change != 0 { "pts changed" } else { "pts" }).text(score.to_string());
        let pts = if change != 0 { pts.kid(el("small").text(if change > 0 { format!(" +{change}") } else { format!(" {change}") })) } else { pts };
        el("div")
            .class("track-row")
            .attr("data-score", c.name())
            .kid(el("span").class("who").kid(emblem(c)).text(t.name(c)))
            .kid(el("span").class("bar").kid(el("span").class("marker").attr("style", format!("left:{}%", score * 100 / max)).kid(emblem(c))))
            .kid(pts)
            .kid(el("span").class("meta").text(meta))
    });
    let mut out = vec![el("h2").text(tr!(PanelPowerTrack)), el("div").class("chip-scale").kid(el("span").text("0")).kid(el("span").text(max.to_string()))];
    out.extend(rows);
    out.extend(public_notes(&v.alliances, v.neutral));
    out
}

/// The public notes under a score track: alliances, and what the neutral colour is.
pub fn public_notes(alliances: &[(crate::engine::Space, crate::engine::Space)], neutral: Option<Colour>) -> Vec<Node> {
    let mut out = Vec::new();
    if !alliances.is_empty() {
        let list = alliances.iter().map(|(a, b)| format!("{a}–{b}")).collect::<Vec<_>>().join(", ");
        out.push(el("p").class("hint alliances").attr("data-alliances", "").text(tr!(PanelAlliances, list = list)));
    }
    if let Some(n) = neutral {
        out.push(el("p").class("hint").attr("data-neutral-legend", "").kid(emblem(n)).text(tr!(PanelNeutralLegend, colour = crate::app::colour_name(crate::engine::Edition::Classic, n))));
    }
    out
}

/// The power track.
#[component]
pub fn Track(table: Memo<Option<Table>>) -> impl IntoView {
    view! { <super::dom::Dom tree=Memo::new(move |_| table.with(|t| t.as_ref().map(track_tree).unwrap_or_default())) class="panel track"/> }
}

/// The holder's own money and politics cards, and their alliances (private).
fn private_tree(v: &View, name: String) -> Vec<Node> {
    let Some(me) = v.viewer else { return Vec::new() };
    let hand = v.hands[me].clone().unwrap_or_default();
    let unally: Vec<Move> = v.moves.iter().copied().filter(|m| matches!(m, Move::Unally { .. })).collect();
    let buttons = unally_buttons(&unally).into_iter().enumerate().filter_map(|(i, m)| {
        let Move::Unally { a, b, pay, .. } = m else { return None };
        let how = if pay.is_empty() { tr!(String PanelTenDucats) } else { pay.cards().map(card_label).collect::<Vec<_>>().join(" + ") };
        Some(el("button").attr("type", "button").class("unally").attr("data-unally", i.to_string()).text(tr!(PanelEndAlliance, a = a, b = b, how = how)))
    });
    vec![
        el("section")
            .class("panel mine")
            .attr("data-private", me.name())
            .attr("style", format!("border-color:{}", colour_fill(me)))
            .kid(el("h2").kid(emblem(me)).text(tr!(PanelYou, name = name)))
            .kid(el("p").class("money").text(ducats_of(v.ducats[me].unwrap_or(0))))
            .kid(if hand.is_empty() { el("p").class("hand").text(tr!(PanelNoPolitics)) } else { el("ul").class("politics-cards").kids(hand.iter().map(|&c| politics_face(c, v.politics_window.is_some()))) })
            .kids(buttons),
    ]
}

/// A politics card's face: its name and what it does, and when it can't be played now, why.
fn politics_face(c: PoliticsCard, window: bool) -> Node {
    let (what, when) = match c {
        PoliticsCard::Alliance => (tr!(PanelAllianceWhat), (!window).then(|| tr!(PanelPlayAfterDecision))),
        PoliticsCard::Renegade => (tr!(PanelRenegadeWhat), (!window).then(|| tr!(PanelPlayAfterDecision))),
        PoliticsCard::Deeds(_) => (tr!(PanelDeedsWhat), None),
        PoliticsCard::Treasure(_) => (tr!(PanelTreasureWhat), None),
    };
    let help = match when {
        Some(w) => tr!(PanelCardHelpWhen, card = card_label(c), what = what, when = w),
        None => tr!(PanelCardHelp, card = card_label(c), what = what),
    };
    el("li")
        .class("politics-card")
        .attr("tabindex", "0")
        .attr("data-help", help)
        .attr("data-politics-card", c.name())
        .kid(el("b").text(card_label(c)))
        .kid(el("span").text(format!(" {}", tr!(PanelCardWhat, what = what))))
        .kid_opt(when.map(|w| el("small").class("why-not").text(format!(" {w}"))))
}

/// The holder's private panel.
#[component]
pub fn PrivatePanel() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tree = Memo::new(move |_| with_view(ctx, |v, s| private_tree(v, v.viewer.map(|c| s.name(c)).unwrap_or_default())).unwrap_or_default());
    let tap = Callback::new(move |e: web_sys::Element| {
        let Some(i) = super::dom::closest_attr(&e, "data-unally").and_then(|i| i.parse::<usize>().ok()) else { return };
        let m = with_view(ctx, |v, _| unally_buttons(&v.moves.iter().copied().filter(|m| matches!(m, Move::Unally { .. })).collect::<Vec<_>>()).get(i).copied()).flatten();
        if let Some(m) = m {
            ctx.act(m);
        }
    });
    view! { <super::dom::Dom tree=tree class="private-host" on_tap=tap/> }
}

/// The end screen's title and table: a row per player with their points by reason.
pub fn end_tree(title: String, note: Option<&str>, head: &[&str], rows: Vec<(Colour, String, Vec<String>)>) -> Vec<Node> {
    let rows = rows.into_iter().map(|(c, name, cells)| {
        let last = cells.len().saturating_sub(2);
        el("tr")
            .attr("data-final", c.name())
            .kid(el("th").kid(emblem(c)).text(name))
            .kids(cells.into_iter().enumerate().map(|(i, x)| el("td").attr_if(i == last, "class", "total").text(x)))
    });
    let mut out = vec![el("h1").text(title)];
    out.extend(note.map(|n| el("p").text(n)));
    out.push(el("table").class("breakdown").kid(el("thead").kid(el("tr").kid(el("th")).kids(head.iter().map(|h| el("th").text(*h))))).kid(el("tbody").kids(rows)));
    out
}

/// One button per alliance and way of paying (money, or a treasure card the player prefers to spend).
fn unally_buttons(moves: &[Move]) -> Vec<Move> {
    let mut out: Vec<Move> = moves.iter().copied().filter(|m| matches!(m, Move::Unally { .. })).collect();
    out.dedup();
    out
}

/// What a tap's move does, in words (for the choice when a tap could mean several moves).
pub fn pay_label(m: &Move) -> String {
    let cards = |pay: &Treasures| pay.cards().map(card_label).collect::<Vec<_>>().join(" + ");
    match m {
        Move::Knight { pay, at, .. } if pay.is_empty() => tr!(PanelKnightOn, at = at),
        Move::Knight { pay, at, .. } => tr!(PanelKnightOnPaid, at = at, cards = cards(pay)),
        Move::Renegade { pay, place, .. } if pay.is_empty() => tr!(PanelRenegadeTo, at = place),
        Move::Renegade { pay, place, .. } => tr!(PanelRenegadeToPaid, at = place, cards = cards(pay)),
        Move::Expand { at, .. } => tr!(PanelExpandTo, at = at),
        other => other.to_string(),
    }
}

/// The last lines of the game log.
#[component]
pub fn Log(table: Memo<Option<Table>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! { <super::dom::Dom tree=Memo::new(move |_| table.with(|t| t.as_ref().map(|t| log_tree(&t.log)).unwrap_or_default())) class="panel log" on_tap=highlight_tap(ctx)/> }
}

/// Tapping a log line shows its spaces on the board (again: hides them).
pub fn highlight_tap(ctx: Ctx) -> Callback<web_sys::Element> {
    Callback::new(move |e: web_sys::Element| {
        let spaces: Vec<crate::engine::Space> = super::dom::closest_attr(&e, "data-spaces").map(|t| t.split(' ').filter_map(crate::engine::Space::parse).collect()).unwrap_or_default();
        ctx.highlight.update(|h| *h = if *h == spaces { Vec::new() } else { spaces });
    })
}

/// The explanation of the card last tapped or reached with the keyboard (both editions).
#[component]
pub fn CardHelp() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let tree = Memo::new(move |_| {
        ctx.help.get().map_or_else(Vec::new, |h| {
            vec![el("p").class("card-help").attr("role", "status").attr("data-card-help", "").text(h).kid(el("button").attr("type", "button").class("x").attr("aria-label", tr!(PanelClose)).attr("data-close-help", "").text("×"))]
        })
    });
    let tap = Callback::new(move |e: web_sys::Element| {
        if e.closest("[data-close-help]").ok().flatten().is_some() {
            ctx.help.set(None);
        }
    });
    view! { <super::dom::Dom tree=tree class="card-help-host" on_tap=tap/> }
}

/// Shows a card's explanation (`data-help`) when the card is reached with the keyboard
/// (`focus`) or tapped — a tap on one of its buttons acts instead, unless the card is that button.
pub fn card_help(ctx: Ctx, ev: &web_sys::Event, focus: bool) {
    let Some(el) = ev.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok()) else { return };
    let Some(card) = el.closest("[data-help]").ok().flatten() else { return };
    let button = el.closest("button").ok().flatten();
    if focus && !el.matches(":focus-visible").unwrap_or(false) || !focus && button.is_some_and(|b| b != card) {
        return;
    }
    ctx.help.set(card.get_attribute("data-help"));
}

/// The log, newest first (shared by both editions).
pub fn log_tree(lines: &[LogLine]) -> Vec<Node> {
    vec![
        el("h2").text(tr!(PanelGameLog)),
        // Announced as it grows (role log); the list scrolls, so it can take focus.
        el("div").attr("role", "log").attr("aria-label", tr!(PanelGameLog)).kid(el("ol").class("log-lines").attr("tabindex", "0").attr("aria-label", tr!(PanelGameLogList)).kids(lines.iter().rev().take(60).map(|l| {
            let spaces = crate::app::log::spaces_in(&l.text).iter().map(|s| s.to_string()).collect::<Vec<_>>().join(" ");
            el("li")
                .attr("style", l.colour.map(|c| format!("border-left-color:{}", colour_fill(c))).unwrap_or_default())
                .attr_if(!spaces.is_empty(), "data-spaces", spaces)
                .kid_opt(l.colour.map(emblem))
                .text(l.text.clone())
        }))),
    ]
}

/// Every player's score over the rounds or turns (`unit`: `"rounds"` or `"turns"`, named in the
/// player's language), with the King chip's line when it is near the scores reached. Lines of
/// tied players are offset a little so none hides another.
pub fn score_plot(history: &[crate::engine::ByColour<u32>], players: &[Colour], chip: Option<u32>, unit: &str) -> AnyView {
    let (label, axis) = if unit == "turns" { (tr!(PanelPlotTurns), tr!(PanelAxisTurns)) } else { (tr!(PanelPlotRounds), tr!(PanelAxisRounds)) };
    let top = history.iter().flat_map(|h| players.iter().map(|&c| h[c])).max().unwrap_or(0) as i32;
    let chip = chip.map(|c| c as i32).filter(|&c| c <= top.max(10) * 2);
    let max = (top.max(10) * 23 / 20).max(chip.map_or(0, |c| c * 21 / 20)).max(1);
    let (w, h) = (600, 240);
    let n = (history.len() as i32 - 1).max(1);
    let y = move |v: i32| h - 20 - v * (h - 40) / max;
    let lines = players
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let off = k as i32 * 2;
            let pts: Vec<String> = history.iter().enumerate().map(|(i, sc)| format!("{},{}", 30 + i as i32 * (w - 40) / n, y(sc[c] as i32) - off)).collect();
            // Each line ends in its colour's emblem (colour is never the only signal).
            let (ex, ey) = (30 + (history.len() as i32 - 1).max(0) * (w - 40) / n, history.last().map_or(y(0), |sc| y(sc[c] as i32) - off));
            let end = format!(
                r##"<circle cx="{ex}" cy="{ey}" r="8" fill="{}" stroke="#1c1512"/><use href="#em-{}" x="{}" y="{}" width="12" height="12" color="{}"/>"##,
                colour_fill(c),
                c.name(),
                ex - 6,
                ey - 6,
                super::board::emblem_ink(c)
            );
            view! { <polyline class="plot-line" points=pts.join(" ") stroke=colour_fill(c)/><g inner_html=end></g> }
        })
        .collect_view();
    view! {
        <svg class="plot" viewBox=format!("0 0 {w} {h}") role="img" aria-label=label>
            <line class="axis" x1="30" y1=h - 20 x2=w - 10 y2=h - 20/>
            <line class="axis" x1="30" y1="20" x2="30" y2=h - 20/>
            {chip.map(|c| view! {
                <line class="chip-line" x1="30" y1=y(c) x2=w - 10 y2=y(c)/>
                <text x="34" y=y(c) - 4 class="plot-label">{tr!(PanelPlotKingChip, n = c)}</text>
            })}
            <text x="4" y=h - 20 class="plot-label">"0"</text>
            <text x="4" y=y(top) + 4 class="plot-label">{top}</text>
            <text x=w - 80 y=h - 4 class="plot-label">{axis}</text>
            {lines}
        </svg>
    }
    .into_any()
}

/// "Since your turn": the log lines of what the others did while the holder didn't hold the
/// device (the board marks the new borders and pieces too), until the holder acts.
pub fn since_tree(lines: &[LogLine], from: Option<usize>) -> Vec<Node> {
    let Some(from) = from else { return Vec::new() };
    let new = lines.get(from..).unwrap_or_default();
    if new.is_empty() {
        return Vec::new();
    }
    let skipped = new.len().saturating_sub(8);
    let mut list = el("ul");
    if skipped > 0 {
        list = list.kid(el("li").text(if skipped == 1 { tr!(PanelSinceEarlierOne, n = skipped) } else { tr!(PanelSinceEarlierMany, n = skipped) }));
    }
    list = list.kids(new[skipped..].iter().map(|l| el("li").text(l.text.clone())));
    vec![el("div").class("panel since").attr("data-since", "").kid(el("h2").text(tr!(PanelSinceTitle))).kid(list)]
}

/// The compact score strip that stays in view in portrait: each player's colour, name and score.
pub fn strip_tree(players: &[(Colour, String, u32)]) -> Vec<Node> {
    vec![el("div").class("score-strip").attr("data-score-strip", "").kids(players.iter().map(|(c, name, score)| {
        el("span").kid(emblem(*c)).text(format!("{name} {score}"))
    }))]
}

/// "12 ducats" (the amount in the player's own panel and in an offer).
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
