//! The evaluation. Everything it knows about the surface comes from the variant's own tables:
//! piece values follow the average number of squares a piece reaches on the empty board (a bishop
//! on the folded board reaches 19-23 squares, so it is worth more than on the flat board), square
//! bonuses follow the reach from each square, king safety looks at the king's real neighbourhood
//! (across edges) and at enemy pieces whose reach covers it, and pawn structure reads the pawn
//! tables (files wrap where the board wraps).

use crate::features::Features;
use crate::structure::{structure, PawnTable, Structure, STAGES};
use crate::terrain::{Sets, Terrain, Widths, THREATS};
use crate::weights::{index, Weights};
use std::sync::Arc;
use topochess_core::internals::{self as legal, Bits, LineSets, Lines};
use topochess_core::{Color, PerSquare, Position, Role, Square, Variant};

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
/// A king's value in a static exchange: more than any exchange can win back.
const KING_IN_EXCHANGE: i32 = 20_000;
/// The share of a piece's average empty-board reach at which its mobility scores nothing.
const MOBILITY_BASE: f64 = 0.4;
/// What the knights, bishops, rooks and queens score, visited once (see
/// [`Evaluator::officers`]).
#[derive(Clone, Copy)]
struct Officers {
    /// Each side's square bonuses (White's first).
    bonus: [i32; 2],
    /// Mobility, for the side to move (0 when the term is off).
    mobility: i32,
}

/// Precomputed evaluation data for one variant and one set of weights.
pub struct Evaluator {
    values: [i32; 6],
    /// The values a static exchange counts with: the king's so high that it may only take last.
    exchange_values: [i32; 6],
    weights: Weights,
    /// Weight of an enemy piece whose reach covers the king's neighbourhood, by role.
    king_threat: [i32; 6],
    square_bonus: PerSquare<[i32; 6]>,
    king_middle: PerSquare<i32>,
    king_end: PerSquare<i32>,
    /// By colour and square: the stage of a pawn's progress there (see [`STAGES`]; 0: none).
    stage: [PerSquare<u8>; 2],
    /// What a pawn scores for its progress, by stage.
    progress: [i32; STAGES],
    /// Mobility per square attacked, and what a piece's count starts from, by role (sixteenths).
    mobility: [(i32, i32); 6],
    /// The evaluation's optional terms that are on: mobility, the bishop pair, rooks on open
    /// files (the engine's [`Features`]).
    terms: Features,
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
        let mut mobility = [(0, 0); 6];
        let (w, h) = (size.width() as i32, size.height() as i32);
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let c = counts(role);
            let mean = avg(&c);
            let r = role as usize;
            // A square weighs the flat board's weight times the piece's flat-board reach over its
            // reach here, so a folded-board bishop's twenty squares weigh what a flat-board
            // bishop's nine do.
            let flat = weights.at(index::MOBILITY + r - 1) as f64;
            let per_square = 16.0 * flat * CHESS_REACH[r] / mean.max(1.0);
            mobility[r] = (
                per_square.round() as i32,
                (per_square * MOBILITY_BASE * mean).round() as i32,
            );
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
        let king_middle = PerSquare::new(
            0,
            king_counts
                .iter()
                .map(|&c| ((king_mean - c as f64) * king_weight) as i32),
        );
        let king_end = PerSquare::new(
            0,
            king_counts
                .iter()
                .map(|&c| ((c as f64 - king_mean) * king_weight) as i32),
        );
        // Pawns: progress toward promotion, counted by pushes (the square of how many fewer
        // than six remain).
        let stage = terrain.to_go.each_ref().map(|to_go| {
            PerSquare::new(
                0,
                to_go.iter().map(|&n| match n {
                    1..=5 => n as u8,
                    _ => 0,
                }),
            )
        });
        let progress = std::array::from_fn(|s| {
            let n = s as i32 + 1;
            (6 - n) * (6 - n) * weights.at(index::PROGRESS)
        });
        let mut king_threat = [0; 6];
        for (i, role) in THREATS.into_iter().enumerate() {
            king_threat[role as usize] = weights.at(index::KING_THREAT + i);
        }
        let mut exchange_values = values;
        exchange_values[Role::King as usize] = KING_IN_EXCHANGE;
        Evaluator {
            values,
            exchange_values,
            weights,
            king_threat,
            square_bonus: PerSquare::new([0; 6], square_bonus),
            king_middle,
            king_end,
            stage,
            progress,
            mobility,
            terms: Features::ALL,
            terrain,
        }
    }

    /// Switches the optional terms of `features` (mobility, the bishop pair, rooks on open
    /// files) on or off; all are on at first. Matches measure what each is worth.
    pub fn set_terms(&mut self, features: Features) {
        self.terms = features;
    }

    /// The value of a piece of `role`.
    pub fn value(&self, role: Role) -> i32 {
        self.values[role as usize]
    }

    /// The values a static exchange counts with (pawn to king): the piece values, and the king
    /// so high that it may only take last.
    pub fn exchange_values(&self) -> &[i32; 6] {
        &self.exchange_values
    }

    /// The score of `pos` for the side to move, in centipawns.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluate_with(pos, None)
    }

    /// The score of `pos` as [`Evaluator::evaluate`] gives it, reading and keeping its pawn
    /// structure in `pawns` (a table of one variant's structures).
    pub fn evaluate_keeping(&self, pos: &Position, pawns: &mut PawnTable) -> i32 {
        self.evaluate_with(pos, Some(pawns))
    }

    fn evaluate_with(&self, pos: &Position, pawns: Option<&mut PawnTable>) -> i32 {
        // The pawn structure first: mobility reads the squares the pawns guard from it.
        let structure = match &self.terrain.sets {
            Widths::Word(sets) => self.structure(&pos.sets(), sets, pawns),
            Widths::Double(sets) => self.structure(&pos.sets(), sets, pawns),
            Widths::Wide(sets) => self.structure(&pos.sets(), sets, pawns),
        };
        // The knights, bishops, rooks and queens: square bonuses, and mobility when it is on.
        let (turn, mobility) = (pos.turn(), self.terms.has(Features::MOBILITY));
        let officers = match pos.variant().tables().lines() {
            LineSets::Word(lines) => self.officers(turn, &pos.sets(), lines, &structure, mobility),
            LineSets::Double(lines) => {
                self.officers(turn, &pos.sets(), lines, &structure, mobility)
            }
            LineSets::Wide(lines) => self.officers(turn, &pos.sets(), lines, &structure, mobility),
        };
        officers.mobility
            + match &self.terrain.sets {
                Widths::Word(sets) => self.score(pos, &pos.sets(), sets, &structure, officers),
                Widths::Double(sets) => self.score(pos, &pos.sets(), sets, &structure, officers),
                Widths::Wide(sets) => self.score(pos, &pos.sets(), sets, &structure, officers),
            }
    }

    /// The pawn structure of `army`, read from and kept in `table` when there is one.
    fn structure<B: Bits>(
        &self,
        army: &legal::Sets<B>,
        sets: &Sets<B>,
        table: Option<&mut PawnTable>,
    ) -> Structure {
        let pawns = Color::ALL.map(|color| army.of_role(color, Role::Pawn));
        let make = || structure(pawns, sets, &self.stage);
        match table {
            Some(table) => table.get_or_make(pawns, make),
            None => make(),
        }
    }

    /// The knights, bishops, rooks and queens, each visited once: each side's square bonuses
    /// and, with `mobility`, the mobility of the side to move less the other side's (each piece
    /// scores the squares it attacks that hold none of its own pieces and no enemy pawn guards,
    /// the squares the `structure` holds).
    fn officers<B: Bits>(
        &self,
        turn: Color,
        army: &legal::Sets<B>,
        lines: &Lines<B>,
        structure: &Structure,
        mobility: bool,
    ) -> Officers {
        let occupied = army.color[0] | army.color[1];
        let mut officers = Officers {
            bonus: [0; 2],
            mobility: 0,
        };
        for color in Color::ALL {
            let guarded = army.color[color.index()] | B::of(&structure[(!color).index()].guards);
            let (mut side, mut bonus) = (0, 0);
            let mut visit = |role: Role, sq: Square, attacks: Option<B>| {
                bonus += self.square_bonus[sq][role as usize];
                if let Some(attacks) = attacks {
                    let (per_square, base) = self.mobility[role as usize];
                    side += per_square * (attacks & !guarded).count() as i32 - base;
                }
            };
            // Each role's rays fixed when compiled, so each ride's loop is unrolled.
            for sq in army.of_role(color, Role::Knight).squares() {
                visit(Role::Knight, sq, mobility.then(|| lines.knight(sq)));
            }
            for sq in army.of_role(color, Role::Bishop).squares() {
                let attacks = mobility.then(|| lines.rides::<4, 8>(sq, occupied));
                visit(Role::Bishop, sq, attacks);
            }
            for sq in army.of_role(color, Role::Rook).squares() {
                let attacks = mobility.then(|| lines.rides::<0, 4>(sq, occupied));
                visit(Role::Rook, sq, attacks);
            }
            for sq in army.of_role(color, Role::Queen).squares() {
                let attacks = mobility.then(|| lines.rides::<0, 8>(sq, occupied));
                visit(Role::Queen, sq, attacks);
            }
            officers.bonus[color.index()] = bonus;
            officers.mobility += if color == turn { side } else { -side };
        }
        officers.mobility /= 16;
        officers
    }

    fn score<B: Bits>(
        &self,
        pos: &Position,
        army: &legal::Sets<B>,
        sets: &Sets<B>,
        structure: &Structure,
        officers: Officers,
    ) -> i32 {
        let mut score = officers.bonus;
        let mut material = [0i32; 2];
        let mut non_pawn = [0i32; 2];
        let mut pieces = [[0u8; 6]; 2];
        let mut pawns = [B::EMPTY; 2];
        let mut rooks = [B::EMPTY; 2];
        for color in Color::ALL {
            let c = color.index();
            // Each role written out, so that it is fixed when compiled: its pieces' count, value
            // and (pawns and king: the officers' are counted already) square bonuses.
            let tally = |role: Role, walk: bool| {
                let r = role as usize;
                let set = army.of_role(color, role);
                let count = set.count();
                let value = self.values[r] * count as i32;
                let mut bonus = 0;
                if walk {
                    for sq in set.squares() {
                        bonus += self.square_bonus[sq][r];
                    }
                }
                (set, count as u8, value, bonus)
            };
            let parts = [
                tally(Role::Pawn, true),
                tally(Role::Knight, false),
                tally(Role::Bishop, false),
                tally(Role::Rook, false),
                tally(Role::Queen, false),
                tally(Role::King, true),
            ];
            for (r, &(_, count, value, bonus)) in parts.iter().enumerate() {
                pieces[c][r] = count;
                material[c] += value;
                score[c] += value + bonus;
            }
            pawns[c] = parts[Role::Pawn as usize].0;
            rooks[c] = parts[Role::Rook as usize].0;
            non_pawn[c] = material[c] - parts[Role::Pawn as usize].2 - parts[Role::King as usize].2;
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
            score[c] +=
                (self.king_middle[king] * phase + self.king_end[king] * (256 - phase)) / 256;
            // King safety: own pawns beside the king, enemy pieces whose reach covers its squares.
            let shield = (sets.king_zone[king] & pawns[c]).count() as i32;
            let threat: i32 = THREATS
                .iter()
                .zip(&sets.threat_from[king])
                .map(|(&role, &from)| {
                    let near = army.of_role(!color, role) & from;
                    self.king_threat[role as usize] * near.count() as i32
                })
                .sum();
            score[c] += (shield * self.weights.at(index::SHIELD) - threat) * phase / 256;
            if self.terms.has(Features::BISHOP_PAIR) && pieces[c][Role::Bishop as usize] >= 2 {
                score[c] += self.weights.at(index::BISHOP_PAIR);
            }
            if self.terms.has(Features::OPEN_FILES) {
                for sq in rooks[c].squares() {
                    let file = sets.file_of[sq];
                    if (file & pawns[c]).is_empty() {
                        let open = (file & pawns[them]).is_empty();
                        score[c] += self.weights.at(if open {
                            index::ROOK_OPEN
                        } else {
                            index::ROOK_HALF_OPEN
                        });
                    }
                }
            }
            // Pawn structure: each pawn's progress weighs more as pieces come off, a passed
            // pawn's more again.
            let counts = &structure[c];
            for (s, &progress) in self.progress.iter().enumerate() {
                score[c] += counts.by_stage[s] as i32 * (progress * (384 - phase) / 256)
                    + counts.passed_by_stage[s] as i32 * (progress * (512 - phase) / 256);
            }
            score[c] += counts.passed as i32 * self.weights.at(index::PASSED)
                - counts.doubled as i32 * self.weights.at(index::DOUBLED)
                - counts.isolated as i32 * self.weights.at(index::ISOLATED);
        }
        let us = pos.turn().index();
        let mut eval = score[us] - score[1 - us] + self.weights.at(index::TEMPO);
        // K+R against a bare king cannot be forced to mate on a wrapped board (docs/rules.md 10).
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
            for pos in random_walk(&variant, 7, 600) {
                assert_eq!(narrow.evaluate(&pos), wide.evaluate(&pos), "{}", preset.id);
            }
        }
    }

    /// `count` positions of random games on `variant` from its start (a new game after each
    /// that ends), the moves picked by a generator seeded with `seed`.
    fn random_walk(variant: &Arc<Variant>, mut seed: u64, count: usize) -> Vec<Position> {
        let mut pos = Position::start(variant.clone());
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            out.push(pos.clone());
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
        out
    }

    /// The evaluation that reads and keeps pawn structures in a table scores every position as
    /// the one that walks the pawns each time, on positions of random games on every preset (a
    /// table of 16 slots: structures are read back after a move that leaves the pawns, and
    /// replaced often).
    #[test]
    fn kept_pawn_structures_score_alike() {
        for preset in PRESETS {
            let variant = Arc::new(Variant::preset(preset.id, None).unwrap());
            let eval = Evaluator::new(&variant, Style::Derived);
            let mut table = PawnTable::new(4);
            for pos in random_walk(&variant, 11, 400) {
                assert_eq!(
                    eval.evaluate_keeping(&pos, &mut table),
                    eval.evaluate(&pos),
                    "{}",
                    preset.id
                );
            }
        }
    }

    /// A knight counts the squares it attacks that no enemy pawn guards: two black pawns that
    /// guard two of its squares take two squares' worth off its mobility, on the flat board.
    #[test]
    fn mobility_leaves_out_squares_enemy_pawns_guard() {
        let variant = Arc::new(Variant::preset("standard", None).unwrap());
        let mut eval = Evaluator::weighted(&variant, Style::Derived, Weights::HAND);
        let mobility = |eval: &mut Evaluator, fen: &str| {
            let pos = topochess_core::fen::parse_position(variant.clone(), fen).unwrap();
            eval.set_terms(Features::ALL);
            let on = eval.evaluate(&pos);
            eval.set_terms(Features::ALL.without(Features::MOBILITY));
            on - eval.evaluate(&pos)
        };
        let free = mobility(&mut eval, "4k3/8/8/8/4N3/8/8/4K3 w - - 0 1");
        let guarded = mobility(&mut eval, "4k3/8/3p1p2/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(free - guarded, 2 * Weights::HAND.at(index::MOBILITY));
        // Seen from the other side the knight's mobility counts against the side to move.
        let theirs = mobility(&mut eval, "4k3/8/8/8/4N3/8/8/4K3 b - - 0 1");
        assert_eq!(theirs, -free);
    }

    /// What one optional term adds to the evaluation of `fen` on `preset`, for the side to move,
    /// with the hand-set weights (none of the terms' weights is zero there).
    fn term(preset: &str, fen: &str, term: Features) -> i32 {
        let variant = Arc::new(Variant::preset(preset, None).unwrap());
        let pos = topochess_core::fen::parse_position(variant.clone(), fen).unwrap();
        let mut eval = Evaluator::weighted(&variant, Style::Derived, Weights::HAND);
        let on = eval.evaluate(&pos);
        eval.set_terms(Features::ALL.without(term));
        on - eval.evaluate(&pos)
    }

    /// The hand-set weight at `index`.
    fn hand(index: usize) -> i32 {
        Weights::HAND.at(index)
    }

    /// A rook scores on a file without its own pawns, more when no enemy pawn is there either;
    /// on the cylinder the a-file's neighbour across the seam does not make it half-open.
    #[test]
    fn rooks_score_open_and_half_open_files() {
        let files = Features::OPEN_FILES;
        assert_eq!(
            term("standard", "4k3/8/8/8/8/8/P7/R3K3 w - - 0 1", files),
            0
        );
        assert_eq!(
            term("standard", "4k3/8/8/8/8/8/P7/1R2K3 w - - 0 1", files),
            hand(index::ROOK_OPEN)
        );
        assert_eq!(
            term("standard", "4k3/1p6/8/8/8/8/P7/1R2K3 w - - 0 1", files),
            hand(index::ROOK_HALF_OPEN)
        );
        assert_eq!(
            term("standard", "4k3/1p6/8/8/8/8/P7/1R2K3 b - - 0 1", files),
            -hand(index::ROOK_HALF_OPEN)
        );
        assert_eq!(
            term("cylinder", "4k3/7p/8/8/8/8/8/R3K3 w - - 0 1", files),
            hand(index::ROOK_OPEN)
        );
    }

    /// Two bishops score the pair, one does not.
    #[test]
    fn two_bishops_score_the_pair() {
        let pair = Features::BISHOP_PAIR;
        assert_eq!(
            term("standard", "4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", pair),
            hand(index::BISHOP_PAIR)
        );
        assert_eq!(
            term("standard", "4k3/8/8/8/8/8/8/2B1KN2 w - - 0 1", pair),
            0
        );
        assert_eq!(
            term("folded", "2b1kb2/8/8/8/8/8/8/4K3 w - - 0 1", pair),
            -hand(index::BISHOP_PAIR)
        );
    }
}
