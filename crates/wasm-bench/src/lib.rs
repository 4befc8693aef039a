//! Perft exported to JavaScript, so that `scripts/bench.sh` can time the wasm build from Node.js.

#![forbid(unsafe_code)]

use std::sync::Arc;
use topochess_core::{fen, Position, Variant};
use wasm_bindgen::prelude::*;

/// A preset's start position, built once, so that timing its perft times the move generator
/// alone (the native bench builds its positions before the clock starts too).
#[wasm_bindgen]
pub struct StartPosition(Position);

#[wasm_bindgen]
impl StartPosition {
    /// The start position of the preset `id`; an error if the id is unknown.
    #[wasm_bindgen(constructor)]
    pub fn new(id: &str) -> Result<StartPosition, JsError> {
        let v = Variant::by_id(id, None).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(StartPosition(Position::start(Arc::new(v))))
    }

    /// Perft to `depth`: the number of leaves (as a float, for JavaScript).
    pub fn perft(&self, depth: u32) -> f64 {
        topochess_core::perft::perft(&self.0, depth) as f64
    }
}

/// Perft to `depth` from `fen` on the preset `id` (its start position if `fen` is empty), for
/// comparing the wasm build's generator with the native one (`perft-check.mjs`); -1 if the id or
/// the FEN is wrong.
#[wasm_bindgen]
pub fn perft_from(id: &str, fen: &str, depth: u32) -> f64 {
    let Ok(v) = Variant::by_id(id, None).map(Arc::new) else {
        return -1.0;
    };
    let pos = if fen.is_empty() {
        Position::start(v)
    } else {
        match fen::parse_position_lenient(v, fen) {
            Ok((pos, _)) => pos,
            Err(_) => return -1.0,
        }
    };
    topochess_core::perft::perft(&pos, depth) as f64
}

#[wasm_bindgen]
extern "C" {
    /// The host's clock in milliseconds (`performance.now()`; Node.js has it too).
    #[wasm_bindgen(js_namespace = performance)]
    fn now() -> f64;
}

/// The search bench at `depth`: the total node count and the milliseconds its searches took
/// (each position's tables and engine are built before its clock starts, as natively).
#[wasm_bindgen]
pub fn search_bench(depth: u32) -> Vec<f64> {
    let (mut nodes, mut ms) = (0, 0.0);
    topochess_search::bench::each(depth, |_, search| {
        let started = now();
        nodes += search();
        ms += now() - started;
    });
    vec![nodes as f64, ms]
}

/// Builds the table of `material` (like `KRvKN`) on a preset or lab surface: the number of
/// positions stored, or -1 if the id or material is wrong or the table too large.
#[wasm_bindgen]
pub fn tablebase_build(id: &str, material: &str) -> f64 {
    use topochess_search::tablebase::{Material, Tablebase};
    let (Ok(v), Ok(m)) = (Variant::by_id(id, None), Material::parse(material)) else {
        return -1.0;
    };
    match Tablebase::build(Arc::new(v), &m, &mut |_| {}) {
        Ok(t) => t.stored() as f64,
        Err(_) => -1.0,
    }
}
