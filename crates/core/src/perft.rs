//! Perft: counting the leaves of the legal move tree, the specification of the move generator.

use crate::moves::Move;
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // One buffer per ply, made as the walk first reaches that ply: a huge depth asks for nothing
    // up front (a game tree ends long before, or the count never finishes).
    let mut buffers: Vec<Vec<Move>> = Vec::new();
    count(pos, depth, &mut buffers, 0)
}

fn count(pos: &Position, depth: u32, buffers: &mut Vec<Vec<Move>>, ply: usize) -> u64 {
    if depth == 0 {
        return 1;
    }
    if buffers.len() <= ply {
        buffers.push(Vec::with_capacity(64));
    }
    let mut moves = std::mem::take(&mut buffers[ply]);
    let total = count_moves(pos, depth, buffers, ply, &mut moves);
    buffers[ply] = moves;
    total
}

fn count_moves(
    pos: &Position,
    depth: u32,
    buffers: &mut Vec<Vec<Move>>,
    ply: usize,
    moves: &mut Vec<Move>,
) -> u64 {
    pos.legal_moves_into(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for &mv in moves.iter() {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        total += count(&next, depth - 1, buffers, ply + 1);
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
