//! Saved games: the library in the browser's storage, share and correspondence links, tabs kept in step, and the Games screen.

pub mod annotations;
pub mod correspondence;
pub mod games_screen;
pub mod links;
pub mod storage;
