//! The Play screen's list of saved games: open one, or delete one that is not on the board.

use crate::app::state::{Action, AppState};
use crate::library::shelf;
use yew::prelude::*;

/// The list of saved games: open one, or delete one that is not on the board (the Games
/// screen has the whole library).
pub fn saved_games(state: &UseReducerHandle<AppState>) -> Html {
    let rows = state.saved.iter().map(|g| {
        let id = g.id;
        let line = g.summary();
        let current = id == state.play.game_id;
        // The game is copied when it is opened, not at every drawing of the list.
        let open = {
            let (state, saved) = (state.clone(), state.saved.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(g) = saved.iter().find(|g| g.id == id) {
                    state.dispatch(Action::SwitchGame(Box::new(g.clone())));
                }
            })
        };
        let remove = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| {
                let dispatch = state.dispatcher();
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
        <details id="saved-games">
            <summary>{format!("Saved games ({})", state.saved.len())}</summary>
            <ul>{ for rows }</ul>
        </details>
    }
}
