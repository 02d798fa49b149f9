//! The board's drawing, as trees of SVG nodes built from a [`BoardModel`]: the land (spaces and
//! their terrain art, drawn once per map), the frame and tile seams, the row and column labels
//! of the part on screen, and the overlay that changes with every step (tints and rims of
//! provinces or regions, neutral zones, borders, alliance seals, pieces, tap targets and free
//! edges). A tap on a space, a free edge or an off-screen marker is a [`BoardTap`].
//!
//! The terrain art, the textures and the emblems are symbols in `index.html`, drawn with `<use>`:
//! one node a space instead of a dozen.

use super::{terrain_name, BoardModel, Side, Window, MARGIN, SPACE};
use crate::app::palette::{colour_fill, emblem_ink};
use crate::app::targets::Target;
use crate::app::tree::{el, Node};
use crate::engine::{Colour, Edge, PieceKind, Space};

/// What a tap on the board means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BoardTap {
    /// A space.
    Space(Space),
    /// A free edge (borders are being placed).
    Edge(Edge),
    /// A marker pointing at targets off screen: show that side.
    Pan(Side),
}

/// A board node.
pub type Svg = Node<BoardTap>;

fn xy(s: Space) -> (i32, i32) {
    (s.col() as i32 * SPACE, s.row() as i32 * SPACE)
}

fn rect(x: i32, y: i32, w: i32, h: i32) -> Svg {
    el("rect").attr("x", x.to_string()).attr("y", y.to_string()).attr("width", w.to_string()).attr("height", h.to_string())
}

/// The land: a space each (the tap area, with `data-space` and `data-terrain`) with its art.
pub fn land(m: &BoardModel) -> Vec<Svg> {
    let mut out = Vec::with_capacity(m.terrain.len() * 2);
    for &(s, t) in &m.terrain {
        let (x, y) = xy(s);
        let name = terrain_name(m.edition, t);
        out.push(rect(x, y, SPACE, SPACE).class(format!("space t-{name}")).attr("data-space", s.to_string()).attr("data-terrain", name).on(BoardTap::Space(s)));
        out.push(el("use").class("art").attr("href", format!("#art-{name}")).attr("x", x.to_string()).attr("y", y.to_string()).attr("width", SPACE.to_string()).attr("height", SPACE.to_string()));
    }
    out
}

/// Tile seams and the frame.
pub fn frame(m: &BoardModel) -> Vec<Svg> {
    let side = m.tile as i32 * SPACE;
    let mut out = Vec::new();
    for ty in 0..(m.rows / m.tile) as i32 {
        for tx in 0..(m.cols / m.tile) as i32 {
            out.push(rect(tx * side, ty * side, side, side).class("tile-edge"));
        }
    }
    out.push(rect(0, 0, m.cols as i32 * SPACE, m.rows as i32 * SPACE).class("frame"));
    out
}

/// Row and column labels along the window's top and left edges, so they stay in view when the
/// board is zoomed; and a marker on each side where tap targets lie outside the window.
pub fn labels(m: &BoardModel, win: Window) -> Vec<Svg> {
    let (cols, rows) = (m.cols as i32, m.rows as i32);
    let full = cols * SPACE + MARGIN + 4;
    let zoomed = win.x > -MARGIN || win.y > -MARGIN || win.w < full;
    let class = if zoomed { "label zoomed" } else { "label" };
    // Labels keep their size on screen too.
    let fs = ((if zoomed { 17 } else { 11 }) * win.w / full).max(6);
    let label = |x: i32, y: i32, t: String| el("text").class(class).attr("style", format!("font-size:{fs}px")).attr("x", x.to_string()).attr("y", y.to_string()).text(t);
    let mut out: Vec<Svg> = (0..cols).map(|c| label(c * SPACE + SPACE / 2, win.y + fs + 1, ((b'a' + c as u8) as char).to_string())).collect();
    out.extend((0..rows).map(|r| label(win.x + fs * 3 / 4, r * SPACE + SPACE / 2 + fs / 3, (r + 1).to_string())));
    // Markers keep their size on screen: scaled with the window.
    let r = (30 * win.w / full).max(9);
    let (a, b) = (r / 2, r * 3 / 5);
    for (side, n) in m.offscreen(&win) {
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
        out.push(
            el("g")
                .class("offscreen")
                .attr("data-offscreen", side.name())
                .on(BoardTap::Pan(side))
                .kid(el("circle").attr("cx", x.to_string()).attr("cy", y.to_string()).attr("r", r.to_string()))
                .kid(el("path").attr("d", tri))
                .kid(el("text").attr("x", x.to_string()).attr("y", (y + r + r * 3 / 5).to_string()).attr("style", format!("font-size:{}px", r * 3 / 4)).text(n.to_string())),
        );
    }
    out
}

/// Half the width of a highlighted space's halo (`style/main.css`, `.highlight-halo`; a
/// highlighted border's, `.highlight-edge-halo`, is twice as wide): a space's mark is inset by
/// it and a border's by twice, for its round caps, so both stay inside their space and the
/// board.
const HALO: i32 = 4;

fn edge_line(e: Edge, inset: i32) -> (i32, i32, i32, i32) {
    let (x, y) = xy(e.spaces().1);
    if e.is_vertical() { (x, y + inset, x, y + SPACE - inset) } else { (x + inset, y, x + SPACE - inset, y) }
}

fn line(class: &str, (x1, y1, x2, y2): (i32, i32, i32, i32)) -> Svg {
    el("line").class(class.to_string()).attr("x1", x1.to_string()).attr("y1", y1.to_string()).attr("x2", x2.to_string()).attr("y2", y2.to_string())
}

fn use_emblem(c: Colour, x: i32, y: i32, size: i32) -> Svg {
    el("use").attr("href", format!("#em-{c}")).attr("x", x.to_string()).attr("y", y.to_string()).attr("width", size.to_string()).attr("height", size.to_string()).attr("color", emblem_ink(c))
}

/// A castle or knight, in its colour with its emblem (dashed while staged).
fn piece(s: Space, colour: Colour, kind: PieceKind, staged: bool) -> Svg {
    let (x, y) = xy(s);
    let (cx, cy) = (x + SPACE / 2, y + SPACE / 2);
    let (name, scale, shape, emblem) = match kind {
        PieceKind::Castle => ("castle", "1.25", format!("M{} {} v-16 h5 v5 h4 v-5 h6 v5 h4 v-5 h5 v16 z", cx - 12, cy + 12), use_emblem(colour, cx - 5, cy - 3, 11)),
        PieceKind::Knight => ("knight", "1.2", format!("M{} {} h18 l-3 -8 l-2 -10 q-3 -7 -7 -1 l-5 4 l2 3 l4 -1 l-5 6 z", cx - 9, cy + 13), use_emblem(colour, cx - 4, cy + 4, 8)),
    };
    el("g")
        .class(format!("piece {name}{}", if staged { " staged" } else { "" }))
        .attr("data-piece", name)
        .attr("data-colour", colour.name())
        .attr("data-at", s.to_string())
        .attr("transform", format!("translate({cx} {cy}) scale({scale}) translate(-{cx} -{cy})"))
        .kid(el("path").attr("fill", colour_fill(colour)).attr("d", shape))
        .kid(emblem)
}

/// A space to tap, marked by what a tap does (a ghost castle or knight, a "+", a ring).
fn target(s: Space, t: Target, colour: Option<Colour>) -> Svg {
    let (x, y) = xy(s);
    let (cx, cy) = (x + SPACE / 2, y + SPACE / 2);
    let fill = colour.map(colour_fill).unwrap_or("#d4a017");
    let (kind, mark) = match t {
        Target::Castle => ("castle", el("path").class("ghost").attr("fill", fill).attr("d", format!("M{} {} v-12 h4 v3 h4 v-3 h4 v3 h4 v-3 h4 v12 z", cx - 10, cy + 8))),
        Target::Knight => ("knight", el("path").class("ghost").attr("fill", fill).attr("d", format!("M{} {} h14 l-3 -6 l-2 -8 q-3 -5 -5 -1 l-4 3 l2 3 l3 -1 l-4 4 z", cx - 7, cy + 10))),
        Target::Expand => ("expand", el("path").class("plus").attr("stroke", fill).attr("d", format!("M{} {} h16 M{} {} v16", cx - 8, cy, cx, cy - 8))),
        Target::Pick => ("pick", el("circle").class("pick").attr("cx", cx.to_string()).attr("cy", cy.to_string()).attr("r", "17")),
    };
    el("g")
        .class(format!("target target-{kind}"))
        .attr("data-target", s.to_string())
        .attr("data-target-kind", kind)
        .kid(rect(x + 3, y + 3, SPACE - 6, SPACE - 6).class("target-frame").attr("rx", "6"))
        .kid(mark)
}

/// A free edge's tap area: the diamond of points nearer to it than to any other edge (44 units
/// along and across, so the areas tile the board without gaps), with a dashed preview of the
/// border when one may go there.
fn free_edge(e: Edge, legal: bool) -> Svg {
    let (x, y) = xy(e.spaces().1);
    let h = SPACE / 2;
    let points = if e.is_vertical() { format!("{x},{y} {},{} {x},{} {},{}", x + h, y + h, y + SPACE, x - h, y + h) } else { format!("{x},{y} {},{} {},{y} {},{}", x + h, y - h, x + SPACE, x + h, y + h) };
    let g = el("g").class(if legal { "edge legal" } else { "edge" }).attr("data-free-edge", e.to_string()).on(BoardTap::Edge(e));
    let g = if legal { g.attr("data-edge", e.to_string()).kid(line("edge-preview", edge_line(e, 6))) } else { g };
    g.kid(el("polygon").class("hit").attr("points", points))
}

/// The layer that changes with every step.
pub fn overlay(m: &BoardModel) -> Vec<Svg> {
    let owner_of = |s: Space| m.regions.iter().find(|(_, sp)| sp.contains(&s)).map(|(c, _)| *c);
    let mut tints = el("g").class("tints");
    for (owner, spaces) in &m.regions {
        tints = tints.kids(spaces.iter().map(|&s| {
            let (x, y) = xy(s);
            rect(x, y, SPACE, SPACE).class("tint").attr("fill", colour_fill(*owner)).attr("data-province", owner.name())
        }));
    }
    tints = tints.kids(m.zones.iter().flatten().map(|&s| {
        let (x, y) = xy(s);
        rect(x, y, SPACE, SPACE).class("zone").attr("fill", "url(#hatch)").attr("data-neutral-zone", s.to_string())
    }));
    // An inner outline in the owner's colour along each region's rim.
    const INSET: i32 = 4;
    let mut rims = el("g").class("rims");
    for (owner, spaces) in &m.regions {
        for &s in spaces {
            let (x, y) = xy(s);
            let inside = |dc: i32, dr: i32| {
                let (c, r) = (s.col() as i32 + dc, s.row() as i32 + dr);
                c >= 0 && r >= 0 && Space::new(c as u8, r as u8).is_some_and(|n| spaces.contains(&n))
            };
            for (dc, dr, l) in [
                (-1, 0, (x + INSET, y, x + INSET, y + SPACE)),
                (1, 0, (x + SPACE - INSET, y, x + SPACE - INSET, y + SPACE)),
                (0, -1, (x, y + INSET, x + SPACE, y + INSET)),
                (0, 1, (x, y + SPACE - INSET, x + SPACE, y + SPACE - INSET)),
            ] {
                if !inside(dc, dr) {
                    rims = rims.kid(line("rim", l).attr("stroke", colour_fill(*owner)));
                }
            }
        }
    }
    let borders = el("g").class("borders").kids(m.borders.iter().map(|&e| {
        let (staged, recent) = (m.staged_edges.contains(&e), m.recent_edges.contains(&e));
        let fresh = if m.fresh.edges.contains(&e) { " fresh" } else { "" };
        line(&format!("border{}{}{fresh}", if staged { " staged" } else { "" }, if recent { " recent" } else { "" }), edge_line(e, 0))
            .attr("data-border", e.to_string())
            .attr_if(staged, "data-staged", "")
            .attr_if(recent, "data-recent", "")
    }));
    let seals = el("g").class("seals").kids(m.alliances.iter().map(|&(a, b, edge)| {
        let (cx, cy) = match edge {
            Some(e) => {
                let (x1, y1, x2, y2) = edge_line(e, 0);
                ((x1 + x2) / 2, (y1 + y2) / 2)
            }
            None => {
                let (x, y) = xy(a);
                (x + SPACE - 6, y + 6)
            }
        };
        let fill = |c: Space| m.pieces.iter().find(|(s, _)| *s == c).map(|(_, p)| colour_fill(p.colour)).unwrap_or("#fff");
        el("g")
            .class("alliance-seal")
            .attr("data-alliance", format!("{a}-{b}"))
            .kid(el("circle").class("seal-ring").attr("cx", cx.to_string()).attr("cy", cy.to_string()).attr("r", "10"))
            .kid(el("path").attr("fill", fill(a)).attr("d", format!("M{cx} {} a7 7 0 0 0 0 14 z", cy - 7)))
            .kid(el("path").attr("fill", fill(b)).attr("d", format!("M{cx} {} a7 7 0 0 1 0 14 z", cy - 7)))
    }));
    let marks = el("g")
        .class("recent-marks")
        .kids(m.recent_spaces.iter().map(|&s| {
            let (x, y) = xy(s);
            el("circle").class("recent-ring").attr("cx", (x + SPACE / 2).to_string()).attr("cy", (y + SPACE / 2).to_string()).attr("r", "19").attr("data-recent-space", s.to_string())
        }))
        // A hint's (or a log line's) spaces and border: the hint's colour on a light halo, thick
        // enough to stand out among the tap targets, inset so that halo and line end inside the
        // board (a round cap drawn at an edge's end reached past the board's frame).
        .kids(m.highlight.iter().flat_map(|&s| {
            let (x, y) = xy(s);
            [
                rect(x + HALO, y + HALO, SPACE - 2 * HALO, SPACE - 2 * HALO).class("highlight-halo").attr("rx", "5"),
                rect(x + HALO, y + HALO, SPACE - 2 * HALO, SPACE - 2 * HALO).class("highlight").attr("rx", "5").attr("data-highlight", s.to_string()),
            ]
        }))
        .kids(m.highlight_edges.iter().flat_map(|&e| {
            [line("highlight-edge-halo", edge_line(e, 2 * HALO)), line("highlight-edge", edge_line(e, 2 * HALO)).attr("data-highlight-edge", e.to_string())]
        }));
    let pieces = el("g").class("pieces").kids(m.pieces.iter().map(|&(s, p)| {
        let g = piece(s, p.colour, p.kind, m.staged_spaces.contains(&s));
        if m.fresh.spaces.contains(&s) { g.attr("data-fresh", "") } else { g }
    }));
    // A province just founded: a ring pulses over it and its points rise from its middle.
    let founded = el("g").class("founded").kids(m.fresh.founded.iter().map(|&(owner, s)| {
        let (x, y) = xy(s);
        let points: i32 = m.points.iter().filter(|(c, _)| *c == owner).map(|(_, d)| d).sum();
        el("g")
            .class("founded-mark")
            .attr("data-founded", owner.name())
            .kid(el("circle").class("founded-ring").attr("cx", (x + SPACE / 2).to_string()).attr("cy", (y + SPACE / 2).to_string()).attr("r", "20").attr("stroke", colour_fill(owner)))
            .kid_opt((points > 0).then(|| el("text").class("float-points").attr("x", (x + SPACE / 2).to_string()).attr("y", (y + SPACE / 2).to_string()).text(format!("+{points}"))))
    }));
    // Points scored at a space (a played-back step), rising from it.
    let founded = founded.kids(m.floats.iter().map(|&(s, d)| {
        let (x, y) = xy(s);
        el("text").class("float-points").attr("data-float", s.to_string()).attr("x", (x + SPACE / 2).to_string()).attr("y", (y + SPACE / 2).to_string()).text(if d > 0 { format!("+{d}") } else { format!("{d}") })
    }));
    let targets = el("g").class("targets").kids(m.targets.iter().map(|&(s, t)| {
        let colour = if t == Target::Expand { m.viewer } else { owner_of(s).filter(|_| t == Target::Pick).or(m.viewer) };
        target(s, t, colour)
    }));
    let edges = el("g").class("edges").kids(m.edges.iter().flatten().map(|&(e, ok)| free_edge(e, ok)));
    vec![tints, rims, borders, seals, marks, pieces, founded, targets, edges]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::board::Fresh;
    use crate::app::targets::Mode;
    use crate::app::tree::{find_all, html};
    use crate::engine::newed::{Game as NewGame, Setup as NewSetup};
    use crate::engine::classic::{Game, Setup, SetupKind};

    #[test]
    fn the_land_is_a_tappable_space_and_its_art_for_every_space() {
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let m = BoardModel::classic(&g.view(None), Mode::Normal);
        let land = land(&m);
        let spaces = find_all(&land, "data-space", "");
        assert_eq!(spaces.len(), 150);
        let a1 = find_all(&land, "data-space", "a1")[0];
        assert_eq!(a1.action(), Some(&BoardTap::Space(Space::parse("a1").unwrap())));
        assert_eq!(a1.get("data-terrain"), Some("open"), "tile A's top left is open country");
        let (markup, actions) = html(&land);
        assert_eq!(actions.len(), 150, "one tap a space");
        assert_eq!(markup.matches("href=\"#art-forest\"").count(), 51, "RULES.md: 51 forests on the Classic board");
        assert_eq!(frame(&m).len(), 6 + 1, "six tiles and the frame");
    }

    #[test]
    fn the_overlay_draws_pieces_provinces_targets_and_the_edges_that_take_a_border() {
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let v = g.view(None);
        let mut m = BoardModel::classic(&v, Mode::Normal);
        let o = overlay(&m);
        // Basic start (RULES.md): red's province a1–c2 with its castle on a1, knight a2.
        assert_eq!(find_all(&o, "data-piece", "castle").len(), v.pieces.iter().filter(|(_, p)| p.kind == PieceKind::Castle).count());
        let a1 = find_all(&o, "data-at", "a1")[0];
        assert_eq!((a1.get("data-piece"), a1.get("data-colour")), (Some("castle"), Some("red")));
        assert_eq!(find_all(&o, "data-province", "red").len(), v.provinces.iter().filter(|p| p.owner == Colour::Red).map(|p| p.spaces.len()).sum::<usize>());
        assert_eq!(find_all(&o, "data-border", "").len(), v.borders.len());
        assert!(find_all(&o, "data-free-edge", "").is_empty(), "no borders being placed: no edges to tap");
        // While borders are placed: every free edge is tappable, the legal ones previewed.
        let e = Edge::parse("d5-e5").unwrap();
        m.edges = Some(vec![(e, true), (Edge::parse("a5-a6").unwrap(), false)]);
        m.staged_edges = vec![];
        let o = overlay(&m);
        let edges = find_all(&o, "data-free-edge", "");
        assert_eq!(edges.len(), 2);
        assert_eq!(edges[0].action(), Some(&BoardTap::Edge(e)));
        assert_eq!(find_all(&o, "data-edge", "").len(), 1, "only the legal edge shows a border's preview");
        // Targets are marked by what a tap does, in the viewer's colour.
        m.viewer = Some(Colour::Yellow);
        m.targets = vec![(Space::parse("h5").unwrap(), Target::Knight)];
        let o = overlay(&m);
        let t = find_all(&o, "data-target", "h5")[0];
        assert_eq!(t.get("data-target-kind"), Some("knight"));
        assert!(html(std::slice::from_ref(t)).0.contains(colour_fill(Colour::Yellow)));
    }

    // Issue 22: the table answers — what is new since the board was last drawn is marked for
    // its animation (a piece placed, a border, a province founded with its points rising).
    #[test]
    fn what_is_new_since_the_last_drawing_is_marked_and_a_new_province_shows_its_points() {
        use crate::engine::board::Piece;
        use crate::engine::{Edge, PieceKind, Space};
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let before = BoardModel::classic(&g.view(None), Mode::Normal);
        let mut after = before.clone();
        let (a, b) = (Space::parse("c3").unwrap(), Space::parse("c4").unwrap());
        after.pieces.push((a, Piece { colour: Colour::Red, kind: PieceKind::Knight }));
        let edge = Edge::between(a, b).unwrap();
        after.borders.push(edge);
        after.regions.push((Colour::Red, vec![a, b, Space::parse("c5").unwrap()]));
        after.points = vec![(Colour::Red, 4)];
        after.fresh = after.fresh_since(&before);
        assert_eq!(after.fresh.spaces, vec![a]);
        assert_eq!(after.fresh.edges, vec![edge]);
        assert_eq!(after.fresh.founded, vec![(Colour::Red, b)], "the points rise from the province's middle");
        let (markup, _) = html(&overlay(&after));
        assert!(markup.contains(r#"data-at="c3""#) && markup.contains("data-fresh"), "{markup}");
        assert!(markup.contains("border fresh") && markup.contains(r#"data-founded="red""#) && markup.contains(">+4<"));
        // Drawn again with nothing new: nothing animates twice.
        let again = after.clone();
        assert_eq!(again.fresh_since(&after), Fresh::default());
        // Another game's board is not compared with.
        let newed = BoardModel::newed(&NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 1)).unwrap().0.view(None), Mode::Normal);
        assert_eq!(newed.fresh_since(&after), Fresh::default());
    }

    #[test]
    fn staged_recent_and_highlighted_marks_are_drawn_and_markers_pan_to_hidden_targets() {
        let (n, _) = NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42)).unwrap();
        let mut m = BoardModel::newed(&n.view(Some(Colour::Red)), Mode::Normal);
        let e = Edge::parse("c3-d3").unwrap();
        m.borders.push(e);
        m.staged_edges = vec![e];
        m.recent_spaces = vec![Space::parse("f6").unwrap()];
        m.highlight = vec![Space::parse("a1").unwrap()];
        m.highlight_edges = vec![Edge::parse("c3-c4").unwrap()];
        let o = overlay(&m);
        assert_eq!(find_all(&o, "data-staged", "").len(), 1);
        assert_eq!(find_all(&o, "data-recent-space", "f6").len(), 1);
        assert_eq!(find_all(&o, "data-highlight", "a1").len(), 1);
        assert_eq!(find_all(&o, "data-highlight-edge", "c3-c4").len(), 1, "a hint's border is picked out");
        // Zoomed into the top left: markers on the right and bottom count the castle spaces there.
        let w = m.window(20, (0, 0));
        let l = labels(&m, w);
        let markers = find_all(&l, "data-offscreen", "");
        assert!(!markers.is_empty());
        assert!(markers.iter().all(|n| matches!(n.action(), Some(BoardTap::Pan(Side::Right | Side::Bottom)))));
        assert_eq!(find_all(&l, "class", "label zoomed").len(), 12 + 12);
    }
}
