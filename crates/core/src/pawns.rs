//! Which way pawns move, where they may double-step and where they promote (docs/rules.md section 3).

use crate::geometry::{BoardSize, Dir};
use crate::pieces::Color;

/// The pawn rules of a setup, as data per colour and rank.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PawnRules {
    /// For each colour and rank: the board direction a pawn moves in, or `None` where a pawn may
    /// not stand (the back ranks).
    forward: [Vec<Option<Dir>>; 2],
    /// For each colour and rank: whether a pawn there may take a double step.
    double_step: [Vec<bool>; 2],
    /// For each colour, the rank index where its pawns promote.
    promotion_rank: [u8; 2],
}

impl PawnRules {
    /// The rules of an ordinary board of any size: White moves north from rank 2 and promotes on
    /// the last rank, Black the mirror; double steps from the second rank.
    pub fn ordinary(size: BoardSize) -> PawnRules {
        let h = size.height() as usize;
        let mut forward = [vec![None; h], vec![None; h]];
        let mut double_step = [vec![false; h], vec![false; h]];
        let inner = 1..h.saturating_sub(1);
        forward[0][inner.clone()].fill(Some(Dir::N));
        forward[1][inner].fill(Some(Dir::S));
        if h >= 4 {
            double_step[0][1] = true;
            double_step[1][h - 2] = true;
        }
        PawnRules {
            forward,
            double_step,
            promotion_rank: [(h - 1) as u8, 0],
        }
    }

    /// Monteiro's 8x14 layout: each side has pawns on both sides of its pieces (White on ranks 2
    /// and 14, Black on 9 and 7), each moving away from them; White promotes on rank 8, Black on 1.
    pub fn tall() -> PawnRules {
        let h = 14;
        let mut forward = [vec![None; h], vec![None; h]];
        // Ranks 2-7 are White's half, ranks 9-14 Black's.
        forward[0][1..=6].fill(Some(Dir::N));
        forward[1][1..=6].fill(Some(Dir::S));
        forward[0][8..=13].fill(Some(Dir::S));
        forward[1][8..=13].fill(Some(Dir::N));
        let mut double_step = [vec![false; h], vec![false; h]];
        double_step[0][1] = true;
        double_step[0][13] = true;
        double_step[1][6] = true;
        double_step[1][8] = true;
        PawnRules {
            forward,
            double_step,
            promotion_rank: [7, 0],
        }
    }

    /// The direction a pawn of `color` moves from rank `rank`, or `None` if no pawn may stand
    /// there.
    #[inline]
    pub fn forward(&self, color: Color, rank: i32) -> Option<Dir> {
        self.forward[color.index()]
            .get(rank as usize)
            .copied()
            .flatten()
    }

    /// Whether a pawn of `color` on `rank` may take a double step.
    pub fn may_double_step(&self, color: Color, rank: i32) -> bool {
        self.double_step[color.index()]
            .get(rank as usize)
            .copied()
            .unwrap_or(false)
    }

    /// Whether a pawn of `color` may arrive on `rank`: it goes on from there, or promotes there.
    pub fn may_stand(&self, color: Color, rank: i32) -> bool {
        self.forward(color, rank).is_some() || rank == self.promotion_rank(color)
    }

    /// The rank index where pawns of `color` promote.
    pub fn promotion_rank(&self, color: Color) -> i32 {
        self.promotion_rank[color.index()] as i32
    }
}
