//! Work that waits for the frame: what a click changes on screen is painted first, and what needs
//! it painted (a list scrolled to its current move, which asks for the page's layout) runs in the
//! task after that frame, so that a move is answered within a frame. What waits runs in the order
//! it was asked for; it runs at once in a hidden page (no frame to wait for), and what is still
//! waiting when the page is left (a reload, a tab closed) or handed to the whole app's module
//! runs then. A game's save does not wait: it starts with the render that changed the game, so
//! that what reads the library next (an address opened at once, another tab) finds it.

use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    static WAITING: RefCell<Vec<Box<dyn FnOnce()>>> = RefCell::new(Vec::new());
    static ASKED: Cell<bool> = const { Cell::new(false) };
    static LEAVING_HEARD: Cell<bool> = const { Cell::new(false) };
}

/// Runs `work` after the next frame is painted (see the module's text).
pub fn after_paint(work: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return work();
    };
    if window.document().is_some_and(|d| d.hidden()) {
        run_waiting();
        return work();
    }
    WAITING.with(|w| w.borrow_mut().push(Box::new(work)));
    hear_leaving(&window);
    if ASKED.replace(true) {
        return;
    }
    // The frame's callbacks run before it is painted; a task queued from one runs after.
    let after = Closure::once_into_js(|| {
        if let Some(window) = web_sys::window() {
            let run = Closure::once_into_js(run_waiting);
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), 0);
        }
    });
    if window
        .request_animation_frame(after.unchecked_ref())
        .is_err()
    {
        run_waiting();
    }
}

/// Runs what waits, in order (and what it asks for meanwhile).
pub fn run_waiting() {
    ASKED.set(false);
    loop {
        let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
        if waiting.is_empty() {
            return;
        }
        for work in waiting {
            work();
        }
    }
}

/// What waits runs when the page is hidden or left (`visibilitychange`, `pagehide`): a hidden
/// page paints no frame, and a page left never does.
fn hear_leaving(window: &web_sys::Window) {
    if LEAVING_HEARD.replace(true) {
        return;
    }
    for (target, event) in [
        (window.document().map(JsValue::from), "visibilitychange"),
        (Some(JsValue::from(window.clone())), "pagehide"),
    ] {
        if let Some(target) = target.and_then(|t| t.dyn_into::<web_sys::EventTarget>().ok()) {
            gloo_events::EventListener::new(&target, event, |_| run_waiting()).forget();
        }
    }
}
