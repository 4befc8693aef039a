//! A move's animation: once per move, the piece slides along its route (jumping from the edge it
//! leaves to the edge it comes back in at); the piece on its square shows when it is done. The
//! move already on the board when the page opens is not animated, nor any when the system asks
//! for reduced motion. A move the boards showed before the app made it is set off by them, and the
//! app's own motion of it carries it on ([`continued`]) rather than sending it off again.

use crate::board::view::{Motion, View, AHEAD};
use crate::common::math;
use crate::common::math::num;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

/// How long a move's animation takes.
const MOTION_MS: u32 = 220;

/// Whether the system asks for reduced motion.
fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Slides `el` through `strokes` (SVG points): along each stroke, jumping between strokes.
fn slide(el: &Element, strokes: &[Vec<(f64, f64)>]) {
    let lengths: Vec<f64> = strokes
        .iter()
        .map(|s| {
            s.windows(2)
                .map(|w| math::hypot(w[1].0 - w[0].0, w[1].1 - w[0].1))
                .sum()
        })
        .collect();
    let total: f64 = lengths.iter().sum::<f64>().max(1e-9);
    let frames = js_sys::Array::new();
    let mut done = 0.0;
    for stroke in strokes {
        for (i, p) in stroke.iter().enumerate() {
            if i > 0 {
                let prev = stroke[i - 1];
                done += math::hypot(p.0 - prev.0, p.1 - prev.1);
            }
            let frame = js_sys::Object::new();
            let _ = js_sys::Reflect::set(
                &frame,
                &"transform".into(),
                &format!("translate({}px, {}px)", num(p.0), num(p.1)).into(),
            );
            let _ = js_sys::Reflect::set(&frame, &"offset".into(), &(done / total).min(1.0).into());
            frames.push(&frame);
        }
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &(MOTION_MS as f64).into());
    let _ = js_sys::Reflect::set(&options, &"fill".into(), &"forwards".into());
    if let Ok(animate) = js_sys::Reflect::get(el, &"animate".into()) {
        if let Ok(animate) = animate.dyn_into::<js_sys::Function>() {
            let _ = animate.call2(el, &frames, &options);
        }
    }
}

/// The move arriving this render (its piece is drawn by the overlay, not on its square), and
/// the overlay's node, which the animation moves. `place` turns a plane point into SVG units.
#[hook]
pub fn use_motion(v: &View, place: impl Fn(f64, f64) -> (f64, f64)) -> (Option<Motion>, NodeRef) {
    // The motion started last (none since a view without one).
    let animated = use_mut_ref(|| v.motion.clone());
    // The move on its way: the render that starts it draws it as arriving already (`fresh`), so
    // that noting it here asks for no render of its own (a second render of the board before the
    // move's frame); its end does, to set the piece down.
    let moving = use_mut_ref(|| None::<String>);
    let redraw = use_force_update();
    let overlay = use_node_ref();
    let motion = continued(v.motion.clone(), &mut animated.borrow_mut());
    let fresh = motion
        .clone()
        .filter(|m| animated.borrow().as_ref().map(|a| &a.key) != Some(&m.key));
    {
        let (animated, moving, overlay) = (animated.clone(), moving.clone(), overlay.clone());
        let redraw = redraw.clone();
        let points: Option<Vec<Vec<(f64, f64)>>> = motion.as_ref().map(|m| {
            m.strokes
                .iter()
                .map(|s| s.iter().map(|&(x, y)| place(x, y)).collect())
                .collect()
        });
        let started = fresh.clone();
        use_effect_with(motion.as_ref().map(|m| m.key.clone()), move |_| {
            let Some(started) = started else {
                return;
            };
            let key = started.key.clone();
            *animated.borrow_mut() = Some(started);
            if reduced_motion() {
                *moving.borrow_mut() = None;
                redraw.force_update();
                return;
            }
            *moving.borrow_mut() = Some(key.clone());
            let overlay = overlay.clone();
            let moving = moving.clone();
            // The overlay exists after this render: start it on the next tick.
            gloo_timers::callback::Timeout::new(0, move || {
                if let (Some(el), Some(points)) = (overlay.cast::<Element>(), points) {
                    slide(&el, &points);
                }
                gloo_timers::callback::Timeout::new(MOTION_MS + 30, move || {
                    // Set down unless another move has started since.
                    if moving.borrow().as_deref() == Some(key.as_str()) {
                        *moving.borrow_mut() = None;
                        redraw.force_update();
                    }
                })
                .forget();
            })
            .forget();
        });
    }
    let arriving = fresh
        .as_ref()
        .or_else(|| {
            motion
                .as_ref()
                .filter(|m| moving.borrow().as_deref() == Some(m.key.as_str()))
        })
        .cloned();
    (arriving, overlay)
}

/// `motion`, or, where it is the app's motion of the move the board showed ahead of it and
/// started (`animated`: the same piece's move from the same place to the same square), that
/// move's under the key it was started with: the piece on its way goes on, and its overlay stays
/// the same element. A view without a motion forgets the one started.
fn continued(motion: Option<Motion>, animated: &mut Option<Motion>) -> Option<Motion> {
    let Some(m) = motion else {
        *animated = None;
        return None;
    };
    let start = |m: &Motion| m.strokes.first().and_then(|s| s.first()).copied();
    match animated.as_ref() {
        Some(a) if a.key.starts_with(AHEAD) && a.to == m.to && start(a) == start(&m) => {
            Some(Motion {
                key: a.key.clone(),
                ..m
            })
        }
        _ => Some(m),
    }
}
