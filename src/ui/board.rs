//! The map, one component for both editions: it draws the layers of a [`BoardModel`] (built
//! as trees by `app::board::svg`) and lets the player zoom (buttons, two fingers), pan
//! (dragging, or the markers pointing at tap targets off screen) and walk the board with the
//! keyboard (arrow keys move a cursor over spaces and edges, Enter or Space taps).

use crate::app::board::svg::{self, BoardTap, Svg};
use crate::app::board::{BoardModel, Cursor, Side, Under};
use crate::app::tree::{el, html};
use crate::engine::Edition;
use crate::tr;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// One layer of the board: a group whose markup is drawn from `nodes` whenever they change, and
/// the actions of its last drawing (for the board's one tap handler).
fn layer(nodes: Signal<Vec<Svg>>, class: &'static str, actions: StoredValue<Vec<BoardTap>>) -> impl IntoView {
    let g = NodeRef::<leptos::svg::G>::new();
    Effect::new(move |_| {
        let (markup, acts) = nodes.with(|n| html(n));
        if let Some(g) = g.get() {
            let e: &web_sys::Element = g.as_ref();
            e.set_inner_html(&markup);
        }
        actions.set_value(acts);
    });
    view! { <g class=class data-layer=class node_ref=g></g> }
}

/// Zoom steps in tenths (10: the whole board).
const ZOOMS: [u32; 4] = [10, 16, 24, 32];

/// The board. Taps on spaces and free edges go to `on_tap` (none in a replay). It can
/// be zoomed (buttons, or two fingers) and panned (dragging, or the markers that point at tap
/// targets outside the part shown).
#[component]
pub fn Board(model: Memo<Option<BoardModel>>, #[prop(optional)] on_tap: Option<Callback<BoardTap>>) -> impl IntoView {
    // The land changes only with the map: drawn once per game, not per tap.
    let land_model = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| (m.edition, m.terrain.clone()))));
    let land_nodes = Signal::derive(move || {
        land_model.track();
        model.with_untracked(|m| m.as_ref().map(svg::land).unwrap_or_default())
    });
    let frame_nodes = Signal::derive(move || {
        land_model.track();
        model.with_untracked(|m| m.as_ref().map(svg::frame).unwrap_or_default())
    });
    // What is new since the last drawing is marked for its animation (and, in a game, its sound).
    let last = StoredValue::new(None::<BoardModel>);
    let overlay = Memo::new(move |_| {
        model.with(|m| {
            let Some(m) = m else { return Vec::new() };
            let mut m = m.clone();
            m.fresh = last.with_value(|b| b.as_ref().map(|b| m.fresh_since(b))).unwrap_or_default();
            if on_tap.is_some() {
                if !m.fresh.founded.is_empty() {
                    super::sound::play(super::sound::Cue::Found);
                } else if !m.fresh.spaces.is_empty() || !m.fresh.edges.is_empty() {
                    super::sound::play(super::sound::Cue::Place);
                }
            }
            let nodes = svg::overlay(&m);
            last.set_value(Some(m));
            nodes
        })
    });
    let zoom = RwSignal::new(10u32);
    let center = RwSignal::new((0i32, 0i32));
    let window = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| m.window(zoom.get(), center.get()))));
    let view_box = move || window.get().map(|w| format!("{} {} {} {}", w.x, w.y, w.w, w.h));
    let labels = Signal::derive(move || model.with(|m| m.as_ref().zip(window.get()).map(|(m, w)| svg::labels(m, w)).unwrap_or_default()));
    let edition = move || land_model.with(|l| l.as_ref().map(|l| if l.0 == Edition::New { "new" } else { "classic" }));
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // Dragging and pinching: the pointers down, where they started, and the window then.
    let pointers = StoredValue::new(Vec::<(i32, f64, f64)>::new());
    let start = StoredValue::new(None::<(Vec<(i32, f64, f64)>, u32, (i32, i32))>);
    let dragged = StoredValue::new(false);
    let units_per_px = move || {
        let w = window.get_untracked()?;
        let svg = svg_ref.get_untracked()?;
        let el: &web_sys::Element = svg.as_ref();
        let width = el.client_width() as f64;
        (width > 0.0).then(|| w.w as f64 / width)
    };
    let set_zoom = move |z: u32| {
        if zoom.get_untracked() == 10 && z > 10 {
            // Zoom in around the middle of the board the first time.
            if let Some(w) = window.get_untracked() {
                center.set((w.x + w.w / 2, w.y + w.h / 2));
            }
        }
        zoom.set(z.clamp(10, 32));
    };
    let down = move |ev: leptos::ev::PointerEvent| {
        pointers.update_value(|p| {
            p.retain(|x| x.0 != ev.pointer_id());
            p.push((ev.pointer_id(), ev.client_x() as f64, ev.client_y() as f64));
        });
        dragged.set_value(false);
        let w = window.get_untracked();
        start.set_value(Some((pointers.get_value(), zoom.get_untracked(), w.map_or(center.get_untracked(), |w| (w.x + w.w / 2, w.y + w.h / 2)))));
    };
    let moved = move |ev: leptos::ev::PointerEvent| {
        let Some((from, z0, c0)) = start.get_value() else { return };
        pointers.update_value(|p| {
            if let Some(x) = p.iter_mut().find(|x| x.0 == ev.pointer_id()) {
                *x = (ev.pointer_id(), ev.client_x() as f64, ev.client_y() as f64);
            }
        });
        let now = pointers.get_value();
        let Some(k) = units_per_px() else { return };
        match (from.as_slice(), now.as_slice()) {
            ([a, b], [c, d]) => {
                let dist = |p: &(i32, f64, f64), q: &(i32, f64, f64)| ((p.1 - q.1).powi(2) + (p.2 - q.2).powi(2)).sqrt().max(1.0);
                let z = (z0 as f64 * dist(c, d) / dist(a, b)).round() as u32;
                dragged.set_value(true);
                set_zoom(z);
            }
            ([a], [b]) if a.0 == b.0 => {
                let (dx, dy) = (b.1 - a.1, b.2 - a.2);
                if dx.abs() + dy.abs() > 8.0 {
                    dragged.set_value(true);
                }
                if dragged.get_value() && zoom.get_untracked() > 10 {
                    center.set((c0.0 - (dx * k) as i32, c0.1 - (dy * k) as i32));
                }
            }
            _ => {}
        }
    };
    let up = move |ev: leptos::ev::PointerEvent| {
        pointers.update_value(|p| p.retain(|x| x.0 != ev.pointer_id()));
        let rest = pointers.get_value();
        start.set_value((!rest.is_empty()).then(|| (rest, zoom.get_untracked(), center.get_untracked())));
    };
    let (land_actions, overlay_actions, label_actions) = (StoredValue::new(Vec::new()), StoredValue::new(Vec::new()), StoredValue::new(Vec::new()));
    let tap = move |ev: leptos::ev::MouseEvent| {
        if dragged.get_value() {
            dragged.set_value(false);
            return;
        }
        let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let (Ok(Some(hit)), Ok(Some(layer))) = (el.closest("[data-a]"), el.closest("[data-layer]")) else { return };
        let Some(i) = hit.get_attribute("data-a").and_then(|i| i.parse::<usize>().ok()) else { return };
        let actions = match layer.get_attribute("data-layer").as_deref() {
            Some("terrain") => land_actions,
            Some("overlay") => overlay_actions,
            _ => label_actions,
        };
        match actions.with_value(|a| a.get(i).copied()) {
            Some(BoardTap::Pan(side)) => {
                let Some(w) = window.get_untracked() else { return };
                let (cx, cy) = (w.x + w.w / 2, w.y + w.h / 2);
                center.set(match side {
                    Side::Left => (cx - w.w / 2, cy),
                    Side::Right => (cx + w.w / 2, cy),
                    Side::Top => (cx, cy - w.h / 2),
                    Side::Bottom => (cx, cy + w.h / 2),
                });
            }
            Some(t) => {
                if let Some(f) = on_tap {
                    f.run(t);
                }
            }
            None => {}
        }
    };
    let step = move |d: i32| {
        let z = zoom.get_untracked();
        let i = ZOOMS.iter().position(|&x| x >= z).unwrap_or(0) as i32;
        set_zoom(ZOOMS[(i + d).clamp(0, ZOOMS.len() as i32 - 1) as usize]);
    };
    // The keyboard: the board takes focus (Tab); arrow keys move a cursor over spaces and
    // edges, Enter or Space taps what is under it. Escape is the page's (it takes back a step).
    let cursor = RwSignal::new(None::<Cursor>);
    let focused = RwSignal::new(false);
    let key = move |ev: leptos::ev::KeyboardEvent| {
        let Some((cols, rows, start)) = model.with_untracked(|m| m.as_ref().map(|m| (m.cols, m.rows, m.cursor_start()))) else { return };
        let (dx, dy) = match ev.key().as_str() {
            "ArrowLeft" => (-1, 0),
            "ArrowRight" => (1, 0),
            "ArrowUp" => (0, -1),
            "ArrowDown" => (0, 1),
            "Enter" | " " => {
                ev.prevent_default();
                match (cursor.get_untracked().unwrap_or(start).under(), on_tap) {
                    (Some(Under::Space(s)), Some(f)) => f.run(BoardTap::Space(s)),
                    (Some(Under::Edge(e)), Some(f)) => f.run(BoardTap::Edge(e)),
                    _ => {}
                }
                return;
            }
            _ => return,
        };
        ev.prevent_default();
        let next = cursor.get_untracked().map_or(start, |c| c.moved(dx, dy, cols, rows));
        cursor.set(Some(next));
        // Zoomed in: the window follows the cursor.
        if let Some(w) = window.get_untracked() {
            let (x, y, cw, ch) = next.rect();
            if x < w.x || y < w.y || x + cw > w.x + w.w || y + ch > w.y + w.h {
                center.set((x + cw / 2, y + ch / 2));
            }
        }
    };
    let cursor_nodes = Signal::derive(move || {
        let c = cursor.get().filter(|_| focused.get()).or_else(|| focused.get().then(|| model.with(|m| m.as_ref().map(|m| m.cursor_start()))).flatten());
        c.map(|c| {
            let (x, y, w, h) = c.rect();
            vec![el("rect").class("kbd-cursor").attr("x", x.to_string()).attr("y", y.to_string()).attr("width", w.to_string()).attr("height", h.to_string()).attr("rx", "5")]
        })
        .unwrap_or_default()
    });
    let cursor_name = move || {
        let c = cursor.get().or_else(|| model.with(|m| m.as_ref().map(|m| m.cursor_start())));
        c.and_then(|c| c.under()).map(|u| match u {
            Under::Space(s) => s.to_string(),
            Under::Edge(e) => e.to_string(),
        })
    };
    // The board in words for screen readers: a span a sentence.
    let description = move || model.with(|m| m.as_ref().map(|m| m.describe(cursor.get().or_else(|| focused.get().then(|| m.cursor_start()))).into_iter().map(|p| el::<()>("span").text(p + " ")).collect::<Vec<_>>()).unwrap_or_default());
    let scroll_class = move || if zoom.get() > 10 { "board-scroll zoomed" } else { "board-scroll" };
    view! {
        <div class="board-tools row" role="group" aria-label=tr!(PanelMapView)>
            <button type="button" aria-label=tr!(PanelZoomIn) data-zoom-in="" on:click=move |_| step(1)>"+"</button>
            <button type="button" aria-label=tr!(PanelZoomOut) data-zoom-out="" disabled=move || zoom.get() == 10 on:click=move |_| step(-1)>"−"</button>
            <button type="button" data-zoom-whole="" aria-label=tr!(PanelWholeMap) title=tr!(PanelWholeMap) disabled=move || zoom.get() == 10 on:click=move |_| zoom.set(10)>"⤢"</button>
        </div>
        <div class=scroll_class>
            <svg class="board" node_ref=svg_ref viewBox=view_box preserveAspectRatio="xMidYMin meet" data-board=edition data-zoom=move || zoom.get() data-cursor=cursor_name
                tabindex="0" role="application" aria-label=tr!(PanelMapLabel) aria-describedby="board-words"
                on:click=tap on:pointerdown=down on:pointermove=moved on:pointerup=up on:pointercancel=up
                on:keydown=key on:focus=move |_| focused.set(true) on:blur=move |_| focused.set(false)>
                {layer(land_nodes, "terrain", land_actions)}
                {layer(overlay.into(), "overlay", overlay_actions)}
                {layer(frame_nodes, "frame-layer", StoredValue::new(Vec::new()))}
                {layer(labels, "labels", label_actions)}
                {layer(cursor_nodes, "kbd", StoredValue::new(Vec::new()))}
            </svg>
        </div>
        <div id="board-words" class="sr-only" aria-live="polite">{super::tree::tree("board-words", description)}</div>
    }
}
