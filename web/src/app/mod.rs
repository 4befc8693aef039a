//! The app: it composes the features' states and views, routes actions, and settles the engine
//! job. State changes only through [`Action`]s; `effects` turns state into requests to the
//! worker, the server and the browser's storage.

pub mod account_flow;
pub mod action;
pub mod address;
pub mod address_flow;
pub mod arena_flow;
pub mod arrival;
pub mod board_input;
pub mod board_views;
pub mod boards;
pub mod build;
pub mod dispatch;
pub mod effects;
pub mod engine_job;
pub mod engine_link;
pub mod features;
pub mod game_head;
pub mod handover;
pub mod header;
pub mod home;
pub mod job;
pub mod kept;
pub mod live_flow;
pub mod live_panel;
pub mod lobby;
pub mod notice;
pub mod offline;
pub mod play_aside;
pub mod player_channel;
pub mod pool_flow;
pub mod saved_list;
pub mod scene;
pub mod screen;
pub mod settings_screen;
pub mod state;
pub mod tab_sync;
pub mod tv;
pub mod tv_channel;
pub mod whole;

pub use build::FULL;

use crate::account::people::{people_view, PeopleOut};
use crate::app::arrival::initial;
use crate::app::board_input::board_input;
use crate::app::board_views::use_board_views;
use crate::app::boards::Boards;
use crate::app::dispatch::{act, dispatcher};
use crate::app::notice::notice;
use crate::app::state::{Action, AppState, NoticeAt, Opponent, Screen, Settings, ViewMode};
use crate::arenas::screen::{arena_view, ArenaOut, ArenaScene};
use crate::common::module_view::{events, Crossing, ModuleView};
use crate::explore::lab::LabEvent;
use crate::explore::panel::ExplorerPanel;
use crate::play::panels::NewGameForm;
use topochess_study::decimal;
use topochess_worker::Request;
use yew::prelude::*;

/// What the app is drawn with.
#[derive(Properties, PartialEq)]
pub struct AppProps {
    /// What the page arrived at: the library read, and a link taken in.
    pub arrival: std::rc::Rc<arrival::Arrival>,
}

/// Draws the app into a box of its own at the end of the page's body (so that the first
/// module's app and its listeners go with their box when the whole app takes over); returns the
/// app and its box.
pub fn draw(arrival: arrival::Arrival) -> Option<(yew::AppHandle<App>, web_sys::Element)> {
    let document = web_sys::window()?.document()?;
    let host = document.create_element("div").ok()?;
    host.set_class_name("app-host");
    document.body()?.append_child(&host).ok()?;
    let props = AppProps {
        arrival: std::rc::Rc::new(arrival),
    };
    let app = yew::Renderer::<App>::with_root_and_props(host.clone(), props).render();
    Some((app, host))
}

/// The whole app: the header, the screen shown, and its boards and panel.
#[function_component(App)]
pub fn app(props: &AppProps) -> Html {
    let state = {
        let arrival = props.arrival.clone();
        use_reducer(move || initial(&arrival))
    };
    // How often the app has rendered: tests check that pointing at squares does not re-render it.
    let renders = crate::common::renders::use_render_count();
    let bridge = crate::app::engine_link::use_engine(&state);
    // The network's state and a new version waiting (the service worker).
    let shell = crate::app::offline::use_shell();
    // Everything the app does beside rendering: links, the live socket, saving, keys.
    crate::app::effects::use_effects(&state);
    // The first screen's module's handover to the whole app, if it makes one now.
    let handover = whole::wanted(&state);
    whole::use_handover(&state, handover.clone());
    whole::use_lobby_coming(&state);
    let sign_in = whole::use_then(&state);
    let views = use_board_views(&state);
    let input = board_input(&state, views.size);
    let on_stop = {
        let job = state.engine.as_ref().map(|j| j.id);
        Callback::from(move |_: MouseEvent| {
            if let Some(job) = job {
                bridge.tell(Request::Stop { job });
            }
        })
    };
    let sans = game_head::sans(&state);
    let status = game_head::status(&state);
    let announce = game_head::announcement(&state, &sans, &status).unwrap_or_default();
    // A surface that glues no edge shows the board alone: its extended view would repeat it.
    let shown = state.settings.view.of_surface(views.surface.is_flat());
    let view_class = match shown {
        ViewMode::Normal => "view-normal",
        ViewMode::Extended => "view-extended",
        ViewMode::Both => "view-both",
        ViewMode::Solid => "view-solid",
    };
    let zoom = decimal::write_short(f64::from(state.settings.zoom.clamp(50, 100)) / 100.0, 2);
    let analysis = state.analysing();
    let moves_here = matches!(
        state.screen,
        Screen::Play | Screen::Analyse | Screen::Puzzles | Screen::Learn
    );
    let page = page_screen(&state);
    let page_shown = page.is_some();
    let tv_empty = !page_shown && FULL && state.screen == Screen::Play && tv::tv_idle(&state);
    let boards_hidden = page_shown || tv_empty;
    let shelf = use_kept(|last| kept::Shelf::next(last, &state, boards_hidden));
    let pages = use_kept(|last| kept::Pages::next(last, &state));
    // A kept page is drawn in its box, the others where they were.
    let (page_kept, page_here) = match pages.shown {
        Some(_) => (page, None),
        None => (None, page),
    };
    html! {
        <div class={classes!("app", view_class, state.narrow_extended.then_some("show-extended"),
                             matches!(state.settings.opponent, Opponent::Live { .. }).then_some("live"))}
             data-renders={renders.to_string()} inert={handover.is_some().then_some("")}>
            { header::header(&state, shell.offline, sign_in) }
            { whole::opening(handover.as_ref()) }
            if shell.update_ready {
                <div class="notice" id="update-ready" role="status">{"A new version of Topochess is ready. Your games are saved."}
                    <button id="update-reload" onclick={Callback::from(|_: MouseEvent| crate::app::offline::take_update())}>{"Reload"}</button>
                </div>
            }
            { notice(&state, NoticeAt::Top) }
            if FULL {
                <crate::challenge::ChallengeBar me={state.me.clone()} heard={state.challenges_heard.clone()} />
                { pool_flow::pool_bar(&state) }
            }
            if FULL && state.screen == Screen::Play {
                { tv::tv_strip(&state) }
            }
            if build::FRONT {
                { new_game(&state) }
            }
            { page_here.unwrap_or_default() }
            if FULL {
                { pages.draw(page_kept.unwrap_or_default()) }
            }
            if tv_empty {
                { tv::tv_empty(&state) }
            }
            // Under a screen of its own (but the front page) the boards stay, hidden, so that
            // coming back to a board redraws what changed instead of drawing it anew (TV with
            // nothing on shows none).
            if !boards_hidden || page_shown && state.screen != Screen::Home {
            <main hidden={boards_hidden} class={analysis.map(|_| "analysing")}>
                if state.screen == Screen::Play {
                    { game_head::game_head(&state, &status, &on_stop, shown) }
                }
                if matches!(shown, ViewMode::Both | ViewMode::Solid) {
                    // Where the two views do not fit side by side: one tap between them.
                    <button class="secondary view-swap" id="view-swap" onclick={act(&state, Action::ShowExtended(!state.narrow_extended))}>
                        { match (state.narrow_extended, shown) {
                            (true, _) => "Show the board",
                            (false, ViewMode::Solid) => "Show the 3D view",
                            (false, _) => "Show the extended view",
                        } }
                    </button>
                }
                if views.lab_empty {
                    // A setup that makes no board shows none (not the game's board): the panel
                    // says why.
                    <section class="boards lab-empty" id="lab-empty">
                        <p class="muted">{"No board: this setup cannot be built (see the panel)."}</p>
                    </section>
                } else {
                <section class={classes!("boards", analysis.map(|_| "analysis-boards"))} style={format!("--zoom: {zoom}")}>
                    if let Some(a) = analysis {
                        { crate::analysis::panel::eval_bar(a, state.analysis_barred(), state.settings.flipped) }
                    }
                    <Boards normal={views.normal} extended={views.extended} flipped={views.flipped}
                        solid={(shown == ViewMode::Solid).then_some(views.surface)}
                        beyond_shown={shown != ViewMode::Normal}
                        coords={state.settings.coords} pieces={state.settings.pieces}
                        dests={moves_here.then_some(views.dests)} position={views.position}
                        announce={announce} ahead={matches!(state.screen, Screen::Play | Screen::Analyse)}
                        motion={state.settings.motion}
                        on_move={input.on_move} on_drop_premove={input.on_drop_premove} on_click={input.on_click} on_drop={input.on_drop}
                        on_shape={input.on_shape} on_choose={input.on_choose} />
                </section>
                }
                { side(&state, sans, &shelf, boards_hidden) }
            </main>
            }
        </div>
    }
}

/// The New game dialog when it is open: from the front page a game on the folded board against
/// the opponent chosen there, else the last game's settings.
fn new_game(state: &UseReducerHandle<AppState>) -> Html {
    if !state.new_game.open {
        return html! {};
    }
    let settings = match state.new_game.opponent {
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
    let on_start = {
        let state = state.clone();
        Callback::from(move |settings: Settings| match settings.opponent {
            // A live game is created on the server first, which gives its id.
            Opponent::Live { id: 0, .. } if build::LIVE => {
                live_panel::create_live_game(&state, settings)
            }
            // A module with no live play: the whole app creates the game.
            Opponent::Live { id: 0, .. } => state.dispatch(Action::Whole(handover::Handover {
                address: None,
                then: handover::Then::Live(settings),
            })),
            _ => state.dispatch(Action::NewGame(settings, None)),
        })
    };
    let on_cancel = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::ShowNewGame(false)))
    };
    html! { <NewGameForm settings={settings} on_start={on_start} on_cancel={on_cancel} signed_in={state.me.is_some()} /> }
}

/// The screens that are a page of their own, with no board: the front page, the endgame atlas,
/// the lessons' and puzzles' lists, the library; `None` on a screen with boards.
fn page_screen(state: &UseReducerHandle<AppState>) -> Option<Html> {
    let on_action = dispatcher(state);
    let main = |inner: Html| html! { <main class="games-main">{ inner }</main> };
    Some(match state.screen {
        Screen::Home if build::FRONT => crate::app::home::home(state, &on_action),
        _ if !FULL => return None,
        Screen::Atlas => main(crate::atlas::screen::atlas_view(
            &state.atlas,
            on_action.reform(Action::Atlas),
        )),
        Screen::Learn if state.studying().is_none() => main(crate::learn::panel::lesson_list(
            &state.learn.progress,
            &on_action.reform(Action::Learn),
        )),
        Screen::Puzzles if state.solving().is_none() => main(crate::puzzle::panel::puzzle_aside(
            None,
            &state.puzzles.record,
            state.puzzles.trouble.as_deref(),
            state.puzzles.opening,
            &on_action.reform(Action::Puzzle),
        )),
        Screen::Player => {
            let player = state.player.clone().unwrap_or_default();
            // Challenging the player is the app's: above the page the views' module draws.
            let challenge = match &state.me {
                Some(me) if !me.eq_ignore_ascii_case(&player) => html! {
                    <div class="row player-actions">
                        <crate::challenge::ChallengeForm name={player.clone()} />
                    </div>
                },
                _ => html! {},
            };
            let scene = crate::account::people::PeopleScene::Player(player);
            main(html! { <>{ challenge }{ people_view(&scene, people_out(state)) }</> })
        }
        Screen::Leaderboard => {
            let scene = crate::account::people::PeopleScene::Leaders(state.leaderboard.clone());
            main(people_view(&scene, people_out(state)))
        }
        Screen::Tournaments => {
            let scene = ArenaScene::List {
                me: state.me.clone(),
                list: state.arena.list.clone(),
            };
            main(arena_view(&scene, arena_out(state)))
        }
        Screen::Tournament => {
            let id = state.arena.shown.unwrap_or_default();
            let view = state
                .arena
                .view
                .clone()
                .filter(|v| topochess_protocol::parse_id(&v.summary.id) == Some(id));
            let scene = ArenaScene::Page {
                id,
                view: view.map(Box::new),
                offset: state.arena.offset,
                me: state.me.clone(),
                missing: state.arena.missing.clone(),
                acting: state.arena.acting,
                trouble: state.arena.trouble.clone(),
            };
            main(arena_view(&scene, arena_out(state)))
        }
        Screen::Games => main(html! {
            <crate::library::games_screen::GamesView games={state.saved.clone()} current={state.play.game_id}
                on_action={features::games_out(&on_action)} />
        }),
        _ => return None,
    })
}

/// What the kept panels or pages are at this render, made by `next` from what they were at the
/// last (the whole app's; the first screen's module keeps none).
#[hook]
fn use_kept<T, F>(next: F) -> T
where
    T: Clone + Default + 'static,
    F: FnOnce(&T) -> T,
{
    if !FULL {
        return T::default();
    }
    let kept = use_mut_ref(T::default);
    let now = next(&kept.borrow());
    *kept.borrow_mut() = now.clone();
    now
}

/// The panels beside the boards: the kept ones (the screen's visible, drawn when the boards are
/// shown), and a panel that is not kept when it is the screen's.
fn side(
    state: &UseReducerHandle<AppState>,
    mut sans: Vec<String>,
    shelf: &kept::Shelf,
    boards_hidden: bool,
) -> Html {
    if !FULL {
        return if boards_hidden {
            Html::default()
        } else {
            aside(state, sans)
        };
    }
    // The game's panel drawn as it is left needs the moves too (a rare render: it held a message).
    let mut left = shelf.left.map(|_| sans.clone());
    // A screen whose panel is not kept draws it beside the kept ones, all hidden.
    let unkept =
        (!boards_hidden && shelf.shown.is_none()).then(|| aside(state, std::mem::take(&mut sans)));
    let mut live = Some(sans);
    html! {
        <>
            { kept::panels(shelf, |panel| if shelf.live == Some(panel) {
                aside(state, live.take().unwrap_or_default())
            } else {
                play_aside::play_aside(state, left.take().unwrap_or_default())
            }) }
            { unkept.unwrap_or_default() }
        </>
    }
}

/// The panel beside the boards: the explorer's, the analysis's, the puzzle's, the lesson's,
/// the settings, the lab's, else the game's; `sans` are the game's moves.
fn aside(state: &UseReducerHandle<AppState>, sans: Vec<String>) -> Html {
    let on_action = dispatcher(state);
    let margin_select = || crate::app::settings_screen::margin_select(state);
    if !FULL {
        return play_aside::play_aside(state, sans);
    }
    if state.screen == Screen::Explore {
        let panel = state.explorer.as_ref().map(|ex| {
            let size = ex.variant().size();
            html! {
                <ExplorerPanel variant={ex.variant().id().to_string()} reach={ex.reach_text()}
                    caption={ex.caption.clone()} tool={ex.tool} turn={ex.turn}
                    all_paths={ex.all_paths} heat={ex.heat}
                    castles={ex.variant().castling() != topochess_core::CastlingMode::None}
                    possible_rights={ex.placement.possible_rights()} rights={ex.rights()}
                    ep_options={ex.ep_options().into_iter().map(|sq| size.name(sq)).collect::<Vec<_>>()}
                    ep={ex.ep.map(|sq| size.name(sq))}
                    on_action={on_action.reform(Action::Explore)} />
            }
        });
        return html! { <aside>{ for panel }{ margin_select() }</aside> };
    }
    if let Some(a) = state.analysing() {
        return crate::analysis::panel::analysis_aside(
            a,
            state.analysis_barred(),
            &on_action.reform(Action::Analyse),
        );
    }
    if let Some(p) = state.solving() {
        let on_puzzle = on_action.reform(Action::Puzzle);
        return crate::puzzle::panel::puzzle_aside(
            Some(p),
            &state.puzzles.record,
            None,
            false,
            &on_puzzle,
        );
    }
    if let Some(s) = state.studying() {
        let on_learn = on_action.reform(Action::Learn);
        return crate::learn::panel::step_aside(s, &state.learn.progress, &on_learn);
    }
    match state.screen {
        Screen::Settings => crate::app::settings_screen::settings_screen(state),
        Screen::Lab => html! {
            <aside>
                <ModuleView kind="lab" what="the surface lab" props={state.lab.to_json()}
                    on_event={lab_event(&on_action)} />
                { margin_select() }
            </aside>
        },
        _ => play_aside::play_aside(state, sans),
    }
}

/// What a tournaments' page asks for: an arena made opened, a join or withdrawal sent.
fn arena_out(state: &UseReducerHandle<AppState>) -> Callback<ArenaOut> {
    let state = state.clone();
    Callback::from(move |out| match out {
        ArenaOut::Made(id) => {
            state.dispatch(Action::Open(crate::app::address::Address::Tournament(id)))
        }
        ArenaOut::Act(request) => arena_flow::act_on_arena(&state, request),
    })
}

/// What a people's screen asks for: a game on the analysis board with its review, another
/// leaderboard.
fn people_out(state: &UseReducerHandle<AppState>) -> Callback<PeopleOut> {
    let state = state.clone();
    Callback::from(move |out| match out {
        PeopleOut::Analyse(pgn) => {
            state.dispatch(Action::Analyse(crate::analysis::AnalysisAction::Load(pgn)));
            state.dispatch(Action::Analyse(crate::analysis::AnalysisAction::Review(
                true,
            )));
        }
        PeopleOut::Leaders(preset) => state.dispatch(Action::Open(
            crate::app::address::Address::Leaderboard(Some(preset)),
        )),
    })
}

/// What the surface lab (drawn by the views' module) reports, as the app's action.
fn lab_event(on_action: &Callback<Action>) -> Callback<String> {
    let on_action = on_action.clone();
    events(move |event: LabEvent| on_action.emit(Action::Explore(event.action())))
}
