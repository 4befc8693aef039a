//! The worker's side of a game review: every position of a line searched in turn to a fixed
//! node budget, in the worker's time slices, each reported as soon as it is done. The same game
//! gets the same review: the engine starts it with nothing learnt, and a position's search is
//! never paused (a paused search starts its iteration again, so where a time slice happened to
//! end would change the result); slices end between positions (50,000 nodes each, a few dozen
//! milliseconds).

use crate::messages::{GameSpec, Response};
use topochess_core::{san, Position};
use topochess_search::{mate_in, Engine, Limits, Search, Status, MATE};

/// A review in progress.
pub(crate) struct ReviewJob {
    /// The job's id.
    pub id: u32,
    /// The positions still to search, with their ply and the hashes before them, next first.
    queue: std::collections::VecDeque<(usize, Position, Vec<u64>)>,
    /// The position being searched.
    current: Option<(usize, Box<Search>)>,
    /// Nodes searched in each position.
    nodes: u64,
    /// Whether the engine has been cleared for this review.
    started: bool,
}

impl ReviewJob {
    /// A review of the positions of `game` from ply `from` on, `nodes` nodes each.
    pub fn new(id: u32, game: &GameSpec, nodes: u64, from: usize) -> Result<ReviewJob, String> {
        let positions = game.positions()?;
        let hashes: Vec<u64> = positions.iter().map(Position::hash).collect();
        let queue = positions
            .into_iter()
            .enumerate()
            .skip(from)
            .map(|(ply, pos)| (ply, pos, hashes[..ply].to_vec()))
            .collect();
        Ok(ReviewJob {
            id,
            queue,
            current: None,
            nodes,
            started: false,
        })
    }

    /// The variant's engine is needed for the positions left, if any.
    pub fn variant(&self) -> Option<std::sync::Arc<topochess_core::Variant>> {
        self.current
            .as_ref()
            .map(|(_, s)| s.root().variant().clone())
            .or_else(|| self.queue.front().map(|(_, p, _)| p.variant().clone()))
    }

    /// Searches until `now()` passes `slice_end`, sending each finished position; returns
    /// whether the review is done.
    pub fn work(
        &mut self,
        engine: &mut Engine,
        slice_end: f64,
        now: impl Fn() -> f64,
        mut send: impl FnMut(Response),
    ) -> bool {
        if !self.started {
            engine.clear();
            self.started = true;
        }
        loop {
            let (ply, mut search) = match self.current.take() {
                Some(current) => current,
                None => match self.queue.pop_front() {
                    None => return true,
                    Some((ply, pos, _)) if !pos.has_legal_move() => {
                        // Nothing to search: mated (the side to move lost) or a draw.
                        let mated = pos.is_check();
                        send(self.reviewed(ply, if mated { -MATE } else { 0 }, None, &pos));
                        continue;
                    }
                    Some((ply, pos, history)) => {
                        let limits = Limits {
                            nodes: Some(self.nodes),
                            ..Limits::depth(topochess_search::MAX_DEPTH)
                        };
                        (ply, Box::new(Search::new(pos, history, limits)))
                    }
                },
            };
            match engine.think(&mut search, &mut |_| false, &mut |_| {}) {
                Ok(Status::Finished) => {
                    let (score, best) = search
                        .best()
                        .map_or((0, None), |i| (i.score, i.pv.first().copied()));
                    let root = search.root().clone();
                    send(self.reviewed(ply, score, best, &root));
                }
                Ok(Status::Paused) => {
                    self.current = Some((ply, search));
                    return false;
                }
                Err(_) => return true,
            }
            if now() >= slice_end {
                return self.current.is_none() && self.queue.is_empty();
            }
        }
    }

    fn reviewed(
        &self,
        ply: usize,
        score: i32,
        best: Option<topochess_core::Move>,
        pos: &Position,
    ) -> Response {
        Response::Reviewed {
            job: self.id,
            ply,
            score,
            mate: mate_in(score),
            best: best.map(|mv| san::to_coordinate(pos, mv)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use std::sync::Arc;
    use topochess_core::Variant;
    use topochess_search::Style;

    /// The review of `game` with slices of `slice` positions' worth of clock, by an engine that
    /// searched `before` first.
    fn review(game: &GameSpec, before: &str, slice: f64) -> Vec<Response> {
        let variant = Arc::new(Variant::preset(&game.variant, None).unwrap());
        let mut engine = Engine::new(variant.clone(), Style::Derived, 1 << 20);
        let warm = topochess_core::fen::parse_position(variant, before).unwrap();
        let mut search = Search::new(warm, Vec::new(), Limits::depth(5));
        let _ = engine.think(&mut search, &mut |_| false, &mut |_| {});
        let mut job = ReviewJob::new(1, game, 20_000, 0).unwrap();
        let clock = Cell::new(0.0);
        let mut out = Vec::new();
        loop {
            let slice_end = clock.get() + slice;
            let now = || {
                clock.set(clock.get() + 1.0);
                clock.get()
            };
            if job.work(&mut engine, slice_end, now, |r| out.push(r)) {
                return out;
            }
        }
    }

    #[test]
    fn the_same_game_gets_the_same_review_however_it_is_sliced() {
        let game = GameSpec {
            variant: "folded".into(),
            castling: "none".into(),
            start_fen: Variant::preset("folded", None).unwrap().start_fen(),
            moves: [
                "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "f3g5", "d7d5",
            ]
            .map(String::from)
            .to_vec(),
        };
        let once = review(&game, "4k3/8/8/8/8/8/8/4K2N w - - 0 1", 1.5);
        let again = review(&game, "4k3/3n4/8/8/8/8/8/4K3 b - - 0 1", 7.0);
        assert_eq!(once.len(), 9);
        assert_eq!(once, again);
    }
}
