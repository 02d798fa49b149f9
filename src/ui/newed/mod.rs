//! The New Edition's game screen: the board with the prompt and the step's controls, the
//! holder's secret hand, the deck and the market, the score track and the log.

use super::ctx::{plain, Choice, Ctx};
use super::seats::SeatBar;
use super::tree::{tappable, tree};
use super::widgets::{confirm_label, staging, GameFrame};
use crate::app::panels::newed::{hand, hand_choice, market, mines, players, refill, HandTap, MarketTap};
use crate::app::table::{Command, Table};
use crate::app::targets::Mode;
use crate::engine::newed::view::PhaseView;
use crate::engine::newed::{Game, Move};
use crate::tr;
use leptos::prelude::*;


/// The screen while a player holds the device (or computers think).
#[component]
pub fn GameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let info = Signal::derive(move || {
        ctx.with_table(|t: &Table<Game>| {
            let v = &t.view;
            if v.final_phase {
                tr!(PanelNewInfoFinal, chip = v.king_chip, borders = v.borders_in_stock)
            } else {
                tr!(PanelNewInfo, cards = v.deck_left, chip = v.king_chip, borders = v.borders_in_stock)
            }
        })
        .unwrap_or_default()
    });
    let controls = view! {
        {tree("money-host", move || ctx.table.with(|t| crate::app::panels::own_money(t.as_ref().and_then(|t| t.own_money()))))}
        <SeatBar/>
        <Controls/>
        {tappable("hand-choice", move || ctx.mark_hinted(ctx.with_table(hand_choice).unwrap_or_default()), move |HandTap(m)| ctx.send(Command::Act(m)))}
        {tappable("refill-host", move || ctx.mark_hinted(ctx.with_table(refill).unwrap_or_default()), move |MarketTap(m)| ctx.send(Command::Act(m)))}
    }
    .into_any();
    let side = view! {
        {tree("hand-host", move || ctx.with_table(hand).unwrap_or_default())}
        {tree("panel market", move || ctx.with_table(market).unwrap_or_default())}
        {tree("panel track", move || ctx.with_table(players).unwrap_or_default())}
        {tree("panel mines", move || ctx.with_table(|_: &Table<Game>| mines()).unwrap_or_default())}
    }
    .into_any();
    view! { <GameFrame class="game new-edition" info=info side_label=tr!(PanelSideNew) controls=controls side=side/> }
}

/// What the controls show.
#[derive(Clone, PartialEq, Debug)]
struct State {
    /// Moves staged; the holder's part complete.
    staged: bool,
    must: bool,
    /// Looking at the card drawn.
    review: bool,
    /// The device goes to another person after this step ("Done — pass the device").
    passes: bool,
    /// Ending the card's action early.
    done: Option<Move>,
}

/// Staging, choices and the end of an action.
#[component]
fn Controls() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let state = Memo::new(move |_| {
        ctx.with_table(|t: &Table<Game>| {
            let done = match t.view.phase {
                PhaseView::Perform { by, .. } if !t.step.must_confirm && t.playing() == Some(by) => Some(Move::Done { by }).filter(|m| t.view.moves.contains(m)),
                _ => None,
            };
            State { staged: t.step.staged > 0, must: t.step.must_confirm, review: t.step.review && t.playing().is_some(), passes: t.passes(), done }
        })
    });
    let choice = move || match ctx.choice.get() {
        Choice::New(moves) => Some(view! {
            <div class="row region-choice" role="group" aria-label=tr!(PanelWhichRegion)>
                {moves.into_iter().filter_map(|m| match m {
                    Move::Expand { castle: Some(c), .. } => Some(view! { <button type="button" data-region=c.to_string() on:click=move |_| ctx.send(Command::Act(m))>{tr!(PanelRegionOf, castle = c)}</button> }),
                    _ => None,
                }).collect_view()}
                <button type="button" data-cancel="" on:click=move |_| ctx.cancel()>{tr!(PanelCancel)}</button>
            </div>
        }),
        _ => None,
    };
    let body = move || {
        let Some(s) = state.get() else { return ().into_any() };
        view! {
            {(ctx.mode.get() != Mode::Normal).then(|| view! { <div class="row"><button type="button" data-cancel="" on:click=move |_| ctx.cancel()>{tr!(PanelChooseAgain)}</button></div> })}
            {if s.staged {
                Some(staging(ctx, confirm_label(ctx, s.must), s.must).into_any())
            } else if s.review {
                Some(view! { <div class="row"><button type="button" class="primary" data-pass="" on:click=move |_| ctx.send(plain(Command::EndReview))>{if s.passes { tr!(PanelDonePass) } else { tr!(PanelDone) }}</button></div> }.into_any())
            } else {
                None
            }}
            {s.done.map(|m| view! { <div class="row"><button type="button" class="done" data-done="" on:click=move |_| ctx.send(Command::Act(m))>{tr!(PanelEndTheAction)}</button></div> })}
        }
        .into_any()
    };
    view! { <div class="controls">{choice}{body}</div> }
}
