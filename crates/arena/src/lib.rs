//! How players find each other, as lichess's rules have it, pure: no clock, no I/O, no
//! randomness (the caller says what time it is and who waits). The game server keeps the
//! tournaments and pools and calls these rules.
//!
//! - [`sheet`]: an arena player's sheet of results and their score (a win 2, a draw 1; after
//!   two wins in a row, double until a game that is not a win; a draw in under 20 plies scores
//!   nothing; a berserker's win in a game of at least 14 plies one more).
//! - [`pairing`]: the players waiting in an arena paired with players near them in the
//!   standings, avoiding their last opponent.
//! - [`pool`]: quick pairing: the players waiting in a pool paired by rating, nearest first,
//!   the range widening with the wait; accounts with accounts, guests with guests.
#![forbid(unsafe_code)]

pub mod pairing;
pub mod pool;
pub mod sheet;
