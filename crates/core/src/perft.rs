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
            let mut plies: Vec<(Position, Vec<Move>)> = (1..depth)
                .map(|_| (pos.clone(), Vec::with_capacity(64)))
                .collect();
            below(pos, depth, &mut plies)
        }
    }
}

/// Perft of `pos` at `depth` (at least 1), with a child position and a move list for each ply
/// below it in `plies`: the moves are listed, then each is played into the child.
fn below(pos: &Position, depth: u32, plies: &mut [(Position, Vec<Move>)]) -> u64 {
    let Some(((next, moves), rest)) = plies.split_first_mut().filter(|_| depth > 1) else {
        return pos.count_legal_moves() as u64;
    };
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
