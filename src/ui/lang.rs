//! Which language the page speaks: a link's `lang=` first, then the player's choice from the
//! menu (remembered), then the browser's (`navigator.language`), else English. German and
//! Italian words are fetched when first needed (`lang-de.txt`, `lang-it.txt`, precached by
//! the service worker); `<html lang>` follows.

use super::ctx::Ctx;
use super::storage;
use crate::i18n::{self, Lang};
use leptos::prelude::*;

/// The language to open the page in.
pub fn initial() -> Lang {
    let w = web_sys::window();
    let link = w.as_ref().and_then(|w| w.location().search().ok()).and_then(|q| crate::app::params::link_lang(&q));
    let chosen = || storage::lang_choice().and_then(|c| Lang::parse(&c));
    let browser = || w.as_ref().and_then(|w| w.navigator().language()).and_then(|c| Lang::parse(&c));
    link.or_else(chosen).or_else(browser).unwrap_or_default()
}

/// Fetches `lang`'s words unless they are here already.
pub async fn load(lang: Lang) -> Result<(), String> {
    if i18n::installed(lang) {
        return Ok(());
    }
    let failed = || crate::tr!(LangLoadFailed, lang = lang.own_name());
    let text = super::page::fetch_text(&format!("lang-{}.txt", lang.code())).await.ok_or_else(failed)?;
    // A catalogue of another build (a cached one after an update): the page's own words.
    i18n::install(lang, &text).map_err(|_| crate::tr!(LangDoesntFit, lang = lang.own_name()))
}

/// Speaks `lang` from now on (its words must be loaded) and says so to the page.
pub fn apply(lang: Lang) {
    i18n::set_lang(lang);
    if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
        let _ = root.set_attribute("lang", i18n::lang().code());
    }
}

/// The player chose `lang` from a menu: load its words, remember the choice, and show every
/// screen (the game and its log included) in it.
pub fn switch(ctx: Ctx, lang: Lang) {
    leptos::task::spawn_local(async move {
        match load(lang).await {
            Ok(()) => {
                storage::remember_lang(lang.code());
                apply(lang);
                // Messages in the old language go (a lasting problem says so again).
                ctx.notice.set(None);
                // A hint is kept as facts: said again in the new language.
                if let Some(h) = ctx.hint.get_untracked() {
                    ctx.notice.set(ctx.game.with_untracked(|g| g.as_ref().map(|g| h.text(&g.names()))));
                }
                ctx.help.set(None);
                ctx.warning.set(None);
                ctx.start_message.set(None);
                ctx.bot_error.set(None);
                ctx.saves_changed.update(|n| *n += 1);
                ctx.lang.set(i18n::lang());
            }
            Err(e) => ctx.notice.set(Some(e)),
        }
    });
}

/// A menu of the three languages, each in its own words.
pub fn menu(ctx: Ctx) -> impl IntoView {
    let now = ctx.lang.get_untracked();
    let change = move |ev: leptos::ev::Event| {
        if let Some(l) = Lang::parse(&event_target_value(&ev)) {
            switch(ctx, l);
        }
    };
    view! {
        <label class="lang-menu">
            <span>{crate::tr!(LangMenu)}</span>
            <select data-lang-menu="" on:change=change>
                {Lang::ALL.map(|l| view! { <option value=l.code() lang=l.code() selected=l == now>{l.own_name()}</option> })}
            </select>
        </label>
    }
}
