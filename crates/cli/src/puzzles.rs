//! `topochess puzzles`: mate puzzles that use the edges, found in the engine's own games. Each
//! line: the FEN, the solution in coordinates, the mate's length and the themes, tab-separated.

use std::sync::{Arc, Mutex};
use topochess_core::{san, Variant};
use topochess_search::puzzles::{solve, Check, Puzzle};
use topochess_search::tuning::{play_game, SelfPlay};
use topochess_search::{mate_in, Engine, Style};

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

/// The puzzles of game `g`: the positions where the playing engine saw a short mate, checked.
fn from_game(variant: &Arc<Variant>, g: u32, options: &Options) -> Vec<Puzzle> {
    let play = SelfPlay {
        nodes: options.nodes,
        opening: 8,
        max_plies: 300,
        seed: options.seed,
    };
    let mut candidates = Vec::new();
    let mut history = Vec::new();
    play_game(variant, g, play, |pos, _, score| {
        if mate_in(score).is_some_and(|n| n > 0 && n as u32 <= options.max_mate) {
            candidates.push((pos.clone(), history.clone()));
        }
        history.push(pos.hash());
    });
    let mut engine = Engine::new(variant.clone(), Style::Derived, 16 << 20);
    let check = Check {
        max_mate: options.max_mate,
        nodes: options.check_nodes,
    };
    candidates
        .iter()
        .filter_map(|(pos, history)| solve(&mut engine, pos, history, check))
        .collect()
}

/// One puzzle's line.
fn line(variant: &Arc<Variant>, p: &Puzzle) -> String {
    let mut pos = topochess_core::fen::parse_position(variant.clone(), &p.fen)
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
    format!(
        "{}\t{}\tmate-in-{}\t{}",
        p.fen,
        moves.join(" "),
        p.mate_in,
        themes.join(",")
    )
}

/// Runs the command on `variant`.
pub fn run(variant: Arc<Variant>, options: Options) -> Result<(), String> {
    let next = std::sync::atomic::AtomicU32::new(0);
    let found: Mutex<Vec<(u32, Vec<Puzzle>)>> = Mutex::new(Vec::new());
    let enough = |found: &Mutex<Vec<(u32, Vec<Puzzle>)>>| {
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
    let puzzles: Vec<Puzzle> = found
        .into_iter()
        .flat_map(|(_, p)| p)
        .filter(|p| seen.insert(p.fen.clone()))
        .take(options.count)
        .collect();
    for p in &puzzles {
        println!("{}", line(&variant, p));
    }
    eprintln!("{} puzzles", puzzles.len());
    Ok(())
}
