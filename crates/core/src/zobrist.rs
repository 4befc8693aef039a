//! Zobrist keys for position hashing (threefold repetition, the search's transposition table),
//! made from a fixed seed on first use: the same keys every run, and 27 KB of random numbers
//! that the download does not carry (random data does not compress).

use crate::geometry::{Square, MAX_SQUARES};
use crate::pieces::Piece;

fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 12 * MAX_SQUARES;
const TOTAL: usize = PIECE_KEYS + MAX_SQUARES + 16 + 1;

static KEYS: std::sync::OnceLock<Box<[u64; TOTAL]>> = std::sync::OnceLock::new();

/// The keys, at hand: taken once by a caller that needs several, as each use of the `OnceLock`
/// asks whether it is filled yet (a dozen times a move made, before).
#[derive(Clone, Copy)]
pub struct Keys(&'static [u64; TOTAL]);

/// The keys, made on first use.
#[inline]
pub fn keys() -> Keys {
    Keys(KEYS.get_or_init(|| {
        let mut keys = Box::new([0u64; TOTAL]);
        let mut state = 0x746F_706F_6368_6573; // "topoches"
        for key in keys.iter_mut() {
            let (next, k) = splitmix(state);
            state = next;
            *key = k;
        }
        keys
    }))
}

impl Keys {
    /// The key of `piece` on `sq`.
    #[inline]
    pub fn piece(self, piece: Piece, sq: Square) -> u64 {
        self.0[(piece.code() as usize - 1) * MAX_SQUARES + sq.index()]
    }

    /// The key of an en-passant square.
    #[inline]
    pub fn en_passant(self, sq: Square) -> u64 {
        self.0[PIECE_KEYS + sq.index()]
    }

    /// The key of a set of castling rights (4 bits).
    #[inline]
    pub fn castling(self, rights: u8) -> u64 {
        self.0[PIECE_KEYS + MAX_SQUARES + (rights & 15) as usize]
    }

    /// The key added when Black is to move.
    #[inline]
    pub fn black_to_move(self) -> u64 {
        self.0[TOTAL - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pieces::{Color, Role};

    #[test]
    fn the_keys_are_the_fixed_seeds_keys() {
        // The first keys of the seed, as the compile-time table had them: hashes stay the same.
        let white_pawn = Piece {
            color: Color::White,
            role: Role::Pawn,
        };
        let (_, first) = splitmix(0x746F_706F_6368_6573);
        let keys = keys();
        assert_eq!(keys.piece(white_pawn, Square(0)), first);
        assert_ne!(keys.black_to_move(), 0);
        assert_ne!(keys.castling(1), keys.castling(2));
    }
}
