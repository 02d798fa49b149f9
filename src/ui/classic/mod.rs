//! Classic's game screen: the board with the prompt and the step's controls, the holder's own
//! panel, the action card, the power track and the log.

mod controls;

use super::ctx::Ctx;
use super::tree::{tappable, tree};
use super::widgets::GameFrame;
use crate::app::panels::classic::{action_card, private, track, Unally};
use crate::app::table::{Command, Table};
use crate::engine::classic::game::Game;
use crate::tr;
use leptos::prelude::*;


/// The screen while a player holds the device (or computers think).
#[component]
pub fn GameScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let info = Signal::derive(move || {
        ctx.with_table(|t: &Table<Game>| {
            let v = &t.view;
            match v.next_stack {
                Some(l) => tr!(PanelInfo, round = v.round, left = v.deck_left, stack = l, borders = v.borders_in_stock),
                None => tr!(PanelInfoNoCards, round = v.round, borders = v.borders_in_stock),
            }
        })
        .unwrap_or_default()
    });
    let side = view! {
        {tappable("private-host", move || ctx.with_table(private).unwrap_or_default(), move |Unally(m)| ctx.send(Command::Act(m)))}
        {tree("panel action-card", move || ctx.with_table(action_card).unwrap_or_default())}
        {tree("panel track", move || ctx.with_table(track).unwrap_or_default())}
    }
    .into_any();
    view! { <GameFrame class="game classic" info=info side_label=tr!(PanelSideClassic) controls=view! { <controls::Controls/> }.into_any() side=side/> }
}
