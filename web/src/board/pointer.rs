//! A board under the pointer: a press picks a piece up (or starts a shape with the right
//! button), a move drags it and points at cells, a release drops it or clicks. A press is shared
//! by every board on the page, so a piece picked up on one view may be dropped on the other; Esc
//! or a release outside every board ends it.

use crate::board::view::View;
use crate::common::shapes::Brush;
use gloo_events::EventListener;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

/// A press of the primary button on a cell: the square, where it began (client pixels), whether
/// it has moved far enough to be a drag, the piece picked up, and where it is now (SVG units).
#[derive(Clone, PartialEq)]
pub struct Press {
    /// The square pressed.
    pub square: String,
    start: (i32, i32),
    moved: bool,
    /// The piece picked up: its glyph and whether it is White's.
    pub glyph: Option<(char, bool)>,
    /// Where the pointer is, in the board's SVG units.
    pub at: (f64, f64),
}

thread_local! {
    /// The press in progress, shared by every board on the page. A release outside every board
    /// clears it (see [`use_pointer`]).
    static PRESS: RefCell<Option<Press>> = const { RefCell::new(None) };
}

/// The cell under a client point: its square and plane point.
fn cell_at(x: i32, y: i32) -> Option<(String, i32, i32)> {
    let doc = web_sys::window()?.document()?;
    let el: Element = doc.element_from_point(x as f32, y as f32)?;
    let cell = el.closest("[data-square]").ok()??;
    let square = cell.get_attribute("data-square")?;
    let px = cell.get_attribute("data-x")?.parse().ok()?;
    let py = cell.get_attribute("data-y")?.parse().ok()?;
    (!square.is_empty()).then_some((square, px, py))
}

/// What a board reports of the pointer, by square name.
#[derive(Clone)]
pub struct Reports {
    /// The primary button went down on a cell.
    pub on_press: Callback<String>,
    /// A shape drawn with the right button: from, to, brush.
    pub on_shape: Callback<(String, String, Brush)>,
    /// A cell clicked or tapped.
    pub on_click: Callback<String>,
    /// A piece dragged from one square and dropped on another.
    pub on_drop: Callback<(String, String)>,
}

/// The board's pointer state and its handlers.
pub struct Pointer {
    /// The piece being dragged (a press that has moved).
    pub dragging: Option<Press>,
    /// The cell under the pointer (a tapped ghost destination on touch): square and plane point.
    pub hover: Option<(String, i32, i32)>,
    /// Whether the board was last used from the keyboard: the pointer sets it false.
    pub by_keys: Rc<RefCell<bool>>,
    /// `pointerdown`.
    pub on_down: Callback<PointerEvent>,
    /// `pointermove`.
    pub on_move: Callback<PointerEvent>,
    /// `pointerup`.
    pub on_up: Callback<PointerEvent>,
    /// `pointerleave`.
    pub on_leave: Callback<PointerEvent>,
}

/// The pointer on a board drawn in `svg_ref`, `extent` SVG units wide and high with `gutter`
/// units left of the squares; `targets` are the selected piece's destinations.
#[hook]
pub fn use_pointer(
    v: &View,
    targets: &[(String, bool)],
    svg_ref: &NodeRef,
    extent: (f64, f64, f64),
    reports: Reports,
) -> Pointer {
    let (width, height, gutter) = extent;
    // The press being dragged (one that has moved: a press alone lives in `PRESS`, so that a
    // click draws the board no more often than its selection changes).
    let press = use_state_eq(|| None::<Press>);
    // The cell under the pointer: kept here, so pointing re-renders the board alone.
    let hover = use_state_eq(|| None::<(String, i32, i32)>);
    let drawing_from = use_mut_ref(|| None::<String>);
    let by_keys = use_mut_ref(|| false);
    use_press_ends(&press);
    let to_svg = {
        let svg_ref = svg_ref.clone();
        move |e: &PointerEvent| -> (f64, f64) {
            svg_ref
                .cast::<Element>()
                .map(|svg| {
                    let r = svg.get_bounding_client_rect();
                    (
                        (e.client_x() as f64 - r.left()) / r.width().max(1.0) * width - gutter,
                        (e.client_y() as f64 - r.top()) / r.height().max(1.0) * height,
                    )
                })
                .unwrap_or((0.0, 0.0))
        }
    };
    let on_down = {
        let (by_keys, drawing_from) = (by_keys.clone(), drawing_from.clone());
        let (on_press, to_svg, cells) = (reports.on_press.clone(), to_svg.clone(), v.cells.clone());
        Callback::from(move |e: PointerEvent| {
            *by_keys.borrow_mut() = false;
            // The right button draws shapes; only the primary one (a touch or a pen counts as
            // one) moves pieces.
            if e.button() == 2 {
                *drawing_from.borrow_mut() = cell_at(e.client_x(), e.client_y()).map(|c| c.0);
                return;
            }
            if e.button() != 0 {
                return;
            }
            if let Some((square, _, _)) = cell_at(e.client_x(), e.client_y()) {
                let glyph = cells
                    .iter()
                    .find(|c| c.square == square)
                    .and_then(|c| c.glyph.map(|g| (g, c.white)));
                if let Some(t) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) {
                    let _ = t.release_pointer_capture(e.pointer_id());
                }
                on_press.emit(square.clone());
                let p = Press {
                    square,
                    start: (e.client_x(), e.client_y()),
                    moved: false,
                    glyph,
                    at: to_svg(&e),
                };
                PRESS.with(|g| *g.borrow_mut() = Some(p));
            }
        })
    };
    // A route is previewed from the piece selected or dragged only: with neither, the cell under
    // the pointer draws nothing, and is neither looked for nor kept.
    let ghost_dests = ghost_dests(v, targets);
    let from_shown = routes_shown(v, targets, &ghost_dests);
    let on_move = {
        let (press, hover) = (press.clone(), hover.clone());
        Callback::from(move |e: PointerEvent| {
            let dragged = PRESS.with(|g| {
                let mut g = g.borrow_mut();
                let p = g.as_mut()?;
                let (dx, dy) = (e.client_x() - p.start.0, e.client_y() - p.start.1);
                p.moved |= dx * dx + dy * dy > 25;
                p.moved.then(|| p.clone())
            });
            if let Some(p) = dragged {
                press.set(Some(Press {
                    at: to_svg(&e),
                    ..p
                }));
            }
            let pressed = PRESS.with(|g| g.borrow().is_some());
            hover.set(
                (from_shown || pressed)
                    .then(|| cell_at(e.client_x(), e.client_y()))
                    .flatten(),
            );
        })
    };
    let on_up = {
        let (press, hover) = (press.clone(), hover.clone());
        Callback::from(move |e: PointerEvent| {
            if e.button() == 2 {
                let from = drawing_from.borrow_mut().take();
                if let (Some(from), Some((to, _, _))) = (from, cell_at(e.client_x(), e.client_y()))
                {
                    let brush = Brush::of(e.shift_key(), e.alt_key(), e.ctrl_key() || e.meta_key());
                    reports.on_shape.emit((from, to, brush));
                }
                return;
            }
            if e.button() != 0 {
                return;
            }
            let target = cell_at(e.client_x(), e.client_y());
            if let Some(t) = target.as_ref().filter(|_| e.pointer_type() == "touch") {
                let first_tap = ghost_dests.contains(&(t.1, t.2)) && hover.as_ref() != Some(t);
                if first_tap && PRESS.with(|g| g.borrow().as_ref().is_some_and(|p| !p.moved)) {
                    PRESS.with(|g| g.borrow_mut().take());
                    press.set(None);
                    hover.set(Some(t.clone()));
                    return;
                }
            }
            if let Some(p) = PRESS.with(|g| g.borrow_mut().take()) {
                match target {
                    Some((to, _, _)) if p.moved && p.glyph.is_some() => {
                        reports.on_drop.emit((p.square, to))
                    }
                    Some((to, _, _)) => reports.on_click.emit(to),
                    None => {}
                }
            }
            press.set(None);
        })
    };
    let on_leave = {
        let (press, hover) = (press.clone(), hover.clone());
        Callback::from(move |e: PointerEvent| {
            press.set(None);
            // A finger leaves the board at every lift: keep a tapped preview.
            if e.pointer_type() != "touch" {
                hover.set(None);
            }
        })
    };
    Pointer {
        dragging: (*press).clone().filter(|p| p.moved),
        hover: (*hover).clone(),
        by_keys,
        on_down,
        on_move,
        on_up,
        on_leave,
    }
}

/// Whether pointing at a cell shows routes: a piece is selected (its destinations are marked).
fn routes_shown(v: &View, targets: &[(String, bool)], ghost_dests: &[(i32, i32)]) -> bool {
    !ghost_dests.is_empty() || !targets.is_empty() || v.cells.iter().any(|c| c.marks.selected)
}

/// The ghost cells that are destinations. Touch has no hover: the first tap on one shows the
/// route there, the second plays the move.
fn ghost_dests(v: &View, targets: &[(String, bool)]) -> Vec<(i32, i32)> {
    v.cells
        .iter()
        .filter(|c| c.ghost && (c.marks.dest || targets.iter().any(|(t, _)| *t == c.square)))
        .map(|c| (c.x, c.y))
        .collect()
}

/// Esc drops a drag in progress; a release outside every board ends a press (boards handle
/// theirs first: the event bubbles up to the window last).
#[hook]
fn use_press_ends(press: &UseStateHandle<Option<Press>>) {
    let press = press.clone();
    use_effect_with((), move |_| {
        let window = web_sys::window();
        let escape = window.as_ref().map(|w| {
            EventListener::new(w, "keydown", move |e| {
                let key = e.dyn_ref::<web_sys::KeyboardEvent>().map(|k| k.key());
                if key.as_deref() == Some("Escape") {
                    PRESS.with(|p| p.borrow_mut().take());
                    press.set(None);
                }
            })
        });
        let release = window.as_ref().map(|w| {
            EventListener::new(w, "pointerup", |_| {
                PRESS.with(|p| p.borrow_mut().take());
            })
        });
        move || drop((escape, release))
    });
}
