//! The browser game (Leptos, client-side rendered). Every game screen draws from the table of
//! the seat holding the device (`app::table`): what that player may see, never the game itself.
//!
//! Floors, from the ground up: `ctx`, `tree`, `page`, `storage`, `crash`, `bots` (the state and
//! the page's edges); `board`, `menu`, `lang`, `rules` (pieces); `widgets`, `seats` (what both
//! editions' screens share); `classic/` and `newed/` (each edition's game screen); `start`,
//! `replay`, `tutorial` (whole screens); this file (the app and its root).

mod begin;
mod board;
pub mod bots;
mod classic;
mod crash;
pub mod feature;
pub mod ctx;
mod history;
pub mod lang;
mod menu;
pub mod net;
mod newed;
pub mod page;
mod replay;
mod rules;
mod seats;
mod sound;
mod start;
pub mod storage;
mod tree;
pub mod tutorial;
mod widgets;

pub use ctx::Ctx;
use crate::app::session::Screen;
use crate::app::table::Command;
use leptos::prelude::*;

/// What the root shows: a change of it draws a new screen; everything else updates in place.
#[derive(Clone, PartialEq, Debug)]
enum Shown {
    Start,
    Games,
    Replay,
    HandOver(crate::engine::Colour),
    Announcement(crate::app::said::Said),
    Over,
    Classic,
    New,
}

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    let ctx = Ctx::new(None);
    provide_context(ctx);
    start::open_from_link(ctx);
    seats::drive_computers(ctx);
    escape_keys(ctx);
    // Audio starts in the player's first gesture; a focused field stays above the keyboard.
    sound::wake_on_gestures();
    feature::follow_keyboard();
    // Another tab or window changed a save: the list follows, and so does the game shown
    // if it was this one. A page woken from sleep checks too (it may have missed events).
    let _ = window_event_listener(leptos::ev::storage, move |ev| {
        if ev.key().is_none_or(|k| k.starts_with(storage::SAVE_PREFIX) || k.starts_with(storage::HISTORY_PREFIX)) {
            ctx.saves_changed.update(|n| *n += 1);
            ctx.follow_if_moved_on();
        }
    });
    let _ = window_event_listener(leptos::ev::visibilitychange, move |_| ctx.follow_if_moved_on());
    // Remote play: a link of it opened now or later in this tab, and what it draws.
    net::follow_links(ctx);
    view! { <net::NetPage/> }
}

/// The keyboard of every game screen: Escape closes the topmost dialog; with no dialog open it
/// takes back a staged step.
pub fn escape_keys(ctx: Ctx) {
    let _ = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() != "Escape" {
            return;
        }
        let doc = web_sys::window().and_then(|w| w.document());
        let close = doc.and_then(|d| d.query_selector_all("[role=dialog] [data-close]").ok()).and_then(|l| l.length().checked_sub(1).and_then(|i| l.get(i)));
        match close.and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(n).ok()) {
            Some(button) => button.click(),
            None => {
                ctx.cancel();
                if ctx.table.with_untracked(|t| t.as_ref().is_some_and(|t| t.step().staged > 0 || t.step().pending)) {
                    ctx.send(ctx::plain(Command::Undo));
                }
            }
        }
    });
}

/// Whatever screen the state calls for (the app without reading the link).
#[component]
pub fn Root() -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let shown = Memo::new(move |_| {
        if ctx.replay.with(Option::is_some) {
            return Shown::Replay;
        }
        ctx.table.with(|t| match t {
            None if ctx.games.get() => Shown::Games,
            None => Shown::Start,
            Some(t) => match t.screen() {
                Screen::HandOver(c) => Shown::HandOver(*c),
                Screen::Announcement(a) => Shown::Announcement(a.clone()),
                Screen::Over => Shown::Over,
                Screen::Play(_) | Screen::Thinking(_) | Screen::Elsewhere(_) if t.edition() == crate::engine::Edition::New => Shown::New,
                Screen::Play(_) | Screen::Thinking(_) | Screen::Elsewhere(_) => Shown::Classic,
            },
        })
    });
    let edition = move || match shown.get() {
        Shown::Start | Shown::Games => None,
        Shown::Replay => ctx.replay.with(|r| Some(if matches!(r, Some(crate::app::AnyReplay::New(_))) { "new" } else { "classic" })),
        _ => ctx.table.with(|t| t.as_ref().map(|t| t.edition().name())),
    };
    view! {
        <main class="app" data-edition=edition>
            {move || {
                ctx.lang.track();
                match shown.get() {
                    Shown::Start => view! { <start::StartScreen/> }.into_any(),
                    Shown::Games => view! { <history::GamesScreen/> }.into_any(),
                    Shown::Replay => view! { <replay::ReplayScreen/> }.into_any(),
                    Shown::HandOver(c) => view! { <widgets::HandOver colour=c/> }.into_any(),
                    Shown::Announcement(said) => {
                        // Sealed bids are turned over one after another, each a card of its own.
                        let (text, bids) = ctx
                            .table
                            .with_untracked(|t| {
                                t.as_ref().map(|t| match crate::app::session::classic::bids_of(&said) {
                                    Some((parts, outcome)) => (outcome.map(|o| t.say(o)).unwrap_or_default(), parts.iter().map(|p| p.words(t.names())).collect()),
                                    None => (t.say(&said), Vec::new()),
                                })
                            })
                            .unwrap_or_default();
                        view! { <widgets::Announcement text=text bids=bids/> }.into_any()
                    }
                    Shown::Over => view! { <widgets::EndScreen/> }.into_any(),
                    Shown::Classic => view! { <classic::GameScreen/> }.into_any(),
                    Shown::New => view! { <newed::GameScreen/> }.into_any(),
                }
            }}
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AnySession;
    use crate::engine::Colour;
    use crate::engine::classic::{Setup, SetupKind};

    type Session = crate::app::session::Session<crate::engine::classic::game::Game>;

    /// The Classic game of a test's context.
    fn classic<T>(ctx: Ctx, f: impl FnOnce(&Session) -> T) -> T {
        ctx.game.with_untracked(|g| match g {
            Some(AnySession::Classic(s)) => f(s),
            _ => panic!("a Classic game"),
        })
    }
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
        let (host, handle) = mount(Ctx::new(Some(AnySession::Classic(three_players())))).await;
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
    fn neighbours_after_red_decided(card: crate::engine::classic::PoliticsCard, knights: &[(Colour, &str)]) -> Session {
        neighbours_after_red_decided_holding(vec![card], knights)
    }

    fn neighbours_after_red_decided_holding(hand: Vec<crate::engine::classic::PoliticsCard>, knights: &[(Colour, &str)]) -> Session {
        use crate::engine::{Edge, Space};
        let sp = |s: &str| Space::parse(s).unwrap();
        let mut setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Custom, 1);
        setup.castles = vec![(Colour::Red, sp("a1")), (Colour::Purple, sp("d1")), (Colour::Yellow, sp("a9"))];
        setup.knights = knights.iter().map(|&(c, s)| (c, sp(s))).collect();
        setup.borders = ["c1-d1", "c2-d2", "a2-a3", "b2-b3", "c2-c3", "e1-f1", "e2-f2", "d2-d3", "e2-e3"].iter().map(|e| Edge::parse(e).unwrap()).collect();
        setup.hands = vec![(Colour::Red, hand)];
        let mut s = Session::new("wasm-politics".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap();
        s.take_device(Colour::Red);
        s.act(crate::engine::classic::Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        s
    }

    #[wasm_bindgen_test]
    async fn alliance_is_played_by_tapping_two_castles() {
        use crate::engine::Space;
        use crate::engine::classic::PoliticsCard;
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided(PoliticsCard::Alliance, &[(Colour::Red, "a2"), (Colour::Purple, "d2")]);
        let ctx = Ctx::new(Some(AnySession::Classic(s)));
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
        let alliances = classic(ctx, |s| s.game.alliances().to_vec());
        assert_eq!(alliances, vec![(sp("a1"), sp("d1"))]);
        assert_eq!(count(&host, "[data-handover=yellow]"), 1);
        drop(handle);
        host.remove();
    }

    #[wasm_bindgen_test]
    async fn renegade_is_played_by_tapping_the_foreign_knight_then_the_own_space() {
        use crate::engine::{Piece, PieceKind, Space};
        use crate::engine::classic::PoliticsCard;
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided(PoliticsCard::Renegade, &[(Colour::Red, "a2"), (Colour::Purple, "e1"), (Colour::Purple, "e2")]);
        let ctx = Ctx::new(Some(AnySession::Classic(s)));
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
        let (b1, e2, money) = classic(ctx, |s| {
            let g = &s.game;
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
        use crate::engine::Space;
        use crate::engine::classic::PoliticsCard;
        let sp = |s: &str| Space::parse(s).unwrap();
        let s = neighbours_after_red_decided_holding(vec![PoliticsCard::Renegade, PoliticsCard::Treasure(10)], &[(Colour::Red, "a2"), (Colour::Purple, "e1"), (Colour::Purple, "e2")]);
        let ctx = Ctx::new(Some(AnySession::Classic(s)));
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
        let (b1, money, hand) = classic(ctx, |s| {
            let g = &s.game;
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
        let (host, handle) = mount(Ctx::new(Some(AnySession::Classic(s)))).await;
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
    fn new_edition_turn(hand: &[&str], market: &[&str]) -> crate::app::session::Session<crate::engine::newed::Game> {
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
        crate::app::session::Session::new("wasm-new".into(), setup, vec!["Ann".into(), "Ben".into(), "Cleo".into()]).unwrap()
    }

    /// Mounts the app's screens around a New Edition game.
    async fn mount_new(s: crate::app::session::Session<crate::engine::newed::Game>) -> (Ctx, web_sys::Element, leptos::mount::UnmountHandle<leptos::tachys::view::any_view::AnyViewState>) {
        let ctx = Ctx::new(Some(AnySession::New(s)));
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
        let phase = ctx.game.with_untracked(|g| match g {
            Some(AnySession::New(s)) => s.shown.view(None).phase,
            _ => panic!("a New Edition game"),
        });
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

    // Issue 31: a hint marks its cards and buttons in the step bar and its border on the board,
    // until the next move.
    #[wasm_bindgen_test]
    async fn a_hint_marks_its_decision_cards_and_a_new_edition_card_and_button() {
        let mut s = three_players();
        s.take_device(Colour::Red);
        let ctx = Ctx::new(Some(AnySession::Classic(s)));
        let (host, handle) = mount(ctx).await;
        let h = ctx.game.with_untracked(|g| g.as_ref().unwrap().hint(Some("red decide 1 3"), Colour::Red)).unwrap();
        ctx.hint.set(Some(h));
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-hinted]"), 2);
        assert_eq!(count(&host, "[data-decision='1'][data-hinted], [data-decision='3'][data-hinted]"), 2);
        // Laying the cards is a move: the marks go.
        click(&host.query_selector("[data-decision='2']").unwrap().unwrap());
        click(&host.query_selector("[data-decision='3']").unwrap().unwrap());
        leptos::task::tick().await;
        click(&host.query_selector("[data-confirm-decision]").unwrap().unwrap());
        leptos::task::tick().await;
        assert!(ctx.hint.get_untracked().is_none());
        drop(handle);
        host.remove();

        let mut s = new_edition_turn(&["A5", "A12", "C1"], &[]);
        s.take_device(Colour::Red);
        let (ctx, host, handle) = mount_new(s).await;
        let h = ctx.game.with_untracked(|g| g.as_ref().unwrap().hint(Some("red sell A5"), Colour::Red)).unwrap();
        ctx.hint.set(Some(h));
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-card=A5][data-hinted]"), 1);
        assert_eq!(count(&host, "[data-sell=A5][data-hinted]"), 1);
        assert_eq!(count(&host, "[data-hinted]"), 2);
        // A border's hint marks its edge on the board.
        click(&host.query_selector("[data-play='A12 2']").unwrap().unwrap());
        leptos::task::tick().await;
        let h = ctx.game.with_untracked(|g| g.as_ref().unwrap().hint(Some("red border c1-d1"), Colour::Red)).unwrap();
        ctx.hint.set(Some(h));
        leptos::task::tick().await;
        assert_eq!(count(&host, "[data-highlight-edge='c1-d1']"), 1);
        drop(handle);
        host.remove();
    }
}

