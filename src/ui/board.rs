//! The map as SVG, one component for both editions: it draws a [`BoardModel`] (terrain in our
//! own drawings, tile seams, provinces or regions outlined and tinted in their owner's colour,
//! neutral zones hatched, borders, alliance seals, castles, knights, staged pieces dashed) and
//! the tap targets of this step, each marked by what a tap does.

use crate::app::render::{terrain_name, BoardModel};
use crate::app::targets::Target;
use crate::engine::{Colour, Edge, Edition, MineKind, PieceKind, Space, Terrain};
use leptos::prelude::*;

/// Size of a space in SVG units.
pub const CELL: f64 = 44.0;
const MARGIN: f64 = 18.0;

/// Fill colour of a player colour.
pub fn colour_fill(c: Colour) -> &'static str {
    match c {
        Colour::Red => "#c0392b",
        Colour::Yellow => "#e6b422",
        Colour::Purple => "#7d3c98",
        Colour::Grey => "#8a9399",
        Colour::Blue => "#2e6fb7",
        Colour::Orange => "#e07b24",
    }
}

fn xy(s: Space) -> (f64, f64) {
    (s.col() as f64 * CELL, s.row() as f64 * CELL)
}

fn terrain_art(t: Terrain, x: f64, y: f64) -> AnyView {
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    match t {
        Terrain::Open => view! {
            <path class="grass" d=format!("M{} {} q2 -5 4 0 M{} {} q2 -5 4 0 M{} {} q2 -4 3 0", cx - 12.0, cy + 8.0, cx + 5.0, cy - 6.0, cx - 2.0, cy + 1.0)/>
        }
        .into_any(),
        Terrain::Forest => view! {
            <g class="trees">
                <path d=format!("M{} {} l7 13 h-14 z", cx - 7.0, cy - 13.0)/>
                <path d=format!("M{} {} l7 13 h-14 z", cx + 7.0, cy - 8.0)/>
                <path d=format!("M{} {} l6 11 h-12 z", cx - 4.0, cy + 2.0)/>
                <path class="trunk" d=format!("M{} {} v3 M{} {} v3", cx - 4.0, cy + 13.0, cx + 7.0, cy + 5.0)/>
            </g>
        }
        .into_any(),
        Terrain::Mountain => view! {
            <g class="peaks">
                <path d=format!("M{} {} l11 -18 l11 18 z", cx - 16.0, cy + 10.0)/>
                <path class="snow" d=format!("M{} {} l4 -7 l4 7 l-4 -2 z", cx - 9.0, cy - 1.0)/>
                <path d=format!("M{} {} l8 -12 l8 12 z", cx, cy + 10.0)/>
            </g>
        }
        .into_any(),
        Terrain::City => view! {
            <g class="city">
                <rect x=cx - 14.0 y=cy - 4.0 width="10" height="13"/>
                <rect x=cx - 3.0 y=cy - 12.0 width="8" height="21"/>
                <rect x=cx + 6.0 y=cy - 2.0 width="9" height="11"/>
                <path d=format!("M{} {} l4 -6 l4 6 z", cx - 3.0, cy - 12.0)/>
            </g>
        }
        .into_any(),
        Terrain::Village => view! {
            <g class="village">
                <path d=format!("M{} {} v-8 l6 -6 l6 6 v8 z", cx - 13.0, cy + 9.0)/>
                <path d=format!("M{} {} v-6 l5 -5 l5 5 v6 z", cx + 2.0, cy + 9.0)/>
                <path class="roof" d=format!("M{} {} l6 -6 l6 6 M{} {} l5 -5 l5 5", cx - 13.0, cy + 1.0, cx + 2.0, cy + 3.0)/>
            </g>
        }
        .into_any(),
        Terrain::KingsCity => view! {
            <g class="kings-city">
                <rect x=cx - 15.0 y=cy - 4.0 width="30" height="15"/>
                <path d=format!("M{} {} l4 -9 l5 6 l6 -10 l6 10 l5 -6 l4 9 z", cx - 15.0, cy - 4.0)/>
                <circle class="jewel" cx=cx cy=cy - 10.0 r="2.2"/>
            </g>
        }
        .into_any(),
        Terrain::Mine(k) => {
            // Shape as well as colour tells the four mine types apart: gold a bar, silver a
            // coin with a cross, copper a square ingot, gems a cut diamond.
            let (d, mark) = match k {
                MineKind::Gold => (format!("M{} {} h20 l-4 -9 h-12 z", cx - 10.0, cy + 6.0), format!("M{} {} h8", cx - 4.0, cy + 1.0)),
                MineKind::Silver => (format!("M{} {} a9 9 0 1 0 18 0 a9 9 0 1 0 -18 0", cx - 9.0, cy), format!("M{} {} h10 M{} {} v10", cx - 5.0, cy, cx, cy - 5.0)),
                MineKind::Copper => (format!("M{} {} h16 v16 h-16 z", cx - 8.0, cy - 8.0), format!("M{} {} l8 8 M{} {} l-8 8", cx - 4.0, cy - 4.0, cx + 4.0, cy - 4.0)),
                MineKind::Gems => (format!("M{} {} l5 -6 h10 l5 6 l-10 11 z", cx - 10.0, cy - 2.0), format!("M{} {} h20 M{} {} l5 11 l5 -11", cx - 10.0, cy - 2.0, cx - 5.0, cy - 2.0)),
            };
            view! {
                <g class=format!("mine-art {}", k.name())>
                    <path class="entrance" d=format!("M{} {} a8 8 0 0 1 16 0 z", cx - 8.0, y + CELL - 3.0)/>
                    <path class="ore" d=d/>
                    <path class="ore-mark" d=mark/>
                </g>
            }
            .into_any()
        }
    }
}

fn target_mark(s: Space, t: Target, colour: Option<Colour>) -> AnyView {
    let (x, y) = xy(s);
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let fill = colour.map(colour_fill).unwrap_or("#d4a017");
    let kind = match t {
        Target::Castle => "castle",
        Target::Knight => "knight",
        Target::Expand => "expand",
        Target::Pick => "pick",
    };
    let mark = match t {
        Target::Castle => view! { <path class="ghost" fill=fill d=format!("M{} {} v-12 h4 v3 h4 v-3 h4 v3 h4 v-3 h4 v12 z", cx - 10.0, cy + 8.0)/> }.into_any(),
        Target::Knight => view! { <path class="ghost" fill=fill d=format!("M{} {} h14 l-3 -6 l-2 -8 q-3 -5 -5 -1 l-4 3 l2 3 l3 -1 l-4 4 z", cx - 7.0, cy + 10.0)/> }.into_any(),
        Target::Expand => view! { <path class="plus" stroke=fill d=format!("M{} {} h16 M{} {} v16", cx - 8.0, cy, cx, cy - 8.0)/> }.into_any(),
        Target::Pick => view! { <circle class="pick" cx=cx cy=cy r="17"/> }.into_any(),
    };
    view! {
        <g class=format!("target target-{kind}") data-target=s.to_string() data-target-kind=kind>
            <rect class="target-frame" x=x + 3.0 y=y + 3.0 width=CELL - 6.0 height=CELL - 6.0 rx="6"/>
            {mark}
        </g>
    }
    .into_any()
}

fn piece_view(s: Space, colour: Colour, kind: PieceKind, staged: bool) -> AnyView {
    let (x, y) = xy(s);
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    let fill = colour_fill(colour);
    let class = |k: &str| if staged { format!("piece {k} staged") } else { format!("piece {k}") };
    match kind {
        PieceKind::Castle => view! {
            <g class=class("castle") data-piece="castle" data-colour=colour.name() data-at=s.to_string()>
                <path fill=fill d=format!("M{} {} v-16 h5 v5 h4 v-5 h6 v5 h4 v-5 h5 v16 z", cx - 12.0, cy + 12.0)/>
                <rect class="door" x=cx - 3.5 y=cy + 3.0 width="7" height="9" rx="3.5"/>
            </g>
        }
        .into_any(),
        PieceKind::Knight => view! {
            <g class=class("knight") data-piece="knight" data-colour=colour.name() data-at=s.to_string()>
                <path fill=fill d=format!("M{} {} h18 l-3 -8 l-2 -10 q-3 -7 -7 -1 l-5 4 l2 3 l4 -1 l-5 6 z", cx - 9.0, cy + 13.0)/>
            </g>
        }
        .into_any(),
    }
}

fn edge_line(e: Edge, inset: f64) -> (f64, f64, f64, f64) {
    let (x, y) = xy(e.spaces().1);
    if e.is_vertical() { (x, y + inset, x, y + CELL - inset) } else { (x + inset, y, x + CELL - inset, y) }
}

/// The board. Taps on spaces and edges go to `on_space` and `on_edge` (none in a replay).
#[component]
pub fn Board(model: Memo<Option<BoardModel>>, #[prop(optional)] on_space: Option<Callback<Space>>, #[prop(optional)] on_edge: Option<Callback<Edge>>) -> impl IntoView {
    // The terrain changes only with the map: drawn once per game, not per tap.
    let land = Memo::new(move |_| model.with(|m| m.as_ref().map(|m| (m.edition, m.cols, m.rows, m.tile, m.terrain.clone()))));
    let terrain = move || {
        land.get().map(|(edition, _, _, _, terrain)| {
            terrain
                .into_iter()
                .map(|(s, t)| {
                    let (x, y) = xy(s);
                    let name = terrain_name(edition, t);
                    view! {
                        <g>
                            <rect class=format!("space t-{name}") x=x y=y width=CELL height=CELL data-space=s.to_string() data-terrain=name
                                on:click=move |_| if let Some(f) = on_space { f.run(s) }/>
                            {terrain_art(t, x, y)}
                        </g>
                    }
                })
                .collect_view()
        })
    };
    let frame = move || {
        land.get().map(|(_, cols, rows, tile, _)| {
            let (w, h) = (cols as f64 * CELL, rows as f64 * CELL);
            let per_row = (cols / tile) as usize;
            let tiles = (cols / tile) as usize * (rows / tile) as usize;
            let side = tile as f64 * CELL;
            let seams = (0..tiles).map(|i| view! { <rect class="tile-edge" x=(i % per_row) as f64 * side y=(i / per_row) as f64 * side width=side height=side/> }).collect_view();
            let labels = (0..cols)
                .map(|c| view! { <text class="label" x=c as f64 * CELL + CELL / 2.0 y=-5.0>{((b'a' + c) as char).to_string()}</text> })
                .chain((0..rows).map(|r| view! { <text class="label" x=-9.0 y=r as f64 * CELL + CELL / 2.0 + 4.0>{(r + 1).to_string()}</text> }))
                .collect_view();
            view! {
                {labels}
                <g class="seams">{seams}</g>
                <rect class="frame" x="0" y="0" width=w height=h/>
            }
        })
    };
    let overlay = move || {
        model.with(|m| {
            let m = m.as_ref()?;
            let owner_of = |s: Space| m.regions.iter().find(|(_, sp)| sp.contains(&s)).map(|(c, _)| *c);
            let tints = m
                .regions
                .iter()
                .flat_map(|(owner, spaces)| {
                    let fill = colour_fill(*owner);
                    spaces.iter().map(move |&s| {
                        let (x, y) = xy(s);
                        view! { <rect class="tint" x=x y=y width=CELL height=CELL fill=fill data-province=owner.name()/> }
                    })
                })
                .collect_view();
            // An inner outline in the owner's colour along the region's rim.
            let rims = m
                .regions
                .iter()
                .flat_map(|(owner, spaces)| {
                    let stroke = colour_fill(*owner);
                    spaces.iter().flat_map(move |&s| {
                        let (x, y) = xy(s);
                        let inset = 4.0;
                        let sides: Vec<(f64, f64, f64, f64)> = [(-1i8, 0i8), (1, 0), (0, -1), (0, 1)]
                            .into_iter()
                            .filter(|&(dc, dr)| {
                                let (c, r) = (s.col() as i8 + dc, s.row() as i8 + dr);
                                let n = if c < 0 || r < 0 { None } else { Space::new(c as u8, r as u8) };
                                n.is_none_or(|n| !spaces.contains(&n))
                            })
                            .map(|(dc, dr)| match (dc, dr) {
                                (-1, _) => (x + inset, y, x + inset, y + CELL),
                                (1, _) => (x + CELL - inset, y, x + CELL - inset, y + CELL),
                                (_, -1) => (x, y + inset, x + CELL, y + inset),
                                _ => (x, y + CELL - inset, x + CELL, y + CELL - inset),
                            })
                            .collect();
                        sides.into_iter().map(move |(x1, y1, x2, y2)| view! { <line class="rim" x1=x1 y1=y1 x2=x2 y2=y2 stroke=stroke/> })
                    })
                })
                .collect_view();
            let zones = m
                .zones
                .iter()
                .flatten()
                .map(|&s| {
                    let (x, y) = xy(s);
                    view! { <rect class="zone" x=x y=y width=CELL height=CELL fill="url(#hatch)" data-neutral-zone=s.to_string()/> }
                })
                .collect_view();
            let targets = m.targets.iter().map(|&(s, t)| target_mark(s, t, if t == Target::Expand { m.viewer } else { owner_of(s).filter(|_| t == Target::Pick).or(m.viewer) })).collect_view();
            let borders = m
                .borders
                .iter()
                .map(|&e| {
                    let (x1, y1, x2, y2) = edge_line(e, 0.0);
                    let staged = m.staged_edges.contains(&e);
                    view! { <line class=if staged { "border staged" } else { "border" } x1=x1 y1=y1 x2=x2 y2=y2 data-border=e.to_string() data-staged=staged.then_some("")/> }
                })
                .collect_view();
            let seals = m
                .alliances
                .iter()
                .map(|&(a, b, edge)| {
                    let (cx, cy) = match edge {
                        Some(e) => {
                            let (x1, y1, x2, y2) = edge_line(e, 0.0);
                            ((x1 + x2) / 2.0, (y1 + y2) / 2.0)
                        }
                        None => {
                            let (x, y) = xy(a);
                            (x + CELL - 6.0, y + 6.0)
                        }
                    };
                    let ca = m.pieces.iter().find(|(s, _)| *s == a).map(|(_, p)| colour_fill(p.colour)).unwrap_or("#fff");
                    let cb = m.pieces.iter().find(|(s, _)| *s == b).map(|(_, p)| colour_fill(p.colour)).unwrap_or("#fff");
                    view! {
                        <g class="alliance-seal" data-alliance=format!("{a}-{b}")>
                            <circle cx=cx cy=cy r="10" class="seal-ring"/>
                            <path fill=ca d=format!("M{} {} a7 7 0 0 1 0 14 z", cx, cy - 7.0) transform=format!("rotate(180 {cx} {cy})")/>
                            <path fill=cb d=format!("M{} {} a7 7 0 0 1 0 14 z", cx, cy - 7.0)/>
                        </g>
                    }
                })
                .collect_view();
            let pieces = m.pieces.iter().map(|&(s, p)| piece_view(s, p.colour, p.kind, m.staged_spaces.contains(&s))).collect_view();
            let edges = m.edges.as_ref().map(|edges| {
                edges
                    .iter()
                    .map(|&(e, ok)| {
                        let (_, b) = e.spaces();
                        let (x, y) = xy(b);
                        // Each edge owns the diamond of points nearer to it than to any other edge:
                        // 44 units along and across, so the hit areas tile the board without gaps.
                        let h = CELL / 2.0;
                        let diamond = if e.is_vertical() {
                            format!("{x},{y} {},{} {x},{} {},{}", x + h, y + h, y + CELL, x - h, y + h)
                        } else {
                            format!("{x},{y} {},{} {},{y} {},{}", x + h, y - h, x + CELL, x + h, y + h)
                        };
                        let (x1, y1, x2, y2) = edge_line(e, 6.0);
                        view! {
                            <g class=if ok { "edge legal" } else { "edge" } data-edge=ok.then(|| e.to_string()) data-free-edge=e.to_string()
                                on:click=move |_| if let Some(f) = on_edge { f.run(e) }>
                                {ok.then(|| view! { <line class="edge-preview" x1=x1 y1=y1 x2=x2 y2=y2/> })}
                                <polygon class="hit" points=diamond/>
                            </g>
                        }
                    })
                    .collect_view()
            });
            Some(view! {
                <g class="tints">{tints}{zones}</g>
                <g class="rims">{rims}</g>
                <g class="borders">{borders}</g>
                <g class="seals">{seals}</g>
                <g class="pieces">{pieces}</g>
                <g class="targets">{targets}</g>
                <g class="edges">{edges}</g>
            })
        })
    };
    let view_box = move || {
        land.with(|l| l.as_ref().map(|(_, cols, rows, ..)| format!("{} {} {} {}", -MARGIN, -MARGIN, *cols as f64 * CELL + MARGIN + 4.0, *rows as f64 * CELL + MARGIN + 4.0)))
    };
    let edition = move || land.with(|l| l.as_ref().map(|l| if l.0 == Edition::New { "new" } else { "classic" }));
    view! {
        <p class="swipe-hint">"Swipe the map sideways to see all of it."</p>
        <div class="board-scroll">
            <svg class="board" viewBox=view_box data-board=edition role="img" aria-label="The map">
                <defs>
                    <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="8" class="hatch-line"/>
                    </pattern>
                </defs>
                <g class="terrain">{terrain}</g>
                {overlay}
                {frame}
            </svg>
        </div>
    }
}
