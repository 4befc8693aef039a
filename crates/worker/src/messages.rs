//! The engine worker's messages: what the app asks (a game and a task) and what the worker
//! answers (progress, lines, moves, tables), serialized across the worker boundary.

use serde::{Deserialize, Serialize};
use std::sync::Arc;
use topochess_core::{fen, san, CastlingMode, Position, Variant};

/// A game as the worker receives it: the start and the moves since (for repetitions).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct GameSpec {
    /// The preset id.
    pub variant: String,
    /// The castling mode's name.
    pub castling: String,
    /// The start position.
    pub start_fen: String,
    /// The moves played, in coordinate form.
    pub moves: Vec<String>,
}

impl GameSpec {
    /// Every position of the game, from the start to the current one.
    pub fn positions(&self) -> Result<Vec<Position>, String> {
        let mode = CastlingMode::from_name(&self.castling)
            .ok_or_else(|| format!("unknown castling mode '{}'", self.castling))?;
        let variant =
            Arc::new(Variant::by_id(&self.variant, Some(mode)).map_err(|e| e.to_string())?);
        let mut pos = fen::parse_position(variant, &self.start_fen).map_err(|e| e.to_string())?;
        let mut all = Vec::with_capacity(self.moves.len() + 1);
        for text in &self.moves {
            let mv = san::parse_move(&pos, text).map_err(|e| e.to_string())?;
            all.push(pos.clone());
            pos.play_unchecked(mv);
        }
        all.push(pos);
        Ok(all)
    }
}

/// A request to the worker.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Request {
    /// Find a move at a playing level.
    Search {
        /// The job's id.
        job: u32,
        /// The game.
        game: GameSpec,
        /// The level, 1 to 8.
        level: u8,
        /// Seed of the level's deliberate mistakes.
        seed: u64,
        /// At most this many milliseconds (the computer's clock), if less than the level's.
        budget_ms: Option<u64>,
    },
    /// Analyse a position until cancelled (or the deepest iteration): the best `lines` lines,
    /// reported after every iteration as [`Response::Lines`].
    Analyse {
        /// The job's id.
        job: u32,
        /// The game up to the position analysed.
        game: GameSpec,
        /// How many lines (multi-PV), 1 to 5.
        lines: u8,
    },
    /// Review a game: every position from the start to the end, `nodes` nodes each, reported
    /// one by one as [`Response::Reviewed`].
    Review {
        /// The job's id.
        job: u32,
        /// The game (its main line).
        game: GameSpec,
        /// Nodes searched in each position.
        nodes: u64,
        /// The first ply to review (the ones before were reviewed by an earlier job).
        from: usize,
    },
    /// Build an endgame table for the atlas, reporting progress, then its counts.
    Tablebase {
        /// The job's id.
        job: u32,
        /// Preset or lab id.
        variant: String,
        /// Material, like `KRvK`.
        material: String,
    },
    /// Move now: if `job` is running, it answers at once with the best move of its deepest
    /// completed iteration (depth 1 is finished first if need be). Any other job is left alone.
    Stop {
        /// The job to stop.
        job: u32,
    },
    /// Drop `job` without an answer: its position is no longer wanted.
    Cancel {
        /// The job to drop.
        job: u32,
    },
}

/// An answer from the worker; several come for one job.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub enum Response {
    /// The job was received and is running.
    Started {
        /// The job.
        job: u32,
    },
    /// The job is still running (sent every [`ALIVE_MS`] or so).
    Alive {
        /// The job.
        job: u32,
    },
    /// One search iteration done.
    Thinking {
        /// The job.
        job: u32,
        /// Depth, score, nodes, rate and principal variation.
        thinking: Thinking,
    },
    /// An analysis iteration done: its best lines, best first.
    Lines {
        /// The job.
        job: u32,
        /// Depth completed.
        depth: u32,
        /// Nodes so far.
        nodes: u64,
        /// Nodes per second so far.
        rate: u64,
        /// The lines.
        lines: Vec<LineReport>,
    },
    /// How an endgame table's build goes.
    TablebaseProgress {
        /// The job.
        job: u32,
        /// The table being built now (smaller ones come first).
        table: String,
        /// Its stage.
        stage: String,
        /// Done of `total`.
        done: u64,
        /// The stage's whole.
        total: u64,
    },
    /// An endgame table is built: what it says.
    TablebaseDone {
        /// The job.
        job: u32,
        /// Its counts and example positions (`atlas::Entry::to_line`).
        entry: String,
    },
    /// One position of a review done.
    Reviewed {
        /// The job.
        job: u32,
        /// The position's ply (0: the start).
        ply: usize,
        /// Score in centipawns for the side to move.
        score: i32,
        /// Moves to mate (negative: being mated; 0: mated now), if the score is a mate.
        mate: Option<i32>,
        /// The engine's move there, in coordinate form (none where no move is legal).
        best: Option<String>,
    },
    /// The search's answer (an analysis sends it when it reached its deepest iteration).
    BestMove {
        /// The job.
        job: u32,
        /// The move in coordinate form.
        coordinate: String,
        /// The move in SAN.
        san: String,
        /// Whether a stop ended the search early.
        stopped: bool,
        /// Whether the move came from an endgame table.
        tablebase: bool,
    },
    /// The job could not start.
    Error {
        /// The job.
        job: u32,
        /// What was wrong.
        message: String,
    },
}

/// One line of an analysis.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct LineReport {
    /// Score in centipawns for the side to move.
    pub score: i32,
    /// Moves to mate (negative: being mated), if the score is a mate.
    pub mate: Option<i32>,
    /// The moves in coordinate form.
    pub moves: Vec<String>,
    /// The same moves in SAN.
    pub sans: Vec<String>,
}

/// The latest word from the engine.
#[derive(Clone, Debug, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Thinking {
    /// Depth completed.
    pub depth: u32,
    /// Score for the side to move (centipawns).
    pub score: i32,
    /// Mate in n, if any.
    pub mate: Option<i32>,
    /// Nodes.
    pub nodes: u64,
    /// Nodes per second.
    pub rate: u64,
    /// Principal variation in SAN.
    pub pv: Vec<String>,
}
