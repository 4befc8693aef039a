//! The root of the search: each iteration's root moves in an aspiration window, the weak levels'
//! noisy root, and the principal variation read back from the table.

use super::*;

/// Moves `mv` to the front of `moves`, the others keeping their order.
fn to_front(moves: &mut [Move], mv: Move) {
    if let Some(i) = moves.iter().position(|&m| m == mv) {
        moves[..=i].rotate_right(1);
    }
}

impl Engine {
    /// The positions before the root (for repetitions), then the root.
    fn start_path(&mut self, s: &Search) {
        self.path.clear();
        self.path.extend(s.history.iter().copied());
        self.path.push(s.root.hash());
    }

    /// Stores the root's best move and exact score at `depth`.
    fn store_root(&mut self, s: &Search, best: Move, score: i32, depth: i32) {
        let key = s.root.hash();
        self.tt
            .store(key, Some(best), score, depth as i16, Bound::Exact, None);
    }

    pub(super) fn root(
        &mut self,
        s: &Search,
        moves: &mut [Move],
        depth: i32,
        ctx: &mut Ctx,
    ) -> Option<Info> {
        self.start_path(s);
        // The previous best first, then by the table's ordering.
        if let Some(&best) = s.best.as_ref().and_then(|i| i.pv.first()) {
            to_front(moves, best);
        }
        let previous = s.best.as_ref().map(|i| i.score);
        let (alpha, best_move) = self.aspirated(s, moves, depth, previous, ctx)?;
        self.store_root(s, best_move, alpha, depth);
        Some(Info {
            depth: depth as u32,
            score: alpha,
            nodes: self.nodes,
            pv: self.principal_variation(&s.root, best_move, depth as usize),
            lines: Vec::new(),
        })
    }

    /// Multi-PV: line k is the best of the root moves that are not the first move of lines 1
    /// to k-1, each searched in its own aspiration window around its last score. The lines
    /// are returned best first (a later line may come out better than an earlier one).
    pub(super) fn multi_root(
        &mut self,
        s: &Search,
        moves: &mut [Move],
        depth: i32,
        ctx: &mut Ctx,
    ) -> Option<Info> {
        self.start_path(s);
        let count = s.limits.lines.min(moves.len());
        let previous: &[Line] = s.best.as_ref().map_or(&[], |i| &i.lines);
        for line in previous.iter().take(count).rev() {
            if let Some(&first) = line.pv.first() {
                to_front(moves, first);
            }
        }
        let mut lines = Vec::with_capacity(count);
        for k in 0..count {
            let last = previous.get(k).map(|l| l.score);
            let Some((score, mv)) = self.aspirated(s, &mut moves[k..], depth, last, ctx) else {
                // A first line already searched is the iteration's best move so far.
                if let Some(first) = lines.first().map(|l: &Line| (l.score, l.pv[0])) {
                    self.partial = Some(first);
                }
                return None;
            };
            to_front(&mut moves[k..], mv);
            if k == 0 {
                self.store_root(s, mv, score, depth);
            }
            lines.push(Line {
                score,
                pv: self.principal_variation(&s.root, mv, depth as usize),
            });
        }
        // Best first (an insertion sort: at most a handful of lines).
        for i in 1..lines.len() {
            let mut j = i;
            while j > 0 && lines[j - 1].score < lines[j].score {
                lines.swap(j - 1, j);
                j -= 1;
            }
        }
        for (k, line) in lines.iter().enumerate() {
            to_front(&mut moves[k..], line.pv[0]);
        }
        Some(Info {
            depth: depth as u32,
            score: lines[0].score,
            nodes: self.nodes,
            pv: lines[0].pv.clone(),
            lines,
        })
    }

    /// The best of `moves` and its score, searched in an aspiration window: a narrow window
    /// around the `previous` score, widened while the score falls outside it.
    fn aspirated(
        &mut self,
        s: &Search,
        moves: &mut [Move],
        depth: i32,
        previous: Option<i32>,
        ctx: &mut Ctx,
    ) -> Option<(i32, Move)> {
        let previous = previous.filter(|sc| sc.abs() < MATE - MAX_PLY as i32);
        let mut window = match previous {
            Some(_) if depth >= 4 && self.features.has(Features::ASPIRATION) => 35,
            _ => INF,
        };
        loop {
            let centre = previous.unwrap_or(0);
            let (lo, hi) = if window >= INF {
                (-INF, INF)
            } else {
                ((centre - window).max(-INF), (centre + window).min(INF))
            };
            let (score, best) = self.root_window(s, moves, depth, lo, hi, ctx)?;
            if (score <= lo && lo > -INF) || (score >= hi && hi < INF) {
                window = if window >= 500 { INF } else { window * 3 };
                to_front(moves, best);
                continue;
            }
            return Some((score, best));
        }
    }

    /// The root moves searched in the window (`lo`, `hi`): the best score (at most `lo` when
    /// every move fails low, at least `hi` on a cut-off) and its move; none when stopped.
    fn root_window(
        &mut self,
        s: &Search,
        moves: &[Move],
        depth: i32,
        lo: i32,
        beta: i32,
        ctx: &mut Ctx,
    ) -> Option<(i32, Move)> {
        let mut alpha = lo;
        let mut best_score = -INF;
        let mut best_move = moves[0];
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = s.root.clone();
            child.play_unchecked(mv);
            self.played[0] = Some(mv);
            self.path.push(child.hash());
            // The first move in the full window; the others in a null window first, and again
            // in full when they beat alpha.
            let null = (i > 0).then(|| {
                -self.negamax(
                    &child,
                    depth - 1,
                    -alpha - 1,
                    -alpha,
                    Node::root_child(false),
                    ctx,
                )
            });
            let score = match null {
                Some(sc) if sc <= alpha || self.aborted => sc,
                _ => -self.negamax(
                    &child,
                    depth - 1,
                    -beta,
                    -alpha,
                    Node::root_child(true),
                    ctx,
                ),
            };
            self.path.pop();
            if self.aborted {
                return None;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    alpha = score;
                    best_move = mv;
                    if i > 0 {
                        self.partial = Some((score, mv));
                    }
                }
                if score >= beta {
                    break;
                }
            }
        }
        Some((best_score, best_move))
    }

    /// The weak levels: every root move gets its own full-window score, then an error is added
    /// and now and then a move is picked at random.
    pub(super) fn noisy_root(
        &mut self,
        s: &Search,
        moves: &mut [Move],
        depth: i32,
        ctx: &mut Ctx,
    ) -> Option<Info> {
        self.start_path(s);
        let mut dice =
            crate::Dice::new(s.limits.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (depth as u64));
        let mut best: Option<(i32, i32, Move)> = None;
        for &mv in moves.iter() {
            let mut child = s.root.clone();
            child.play_unchecked(mv);
            self.played[0] = Some(mv);
            self.path.push(child.hash());
            let score = -self.negamax(&child, depth - 1, -INF, INF, Node::root_child(true), ctx);
            self.path.pop();
            if self.aborted {
                return None;
            }
            let error = if s.limits.noise > 0 {
                dice.below(2 * s.limits.noise as usize + 1) as i32 - s.limits.noise
            } else {
                0
            };
            let noisy = if score.abs() >= MATE - MAX_PLY as i32 {
                score
            } else {
                score + error
            };
            if best.is_none_or(|(b, _, _)| noisy > b) {
                best = Some((noisy, score, mv));
            }
        }
        let (_, mut score, mut mv) = best?;
        if dice.below(1000) < s.limits.blunders as usize {
            mv = moves[dice.below(moves.len())];
            score = 0;
        }
        Some(Info {
            depth: depth as u32,
            score,
            nodes: self.nodes,
            pv: vec![mv],
            lines: Vec::new(),
        })
    }

    pub(super) fn principal_variation(
        &self,
        root: &Position,
        first: Move,
        depth: usize,
    ) -> Vec<Move> {
        let mut pv = vec![first];
        let mut pos = root.clone();
        pos.play_unchecked(first);
        let mut seen = vec![root.hash(), pos.hash()];
        while pv.len() < depth.max(1) {
            let Some(mv) = self.tt.probe(pos.hash()).and_then(|e| e.best) else {
                break;
            };
            if !pos.legal_moves().contains(&mv) {
                break;
            }
            pos.play_unchecked(mv);
            if seen.contains(&pos.hash()) {
                pv.push(mv);
                break;
            }
            seen.push(pos.hash());
            pv.push(mv);
        }
        pv
    }
}
