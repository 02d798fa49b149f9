//! The browser features the game uses but can live without, each behind a check, with what the
//! game does without it (the README's "Browser features" lists them).
//!
//! A web-sys method not marked `catch` throws a JavaScript exception straight through the wasm
//! call when its object or function is missing (`navigator.vibrate` in Firefox and Safari,
//! `navigator.clipboard` on a plain-http address): the rest of that call never runs, and a screen
//! mid-update stays as it was — a friend's page froze that way. So optional features are read
//! here with `Reflect` and called through `Function::apply`, which hand back an error instead.

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// `obj[name]` when it is there: reading it didn't throw and it is neither undefined nor null.
pub fn prop(obj: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(obj, &JsValue::from_str(name)).ok().filter(|v| !v.is_undefined() && !v.is_null())
}

/// Calls `obj[name](...args)` when it is a function; `None` when it is missing or threw.
pub fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let f: Function = prop(obj, name)?.dyn_into().ok()?;
    f.apply(obj, &args.iter().collect::<Array>()).ok()
}

/// A plain object with these string properties.
pub fn object(props: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (k, v) in props {
        let _ = Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o
}

fn navigator() -> Option<JsValue> {
    web_sys::window().map(|w| w.navigator().into())
}

// ---- localStorage -------------------------------------------------------------------------
// Reading `window.localStorage` itself throws where storage is blocked (Firefox and Chromium with
// site data off, some embedded views); writing throws when the quota is full, and in Safari's
// older private windows always. Without it the game plays on and says that nothing is saved.

/// The page's localStorage, when the browser gives it.
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// A stored value (`None`: not stored, or no storage).
pub fn stored(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores a value; `false` when the browser refused (no storage, blocked, or full).
pub fn store(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Forgets a stored value (nothing when there is no storage).
pub fn unstore(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// Every key in storage (none without it).
pub fn stored_keys() -> Vec<String> {
    let Some(s) = storage() else { return Vec::new() };
    let n = s.length().unwrap_or(0);
    (0..n).filter_map(|i| s.key(i).ok().flatten()).collect()
}

/// Whether this browser keeps what the page writes: a small value written and removed again.
/// `false` in a browser that blocks storage for this page, or with no room left at all.
pub fn saves_on() -> bool {
    const PROBE: &str = "loewenherz/probe";
    let ok = store(PROBE, "1");
    unstore(PROBE);
    ok
}

// ---- Signals: vibration, the tab's title --------------------------------------------------

/// Vibrates for `ms` milliseconds where the device can (Android's Chromium and Firefox have
/// `navigator.vibrate`; desktop Firefox and every Safari don't): `false` without.
pub fn vibrate(ms: u32) -> bool {
    navigator().and_then(|n| call(&n, "vibrate", &[JsValue::from(ms)])).is_some_and(|r| r.is_truthy())
}

/// Sets the tab's title (nothing without a document).
pub fn set_title(text: &str) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        d.set_title(text);
    }
}

/// The tab's title ("" without a document).
pub fn title() -> String {
    web_sys::window().and_then(|w| w.document()).map(|d| d.title()).unwrap_or_default()
}

/// Whether the player has tapped or typed in this page since it loaded
/// (`navigator.userActivation.hasBeenActive`, which browsers require before sound or
/// vibration). A browser without that API (Safari before 16.4, Firefox before 120) is taken at
/// its word that it needs no gesture: the sound module still waits for one to start its audio.
pub fn has_been_active() -> bool {
    navigator().and_then(|n| prop(&n, "userActivation")).and_then(|a| prop(&a, "hasBeenActive")).and_then(|v| v.as_bool()).unwrap_or(true)
}

// ---- Copying, sharing ---------------------------------------------------------------------

/// Starts writing text to the clipboard: the promise of `navigator.clipboard.writeText`, or
/// `None` where there is no such clipboard (a page served over plain http on an address other
/// than localhost, older browsers).
pub fn clipboard_write(text: &str) -> Option<js_sys::Promise> {
    let clipboard = prop(&navigator()?, "clipboard")?;
    call(&clipboard, "writeText", &[JsValue::from_str(text)])?.dyn_into().ok()
}

/// Copies what is selected in the page the old way (`document.execCommand("copy")`, which every
/// engine still answers during a tap, over http too): `true` when the browser says it copied.
pub fn copy_selection() -> bool {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return false };
    call(&doc, "execCommand", &[JsValue::from_str("copy")]).is_some_and(|r| r.is_truthy())
}

/// Selects the whole text of a field (input or textarea), focused; iOS selects only through
/// `setSelectionRange`.
pub fn select_field(el: &JsValue) {
    let _ = call(el, "focus", &[]);
    let _ = call(el, "select", &[]);
    let len = prop(el, "value").and_then(|v| v.as_string()).map_or(0, |v| v.encode_utf16().count());
    let _ = call(el, "setSelectionRange", &[JsValue::from(0), JsValue::from(len as u32)]);
}

/// Whether this browser has a share sheet for a link (`navigator.share`, and `canShare` says
/// yes where it exists): Safari on iPhone and iPad, Chromium on Android and Windows.
pub fn can_share(url: &str) -> bool {
    let Some(n) = navigator() else { return false };
    let data = object(&[("url", JsValue::from_str(url))]);
    prop(&n, "share").is_some_and(|f| f.is_function()) && prop(&n, "canShare").is_none_or(|_| call(&n, "canShare", &[data.into()]).is_some_and(|r| r.is_truthy()))
}

/// Opens the share sheet with a titled link; `None` where there is none or it refused at once.
/// The promise rejects when the player dismisses the sheet.
pub fn share(title: &str, url: &str) -> Option<js_sys::Promise> {
    let data = object(&[("title", JsValue::from_str(title)), ("url", JsValue::from_str(url))]);
    call(&navigator()?, "share", &[data.into()])?.dyn_into().ok()
}

// ---- The visual viewport: the on-screen keyboard over a field -----------------------------

/// The part of the page in view, as (top, bottom) in the coordinates of
/// `getBoundingClientRect`: the visual viewport where there is one (the on-screen keyboard of
/// iPhones and iPads shrinks it, not the layout viewport), else the window.
fn in_view() -> Option<(f64, f64)> {
    let w = web_sys::window()?;
    let num = |o: &JsValue, k: &str| prop(o, k).and_then(|v| v.as_f64());
    match prop(&w, "visualViewport") {
        Some(vv) => {
            let top = num(&vv, "offsetTop").unwrap_or(0.0);
            Some((top, top + num(&vv, "height")?))
        }
        None => Some((0.0, w.inner_height().ok()?.as_f64()?)),
    }
}

/// Whether an element is a field one types into (where the on-screen keyboard comes up).
fn is_text_field(el: &JsValue) -> bool {
    let tag = prop(el, "tagName").and_then(|t| t.as_string()).unwrap_or_default();
    let kind = prop(el, "type").and_then(|t| t.as_string()).unwrap_or_default();
    tag == "TEXTAREA" || (tag == "INPUT" && matches!(kind.as_str(), "text" | "search" | "url" | "number" | ""))
}

/// Scrolls the focused text field back into view when the visual viewport (the part above the
/// on-screen keyboard) doesn't show it.
pub fn keep_focus_in_view() {
    let Some(active) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element()) else { return };
    let el: JsValue = active.into();
    if !is_text_field(&el) {
        return;
    }
    let Some((top, bottom)) = in_view() else { return };
    let Some(rect) = call(&el, "getBoundingClientRect", &[]) else { return };
    let edge = |k: &str| prop(&rect, k).and_then(|v| v.as_f64()).unwrap_or(0.0);
    if edge("top") < top || edge("bottom") > bottom {
        let _ = call(&el, "scrollIntoView", &[object(&[("block", "center".into())]).into()]);
    }
}

/// Keeps a focused name or text field above the on-screen keyboard: when a field is focused
/// (once the keyboard has come up) and whenever the visual viewport changes size. Without the
/// visual viewport (older browsers) only the first.
pub fn follow_keyboard() {
    use leptos::prelude::*;
    let _ = window_event_listener(leptos::ev::focusin, |_| {
        // The keyboard slides up after the focus: look again once it is there.
        set_timeout(keep_focus_in_view, std::time::Duration::from_millis(350));
    });
    let Some(vv) = web_sys::window().and_then(|w| prop(&w, "visualViewport")) else { return };
    let resized = wasm_bindgen::closure::Closure::<dyn Fn()>::new(keep_focus_in_view);
    let _ = call(&vv, "addEventListener", &[JsValue::from_str("resize"), resized.as_ref().clone()]);
    // Listens for the page's life.
    resized.forget();
}
