//! The evaluation. Everything it knows about the surface comes from the variant's own tables:
//! piece values follow the average number of squares a piece reaches on the empty board (a bishop
//! on the folded board reaches 19-23 squares, so it is worth more than on the flat board), square
//! bonuses follow the reach from each square, king safety looks at the king's real neighbourhood
//! (across edges) and at enemy pieces whose reach covers it, and pawn structure reads the pawn
//! tables (files wrap where the board wraps).

use topochess_core::geometry::{Square, SquareSet, MAX_SIDE};
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
/// Centipawns per square of reach above the piece's average, by role.
const REACH_WEIGHT: [i32; 6] = [0, 5, 4, 2, 1, 0];
/// Weight of an enemy piece whose reach covers the king's neighbourhood, by role.
const KING_THREAT: [i32; 6] = [0, 12, 10, 16, 28, 0];

/// Precomputed evaluation data for one variant.
pub struct Evaluator {
    values: [i32; 6],
    square_bonus: Vec<[i32; 6]>,
    king_middle: Vec<i32>,
    king_end: Vec<i32>,
    reach: Vec<[SquareSet; 6]>,
    pawn_progress: [Vec<i32>; 2],
    front_span: [Vec<SquareSet>; 2],
    neighbour_files: Vec<Vec<i32>>,
    flat: bool,
}

fn avg(xs: &[usize]) -> f64 {
    xs.iter().sum::<usize>() as f64 / xs.len().max(1) as f64
}

impl Evaluator {
    /// The evaluator of `variant` in `style`.
    pub fn new(variant: &Variant, style: Style) -> Evaluator {
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
                            ((count as f64 - mean) * REACH_WEIGHT[r] as f64).round() as i32;
                    }
                }
                Style::Plain => {
                    for sq in size.all() {
                        let (f, rk) = (size.file(sq), size.rank(sq));
                        let centre = (2 * f - (w - 1)).abs() + (2 * rk - (h - 1)).abs();
                        square_bonus[sq.index()][r] = (w + h - 2 - centre) * REACH_WEIGHT[r];
                    }
                }
            }
        }
        // The king: in the middlegame fewer neighbours is safer; in the endgame more is better.
        let king_counts = counts(Role::King);
        let king_mean = avg(&king_counts);
        let king_middle = king_counts
            .iter()
            .map(|&c| ((king_mean - c as f64) * 6.0) as i32)
            .collect();
        let king_end = king_counts
            .iter()
            .map(|&c| ((c as f64 - king_mean) * 6.0) as i32)
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
                    (6 - to_go).max(0) * (6 - to_go).max(0) * 3;
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
        let neighbour_files = (0..w)
            .map(|f| {
                [f - 1, f + 1]
                    .into_iter()
                    .filter_map(|g| {
                        if wraps {
                            Some(g.rem_euclid(w))
                        } else {
                            (0..w).contains(&g).then_some(g)
                        }
                    })
                    .collect()
            })
            .collect();
        Evaluator {
            values,
            square_bonus,
            king_middle,
            king_end,
            reach,
            pawn_progress,
            front_span,
            neighbour_files,
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
        let size = pos.size();
        let mut score = [0i32; 2];
        let mut material = [0i32; 2];
        let mut non_pawn = [0i32; 2];
        let mut pieces = [[0u8; 6]; 2];
        let mut pawn_files = [[0u8; MAX_SIDE as usize]; 2];
        let mut pawns = [SquareSet::EMPTY; 2];
        for color in Color::ALL {
            for sq in pos.occupied_by(color).iter() {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                let c = color.index();
                let r = piece.role as usize;
                pieces[c][r] += 1;
                material[c] += self.values[r];
                score[c] += self.values[r] + self.square_bonus[sq.index()][r];
                if piece.role == Role::Pawn {
                    pawns[c].insert(sq);
                    pawn_files[c][size.file(sq) as usize] += 1;
                } else if piece.role != Role::King {
                    non_pawn[c] += self.values[r];
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
            let zone = pos.variant().tables().king(king);
            let shield = zone.iter().filter(|&&s| pawns[c].contains(s)).count() as i32;
            let mut zone_set: SquareSet = zone.iter().copied().collect();
            zone_set.insert(king);
            let mut threat = 0;
            for sq in pos.occupied_by(!color).iter() {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                let weight = KING_THREAT[piece.role as usize];
                if weight > 0 {
                    let covers = self.reach[sq.index()][piece.role as usize];
                    if covers.intersects(&zone_set) {
                        threat += weight;
                    }
                }
            }
            score[c] += (shield * 12 - threat) * phase / 256;
            // Pawn structure.
            for sq in pawns[c].iter() {
                let file = size.file(sq) as usize;
                score[c] += self.pawn_progress[c][sq.index()] * (384 - phase) / 256;
                if pawn_files[c][file] > 1 {
                    score[c] -= 12;
                }
                if self.neighbour_files[file]
                    .iter()
                    .all(|&f| pawn_files[c][f as usize] == 0)
                {
                    score[c] -= 12;
                }
                let span = self.front_span[c][sq.index()];
                if !span.intersects(&pawns[them]) {
                    score[c] += 15 + self.pawn_progress[c][sq.index()] * (512 - phase) / 256;
                }
            }
        }
        let us = pos.turn().index();
        let mut eval = score[us] - score[1 - us] + 10;
        // K+R against a bare king cannot be forced to mate on a wrapped board (RULES.md 10).
        if !self.flat {
            let lone_rook = |c: usize| pieces[c][3] == 1 && material[c] == self.values[3];
            let bare = |c: usize| material[c] == 0;
            if (lone_rook(0) && bare(1)) || (lone_rook(1) && bare(0)) {
                eval /= 16;
            }
        }
        let _ = Square(0);
        eval
    }
}
