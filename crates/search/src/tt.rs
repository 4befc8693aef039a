//! The transposition table: a fixed array of entries whose size the caller sets in bytes, in
//! buckets of [`WAYS`] entries. A result is stored in its bucket over the entry of the same
//! position, else an empty one, else the least worth keeping: the shallowest, counting entries
//! from earlier searches as shallower the older they are.

use topochess_core::Move;

/// Entries per bucket.
pub const WAYS: usize = 4;

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
    /// The position's static evaluation, if it was worked out (not in check).
    pub eval: Option<i32>,
    /// The search that stored it.
    generation: u8,
}

/// The table.
pub struct Table {
    entries: Vec<Option<Entry>>,
    /// Entries per bucket: [`WAYS`], or 1 for the older one-slot table (always replaced unless
    /// by a shallower bound of the same position), kept to measure the difference.
    ways: usize,
    generation: u8,
}

impl Table {
    /// A table using about `bytes` of memory (at least one bucket).
    pub fn new(bytes: usize) -> Table {
        let size = (bytes / std::mem::size_of::<Option<Entry>>()).max(WAYS);
        Table {
            entries: vec![None; size - size % WAYS],
            ways: WAYS,
            generation: 0,
        }
    }

    /// Buckets of `WAYS` entries with aging (true, the default) or one slot per position.
    pub fn set_buckets(&mut self, on: bool) {
        self.ways = if on { WAYS } else { 1 };
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
        self.generation = 0;
    }

    /// A new search begins: what is stored from now on is younger than what was.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The first slot of the bucket of `key`.
    fn bucket(&self, key: u64) -> usize {
        let buckets = self.entries.len() / self.ways;
        ((key as u128 * buckets as u128) >> 64) as usize * self.ways
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        self.entries[b..b + self.ways]
            .iter()
            .flatten()
            .find(|e| e.key == key)
            .copied()
    }

    /// Stores a result. A shallower bound does not replace a deeper result of the same position
    /// from this search; a result without a move keeps the move stored before.
    pub fn store(
        &mut self,
        key: u64,
        best: Option<Move>,
        score: i32,
        depth: i16,
        bound: Bound,
        eval: Option<i32>,
    ) {
        let b = self.bucket(key);
        let generation = self.generation;
        let age = |e: &Entry| generation.wrapping_sub(e.generation) as i32;
        let bucket = &mut self.entries[b..b + self.ways];
        let same = bucket.iter().position(|e| e.is_some_and(|e| e.key == key));
        let slot = match same {
            Some(i) => i,
            None => match bucket.iter().position(Option::is_none) {
                Some(i) => i,
                None => (0..bucket.len())
                    .min_by_key(|&i| bucket[i].map_or(i32::MIN, |e| e.depth as i32 - 8 * age(&e)))
                    .unwrap_or(0),
            },
        };
        let old = bucket[slot].filter(|e| e.key == key);
        if let Some(old) = old {
            if old.depth > depth && bound != Bound::Exact && age(&old) == 0 {
                return;
            }
        }
        bucket[slot] = Some(Entry {
            key,
            best: best.or_else(|| old.and_then(|e| e.best)),
            score,
            depth,
            bound,
            eval: eval.or_else(|| old.and_then(|e| e.eval)),
            generation,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_or_oldest_entry() {
        // One bucket.
        let mut t = Table::new(WAYS * std::mem::size_of::<Option<Entry>>());
        for (key, depth) in [(1u64, 5i16), (2, 1), (3, 7), (4, 6)] {
            t.store(key, None, 10, depth, Bound::Exact, Some(3));
        }
        t.store(5, None, 0, 4, Bound::Lower, None);
        assert!(t.probe(2).is_none(), "the shallowest went");
        assert!([1, 3, 4, 5].iter().all(|&k| t.probe(k).is_some()));
        // The same position keeps its deeper result of this search against a shallower bound.
        t.store(3, None, 99, 1, Bound::Lower, None);
        assert_eq!(t.probe(3).map(|e| e.depth), Some(7));
        // Two searches later the deep entries are old: a new shallow result replaces one.
        t.new_search();
        t.new_search();
        t.store(6, None, 0, 2, Bound::Upper, None);
        assert!(t.probe(6).is_some());
        assert!(t.probe(5).is_none(), "the oldest shallow one went");
        assert_eq!(t.probe(3).map(|e| e.eval), Some(Some(3)));
    }
}
