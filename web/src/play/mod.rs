//! The game screen's parts: the game's flow in the reducer, the new-game form, the move list, import and export, and the side controls.

pub mod game_flow;
pub mod panel;
pub mod panels;
