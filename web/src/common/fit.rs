//! What a piece moved from one square to another is in a position: no legal move, one, or a
//! choice the player makes first (a promotion, a castling, a step).

use topochess_core::{san, Move, Position, Square};

/// A choice the player must make before a move is played.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The moves to choose from, with their SAN.
    pub options: Vec<(Move, String)>,
}

/// What a piece dragged or clicked from one square to another is in a position.
#[derive(Clone, Debug, PartialEq)]
pub enum Fit {
    /// No legal move.
    None,
    /// One move.
    One(Move),
    /// Several (a promotion, a castling or a step): the player chooses.
    Choose(Choice),
}

impl Choice {
    /// The legal moves of `pos` from `from` to `to`, as one move or a choice.
    pub fn fit(pos: &Position, from: Square, to: Square) -> Fit {
        let fits: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == from && m.to == to)
            .collect();
        match fits.as_slice() {
            [] => Fit::None,
            [mv] => Fit::One(*mv),
            many => Fit::Choose(Choice {
                options: many.iter().map(|&m| (m, san::to_san(pos, m))).collect(),
            }),
        }
    }
}
