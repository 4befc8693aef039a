//! The Topochess browser app: the board views and the engine worker. The app changes state only
//! through [`state::Action`]s; components take props and callbacks.

pub mod analysis;
pub mod analysis_panel;
pub mod app;
pub mod atlas;
pub mod atlas_screen;
pub mod board;
pub mod board_choice;
pub mod board_selection;
pub mod board_view;
pub mod boards;
pub mod clock;
pub mod correspondence;
pub mod crash;
pub mod endgame_move;
pub mod engine;
pub mod engine_job;
pub mod engine_link;
pub mod explore_flow;
pub mod explore_panel;
pub mod explorer;
pub mod gallery;
pub mod game_flow;
pub mod games_screen;
pub mod panels;
pub mod piece_art;
pub mod play_panel;
pub mod review;
pub mod review_job;
pub mod review_panel;
pub mod scene;
pub mod settings;
pub mod shapes;
pub mod sound;
pub mod state;
pub mod storage;
