//! Sounds for the table's moments — a piece placed, a province founded, bids turned over, the
//! game's end — made in the browser with Web Audio (no sound files). A switch in the menu turns
//! them off; the choice is remembered on this device.
//!
//! Browsers (Safari above all) start a page's audio only in a tap or key press: the audio is
//! made and resumed by the player's first gesture ([`wake`], listened for from the page's
//! start), so that a cue that comes later without one — a friend's turn arriving over the
//! network — is heard. Before any gesture, and where there is no Web Audio, a cue is silent;
//! nothing here can stop the table from drawing (every call that can fail is checked).

use super::feature::{stored, store, unstore};
use std::cell::RefCell;
use web_sys::{AudioContext, AudioContextState, OscillatorType};

const KEY: &str = "loewenherz-sound";

/// A moment the table answers with a sound.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cue {
    /// A piece or border placed.
    Place,
    /// A province (region) founded.
    Found,
    /// Sealed bids turned over.
    Reveal,
    /// The game is over.
    End,
    /// A friend's device: the turn is this seat's.
    Turn,
}

impl Cue {
    /// Its notes: (frequency in Hz, start and length in seconds).
    fn notes(self) -> &'static [(f32, f64, f64)] {
        match self {
            Cue::Place => &[(196.0, 0.0, 0.09)],
            Cue::Found => &[(392.0, 0.0, 0.18), (494.0, 0.09, 0.18), (587.0, 0.18, 0.35)],
            Cue::Reveal => &[(330.0, 0.0, 0.12), (440.0, 0.12, 0.25)],
            Cue::End => &[(392.0, 0.0, 0.2), (523.0, 0.18, 0.2), (659.0, 0.36, 0.2), (784.0, 0.54, 0.6)],
            Cue::Turn => &[(523.0, 0.0, 0.12), (659.0, 0.1, 0.22)],
        }
    }
}

thread_local! {
    static AUDIO: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// True when this device turned the sounds off.
pub fn muted() -> bool {
    stored(KEY).as_deref() == Some("off")
}

/// Turns the sounds on or off on this device.
pub fn set_muted(off: bool) {
    if off {
        let _ = store(KEY, "off");
    } else {
        unstore(KEY);
    }
}

/// The player tapped or pressed a key: the audio is made (unless muted) and resumed, which
/// browsers allow only now.
fn wake() {
    if muted() {
        return;
    }
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
            *a = AudioContext::new().ok();
        }
        if let Some(ctx) = a.as_ref().filter(|c| c.state() != AudioContextState::Running) {
            let _ = ctx.resume();
        }
    });
}

/// Listens for the player's gestures that may start audio (a tap's end, a click, a key).
pub fn wake_on_gestures() {
    use leptos::prelude::*;
    let _ = window_event_listener(leptos::ev::pointerup, |_| wake());
    let _ = window_event_listener(leptos::ev::touchend, |_| wake());
    let _ = window_event_listener(leptos::ev::keydown, |_| wake());
}

/// Plays a cue (nothing when muted, before the player's first gesture, or where the browser
/// has no Web Audio).
pub fn play(cue: Cue) {
    if muted() {
        return;
    }
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        // Made here only inside a gesture (a tap that placed a piece): made outside one, the
        // audio would start suspended and the browser would warn.
        if a.is_none() && super::feature::has_been_active() {
            *a = AudioContext::new().ok();
        }
        if let Some(ctx) = a.as_ref() {
            let _ = tones(ctx, cue);
        }
    });
}

fn tones(ctx: &AudioContext, cue: Cue) -> Result<(), wasm_bindgen::JsValue> {
    let _ = ctx.resume();
    let now = ctx.current_time();
    for &(freq, at, len) in cue.notes() {
        let osc = ctx.create_oscillator()?;
        osc.set_type(OscillatorType::Triangle);
        osc.frequency().set_value(freq);
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0, now + at)?;
        g.linear_ramp_to_value_at_time(0.12, now + at + 0.015)?;
        g.exponential_ramp_to_value_at_time(0.001, now + at + len)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(now + at)?;
        osc.stop_with_when(now + at + len + 0.05)?;
    }
    Ok(())
}
