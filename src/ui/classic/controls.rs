//! Classic's controls of the current step: a choice a tap asked for, confirm or take back,
//! politics cards with a decision, ending an action, and the step's own buttons — laying
//! decision cards, negotiating, a sealed bid, the politics piles.

use crate::app::log::classic::{action_help, action_text, bid_text, card_label};
use crate::app::panels::classic::{action_art, choice_label, pile_counts, politics_card_face, politics_what};
use crate::app::panels::{art, ducats_of, own_money};
use crate::app::table::{Command, Table};
use crate::app::tree::{html, Node};
use crate::app::targets::classic::mode_notice;
use crate::app::targets::Mode;
use crate::engine::classic::game::Game;
use crate::engine::Colour;
use crate::engine::classic::{CardFace, Move, PhaseView, PoliticsCard, Treasures};
use crate::tr;
use crate::ui::ctx::{plain, Choice, Ctx};
use crate::ui::seats::SeatBar;
use crate::ui::tree::tree;
use crate::ui::widgets::{confirm_label, staging};
use leptos::prelude::*;

/// What the controls show, derived from the table (so they are drawn again only when it changes).
#[derive(Clone, PartialEq, Debug)]
enum Part {
    /// A computer thinks, or nobody holds the device.
    Nothing,
    /// Confirm or take back; `must`: the holder's part is complete.
    Staging { pending: bool, must: bool },
    /// Alliance and Renegade may be played with the decision just laid.
    Politics { ally: bool, renegade: bool, done: Option<Move> },
    /// The step's own controls.
    Step,
}

fn part(t: &Table<Game>) -> Part {
    if t.playing().is_none() {
        return Part::Nothing;
    }
    if t.step.staged > 0 || t.step.pending {
        return Part::Staging { pending: t.step.pending, must: t.step.must_confirm };
    }
    let v = &t.view;
    if t.step.offer {
        let has = |f: &dyn Fn(&Move) -> bool| v.moves.iter().any(f);
        let done = v.moves.iter().copied().find(|m| matches!(m, Move::Done { .. }) && matches!(v.phase, PhaseView::Choosing { .. }));
        return Part::Politics { ally: has(&|m| matches!(m, Move::Alliance { .. })), renegade: has(&|m| matches!(m, Move::Renegade { .. })), done };
    }
    Part::Step
}

/// The controls of the current step (everything that is not a tap on the board).
#[component]
pub fn Controls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let part = Memo::new(move |_| ctx.with_table(part).unwrap_or(Part::Nothing));
    let choice = move || match ctx.choice.get() {
        Choice::Classic(moves) => Some(view! {
            <div class="row pay-choice" role="group" aria-label=tr!(PanelHowToPay)>
                {moves.into_iter().map(|m| view! { <button type="button" data-pay=m.to_string() on:click=move |_| ctx.send(Command::Act(m))>{choice_label(&m)}</button> }).collect_view()}
                <button type="button" on:click=move |_| ctx.cancel()>{tr!(PanelCancel)}</button>
            </div>
        }),
        _ => None,
    };
    let body = move || match part.get() {
        Part::Nothing => ().into_any(),
        Part::Staging { pending, must } => {
            let label = if pending { tr!(String PanelConfirmNextCard) } else { confirm_label(ctx, must) };
            view! { {staging(ctx, label, must)} {(!must).then(|| view! { <StepControls/><Extras/> })} }.into_any()
        }
        Part::Politics { ally, renegade, done } => {
            let pick = move |m: Mode| {
                ctx.mode.set(m);
                ctx.notice.set(Some(mode_notice(m)));
            };
            let mode = ctx.mode.get();
            let (allying, renegading) = (matches!(mode, Mode::AllianceOwn | Mode::AllianceOther(_)), matches!(mode, Mode::RenegadeRemove | Mode::RenegadePlace(_)));
            view! {
                <div class="row politics">
                    {ally.then(|| view! { <button type="button" class=if allying { "active" } else { "" } on:click=move |_| pick(Mode::AllianceOwn)>{tr!(PanelPlayAlliance)}</button> })}
                    {renegade.then(|| view! { <button type="button" class=if renegading { "active" } else { "" } on:click=move |_| pick(Mode::RenegadeRemove)>{tr!(PanelPlayRenegade)}</button> })}
                    {(mode != Mode::Normal).then(|| view! { <button type="button" on:click=move |_| ctx.cancel()>{tr!(PanelCancel)}</button> })}
                    <button type="button" class="primary" data-politics-pass="" data-hinted=move || ctx.hinted("data-politics-pass", "") on:click=move |_| {
                        ctx.cancel();
                        // When nothing else is asked before the game ends, passing is a move of its own.
                        match done { Some(m) => ctx.send(Command::Act(m)), None => ctx.send(plain(Command::Pass)) }
                    }>{tr!(PanelContinueWithout)}</button>
                </div>
            }
            .into_any()
        }
        Part::Step => view! { <StepControls/><Extras/> }.into_any(),
    };
    view! { <div class="controls">{tree("money-host", move || ctx.table.with(|t| own_money(t.as_ref().and_then(|t| t.own_money()))))}<SeatBar/>{choice}{body}</div> }
}

/// Below the board while performing: the forest's cost, and ending the action early.
#[component]
fn Extras() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let state = Memo::new(move |_| {
        ctx.with_table(|t: &Table<Game>| {
            let v = &t.view;
            let forest_only = matches!(v.phase, PhaseView::Perform { knights_placed: Some(_), .. }) && {
                let forest: Vec<&Move> = v.moves.iter().filter(|m| matches!(m, Move::Knight { pay, .. } if !pay.is_empty())).collect();
                !forest.is_empty() && !v.moves.iter().any(|m| matches!(m, Move::Knight { pay, at, .. } if pay.is_empty() && forest.iter().any(|f| matches!(f, Move::Knight { at: a, .. } if a == at))))
            };
            let done = v.moves.iter().copied().find(|m| matches!(m, Move::Done { .. })).filter(|_| matches!(v.phase, PhaseView::Perform { .. }));
            // Ending the politics action before a pile is opened gives up the card it was won for.
            let gives_up = matches!(v.phase, PhaseView::Perform { borders_left: None, knights_placed: None, opened: None, .. });
            (forest_only, done, t.step.staged > 0, gives_up)
        })
        .unwrap_or((false, None, false, false))
    });
    // Asking before the politics card is given up (the question goes with the step it was for).
    let asking = RwSignal::new(false);
    Effect::new(move |_| {
        state.track();
        asking.set(false);
    });
    move || {
        let (forest, done, staged, gives_up) = state.get();
        let end = move |m: Move| {
            if gives_up && !asking.get_untracked() {
                asking.set(true);
            } else {
                asking.set(false);
                ctx.send(Command::Act(m));
            }
        };
        view! {
            {forest.then(|| view! { <p class="hint">{tr!(PanelForestHint)}</p> })}
            {done.map(|m| if asking.get() {
                view! {
                    <div class="row give-up" role="group" aria-label=tr!(StepGiveUpAsk) data-give-up-ask="">
                        <span>{tr!(StepGiveUpAsk)}</span>
                        <button type="button" class="danger" data-give-up="" on:click=move |_| end(m)>{tr!(StepGiveUp)}</button>
                        <button type="button" data-keep-action="" on:click=move |_| asking.set(false)>{tr!(StepKeepAction)}</button>
                    </div>
                }
                .into_any()
            } else {
                view! { <div class="row"><button type="button" class="done" data-end-action="" on:click=move |_| end(m)>{if staged { tr!(PanelEndActionEarly) } else { tr!(PanelEndAction) }}</button></div> }.into_any()
            })}
        }
    }
}

/// The step's own buttons: laying decision cards, negotiating, a sealed bid, the politics piles.
#[component]
fn StepControls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let step = Memo::new(move |_| {
        ctx.with_table(|t: &Table<Game>| {
            let (Some(by), v) = (t.playing(), &t.view) else { return None };
            Some(match &v.phase {
                PhaseView::Choosing { cards, .. } if v.moves.iter().any(|m| matches!(m, Move::Decide { .. })) => match v.card.map(|c| c.face()) {
                    Some(CardFace::Actions(a)) => Step::Decide { by, cards: *cards as usize, actions: a.to_vec() },
                    _ => return None,
                },
                PhaseView::Negotiation { pair, last, standing, .. } => {
                    let other = if pair[0] == by { pair[1] } else { pair[0] };
                    let me = usize::from(pair[0] != by);
                    let offers: Vec<u32> = v.moves.iter().filter_map(|m| if let Move::Offer { amount, .. } = m { Some(*amount) } else { None }).collect();
                    Step::Negotiate { by, other: (other, t.name(other)), me: t.name(by), last: [last[me], last[1 - me]], standing: *standing, offers }
                }
                PhaseView::Duel { .. } => Step::Bid { by, max: v.ducats[by].unwrap_or(0), held: Treasures::in_hand(v.hands[by].as_deref().unwrap_or(&[])) },
                PhaseView::Perform { opened, borders_left: None, knights_placed: None, .. } => match (opened, &v.opened_pile) {
                    (Some(_), Some((pile, cards))) => Step::Pile { by, pile: *pile, cards: pile_counts(cards) },
                    _ => Step::Piles { by, sizes: v.piles },
                },
                _ => return None,
            })
        })
        .flatten()
    });
    move || match step.get() {
        Some(Step::Decide { by, cards, actions }) => view! { <Decide by=by cards=cards actions=actions/> }.into_any(),
        Some(Step::Negotiate { by, other, me, last, standing, offers }) => view! { <Negotiate by=by other=other me=me last=last standing=standing offers=offers/> }.into_any(),
        Some(Step::Bid { by, max, held }) => view! { <Bid by=by max=max held=held/> }.into_any(),
        Some(Step::Pile { by, pile, cards }) => view! {
            <div class="pile-open" data-private=by.name()>
                <p>{tr!(PanelPileTake, pile = pile)}</p>
                <div class="row cards">{cards.into_iter().map(|(c, n)| {
                    let mut face = politics_card_face(c, &politics_what(c));
                    let label = if n > 1 {
                        face.push(crate::app::tree::el("span").class("card-count").attr("data-count", n.to_string()).text(format!("×{n}")));
                        tr!(StepCardCount, card = card_label(c), n = n)
                    } else {
                        card_label(c)
                    };
                    view! { <button type="button" class="card politics-card" data-take=c.name() data-hinted=move || ctx.hinted("data-take", c.name()) aria-label=label inner_html=art_html(&face) on:click=move |_| ctx.send(Command::Act(Move::Take { by, pile, card: c }))></button> }
                }).collect_view()}</div>
            </div>
        }
        .into_any(),
        Some(Step::Piles { by, sizes }) => view! {
            <div class="row piles">
                {[1u8, 2].map(|p| {
                    let n = sizes[p as usize - 1];
                    let label = if n == 1 { tr!(PanelLookPileOne, pile = p, n = n) } else { tr!(PanelLookPileMany, pile = p, n = n) };
                    view! { <button type="button" data-open-pile=p.to_string() data-hinted=move || ctx.hinted("data-open-pile", p) disabled=n == 0 on:click=move |_| ctx.send(Command::Act(Move::Open { by, pile: p }))>{label}</button> }
                })}
            </div>
        }
        .into_any(),
        None => ().into_any(),
    }
}

/// The step's own controls, as the table gives them.
#[derive(Clone, PartialEq, Debug)]
enum Step {
    Decide { by: Colour, cards: usize, actions: Vec<crate::engine::classic::Action> },
    Negotiate { by: Colour, other: (Colour, String), me: String, last: [Option<u32>; 2], standing: Option<u32>, offers: Vec<u32> },
    Bid { by: Colour, max: u32, held: Treasures },
    /// The pile looked through: each kind of card once, with how many of it the pile holds.
    Pile { by: Colour, pile: u8, cards: Vec<(PoliticsCard, usize)> },
    Piles { by: Colour, sizes: [usize; 2] },
}

/// Laying one or two decision cards: tap the actions, then lay them.
#[component]
fn Decide(by: Colour, cards: usize, actions: Vec<crate::engine::classic::Action>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let chosen = RwSignal::new(Vec::<u8>::new());
    let toggle = move |i: u8| {
        chosen.update(|c| {
            if let Some(p) = c.iter().position(|&x| x == i) {
                c.remove(p);
            } else if c.len() < cards {
                c.push(i);
            } else if cards == 1 {
                *c = vec![i];
            }
        })
    };
    let lay = move |_| {
        let c = chosen.get_untracked();
        if c.len() == cards {
            // A refused choice (the lesson's step) starts again from no cards chosen.
            chosen.set(Vec::new());
            ctx.send(Command::Act(Move::Decide { by, first: c[0], second: c.get(1).copied() }));
        }
    };
    move || {
        let c = chosen.get();
        view! {
            <div class="decide">
                <div class="row">
                    {(1..=3u8).map(|i| {
                        let a = actions[i as usize - 1];
                        view! {
                            <button type="button" class=if c.contains(&i) { "decision active" } else { "decision" } data-decision=i.to_string() data-hinted=move || ctx.hinted("data-decision", i) data-help=action_help(a) on:click=move |_| toggle(i)>
                                <span class="art-host" inner_html=art_html(&[art(action_art(a))])></span><b>{i}</b>{format!(" {}", action_text(a))}
                            </button>
                        }
                    }).collect_view()}
                </div>
                <div class="row">
                    <button type="button" class="primary" data-confirm-decision=cards.to_string() disabled=c.len() != cards on:click=lay>
                        {if cards == 2 { tr!(PanelLayTwo) } else { tr!(PanelLayOne) }}
                    </button>
                </div>
            </div>
        }
    }
}

/// Negotiating: the last offers, an offer of ducats, accepting the other's, breaking off.
#[component]
fn Negotiate(by: Colour, other: (Colour, String), me: String, last: [Option<u32>; 2], standing: Option<u32>, offers: Vec<u32>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let (min, max) = (offers.first().copied().unwrap_or(0), offers.last().copied().unwrap_or(0));
    let amount = RwSignal::new(min);
    // A hint's offer is set here, so the lit "Offer" offers what the hint says.
    Effect::new(move |_| {
        if let Some(n) = ctx.hint.with(|h| h.as_ref().and_then(|h| h.money())) {
            amount.set(n.clamp(min, max));
        }
    });
    let shown = |x: Option<u32>| x.map_or(tr!(String PanelOfferNone), |x| x.to_string());
    view! {
        <div class="negotiate">
            <p>{tr!(PanelLastOffers, me = me, mine = shown(last[0]), other = other.1.clone(), theirs = shown(last[1]))}</p>
            {(!offers.is_empty()).then(|| view! {
                <div class="row">
                    <button type="button" aria-label=tr!(PanelLess) data-less="" on:click=move |_| amount.update(|a| *a = a.saturating_sub(1).max(min))>"−"</button>
                    <span class="amount" data-private=by.name() data-stake=move || amount.get().to_string() data-hinted=move || ctx.hinted("data-stake", amount.get())>{move || ducats_of(amount.get())}</span>
                    <button type="button" aria-label=tr!(PanelMore) data-more-money="" on:click=move |_| amount.update(|a| *a = (*a + 1).min(max))>"+"</button>
                    <button type="button" class="primary" data-offer="" data-hinted=move || ctx.hinted("data-offer", "").and(ctx.hinted("data-stake", amount.get())) on:click=move |_| ctx.send(Command::Act(Move::Offer { by, amount: amount.get_untracked() }))>{tr!(PanelOffer)}</button>
                </div>
            })}
            <div class="row">
                {standing.map(|x| view! { <button type="button" data-accept="" data-hinted=move || ctx.hinted("data-accept", "") on:click=move |_| ctx.send(Command::Act(Move::Accept { by }))>{tr!(PanelAccept, amount = x, name = other.1.clone())}</button> })}
                <button type="button" data-duel="" data-hinted=move || ctx.hinted("data-duel", "") on:click=move |_| ctx.send(Command::Act(Move::Duel { by }))>{tr!(PanelBreakOff)}</button>
            </div>
        </div>
    }
}

/// A sealed duel bid: money (typed or stepped) and any treasure cards.
#[component]
fn Bid(by: Colour, max: u32, held: Treasures) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let money = RwSignal::new(0u32);
    let treasures = RwSignal::new(Treasures::NONE);
    // A hint's bid is set here, so the lit "Seal" bids what the hint says.
    Effect::new(move |_| {
        if let Some((m, t)) = ctx.hint.with(|h| h.as_ref().and_then(|h| Some((h.money()?, h.treasures())))) {
            money.set(m.min(max));
            treasures.set(Treasures(t.0 & held.0));
        }
    });
    // The seal is lit while the bid is the hint's.
    let lit = move |m: u32, t: Treasures| ctx.hint.with(|h| h.as_ref().is_some_and(|h| h.money() == Some(m) && h.treasures() == t)).then_some("");
    view! {
        <div class="bid" data-private=by.name()>
            <div class="row">
                <button type="button" aria-label=tr!(PanelLess) data-bid-less="" on:click=move |_| money.update(|a| *a = a.saturating_sub(1))>"−"</button>
                <input type="number" aria-label=tr!(PanelBidInput) min="0" max=max.to_string() data-bid-amount="" data-stake=move || money.get().to_string() data-hinted=move || ctx.hinted("data-stake", money.get()) prop:value=move || money.get().to_string()
                    on:input=move |ev| money.set(event_target_value(&ev).parse::<u32>().unwrap_or(0).min(max))/>
                <button type="button" aria-label=tr!(PanelMore) data-bid-more="" on:click=move |_| money.update(|a| *a = (*a + 1).min(max))>"+"</button>
                <span>{tr!(PanelBidOfMax, max = max)}</span>
            </div>
            {move || {
                let (m, t) = (money.get(), treasures.get());
                view! {
                    <div class="row">
                        {held.cards().map(|c| {
                            let bit = c.treasure_bit().unwrap_or(0);
                            view! { <button type="button" class=if t.0 & bit != 0 { "active" } else { "" } data-treasure-bit=bit.to_string() data-hinted=move || ctx.hinted("data-treasure-bit", bit) on:click=move |_| treasures.update(|t| t.0 ^= bit)>{format!("+ {}", card_label(c))}</button> }
                        }).collect_view()}
                    </div>
                    <div class="row">
                        <button type="button" class="primary" data-seal-bid="" data-hinted=move || ctx.hinted("data-seal-bid", "").and(lit(m, t)) on:click=move |_| ctx.send(Command::Act(Move::Bid { by, money: m, treasures: t }))>{tr!(PanelSealBid, bid = bid_text(m, t))}</button>
                    </div>
                }
            }}
        </div>
    }
}

/// A card's face drawn by the app's trees, as markup for a button (it holds no taps of its own).
fn art_html(nodes: &[Node<()>]) -> String {
    html(nodes).0
}

