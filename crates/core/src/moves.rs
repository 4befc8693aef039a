//! Moves: what a player does, identified by (from, to, promotion, castling kind).

use crate::castling::CastleKind;
use crate::geometry::Square;
use crate::pieces::Role;

/// What kind of move a [`Move`] is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MoveKind {
    /// A move or capture of any piece (including a king step and a stationary move, where
    /// `from == to`).
    Normal,
    /// A pawn's double step.
    DoubleStep,
    /// An en-passant capture.
    EnPassant,
    /// A pawn move to the promotion rank, and the piece it becomes.
    Promotion(Role),
    /// A castling; `from` and `to` are the king's squares.
    Castle(CastleKind),
}

/// A move. Two different paths to the same square are the same move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The square the piece leaves (the king's, for castling).
    pub from: Square,
    /// The square it arrives on.
    pub to: Square,
    /// What kind of move.
    pub kind: MoveKind,
}

impl Move {
    /// The promotion piece, if any.
    pub fn promotion(&self) -> Option<Role> {
        match self.kind {
            MoveKind::Promotion(role) => Some(role),
            _ => None,
        }
    }

    /// The castling kind, if this is a castling.
    pub fn castle(&self) -> Option<CastleKind> {
        match self.kind {
            MoveKind::Castle(kind) => Some(kind),
            _ => None,
        }
    }

    /// Whether the piece stays on its square (a stationary move, Yapsan's sphere).
    pub fn is_stationary(&self) -> bool {
        self.from == self.to && self.castle().is_none()
    }
}
