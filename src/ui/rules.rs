//! The in-game rules reference of both editions. Its text lives in `assets/rules-classic.html`
//! and `assets/rules-new.html` (our own words, saying what the engine does: shared/RULES.md is
//! binding), fetched when the dialog opens and precached by the service worker for offline play,
//! so the first load doesn't carry it.

use crate::engine::Edition;
use leptos::prelude::*;

/// The notice that the New Edition's tiles and power cards are ours.
pub const RECONSTRUCTION: &str = "The New Edition's map tiles and its 60 power cards are our own reconstruction: nothing public gives the real ones. Everything else follows the 2002 rulebook.";

async fn fetch_text(url: &str) -> Option<String> {
    let w = web_sys::window()?;
    let resp: web_sys::Response = wasm_bindgen_futures::JsFuture::from(w.fetch_with_str(url)).await.ok()?.into();
    if !resp.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(resp.text().ok()?).await.ok()?.as_string()
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
            let t = fetch_text(&format!("rules-{}.html", e.name())).await;
            if shown.get_untracked() == e {
                text.set(Some(t.ok_or(())));
            }
        });
    });
    let body = move || match text.get() {
        None => view! { <p class="hint">"Loading the rules…"</p> }.into_any(),
        // Our own static file, served with the game.
        Some(Ok(t)) => view! { <div class="rules-text" inner_html=t></div> }.into_any(),
        Some(Err(())) => view! { <p class="notice">"The rules can't be loaded right now (offline before the game was ever cached?). Try again when online."</p> }.into_any(),
    };
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="rules-dialog panel" role="dialog" aria-label="Rules" data-rules-dialog="">
            <button class="x close" aria-label="Close" data-close="" on:click=move |_| open.set(false)>"×"</button>
            <div class="row" role="group" aria-label="Edition">
                <button class:active=move || shown.get() == Edition::Classic data-rules-edition="classic" on:click=move |_| shown.set(Edition::Classic)>"Classic"</button>
                <button class:active=move || shown.get() == Edition::New data-rules-edition="new" on:click=move |_| shown.set(Edition::New)>"New Edition"</button>
            </div>
            {body}
            <div class="row"><button class="primary" on:click=move |_| open.set(false)>"Close"</button></div>
        </div>
    }
}
