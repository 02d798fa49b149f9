//! "Your games": the games played to their end on this device, with statistics per name
//! (`app::history` builds the screen as a tree; `storage` keeps the games). Replay opens the
//! replay screen (closing it comes back here), export downloads the record, delete can be
//! undone while the screen is open. Another tab's changes show at once (storage events).

use super::ctx::Ctx;
use super::page::{download, record_file_name};
use super::replay::open_replay;
use super::storage;
use super::tree::tappable;
use crate::app::history::{screen, summary, GamesTap, Kept};
use leptos::prelude::*;

/// The "Your games" screen.
#[component]
pub fn GamesScreen() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    // The screen opens at its top (the start screen may have been scrolled down to its button).
    if let Some(w) = web_sys::window() {
        w.scroll_to_with_x_and_y(0.0, 0.0);
    }
    // Deleted while the screen is open: id, the stored text, its summary.
    let deleted = RwSignal::new(Vec::<(String, String, String)>::new());
    let dropped = RwSignal::new(storage::history_dropped());
    let notice = RwSignal::new(None::<String>);
    let nodes = move || {
        ctx.saves_changed.track();
        ctx.lang.track();
        let gone: Vec<(String, String)> = deleted.with(|d| d.iter().map(|(id, _, s)| (id.clone(), s.clone())).collect());
        screen(&storage::history(), &super::start::when, &gone, dropped.get(), notice.get().as_deref())
    };
    let tap = move |t: GamesTap| {
        notice.set(None);
        match t {
            GamesTap::Back => ctx.games.set(false),
            GamesTap::Replay(id) => match storage::kept(&id) {
                Some(e) => {
                    if !open_replay(ctx, &e.record) {
                        notice.set(ctx.start_message.get_untracked());
                    }
                }
                None => ctx.saves_changed.update(|n| *n += 1),
            },
            GamesTap::Export(id) => {
                if let Some(e) = storage::kept(&id)
                    && let Err(why) = download(&record_file_name(&id), &e.record)
                {
                    notice.set(Some(why));
                }
            }
            GamesTap::Delete(id) => {
                let line = match storage::kept(&id) {
                    Some(e) => summary(&e, &super::start::when(e.ended)),
                    None => storage::history().into_iter().find_map(|k| if let Kept::Broken { id: b, reason } = k { (b == id).then(|| crate::tr!(HistoryBroken, why = reason)) } else { None }).unwrap_or_default(),
                };
                if let Some(text) = storage::forget(&id) {
                    deleted.update(|d| d.push((id, text, line)));
                }
                ctx.saves_changed.update(|n| *n += 1);
            }
            GamesTap::Undo(id) => {
                deleted.update(|d| {
                    if let Some(i) = d.iter().position(|x| x.0 == id) {
                        let (id, text, _) = d.remove(i);
                        storage::restore_kept(&id, &text);
                    }
                });
                ctx.saves_changed.update(|n| *n += 1);
            }
            GamesTap::Seen => {
                storage::history_dropped_seen();
                dropped.set(0);
            }
        }
    };
    view! { <div class="games" data-games-screen="">{tappable("games-tree", nodes, tap)}</div> }
}
