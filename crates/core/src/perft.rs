//! Perft: counting the leaves of the legal move tree, the specification of the move generator.

use crate::moves::Move;
use crate::position::Position;

/// The plies below the root that get a child position and a move list up front: perft deeper
/// than this is out of reach but for a tree with (nearly) no moves, whose deeper plies make their
/// own, so a huge depth allocates little.
const PLIES_UP_FRONT: u32 = 32;

/// The number of legal move sequences of length `depth` from `pos`. The last ply is counted, not
/// played (bulk counting).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut plies: Vec<Ply> = (1..depth.min(PLIES_UP_FRONT + 1))
                .map(|_| (pos.clone(), Vec::with_capacity(64)))
                .collect();
            below(pos, depth, &mut plies)
        }
    }
}

/// A ply's child position and move list, filled anew for each node of the ply.
type Ply = (Position, Vec<Move>);

/// Perft of `pos` at `depth` (at least 1), with a child position and a move list for each ply
/// below it in `plies`: the moves are listed, then each is played into the child.
fn below(pos: &Position, depth: u32, plies: &mut [Ply]) -> u64 {
    if depth <= 1 {
        return pos.count_legal_moves() as u64;
    }
    match plies.split_first_mut() {
        Some(((next, moves), rest)) => each_move(pos, depth, next, moves, rest),
        // Deeper than the plies made up front: this ply's own.
        None => each_move(pos, depth, &mut pos.clone(), &mut Vec::new(), &mut []),
    }
}

/// Perft of `pos` at `depth` (at least 2): each legal move played into `next` in turn.
fn each_move(
    pos: &Position,
    depth: u32,
    next: &mut Position,
    moves: &mut Vec<Move>,
    rest: &mut [Ply],
) -> u64 {
    pos.legal_moves_into(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        pos.play_into(mv, next);
        total += below(next, depth - 1, rest);
    }
    total
}

/// Perft of each legal move (the `--divide` listing), in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            (mv, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::sync::Arc;

    /// Plies made on the way (past those made up front) count as plies made up front do.
    #[test]
    fn plies_made_on_the_way_count_the_same() {
        for id in ["standard", "folded", "torus-8x14"] {
            let pos = Position::start(Arc::new(Variant::preset(id, None).unwrap()));
            let mut one: Vec<Ply> = vec![(pos.clone(), Vec::new())];
            for depth in 1..=3 {
                let expected = perft(&pos, depth);
                assert_eq!(below(&pos, depth, &mut []), expected, "{id} {depth}");
                assert_eq!(below(&pos, depth, &mut one), expected, "{id} {depth}");
            }
        }
    }
}
