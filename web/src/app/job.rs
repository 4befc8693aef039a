//! The engine's work as the app records it: a job (what, under which id, on which position) and
//! the level a hint is searched at. The reducer's part is in `engine_job`.

pub use crate::engine::messages::Thinking;

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
