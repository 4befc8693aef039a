//! The engine's Web Worker. A job runs in slices: after each slice the worker reports progress and
//! schedules the next slice on a timer, so a `Stop` sent meanwhile is handled between slices.

use gloo_worker::{HandlerId, Worker, WorkerScope};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use topochess_core::{fen, perft, CastlingMode, Variant};

/// A request to the worker.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Request {
    /// Count the legal move tree of a position depth by depth, up to `max_depth`.
    Perft {
        /// The job's id, echoed in every answer.
        job: u32,
        /// The preset id.
        variant: String,
        /// The castling mode's name.
        castling: String,
        /// The position.
        fen: String,
        /// The deepest depth to count.
        max_depth: u32,
    },
    /// Stop the running job.
    Stop,
}

/// An answer from the worker; several come for one job.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Response {
    /// One depth done.
    Progress {
        /// The job.
        job: u32,
        /// The depth counted.
        depth: u32,
        /// The number of leaves at that depth.
        nodes: u64,
    },
    /// The job finished (or was stopped) after reaching `depth`.
    Done {
        /// The job.
        job: u32,
        /// The last depth completed.
        depth: u32,
        /// Whether a stop ended it.
        stopped: bool,
    },
    /// The job could not start.
    Error {
        /// The job.
        job: u32,
        /// What was wrong.
        message: String,
    },
}

struct Job {
    id: u32,
    who: HandlerId,
    position: topochess_core::Position,
    depth: u32,
    max_depth: u32,
}

/// The worker.
pub struct EngineWorker {
    job: Option<Job>,
}

/// The worker's own messages.
pub enum Tick {
    /// Run the next slice of the current job.
    Slice,
}

impl Worker for EngineWorker {
    type Message = Tick;
    type Input = Request;
    type Output = Response;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker { job: None }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _msg: Tick) {
        let Some(job) = self.job.as_mut() else {
            return;
        };
        job.depth += 1;
        let nodes = perft::perft(&job.position, job.depth);
        scope.respond(
            job.who,
            Response::Progress {
                job: job.id,
                depth: job.depth,
                nodes,
            },
        );
        if job.depth >= job.max_depth {
            scope.respond(
                job.who,
                Response::Done {
                    job: job.id,
                    depth: job.depth,
                    stopped: false,
                },
            );
            self.job = None;
        } else {
            schedule(scope);
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Request, who: HandlerId) {
        match msg {
            Request::Stop => {
                if let Some(job) = self.job.take() {
                    scope.respond(
                        job.who,
                        Response::Done {
                            job: job.id,
                            depth: job.depth,
                            stopped: true,
                        },
                    );
                }
            }
            Request::Perft {
                job,
                variant,
                castling,
                fen: text,
                max_depth,
            } => {
                let parsed = CastlingMode::from_name(&castling)
                    .ok_or_else(|| format!("unknown castling mode '{castling}'"))
                    .and_then(|mode| {
                        Variant::preset(&variant, Some(mode)).map_err(|e| e.to_string())
                    })
                    .and_then(|v| {
                        fen::parse_position(Arc::new(v), &text).map_err(|e| e.to_string())
                    });
                match parsed {
                    Ok(position) => {
                        self.job = Some(Job {
                            id: job,
                            who,
                            position,
                            depth: 0,
                            max_depth,
                        });
                        schedule(scope);
                    }
                    Err(message) => scope.respond(who, Response::Error { job, message }),
                }
            }
        }
    }
}

/// Runs the next slice after the worker's event loop has had a chance to deliver messages.
fn schedule(scope: &WorkerScope<EngineWorker>) {
    let scope = scope.clone();
    gloo_timers::callback::Timeout::new(0, move || scope.send_message(Tick::Slice)).forget();
}
