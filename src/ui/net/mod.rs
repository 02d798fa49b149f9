//! Play with friends on their own devices, in the browser (issues 23, 33): part of the page's
//! own app. A link of it — to host a saved game (`#host=<save id>`), join one (`#join=<invite>`)
//! or hand a friend's reply to the host (`#reply=<reply>`) — acts in the tab it is opened in,
//! at start-up or later (the tab asks first before leaving a different game).
//!
//! A table or watch link (`#table=<secret>…`, `#watch=<secret>…`) leaves the address once read
//! (issue 40): the device keeps it under a local name (`ui::storage::name_link`) and the address
//! shows `#at=<name>`, so a synced browser history or a picture of the address bar doesn't carry
//! the secret, and a reload comes back through the name.
//!
//! - [`host`]: the host's device holds the game and a friends' panel (invites, replies, who is
//!   connected, a computer standing in);
//! - [`friend`]: a friend's device answers an invite and draws its seat's table;
//! - [`rtc`]: the WebRTC data channel; [`qr`]: the invite's QR code.
//!
//! The part free of the browser (host, remote seat, messages, invites) is `app::net`.

mod friend;
mod host;
mod keys;
mod qr;
mod relay;
mod rtc;

use super::ctx::{Ctx, NetShown as Shown};
use crate::app::net::invite::MAX_LINK_CHARS;
use crate::app::net::words::link_error;
use crate::app::share::{base64url_decode, base64url_encode};
use crate::tr;
use leptos::prelude::*;
use qr::Qr;
use std::cell::RefCell;
use std::rc::Rc;

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

/// A link of remote play (the part after `#`).
#[derive(Clone, PartialEq, Debug)]
pub enum Link {
    /// Host saved game `id` on this device.
    Host(String),
    /// Join a game from an invite.
    Join(String),
    /// A friend's reply, for the host's page.
    Reply(String),
    /// Sit down at a table found through relays: the link's secret, the relays if the link
    /// names them (else this device's list, or the public defaults), and the seat if the link
    /// is one seat's (else the seats to choose from).
    Table { secret: String, relays: Option<String>, seat: Option<crate::engine::Colour> },
    /// Watch a table found through relays: the watch link's secret and its relays.
    Watch { secret: String, relays: Option<String> },
    /// A table or watch link this device keeps under a local name (the address shows the name,
    /// not the link's secret).
    At(String),
}

impl Link {
    /// The link in an address's `#` part (`None`: not one of remote play's).
    pub fn of(hash: &str) -> Option<Link> {
        let hash = hash.strip_prefix('#').unwrap_or(hash);
        let (kind, value) = hash.split_once('=')?;
        // A relay link's secret, then its `&name=value` parameters.
        let (secret, rest) = value.split_once('&').unwrap_or((value, ""));
        let param = |name: &str| rest.split('&').find_map(|p| p.strip_prefix(name)?.strip_prefix('=')).and_then(|r| js_sys::decode_uri_component(r).ok()).map(String::from);
        let value = value.to_string();
        match kind {
            "host" => Some(Link::Host(value)),
            "join" => Some(Link::Join(value)),
            "reply" => Some(Link::Reply(value)),
            "table" => Some(Link::Table { secret: secret.to_string(), relays: param("relays"), seat: param("seat").and_then(|c| crate::engine::Colour::parse(&c)) }),
            "watch" => Some(Link::Watch { secret: secret.to_string(), relays: param("relays") }),
            "at" => Some(Link::At(value)),
            _ => None,
        }
    }

    fn hash(&self) -> String {
        match self {
            Link::Host(v) => format!("host={v}"),
            Link::Join(v) => format!("join={v}"),
            Link::Reply(v) => format!("reply={v}"),
            Link::Table { secret, relays, seat } => {
                let mut out = format!("table={secret}");
                if let Some(r) = relays {
                    out += &format!("&relays={}", String::from(js_sys::encode_uri_component(r)));
                }
                if let Some(c) = seat {
                    out += &format!("&seat={}", c.name());
                }
                out
            }
            Link::Watch { secret, relays: None } => format!("watch={secret}"),
            Link::Watch { secret, relays: Some(r) } => format!("watch={secret}&relays={}", String::from(js_sys::encode_uri_component(r))),
            Link::At(name) => format!("at={name}"),
        }
    }
}

/// Puts a table or watch link in the address under its local name (`name`, the one it had, or
/// a new one) and returns the name; the link itself only where no storage keeps it (a reload
/// still comes back, the secret stays in the address).
fn show_relayed(link: &Link, name: Option<String>) -> Option<String> {
    let hash = link.hash();
    let name = match name {
        Some(n) if super::storage::set_named_link(&n, &hash) => Some(n),
        _ => super::storage::name_link(&hash),
    };
    super::page::set_hash(&name.as_ref().map_or(hash, |n| Link::At(n.clone()).hash()));
    name
}

thread_local! {
    static HOST: RefCell<Option<Rc<host::HostNet>>> = const { RefCell::new(None) };
    static FRIEND: RefCell<Option<Rc<friend::FriendNet>>> = const { RefCell::new(None) };
    /// A link opened while a different game is on screen, waiting for the player's yes.
    static ASKED: RefCell<Option<RwSignal<Option<Link>>>> = const { RefCell::new(None) };
    /// The app's reactive owner, and the one of remote play now: what a host or a friend makes
    /// (signals, effects) outlives the screen it was started from and goes when it stops.
    static OWNERS: RefCell<Option<(Owner, Owner)>> = const { RefCell::new(None) };
}

/// Runs `f` under a fresh owner for remote play, a child of the app's (the one before it is
/// cleaned up).
fn owned<T>(f: impl FnOnce() -> T) -> T {
    let owner = OWNERS.with(|o| {
        let mut o = o.borrow_mut();
        let (app, old) = o.as_ref().cloned()?;
        old.cleanup();
        let new = app.child();
        *o = Some((app, new.clone()));
        Some(new)
    });
    match owner {
        Some(owner) => owner.with(f),
        None => f(),
    }
}

/// Puts remote play's own styles in the page (once).
fn add_styles() {
    thread_local!(static ADDED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if ADDED.with(|a| a.replace(true)) {
        return;
    }
    let doc = web_sys::window().and_then(|w| w.document());
    if let Some((doc, head)) = doc.clone().zip(doc.and_then(|d| d.head()))
        && let Ok(style) = doc.create_element("style")
    {
        style.set_text_content(Some(include_str!("../../../style/net.css")));
        let _ = head.append_child(&style);
    }
}

/// Ends remote play on this page (its connections close); the game shown stays.
fn stop(ctx: Ctx) {
    super::ctx::clear_net();
    HOST.with(|h| h.borrow_mut().take());
    FRIEND.with(|f| f.borrow_mut().take());
    ctx.net.set(Shown::Off);
    ctx.net_changed.update(|n| *n += 1);
}

/// Acts on a link of remote play in this tab.
pub fn open(ctx: Ctx, link: Link) {
    add_styles();
    match link {
        Link::Host(id) => {
            stop(ctx);
            match owned(|| host::start(ctx, &id)) {
                Ok(net) => {
                    HOST.with(|h| *h.borrow_mut() = Some(net));
                    super::page::set_hash(&Link::Host(id).hash());
                    ctx.net.set(Shown::Host);
                }
                Err(why) => ctx.net.set(Shown::Failed(tr!(NetHostFailed, why = why))),
            }
        }
        Link::Join(packed) => {
            stop(ctx);
            ctx.show(None);
            super::page::set_hash(&Link::Join(packed.clone()).hash());
            let net = owned(|| friend::start(ctx, packed));
            FRIEND.with(|f| *f.borrow_mut() = Some(net));
            ctx.net.set(Shown::Friend);
        }
        Link::Table { .. } | Link::Watch { .. } => open_relayed(ctx, link, None),
        Link::At(name) => match super::storage::named_link(&name).and_then(|hash| Link::of(&hash)) {
            Some(link @ (Link::Table { .. } | Link::Watch { .. })) => open_relayed(ctx, link, Some(name)),
            // Nothing is changed or forgotten: the address still names what was opened.
            _ => {
                stop(ctx);
                ctx.show(None);
                super::page::set_hash(&Link::At(name).hash());
                ctx.net.set(Shown::Failed(tr!(String TableLinkNotKept)));
            }
        },
        Link::Reply(packed) => match HOST.with(|h| h.borrow().clone()) {
            // This tab hosts: the reply is its own.
            Some(net) => {
                super::page::set_hash(&Link::Host(net.id().to_string()).hash());
                net.take_reply(packed);
            }
            None => ctx.net.set(Shown::Reply(packed)),
        },
    }
}

/// Sits down at (or watches) the table of a table (watch) link; `name`: the local name it was
/// kept under, when it came through one.
fn open_relayed(ctx: Ctx, link: Link, name: Option<String>) {
    stop(ctx);
    ctx.show(None);
    let name = show_relayed(&link, name);
    let relays = |r: Option<String>| match r {
        Some(list) => relay::parse_relays(&list),
        None => host::host_relays(),
    };
    let net = match link {
        Link::Table { secret, relays: r, seat } => owned(|| friend::start_table(ctx, secret, relays(r), seat, name)),
        Link::Watch { secret, relays: r } => owned(|| friend::start_watch(ctx, secret, relays(r), name)),
        _ => return,
    };
    FRIEND.with(|f| *f.borrow_mut() = Some(net));
    ctx.net.set(Shown::Friend);
}

/// Back to the start screen: remote play ends on this page.
fn leave(ctx: Ctx) {
    stop(ctx);
    ctx.show(None);
}

/// Remote play's links, at start-up and whenever the address's `#` part changes later (a link
/// pasted or opened in this tab); and what happens when the game shown changes while hosting
/// or joining ("Save and leave", "Play again", a friend's "Leave").
pub fn follow_links(ctx: Ctx) {
    let asked = RwSignal::new(None::<Link>);
    ASKED.with(|a| *a.borrow_mut() = Some(asked));
    if let Some(app) = Owner::current() {
        OWNERS.with(|o| *o.borrow_mut() = Some((app.clone(), app.child())));
    }
    if let Some(link) = web_sys::window().and_then(|w| w.location().hash().ok()).and_then(|h| Link::of(&h)) {
        open(ctx, link);
    }
    let _ = window_event_listener(leptos::ev::hashchange, move |_| {
        let Some(link) = web_sys::window().and_then(|w| w.location().hash().ok()).and_then(|h| Link::of(&h)) else { return };
        // A different game on screen (or being joined) is left only when the player says so.
        let busy = match &link {
            Link::Reply(_) => false,
            Link::Host(id) => ctx.shown_id().is_some_and(|shown| shown != *id) || ctx.net.get_untracked() == Shown::Friend,
            Link::Join(_) | Link::Table { .. } | Link::Watch { .. } | Link::At(_) => ctx.shown_id().is_some() || ctx.net.get_untracked() == Shown::Friend,
        };
        if busy {
            // The question is remote play's: its styles come with it.
            add_styles();
            asked.set(Some(link));
        } else {
            open(ctx, link)
        }
    });
    // "Play with friends" for a game this page doesn't host yet ([`super::ctx::show_friends`]).
    Effect::new(move |_| {
        if let Some(id) = ctx.host_asked.get() {
            ctx.host_asked.set(None);
            open(ctx, Link::Host(id));
        }
    });
    // Runs after each change of the game shown, knowing what remote play showed at the last.
    Effect::new(move |before: Option<Shown>| {
        let id = ctx.game.with(|g| g.as_ref().map(|g| g.id().to_string()));
        match ctx.net.get_untracked() {
            Shown::Host => {
                if let Some(hosted) = HOST.with(|h| h.borrow().as_ref().map(|n| n.id().to_string())) {
                    match id {
                        // "Save and leave".
                        None => stop(ctx),
                        // "Play again": the new game is hosted at the same table (its friends'
                        // seats and their tokens, each replaced by a new one over the friend's
                        // channel) in a room of its own, whose links the friends and watchers
                        // connected now are told over their channels: they come back by themselves.
                        Some(now) if now != hosted => {
                            super::storage::set_net_seats(&now, &super::storage::net_seats(&hosted));
                            // Each friend proves its seat's token once more and is given a new one.
                            super::storage::set_net_again(&now);
                            match HOST.with(|h| h.borrow().clone()) {
                                Some(old) => old.next_game(now.clone(), move || open(ctx, Link::Host(now))),
                                None => open(ctx, Link::Host(now)),
                            }
                        }
                        Some(_) => {}
                    }
                }
            }
            // A friend's device holds no game: a change after it joined is "Leave" or "Back to
            // the menu" (the change that opened the join screen came before it).
            Shown::Friend if before == Some(Shown::Friend) => stop(ctx),
            _ => {}
        }
        ctx.net.get_untracked()
    });
}

/// The page: the game's screens with what remote play adds (the host's friends' panel, a
/// friend's join screen), or remote play's own page (a reply, a game that can't be hosted).
#[component]
pub fn NetPage() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let asked = ASKED.with(|a| *a.borrow()).unwrap_or_else(|| RwSignal::new(None));
    let page = move || match ctx.net.get() {
        Shown::Off => view! { <super::Root/> }.into_any(),
        Shown::Host => match HOST.with(|h| h.borrow().clone()) {
            Some(net) => view! { <super::Root/> <host::HostPanel net=net/> }.into_any(),
            None => view! { <super::Root/> }.into_any(),
        },
        Shown::Friend => match FRIEND.with(|f| f.borrow().clone()) {
            Some(net) => {
                let stage = net.stage;
                let playing = Memo::new(move |_| matches!(stage.get(), friend::Stage::Playing | friend::Stage::Lost) && ctx.table.with(Option::is_some));
                view! {
                    {move || playing.get().then(|| view! { <super::Root/> })}
                    <friend::FriendScreen net=net/>
                }
                .into_any()
            }
            None => view! { <super::Root/> }.into_any(),
        },
        Shown::Reply(packed) => view! { <ReplyScreen packed=packed/> }.into_any(),
        Shown::Failed(why) => view! { <Failed why=why/> }.into_any(),
    };
    view! {
        {page}
        {move || asked.get().map(|link| {
            let go = link.clone();
            view! {
                <div class="backdrop"></div>
                <div class="panel net-ask" role="alertdialog" aria-label=tr!(NetLinkAskTitle) data-link-ask="">
                    <p>{tr!(NetLinkAsk)}</p>
                    <div class="row">
                        <button type="button" class="primary" data-link-open="" on:click=move |_| {
                            asked.set(None);
                            open(ctx, go.clone());
                        }>{tr!(NetLinkOpen)}</button>
                        <button type="button" data-link-stay="" on:click=move |_| {
                            asked.set(None);
                            // The address goes back to the game still shown.
                            let back = match ctx.net.get_untracked() {
                                Shown::Host => HOST.with(|h| h.borrow().as_ref().map(|n| Link::Host(n.id().to_string()).hash())),
                                Shown::Friend => FRIEND.with(|f| f.borrow().as_ref().map(|n| n.link().hash())),
                                _ => ctx.shown_id().map(|id| format!("game={id}")),
                            };
                            super::page::set_hash(&back.unwrap_or_default());
                        }>{tr!(NetStay)}</button>
                    </div>
                </div>
            }
        })}
    }
}

/// A host's page that can't open, and the way back.
#[component]
fn Failed(why: String) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    view! {
        <div class="start" data-net-failed="">
            <h1>"Löwenherz"</h1>
            <p class="notice" role="alert">{why}</p>
            <button type="button" class="primary" on:click=move |_| leave(ctx)>{tr!(NetBackToStart)}</button>
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
