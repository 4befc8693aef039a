//! The library kept in step between the tabs of the site: each change of the game or settings is
//! saved on the shelf (in one transaction that sees whether another tab took the game another way
//! since: then both lines are kept), and another tab's writes are followed (told on the shelf's
//! broadcast channel, the library is read again).

use crate::app::arrival::library_action;
use crate::app::state::{Action, AppState};
use crate::library::shelf::{self, Saver};
use crate::library::storage;
use std::rc::Rc;
use topochess_core::fen;
use yew::prelude::*;

/// Saves the game after every change and follows the other tabs' changes to the library.
#[hook]
pub fn use_library_sync(state: &UseReducerHandle<AppState>) {
    // Follow another tab's writes: the library read again, and the game on the board brought up
    // to date when it went on there. And the library as stored once the app is drawn (a first
    // visit's page is drawn before the shelf is read).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let listed = dispatch.clone();
            shelf::read(move |read| {
                if let Ok(shelved) = read {
                    if let Some(why) = shelved.notice {
                        listed.dispatch(Action::Notice(Some(why)));
                    }
                    listed.dispatch(library_action(&shelved.library));
                }
            });
            let listener = shelf::listen(move || {
                let dispatch = dispatch.clone();
                shelf::read(move |read| {
                    if let Ok(shelved) = read {
                        dispatch.dispatch(Action::ChangedElsewhere(shelved.library.games));
                    }
                });
            });
            move || drop(listener)
        });
    }
    // This tab's saves, one at a time, each knowing what this tab last wrote.
    let saver = use_mut_ref(Saver::default);
    let told: Rc<dyn Fn(shelf::Saved, bool)> = {
        let dispatch = state.dispatcher();
        Rc::new(move |saved: shelf::Saved, waiting: bool| match saved {
            Ok(shelved) => {
                if let Some(why) = shelved.notice {
                    dispatch.dispatch(Action::Notice(Some(why)));
                }
                if let storage::Kept::Apart(id) = shelved.outcome {
                    dispatch.dispatch(Action::KeptApart(id));
                }
                // While more of this tab's saves wait, the library told lacks them (the list
                // holds the games left as they were left: `AppState::replace_game`).
                if !waiting {
                    dispatch.dispatch(library_action(&shelved.library));
                }
            }
            Err(why) => dispatch.dispatch(Action::Notice(Some(why))),
        })
    };
    // The first save, of the game the page opened with: skipped for a first visit's untouched
    // game (the front page's visitor who never plays leaves no empty game in the library).
    let opened = use_mut_ref(|| true);
    // Save after every change of the game or settings.
    {
        let state = state.clone();
        // The moves themselves, not their text: each render compares them, a long game's too.
        let key = (
            state.play.game_id,
            state.play.game.moves().to_vec(),
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
            if !state.keeps_its_game() {
                return;
            }
            // Written after the frame that shows the change, the state as this render has it.
            crate::common::after_paint::after_paint_kept(Box::new(move || {
                crate::common::crash::remember_game(&state.play.pgn());
                shelf::save(&saver, state.saved_game(storage::now()), told);
            }));
        });
    }
}
