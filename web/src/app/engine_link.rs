//! The app's link to the engine worker: it spawns the worker, turns its answers into actions,
//! mirrors the reducer's one job to it (send the new job, cancel a dropped one) and declares the
//! worker lost when it falls silent. Nothing here decides what the engine does: the reducer's
//! job record (`engine_job`) does.

use crate::analysis::Report;
use crate::app::state::{Action, AppState, EngineHeard, EngineJob, EngineTask};
use crate::atlas::AtlasAction;
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use topochess_core::fen;
use topochess_worker::{EngineWorker, GameSpec, Request, Response};
use yew::prelude::*;

/// How long the worker may say nothing while it has a job before it is declared lost. It sends a
/// sign of life every half second while searching; loading it takes well under a second here.
const WORKER_SILENCE_MS: f64 = 6000.0;

/// The live game up to its current position.
fn game_spec(state: &AppState) -> GameSpec {
    GameSpec {
        variant: state.settings.variant.clone(),
        castling: state.settings.castling.clone(),
        start_fen: fen::write(state.play.game.start()),
        moves: state.move_texts(),
    }
}

/// The analysis board's game up to `node`.
fn analysis_spec(state: &AppState, node: usize) -> Option<GameSpec> {
    let a = state.analysis.as_ref()?;
    let start = a.tree.start();
    let mut pos = start.clone();
    let moves = a
        .tree
        .moves_to(node)
        .into_iter()
        .map(|mv| {
            let text = topochess_core::san::to_coordinate(&pos, mv);
            pos.play_unchecked(mv);
            text
        })
        .collect();
    Some(GameSpec {
        variant: start.variant().id().to_string(),
        castling: start.variant().castling().name().to_string(),
        start_fen: fen::write(start),
        moves,
    })
}

fn seed() -> u64 {
    (js_sys::Math::random() * 4_294_967_296.0) as u64
}

/// The request that starts `job`.
fn request(state: &AppState, job: &EngineJob) -> Option<Request> {
    let a = state.analysis.as_ref();
    match job.task {
        EngineTask::Analyse => {
            return Some(Request::Analyse {
                job: job.id,
                game: analysis_spec(state, a?.at)?,
                lines: job.level,
            })
        }
        EngineTask::Review => {
            let run = a?.review.as_ref()?;
            return Some(Request::Review {
                job: job.id,
                game: analysis_spec(state, *run.nodes.last()?)?,
                nodes: crate::analysis::REVIEW_NODES,
                from: run.done,
            });
        }
        EngineTask::Tablebase => {
            let (variant, material) = state.atlas.building.as_ref()?.key.clone();
            return Some(Request::Tablebase {
                job: job.id,
                variant,
                material,
            });
        }
        EngineTask::Move | EngineTask::Hint => {}
    }
    // With clocks, the computer's level is a limit inside its own time.
    let turn = state.play.game.position().turn();
    let budget_ms = state
        .play
        .clock
        .as_ref()
        .filter(|_| job.task == EngineTask::Move)
        .map(|c| c.budget_ms(turn, turn, crate::common::clock::now()));
    Some(Request::Search {
        job: job.id,
        game: game_spec(state),
        level: job.level,
        seed: seed(),
        budget_ms,
    })
}

/// The worker's answer as an action; none for signs of life. `analysed` names the analysis
/// node a job's lines belong to.
fn action_of(response: Response, analysed: &Rc<Cell<Option<(u32, usize)>>>) -> Option<Action> {
    Some(match response {
        Response::Started { .. } | Response::Alive { .. } => return None,
        Response::Thinking { job, thinking } => {
            Action::Engine(EngineHeard::Thinking(job, thinking))
        }
        Response::Lines {
            job,
            depth,
            nodes,
            rate,
            lines,
        } => {
            let node = analysed.get().filter(|(j, _)| *j == job)?.1;
            Action::Engine(EngineHeard::Lines(
                job,
                Report {
                    node,
                    depth,
                    nodes,
                    rate,
                    lines,
                },
            ))
        }
        Response::TablebaseProgress {
            job,
            table,
            stage,
            done,
            total,
        } => Action::Atlas(AtlasAction::Progress(job, stage, table, done, total)),
        Response::TablebaseDone { job, entry } => Action::Atlas(AtlasAction::Done(job, entry)),
        Response::Reviewed {
            job,
            ply,
            score,
            mate,
            best,
        } => Action::Engine(EngineHeard::Reviewed(job, ply, (score, mate, best))),
        Response::BestMove {
            job,
            coordinate,
            tablebase: true,
            ..
        } => Action::Engine(EngineHeard::TableAnswer(job, coordinate)),
        Response::BestMove {
            job, coordinate, ..
        } => Action::Engine(EngineHeard::Answer(job, coordinate)),
        Response::Error { job, message } => Action::Engine(EngineHeard::Failed(job, message)),
    })
}

/// The engine worker of one generation, spawned by the first request it is sent: a page that
/// never asks the computer anything (the front page, a game between people) never loads the
/// engine's module, and its first board is not drawn beside the engine's start.
pub struct Engine {
    bridge: RefCell<Option<WorkerBridge<EngineWorker>>>,
    spawn: Box<dyn Fn() -> WorkerBridge<EngineWorker>>,
}

impl Engine {
    /// Sends `request`, spawning the worker first if this is its first.
    pub fn send(&self, request: Request) {
        self.bridge
            .borrow_mut()
            .get_or_insert_with(|| (self.spawn)())
            .send(request);
    }

    /// Sends `request` to a worker already spawned (a stop or a cancel: a worker never spawned
    /// runs nothing to stop).
    pub fn tell(&self, request: Request) {
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send(request);
        }
    }
}

/// Keeps an engine worker (a new one for each worker generation, spawned by its first job) doing
/// the reducer's job. Returns it, for the Stop button.
#[hook]
pub fn use_engine(state: &UseReducerHandle<AppState>) -> Rc<Engine> {
    // The job last sent to the worker, and when the worker was last heard from.
    let sent: Rc<RefCell<Option<u32>>> = use_mut_ref(|| None);
    let heard: Rc<Cell<f64>> = use_memo((), |_| Cell::new(js_sys::Date::now()));
    // The analysis job sent last, with the node it analyses.
    let analysed: Rc<Cell<Option<(u32, usize)>>> = use_memo((), |_| Cell::new(None));
    let bridge: Rc<Engine> = {
        let dispatch = state.dispatcher();
        let sent = sent.clone();
        let heard = heard.clone();
        let analysed = analysed.clone();
        use_memo(state.worker.generation, move |_| {
            // A new worker has no job yet.
            *sent.borrow_mut() = None;
            let finished = sent.clone();
            let spawn = move || {
                let dispatch = dispatch.clone();
                let heard = heard.clone();
                let finished = finished.clone();
                let analysed = analysed.clone();
                EngineWorker::spawner()
                    .callback(move |response| {
                        heard.set(js_sys::Date::now());
                        if let Response::BestMove { job, .. } | Response::Error { job, .. } =
                            &response
                        {
                            finished.borrow_mut().take_if(|j| j == job);
                        }
                        if let Some(action) = action_of(response, &analysed) {
                            dispatch.dispatch(action);
                        }
                    })
                    // The page's own module, found relative to the page (sub-paths work).
                    // Without it the worker never answers and the watchdog says so.
                    .spawn_with_loader(&loader_url().unwrap_or_else(|why| {
                        web_sys::console::warn_1(&format!("no engine: {why}").into());
                        "engine-unavailable.js".into()
                    }))
            };
            Engine {
                bridge: RefCell::new(None),
                spawn: Box::new(spawn),
            }
        })
    };

    // Mirror the reducer's job to the worker: send a new job, cancel a dropped one.
    {
        let state = state.clone();
        let bridge = bridge.clone();
        let sent = sent.clone();
        let heard = heard.clone();
        let key = (state.engine.as_ref().map(|j| j.id), state.worker.generation);
        use_effect_with(key, move |_| {
            let want = state.engine.as_ref().map(|j| j.id);
            let had = *sent.borrow();
            if want != had {
                match (&state.engine, had) {
                    (Some(job), _) => {
                        // A new job replaces the running one in the worker.
                        if let Some(req) = request(&state, job) {
                            if job.task == EngineTask::Analyse {
                                analysed.set(Some((job.id, job.at.1)));
                            }
                            bridge.send(req);
                            heard.set(js_sys::Date::now());
                        }
                    }
                    (None, Some(old)) => bridge.tell(Request::Cancel { job: old }),
                    (None, None) => {}
                }
                *sent.borrow_mut() = want;
            }
        });
    }
    // A worker that says nothing for too long while it has a job is lost.
    {
        let dispatch = state.dispatcher();
        use_effect_with((), move |_| {
            let interval = gloo_timers::callback::Interval::new(1000, move || {
                if let Some(job) = *sent.borrow() {
                    if js_sys::Date::now() - heard.get() > WORKER_SILENCE_MS {
                        heard.set(js_sys::Date::now());
                        dispatch.dispatch(Action::Engine(EngineHeard::Lost(job)));
                    }
                }
            });
            move || drop(interval)
        });
    }
    bridge
}

/// A script that starts the engine worker from its own wasm module (`engine.js` and
/// `engine_bg.wasm`, beside the page: sub-paths work). It is a small classic-worker script in a
/// Blob that imports the module's wasm-bindgen glue and initialises it; the module's `main`
/// registers the worker. Returns an object URL for `spawn_with_loader`, or why it cannot.
pub fn loader_url() -> Result<String, String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let base = document.base_uri().ok().flatten().ok_or("no base URI")?;
    let beside = |name: &str| -> Result<String, String> {
        web_sys::Url::new_with_base(name, &base)
            .map(|url| url.href())
            .map_err(|_| format!("no address for {name}"))
    };
    let glue = beside("engine.js")?;
    let wasm = beside("engine_bg.wasm")?;
    let script =
        format!("import({glue:?}).then((glue) => glue.default({{ module_or_path: {wasm:?} }}));");
    let parts = js_sys::Array::of1(&script.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|_| "no Blob")?;
    web_sys::Url::create_object_url_with_blob(&blob).map_err(|_| "no object URL".into())
}
