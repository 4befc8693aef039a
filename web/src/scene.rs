//! The game's scene: what the boards are handed for the position shown (cells and their marks,
//! the last move, the hint, the shapes, the move to animate, the choice, the hover paths),
//! worked out from the app state. The types are in `board_view`.

use crate::board_selection::Dests;
use crate::board_view::{
    board_drawing, cell_of, centre, frame, hover_paths, path_drawings, plane_drawing, BoardChoice,
    Cell, Drawing, HoverPath, LineKind, Marks, Motion, Stroke, View,
};
pub use crate::shapes::{Brush, Shape};
use crate::state::AppState;
use topochess_core::paths::move_paths;
use topochess_core::pieces::glyph;
use topochess_core::{Color, Move, Piece, Position, Square};

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

/// The moves the boards may make: the player's legal moves, or while the computer thinks the
/// pre-moves (every square a piece reaches on the empty surface); none while browsing or after
/// the game. Every piece of the side is listed, so one without moves can be selected.
pub fn dests(state: &AppState) -> Dests {
    let pos = state.game.position();
    let size = pos.size();
    let premove = crate::game_flow::premove_time(state);
    let side = if premove { !pos.turn() } else { pos.turn() };
    if !premove && !state.player_to_move() {
        return Dests::default();
    }
    let legal = if premove {
        Vec::new()
    } else {
        pos.legal_moves()
    };
    let from = pos
        .occupied_by(side)
        .iter()
        .map(|sq| {
            let mut to: Vec<(String, bool)> = if premove {
                state
                    .premove_dests(sq)
                    .into_iter()
                    .map(|t| (size.name(t), false))
                    .collect()
            } else {
                legal
                    .iter()
                    .filter(|m| m.from == sq)
                    .map(|&m| (size.name(m.to), pos.is_capture(m)))
                    .collect()
            };
            to.sort();
            to.dedup();
            (size.name(sq), to)
        })
        .collect();
    Dests { from, premove }
}

/// The hover paths of every legal move of the player to move (none while browsing history or
/// while the computer is to move), for the normal view and the extended one.
pub fn move_hover(state: &AppState) -> (Vec<HoverPath>, Vec<HoverPath>) {
    let pos = state.game.position();
    if state.viewing.is_some() || !state.player_to_move() {
        return Default::default();
    }
    let size = pos.size();
    let (mut normal, mut extended) = (Vec::new(), Vec::new());
    for mv in pos.legal_moves() {
        let mut paths = move_paths(pos, mv);
        if mv.castle().is_some() {
            paths.truncate(2);
        }
        normal.extend(hover_paths(paths.clone(), (mv.from, mv.to), size, false));
        extended.extend(hover_paths(paths, (mv.from, mv.to), size, true));
    }
    (normal, extended)
}

/// The pending choice of the game shown, for the boards.
fn board_choice(state: &AppState, pos: &Position) -> Option<BoardChoice> {
    let choice = state.choice.as_ref()?;
    let to = choice.options.first()?.0.to;
    let white = pos.turn() == Color::White;
    let options = choice
        .options
        .iter()
        .map(|(mv, san)| {
            let piece = mv.promotion().map(|role| {
                let g = glyph(Piece {
                    color: Color::Black,
                    role,
                });
                (g, white)
            });
            (piece, san.clone())
        })
        .collect();
    Some(BoardChoice {
        at: pos.variant().size().name(to),
        options,
    })
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

/// The marks of every real square.
fn marks(state: &AppState, pos: &Position) -> Vec<Marks> {
    let size = pos.size();
    let mut marks = vec![Marks::default(); size.squares()];
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
    out
}

fn drawings(state: &AppState, pos: &Position, extended: bool) -> Vec<Drawing> {
    let mut out = Vec::new();
    for (kind, before, mv) in shown_moves(state, pos) {
        let mut paths = move_paths(&before, mv);
        if mv.castle().is_some() {
            paths.truncate(2);
        }
        out.extend(path_drawings(kind, paths, before.size(), extended));
    }
    out.extend(shape_drawings(state, pos, extended));
    out
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
    view.choice = board_choice(state, pos);
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
    view.choice = board_choice(state, pos);
    view
}
