//! The engine worker's entry point: registers the worker so the app can spawn it.

use gloo_worker::Registrable;

fn main() {
    topochess_web::engine::EngineWorker::registrar().register();
}
