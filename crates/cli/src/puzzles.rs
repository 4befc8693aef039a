//! `topochess puzzles`: mate puzzles that use the edges, found in the engine's own games. Each
//! line: the preset, the FEN, the solution in coordinates, the mate's length, the themes, the
//! difficulty estimate, and the position before the opponent's last move with that move (`-`
//! when the game's random opening played it), tab-separated.

use std::sync::{Arc, Mutex};
use topochess_core::{fen, san, Move, Position, Variant};
use topochess_search::mate_in;
use topochess_search::puzzles::{solve, Check, Puzzle};
use topochess_search::tuning::{play_game, SelfPlay};

/// What to look for and how.
pub struct Options {
    /// Games played at most.
    pub games: u32,
    /// Stop after this many puzzles.
    pub count: usize,
    /// Nodes per move in the games.
    pub nodes: u64,
    /// The check's nodes per search.
    pub check_nodes: u64,
    /// The longest mate, in moves.
    pub max_mate: u32,
    /// Seed of the games' openings.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
}

/// A puzzle with the opponent's move that led to it (the position before and the move), which
/// a player sees played before solving.
struct Found {
    puzzle: Puzzle,
    before: Option<(Position, Move)>,
}

/// The puzzles of game `g`: the positions where the playing engine saw a short mate, checked,
/// leaving out those on the line of a puzzle found earlier in the game.
fn from_game(variant: &Arc<Variant>, g: u32, options: &Options) -> Vec<Found> {
    let play = SelfPlay {
        nodes: options.nodes,
        opening: 8,
        max_plies: 300,
        seed: options.seed,
    };
    let mut candidates = Vec::new();
    let mut last: Option<(Position, Move)> = None;
    play_game(variant, g, play, |pos, mv, score| {
        if mate_in(score).is_some_and(|n| n > 0 && n as u32 <= options.max_mate) {
            candidates.push((pos.clone(), last.clone()));
        }
        last = Some((pos.clone(), mv));
    });
    let check = Check {
        max_mate: options.max_mate,
        nodes: options.check_nodes,
    };
    // A position on the line of a puzzle already found is the same puzzle, shorter.
    let mut covered = std::collections::HashSet::new();
    let mut puzzles = Vec::new();
    for (pos, before) in candidates {
        if covered.contains(&pos.hash()) {
            continue;
        }
        if let Some(p) = solve(&pos, check) {
            let mut at = pos.clone();
            for &mv in &p.solution {
                at.play_unchecked(mv);
                covered.insert(at.hash());
            }
            puzzles.push(Found { puzzle: p, before });
        }
    }
    puzzles
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
        "{}\t{}\t{}\tmate-in-{}\t{}\t{}\t{before}\t{last}",
        variant.id(),
        p.fen,
        moves.join(" "),
        p.mate_in,
        themes.join(","),
        p.difficulty
    )
}

/// Runs the command on `variant`.
pub fn run(variant: Arc<Variant>, options: Options) -> Result<(), String> {
    if variant.surface().is_flat() {
        eprintln!("{} has no glued edge: no puzzle can use one", variant.id());
        return Ok(());
    }
    let next = std::sync::atomic::AtomicU32::new(0);
    let found: Mutex<Vec<(u32, Vec<Found>)>> = Mutex::new(Vec::new());
    let enough = |found: &Mutex<Vec<(u32, Vec<Found>)>>| {
        found
            .lock()
            .map(|f| f.iter().map(|(_, p)| p.len()).sum::<usize>() >= options.count)
            .unwrap_or(true)
    };
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= options.games || enough(&found) {
                    break;
                }
                let puzzles = from_game(&variant, g, &options);
                eprintln!("game {}: {} puzzles", g + 1, puzzles.len());
                if let Ok(mut f) = found.lock() {
                    f.push((g, puzzles));
                }
            });
        }
    });
    let mut found = found.into_inner().unwrap_or_default();
    found.sort_by_key(|(g, _)| *g);
    let mut seen = std::collections::HashSet::new();
    let puzzles: Vec<Found> = found
        .into_iter()
        .flat_map(|(_, p)| p)
        .filter(|f| seen.insert(f.puzzle.fen.clone()))
        .take(options.count)
        .collect();
    for p in &puzzles {
        println!("{}", line(&variant, p));
    }
    eprintln!("{} puzzles", puzzles.len());
    Ok(())
}
