//! Castling: the modes, the four kinds of castling and the squares each needs (docs/rules.md section 4).

use crate::geometry::{BoardSize, Square, SquareSet};
use crate::pieces::Color;
use core::fmt;

/// Which castling a game allows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingMode {
    /// No castling.
    None,
    /// Castling as in chess.
    Standard,
    /// As in chess, plus castling with the far rook round the wrapped edge.
    EitherSide,
}

impl CastlingMode {
    /// Every mode.
    pub const ALL: [CastlingMode; 3] = [
        CastlingMode::None,
        CastlingMode::Standard,
        CastlingMode::EitherSide,
    ];

    /// The name used in text: `none`, `standard`, `either-side`.
    pub const fn name(self) -> &'static str {
        match self {
            CastlingMode::None => "none",
            CastlingMode::Standard => "standard",
            CastlingMode::EitherSide => "either-side",
        }
    }

    /// The mode of a name.
    pub fn from_name(name: &str) -> Option<CastlingMode> {
        CastlingMode::ALL.into_iter().find(|m| m.name() == name)
    }

    /// The kinds of castling this mode has.
    pub fn kinds(self) -> &'static [CastleKind] {
        match self {
            CastlingMode::None => &[],
            CastlingMode::Standard => &[CastleKind::KingSide, CastleKind::QueenSide],
            CastlingMode::EitherSide => &CastleKind::ALL,
        }
    }
}

impl fmt::Display for CastlingMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A kind of castling.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastleKind {
    /// `O-O`: king to the g-file, h-rook to the f-file.
    KingSide,
    /// `O-O-O`: king to the c-file, a-rook to the d-file.
    QueenSide,
    /// `CO-O`: king to the g-file, a-rook round the edge to the f-file.
    CrossKingSide,
    /// `CO-O-O`: king to the c-file, h-rook round the edge to the d-file.
    CrossQueenSide,
}

impl CastleKind {
    /// All four kinds.
    pub const ALL: [CastleKind; 4] = [
        CastleKind::KingSide,
        CastleKind::QueenSide,
        CastleKind::CrossKingSide,
        CastleKind::CrossQueenSide,
    ];

    /// The notation: `O-O`, `O-O-O`, `CO-O`, `CO-O-O`.
    pub const fn notation(self) -> &'static str {
        match self {
            CastleKind::KingSide => "O-O",
            CastleKind::QueenSide => "O-O-O",
            CastleKind::CrossKingSide => "CO-O",
            CastleKind::CrossQueenSide => "CO-O-O",
        }
    }

    /// Whether the rook is the one on the last file (the `K` right).
    pub const fn uses_h_rook(self) -> bool {
        matches!(self, CastleKind::KingSide | CastleKind::CrossQueenSide)
    }

    /// The castling right this kind needs.
    pub const fn right(self, color: Color) -> u8 {
        rights_bit(color, self.uses_h_rook())
    }
}

/// The bit of a castling right: `h_rook` is the `K`/`k` right, else `Q`/`q`.
pub const fn rights_bit(color: Color, h_rook: bool) -> u8 {
    1 << (2 * color as u8 + if h_rook { 0 } else { 1 })
}

/// The squares one castling of one side involves.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CastlePlan {
    /// The kind of castling.
    pub kind: CastleKind,
    /// The king's start square.
    pub king_from: Square,
    /// The king's destination.
    pub king_to: Square,
    /// The rook's start square.
    pub rook_from: Square,
    /// The rook's destination.
    pub rook_to: Square,
    /// Squares that must be empty (those the king and rook pass or land on, but their own).
    pub must_be_empty: Vec<Square>,
    /// The same squares as a set, for the generator to ask in one step.
    pub empty_set: SquareSet,
    /// Squares the king passes (not its start or landing) that must not be attacked.
    pub king_passes: Vec<Square>,
}

impl CastlePlan {
    /// The plan for `kind` by `color` with the king on `king_file` of back rank `rank`; `None` if the
    /// board is too narrow for it.
    pub fn new(size: BoardSize, kind: CastleKind, rank: i32, king_file: i32) -> Option<CastlePlan> {
        let w = size.width() as i32;
        if w < 5 || king_file <= 2 || king_file >= w - 2 {
            return None;
        }
        let at = |f: i32| size.square(f.rem_euclid(w), rank);
        let (king_to, rook_from, rook_to) = match kind {
            CastleKind::KingSide => (w - 2, w - 1, w - 3),
            CastleKind::QueenSide => (2, 0, 3),
            CastleKind::CrossKingSide => (w - 2, 0, w - 3),
            CastleKind::CrossQueenSide => (2, w - 1, 3),
        };
        let king_step = if king_to > king_file { 1 } else { -1 };
        let king_passes: Vec<i32> = (1..)
            .map(|i| king_file + i * king_step)
            .take_while(|&f| f != king_to)
            .collect();
        // The rook walks toward its destination: straight for the ordinary kinds, the other way
        // round the wrapped edge for the cross kinds.
        let rook_step = match kind {
            CastleKind::KingSide | CastleKind::CrossKingSide => -1,
            CastleKind::QueenSide | CastleKind::CrossQueenSide => 1,
        };
        let rook_path: Vec<i32> = (1..)
            .map(|i| (rook_from + i * rook_step).rem_euclid(w))
            .take_while(|&f| f != rook_to)
            .chain([rook_to])
            .collect();
        let mut empty: Vec<Square> = king_passes
            .iter()
            .chain([&king_to])
            .chain(rook_path.iter())
            .filter(|&&f| f != king_file && f != rook_from)
            .filter_map(|&f| at(f))
            .collect();
        crate::order::sort_unique(&mut empty);
        Some(CastlePlan {
            kind,
            king_from: at(king_file)?,
            king_to: at(king_to)?,
            rook_from: at(rook_from)?,
            rook_to: at(rook_to)?,
            empty_set: empty.iter().copied().collect(),
            must_be_empty: empty,
            king_passes: king_passes.into_iter().filter_map(at).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(size: BoardSize, squares: &[Square]) -> Vec<String> {
        squares.iter().map(|&s| size.name(s)).collect()
    }

    #[test]
    fn plans_name_the_squares_of_section_four() {
        let size = BoardSize::STANDARD;
        let plan = |k| CastlePlan::new(size, k, 0, 4).unwrap();
        assert_eq!(
            names(size, &plan(CastleKind::KingSide).must_be_empty),
            ["f1", "g1"]
        );
        assert_eq!(
            names(size, &plan(CastleKind::QueenSide).must_be_empty),
            ["b1", "c1", "d1"]
        );
        let co = plan(CastleKind::CrossKingSide);
        assert_eq!(names(size, &co.must_be_empty), ["f1", "g1", "h1"]);
        assert_eq!(names(size, &[co.rook_from, co.rook_to]), ["a1", "f1"]);
        let cooo = plan(CastleKind::CrossQueenSide);
        assert_eq!(names(size, &cooo.must_be_empty), ["a1", "b1", "c1", "d1"]);
        assert_eq!(names(size, &cooo.king_passes), ["d1"]);
        assert_eq!(names(size, &[cooo.rook_from, cooo.rook_to]), ["h1", "d1"]);
    }
}
