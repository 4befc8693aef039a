//! The computer's moves from endgame tables (worker side): from level [`TABLE_LEVEL`] up, a
//! position of three pieces is played from its table, built in the worker's slices the first
//! time and kept for the session, so the computer mates and defends perfectly there.

use std::sync::Arc;
use topochess_core::{Move, Position};
use topochess_search::tablebase::{Builder, Material, Tablebase};

/// The lowest level that plays endgames from the tables.
pub const TABLE_LEVEL: u8 = 4;

/// Tables kept: at most this many.
const KEPT: usize = 4;

/// The tables built so far in this worker.
#[derive(Default)]
pub(crate) struct TableCache {
    tables: Vec<Tablebase>,
}

impl TableCache {
    /// The tables' best move in `pos`, if a kept table has its material.
    pub fn best_move(&self, pos: &Position) -> Option<Move> {
        self.tables
            .iter()
            .filter(|t| {
                Arc::ptr_eq(t.variant(), pos.variant()) || t.variant().id() == pos.variant().id()
            })
            .find_map(|t| t.best_move(pos))
            .map(|(mv, _)| mv)
    }

    /// Keeps `table` (the oldest goes when there are too many).
    pub fn keep(&mut self, table: Tablebase) {
        if self.tables.len() >= KEPT {
            self.tables.remove(0);
        }
        self.tables.push(table);
    }
}

/// The table to build for the computer's move in `pos` at `level`, if it should play from one:
/// three pieces (not bare kings), a level from [`TABLE_LEVEL`] up.
pub(crate) fn builder_for(pos: &Position, level: u8) -> Option<Builder> {
    let material = Material::of(pos);
    let pieces = material.pieces().len();
    if level < TABLE_LEVEL || pieces != 3 {
        return None;
    }
    Builder::new(pos.variant().clone(), &material).ok()
}
