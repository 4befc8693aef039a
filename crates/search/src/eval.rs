//! The evaluation. Everything it knows about the surface comes from the variant's own tables:
//! piece values follow the average number of squares a piece reaches on the empty board (a bishop
//! on the folded board reaches 19-23 squares, so it is worth more than on the flat board), square
//! bonuses follow the reach from each square, king safety looks at the king's real neighbourhood
//! (across edges) and at enemy pieces whose reach covers it, and pawn structure reads the pawn
//! tables (files wrap where the board wraps).

use crate::terrain::{Sets, Terrain, Widths, THREATS};
use crate::weights::{index, Weights};
use std::sync::Arc;
use topochess_core::bitboard::Bits;
use topochess_core::{Color, Position, Role, Variant};

/// Which piece values and square tables to use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// Values and tables derived from the variant's move tables (the engine's own).
    Derived,
    /// Plain chess values and a flat-board centre bonus, whatever the surface (for comparison).
    Plain,
}

/// Standard chess values, and the average empty-board reach of each piece on the flat 8x8 board.
const CHESS_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
const CHESS_REACH: [f64; 6] = [1.0, 5.25, 8.75, 14.0, 22.75, 6.5625];
/// Precomputed evaluation data for one variant and one set of weights.
pub struct Evaluator {
    values: [i32; 6],
    weights: Weights,
    /// Weight of an enemy piece whose reach covers the king's neighbourhood, by role.
    king_threat: [i32; 6],
    square_bonus: Vec<[i32; 6]>,
    king_middle: Vec<i32>,
    king_end: Vec<i32>,
    pawn_progress: [Vec<i32>; 2],
    terrain: Arc<Terrain>,
}

fn avg(xs: &[usize]) -> f64 {
    xs.iter().sum::<usize>() as f64 / xs.len().max(1) as f64
}

impl Evaluator {
    /// The evaluator of `variant` in `style`.
    pub fn new(variant: &Variant, style: Style) -> Evaluator {
        Evaluator::weighted(variant, style, Weights::for_surface(variant.surface()))
    }

    /// The evaluator of `variant` in `style` with these weights (the tuner's).
    pub fn weighted(variant: &Variant, style: Style, weights: Weights) -> Evaluator {
        Evaluator::on(Arc::new(Terrain::of(variant)), style, weights)
    }

    /// The evaluator on a terrain already worked out, in `style` with these weights.
    pub fn on(terrain: Arc<Terrain>, style: Style, weights: Weights) -> Evaluator {
        let reach_weight = |role: Role| weights.at(index::REACH + role as usize - 1);
        let size = terrain.size;
        let n = size.squares();
        let counts =
            |role: Role| -> Vec<usize> { terrain.reach.iter().map(|r| r[role as usize]).collect() };
        let mut values = CHESS_VALUE;
        let mut square_bonus = vec![[0; 6]; n];
        let (w, h) = (size.width() as i32, size.height() as i32);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let c = counts(role);
            let mean = avg(&c);
            let r = role as usize;
            match style {
                Style::Derived => {
                    values[r] =
                        (CHESS_VALUE[r] as f64 * (mean / CHESS_REACH[r]).sqrt()).round() as i32;
                    for (sq, &count) in c.iter().enumerate() {
                        square_bonus[sq][r] =
                            ((count as f64 - mean) * reach_weight(role) as f64).round() as i32;
                    }
                }
                Style::Plain => {
                    for sq in size.all() {
                        let (f, rk) = (size.file(sq), size.rank(sq));
                        let centre = (2 * f - (w - 1)).abs() + (2 * rk - (h - 1)).abs();
                        square_bonus[sq.index()][r] = (w + h - 2 - centre) * reach_weight(role);
                    }
                }
            }
        }
        // The king: in the middlegame fewer neighbours is safer; in the endgame more is better.
        let king_counts = counts(Role::King);
        let king_weight = weights.at(index::KING_SQUARE) as f64;
        let king_mean = avg(&king_counts);
        let king_middle = king_counts
            .iter()
            .map(|&c| ((king_mean - c as f64) * king_weight) as i32)
            .collect();
        let king_end = king_counts
            .iter()
            .map(|&c| ((c as f64 - king_mean) * king_weight) as i32)
            .collect();
        // Pawns: progress toward promotion, counted by pushes.
        let pawn_progress = terrain.to_go.each_ref().map(|to_go| {
            to_go
                .iter()
                .map(|&n| match n {
                    0 => 0,
                    n => (6 - n).max(0) * (6 - n).max(0) * weights.at(index::PROGRESS),
                })
                .collect()
        });
        let mut king_threat = [0; 6];
        for (i, role) in THREATS.into_iter().enumerate() {
            king_threat[role as usize] = weights.at(index::KING_THREAT + i);
        }
        Evaluator {
            values,
            weights,
            king_threat,
            square_bonus,
            king_middle,
            king_end,
            pawn_progress,
            terrain,
        }
    }

    /// The value of a piece of `role`.
    pub fn value(&self, role: Role) -> i32 {
        self.values[role as usize]
    }

    /// The piece values (pawn to king).
    pub fn values(&self) -> [i32; 6] {
        self.values
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        match &self.terrain.sets {
            Widths::Word(sets) => self.score(pos, sets),
            Widths::Double(sets) => self.score(pos, sets),
            Widths::Wide(sets) => self.score(pos, sets),
        }
    }

    fn score<B: Bits>(&self, pos: &Position, sets: &Sets<B>) -> i32 {
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut non_pawn = [0i32; 2];
        let mut pieces = [[0u8; 6]; 2];
        let mut pawns = [B::EMPTY; 2];
        for color in Color::ALL {
            let c = color.index();
            for role in Role::ALL {
                let r = role as usize;
                let set = B::of(&pos.pieces_of(color, role));
                if set.is_empty() {
                    continue;
                }
                let count = set.count();
                pieces[c][r] = count as u8;
                let value = self.values[r] * count as i32;
                material[c] += value;
                score[c] += value;
                for sq in set.squares() {
                    score[c] += self.square_bonus[sq.index()][r];
                }
                match role {
                    Role::Pawn => pawns[c] = set,
                    Role::King => {}
                    _ => non_pawn[c] += value,
                }
            }
        }
        let total_non_pawn = non_pawn[0] + non_pawn[1];
        // Phase: 256 with all pieces on, 0 with none.
        let full =
            2 * (2 * self.values[1] + 2 * self.values[2] + 2 * self.values[3] + self.values[4]);
        let phase = (total_non_pawn * 256 / full.max(1)).clamp(0, 256);

        for color in Color::ALL {
            let c = color.index();
            let them = (!color).index();
            let king = pos.king(color);
            let k = king.index();
            score[c] += (self.king_middle[k] * phase + self.king_end[k] * (256 - phase)) / 256;
            // King safety: own pawns beside the king, enemy pieces whose reach covers its squares.
            let shield = (sets.king_zone[k] & pawns[c]).count() as i32;
            let threat: i32 = THREATS
                .iter()
                .zip(&sets.threat_from[k])
                .map(|(&role, &from)| {
                    let near = B::of(&pos.pieces_of(!color, role)) & from;
                    self.king_threat[role as usize] * near.count() as i32
                })
                .sum();
            score[c] += (shield * self.weights.at(index::SHIELD) - threat) * phase / 256;
            // Pawn structure.
            for sq in pawns[c].squares() {
                score[c] += self.pawn_progress[c][sq.index()] * (384 - phase) / 256;
                let on_file = sets.file_of[sq.index()] & pawns[c];
                if on_file.without_lowest() != B::EMPTY {
                    score[c] -= self.weights.at(index::DOUBLED);
                }
                if (sets.beside[sq.index()] & pawns[c]).is_empty() {
                    score[c] -= self.weights.at(index::ISOLATED);
                }
                if (sets.front_span[c][sq.index()] & pawns[them]).is_empty() {
                    score[c] += self.weights.at(index::PASSED)
                        + self.pawn_progress[c][sq.index()] * (512 - phase) / 256;
                }
            }
        }
        let us = pos.turn().index();
        let mut eval = score[us] - score[1 - us] + self.weights.at(index::TEMPO);
        // K+R against a bare king cannot be forced to mate on a wrapped board (RULES.md 10).
        if !self.terrain.flat {
            let lone_rook = |c: usize| pieces[c][3] == 1 && material[c] == self.values[3];
            let bare = |c: usize| material[c] == 0;
            if (lone_rook(0) && bare(1)) || (lone_rook(1) && bare(0)) {
                eval /= 16;
            }
        }
        eval
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_core::PRESETS;

    /// The sets narrowed to one or two words score every position as the four-word sets do, on
    /// positions of random games on every preset.
    #[test]
    fn every_width_scores_alike() {
        for preset in PRESETS {
            let variant = Arc::new(Variant::preset(preset.id, None).unwrap());
            let weights = Weights::for_surface(variant.surface());
            let narrow = Evaluator::new(&variant, Style::Derived);
            let wide = Evaluator::on(
                Arc::new(Terrain::at_width(&variant, false)),
                Style::Derived,
                weights,
            );
            assert!(matches!(wide.terrain.sets, Widths::Wide(_)));
            assert!(
                !matches!(narrow.terrain.sets, Widths::Wide(_)),
                "{}",
                preset.id
            );
            let mut pos = Position::start(variant.clone());
            let mut seed = 7u64;
            for _ in 0..600 {
                assert_eq!(narrow.evaluate(&pos), wide.evaluate(&pos), "{}", preset.id);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    pos = Position::start(variant.clone());
                    continue;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}
