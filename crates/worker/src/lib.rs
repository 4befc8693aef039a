//! The engine's Web Worker: a crate of its own, so that its wasm module (`src/bin/engine.rs`,
//! built for speed) compiles nothing of the page, which talks to it through `messages` alone. A
//! search runs in slices of about 30 ms: after each slice the worker reports progress and
//! schedules the next slice on a timer, so a `Stop` sent meanwhile is handled between slices (well
//! within 100 ms). The search itself is pure; the worker supplies the clock.

pub mod endgame;
pub mod messages;
pub mod review_job;
pub mod table_entry;

pub use crate::messages::{GameSpec, LineReport, Request, Response, Thinking};
use crate::review_job::ReviewJob;
use gloo_worker::{HandlerId, Worker, WorkerScope};
use std::sync::Arc;
use topochess_core::{san, Move, Position, Variant};
use topochess_search::levels::level;
use topochess_search::move_time::MoveTime;
use topochess_search::{mate_in, Engine, Info, Limited, Limits, Search, Status, Style};

/// Milliseconds of work between two looks at the message queue.
const SLICE_MS: f64 = 30.0;

/// Milliseconds between two signs of life while a search runs: the app declares the worker lost
/// when it hears nothing for much longer (see `engine_link::WORKER_SILENCE_MS`).
pub const ALIVE_MS: f64 = 500.0;

/// A line's moves from `root`: (coordinate forms, SANs).
fn line_texts(root: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut p = root.clone();
    pv.iter()
        .map(|&m| {
            let texts = (san::to_coordinate(&p, m), san::to_san(&p, m));
            p.play_unchecked(m);
            texts
        })
        .unzip()
}

enum Job {
    /// The table for the computer's move being built (then the move is played from it), or for
    /// an analysis (`analysis`: the game and lines; then the analysis starts, reading it).
    EndgameTable {
        id: u32,
        who: HandlerId,
        builder: Box<topochess_search::tablebase::Builder>,
        pos: Box<Position>,
        analysis: Option<Box<(GameSpec, u8)>>,
        last_word: f64,
    },
    Tablebase {
        id: u32,
        who: HandlerId,
        builder: Box<topochess_search::tablebase::Builder>,
        started: f64,
    },
    Review {
        job: Box<ReviewJob>,
        who: HandlerId,
        last_word: f64,
    },
    Search {
        /// An analysis: lines are reported, and it runs until stopped.
        analysis: bool,
        id: u32,
        who: HandlerId,
        search: Box<Search>,
        started: f64,
        deadline: f64,
        /// No new iteration after this (on a clock; infinite otherwise).
        soft: f64,
        /// A move's time, spent as the search settles (none for an analysis).
        time: Option<MoveTime>,
        last_word: f64,
    },
}

/// The worker.
pub struct EngineWorker {
    job: Option<Job>,
    /// Endgame tables built for the computer's moves.
    tables: crate::endgame::TableCache,
    engine: Option<(String, Engine)>,
    /// A slice is scheduled: one chain of slices at a time, whatever replaces the job.
    ticking: bool,
}

/// The worker's own messages.
pub enum Tick {
    /// Run the next slice of the current job.
    Slice,
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Steps a table's build for one slice; whether it is done.
fn build_slice(
    builder: &mut topochess_search::tablebase::Builder,
) -> Result<bool, topochess_search::tablebase::TablebaseError> {
    let slice_end = now() + SLICE_MS;
    loop {
        if builder.step(4096)? {
            return Ok(true);
        }
        if now() >= slice_end {
            return Ok(false);
        }
    }
}

/// Says the job is still running, when nothing was said for [`ALIVE_MS`].
fn keep_alive(scope: &WorkerScope<EngineWorker>, who: HandlerId, job: u32, last_word: &mut f64) {
    if now() - *last_word >= ALIVE_MS {
        scope.respond(who, Response::Alive { job });
        *last_word = now();
    }
}

/// Rebuilds the game: the current position and the hashes of the positions before it.
fn replay(game: &GameSpec) -> Result<(Position, Vec<u64>), String> {
    let mut all = game.positions()?;
    let pos = all.pop().ok_or("no position")?;
    Ok((pos, all.iter().map(Position::hash).collect()))
}

impl EngineWorker {
    fn engine_for(&mut self, variant: &Arc<Variant>) -> &mut Engine {
        let key = format!("{}/{}", variant.id(), variant.castling().name());
        if self.engine.as_ref().is_none_or(|(k, _)| *k != key) {
            self.engine = Some((key, Engine::new(variant.clone(), Style::Derived, 32 << 20)));
        }
        let engine = &mut self.engine.as_mut().expect("just set").1;
        // The search scores positions of a kept table's material from the table.
        engine.set_tables(self.tables.all());
        engine
    }

    fn answer(scope: &WorkerScope<Self>, id: u32, who: HandlerId, search: &Search, stopped: bool) {
        let pos = search.root();
        match search.best_move() {
            Some(mv) => scope.respond(
                who,
                Response::BestMove {
                    job: id,
                    coordinate: san::to_coordinate(pos, mv),
                    san: san::to_san(pos, mv),
                    stopped,
                    tablebase: false,
                },
            ),
            None => scope.respond(
                who,
                Response::Error {
                    job: id,
                    message: "no legal move".into(),
                },
            ),
        }
    }
}

impl Worker for EngineWorker {
    type Message = Tick;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker {
            job: None,
            tables: Default::default(),
            engine: None,
            ticking: false,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _msg: Tick) {
        self.ticking = false;
        match self.job.take() {
            None => {}
            Some(Job::EndgameTable {
                id,
                who,
                mut builder,
                pos,
                analysis,
                mut last_word,
            }) => match build_slice(&mut builder) {
                Ok(false) => {
                    keep_alive(scope, who, id, &mut last_word);
                    self.job = Some(Job::EndgameTable {
                        id,
                        who,
                        builder,
                        pos,
                        analysis,
                        last_word,
                    });
                    self.schedule(scope);
                }
                Ok(true) => {
                    if let Some(table) = builder.finish() {
                        self.tables.keep(table);
                    }
                    match analysis {
                        Some(a) => self.analyse(scope, who, id, &a.0, a.1),
                        None => self.table_answer(scope, id, who, &pos),
                    }
                }
                Err(e) => scope.respond(
                    who,
                    Response::Error {
                        job: id,
                        message: e.to_string(),
                    },
                ),
            },
            Some(Job::Tablebase {
                id,
                who,
                mut builder,
                started,
            }) => match build_slice(&mut builder) {
                Ok(true) => {
                    let seconds = (now() - started) / 1000.0;
                    let entry = builder.finish().map(|t| {
                        let line = crate::table_entry::entry_of(&t, seconds).to_line();
                        // Kept: the analysis of the atlas's positions and the computer's moves
                        // read it.
                        self.tables.keep(t);
                        line
                    });
                    match entry {
                        Some(entry) => {
                            scope.respond(who, Response::TablebaseDone { job: id, entry })
                        }
                        None => scope.respond(
                            who,
                            Response::Error {
                                job: id,
                                message: "the table was not finished".into(),
                            },
                        ),
                    }
                }
                Ok(false) => {
                    let p = builder.progress();
                    scope.respond(
                        who,
                        Response::TablebaseProgress {
                            job: id,
                            table: p.material,
                            stage: p.stage.to_string(),
                            done: p.done,
                            total: p.total,
                        },
                    );
                    self.job = Some(Job::Tablebase {
                        id,
                        who,
                        builder,
                        started,
                    });
                    self.schedule(scope);
                }
                Err(e) => scope.respond(
                    who,
                    Response::Error {
                        job: id,
                        message: e.to_string(),
                    },
                ),
            },
            Some(Job::Review {
                mut job,
                who,
                mut last_word,
            }) => {
                let Some(variant) = job.variant() else {
                    return;
                };
                let slice_end = now() + SLICE_MS;
                let done = job.work(self.engine_for(&variant), slice_end, now, |r| {
                    scope.respond(who, r)
                });
                if !done {
                    keep_alive(scope, who, job.id, &mut last_word);
                    self.job = Some(Job::Review {
                        job,
                        who,
                        last_word,
                    });
                    self.schedule(scope);
                }
            }
            Some(Job::Search {
                analysis,
                id,
                who,
                mut search,
                started,
                deadline,
                soft,
                time,
                mut last_word,
            }) => {
                let time = std::cell::RefCell::new(time);
                let variant = search.root().variant().clone();
                let slice_end = now() + SLICE_MS;
                let engine = self.engine_for(&variant);
                let root = search.root().clone();
                // What the search found goes out once a slice, the deepest depth only: the shallow
                // depths a new position completes at once would each cost the page a render.
                let pending = std::cell::RefCell::new(None);
                let mut report = |info: &Info| {
                    if let Some(t) = time.borrow_mut().as_mut() {
                        t.iteration(info);
                    }
                    let elapsed = (now() - started).max(1.0);
                    let rate = (info.nodes as f64 * 1000.0 / elapsed) as u64;
                    if analysis {
                        let lines = info
                            .all_lines()
                            .iter()
                            .map(|line| {
                                let (moves, sans) = line_texts(&root, &line.pv);
                                LineReport {
                                    score: line.score,
                                    mate: mate_in(line.score),
                                    moves,
                                    sans,
                                }
                            })
                            .collect();
                        *pending.borrow_mut() = Some(Response::Lines {
                            job: id,
                            depth: info.depth,
                            nodes: info.nodes,
                            rate,
                            lines,
                        });
                        return;
                    }
                    let pv = line_texts(&root, &info.pv).1;
                    *pending.borrow_mut() = Some(Response::Thinking {
                        job: id,
                        thinking: Thinking {
                            depth: info.depth,
                            score: info.score,
                            mate: info.mate_in(),
                            nodes: info.nodes,
                            rate,
                            pv,
                        },
                    });
                };
                let enough = |_| {
                    let at = now();
                    at >= soft
                        || time
                            .borrow()
                            .as_ref()
                            .is_some_and(|t| t.enough(at - started))
                };
                let mut control = Limited(|_| now() >= slice_end, enough);
                let status = engine.think(&mut search, &mut control, &mut report);
                if let Some(lines) = pending.take() {
                    scope.respond(who, lines);
                }
                match status {
                    Err(e) => scope.respond(
                        who,
                        Response::Error {
                            job: id,
                            message: e.to_string(),
                        },
                    ),
                    Ok(Status::Finished) => Self::answer(scope, id, who, &search, false),
                    Ok(Status::Paused) if now() >= deadline => {
                        Self::answer(scope, id, who, &search, false)
                    }
                    Ok(Status::Paused) => {
                        keep_alive(scope, who, id, &mut last_word);
                        self.job = Some(Job::Search {
                            analysis,
                            id,
                            who,
                            search,
                            started,
                            deadline,
                            soft,
                            time: time.into_inner(),
                            last_word,
                        });
                        self.schedule(scope);
                    }
                }
            }
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        match msg {
            Request::Stop { job } => match self.job.take() {
                Some(Job::Search {
                    id,
                    who,
                    mut search,
                    ..
                }) if id == job => {
                    // Stopped before its first slice: complete depth 1 now (think finishes it
                    // whatever the control says), so the answer is a searched move.
                    if search.best().is_none() {
                        let variant = search.root().variant().clone();
                        let _ = self.engine_for(&variant).think(
                            &mut search,
                            &mut |_| true,
                            &mut |_| {},
                        );
                    }
                    Self::answer(scope, id, who, &search, true);
                }
                // Stopped while its table is built: a searched move at once instead.
                Some(Job::EndgameTable {
                    id,
                    who,
                    pos,
                    analysis: None,
                    ..
                }) if id == job => {
                    let mut search = Search::new(*pos, Vec::new(), Limits::depth(1));
                    let variant = search.root().variant().clone();
                    let _ =
                        self.engine_for(&variant)
                            .think(&mut search, &mut |_| true, &mut |_| {});
                    Self::answer(scope, id, who, &search, true);
                }
                other => self.job = other,
            },
            Request::Cancel { job } => {
                let running = match &self.job {
                    Some(Job::Search { id, .. })
                    | Some(Job::Tablebase { id, .. })
                    | Some(Job::EndgameTable { id, .. }) => Some(*id),
                    Some(Job::Review { job, .. }) => Some(job.id),
                    None => None,
                };
                if running == Some(job) {
                    self.job = None;
                }
            }
            Request::Tablebase {
                job,
                variant,
                material,
            } => {
                let built = Variant::by_id(&variant, None)
                    .map_err(|e| e.to_string())
                    .and_then(|v| {
                        let m = topochess_search::tablebase::Material::parse(&material)?;
                        topochess_search::tablebase::Builder::new(Arc::new(v), &m)
                            .map_err(|e| e.to_string())
                    })
                    .and_then(|b| crate::table_entry::fits_browser(&b).map(|_| b));
                match built {
                    Ok(builder) => {
                        scope.respond(who, Response::Started { job });
                        self.job = Some(Job::Tablebase {
                            id: job,
                            who,
                            builder: Box::new(builder),
                            started: now(),
                        });
                        self.schedule(scope);
                    }
                    Err(message) => scope.respond(who, Response::Error { job, message }),
                }
            }
            Request::Review {
                job,
                game,
                nodes,
                from,
            } => match ReviewJob::new(job, &game, nodes, from) {
                Ok(review) => {
                    scope.respond(who, Response::Started { job });
                    self.job = Some(Job::Review {
                        job: Box::new(review),
                        who,
                        last_word: now(),
                    });
                    self.schedule(scope);
                }
                Err(message) => scope.respond(who, Response::Error { job, message }),
            },
            Request::Analyse { job, game, lines } => {
                // A position of a table's material not kept yet: the table first (seconds), so
                // the lines are the perfect ones.
                if let Ok((pos, _)) = replay(&game) {
                    let kept = self.tables.all().iter().any(|t| t.probe(&pos).is_some());
                    let builder = crate::endgame::builder_for(&pos, crate::endgame::TABLE_LEVEL);
                    if let (false, Some(builder)) = (kept, builder) {
                        scope.respond(who, Response::Started { job });
                        self.job = Some(Job::EndgameTable {
                            id: job,
                            who,
                            builder: Box::new(builder),
                            pos: Box::new(pos),
                            analysis: Some(Box::new((game, lines))),
                            last_word: now(),
                        });
                        self.schedule(scope);
                        return;
                    }
                }
                self.analyse(scope, who, job, &game, lines);
            }
            Request::Search {
                job,
                game,
                level: n,
                seed,
                budget_ms,
            } => {
                // From the tables where they apply: a kept table answers at once; otherwise
                // it is built first (not on a clock, where there may be no time for it).
                if let Ok((pos, _)) = replay(&game) {
                    if let Some(builder) = crate::endgame::builder_for(&pos, n) {
                        if self.tables.best_move(&pos).is_some() {
                            self.table_answer(scope, job, who, &pos);
                            return;
                        }
                        if budget_ms.is_none() {
                            scope.respond(who, Response::Started { job });
                            self.job = Some(Job::EndgameTable {
                                id: job,
                                who,
                                builder: Box::new(builder),
                                pos: Box::new(pos),
                                analysis: None,
                                last_word: now(),
                            });
                            self.schedule(scope);
                            return;
                        }
                    }
                }
                let lvl = level(n);
                let limits = Limits::level(lvl, seed);
                let budget =
                    budget_ms.map_or(lvl.max_millis as u64, |b| b.min(lvl.max_millis as u64));
                self.start(scope, who, job, &game, |started| {
                    // On a clock, no iteration after a little over half the budget: it would
                    // not finish.
                    let soft = budget_ms.map_or(f64::INFINITY, |_| started + budget as f64 * 0.55);
                    (limits, false, started + budget as f64, soft)
                });
            }
        }
    }
}

impl EngineWorker {
    /// Starts analysing the position `game` reaches with `lines` lines, until stopped.
    fn analyse(
        &mut self,
        scope: &WorkerScope<Self>,
        who: HandlerId,
        job: u32,
        game: &GameSpec,
        lines: u8,
    ) {
        let limits = Limits::analysis(lines.clamp(1, 5) as usize);
        self.start(scope, who, job, game, |_| {
            (limits, true, f64::INFINITY, f64::INFINITY)
        });
    }

    /// Answers `id` with the kept tables' move in `pos` (or says there is none).
    fn table_answer(&self, scope: &WorkerScope<Self>, id: u32, who: HandlerId, pos: &Position) {
        match self.tables.best_move(pos) {
            Some(mv) => scope.respond(
                who,
                Response::BestMove {
                    job: id,
                    coordinate: san::to_coordinate(pos, mv),
                    san: san::to_san(pos, mv),
                    stopped: false,
                    tablebase: true,
                },
            ),
            None => scope.respond(
                who,
                Response::Error {
                    job: id,
                    message: "the endgame table has no move here".into(),
                },
            ),
        }
    }

    /// Starts `job` on the position `game` reaches (replacing the running job, which is not
    /// answered): `plan(started)` gives its limits, whether it is an analysis, its deadline and
    /// its soft limit. A game that is over is an error.
    fn start(
        &mut self,
        scope: &WorkerScope<Self>,
        who: HandlerId,
        job: u32,
        game: &GameSpec,
        plan: impl FnOnce(f64) -> (Limits, bool, f64, f64),
    ) {
        match replay(game) {
            Ok((position, history)) if position.has_legal_move() => {
                let started = now();
                let (limits, analysis, deadline, soft) = plan(started);
                // A move (not an analysis) spends its time as the search settles.
                let time = (!analysis && deadline.is_finite())
                    .then(|| MoveTime::new(deadline - started, history.len()));
                scope.respond(who, Response::Started { job });
                self.job = Some(Job::Search {
                    analysis,
                    id: job,
                    who,
                    search: Box::new(Search::new(position, history, limits)),
                    started,
                    deadline,
                    soft,
                    time,
                    last_word: started,
                });
                self.schedule(scope);
            }
            Ok(_) => scope.respond(
                who,
                Response::Error {
                    job,
                    message: "the game is over".into(),
                },
            ),
            Err(message) => scope.respond(who, Response::Error { job, message }),
        }
    }

    /// Runs the next slice after the worker's event loop has had a chance to deliver messages.
    fn schedule(&mut self, scope: &WorkerScope<EngineWorker>) {
        if self.ticking {
            return;
        }
        self.ticking = true;
        let scope = scope.clone();
        gloo_timers::callback::Timeout::new(0, move || scope.send_message(Tick::Slice)).forget();
    }
}
