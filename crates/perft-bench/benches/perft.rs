//! `cargo bench -p topochess-perft-bench`: perft node rates of the preset start positions, and of
//! standard chess against shakmaty in the same run. Prints one line per measurement.

use shakmaty::{fen::Fen, CastlingMode, Chess};
use std::time::{Duration, Instant};
#[path = "../shakmaty_perft.rs"]
mod shakmaty_perft;

use shakmaty_perft::shakmaty_perft;
use topochess_core::perft::perft;
use topochess_perft_bench::{position, PRESET_CASES, STANDARD_POSITIONS};

/// Runs `f` until at least `min` has passed (at least 3 times); returns (nodes, best time).
fn measure(min: Duration, mut f: impl FnMut() -> u64) -> (u64, Duration) {
    let started = Instant::now();
    let mut best = Duration::MAX;
    let mut nodes = 0;
    let mut runs = 0;
    while runs < 3 || started.elapsed() < min {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed());
        runs += 1;
    }
    (nodes, best)
}

fn rate(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64() / 1e6
}

fn main() {
    let min = Duration::from_secs(2);
    let mut standard_time = Duration::ZERO;
    for &(id, depth) in PRESET_CASES {
        let pos = position(id, None);
        let (nodes, time) = measure(min, || perft(&pos, depth));
        if id == "standard" {
            standard_time = time;
        }
        println!(
            "topochess {id:<12} perft {depth}: {nodes:>10} nodes {:>8.1} ms {:>7.1} Mnodes/s",
            time.as_secs_f64() * 1e3,
            rate(nodes, time)
        );
    }
    let fen: Fen = STANDARD_POSITIONS[0].parse().expect("start FEN");
    let chess: Chess = fen
        .into_position(CastlingMode::Standard)
        .expect("start position");
    let (nodes, time) = measure(min, || shakmaty_perft(&chess, 5));
    println!(
        "shakmaty  {:<12} perft 5: {nodes:>10} nodes {:>8.1} ms {:>7.1} Mnodes/s",
        "standard",
        time.as_secs_f64() * 1e3,
        rate(nodes, time)
    );
    println!(
        "standard perft 5: topochess takes {:.2}x shakmaty's time (target: at most 4x)",
        standard_time.as_secs_f64() / time.as_secs_f64()
    );
}
