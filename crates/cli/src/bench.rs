//! `topochess bench`: the search crate's fixed bench, timed. Prints each position's node count,
//! then the signature (the total) and the rate.

use std::time::Instant;

/// Runs the bench at `depth`; returns (total nodes, seconds).
pub fn run(depth: u32, mut line: impl FnMut(String)) -> (u64, f64) {
    let started = Instant::now();
    let results = topochess_search::bench::run(depth);
    let secs = started.elapsed().as_secs_f64();
    for (id, nodes) in &results {
        line(format!("{id:<18} {nodes:>10} nodes"));
    }
    (results.iter().map(|r| r.1).sum(), secs)
}
