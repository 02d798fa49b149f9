//! The game's menu (share the setup, copy the log, the record, the rules, the language, leave)
//! and the record's buttons of a finished game.

use super::ctx::Ctx;
use super::page::{base_url, copy, download, record_file_name};
use super::rules::RulesDialog;
use crate::app::share::base64url_encode;
use crate::tr;
use leptos::prelude::*;

/// The record's buttons: download, copy, copy a replay link.
#[component]
pub fn RecordButtons(#[prop(into)] record: Signal<String>, #[prop(into)] id: String, status: RwSignal<Option<String>>) -> impl IntoView {
    view! {
        <div class="row record-buttons">
            <button type="button" data-export="" on:click=move |_| if let Err(e) = download(&record_file_name(&id), &record.get_untracked()) { status.set(Some(e)) }>{tr!(ScreenDownloadRecord)}</button>
            <button type="button" data-copy-record="" on:click=move |_| copy(record.get_untracked(), status)>{tr!(ScreenCopyRecord)}</button>
            <button type="button" data-copy-replay-link="" on:click=move |_| {
                let record = record.get_untracked();
                leptos::task::spawn_local(async move {
                    match super::page::deflate(record.as_bytes()).await {
                        Some(packed) => copy(format!("{}?record={}", base_url(), base64url_encode(&packed)), status),
                        None => status.set(Some(tr!(String ScreenNoCompression))),
                    }
                });
            }>{tr!(ScreenCopyReplayLink)}</button>
        </div>
    }
}

/// The menu of the game screen.
#[component]
pub fn GameMenu(open: RwSignal<bool>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let status = RwSignal::new(None::<String>);
    let rules = RwSignal::new(false);
    let revealed = RwSignal::new(false);
    let sound_off = RwSignal::new(super::sound::muted());
    let Some((options, id, edition, ended)) = ctx.game.with_untracked(|g| g.as_ref().map(|g| (g.options(), g.id().to_string(), g.edition(), g.is_over()))) else {
        // A friend's device holds no game: its own menu (remote play's).
        return super::ctx::net_menu(open);
    };
    let (query, new_deal) = options.to_shared_query(ended);
    let link = format!("{}{}", base_url(), query);
    // The record, the log and the game's end are read when used: computers or another tab may
    // move while the menu is open.
    let record = Signal::derive(move || ctx.game.with(|g| g.as_ref().map(|g| g.record()).unwrap_or_default()));
    let over = move || ctx.game.with(|g| g.as_ref().is_some_and(|g| g.is_over()));
    let log = move || ctx.game.with_untracked(|g| g.as_ref().map(|g| g.log_text()).unwrap_or_default());
    let copy_link = link.clone();
    let leave = move |_| {
        ctx.change(crate::app::AnySession::undo_all);
        ctx.show(None);
        ctx.saves_changed.update(|n| *n += 1);
    };
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="menu-panel panel" role="dialog" aria-label=tr!(ScreenGameMenu)>
            <button type="button" class="x close" aria-label=tr!(ScreenClose) data-close="" on:click=move |_| open.set(false)>"×"</button>
            <h2>{tr!(ScreenShareSetup)}</h2>
            <p class="hint">{if new_deal { tr!(ScreenShareSetupNewDeal) } else { tr!(ScreenShareSetupHint) }}</p>
            <input class="link" readonly="" value=link data-share-link=""/>
            <div class="row">
                <button type="button" data-copy-link="" on:click=move |_| copy(copy_link.clone(), status)>{tr!(ScreenCopyLink)}</button>
                <button type="button" data-copy-log="" on:click=move |_| copy(log(), status)>{tr!(ScreenCopyLog)}</button>
            </div>
            <div class="row"><button type="button" data-play-with-friends="" on:click={
                let id = id.clone();
                move |_| {
                    open.set(false);
                    super::ctx::show_friends(ctx, &id);
                }
            }>{tr!(ScreenPlayWithFriends)}</button></div>
            <h2>{tr!(ScreenGameRecord)}</h2>
            // Before the game is over the record's buttons come only after a warning that says
            // plainly that the record reveals everyone's hidden cards.
            {move || if over() || revealed.get() {
                view! { <RecordButtons record=record id=id.clone() status=status/> }.into_any()
            } else {
                view! {
                    <p class="hint warn">{tr!(ScreenRecordWarning)}</p>
                    <div class="row"><button type="button" data-reveal-record="" on:click=move |_| revealed.set(true)>{tr!(ScreenRevealRecord)}</button></div>
                }.into_any()
            }}
            {move || status.get().map(|m| view! { <p class="notice">{m}</p> })}
            <div class="row">
                <button type="button" class="primary" data-leave="" on:click=leave>{tr!(ScreenSaveAndLeave)}</button>
                <button type="button" data-rules="" on:click=move |_| rules.set(true)>{tr!(ScreenRules)}</button>
                <button type="button" data-close-menu="" on:click=move |_| open.set(false)>{tr!(ScreenClose)}</button>
            </div>
            <div class="row lang-row">{super::lang::menu(ctx)}</div>
            <div class="row">
                <button type="button" data-sound="" aria-pressed=move || (!sound_off.get()).to_string() on:click=move |_| {
                    let off = !sound_off.get_untracked();
                    super::sound::set_muted(off);
                    sound_off.set(off);
                }>{move || if sound_off.get() { tr!(ScreenSoundOff) } else { tr!(ScreenSoundOn) }}</button>
            </div>
            {move || rules.get().then(|| view! { <RulesDialog open=rules edition=edition/> })}
        </div>
    }
    .into_any()
}
