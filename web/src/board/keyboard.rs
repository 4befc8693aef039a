//! A board from the keyboard: one tab stop per board; the arrow keys move a focus cursor over
//! the cells (turned with the board), and Enter or Space acts on the focused square. A move
//! made from the keyboard keeps the focus on the board.

use crate::board::view::View;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

/// The cell `(x, y)` holding the board's tab stop, and the board's key handler. `by_keys` says
/// whether the board was last used from the keyboard (the pointer sets it false).
#[hook]
pub fn use_keyboard(
    v: &View,
    flipped: bool,
    svg_ref: &NodeRef,
    by_keys: &Rc<RefCell<bool>>,
) -> (Option<(i32, i32)>, Callback<KeyboardEvent>) {
    let cursor = use_state(|| None::<(i32, i32)>);
    let home = v
        .cells
        .iter()
        .filter(|c| !c.ghost && !c.square.is_empty())
        .min_by_key(|c| if flipped { (-c.y, -c.x) } else { (c.y, c.x) })
        .map(|c| (c.x, c.y));
    let focus_at = (*cursor)
        .filter(|&(x, y)| {
            v.cells
                .iter()
                .any(|c| c.x == x && c.y == y && !c.square.is_empty())
        })
        .or(home);
    {
        let svg_ref = svg_ref.clone();
        use_effect_with(*cursor, move |cursor| {
            if let (Some((x, y)), Some(svg)) = (cursor, svg_ref.cast::<Element>()) {
                let selector = format!("[data-x=\"{x}\"][data-y=\"{y}\"]");
                if let Ok(Some(cell)) = svg.query_selector(&selector) {
                    if let Ok(cell) = cell.dyn_into::<web_sys::SvgElement>() {
                        let _ = cell.focus();
                    }
                }
            }
        });
    }
    // After a move from the keyboard the cells are redrawn, and the focused one may go with
    // them: the focus, fallen to the page, comes back to the board's tab stop.
    {
        let (by_keys, svg_ref) = (by_keys.clone(), svg_ref.clone());
        use_effect(move || {
            let document = web_sys::window().and_then(|w| w.document());
            let lost = document.as_ref().is_some_and(|d| {
                d.active_element()
                    .is_none_or(|a| Some(a) == d.body().map(Into::into))
            });
            if *by_keys.borrow() && lost {
                let stop = svg_ref
                    .cast::<Element>()
                    .and_then(|svg| svg.query_selector("[tabindex=\"0\"]").ok().flatten())
                    .and_then(|cell| cell.dyn_into::<web_sys::SvgElement>().ok());
                if let Some(cell) = stop {
                    let _ = cell.focus();
                }
            }
        });
    }
    let on_key = {
        let by_keys = by_keys.clone();
        let cells: Vec<(i32, i32)> = v
            .cells
            .iter()
            .filter(|c| !c.square.is_empty())
            .map(|c| (c.x, c.y))
            .collect();
        Callback::from(move |e: KeyboardEvent| {
            *by_keys.borrow_mut() = true;
            let (dx, dy) = match e.key().as_str() {
                "ArrowRight" => (1, 0),
                "ArrowLeft" => (-1, 0),
                "ArrowUp" => (0, 1),
                "ArrowDown" => (0, -1),
                _ => return,
            };
            e.prevent_default();
            // The page's own arrow keys (stepping through the moves) are for outside the board.
            e.stop_propagation();
            let turn = if flipped { -1 } else { 1 };
            if let Some((x, y)) = focus_at {
                let next = (x + dx * turn, y + dy * turn);
                if cells.contains(&next) {
                    cursor.set(Some(next));
                }
            }
        })
    };
    (focus_at, on_key)
}
