//! Move ordering: the table's move, captures by the exchange, promotions, killers, the
//! counter-move, history; and what a quiet cut-off teaches them.

use super::*;

/// The ordering score of the counter-move: below the killers (90,000 and 100,000), above any
/// history (at most 80,000).
const COUNTER_SCORE: i32 = 85_000;

/// The index of the best-scored move from `from` on (the last of equal bests, as `max_by_key`
/// picks), for the selection sort that plays moves in order. The scan keeps its best by
/// selection rather than by a branch: which score is larger cannot be predicted, and that branch
/// was the search's most mispredicted.
pub(super) fn best_from(scores: &[i32], from: usize) -> usize {
    let Some(&first) = scores.get(from) else {
        return from;
    };
    let (mut best, mut top) = (from, first);
    for (k, &score) in scores.iter().enumerate().skip(from + 1) {
        let better = score >= top;
        best = std::hint::select_unpredictable(better, k, best);
        top = std::hint::select_unpredictable(better, score, top);
    }
    best
}

impl Engine {
    /// Scores `moves` for ordering into `scores` (reused, so no node allocates): the table's
    /// move, captures by value (losing ones, when `see`, after the quiet moves), promotions,
    /// killers, the counter-move, history.
    pub(super) fn order(
        &self,
        pos: &Position,
        moves: &[Move],
        (tt_move, ply, see): (Option<Move>, usize, bool),
        scores: &mut Vec<i32>,
    ) {
        let counter = self.counter_to(ply);
        scores.clear();
        scores.extend(moves.iter().map(|&mv| {
            if Some(mv) == tt_move {
                return 1_000_000;
            }
            let mut score = 0;
            if pos.is_capture(mv) {
                let victim = if mv.kind == MoveKind::EnPassant {
                    self.eval.value(Role::Pawn)
                } else {
                    pos.piece_at(mv.to)
                        .map(|p| self.eval.value(p.role))
                        .unwrap_or(0)
                };
                let attacker = pos
                    .piece_at(mv.from)
                    .map(|p| self.eval.value(p.role))
                    .unwrap_or(0);
                score += 200_000 + victim * 10 - attacker / 10;
                // A capture that loses material in the exchange comes after the quiet moves.
                if see
                    && self.features.has(Features::SEE)
                    && attacker > victim
                    && loses_material(pos, mv, &self.eval)
                {
                    score = -200_000 + victim;
                }
            }
            if let Some(role) = mv.promotion() {
                score += 150_000 + self.eval.value(role);
            }
            if score == 0 {
                if self.killers[ply][0] == Some(mv) {
                    score = 100_000;
                } else if self.killers[ply][1] == Some(mv) {
                    score = 90_000;
                } else if counter == Some(mv) {
                    score = COUNTER_SCORE;
                } else {
                    score = self.history[self.slot(mv)].min(80_000);
                }
            }
            score
        }));
    }

    /// The counter-move stored for the move that led to `ply`, if the technique is on.
    fn counter_to(&self, ply: usize) -> Option<Move> {
        if !self.features.has(Features::COUNTER) || ply == 0 {
            return None;
        }
        let prev = self.played[ply - 1]?;
        self.counters[self.slot(prev)]
    }

    /// Where `mv` is kept in the history and counter-move tables (by its from and to squares).
    fn slot(&self, mv: Move) -> usize {
        mv.from.index() * self.squares + mv.to.index()
    }

    /// A quiet move `mv` cut off at `ply` and `depth` after the quiet moves `tried` (itself
    /// among them): it becomes a killer and the counter-move of the move before, its history
    /// rises, and (with the history malus) the others' falls.
    pub(super) fn learn_cutoff(&mut self, mv: Move, ply: usize, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if self.features.has(Features::COUNTER) && ply > 0 {
            if let Some(prev) = self.played[ply - 1] {
                let at = self.slot(prev);
                self.counters[at] = Some(mv);
            }
        }
        let bonus = depth * depth;
        let at = self.slot(mv);
        self.history[at] = (self.history[at] + bonus).min(70_000);
        if self.features.has(Features::HISTORY) {
            // The quiet moves tried before it did not cut: a malus.
            for &m in tried.iter().filter(|&&m| m != mv) {
                let at = self.slot(m);
                self.history[at] = (self.history[at] - bonus).max(-70_000);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::best_from;

    /// The branch-free scan picks what `max_by_key` picks (the last of equal bests) from every
    /// start, on lists with many ties, and the start itself past the end.
    #[test]
    fn the_scan_picks_as_max_by_key() {
        let mut seed = 7u64;
        for len in 0..40 {
            let scores: Vec<i32> = (0..len)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 60) as i32 * 50_000 - 200_000
                })
                .collect();
            for from in 0..=len {
                let expected = (from..len).max_by_key(|&k| scores[k]).unwrap_or(from);
                assert_eq!(best_from(&scores, from), expected, "{scores:?} from {from}");
            }
        }
    }
}
