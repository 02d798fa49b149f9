//! The browser game (Leptos, client-side rendered). It renders only what the player
//! holding the device may see: everything on screen comes from `Session::view`, which is
//! the engine's view for that player (or the public view behind a hand-over screen).

mod board;
pub mod bots;
mod crash;
mod dom;
pub mod lang;
mod newed;
mod panels;
mod rules;
mod screens;
mod seats;
mod share;
pub mod storage;
mod taps;
pub mod tutorial;

use crate::app::newed_session::{NewScreen, NewSession};
use crate::app::session::{Screen, Session};
pub use crate::app::targets::Mode;
use crate::engine::Move;
use leptos::prelude::*;

/// Shared UI state.
#[derive(Clone, Copy)]
pub struct Ctx {
    /// The Classic game on this device (at most one of this and `new_session` is set; neither:
    /// the start screen).
    pub session: RwSignal<Option<Session>>,
    /// The New Edition game on this device.
    pub new_session: RwSignal<Option<NewSession>>,
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
    pub replay: RwSignal<Option<crate::app::AnyReplay>>,
    /// Classic: a tap that can be paid in several ways waits for the player's choice.
    pub pay_choice: RwSignal<Vec<Move>>,
    /// New Edition: a space more than one region may take waits for the player's choice.
    pub region_choice: RwSignal<Vec<crate::engine::newed::Move>>,
    /// Spaces of the log line the player tapped, shown on the board.
    pub highlight: RwSignal<Vec<crate::engine::Space>>,
    /// How fast computers' moves appear ([`seats::Pace::code`]).
    pub pace: RwSignal<u32>,
    /// Why a computer player stopped (the table can try again).
    pub bot_error: RwSignal<Option<String>>,
    /// A card's explanation, shown when it is tapped or reached with the keyboard.
    pub help: RwSignal<Option<String>>,
    /// The language the page speaks ([`lang::switch`] changes it; every screen is drawn again).
    pub lang: RwSignal<crate::i18n::Lang>,
    /// The "Learn the game" lesson, while one is on.
    pub tutorial: RwSignal<Option<crate::app::tutorial::Tutorial>>,
}

impl Ctx {
    fn after_act(&self, refused: Option<String>) {
        self.notice.set(refused);
        self.help.set(None);
        self.highlight.set(Vec::new());
        self.mode.set(Mode::Normal);
        self.pay_choice.set(Vec::new());
        self.region_choice.set(Vec::new());
        self.persist();
    }

    /// Makes a Classic move for the player holding the device; refusals become a notice.
    pub fn act(&self, m: Move) {
        crash::crash_if_asked();
        if let Some(why) = tutorial::refusal(*self, &m.to_string()) {
            return self.after_act(Some(why));
        }
        let mut refused = None;
        self.session.update(|s| {
            if let Some(s) = s
                && let Err(e) = s.act(m)
            {
                refused = Some(capitalise(&crate::app::words::refusal(e)));
            }
        });
        self.after_act(refused);
    }

    /// Makes a New Edition move for the player holding the device; refusals become a notice.
    pub fn act_new(&self, m: crate::engine::newed::Move) {
        crash::crash_if_asked();
        if let Some(why) = tutorial::refusal(*self, &m.to_string()) {
            return self.after_act(Some(why));
        }
        let mut refused = None;
        self.new_session.update(|s| {
            if let Some(s) = s
                && let Err(e) = s.act(m)
            {
                refused = Some(capitalise(&crate::app::words::refusal(e)));
            }
        });
        self.after_act(refused);
    }

    /// Runs a change on the Classic session and saves it.
    pub fn update(&self, f: impl FnOnce(&mut Session)) {
        self.session.update(|s| {
            if let Some(s) = s {
                f(s)
            }
        });
        self.persist();
    }

    /// Runs a change on the New Edition session and saves it.
    pub fn update_new(&self, f: impl FnOnce(&mut NewSession)) {
        self.new_session.update(|s| {
            if let Some(s) = s {
                f(s)
            }
        });
        self.persist();
    }

    /// Shows a game of either edition (or the start screen with `None`).
    pub fn show(&self, game: Option<crate::app::AnySession>) {
        self.mode.set(Mode::Normal);
        self.notice.set(None);
        self.help.set(None);
        self.pay_choice.set(Vec::new());
        self.region_choice.set(Vec::new());
        screens::mark_address(match &game {
            Some(crate::app::AnySession::Classic(s)) => Some(s.id.as_str()),
            Some(crate::app::AnySession::New(s)) => Some(s.id.as_str()),
            None => None,
        });
        match game {
            Some(crate::app::AnySession::Classic(s)) => {
                self.new_session.set(None);
                self.session.set(Some(s));
            }
            Some(crate::app::AnySession::New(s)) => {
                self.session.set(None);
                self.new_session.set(Some(s));
            }
            None => {
                self.session.set(None);
                self.new_session.set(None);
            }
        }
        self.bot_error.set(None);
        seats::drive(*self);
    }

    /// The save id of the game shown.
    pub(crate) fn shown_id(&self) -> Option<String> {
        self.session.with_untracked(|s| s.as_ref().map(|s| s.id.clone())).or_else(|| self.new_session.with_untracked(|s| s.as_ref().map(|s| s.id.clone())))
    }

    /// Saves the confirmed moves; a refusal becomes the storage warning. When another tab or
    /// window went on with the game meanwhile, nothing is written and this tab follows it.
    pub fn persist(&self) {
        let result = self
            .session
            .with_untracked(|s| s.as_ref().map(|s| storage::save(&s.id, &s.summary(), &s.record())))
            .or_else(|| self.new_session.with_untracked(|s| s.as_ref().map(|s| storage::save(&s.id, &s.summary(), &s.record()))));
        match result {
            Some(Err(storage::SaveError::Refused(w))) => self.warning.set(Some(w)),
            Some(Err(storage::SaveError::MovedOn)) => return self.follow(),
            Some(Ok(())) if self.warning.get_untracked().is_some() => self.warning.set(None),
            _ => {}
        }
        // A computer may be due now.
        seats::drive(*self);
    }

    /// Shows the latest saved state of the game on screen, when another tab or window (or a
    /// newer version of the game) went on with it: steps staged here are dropped, the
    /// device is handed over as after a reload, and a warning says why.
    pub fn follow(&self) {
        let Some(id) = self.shown_id() else { return };
        match storage::load(&id) {
            Ok(s) => {
                self.warning.set(Some(crate::tr!(String ScreenFollowed)));
                self.show(Some(s));
            }
            Err(e) => {
                self.show(None);
                self.start_message.set(Some(crate::tr!(ScreenFollowFailed, why = e)));
            }
        }
    }

    /// Follows the shown game if its save is newer than this tab's state (after a storage
    /// event from another tab, or when the page becomes visible again).
    fn follow_if_moved_on(&self) {
        if self.shown_id().is_some_and(|id| storage::moved_on(&id)) {
            self.follow();
        }
    }

    /// The current Classic screen.
    pub fn screen(&self) -> Option<Screen> {
        self.session.with(|s| s.as_ref().map(|s| s.screen()))
    }

    /// The current New Edition screen.
    pub fn new_screen(&self) -> Option<NewScreen> {
        self.new_session.with(|s| s.as_ref().map(|s| s.screen()))
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

impl Ctx {
    /// Fresh UI state around an optional game.
    pub fn new(session: Option<Session>) -> Ctx {
        Ctx {
            session: RwSignal::new(session),
            new_session: RwSignal::new(None),
            notice: RwSignal::new(None),
            warning: RwSignal::new(None),
            mode: RwSignal::new(Mode::Normal),
            start_message: RwSignal::new(None),
            saves_changed: RwSignal::new(0),
            replay: RwSignal::new(None),
            pay_choice: RwSignal::new(Vec::new()),
            region_choice: RwSignal::new(Vec::new()),
            highlight: RwSignal::new(Vec::new()),
            pace: RwSignal::new(0),
            bot_error: RwSignal::new(None),
            help: RwSignal::new(None),
            lang: RwSignal::new(crate::i18n::lang()),
            tutorial: RwSignal::new(None),
        }
    }
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new(None);
    provide_context(ctx);
    screens::open_from_link(ctx);
    // Escape closes the topmost dialog; with no dialog open it takes back a staged step.
    let _ = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() != "Escape" {
            return;
        }
        let doc = web_sys::window().and_then(|w| w.document());
        let close = doc.and_then(|d| d.query_selector_all("[role=dialog] [data-close]").ok()).and_then(|l| l.length().checked_sub(1).and_then(|i| l.get(i)));
        match close.and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(n).ok()) {
            Some(button) => button.click(),
            None => {
                ctx.mode.set(Mode::Normal);
                ctx.pay_choice.set(Vec::new());
                ctx.region_choice.set(Vec::new());
                ctx.update(|s| s.undo());
                ctx.update_new(|s| s.undo());
            }
        }
    });
    // Another tab or window changed a save: the list follows, and so does the game shown
    // if it was this one. A page woken from sleep checks too (it may have missed events).
    let _ = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_none_or(|k| k.starts_with(storage::SAVE_PREFIX)) {
            ctx.saves_changed.update(|n| *n += 1);
            ctx.follow_if_moved_on();
        }
    });
    let _ = window_event_listener(leptos::ev::visibilitychange, move |_| ctx.follow_if_moved_on());
    view! { <Root/> }
}

/// Whatever screen the state calls for (the app without reading the link).
#[component]
pub fn Root() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let screen = Memo::new(move |_| ctx.screen());
    let new_screen = Memo::new(move |_| ctx.new_screen());
    let replaying = Memo::new(move |_| ctx.replay.with(|r| r.is_some()));
    let edition = move || {
        if replaying.get() {
            ctx.replay.with(|r| match r {
                Some(crate::app::AnyReplay::New(_)) => Some("new"),
                _ => Some("classic"),
            })
        } else if new_screen.get().is_some() {
            Some("new")
        } else {
            screen.get().map(|_| "classic")
        }
    };
    view! {
        <tutorial::Coach/>
        <main class="app" data-edition=edition>
            {move || { ctx.lang.track(); if replaying.get() { view! { <share::ReplayScreen/> }.into_any() } else if let Some(ns) = new_screen.get() { match ns {
                NewScreen::HandOver(c) => view! { <newed::NewHandOver colour=c/> }.into_any(),
                NewScreen::Over => view! { <newed::NewEndScreen/> }.into_any(),
                NewScreen::Play(_) | NewScreen::Thinking(_) => view! { <newed::NewGameScreen/> }.into_any(),
            } } else { match screen.get() {
                None => view! { <screens::StartScreen/> }.into_any(),
                Some(Screen::HandOver(c)) => view! { <screens::HandOver colour=c/> }.into_any(),
                Some(Screen::Announcement(text)) => view! { <screens::Announcement text=text/> }.into_any(),
                Some(Screen::Over) => view! { <screens::EndScreen/> }.into_any(),
                Some(Screen::Play(_) | Screen::Thinking(_)) => view! { <panels::GameScreen/> }.into_any(),
            }}}}
        </main>
    }
}

/// Mounts the app on the page.
pub fn mount() {
    crash::install();
    // German or Italian words are fetched first (from the service worker's cache once it has
    // them); if they can't be had, the page opens in English and says why.
    let lang = lang::initial();
    // Leptos's executor starts with the app: before it, the plain wasm-bindgen one.
    wasm_bindgen_futures::spawn_local(async move {
        let failed = lang::load(lang).await.err();
        lang::apply(if failed.is_some() { crate::i18n::Lang::En } else { lang });
        leptos::mount::mount_to_body(move || {
            let app = App();
            if let Some(why) = failed.clone() {
                expect_context::<Ctx>().start_message.set(Some(why));
            }
            app
        });
    });
}

/// The text of a file served with the game (`None` when it can't be fetched).
pub(crate) async fn fetch_text(url: &str) -> Option<String> {
    let w = web_sys::window()?;
    let resp: web_sys::Response = wasm_bindgen_futures::JsFuture::from(w.fetch_with_str(url)).await.ok()?.into();
    if !resp.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(resp.text().ok()?).await.ok()?.as_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Colour, Setup, SetupKind};
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::*;

    wasm_bindgen_test_configure!(run_in_browser);

    fn host() -> web_sys::Element {
        // Every test starts from empty storage: the tests reuse save ids, and a save left by
        // an earlier test would be newer than the test's fresh game (the game would follow it).
        web_sys::window().unwrap().local_storage().unwrap().unwrap().clear().unwrap();
        let doc = web_sys::window().unwrap().document().unwrap();
        let host = doc.create_element("div").unwrap();
        doc.body().unwrap().append_child(&host).unwrap();
        host
    }

    /// Mounts the app's screens around `ctx` in a fresh element.
    async fn mount(ctx: Ctx) -> (web_sys::Element, leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>) {
        let host = host();
        let handle = leptos::mount::mount_to(host.clone().unchecked_into(), move || {
            provide_context(ctx);
            view! { <Root/> }.into_any()
        });
        leptos::task::tick().await;
        (host, handle)
    }

    fn click(el: &web_sys::Element) {
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        el.dispatch_event(&web_sys::Event::new_with_event_init_dict("click", &init).unwrap()).unwrap();
    }

    fn count(host: &web_sys::Element, sel: &str) -> u32 {
        host.query_selector_all(sel).unwrap().length()
    }

    fn three_players() -> Session {
        let setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42);
        Session::new("wasm-test".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    #[wasm_bindgen_test]
    async fn hand_over_screen_hides_everything_private_until_dismissed() {
        let (host, handle) = mount(Ctx::new(Some(three_players()))).await;
        assert_eq!(count(&host, "[data-handover=red]"), 1);
        assert_eq!(count(&host, "[data-private]"), 0);
        assert_eq!(count(&host, "[data-space]"), 0, "the board is not behind the hand-over screen");
        click(&host.query_selector("[data-dismiss-handover]").unwrap().unwrap());
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-handover]"), 0);
        assert_eq!(count(&host, "[data-space]"), 150);
        assert!(count(&host, "[data-private=red]") >= 1);
        assert_eq!(count(&host, "[data-private]:not([data-private=red])"), 0);
        drop(handle);
        host.remove();
    }

    /// Red's province a1–c2 beside purple's d1–e2; red holds `card` and has just laid decision cards 1 and 2.
    fn neighbours_after_red_decided(card: crate::engine::PoliticsCard, knights: &[(Colour, &str)]) -> Session {
        neighbours_after_red_decided_holding(vec![card], knights)
    }

    fn neighbours_after_red_decided_holding(hand: Vec<crate::engine::PoliticsCard>, knights: &[(Colour, &str)]) -> Session {
        use crate::engine::{Edge, Space};
        let sp = |s: &str| Space::parse(s).unwrap();
        let mut setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Custom, 1);
        setup.castles = vec![(Colour::Red, sp("a1")), (Colour::Purple, sp("d1")), (Colour::Yellow, sp("a9"))];
        setup.knights = knights.iter().map(|&(c, s)| (c, sp(s))).collect();
        setup.borders = ["c1-d1", "c2-d2", "a2-a3", "b2-b3", "c2-c3", "e1-f1", "e2-f2", "d2-d3", "e2-e3"].iter().map(|e| Edge::parse(e).unwrap()).collect();
        setup.hands = vec![(Colour::Red, hand)];
        let mut s = Session::new("wasm-politics".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        s.take_device(Colour::Red);
        s.act(crate::engine::Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        s
    }

    #[wasm_bindgen_test]
    async fn alliance_is_played_by_tapping_two_castles() {
        use crate::engine::{PoliticsCard, Space};
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided(PoliticsCard::Alliance, &[(Colour::Red, "a2"), (Colour::Purple, "d2")]);
        let ctx = Ctx::new(Some(s));
        let (host, handle) = mount(ctx).await;
        // Red may play the alliance right after the decision.
        let play = host.query_selector(".politics button").unwrap().expect("politics buttons");
        assert_eq!(play.text_content().unwrap(), "Play Alliance");
        click(&play);
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-target=a1]"), 1, "own castle highlighted");
        click(&host.query_selector("[data-space=a1]").unwrap().unwrap());
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-target=d1]"), 1, "the neighbouring province's castle highlighted");
        click(&host.query_selector("[data-space=d1]").unwrap().unwrap());
        leptos::task::tick().await;
        let alliances = ctx.session.with_untracked(|s| s.as_ref().unwrap().game.alliances().to_vec());
        assert_eq!(alliances, vec![(sp("a1"), sp("d1"))]);
        assert_eq!(count(&host, "[data-handover=yellow]"), 1);
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn renegade_is_played_by_tapping_the_foreign_knight_then_the_own_space() {
        use crate::engine::{Piece, PieceKind, PoliticsCard, Space};
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided(PoliticsCard::Renegade, &[(Colour::Red, "a2"), (Colour::Purple, "e1"), (Colour::Purple, "e2")]);
        let ctx = Ctx::new(Some(s));
        let (host, handle) = mount(ctx).await;
        let play = host.query_selector(".politics button").unwrap().expect("politics buttons");
        assert_eq!(play.text_content().unwrap(), "Play Renegade");
        click(&play);
        leptos::task::tick().await;
        // e1 links e2 to the castle (R-B9): only e2 may be removed.
        assert_eq!(count(&host, "[data-target=e2]"), 1);
        assert_eq!(count(&host, "[data-target=e1]"), 0);
        click(&host.query_selector("[data-space=e2]").unwrap().unwrap());
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-target=b1]"), 1, "the forest next to red's castle");
        click(&host.query_selector("[data-space=b1]").unwrap().unwrap());
        leptos::task::tick().await;
        let (b1, e2, money) = ctx.session.with_untracked(|s| {
            let g = &s.as_ref().unwrap().game;
            (g.board().piece(sp("b1")), g.board().piece(sp("e2")), g.ducats(Colour::Red))
        });
        assert_eq!(b1, Some(Piece { colour: Colour::Red, kind: PieceKind::Knight }));
        assert_eq!(e2, None);
        assert_eq!(money, 12 - 5 - 5, "forest removal and forest placement cost 5 each");
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn a_forest_cost_may_be_paid_with_a_treasure_card_instead_of_money() {
        use crate::engine::{PoliticsCard, Space};
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided_holding(vec![PoliticsCard::Renegade, PoliticsCard::Treasure(10)], &[(Colour::Red, "a2"), (Colour::Purple, "e1"), (Colour::Purple, "e2")]);
        let ctx = Ctx::new(Some(s));
        let (host, handle) = mount(ctx).await;
        click(&host.query_selector(".politics button").unwrap().expect("politics buttons"));
        leptos::task::tick().await;
        click(&host.query_selector("[data-space=e2]").unwrap().unwrap());
        leptos::task::tick().await;
        click(&host.query_selector("[data-space=b1]").unwrap().unwrap());
        leptos::task::tick().await;
        // Red has the money (12) and a treasure card: the game asks how to pay instead of taking money.
        assert!(count(&host, "[data-pay]") >= 2, "a choice of payments");
        let with_treasure = (0..count(&host, "[data-pay]"))
            .map(|i| host.query_selector_all("[data-pay]").unwrap().get(i).unwrap().unchecked_into::<web_sys::Element>())
            .find(|b| b.text_content().unwrap_or_default().contains("Treasure"))
            .expect("a button paying with the treasure card");
        click(&with_treasure);
        leptos::task::tick().await;
        let (b1, money, hand) = ctx.session.with_untracked(|s| {
            let g = &s.as_ref().unwrap().game;
            (g.board().piece(sp("b1")), g.ducats(Colour::Red), g.view(Some(Colour::Red)).hands[Colour::Red].clone().unwrap_or_default())
        });
        assert!(b1.is_some(), "the knight stands on b1");
        assert!(money > 2, "not both forest costs were paid in money ({money} left)");
        assert!(!hand.contains(&PoliticsCard::Treasure(10)), "the treasure card paid");
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn laying_decision_cards_passes_the_device_to_the_next_player() {
        let mut s = three_players();
        s.take_device(Colour::Red);
        let (host, handle) = mount(Ctx::new(Some(s))).await;
        // The start player of a 3-player game lays two cards: the button waits for both.
        click(&host.query_selector("[data-decision='1']").unwrap().unwrap());
        leptos::task::tick().await;
        let confirm = host.query_selector("[data-confirm-decision]").unwrap().unwrap();
        assert!(confirm.has_attribute("disabled"));
        click(&host.query_selector("[data-decision='3']").unwrap().unwrap());
        leptos::task::tick().await;
        click(&host.query_selector("[data-confirm-decision]").unwrap().unwrap());
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-handover=yellow]"), 1);
        assert_eq!(count(&host, "[data-private]"), 0);
        drop(handle);
        host.remove();
    }

    /// A New Edition game at red's turn (custom position): red holds `hand`, the market `market`.
    fn new_edition_turn(hand: &[&str], market: &[&str]) -> crate::app::newed_session::NewSession {
        use crate::engine::newed::{PowerCardId, Setup};
        use crate::engine::Space;
        let sp = |s: &str| Space::parse(s).unwrap();
        let card = |c: &&str| PowerCardId::parse(c).unwrap();
        let mut setup = Setup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 7);
        setup.custom = true;
        setup.tiles = Some(crate::engine::newed::Layout::reference());
        setup.castles = vec![(Colour::Red, sp("a1")), (Colour::Blue, sp("l12")), (Colour::Orange, sp("l1"))];
        setup.knights = vec![(Colour::Red, sp("b1")), (Colour::Blue, sp("l11")), (Colour::Orange, sp("l2"))];
        setup.hands = vec![(Colour::Red, hand.iter().map(card).collect()), (Colour::Blue, vec![card(&"B1")]), (Colour::Orange, vec![card(&"B2")])];
        setup.market = market.iter().map(card).collect();
        setup.start = Some(Colour::Red);
        crate::app::newed_session::NewSession::new("wasm-new".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    /// Mounts the app's screens around a New Edition game.
    async fn mount_new(s: crate::app::newed_session::NewSession) -> (Ctx, web_sys::Element, leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>) {
        let ctx = Ctx::new(None);
        ctx.new_session.set(Some(s));
        let (host, handle) = mount(ctx).await;
        (ctx, host, handle)
    }

    #[wasm_bindgen_test]
    async fn a_power_card_hand_is_shown_only_to_its_holder_behind_the_hand_over() {
        let (_ctx, host, handle) = mount_new(new_edition_turn(&["A5", "A12", "C1"], &[])).await;
        assert_eq!(count(&host, "[data-handover=red]"), 1);
        assert_eq!(count(&host, "[data-private]"), 0);
        assert_eq!(count(&host, "[data-card]"), 0, "no card of anyone behind the hand-over screen");
        assert_eq!(count(&host, "[data-space]"), 0);
        click(&host.query_selector("[data-dismiss-handover]").unwrap().unwrap());
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-space]"), 144);
        assert_eq!(count(&host, "[data-private=red] [data-card]"), 3);
        for c in ["A5", "A12", "C1"] {
            assert_eq!(count(&host, &format!("[data-private=red] [data-card={c}]")), 1);
        }
        assert_eq!(count(&host, "[data-private]:not([data-private=red])"), 0);
        assert_eq!(count(&host, "[data-card=B1], [data-card=B2]"), 0, "the others' cards are nowhere");
        assert!(host.query_selector(".app").unwrap().unwrap().get_attribute("data-edition").as_deref() == Some("new"));
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn a_two_action_card_asks_which_action() {
        use crate::engine::newed::{view::PhaseView, Work};
        let mut s = new_edition_turn(&["A12", "A5", "C1"], &[]);
        s.take_device(Colour::Red);
        let (ctx, host, handle) = mount_new(s).await;
        // A12: one knight or two borders — one button each, and a one-action card has one.
        assert_eq!(count(&host, "[data-card=A12] [data-play]"), 2);
        assert_eq!(count(&host, "[data-card=A5] [data-play]"), 1);
        let second = host.query_selector("[data-play='A12 2']").unwrap().expect("the second action's button");
        assert!(second.text_content().unwrap().contains("borders"), "{:?}", second.text_content());
        click(&second);
        leptos::task::tick().await;
        let phase = ctx.new_session.with_untracked(|s| s.as_ref().unwrap().shown.view(None).phase);
        assert!(matches!(phase, PhaseView::Perform { work: Work::Borders { left: 2 }, .. }), "{phase:?}");
        assert!(count(&host, "[data-edge]") > 0, "border edges offered");
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn the_card_just_sold_is_not_offered_for_the_refill() {
        let mut s = new_edition_turn(&["A5", "A12", "C1"], &["D3"]);
        s.take_device(Colour::Red);
        let (_ctx, host, handle) = mount_new(s).await;
        click(&host.query_selector("[data-sell=A5]").unwrap().expect("sell button"));
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-market=A5]"), 1, "the sold card lies in the market");
        assert_eq!(count(&host, "[data-market=A5].takeable"), 0, "but can't be taken back this turn");
        assert_eq!(count(&host, "[data-market=D3].takeable"), 1);
        assert_eq!(count(&host, "[data-deck]:not([disabled])"), 1);
        drop(handle);
        host.remove();
    }
}
