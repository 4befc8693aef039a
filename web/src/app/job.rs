//! The engine's work as the app records it: a job (what, under which id, on which position) and
//! the level a hint is searched at. The reducer's part is in `engine_job`.

pub use topochess_worker::messages::Thinking;

/// What the engine is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineTask {
    /// Choosing the computer's move.
    Move,
    /// Looking for a hint for the player.
    Hint,
    /// Analysing the analysis board's node (its `level` is the number of lines).
    Analyse,
    /// Reviewing the analysis board's main line.
    Review,
    /// Building an endgame table for the atlas.
    Tablebase,
}

/// A job for the engine: what, under which id, on which position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineJob {
    /// The task.
    pub task: EngineTask,
    /// The job's id (the worker answers under it).
    pub id: u32,
    /// The game, ply and position hash searched: the job is wanted while these stay.
    pub at: (u64, usize, u64),
    /// The level searched at.
    pub level: u8,
}

/// The engine's worker as the app keeps it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Worker {
    /// The last job id used.
    pub jobs: u32,
    /// Why the engine cannot work now (a lost worker, an error); no new job starts until the
    /// player retries.
    pub trouble: Option<String>,
    /// How many times the worker was started afresh (a retry starts a new one).
    pub generation: u32,
    /// The running job's latest progress.
    pub thinking: Option<Thinking>,
}

/// What the engine's worker said of a job (named by its id).
#[derive(Clone, Debug)]
pub enum EngineHeard {
    /// The worker said nothing for too long while running this job.
    Lost(u32),
    /// Progress: depth and speed.
    Thinking(u32, Thinking),
    /// A move (coordinate form).
    Answer(u32, String),
    /// A move from an endgame table.
    TableAnswer(u32, String),
    /// A problem.
    Failed(u32, String),
    /// The lines of an analysis job.
    Lines(u32, crate::analysis::Report),
    /// A review job reviewed a position: ply, score, mate, best move.
    Reviewed(u32, usize, (i32, Option<i32>, Option<String>)),
}

/// A number naming an atlas cell (its job's point).
pub fn key_hash(variant: &str, material: &str) -> u64 {
    format!("{variant}/{material}")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        })
}

/// The level a hint is searched at.
pub const HINT_LEVEL: u8 = 6;
