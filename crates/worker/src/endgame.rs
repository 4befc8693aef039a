//! The computer's moves from endgame tables (worker side): from level [`TABLE_LEVEL`] up, a
//! position of three pieces, or four without pawns, is played from its table, built in the
//! worker's slices the first time and kept for the session, so the computer mates and defends
//! perfectly there. Every search the worker runs afterwards (games, analysis, reviews) scores the
//! positions of a kept table's material from it.

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
    tables: Vec<Arc<Tablebase>>,
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
        self.tables.push(Arc::new(table));
    }

    /// The kept tables, for the search to probe.
    pub fn all(&self) -> Vec<Arc<Tablebase>> {
        self.tables.clone()
    }
}

/// The table to build for the computer's move in `pos` at `level`, if it should play from one:
/// three pieces, or four without pawns (built in seconds; four with pawns take the general
/// builder minutes), at a level from [`TABLE_LEVEL`] up.
pub(crate) fn builder_for(pos: &Position, level: u8) -> Option<Builder> {
    let material = Material::of(pos);
    let pieces = material.pieces().len();
    let pawns = material
        .pieces()
        .iter()
        .any(|p| p.role == topochess_core::Role::Pawn);
    if level < TABLE_LEVEL || !(pieces == 3 || pieces == 4 && !pawns) {
        return None;
    }
    Builder::new(pos.variant().clone(), &material).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_core::{fen, Variant};

    fn pos(text: &str) -> Position {
        fen::parse_position(Arc::new(Variant::by_id("standard", None).unwrap()), text).unwrap()
    }

    #[test]
    fn tables_for_three_pieces_and_four_without_pawns_from_the_table_level() {
        let three = pos("8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
        let four = pos("8/8/8/3k1n2/8/8/8/KR6 w - - 0 1");
        let pawn = pos("8/8/8/3k1p2/8/8/8/KR6 w - - 0 1");
        let five = pos("8/8/8/3k1n2/8/8/8/KRR5 w - - 0 1");
        assert!(builder_for(&three, TABLE_LEVEL).is_some());
        assert!(builder_for(&four, TABLE_LEVEL).is_some());
        assert!(builder_for(&three, TABLE_LEVEL - 1).is_none());
        assert!(builder_for(&pawn, 8).is_none(), "four with a pawn: minutes");
        assert!(builder_for(&five, 8).is_none());
    }
}
