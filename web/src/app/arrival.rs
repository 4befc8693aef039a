//! What the app starts from and what it takes in: the first state (the saved games, read from the
//! shelf before the app is drawn, the analysis, puzzle and lesson records, then a link or an
//! address in the address bar), an opened link, a pasted PGN or FEN.

use crate::app::state::{Action, AppState, Opponent, Screen, Settings};
use crate::library::storage::{self, Library, Opened};
use crate::library::{links, shelf};
use std::rc::Rc;
use topochess_core::{fen, pgn};
use yew::Reducible;

/// The library as the app lists it: every game.
pub(crate) fn library_action(lib: &Library) -> Action {
    Action::Library(lib.games.clone())
}

/// What the page arrives at: the library (with the game of a link in the address taken in), what
/// to tell the player about it, and what the link opened.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Arrival {
    /// The library as stored, the link's game in it.
    pub library: Library,
    /// A word on the library (moved aside, not kept).
    pub notice: Option<String>,
    /// What the address's link opened, if it carried a game.
    pub link: Option<Result<Opened, String>>,
}

/// Reads the library from the shelf, putting back in the same write a save that this tab's
/// reload cut short and taking in the game of a link in the address, and hands `then` what the
/// page arrives at. A browser whose shelf was never written (a first visit) is not made to wait
/// for it (opening IndexedDB the first time takes a slow phone a few hundred milliseconds): the
/// page arrives at once, the link's game written in the background.
pub fn arrive(then: impl FnOnce(Arrival) + 'static) {
    let (link, refused) = match links::address_link() {
        Some(Ok(link)) => (Some(link), None),
        Some(Err(why)) => (None, Some(Err(why))),
        None => (None, None),
    };
    let unsaved = storage::browser_unsaved();
    if unsaved.is_empty() && !storage::browser_shelf_used() {
        let (id, mut library) = (storage::fresh_id(), Library::default());
        let opened = link
            .clone()
            .map(|link| Ok(link.take_into(&mut library, id)))
            .or(refused);
        if let Some(link) = link {
            shelf::change(move |lib| drop(link.take_into(lib, id)), |_| ());
        }
        return then(Arrival {
            library,
            notice: None,
            link: opened,
        });
    }
    shelf::change(
        move |lib| {
            let shown = storage::browser_tab_game();
            for storage::Unsaved { game, seen } in unsaved {
                let id = game.id;
                let apart = lib.recover(game, seen.as_deref(), storage::fresh_id());
                // The tab's game kept apart is the one it shows.
                if let Some(apart) = apart.filter(|_| shown == Some(id)) {
                    storage::browser_keep_tab_game(apart);
                }
            }
            link.map(|link| Ok(link.take_into(lib, storage::fresh_id())))
                .or(refused)
        },
        move |result| {
            if result.as_ref().is_ok_and(|r| r.kept) {
                storage::browser_keep_unsaved(&[]);
            }
            then(match result {
                Ok(shelved) => Arrival {
                    library: shelved.library,
                    notice: shelved.notice,
                    link: shelved.outcome,
                },
                Err(why) => Arrival {
                    notice: Some(why),
                    ..Arrival::default()
                },
            })
        },
    );
}

/// The action for what opening a link in the address gave.
pub(crate) fn opened_action(opened: Option<Result<Opened, String>>) -> Option<Action> {
    let opened = opened?;
    if let Ok(Opened::Game(g) | Opened::Ask { kept: g, .. }) = &opened {
        crate::app::address::browser_show_game(g.id);
    }
    Some(match opened {
        Ok(Opened::Game(game)) => Action::SwitchGame(game),
        Ok(Opened::Ask {
            kept,
            incoming,
            why,
        }) => Action::AskLink(kept, incoming, why),
        Err(e) => Action::Notice(Some(format!(
            "The link's game could not be opened: {e}. Your saved games are unchanged."
        ))),
    })
}

/// The first state: the library's current game (or a new folded game, the player's view
/// settings kept), then whatever a link in the address brought.
pub(crate) fn initial(arrival: &Arrival) -> AppState {
    let (mut lib, notice) = (arrival.library.clone(), arrival.notice.clone());
    // A reload shows this tab's game, though another tab saved another since.
    if let Some(id) = storage::browser_tab_game().filter(|id| lib.games.iter().any(|g| g.id == *id))
    {
        lib.current = Some(id);
    }
    let mut state = match lib.current_game().map(|g| (g, AppState::from_saved(g))) {
        Some((_, Ok(state))) => state,
        Some((g, Err(e))) => AppState {
            notice: Some(format!(
                "Saved game '{}' could not be replayed ({e}); it stays in your saved games.",
                g.summary()
            )),
            ..AppState::default()
        },
        None => AppState::default(),
    };
    if let Some(prefs) = lib.current_game().map(|g| g.settings.clone()) {
        state.settings.keep_preferences_of(&prefs);
        if let Ok(valid) = state.settings.clone().validated() {
            state.settings = valid;
        }
    }
    state.notice = notice.or(state.notice);
    state.first_visit.ghost_hint = !storage::browser_ghost_hint_read();
    let link = opened_action(arrival.link.clone());
    let linked = link.is_some();
    state.first_visit.untouched = lib.current_game().is_none() && !linked;
    let state = match link {
        Some(action) => Rc::new(state).reduce(action),
        None => Rc::new(state),
    };
    let mut state = (*state.reduce(library_action(&arrival.library))).clone();
    // The analysis, the puzzle record and the lessons' progress of the last visit.
    if crate::app::build::FULL {
        if let Some((analysis, _)) = crate::analysis::browser_kept() {
            state.analysis = Some(analysis);
        }
        state.atlas.entries = crate::atlas::browser_kept();
        state.puzzles = crate::puzzle::Puzzles::with_record(crate::puzzle::set::browser_kept());
        state.learn.progress = crate::learn::browser_kept();
    }
    // Then the screen the address names (a link just taken in shows its game; no address, or
    // one that is not understood, the front page).
    if !linked {
        state.screen = Screen::Play;
        // A notice of the start (storage that could not be read) outlives the going there.
        let notice = state.notice.take();
        state.open(
            crate::app::address::browser_address().unwrap_or(crate::app::address::Address::Home),
        );
        state.notice = notice.or(state.notice.take());
    }
    state.settle_engine();
    state
}

/// Reads a pasted or opened text as a PGN, or else as a FEN of the current game.
pub(crate) fn import(state: &AppState, text: &str) -> Action {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Action::Notice(Some("Nothing to load: paste a PGN or a FEN first.".into()));
    }
    let looks_like_fen = trimmed.lines().count() == 1
        && trimmed.contains('/')
        && !trimmed.contains('[')
        && !trimmed.contains('.');
    if looks_like_fen {
        return match crate::app::state::variant_of(&state.settings)
            .and_then(|v| fen::parse_position_lenient(v, trimmed).map_err(|e| e.to_string()))
        {
            Ok(_) => Action::NewGame(state.settings.clone(), Some(trimmed.to_string())),
            Err(e) => Action::Notice(Some(format!("That FEN is not valid for this game: {e}."))),
        };
    }
    match pgn::read(trimmed) {
        Ok(read) => {
            let v = read.game.start().variant();
            let settings = Settings {
                variant: v.id().to_string(),
                castling: v.castling().name().to_string(),
                opponent: Opponent::HotSeat,
                ..state.settings.clone()
            };
            Action::LoadGame(settings, Box::new(read.game))
        }
        Err(e) => Action::Notice(Some(format!("That PGN could not be read: {e}."))),
    }
}
