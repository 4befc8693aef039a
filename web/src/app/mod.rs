//! The app: it composes the features' states and views, routes actions, and settles the engine
//! job. State changes only through [`Action`]s; `effects` turns state into requests to the
//! worker, the server and the browser's storage.

pub mod action;
pub mod address;
pub mod address_flow;
pub mod arrival;
pub mod boards;
pub mod effects;
pub mod engine_job;
pub mod engine_link;
pub mod features;
pub mod home;
pub mod job;
pub mod live_flow;
pub mod live_panel;
pub mod lobby;
pub mod offline;
pub mod saved_list;
pub mod scene;
pub mod screen;
pub mod settings_screen;
pub mod state;
pub mod tab_sync;

use crate::app::arrival::{import, initial};
use crate::app::boards::Boards;
use crate::app::state::{
    Action, AnalysisAction, EngineTask, ExploreAction, LearnAction, NoticeAt, Opponent,
    PuzzleAction, Screen, Settings, ViewMode,
};
use crate::common::module_view::{events, Crossing, ModuleView};
use crate::engine::Request;
use crate::explore::explorer::Explorer;
use crate::explore::lab::LabEvent;
use crate::explore::panel::ExplorerPanel;
use crate::library::storage;
use crate::play::panel as play_panel;
use crate::play::panels::{MoveList, NewGameForm, Transfer};
use crate::play::PlayAction;
use std::rc::Rc;
use std::sync::Arc;
use topochess_core::Variant;
use topochess_core::{fen, san, Color};
use topochess_search::levels::level;
use topochess_study::decimal;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The whole app: the header, the screen shown, and its boards and panel.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(initial);
    // How often the app has rendered: tests check that pointing at squares does not re-render it.
    let renders = crate::board::use_render_count();
    let bridge = crate::app::engine_link::use_engine(&state);
    // The network's state and a new version waiting (the service worker).
    let shell = crate::app::offline::use_shell();
    // Everything the app does beside rendering: links, the live socket, saving, keys.
    crate::app::effects::use_effects(&state);

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
        Screen::Home
        | Screen::Play
        | Screen::Games
        | Screen::Analyse
        | Screen::Atlas
        | Screen::Puzzles
        | Screen::Learn
        | Screen::Settings => None,
    };
    let analysis = state.analysing();
    let puzzle = state.solving();
    let lesson = state.studying();
    let size = explorer
        .map(|e| e.variant().size())
        .or_else(|| analysis.map(|a| a.tree.start().size()))
        .or_else(|| puzzle.map(|p| p.shown().size()))
        .or_else(|| lesson.map(|s| s.pos.size()))
        .unwrap_or_else(|| state.play.game.start().size());
    let square = move |name: &str| size.parse_square(name);
    let screen = state.screen;
    let on_click = {
        let state = state.clone();
        Callback::from(move |name: String| {
            if let Some(sq) = square(&name) {
                match screen {
                    Screen::Play | Screen::Analyse => state.dispatch(Action::Click(sq)),
                    Screen::Explore => state.dispatch(Action::Explore(ExploreAction::Click(sq))),
                    Screen::Home
                    | Screen::Lab
                    | Screen::Games
                    | Screen::Atlas
                    | Screen::Puzzles
                    | Screen::Learn
                    | Screen::Settings => {}
                }
            }
        })
    };
    let on_move = {
        let state = state.clone();
        Callback::from(
            move |(a, b): (String, String)| match (square(&a), square(&b), screen) {
                (Some(from), Some(to), Screen::Play) => state.dispatch(Action::Move(from, to)),
                (Some(from), Some(to), Screen::Analyse) => {
                    state.dispatch(Action::Analyse(AnalysisAction::Move(from, to)))
                }
                (Some(from), Some(to), Screen::Puzzles) => {
                    state.dispatch(Action::Puzzle(PuzzleAction::Move(from, to)))
                }
                (Some(from), Some(to), Screen::Learn) => {
                    state.dispatch(Action::Learn(LearnAction::Move(from, to)))
                }
                _ => {}
            },
        )
    };
    let on_drop_premove = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Play(PlayAction::DropPremove)))
    };
    let on_shape = {
        let state = state.clone();
        Callback::from(
            move |(from, to, brush): (String, String, crate::app::scene::Brush)| {
                if let (Some(from), Some(to), Screen::Play | Screen::Analyse) =
                    (square(&from), square(&to), screen)
                {
                    state.dispatch(Action::Shape(crate::app::scene::Shape { from, to, brush }));
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
            state.play.viewing.is_some(),
            state.player_to_move(),
            state.play.premove_time(&state.settings),
            analysis.map(|a| a.point()),
            puzzle.map(|p| (p.session, p.shown_ply(), p.player_to_move())),
            lesson.map(|s| (s.lesson, s.step, s.awaits_move())),
        );
        let state = state.clone();
        use_memo(key, move |_| {
            let board = (state.analysing(), state.solving(), state.studying());
            let (dests, (normal, extended)) = match board {
                (Some(a), _, _) => (
                    scene::legal_dests(a.position()),
                    scene::hover_of(a.position()),
                ),
                (None, Some(p), _) if p.player_to_move() => {
                    (scene::legal_dests(p.live()), scene::hover_of(p.live()))
                }
                (None, None, Some(s)) if s.awaits_move() => {
                    (scene::legal_dests(&s.pos), scene::hover_of(&s.pos))
                }
                (None, Some(_), _) | (None, None, Some(_)) => Default::default(),
                (None, None, None) => (
                    state.play.dests(&state.settings),
                    state.play.move_hover(&state.settings),
                ),
            };
            (Rc::new(dests), Rc::new(normal), Rc::new(extended))
        })
    };
    let (dests, move_hover) = (handed.0.clone(), (handed.1.clone(), handed.2.clone()));
    let position_key = {
        let (game, ply, hash) = analysis.map_or(state.live_point(), |a| a.point());
        let puzzle = puzzle.map_or(0, |p| p.shown().hash() ^ p.session.rotate_left(41));
        let lesson = lesson.map_or(0, |s| {
            s.shown().hash() ^ ((s.lesson as u64) << 8 | s.step as u64).rotate_left(23)
        });
        hash ^ game.rotate_left(29)
            ^ (state.shown_ply() as u64).rotate_left(7)
            ^ ply as u64
            ^ puzzle
            ^ lesson
    };
    let (normal_view, extended_view, surface) = match explorer {
        Some(ex) => (
            ex.normal(),
            ex.extended(state.settings.margin),
            *ex.variant().surface(),
        ),
        None => {
            let scene = match (analysis, puzzle, lesson) {
                (Some(a), _, _) => a.scene(scene::setting(&state), state.shapes_here()),
                (None, Some(p), _) => p.scene(scene::setting(&state)),
                (None, None, Some(s)) => s.scene(scene::setting(&state)),
                (None, None, None) => state
                    .play
                    .scene(scene::setting(&state), state.shapes_here()),
            };
            let (mut normal, mut extended) = (scene.normal(), scene.extended());
            normal.hover = move_hover.0.clone();
            extended.hover = move_hover.1.clone();
            (normal, extended, *scene.pos.variant().surface())
        }
    };
    let nav = |target: Screen, id: &'static str, label: &'static str| {
        let state = state.clone();
        html! {
            <button id={id} class={classes!("nav-tab", (state.screen == target).then_some("on"))}
                    aria-pressed={(state.screen == target).to_string()}
                    onclick={Callback::from(move |_: MouseEvent| state.dispatch(match target {
                        // The tab is the lessons' list, as its address is.
                        Screen::Learn => Action::Open(crate::app::address::Address::Learn(None)),
                        target => Action::Go(target),
                    }))}>{label}</button>
        }
    };
    let act = |action: Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action.clone()))
    };
    let on_play = {
        let state = state.clone();
        Callback::from(move |a: PlayAction| state.dispatch(Action::Play(a)))
    };
    // The message, where it belongs: beside what caused it (the typed move, the import box),
    // else under the header.
    let notice_here = |place: NoticeAt| -> Html {
        let Some(n) = state.notice.as_ref().filter(|_| state.notice_at == place) else {
            return html! {};
        };
        html! {
            <div class={classes!("notice", (place != NoticeAt::Top).then_some("inline"))} id="notice" role="alert">{n.clone()}
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
                    && san::candidate_moves(state.play.game.position(), &text)
                        .is_ok_and(|moves| !moves.is_empty());
                state.dispatch(Action::Play(PlayAction::Typed(text)));
                if accepted {
                    input.set_value("");
                }
            }
        })
    };
    let on_start = {
        let state = state.clone();
        Callback::from(move |settings: Settings| match settings.opponent {
            // A live game is created on the server first, which gives its id.
            Opponent::Live { id: 0, .. } => live_panel::create_live_game(&state, settings),
            _ => state.dispatch(Action::NewGame(settings, None)),
        })
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
        Callback::from(move |text: String| {
            state.dispatch(Action::Import(Box::new(import(&state, &text))))
        })
    };
    let margin_select = crate::app::settings_screen::margin_select(&state);
    // The front page's choice of game, on a folded board, else the last game's settings.
    let new_game_settings = match state.new_game_opponent {
        Some(opponent) => Settings {
            opponent,
            variant: "folded".into(),
            castling: topochess_core::variant::preset("folded")
                .map(|p| p.castling.name().to_string())
                .unwrap_or_default(),
            ..state.settings.clone()
        },
        None => state.settings.clone(),
    };
    let pos = state.shown();
    let sans: Vec<String> = (0..state.play.game.moves().len())
        .filter_map(|i| {
            Some(san::to_san(
                state.play.game.position_at(i)?,
                state.play.game.moves()[i],
            ))
        })
        .collect();
    let outcome = state.play.game.outcome();
    let side = |c: Color| if c == Color::White { "White" } else { "Black" };
    let aborted = state.live.heard.as_ref().is_some_and(|h| h.aborted);
    let status = match (outcome, state.play.viewing) {
        (Some(o), None) => o.to_string(),
        (None, None) if aborted => "Aborted: the game counts for nobody".to_string(),
        (_, Some(ply)) => format!(
            "Looking at move {} of {}",
            ply,
            state.play.game.moves().len()
        ),
        (None, None) => {
            let check = if pos.is_check() { " (check)" } else { "" };
            format!("{} to move{check}", side(pos.turn()))
        }
    };
    // What a screen reader hears when nothing is selected: the hint shown, the move taken back,
    // else the last move.
    let now = state.play.game.position();
    let last = sans.last().map(|m| {
        let mover = if sans.len() % 2 == 1 {
            side(state.play.game.start().turn())
        } else {
            side(!state.play.game.start().turn())
        };
        format!("{mover} played {m}. {status}")
    });
    let announce = match (state.play.hint, state.play.redo.last()) {
        (Some(hint), _) => Some(format!("Hint: {}.", san::to_san(now, hint))),
        (None, Some(&undone)) => Some(format!(
            "Taken back: {}. {status}",
            san::to_san(now, undone)
        )),
        (None, None) => last,
    };
    // A puzzle is seen from the solver's side (the flip button turns it round), a lesson from
    // the learner's.
    let flipped = match (puzzle, lesson) {
        (Some(p), _) => (p.solver() == Color::Black) != state.puzzles.flipped,
        (None, Some(s)) => s.pos.turn() == Color::Black,
        (None, None) => state.settings.flipped,
    };
    let view_class = match state.settings.view {
        ViewMode::Normal => "view-normal",
        ViewMode::Extended => "view-extended",
        ViewMode::Both => "view-both",
        ViewMode::Solid => "view-solid",
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
                // Its evaluation stays hidden while it plays, as on lichess: analysis shows it.
                .map(|t| format!(" - depth {} ({} kN/s)", t.depth, t.rate / 1000))
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
            // The level's number; the form says what it means.
            format!(
                "vs computer ({}), level {}",
                side(computer),
                level(n).number
            )
        }
        Opponent::HotSeat => "hot-seat".into(),
        Opponent::Correspondence { me, .. } => format!(
            "correspondence: {} (you) against {}",
            state.settings.player_name(me),
            state.settings.player_name(!me)
        ),
        Opponent::Live { me: Some(me), .. } => format!("live, you play {}", side(me)),
        Opponent::Live { me: None, .. } => "live, watching".into(),
    };
    // The board's chooser: an option's index, or none to cancel.
    let on_choose = {
        let state = state.clone();
        Callback::from(move |i: Option<usize>| {
            let chosen = i.and_then(|i| state.play.choice.as_ref()?.options.get(i).map(|o| o.0));
            state.dispatch(match chosen {
                Some(mv) => Action::Choose(mv),
                None => Action::CancelChoice,
            })
        })
    };

    html! {
        <div class={classes!("app", view_class, state.narrow_extended.then_some("show-extended"),
                             matches!(state.settings.opponent, Opponent::Live { .. }).then_some("live"))}
             data-renders={renders.to_string()}>
            <header>
                <h1><a href="#/" id="nav-home" onclick={
                    let state = state.clone();
                    Callback::from(move |e: MouseEvent| {
                        e.prevent_default();
                        state.dispatch(Action::Go(Screen::Home));
                    })
                }>{"Topochess"}</a></h1>
                <nav class="tabs" aria-label="Screens">
                    { nav(Screen::Play, "nav-play", "Play") }
                    { nav(Screen::Explore, "nav-explore", "Explore") }
                    { nav(Screen::Lab, "nav-lab", "Surface lab") }
                    { nav(Screen::Analyse, "nav-analysis", "Analysis") }
                    { nav(Screen::Atlas, "nav-atlas", "Endgames") }
                    { nav(Screen::Learn, "nav-learn", "Learn") }
                    { nav(Screen::Puzzles, "nav-puzzles", "Puzzles") }
                    { nav(Screen::Games, "nav-games", "Games") }
                </nav>
                if state.screen != Screen::Home {
                    <span class="game-name" id="game-name">{puzzle.map(|p| p.shown()).or(lesson.map(|s| &s.pos)).or(analysis.map(|a| a.tree.start())).unwrap_or(state.play.game.start()).variant().name().to_string()}</span>
                }
                if matches!(state.screen, Screen::Play | Screen::Analyse) {
                    <span class="opponent">{level_label}</span>
                }
                <div class="spacer"></div>
                if shell.offline {
                    <span class="offline-mark" id="offline-mark" title="No network: everything but live play works from what this browser keeps">{"offline"}</span>
                }
                <button id="new-game-open" onclick={act(Action::ShowNewGame(true))}>{"New game"}</button>
                <button class={classes!("secondary", (state.screen == Screen::Settings).then_some("on"))} id="nav-settings"
                        aria-pressed={(state.screen == Screen::Settings).to_string()}
                        onclick={act(Action::Go(Screen::Settings))}>{"Settings"}</button>
            </header>
            if shell.update_ready {
                <div class="notice" id="update-ready" role="status">{"A new version of Topochess is ready. Your games are saved."}
                    <button id="update-reload" onclick={Callback::from(|_: MouseEvent| crate::app::offline::take_update())}>{"Reload"}</button>
                </div>
            }
            { notice_here(NoticeAt::Top) }
            if state.new_game_open {
                <NewGameForm settings={new_game_settings} on_start={on_start} on_cancel={on_cancel} />
            }
            if state.screen == Screen::Home {
                { crate::app::home::home(&state, &on_action) }
            } else if state.screen == Screen::Atlas {
                <main class="games-main">{ crate::atlas::screen::atlas_screen(&state.atlas, &on_action.reform(Action::Atlas)) }</main>
            } else if state.screen == Screen::Learn && lesson.is_none() {
                <main class="games-main">{ crate::learn::panel::lesson_list(&state.learn.progress, &on_action.reform(Action::Learn)) }</main>
            } else if state.screen == Screen::Puzzles && puzzle.is_none() {
                <main class="games-main">{ crate::puzzle::panel::puzzle_aside(None, &state.puzzles.record, state.puzzles.trouble.as_deref(), &on_action.reform(Action::Puzzle)) }</main>
            } else if state.screen == Screen::Games {
                <main class="games-main">
                    <crate::library::games_screen::GamesView games={state.saved.clone()} current={state.play.game_id}
                        warning={state.space_warning.clone()} on_action={features::games_out(&on_action)} />
                </main>
            } else {
            <main>
                if state.screen == Screen::Play {
                    // The game's state above the boards on a phone, above the panel on a desktop.
                    <section class="game-head">
                        if let Some(c) = &state.play.clock {
                            <play_panel::ClockBar clock={c.clone()} turn={state.play.game.position().turn()}
                                top={if state.settings.flipped { Color::White } else { Color::Black }}
                                names={[Color::White, Color::Black].map(|side| state.settings.player_name(side))}
                                over={outcome.is_some()} sound={state.settings.sound}
                                on_flag={let state = state.clone(); Callback::from(move |_| state.dispatch(Action::Tick))} />
                        }
                        <div class={classes!("status", outcome.map(|_| "over"))} id="status">{status.clone()}</div>
                        { play_panel::draw_offer(&state.play, &state.settings, &on_play) }
                        { live_panel::live_asks(&state) }
                        if state.ghost_hint && state.settings.view != ViewMode::Normal
                            && !matches!(state.settings.opponent, Opponent::Live { .. }) {
                            // A first visit: what the faded pieces around the board are.
                            <div class="ghost-hint" id="ghost-hint">
                                <p>{"New here? The extended view repeats the squares beyond each edge as faded ghosts, \
                                    each labelled with the real square it is: a piece that leaves one edge comes back in at \
                                    another. Move on either board; pointing at a destination draws the route."}</p>
                                <button class="secondary" id="ghost-hint-ok" onclick={
                                    let state = state.clone();
                                    Callback::from(move |_: MouseEvent| {
                                        storage::browser_ghost_hint_done();
                                        state.dispatch(Action::DismissGhostHint);
                                    })
                                }>{"Got it"}</button>
                            </div>
                        }
                        { for trouble }
                        if thinking.is_some() {
                            { for thinking }
                        } else if matches!(state.settings.opponent, Opponent::Computer { .. }) && state.engine_trouble.is_none() {
                            // The row the computer's thinking takes, kept while it does not think,
                            // so that the panel below does not jump at every move.
                            <div class="thinking idle" aria-hidden="true">
                                <span class="spinner"></span><span>{"Computer thinking"}</span><button tabindex="-1">{"Stop"}</button>
                            </div>
                        }
                    </section>
                }
                if matches!(state.settings.view, ViewMode::Both | ViewMode::Solid) {
                    // Where the two views do not fit side by side: one tap between them.
                    <button class="secondary view-swap" id="view-swap" onclick={act(Action::ShowExtended(!state.narrow_extended))}>
                        { match (state.narrow_extended, state.settings.view) {
                            (true, _) => "Show the board",
                            (false, ViewMode::Solid) => "Show the 3D view",
                            (false, _) => "Show the extended view",
                        } }
                    </button>
                }
                if state.screen == Screen::Lab && lab_preview.is_none() {
                    // A setup that makes no board shows none (not the game's board): the panel
                    // says why.
                    <section class="boards lab-empty" id="lab-empty">
                        <p class="muted">{"No board: this setup cannot be built (see the panel)."}</p>
                    </section>
                } else {
                <section class={classes!("boards", analysis.map(|_| "analysis-boards"))} style={format!("--zoom: {}", decimal::write_short(f64::from(state.settings.zoom.clamp(50, 100)) / 100.0, 2))}>
                    if let Some(a) = analysis {
                        { crate::analysis::panel::eval_bar(a, state.analysis_barred(), state.settings.flipped) }
                    }
                    <Boards normal={normal_view} extended={extended_view} flipped={flipped}
                        solid={(state.settings.view == ViewMode::Solid).then_some(surface)}
                        coords={state.settings.coords} pieces={state.settings.pieces}
                        dests={matches!(state.screen, Screen::Play | Screen::Analyse | Screen::Puzzles | Screen::Learn).then(|| dests.clone())} position={position_key}
                        announce={announce.clone().unwrap_or_default()}
                        on_move={on_move} on_drop_premove={on_drop_premove} on_click={on_click} on_drop={on_drop}
                        on_shape={on_shape} on_choose={on_choose.clone()} />
                </section>
                }
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
                                on_action={on_action.reform(Action::Explore)} />
                        }
                        { margin_select.clone() }
                    </aside>
                } else if let Some(a) = analysis {
                    { crate::analysis::panel::analysis_aside(a, state.analysis_barred(), &on_action.reform(Action::Analyse)) }
                } else if let Some(p) = puzzle {
                    { crate::puzzle::panel::puzzle_aside(Some(p), &state.puzzles.record, None, &on_action.reform(Action::Puzzle)) }
                } else if let Some(s) = lesson {
                    { crate::learn::panel::step_aside(s, &state.learn.progress, &on_action.reform(Action::Learn)) }
                } else if state.screen == Screen::Settings {
                    { crate::app::settings_screen::settings_screen(&state) }
                } else if state.screen == Screen::Lab {
                    <aside>
                        <ModuleView kind="lab" what="the surface lab" props={state.lab.to_json()}
                            on_event={lab_event(&on_action)} />
                        { margin_select.clone() }
                    </aside>
                } else {
                <aside>
                    <MoveList sans={sans} first_number={state.play.game.start().fullmove_number()}
                              result={outcome.map(|o| o.result().to_string())}
                              black_first={state.play.game.start().turn() == Color::Black}
                              shown={state.shown_ply()} on_select={on_select}
                              from_table={state.table_moves.iter().filter(|(g, _)| *g == state.play.game_id).map(|&(_, p)| p).collect::<Vec<_>>()} />
                    <div class="row nav">
                        <button onclick={act(Action::View(0))} aria-label="First position">{"|<"}</button>
                        <button id="back" onclick={act(Action::Step(-1))} aria-label="Previous move">{"<"}</button>
                        <button id="forward" onclick={act(Action::Step(1))} aria-label="Next move">{">"}</button>
                        <button onclick={act(Action::Live)} aria-label="Current position">{">|"}</button>
                    </div>
                    <div class="row">
                        <button id="takeback" onclick={act(Action::Play(PlayAction::TakeBack))} disabled={state.is_correspondence()}>{"Take back"}</button>
                        <button id="redo" onclick={act(Action::Play(PlayAction::Redo))} disabled={state.play.redo.is_empty() || state.is_correspondence()}>{"Redo"}</button>
                        <button id="hint" onclick={act(Action::Hint)} disabled={!state.player_to_move() || state.engine.is_some() || state.computer_barred()}>{"Hint"}</button>
                        <button id="flip" onclick={act(Action::Flip)}>{"Flip"}</button>
                        <button id="analyse" onclick={act(Action::Analyse(AnalysisAction::FromGame))}>{"Analyse"}</button>
                    </div>
                    { live_panel::live_panel(&state) }
                    { play_panel::game_end_controls(&state.play, &state.settings, &on_play) }
                    { play_panel::send_move(&state.play, &state.settings) }
                    <label class="san-input">{"Type a move "}
                        <input id="san-input" placeholder="e4, Nf3, O-O, e7e8q" onkeydown={on_typed} autocomplete="off" />
                    </label>
                    { notice_here(NoticeAt::TypedMove) }
                    <Transfer pgn={state.play.pgn()} fen={fen::write(pos)} link={storage::browser_link(&state.settings, &state.play.game)} on_load={on_load} notice={notice_here(NoticeAt::Import)} />
                    { saved_list::saved_games(&state) }
                </aside>
                }
            </main>
            }
        </div>
    }
}

/// What the surface lab (drawn by the views' module) reports, as the app's action.
fn lab_event(on_action: &Callback<Action>) -> Callback<String> {
    let on_action = on_action.clone();
    events(move |event: LabEvent| on_action.emit(Action::Explore(event.action())))
}
