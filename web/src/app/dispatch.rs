//! Buttons' callbacks: a click that dispatches one action to the app's state.

use crate::app::state::{Action, AppState};
use yew::prelude::*;

/// A click handler that dispatches `action`.
pub fn act(state: &UseReducerHandle<AppState>, action: Action) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
}

/// A callback that dispatches the action it is given.
pub fn dispatcher(state: &UseReducerHandle<AppState>) -> Callback<Action> {
    let state = state.clone();
    Callback::from(move |a: Action| state.dispatch(a))
}
