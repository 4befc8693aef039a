//! # topochess-study
//!
//! What the page's study screens work out from the rules, kept out of the rules crate so that
//! `topochess-core` is the rules alone:
//!
//! - [`explore`]: the explorer's board, pieces placed by hand, the squares each reaches and the
//!   routes it takes across the edges;
//! - [`lab`]: the surface lab's verdicts on a surface it built (no game possible, captures at the
//!   start);
//! - [`decimal`]: numbers written in fixed point, as the page shows them.
//!
//! The rules themselves (a lab surface's gluing and start, PGN with its variations, the move
//! order the rules sort by) stay in `topochess-core`, which the server uses too.

pub mod decimal;
pub mod explore;
pub mod lab;
