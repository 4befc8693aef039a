//! # topochess-core
//!
//! The rules of chess on folded, wrapped and spherical boards (see `RULES.md` in the shared
//! folder): surfaces as data, per-square move tables, a fast legal move generator checked against
//! a slow reference, and notation (FEN, SAN, coordinate moves, PGN).
//!
//! The crate is pure: no I/O, clocks, threads or randomness, so it runs unchanged in WebAssembly.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bitboard;
pub mod castling;
pub mod compact;
pub mod exchange;
pub mod explore;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod knights;
pub mod lab;
pub mod legal;
pub mod lines;
pub mod move_tree;
pub mod movegen;
pub mod moves;
pub mod paths;
pub mod pawns;
pub mod perft;
pub mod pgn;
pub mod pieces;
pub mod poles;
pub mod position;
pub mod reference;
pub mod san;
pub mod setup;
pub mod surface;
pub mod tables;
pub mod topology;
pub mod variant;
pub mod zobrist;

pub use castling::{CastleKind, CastlingMode};
pub use geometry::{BoardSize, Dir, PerSquare, Square, SquareSet};
pub use moves::{Move, MoveKind};
pub use pieces::{Color, Piece, Role};
pub use position::Position;
pub use surface::{Gluing, Surface};
pub use variant::{Variant, PRESETS};
