//! Perft by shakmaty, the reference both the benchmark and the comparison test use. Included by
//! path from `benches/` and `tests/` (shakmaty is a dev-dependency, so the library cannot hold it).

use shakmaty::{Chess, Position as _};

/// The number of legal move sequences of length `depth` from `pos`, by shakmaty.
pub fn shakmaty_perft(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            shakmaty_perft(&next, depth - 1)
        })
        .sum()
}
