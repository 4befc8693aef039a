//! The quiescence search: captures and promotions until the position is quiet, evasions when in
//! check in its first plies, losing captures left out.

use super::*;

impl Engine {
    /// The score of `pos` at `node` in the window (`alpha`, `beta`) once it is quiet, `qply`
    /// plies into quiescence.
    pub(super) fn quiescence(
        &mut self,
        pos: &Position,
        mut alpha: i32,
        beta: i32,
        node: Node,
        qply: u32,
        ctx: &mut Ctx,
    ) -> i32 {
        let Node { ply, check, .. } = node;
        self.tick(ctx);
        if self.aborted {
            return 0;
        }
        if ply >= MAX_PLY {
            return self.evaluate(pos);
        }
        if qply >= 10 {
            return self.evaluate(pos);
        }
        // The table's bucket and the evaluation's slot are asked for first and read after the
        // check test (the bucket after the static evaluation), which gives them the time to
        // arrive from memory.
        let probe = self.features.has(Features::QS_TT);
        if probe {
            self.tt.prefetch(pos.hash());
        }
        self.evals.prefetch(pos.hash());
        // Evasions are searched in the first quiescence plies only.
        let in_check = qply < 4 && check.unwrap_or_else(|| pos.is_check());
        let stand_pat = if in_check { -INF } else { self.evaluate(pos) };
        if probe {
            if let Some(score) = self
                .tt
                .probe(pos.hash())
                .and_then(|e| cutoff(e, ply, alpha, beta))
            {
                return score;
            }
        }
        if stand_pat >= beta {
            return stand_pat;
        }
        alpha = alpha.max(stand_pat);
        let mut work = std::mem::take(&mut self.plies[ply]);
        let Ply {
            moves,
            scores,
            child,
            ..
        } = &mut work;
        if in_check {
            pos.legal_moves_into(moves);
            if moves.is_empty() {
                self.plies[ply] = work;
                return -MATE + ply as i32;
            }
        } else {
            // Only captures and promotions are generated (a stalemate here goes unseen, as in
            // most engines: the main search finds it).
            pos.legal_noisy_moves_into(moves);
            moves.retain(|&m| pos.is_capture(m) || m.promotion() == Some(Role::Queen));
        }
        // Losing captures are left out below, so they need no ordering of their own.
        self.order(pos, moves, (None, ply, false), scores);
        let child = child.get_or_insert_with(|| Box::new(pos.clone()));
        let mut best = stand_pat;
        for i in 0..moves.len() {
            let j = ordering::best_from(scores, i);
            moves.swap(i, j);
            scores.swap(i, j);
            let mv = moves[i];
            if !in_check {
                let victim = pos
                    .piece_at(mv.to)
                    .map(|p| self.eval.value(p.role))
                    .unwrap_or(100);
                let gain = victim + mv.promotion().map(|r| self.eval.value(r)).unwrap_or(0);
                if stand_pat + gain + 200 < alpha {
                    continue;
                }
                // A losing capture: a more valuable piece takes a defended lesser one.
                let attacker = pos
                    .piece_at(mv.from)
                    .map(|p| self.eval.value(p.role))
                    .unwrap_or(0);
                let losing = if self.features.has(Features::SEE) {
                    attacker > victim && loses_material(pos, mv, &self.eval)
                } else {
                    attacker > victim
                        && mv.promotion().is_none()
                        && pos.attacked_by(mv.to, !pos.turn())
                };
                if losing {
                    continue;
                }
            }
            pos.play_into(mv, child);
            let score =
                -self.quiescence(child, -beta, -alpha, node.child(false, None), qply + 1, ctx);
            if self.aborted {
                self.plies[ply] = work;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.plies[ply] = work;
        best
    }
}
