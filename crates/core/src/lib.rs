//! # topochess-core
//!
//! The rules of chess on folded, wrapped and spherical boards (see the repository's
//! `docs/rules.md`). A surface is data: each edge pair of the board is flat, wrapped, twisted, folded or
//! a pole ([`Gluing`]), and a [`Variant`] turns its [`Surface`] into per-square move tables once.
//! Everything else asks the tables, never which board it is.
//!
//! ## Where to start
//!
//! Text flows one way: a FEN ([`fen`]) or a preset's start gives a [`setup::Setup`], the
//! setup is checked into a [`Position`], and a position answers what can be played:
//!
//! - [`Variant::preset`] builds a preset (`"folded"`, `"cylinder"`, `"torus"`, `"standard"`, the
//!   spheres, ...; [`PRESETS`] lists them) and [`Variant::lab`] a board glued your own way.
//! - [`Position`] has [`Position::legal_moves`], [`Position::play`], [`Position::is_check`] and
//!   the pieces; a [`Move`] is a from-square, a to-square and a [`MoveKind`]. The same two
//!   squares can be joined by more than one route: the move lists each distinct move once.
//! - [`game::Game`] keeps a game's moves and says how it ended ([`game::Outcome`]: mate,
//!   stalemate, the fifty-move rule, repetition, insufficient material).
//! - Notation: [`san`] (SAN and coordinate moves), [`fen`], [`pgn`] (with variations), and
//!   [`compact`] (short move codes for links).
//! - [`paths::move_paths`] gives the squares a move passes through, across the edges: what a
//!   board draws when it shows a route.
//! - [`perft`] counts the legal move tree; [`reference`](mod@reference) is the slow generator the fast one is
//!   tested against on every preset and lab surface.
//!
//! ## A move across the fold
//!
//! On the folded board the top and bottom edges fold onto themselves: the square beyond c1,
//! going down, is f1, and the rook on c1 reaches f2 by going down over the fold.
//!
//! ```
//! use std::sync::Arc;
//! use topochess_core::{fen, san, Variant};
//!
//! let folded = Arc::new(Variant::preset("folded", None).unwrap());
//! let pos = fen::parse_position(folded, "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1").unwrap();
//! let mv = san::parse_move(&pos, "Rf2").unwrap();
//! assert_eq!(san::to_coordinate(&pos, mv), "c1f2");
//! let next = pos.play(mv).unwrap();
//! assert_eq!(fen::write(&next), "4k3/8/8/8/8/8/5R2/4K3 b - - 1 1");
//! // Sixteen squares for a lone rook on a flat board; more where the edges are glued.
//! let rook_moves = pos.legal_moves().into_iter().filter(|m| m.from == mv.from).count();
//! assert!(rook_moves > 16);
//! ```
//!
//! The crate is pure: no I/O, clocks, threads or randomness, so it runs unchanged in
//! WebAssembly, and no input (a FEN, a PGN, a move text, a link code) makes it panic.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bitboard;
pub mod castling;
pub mod clock;
pub mod compact;
pub mod decimal;
mod exchange;
pub mod fen;
pub mod game;
pub mod geometry;
mod knights;
pub mod lab;
mod legal;
mod lines;
pub mod move_tree;
mod movegen;
pub mod moves;
pub mod order;
pub mod paths;
mod pawns;
pub mod perft;
pub mod pgn;
pub mod pieces;
mod poles;
pub mod position;
pub mod reference;
pub mod san;
pub mod setup;
pub mod surface;
mod tables;
pub mod topology;
pub mod variant;
mod zobrist;

/// The way in to the generator's internals for the engine, the benchmarks and the tests: bit
/// sets, line tables, an army's attack sets, pawn rules and pole guards. Not part of the rules'
/// interface: it changes with the generator.
#[doc(hidden)]
pub mod internals {
    pub use crate::bitboard::{words_for, Bits};
    pub use crate::legal::Sets;
    pub use crate::lines::{LineSets, Lines};
    pub use crate::pawns::PawnRules;
    pub use crate::poles::pole_guarded;
}

pub use castling::{CastleKind, CastlingMode};
pub use geometry::{BoardSize, Dir, PerSquare, Square, SquareSet};
pub use moves::{Move, MoveKind};
pub use pieces::{Color, Piece, Role};
pub use position::Position;
pub use surface::{Gluing, Surface};
pub use variant::{Variant, PRESETS};
