//! The Topochess browser app: the board views and the engine worker. The app changes state only
//! through [`state::Action`]s; components take props and callbacks.

#![forbid(unsafe_code)]

pub mod action;
pub mod address;
pub mod analysis;
pub mod analysis_panel;
pub mod app;
pub mod arrival;
pub mod atlas;
pub mod atlas_screen;
pub mod board;
pub mod board_choice;
pub mod board_selection;
pub mod board_view;
pub mod boards;
pub mod camera;
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
pub mod home;
pub mod learn;
pub mod learn_panel;
pub mod lessons;
pub mod panels;
pub mod piece_art;
pub mod play_panel;
pub mod puzzle;
pub mod puzzle_panel;
pub mod puzzle_set;
pub mod review;
pub mod review_job;
pub mod review_panel;
pub mod scene;
pub mod settings;
pub mod settings_screen;
pub mod shapes;
pub mod solid;
pub mod solid_gl;
pub mod solid_paint;
pub mod solid_view;
pub mod sound;
pub mod state;
pub mod storage;
pub mod tab_sync;
pub mod worker_messages;
