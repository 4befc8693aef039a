//! The choice among moves to one square (a promotion), drawn on the board: the options stacked
//! from that square toward the board's middle over a veil, like chessground's promotion chooser.
//! A click on an option chooses it; a click on the veil cancels. The board knows no rules: it is
//! handed the options (see `view::BoardChoice`).

use crate::board::piece_art::piece;
use crate::board::view::{BoardChoice, Cell};
use crate::common::math::num;
use crate::common::settings::PieceSet;
use std::cell::Cell as Shared;
use yew::prelude::*;

thread_local! {
    /// Where the press that may choose began (an option's index; `None` for the veil). A choice
    /// needs the press and the release on the same place: the tap that opened the chooser ends
    /// with a synthesised click on whatever option now lies under the finger, which must not
    /// count as choosing it.
    static ARMED: Shared<Option<Option<usize>>> = const { Shared::new(None) };
}

/// Handlers for one target: a press arms it, a release on it emits `pick`.
fn press_release(
    target: Option<usize>,
    on_choose: &Callback<Option<usize>>,
) -> (Callback<PointerEvent>, Callback<PointerEvent>) {
    let down = Callback::from(move |_: PointerEvent| ARMED.with(|a| a.set(Some(target))));
    let on_choose = on_choose.clone();
    let up = Callback::from(move |_: PointerEvent| {
        if ARMED.with(|a| a.take()) == Some(target) {
            on_choose.emit(target);
        }
    });
    (down, up)
}

/// The options' cells, top-left SVG corners: from the row of `at` toward the middle, moved back
/// when the column would leave the board.
pub fn option_corners(at: (f64, f64), count: usize, rows: f64, cell: f64) -> Vec<(f64, f64)> {
    let row = (at.1 / cell).round();
    let n = count as f64;
    let down = row < rows / 2.0;
    let first = if down {
        row.min((rows - n).max(0.0))
    } else {
        row.max(n - 1.0).min(rows - 1.0)
    };
    (0..count)
        .map(|i| {
            let r = if down {
                first + i as f64
            } else {
                first - i as f64
            };
            (at.0, r * cell)
        })
        .collect()
}

/// The chooser over a board whose cells are `cells`, placed with `corner` (top-left SVG corner of
/// a cell); `on_choose` gets the option's index, or `None` to cancel.
pub fn chooser(
    choice: &BoardChoice,
    cells: &[Cell],
    corner: impl Fn(&Cell) -> (f64, f64),
    (width, height, cell): (f64, f64, f64),
    (board, set): (&str, PieceSet),
    on_choose: &Callback<Option<usize>>,
) -> Html {
    let Some(at) = cells.iter().find(|c| c.square == choice.at && !c.ghost) else {
        return html! {};
    };
    let corners = option_corners(corner(at), choice.options.len(), height / cell, cell);
    let (veil_down, veil_up) = press_release(None, on_choose);
    let options = choice.options.iter().zip(corners).enumerate().map(|(i, ((p, san), (x, y)))| {
        let (down, up) = press_release(Some(i), on_choose);
        let on_key = {
            let on_choose = on_choose.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    on_choose.emit(Some(i));
                }
            })
        };
        let middle = (x + cell / 2.0, y + cell / 2.0);
        html! {
            <g class="choice" data-san={san.clone()} role="button" aria-label={san.clone()} tabindex="0"
               onpointerdown={down} onpointerup={up} onkeydown={on_key}>
                <rect class="choice-cell" x={num(x)} y={num(y)} width={num(cell)} height={num(cell)} />
                <circle class="choice-disc" cx={num(middle.0)} cy={num(middle.1)} r={num(cell * 0.47)} />
                if let Some((g, white)) = p {
                    { piece(board, set, *g, *white, middle, cell, classes!()) }
                } else {
                    <text class="choice-label" x={num(middle.0)} y={num(middle.1 + 1.0)}>{san.clone()}</text>
                }
            </g>
        }
    });
    html! {
        <g class="promotion" role="dialog" aria-label="Choose a move">
            <rect class="choice-veil" x="-10" y="-10" width={num(width + 20.0)} height={num(height + 20.0)} onpointerdown={veil_down} onpointerup={veil_up} />
            { for options }
        </g>
    }
}

#[cfg(test)]
mod tests {
    use super::option_corners;

    #[test]
    fn options_run_toward_the_middle_and_stay_on_the_board() {
        // Top row of 8: downward from the square.
        let top = option_corners((30.0, 0.0), 4, 8.0, 10.0);
        assert_eq!(
            top,
            vec![(30.0, 0.0), (30.0, 10.0), (30.0, 20.0), (30.0, 30.0)]
        );
        // Bottom row: upward.
        let bottom = option_corners((30.0, 70.0), 4, 8.0, 10.0);
        assert_eq!(
            bottom,
            vec![(30.0, 70.0), (30.0, 60.0), (30.0, 50.0), (30.0, 40.0)]
        );
        // Three rows, four options: as many as fit, none off the board above.
        let small = option_corners((0.0, 0.0), 4, 3.0, 10.0);
        assert!(small.iter().all(|&(_, y)| y >= 0.0));
    }
}
