//! The transposition table: a fixed array of entries whose size the caller sets in bytes.

use topochess_core::Move;

/// What a stored score means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut-off).
    Lower,
    /// At most this score (no move reached alpha).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The best move found, if any.
    pub best: Option<Move>,
    /// The score, relative to the side to move, with mate scores relative to this node.
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// What the score means.
    pub bound: Bound,
}

/// The table.
pub struct Table {
    entries: Vec<Option<Entry>>,
}

impl Table {
    /// A table using about `bytes` of memory (at least one entry).
    pub fn new(bytes: usize) -> Table {
        let size = (bytes / std::mem::size_of::<Option<Entry>>()).max(1);
        Table {
            entries: vec![None; size],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    fn slot(&self, key: u64) -> usize {
        ((key as u128 * self.entries.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores a result, keeping a deeper result of the same position.
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i16, bound: Bound) {
        let slot = self.slot(key);
        if let Some(old) = self.entries[slot] {
            if old.key == key && old.depth > depth && bound != Bound::Exact {
                return;
            }
        }
        let best = best.or_else(|| {
            self.entries[slot]
                .filter(|e| e.key == key)
                .and_then(|e| e.best)
        });
        self.entries[slot] = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
        });
    }
}
