//! When the game itself fails (a panic: a bug), the page says so instead of going blank. The
//! browser build aborts on a panic, so nothing of the app runs afterwards: the hook draws the
//! screen with plain DOM calls, and its button reloads the page through index.html's own
//! script. Every confirmed move was saved when it was made (`Ctx::persist`), and the reload
//! continues the game from the address (`#game=<id>`).

use crate::tr;

/// A test sets this localStorage key to `"1"` to make the next move crash the game.
pub const CRASH_TEST_KEY: &str = "loewenherz/test/crash-on-move";

/// Installs the hook: the browser console gets the panic as before, the page the crash screen.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        draw(&info.to_string());
    }));
}

/// Crashes on purpose when a test asked for it (the release build carries this one check, so
/// that the crash screen is tested on the build players get).
pub fn crash_if_asked() {
    if super::feature::stored(CRASH_TEST_KEY).as_deref() == Some("1") {
        panic!("a test asked for a crash ({CRASH_TEST_KEY})");
    }
}

/// Its words come from the catalogue in the page's language (plain texts only: nothing that
/// could panic again inside the hook).
fn draw(what: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = doc.body() else { return };
    let el = |tag: &str, text: &str| -> Option<web_sys::Element> {
        let e = doc.create_element(tag).ok()?;
        e.set_text_content(Some(text));
        Some(e)
    };
    let screen = (|| {
        let screen = doc.create_element("div").ok()?;
        for (k, v) in [("class", "crash"), ("role", "alertdialog"), ("aria-modal", "true"), ("aria-labelledby", "crash-title"), ("data-crash", "")] {
            screen.set_attribute(k, v).ok()?;
        }
        let card = doc.create_element("div").ok()?;
        card.set_attribute("class", "crash-card").ok()?;
        let title = el("h2", tr!(ScreenCrashTitle))?;
        title.set_attribute("id", "crash-title").ok()?;
        card.append_child(&title).ok()?;
        card.append_child(el("p", tr!(ScreenCrashBug))?.as_ref()).ok()?;
        card.append_child(el("p", tr!(ScreenCrashSaved))?.as_ref()).ok()?;
        let reload = el("button", tr!(ScreenCrashReload))?;
        // index.html's script reloads the page on a tap here (no inline handler: the page's
        // Content-Security-Policy allows none).
        for (k, v) in [("class", "primary big"), ("type", "button"), ("data-reload", "")] {
            reload.set_attribute(k, v).ok()?;
        }
        card.append_child(&reload).ok()?;
        let details = doc.create_element("details").ok()?;
        details.append_child(el("summary", tr!(ScreenCrashWhat))?.as_ref()).ok()?;
        details.append_child(el("pre", what)?.as_ref()).ok()?;
        card.append_child(&details).ok()?;
        screen.append_child(&card).ok()?;
        Some((screen, reload))
    })();
    // The app can't run any more: its screen goes (nothing of it stays behind the message).
    body.set_text_content(None);
    if let Some((screen, reload)) = screen {
        let _ = body.append_child(&screen);
        if let Ok(b) = wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(reload) {
            let _ = b.focus();
        }
    }
}
