//! The map as SVG, one component for both editions: it draws a [`BoardModel`] (terrain in our
//! own drawings, tile seams, provinces or regions outlined and tinted in their owner's colour,
//! neutral zones hatched, borders, alliance seals, castles, knights, staged pieces dashed) and
//! the tap targets of this step, each marked by what a tap does.

use crate::app::render::{terrain_name, BoardModel, Cursor, Side, Under, Window};
use crate::app::targets::Target;
use crate::engine::{Colour, Edge, Edition, MineKind, PieceKind, Space, Terrain};
use crate::tr;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// Size of a space in SVG units (the render model's unit).
const CELL: i32 = crate::app::render::SPACE;
use crate::app::render::MARGIN;

/// Fill colour of a player colour.
pub fn colour_fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#a92630",
        Colour::Yellow => "#f4ca3a",
        Colour::Purple => "#7d3c98",
        Colour::Grey => "#8a9399",
        Colour::Blue => "#2e6fb7",
        Colour::Orange => "#d46b1c",
    }
}

/// Ink of a colour's emblem drawn on that colour: dark on the light colours, white on the others.
pub fn emblem_ink(c: Colour) -> &'static str {
    match c {
        Colour::Yellow | Colour::Orange => "#2b1d0e",
        _ => "#fff",
    }
}

/// A colour's emblem on a disc of the colour (the pictures are symbols in `index.html`), for
/// beside names, on score markers and in legends: colour is never the only signal.
pub fn emblem(c: Colour) -> super::dom::Node {
    super::dom::el("svg")
        .class("emblem")
        .attr("viewBox", "0 0 20 20")
        .attr("aria-hidden", "true")
        .attr("style", format!("background:{};color:{}", colour_fill(c), emblem_ink(c)))
        .kid(super::dom::el("use").attr("href", format!("#em-{}", c.name())))
}

/// A colour's name as it stands before or after a noun ("a neutral purple castle"): lower case,
/// except in German, whose colour names stand as nouns („eine Burg in Lila“).
pub fn colour_adj(edition: Edition, c: Colour) -> String {
    crate::app::session::neutral_colour(edition, c)
}

/// The board in words for screen readers (`#board-words`): one span a sentence; the spaces
/// between them keep them apart when read.
fn describe(m: &BoardModel, cursor: Option<Cursor>) -> Vec<super::dom::Node> {
    let mut out = Vec::new();
    for (i, p) in m.describe(cursor).into_iter().enumerate() {
        if i > 0 {
            out.push(super::dom::text(" "));
        }
        out.push(super::dom::el("span").text(p));
    }
    out
}

fn xy(s: Space) -> (i32, i32) {
    (s.col() as i32 * CELL, s.row() as i32 * CELL)
}

// The board is drawn as SVG text: two layers (the land, which changes only with the map, and
// the pieces and marks, which change with every step) set as the inner markup of two groups,
// and one tap handler on the board that reads `data-space` / `data-free-edge` from what was
// tapped. Everything in the text comes from the render model (spaces, colours, numbers), never
// from player input. Plain string writing keeps the page small: typed views for hundreds of
// shapes cost far more code than the shapes themselves.

/// Our own drawing of a terrain inside the space at `(x, y)`.
fn terrain_art(out: &mut String, t: Terrain, x: i32, y: i32) {
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    let _ = match t {
        Terrain::Open => write!(out, r#"<path class="grass" d="M{} {} q2 -5 4 0 M{} {} q2 -5 4 0 M{} {} q2 -4 3 0"/>"#, cx - 12, cy + 8, cx + 5, cy - 6, cx - 2, cy + 1),
        Terrain::Forest => write!(
            out,
            r#"<g class="trees"><path d="M{} {} l7 13 h-14 z"/><path d="M{} {} l7 13 h-14 z"/><path d="M{} {} l6 11 h-12 z"/><path class="trunk" d="M{} {} v3 M{} {} v3"/></g>"#,
            cx - 7, cy - 13, cx + 7, cy - 8, cx - 4, cy + 2, cx - 4, cy + 13, cx + 7, cy + 5
        ),
        Terrain::Mountain => write!(
            out,
            r#"<g class="peaks"><path d="M{} {} l11 -18 l11 18 z"/><path class="snow" d="M{} {} l4 -7 l4 7 l-4 -2 z"/><path d="M{} {} l8 -12 l8 12 z"/></g>"#,
            cx - 16, cy + 10, cx - 9, cy - 1, cx, cy + 10
        ),
        Terrain::City => write!(
            out,
            r#"<g class="city"><rect x="{}" y="{}" width="10" height="13"/><rect x="{}" y="{}" width="8" height="21"/><rect x="{}" y="{}" width="9" height="11"/><path d="M{} {} l4 -6 l4 6 z"/></g>"#,
            cx - 14, cy - 4, cx - 3, cy - 12, cx + 6, cy - 2, cx - 3, cy - 12
        ),
        Terrain::Village => write!(
            out,
            r#"<g class="village"><path d="M{} {} v-8 l6 -6 l6 6 v8 z"/><path d="M{} {} v-6 l5 -5 l5 5 v6 z"/><path class="roof" d="M{} {} l6 -6 l6 6 M{} {} l5 -5 l5 5"/></g>"#,
            cx - 13, cy + 9, cx + 2, cy + 9, cx - 13, cy + 1, cx + 2, cy + 3
        ),
        Terrain::KingsCity => write!(
            out,
            r#"<g class="kings-city"><rect x="{}" y="{}" width="30" height="15"/><path d="M{} {} l4 -9 l5 6 l6 -10 l6 10 l5 -6 l4 9 z"/><circle class="jewel" cx="{}" cy="{}" r="2"/></g>"#,
            cx - 15, cy - 4, cx - 15, cy - 4, cx, cy - 10
        ),
        Terrain::Mine(k) => {
            // Shape as well as colour tells the four mine types apart: gold a bar, silver a
            // coin with a cross, copper a square ingot, gems a cut diamond.
            let (dx, dy, ore, mark) = match k {
                MineKind::Gold => (-10, 6, "h20 l-4 -9 h-12 z", "m6 -5 h8"),
                MineKind::Silver => (-9, 0, "a9 9 0 1 0 18 0 a9 9 0 1 0 -18 0", "m4 0 h10 m-5 -5 v10"),
                MineKind::Copper => (-8, -8, "h16 v16 h-16 z", "m4 4 l8 8 m0 -8 l-8 8"),
                MineKind::Gems => (-10, -2, "l5 -6 h10 l5 6 l-10 11 z", "h20 m-15 0 l5 11 l5 -11"),
            };
            write!(
                out,
                r#"<g class="mine-art {}"><path class="entrance" d="M{} {} a8 8 0 0 1 16 0 z"/><path class="ore" d="M{} {} {ore}"/><path class="ore-mark" d="M{} {} {mark}"/></g>"#,
                k.name(),
                cx - 8,
                y + CELL - 3,
                cx + dx,
                cy + dy,
                cx + dx,
                cy + dy
            )
        }
    };
}

/// The land layer: spaces (the tap areas, with `data-space` and `data-terrain`) and their art.
pub fn land_svg(edition: Edition, terrain: &[(Space, Terrain)]) -> String {
    let mut out = String::with_capacity(terrain.len() * 260);
    for &(s, t) in terrain {
        let (x, y) = xy(s);
        let name = terrain_name(edition, t);
        let _ = write!(out, r#"<rect class="space t-{name}" x="{x}" y="{y}" width="{CELL}" height="{CELL}" data-space="{s}" data-terrain="{name}"/>"#);
        terrain_art(&mut out, t, x, y);
    }
    out
}

/// Row and column labels along the window's top and left edges, so they stay in view when the
/// board is zoomed; and a marker on each side where tap targets lie outside the window.
fn labels_svg(cols: u8, rows: u8, win: Window, hidden: &[(Side, usize)]) -> String {
    let mut out = String::new();
    let zoomed = win.x > -MARGIN || win.y > -MARGIN || win.w < cols as i32 * CELL + MARGIN + 4;
    let class = if zoomed { "label zoomed" } else { "label" };
    // Labels keep their size on screen too.
    let fs = ((if zoomed { 17 } else { 11 }) * win.w / (cols as i32 * CELL + MARGIN + 4)).max(6);
    for c in 0..cols {
        let _ = write!(out, r#"<text class="{class}" style="font-size:{fs}px" x="{}" y="{}">{}</text>"#, c as i32 * CELL + CELL / 2, win.y + fs + 1, (b'a' + c) as char);
    }
    for r in 0..rows {
        let _ = write!(out, r#"<text class="{class}" style="font-size:{fs}px" x="{}" y="{}">{}</text>"#, win.x + fs * 3 / 4, r as i32 * CELL + CELL / 2 + fs / 3, r + 1);
    }
    // Markers keep their size on screen: scaled with the window.
    let full = cols as i32 * CELL + MARGIN + 4;
    let r = (30 * win.w / full).max(9);
    let (a, b) = (r / 2, r * 3 / 5);
    for &(side, n) in hidden {
        let (cx, cy) = (win.x + win.w / 2, win.y + win.h / 2);
        let (x, y) = match side {
            Side::Left => (win.x + MARGIN + r, cy),
            Side::Right => (win.x + win.w - 4 - r, cy),
            Side::Top => (cx, win.y + MARGIN + r),
            Side::Bottom => (cx, win.y + win.h - 4 - r),
        };
        let tri = match side {
            Side::Left => format!("M{} {y} L{} {} L{} {} z", x - a, x + a, y - b, x + a, y + b),
            Side::Right => format!("M{} {y} L{} {} L{} {} z", x + a, x - a, y - b, x - a, y + b),
            Side::Top => format!("M{x} {} L{} {} L{} {} z", y - a, x - b, y + a, x + b, y + a),
            Side::Bottom => format!("M{x} {} L{} {} L{} {} z", y + a, x - b, y - a, x + b, y - a),
        };
        let _ = write!(
            out,
            r#"<g class="offscreen" data-offscreen="{}" data-pan="{}"><circle cx="{x}" cy="{y}" r="{r}"/><path d="{tri}"/><text x="{x}" y="{}" style="font-size:{}px">{n}</text></g>"#,
            side.name(),
            side.name(),
            y + r + r * 3 / 5,
            r * 3 / 4
        );
    }
    out
}

/// Tile seams and the frame.
fn frame_svg(cols: u8, rows: u8, tile: u8) -> String {
    let mut out = String::new();
    let side = tile as i32 * CELL;
    for ty in 0..(rows / tile) as i32 {
        for tx in 0..(cols / tile) as i32 {
            let _ = write!(out, r#"<rect class="tile-edge" x="{}" y="{}" width="{side}" height="{side}"/>"#, tx * side, ty * side);
        }
    }
    let _ = write!(out, r#"<rect class="frame" x="0" y="0" width="{}" height="{}"/>"#, cols as i32 * CELL, rows as i32 * CELL);
    out
}

fn edge_line(e: Edge, inset: i32) -> (i32, i32, i32, i32) {
    let (x, y) = xy(e.spaces().1);
    if e.is_vertical() { (x, y + inset, x, y + CELL - inset) } else { (x + inset, y, x + CELL - inset, y) }
}

fn piece_svg(out: &mut String, s: Space, colour: Colour, kind: PieceKind, staged: bool) {
    let (x, y) = xy(s);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    let (fill, ink) = (colour_fill(colour), emblem_ink(colour));
    let staged = if staged { " staged" } else { "" };
    let _ = match kind {
        PieceKind::Castle => write!(
            out,
            r##"<g class="piece castle{staged}" data-piece="castle" data-colour="{colour}" data-at="{s}" transform="translate({cx} {cy}) scale(1.25) translate(-{cx} -{cy})"><path fill="{fill}" d="M{} {} v-16 h5 v5 h4 v-5 h6 v5 h4 v-5 h5 v16 z"/><use href="#em-{colour}" x="{}" y="{}" width="11" height="11" color="{ink}"/></g>"##,
            cx - 12,
            cy + 12,
            cx - 5,
            cy - 3
        ),
        PieceKind::Knight => write!(
            out,
            r##"<g class="piece knight{staged}" data-piece="knight" data-colour="{colour}" data-at="{s}" transform="translate({cx} {cy}) scale(1.2) translate(-{cx} -{cy})"><path fill="{fill}" d="M{} {} h18 l-3 -8 l-2 -10 q-3 -7 -7 -1 l-5 4 l2 3 l4 -1 l-5 6 z"/><use href="#em-{colour}" x="{}" y="{}" width="8" height="8" color="{ink}"/></g>"##,
            cx - 9,
            cy + 13,
            cx - 4,
            cy + 4
        ),
    };
}

fn target_svg(out: &mut String, s: Space, t: Target, colour: Option<Colour>) {
    let (x, y) = xy(s);
    let (cx, cy) = (x + CELL / 2, y + CELL / 2);
    let fill = colour.map(colour_fill).unwrap_or("#d4a017");
    let kind = match t {
        Target::Castle => "castle",
        Target::Knight => "knight",
        Target::Expand => "expand",
        Target::Pick => "pick",
    };
    let _ = write!(out, r#"<g class="target target-{kind}" data-target="{s}" data-target-kind="{kind}"><rect class="target-frame" x="{}" y="{}" width="{}" height="{}" rx="6"/>"#, x + 3, y + 3, CELL - 6, CELL - 6);
    let _ = match t {
        Target::Castle => write!(out, r#"<path class="ghost" fill="{fill}" d="M{} {} v-12 h4 v3 h4 v-3 h4 v3 h4 v-3 h4 v12 z"/>"#, cx - 10, cy + 8),
        Target::Knight => write!(out, r#"<path class="ghost" fill="{fill}" d="M{} {} h14 l-3 -6 l-2 -8 q-3 -5 -5 -1 l-4 3 l2 3 l3 -1 l-4 4 z"/>"#, cx - 7, cy + 10),
        Target::Expand => write!(out, r#"<path class="plus" stroke="{fill}" d="M{} {} h16 M{} {} v16"/>"#, cx - 8, cy, cx, cy - 8),
        Target::Pick => write!(out, r#"<circle class="pick" cx="{cx}" cy="{cy}" r="17"/>"#),
    };
    out.push_str("</g>");
}

/// The layer that changes with every step: tints and outlines of provinces or regions,
/// neutral zones, borders, alliance seals, pieces, tap targets and (while borders are placed)
/// the edges.
pub fn overlay_svg(m: &BoardModel) -> String {
    let mut out = String::with_capacity(16 * 1024);
    let owner_of = |s: Space| m.regions.iter().find(|(_, sp)| sp.contains(&s)).map(|(c, _)| *c);
    out.push_str(r#"<g class="tints">"#);
    for (owner, spaces) in &m.regions {
        for &s in spaces {
            let (x, y) = xy(s);
            let _ = write!(out, r#"<rect class="tint" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{}" data-province="{owner}"/>"#, colour_fill(*owner));
        }
    }
    for &s in m.zones.iter().flatten() {
        let (x, y) = xy(s);
        let _ = write!(out, r#"<rect class="zone" x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="url(#hatch)" data-neutral-zone="{s}"/>"#);
    }
    // An inner outline in the owner's colour along each region's rim.
    out.push_str(r#"</g><g class="rims">"#);
    const INSET: i32 = 4;
    for (owner, spaces) in &m.regions {
        let stroke = colour_fill(*owner);
        for &s in spaces {
            let (x, y) = xy(s);
            let inside = |dc: i32, dr: i32| {
                let (c, r) = (s.col() as i32 + dc, s.row() as i32 + dr);
                c >= 0 && r >= 0 && Space::new(c as u8, r as u8).is_some_and(|n| spaces.contains(&n))
            };
            for (dc, dr, x1, y1, x2, y2) in [
                (-1, 0, x + INSET, y, x + INSET, y + CELL),
                (1, 0, x + CELL - INSET, y, x + CELL - INSET, y + CELL),
                (0, -1, x, y + INSET, x + CELL, y + INSET),
                (0, 1, x, y + CELL - INSET, x + CELL, y + CELL - INSET),
            ] {
                if !inside(dc, dr) {
                    let _ = write!(out, r#"<line class="rim" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}"/>"#);
                }
            }
        }
    }
    out.push_str(r#"</g><g class="borders">"#);
    for &e in &m.borders {
        let (x1, y1, x2, y2) = edge_line(e, 0);
        let staged = m.staged_edges.contains(&e);
        let recent = m.recent_edges.contains(&e);
        let _ = write!(
            out,
            r#"<line class="border{}{}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" data-border="{e}"{}{}/>"#,
            if staged { " staged" } else { "" },
            if recent { " recent" } else { "" },
            if staged { r#" data-staged="""# } else { "" },
            if recent { r#" data-recent="""# } else { "" }
        );
    }
    out.push_str(r#"</g><g class="seals">"#);
    for &(a, b, edge) in &m.alliances {
        let (cx, cy) = match edge {
            Some(e) => {
                let (x1, y1, x2, y2) = edge_line(e, 0);
                ((x1 + x2) / 2, (y1 + y2) / 2)
            }
            None => {
                let (x, y) = xy(a);
                (x + CELL - 6, y + 6)
            }
        };
        let fill = |c: Space| m.pieces.iter().find(|(s, _)| *s == c).map(|(_, p)| colour_fill(p.colour)).unwrap_or("#fff");
        let _ = write!(
            out,
            r#"<g class="alliance-seal" data-alliance="{a}-{b}"><circle cx="{cx}" cy="{cy}" r="10" class="seal-ring"/><path fill="{}" d="M{cx} {} a7 7 0 0 0 0 14 z"/><path fill="{}" d="M{cx} {} a7 7 0 0 1 0 14 z"/></g>"#,
            fill(a),
            cy - 7,
            fill(b),
            cy - 7
        );
    }
    out.push_str(r#"</g><g class="recent-marks">"#);
    for &s in &m.recent_spaces {
        let (x, y) = xy(s);
        let _ = write!(out, r#"<circle class="recent-ring" cx="{}" cy="{}" r="19" data-recent-space="{s}"/>"#, x + CELL / 2, y + CELL / 2);
    }
    for &s in &m.highlight {
        let (x, y) = xy(s);
        let _ = write!(out, r#"<rect class="highlight" x="{}" y="{}" width="{}" height="{}" rx="4" data-highlight="{s}"/>"#, x + 2, y + 2, CELL - 4, CELL - 4);
    }
    out.push_str(r#"</g><g class="pieces">"#);
    for &(s, p) in &m.pieces {
        piece_svg(&mut out, s, p.colour, p.kind, m.staged_spaces.contains(&s));
    }
    out.push_str(r#"</g><g class="targets">"#);
    for &(s, t) in &m.targets {
        let colour = if t == Target::Expand { m.viewer } else { owner_of(s).filter(|_| t == Target::Pick).or(m.viewer) };
        target_svg(&mut out, s, t, colour);
    }
    out.push_str(r#"</g><g class="edges">"#);
    for &(e, ok) in m.edges.iter().flatten() {
        let (x, y) = xy(e.spaces().1);
        // Each edge owns the diamond of points nearer to it than to any other edge: 44 units
        // along and across, so the hit areas tile the board without gaps.
        let h = CELL / 2;
        let _ = write!(out, r#"<g class="edge{}" data-free-edge="{e}""#, if ok { " legal" } else { "" });
        if ok {
            let (x1, y1, x2, y2) = edge_line(e, 6);
            let _ = write!(out, r#" data-edge="{e}"><line class="edge-preview" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
        } else {
            out.push('>');
        }
        let _ = if e.is_vertical() {
            write!(out, r#"<polygon class="hit" points="{x},{y} {},{} {x},{} {},{}"/></g>"#, x + h, y + h, y + CELL, x - h, y + h)
        } else {
            write!(out, r#"<polygon class="hit" points="{x},{y} {},{} {},{y} {},{}"/></g>"#, x + h, y - h, x + CELL, x + h, y + h)
        };
    }
    out.push_str("</g>");
    out
}

/// Zoom steps in tenths (10: the whole board).
const ZOOMS: [u32; 4] = [10, 16, 24, 32];

/// Textures of the terrain (our own SVG patterns; `main.css` fills each terrain with one): a
/// ground colour with a fine grain, so the land reads as meadow, woodland, rock and paving
/// rather than flat paint. Also the hatching of neutral zones.
const TEXTURES: &str = concat!(
    r##"<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="8" class="hatch-line"/></pattern>"##,
    r##"<pattern id="tx-open" width="22" height="22" patternUnits="userSpaceOnUse"><rect width="22" height="22" fill="#d5e6a8"/><path d="M3 6h2M14 3h2M9 15h2M18 17h2M5 19h1" stroke="#b9d28a" stroke-width="1.4" stroke-linecap="round"/></pattern>"##,
    r##"<pattern id="tx-meadow" width="22" height="22" patternUnits="userSpaceOnUse"><rect width="22" height="22" fill="#cfe39a"/><path d="M3 6h2M14 3h2M9 15h2M18 17h2M5 19h1" stroke="#b3cf7c" stroke-width="1.4" stroke-linecap="round"/></pattern>"##,
    r##"<pattern id="tx-forest" width="18" height="18" patternUnits="userSpaceOnUse"><rect width="18" height="18" fill="#86b06a"/><circle cx="4" cy="5" r="3" fill="#7aa45f"/><circle cx="13" cy="12" r="3.5" fill="#79a15d"/><circle cx="15" cy="3" r="1.8" fill="#93bb77"/></pattern>"##,
    r##"<pattern id="tx-mountain" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(-20)"><rect width="16" height="16" fill="#c9b79b"/><path d="M0 5h16M0 12h16" stroke="#bba88a" stroke-width="1.2"/></pattern>"##,
    r##"<pattern id="tx-paving" width="12" height="12" patternUnits="userSpaceOnUse"><rect width="12" height="12" fill="#e8d9b5"/><path d="M0 6h12M6 0v6M0 12h12M12 6v6" stroke="#dccaa0" stroke-width="1"/></pattern>"##,
    r##"<pattern id="tx-rock" width="14" height="14" patternUnits="userSpaceOnUse"><rect width="14" height="14" fill="#cdbf9f"/><circle cx="4" cy="4" r="1.3" fill="#b9aa88"/><circle cx="10" cy="9" r="1.6" fill="#bcae8d"/></pattern>"##,
);

/// The board. Taps on spaces and edges go to `on_space` and `on_edge` (none in a replay). It can
/// be zoomed (buttons, or two fingers) and panned (dragging, or the markers that point at tap
/// targets outside the part shown).
#[component]
pub fn Board(model: Memo<Option<BoardModel>>, #[prop(optional)] on_space: Option<Callback<Space>>, #[prop(optional)] on_edge: Option<Callback<Edge>>) -> impl IntoView {
    // The land changes only with the map: drawn once per game, not per tap.
    let land = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| (m.edition, m.cols, m.rows, m.tile, m.terrain.clone()))));
    let land_text = move || land.with(|l| l.as_ref().map(|(edition, cols, rows, tile, terrain)| (land_svg(*edition, terrain), frame_svg(*cols, *rows, *tile))));
    let overlay = move || model.with(|m| m.as_ref().map(overlay_svg).unwrap_or_default());
    let zoom = RwSignal::new(10u32);
    let center = RwSignal::new((0i32, 0i32));
    let window = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| m.window(zoom.get(), center.get()))));
    let view_box = move || window.get().map(|w| format!("{} {} {} {}", w.x, w.y, w.w, w.h));
    let labels = move || {
        model.with(|m| {
            let (m, w) = (m.as_ref()?, window.get()?);
            Some(labels_svg(m.cols, m.rows, w, &m.offscreen(&w)))
        })
        .unwrap_or_default()
    };
    let edition = move || land.with(|l| l.as_ref().map(|l| if l.0 == Edition::New { "new" } else { "classic" }));
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
    let tap = move |ev: leptos::ev::MouseEvent| {
        if dragged.get_value() {
            dragged.set_value(false);
            return;
        }
        let Some(el) = ev.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else { return };
        let Ok(Some(hit)) = el.closest("[data-pan],[data-free-edge],[data-space]") else { return };
        if let (Some(side), Some(w)) = (hit.get_attribute("data-pan"), window.get_untracked()) {
            let (cx, cy) = (w.x + w.w / 2, w.y + w.h / 2);
            center.set(match side.as_str() {
                "left" => (cx - w.w / 2, cy),
                "right" => (cx + w.w / 2, cy),
                "top" => (cx, cy - w.h / 2),
                _ => (cx, cy + w.h / 2),
            });
        } else if let (Some(f), Some(e)) = (on_edge, hit.get_attribute("data-free-edge").and_then(|e| Edge::parse(&e))) {
            f.run(e);
        } else if let (Some(f), Some(s)) = (on_space, hit.get_attribute("data-space").and_then(|s| Space::parse(&s))) {
            f.run(s);
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
                match (cursor.get_untracked().unwrap_or(start).under(), on_space, on_edge) {
                    (Some(Under::Space(s)), Some(f), _) => f.run(s),
                    (Some(Under::Edge(e)), _, Some(f)) => f.run(e),
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
    let cursor_svg = move || {
        let c = cursor.get().filter(|_| focused.get()).or_else(|| focused.get().then(|| model.with(|m| m.as_ref().map(|m| m.cursor_start()))).flatten());
        c.map(|c| {
            let (x, y, w, h) = c.rect();
            format!(r#"<rect class="kbd-cursor" x="{x}" y="{y}" width="{w}" height="{h}" rx="5"/>"#)
        })
        .unwrap_or_default()
    };
    let cursor_name = move || {
        let c = cursor.get().or_else(|| model.with(|m| m.as_ref().map(|m| m.cursor_start())));
        c.and_then(|c| c.under()).map(|u| match u {
            Under::Space(s) => s.to_string(),
            Under::Edge(e) => e.to_string(),
        })
    };
    let description = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| describe(m, cursor.get().or_else(|| focused.get().then(|| m.cursor_start())))).unwrap_or_default()));
    let scroll_class = move || if zoom.get() > 10 { "board-scroll zoomed" } else { "board-scroll" };
    let (land_part, frame_part) = (move || land_text().map(|t| t.0).unwrap_or_default(), move || land_text().map(|t| t.1).unwrap_or_default());
    view! {
        <div class="board-tools row" role="group" aria-label=tr!(PanelMapView)>
            <button type="button" aria-label=tr!(PanelZoomIn) data-zoom-in="" on:click=move |_| step(1)>"+"</button>
            <button type="button" aria-label=tr!(PanelZoomOut) data-zoom-out="" disabled=move || zoom.get() == 10 on:click=move |_| step(-1)>"−"</button>
            <button type="button" data-zoom-whole="" disabled=move || zoom.get() == 10 on:click=move |_| zoom.set(10)>{tr!(PanelWholeMap)}</button>
        </div>
        <div class=scroll_class>
            <svg class="board" node_ref=svg_ref viewBox=view_box data-board=edition data-zoom=move || zoom.get() data-cursor=cursor_name
                tabindex="0" role="application" aria-label=tr!(PanelMapLabel) aria-describedby="board-words"
                on:click=tap on:pointerdown=down on:pointermove=moved on:pointerup=up on:pointercancel=up
                on:keydown=key on:focus=move |_| focused.set(true) on:blur=move |_| focused.set(false)>
                <defs inner_html=TEXTURES></defs>
                <g class="terrain" inner_html=land_part></g>
                <g class="overlay" inner_html=overlay></g>
                <g class="frame-layer" inner_html=frame_part></g>
                <g class="labels" inner_html=labels></g>
                <g class="kbd" inner_html=cursor_svg></g>
            </svg>
        </div>
        <div id="board-words" class="sr-only" aria-live="polite"><super::dom::Dom tree=description class="board-words"/></div>
    }
}
