//! # topochess-search
//!
//! The engine: iterative-deepening principal-variation search with a transposition table,
//! quiescence search, move ordering (hash move, captures by value, killers, history), check
//! extension, null-move pruning and late-move reductions, over an evaluation derived from each
//! variant's own move tables.
//!
//! The crate is pure like the rules core: it reads no clock and starts no thread. The caller
//! injects a [`Control`] that decides when to pause (the browser worker pauses every few dozen
//! milliseconds to let a stop request in) and a callback that receives progress. A paused search
//! resumes where it was: the unfinished iteration starts again, warm from the table.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
pub mod eval;
pub mod levels;
pub mod search;
pub mod tt;

pub use eval::{Evaluator, Style};
pub use levels::{Level, LEVELS};
pub use search::{Control, Engine, Info, Limits, Search, Status, WrongVariant, MATE};
