//! Perft: counting the leaves of the legal move tree, the specification of the move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
    count(pos, depth, &mut buffers)
}

fn count(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    pos.legal_moves_into(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        total += count(&next, depth - 1, rest);
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
