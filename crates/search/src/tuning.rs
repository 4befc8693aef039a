//! Texel tuning: the evaluation's [`Weights`] fitted to the results of the engine's own games.
//!
//! The engine plays itself from random openings at a fixed node budget; the quiet positions of
//! each game (not in check, the move played neither a capture nor a promotion) are kept with the
//! game's result. The fit chooses the scale `k` that best turns the hand-set evaluation into a
//! win probability, `1 / (1 + 10^(-k e / 400))`, then changes one weight at a time by one while
//! the mean squared difference between that probability and the results falls (coordinate
//! descent), keeping the weights that best predict the results of games it did not fit. The games are played with the hand-set weights and everything is seeded, so the same
//! arguments give the same games and weights whatever an earlier fit wrote.

use crate::eval::{Evaluator, Style};
use crate::features::Features;
use crate::search::{Engine, Limits, Search};
use crate::terrain::Terrain;
use crate::weights::Weights;
use std::sync::Arc;
use topochess_core::game::Game;
use topochess_core::{Color, Move, Position, Variant};

/// A position of a finished game with that game's result for White (1, 0.5 or 0).
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// White's score in the game it came from.
    pub result: f64,
}

/// How the self-play games are played.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    /// Nodes searched per move.
    pub nodes: u64,
    /// Random plies before the engine takes over.
    pub opening: u32,
    /// Plies after which an unfinished game counts as a draw.
    pub max_plies: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// The search techniques the engine plays with (the puzzle generator keeps
    /// [`Features::PUZZLES`], so the shipped set can be made again).
    pub features: Features,
}

/// Game number `index` of the engine (with the hand-set weights) against itself on `variant`,
/// from a random opening of `play.opening` plies; `each` sees every position the engine moves in
/// with the move it chose and its score for the side to move.
pub fn play_game(
    variant: &Arc<Variant>,
    index: u32,
    play: SelfPlay,
    mut each: impl FnMut(&Position, Move, i32),
) -> Game {
    let mut dice =
        crate::Dice::new(play.seed ^ (index as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game = Game::new(Position::start(variant.clone()));
    for _ in 0..play.opening {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[dice.below(moves.len())];
        if game.play(mv).is_err() {
            break;
        }
    }
    // The hand-set weights play, so the games do not depend on an earlier fit.
    let mut engine = Engine::weighted(variant.clone(), Style::Derived, Weights::HAND, 4 << 20);
    engine.set_features(play.features);
    while game.outcome().is_none() && game.moves().len() < play.max_plies {
        let pos = game.position().clone();
        let history: Vec<u64> = (0..game.moves().len())
            .filter_map(|i| game.position_at(i).map(Position::hash))
            .collect();
        let mut limits = Limits::depth(64);
        limits.nodes = Some(play.nodes);
        let mut search = Search::new(pos.clone(), history, limits);
        if engine
            .think(&mut search, &mut |_| false, &mut |_| {})
            .is_err()
        {
            break;
        }
        let Some(best) = search.best() else {
            break;
        };
        let Some(&mv) = best.pv.first() else {
            break;
        };
        each(&pos, mv, best.score);
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

/// Game number `index` of the engine against itself on `variant` ([`play_game`]): its quiet
/// positions from the end of the opening on, each with the game's result.
pub fn self_play(variant: &Arc<Variant>, index: u32, play: SelfPlay) -> Vec<Sample> {
    let mut quiet = Vec::new();
    let game = play_game(variant, index, play, |pos, mv, _| {
        if !pos.is_check() && !pos.is_capture(mv) && mv.promotion().is_none() {
            quiet.push(pos.clone());
        }
    });
    let result = match game.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    };
    quiet
        .into_iter()
        .map(|position| Sample { position, result })
        .collect()
}

/// The win probability of an evaluation `e` (centipawns for White) at scale `k`.
fn probability(e: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e as f64 / 400.0))
}

/// The positions a fit reads: the samples of each variant of a surface family (each variant
/// evaluates its own on its own terrain, worked out once for every trial weight set).
pub struct Data(Vec<(Arc<Terrain>, Vec<Sample>)>);

impl Data {
    /// The samples of each variant.
    pub fn new(sets: Vec<(Arc<Variant>, Vec<Sample>)>) -> Data {
        Data(
            sets.into_iter()
                .map(|(variant, samples)| (Arc::new(Terrain::of(&variant)), samples))
                .collect(),
        )
    }

    /// The number of samples.
    pub fn len(&self) -> usize {
        self.0.iter().map(|(_, s)| s.len()).sum()
    }

    /// Whether there are no samples.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The mean squared difference between the evaluation's win probabilities and the results.
    pub fn error(&self, weights: Weights, k: f64) -> f64 {
        let mut total = 0.0;
        for (terrain, samples) in &self.0 {
            let eval = Evaluator::on(terrain.clone(), Style::Derived, weights);
            for s in samples {
                let e = eval.evaluate(&s.position);
                let white = if s.position.turn() == Color::White {
                    e
                } else {
                    -e
                };
                total += (probability(white, k) - s.result).powi(2);
            }
        }
        total / self.len().max(1) as f64
    }

    /// The scale `k` (0.1 to 3) at which `weights` best predict the results, to 0.01.
    pub fn fit_scale(&self, weights: Weights) -> f64 {
        let (mut lo, mut hi) = (0.1f64, 3.0f64);
        // The error is unimodal in k: narrow by thirds.
        while hi - lo > 0.01 {
            let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
            if self.error(weights, a) <= self.error(weights, b) {
                hi = b;
            } else {
                lo = a;
            }
        }
        (lo + hi) / 2.0
    }

    /// Fits the weights to these samples by coordinate descent from `start` at scale `k`
    /// (each weight tried one up, then one down, per pass), for at most `passes` passes. The
    /// samples of other games (`held_out`) decide when to stop: the weights returned are those
    /// of the pass that predicted them best, and the fit ends three passes after that stops
    /// improving (fitting the noise of a few thousand games) or when a pass changes nothing.
    pub fn fit(
        &self,
        held_out: &Data,
        start: Weights,
        k: f64,
        passes: u32,
        mut report: impl FnMut(Pass),
    ) -> Weights {
        let mut current = start;
        let mut current_error = self.error(current, k);
        let (mut kept, mut kept_error) = (start, held_out.error(start, k));
        let mut since_kept = 0;
        for number in 1..=passes {
            let mut changed = false;
            for i in 0..Weights::COUNT {
                for step in [1, -1] {
                    let mut trial = current;
                    trial.0[i] += step;
                    let e = self.error(trial, k);
                    if e < current_error {
                        (current, current_error, changed) = (trial, e, true);
                        break;
                    }
                }
            }
            let held = held_out.error(current, k);
            report(Pass {
                number,
                error: current_error,
                held_out: held,
                weights: current,
            });
            if held < kept_error {
                (kept, kept_error, since_kept) = (current, held, 0);
            } else {
                since_kept += 1;
            }
            if !changed || since_kept >= 3 {
                break;
            }
        }
        kept
    }
}

/// The progress of a fit, reported after each pass over the weights.
#[derive(Clone, Copy, Debug)]
pub struct Pass {
    /// The pass number, from 1.
    pub number: u32,
    /// The error on the fitted samples after the pass.
    pub error: f64,
    /// The error on the held-out samples.
    pub held_out: f64,
    /// The weights after the pass.
    pub weights: Weights,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded() -> Arc<Variant> {
        Arc::new(Variant::preset("folded", None).unwrap())
    }

    #[test]
    fn self_play_is_seeded_and_labels_quiet_positions_with_the_result() {
        let v = folded();
        let play = SelfPlay {
            nodes: 300,
            opening: 6,
            max_plies: 60,
            seed: 3,
            features: Features::ALL,
        };
        let a = self_play(&v, 0, play);
        let b = self_play(&v, 0, play);
        let other = self_play(&v, 1, play);
        assert!(!a.is_empty());
        assert_eq!(a.len(), b.len());
        assert!(a.iter().zip(&b).all(|(x, y)| x.position == y.position));
        assert!(a.iter().zip(&other).any(|(x, y)| x.position != y.position));
        assert!(a.iter().all(|s| !s.position.is_check()));
        assert!(a.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
    }

    /// The fitted scale is a minimum of the error, no pass raises it, and the weights kept are
    /// those that best predicted a game the fit did not see.
    #[test]
    fn the_fit_lowers_the_error() {
        let v = folded();
        let play = SelfPlay {
            nodes: 500,
            opening: 10,
            max_plies: 300,
            seed: 9,
            features: Features::ALL,
        };
        let samples: Vec<Sample> = (0..6).flat_map(|g| self_play(&v, g, play)).collect();
        assert!(
            samples.iter().any(|s| s.result != 0.5),
            "some game is decisive"
        );
        let held = Data::new(vec![(v.clone(), self_play(&v, 6, play))]);
        let data = Data::new(vec![(v, samples)]);
        let k = data.fit_scale(Weights::HAND);
        assert!((0.1..=3.0).contains(&k));
        let start = data.error(Weights::HAND, k);
        assert!(start <= data.error(Weights::HAND, k * 2.0));
        assert!(start <= data.error(Weights::HAND, k / 2.0));
        let mut passes = Vec::new();
        let fitted = data.fit(&held, Weights::HAND, k, 6, |p| passes.push(p));
        assert!(!passes.is_empty());
        assert!(passes.windows(2).all(|w| w[1].error <= w[0].error));
        assert!(data.error(fitted, k) <= start);
        // The weights kept are the pass's that predicted the held-out game best, or the start.
        let held_start = held.error(Weights::HAND, k);
        let best = passes
            .iter()
            .filter(|p| p.held_out < held_start)
            .min_by(|a, b| a.held_out.total_cmp(&b.held_out));
        assert_eq!(fitted, best.map_or(Weights::HAND, |p| p.weights));
    }
}
