//! The Topochess browser app: the board views, and the page's side of the engine worker
//! (`topochess-worker`, crates/worker). The app changes state only through
//! [`app::action::Action`]s; components take props and callbacks. Its folders are layers and
//! features (the README's "Where things are", kept by `tests/layers.rs`): a layer uses only those
//! before it.

#![forbid(unsafe_code)]

// The layers and features, one folder each; their order (a layer uses only those before it) is
// in `tests/layers.rs`: common, board, solid, library, play and the other features, live,
// pools, account, app.
pub mod account;
pub mod analysis;
pub mod app;
pub mod arenas;
pub mod atlas;
pub mod board;
pub mod challenge;
pub mod common;
pub mod explore;
pub mod learn;
pub mod library;
pub mod live;
pub mod play;
pub mod pools;
pub mod puzzle;
pub mod solid;

// The layers' rule, read from this crate's sources: a unit test (web/Cargo.toml says why).
#[cfg(test)]
#[path = "../tests/layers.rs"]
mod layers;
