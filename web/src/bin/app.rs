//! The whole app's wasm module: every screen. The engine runs in a Web Worker of its own module
//! (`engine.rs`), loaded when the app first needs it. A first visit starts with the first
//! screen's module (`first.rs`), which hands over to this one when the player goes beyond it
//! (`topochess_web::app::whole`).

#![forbid(unsafe_code)]

use topochess_web::app::{arrival, draw, offline, whole};

fn main() {
    topochess_web::common::crash::install();
    // The saved games first (the browser's IndexedDB answers within milliseconds), so that the
    // first screen is drawn with the player's game.
    arrival::arrive(|arrival| {
        offline::remove_loading_mark();
        // The first module's app goes in the same task as this one comes: no frame between.
        whole::first_leaves();
        // The app lives as long as the page.
        let _ = draw(arrival);
    });
}
