//! The engine worker's wasm module: the rules core and the search at full speed, and the worker
//! that runs them (`topochess_worker`), with no UI in it.

#![forbid(unsafe_code)]

use gloo_worker::Registrable;

fn main() {
    topochess_worker::EngineWorker::registrar().register();
}
