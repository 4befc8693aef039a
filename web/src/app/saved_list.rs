//! The Play screen's list of saved games: open one, or delete one that is not on the board.

use crate::app::state::{Action, AppState};
use crate::library::shelf;
use crate::library::storage::SavedGame;
use std::rc::Rc;
use yew::prelude::*;

/// The list of saved games: open one, or delete one that is not on the board (the Games
/// screen has the whole library).
pub fn saved_games(state: &UseReducerHandle<AppState>) -> Html {
    html! {
        <SavedGames saved={state.saved.clone()} current={state.play.game_id} dispatch={state.dispatcher()} />
    }
}

/// What the list shows: the library and the game on the board.
#[derive(Properties, Clone)]
struct SavedGamesProps {
    saved: Rc<Vec<SavedGame>>,
    current: u64,
    dispatch: UseReducerDispatcher<AppState>,
}

/// The same library (the same copy: a save makes a new one) and the same game on the board: a
/// render of the app that changes neither (a move, before its save) leaves the list alone, where
/// a library of hundreds of games would be written again.
impl PartialEq for SavedGamesProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.saved, &other.saved) && self.current == other.current
    }
}

#[function_component]
fn SavedGames(props: &SavedGamesProps) -> Html {
    let renders = crate::common::renders::use_render_count();
    let rows = props.saved.iter().map(|g| {
        let id = g.id;
        let line = g.summary();
        let current = id == props.current;
        // The game is copied when it is opened, not at every drawing of the list.
        let open = {
            let (dispatch, saved) = (props.dispatch.clone(), props.saved.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(g) = saved.iter().find(|g| g.id == id) {
                    dispatch.dispatch(Action::SwitchGame(Box::new(g.clone())));
                }
            })
        };
        let remove = {
            let dispatch = props.dispatch.clone();
            Callback::from(move |_: MouseEvent| {
                let dispatch = dispatch.clone();
                shelf::change(
                    move |lib| lib.remove(id),
                    move |result| match result {
                        Ok(shelved) => {
                            if let Some(why) = shelved.notice {
                                dispatch.dispatch(Action::Notice(Some(why)));
                            }
                            dispatch.dispatch(crate::app::arrival::library_action(&shelved.library));
                        }
                        Err(why) => dispatch.dispatch(Action::Notice(Some(why))),
                    },
                );
            })
        };
        html! {
            <li class={classes!("saved-game", current.then_some("current"))} data-game={id.to_string()}>
                <button class="link open-game" onclick={open} disabled={current}>{line.clone()}</button>
                if current {
                    <span class="on-board">{" (on the board)"}</span>
                } else {
                    <button class="secondary delete-game" onclick={remove} aria-label={format!("Delete {line}")}>{"Delete"}</button>
                }
            </li>
        }
    });
    html! {
        <details id="saved-games" data-renders={renders.to_string()}>
            <summary>{format!("Saved games ({})", props.saved.len())}</summary>
            <ul>{ for rows }</ul>
        </details>
    }
}
