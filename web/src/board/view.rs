//! What a board is handed: cells (real and ghost) with their marks, paths as strokes, the move to
//! animate, a choice to offer, and the hover paths. Built from a surface and a position by
//! `scene` (the game) and `explorer`; the board component draws it and knows no rules.

use crate::common::settings::Margin;
use crate::common::shapes::Brush;
use serde::{Deserialize, Serialize};
use topochess_core::paths::PathStep;
use topochess_core::pieces::glyph;
use topochess_core::surface::{Heading, Surface};
use topochess_core::Dir;
use topochess_core::{Color, Piece, Square};

/// Marks on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Default, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LineKind {
    /// The path of the move pointed at.
    Hover,
    /// The last move.
    Last,
    /// The engine's hint.
    Hint,
    /// The analysis engine's best move.
    Best,
    /// Its second line's move.
    Second,
    /// The better move where a reviewed move was a mistake.
    Better,
    /// The path of a piece giving check, to the king.
    Check,
    /// An arrow the player drew.
    Arrow(Brush),
    /// A circle the player drew (its one stroke is the centre).
    Circle(Brush),
}

/// A polyline in plane coordinates (cell centres are at `x + 0.5`, `y + 0.5`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stroke {
    /// The points.
    pub points: Vec<(f64, f64)>,
    /// Drawn as an arc: a jump over a pole that is not a gluing.
    pub arc: bool,
}

/// One path as drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drawing {
    /// What it is.
    pub kind: LineKind,
    /// Its strokes; the last ends at the destination.
    pub strokes: Vec<Stroke>,
    /// Numbered markers where the path leaves an edge and where it comes back in.
    pub markers: Vec<(f64, f64, u32)>,
}

/// A view of the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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
    /// Moves to choose among (a promotion), shown on the board at their square.
    pub choice: Option<BoardChoice>,
    /// The path of every move that can be pointed at, for the board to draw while the pointer is
    /// over its destination (the board keeps the pointer to itself).
    pub hover: std::rc::Rc<Vec<HoverPath>>,
}

impl View {
    /// A view with nothing in it: what stands for a view that is not shown.
    pub fn unseen() -> View {
        View {
            width: 0,
            height: 0,
            x0: 0,
            y0: 0,
            x1: -1,
            y1: -1,
            cells: Vec::new(),
            drawings: Vec::new(),
            motion: None,
            choice: None,
            hover: std::rc::Rc::default(),
        }
    }

    /// This view with the piece on `from` moved to `to`, as the board shows a move before the app
    /// has made it (the app's view follows a frame later): the piece on its new square, in every
    /// copy of it; the move's squares marked as the last move; what was drawn or marked for the
    /// position before gone (its arrows, its check); with `motion`, the piece's route to animate
    /// under that key (the first route the view draws for the move, as the app's motion takes).
    pub fn ahead(&self, from: &str, to: &str, motion: Option<String>) -> View {
        let Some(moved) = self.cells.iter().find(|c| c.square == from) else {
            return self.clone();
        };
        let (glyph, white, label) = (moved.glyph, moved.white, moved.label.clone());
        let motion = motion.zip(glyph).and_then(|(key, glyph)| {
            let route = self.hover.iter().find(|h| h.from == from && h.to == to)?;
            Some(Motion {
                key,
                to: to.to_string(),
                glyph,
                white,
                strokes: route
                    .drawing
                    .strokes
                    .iter()
                    .map(|s| s.points.clone())
                    .collect(),
            })
        });
        let mut view = View {
            cells: self.cells.clone(),
            drawings: Vec::new(),
            motion,
            choice: None,
            hover: std::rc::Rc::default(),
            ..*self
        };
        for c in &mut view.cells {
            if c.square == from {
                (c.glyph, c.white, c.label) = (None, false, None);
            } else if c.square == to {
                (c.glyph, c.white, c.label) = (glyph, white, label.clone());
            }
            c.marks.last = c.square == from || c.square == to;
            c.marks.check = false;
        }
        view
    }
}

/// One path of a move, drawn while the pointer is over its destination with its piece selected
/// or dragged. Where several paths lead to one square, the ones ending at the pointed cell (a
/// ghost copy) are drawn, or all of them when none does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HoverPath {
    /// The piece's square.
    pub from: String,
    /// The destination square.
    pub to: String,
    /// The plane cell the path ends at.
    pub end: (i32, i32),
    /// The path as drawn.
    pub drawing: Drawing,
}

/// The hover paths of moves from `from` to `to` along `paths`, for one view.
pub(crate) fn hover_paths(
    paths: Vec<Vec<PathStep>>,
    (from, to): (Square, Square),
    surface: Surface,
    extended: bool,
) -> impl Iterator<Item = HoverPath> {
    let size = surface.size();
    paths.into_iter().filter(|p| p.len() > 1).map(move |path| {
        let last = &path[path.len() - 1];
        HoverPath {
            from: size.name(from),
            to: size.name(to),
            end: (last.x, last.y),
            drawing: if extended {
                plane_drawing(LineKind::Hover, &path)
            } else {
                board_drawing(LineKind::Hover, &surface, &path)
            },
        }
    })
}

/// A choice among moves to the same square, drawn on the board like chessground's promotion
/// chooser: the options stacked from that square toward the board's middle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardChoice {
    /// The square the moves go to.
    pub at: String,
    /// The options, in order: the piece each would leave there (a glyph and White or not; none
    /// when the piece alone does not tell them apart) and the move's SAN.
    pub options: Vec<(Option<(char, bool)>, String)>,
}

/// What the keys of the moves a board shows before the app has made them begin with.
pub const AHEAD: &str = "ahead-";

/// A move to animate: the piece, where it lands, and its path in plane coordinates (several
/// strokes where it leaves the board at one edge and comes back in at another).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
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

pub(crate) fn centre(x: i32, y: i32) -> (f64, f64) {
    (x as f64 + 0.5, y as f64 + 0.5)
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
pub(crate) fn board_drawing(kind: LineKind, surface: &Surface, path: &[PathStep]) -> Drawing {
    let size = surface.size();
    let real = |s: &PathStep| (size.file(s.square), size.rank(s.square));
    let mut strokes = vec![Stroke {
        points: vec![centre(real(&path[0]).0, real(&path[0]).1)],
        arc: false,
    }];
    let mut markers = Vec::new();
    for pair in path.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ra, rb) = (real(a), real(b));
        // The direction the piece leaves `a` in, on the board: the step from `a` that lands on
        // `b` heading as it does there (a knight turns between its two steps, so its heading on
        // arrival at `a` is not always the one it leaves in).
        let leaves = Dir::ALL
            .into_iter()
            .find(|&dir| {
                surface
                    .step(Heading {
                        square: a.square,
                        dir,
                    })
                    .is_some_and(|s| s.to.square == b.square && s.to.dir == b.heading)
            })
            .unwrap_or(a.heading);
        let (dx, dy) = (leaves.dx as i32, leaves.dy as i32);
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

/// Draws `paths` for one view.
pub(crate) fn path_drawings(
    kind: LineKind,
    paths: Vec<Vec<PathStep>>,
    surface: &Surface,
    extended: bool,
) -> Vec<Drawing> {
    paths
        .iter()
        .filter(|p| p.len() > 1)
        .map(|path| {
            if extended {
                plane_drawing(kind, path)
            } else {
                board_drawing(kind, surface, path)
            }
        })
        .collect()
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
        choice: None,
        hover: Default::default(),
    }
}

/// The extended view's margins in columns and rows.
pub(crate) fn margins(margin: Margin, w: i32, h: i32) -> (i32, i32) {
    match margin {
        Margin::Squares(n) => (n as i32, n as i32),
        Margin::Copies => (w, h),
    }
}
