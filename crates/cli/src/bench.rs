//! `topochess bench`: the search crate's fixed bench, its searches timed. Prints each position's
//! node count, then the signature (the total) and the rate.

use std::time::Instant;

/// Runs the bench at `depth`; returns (total nodes, seconds). Only the searches are timed: each
/// position's variant tables and engine are built before its clock starts (as the perft bench
/// builds its positions first).
pub fn run(depth: u32, mut line: impl FnMut(String)) -> (u64, f64) {
    let mut secs = 0.0;
    let mut total = 0;
    topochess_search::bench::each(depth, |id, search| {
        let started = Instant::now();
        let nodes = search();
        secs += started.elapsed().as_secs_f64();
        total += nodes;
        line(format!("{id:<18} {nodes:>10} nodes"));
    });
    (total, secs)
}
