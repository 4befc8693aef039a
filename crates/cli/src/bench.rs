//! `topochess bench`: a fixed set of positions across presets searched to a fixed depth. Prints
//! each position's node count, then a signature (the total) and the rate; the signature changes
//! only when the search changes.

use std::sync::Arc;
use std::time::Instant;
use topochess_core::{fen, Position, Variant};
use topochess_search::{Engine, Limits, Search, Style};

/// The bench positions: (preset, FEN or start).
pub const POSITIONS: &[(&str, Option<&str>)] = &[
    ("standard", None),
    (
        "standard",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ),
    ("folded", None),
    (
        "folded",
        Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w - - 2 3"),
    ),
    ("cylinder", None),
    ("torus", None),
    ("torus-8x14", None),
    ("sphere-dot", None),
    ("sphere-nadvorney", None),
];

/// Runs the bench at `depth`; returns (total nodes, seconds).
pub fn run(depth: u32, mut line: impl FnMut(String)) -> (u64, f64) {
    let mut total = 0;
    let started = Instant::now();
    for &(id, text) in POSITIONS {
        let variant = Arc::new(Variant::preset(id, None).expect("bench presets exist"));
        let pos = match text {
            Some(t) => fen::parse_position(variant.clone(), t).expect("bench FENs are valid"),
            None => Position::start(variant.clone()),
        };
        let mut engine = Engine::new(variant, Style::Derived, 16 << 20);
        let mut search = Search::new(pos, Vec::new(), Limits::depth(depth));
        engine.think(&mut search, &mut |_| false, &mut |_| {});
        total += search.nodes();
        line(format!("{id:<18} {:>10} nodes", search.nodes()));
    }
    (total, started.elapsed().as_secs_f64())
}
