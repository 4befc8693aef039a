//! The library kept in step between the tabs of the site: each change of the game or settings
//! is saved, seeing whether another tab took the game another way since (then both are kept),
//! and another tab's changes are followed (the `storage` event fires in every other tab).

use crate::app::arrival::library_action;
use crate::app::state::{Action, AppState};
use crate::library::storage;
use gloo_events::EventListener;
use topochess_core::fen;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Saves the game after every change and follows the other tabs' changes to the library.
#[hook]
pub fn use_library_sync(state: &UseReducerHandle<AppState>) {
    // Follow another tab's changes to the library (the `storage` event fires in every other
    // tab of the site when one writes it).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "storage", move |event| {
                    let key = event
                        .dyn_ref::<web_sys::StorageEvent>()
                        .and_then(|e| e.key());
                    if key.as_deref() == Some(storage::LIBRARY_KEY) {
                        let (lib, _) = storage::browser_library();
                        dispatch.dispatch(Action::ChangedElsewhere(lib.games));
                    }
                })
            });
            move || drop(listener)
        });
    }
    // The moves this tab last wrote of its game, so that a save sees whether another tab took
    // the game another way since.
    let written = use_mut_ref(|| None::<(u64, Vec<String>)>);
    // The first save, of the game the page opened with: skipped for a first visit's untouched
    // game (the front page's visitor who never plays leaves no empty game in the library).
    let opened = use_mut_ref(|| true);
    // Save after every change of the game or settings.
    {
        let state = state.clone();
        let key = (
            state.play.game_id,
            state.move_texts(),
            state.settings.clone(),
            state.play.game.outcome(),
            fen::write(state.play.game.start()),
            state.play.draw_offer,
        );
        use_effect_with(key, move |_| {
            if std::mem::take(&mut *opened.borrow_mut()) && state.fresh {
                return;
            }
            crate::common::crash::remember_game(&state.play.pgn());
            let game = state.saved_game(storage::now());
            let seen = written
                .borrow()
                .as_ref()
                .filter(|(id, _)| *id == game.id)
                .map(|(_, moves)| moves.clone());
            let moves = game.moves.clone();
            let (lib, stored, kept) = storage::browser_save(game, seen.as_deref());
            if let Err(why) = stored {
                state.dispatch(Action::Notice(Some(why)));
            }
            let id = match kept {
                storage::Kept::Saved => state.play.game_id,
                storage::Kept::Apart(id) => {
                    state.dispatch(Action::KeptApart(id));
                    id
                }
            };
            *written.borrow_mut() = Some((id, moves));
            state.dispatch(library_action(&lib));
        });
    }
}
