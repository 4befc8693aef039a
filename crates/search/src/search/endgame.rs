//! Endgame tables inside the search: a position whose material a kept table has is scored from
//! it exactly (a mate at its distance, or a draw) instead of being searched.

use super::{Engine, MATE};
use crate::tablebase::{Tablebase, Value};
use std::sync::Arc;
use topochess_core::Position;

impl Engine {
    /// The tables the search may probe (those of another variant are never asked).
    pub fn set_tables(&mut self, tables: Vec<Arc<Tablebase>>) {
        self.tables = tables
            .into_iter()
            .filter(|t| t.variant().id() == self.variant.id())
            .collect();
        self.table_pieces = self
            .tables
            .iter()
            .map(|t| t.material().pieces().len())
            .max()
            .unwrap_or(0);
    }

    /// The score of `pos` at `ply` from a kept table, if one has its material (and the position
    /// has no castling right, which the tables do not know).
    pub(super) fn table_score(&self, pos: &Position, ply: usize) -> Option<i32> {
        if self.table_pieces == 0 || pos.castling_rights() != 0 {
            return None;
        }
        let pieces = pos.occupied_by(topochess_core::Color::White).len()
            + pos.occupied_by(topochess_core::Color::Black).len();
        if pieces > self.table_pieces {
            return None;
        }
        let value = self.tables.iter().find_map(|t| t.probe(pos))?;
        Some(match value {
            Value::Win(p) => MATE - ply as i32 - p as i32,
            Value::Loss(p) => -MATE + ply as i32 + p as i32,
            Value::Draw => 0,
        })
    }
}
