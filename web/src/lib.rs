//! The Topochess browser app: the board views and the engine worker. The app changes state only
//! through [`app::action::Action`]s; components take props and callbacks. Its folders are
//! layers and features (see `../../../shared/ARCHITECTURE.md`): a layer uses only the layers above it
//! in the list below.

#![forbid(unsafe_code)]

// The layers, lower first: a layer uses only those above it in this list (`tests/layers.rs`).
pub mod analysis;
pub mod app;
pub mod atlas;
pub mod board;
pub mod common;
pub mod engine;
pub mod explore;
pub mod learn;
pub mod library;
pub mod play;
pub mod puzzle;
pub mod solid;
