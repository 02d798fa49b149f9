//! What the board shows, for either edition: a plain render model built from a player's view
//! and the taps the current step allows. The one board component draws it; these functions
//! decide it, and are tested natively.

pub mod cursor;
pub mod svg;

pub use cursor::{Cursor, Under};
use super::targets::{classic, newed as newed_taps};
use super::targets::{Mode, Target};
use crate::engine::board::land::Terrain;
use crate::engine::board::Piece;
use crate::engine::grid::{Grid, CLASSIC, NEW_EDITION};
use crate::engine::{newed, Colour, Edge, Edition, Space};
use crate::engine::classic::{Map, View};
use crate::tr;

/// Everything the board draws.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardModel {
    /// The edition (for terrain names and art).
    pub edition: Edition,
    /// Columns.
    pub cols: u8,
    /// Rows.
    pub rows: u8,
    /// Side of a map tile in spaces (seams are drawn between tiles).
    pub tile: u8,
    /// The terrain of every space, row by row.
    pub terrain: Vec<(Space, Terrain)>,
    /// Provinces (Classic) or regions (New Edition): owner and spaces.
    pub regions: Vec<(Colour, Vec<Space>)>,
    /// Neutral zones.
    pub zones: Vec<Vec<Space>>,
    /// Borders on the board.
    pub borders: Vec<Edge>,
    /// Pieces on the board.
    pub pieces: Vec<(Space, Piece)>,
    /// Alliances: the two castles and the border edge their seal is drawn on.
    pub alliances: Vec<(Space, Space, Option<Edge>)>,
    /// Whose view this is (the colour of the targets' marks).
    pub viewer: Option<Colour>,
    /// Spaces that may be tapped now, and what a tap there does.
    pub targets: Vec<(Space, Target)>,
    /// While borders are being placed: every free edge, and whether it takes a border now.
    pub edges: Option<Vec<(Edge, bool)>>,
    /// Borders and pieces placed in this step but not yet confirmed (drawn dashed).
    pub staged_edges: Vec<Edge>,
    /// Spaces with pieces placed or taken in this step but not yet confirmed.
    pub staged_spaces: Vec<Space>,
    /// Borders placed since the holder last held the device (until they act).
    pub recent_edges: Vec<Edge>,
    /// Spaces whose piece is new since the holder last held the device.
    pub recent_spaces: Vec<Space>,
    /// Spaces picked out by the player (a tapped log line).
    pub highlight: Vec<Space>,
    /// Edges picked out (a hint's border).
    pub highlight_edges: Vec<Edge>,
    /// Score changes of the last confirmed step (the points that rise from a new province).
    pub points: Vec<(Colour, i32)>,
    /// Points that rise from a space (a step of the others' moves played back: what its line
    /// scored, where it happened).
    pub floats: Vec<(Space, i32)>,
    /// What is new since the board was last drawn (what the table animates).
    pub fresh: Fresh,
}

/// What is new on the board since it was last drawn: pieces and borders placed, provinces
/// (regions) founded — each with the space its points rise from.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Fresh {
    /// Spaces whose piece is new.
    pub spaces: Vec<Space>,
    /// New borders.
    pub edges: Vec<Edge>,
    /// Provinces (regions) that didn't exist before: owner and the space nearest their middle.
    pub founded: Vec<(Colour, Space)>,
}

/// Size of a space in board units.
pub const SPACE: i32 = 44;
/// Room around the board for the row and column labels.
pub const MARGIN: i32 = 18;

/// The part of the board on screen, in board units (the SVG's viewBox).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Window {
    /// Left.
    pub x: i32,
    /// Top.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

/// A side of the window.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Side {
    /// Left.
    Left,
    /// Right.
    Right,
    /// Top.
    Top,
    /// Bottom.
    Bottom,
}

impl Side {
    /// Its name (`data-offscreen`).
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "left",
            Side::Right => "right",
            Side::Top => "top",
            Side::Bottom => "bottom",
        }
    }
}

/// The word a terrain has in the edition (`data-terrain`): the New Edition's open land is
/// meadow.
pub fn terrain_name(edition: Edition, t: Terrain) -> &'static str {
    match (edition, t) {
        (Edition::New, Terrain::Open) => "meadow",
        _ => t.name(),
    }
}

/// A terrain in words, in the current language (for the board's description; the edition
/// decides as in [`terrain_name`]).
pub fn terrain_words(edition: Edition, t: Terrain) -> &'static str {
    use crate::engine::board::land::MineKind;
    match (edition, t) {
        (Edition::New, Terrain::Open) => tr!(PanelTerrainMeadow),
        (_, Terrain::Open) => tr!(PanelTerrainOpen),
        (_, Terrain::Forest) => tr!(PanelTerrainForest),
        (_, Terrain::Mountain) => tr!(PanelTerrainMountain),
        (_, Terrain::City) => tr!(PanelTerrainCity),
        (_, Terrain::Village) => tr!(PanelTerrainVillage),
        (_, Terrain::KingsCity) => tr!(PanelTerrainKingsCity),
        (_, Terrain::Mine(MineKind::Gold)) => tr!(PanelTerrainGold),
        (_, Terrain::Mine(MineKind::Silver)) => tr!(PanelTerrainSilver),
        (_, Terrain::Mine(MineKind::Copper)) => tr!(PanelTerrainCopper),
        (_, Terrain::Mine(MineKind::Gems)) => tr!(PanelTerrainGems),
    }
}

fn grid_of(edition: Edition) -> &'static Grid {
    match edition {
        Edition::Classic => &CLASSIC,
        Edition::New => &NEW_EDITION,
    }
}

/// The border edge between two regions nearest the middle of their shared borders (where an
/// alliance's seal goes), if they share one.
fn shared_border(a: &[Space], b: &[Space], borders: &[Edge]) -> Option<Edge> {
    let mut shared: Vec<Edge> = borders
        .iter()
        .copied()
        .filter(|e| {
            let (x, y) = e.spaces();
            (a.contains(&x) && b.contains(&y)) || (a.contains(&y) && b.contains(&x))
        })
        .collect();
    shared.sort();
    shared.get(shared.len() / 2).copied()
}

fn alliances(pairs: &[(Space, Space)], regions: &[(Colour, Vec<Space>)], borders: &[Edge]) -> Vec<(Space, Space, Option<Edge>)> {
    let spaces_of = |castle: Space| regions.iter().find(|(_, s)| s.contains(&castle)).map(|(_, s)| s.as_slice()).unwrap_or(&[]);
    pairs.iter().map(|&(a, b)| (a, b, shared_border(spaces_of(a), spaces_of(b), borders))).collect()
}

impl BoardModel {
    /// The board in words for a screen reader, a sentence each: what is under the keyboard
    /// cursor, the spaces to tap now, how many edges take a border.
    pub fn describe(&self, cursor: Option<Cursor>) -> Vec<String> {
        let mut parts = Vec::new();
        match cursor.and_then(Cursor::under) {
            Some(Under::Space(s)) => {
                let terrain = self.terrain.iter().find(|(x, _)| *x == s).map_or("", |&(_, t)| terrain_words(self.edition, t));
                let piece = self.pieces.iter().find(|(x, _)| *x == s).map(|(_, p)| {
                    let colour = super::names::colour_adj(self.edition, p.colour);
                    if p.kind == crate::engine::PieceKind::Castle { tr!(PanelBoardCastle, colour = colour) } else { tr!(PanelBoardKnight, colour = colour) }
                });
                let tap = self.targets.iter().find(|(x, _)| *x == s).map(|(_, t)| match t {
                    Target::Castle => tr!(PanelBoardTapCastle),
                    Target::Knight => tr!(PanelBoardTapKnight),
                    Target::Expand => tr!(PanelBoardTapExpand),
                    Target::Pick => tr!(PanelBoardTapPick),
                });
                parts.push(match (piece, tap) {
                    (None, None) => tr!(PanelBoardSpace, space = s, terrain = terrain),
                    (Some(p), None) => tr!(PanelBoardSpacePiece, space = s, terrain = terrain, piece = p),
                    (None, Some(t)) => tr!(PanelBoardSpaceTap, space = s, terrain = terrain, tap = t),
                    (Some(p), Some(t)) => tr!(PanelBoardSpacePieceTap, space = s, terrain = terrain, piece = p, tap = t),
                });
            }
            Some(Under::Edge(e)) => {
                let legal = self.edges.iter().flatten().any(|&(x, ok)| x == e && ok);
                parts.push(if self.borders.contains(&e) {
                    tr!(PanelBoardEdgeBorder, edge = e)
                } else if legal {
                    tr!(PanelBoardEdgeFree, edge = e)
                } else {
                    tr!(PanelBoardEdgeNone, edge = e)
                });
            }
            None => {}
        }
        if !self.targets.is_empty() {
            let list = self.targets.iter().take(12).map(|(s, _)| s.to_string()).collect::<Vec<_>>().join(", ");
            let more = self.targets.len().saturating_sub(12);
            parts.push(if more > 0 { tr!(PanelBoardTargetsMore, list = list, more = more) } else { tr!(PanelBoardTargets, list = list) });
        }
        let edges = self.edges.iter().flatten().filter(|(_, ok)| *ok).count();
        if edges > 0 {
            parts.push(if edges == 1 { tr!(PanelBoardEdgesOne, n = edges) } else { tr!(PanelBoardEdgesMany, n = edges) });
        }
        parts
    }

    /// Where the keyboard cursor starts: on the first space to tap, else the first edge that
    /// takes a border, else the top left space.
    pub fn cursor_start(&self) -> Cursor {
        if let Some(&(s, _)) = self.targets.first() {
            return Cursor::at(s);
        }
        let edge = self.edges.iter().flatten().find(|(_, ok)| *ok).map(|&(e, _)| e);
        match edge {
            Some(e) => {
                let (a, b) = e.spaces();
                Cursor { x: a.col() as i32 + b.col() as i32 + 1, y: a.row() as i32 + b.row() as i32 + 1 }
            }
            None => Cursor { x: 1, y: 1 },
        }
    }

    pub(crate) fn empty(edition: Edition, terrain: Vec<(Space, Terrain)>) -> BoardModel {
        let g = grid_of(edition);
        BoardModel {
            edition,
            cols: g.cols,
            rows: g.rows,
            tile: g.tile,
            terrain,
            regions: Vec::new(),
            zones: Vec::new(),
            borders: Vec::new(),
            pieces: Vec::new(),
            alliances: Vec::new(),
            viewer: None,
            targets: Vec::new(),
            edges: None,
            staged_edges: Vec::new(),
            staged_spaces: Vec::new(),
            recent_edges: Vec::new(),
            recent_spaces: Vec::new(),
            highlight: Vec::new(),
            highlight_edges: Vec::new(),
            points: Vec::new(),
            floats: Vec::new(),
            fresh: Fresh::default(),
        }
    }

    /// What is new here since `before` was drawn (nothing when it is another game's board).
    pub fn fresh_since(&self, before: &BoardModel) -> Fresh {
        if before.edition != self.edition || before.terrain != self.terrain {
            return Fresh::default();
        }
        let spaces = self.pieces.iter().filter(|p| !before.pieces.contains(p)).map(|(s, _)| *s).collect();
        let edges = self.borders.iter().filter(|e| !before.borders.contains(e)).copied().collect();
        let founded = self
            .regions
            .iter()
            .filter(|(owner, spaces)| !before.regions.iter().any(|(o, b)| o == owner && b.iter().any(|s| spaces.contains(s))))
            .filter_map(|(owner, spaces)| {
                let n = spaces.len() as i32;
                let (c, r) = spaces.iter().fold((0, 0), |(c, r), s| (c + s.col() as i32, r + s.row() as i32));
                let middle = |s: &&Space| (s.col() as i32 * n - c).pow(2) + (s.row() as i32 * n - r).pow(2);
                spaces.iter().min_by_key(middle).map(|&s| (*owner, s))
            })
            .collect();
        Fresh { spaces, edges, founded }
    }

    /// The board of a Classic view, with the taps `mode` allows.
    pub fn classic(v: &View, mode: Mode) -> BoardModel {
        let map = Map::new(v.tiles);
        let mut m = BoardModel::empty(Edition::Classic, CLASSIC.spaces().map(|s| (s, map.terrain(s))).collect());
        m.regions = v.provinces.iter().map(|p| (p.owner, p.spaces.clone())).collect();
        m.zones = v.neutral_zones.clone();
        m.borders = v.borders.clone();
        m.pieces = v.pieces.clone();
        m.alliances = alliances(&v.alliances, &m.regions, &m.borders);
        m.viewer = v.viewer;
        let (targets, edges) = classic::targets(v, mode);
        m.targets = targets;
        m.edges = edges.map(|legal| CLASSIC.edges().filter(|e| !v.borders.contains(e)).map(|e| (e, legal.contains(&e))).collect());
        m
    }

    /// The board of a New Edition view, with the taps `mode` allows.
    pub fn newed(v: &newed::View, mode: Mode) -> BoardModel {
        let land = v.tiles.land();
        let mut m = BoardModel::empty(Edition::New, NEW_EDITION.spaces().map(|s| (s, land.terrain(s))).collect());
        m.regions = v.regions.iter().map(|r| (r.owner, r.spaces.clone())).collect();
        m.zones = v.neutral_zones.clone();
        m.borders = v.borders.clone();
        m.pieces = v.pieces.clone();
        m.alliances = alliances(&v.alliances, &m.regions, &m.borders);
        m.viewer = v.viewer;
        let (targets, edges) = newed_taps::targets(v, mode);
        m.targets = targets;
        m.edges = edges.map(|legal| NEW_EDITION.edges().filter(|e| !v.borders.contains(e)).map(|e| (e, legal.contains(&e))).collect());
        m
    }

    /// Marks what changed from `before` (the confirmed position) as staged: new borders and
    /// spaces whose piece or owner differs.
    pub fn with_staged(mut self, before: &BoardModel) -> BoardModel {
        self.staged_edges = self.borders.iter().copied().filter(|e| !before.borders.contains(e)).collect();
        let owner = |m: &BoardModel, s: Space| m.regions.iter().find(|(_, sp)| sp.contains(&s)).map(|(c, _)| *c);
        let piece = |m: &BoardModel, s: Space| m.pieces.iter().find(|(x, _)| *x == s).map(|(_, p)| *p);
        self.staged_spaces = self
            .terrain
            .iter()
            .map(|&(s, _)| s)
            .filter(|&s| piece(&self, s) != piece(before, s) || (piece(&self, s).is_some() && owner(&self, s) != owner(before, s)))
            .collect();
        self
    }

    /// The part of the board shown at `zoom` tenths (10: the whole board) around `center` (in
    /// board units, a space being 44), kept inside the board.
    pub fn window(&self, zoom: u32, center: (i32, i32)) -> Window {
        let (bw, bh) = (self.cols as i32 * SPACE, self.rows as i32 * SPACE);
        let zoom = zoom.clamp(10, 40) as i32;
        if zoom == 10 {
            return Window { x: -MARGIN, y: -MARGIN, w: bw + MARGIN + 4, h: bh + MARGIN + 4 };
        }
        let (w, h) = (bw * 10 / zoom, bh * 10 / zoom);
        let x = (center.0 - w / 2).clamp(0, bw - w);
        let y = (center.1 - h / 2).clamp(0, bh - h);
        Window { x: x - MARGIN, y: y - MARGIN, w: w + MARGIN + 4, h: h + MARGIN + 4 }
    }

    /// How many tap targets (spaces and legal edges) lie outside the window, per side.
    pub fn offscreen(&self, win: &Window) -> Vec<(Side, usize)> {
        // Targets whose centre lies outside the viewBox (the label margin is on screen too).
        let (x0, y0, x1, y1) = (win.x, win.y, win.x + win.w, win.y + win.h);
        let mut count = [0usize; 4];
        let centre = |s: Space| (s.col() as i32 * SPACE + SPACE / 2, s.row() as i32 * SPACE + SPACE / 2);
        let points = self.targets.iter().map(|&(s, _)| centre(s)).chain(self.edges.iter().flatten().filter(|(_, ok)| *ok).map(|&(e, _)| {
            let (a, b) = e.spaces();
            let (pa, pb) = (centre(a), centre(b));
            ((pa.0 + pb.0) / 2, (pa.1 + pb.1) / 2)
        }));
        for (x, y) in points {
            if x < x0 {
                count[0] += 1;
            } else if x > x1 {
                count[1] += 1;
            } else if y < y0 {
                count[2] += 1;
            } else if y > y1 {
                count[3] += 1;
            }
        }
        [Side::Left, Side::Right, Side::Top, Side::Bottom].into_iter().zip(count).filter(|&(_, n)| n > 0).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::newed::{Game as NewGame, Move as NewMove, Setup as NewSetup};
    use crate::engine::classic::{Game, Move, Setup, SetupKind};

    fn sp(s: &str) -> Space {
        Space::parse(s).unwrap()
    }

    #[test]
    fn both_editions_draw_their_own_board_with_the_edition_s_terrain_words() {
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let v = g.view(None);
        let m = BoardModel::classic(&v, Mode::Normal);
        assert_eq!((m.cols, m.rows, m.tile, m.terrain.len()), (15, 10, 5, 150));
        let names: Vec<&str> = m.terrain.iter().map(|&(_, t)| terrain_name(Edition::Classic, t)).collect();
        assert!(names.iter().all(|n| ["open", "forest", "mountain", "city"].contains(n)));
        // The basic setup's castles stand on the board, one or more of each player's.
        assert_eq!(m.pieces, v.pieces);
        for c in [Colour::Red, Colour::Yellow, Colour::Purple] {
            assert!(m.pieces.iter().any(|(_, p)| p.colour == c && p.kind == crate::engine::PieceKind::Castle));
        }

        let (n, _) = NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42)).unwrap();
        let m = BoardModel::newed(&n.view(None), Mode::Normal);
        assert_eq!((m.cols, m.rows, m.tile, m.terrain.len()), (12, 12, 4, 144));
        let names: Vec<&str> = m.terrain.iter().map(|&(_, t)| terrain_name(Edition::New, t)).collect();
        for must in ["meadow", "forest", "village", "kings-city", "gold", "silver", "copper", "gems"] {
            assert!(names.contains(&must), "the New Edition map has {must}");
        }
        assert!(!names.contains(&"open") && !names.contains(&"mountain"));
    }

    #[test]
    fn the_board_in_words_speaks_the_players_language() {
        use crate::i18n::{set_lang, Lang};
        crate::i18n::tests::install_all();
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let mut m = BoardModel::classic(&g.view(None), Mode::Normal);
        let (at, piece) = *m.pieces.iter().find(|(_, p)| p.colour == Colour::Yellow && p.kind == crate::engine::PieceKind::Castle).unwrap();
        let terrain = m.terrain.iter().find(|(x, _)| *x == at).unwrap().1;
        m.targets = vec![(sp("a1"), Target::Pick), (at, Target::Knight)];
        let cursor = Some(Cursor::at(at));
        set_lang(Lang::En);
        assert_eq!(m.describe(cursor), [format!("{at}, {}, yellow castle: place a knight here.", terrain_words(Edition::Classic, terrain)), format!("Spaces to tap: a1, {at}.")]);
        assert_eq!(piece.colour, Colour::Yellow);
        set_lang(Lang::De);
        assert_eq!(m.describe(cursor), [format!("{at}, {}, Burg (Ocker): hier einen Ritter setzen.", terrain_words(Edition::Classic, terrain)), format!("Felder zum Tippen: a1, {at}.")]);
        set_lang(Lang::It);
        let it = m.describe(Some(Cursor::at(sp("a1"))));
        assert!(it[0].ends_with(": selezionabile."), "{it:?}");
        m.edges = Some(vec![(Edge::parse("a1-b1").unwrap(), true)]);
        assert_eq!(m.describe(None).last().map(String::as_str), Some("1 linea può ricevere un muro di confine."));
        set_lang(Lang::En);
        assert_eq!(m.describe(None).last().map(String::as_str), Some("1 edge can take a border."));
        assert_eq!(m.describe(None).len(), 2, "the spaces to tap, the edges");
    }

    #[test]
    fn placement_targets_are_castle_spaces_for_the_player_to_move_only() {
        let (n, _) = NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42)).unwrap();
        let red = BoardModel::newed(&n.view(Some(Colour::Red)), Mode::Normal);
        assert!(!red.targets.is_empty());
        assert!(red.targets.iter().all(|(_, t)| *t == Target::Castle));
        let legal: Vec<Space> = n.legal_moves().iter().filter_map(|m| if let NewMove::Castle { at, .. } = m { Some(*at) } else { None }).collect();
        assert_eq!(red.targets.len(), legal.len());
        // Not red's turn: nothing to tap for blue, or behind a hand-over.
        assert!(BoardModel::newed(&n.view(Some(Colour::Blue)), Mode::Normal).targets.is_empty());
        assert!(BoardModel::newed(&n.view(None), Mode::Normal).targets.is_empty());
    }

    #[test]
    fn an_alliance_seal_sits_on_a_border_the_two_provinces_share() {
        let mut setup = Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Custom, 1);
        setup.castles = vec![(Colour::Red, sp("a1")), (Colour::Purple, sp("d1")), (Colour::Yellow, sp("a9"))];
        setup.knights = vec![(Colour::Red, sp("a2")), (Colour::Purple, sp("d2"))];
        setup.borders = ["c1-d1", "c2-d2", "a2-a3", "b2-b3", "c2-c3", "e1-f1", "e2-f2", "d2-d3", "e2-e3"].iter().map(|e| Edge::parse(e).unwrap()).collect();
        setup.hands = vec![(Colour::Red, vec![crate::engine::classic::PoliticsCard::Alliance])];
        let (mut g, _) = Game::new(&setup).unwrap();
        g.play(Move::Decide { by: Colour::Red, first: 1, second: Some(2) }).unwrap();
        g.play(Move::Alliance { by: Colour::Red, own: sp("a1"), other: sp("d1") }).unwrap();
        let m = BoardModel::classic(&g.view(None), Mode::Normal);
        assert_eq!(m.alliances.len(), 1);
        let (a, b, edge) = m.alliances[0];
        assert_eq!((a, b), (sp("a1"), sp("d1")));
        let e = edge.expect("a shared border");
        assert!(["c1-d1", "c2-d2"].contains(&e.to_string().as_str()), "{e}");
    }

    #[test]
    fn staged_borders_and_pieces_are_marked_against_the_confirmed_board() {
        let (g, _) = Game::new(&Setup::new(vec![Colour::Red, Colour::Yellow, Colour::Purple], SetupKind::Basic, 42)).unwrap();
        let before = BoardModel::classic(&g.view(None), Mode::Normal);
        let mut after = before.clone();
        let e = Edge::parse("a1-b1").unwrap();
        after.borders.push(e);
        after.pieces.push((sp("h5"), Piece { colour: Colour::Red, kind: crate::engine::PieceKind::Knight }));
        let marked = after.with_staged(&before);
        assert_eq!(marked.staged_edges, vec![e]);
        assert_eq!(marked.staged_spaces, vec![sp("h5")]);
        assert!(before.clone().with_staged(&before).staged_spaces.is_empty());
    }

    #[test]
    fn a_zoomed_window_stays_on_the_board_and_counts_the_targets_it_hides() {
        let (n, _) = NewGame::new(&NewSetup::new(vec![Colour::Red, Colour::Blue, Colour::Orange], 42)).unwrap();
        let m = BoardModel::newed(&n.view(Some(Colour::Red)), Mode::Normal);
        let whole = m.window(10, (0, 0));
        assert!(m.offscreen(&whole).is_empty(), "the whole board hides nothing");
        // Twice as close, in the top-left corner (asked beyond the board: kept on it).
        let w = m.window(20, (-500, -500));
        assert_eq!((w.x + MARGIN, w.y + MARGIN), (0, 0));
        assert_eq!(w.w - MARGIN - 4, 12 * SPACE / 2);
        let hidden = m.offscreen(&w);
        let total: usize = hidden.iter().map(|(_, n)| n).sum();
        let visible = m.targets.iter().filter(|(s, _)| s.col() < 6 && s.row() < 6).count();
        assert_eq!(total, m.targets.len() - visible, "every target outside the window is counted once");
        assert!(hidden.iter().any(|(s, _)| *s == Side::Right) && hidden.iter().any(|(s, _)| *s == Side::Bottom));
        assert!(!hidden.iter().any(|(s, _)| *s == Side::Left || *s == Side::Top));
    }
}

