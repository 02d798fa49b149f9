//! One WebRTC data channel between the host's device and a friend's, with no server of ours:
//! the host makes an offer, the friend's device answers it, and each description travels in a
//! link (the invite, the reply). Descriptions are sent whole — every ICE candidate gathered
//! first — since nothing carries candidates later. ICE servers come from the host's settings
//! (none: the two devices must share a local network).
//!
//! "Connect through TURN only" (`app::net::ice`): the host's connection gathers relayed
//! candidates only when its setting is on and its list has a TURN server; a device answering
//! an offer whose candidates are all relayed does the same when it was given a TURN server.
//! Such a description is sent with its relayed candidates' related addresses blanked.

use js_sys::{Array, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState, RtcDataChannelType, RtcIceGatheringState, RtcIceServer, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit};
use crate::app::net::ice;
use std::cell::RefCell;
use std::rc::Rc;

pub use crate::app::net::words::PeerError;

/// The longest wait for ICE candidates before a description is sent with those gathered.
const GATHER_MS: i32 = 4000;
/// The most bytes waiting in a channel before a slow peer's messages are dropped (the host's
/// page never waits for a peer; the peer resyncs from its next update).
const MAX_BUFFERED: u32 = 256 * 1024;

/// What happens on a link.
pub enum Event {
    /// The channel is open.
    Open,
    /// A message arrived.
    Message(Vec<u8>),
    /// The channel or the connection closed or failed.
    Closed,
}

/// A connection to one peer.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
}

// Errors are typed ([`PeerError`], put into words by `app::net::words`): the browser's own messages
// are English, differ between browsers and name nothing a player can act on, so none is shown.

/// A new connection with the ICE servers `ice`, gathering relayed candidates only when
/// `relay_only` (`iceTransportPolicy: "relay"`).
///
/// # Errors
/// [`PeerError::Unavailable`] when the browser has no WebRTC; [`PeerError::IceServers`] when it
/// has and refuses the connection all the same (only a server line it can't use does that).
fn connection(ice: &[String], relay_only: bool) -> Result<RtcPeerConnection, PeerError> {
    let config = RtcConfiguration::new();
    if relay_only {
        let _ = Reflect::set(&config, &"iceTransportPolicy".into(), &"relay".into());
    }
    let servers = Array::new();
    // A line: the address, and for a TURN server its user name and password.
    for line in ice {
        let mut parts = line.split_whitespace();
        let Some(url) = parts.next() else { continue };
        let server = RtcIceServer::new();
        server.set_urls(&JsValue::from_str(url));
        if let (Some(user), Some(password)) = (parts.next(), parts.next()) {
            server.set_username(user);
            server.set_credential(password);
        }
        servers.push(&server);
    }
    config.set_ice_servers(&servers);
    RtcPeerConnection::new_with_configuration(&config).map_err(|_| {
        let has_webrtc = Reflect::has(&js_sys::global(), &"RTCPeerConnection".into()).unwrap_or(false);
        if has_webrtc && !ice.is_empty() { PeerError::IceServers } else { PeerError::Unavailable }
    })
}

/// Listens on a channel: every event goes to `on`.
fn wire(channel: &RtcDataChannel, slot: &Rc<RefCell<Option<RtcDataChannel>>>, on: Rc<dyn Fn(Event)>) {
    channel.set_binary_type(RtcDataChannelType::Arraybuffer);
    let o = on.clone();
    let open = Closure::<dyn Fn()>::new(move || o(Event::Open));
    channel.set_onopen(Some(open.as_ref().unchecked_ref()));
    open.forget();
    let o = on.clone();
    let message = Closure::<dyn Fn(MessageEvent)>::new(move |ev: MessageEvent| {
        // Text is never sent: only bytes are messages.
        if let Ok(buf) = ev.data().dyn_into::<js_sys::ArrayBuffer>() {
            o(Event::Message(Uint8Array::new(&buf).to_vec()));
        }
    });
    channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
    message.forget();
    let close = Closure::<dyn Fn()>::new(move || on(Event::Closed));
    channel.set_onclose(Some(close.as_ref().unchecked_ref()));
    close.forget();
    *slot.borrow_mut() = Some(channel.clone());
}

/// Reports a failed or closed connection (a peer gone without closing its channel).
fn watch(pc: &RtcPeerConnection, on: Rc<dyn Fn(Event)>) {
    let p = pc.clone();
    let changed = Closure::<dyn Fn()>::new(move || {
        if matches!(p.connection_state(), RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed | RtcPeerConnectionState::Disconnected) {
            on(Event::Closed);
        }
    });
    pc.set_onconnectionstatechange(Some(changed.as_ref().unchecked_ref()));
    changed.forget();
}

/// The description set here, once its candidates are gathered (or the wait is over); with
/// `relay_only`, its relayed candidates' related addresses (this device's own) blanked.
async fn described(pc: &RtcPeerConnection, kind: RtcSdpType, made: JsValue, relay_only: bool) -> Result<String, PeerError> {
    let sdp = Reflect::get(&made, &"sdp".into()).ok().and_then(|s| s.as_string()).ok_or(PeerError::NoDescription)?;
    let init = RtcSessionDescriptionInit::new(kind);
    init.set_sdp(&sdp);
    JsFuture::from(pc.set_local_description(&init)).await.map_err(|_| PeerError::NoDescription)?;
    if pc.ice_gathering_state() != RtcIceGatheringState::Complete {
        let p = pc.clone();
        let wait = js_sys::Promise::new(&mut |resolve, _| {
            let r = resolve.clone();
            let p2 = p.clone();
            let done = Closure::<dyn Fn()>::new(move || {
                if p2.ice_gathering_state() == RtcIceGatheringState::Complete {
                    let _ = r.call0(&JsValue::NULL);
                }
            });
            p.set_onicegatheringstatechange(Some(done.as_ref().unchecked_ref()));
            done.forget();
            if let Some(w) = web_sys::window() {
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
            }
        });
        let _ = JsFuture::from(wait).await;
    }
    let sdp = pc.local_description().map(|d| d.sdp()).ok_or(PeerError::NoDescription)?;
    Ok(if relay_only { ice::hide_related(&sdp) } else { sdp })
}

impl Peer {
    /// The host's side: a connection with its channel and the offer to put in an invite. It
    /// goes through TURN only when the host's setting asks and `ice` has a TURN server.
    ///
    /// # Errors
    /// WebRTC off or unavailable, ICE servers refused, no offer made.
    pub async fn offer(ice: &[String], on: impl Fn(Event) + 'static) -> Result<(Peer, String), PeerError> {
        let on: Rc<dyn Fn(Event)> = Rc::new(on);
        let relay_only = ice::relay_only(crate::ui::storage::net_turn_only(), ice);
        let pc = connection(ice, relay_only)?;
        let peer = Peer { pc: pc.clone(), channel: Rc::new(RefCell::new(None)) };
        wire(&pc.create_data_channel("loewenherz"), &peer.channel, on.clone());
        watch(&pc, on);
        let made = JsFuture::from(pc.create_offer()).await.map_err(|_| PeerError::NoDescription)?;
        let sdp = described(&pc, RtcSdpType::Offer, made, relay_only).await?;
        Ok((peer, sdp))
    }

    /// The friend's side: a connection answering `offer`, and the answer to send back. It goes
    /// through TURN only when the offer's host does (all its candidates relayed) and `ice` has a
    /// TURN server.
    ///
    /// # Errors
    /// An offer the browser can't use, WebRTC off or unavailable, ICE servers refused, no
    /// answer made.
    pub async fn answer(ice: &[String], offer: &str, on: impl Fn(Event) + 'static) -> Result<(Peer, String), PeerError> {
        let on: Rc<dyn Fn(Event)> = Rc::new(on);
        let relay_only = ice::answer_relay_only(offer, ice);
        let pc = connection(ice, relay_only)?;
        let peer = Peer { pc: pc.clone(), channel: Rc::new(RefCell::new(None)) };
        let (slot, o) = (peer.channel.clone(), on.clone());
        let arrived = Closure::<dyn Fn(RtcDataChannelEvent)>::new(move |ev: RtcDataChannelEvent| wire(&ev.channel(), &slot, o.clone()));
        pc.set_ondatachannel(Some(arrived.as_ref().unchecked_ref()));
        arrived.forget();
        watch(&pc, on);
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        init.set_sdp(offer);
        JsFuture::from(pc.set_remote_description(&init)).await.map_err(|_| PeerError::BadOffer)?;
        let made = JsFuture::from(pc.create_answer()).await.map_err(|_| PeerError::NoDescription)?;
        let sdp = described(&pc, RtcSdpType::Answer, made, relay_only).await?;
        Ok((peer, sdp))
    }

    /// The host's side: the friend's answer completes the connection.
    ///
    /// # Errors
    /// [`PeerError::BadAnswer`]: an answer the browser can't read, or to another offer.
    pub async fn accept(&self, answer: &str) -> Result<(), PeerError> {
        let init = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        init.set_sdp(answer);
        JsFuture::from(self.pc.set_remote_description(&init)).await.map(|_| ()).map_err(|_| PeerError::BadAnswer)
    }

    /// True once an answer was accepted (a second reply to the same invite is refused).
    pub fn answered(&self) -> bool {
        self.pc.remote_description().is_some()
    }

    /// Sends a message; false when the channel isn't open or the peer reads too slowly.
    pub fn send(&self, bytes: &[u8]) -> bool {
        let channel = self.channel.borrow();
        let Some(c) = channel.as_ref().filter(|c| c.ready_state() == RtcDataChannelState::Open) else { return false };
        c.buffered_amount() < MAX_BUFFERED && c.send_with_u8_array(bytes).is_ok()
    }

    /// Whether everything sent has been handed to the network (or the channel is not open:
    /// nothing more will leave).
    pub fn drained(&self) -> bool {
        self.channel.borrow().as_ref().filter(|c| c.ready_state() == RtcDataChannelState::Open).is_none_or(|c| c.buffered_amount() == 0)
    }

    /// Ends the connection.
    pub fn close(&self) {
        if let Some(c) = self.channel.borrow().as_ref() {
            c.close();
        }
        self.pc.close();
    }
}
