//! Work that waits for the frame: what a click changes on screen is painted first, and what needs
//! it painted (a list scrolled to its current move, which asks for the page's layout) or can wait
//! for it (the puzzle a screen opens with) comes in the task after that frame, and the view of the
//! board the player is not using in the frame after it, so that a move is answered within a
//! frame. A game's save waits for it too ([`after_paint_kept`]), and is written at once when the
//! page goes before then.

use std::any::Any;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Runs `work` in the task after the next frame (a hidden page's frame comes when it is shown).
pub fn after_paint(work: impl FnOnce() + 'static) {
    queue(Box::new(work));
}

/// Runs `work` in the callbacks of the frame after the next, before that frame is painted: a
/// change that can wait a frame is drawn in it. (In the task after the next frame, it would be
/// drawn by whichever frame comes after that task, and Chromium paints a change made there a frame
/// late now and then: a folded move at rest, unthrottled, was answered within a frame 19 times in
/// 20 with the board's other view drawn in that task, every time with it drawn here.)
pub fn in_frame_after(work: impl FnOnce() + 'static) {
    queue_for(Box::new(work), Then::NextFrame);
}

/// Where work queued from the next frame's callbacks runs.
enum Then {
    /// In the task after that frame.
    Task,
    /// In the callbacks of the frame after it.
    NextFrame,
}

/// [`after_paint`] for any work: one body (and one pair of the browser's callbacks) for all.
fn queue(work: Box<dyn FnOnce()>) {
    queue_for(work, Then::Task);
}

/// Runs `work` where `then` says, once the next frame's callbacks have run.
fn queue_for(work: Box<dyn FnOnce()>, then: Then) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // The frame's callbacks run before it is painted; a task queued from one runs after, and a
    // frame asked for from one is the frame after it.
    let after = Closure::once_into_js(move || {
        if let Some(window) = web_sys::window() {
            let run = Closure::once_into_js(work);
            let _ = match then {
                Then::Task => window
                    .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), 0),
                Then::NextFrame => window.request_animation_frame(run.unchecked_ref()),
            };
        }
    });
    let _ = window.request_animation_frame(after.unchecked_ref());
}

thread_local! {
    /// The work waiting in [`after_paint_kept`], oldest first.
    static KEPT: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Whether the page's `pagehide` runs that work.
    static ON_LEAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The page is going (its `pagehide` came, and no `pageshow` since): no frame will come.
    static LEAVING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// [`after_paint`] for work that must not be lost or wait while the page is hidden (a game's save,
/// a move's sound, a move the board showed before handing it to the app): it waits for the frame,
/// but runs at once on a hidden page (which draws no frame) and when the page goes before the
/// frame (a reload, a closed tab: `pagehide`), and so does the work that work asks for then (the
/// save of the move handed over). Each runs once, in the order given.
pub fn after_paint_kept(work: Box<dyn FnOnce()>) {
    let first = KEPT.with(|k| {
        let mut k = k.borrow_mut();
        k.push(work);
        k.len() == 1
    });
    let Some(window) = web_sys::window()
        .filter(|w| w.document().is_some_and(|d| !d.hidden()) && !LEAVING.with(|l| l.get()))
    else {
        return run_kept();
    };
    if !ON_LEAVING.replace(true) {
        let leaving = Closure::<dyn Fn()>::new(|| {
            LEAVING.with(|l| l.set(true));
            run_kept();
        });
        let back = Closure::<dyn Fn()>::new(|| LEAVING.with(|l| l.set(false)));
        let _ = window
            .add_event_listener_with_callback("pagehide", leaving.into_js_value().unchecked_ref());
        let _ = window
            .add_event_listener_with_callback("pageshow", back.into_js_value().unchecked_ref());
    }
    if first {
        queue(Box::new(run_kept));
    }
}

/// Runs the work [`after_paint_kept`] holds, oldest first (none: nothing).
fn run_kept() {
    let work = KEPT.with(|k| std::mem::take(&mut *k.borrow_mut()));
    for w in work {
        w();
    }
}

/// What a part of the page that can wait shows, and the change it is waiting to show (the last it
/// was handed is that one, or else the one shown).
struct Trailing {
    shown: Rc<dyn Any>,
    pending: Option<Rc<dyn Any>>,
}

/// [`use_after_paint`] for any value, `same` telling two apart: one body for every type.
#[yew::hook]
fn use_trailing(
    value: Rc<dyn Any>,
    same: fn(&dyn Any, &dyn Any) -> bool,
    now: bool,
) -> Rc<dyn Any> {
    let trailing = yew::use_mut_ref(|| Trailing {
        shown: value.clone(),
        pending: None,
    });
    let redraw = yew::use_force_update();
    let mut t = trailing.borrow_mut();
    let latest = t.pending.clone().unwrap_or_else(|| t.shown.clone());
    let changed = !same(&*latest, &*value);
    if now {
        t.shown = if changed { value } else { latest };
        t.pending = None;
    } else if changed && same(&*t.shown, &*value) {
        t.pending = None;
    } else if changed {
        t.pending = Some(value);
        let trailing = trailing.clone();
        in_frame_after(move || {
            let pending = trailing.borrow_mut().pending.take();
            if let Some(value) = pending {
                trailing.borrow_mut().shown = value;
                redraw.force_update();
            }
        });
    }
    t.shown.clone()
}

/// `value` as a part of the page that can wait shows it: a change is drawn in the frame after the
/// one that showed the click's own answer ([`in_frame_after`]), so that the frame a click waits
/// for draws what the player is looking at, and the rest comes one frame on (as React's deferred
/// value). With `now` (the part the player is using) the latest change is shown at once. Changes
/// that come while one waits are shown together, the latest.
#[yew::hook]
pub fn use_after_paint<T>(value: T, now: bool) -> Rc<T>
where
    T: PartialEq + 'static,
{
    fn same<T: PartialEq + 'static>(a: &dyn Any, b: &dyn Any) -> bool {
        a.downcast_ref::<T>() == b.downcast_ref::<T>()
    }
    let value = Rc::new(value);
    let shown = use_trailing(value.clone(), same::<T>, now);
    // What this hook keeps is what it was handed: a `T` (the value handed is the fallback).
    shown.downcast::<T>().unwrap_or(value)
}
