//! Game review, worked out from the evaluations a review wrote into the move tree (one per
//! position of the main line, from White's side) and the engine's best move in each position.
//! Like lichess: a move is classed by how much it lowered the mover's winning chance, and each
//! side gets an accuracy figure. Pure: natively tested.

use crate::common::math;
use topochess_core::move_tree::{Eval, MoveTree, NodeId};
use topochess_core::{Color, Move, Position};

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    /// Lost at least 0.1 of winning chance (on lichess's -1..1 scale).
    Inaccuracy,
    /// At least 0.2.
    Mistake,
    /// At least 0.3.
    Blunder,
}

impl Judgement {
    /// The word for it.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// The class name.
    pub fn class(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    /// lichess's thresholds on the drop of the mover's winning chance (-1..1).
    fn of_drop(drop: f64) -> Option<Judgement> {
        if drop >= 0.3 {
            Some(Judgement::Blunder)
        } else if drop >= 0.2 {
            Some(Judgement::Mistake)
        } else if drop >= 0.1 {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// White's winning chance in `pos` evaluated `eval`, from -1 (Black wins) to 1: lichess's
/// `2 / (1 + exp(-0.00368208 * cp)) - 1`; a mate counts in full (`#0`: the side to move is
/// mated).
pub fn white_chance(eval: Eval, pos: &Position) -> f64 {
    match eval {
        Eval::Centipawns(cp) => 2.0 / (1.0 + math::exp(-0.00368208 * cp as f64)) - 1.0,
        Eval::Mate(0) => {
            if pos.turn() == Color::White {
                -1.0
            } else {
                1.0
            }
        }
        Eval::Mate(n) => (n as f64).signum(),
    }
}

/// lichess's accuracy of one move from the mover's win percentages (0..100) before and after:
/// `103.1668 * exp(-0.04354 * (before - after)) - 3.1669`, within 0..100.
fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    (103.1668 * math::exp(-0.04354 * (before - after)) - 3.1669).clamp(0.0, 100.0)
}

/// One reviewed move of the main line.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's node.
    pub node: NodeId,
    /// Who played it.
    pub mover: Color,
    /// Its class, if it was an inaccuracy or worse.
    pub judgement: Option<Judgement>,
    /// The engine's move in the position before, when it was another move.
    pub better: Option<Move>,
    /// The mover's winning chance lost (-1..1 scale; negative when it rose).
    pub drop: f64,
    /// Its accuracy, 0 to 100.
    pub accuracy: f64,
}

/// The review of a main line.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct GameReview {
    /// Each position of the main line with an evaluation: its node and White's winning
    /// percentage (0 to 100).
    pub curve: Vec<(NodeId, f64)>,
    /// Each move between two evaluated positions.
    pub moves: Vec<MoveReview>,
}

impl GameReview {
    /// Reviews the main line of `tree` from the evaluations on its nodes.
    pub fn of(tree: &MoveTree) -> GameReview {
        let line: Vec<NodeId> = std::iter::once(MoveTree::ROOT)
            .chain(tree.mainline())
            .collect();
        let chance = |id: NodeId| {
            let node = tree.node(id);
            node.eval.map(|e| white_chance(e, node.position()))
        };
        let curve = line
            .iter()
            .filter_map(|&id| chance(id).map(|c| (id, 50.0 + 50.0 * c)))
            .collect();
        let moves = line
            .windows(2)
            .filter_map(|pair| {
                let (before, after) = (chance(pair[0])?, chance(pair[1])?);
                let prior = tree.node(pair[0]);
                let mover = prior.position().turn();
                let sign = if mover == Color::White { 1.0 } else { -1.0 };
                let drop = (before - after) * sign;
                let judgement = Judgement::of_drop(drop);
                let played = tree.node(pair[1]).mv();
                let better = prior
                    .best
                    .filter(|&b| judgement.is_some() && Some(b) != played);
                let percent = |c: f64| 50.0 + 50.0 * c * sign;
                Some(MoveReview {
                    node: pair[1],
                    mover,
                    judgement,
                    better,
                    drop,
                    accuracy: move_accuracy(percent(before), percent(after)),
                })
            })
            .collect();
        GameReview { curve, moves }
    }

    /// The review of the move at `node`, if it was reviewed.
    pub fn of_node(&self, node: NodeId) -> Option<&MoveReview> {
        self.moves.iter().find(|m| m.node == node)
    }

    /// How many moves of `side` were judged `judgement`.
    pub fn count(&self, side: Color, judgement: Judgement) -> usize {
        self.moves
            .iter()
            .filter(|m| m.mover == side && m.judgement == Some(judgement))
            .count()
    }

    /// The accuracy of `side`: the mean of the arithmetic and the harmonic means of its moves'
    /// accuracies (lichess weights the first by the position's volatility; this does not).
    pub fn accuracy(&self, side: Color) -> Option<f64> {
        let figures: Vec<f64> = self
            .moves
            .iter()
            .filter(|m| m.mover == side)
            .map(|m| m.accuracy)
            .collect();
        if figures.is_empty() {
            return None;
        }
        let n = figures.len() as f64;
        let mean = figures.iter().sum::<f64>() / n;
        let harmonic = n / figures.iter().map(|a| 1.0 / a.max(1.0)).sum::<f64>();
        Some((mean + harmonic) / 2.0)
    }
}

/// The better move of the node shown on the analysis board, where a review judged its move.
pub fn better_here(a: &crate::analysis::Analysis) -> Option<Move> {
    GameReview::of(&a.tree).of_node(a.at)?.better
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::{san, Variant};

    fn tree(moves: &[&str], evals: &[Eval]) -> MoveTree {
        let start = Position::start(Arc::new(Variant::preset("standard", None).unwrap()));
        let mut t = MoveTree::new(start);
        let mut at = MoveTree::ROOT;
        t.node_mut(at).unwrap().eval = evals.first().copied();
        for (i, m) in moves.iter().enumerate() {
            let mv = san::parse_move(t.node(at).position(), m).unwrap();
            at = t.play(at, mv).unwrap();
            t.node_mut(at).unwrap().eval = evals.get(i + 1).copied();
        }
        t
    }

    #[test]
    fn moves_are_classed_by_the_winning_chance_they_lose() {
        use Eval::Centipawns as Cp;
        // Level, then Black's f6 drops about three pawns (a blunder), White's Nxe5 gives back
        // 1.6 of them (a mistake), and Black's recapture walks into a mate.
        let t = tree(
            &["e4", "e5", "Nf3", "f6", "Nxe5", "fxe5", "Qh5+"],
            &[
                Cp(20),
                Cp(25),
                Cp(20),
                Cp(25),
                Cp(300),
                Cp(140),
                Cp(150),
                Eval::Mate(3),
            ],
        );
        let r = GameReview::of(&t);
        assert_eq!(r.curve.len(), 8);
        assert_eq!(r.moves.len(), 7);
        let j: Vec<Option<Judgement>> = r.moves.iter().map(|m| m.judgement).collect();
        assert_eq!(
            j,
            [
                None,
                None,
                None,
                Some(Judgement::Blunder),
                Some(Judgement::Mistake),
                None,
                None
            ]
        );
        assert_eq!(r.count(Color::Black, Judgement::Blunder), 1);
        assert_eq!(r.count(Color::White, Judgement::Mistake), 1);
        assert_eq!(r.count(Color::White, Judgement::Blunder), 0);
        let (white, black) = (
            r.accuracy(Color::White).unwrap(),
            r.accuracy(Color::Black).unwrap(),
        );
        assert!(
            white > 80.0 && black < 75.0 && white > black,
            "{white} {black}"
        );
        // The curve is White's percentage: 50-ish, then up, then 100 for the mate.
        assert!((r.curve[0].1 - 51.8).abs() < 0.5, "{:?}", r.curve[0]);
        assert_eq!(r.curve[7].1, 100.0);
    }

    #[test]
    fn the_better_move_is_the_engines_where_a_move_was_judged() {
        use Eval::Centipawns as Cp;
        let mut t = tree(&["e4", "f6"], &[Cp(20), Cp(25), Cp(100)]);
        let e4 = t.mainline()[0];
        let best = san::parse_move(t.node(e4).position(), "e5").unwrap();
        t.node_mut(e4).unwrap().best = Some(best);
        let root_best = san::parse_move(t.start(), "e4").unwrap();
        t.node_mut(MoveTree::ROOT).unwrap().best = Some(root_best);
        let r = GameReview::of(&t);
        assert_eq!(
            r.moves[0].better, None,
            "e4 was the engine's move, and fine"
        );
        let f6 = &r.moves[1];
        assert_eq!(f6.judgement, Some(Judgement::Inaccuracy));
        assert_eq!(f6.better, Some(best));
        assert_eq!(r.of_node(t.mainline()[1]), Some(f6));
    }

    #[test]
    fn a_mate_on_the_board_is_a_full_win_and_missing_evaluations_are_skipped() {
        let t = tree(&["f3", "e5", "g4", "Qh4#"], &[]);
        let mated = *t.mainline().last().unwrap();
        let pos = t.node(mated).position();
        assert_eq!(white_chance(Eval::Mate(0), pos), -1.0);
        assert_eq!(GameReview::of(&t), GameReview::default());
        let mut t = t;
        t.node_mut(mated).unwrap().eval = Some(Eval::Mate(0));
        let r = GameReview::of(&t);
        assert_eq!(r.curve, [(mated, 0.0)]);
        assert!(r.moves.is_empty());
    }
}
