//! A friend's device: it answers the host's invite, shows the reply to send back, joins its
//! seat and then draws the same screens as at the table from what the host sends — its own
//! seat's view only. Its commands go to the host, which checks them.

use super::rtc::{Event, Peer};
use super::{link_error, pack, Qr};
use crate::app::net::invite::{Invite, Reply};
use crate::app::net::remote::{Heard, Remote};
use crate::app::{AnyCommand, AnySession, AnyTable};
use crate::engine::IllegalMove;
use crate::tr;
use crate::app::net::words::{net_refusal, no_compression, peer_error};
use crate::ui::ctx::{Ctx, Net};
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// How long a friend's device waits for the host's answer to its hello before saying it again.
const HELLO_AGAIN_MS: u64 = 2500;
/// How many times it says it again.
const HELLO_TRIES: u32 = 4;

/// Where the friend's device stands.
#[derive(Clone, PartialEq, Debug)]
pub enum Stage {
    /// Answering the invite.
    Answering,
    /// The reply to send to the host.
    Reply(String),
    /// Connected: saying hello.
    Joining,
    /// At the table.
    Playing,
    /// The connection is gone (the table stays on screen, greyed).
    Lost,
    /// The invite can't be used, and why.
    Failed(String),
}

/// The friend's side of remote play.
pub struct FriendNet {
    ctx: Ctx,
    remote: RefCell<Remote>,
    peer: RefCell<Option<Rc<Peer>>>,
    /// The invite's packed part (the address while this device is at the table).
    invite: String,
    /// Remote play ended on this page: late events of the connection change nothing.
    closed: std::cell::Cell<bool>,
    /// Where this device stands.
    pub stage: RwSignal<Stage>,
}

impl Net for FriendNet {
    fn change(&self, _: &mut dyn FnMut(&mut AnySession)) -> bool {
        false
    }

    fn send(&self, c: AnyCommand) -> Result<(), IllegalMove> {
        let bytes = self.remote.borrow_mut().command(c);
        match bytes {
            Some(b) => {
                let sent = self.peer.borrow().as_ref().is_some_and(|p| p.send(&b));
                if !sent {
                    self.stage.set(Stage::Lost);
                }
            }
            // An announcement dismissed here.
            None => self.ctx.net_changed.update(|n| *n += 1),
        }
        Ok(())
    }

    fn table(&self) -> Option<AnyTable> {
        self.remote.borrow().table()
    }

    fn show_friends(&self) {}

    fn menu(&self, open: RwSignal<bool>) -> AnyView {
        let ctx = self.ctx;
        view! { <FriendMenu ctx=ctx open=open/> }.into_any()
    }

    fn close(&self) {
        self.closed.set(true);
        if let Some(p) = self.peer.borrow_mut().take() {
            p.close();
        }
    }
}

/// The game's menu on a friend's device: the rules, the language, the sound, and leaving (the
/// game and its record stay with the host).
#[component]
fn FriendMenu(ctx: Ctx, open: RwSignal<bool>) -> impl IntoView {
    let rules = RwSignal::new(false);
    let leaving = RwSignal::new(false);
    let sound_off = RwSignal::new(crate::ui::sound::muted());
    let edition = ctx.table.with_untracked(|t| t.as_ref().map(|t| t.edition())).unwrap_or(crate::engine::Edition::Classic);
    view! {
        <div class="backdrop" data-backdrop="" on:click=move |_| open.set(false)></div>
        <div class="menu-panel panel" role="dialog" aria-label=tr!(ScreenGameMenu)>
            <button type="button" class="x close" aria-label=tr!(ScreenClose) data-close="" on:click=move |_| open.set(false)>"×"</button>
            <p class="hint">{tr!(NetJoinDealer)}</p>
            // Leaving asks first: the seat stays in the game, and only a new invite brings it back.
            {move || leaving.get().then(|| view! {
                <div class="notice" role="alertdialog" data-leave-ask="">
                    <p>{tr!(NetLeaveAsk)}</p>
                    <div class="row">
                        <button type="button" class="primary" data-leave-yes="" on:click=move |_| ctx.show(None)>{tr!(NetLeave)}</button>
                        <button type="button" data-stay="" on:click=move |_| leaving.set(false)>{tr!(NetStay)}</button>
                    </div>
                </div>
            })}
            <div class="row">
                <button type="button" class="primary" data-leave="" on:click=move |_| leaving.set(true)>{tr!(NetLeave)}</button>
                <button type="button" data-rules="" on:click=move |_| rules.set(true)>{tr!(ScreenRules)}</button>
                <button type="button" data-close-menu="" on:click=move |_| open.set(false)>{tr!(ScreenClose)}</button>
            </div>
            <div class="row lang-row">{crate::ui::lang::menu(ctx)}</div>
            <div class="row">
                <button type="button" data-sound="" aria-pressed=move || (!sound_off.get()).to_string() on:click=move |_| {
                    let off = !sound_off.get_untracked();
                    crate::ui::sound::set_muted(off);
                    sound_off.set(off);
                }>{move || if sound_off.get() { tr!(ScreenSoundOff) } else { tr!(ScreenSoundOn) }}</button>
            </div>
            {move || rules.get().then(|| view! { <crate::ui::rules::RulesDialog open=rules edition=edition/> })}
        </div>
    }
}

impl FriendNet {
    /// The invite this device joined with (packed, as in its link).
    pub fn invite(&self) -> &str {
        &self.invite
    }

    fn heard(self: &Rc<Self>, ev: Event) {
        if self.closed.get() {
            return;
        }
        match ev {
            Event::Open => {
                self.stage.set(Stage::Joining);
                let hello = self.remote.borrow().hello();
                self.send_raw(&hello);
                self.hello_again(HELLO_TRIES);
            }
            Event::Message(bytes) => {
                let heard = self.remote.borrow_mut().receive(&bytes);
                match heard {
                    Ok(Heard::Joined | Heard::Table | Heard::Notice) => {}
                    // Refused before the table came: the join failed, and the page says why.
                    Ok(Heard::Refused(r)) if self.stage.get_untracked() == Stage::Joining => return self.stage.set(Stage::Failed(net_refusal(r))),
                    Ok(Heard::Answer { refused: Some(r), .. } | Heard::Refused(r)) => self.ctx.notice.set(Some(net_refusal(r))),
                    Ok(Heard::Resync) => {
                        let hello = self.remote.borrow().hello();
                        self.send_raw(&hello);
                    }
                    Ok(Heard::Answer { refused: None, .. } | Heard::Ignored) | Err(_) => return,
                }
                if self.remote.borrow().table().is_some() && self.stage.get_untracked() != Stage::Playing {
                    self.stage.set(Stage::Playing);
                }
                self.ctx.net_changed.update(|n| *n += 1);
            }
            Event::Closed => {
                if self.stage.get_untracked() != Stage::Lost {
                    self.stage.set(Stage::Lost);
                }
            }
        }
    }

    /// While no table has come, says hello again every little while (`tries` more times): a
    /// hello or its answer lost on a link just opened must not leave the friend waiting.
    fn hello_again(self: &Rc<Self>, tries: u32) {
        if tries == 0 {
            return;
        }
        let me = self.clone();
        leptos::prelude::set_timeout(
            move || {
                if me.stage.get_untracked() == Stage::Joining {
                    let hello = me.remote.borrow().hello();
                    me.send_raw(&hello);
                    me.hello_again(tries - 1);
                }
            },
            std::time::Duration::from_millis(HELLO_AGAIN_MS),
        );
    }

    fn send_raw(&self, bytes: &[u8]) {
        if let Some(p) = self.peer.borrow().as_ref() {
            p.send(bytes);
        }
    }
}

/// Joins the game of the invite in `packed` (the part after `#join=`).
pub fn start(ctx: Ctx, packed: String) -> Rc<FriendNet> {
    let stage = RwSignal::new(Stage::Answering);
    let net = Rc::new(FriendNet { ctx, remote: RefCell::new(Remote::new(0, crate::engine::Colour::Red, 0)), peer: RefCell::new(None), invite: packed.clone(), closed: std::cell::Cell::new(false), stage });
    let me = net.clone();
    leptos::task::spawn_local(async move {
        let invite = match super::unpack(&packed).await.ok_or(crate::app::net::invite::LinkError::Garbled).and_then(|b| Invite::decode(&b)) {
            Ok(i) => i,
            // A browser that can't unpack a link says so, not that the link is damaged.
            Err(_) if !crate::ui::page::can_pack() => return stage.set(Stage::Failed(no_compression())),
            Err(e) => return stage.set(Stage::Failed(tr!(NetInviteBad, why = link_error(e)))),
        };
        if me.closed.get() {
            return;
        }
        *me.remote.borrow_mut() = Remote::new(invite.tag, invite.seat, invite.token);
        crate::ui::ctx::set_net(me.clone());
        let on = {
            let me = me.clone();
            move |ev| me.heard(ev)
        };
        match Peer::answer(&invite.ice, &invite.offer, on).await {
            Ok((peer, _)) if me.closed.get() => peer.close(),
            Ok((peer, answer)) => {
                *me.peer.borrow_mut() = Some(Rc::new(peer));
                let reply = Reply { tag: invite.tag, seat: invite.seat, round: invite.round, answer };
                match pack(&reply.encode()).await {
                    // Connected already (the host took a reply faster than this): no link needed.
                    Some(_) if stage.get_untracked() != Stage::Answering => {}
                    Some(p) => stage.set(Stage::Reply(format!("{}#reply={p}", crate::ui::page::base_url()))),
                    None => stage.set(Stage::Failed(no_compression())),
                }
            }
            Err(why) => stage.set(Stage::Failed(tr!(NetInviteBad, why = peer_error(why)))),
        }
    });
    net
}

/// The friend's page before and around the table: answering, the reply to send, joining, a
/// lost connection.
#[component]
pub fn FriendScreen(stage: RwSignal<Stage>) -> impl IntoView {
    let copied = RwSignal::new(None::<String>);
    move || match stage.get() {
        Stage::Playing => ().into_any(),
        Stage::Lost => view! { <p class="net-lost notice" role="alert" data-net-lost="">{tr!(NetLost)}</p> }.into_any(),
        s => view! {
            <div class="start net-join" data-join="">
                <h1>"Löwenherz"</h1>
                <h2>{tr!(NetJoinTitle)}</h2>
                <p class="hint">{tr!(NetJoinDealer)}</p>
                {match s {
                    Stage::Answering => view! { <p role="status" data-answering="">{tr!(NetMakingReply)}</p> }.into_any(),
                    Stage::Reply(link) => {
                        let for_copy = link.clone();
                        view! {
                            <p>{tr!(NetReplyStep)}</p>
                            <input class="link" readonly="" value=link.clone() data-reply-link="" aria-label=tr!(NetReplyLabelOwn)/>
                            <div class="row">
                                <button type="button" class="primary" data-copy-reply="" on:click=move |_| crate::ui::page::copy(for_copy.clone(), copied)>{tr!(NetCopyReply)}</button>
                                {move || copied.get().map(|m| view! { <span class="hint">{m}</span> })}
                            </div>
                            <Qr text=link label=tr!(String NetReplyLabelOwn)/>
                            <p class="hint" role="status">{tr!(NetWaitingHost)}</p>
                        }.into_any()
                    }
                    Stage::Joining => view! { <p role="status" data-joining="">{tr!(NetConnecting)}</p> }.into_any(),
                    Stage::Failed(why) => view! { <p class="notice" role="alert" data-join-failed="">{why}</p> }.into_any(),
                    Stage::Playing | Stage::Lost => ().into_any(),
                }}
            </div>
        }
        .into_any(),
    }
}
