//! The in-game rules reference of both editions. Its text lives in `assets/rules-classic.html`
//! and `assets/rules-new.html` (our own words, saying what the engine does: shared/RULES.md is
//! binding), fetched when the dialog opens and precached by the service worker for offline play,
//! so the first load doesn't carry it.

use crate::engine::Edition;
use crate::tr;
use leptos::prelude::*;

/// The rules reference's file for `e` in the current language.
fn rules_file(e: Edition) -> String {
    match crate::i18n::lang() {
        crate::i18n::Lang::En => format!("rules-{}.html", e.name()),
        l => format!("rules-{}.{}.html", e.name(), l.code()),
    }
}

/// The rules reference as a dialog, opened at `edition`'s rules (the other a tap away).
#[component]
pub fn RulesDialog(open: RwSignal<bool>, #[prop(optional)] edition: Option<Edition>) -> impl IntoView {
    let shown = RwSignal::new(edition.unwrap_or(Edition::Classic));
    let text = RwSignal::new(None::<Result<String, ()>>);
    Effect::new(move |_| {
        let e = shown.get();
        text.set(None);
        leptos::task::spawn_local(async move {
            let t = super::page::fetch_text(&rules_file(e)).await;
            if shown.get_untracked() == e {
                text.set(Some(t.ok_or(())));
            }
        });
    });
    let body = move || match text.get() {
        None => view! { <p class="hint">{tr!(ScreenRulesLoading)}</p> }.into_any(),
        // Our own static file, served with the game.
        Some(Ok(t)) => view! { <div class="rules-text" inner_html=t></div> }.into_any(),
        Some(Err(())) => view! { <p class="notice">{tr!(ScreenRulesFailed)}</p> }.into_any(),
    };
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="rules-dialog panel" role="dialog" aria-label=tr!(ScreenRules) data-rules-dialog="">
            <button class="x close" aria-label=tr!(ScreenClose) data-close="" on:click=move |_| open.set(false)>"×"</button>
            <div class="row" role="group" aria-label=tr!(ScreenEdition)>
                <button class:active=move || shown.get() == Edition::Classic data-rules-edition="classic" on:click=move |_| shown.set(Edition::Classic)>{tr!(ScreenClassic)}</button>
                <button class:active=move || shown.get() == Edition::New data-rules-edition="new" on:click=move |_| shown.set(Edition::New)>{tr!(ScreenNewEdition)}</button>
            </div>
            {body}
            <div class="row"><button class="primary" on:click=move |_| open.set(false)>{tr!(ScreenClose)}</button></div>
        </div>
    }
}
