//! The board component. It draws the cells and paths it is given and reports clicks, pointing and
//! drops by square name, like lichess's chessground: it knows no rules. Its parts are apart as
//! chessground keeps them: the pointer's state and input ([`pointer`], [`keyboard`]), the move's
//! animation ([`motion`]) and the drawing ([`draw`]); this component only composes them.

pub mod choice;
mod draw;
mod keyboard;
mod motion;
pub mod piece_art;
mod pointer;
pub mod scene;
pub mod selection;
pub mod view;

use crate::board::draw::{
    coordinates, corner, drawing_html, Shown, Square, ARROW_KINDS, CELL, GUTTER,
};
use crate::board::piece_art::piece;
use crate::board::pointer::{Press, Reports};
use crate::board::view::{Drawing, View};
use crate::common::math::num;
use crate::common::settings::{Coords, PieceSet};
use wasm_bindgen::JsCast;
use web_sys::Element;
use yew::prelude::*;

/// Props of [`Board`].
#[derive(Properties, Clone, PartialEq)]
pub struct BoardProps {
    /// What to draw.
    pub view: View,
    /// Seen from Black's side.
    #[prop_or_default]
    pub flipped: bool,
    /// Where the coordinates are written.
    #[prop_or_default]
    pub coords: crate::common::settings::Coords,
    /// The piece set.
    #[prop_or_default]
    pub pieces: PieceSet,
    /// The selected piece's square (kept by the app's `Boards` component).
    #[prop_or_default]
    pub selected: Option<String>,
    /// The selected piece's destinations (square, whether it takes).
    #[prop_or_default]
    pub targets: Vec<(String, bool)>,
    /// An option of the view's choice was picked (its index), or the choice was cancelled.
    #[prop_or_default]
    pub on_choose: Callback<Option<usize>>,
    /// A shape drawn with the right button: from, to (the same square: a circle), brush.
    #[prop_or_default]
    pub on_shape: Callback<(String, String, crate::common::shapes::Brush)>,
    /// A name for tests and screen readers (`normal`, `extended`).
    pub name: AttrValue,
    /// A cell was clicked (or tapped, or activated by keyboard): its real square.
    pub on_click: Callback<String>,
    /// A piece was dragged from one square and dropped on a cell of another.
    pub on_drop: Callback<(String, String)>,
    /// The primary button went down on a cell: its real square (selection starts here, so a
    /// drag shows its destinations).
    #[prop_or_default]
    pub on_press: Callback<String>,
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let v = &props.view;
    let cols = (v.x1 - v.x0 + 1) as f64;
    let rows = (v.y1 - v.y0 + 1) as f64;
    let flipped = props.flipped;
    // Plane point to SVG coordinates (top-left of the cell).
    let place = move |x: f64, y: f64| -> (f64, f64) {
        let v0 = (v.x0 as f64, v.y0 as f64, v.x1 as f64, v.y1 as f64);
        if flipped {
            ((v0.2 + 1.0 - x) * CELL, (y - v0.1) * CELL)
        } else {
            ((x - v0.0) * CELL, (v0.3 + 1.0 - y) * CELL)
        }
    };
    let outside = props.coords == Coords::Outside;
    let gutter = if outside { GUTTER } else { 0.0 };
    let renders = crate::common::renders::use_render_count();
    let svg_ref = use_node_ref();
    let reports = Reports {
        on_press: props.on_press.clone(),
        on_shape: props.on_shape.clone(),
        on_click: props.on_click.clone(),
        on_drop: props.on_drop.clone(),
    };
    let extent = (cols * CELL + gutter, rows * CELL + gutter, gutter);
    let pointer = pointer::use_pointer(v, &props.targets, &svg_ref, extent, reports);
    let (focus_at, on_key) = keyboard::use_keyboard(v, flipped, &svg_ref, &pointer.by_keys);
    let (arriving, overlay) = motion::use_motion(v, place);
    use_choice_focus(v.choice.is_some(), &svg_ref);

    // The cells' key handler, the same from render to render (the boards make `on_click` anew
    // each time), so that a cell whose look did not change is not drawn again.
    let clicked = use_mut_ref(Callback::noop);
    *clicked.borrow_mut() = props.on_click.clone();
    let on_cell_key = use_memo((), move |()| {
        Callback::from(move |square: String| clicked.borrow().emit(square))
    });
    let dragging = pointer.dragging.clone();
    let art = (props.name.as_str(), props.pieces);
    let cells: Vec<Html> = v
        .cells
        .iter()
        .map(|c| {
            // The view's marks, with the selection the boards keep.
            let mut marks = c.marks;
            if !c.square.is_empty() {
                marks.selected |= props.selected.as_deref() == Some(c.square.as_str());
                if let Some((_, takes)) = props.targets.iter().find(|(t, _)| *t == c.square) {
                    marks.dest = true;
                    marks.capture |= *takes;
                }
            }
            let shown = Shown {
                marks,
                lifted: dragging.as_ref().is_some_and(|p| p.square == c.square),
                focusable: focus_at == Some((c.x, c.y)),
                arriving: arriving.as_ref().is_some_and(|m| m.to == c.square) && !c.ghost,
            };
            html! {
                <Square key={format!("{},{}", c.x, c.y)} cell={c.clone()} shown={shown}
                        corner={corner(place, c.x, c.y)} art={(props.name.clone(), props.pieces)}
                        on_click={(*on_cell_key).clone()} />
            }
        })
        .collect();
    let mover = arriving.as_ref().and_then(|m| {
        let start = m.strokes.first()?.first()?;
        let (x, y) = place(start.0, start.1);
        Some(html! {
            <g key={m.key.clone()} ref={overlay.clone()} class="mover" data-strokes={m.strokes.len().to_string()}
               style={format!("transform: translate({}px, {}px)", num(x), num(y))}>
                { piece(art.0, art.1, m.glyph, m.white, (0.0, 0.0), CELL, classes!("moving")) }
            </g>
        })
    });
    let from = dragging
        .as_ref()
        .map(|p| p.square.as_str())
        .or(props.selected.as_deref());
    let drawings = v
        .drawings
        .iter()
        .chain(pointed(v, from, pointer.hover.as_ref()))
        .map(|d| drawing_html(d, &props.name, place));
    let choice = v.choice.as_ref().map(|choice| {
        crate::board::choice::chooser(
            choice,
            &v.cells,
            |c| corner(place, c.x, c.y),
            (cols * CELL, rows * CELL, CELL),
            art,
            &props.on_choose,
        )
    });
    let coords = match props.coords {
        Coords::Off => html! {},
        _ => coordinates(v, place, flipped, outside, rows),
    };
    let floating = pointer.dragging.and_then(|p: Press| {
        let (g, white) = p.glyph?;
        Some(piece(
            art.0,
            art.1,
            g,
            white,
            p.at,
            CELL * 1.15,
            classes!("floating"),
        ))
    });
    html! {
        <svg class={classes!("board", props.name.to_string())} ref={svg_ref}
             role="group" aria-label={format!("{} board", props.name)}
             data-view={props.name.clone()} data-renders={renders.to_string()}
             viewBox={if outside {
                 format!("{} 0 {} {}", num(-GUTTER), num(cols * CELL + GUTTER), num(rows * CELL + GUTTER))
             } else {
                 format!("0 0 {} {}", num(cols * CELL), num(rows * CELL))
             }}
             style={format!("aspect-ratio: {} / {}", num(cols), num(rows))}
             onpointerdown={pointer.on_down} onpointermove={pointer.on_move}
             onpointerup={pointer.on_up} onpointerleave={pointer.on_leave}
             onkeydown={on_key}
             oncontextmenu={Callback::from(|e: MouseEvent| e.prevent_default())}>
            <defs>
                { for ARROW_KINDS.iter().map(|kind| html! {
                    <marker id={format!("arrow-{}-{kind}", props.name)} class={classes!("arrow-head", *kind)}
                            viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3" markerHeight="3"
                            orient="auto-start-reverse">
                        <path d="M 0 0 L 10 5 L 0 10 z" />
                    </marker>
                }) }
                { crate::board::piece_art::defs(&props.name, props.pieces) }
            </defs>
            // Every child of the board has its place whatever is shown: a child that came and
            // went (the piece on its way, the one dragged, the promotion's choice) would have
            // put each one after it out of step with the one it was, and the board laid out
            // anew on every move.
            <g class="cells">{ for cells }</g>
            { coords }
            <g class="drawings">{ for drawings }</g>
            <g class="arrivals">{ for mover }</g>
            <g class="drag-layer">{ for floating }</g>
            <g class="choice-layer">{ for choice }</g>
        </svg>
    }
}

/// The routes of the move pointed at, from the piece dragged or selected (`from`; else the
/// view's selected cell) to the cell under the pointer: the one ending on that very cell where
/// one does (a ghost and its real square are reached by different routes), else all of them.
fn pointed<'a>(
    v: &'a View,
    from: Option<&'a str>,
    hover: Option<&(String, i32, i32)>,
) -> Vec<&'a Drawing> {
    let from = from.or_else(|| {
        v.cells
            .iter()
            .find(|c| c.marks.selected)
            .map(|c| c.square.as_str())
    });
    let (Some(from), Some((to, x, y))) = (from, hover) else {
        return Vec::new();
    };
    let paths: Vec<_> = v
        .hover
        .iter()
        .filter(|h| h.from == from && &h.to == to)
        .collect();
    let ending = paths.iter().any(|h| h.end == (*x, *y));
    paths
        .into_iter()
        .filter(|h| !ending || h.end == (*x, *y))
        .map(|h| &h.drawing)
        .collect()
}

/// Keyboard focus goes to the chooser's first option when it opens (on one board only).
#[hook]
fn use_choice_focus(open: bool, svg_ref: &NodeRef) {
    let svg_ref = svg_ref.clone();
    use_effect_with(open, move |open| {
        let focused = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(".choice:focus").ok().flatten())
            .is_some();
        if let (true, false, Some(svg)) = (*open, focused, svg_ref.cast::<Element>()) {
            if let Ok(Some(first)) = svg.query_selector(".choice") {
                if let Ok(first) = first.dyn_into::<web_sys::SvgElement>() {
                    let _ = first.focus();
                }
            }
        }
    });
}
