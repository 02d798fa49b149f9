//! The browser game (Leptos, client-side rendered). It renders only what the player
//! holding the device may see: everything on screen comes from `Session::view`, which is
//! the engine's view for that player (or the public view behind a hand-over screen).

mod board;
mod panels;
mod screens;
mod share;
pub mod storage;

use crate::app::session::{Screen, Session};
use crate::engine::{Move, Space};
use leptos::prelude::*;

/// A tap mode for multi-step choices on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Taps make the obvious move.
    Normal,
    /// Taps place knights (when expansion is possible too).
    Knight,
    /// Taps expand (when knights are possible too).
    Expand,
    /// Alliance: choose one's own province (castle).
    AllianceOwn,
    /// Alliance: choose the foreign province.
    AllianceOther(Space),
    /// Renegade: choose the foreign knight to remove.
    RenegadeRemove,
    /// Renegade: choose where one's own knight goes.
    RenegadePlace(Space),
}

/// Shared UI state.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The game on this device (None: start screen).
    pub session: RwSignal<Option<Session>>,
    /// A short message to the player (why a tap was refused, …).
    pub notice: RwSignal<Option<String>>,
    /// A lasting warning (storage full).
    pub warning: RwSignal<Option<String>>,
    /// The tap mode.
    pub mode: RwSignal<Mode>,
    /// A message shown on the start screen (a bad link, a broken save).
    pub start_message: RwSignal<Option<String>>,
    /// Bumped whenever saves change, so the start screen's list refreshes.
    pub saves_changed: RwSignal<u32>,
    /// A record being stepped through.
    pub replay: RwSignal<Option<crate::app::replay::Replay>>,
}

impl Ctx {
    /// Makes a move for the player holding the device; refusals become a notice.
    pub fn act(&self, m: Move) {
        let mut refused = None;
        self.session.update(|s| {
            if let Some(s) = s {
                if let Err(e) = s.act(m) {
                    refused = Some(capitalise(&e.to_string()));
                }
            }
        });
        self.notice.set(refused);
        self.mode.set(Mode::Normal);
        self.persist();
    }

    /// Runs a change on the session and saves it.
    pub fn update(&self, f: impl FnOnce(&mut Session)) {
        self.session.update(|s| {
            if let Some(s) = s {
                f(s)
            }
        });
        self.persist();
    }

    /// Saves the confirmed moves; a refusal becomes the storage warning.
    pub fn persist(&self) {
        let result = self.session.with_untracked(|s| s.as_ref().map(storage::save));
        match result {
            Some(Err(w)) => self.warning.set(Some(w)),
            Some(Ok(())) => {
                if self.warning.get_untracked().is_some() {
                    self.warning.set(None);
                }
            }
            None => {}
        }
    }

    /// The current screen.
    pub fn screen(&self) -> Option<Screen> {
        self.session.with(|s| s.as_ref().map(|s| s.screen()))
    }
}

/// Upper-cases the first letter.
pub fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx {
        session: RwSignal::new(None),
        notice: RwSignal::new(None),
        warning: RwSignal::new(None),
        mode: RwSignal::new(Mode::Normal),
        start_message: RwSignal::new(None),
        saves_changed: RwSignal::new(0),
        replay: RwSignal::new(None),
    };
    provide_context(ctx);
    screens::open_from_link(ctx);
    let screen = Memo::new(move |_| ctx.screen());
    let replaying = Memo::new(move |_| ctx.replay.with(|r| r.is_some()));
    view! {
        <div class="app">
            {move || if replaying.get() { view! { <share::ReplayScreen/> }.into_any() } else { match screen.get() {
                None => view! { <screens::StartScreen/> }.into_any(),
                Some(Screen::HandOver(c)) => view! { <screens::HandOver colour=c/> }.into_any(),
                Some(Screen::Announcement(text)) => view! { <screens::Announcement text=text/> }.into_any(),
                Some(Screen::Over) => view! { <screens::EndScreen/> }.into_any(),
                Some(Screen::Play(_)) => view! { <panels::GameScreen/> }.into_any(),
            }}}
        </div>
    }
}

/// Mounts the app on the page.
pub fn mount() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(App);
}
