//! The piece sets: two drawn for Topochess (45x45 SVG symbols, coloured by CSS variables so one
//! drawing serves both sides) and the Unicode glyphs. The board places pieces through
//! [`piece`]; each board holds the symbols of the chosen set once, in its `<defs>`.

use crate::common::math::num;
use crate::common::settings::PieceSet;
use yew::prelude::*;

/// What a stroke of a drawing is: the piece's body (filled in the side's colour and outlined), an
/// inner line in the contrasting colour, a line in the outline's colour, or a filled dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Filled in the side's colour, outlined.
    Body,
    /// A line in the contrasting colour.
    Detail,
    /// A line in the outline's colour.
    Line,
    /// Filled in the outline's colour.
    Dot,
}
use Part::{Body, Detail, Dot, Line};

/// A piece's drawing: its parts, in painting order.
type Drawing = &'static [(Part, &'static str)];

/// The Staunton-like set, drawn for Topochess: king, queen, rook, bishop, knight, pawn.
const STAUNTON: [Drawing; 6] = [
    &[(Body, "M22.5 23c-1.4-3.3-2.2-6 0-8.6 2.2 2.6 1.4 5.3 0 8.6z"), (Body, "M12.8 35.3c-1-3.8-2.8-8.2-1.8-11.5 1.3-4.1 6-5.3 9.2-3 1.2.9 1.9 1.8 2.3 3.1.4-1.3 1.1-2.2 2.3-3.1 3.2-2.3 7.9-1.1 9.2 3 1 3.3-.8 7.7-1.8 11.5z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z"), (Line, "M22.5 5.5v8.4M19 8.8h7"), (Detail, "M13.5 30.2c5.9-1.8 12.1-1.8 18 0")],
    &[(Body, "M12.8 35.3c1-4.8.7-10.6-1.3-17l6 7.2.4-10.8 4.6 9.8 4.6-9.8.4 10.8 6-7.2c-2 6.4-2.3 12.2-1.3 17z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z"), (Body, "M11.5 14.5a2 2 0 1 1 0 4 2 2 0 1 1 0-4zM18 11a2 2 0 1 1 0 4 2 2 0 1 1 0-4zM22.5 8.3a2 2 0 1 1 0 4 2 2 0 1 1 0-4zM27 11a2 2 0 1 1 0 4 2 2 0 1 1 0-4zM33.5 14.5a2 2 0 1 1 0 4 2 2 0 1 1 0-4z"), (Detail, "M13.6 30.5c5.9-1.6 11.9-1.6 17.8 0")],
    &[(Body, "M13 10.5h4v3h3v-3h5v3h3v-3h4v7l-2.5 2v12l2.5 3.2h-19l2.5-3.2v-12l-2.5-2z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z"), (Detail, "M13.2 17.5h18.6M15.5 31.5h14")],
    &[(Body, "M22.5 9.3c3.6 2.4 7.4 6.4 7.4 10.8 0 2.8-1.6 4.6-3.6 5.6 1.2 2.7 2.7 5.7 3.4 9.6h-14.4c.7-3.9 2.2-6.9 3.4-9.6-2-1-3.6-2.8-3.6-5.6 0-4.4 3.8-8.4 7.4-10.8z"), (Body, "M22.5 4.2a2.4 2.4 0 1 1 0 4.8 2.4 2.4 0 1 1 0-4.8z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z"), (Detail, "M24.6 13.8l-4.2 5.4M18.6 25.8h7.8")],
    &[(Body, "M14.5 37.5c.6-5.2 3.2-8.3 6.3-10.6 1.6-1.2 2.2-2.8 1.7-4.2-1.4 1.8-3.4 2.6-5.5 2.7-1.5 1.6-3.6 2.5-5.2 1.6-1.4-.8-1.7-2.5-.8-4.3l5.6-8.4c.4-1.9 1.3-3.4 2.5-4.5l-.2-3.4 2.9 2.2 1.4-2.9 1.7 3.5c5.6 1.2 9.3 6.5 9.5 13.8.2 6.4-1.1 11.3-.9 14.5z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z"), (Dot, "M16.6 14.6a1.2 1.2 0 1 1 2.4 0 1.2 1.2 0 1 1-2.4 0z"), (Detail, "M25.5 12.5c3.3 3 4.6 7.9 4.4 13.2M11.8 23.4l1.2-.6")],
    &[(Body, "M22.5 8.5a4.8 4.8 0 0 1 3 8.6c2.3 1 3.6 2.4 3.8 4.1h-3.2c1.9 3.2 4.6 7 4.6 12.6l.8 1.4h-18l.8-1.4c0-5.6 2.7-9.4 4.6-12.6h-3.2c.2-1.7 1.5-3.1 3.8-4.1a4.8 4.8 0 0 1 3-8.6z"), (Body, "M10.5 39.5h24v-2.2c0-1.2-.8-2-2-2h-20c-1.2 0-2 .8-2 2z")],
];

/// The geometric set: each piece built from a few plain shapes.
const GEOMETRIC: [Drawing; 6] = [
    &[(Body, "M13 36v-14c0-3 2-5 5-5h9c3 0 5 2 5 5v14z"), (Body, "M11 39.5h23v-3.5h-23z"), (Body, "M21 5h3v3.5h3.5v3h-3.5v5h-3v-5h-3.5v-3h3.5z"), (Detail, "M13 28h19")],
    &[(Body, "M13 36l-2-20 6 8 5.5-13 5.5 13 6-8-2 20z"), (Body, "M11 39.5h23v-3.5h-23z"), (Dot, "M11 13.5a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 1 1 0-4.4zM22.5 7a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 1 1 0-4.4zM34 13.5a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 1 1 0-4.4z")],
    &[(Body, "M14 36v-24h4v4h2.5v-4h4v4h2.5v-4h4v24z"), (Body, "M11 39.5h23v-3.5h-23z"), (Detail, "M14 19.5h17")],
    &[(Body, "M22.5 8c5 4.5 7.5 9 7.5 14 0 5-2 9-3 14h-9c-1-5-3-9-3-14 0-5 2.5-9.5 7.5-14z"), (Body, "M11 39.5h23v-3.5h-23z"), (Detail, "M25.5 15l-6 6")],
    &[(Body, "M15 36l2-10-4 2-2.5-4 9-13 1-4 2.5 2.5 2.5-2.5 1 4c4 3 6 8 6 14v11z"), (Body, "M11 39.5h23v-3.5h-23z"), (Dot, "M18.5 15.5h2v2h-2z")],
    &[(Body, "M22.5 10a5 5 0 1 1 0 10 5 5 0 1 1 0-10z"), (Body, "M17 36l3-13h5l3 13z"), (Body, "M11 39.5h23v-3.5h-23z")],
];

/// The drawings of a set; `None` for the Unicode glyphs.
fn drawings(set: PieceSet) -> Option<&'static [Drawing; 6]> {
    match set {
        PieceSet::Staunton => Some(&STAUNTON),
        PieceSet::Geometric => Some(&GEOMETRIC),
        PieceSet::Unicode => None,
    }
}

/// The parts of a piece's drawing in the set (45 units square), in painting order; `None` for
/// the Unicode glyphs.
pub fn parts(set: PieceSet, glyph: char) -> Option<&'static [(Part, &'static str)]> {
    drawings(set).map(|d| d[role_index(glyph)])
}

/// The role's index (king, queen, rook, bishop, knight, pawn) of a Unicode chess glyph.
fn role_index(glyph: char) -> usize {
    (glyph as u32).wrapping_sub(0x2654) as usize % 6
}

/// The symbol id of a role's drawing on the board named `board`.
fn symbol_id(board: &str, index: usize) -> String {
    format!("{board}-piece-{}", ["k", "q", "r", "b", "n", "p"][index])
}

/// The symbols of the chosen set, for a board's `<defs>` (nothing for the Unicode glyphs).
pub fn defs(board: &str, set: PieceSet) -> Html {
    let Some(drawings) = drawings(set) else {
        return html! {};
    };
    let symbols = drawings.iter().enumerate().map(|(i, parts)| {
        let paths = parts.iter().map(|(part, d)| {
            let class = match part {
                Body => "pc-body",
                Detail => "pc-detail",
                Line => "pc-line",
                Dot => "pc-dot",
            };
            html! { <path class={class} d={*d} /> }
        });
        html! { <symbol id={symbol_id(board, i)} viewBox="0 0 45 45">{ for paths }</symbol> }
    });
    html! { <>{ for symbols }</> }
}

/// A piece centred on the SVG point (x, y) in a square `size` wide: a `<use>` of the set's
/// symbol, or the glyph as text. `classes` go on the element (with `piece`, `white`/`black`);
/// `data-piece` carries the glyph for tests and tools.
pub fn piece(
    board: &str,
    set: PieceSet,
    glyph: char,
    white: bool,
    (x, y): (f64, f64),
    size: f64,
    classes: Classes,
) -> Html {
    let class = classes!("piece", if white { "white" } else { "black" }, classes);
    if drawings(set).is_none() {
        // The text-presentation selector (U+FE0E): without it some phones draw the black pawn as
        // a colour emoji, and White's and Black's pawns look alike.
        return html! {
            <text class={class} data-piece={glyph.to_string()} x={num(x)} y={num(y + size * 0.05)}>
                {format!("{glyph}\u{FE0E}")}
            </text>
        };
    }
    let href = format!("#{}", symbol_id(board, role_index(glyph)));
    html! {
        <use class={classes!(class, "drawn")} data-piece={glyph.to_string()} href={href}
             x={num(x - size / 2.0)} y={num(y - size / 2.0)}
             width={num(size)} height={num(size)} />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_finds_its_role() {
        let white = ['♔', '♕', '♖', '♗', '♘', '♙'];
        let black = ['♚', '♛', '♜', '♝', '♞', '♟'];
        for (i, (w, b)) in white.iter().zip(black).enumerate() {
            assert_eq!(role_index(*w), i);
            assert_eq!(role_index(b), i);
        }
    }

    #[test]
    fn the_drawn_sets_differ_in_every_piece() {
        for i in 0..6 {
            assert_ne!(STAUNTON[i][0].1, GEOMETRIC[i][0].1);
        }
    }
}
