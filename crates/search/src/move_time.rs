//! How long a move is thought about, as strong engines spend time: a move's budget is its hard
//! limit, but no new iteration starts once a share of it is gone, and that share follows how
//! settled the search is. A best move that has stayed the best for several iterations with a
//! steady score moves early; one that has just changed, or a score that is falling, gets more
//! time; the first moves of a game, where little is at stake, get less. The caller reads the
//! clock and asks [`MoveTime::enough`] between iterations (the search itself reads no clock).

use crate::search::Info;
use topochess_core::Move;

/// The share of the budget after which no new iteration starts, for a search of middling
/// stability; each iteration takes a few times the one before, so the last one started still
/// ends within the budget.
const BASE: f64 = 0.3;

/// The least and most of the budget the soft limit is set to.
const LEAST: f64 = 0.08;
const MOST: f64 = 0.55;

/// Plies of a game counted as its opening (less time).
const OPENING_PLIES: usize = 12;

/// A move's time, from its budget and the iterations reported so far.
#[derive(Clone, Debug)]
pub struct MoveTime {
    budget_ms: f64,
    ply: usize,
    best: Option<Move>,
    /// Iterations in a row whose best move was the same.
    stable: u32,
    score: Option<i32>,
    /// How far the score fell in the last iteration (centipawns, 0 when it rose).
    fall: i32,
}

impl MoveTime {
    /// The time of a move of a game at `ply` (plies played before it) with `budget_ms` at most.
    pub fn new(budget_ms: f64, ply: usize) -> MoveTime {
        MoveTime {
            budget_ms,
            ply,
            best: None,
            stable: 0,
            score: None,
            fall: 0,
        }
    }

    /// Hears of a finished iteration.
    pub fn iteration(&mut self, info: &Info) {
        let best = info.pv.first().copied();
        if best.is_some() && best == self.best {
            self.stable += 1;
        } else {
            self.stable = 0;
        }
        self.best = best;
        self.fall = self.score.map_or(0, |before| (before - info.score).max(0));
        self.score = Some(info.score);
    }

    /// The milliseconds after which no new iteration starts.
    pub fn soft_ms(&self) -> f64 {
        // Changed just now: more; the same for four iterations or more: less.
        let stability = match self.stable {
            0 => 1.6,
            1 => 1.2,
            2 => 1.0,
            3 => 0.75,
            _ => 0.5,
        };
        // A falling score is a problem being found: look at it longer.
        let falling = 1.0 + (self.fall as f64 / 100.0).min(1.0);
        let opening = if self.ply < OPENING_PLIES { 0.6 } else { 1.0 };
        let share = (BASE * stability * falling * opening).clamp(LEAST, MOST);
        self.budget_ms * share
    }

    /// Whether no new iteration should start, `elapsed_ms` into the move.
    pub fn enough(&self, elapsed_ms: f64) -> bool {
        elapsed_ms >= self.soft_ms()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_core::{MoveKind, Square};

    fn info(best: u8, score: i32) -> Info {
        Info {
            depth: 1,
            score,
            nodes: 0,
            pv: vec![Move {
                from: Square(best),
                to: Square(best + 8),
                kind: MoveKind::Normal,
            }],
            lines: Vec::new(),
        }
    }

    #[test]
    fn a_settled_best_move_moves_early_and_an_unsettled_one_thinks_longer() {
        let mut settled = MoveTime::new(10_000.0, 30);
        for _ in 0..6 {
            settled.iteration(&info(1, 20));
        }
        let mut unsettled = MoveTime::new(10_000.0, 30);
        for i in 0..6 {
            unsettled.iteration(&info(i, 20));
        }
        assert!(settled.soft_ms() < 2_000.0, "{}", settled.soft_ms());
        assert!(unsettled.soft_ms() > 4_000.0, "{}", unsettled.soft_ms());
        assert!(settled.enough(2_000.0) && !unsettled.enough(2_000.0));
    }

    #[test]
    fn a_falling_score_gets_more_time_and_the_opening_less() {
        let mut steady = MoveTime::new(10_000.0, 30);
        let mut falling = MoveTime::new(10_000.0, 30);
        for (s, f) in [(20, 20), (20, -40), (20, -120)] {
            steady.iteration(&info(1, s));
            falling.iteration(&info(1, f));
        }
        assert!(falling.soft_ms() > steady.soft_ms());
        let mut opening = MoveTime::new(10_000.0, 2);
        for _ in 0..3 {
            opening.iteration(&info(1, 20));
        }
        assert!(opening.soft_ms() < steady.soft_ms());
        // Never more than a little over half the budget, never less than a sliver of it.
        for t in [&steady, &falling, &opening] {
            assert!((800.0..=5_500.0).contains(&t.soft_ms()), "{}", t.soft_ms());
        }
    }
}
