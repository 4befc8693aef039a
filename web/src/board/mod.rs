//! The board component. It draws the cells and paths it is given and reports clicks, pointing and
//! drops by square name, like lichess's chessground: it knows no rules.

pub mod choice;
mod keyboard;
pub mod piece_art;
pub mod scene;
pub mod selection;
pub mod view;

use crate::board::piece_art::piece;
use crate::board::view::{Cell, Drawing, LineKind, View};
use crate::common::math;
use crate::common::math::num;
use crate::common::settings::PieceSet;
use gloo_events::EventListener;
use std::cell::RefCell;
use topochess_study::decimal;
use wasm_bindgen::JsCast;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

const CELL: f64 = 10.0;

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

#[derive(Clone, PartialEq)]
struct Press {
    square: String,
    start: (i32, i32),
    moved: bool,
    glyph: Option<(char, bool)>,
    at: (f64, f64),
}

thread_local! {
    /// The press in progress, shared by every board on the page: a piece picked up on one view
    /// may be dropped on the other. A release outside every board clears it (see `Board`).
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
    let gutter = if props.coords == crate::common::settings::Coords::Outside {
        GUTTER
    } else {
        0.0
    };
    let press = use_state(|| None::<Press>);
    let renders = use_render_count();
    // The cell under the pointer: kept here, so pointing re-renders the board alone.
    let hover = use_state(|| None::<(String, i32, i32)>);
    let svg_ref = use_node_ref();

    let to_svg = {
        let svg_ref = svg_ref.clone();
        move |e: &PointerEvent| -> (f64, f64) {
            svg_ref
                .cast::<Element>()
                .map(|svg| {
                    let r = svg.get_bounding_client_rect();
                    (
                        (e.client_x() as f64 - r.left()) / r.width().max(1.0)
                            * (cols * CELL + gutter)
                            - gutter,
                        (e.client_y() as f64 - r.top()) / r.height().max(1.0)
                            * (rows * CELL + gutter),
                    )
                })
                .unwrap_or((0.0, 0.0))
        }
    };

    // Esc drops a drag in progress.
    {
        let press = press.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "keydown", move |e| {
                    if e.dyn_ref::<web_sys::KeyboardEvent>()
                        .map(|k| k.key())
                        .as_deref()
                        == Some("Escape")
                    {
                        PRESS.with(|p| p.borrow_mut().take());
                        press.set(None);
                    }
                })
            });
            move || drop(listener)
        });
    }
    // Releases outside every board end a press; boards handle theirs first (the event bubbles
    // up to the window last).
    use_effect_with((), |_| {
        let listener = web_sys::window().map(|w| {
            EventListener::new(&w, "pointerup", |_| {
                PRESS.with(|p| p.borrow_mut().take());
            })
        });
        move || drop(listener)
    });

    let drawing_from = use_mut_ref(|| None::<String>);
    // Whether the board was last used from the keyboard (not the pointer).
    let by_keys = use_mut_ref(|| false);
    let on_down = {
        let by_keys = by_keys.clone();
        let press = press.clone();
        let on_press = props.on_press.clone();
        let drawing_from = drawing_from.clone();
        let to_svg = to_svg.clone();
        let cells = v.cells.clone();
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
                PRESS.with(|g| *g.borrow_mut() = Some(p.clone()));
                press.set(Some(p));
            }
        })
    };
    let on_move = {
        let press = press.clone();
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            PRESS.with(|g| {
                if let Some(p) = g.borrow_mut().as_mut() {
                    let (dx, dy) = (e.client_x() - p.start.0, e.client_y() - p.start.1);
                    p.moved |= dx * dx + dy * dy > 25;
                }
            });
            if let Some(p) = (*press).clone() {
                let moved = PRESS.with(|g| g.borrow().as_ref().is_some_and(|g| g.moved));
                press.set(Some(Press {
                    moved,
                    at: to_svg(&e),
                    ..p
                }));
            }
            let here = cell_at(e.client_x(), e.client_y());
            if *hover != here {
                hover.set(here);
            }
        })
    };
    // Touch has no hover: the first tap on a ghost destination shows the path there, the second
    // plays the move. The ghost cells that are destinations:
    let ghost_dests: Vec<(i32, i32)> = v
        .cells
        .iter()
        .filter(|c| c.ghost && (c.marks.dest || props.targets.iter().any(|(t, _)| *t == c.square)))
        .map(|c| (c.x, c.y))
        .collect();
    let on_up = {
        let press = press.clone();
        let hover = hover.clone();
        let drawing_from = drawing_from.clone();
        let on_shape = props.on_shape.clone();
        let on_click = props.on_click.clone();
        let on_drop = props.on_drop.clone();
        Callback::from(move |e: PointerEvent| {
            if e.button() == 2 {
                let from = drawing_from.borrow_mut().take();
                if let (Some(from), Some((to, _, _))) = (from, cell_at(e.client_x(), e.client_y()))
                {
                    let brush = crate::common::shapes::Brush::of(
                        e.shift_key(),
                        e.alt_key(),
                        e.ctrl_key() || e.meta_key(),
                    );
                    on_shape.emit((from, to, brush));
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
                        on_drop.emit((p.square, to))
                    }
                    Some((to, _, _)) => on_click.emit(to),
                    None => {}
                }
            }
            press.set(None);
        })
    };
    let on_leave = {
        let press = press.clone();
        let hover = hover.clone();
        Callback::from(move |e: PointerEvent| {
            press.set(None);
            // A finger leaves the board at every lift: keep a tapped preview.
            if e.pointer_type() != "touch" {
                hover.set(None);
            }
        })
    };

    let (focus_at, on_key) = keyboard::use_keyboard(v, flipped, &svg_ref, &by_keys);

    // Move animation: once per move, the piece slides along its path (jumping from the edge it
    // leaves to the edge it comes back in at); the piece on its square shows when it is done.
    // The move already on the board when the page opens is not animated.
    let animated = use_mut_ref(|| v.motion.as_ref().map(|m| m.key.clone()));
    let moving = use_state(|| None::<String>);
    let overlay = use_node_ref();
    let fresh = v
        .motion
        .clone()
        .filter(|m| animated.borrow().as_deref() != Some(m.key.as_str()));
    {
        let (animated, moving, overlay) = (animated.clone(), moving.clone(), overlay.clone());
        let motion = v.motion.clone();
        let points: Option<Vec<Vec<(f64, f64)>>> = motion.as_ref().map(|m| {
            m.strokes
                .iter()
                .map(|s| s.iter().map(|&(x, y)| place(x, y)).collect())
                .collect()
        });
        use_effect_with(motion.as_ref().map(|m| m.key.clone()), move |key| {
            let Some(key) = key.clone() else {
                return;
            };
            if animated.borrow().as_deref() == Some(key.as_str()) {
                return;
            }
            *animated.borrow_mut() = Some(key.clone());
            if reduced_motion() {
                moving.set(None);
                return;
            }
            moving.set(Some(key));
            let overlay = overlay.clone();
            let moving = moving.clone();
            // The overlay exists after this render: start it on the next tick.
            gloo_timers::callback::Timeout::new(0, move || {
                if let (Some(el), Some(points)) = (overlay.cast::<Element>(), points) {
                    slide(&el, &points);
                }
                gloo_timers::callback::Timeout::new(MOTION_MS + 30, move || moving.set(None))
                    .forget();
            })
            .forget();
        });
    }
    let arriving = fresh
        .as_ref()
        .or_else(|| {
            v.motion
                .as_ref()
                .filter(|m| moving.as_deref() == Some(m.key.as_str()))
        })
        .cloned();

    let dragging = (*press).clone().filter(|p| p.moved);
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
            cell_html(c, shown, art, place, &props.on_click)
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
    // Keyboard focus goes to the chooser's first option when it opens (on one board only).
    {
        let svg_ref = svg_ref.clone();
        use_effect_with(v.choice.is_some(), move |open| {
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
    // The path of the move pointed at, for the piece dragged or selected.
    let from = dragging
        .as_ref()
        .map(|p| p.square.clone())
        .or_else(|| props.selected.clone())
        .or_else(|| {
            v.cells
                .iter()
                .find(|c| c.marks.selected)
                .map(|c| c.square.clone())
        });
    let pointed: Vec<&Drawing> = match (&from, &*hover) {
        (Some(from), Some((to, x, y))) => {
            let paths: Vec<_> = v
                .hover
                .iter()
                .filter(|h| &h.from == from && &h.to == to)
                .collect();
            let ending = paths.iter().any(|h| h.end == (*x, *y));
            paths
                .into_iter()
                .filter(|h| !ending || h.end == (*x, *y))
                .map(|h| &h.drawing)
                .collect()
        }
        _ => Vec::new(),
    };
    let drawings = v
        .drawings
        .iter()
        .chain(pointed)
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
    let outside = props.coords == crate::common::settings::Coords::Outside;
    let coords = match props.coords {
        crate::common::settings::Coords::Off => html! {},
        c => coordinates(
            v,
            place,
            flipped,
            c == crate::common::settings::Coords::Outside,
            rows,
        ),
    };
    let floating = dragging.and_then(|p| {
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
             onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up} onpointerleave={on_leave}
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
            { for cells }
            { coords }
            <g class="drawings">{ for drawings }</g>
            { for mover }
            { for floating }
            { for choice }
        </svg>
    }
}

/// How often the calling component has rendered (tests read it from a `data-renders`
/// attribute: pointing at squares must not re-render the app).
#[hook]
pub fn use_render_count() -> u64 {
    let count = use_mut_ref(|| 0u64);
    *count.borrow_mut() += 1;
    let n = *count.borrow();
    n
}

/// The top-left SVG corner of the cell at plane point (x, y), whichever way the board is turned.
fn corner(place: impl Fn(f64, f64) -> (f64, f64), x: i32, y: i32) -> (f64, f64) {
    let (ax, ay) = place(x as f64, y as f64);
    let (bx, by) = place(x as f64 + 1.0, y as f64 + 1.0);
    (ax.min(bx), ay.min(by))
}

/// How a cell is shown this render: its marks (the view's and the selection's), and whether its
/// piece is lifted by a drag or still on its way, and whether it holds the keyboard's tab stop.
struct Shown {
    marks: crate::board::view::Marks,
    lifted: bool,
    focusable: bool,
    arriving: bool,
}

fn cell_html(
    c: &Cell,
    Shown {
        marks: m,
        lifted,
        focusable,
        arriving,
    }: Shown,
    (board, set): (&str, PieceSet),
    place: impl Fn(f64, f64) -> (f64, f64),
    on_click: &Callback<String>,
) -> Html {
    let (x, y) = corner(&place, c.x, c.y);
    if c.square.is_empty() {
        return html! { <rect key={format!("{},{}", c.x, c.y)} class="wall" x={num(x)} y={num(y)} width={num(CELL)} height={num(CELL)} /> };
    }
    let class = classes!(
        "cell",
        if c.light { "light" } else { "dark" },
        c.ghost.then_some("ghost"),
        m.selected.then_some("selected"),
        m.last.then_some("last"),
        m.check.then_some("check"),
        m.dest.then_some("dest"),
        m.premove.then_some("premove"),
    );
    let label = match &c.label {
        Some(piece) => format!(
            "{} {}{}",
            c.square,
            piece,
            if c.ghost { ", ghost" } else { "" }
        ),
        None => format!("{}{}", c.square, if c.ghost { ", ghost" } else { "" }),
    };
    let onkeydown = {
        let on_click = on_click.clone();
        let square = c.square.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" || e.key() == " " {
                e.prevent_default();
                on_click.emit(square.clone());
            }
        })
    };
    html! {
        <g key={format!("{},{}", c.x, c.y)} class={class} data-square={c.square.clone()} data-x={c.x.to_string()} data-y={c.y.to_string()}
           data-ghost={c.ghost.to_string()} role="button" aria-label={label}
           tabindex={if focusable { "0" } else { "-1" }} onkeydown={onkeydown}>
            <rect class="sq" x={num(x)} y={num(y)} width={num(CELL)} height={num(CELL)} />
            if c.ghost {
                <text class="ghost-name" x={num(x + 0.6)} y={num(y + 2.4)}>{c.square.clone()}</text>
            }
            if let Some(g) = c.glyph {
                { piece(board, set, g, c.white, (x + CELL / 2.0, y + CELL / 2.0), CELL,
                        classes!(lifted.then_some("lifted"), arriving.then_some("arriving"))) }
            }
            if let Some((white, black)) = c.heat.filter(|h| h.0 + h.1 > 0) {
                <rect class="heat" x={num(x)} y={num(y)} width={num(CELL)} height={num(CELL)}
                      style={format!("fill: {}; fill-opacity: {}",
                          if white > black { "#2a6fdb" } else if black > white { "#d9382b" } else { "#8a5cc7" },
                          decimal::write((0.12 + 0.1 * (white.max(black) as f64)).min(0.55), 2))} />
                <text class="heat-count" x={num(x + 0.6)} y={num(y + CELL - 0.8)}>{format!("{white}·{black}")}</text>
            }
            if m.dest {
                if m.capture {
                    <circle class="capture-mark" cx={num(x + CELL / 2.0)} cy={num(y + CELL / 2.0)} r="4.4" />
                } else {
                    <circle class="dest-mark" cx={num(x + CELL / 2.0)} cy={num(y + CELL / 2.0)} r="1.6" />
                }
            }
        </g>
    }
}

/// The kinds of line that end in an arrowhead, each with a head of its own colour (a marker
/// cannot take its line's colour).
const ARROW_KINDS: [&str; 10] = [
    "hover",
    "hint",
    "best",
    "second",
    "better",
    "check-line",
    "green",
    "red",
    "blue",
    "yellow",
];

/// `to` drawn back by `by` towards `from` (when the segment is longer than that): an arrow's
/// head then stops short of the middle of its square, and the piece there shows.
fn short_of((fx, fy): (f64, f64), (tx, ty): (f64, f64), by: f64) -> (f64, f64) {
    let len = ((tx - fx).powi(2) + (ty - fy).powi(2)).sqrt();
    if len <= by * 1.5 {
        return (tx, ty);
    }
    (tx - (tx - fx) / len * by, ty - (ty - fy) / len * by)
}

fn drawing_html(d: &Drawing, board: &str, place: impl Fn(f64, f64) -> (f64, f64) + Copy) -> Html {
    let kind = match d.kind {
        LineKind::Hover => "hover",
        LineKind::Last => "last-move",
        LineKind::Hint => "hint",
        LineKind::Best => "best",
        LineKind::Second => "second",
        LineKind::Better => "better",
        LineKind::Check => "check-line",
        LineKind::Arrow(b) | LineKind::Circle(b) => b.name(),
    };
    if let (LineKind::Circle(_), Some(&(x, y))) =
        (d.kind, d.strokes.first().and_then(|s| s.points.first()))
    {
        let (cx, cy) = place(x, y);
        return html! {
            <g class={classes!("drawing", "shape", kind)} data-kind="circle">
                <circle class={classes!("shape-circle", kind)} cx={num(cx)} cy={num(cy)} r={num(CELL * 0.44)} />
            </g>
        };
    }
    let shape = matches!(d.kind, LineKind::Arrow(_));
    let to_svg = |(x, y): (f64, f64)| {
        let (sx, sy) = place(x, y);
        (sx, sy)
    };
    let strokes = d.strokes.iter().enumerate().map(|(i, s)| {
        let mut pts: Vec<(f64, f64)> = s.points.iter().map(|&p| to_svg(p)).collect();
        let last = i + 1 == d.strokes.len();
        let end = if last && d.kind != LineKind::Last { Some("arrow") } else { None };
        let head = end.map(|_| format!("url(#arrow-{board}-{kind})"));
        if let (Some(_), false, [.., a, b]) = (end, s.arc, pts.as_mut_slice()) {
            *b = short_of(*a, *b, CELL * 0.3);
        }
        if s.arc {
            let (a, b) = (pts[0], pts[pts.len() - 1]);
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let ctrl = (mx - dy * 0.35 - 4.0, my + dx * 0.35 - 4.0);
            html! { <path class={classes!("stroke", "jump", kind)} d={format!("M {} {} Q {} {} {} {}", num(a.0), num(a.1), num(ctrl.0), num(ctrl.1), num(b.0), num(b.1))} /> }
        } else {
            let points = pts.iter().map(|&(x, y)| format!("{},{}", num(x), num(y))).collect::<Vec<_>>().join(" ");
            html! { <polyline class={classes!("stroke", kind, end, shape.then_some("shape-arrow"))} points={points} marker-end={head} /> }
        }
    });
    let markers = d.markers.iter().map(|&(x, y, n)| {
        let (sx, sy) = to_svg((x, y));
        html! {
            <g class={classes!("edge-marker", kind)}>
                <circle cx={num(sx)} cy={num(sy)} r="2.2" />
                <text x={num(sx)} y={num(sy + 0.8)}>{n.to_string()}</text>
            </g>
        }
    });
    let data_kind = if shape { "arrow" } else { kind };
    html! { <g class={classes!("drawing", kind, shape.then_some("shape"))} data-kind={data_kind}>{ for strokes }{ for markers }</g> }
}

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

/// Room beside the board for coordinates written outside it (SVG units).
const GUTTER: f64 = 4.0;

/// File letters along the viewer's bottom edge and rank numbers along the left edge (whichever
/// way the board is turned), in the edge squares or beside the board.
fn coordinates(
    v: &View,
    place: impl Fn(f64, f64) -> (f64, f64),
    flipped: bool,
    outside: bool,
    rows: f64,
) -> Html {
    let bottom = if flipped { v.height - 1 } else { 0 };
    let left = if flipped { v.width - 1 } else { 0 };
    let files = (0..v.width).map(|f| {
        let (x, y) = corner(&place, f, bottom);
        let letter = ((b'a' + f as u8) as char).to_string();
        if outside {
            html! { <text class="coord outside" x={num(x + CELL / 2.0)} y={num(rows * CELL + GUTTER * 0.75)}>{letter}</text> }
        } else {
            html! { <text class="coord" x={num(x + CELL - 0.8)} y={num(y + CELL - 0.8)}>{letter}</text> }
        }
    });
    let ranks = (0..v.height).map(|r| {
        let (x, y) = corner(&place, left, r);
        if outside {
            html! { <text class="coord rank outside" x={num(-GUTTER / 2.0)} y={num(y + CELL / 2.0 + 1.2)}>{(r + 1).to_string()}</text> }
        } else {
            html! { <text class="coord rank" x={num(x + 0.6)} y={num(y + 2.6)}>{(r + 1).to_string()}</text> }
        }
    });
    html! { <g class="coords" aria-hidden="true">{ for files }{ for ranks }</g> }
}
