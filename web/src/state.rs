//! The app's state and the reducer that is the only way to change it.

use std::rc::Rc;
use std::sync::Arc;
use topochess_core::variant::preset;
use topochess_core::{fen, CastlingMode, Position, Variant};
use yew::Reducible;

/// Streamed results of the worker's move-tree count.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Analysis {
    /// The id of the job the results belong to.
    pub job: u32,
    /// Whether the worker is still counting.
    pub running: bool,
    /// (depth, leaves) for every depth done.
    pub depths: Vec<(u32, u64)>,
    /// Whether the last job was stopped by the player.
    pub stopped: bool,
    /// An error the worker reported.
    pub error: Option<String>,
}

/// Everything the app shows.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The game's variant.
    pub variant: Arc<Variant>,
    /// The position on the board.
    pub position: Position,
    /// Whether the board is seen from Black's side.
    pub flipped: bool,
    /// The worker's latest results.
    pub analysis: Analysis,
}

impl PartialEq for AppState {
    fn eq(&self, other: &Self) -> bool {
        self.variant.id() == other.variant.id()
            && self.variant.castling() == other.variant.castling()
            && fen::write(&self.position) == fen::write(&other.position)
            && self.flipped == other.flipped
            && self.analysis == other.analysis
    }
}

/// A change to the state.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Start a new game of a preset.
    SelectVariant(String),
    /// Turn the board round.
    Flip,
    /// A worker job was sent.
    AnalysisStarted(u32),
    /// The worker finished one depth.
    AnalysisProgress {
        /// The job.
        job: u32,
        /// Depth.
        depth: u32,
        /// Leaves.
        nodes: u64,
    },
    /// The worker ended a job.
    AnalysisDone {
        /// The job.
        job: u32,
        /// Whether it was stopped.
        stopped: bool,
    },
    /// The worker reported an error.
    AnalysisError {
        /// The job.
        job: u32,
        /// The message.
        message: String,
    },
}

impl AppState {
    /// A new game of preset `id` (the folded board if the id is unknown).
    pub fn new(id: &str) -> AppState {
        let variant = Variant::preset(id, None)
            .or_else(|_| Variant::preset("folded", None))
            .expect("the folded preset exists");
        let variant = Arc::new(variant);
        AppState {
            position: Position::start(variant.clone()),
            variant,
            flipped: false,
            analysis: Analysis::default(),
        }
    }

    /// The castling mode's name, for the worker.
    pub fn castling_name(&self) -> &'static str {
        self.variant.castling().name()
    }
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new("folded")
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::SelectVariant(id) => {
                if preset(&id).is_some() {
                    let job = next.analysis.job;
                    next = AppState::new(&id);
                    next.analysis.job = job;
                }
            }
            Action::Flip => next.flipped = !next.flipped,
            Action::AnalysisStarted(job) => {
                next.analysis = Analysis {
                    job,
                    running: true,
                    ..Analysis::default()
                };
            }
            Action::AnalysisProgress { job, depth, nodes } => {
                if job == next.analysis.job {
                    next.analysis.depths.push((depth, nodes));
                }
            }
            Action::AnalysisDone { job, stopped } => {
                if job == next.analysis.job {
                    next.analysis.running = false;
                    next.analysis.stopped = stopped;
                }
            }
            Action::AnalysisError { job, message } => {
                if job == next.analysis.job {
                    next.analysis.running = false;
                    next.analysis.error = Some(message);
                }
            }
        }
        Rc::new(next)
    }
}

/// The castling modes a preset offers, for the new-game form.
pub fn castling_options(id: &str) -> &'static [CastlingMode] {
    preset(id).map(|p| p.castling_options).unwrap_or(&[])
}
