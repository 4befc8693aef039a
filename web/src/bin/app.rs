//! The page's wasm module: the browser app. The engine runs in a Web Worker of its own module
//! (`engine.rs`), loaded when the app first needs it, so the first screen waits for the app alone.

#![forbid(unsafe_code)]

use std::rc::Rc;
use topochess_web::app::{arrival, offline, App, AppProps};

fn main() {
    topochess_web::common::crash::install();
    // The saved games first (the browser's IndexedDB answers within milliseconds), so that the
    // first screen is drawn with the player's game.
    arrival::arrive(|arrival| {
        offline::remove_loading_mark();
        let props = AppProps {
            arrival: Rc::new(arrival),
        };
        yew::Renderer::<App>::with_props(props).render();
    });
}
