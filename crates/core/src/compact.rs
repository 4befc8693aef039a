//! A compact text form of a move list, for links: each move is its index among the legal moves
//! of its position, those sorted by their coordinate text (so the code does not depend on the
//! order the generator happens to produce), written in a URL-safe base-64 alphabet with a
//! continuation bit: one character for an index below 32 (almost every move), two below 1024.
//! A 100-move game (200 plies) takes about 200 characters where coordinates take over 900.

use crate::moves::Move;
use crate::position::Position;
use crate::san;
use core::fmt;

/// The URL-safe base-64 alphabet (RFC 4648 section 5).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The most moves a code carries: far beyond any game played (a game of 10,000 moves each).
/// A longer code is refused before any of it is read.
pub const MAX_PLIES: usize = 20_000;

/// The most characters a code of [`MAX_PLIES`] moves can take (three a move: an index below
/// 32,768, more moves than any position of the largest boards has).
const MAX_CHARS: usize = 3 * MAX_PLIES;

/// Why a compact move list could not be written or read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CompactError {
    /// A move to be written is not legal where it stands (ply counted from 1).
    IllegalMove {
        /// The ply.
        ply: usize,
    },
    /// More moves, or characters, than any game the site holds.
    TooLong,
    /// A character outside the alphabet.
    BadCharacter(char),
    /// The text ends inside a move.
    Truncated,
    /// A move's index is past the legal moves of its position (ply counted from 1).
    NoSuchMove {
        /// The ply.
        ply: usize,
    },
}

impl fmt::Display for CompactError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompactError::IllegalMove { ply } => {
                write!(f, "move {ply} is not legal, so the game cannot be written")
            }
            CompactError::TooLong => write!(
                f,
                "the move code is longer than any game ({MAX_PLIES} moves at most)"
            ),
            CompactError::BadCharacter(c) => write!(f, "'{c}' is not part of a move code"),
            CompactError::Truncated => write!(f, "the move code ends in the middle of a move"),
            CompactError::NoSuchMove { ply } => {
                write!(f, "move {ply} of the code is not a legal move")
            }
        }
    }
}

impl std::error::Error for CompactError {}

/// The legal moves of `pos` in the codec's order.
fn ordered(pos: &Position) -> Vec<Move> {
    let mut moves: Vec<(String, Move)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (san::to_coordinate(pos, m), m))
        .collect();
    crate::order::sort_by(&mut moves, |a, b| a.0.cmp(&b.0));
    moves.into_iter().map(|(_, m)| m).collect()
}

fn push_index(out: &mut String, mut index: usize) {
    // Five bits a character, the sixth set on every character but the last.
    loop {
        let low = index & 31;
        index >>= 5;
        let more = if index > 0 { 32 } else { 0 };
        out.push(ALPHABET[low | more] as char);
        if index == 0 {
            break;
        }
    }
}

/// The code of `moves` played from `start`. A move that is not legal where it stands, or more
/// than [`MAX_PLIES`] moves, is an error: a code never carries part of a game.
pub fn encode(start: &Position, moves: &[Move]) -> Result<String, CompactError> {
    if moves.len() > MAX_PLIES {
        return Err(CompactError::TooLong);
    }
    let mut pos = start.clone();
    let mut out = String::with_capacity(moves.len());
    for (ply, &mv) in moves.iter().enumerate() {
        let index = ordered(&pos)
            .iter()
            .position(|&m| m == mv)
            .ok_or(CompactError::IllegalMove { ply: ply + 1 })?;
        push_index(&mut out, index);
        pos.play_unchecked(mv);
    }
    Ok(out)
}

/// The moves a code names, played from `start`.
pub fn decode(start: &Position, code: &str) -> Result<Vec<Move>, CompactError> {
    if code.len() > MAX_CHARS {
        return Err(CompactError::TooLong);
    }
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut index = 0usize;
    let mut shift = 0u32;
    for c in code.chars() {
        let value = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or(CompactError::BadCharacter(c))?;
        if shift > 20 {
            // More than four characters for one move: no position has that many moves.
            return Err(CompactError::NoSuchMove {
                ply: moves.len() + 1,
            });
        }
        index |= (value & 31) << shift;
        shift += 5;
        if value & 32 != 0 {
            continue;
        }
        let mv = *ordered(&pos).get(index).ok_or(CompactError::NoSuchMove {
            ply: moves.len() + 1,
        })?;
        pos.play_unchecked(mv);
        moves.push(mv);
        if moves.len() > MAX_PLIES {
            return Err(CompactError::TooLong);
        }
        index = 0;
        shift = 0;
    }
    if shift > 0 {
        return Err(CompactError::Truncated);
    }
    Ok(moves)
}

/// A 32-bit FNV-1a hash of a text: the check a link carries, so that a corrupted or edited link
/// is noticed (a check against accidents, not a signature).
pub fn check(text: &str) -> String {
    let mut hash: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        hash ^= b as u32;
        hash = hash.wrapping_mul(0x0100_0193);
    }
    let mut out = String::new();
    for i in 0..6 {
        out.push(ALPHABET[((hash >> (i * 6)) & 63) as usize] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::sync::Arc;

    #[test]
    fn indices_take_one_character_below_32_and_more_above() {
        let mut s = String::new();
        push_index(&mut s, 0);
        push_index(&mut s, 31);
        push_index(&mut s, 32);
        push_index(&mut s, 1023);
        assert_eq!(s, "AfgB_f");
        let start = Position::start(Arc::new(Variant::preset("standard", None).unwrap()));
        assert_eq!(decode(&start, "g"), Err(CompactError::Truncated));
        assert_eq!(decode(&start, "*"), Err(CompactError::BadCharacter('*')));
        assert_eq!(
            decode(&start, "Z"),
            Err(CompactError::NoSuchMove { ply: 1 })
        );
        assert_eq!(
            decode(&start, "gggggggA"),
            Err(CompactError::NoSuchMove { ply: 1 })
        );
    }
}
