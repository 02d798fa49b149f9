//! Stepping through a record (public information only), either edition: opened from a file,
//! pasted text or a replay link.

use super::board::Board;
use super::ctx::Ctx;
use super::tree::tree;
use super::widgets::card_help;
use crate::app::panels::{self, classic, newed};
use crate::app::share::{packed_record, record_text, MAX_RECORD_BYTES};
use crate::app::targets::Mode;
use crate::app::tree::Node;
use crate::app::{AnyReplay, AnyTable};
use crate::tr;
use leptos::prelude::*;

/// Opens a record as a replay, or says why it can't be.
pub fn open_replay(ctx: Ctx, text: &str) -> bool {
    match AnyReplay::open(text) {
        Ok(r) => {
            ctx.start_message.set(None);
            ctx.replay.set(Some(r));
            true
        }
        Err(e) => {
            ctx.start_message.set(Some(tr!(ScreenRecordCantOpen, why = e)));
            false
        }
    }
}

/// Opens a `?record=` link (inflated by the browser, at most [`MAX_RECORD_BYTES`]).
pub fn open_replay_link(ctx: Ctx, param: &str) {
    let packed = packed_record(param);
    if packed.is_ok() && !super::page::can_pack() {
        return ctx.start_message.set(Some(tr!(String ScreenNoCompression)));
    }
    leptos::task::spawn_local(async move {
        let text = match packed {
            Ok(p) => record_text(super::page::inflate(&p, MAX_RECORD_BYTES).await),
            Err(e) => Err(e),
        };
        match text {
            Ok(text) => {
                open_replay(ctx, &text);
            }
            Err(e) => ctx.start_message.set(Some(tr!(ScreenReplayLinkCantOpen, why = e))),
        }
    });
}

/// Stepping through a record, either edition.
#[component]
pub fn ReplayScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let table = Memo::new(move |_| {
        ctx.lang.track();
        ctx.replay.with(|r| r.as_ref().map(AnyReplay::table))
    });
    let board = Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.board(Mode::Normal, Vec::new()))));
    let go = move |f: fn(usize, usize) -> usize| {
        ctx.replay.update(|r| {
            if let Some(r) = r {
                let to = f(r.at(), r.len());
                r.go_to(to);
            }
        })
    };
    let status = move || {
        ctx.lang.track();
        ctx.replay.with(|r| r.as_ref().map(AnyReplay::status))
    };
    let over = move || ctx.replay.with(|r| r.as_ref().is_some_and(|r| r.is_over()));
    let is_new = move || table.with(|t| matches!(t, Some(AnyTable::New(_))));
    // The side panels: Classic's action card and track, or the New Edition's track and market;
    // then the log.
    let first = move || {
        table.with(|t| match t {
            Some(AnyTable::Classic(t)) => classic::action_card(t),
            Some(AnyTable::New(t)) => newed::players(t),
            None => Vec::new(),
        })
    };
    let second = move || -> Vec<Node> {
        table.with(|t| match t {
            Some(AnyTable::Classic(t)) => classic::track(t),
            Some(AnyTable::New(t)) => newed::market(t).into_iter().map(|n| n.map(&|_| ())).collect(),
            None => Vec::new(),
        })
    };
    let log = move || table.with(|t| t.as_ref().map(|t| panels::log(t.log().0, t.names()).into_iter().map(|n| n.map(&|_| ())).collect()).unwrap_or_default());
    view! {
        <div class="game replay" data-replay="" on:focusin=move |ev| card_help(ctx, &ev, true) on:click=move |ev| card_help(ctx, &ev, false)>
            <header class="topbar">
                <h1 class="title">{tr!(ScreenReplayTitle)}</h1>
                <span class="info" data-replay-status="">{status}</span>
                <button type="button" class="menu" data-replay-close="" on:click=move |_| ctx.replay.set(None)>{tr!(ScreenClose)}</button>
            </header>
            <div class="layout">
                <section class="board-area">
                    <div class="row replay-controls" role="group" aria-label=tr!(ScreenStepThrough)>
                        <button type="button" aria-label=tr!(ScreenToStart) data-replay-first="" on:click=move |_| go(|_, _| 0)>"|◀"</button>
                        <button type="button" aria-label=tr!(ScreenBack) data-replay-back="" on:click=move |_| go(|a, _| a.saturating_sub(1))>"◀"</button>
                        <button type="button" aria-label=tr!(ScreenForward) data-replay-next="" on:click=move |_| go(|a, _| a + 1)>"▶"</button>
                        <button type="button" aria-label=tr!(ScreenToEnd) data-replay-last="" on:click=move |_| go(|_, n| n)>"▶|"</button>
                        {move || over().then(|| view! { <span class="chip over" data-replay-over="">{tr!(ScreenGameOver)}</span> })}
                    </div>
                    <div class="board-box"><Board model=board/></div>
                </section>
                <aside class="side">
                    {move || if is_new() {
                        view! { {tree("panel track", first)}{tree("panel market", second)} }.into_any()
                    } else {
                        view! { {tree("panel action-card", first)}{tree("panel track", second)} }.into_any()
                    }}
                    {tree("panel log", log)}
                </aside>
            </div>
        </div>
    }
}
