//! The app's effects: what it does beside rendering, each driven by the state (a link opened
//! while the app is open, the live game's socket and its countdown, the pool's socket, the address, saving and
//! keeping every record, the theme on the document, sounds, and the arrow keys).

use crate::app::action::Action;
use crate::app::arrival::{library_action, opened_action};
use crate::app::state::{AppState, NoticeAt, PuzzleAction, Screen};
use crate::library::{shelf, storage};
use gloo_events::{EventListener, EventListenerOptions};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Runs the app's effects for `state`.
#[hook]
pub fn use_effects(state: &UseReducerHandle<AppState>) {
    // A link opened while the app is open (only the fragment changes, so no reload).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    let dispatch = dispatch.clone();
                    crate::library::links::browser_open_link(move |opened, lib| {
                        if let Some(lib) = lib {
                            dispatch.dispatch(library_action(&lib));
                        }
                        if let Some(action) = opened_action(opened) {
                            // The link's game is shown on the game screen, whichever screen was
                            // open.
                            let game =
                                matches!(action, Action::SwitchGame(_) | Action::AskLink(..));
                            dispatch.dispatch(action);
                            if game {
                                dispatch.dispatch(Action::Go(Screen::Play));
                            }
                        }
                    });
                })
            });
            move || drop(listener)
        });
    }
    // The puzzle set, fetched once the app runs (it is not in the page's module).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            if !crate::app::build::FULL {
                return;
            }
            wasm_bindgen_futures::spawn_local(async move {
                let result = crate::puzzle::set::fetch_shipped().await;
                dispatch.dispatch(Action::PuzzlesArrived(result));
            });
        });
    }
    use_live_socket(state);
    use_full_effects(state);
    // While the other player is gone, the count to "Claim victory" goes on every second; so does
    // a tournament game's count to the first move.
    {
        let now = crate::common::clock::now();
        let waiting = match state.settings.opponent {
            crate::common::settings::Opponent::Live { me, .. } => {
                state.play.game.outcome().is_none()
                    && (me.is_some_and(|me| state.live.gone_for(!me, now).is_some())
                        || state.live.first_move_left(now).is_some())
            }
            _ => false,
        };
        let dispatch = state.dispatcher();
        use_effect_with(waiting, move |waiting| {
            let tick = waiting.then(|| {
                gloo_timers::callback::Interval::new(1000, move || dispatch.dispatch(Action::Tick))
            });
            move || drop(tick)
        });
    }
    // The address follows the app, and the app follows the address (Back, Forward).
    crate::app::address_flow::use_address(state);
    // Saved after every change, in step with the other tabs.
    crate::app::tab_sync::use_library_sync(state);
    // A message beside what caused it is brought into view (the import box or the typed move
    // may be near the bottom of the screen).
    use_effect_with(
        (state.notice.clone(), state.notice_at),
        |(notice, place)| {
            if notice.is_some() && *place != NoticeAt::Top {
                crate::common::bring_into_view("notice");
            }
        },
    );
    use_keeping(state);
    // The defender's answer in a puzzle, after a pause (dropped if the puzzle or screen changes).
    {
        let due = state.solving().and_then(|p| p.reply_due());
        let dispatch = state.dispatcher();
        use_effect_with(due, move |due| {
            let timer = due.map(|(session, ply)| {
                gloo_timers::callback::Timeout::new(crate::puzzle::REPLY_DELAY_MS, move || {
                    dispatch.dispatch(Action::Puzzle(PuzzleAction::Reply(session, ply)))
                })
            });
            move || drop(timer)
        });
    }
    use_look_and_sound(state);
    use_move_keys(state);
    use_ghost_hint_seen(state.first_visit.ghost_hint);
}

/// The first-visit word on the ghost squares is shown once: it is noted read as soon as it is in
/// sight (not while the style sheet hides it, where the extended view is not on screen). Whether
/// it is in sight is read after the frame, when the page's layout is already made (read in a
/// render, it would make the layout there, before the frame, on every move), and no more once
/// noted.
#[hook]
fn use_ghost_hint_seen(hint: bool) {
    use_effect(move || {
        // Where the word is not drawn (the board alone, a live game), nothing more is read.
        let word = web_sys::window()
            .and_then(|w| w.document())
            .filter(|_| hint)
            .and_then(|d| d.get_element_by_id("ghost-hint"))
            .filter(|_| !storage::browser_ghost_hint_read());
        if let Some(word) = word {
            // Gone by then (dismissed), it has no height.
            crate::common::after_paint::after_paint(move || {
                if word.get_bounding_client_rect().height() > 0.0 {
                    storage::browser_ghost_hint_done();
                }
            });
        }
    });
}

/// What is kept across reloads: the analysis (with its game too), the atlas's results, the
/// puzzle record and the lessons' progress.
#[hook]
fn use_keeping(state: &UseReducerHandle<AppState>) {
    if !crate::app::build::FULL {
        return;
    }
    // Keep the analysis across reloads: its tree, the node shown, and whether it is open.
    {
        let key = (
            state
                .analysis
                .as_ref()
                .map(|a| (a.id, a.revision, a.at, a.lines, a.engine_on)),
            state.screen == Screen::Analyse,
        );
        let state = state.clone();
        use_effect_with(key, move |(_, open)| {
            if let Some(a) = &state.analysis {
                crate::analysis::browser_keep(a, *open);
            }
        });
    }
    // An analysis of a kept game is kept with that game too, when its tree changes.
    {
        let key = state
            .analysis
            .as_ref()
            .and_then(|a| Some((a.game_id?, a.id, a.revision)).filter(|k| k.2 > 0));
        let state = state.clone();
        use_effect_with(key, move |key| {
            if let (Some((id, ..)), Some(a)) = (key, &state.analysis) {
                let (id, pgn, dispatch) = (*id, a.pgn(), state.dispatcher());
                shelf::change(
                    move |lib| lib.annotate(id, pgn),
                    move |result| match result {
                        Ok(shelved) => dispatch.dispatch(library_action(&shelved.library)),
                        Err(why) => dispatch.dispatch(Action::Notice(Some(why))),
                    },
                );
            }
        });
    }
    // Keep the atlas's results.
    {
        let key = state.atlas.entries.len();
        let state = state.clone();
        use_effect_with(key, move |&n| {
            if n > 0 {
                crate::atlas::browser_keep(&state.atlas.entries);
            }
        });
    }
    // Keep the puzzle record (and whether its screen is open).
    {
        let mut record = state.puzzles.record.clone();
        record.open = state.screen == Screen::Puzzles;
        use_effect_with(record, move |record| {
            crate::puzzle::set::browser_keep(record)
        });
    }
    // Keep the lessons' progress.
    use_effect_with(state.learn.progress.clone(), |progress| {
        crate::learn::browser_keep(progress)
    });
}

/// The page's look (theme and board colours) and a sound for each move.
#[hook]
fn use_look_and_sound(state: &UseReducerHandle<AppState>) {
    // Theme and board colours on the document; until the player chooses a theme, the system's,
    // followed when it changes.
    {
        let settings = state.settings.clone();
        let key = (settings.dark, settings.dark_chosen, settings.board);
        use_effect_with(key, move |_| {
            let apply = move || {
                let root = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.document_element());
                if let Some(root) = root {
                    let theme = if settings.dark_now() { "dark" } else { "light" };
                    let _ = root.set_attribute("data-theme", theme);
                    let _ = root.set_attribute("data-board", settings.board.name());
                }
            };
            apply();
            let system = web_sys::window()
                .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten());
            let listener = system.map(|m| EventListener::new(&m, "change", move |_| apply()));
            move || drop(listener)
        });
    }
    // The sounds' audio made once the page is idle after it starts (and when sound is turned on),
    // not by the first move, which would wait for it.
    use_effect_with(state.settings.sound, |&on| {
        let made = on.then(crate::common::sound::prepare_soon).flatten();
        move || drop(made)
    });
    // A sound for each move played in this game (not for a game opened or loaded).
    {
        let state = state.clone();
        let heard_ply: Rc<Cell<Option<(u64, usize)>>> = use_memo((), |_| Cell::new(None));
        let key = (
            state.play.game_id,
            state.play.game.moves().len(),
            state.play.game.outcome(),
        );
        use_effect_with(key, move |&(game, ply, outcome)| {
            let before = heard_ply.replace(Some((game, ply)));
            let played = before == Some((game, ply.wrapping_sub(1)));
            if state.settings.sound && (played || (outcome.is_some() && before.is_some())) {
                crate::common::sound::play(crate::common::sound::Sound::of(&state.play.game));
            }
        });
    }
}

/// The arrow keys walk through the moves.
#[hook]
fn use_move_keys(state: &UseReducerHandle<AppState>) {
    // Arrow keys walk through the moves (unless typing).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                // Not passive: the arrow keys' default (scrolling) is prevented.
                let options = EventListenerOptions::enable_prevent_default();
                EventListener::new_with_options(&w, "keydown", options, move |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    let typing = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|el| {
                            matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT")
                        });
                    let on_board = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|el| el.closest("svg.board").ok().flatten())
                        .is_some();
                    if typing || (on_board && e.key().starts_with("Arrow")) {
                        return;
                    }
                    let action = match e.key().as_str() {
                        "Escape" => Some(Action::Cancel),
                        "ArrowLeft" => Some(Action::Step(-1)),
                        "ArrowRight" => Some(Action::Step(1)),
                        "Home" => Some(Action::View(0)),
                        "End" => Some(Action::Live),
                        _ => None,
                    };
                    if let Some(a) = action {
                        e.prevent_default();
                        dispatch.dispatch(a);
                    }
                })
            });
            move || drop(listener)
        });
    }
}

/// The effects of the screens only the whole app has: TV, the arenas, the player's channel, the
/// account, the pools.
#[hook]
fn use_full_effects(state: &UseReducerHandle<AppState>) {
    if !crate::app::build::FULL {
        return;
    }
    crate::app::tv::use_tv(state);
    // The puzzle screen is drawn first, its puzzle opened in the task after that frame (the
    // surface's tables, the first position: most of the switch at first).
    {
        let dispatch = state.dispatcher();
        let opening = state.puzzles.opening && state.screen == Screen::Puzzles;
        use_effect_with(opening, move |&opening| {
            if opening {
                crate::common::after_paint::after_paint(move || {
                    dispatch.dispatch(Action::Puzzle(crate::puzzle::PuzzleAction::Show))
                });
            }
        });
    }
    // The quick-pairing pool's socket, open while this browser waits, and the wait's count.
    {
        let dispatch = state.dispatcher();
        let on_news = Callback::from(move |news| {
            dispatch.dispatch(Action::Pool(crate::pools::PoolAction::Heard(news)))
        });
        crate::pools::socket::use_pool_socket(state.pool.as_ref().map(|w| w.pool.clone()), on_news);
        let dispatch = state.dispatcher();
        use_effect_with(state.pool.is_some(), move |waiting| {
            let tick = waiting.then(|| {
                gloo_timers::callback::Interval::new(1000, move || dispatch.dispatch(Action::Tick))
            });
            move || drop(tick)
        });
    }
    crate::app::arena_flow::use_arena(state);
    crate::app::player_channel::use_player_channel(state);
    crate::app::arena_flow::use_arena_reads(state);
    crate::app::account_flow::use_signed_in(state);
}

/// The live game's socket (a build that plays live games): what the reducer queues goes out,
/// what the server says comes in.
#[hook]
fn use_live_socket(state: &UseReducerHandle<AppState>) {
    if !crate::app::build::LIVE {
        return;
    }
    let dispatch = state.dispatcher();
    let on_message = Callback::from(move |m| dispatch.dispatch(Action::LiveHeard(Box::new(m))));
    let dispatch = state.dispatcher();
    let on_connection = Callback::from(move |up| dispatch.dispatch(Action::LiveConnection(up)));
    let game = state.socket_game();
    let side = state
        .live
        .side_asked
        .filter(|(id, _)| Some(*id) == game)
        .map(|(_, side)| side);
    crate::live::socket::use_live_socket(game, side, &state.live.outbox, on_message, on_connection);
}
