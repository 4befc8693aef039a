//! `topochess puzzles`: puzzles that use the edges, found in the engine's own games: mates, and
//! decisive gains of material. Each line: the preset, the FEN, the solution in coordinates, the
//! goal (`mate-in-N` or `material-in-N`), the themes, the difficulty estimate, and the position
//! before the opponent's last move with that move (`-` when the game's random opening played
//! it), tab-separated. The mates come first, then the gains, each in the games' order.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use topochess_core::{fen, san, Move, Position, Variant};
use topochess_search::mate_in;
use topochess_search::puzzles::{Check, Goal, Puzzle, Solver, GAIN};
use topochess_search::tactics::balance;
use topochess_search::tuning::{play_game, SelfPlay};
use topochess_search::Features;

/// What to look for and how.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct Options {
    /// Stop after this many mate puzzles.
    #[arg(long, default_value_t = 20)]
    pub count: usize,
    /// And this many material puzzles.
    #[arg(long, default_value_t = 0)]
    pub material: usize,
    /// Games played at most.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Nodes per move in the games.
    #[arg(long, default_value_t = 2000)]
    pub nodes: u64,
    /// Nodes per search when a candidate is checked.
    #[arg(long, default_value_t = 200_000)]
    pub check_nodes: u64,
    /// The longest solution, in the solver's moves.
    #[arg(long, default_value_t = 3)]
    pub max_mate: u32,
    /// Seed of the games' openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// A puzzle with the opponent's move that led to it (the position before and the move), which
/// a player sees played before solving.
struct Found {
    puzzle: Puzzle,
    before: Option<(Position, Move)>,
}

/// The positions of one kind a game offers, checked by `solve`, leaving out those on the line
/// of a puzzle of that kind found earlier in the game.
fn checked(
    candidates: Vec<(Position, Option<(Position, Move)>)>,
    mut solve: impl FnMut(&Position) -> Option<Puzzle>,
) -> Vec<Found> {
    let mut covered = HashSet::new();
    let mut found = Vec::new();
    for (pos, before) in candidates {
        if covered.contains(&pos.hash()) {
            continue;
        }
        if let Some(p) = solve(&pos) {
            let mut at = pos.clone();
            for &mv in &p.solution {
                at.play_unchecked(mv);
                covered.insert(at.hash());
            }
            found.push(Found { puzzle: p, before });
        }
    }
    found
}

/// The puzzles of game `g`: the positions where the playing engine saw a short mate, and (when
/// material puzzles are wanted) those where it saw a win while not yet a piece up.
fn from_game(variant: &Arc<Variant>, g: u32, options: &Options) -> Vec<Found> {
    let play = SelfPlay {
        nodes: options.nodes,
        opening: 8,
        max_plies: 300,
        seed: options.seed,
        features: Features::PUZZLES,
    };
    let (mut mates, mut gains) = (Vec::new(), Vec::new());
    let mut last: Option<(Position, Move)> = None;
    play_game(variant, g, play, |pos, mv, score| {
        match mate_in(score) {
            Some(n) if n > 0 && n as u32 <= options.max_mate => {
                mates.push((pos.clone(), last.clone()))
            }
            None if options.material > 0 && score >= GAIN && balance(pos, pos.turn()) < GAIN => {
                gains.push((pos.clone(), last.clone()))
            }
            _ => {}
        }
        last = Some((pos.clone(), mv));
    });
    let check = Check {
        max_mate: options.max_mate,
        nodes: options.check_nodes,
    };
    let mut solver = Solver::new();
    let mut found = checked(mates, |pos| solver.solve(pos, check));
    if options.material > 0 {
        found.extend(checked(gains, |pos| solver.solve_material(pos, check)));
    }
    found
}

/// One puzzle's line.
fn line(variant: &Arc<Variant>, found: &Found) -> String {
    let p = &found.puzzle;
    let mut pos = fen::parse_position(variant.clone(), &p.fen)
        .expect("a puzzle's FEN was written from a position");
    let moves: Vec<String> = p
        .solution
        .iter()
        .map(|&mv| {
            let text = san::to_coordinate(&pos, mv);
            pos.play_unchecked(mv);
            text
        })
        .collect();
    let themes: Vec<&str> = p.themes.iter().map(|t| t.name()).collect();
    let (before, last) = match &found.before {
        Some((pos, mv)) => (fen::write(pos), san::to_coordinate(pos, *mv)),
        None => ("-".to_string(), "-".to_string()),
    };
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{before}\t{last}",
        variant.id(),
        p.fen,
        moves.join(" "),
        p.goal.tag(),
        themes.join(","),
        p.difficulty
    )
}

/// Whether a puzzle is a mate.
fn is_mate(f: &Found) -> bool {
    matches!(f.puzzle.goal, Goal::Mate(_))
}

/// Runs the command on `variant`.
pub fn run(variant: Arc<Variant>, options: Options) -> Result<(), String> {
    if variant.surface().is_flat() {
        eprintln!("{} has no glued edge: no puzzle can use one", variant.id());
        return Ok(());
    }
    let found: Mutex<Vec<(u32, Vec<Found>)>> = Mutex::new(Vec::new());
    let enough = |found: &Mutex<Vec<(u32, Vec<Found>)>>| {
        found
            .lock()
            .map(|f| {
                let all = || f.iter().flat_map(|(_, p)| p);
                all().filter(|p| is_mate(p)).count() >= options.count
                    && all().filter(|p| !is_mate(p)).count() >= options.material
            })
            .unwrap_or(true)
    };
    crate::matches::share_games(options.games, options.jobs, |g| {
        if enough(&found) {
            return false;
        }
        let puzzles = from_game(&variant, g, &options);
        eprintln!("game {}: {} puzzles", g + 1, puzzles.len());
        if let Ok(mut f) = found.lock() {
            f.push((g, puzzles));
        }
        true
    });
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_by_key(|(g, _)| *g);
    let all: Vec<Found> = found.into_iter().flat_map(|(_, p)| p).collect();
    let mut seen = HashSet::new();
    let (mates, gains): (Vec<&Found>, Vec<&Found>) = all.iter().partition(|f| is_mate(f));
    let pick = |list: Vec<&Found>, n: usize, seen: &mut HashSet<String>| -> Vec<String> {
        list.into_iter()
            .filter(|f| seen.insert(f.puzzle.fen.clone()))
            .take(n)
            .map(|f| line(&variant, f))
            .collect()
    };
    let mut lines = pick(mates, options.count, &mut seen);
    lines.extend(pick(gains, options.material, &mut seen));
    for l in &lines {
        println!("{l}");
    }
    eprintln!("{} puzzles", lines.len());
    Ok(())
}
