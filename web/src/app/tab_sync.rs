//! The library kept in step between the tabs of the site: each change of the game or settings
//! is saved, seeing whether another tab took the game another way since (then both are kept),
//! and another tab's changes are followed (the `storage` event fires in every other tab). Two
//! tabs that answer at the same instant each read the library before the other's write reached
//! them (a lock does not help: a tab's copy of the storage catches up only with the event), so
//! the tab whose line was written over saves it again, beside the other's, when the event comes.

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
    // The moves this tab last wrote of its game, so that a save sees whether another tab took
    // the game another way since; and the game as this tab last saved it.
    let written = use_mut_ref(|| None::<(u64, Vec<String>)>);
    let last = use_mut_ref(|| None::<storage::SavedGame>);
    // Follow another tab's changes to the library (the `storage` event fires in every other
    // tab of the site when one writes it). A write that went over this tab's line (two tabs
    // answering at the same instant, each reading the library before the other's write reached
    // it) is mended first: this tab's line is saved again, beside the other's.
    {
        let dispatch = state.dispatcher();
        let (written, last) = (written.clone(), last.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "storage", move |event| {
                    let key = event
                        .dyn_ref::<web_sys::StorageEvent>()
                        .and_then(|e| e.key());
                    if key.as_deref() != Some(storage::LIBRARY_KEY) {
                        return;
                    }
                    let (lib, _) = storage::browser_library();
                    let mine = last.borrow().clone();
                    let seen = written.borrow().clone();
                    let lib = match (mine, seen) {
                        (Some(mine), Some((id, seen)))
                            if id == mine.id && overwritten(&lib, &mine) =>
                        {
                            let (lib, _, kept) = storage::browser_save(mine.clone(), Some(&seen));
                            let id = match kept {
                                storage::Kept::Saved => mine.id,
                                storage::Kept::Apart(id) => {
                                    dispatch.dispatch(Action::KeptApart(id));
                                    id
                                }
                            };
                            *written.borrow_mut() = Some((id, mine.moves.clone()));
                            *last.borrow_mut() = Some(storage::SavedGame { id, ..mine });
                            lib
                        }
                        _ => lib,
                    };
                    dispatch.dispatch(Action::ChangedElsewhere(lib.games));
                })
            });
            move || drop(listener)
        });
    }
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
            if std::mem::take(&mut *opened.borrow_mut()) && state.first_visit.untouched {
                return;
            }
            // A game watched on TV is not the viewer's: it is not kept among their games.
            if state.tv.is_some()
                || state
                    .live_id()
                    .is_some_and(|id| state.tv_watched == Some(id))
            {
                return;
            }
            crate::common::crash::remember_game(&state.play.pgn());
            let game = state.saved_game(storage::now());
            *last.borrow_mut() = Some(game.clone());
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

/// How long after this tab's write another's can have been made without knowing it (two tabs
/// answering at once), in ms.
const AT_ONCE_MS: f64 = 2_000.0;

/// Whether another tab's write, made at once with this tab's (`mine`, as it last saved it) and
/// without knowing it, went over it: the stored game takes another line than this tab's. A line
/// the other tab continued, took back or changed later was made knowing this one, and stays. A
/// live game is the server's, and never mended here.
fn overwritten(lib: &storage::Library, mine: &storage::SavedGame) -> bool {
    use crate::common::settings::Opponent;
    if matches!(mine.settings.opponent, Opponent::Live { .. })
        || storage::now() - mine.updated > AT_ONCE_MS
    {
        return false;
    }
    lib.games
        .iter()
        .find(|g| g.id == mine.id)
        .is_some_and(|stored| {
            !stored.moves.starts_with(&mine.moves) && !mine.moves.starts_with(&stored.moves)
        })
}
