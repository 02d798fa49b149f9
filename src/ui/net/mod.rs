//! Play with friends on their own devices, in the browser (issue 23): its own bundle
//! (`src/bin/loewenherz-net.rs`, built by Trunk beside the page's), which the page starts
//! instead of itself only when its address asks to host (`#host=<save id>`), join
//! (`#join=<invite>`) or answer (`#reply=<reply>`) — the first load of everyone else carries
//! none of it.
//!
//! - [`host`]: the host's device holds the game and a friends' panel (invites, replies, who is
//!   connected, a computer standing in);
//! - [`friend`]: a friend's device answers an invite and draws its seat's table;
//! - [`rtc`]: the WebRTC data channel; [`qr`]: the invite's QR code.
//!
//! The part free of the browser (host, remote seat, messages, invites) is `app::net`.

mod friend;
mod host;
mod qr;
mod rtc;

use super::ctx::Ctx;
use crate::app::net::invite::MAX_LINK_CHARS;
use crate::app::net::words::link_error;
use crate::app::share::{base64url_decode, base64url_encode};
use crate::tr;
use leptos::prelude::*;
use qr::Qr;

/// Bytes deflated and base64url-encoded for a link.
async fn pack(bytes: &[u8]) -> Option<String> {
    super::page::deflate(bytes).await.map(|d| base64url_encode(&d))
}

/// A link's packed part back to bytes (`None`: damaged, too long).
async fn unpack(text: &str) -> Option<Vec<u8>> {
    if text.len() > MAX_LINK_CHARS {
        return None;
    }
    let packed = base64url_decode(text).ok()?;
    super::page::inflate(&packed, crate::app::net::invite::MAX_SDP + 2048).await
}

/// What the address asks of this bundle.
enum Asked {
    Host(String),
    Join(String),
    Reply(String),
}

fn asked() -> Option<Asked> {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok())?;
    if let Some(id) = hash.strip_prefix("#host=") {
        return Some(Asked::Host(id.to_string()));
    }
    if let Some(p) = hash.strip_prefix("#join=") {
        return Some(Asked::Join(p.to_string()));
    }
    hash.strip_prefix("#reply=").map(|p| Asked::Reply(p.to_string()))
}

/// Puts remote play's own styles in the page.
fn add_styles() {
    let doc = web_sys::window().and_then(|w| w.document());
    if let Some((doc, head)) = doc.clone().zip(doc.and_then(|d| d.head()))
        && let Ok(style) = doc.create_element("style")
    {
        style.set_text_content(Some(include_str!("../../../style/net.css")));
        let _ = head.append_child(&style);
    }
}

/// Starts remote play: the host's page, a friend's, or a reply handed to the host's page.
pub fn start() {
    super::crash::install();
    crate::i18n::install_net_english();
    add_styles();
    let lang = super::lang::initial();
    wasm_bindgen_futures::spawn_local(async move {
        let failed = super::lang::load(lang).await.err();
        super::lang::apply(if failed.is_some() { crate::i18n::Lang::En } else { lang });
        leptos::mount::mount_to_body(move || {
            let ctx = Ctx::new(None);
            provide_context(ctx);
            ctx.notice.set(failed.clone());
            super::escape_keys(ctx);
            match asked() {
                Some(Asked::Host(id)) => match host::start(ctx, &id.clone()) {
                    Ok(net) => {
                        super::seats::drive_computers(ctx);
                        // "Save and leave": back to the start screen of the page's own bundle;
                        // "Play again": the new game is hosted with the same friends' seats.
                        Effect::new(move |_| match ctx.game.with(|g| g.as_ref().map(|g| g.id().to_string())) {
                            None => leave(),
                            Some(now) if now != id => {
                                let seats: Vec<_> = super::storage::net_seats(&id).into_iter().map(|(c, _)| (c, None)).collect();
                                super::storage::set_net_seats(&now, &seats);
                                super::page::open_net(&format!("host={now}"));
                            }
                            Some(_) => {}
                        });
                        view! { <super::Root/> <host::HostPanel net=net/> }.into_any()
                    }
                    Err(why) => view! { <Failed why=tr!(NetHostFailed, why = why)/> }.into_any(),
                },
                Some(Asked::Join(packed)) => {
                    let net = friend::start(ctx, packed);
                    let stage = net.stage;
                    // "Leave" or "Back to the menu" on a friend's device: the page's own start.
                    Effect::new(move |first: Option<()>| {
                        ctx.game.track();
                        if first.is_some() {
                            leave();
                        }
                    });
                    let playing = Memo::new(move |_| matches!(stage.get(), friend::Stage::Playing | friend::Stage::Lost) && ctx.table.with(Option::is_some));
                    view! {
                        {move || playing.get().then(|| view! { <super::Root/> })}
                        <friend::FriendScreen stage=stage/>
                    }
                    .into_any()
                }
                Some(Asked::Reply(packed)) => view! { <ReplyScreen packed=packed/> }.into_any(),
                None => {
                    leave();
                    ().into_any()
                }
            }
        });
    });
}

/// Back to the page's own start screen.
fn leave() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().replace(&super::page::base_url());
    }
}

/// A host's page that can't open, and the way back.
#[component]
fn Failed(why: String) -> impl IntoView {
    view! {
        <div class="start" data-net-failed="">
            <h1>"Löwenherz"</h1>
            <p class="notice" role="alert">{why}</p>
            <button type="button" class="primary" on:click=move |_| leave()>{tr!(NetBackToStart)}</button>
        </div>
    }
}

/// A reply opened on the host's device: it goes to the host's page open in this browser, or
/// is shown to paste there.
#[component]
fn ReplyScreen(packed: String) -> impl IntoView {
    let taken = RwSignal::new(None::<bool>);
    let copied = RwSignal::new(None::<String>);
    if let Ok(channel) = web_sys::BroadcastChannel::new(host::REPLIES) {
        let want = format!("taken:{packed}");
        let got = wasm_bindgen::closure::Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |ev: web_sys::MessageEvent| {
            if ev.data().as_string().as_deref() == Some(want.as_str()) {
                taken.set(Some(true));
            }
        });
        channel.set_onmessage(Some(wasm_bindgen::JsCast::unchecked_ref(got.as_ref())));
        got.forget();
        let _ = channel.post_message(&packed.clone().into());
        std::mem::forget(channel);
    }
    if let Some(w) = web_sys::window() {
        let give_up = wasm_bindgen::closure::Closure::once_into_js(move || {
            if taken.get_untracked().is_none() {
                taken.set(Some(false));
            }
        });
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(wasm_bindgen::JsCast::unchecked_ref(&give_up), 2000);
    }
    let text = format!("{}#reply={packed}", super::page::base_url());
    view! {
        <div class="start net-join" data-reply-page="">
            <h1>"Löwenherz"</h1>
            {move || match taken.get() {
                None => view! { <p role="status">{tr!(NetReplyPassing)}</p> }.into_any(),
                Some(true) => view! { <p role="status" data-reply-taken="">{tr!(NetReplyDelivered)}</p> }.into_any(),
                Some(false) => {
                    let (t, c) = (text.clone(), text.clone());
                    view! {
                        <p data-reply-no-host="">{tr!(NetReplyNoHost)}</p>
                        <input class="link" readonly="" value=t/>
                        <div class="row">
                            <button type="button" on:click=move |_| super::page::copy(c.clone(), copied)>{tr!(NetCopyReply)}</button>
                            {move || copied.get().map(|m| view! { <span class="hint">{m}</span> })}
                        </div>
                    }
                    .into_any()
                }
            }}
        </div>
    }
}
