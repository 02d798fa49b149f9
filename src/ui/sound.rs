//! Sounds for the table's moments — a piece placed, a province founded, bids turned over, the
//! game's end — made in the browser with Web Audio (no sound files). A switch in the menu turns
//! them off; the choice is remembered on this device.

use gloo_storage::{LocalStorage, Storage};
use std::cell::RefCell;
use web_sys::{AudioContext, OscillatorType};

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
    LocalStorage::raw().get_item(KEY).ok().flatten().as_deref() == Some("off")
}

/// Turns the sounds on or off on this device.
pub fn set_muted(off: bool) {
    let s = LocalStorage::raw();
    let _ = if off { s.set_item(KEY, "off") } else { s.remove_item(KEY) };
}

/// Plays a cue (nothing when muted, or where the browser has no Web Audio).
pub fn play(cue: Cue) {
    if muted() {
        return;
    }
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if a.is_none() {
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
