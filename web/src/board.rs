//! The board component: draws squares and pieces it is given. It knows no rules.

use yew::prelude::*;

/// One square as the board draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct SquareView {
    /// The square's name (`e4`).
    pub name: String,
    /// File index from the left of the board as White sees it.
    pub file: u8,
    /// Rank index from White's side.
    pub rank: u8,
    /// Light or dark.
    pub light: bool,
    /// The piece's glyph, if a piece stands here.
    pub glyph: Option<char>,
    /// Whether the piece is White's.
    pub white_piece: bool,
    /// A spoken name of the piece (`white knight`).
    pub label: Option<String>,
}

/// Props of [`Board`].
#[derive(Properties, Clone, PartialEq)]
pub struct BoardProps {
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
    /// Every square.
    pub squares: Vec<SquareView>,
    /// Black's view.
    #[prop_or_default]
    pub flipped: bool,
}

const CELL: f64 = 10.0;

/// The normal board view as an SVG that scales to its container.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let (w, h) = (props.width as f64, props.height as f64);
    let place = |file: u8, rank: u8| -> (f64, f64) {
        if props.flipped {
            ((w - 1.0 - file as f64) * CELL, rank as f64 * CELL)
        } else {
            (file as f64 * CELL, (h - 1.0 - rank as f64) * CELL)
        }
    };
    let squares = props.squares.iter().map(|sq| {
        let (x, y) = place(sq.file, sq.rank);
        let class = if sq.light { "sq light" } else { "sq dark" };
        let label = match &sq.label {
            Some(piece) => format!("{} {}", sq.name, piece),
            None => sq.name.clone(),
        };
        html! {
            <g key={sq.name.clone()} data-square={sq.name.clone()} role="gridcell" aria-label={label}>
                <rect class={class} x={x.to_string()} y={y.to_string()}
                      width={CELL.to_string()} height={CELL.to_string()} />
                if let Some(glyph) = sq.glyph {
                    <text class={if sq.white_piece { "piece white" } else { "piece black" }}
                          data-piece={glyph.to_string()}
                          x={(x + CELL / 2.0).to_string()} y={(y + CELL * 0.55).to_string()}>
                        {glyph}
                    </text>
                }
            </g>
        }
    });
    let files = (0..props.width).map(|f| {
        let (x, _) = place(f, 0);
        let letter = ((b'a' + f) as char).to_string();
        html! { <text class="coord" x={(x + CELL - 1.0).to_string()} y={(h * CELL - 0.8).to_string()}>{letter}</text> }
    });
    let ranks = (0..props.height).map(|r| {
        let (_, y) = place(0, r);
        let x = if props.flipped { (w - 1.0) * CELL } else { 0.0 };
        html! { <text class="coord rank" x={(x + 0.6).to_string()} y={(y + 2.6).to_string()}>{(r + 1).to_string()}</text> }
    });
    html! {
        <svg class="board" role="grid" aria-label="board"
             viewBox={format!("0 0 {} {}", w * CELL, h * CELL)}
             style={format!("aspect-ratio: {} / {}", props.width, props.height)}>
            { for squares }
            { for files }
            { for ranks }
        </svg>
    }
}
