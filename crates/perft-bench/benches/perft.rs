//! `cargo bench -p topochess-perft-bench`: perft node rates of the preset start positions, and of
//! standard chess against shakmaty in the same run. Prints one line per measurement.
//!
//! These machines are noisy (one timing swings by half from run to run), so every figure is
//! timed several times, interleaved with the figures it is compared with, and the minimum is
//! printed with the spread (slowest over fastest).

use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::{Duration, Instant};
#[path = "../shakmaty_perft.rs"]
mod shakmaty_perft;

use shakmaty_perft::shakmaty_perft;
use topochess_core::perft::perft;
use topochess_perft_bench::{position, PRESET_CASES, STANDARD_POSITIONS};

/// Rounds of the interleaved timings.
const ROUNDS: usize = 7;

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

/// One measured figure: its nodes and every time taken.
struct Figure {
    name: String,
    nodes: u64,
    times: Vec<Duration>,
}

impl Figure {
    fn best(&self) -> Duration {
        self.times.iter().copied().min().unwrap_or(Duration::MAX)
    }

    fn spread(&self) -> f64 {
        let worst = self.times.iter().copied().max().unwrap_or_default();
        worst.as_secs_f64() / self.best().as_secs_f64().max(1e-9)
    }
}

fn main() {
    type Run = Box<dyn Fn() -> u64>;
    let mut runs: Vec<(String, Run)> = PRESET_CASES
        .iter()
        .map(|&(id, depth)| {
            let pos = position(id, None);
            let run: Run = Box::new(move || perft(&pos, depth));
            (format!("topochess {id:<12} perft {depth}"), run)
        })
        .collect();
    let fen: Fen = STANDARD_POSITIONS[0].parse().expect("start FEN");
    let chess: Chess = fen
        .into_position(CastlingMode::Standard)
        .expect("start position");
    runs.push((
        format!("shakmaty  {:<12} perft 5", "standard"),
        Box::new(move || shakmaty_perft(&chess, 5)),
    ));
    let mut figures: Vec<Figure> = runs
        .iter()
        .map(|(name, _)| Figure {
            name: name.clone(),
            nodes: 0,
            times: Vec::new(),
        })
        .collect();
    for _ in 0..ROUNDS {
        for ((_, run), figure) in runs.iter().zip(&mut figures) {
            let t = Instant::now();
            figure.nodes = run();
            figure.times.push(t.elapsed());
        }
    }
    for f in &figures {
        println!(
            "{}: {:>10} nodes {:>8.1} ms {:>7.1} Mnodes/s (min of {ROUNDS}, spread {:.2}x)",
            f.name,
            f.nodes,
            f.best().as_secs_f64() * 1e3,
            rate(f.nodes, f.best()),
            f.spread()
        );
    }
    let time_of = |prefix: &str| {
        figures
            .iter()
            .find(|f| f.name.starts_with(prefix))
            .map(Figure::best)
            .unwrap_or(Duration::MAX)
    };
    let standard = time_of("topochess standard");
    println!(
        "standard perft 5: topochess takes {:.2}x shakmaty's time (target: at most 2x)",
        standard.as_secs_f64() / time_of("shakmaty").as_secs_f64()
    );
}
