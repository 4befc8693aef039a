//! The app: layout, the engine worker, saving, keyboard. State changes only through
//! [`Action`]s; the effects here turn state into requests to the worker and saved data.

use crate::boards::Boards;
use crate::engine::{EngineWorker, GameSpec, Request, Response};
use crate::explore_panel::{ExplorerPanel, LabPanel};
use crate::explorer::Explorer;
use crate::panels::{score_text, select_value, MoveList, NewGameForm, Transfer};
use crate::play_panel;
use crate::scene;
use crate::state::{
    Action, AppState, EngineTask, ExploreAction, Margin, Opponent, Screen, Settings, Thinking,
    ViewMode,
};
use crate::storage::{self, Library, Opened};
use gloo_events::{EventListener, EventListenerOptions};
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::Cell;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use topochess_core::Variant;
use topochess_core::{fen, pgn, san, Color};
use topochess_search::levels::level;
use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// How long the worker may say nothing while it has a job before it is declared lost. It sends a
/// sign of life every half second while searching; loading it takes well under a second here.
const WORKER_SILENCE_MS: f64 = 6000.0;

/// The library as the app lists it: every game, and a warning when storage runs short.
pub(crate) fn library_action(lib: &Library) -> Action {
    Action::Library(lib.games.clone(), storage::space_warning(lib))
}

/// The action for what opening a link in the address gave.
fn opened_action(opened: Option<Result<Opened, String>>) -> Option<Action> {
    Some(match opened? {
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
/// settings kept), then whatever a link in the address brings.
fn initial() -> AppState {
    let (lib, notice) = storage::browser_library();
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
    let state = match opened_action(storage::browser_open_link()) {
        Some(action) => Rc::new(state).reduce(action),
        None => Rc::new(state),
    };
    let lib = storage::browser_library().0;
    (*state.reduce(library_action(&lib))).clone()
}

fn spec(state: &AppState) -> GameSpec {
    GameSpec {
        variant: state.settings.variant.clone(),
        castling: state.settings.castling.clone(),
        start_fen: fen::write(state.game.start()),
        moves: state.move_texts(),
    }
}

fn seed() -> u64 {
    (js_sys::Math::random() * 4_294_967_296.0) as u64
}

/// Reads a pasted or opened text as a PGN, or else as a FEN of the current game.
fn import(state: &AppState, text: &str) -> Action {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Action::Notice(Some("Nothing to load: paste a PGN or a FEN first.".into()));
    }
    let looks_like_fen = trimmed.lines().count() == 1
        && trimmed.contains('/')
        && !trimmed.contains('[')
        && !trimmed.contains('.');
    if looks_like_fen {
        return match crate::state::variant_of(&state.settings)
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

/// The whole app.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial);
    // How often the app has rendered: tests check that pointing at squares does not re-render it.
    let renders = crate::board::use_render_count();
    // The job last sent to the worker, and when the worker was last heard from.
    let sent: Rc<RefCell<Option<u32>>> = use_mut_ref(|| None);
    let heard: Rc<Cell<f64>> = use_memo((), |_| Cell::new(js_sys::Date::now()));
    let bridge: Rc<WorkerBridge<EngineWorker>> = {
        let dispatch = state.dispatcher();
        let sent = sent.clone();
        let heard = heard.clone();
        use_memo(state.worker_generation, move |_| {
            // A new worker has no job yet.
            *sent.borrow_mut() = None;
            let finished = sent.clone();
            EngineWorker::spawner()
                .callback(move |response| {
                    heard.set(js_sys::Date::now());
                    let action = match response {
                        Response::Started { .. } | Response::Alive { .. } => return,
                        Response::Thinking {
                            job,
                            depth,
                            score,
                            mate,
                            nodes,
                            rate,
                            pv,
                        } => Action::EngineThinking(
                            job,
                            Thinking {
                                depth,
                                score,
                                mate,
                                nodes,
                                rate,
                                pv,
                            },
                        ),
                        Response::BestMove {
                            job, coordinate, ..
                        } => {
                            finished.borrow_mut().take_if(|j| *j == job);
                            Action::EngineAnswer(job, coordinate)
                        }
                        Response::Error { job, message } => {
                            finished.borrow_mut().take_if(|j| *j == job);
                            Action::EngineFailed(job, message)
                        }
                    };
                    dispatch.dispatch(action);
                })
                // The page's own module, found relative to the page (sub-paths work). Without
                // it the worker never answers and the watchdog says so.
                .spawn_with_loader(&crate::engine::loader_url().unwrap_or_else(|why| {
                    web_sys::console::warn_1(&format!("no engine: {why}").into());
                    "engine-unavailable.js".into()
                }))
        })
    };

    // Mirror the reducer's job to the worker: send a new job, cancel a dropped one.
    {
        let state = state.clone();
        let bridge = bridge.clone();
        let sent = sent.clone();
        let heard = heard.clone();
        let key = (state.engine.as_ref().map(|j| j.id), state.worker_generation);
        use_effect_with(key, move |_| {
            let want = state.engine.as_ref().map(|j| j.id);
            let had = *sent.borrow();
            if want != had {
                match (&state.engine, had) {
                    (Some(job), _) => {
                        // A new job replaces the running one in the worker. With clocks, the
                        // computer's level is a limit inside its own time.
                        let turn = state.game.position().turn();
                        let budget_ms = state
                            .clock
                            .as_ref()
                            .filter(|_| job.task == EngineTask::Move)
                            .map(|c| c.budget_ms(turn, turn, crate::clock::now()));
                        bridge.send(Request::Search {
                            job: job.id,
                            game: spec(&state),
                            level: job.level,
                            seed: seed(),
                            budget_ms,
                        });
                        heard.set(js_sys::Date::now());
                    }
                    (None, Some(old)) => bridge.send(Request::Cancel { job: old }),
                    (None, None) => {}
                }
                *sent.borrow_mut() = want;
            }
        });
    }
    // A worker that says nothing for too long while it has a job is lost.
    {
        let dispatch = state.dispatcher();
        let sent = sent.clone();
        let heard = heard.clone();
        use_effect_with((), move |_| {
            let interval = gloo_timers::callback::Interval::new(1000, move || {
                if let Some(job) = *sent.borrow() {
                    if js_sys::Date::now() - heard.get() > WORKER_SILENCE_MS {
                        heard.set(js_sys::Date::now());
                        dispatch.dispatch(Action::EngineLost(job));
                    }
                }
            });
            move || drop(interval)
        });
    }
    // A link opened while the app is open (only the fragment changes, so no reload).
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "hashchange", move |_| {
                    if let Some(action) = opened_action(storage::browser_open_link()) {
                        dispatch.dispatch(action);
                    }
                })
            });
            move || drop(listener)
        });
    }
    // Save after every change of the game or settings.
    {
        let state = state.clone();
        let key = (
            state.game_id,
            state.move_texts(),
            state.settings.clone(),
            state.game.outcome(),
            fen::write(state.game.start()),
            state.draw_offer,
        );
        use_effect_with(key, move |_| {
            crate::crash::remember_game(&state.pgn());
            let (lib, written) = storage::browser_save(state.saved_game(storage::now()));
            if let Err(why) = written {
                state.dispatch(Action::Notice(Some(why)));
            }
            state.dispatch(library_action(&lib));
        });
    }
    // Theme and board colours on the document.
    {
        let key = (state.settings.dark, state.settings.board);
        use_effect_with(key, move |(dark, board)| {
            if let Some(root) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = root.set_attribute("data-theme", if *dark { "dark" } else { "light" });
                let _ = root.set_attribute("data-board", board.name());
            }
        });
    }
    // A sound for each move played in this game (not for a game opened or loaded).
    {
        let state = state.clone();
        let heard_ply: Rc<Cell<Option<(u64, usize)>>> = use_memo((), |_| Cell::new(None));
        let key = (
            state.game_id,
            state.game.moves().len(),
            state.game.outcome(),
        );
        use_effect_with(key, move |&(game, ply, outcome)| {
            let before = heard_ply.replace(Some((game, ply)));
            let played = before == Some((game, ply.wrapping_sub(1)));
            if state.settings.sound && (played || (outcome.is_some() && before.is_some())) {
                crate::sound::play(crate::sound::Sound::of(&state.game));
            }
        });
    }
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

    let lab_preview = (state.screen == Screen::Lab)
        .then(|| {
            Variant::lab(state.lab)
                .ok()
                .map(|v| Explorer::new(Arc::new(v)))
        })
        .flatten();
    let explorer = match state.screen {
        Screen::Explore => state.explorer.as_ref(),
        Screen::Lab => lab_preview.as_ref(),
        Screen::Play | Screen::Games => None,
    };
    let size = explorer
        .map(|e| e.variant().size())
        .unwrap_or_else(|| state.game.start().size());
    let square = move |name: &str| size.parse_square(name);
    let screen = state.screen;
    let on_click = {
        let state = state.clone();
        Callback::from(move |name: String| {
            if let Some(sq) = square(&name) {
                match screen {
                    Screen::Play => state.dispatch(Action::Click(sq)),
                    Screen::Explore => state.dispatch(Action::Explore(ExploreAction::Click(sq))),
                    Screen::Lab | Screen::Games => {}
                }
            }
        })
    };
    let on_move = {
        let state = state.clone();
        Callback::from(move |(a, b): (String, String)| {
            if let (Some(from), Some(to), Screen::Play) = (square(&a), square(&b), screen) {
                state.dispatch(Action::Move(from, to));
            }
        })
    };
    let on_drop_premove = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::DropPremove))
    };
    let on_shape = {
        let state = state.clone();
        Callback::from(
            move |(from, to, brush): (String, String, crate::scene::Brush)| {
                if let (Some(from), Some(to), Screen::Play) = (square(&from), square(&to), screen) {
                    state.dispatch(Action::Shape(crate::scene::Shape { from, to, brush }));
                }
            },
        )
    };
    let on_drop = {
        let state = state.clone();
        Callback::from(move |(a, b): (String, String)| {
            if let (Some(from), Some(to)) = (square(&a), square(&b)) {
                if screen == Screen::Explore {
                    state.dispatch(Action::Explore(ExploreAction::Drop(from, to)));
                }
            }
        })
    };
    let on_action = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(a))
    };
    // The paths the boards draw under the pointer: worked out once per position.
    // What the boards are handed once per position: the moves they may make (the selection
    // lives in the boards) and the paths drawn under the pointer.
    let handed = {
        let key = (
            state.live_point(),
            state.viewing.is_some(),
            state.player_to_move(),
            crate::game_flow::premove_time(&state),
        );
        let state = state.clone();
        use_memo(key, move |_| {
            let (normal, extended) = scene::move_hover(&state);
            (
                Rc::new(scene::dests(&state)),
                Rc::new(normal),
                Rc::new(extended),
            )
        })
    };
    let (dests, move_hover) = (handed.0.clone(), (handed.1.clone(), handed.2.clone()));
    let position_key = {
        let (game, ply, hash) = state.live_point();
        hash ^ game.rotate_left(29) ^ (state.shown_ply() as u64).rotate_left(7) ^ ply as u64
    };
    let (normal_view, extended_view) = match explorer {
        Some(ex) => (ex.normal(), ex.extended(state.settings.margin)),
        None => {
            let (mut normal, mut extended) = (scene::normal(&state), scene::extended(&state));
            normal.hover = move_hover.0.clone();
            extended.hover = move_hover.1.clone();
            (normal, extended)
        }
    };
    let nav = |target: Screen, id: &'static str, label: &'static str| {
        let state = state.clone();
        html! {
            <button id={id} class={classes!("nav-tab", (state.screen == target).then_some("on"))}
                    aria-pressed={(state.screen == target).to_string()}
                    onclick={Callback::from(move |_: MouseEvent| state.dispatch(Action::SetScreen(target)))}>{label}</button>
        }
    };
    let act = |action: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let on_stop = {
        let bridge = bridge.clone();
        let job = state.engine.as_ref().map(|j| j.id);
        Callback::from(move |_: MouseEvent| {
            if let Some(job) = job {
                bridge.send(Request::Stop { job });
            }
        })
    };
    let on_typed = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" {
                let input: HtmlInputElement = e.target_unchecked_into();
                let text = input.value();
                // Cleared only when the text is a move here: a typo stays to be mended.
                let accepted = state.player_to_move()
                    && san::candidate_moves(state.game.position(), &text)
                        .is_ok_and(|moves| !moves.is_empty());
                state.dispatch(Action::Typed(text));
                if accepted {
                    input.set_value("");
                }
            }
        })
    };
    let on_start = {
        let state = state.clone();
        Callback::from(move |settings: Settings| state.dispatch(Action::NewGame(settings, None)))
    };
    let on_cancel = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::ShowNewGame(false)))
    };
    let on_select = {
        let state = state.clone();
        Callback::from(move |ply: usize| state.dispatch(Action::View(ply)))
    };
    let on_load = {
        let state = state.clone();
        Callback::from(move |text: String| state.dispatch(import(&state, &text)))
    };
    let on_view = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            state.dispatch(Action::SetView(match v.as_str() {
                "normal" => ViewMode::Normal,
                "extended" => ViewMode::Extended,
                _ => ViewMode::Both,
            }));
        })
    };
    let on_margin = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let v = select_value(&e);
            state.dispatch(Action::SetMargin(match v.as_str() {
                "copies" => Margin::Copies,
                n => Margin::Squares(n.parse().unwrap_or(2)),
            }));
        })
    };

    let margin_value = match state.settings.margin {
        Margin::Copies => "copies".to_string(),
        Margin::Squares(n) => n.to_string(),
    };
    let margin_select = html! {
        <label>{"Margin "}
            <select id="margin" onchange={on_margin.clone()}>
                { for ["0", "1", "2", "3", "copies"].iter().map(|m| html! {
                    <option value={*m} selected={*m == margin_value}>{if *m == "copies" { "whole copies" } else { m }}</option>
                }) }
            </select>
        </label>
    };
    let pos = state.shown();
    let sans: Vec<String> = (0..state.game.moves().len())
        .filter_map(|i| {
            Some(san::to_san(
                state.game.position_at(i)?,
                state.game.moves()[i],
            ))
        })
        .collect();
    let outcome = state.game.outcome();
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    let status = match (outcome, state.viewing) {
        (Some(o), None) => o.to_string(),
        (_, Some(ply)) => format!("Looking at move {} of {}", ply, state.game.moves().len()),
        (None, None) => {
            let check = if pos.is_check() { " (check)" } else { "" };
            format!("{} to move{check}", side(pos.turn()))
        }
    };
    // What a screen reader hears when nothing is selected: the last move.
    let announce = sans.last().map(|m| {
        let mover = if sans.len() % 2 == 1 {
            side(state.game.start().turn())
        } else {
            side(!state.game.start().turn())
        };
        format!("{mover} played {m}. {status}")
    });
    let view_class = match state.settings.view {
        ViewMode::Normal => "view-normal",
        ViewMode::Extended => "view-extended",
        ViewMode::Both => "view-both",
    };
    let trouble = state.engine_trouble.clone().map(|why| {
        html! {
            <div class="notice" id="engine-trouble" role="alert">{why}
                <button id="engine-retry" onclick={act(Action::RetryEngine)}>{"Retry"}</button>
            </div>
        }
    });
    let thinking = state
        .engine
        .as_ref()
        .filter(|_| trouble.is_none())
        .map(|job| {
            let what = if job.task == EngineTask::Hint {
                "Looking for a hint"
            } else {
                "Computer thinking"
            };
            let detail = state
                .thinking
                .as_ref()
                .map(|t| {
                    format!(
                        " - depth {}, {} ({} kN/s)",
                        t.depth,
                        score_text(t),
                        t.rate / 1000
                    )
                })
                .unwrap_or_default();
            html! {
                <div class="thinking" id="thinking">
                    <span class="spinner" aria-hidden="true"></span>
                    <span id="thinking-text">{format!("{what}{detail}")}</span>
                    <button id="stop" onclick={on_stop.clone()}>{"Stop"}</button>
                </div>
            }
        });
    let level_label = match state.settings.opponent {
        Opponent::Computer { level: n, computer } => {
            format!("vs computer ({}), level {}", side(computer), level(n).label)
        }
        Opponent::HotSeat => "hot-seat".into(),
        Opponent::Correspondence { me, .. } => format!(
            "correspondence: {} (you) against {}",
            state.settings.player_name(me),
            state.settings.player_name(!me)
        ),
    };
    // The board's chooser: an option's index, or none to cancel.
    let on_choose = {
        let state = state.clone();
        Callback::from(move |i: Option<usize>| {
            let chosen = i.and_then(|i| state.choice.as_ref()?.options.get(i).map(|o| o.0));
            state.dispatch(match chosen {
                Some(mv) => Action::Choose(mv),
                None => Action::CancelChoice,
            })
        })
    };

    html! {
        <div class={classes!("app", view_class, state.narrow_extended.then_some("show-extended"))} data-renders={renders.to_string()}>
            <header>
                <h1>{"Topochess"}</h1>
                <nav class="tabs" aria-label="Screens">
                    { nav(Screen::Play, "nav-play", "Play") }
                    { nav(Screen::Explore, "nav-explore", "Explore") }
                    { nav(Screen::Lab, "nav-lab", "Surface lab") }
                    { nav(Screen::Games, "nav-games", "Games") }
                </nav>
                <span class="game-name" id="game-name">{state.game.start().variant().name().to_string()}</span>
                <span class="opponent">{level_label}</span>
                <div class="spacer"></div>
                <button id="new-game-open" onclick={act(Action::ShowNewGame(true))}>{"New game"}</button>
                <button class="secondary" id="theme" onclick={act(Action::SetDark(!state.settings.dark))} aria-label="Switch theme">
                    { if state.settings.dark { "Light" } else { "Dark" } }
                </button>
            </header>
            if let Some(n) = &state.notice {
                <div class="notice" id="notice" role="alert">{n.clone()}
                    if state.offer_live {
                        <button id="go-live" onclick={act(Action::Live)}>{"Go to the current position"}</button>
                    }
                    if state.pending_link.is_some() {
                        <button id="link-take" onclick={act(Action::AnswerLink(true))}>{"Use the link's game"}</button>
                        <button class="secondary" id="link-keep" onclick={act(Action::AnswerLink(false))}>{"Keep mine"}</button>
                    }
                    <button class="secondary" onclick={act(Action::Notice(None))} aria-label="Dismiss">{"OK"}</button>
                </div>
            }
            if state.new_game_open {
                <NewGameForm settings={state.settings.clone()} on_start={on_start} on_cancel={on_cancel} />
            }
            if state.screen == Screen::Games {
                <main class="games-main">
                    <crate::games_screen::GamesScreen games={state.saved.clone()} current={state.game_id}
                        warning={state.space_warning.clone()} on_action={on_action.clone()} />
                </main>
            } else {
            <main>
                if state.screen == Screen::Play {
                    // The game's state above the boards on a phone, above the panel on a desktop.
                    <section class="game-head">
                        if let Some(c) = &state.clock {
                            <play_panel::ClockBar clock={c.clone()} turn={state.game.position().turn()}
                                top={if state.settings.flipped { Color::White } else { Color::Black }}
                                names={[Color::White, Color::Black].map(|side| state.settings.player_name(side))}
                                over={outcome.is_some()} sound={state.settings.sound}
                                on_flag={let state = state.clone(); Callback::from(move |_| state.dispatch(Action::Tick))} />
                        }
                        <div class={classes!("status", outcome.map(|_| "over"))} id="status">{status.clone()}</div>
                        { for trouble }
                        { for thinking }
                    </section>
                }
                if state.settings.view == ViewMode::Both {
                    // Where the two views do not fit side by side: one tap between them.
                    <button class="secondary view-swap" id="view-swap" onclick={act(Action::ShowExtended(!state.narrow_extended))}>
                        { if state.narrow_extended { "Show the board" } else { "Show the extended view" } }
                    </button>
                }
                <section class="boards" style={format!("--zoom: {}", state.settings.zoom.clamp(50, 100) as f64 / 100.0)}>
                    <Boards normal={normal_view} extended={extended_view} flipped={state.settings.flipped}
                        coords={state.settings.coords} pieces={state.settings.pieces}
                        dests={(state.screen == Screen::Play).then(|| dests.clone())} position={position_key}
                        announce={announce.clone().unwrap_or_default()}
                        on_move={on_move} on_drop_premove={on_drop_premove} on_click={on_click} on_drop={on_drop}
                        on_shape={on_shape} on_choose={on_choose.clone()} />
                </section>
                if state.screen == Screen::Explore {
                    <aside>
                        if let Some(ex) = &state.explorer {
                            <ExplorerPanel variant={ex.variant().id().to_string()} reach={ex.reach_text()}
                                caption={ex.caption.clone()} tool={ex.tool} turn={ex.turn}
                                all_paths={ex.all_paths} heat={ex.heat}
                                castles={ex.variant().castling() != topochess_core::CastlingMode::None}
                                possible_rights={ex.placement.possible_rights()} rights={ex.rights()}
                                ep_options={ex.ep_options().into_iter().map(|sq| ex.variant().size().name(sq)).collect::<Vec<_>>()}
                                ep={ex.ep.map(|sq| ex.variant().size().name(sq))}
                                on_action={on_action.clone()} />
                        }
                        { margin_select.clone() }
                    </aside>
                } else if state.screen == Screen::Lab {
                    <aside>
                        <LabPanel lab={state.lab} settings={state.settings.clone()} on_action={on_action.clone()} />
                        { margin_select.clone() }
                    </aside>
                } else {
                <aside>
                    <MoveList sans={sans} first_number={state.game.start().fullmove_number()}
                              result={outcome.map(|o| o.result().to_string())}
                              black_first={state.game.start().turn() == Color::Black}
                              shown={state.shown_ply()} on_select={on_select} />
                    <div class="row nav">
                        <button onclick={act(Action::View(0))} aria-label="First position">{"|<"}</button>
                        <button id="back" onclick={act(Action::Step(-1))} aria-label="Previous move">{"<"}</button>
                        <button id="forward" onclick={act(Action::Step(1))} aria-label="Next move">{">"}</button>
                        <button onclick={act(Action::Live)} aria-label="Current position">{">|"}</button>
                    </div>
                    <div class="row">
                        <button id="takeback" onclick={act(Action::TakeBack)} disabled={state.is_correspondence()}>{"Take back"}</button>
                        <button id="redo" onclick={act(Action::Redo)} disabled={state.redo.is_empty() || state.is_correspondence()}>{"Redo"}</button>
                        <button id="hint" onclick={act(Action::Hint)} disabled={!state.player_to_move() || state.engine.is_some() || state.is_correspondence()}>{"Hint"}</button>
                        <button id="flip" onclick={act(Action::Flip)}>{"Flip"}</button>
                    </div>
                    { play_panel::game_end_controls(&state) }
                    { play_panel::send_move(&state) }
                    <label class="san-input">{"Type a move "}
                        <input id="san-input" placeholder="e4, Nf3, O-O, e7e8q" onkeydown={on_typed} autocomplete="off" />
                    </label>
                    <div class="row">
                        <label>{"Views "}
                            <select id="view-mode" onchange={on_view}>
                                <option value="both" selected={state.settings.view == ViewMode::Both}>{"both"}</option>
                                <option value="normal" selected={state.settings.view == ViewMode::Normal}>{"normal"}</option>
                                <option value="extended" selected={state.settings.view == ViewMode::Extended}>{"extended"}</option>
                            </select>
                        </label>
                        { margin_select.clone() }
                    </div>
                    { play_panel::preferences(&state) }
                    <Transfer pgn={state.pgn()} fen={fen::write(pos)} link={storage::browser_link(&state.settings, &state.game)} on_load={on_load} />
                    { play_panel::saved_games(&state) }
                </aside>
                }
            </main>
            }
        </div>
    }
}
