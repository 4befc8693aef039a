//! The fixed bench: positions across presets searched to a fixed depth. The node counts are a
//! signature of the search (they change only when the search changes); callers time the run.

use crate::eval::Style;
use crate::search::{Engine, Limits, Search};
use std::sync::Arc;
use topochess_core::{fen, Position, Variant};

/// The bench positions: (preset, FEN or the start position).
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

/// Sets up every bench position in turn (its variant's tables, the position, a fresh engine) and
/// hands `searched` the preset's id and the search of it to `depth`, which returns its node
/// count: a caller can time the searches alone, without the setting up.
pub fn each(depth: u32, mut searched: impl FnMut(&'static str, &mut dyn FnMut() -> u64)) {
    for &(id, text) in POSITIONS {
        let variant = Arc::new(Variant::preset(id, None).expect("bench presets exist"));
        let pos = match text {
            Some(t) => fen::parse_position(variant.clone(), t).expect("bench FENs are valid"),
            None => Position::start(variant.clone()),
        };
        let mut engine = Engine::new(variant, Style::Derived, 16 << 20);
        let mut search = Search::new(pos, Vec::new(), Limits::depth(depth));
        searched(id, &mut || {
            engine
                .think(&mut search, &mut |_| false, &mut |_| {})
                .expect("the engine was made for this variant");
            search.nodes()
        });
    }
}
