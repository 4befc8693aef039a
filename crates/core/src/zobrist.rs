//! Zobrist keys for position hashing (threefold repetition, the search's transposition table),
//! computed at compile time from a fixed seed.

use crate::geometry::{Square, MAX_SQUARES};
use crate::pieces::Piece;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_KEYS: usize = 12 * MAX_SQUARES;
const TOTAL: usize = PIECE_KEYS + MAX_SQUARES + 16 + 1;

static KEYS: [u64; TOTAL] = {
    let mut keys = [0u64; TOTAL];
    let mut state = 0x746F_706F_6368_6573; // "topoches"
    let mut i = 0;
    while i < TOTAL {
        let (next, key) = splitmix(state);
        state = next;
        keys[i] = key;
        i += 1;
    }
    keys
};

/// The key of `piece` on `sq`.
#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS[(piece.code() as usize - 1) * MAX_SQUARES + sq.index()]
}

/// The key of an en-passant square.
#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS[PIECE_KEYS + sq.index()]
}

/// The key of a set of castling rights (4 bits).
#[inline]
pub fn castling(rights: u8) -> u64 {
    KEYS[PIECE_KEYS + MAX_SQUARES + (rights & 15) as usize]
}

/// The key added when Black is to move.
#[inline]
pub fn black_to_move() -> u64 {
    KEYS[TOTAL - 1]
}
