//! The paths a move takes, for drawing it across the edges (docs/rules.md section 2). Each step carries
//! the real square, the board heading on arrival, and the point of the extended diagram's plane it
//! is drawn at, measured from the origin's own square: a ride is a straight line in that plane
//! even where it crosses glued edges. A pole rule's jump breaks the line: the step is marked
//! `jump` and drawing restarts at the landing square's own place.

use crate::geometry::{Dir, Square};
use crate::moves::{Move, MoveKind};
use crate::pieces::Role;
use crate::position::Position;
use crate::surface::Heading;
use crate::variant::Variant;

/// One point of a drawn path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PathStep {
    /// The real square.
    pub square: Square,
    /// The board direction the piece heads in on arrival (its frame may have turned).
    pub heading: Dir,
    /// The plane point (file, rank) where the extended diagram draws this step; the board itself
    /// spans `0..width` by `0..height`, ghost squares lie outside.
    pub x: i32,
    /// See `x`.
    pub y: i32,
    /// The step is a jump over a pole that is not a gluing: draw it as an arc.
    pub jump: bool,
}

/// The first point of a path: the origin square at its own place in the plane.
fn origin(size: crate::geometry::BoardSize, sq: Square, dir: Dir) -> PathStep {
    PathStep {
        square: sq,
        heading: dir,
        x: size.file(sq),
        y: size.rank(sq),
        jump: false,
    }
}

/// Every path `mv` can take in `pos`; the first step of each is the origin. Two paths to one
/// square are one move with two paths. A castling gives the king's path, then the rook's.
pub fn move_paths(pos: &Position, mv: Move) -> Vec<Vec<PathStep>> {
    let size = pos.size();
    let surface = pos.variant().surface();
    let Some(piece) = pos.piece_at(mv.from) else {
        return Vec::new();
    };
    if let MoveKind::Castle(kind) = mv.kind {
        let Some(plan) = pos.variant().castle_plan(pos.turn(), kind) else {
            return Vec::new();
        };
        let line = |from: Square, to: Square, dir: Dir| {
            let mut path = vec![origin(size, from, dir)];
            let mut at = from;
            while at != to && path.len() <= size.width() as usize {
                let Some((next, _)) = surface.orthogonal_step(at, dir) else {
                    break;
                };
                let last = path[path.len() - 1];
                path.push(PathStep {
                    square: next,
                    heading: dir,
                    x: last.x + dir.dx as i32,
                    y: last.y,
                    jump: false,
                });
                at = next;
            }
            path
        };
        let king_dir = if size.file(plan.king_to) > size.file(plan.king_from) {
            Dir::E
        } else {
            Dir::W
        };
        let rook_dir = match kind {
            crate::castling::CastleKind::KingSide | crate::castling::CastleKind::CrossKingSide => {
                Dir::W
            }
            _ => Dir::E,
        };
        return vec![
            line(plan.king_from, plan.king_to, king_dir),
            line(plan.rook_from, plan.rook_to, rook_dir),
        ];
    }
    let capture = mv.kind == MoveKind::EnPassant || pos.piece_at(mv.to).is_some();
    piece_paths(
        pos.variant(),
        &|sq| pos.piece_at(sq).is_some(),
        piece,
        mv.from,
        mv.to,
        capture,
    )
}

/// Every path a `piece` on `from` takes to `to` on a board whose occupied squares `occupied`
/// tells (`capture`: whether a pawn takes there). Castling is not a piece's path.
pub fn piece_paths(
    variant: &Variant,
    occupied: &dyn Fn(Square) -> bool,
    piece: crate::pieces::Piece,
    from: Square,
    to: Square,
    capture: bool,
) -> Vec<Vec<PathStep>> {
    let size = variant.size();
    let surface = variant.surface();
    let mv = Move {
        from,
        to,
        kind: MoveKind::Normal,
    };
    let mut paths = Vec::new();
    // A ride is a straight line in the plane; after a jump, drawing restarts at the landing
    // square's own place and goes on in the heading the piece leaves it with.
    let walk = |start: Square, steps: &[(crate::surface::Step, Dir)]| {
        let mut path = vec![origin(
            size,
            start,
            steps.first().map(|s| s.1).unwrap_or(Dir::N),
        )];
        let mut after_jump: Option<Dir> = None;
        for &(step, plane_dir) in steps {
            let last = path[path.len() - 1];
            let dir = after_jump.unwrap_or(plane_dir);
            let (x, y) = if step.jump {
                after_jump = Some(step.to.dir);
                (size.file(step.to.square), size.rank(step.to.square))
            } else {
                (last.x + dir.dx as i32, last.y + dir.dy as i32)
            };
            path.push(PathStep {
                square: step.to.square,
                heading: step.to.dir,
                x,
                y,
                jump: step.jump,
            });
        }
        path
    };
    match piece.role {
        Role::Pawn => {
            let fwd = variant
                .pawns()
                .forward(piece.color, size.rank(mv.from))
                .unwrap_or(Dir::N);
            let mut steps = Vec::new();
            let mut at = Heading {
                square: mv.from,
                dir: fwd,
            };
            let count = if variant.tables().pawn_push(piece.color, from) == Some(to) {
                1
            } else {
                2
            };
            if capture {
                for dx in [1, -1] {
                    let dir = Dir { dx, dy: fwd.dy };
                    if let Some(step) = surface.diagonal_step(Heading {
                        square: mv.from,
                        dir,
                    }) {
                        if step.to.square == mv.to {
                            paths.push(walk(mv.from, &[(step, dir)]));
                        }
                    }
                }
            } else {
                for _ in 0..count {
                    if let Some(step) = surface.step(at) {
                        steps.push((step, fwd));
                        at = Heading {
                            square: step.to.square,
                            dir: fwd,
                        };
                    }
                }
                paths.push(walk(mv.from, &steps));
            }
        }
        Role::Knight => {
            for kp in surface.knight_paths(mv.from) {
                if kp.target() == mv.to {
                    paths.push(walk(
                        mv.from,
                        &[(kp.steps[0], kp.plane[0]), (kp.steps[1], kp.plane[1])],
                    ));
                }
            }
        }
        Role::King => {
            for (dir, step) in surface.king_steps(mv.from) {
                if step.to.square == mv.to {
                    paths.push(walk(mv.from, &[(step, dir)]));
                }
            }
        }
        role => {
            for dir in Dir::ALL {
                if (dir.is_orthogonal() && !role.rides_orthogonally())
                    || (!dir.is_orthogonal() && !role.rides_diagonally())
                {
                    continue;
                }
                let (steps, _) = surface.ray(mv.from, dir);
                let mut taken = Vec::new();
                for step in steps {
                    taken.push((step, dir));
                    if step.to.square == mv.to {
                        paths.push(walk(mv.from, &taken));
                        break;
                    }
                    if occupied(step.to.square) {
                        break;
                    }
                }
            }
        }
    }
    paths
}
