//! Saved games: the library on the browser's IndexedDB shelf, share and correspondence links, tabs kept in step, and the Games screen.

pub mod annotations;
pub mod correspondence;
pub mod games_screen;
pub mod links;
pub mod shelf;
pub mod storage;
