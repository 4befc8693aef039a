//! The page's wasm module: the browser app. The engine runs in a Web Worker of its own module
//! (`engine.rs`), loaded when the app first needs it, so the first screen waits for the app alone.

#![forbid(unsafe_code)]

fn main() {
    topochess_web::common::crash::install();
    topochess_web::app::offline::remove_loading_mark();
    yew::Renderer::<topochess_web::app::App>::new().render();
}
