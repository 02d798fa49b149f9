//! The map as SVG: terrain (our own drawings), provinces tinted in their owner's colour,
//! neutral zones hatched, borders, castles, knights, and the tap targets of this step.

use super::{capitalise, Ctx, Mode};
use crate::app::targets::{board_targets, move_for_edge, move_for_space};
use crate::engine::grid::CLASSIC;
use crate::engine::MineKind;
use crate::engine::{Colour, Edge, Map, Move, PhaseView, PieceKind, Space, Terrain, View};
use leptos::prelude::*;

/// Size of a space in SVG units (and at least in CSS pixels on a phone: 44).
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

/// The moves a tap can make in the current mode.
pub fn mode_moves(view: &View, mode: Mode) -> Vec<Move> {
    view.moves
        .iter()
        .copied()
        .filter(|m| match (mode, m) {
            (Mode::Knight, Move::Expand { .. }) | (Mode::Expand, Move::Knight { .. }) => false,
            (Mode::AllianceOwn | Mode::AllianceOther(_) | Mode::RenegadeRemove | Mode::RenegadePlace(_), _) => false,
            (_, Move::Alliance { .. } | Move::Renegade { .. }) => false,
            _ => true,
        })
        .collect()
}

/// Spaces to highlight in a politics-card mode.
fn politics_targets(view: &View, mode: Mode) -> Vec<Space> {
    let mut out = Vec::new();
    for m in &view.moves {
        let s = match (mode, *m) {
            (Mode::AllianceOwn, Move::Alliance { own, .. }) => own,
            (Mode::AllianceOther(o), Move::Alliance { own, other, .. }) if own == o => other,
            (Mode::RenegadeRemove, Move::Renegade { remove, .. }) => remove,
            (Mode::RenegadePlace(k), Move::Renegade { remove, place, .. }) if remove == k => place,
            _ => continue,
        };
        if !out.contains(&s) {
            out.push(s);
        }
    }
    out
}

fn tap_space(ctx: Ctx, s: Space) {
    let mode = ctx.mode.get_untracked();
    let Some((view, shown)) = ctx.session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    match mode {
        Mode::AllianceOwn => {
            if view.moves.iter().any(|m| matches!(m, Move::Alliance { own, .. } if *own == s)) {
                ctx.mode.set(Mode::AllianceOther(s));
                ctx.notice.set(Some("Now tap the castle of the neighbouring foreign province.".into()));
            } else {
                ctx.notice.set(Some("Tap the castle of one of your provinces that borders another player's province.".into()));
            }
            return;
        }
        Mode::AllianceOther(own) => {
            match view.moves.iter().find(|m| matches!(m, Move::Alliance { own: o, other, .. } if *o == own && *other == s)) {
                Some(m) => ctx.act(*m),
                None => {
                    let e = shown.clone().play(Move::Alliance { by: me, own, other: s }).err();
                    ctx.notice.set(Some(e.map_or("Tap a highlighted castle.".into(), |e| capitalise(&e.to_string()))));
                }
            }
            return;
        }
        Mode::RenegadeRemove => {
            if view.moves.iter().any(|m| matches!(m, Move::Renegade { remove, .. } if *remove == s)) {
                ctx.mode.set(Mode::RenegadePlace(s));
                ctx.notice.set(Some("Now tap the space in your province for your knight.".into()));
            } else {
                ctx.notice.set(Some("Tap a highlighted foreign knight: it must stand in a province bordering yours and may not be the only link of its colour.".into()));
            }
            return;
        }
        Mode::RenegadePlace(k) => {
            let mut options: Vec<Move> = view.moves.iter().copied().filter(|m| matches!(m, Move::Renegade { remove, place, .. } if *remove == k && *place == s)).collect();
            options.sort_by_key(|m| if let Move::Renegade { pay, .. } = m { pay.0 } else { 0 });
            match options.first() {
                Some(m) => ctx.act(*m),
                None => ctx.notice.set(Some("Tap a highlighted space of your province: an empty open or forest space next to your castle or knight.".into())),
            }
            return;
        }
        _ => {}
    }
    let moves = mode_moves(&view, mode);
    if let Some(m) = move_for_space(&moves, s) {
        ctx.act(m);
        return;
    }
    // Say why: try what a tap here would mean.
    let guess = match &view.phase {
        PhaseView::Placement { castle: None, .. } => Some(Move::Castle { by: me, at: s }),
        PhaseView::Placement { castle: Some(_), .. } => Some(Move::Knight { by: me, at: s, pay: Default::default() }),
        PhaseView::Perform { knights_placed: Some(_), .. } => {
            let knight_possible = moves.iter().any(|m| matches!(m, Move::Knight { .. }));
            let expand_possible = moves.iter().any(|m| matches!(m, Move::Expand { .. }));
            if mode == Mode::Expand || (!knight_possible && expand_possible) {
                Some(Move::Expand { by: me, at: s, castle: None })
            } else {
                Some(Move::Knight { by: me, at: s, pay: Default::default() })
            }
        }
        _ => None,
    };
    if let Some(g) = guess {
        let reason = match shown.clone().play(g) {
            Err(e) => capitalise(&e.to_string()),
            Ok(_) => "That needs a payment choice: use the buttons below.".into(),
        };
        ctx.notice.set(Some(format!("{s}: {reason}.")));
    }
}

fn tap_edge(ctx: Ctx, e: Edge) {
    let Some((view, shown)) = ctx.session.with_untracked(|x| x.as_ref().map(|x| (x.view(), x.shown.clone()))) else {
        return;
    };
    let Some(me) = view.viewer else { return };
    match move_for_edge(&view.moves, e) {
        Some(m) => ctx.act(m),
        None => {
            let reason = shown.clone().play(Move::Border { by: me, edge: e }).err().map(|r| capitalise(&r.to_string())).unwrap_or_default();
            ctx.notice.set(Some(format!("{e}: {reason}.")));
        }
    }
}

fn terrain_art(t: Terrain, x: f64, y: f64) -> AnyView {
    let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
    match t {
        Terrain::Open => view! {
            <path class="grass" d=format!("M{} {} q2 -5 4 0 M{} {} q2 -5 4 0", cx - 10.0, cy + 6.0, cx + 4.0, cy - 4.0)/>
        }
        .into_any(),
        Terrain::Forest => view! {
            <g class="trees">
                <path d=format!("M{} {} l7 13 h-14 z", cx - 7.0, cy - 12.0)/>
                <path d=format!("M{} {} l7 13 h-14 z", cx + 7.0, cy - 7.0)/>
                <path d=format!("M{} {} l6 11 h-12 z", cx - 4.0, cy + 2.0)/>
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
                <path d=format!("M{} {} v-8 l6 -6 l6 6 v8 z", cx - 12.0, cy + 8.0)/>
                <path d=format!("M{} {} v-6 l5 -5 l5 5 v6 z", cx + 2.0, cy + 8.0)/>
            </g>
        }
        .into_any(),
        Terrain::KingsCity => view! {
            <g class="kings-city">
                <rect x=cx - 14.0 y=cy - 6.0 width="28" height="16"/>
                <path d=format!("M{} {} l4 -8 l5 6 l5 -8 l5 8 l5 -6 l4 8 z", cx - 14.0, cy - 6.0)/>
            </g>
        }
        .into_any(),
        Terrain::Mine(k) => {
            // Shape as well as colour tells the four mine types apart.
            let d = match k {
                MineKind::Gold => format!("M{} {} l8 -12 l8 12 z", cx - 8.0, cy + 6.0),
                MineKind::Silver => format!("M{} {} h14 v14 h-14 z", cx - 7.0, cy - 7.0),
                MineKind::Copper => format!("M{} {} a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0", cx - 8.0, cy),
                MineKind::Gems => format!("M{} {} l8 -9 l8 9 l-8 9 z", cx - 8.0, cy),
            };
            view! { <path class=format!("mine {}", k.name()) d=d/> }.into_any()
        }
    }
}

/// The board.
#[component]
pub fn Board(table: Memo<Option<super::panels::Table>>) -> impl IntoView {
    let ctx = expect_context::<Ctx>();
    let view_memo = Memo::new(move |_| table.with(|t| t.as_ref().map(|t| t.view.clone())));
    let map = Memo::new(move |_| view_memo.with(|v| v.as_ref().map(|v| v.tiles)));
    let w = 15.0 * CELL;
    let h = 10.0 * CELL;
    let terrain = move || {
        map.get().map(|tiles| {
            let m = Map::new(tiles);
            CLASSIC.spaces()
                .map(|s| {
                    let (x, y) = xy(s);
                    let t = m.terrain(s);
                    view! {
                        <g>
                            <rect class=format!("space t-{}", t.name()) x=x y=y width=CELL height=CELL data-space=s.to_string() data-terrain=t.name()
                                on:click=move |_| tap_space(ctx, s)/>
                            {terrain_art(t, x, y)}
                        </g>
                    }
                })
                .collect_view()
        })
    };
    let overlay = move || {
        let mode = ctx.mode.get();
        view_memo.get().map(|v| {
            let provinces = v.provinces.iter().flat_map(|p| {
                let fill = colour_fill(p.owner);
                p.spaces.iter().map(move |&s| {
                    let (x, y) = xy(s);
                    view! { <rect class="tint" x=x y=y width=CELL height=CELL fill=fill data-province=p.owner.name()/> }
                })
            }).collect_view();
            let zones = v.neutral_zones.iter().flatten().map(|&s| {
                let (x, y) = xy(s);
                view! { <rect class="zone" x=x y=y width=CELL height=CELL fill="url(#hatch)" data-neutral-zone=s.to_string()/> }
            }).collect_view();
            let targets = board_targets(&mode_moves(&v, mode));
            let pol = politics_targets(&v, mode);
            let hl = targets.spaces.iter().chain(pol.iter()).map(|&s| {
                let (x, y) = xy(s);
                view! { <rect class="target" data-target=s.to_string() x=x + 3.0 y=y + 3.0 width=CELL - 6.0 height=CELL - 6.0 rx="6"/> }
            }).collect_view();
            let borders = v.borders.iter().map(|&e| {
                let (x, y) = xy(e.spaces().1);
                let (x1, y1, x2, y2) = if e.is_vertical() { (x, y, x, y + CELL) } else { (x, y, x + CELL, y) };
                view! { <line class="border" x1=x1 y1=y1 x2=x2 y2=y2 data-border=e.to_string()/> }
            }).collect_view();
            let pieces = v.pieces.iter().map(|&(s, p)| {
                let (x, y) = xy(s);
                let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
                let fill = colour_fill(p.colour);
                let allied = v.alliances.iter().any(|&(a, b)| a == s || b == s);
                match p.kind {
                    PieceKind::Castle => view! {
                        <g class="piece castle" data-piece="castle" data-colour=p.colour.name() data-at=s.to_string()>
                            <path fill=fill d=format!("M{} {} v-14 h4 v4 h4 v-4 h4 v4 h4 v-4 h4 v14 z", cx - 10.0, cy + 10.0)/>
                            <rect class="door" x=cx - 3.0 y=cy + 2.0 width="6" height="8" rx="3"/>
                            {allied.then(|| view! { <circle class="alliance" cx=cx + 13.0 cy=cy - 13.0 r="5"/> })}
                        </g>
                    }.into_any(),
                    PieceKind::Knight => view! {
                        <g class="piece knight" data-piece="knight" data-colour=p.colour.name() data-at=s.to_string()>
                            <path fill=fill d=format!("M{} {} h16 l-3 -7 l-2 -9 q-3 -6 -6 -1 l-4 3 l2 3 l3 -1 l-4 5 z", cx - 8.0, cy + 11.0)/>
                        </g>
                    }.into_any(),
                }
            }).collect_view();
            let placing_borders = matches!(v.phase, PhaseView::Perform { borders_left: Some(_), .. }) && v.viewer.is_some();
            let edges = placing_borders.then(|| {
                let legal = targets.edges.clone();
                CLASSIC.edges().filter(|e| !v.borders.contains(e)).map(|e| {
                    let (_, b) = e.spaces();
                    let (x, y) = xy(b);
                    let ok = legal.contains(&e);
                    // Each edge owns the diamond of points nearer to it than to any other edge:
                    // 44 units along and across, so the hit areas tile the board without gaps.
                    let h = CELL / 2.0;
                    let diamond = if e.is_vertical() {
                        format!("{x},{y} {},{} {x},{} {},{}", x + h, y + h, y + CELL, x - h, y + h)
                    } else {
                        format!("{x},{y} {},{} {},{y} {},{}", x + h, y - h, x + CELL, x + h, y + h)
                    };
                    let (x1, y1, x2, y2) = if e.is_vertical() { (x, y + 6.0, x, y + CELL - 6.0) } else { (x + 6.0, y, x + CELL - 6.0, y) };
                    view! {
                        <g class=if ok { "edge legal" } else { "edge" } data-edge=ok.then(|| e.to_string()) data-free-edge=e.to_string()
                            on:click=move |_| tap_edge(ctx, e)>
                            {ok.then(|| view! { <line class="edge-preview" x1=x1 y1=y1 x2=x2 y2=y2/> })}
                            <polygon class="hit" points=diamond/>
                        </g>
                    }
                }).collect_view()
            });
            view! {
                <g class="tints">{provinces}{zones}</g>
                <g class="targets">{hl}</g>
                <g class="borders">{borders}</g>
                <g class="pieces">{pieces}</g>
                <g class="edges">{edges}</g>
            }
        })
    };
    let labels = (0..15u8)
        .map(|c| view! { <text class="label" x=c as f64 * CELL + CELL / 2.0 y=-5.0>{((b'a' + c) as char).to_string()}</text> })
        .chain((0..10u8).map(|r| view! { <text class="label" x=-9.0 y=r as f64 * CELL + CELL / 2.0 + 4.0>{(r + 1).to_string()}</text> }))
        .collect_view();
    view! {
        <p class="swipe-hint">"Swipe the map sideways to see all of it."</p>
        <div class="board-scroll">
            <svg class="board" viewBox=format!("{} {} {} {}", -MARGIN, -MARGIN, w + MARGIN + 4.0, h + MARGIN + 4.0) role="img" aria-label="The map">
                <defs>
                    <pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                        <line x1="0" y1="0" x2="0" y2="8" class="hatch-line"/>
                    </pattern>
                </defs>
                {labels}
                <g class="terrain">{terrain}</g>
                {(0..6).map(|i| view! { <rect class="tile-edge" x=(i % 3) as f64 * 5.0 * CELL y=(i / 3) as f64 * 5.0 * CELL width=5.0 * CELL height=5.0 * CELL/> }).collect_view()}
                {overlay}
                <rect class="frame" x="0" y="0" width=w height=h/>
            </svg>
        </div>
    }
}
