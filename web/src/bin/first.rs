//! The first screen's wasm module: the front page and a game on the board, what a first visit
//! needs (this crate built with the `first` feature). The rest is the whole app's module
//! (`app.rs`), which takes over the first time the player goes beyond these
//! (`topochess_web::app::whole`): it calls [`leave`] first.

#![forbid(unsafe_code)]

use std::cell::RefCell;
use topochess_web::app::{arrival, draw, offline, App};
use wasm_bindgen::prelude::*;
use yew::AppHandle;

thread_local! {
    /// The app drawn, and its box.
    static DRAWN: RefCell<Option<(AppHandle<App>, web_sys::Element)>> = const { RefCell::new(None) };
}

fn main() {
    topochess_web::common::crash::install();
    arrival::arrive(|arrival| {
        offline::remove_loading_mark();
        let drawn = draw(arrival);
        DRAWN.with(|d| *d.borrow_mut() = drawn);
    });
}

/// Takes this module's app off the page, with its box: the whole app's module takes over.
#[wasm_bindgen]
pub fn leave() {
    if let Some((app, host)) = DRAWN.with(|d| d.borrow_mut().take()) {
        app.destroy();
        host.remove();
    }
}
