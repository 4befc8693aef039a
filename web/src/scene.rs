//! Turns the app state into what the board draws: cells (real and ghost) with their marks, and
//! move paths as strokes. The board component receives only this data, never rules.

pub use crate::shapes::{Brush, Shape};
use crate::state::{AppState, Margin};
use topochess_core::paths::{move_paths, PathStep};
use topochess_core::pieces::glyph;
use topochess_core::surface::Surface;
use topochess_core::{Color, Move, Piece, Position, Square};

/// Marks on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Marks {
    /// The selected piece's square.
    pub selected: bool,
    /// A legal destination of the selected piece.
    pub dest: bool,
    /// A destination with a piece to take.
    pub capture: bool,
    /// A square of the last move.
    pub last: bool,
    /// A king in check.
    pub check: bool,
    /// A square of the pre-move set.
    pub premove: bool,
}

/// One cell of a view.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Plane column (board files are 0..width).
    pub x: i32,
    /// Plane row (board ranks are 0..height).
    pub y: i32,
    /// The real square's name; empty where a wall leaves the plane blank.
    pub square: String,
    /// Light or dark.
    pub light: bool,
    /// The piece glyph.
    pub glyph: Option<char>,
    /// A White piece.
    pub white: bool,
    /// Spoken name of the piece.
    pub label: Option<String>,
    /// A ghost: a copy of a real square outside the board.
    pub ghost: bool,
    /// Marks.
    pub marks: Marks,
    /// Attack counts (White's, Black's) for the explorer's heat map.
    pub heat: Option<(u8, u8)>,
}

/// What a drawing stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// The path of the move pointed at.
    Hover,
    /// The last move.
    Last,
    /// The engine's hint.
    Hint,
    /// An arrow the player drew.
    Arrow(Brush),
    /// A circle the player drew (its one stroke is the centre).
    Circle(Brush),
}

/// The drawings of the player's shapes. An arrow points at the nearest copy of its target:
/// straight through the ghosts in the extended view; on the normal board it leaves at an edge
/// and comes back in at the glued edge, both ends numbered.
fn shape_drawings(state: &AppState, pos: &Position, extended: bool) -> Vec<Drawing> {
    let surface = pos.variant().surface();
    let size = pos.size();
    let (w, h) = (size.width() as i32, size.height() as i32);
    let at = |sq: Square| (size.file(sq), size.rank(sq));
    state
        .shapes_here()
        .iter()
        .map(|shape| {
            let a = at(shape.from);
            if shape.from == shape.to {
                return Drawing {
                    kind: LineKind::Circle(shape.brush),
                    strokes: vec![Stroke {
                        points: vec![centre(a.0, a.1)],
                        arc: false,
                    }],
                    markers: Vec::new(),
                };
            }
            // The nearest copy of the target in the plane (the real square wins a tie).
            let dist = |(x, y): (i32, i32)| (x - a.0).pow(2) + (y - a.1).pow(2);
            let real = at(shape.to);
            let target = (-w..2 * w)
                .flat_map(|x| (-h..2 * h).map(move |y| (x, y)))
                .filter(|&p| surface.ghost_square(p.0, p.1) == Some(shape.to))
                .min_by_key(|&p| (dist(p), p != real))
                .unwrap_or(real);
            let kind = LineKind::Arrow(shape.brush);
            let (ca, ct) = (centre(a.0, a.1), centre(target.0, target.1));
            if extended || target == real {
                return Drawing {
                    kind,
                    strokes: vec![Stroke {
                        points: vec![ca, ct],
                        arc: false,
                    }],
                    markers: Vec::new(),
                };
            }
            // Where the line leaves the board, the ghost cell just beyond, and the glued edge of
            // that cell's real square.
            let inside = |(x, y): (f64, f64)| x >= 0.0 && y >= 0.0 && x < w as f64 && y < h as f64;
            let steps = 200;
            let point = |t: f64| (ca.0 + (ct.0 - ca.0) * t, ca.1 + (ct.1 - ca.1) * t);
            let k = (1..=steps)
                .find(|&k| !inside(point(k as f64 / steps as f64)))
                .unwrap_or(steps);
            let exit = point((k - 1) as f64 / steps as f64);
            let beyond = point(k as f64 / steps as f64);
            let across_x = beyond.0 < 0.0 || beyond.0 >= w as f64;
            let ghost = surface
                .ghost_square(beyond.0.floor() as i32, beyond.1.floor() as i32)
                .map(at)
                .unwrap_or(real);
            let entry = if across_x {
                (
                    if ghost.0 == 0 { 0.0 } else { w as f64 },
                    ghost.1 as f64 + 0.5,
                )
            } else {
                (
                    ghost.0 as f64 + 0.5,
                    if ghost.1 == 0 { 0.0 } else { h as f64 },
                )
            };
            Drawing {
                kind,
                strokes: vec![
                    Stroke {
                        points: vec![ca, exit],
                        arc: false,
                    },
                    Stroke {
                        points: vec![entry, centre(real.0, real.1)],
                        arc: false,
                    },
                ],
                markers: vec![(exit.0, exit.1, 1), (entry.0, entry.1, 1)],
            }
        })
        .collect()
}

/// A polyline in plane coordinates (cell centres are at `x + 0.5`, `y + 0.5`).
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// The points.
    pub points: Vec<(f64, f64)>,
    /// Drawn as an arc: a jump over a pole that is not a gluing.
    pub arc: bool,
}

/// One path as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Drawing {
    /// What it is.
    pub kind: LineKind,
    /// Its strokes; the last ends at the destination.
    pub strokes: Vec<Stroke>,
    /// Numbered markers where the path leaves an edge and where it comes back in.
    pub markers: Vec<(f64, f64, u32)>,
}

/// A view of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct View {
    /// Board files.
    pub width: i32,
    /// Board ranks.
    pub height: i32,
    /// Plane extent: columns `x0..=x1`, rows `y0..=y1`.
    pub x0: i32,
    /// See `x0`.
    pub y0: i32,
    /// See `x0`.
    pub x1: i32,
    /// See `x0`.
    pub y1: i32,
    /// The cells.
    pub cells: Vec<Cell>,
    /// The paths.
    pub drawings: Vec<Drawing>,
    /// The last move's piece travelling along its path, to animate once.
    pub motion: Option<Motion>,
}

/// A move to animate: the piece, where it lands, and its path in plane coordinates (several
/// strokes where it leaves the board at one edge and comes back in at another).
#[derive(Clone, Debug, PartialEq)]
pub struct Motion {
    /// Which move (game and ply): animated once.
    pub key: String,
    /// The square it lands on.
    pub to: String,
    /// The piece's glyph.
    pub glyph: char,
    /// A white piece.
    pub white: bool,
    /// The path.
    pub strokes: Vec<Vec<(f64, f64)>>,
}

/// The last move of the position shown, as a motion for one view.
fn motion(state: &AppState, extended: bool) -> Option<Motion> {
    let ply = state.shown_ply().checked_sub(1)?;
    let before = state.game.position_at(ply)?;
    let mv = *state.game.moves().get(ply)?;
    let after = state.shown();
    let piece = after.piece_at(mv.to).or_else(|| before.piece_at(mv.from))?;
    let path = move_paths(before, mv).into_iter().next()?;
    if path.len() < 2 {
        return None;
    }
    let drawing = if extended {
        plane_drawing(LineKind::Hover, &path)
    } else {
        board_drawing(LineKind::Hover, before.size(), &path)
    };
    Some(Motion {
        key: format!("{}-{ply}", state.game_id),
        to: after.size().name(path[path.len() - 1].square),
        glyph: glyph(piece),
        white: piece.color == Color::White,
        strokes: drawing.strokes.into_iter().map(|s| s.points).collect(),
    })
}

fn centre(x: i32, y: i32) -> (f64, f64) {
    (x as f64 + 0.5, y as f64 + 0.5)
}

/// The marks of every real square.
fn marks(state: &AppState, pos: &Position) -> Vec<Marks> {
    let size = pos.size();
    let mut marks = vec![Marks::default(); size.squares()];
    if let Some(sel) = state.selected {
        marks[sel.index()].selected = true;
        for mv in state.moves_from(sel) {
            let m = &mut marks[mv.to.index()];
            m.dest = true;
            m.capture |= pos.is_capture(mv);
        }
        for sq in state.premove_dests(sel) {
            marks[sq.index()].dest = true;
        }
    }
    if let Some((from, to)) = state.premove {
        marks[from.index()].premove = true;
        marks[to.index()].premove = true;
    }
    let ply = state.shown_ply();
    if ply > 0 {
        if let Some(&mv) = state.game.moves().get(ply - 1) {
            marks[mv.from.index()].last = true;
            marks[mv.to.index()].last = true;
        }
    }
    if pos.is_check() {
        marks[pos.king(pos.turn()).index()].check = true;
    }
    marks
}

fn cell(pos: &Position, marks: &[Marks], x: i32, y: i32, sq: Option<Square>) -> Cell {
    cell_of(pos.size(), &|s| pos.piece_at(s), marks, x, y, sq)
}

/// A cell at plane point (x, y) showing real square `sq` (none where a wall leaves it blank).
pub(crate) fn cell_of(
    size: topochess_core::BoardSize,
    pieces: &dyn Fn(Square) -> Option<Piece>,
    marks: &[Marks],
    x: i32,
    y: i32,
    sq: Option<Square>,
) -> Cell {
    let ghost = !(0..size.width() as i32).contains(&x) || !(0..size.height() as i32).contains(&y);
    let Some(sq) = sq else {
        return Cell {
            x,
            y,
            square: String::new(),
            light: false,
            glyph: None,
            white: false,
            label: None,
            ghost,
            marks: Marks::default(),
            heat: None,
        };
    };
    let piece = pieces(sq);
    Cell {
        x,
        y,
        square: size.name(sq),
        light: size.is_light(sq),
        glyph: piece.map(|p| {
            glyph(Piece {
                color: Color::Black,
                role: p.role,
            })
        }),
        white: piece.is_some_and(|p| p.color == Color::White),
        label: piece.map(|p| format!("{} {}", p.color.name(), p.role.name())),
        ghost,
        marks: marks[sq.index()],
        heat: None,
    }
}

/// The moves whose paths are drawn: the one pointed at, the last one, the hint.
fn shown_moves(state: &AppState, pos: &Position) -> Vec<(LineKind, Position, Move)> {
    let mut out = Vec::new();
    let ply = state.shown_ply();
    if ply > 0 {
        if let (Some(before), Some(&mv)) = (
            state.game.position_at(ply - 1),
            state.game.moves().get(ply - 1),
        ) {
            out.push((LineKind::Last, before.clone(), mv));
        }
    }
    if let Some(hint) = state.hint.filter(|_| state.viewing.is_none()) {
        out.push((LineKind::Hint, pos.clone(), hint));
    }
    if let (Some(from), Some((to, _, _))) = (state.selected, state.pointed) {
        if let Some(mv) = state.moves_from(from).into_iter().find(|m| m.to == to) {
            out.push((LineKind::Hover, pos.clone(), mv));
        }
    }
    out
}

/// The paths of a move for the extended view: straight through ghost squares, arcs at jumps.
pub(crate) fn plane_drawing(kind: LineKind, path: &[PathStep]) -> Drawing {
    let mut strokes = vec![Stroke {
        points: vec![centre(path[0].x, path[0].y)],
        arc: false,
    }];
    for pair in path.windows(2) {
        let p = centre(pair[1].x, pair[1].y);
        if pair[1].jump {
            let from = centre(pair[0].x, pair[0].y);
            strokes.push(Stroke {
                points: vec![from, p],
                arc: true,
            });
            strokes.push(Stroke {
                points: vec![p],
                arc: false,
            });
        } else if let Some(last) = strokes.last_mut() {
            last.points.push(p);
        }
    }
    strokes.retain(|s| s.points.len() > 1);
    Drawing {
        kind,
        strokes,
        markers: Vec::new(),
    }
}

/// The paths of a move on the normal board: where a step crosses an edge the line leaves the
/// board and re-enters at the matching edge, both ends carrying the same number.
pub(crate) fn board_drawing(
    kind: LineKind,
    size: topochess_core::BoardSize,
    path: &[PathStep],
) -> Drawing {
    let real = |s: &PathStep| (size.file(s.square), size.rank(s.square));
    let mut strokes = vec![Stroke {
        points: vec![centre(real(&path[0]).0, real(&path[0]).1)],
        arc: false,
    }];
    let mut markers = Vec::new();
    for pair in path.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ra, rb) = (real(a), real(b));
        // The direction the piece leaves `a` in, on the board.
        let (dx, dy) = (a.heading.dx as i32, a.heading.dy as i32);
        let pb = centre(rb.0, rb.1);
        if b.jump {
            strokes.push(Stroke {
                points: vec![centre(ra.0, ra.1), pb],
                arc: true,
            });
            strokes.push(Stroke {
                points: vec![pb],
                arc: false,
            });
        } else if (ra.0 + b.heading.dx as i32, ra.1 + b.heading.dy as i32) == rb {
            // A step inside the board keeps its heading and lands on the next square.
            if let Some(last) = strokes.last_mut() {
                last.points.push(pb);
            }
        } else {
            let n = markers.len() as u32 / 2 + 1;
            let exit = (
                ra.0 as f64 + 0.5 + dx as f64 * 0.5,
                ra.1 as f64 + 0.5 + dy as f64 * 0.5,
            );
            let (hx, hy) = (b.heading.dx as f64, b.heading.dy as f64);
            let entry = (pb.0 - hx * 0.5, pb.1 - hy * 0.5);
            if let Some(last) = strokes.last_mut() {
                last.points.push(exit);
            }
            strokes.push(Stroke {
                points: vec![entry, pb],
                arc: false,
            });
            markers.push((exit.0, exit.1, n));
            markers.push((entry.0, entry.1, n));
        }
    }
    strokes.retain(|s| s.points.len() > 1);
    Drawing {
        kind,
        strokes,
        markers,
    }
}

/// Draws `paths` for one view. `pointed`: the plane point pointed at; when some paths end there
/// (a ghost cell), only those are drawn.
pub(crate) fn path_drawings(
    kind: LineKind,
    mut paths: Vec<Vec<PathStep>>,
    pointed: Option<(i32, i32)>,
    size: topochess_core::BoardSize,
    extended: bool,
) -> Vec<Drawing> {
    if let Some(point) = pointed {
        let ending: Vec<_> = paths
            .iter()
            .filter(|p| p.last().is_some_and(|s| (s.x, s.y) == point))
            .cloned()
            .collect();
        if !ending.is_empty() {
            paths = ending;
        }
    }
    paths
        .iter()
        .filter(|p| p.len() > 1)
        .map(|path| {
            if extended {
                plane_drawing(kind, path)
            } else {
                board_drawing(kind, size, path)
            }
        })
        .collect()
}

fn drawings(state: &AppState, pos: &Position, extended: bool) -> Vec<Drawing> {
    let mut out = Vec::new();
    for (kind, before, mv) in shown_moves(state, pos) {
        let mut paths = move_paths(&before, mv);
        if mv.castle().is_some() {
            paths.truncate(2);
        }
        let pointed = state
            .pointed
            .filter(|_| kind == LineKind::Hover)
            .map(|(_, x, y)| (x, y));
        out.extend(path_drawings(kind, paths, pointed, before.size(), extended));
    }
    out.extend(shape_drawings(state, pos, extended));
    out
}

/// A view of `surface`: the board alone (`margin` none) or surrounded by ghost squares, each
/// plane point drawn by `cell` from its coordinates and the real square shown there.
pub(crate) fn frame(
    surface: &Surface,
    margin: Option<Margin>,
    mut cell: impl FnMut(i32, i32, Option<Square>) -> Cell,
    drawings: Vec<Drawing>,
) -> View {
    let size = surface.size();
    let (w, h) = (size.width() as i32, size.height() as i32);
    let (mx, my) = margin.map(|m| margins(m, w, h)).unwrap_or((0, 0));
    let mut cells = Vec::with_capacity(((w + 2 * mx) * (h + 2 * my)) as usize);
    for y in -my..h + my {
        for x in -mx..w + mx {
            cells.push(cell(x, y, surface.ghost_square(x, y)));
        }
    }
    View {
        width: w,
        height: h,
        x0: -mx,
        y0: -my,
        x1: w - 1 + mx,
        y1: h - 1 + my,
        cells,
        drawings,
        motion: None,
    }
}

/// The normal view.
pub fn normal(state: &AppState) -> View {
    let pos = state.shown();
    let m = marks(state, pos);
    let drawings = drawings(state, pos, false);
    let mut view = frame(
        pos.variant().surface(),
        None,
        |x, y, sq| cell(pos, &m, x, y, sq),
        drawings,
    );
    view.motion = motion(state, false).filter(|_| state.settings.motion);
    view
}

/// The extended view: the board and the ghost squares around it.
pub fn extended(state: &AppState) -> View {
    let pos = state.shown();
    let m = marks(state, pos);
    let drawings = drawings(state, pos, true);
    let margin = Some(state.settings.margin);
    let mut view = frame(
        pos.variant().surface(),
        margin,
        |x, y, sq| cell(pos, &m, x, y, sq),
        drawings,
    );
    view.motion = motion(state, true).filter(|_| state.settings.motion);
    view
}

/// The extended view's margins in columns and rows.
fn margins(margin: Margin, w: i32, h: i32) -> (i32, i32) {
    match margin {
        Margin::Squares(n) => (n as i32, n as i32),
        Margin::Copies => (w, h),
    }
}
