//! Boholy's guarded poles (docs/rules.md sections 6 and 10): a king may cross a pole only while the
//! enemy does not guard it. A rook or queen guards it along a clear file path (also one over the
//! other pole), a bishop or queen along a clear diagonal path entering it, a knight from the pole's
//! first or second rank, a king from its first rank; the moving king counts as absent.

use crate::geometry::{Dir, Square};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::surface::{Heading, Surface};
use std::collections::HashSet;

/// A pole: `south` is the one beyond rank 1.
fn pole_rank(surface: &Surface, south: bool) -> i32 {
    if south {
        0
    } else {
        surface.size().height() as i32 - 1
    }
}

/// Whether a walk from `start` in `dir`, over empty squares (`absent` counts as empty), enters the
/// pole: stands on its rank heading into it.
fn walk_enters_pole(pos: &Position, start: Square, dir: Dir, south: bool, absent: Square) -> bool {
    let surface = pos.variant().surface();
    let rank = pole_rank(surface, south);
    let mut seen = HashSet::new();
    let mut at = Heading { square: start, dir };
    loop {
        let into = if south { at.dir.dy < 0 } else { at.dir.dy > 0 };
        if surface.size().rank(at.square) == rank && into {
            return true;
        }
        if !seen.insert(at) {
            return false;
        }
        let Some(step) = surface.step(at) else {
            return false;
        };
        let sq = step.to.square;
        if sq == start || (sq != absent && pos.piece_at(sq).is_some()) {
            return false;
        }
        at = step.to;
    }
}

/// Whether `by` guards the south (`south`) or north pole, with the piece on `absent` lifted off.
pub fn pole_guarded(pos: &Position, south: bool, by: Color, absent: Square) -> bool {
    let size = pos.size();
    let rank = pole_rank(pos.variant().surface(), south);
    let distance = |sq: Square| (size.rank(sq) - rank).abs();
    pos.pieces().into_iter().any(|(sq, piece)| {
        if piece.color != by || sq == absent {
            return false;
        }
        let rides = |dirs: &[Dir]| {
            dirs.iter()
                .any(|&d| walk_enters_pole(pos, sq, d, south, absent))
        };
        match piece.role {
            Role::Rook => rides(&[Dir::N, Dir::S]),
            Role::Bishop => rides(&Dir::DIAGONAL),
            Role::Queen => rides(&[Dir::N, Dir::S]) || rides(&Dir::DIAGONAL),
            Role::Knight => distance(sq) <= 1,
            Role::King => distance(sq) == 0,
            Role::Pawn => false,
        }
    })
}
