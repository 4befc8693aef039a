//! The app and the accounts: who is signed in, asked once the app runs (a player's page and the
//! leaderboards read what they show themselves: `account::people`).

use crate::app::action::Action;
use crate::app::state::AppState;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// Asks who is signed in, once the app runs.
#[hook]
pub fn use_signed_in(state: &UseReducerHandle<AppState>) {
    let here = crate::common::http::server_here();
    // Who is signed in: a guest is told so, not refused.
    let dispatch = state.dispatcher();
    use_effect_with(here, move |&here| {
        if here {
            spawn_local(async move {
                let me = crate::account::signed_in().await.map(|m| m.name);
                dispatch.dispatch(Action::SignedIn(me));
            });
        }
    });
}
