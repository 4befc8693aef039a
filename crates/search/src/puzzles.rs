//! Puzzles that use the edges: positions with a forced mate, or a decisive gain of material,
//! whose solution is unique at every move of the solver and crosses a glued edge or a pole on at
//! least one of them.
//!
//! [`solve`] checks a position for a mate: the engine searches it for the two best moves; the
//! best must mate within the limit and the second must not mate as fast. The defender answers
//! with the engine's best defence and the check repeats until mate. [`solve_material`] checks it
//! for a gain: the best move must win (by the engine's score) and the second must score a margin
//! less, at every solver's move, until the material won (counted after the defender's best
//! answer) reaches a minor piece. Both then prove the line the only one by exhaustive search
//! ([`prove_unique`]), as lichess keeps a puzzle only when each of the solver's moves is the only
//! one that wins. A solver's move "uses an edge" when every path it can take
//! leaves the board's own plane (it cannot be made without crossing a seam) or jumps over a pole;
//! its themes name what the paths do, and the tactics the moves show (fork, pin, skewer).

use crate::eval::Style;
use crate::features::Features;
use crate::proof;
use crate::search::{mate_in, Engine, Limits, Search};
use crate::tactics::{balance, tactics, Tactic};
use crate::weights::Weights;
use topochess_core::paths::{move_paths, PathStep};
use topochess_core::{fen, Dir, Move, Position};

/// What a puzzle's solution shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A solver's move can only be made across a seam.
    EdgeCrossing,
    /// A solver's move turns on its path (a fold or a twist mirrors its heading).
    CornerBounce,
    /// A solver's move jumps over a pole.
    PoleJump,
    /// A solver's move attacks two targets at once.
    Fork,
    /// A solver's move pins a piece to a more valuable one.
    Pin,
    /// A solver's move attacks a valuable piece with a lesser one behind.
    Skewer,
}

impl Theme {
    /// The theme's name in text.
    pub fn name(self) -> &'static str {
        match self {
            Theme::EdgeCrossing => "edge-crossing",
            Theme::CornerBounce => "corner-bounce",
            Theme::PoleJump => "pole-jump",
            Theme::Fork => "fork",
            Theme::Pin => "pin",
            Theme::Skewer => "skewer",
        }
    }
}

/// What a puzzle asks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Mate in this many moves.
    Mate(u32),
    /// Win material in this many moves.
    Material(u32),
}

impl Goal {
    /// The goal's tag: `mate-in-2`, `material-in-1`.
    pub fn tag(self) -> String {
        match self {
            Goal::Mate(n) => format!("mate-in-{n}"),
            Goal::Material(n) => format!("material-in-{n}"),
        }
    }

    /// The goal a tag names.
    pub fn from_tag(tag: &str) -> Option<Goal> {
        if let Some(n) = tag.strip_prefix("mate-in-") {
            return n.parse().ok().map(Goal::Mate);
        }
        tag.strip_prefix("material-in-")?
            .parse()
            .ok()
            .map(Goal::Material)
    }

    /// The solver's moves.
    pub fn moves(self) -> u32 {
        match self {
            Goal::Mate(n) | Goal::Material(n) => n,
        }
    }
}

/// A checked puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    /// The position, solver to move.
    pub fen: String,
    /// The solution: the solver's moves and the defender's answers, ending in mate or with the
    /// solver's move that wins the material.
    pub solution: Vec<Move>,
    /// What it asks.
    pub goal: Goal,
    /// What the solver's moves do on the surface (sorted, each once).
    pub themes: Vec<Theme>,
    /// An estimated rating: 400, plus 150 for each ply of search a fresh engine needs before
    /// the hardest of the solver's moves becomes and stays its choice, plus 200 for each
    /// solver's move after the first.
    pub difficulty: u32,
}

/// How hard [`solve`] looks.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The longest solution accepted, in the solver's moves.
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
    if path.windows(2).skip(1).any(|w| {
        w[1].heading != w[0].heading && !w[1].jump && !knights_turn(w[0].heading, w[1].heading)
    }) {
        themes.push(Theme::CornerBounce);
    }
    themes
}

/// Whether heading `b` after `a` is a knight's own turn, which it makes on every board: an
/// orthogonal step, then a diagonal one that goes on outward. Not a bounce.
fn knights_turn(a: Dir, b: Dir) -> bool {
    let orthogonal = (a.dx == 0) != (a.dy == 0);
    let diagonal = b.dx != 0 && b.dy != 0;
    orthogonal && diagonal && (a.dx == 0 || a.dx == b.dx) && (a.dy == 0 || a.dy == b.dy)
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

/// The two best moves of `pos`, searched to `depth` plies. The defender's reply is searched
/// the same way: the shipped set was made so, and a one-line search picks another defence in
/// 2 of its 472 puzzles (so the set would have to be made again).
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

/// Checks positions for puzzles with one engine, cleared before each position (and made anew
/// only when the variant changes), so each answer depends on the position alone.
#[derive(Default)]
pub struct Solver {
    engine: Option<Engine>,
}

impl Solver {
    /// A solver; its engine is made for the first position's variant.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// The engine for `pos`, with nothing learnt from earlier positions.
    fn engine(&mut self, pos: &Position) -> &mut Engine {
        match &mut self.engine {
            Some(e) if e.plays(pos.variant()) => e.clear(),
            slot => {
                let variant = pos.variant().clone();
                let weights = Weights::for_puzzles(variant.surface());
                let mut engine = Engine::weighted(variant, Style::Derived, weights, 16 << 20);
                engine.set_features(Features::PUZZLES);
                *slot = Some(engine);
            }
        }
        self.engine.as_mut().expect("made above")
    }

    /// The puzzle `pos` makes, if it has a forced mate within `check.max_mate` moves whose
    /// every solver's move is the only one that mates as fast, and at least one of them uses an
    /// edge. The position stands alone (no earlier positions count for repetitions).
    pub fn solve(&mut self, pos: &Position, check: Check) -> Option<Puzzle> {
        solve(self.engine(pos), pos, check)
    }

    /// The material puzzle `pos` makes ([`Solver::solve`]'s rules, a material goal): see
    /// [`GAIN`], [`WINNING`] and [`MARGIN`].
    pub fn solve_material(&mut self, pos: &Position, check: Check) -> Option<Puzzle> {
        solve_material(self.engine(pos), pos, check)
    }
}

/// [`Solver::solve`] on a cleared engine of `pos`'s variant.
fn solve(engine: &mut Engine, pos: &Position, check: Check) -> Option<Puzzle> {
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
        themes.extend(solver_themes(&at, mv));
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
    let mate_in = mate?;
    prove_unique(pos, &solution, Goal::Mate(mate_in)).ok()?;
    let themes = solution_themes(pos, &solution);
    Some(Puzzle {
        fen: fen::write(pos),
        solution,
        goal: Goal::Mate(mate_in),
        themes,
        difficulty: 400 + 150 * settled + 200 * (mate_in - 1),
    })
}

/// The themes of the solver's move `mv` in `at`: what its paths do and the tactics it shows.
fn solver_themes(at: &Position, mv: Move) -> Vec<Theme> {
    let mut themes = move_themes(at, mv);
    themes.extend(tactics(at, mv).into_iter().map(|t| match t {
        Tactic::Fork => Theme::Fork,
        Tactic::Pin => Theme::Pin,
        Tactic::Skewer => Theme::Skewer,
    }));
    themes
}

/// The themes of a puzzle whose solution (solver's moves and answers) is `solution` from `pos`:
/// what each solver's move's paths do and the tactics it shows, sorted, each once.
pub fn solution_themes(pos: &Position, solution: &[Move]) -> Vec<Theme> {
    let mut at = pos.clone();
    let mut themes = Vec::new();
    for (i, &mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            themes.extend(solver_themes(&at, mv));
        }
        at.play_unchecked(mv);
    }
    themes.sort();
    themes.dedup();
    themes
}

/// Proves by exhaustive search ([`crate::proof`]: every move tried, nothing pruned or reduced)
/// that `solution` is the puzzle's only one: at each solver's move, the move played mates within
/// the moves left and no other move does (a mate); or (material) the solution's first move wins
/// at least [`GAIN`] over the start within the goal's moves, the defender's every answer tried
/// and the captures after the last one played out, and at each solver's move no other move keeps
/// the gain the solution wins. Says which move fails, and why, otherwise.
pub fn prove_unique(pos: &Position, solution: &[Move], goal: Goal) -> Result<(), String> {
    let Some(&first) = solution.first() else {
        return Err("the solution is empty".into());
    };
    let start = balance(pos, pos.turn());
    // The material the solution wins, in whole pawns (every piece's value is a multiple).
    let mut target = start + GAIN;
    if let Goal::Material(n) = goal {
        if !proof::move_keeps_gain(pos, first, n, target) {
            return Err(format!("the solution does not win {GAIN} within {n} moves"));
        }
        if proof::move_forces_mate(pos, first, n) {
            return Err(format!(
                "the solution mates within {n} moves: a mate puzzle"
            ));
        }
        while proof::move_keeps_gain(pos, first, n, target + 100) {
            target += 100;
        }
    }
    let mut at = pos.clone();
    for (i, &mv) in solution.iter().enumerate() {
        if i % 2 == 0 {
            let left = goal.moves().saturating_sub(i as u32 / 2);
            let winning = match goal {
                Goal::Mate(_) => proof::mating_moves(&at, left),
                Goal::Material(_) => proof::gaining_moves(&at, left, target),
            };
            if winning != [mv] {
                let named: Vec<String> = winning
                    .iter()
                    .map(|&m| topochess_core::san::to_san(&at, m))
                    .collect();
                return Err(format!(
                    "solver's move {} ({}): the moves that reach the goal within {left} are [{}]",
                    i / 2 + 1,
                    topochess_core::san::to_san(&at, mv),
                    named.join(", ")
                ));
            }
        }
        at.play_unchecked(mv);
    }
    Ok(())
}

/// The least gain a material puzzle wins: a minor piece (a pawn's hundredths).
pub const GAIN: i32 = 300;

/// The least score (the engine's, for the solver) of a winning move in a material puzzle.
const WINNING: i32 = 250;

/// How much less than the best the second move must score.
const MARGIN: i32 = 200;

/// The puzzle `pos` makes, if the side to move wins at least [`GAIN`] of material within
/// `check.max_mate` moves, its every move the only winning one (the next best scores
/// [`MARGIN`] less), at least one of them using an edge, and no mate on the way (that is the
/// other kind). The material is counted after the defender's best answer to the last move.
fn solve_material(engine: &mut Engine, pos: &Position, check: Check) -> Option<Puzzle> {
    let depth = 2 * check.max_mate + 4;
    let me = pos.turn();
    let start = balance(pos, me);
    let mut history = Vec::new();
    let mut at = pos.clone();
    let mut solution = Vec::new();
    let mut themes = Vec::new();
    let mut settled = 1;
    for moves in 1..=check.max_mate {
        let found = best_two(engine, &at, &history, depth, check.nodes)?;
        let ((mv, score), second) = (found.best, found.second);
        if mate_in(score).is_some() || score < WINNING {
            return None;
        }
        if second.is_some_and(|s| s > score - MARGIN) {
            return None;
        }
        settled = settled.max(found.settled);
        themes.extend(solver_themes(&at, mv));
        history.push(at.hash());
        at.play_unchecked(mv);
        solution.push(mv);
        if !at.has_legal_move() {
            return None;
        }
        let (reply, _) = best_two(engine, &at, &history, depth, check.nodes)?.best;
        let mut answered = at.clone();
        answered.play_unchecked(reply);
        if balance(&answered, me) >= start + GAIN {
            if !themes.contains(&Theme::EdgeCrossing) && !themes.contains(&Theme::PoleJump) {
                return None;
            }
            prove_unique(pos, &solution, Goal::Material(moves)).ok()?;
            let themes = solution_themes(pos, &solution);
            return Some(Puzzle {
                fen: fen::write(pos),
                solution,
                goal: Goal::Material(moves),
                themes,
                difficulty: 400 + 150 * settled + 200 * (moves - 1),
            });
        }
        history.push(at.hash());
        at = answered;
        solution.push(reply);
    }
    None
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
        let p = Solver::new().solve(&pos, CHECK).expect("a puzzle");
        assert_eq!(p.goal, Goal::Mate(1));
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
        assert_eq!(Solver::new().solve(&back_rank, CHECK), None);
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
        assert_eq!(Solver::new().solve(&two, CHECK), None);
    }

    /// A gain from the engine's own folded games (found by `topochess puzzles --material`): the
    /// rook on a8 takes the bishop on h8 by going round the back rank's seam, and nothing else
    /// wins as much. It is no mate puzzle; on the flat board the same capture is no puzzle.
    #[test]
    fn a_unique_gain_over_the_seam_is_a_material_puzzle() {
        let text = "r1b4B/3k1p1p/8/p2p2b1/2p2p2/N5nR/PPPPP2R/4K3 b - - 0 19";
        let v = Arc::new(Variant::preset("folded", None).unwrap());
        let pos = fen::parse_position(v, text).unwrap();
        let check = Check {
            max_mate: 3,
            nodes: 200_000,
        };
        let p = Solver::new().solve_material(&pos, check).expect("a puzzle");
        assert_eq!(p.goal, Goal::Material(1));
        assert_eq!(san::to_coordinate(&pos, p.solution[0]), "a8h8");
        assert!(p.themes.contains(&Theme::EdgeCrossing));
        let mut after = pos.clone();
        after.play_unchecked(p.solution[0]);
        assert!(balance(&after, pos.turn()) >= balance(&pos, pos.turn()) + GAIN);
        assert_eq!(Solver::new().solve(&pos, check), None);
        let flat = Arc::new(Variant::preset("standard", None).unwrap());
        let flat = fen::parse_position(flat, "r6B/3k4/8/8/8/8/8/4K3 b - - 0 1").unwrap();
        assert_eq!(Solver::new().solve_material(&flat, check), None);
        assert_eq!(Goal::from_tag(&p.goal.tag()), Some(p.goal));
    }
}
