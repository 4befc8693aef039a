//! The board's picture that the 3D view wraps onto the surface: squares in their colours with
//! their names, the marks, the legal destinations, the pieces, and every path drawn as lines in
//! board coordinates. A path that leaves one edge comes back in at its glued edge, so on the
//! surface it is one continuous line. [`Picture::of`] decides what is drawn (pure, tested);
//! [`paint`] draws it on a canvas.

use crate::board::piece_art::{self, Part};
use crate::board::view::{LineKind, View};
use crate::common::settings::PieceSet;
use crate::common::shapes::Brush;
use wasm_bindgen::JsValue;
use web_sys::{CanvasRenderingContext2d, Path2d};

/// How a square is tinted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tint {
    /// A square of the last move.
    Last,
    /// The selected piece's square.
    Selected,
    /// A king in check.
    Check,
    /// A square of the pre-move.
    Premove,
}

/// One square as painted.
#[derive(Clone, Debug, PartialEq)]
pub struct SquarePaint {
    /// File.
    pub x: i32,
    /// Rank.
    pub y: i32,
    /// Its name.
    pub name: String,
    /// Light or dark.
    pub light: bool,
    /// Its tint.
    pub tint: Option<Tint>,
    /// The piece: glyph and whether it is White's.
    pub piece: Option<(char, bool)>,
    /// A legal destination of the selected piece: whether it takes.
    pub dest: Option<bool>,
}

/// A line along a path, in board coordinates (a square's centre at `x + 0.5`, `y + 0.5`).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// Its colour (CSS).
    pub colour: &'static str,
    /// Its width, in squares.
    pub width: f64,
    /// Its pieces, each a polyline; the last ends at the destination.
    pub strokes: Vec<Vec<(f64, f64)>>,
    /// Dashed: a pole rule's jump rather than a walk.
    pub dashed: Vec<bool>,
    /// A circle around the square (a drawn circle) rather than a line.
    pub circle: bool,
}

/// Everything painted.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Picture {
    /// Files.
    pub width: i32,
    /// Ranks.
    pub height: i32,
    /// The squares.
    pub squares: Vec<SquarePaint>,
    /// The lines, in painting order.
    pub lines: Vec<Line>,
}

/// A line's colour and width.
fn style(kind: LineKind) -> (&'static str, f64) {
    let brush = |b: Brush| match b {
        Brush::Green => "rgba(21,120,27,0.8)",
        Brush::Red => "rgba(136,32,32,0.8)",
        Brush::Blue => "rgba(0,48,136,0.8)",
        Brush::Yellow => "rgba(230,143,0,0.8)",
    };
    match kind {
        LineKind::Hover => ("rgba(27,127,214,0.9)", 0.16),
        LineKind::Last => ("rgba(80,120,20,0.6)", 0.12),
        LineKind::Hint => ("rgba(217,130,43,0.9)", 0.18),
        LineKind::Best => ("rgba(21,96,155,0.85)", 0.18),
        LineKind::Second => ("rgba(21,96,155,0.4)", 0.12),
        LineKind::Better => ("rgba(21,120,27,0.85)", 0.18),
        LineKind::Check => ("rgba(200,30,30,0.75)", 0.14),
        LineKind::Arrow(b) | LineKind::Circle(b) => (brush(b), 0.16),
    }
}

impl Picture {
    /// The picture of the normal view `view`, with the piece on `selected` lifted, its
    /// `targets` marked, and the paths of the move to `hovered` drawn.
    pub fn of(
        view: &View,
        selected: Option<&str>,
        targets: &[(String, bool)],
        hovered: Option<&str>,
    ) -> Picture {
        let inside = |x: i32, y: i32| (0..view.width).contains(&x) && (0..view.height).contains(&y);
        let squares = view
            .cells
            .iter()
            .filter(|c| !c.ghost && !c.square.is_empty() && inside(c.x, c.y))
            .map(|c| {
                let m = c.marks;
                let tint = if m.check {
                    Some(Tint::Check)
                } else if selected == Some(c.square.as_str()) || m.selected {
                    Some(Tint::Selected)
                } else if m.premove {
                    Some(Tint::Premove)
                } else if m.last {
                    Some(Tint::Last)
                } else {
                    None
                };
                let dest = targets
                    .iter()
                    .find(|(t, _)| *t == c.square)
                    .map(|&(_, takes)| takes);
                SquarePaint {
                    x: c.x,
                    y: c.y,
                    name: c.square.clone(),
                    light: c.light,
                    tint,
                    piece: c.glyph.map(|g| (g, c.white)),
                    dest,
                }
            })
            .collect();
        let hover = view.hover.iter().filter(|h| {
            Some(h.from.as_str()) == selected && Some(h.to.as_str()) == hovered && hovered.is_some()
        });
        let lines = view
            .drawings
            .iter()
            .chain(hover.map(|h| &h.drawing))
            .map(|d| {
                let (colour, width) = style(d.kind);
                Line {
                    colour,
                    width,
                    strokes: d.strokes.iter().map(|s| s.points.clone()).collect(),
                    dashed: d.strokes.iter().map(|s| s.arc).collect(),
                    circle: matches!(d.kind, LineKind::Circle(_)),
                }
            })
            .collect();
        Picture {
            width: view.width,
            height: view.height,
            squares,
            lines,
        }
    }
}

/// The colours read from the page's theme.
#[derive(Clone, Debug, PartialEq)]
pub struct Colours {
    /// Light squares.
    pub light: String,
    /// Dark squares.
    pub dark: String,
}

/// Paints `picture` on `ctx`, `scale` pixels to a square, rank 1 at the bottom. The pieces stand
/// on the surface as sprites ([`paint_atlas`]); here each leaves only its shadow.
pub fn paint(ctx: &CanvasRenderingContext2d, picture: &Picture, scale: f64, colours: &Colours) {
    let h = picture.height as f64;
    let to_px = |(x, y): (f64, f64)| (x * scale, (h - y) * scale);
    for sq in &picture.squares {
        let (px, py) = (sq.x as f64 * scale, (h - 1.0 - sq.y as f64) * scale);
        ctx.set_fill_style_str(if sq.light {
            &colours.light
        } else {
            &colours.dark
        });
        ctx.fill_rect(px, py, scale, scale);
        if let Some(t) = sq.tint {
            ctx.set_fill_style_str(match t {
                Tint::Last => "rgba(155,199,0,0.45)",
                Tint::Selected => "rgba(20,85,30,0.5)",
                Tint::Check => "rgba(220,30,30,0.75)",
                Tint::Premove => "rgba(20,30,85,0.4)",
            });
            ctx.fill_rect(px, py, scale, scale);
        }
        // The square's name in its corner, so a square far round the surface is known.
        ctx.set_fill_style_str(if sq.light {
            "rgba(0,0,0,0.55)"
        } else {
            "rgba(255,255,255,0.75)"
        });
        ctx.set_font(&format!("{}px sans-serif", (scale * 0.2).round() as i64));
        let _ = ctx.fill_text(&sq.name, px + scale * 0.05, py + scale * 0.95);
        let middle = (px + scale / 2.0, py + scale / 2.0);
        if sq.piece.is_some() {
            ctx.set_fill_style_str("rgba(0,0,0,0.2)");
            circle(ctx, middle, scale * 0.3);
            ctx.fill();
        }
        match sq.dest {
            Some(false) => {
                ctx.set_fill_style_str("rgba(20,85,30,0.55)");
                circle(ctx, middle, scale * 0.16);
                ctx.fill();
            }
            Some(true) => {
                ctx.set_stroke_style_str("rgba(20,85,30,0.6)");
                ctx.set_line_width(scale * 0.09);
                circle(ctx, middle, scale * 0.44);
                ctx.stroke();
            }
            None => {}
        }
    }
    ctx.set_line_cap("round");
    ctx.set_line_join("round");
    for line in &picture.lines {
        ctx.set_stroke_style_str(line.colour);
        ctx.set_line_width(line.width * scale);
        if line.circle {
            if let Some(&c) = line.strokes.first().and_then(|s| s.first()) {
                circle(ctx, to_px(c), scale * 0.45);
                ctx.stroke();
            }
            continue;
        }
        for (stroke, &dashed) in line.strokes.iter().zip(&line.dashed) {
            let dash = js_sys::Array::new();
            if dashed {
                dash.push(&JsValue::from_f64(scale * 0.2));
                dash.push(&JsValue::from_f64(scale * 0.15));
            }
            let _ = ctx.set_line_dash(&dash);
            ctx.begin_path();
            for (i, &p) in stroke.iter().enumerate() {
                let (x, y) = to_px(p);
                if i == 0 {
                    ctx.move_to(x, y);
                } else {
                    ctx.line_to(x, y);
                }
            }
            ctx.stroke();
        }
        let _ = ctx.set_line_dash(&js_sys::Array::new());
        // An arrow head where the last stroke ends.
        if let Some(last) = line.strokes.last().filter(|s| s.len() > 1) {
            let (ex, ey) = to_px(last[last.len() - 1]);
            let (sx, sy) = to_px(last[last.len() - 2]);
            let (dx, dy) = (ex - sx, ey - sy);
            let n = (dx * dx + dy * dy).sqrt().max(1e-9);
            let (ux, uy) = (dx / n, dy / n);
            let size = scale * (line.width * 2.2).max(0.3);
            ctx.set_fill_style_str(line.colour);
            ctx.begin_path();
            ctx.move_to(ex + ux * size * 0.4, ey + uy * size * 0.4);
            ctx.line_to(
                ex - ux * size * 0.6 - uy * size * 0.5,
                ey - uy * size * 0.6 + ux * size * 0.5,
            );
            ctx.line_to(
                ex - ux * size * 0.6 + uy * size * 0.5,
                ey - uy * size * 0.6 - ux * size * 0.5,
            );
            ctx.close_path();
            ctx.fill();
        }
    }
}

/// The sprite sheet of a piece set: the six roles (king, queen, rook, bishop, knight, pawn)
/// across, White's above Black's, `cell` pixels each.
pub fn paint_atlas(ctx: &CanvasRenderingContext2d, set: PieceSet, cell: f64) {
    ctx.clear_rect(0.0, 0.0, 6.0 * cell, 2.0 * cell);
    for (row, first) in [(0.0, 0x2654), (1.0, 0x265A)] {
        for role in 0..6u32 {
            if let Some(glyph) = char::from_u32(first + role) {
                piece(
                    ctx,
                    set,
                    glyph,
                    row == 0.0,
                    (role as f64 * cell, row * cell),
                    cell,
                );
            }
        }
    }
}

/// The sprite sheet cell of a piece glyph (see [`paint_atlas`]).
pub fn atlas_cell(glyph: char, white: bool) -> usize {
    (glyph as u32).wrapping_sub(0x2654) as usize % 6 + if white { 0 } else { 6 }
}

/// Starts a path that is a circle round `centre`.
fn circle(ctx: &CanvasRenderingContext2d, centre: (f64, f64), radius: f64) {
    ctx.begin_path();
    let _ = ctx.arc(centre.0, centre.1, radius, 0.0, std::f64::consts::TAU);
}

/// A piece in the square whose top left is `(px, py)`.
fn piece(
    ctx: &CanvasRenderingContext2d,
    set: PieceSet,
    glyph: char,
    white: bool,
    (px, py): (f64, f64),
    scale: f64,
) {
    let (fill, line, detail) = if white {
        ("#fafafa", "#1c1c1c", "#1c1c1c")
    } else {
        ("#2a2a2a", "#0d0d0d", "#e6e6e6")
    };
    let Some(parts) = piece_art::parts(set, glyph) else {
        ctx.set_font(&format!(
            "{}px 'DejaVu Sans', serif",
            (scale * 0.8).round() as i64
        ));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        ctx.set_fill_style_str(fill);
        ctx.set_stroke_style_str(line);
        ctx.set_line_width(scale * 0.03);
        let text = format!("{glyph}\u{FE0E}");
        let _ = ctx.fill_text(&text, px + scale / 2.0, py + scale * 0.55);
        let _ = ctx.stroke_text(&text, px + scale / 2.0, py + scale * 0.55);
        ctx.set_text_align("start");
        ctx.set_text_baseline("alphabetic");
        return;
    };
    let k = scale * 0.9 / 45.0;
    ctx.save();
    let _ = ctx.translate(px + scale * 0.05, py + scale * 0.05);
    let _ = ctx.scale(k, k);
    ctx.set_line_join("round");
    ctx.set_line_cap("round");
    for (part, d) in parts {
        let Ok(path) = Path2d::new_with_path_string(d) else {
            continue;
        };
        match part {
            Part::Body => {
                ctx.set_fill_style_str(fill);
                ctx.fill_with_path_2d(&path);
                ctx.set_stroke_style_str(line);
                ctx.set_line_width(1.5);
                ctx.stroke_with_path(&path);
            }
            Part::Detail => {
                ctx.set_stroke_style_str(detail);
                ctx.set_line_width(1.3);
                ctx.stroke_with_path(&path);
            }
            Part::Line => {
                ctx.set_stroke_style_str(line);
                ctx.set_line_width(2.6);
                ctx.stroke_with_path(&path);
            }
            Part::Dot => {
                ctx.set_fill_style_str(detail);
                ctx.fill_with_path_2d(&path);
            }
        }
    }
    ctx.restore();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::scene::hover_of;
    use crate::solid::{distance, Solid};
    use std::rc::Rc;
    use topochess_core::fen;
    use topochess_core::variant::Variant;

    /// A view with only the hover paths of `fen` on `preset`.
    fn view_of(preset: &str, text: &str) -> (View, Solid) {
        let v = std::sync::Arc::new(Variant::preset(preset, None).expect("preset"));
        let pos =
            fen::parse_position(v.clone(), text).unwrap_or_else(|e| panic!("{preset}: {e:?}"));
        let (normal, _) = hover_of(&pos);
        let size = v.size();
        let view = View {
            width: size.width() as i32,
            height: size.height() as i32,
            x0: 0,
            y0: 0,
            x1: size.width() as i32 - 1,
            y1: size.height() as i32 - 1,
            cells: Vec::new(),
            drawings: Vec::new(),
            motion: None,
            choice: None,
            hover: Rc::new(normal),
        };
        (view, Solid::of(v.surface()))
    }

    /// The line's pieces join end to start on the surface: one continuous line in space.
    fn continuous(solid: &Solid, line: &Line) -> bool {
        line.strokes.windows(2).all(|w| {
            let (a, b) = (w[0][w[0].len() - 1], w[1][0]);
            distance(solid.point(a.0, a.1), solid.point(b.0, b.1)) < 1e-6
        })
    }

    #[test]
    fn a_rook_going_over_the_fold_is_one_line_on_the_pillow() {
        // The folded board: a rook on c1 reaches f3 over either fold: up the c-file and down
        // the f-file, or down over the bottom fold and up the f-file. Each path leaves the board
        // at one edge and comes back in at its glued place.
        let (view, solid) = view_of("folded", "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1");
        let pic = Picture::of(&view, Some("c1"), &[], Some("f3"));
        assert_eq!(pic.lines.len(), 2, "the hovered move's two paths alone");
        for line in &pic.lines {
            assert_eq!(
                line.strokes.len(),
                2,
                "it leaves an edge: {:?}",
                line.strokes
            );
            assert!(continuous(&solid, line), "{:?}", line.strokes);
        }
        // Nothing is drawn when the pointer is over a square the piece does not reach.
        assert!(Picture::of(&view, Some("c1"), &[], Some("d4"))
            .lines
            .is_empty());
    }

    #[test]
    fn every_hover_path_is_continuous_on_every_preset_surface() {
        for (preset, text) in [
            ("folded", "8/8/8/3k4/8/8/8/B1R1K2N w - - 0 1"),
            ("cylinder", "8/8/8/8/3k4/8/8/1BR1K2Q w - - 0 1"),
            ("torus", "8/8/8/3k4/8/8/8/1BR1K2N w - - 0 1"),
            ("klein-8x14", "8/8/8/8/8/8/3k4/8/8/8/8/8/8/2R1K2N w - - 0 1"),
            ("sphere-nadvorney", "8/8/8/3k4/8/8/8/1BR1K2N w - - 0 1"),
            ("horizontal-cylinder", "8/8/8/3k4/8/8/8/1BR1K2N w - - 0 1"),
        ] {
            let (view, solid) = view_of(preset, text);
            let mut crossing = 0;
            for h in view.hover.iter() {
                let pic = Picture::of(&view, Some(&h.from), &[], Some(&h.to));
                for line in &pic.lines {
                    // A pole rule's jump (dashed) is not a walk on the surface.
                    if line.dashed.iter().any(|&d| d) {
                        continue;
                    }
                    assert!(
                        continuous(&solid, line),
                        "{preset}: {} {}: {:?}",
                        h.from,
                        h.to,
                        line.strokes
                    );
                    if line.strokes.len() > 1 {
                        crossing += 1;
                    }
                }
            }
            assert!(crossing > 0, "{preset}: some path crosses an edge");
        }
    }
}
