//! The scene: what the boards are handed for the position shown (cells and their marks, the
//! last move, the lines drawn along their paths, the shapes, the move to animate, the choice, the
//! hover paths), worked out from a [`Scene`] that a feature fills in (the game, the analysis
//! board, a puzzle, a lesson step). The types are in `view`.

use crate::board::selection::Dests;
use crate::board::view::{
    board_drawing, cell_of, centre, frame, hover_paths, path_drawings, plane_drawing, BoardChoice,
    Drawing, HoverPath, LineKind, Marks, Motion, Stroke, View,
};
use crate::common::fit::Choice;
use crate::common::settings::Margin;
pub use crate::common::shapes::{Brush, Shape};
use topochess_core::order;
use topochess_core::paths::{move_paths, piece_paths};
use topochess_core::pieces::glyph;
use topochess_core::{Color, Move, Piece, Position, Square};

/// The drawings of the player's shapes. An arrow points at the nearest copy of its target:
/// straight through the ghosts in the extended view; on the normal board it leaves at an edge
/// and comes back in at the glued edge, both ends numbered.
fn shape_drawings(shapes: &[Shape], pos: &Position, extended: bool) -> Vec<Drawing> {
    let surface = pos.variant().surface();
    let size = pos.size();
    let (w, h) = (size.width() as i32, size.height() as i32);
    let at = |sq: Square| (size.file(sq), size.rank(sq));
    shapes
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

/// The legal moves of the side to move in `pos`, for the boards (the analysis board's: either
/// side moves there).
pub fn legal_dests(pos: &Position) -> Dests {
    dests_in(pos, None)
}

/// The legal moves in `pos`, or with `premoves_of` (the squares a piece may pre-move to from a
/// square) the pre-moves of the side not to move.
pub fn dests_in(pos: &Position, premoves_of: Option<&dyn Fn(Square) -> Vec<Square>>) -> Dests {
    let size = pos.size();
    let premove = premoves_of.is_some();
    let side = if premove { !pos.turn() } else { pos.turn() };
    let legal = if premove {
        Vec::new()
    } else {
        pos.legal_moves()
    };
    let mut choosing = Vec::new();
    let from = pos
        .occupied_by(side)
        .iter()
        .map(|sq| {
            let mut to: Vec<(String, bool)> = if let Some(premoves) = premoves_of {
                premoves(sq)
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
            order::sort_by(&mut to, Ord::cmp);
            for pair in to.windows(2).filter(|w| w[0].0 == w[1].0) {
                choosing.push((size.name(sq), pair[0].0.clone()));
            }
            to.dedup();
            (size.name(sq), to)
        })
        .collect();
    choosing.dedup();
    Dests {
        from,
        premove,
        choosing,
    }
}

/// The hover paths of every legal move in `pos`, for the normal view and the extended one.
pub fn hover_of(pos: &Position) -> (Vec<HoverPath>, Vec<HoverPath>) {
    let surface = *pos.variant().surface();
    let (mut normal, mut extended) = (Vec::new(), Vec::new());
    for mv in pos.legal_moves() {
        let mut paths = move_paths(pos, mv);
        if mv.castle().is_some() {
            paths.truncate(2);
        }
        normal.extend(hover_paths(paths.clone(), (mv.from, mv.to), surface, false));
        extended.extend(hover_paths(paths, (mv.from, mv.to), surface, true));
    }
    (normal, extended)
}

/// What every scene takes from the app rather than from its feature: whether moves animate, the
/// extended view's margin, and the choice the player is asked to make.
#[derive(Clone, Copy)]
pub struct Setting<'a> {
    /// Whether moves animate.
    pub motion: bool,
    /// The extended view's margin.
    pub margin: Margin,
    /// A pending promotion or castling choice.
    pub choice: Option<&'a Choice>,
}

/// What a scene is made of: the position shown and what is drawn on it.
pub struct Scene<'a> {
    /// The position shown.
    pub pos: &'a Position,
    /// The move that led here, with the position before it.
    pub last: Option<(&'a Position, Move)>,
    /// Names the last move for the animation (it plays once per key).
    pub motion_key: String,
    /// Whether moves animate.
    pub motion: bool,
    /// The player's shapes.
    pub shapes: &'a [Shape],
    /// Moves drawn along their paths, each from its position: the hint, the engine's best
    /// lines, a reviewed mistake's better move.
    pub lines: Vec<(LineKind, &'a Position, Move)>,
    /// The pre-move's squares.
    pub premove: Option<(Square, Square)>,
    /// A pending promotion or castling choice.
    pub choice: Option<&'a Choice>,
    /// The extended view's margin.
    pub margin: Margin,
}

impl<'a> Scene<'a> {
    /// The pending choice, for the boards.
    fn board_choice(&self) -> Option<BoardChoice> {
        let choice = self.choice?;
        let to = choice.options.first()?.0.to;
        let white = self.pos.turn() == Color::White;
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
            at: self.pos.variant().size().name(to),
            options,
        })
    }

    /// The last move, as a motion for one view.
    fn motion(&self, extended: bool) -> Option<Motion> {
        if !self.motion {
            return None;
        }
        let (before, mv) = self.last?;
        let after = self.pos;
        let piece = after.piece_at(mv.to).or_else(|| before.piece_at(mv.from))?;
        let path = move_paths(before, mv).into_iter().next()?;
        if path.len() < 2 {
            return None;
        }
        let drawing = if extended {
            plane_drawing(LineKind::Hover, &path)
        } else {
            board_drawing(LineKind::Hover, before.variant().surface(), &path)
        };
        Some(Motion {
            key: self.motion_key.clone(),
            to: after.size().name(path[path.len() - 1].square),
            // Drawn as on its square: the black figure, in the side's colour.
            glyph: glyph(Piece {
                color: Color::Black,
                role: piece.role,
            }),
            white: piece.color == Color::White,
            strokes: drawing.strokes.into_iter().map(|s| s.points).collect(),
        })
    }

    /// The marks of every real square.
    fn marks(&self) -> Vec<Marks> {
        let pos = self.pos;
        let mut marks = vec![Marks::default(); pos.size().squares()];
        if let Some((from, to)) = self.premove {
            marks[from.index()].premove = true;
            marks[to.index()].premove = true;
        }
        if let Some((_, mv)) = self.last {
            marks[mv.from.index()].last = true;
            marks[mv.to.index()].last = true;
        }
        if pos.is_check() {
            marks[pos.king(pos.turn()).index()].check = true;
        }
        marks
    }

    fn drawings(&self, extended: bool) -> Vec<Drawing> {
        let mut out = Vec::new();
        let last = self.last.map(|(before, mv)| (LineKind::Last, before, mv));
        let lines = self.lines.iter().copied();
        for (kind, before, mv) in last.into_iter().chain(lines) {
            let mut paths = move_paths(before, mv);
            if mv.castle().is_some() {
                paths.truncate(2);
            }
            // The last move drawn the plain way where it has one (a king's step from d8 to e8
            // is a step along the rank, though the fold joins the squares too).
            if kind == LineKind::Last {
                let (w, h) = (before.size().width() as i32, before.size().height() as i32);
                let on_board = |p: &Vec<topochess_core::paths::PathStep>| {
                    p.iter()
                        .all(|s| (0..w).contains(&s.x) && (0..h).contains(&s.y))
                };
                if paths.iter().any(on_board) {
                    paths.retain(on_board);
                }
            }
            out.extend(path_drawings(
                kind,
                paths,
                before.variant().surface(),
                extended,
            ));
        }
        // Where a check comes from: each checking piece's path to the king, which on a glued
        // board may run off one edge and in at another.
        let pos = self.pos;
        if pos.is_check() {
            let king = pos.king(pos.turn());
            for from in pos.attackers(king, !pos.turn()).iter() {
                let Some(piece) = pos.piece_at(from) else {
                    continue;
                };
                let paths = piece_paths(
                    pos.variant(),
                    &|sq| pos.piece_at(sq).is_some(),
                    piece,
                    from,
                    king,
                    true,
                );
                out.extend(path_drawings(
                    LineKind::Check,
                    paths,
                    pos.variant().surface(),
                    extended,
                ));
            }
        }
        out.extend(shape_drawings(self.shapes, self.pos, extended));
        out
    }

    fn view(&self, extended: bool) -> View {
        let pos = self.pos;
        let m = self.marks();
        let margin = extended.then_some(self.margin);
        let mut view = frame(
            pos.variant().surface(),
            margin,
            |x, y, sq| cell_of(pos.size(), &|s| pos.piece_at(s), &m, x, y, sq),
            self.drawings(extended),
        );
        view.motion = self.motion(extended);
        view.choice = self.board_choice();
        view
    }

    /// The normal view.
    pub fn normal(&self) -> View {
        self.view(false)
    }

    /// The extended view: the board and the ghost squares around it.
    pub fn extended(&self) -> View {
        self.view(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::{fen, san, Variant};

    /// The king's step from d8 to e8 on the folded board joins squares that are neighbours on
    /// the rank and across the fold too: the last move is drawn along the rank, with no marks
    /// where a path would leave an edge.
    #[test]
    fn a_last_move_is_drawn_the_plain_way_where_it_has_one() {
        let v = Arc::new(Variant::preset("folded", None).unwrap());
        let before = fen::parse_position(v, "3k4/8/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        let mv = san::parse_move(&before, "Ke8").unwrap();
        let mut after = before.clone();
        after.play_unchecked(mv);
        let scene = Scene {
            pos: &after,
            last: Some((&before, mv)),
            motion_key: String::new(),
            motion: false,
            shapes: &[],
            lines: Vec::new(),
            premove: None,
            choice: None,
            margin: Margin::Squares(2),
        };
        for view in [scene.normal(), scene.extended()] {
            let last: Vec<&Drawing> = view
                .drawings
                .iter()
                .filter(|d| d.kind == LineKind::Last)
                .collect();
            assert_eq!(last.len(), 1, "{last:?}");
            assert!(last[0].markers.is_empty(), "{last:?}");
            assert_eq!(last[0].strokes.len(), 1, "{last:?}");
        }
        // A move that can only go over the fold keeps its way over it.
        let rook = fen::parse_position(
            Arc::new(Variant::preset("folded", None).unwrap()),
            "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1",
        )
        .unwrap();
        let rf2 = san::parse_move(&rook, "Rf2").unwrap();
        let mut after = rook.clone();
        after.play_unchecked(rf2);
        let scene = Scene {
            pos: &after,
            last: Some((&rook, rf2)),
            ..scene
        };
        let normal = scene.normal();
        let over = normal
            .drawings
            .iter()
            .find(|d| d.kind == LineKind::Last)
            .unwrap();
        assert!(!over.markers.is_empty(), "{over:?}");
    }

    /// A move the board shows before the app has made it looks as the app's own view of it: the
    /// same squares (pieces, spoken names, the last move's marks) and the same route animated,
    /// on the board and on the extended view, over the fold too.
    #[test]
    fn a_move_shown_ahead_is_the_apps_view_of_it() {
        let v = Arc::new(Variant::preset("folded", None).unwrap());
        let before = fen::parse_position(v, "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1").unwrap();
        let rf2 = san::parse_move(&before, "Rf2").unwrap();
        let mut after = before.clone();
        after.play_unchecked(rf2);
        let scene = |pos, last| Scene {
            pos,
            last,
            motion_key: "k".into(),
            motion: true,
            shapes: &[],
            lines: Vec::new(),
            premove: None,
            choice: None,
            margin: Margin::Squares(2),
        };
        let (normal, extended) = hover_of(&before);
        let shown = scene(&before, None);
        let made = scene(&after, Some((&before, rf2)));
        for (mut view, hover, app) in [
            (shown.normal(), normal, made.normal()),
            (shown.extended(), extended, made.extended()),
        ] {
            view.hover = std::rc::Rc::new(hover);
            let ahead = view.ahead("c1", "f2", Some("k".into()));
            assert_eq!(ahead.cells, app.cells);
            assert!(app.motion.is_some());
            assert_eq!(ahead.motion, app.motion);
            assert!(ahead.drawings.is_empty() && ahead.hover.is_empty());
        }
    }

    /// A promotion asks which piece: the board cannot show it before the app has asked; a plain
    /// move it can, a pre-move it cannot.
    #[test]
    fn moves_that_ask_a_choice_are_not_shown_ahead() {
        let v = Arc::new(Variant::preset("standard", None).unwrap());
        let pos = fen::parse_position(v, "8/P7/8/8/8/8/8/K6k w - - 0 1").unwrap();
        let dests = legal_dests(&pos);
        assert_eq!(dests.choosing, vec![("a7".to_string(), "a8".to_string())]);
        assert!(!dests.shown_at_once("a7", "a8"));
        assert!(dests.shown_at_once("a1", "b1"));
        let premoves = dests_in(&pos, Some(&|_| Vec::new()));
        assert!(!premoves.shown_at_once("a1", "b1"));
    }
}
