//! What the boards report, as the screen shown takes it: a click selects or moves on the game
//! and the analysis and places a piece in the explorer; a move goes to the game, the analysis,
//! the puzzle or the lesson; a drawn shape to the game or the analysis.

use crate::app::scene::{Brush, Shape};
use crate::app::state::{
    Action, AnalysisAction, AppState, ExploreAction, LearnAction, PuzzleAction, Screen,
};
use crate::play::PlayAction;
use topochess_core::BoardSize;
use yew::prelude::*;

/// The boards' callbacks.
pub struct BoardInput {
    /// A cell clicked: its square's name.
    pub on_click: Callback<String>,
    /// A move from one square to another.
    pub on_move: Callback<(String, String)>,
    /// The pre-move set is dropped.
    pub on_drop_premove: Callback<()>,
    /// A shape drawn: from, to, brush.
    pub on_shape: Callback<(String, String, Brush)>,
    /// A piece dragged and dropped (the explorer moves it).
    pub on_drop: Callback<(String, String)>,
    /// An option of the board's chooser (its index), or none to cancel.
    pub on_choose: Callback<Option<usize>>,
}

/// The callbacks for boards of `size`.
pub fn board_input(state: &UseReducerHandle<AppState>, size: BoardSize) -> BoardInput {
    let square = move |name: &str| size.parse_square(name);
    let screen = state.screen;
    let on_click = {
        let state = state.clone();
        Callback::from(move |name: String| match (square(&name), screen) {
            // A click clears the shapes drawn on the position: with none, there is nothing to
            // do (and the app is not drawn again for it).
            (Some(sq), Screen::Play | Screen::Analyse) if !state.shapes_here().is_empty() => {
                state.dispatch(Action::Click(sq))
            }
            (Some(sq), Screen::Explore) => {
                state.dispatch(Action::Explore(ExploreAction::Click(sq)))
            }
            _ => {}
        })
    };
    let on_move = {
        let state = state.clone();
        Callback::from(move |(a, b): (String, String)| {
            let (Some(from), Some(to)) = (square(&a), square(&b)) else {
                return;
            };
            match screen {
                Screen::Play => state.dispatch(Action::Move(from, to)),
                Screen::Analyse => state.dispatch(Action::Analyse(AnalysisAction::Move(from, to))),
                Screen::Puzzles => state.dispatch(Action::Puzzle(PuzzleAction::Move(from, to))),
                Screen::Learn => state.dispatch(Action::Learn(LearnAction::Move(from, to))),
                _ => {}
            }
        })
    };
    let on_drop_premove = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Play(PlayAction::DropPremove)))
    };
    let on_shape = {
        let state = state.clone();
        Callback::from(move |(from, to, brush): (String, String, Brush)| {
            if let (Some(from), Some(to), Screen::Play | Screen::Analyse) =
                (square(&from), square(&to), screen)
            {
                state.dispatch(Action::Shape(Shape { from, to, brush }));
            }
        })
    };
    let on_drop = {
        let state = state.clone();
        Callback::from(move |(a, b): (String, String)| {
            if let (Some(from), Some(to), Screen::Explore) = (square(&a), square(&b), screen) {
                state.dispatch(Action::Explore(ExploreAction::Drop(from, to)));
            }
        })
    };
    let on_choose = {
        let state = state.clone();
        Callback::from(move |i: Option<usize>| {
            let chosen = i.and_then(|i| state.play.choice.as_ref()?.options.get(i).map(|o| o.0));
            state.dispatch(match chosen {
                Some(mv) => Action::Choose(mv),
                None => Action::CancelChoice,
            })
        })
    };
    BoardInput {
        on_click,
        on_move,
        on_drop_premove,
        on_shape,
        on_drop,
        on_choose,
    }
}
