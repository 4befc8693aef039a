//! Work that waits for the frame: what a click changes on screen is painted first, and what needs
//! it painted (a list scrolled to its current move, which asks for the page's layout) runs in the
//! task after that frame, so that a move is answered within a frame. Only what the page shows waits
//! here: a game's save starts with the render that changed the game, so that what reads the
//! library next (an address opened at once, another tab, a reload) finds it.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Runs `work` in the task after the next frame (a hidden page's frame comes when it is shown).
pub fn after_paint(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // The frame's callbacks run before it is painted; a task queued from one runs after.
    let after = Closure::once_into_js(move || {
        if let Some(window) = web_sys::window() {
            let run = Closure::once_into_js(work);
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), 0);
        }
    });
    let _ = window.request_animation_frame(after.unchecked_ref());
}
