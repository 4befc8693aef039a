//! The evaluation. Everything it knows about the surface comes from the variant's own tables:
//! piece values follow the average number of squares a piece reaches on the empty board (a bishop
//! on the folded board reaches 19-23 squares, so it is worth more than on the flat board), square
//! bonuses follow the reach from each square, king safety looks at the king's real neighbourhood
//! (across edges) and at enemy pieces whose reach covers it, and pawn structure reads the pawn
//! tables (files wrap where the board wraps).

use crate::weights::{index, Weights};
use topochess_core::bitboard::Bits;
use topochess_core::geometry::SquareSet;
use topochess_core::surface::Gluing;
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
/// The roles with a king-threat weight.
const THREATS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// Precomputed evaluation data for one variant.
pub struct Evaluator {
    values: [i32; 6],
    weights: Weights,
    /// Weight of an enemy piece whose reach covers the king's neighbourhood, by role.
    king_threat: [i32; 6],
    square_bonus: Vec<[i32; 6]>,
    king_middle: Vec<i32>,
    king_end: Vec<i32>,
    pawn_progress: [Vec<i32>; 2],
    sets: Widths,
    flat: bool,
}

/// The evaluator's square sets at the narrowest width that holds the board, as the move
/// generator picks it ([`topochess_core::lines::LineSets`]).
enum Widths {
    Word(Sets<u64>),
    Double(Sets<u128>),
    Wide(Sets<SquareSet>),
}

/// The square sets the evaluation intersects with the position's.
struct Sets<B> {
    /// The squares next to the king (across edges), by king square.
    king_zone: Vec<B>,
    /// By king square, for each role of `THREATS`: the squares from which a piece of that role
    /// reaches the king's square or a square next to it on the empty board.
    threat_from: Vec<[B; 4]>,
    /// By colour and square: the squares a pawn there pushes through or captures on.
    front_span: [Vec<B>; 2],
    /// By square: the squares of its file.
    file_of: Vec<B>,
    /// By square: the squares of the files beside it (across the seam where files wrap).
    beside: Vec<B>,
}

impl<B: Bits> Sets<B> {
    fn narrowed(wide: &Sets<SquareSet>) -> Sets<B> {
        let of = |v: &Vec<SquareSet>| v.iter().map(B::of).collect();
        Sets {
            king_zone: of(&wide.king_zone),
            threat_from: wide
                .threat_from
                .iter()
                .map(|t| t.each_ref().map(B::of))
                .collect(),
            front_span: wide.front_span.each_ref().map(of),
            file_of: of(&wide.file_of),
            beside: of(&wide.beside),
        }
    }
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
        Evaluator::at_width(variant, style, weights, true)
    }

    /// The evaluator with its square sets narrowed to the board, or kept at the widest size.
    fn at_width(variant: &Variant, style: Style, weights: Weights, narrow: bool) -> Evaluator {
        let reach_weight = |role: Role| weights.at(index::REACH + role as usize - 1);
        let size = variant.size();
        let t = variant.tables();
        let n = size.squares();
        let reach: Vec<[SquareSet; 6]> = size
            .all()
            .map(|sq| Role::ALL.map(|role| variant.reach(role, Color::White, sq)))
            .collect();
        let counts =
            |role: Role| -> Vec<usize> { reach.iter().map(|r| r[role as usize].len()).collect() };
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

        // Pawns: progress toward promotion, counted by pushes; the squares ahead and beside.
        let mut pawn_progress = [vec![0; n], vec![0; n]];
        let mut front_span = [vec![SquareSet::EMPTY; n], vec![SquareSet::EMPTY; n]];
        for color in Color::ALL {
            for sq in size.all() {
                let mut path = Vec::new();
                let mut at = sq;
                while let Some(next) = t.pawn_push(color, at) {
                    if path.contains(&next) || next == sq {
                        break;
                    }
                    path.push(next);
                    if t.promotes(color, next) {
                        break;
                    }
                    at = next;
                }
                if path.is_empty() {
                    continue;
                }
                let to_go = path.len() as i32;
                pawn_progress[color.index()][sq.index()] =
                    (6 - to_go).max(0) * (6 - to_go).max(0) * weights.at(index::PROGRESS);
                let mut span = SquareSet::EMPTY;
                for &p in &path {
                    span.insert(p);
                    for &c in t.pawn_captures(color, p) {
                        span.insert(c);
                    }
                }
                for &c in t.pawn_captures(color, sq) {
                    span.insert(c);
                }
                front_span[color.index()][sq.index()] = span;
            }
        }
        let wraps = variant.surface().east_west() != Gluing::Flat;
        let file_set =
            |f: i32| -> SquareSet { size.all().filter(|&sq| size.file(sq) == f).collect() };
        let files: Vec<SquareSet> = (0..w).map(file_set).collect();
        let beside_file = |f: i32| -> SquareSet {
            let mut set = SquareSet::EMPTY;
            for g in [f - 1, f + 1] {
                let g = if wraps {
                    Some(g.rem_euclid(w))
                } else {
                    (0..w).contains(&g).then_some(g)
                };
                if let Some(g) = g {
                    set |= files[g as usize];
                }
            }
            set
        };
        let file_of = size.all().map(|sq| files[size.file(sq) as usize]).collect();
        let beside = size.all().map(|sq| beside_file(size.file(sq))).collect();
        let king_zone: Vec<SquareSet> = size
            .all()
            .map(|k| t.king(k).iter().copied().collect())
            .collect();
        let threat_from = size
            .all()
            .map(|k| {
                let mut zone = king_zone[k.index()];
                zone.insert(k);
                THREATS.map(|role| {
                    size.all()
                        .filter(|sq| reach[sq.index()][role as usize].intersects(&zone))
                        .collect()
                })
            })
            .collect();
        let wide = Sets {
            king_zone,
            threat_from,
            front_span,
            file_of,
            beside,
        };
        let sets = match n {
            _ if !narrow => Widths::Wide(wide),
            0..=64 => Widths::Word(Sets::narrowed(&wide)),
            65..=128 => Widths::Double(Sets::narrowed(&wide)),
            _ => Widths::Wide(wide),
        };
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
            sets,
            flat: variant.surface().is_flat(),
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
        match &self.sets {
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
        if !self.flat {
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
    use std::sync::Arc;
    use topochess_core::PRESETS;

    /// The sets narrowed to one or two words score every position as the four-word sets do, on
    /// positions of random games on every preset.
    #[test]
    fn every_width_scores_alike() {
        for preset in PRESETS {
            let variant = Arc::new(Variant::preset(preset.id, None).unwrap());
            let weights = Weights::for_surface(variant.surface());
            let narrow = Evaluator::new(&variant, Style::Derived);
            let wide = Evaluator::at_width(&variant, Style::Derived, weights, false);
            assert!(matches!(wide.sets, Widths::Wide(_)));
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
