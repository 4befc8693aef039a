//! What a search is asked (its limits) and what it reports (its lines and their scores).

use super::{MATE, MAX_DEPTH, MAX_PLY};
use crate::levels::Level;
use topochess_core::Move;

/// Limits a search stops at by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration.
    pub depth: u32,
    /// At most this many nodes.
    pub nodes: Option<u64>,
    /// A random error (centipawns) added to each root move's score; 0 for full strength.
    pub noise: i32,
    /// Per mille of moves chosen at random.
    pub blunders: u32,
    /// The seed of the deliberate mistakes (the caller's choice, so the search stays pure).
    pub seed: u64,
    /// How many best lines to find (multi-PV): 1 for play.
    pub lines: usize,
    /// Analysis: go on to the deepest iteration even after a mate is found or when only one
    /// move is legal.
    pub analysis: bool,
}

impl Limits {
    /// Search to `depth`, nothing else.
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth,
            nodes: None,
            noise: 0,
            blunders: 0,
            seed: 0,
            lines: 1,
            analysis: false,
        }
    }

    /// Analysis: the best `lines` lines (at least one), deepening until stopped or
    /// [`MAX_DEPTH`].
    pub fn analysis(lines: usize) -> Limits {
        Limits {
            lines: lines.max(1),
            analysis: true,
            ..Limits::depth(MAX_DEPTH)
        }
    }

    /// The limits of a playing level.
    pub fn level(level: Level, seed: u64) -> Limits {
        Limits {
            depth: level.depth,
            nodes: None,
            noise: level.noise,
            blunders: level.blunders,
            seed,
            lines: 1,
            analysis: false,
        }
    }
}

/// Moves to mate (positive: the side to move mates) if `score` is a mate score.
pub fn mate_in(score: i32) -> Option<i32> {
    if score.abs() >= MATE - MAX_PLY as i32 {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        Some(if score > 0 { moves } else { -moves })
    } else {
        None
    }
}

/// One line of a multi-PV search: its score and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The score for the side to move, in centipawns, or a mate score.
    pub score: i32,
    /// The moves, the first one being the root move of this line.
    pub pv: Vec<Move>,
}

/// Progress after an iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The depth completed.
    pub depth: u32,
    /// The score for the side to move, in centipawns, or a mate score.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// The principal variation, its first move being the best.
    pub pv: Vec<Move>,
    /// With [`Limits::lines`] above 1: the best lines, best first (the first is `score` and
    /// `pv`), each with a different root move. Empty otherwise.
    pub lines: Vec<Line>,
}

impl Info {
    /// Moves to mate (positive: the side to move mates), if the score is a mate score.
    pub fn mate_in(&self) -> Option<i32> {
        mate_in(self.score)
    }

    /// The lines found: the multi-PV lines, or the one principal variation.
    pub fn all_lines(&self) -> Vec<Line> {
        if self.lines.is_empty() {
            vec![Line {
                score: self.score,
                pv: self.pv.clone(),
            }]
        } else {
            self.lines.clone()
        }
    }
}
