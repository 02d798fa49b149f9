//! The page around the game: its address (the game shown, links), the clipboard, downloads,
//! files served with the game, focus, and a pause.

use super::feature;
use crate::tr;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Puts the shown game's save id in the address (or takes it out), so a reload resumes it.
pub fn mark_address(id: Option<&str>) {
    set_hash(&id.map(|id| format!("game={id}")).unwrap_or_default());
}

/// Sets the address's `#` part (empty: none) without a reload or a new history entry.
pub fn set_hash(hash: &str) {
    if let Some(w) = web_sys::window()
        && let (Ok(h), Ok(path), Ok(search)) = (w.history(), w.location().pathname(), w.location().search())
    {
        let url = if hash.is_empty() { format!("{path}{search}") } else { format!("{path}{search}#{hash}") };
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

/// Takes the query out of the address (a link's setup is used once).
pub fn clear_query() {
    if let Some(w) = web_sys::window()
        && let (Ok(h), Ok(path)) = (w.history(), w.location().pathname())
    {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
}

/// The page's address without query or fragment.
pub fn base_url() -> String {
    let href = web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default();
    href.split(['?', '#']).next().unwrap_or_default().to_string()
}

/// Copies text to the clipboard; reports how it went. Where the browser has no clipboard for
/// the page (`navigator.clipboard` is missing on plain http at a network address) or refuses
/// it, the text is copied the old way: selected — in the field that shows it, if one does, else
/// in a field of its own for the moment — and copied with `execCommand`. If even that fails, a
/// field showing it stays selected and the message says how to copy by hand.
pub fn copy(text: String, done: RwSignal<Option<String>>) {
    match feature::clipboard_write(&text) {
        Some(promise) => leptos::task::spawn_local(async move {
            let ok = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
            done.set(Some(if ok { tr!(String ScreenCopied) } else { copy_by_selection(&text) }));
        }),
        None => done.set(Some(copy_by_selection(&text))),
    }
}

/// Copies `text` by selecting it; says how it went.
fn copy_by_selection(text: &str) -> String {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return tr!(String ScreenClipboardRefused) };
    if let Some(field) = field_showing(&doc, text) {
        feature::select_field(&field);
        return if feature::copy_selection() { tr!(String ScreenCopied) } else { tr!(String ScreenCopyByHand) };
    }
    // No field shows it: one of its own, out of sight, for as long as the copy takes.
    let Ok(el) = doc.create_element("textarea") else { return tr!(String ScreenClipboardRefused) };
    let _ = el.set_attribute("readonly", "");
    let _ = el.set_attribute("style", "position:fixed;top:0;left:0;width:1px;height:1px;opacity:0");
    let Some(body) = doc.body() else { return tr!(String ScreenClipboardRefused) };
    if body.append_child(&el).is_err() {
        return tr!(String ScreenClipboardRefused);
    }
    el.set_text_content(Some(text));
    let _ = js_sys::Reflect::set(&el, &"value".into(), &text.into());
    feature::select_field(&el);
    let ok = feature::copy_selection();
    el.remove();
    if ok { tr!(String ScreenCopied) } else { tr!(String ScreenClipboardRefused) }
}

/// The field (a link's input or a textarea) whose text is `text`, if the page shows one.
fn field_showing(doc: &web_sys::Document, text: &str) -> Option<wasm_bindgen::JsValue> {
    let fields = doc.query_selector_all("input, textarea").ok()?;
    (0..fields.length()).filter_map(|i| fields.get(i)).map(wasm_bindgen::JsValue::from).find(|f| feature::prop(f, "value").and_then(|v| v.as_string()).as_deref() == Some(text))
}

/// Offers text as a file download.
pub fn download(name: &str, text: &str) -> Result<(), String> {
    let fail = |_| tr!(String ScreenDownloadRefused);
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let doc = web_sys::window().and_then(|w| w.document()).ok_or(tr!(ScreenDownloadRefused))?;
    let a: web_sys::HtmlAnchorElement = doc.create_element("a").map_err(fail)?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// The readable file name of an exported record.
pub fn record_file_name(id: &str) -> String {
    let date = js_sys::Date::new_0();
    format!("loewenherz-{:04}-{:02}-{:02}-{}.txt", date.get_full_year(), date.get_month() + 1, date.get_date(), id.rsplit('-').next().unwrap_or(id))
}

/// The text of a file served with the game (`None` when it can't be fetched).
pub async fn fetch_text(url: &str) -> Option<String> {
    let w = web_sys::window()?;
    let resp: web_sys::Response = wasm_bindgen_futures::JsFuture::from(w.fetch_with_str(url)).await.ok()?.into();
    if !resp.ok() {
        return None;
    }
    wasm_bindgen_futures::JsFuture::from(resp.text().ok()?).await.ok()?.as_string()
}

/// Focuses the element `selector` names once the screen is drawn.
pub fn focus_soon(selector: &'static str) {
    set_timeout(
        move || {
            let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.query_selector(selector).ok().flatten());
            if let Some(b) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = b.focus();
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Pipes `bytes` through a browser (de)compression stream and reads the result, at most `limit`
/// bytes (`None`: damaged input, or more than the limit — the stream is cancelled then).
async fn through(bytes: &[u8], transform: Result<(web_sys::ReadableStream, web_sys::WritableStream), wasm_bindgen::JsValue>, limit: usize) -> Option<Vec<u8>> {
    let (readable, writable) = transform.ok()?;
    let input = web_sys::Blob::new_with_u8_array_sequence(&js_sys::Array::of1(&js_sys::Uint8Array::from(bytes))).ok()?.stream();
    let reader: web_sys::ReadableStreamDefaultReader = input.pipe_through(&web_sys::ReadableWritablePair::new(&readable, &writable)).get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        let chunk = wasm_bindgen_futures::JsFuture::from(reader.read()).await.ok()?;
        if js_sys::Reflect::get(&chunk, &"done".into()).ok()?.is_truthy() {
            return Some(out);
        }
        let value: js_sys::Uint8Array = js_sys::Reflect::get(&chunk, &"value".into()).ok()?.dyn_into().ok()?;
        if out.len() + value.length() as usize > limit {
            let _ = reader.cancel();
            return None;
        }
        out.extend(value.to_vec());
    }
}

// The Compression Streams API (every current browser has it; web-sys marks it unstable).
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A `CompressionStream` or `DecompressionStream`: a transform stream.
    type Transform;
    #[wasm_bindgen(constructor, js_class = "CompressionStream", catch)]
    fn compressor(format: &str) -> Result<Transform, wasm_bindgen::JsValue>;
    #[wasm_bindgen(constructor, js_class = "DecompressionStream", catch)]
    fn decompressor(format: &str) -> Result<Transform, wasm_bindgen::JsValue>;
    #[wasm_bindgen(method, getter)]
    fn readable(this: &Transform) -> web_sys::ReadableStream;
    #[wasm_bindgen(method, getter)]
    fn writable(this: &Transform) -> web_sys::WritableStream;
}

/// True when this browser can pack and unpack links (it has the Compression Streams API).
pub fn can_pack() -> bool {
    Transform::compressor("deflate-raw").is_ok() && Transform::decompressor("deflate-raw").is_ok()
}

/// Raw deflate, by the browser.
pub async fn deflate(bytes: &[u8]) -> Option<Vec<u8>> {
    through(bytes, Transform::compressor("deflate-raw").map(|s| (s.readable(), s.writable())), usize::MAX).await
}

/// Raw inflate, by the browser, of at most `limit` bytes (`None`: damaged, or too large).
pub async fn inflate(bytes: &[u8], limit: usize) -> Option<Vec<u8>> {
    through(bytes, Transform::decompressor("deflate-raw").map(|s| (s.readable(), s.writable())), limit).await
}

/// True when the player asked for less motion (the system's "reduce motion").
pub fn reduced_motion() -> bool {
    web_sys::window().and_then(|w| w.match_media("(prefers-reduced-motion: reduce)").ok().flatten()).is_some_and(|m| m.matches())
}

/// Resolves after `ms` milliseconds (at once for none, or on a page without a window).
pub async fn sleep(ms: f64) {
    let Some(w) = web_sys::window().filter(|_| ms > 0.0) else { return };
    let p = js_sys::Promise::new(&mut |resolve, _| {
        if w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms as i32).is_err() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::NULL);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(p).await;
}
