//! # topochess-search
//!
//! The engine: iterative-deepening principal-variation search with aspiration windows, a
//! transposition table of one slot a position with stored static evaluations, quiescence search
//! (with table cut-offs and check evasions), move ordering (hash move, captures by value,
//! killers, history with a malus), check extension, null-move pruning, reverse futility,
//! futility and late-move pruning and late-move reductions in steps, over an evaluation
//! derived from each variant's own move tables. It finds one best line or several (multi-PV,
//! for analysis), and can leave chosen root moves out. Each technique can be switched off
//! ([`Features`]) so a match measures it. Time is the caller's: a hard limit pauses the search,
//! a soft one starts no new iteration, and a root move proved better in an unfinished
//! iteration is kept.
//!
//! The crate is pure like the rules core: it reads no clock and starts no thread. The caller
//! injects a [`Control`] that decides when to pause (the browser worker pauses every few dozen
//! milliseconds to let a stop request in) and a callback that receives progress. A paused search
//! resumes where it was: the unfinished iteration starts again, warm from the table.
// One `unsafe` block, allowed where it stands: the table's prefetch hint (`tt::prefetch`,
// 5% of the search's rate on x86-64).
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod dice;
pub mod eval;
pub mod exchange;
pub mod features;
pub mod levels;
pub mod move_time;
pub mod proof;
mod puzzle_weights;
pub mod puzzles;
pub mod search;
pub mod structure;
pub mod tablebase;
pub mod tactics;
pub mod terrain;
pub mod tt;
mod tuned;
pub mod tuning;
pub mod weights;

pub use dice::Dice;
pub use eval::{Evaluator, Style};
pub use features::Features;
pub use levels::{Level, LEVELS};
pub use search::{
    mate_in, Control, Engine, Info, Limited, Limits, Line, Search, Status, WrongVariant, MATE,
    MAX_DEPTH,
};
pub use weights::Weights;
