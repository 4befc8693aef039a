//! Drawing the board: its cells with their pieces and marks, the lines over them (routes, arrows,
//! circles) and the coordinates, in SVG units of [`CELL`] a square. What is drawn is the view and
//! the state handed in (a square counts its own renders, for the tests).

use crate::board::piece_art::piece;
use crate::board::view::{Cell, Drawing, LineKind, View};
use crate::common::math::num;
use crate::common::settings::PieceSet;
use topochess_study::decimal;
use yew::prelude::*;

/// A square's side, in SVG units.
pub const CELL: f64 = 10.0;

/// The top-left SVG corner of the cell at plane point (x, y), whichever way the board is turned.
pub fn corner(place: impl Fn(f64, f64) -> (f64, f64), x: i32, y: i32) -> (f64, f64) {
    let (ax, ay) = place(x as f64, y as f64);
    let (bx, by) = place(x as f64 + 1.0, y as f64 + 1.0);
    (ax.min(bx), ay.min(by))
}

/// How a cell is shown this render: its marks (the view's and the selection's), and whether its
/// piece is lifted by a drag or still on its way, and whether it holds the keyboard's tab stop.
#[derive(Clone, Copy, PartialEq)]
pub struct Shown {
    /// The view's marks with the selection's.
    pub marks: crate::board::view::Marks,
    /// Its piece is lifted by a drag.
    pub lifted: bool,
    /// It holds the board's tab stop.
    pub focusable: bool,
    /// Its piece is still on its way there.
    pub arriving: bool,
}

/// Props of [`Square`]: a cell, how it is shown, where, and what a key on it does.
#[derive(Properties, Clone, PartialEq)]
pub struct SquareProps {
    /// The cell.
    pub cell: Cell,
    /// How it is shown this render.
    pub shown: Shown,
    /// Its top-left SVG corner.
    pub corner: (f64, f64),
    /// The board's name and the piece set.
    pub art: (AttrValue, PieceSet),
    /// Enter or Space on it: its square.
    pub on_click: Callback<String>,
}

/// A cell of the board, drawn again only when its props change: a move redraws the few cells
/// it touched, and the others are neither drawn nor compared element by element.
#[function_component(Square)]
pub fn square(p: &SquareProps) -> Html {
    let renders = crate::common::renders::use_render_count();
    cell_html(
        &p.cell,
        p.shown,
        (&p.art.0, p.art.1),
        p.corner,
        &p.on_click,
        renders,
    )
}

/// A cell: its square, piece, marks and heat, its top-left corner at `(x, y)`, drawn for the
/// `renders`th time (tests read it); Enter or Space on it is a click.
fn cell_html(
    c: &Cell,
    Shown {
        marks: m,
        lifted,
        focusable,
        arriving,
    }: Shown,
    (board, set): (&str, PieceSet),
    (x, y): (f64, f64),
    on_click: &Callback<String>,
    renders: u64,
) -> Html {
    if c.square.is_empty() {
        return html! { <rect class="wall" x={num(x)} y={num(y)} width={num(CELL)} height={num(CELL)} /> };
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
    // The cell is drawn at its own origin and moved into place: each cell is then a transform of
    // its own, so that a piece coming or going changes what the browser paints for that cell
    // alone, not for the run of cells around it (their paint would be drawn anew, the board's
    // tiles rastered again on every move).
    html! {
        <g class={class} data-square={c.square.clone()} data-x={c.x.to_string()} data-y={c.y.to_string()}
           data-ghost={c.ghost.to_string()} role="button" aria-label={label}
           tabindex={if focusable { "0" } else { "-1" }} onkeydown={onkeydown}
           transform={format!("translate({} {})", num(x), num(y))}
           data-renders={renders.to_string()}>
            <rect class="sq" width={num(CELL)} height={num(CELL)} />
            if c.ghost {
                <text class="ghost-name" x="0.6" y="2.4">{c.square.clone()}</text>
            }
            if let Some(g) = c.glyph {
                { piece(board, set, g, c.white, (CELL / 2.0, CELL / 2.0), CELL,
                        classes!(lifted.then_some("lifted"), arriving.then_some("arriving"))) }
            }
            if let Some((white, black)) = c.heat.filter(|h| h.0 + h.1 > 0) {
                <rect class="heat" width={num(CELL)} height={num(CELL)}
                      style={format!("fill: {}; fill-opacity: {}",
                          if white > black { "#2a6fdb" } else if black > white { "#d9382b" } else { "#8a5cc7" },
                          decimal::write((0.12 + 0.1 * (white.max(black) as f64)).min(0.55), 2))} />
                <text class="heat-count" x="0.6" y={num(CELL - 0.8)}>{format!("{white}·{black}")}</text>
            }
            if m.dest {
                if m.capture {
                    <circle class="capture-mark" cx={num(CELL / 2.0)} cy={num(CELL / 2.0)} r="4.4" />
                } else {
                    <circle class="dest-mark" cx={num(CELL / 2.0)} cy={num(CELL / 2.0)} r="1.6" />
                }
            }
        </g>
    }
}

/// The kinds of line that end in an arrowhead, each with a head of its own colour (a marker
/// cannot take its line's colour).
pub const ARROW_KINDS: [&str; 10] = [
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

/// A line over the board (a route, an arrow, a circle) with its edge markers.
pub fn drawing_html(
    d: &Drawing,
    board: &str,
    place: impl Fn(f64, f64) -> (f64, f64) + Copy,
) -> Html {
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

/// Room beside the board for coordinates written outside it (SVG units).
pub const GUTTER: f64 = 4.0;

/// File letters along the viewer's bottom edge and rank numbers along the left edge (whichever
/// way the board is turned), in the edge squares or beside the board.
pub fn coordinates(
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
