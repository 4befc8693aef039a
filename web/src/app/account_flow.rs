//! The app and the accounts: who is signed in, asked once the app runs; a player's page and a
//! leaderboard read when their screen opens (and a player's games again when the filter
//! changes), each answer an action, so the pages show only what the state holds.

use crate::account::pages::AccountAction;
use crate::app::action::Action;
use crate::app::screen::Screen;
use crate::app::state::AppState;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

/// Reads what the account's screens show, when they show it.
#[hook]
pub fn use_account_reads(state: &UseReducerHandle<AppState>) {
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
    let shown = |screen: Screen| (here && state.screen == screen).then_some(());
    let player = shown(Screen::Player).and(state.player.clone());
    let dispatch = state.dispatcher();
    use_effect_with(player.clone(), move |player| {
        if let Some(name) = player.clone() {
            spawn_local(async move {
                let user = crate::account::user(&name).await;
                let history = crate::account::history(&name).await.unwrap_or_default();
                dispatch.dispatch(Action::Account(AccountAction::PlayerRead(
                    name, user, history,
                )));
            });
        }
    });
    let listed = player.map(|name| {
        let filter = state.people.filter_of(&name);
        (name, filter)
    });
    let dispatch = state.dispatcher();
    use_effect_with(listed, move |listed| {
        if let Some((name, filter)) = listed.clone() {
            spawn_local(async move {
                let read =
                    crate::account::games(&name, filter.page, &filter.preset, &filter.result).await;
                if let Ok(page) = read {
                    let action = AccountAction::GamesRead(name, filter, page);
                    dispatch.dispatch(Action::Account(action));
                }
            });
        }
    });
    let board = shown(Screen::Leaderboard).map(|()| state.leaderboard.clone());
    let dispatch = state.dispatcher();
    use_effect_with(board, move |board| {
        if let Some(preset) = board.clone() {
            spawn_local(async move {
                let read = crate::account::leaderboard(&preset).await;
                dispatch.dispatch(Action::Account(AccountAction::LeadersRead(preset, read)));
            });
        }
    });
}
