//! Puzzles that use the edges: positions with a forced mate whose solution is unique at every
//! move of the solver and crosses a glued edge or a pole on at least one of them.
//!
//! [`solve`] checks a position: the engine searches it for the two best moves; the best must mate
//! within the limit and the second must not mate as fast. The defender answers with the engine's
//! best defence and the check repeats until mate. A solver's move "uses an edge" when every path
//! it can take leaves the board's own plane (it cannot be made without crossing a seam) or jumps
//! over a pole; its themes name what the paths do.

use crate::eval::Style;
use crate::search::{mate_in, Engine, Limits, Search};
use topochess_core::paths::{move_paths, PathStep};
use topochess_core::{fen, Move, Position};

/// What a puzzle's solution shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A solver's move can only be made across a seam.
    EdgeCrossing,
    /// A solver's move turns on its path (a fold or a twist mirrors its heading).
    CornerBounce,
    /// A solver's move jumps over a pole.
    PoleJump,
}

impl Theme {
    /// The theme's name in text.
    pub fn name(self) -> &'static str {
        match self {
            Theme::EdgeCrossing => "edge-crossing",
            Theme::CornerBounce => "corner-bounce",
            Theme::PoleJump => "pole-jump",
        }
    }
}

/// A checked puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The position, solver to move.
    pub fen: String,
    /// The solution: the solver's moves and the defender's answers, ending in mate.
    pub solution: Vec<Move>,
    /// Moves to mate.
    pub mate_in: u32,
    /// What the solver's moves do on the surface (sorted, each once).
    pub themes: Vec<Theme>,
    /// An estimated rating: 400, plus 150 for each ply of search a fresh engine needs before
    /// the hardest of the solver's moves becomes and stays its choice, plus 200 for each move
    /// of the mate after the first.
    pub difficulty: u32,
}

/// How hard [`solve`] looks.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The longest mate accepted, in moves.
    pub max_mate: u32,
    /// Nodes per search.
    pub nodes: u64,
}

/// The themes of a path: whether it leaves the plane's board, turns, or jumps.
fn path_themes(path: &[PathStep], width: i32, height: i32) -> Vec<Theme> {
    let mut themes = Vec::new();
    let outside = path
        .iter()
        .any(|s| s.x < 0 || s.y < 0 || s.x >= width || s.y >= height);
    if outside {
        themes.push(Theme::EdgeCrossing);
    }
    if path.iter().any(|s| s.jump) {
        themes.push(Theme::PoleJump);
    }
    if path
        .windows(2)
        .skip(1)
        .any(|w| w[1].heading != w[0].heading && !w[1].jump)
    {
        themes.push(Theme::CornerBounce);
    }
    themes
}

/// The themes every path of `mv` shares (a move that may go round the board either way uses no
/// edge if one way stays on it).
fn move_themes(pos: &Position, mv: Move) -> Vec<Theme> {
    let size = pos.size();
    let (w, h) = (size.width() as i32, size.height() as i32);
    let paths = move_paths(pos, mv);
    let mut shared: Option<Vec<Theme>> = None;
    for path in &paths {
        let themes = path_themes(path, w, h);
        shared = Some(match shared {
            None => themes,
            Some(s) => s.into_iter().filter(|t| themes.contains(t)).collect(),
        });
    }
    shared.unwrap_or_default()
}

/// What one search of a position found.
struct Found {
    /// The best move and its score.
    best: (Move, i32),
    /// The second best move's score (absent with one legal move).
    second: Option<i32>,
    /// The first depth from which the best move stayed the best.
    settled: u32,
}

/// The two best moves of `pos`, searched to `depth` plies.
fn best_two(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    depth: u32,
    nodes: u64,
) -> Option<Found> {
    let mut limits = Limits::depth(depth);
    limits.lines = 2;
    limits.nodes = Some(nodes);
    let mut search = Search::new(pos.clone(), history.to_vec(), limits);
    let mut settled: Option<(Move, u32)> = None;
    let mut report = |info: &crate::Info| {
        if let Some(&mv) = info.pv.first() {
            if settled.is_none_or(|(m, _)| m != mv) {
                settled = Some((mv, info.depth));
            }
        }
    };
    engine
        .think(&mut search, &mut |_| false, &mut report)
        .ok()?;
    let lines = search.best()?.all_lines();
    let first = lines.first()?;
    let best = *first.pv.first()?;
    Some(Found {
        best: (best, first.score),
        second: lines.get(1).map(|l| l.score),
        settled: settled
            .filter(|&(m, _)| m == best)
            .map_or(depth, |(_, d)| d),
    })
}

/// The puzzle `pos` makes, if it has a forced mate within `check.max_mate` moves whose every
/// solver's move is the only one that mates as fast, and at least one of them uses an edge. The
/// position stands alone (no earlier positions count for repetitions) and a fresh engine
/// searches it, so the answer depends on nothing else.
pub fn solve(pos: &Position, check: Check) -> Option<Puzzle> {
    let engine = &mut Engine::new(pos.variant().clone(), Style::Derived, 16 << 20);
    let depth = 2 * check.max_mate;
    let mut history = Vec::new();
    let mut at = pos.clone();
    let mut solution = Vec::new();
    let mut themes = Vec::new();
    let mut mate = None;
    let mut settled = 1;
    loop {
        let found = best_two(engine, &at, &history, depth, check.nodes)?;
        let ((mv, score), second) = (found.best, found.second);
        let n = mate_in(score).filter(|&n| n > 0 && n as u32 <= check.max_mate)?;
        if mate.is_none() {
            mate = Some(n as u32);
        }
        settled = settled.max(found.settled);
        if second.and_then(mate_in).is_some_and(|m| m > 0 && m <= n) {
            return None;
        }
        themes.extend(move_themes(&at, mv));
        history.push(at.hash());
        at.play_unchecked(mv);
        solution.push(mv);
        let replies = at.legal_moves();
        if replies.is_empty() {
            break at.is_check().then_some(())?;
        }
        if n == 1 {
            // The engine said mate in one, but the move does not mate.
            return None;
        }
        let (reply, _) = best_two(engine, &at, &history, depth, check.nodes)?.best;
        history.push(at.hash());
        at.play_unchecked(reply);
        solution.push(reply);
    }
    if !themes.contains(&Theme::EdgeCrossing) && !themes.contains(&Theme::PoleJump) {
        return None;
    }
    themes.sort();
    themes.dedup();
    let mate_in = mate?;
    Some(Puzzle {
        fen: fen::write(pos),
        solution,
        mate_in,
        themes,
        difficulty: 400 + 150 * settled + 200 * (mate_in - 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::{san, Variant};

    const CHECK: Check = Check {
        max_mate: 2,
        nodes: 200_000,
    };

    fn mates(pos: &Position, mv: Move) -> bool {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        after.is_check() && after.legal_moves().is_empty()
    }

    /// A position from the engine's own folded games (found by `topochess puzzles`): the queen
    /// mates only by going over the edge, and only one move mates.
    #[test]
    fn a_unique_mate_over_the_fold_is_a_puzzle() {
        let v = Arc::new(Variant::preset("folded", None).unwrap());
        let pos = fen::parse_position(v.clone(), "8/5k2/p3p3/7p/8/K7/2r5/5q2 b - - 3 52").unwrap();
        let p = solve(&pos, CHECK).expect("a puzzle");
        assert_eq!(p.mate_in, 1);
        assert_eq!(p.solution.len(), 1);
        assert!(
            p.difficulty >= 550 && p.difficulty <= 400 + 150 * 2,
            "{}",
            p.difficulty
        );
        let mv = p.solution[0];
        assert_eq!(san::to_coordinate(&pos, mv), "f1a4");
        // Checked without the engine: this move mates, no other does, and it cannot be made
        // without leaving the board's own plane.
        let mating: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| mates(&pos, m))
            .collect();
        assert_eq!(mating, vec![mv]);
        let size = pos.size();
        let paths = move_paths(&pos, mv);
        assert!(!paths.is_empty());
        assert!(paths.iter().all(|path| path.iter().any(|s| s.x < 0
            || s.y < 0
            || s.x >= size.width() as i32
            || s.y >= size.height() as i32)));
        assert!(p.themes.contains(&Theme::EdgeCrossing));
        assert_eq!(p.fen, fen::write(&pos));
    }

    /// A back-rank mate on the flat board uses no edge; two mating moves are no puzzle either.
    #[test]
    fn flat_mates_and_ambiguous_mates_are_not_puzzles() {
        let flat = Arc::new(Variant::preset("standard", None).unwrap());
        let back_rank =
            fen::parse_position(flat.clone(), "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
        assert!(mates(
            &back_rank,
            back_rank
                .legal_moves()
                .into_iter()
                .find(|&m| san::to_coordinate(&back_rank, m) == "a1a8")
                .unwrap()
        ));
        assert_eq!(solve(&back_rank, CHECK), None);
        let v = Arc::new(Variant::preset("folded", None).unwrap());
        // The same folded position with a second rook: more than one move mates.
        let two =
            fen::parse_position(v.clone(), "8/5k2/p3p3/7p/8/K7/2r5/1r3q2 b - - 3 52").unwrap();
        let mating = two
            .legal_moves()
            .into_iter()
            .filter(|&m| mates(&two, m))
            .count();
        assert!(mating > 1, "{mating}");
        assert_eq!(solve(&two, CHECK), None);
    }
}
