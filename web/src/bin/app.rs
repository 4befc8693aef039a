//! The one wasm module of the site: the browser app on a page, the engine in a Web Worker.
//!
//! The worker loads this same module (see `engine_spawn`), so the rules core is shipped once.

#![forbid(unsafe_code)]

use gloo_worker::Registrable;
use wasm_bindgen::JsCast;

fn main() {
    if js_sys::global().dyn_into::<web_sys::Window>().is_ok() {
        topochess_web::common::crash::install();
        topochess_web::app::offline::remove_loading_mark();
        yew::Renderer::<topochess_web::app::App>::new().render();
    } else {
        topochess_web::engine::EngineWorker::registrar().register();
    }
}
