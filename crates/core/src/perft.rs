//! Perft: counting the leaves of the legal move tree, the specification of the move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`. The last ply is counted, not
/// played (bulk counting).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves() as u64,
        _ => {
            let mut total = 0;
            let mut next = pos.clone();
            pos.for_each_legal_move(|mv| {
                pos.play_into(mv, &mut next);
                total += perft(&next, depth - 1);
            });
            total
        }
    }
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
