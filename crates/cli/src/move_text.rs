//! Move text as UCI speaks it, for our engine's answers and for outside engines in a match.
//!
//! A move is its two squares and a promotion letter (`e2e4`, `a7a8q`). Castling is the king's two
//! squares (`e1g1`), as GUIs and other engines write it, where the castling mode is ordinary
//! castling and no other legal move has the same squares. Otherwise (castling with either rook,
//! round an edge) it is the coordinate form of docs/rules.md section 9: `O-O`, `O-O-O`, `CO-O`,
//! `CO-O-O`.

use topochess_core::{san, CastlingMode, Move, Position};

/// The squares and promotion letter of a move, whatever its kind (a castling's are the king's).
fn squares(pos: &Position, mv: Move) -> String {
    if mv.castle().is_some() {
        let size = pos.size();
        format!("{}{}", size.name(mv.from), size.name(mv.to))
    } else {
        san::to_coordinate(pos, mv)
    }
}

/// The UCI text of a legal move of `pos`.
pub fn to_text(pos: &Position, mv: Move) -> String {
    if mv.castle().is_none() {
        return squares(pos, mv);
    }
    let text = squares(pos, mv);
    let ordinary = pos.variant().castling() == CastlingMode::Standard;
    let alone = || {
        pos.legal_moves()
            .into_iter()
            .all(|m| m == mv || squares(pos, m) != text)
    };
    if ordinary && alone() {
        text
    } else {
        san::to_coordinate(pos, mv)
    }
}

/// The legal move of `pos` a text names: UCI text as [`to_text`] writes it, the bare squares of a
/// castling, the coordinate form, or SAN.
pub fn parse(pos: &Position, text: &str) -> Option<Move> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .copied()
        .find(|&m| to_text(pos, m) == text)
        .or_else(|| moves.iter().copied().find(|&m| squares(pos, m) == text))
        .or_else(|| san::parse_move(pos, text).ok())
}
