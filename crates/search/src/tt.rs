//! The transposition table: a fixed array of 16-byte entries whose number the caller sets (a
//! probe in quiescence was a miss of two cache lines with larger entries: packing them made the
//! search 8% faster, its tree unchanged).
//!
//! The engine keeps one slot a position: a result replaces what the slot holds, unless it is a
//! shallower bound of the same position. With buckets on ([`crate::Features::TT`]), a key
//! has a bucket of [`WAYS`] entries, one cache line, and a result is stored over the entry of the
//! same position, else an empty one, else the least worth keeping: the shallowest, counting
//! entries from earlier searches as shallower the older they are. An SPRT found the buckets worth
//! nothing over the one slot (`docs/engine-decisions.md`, 2026-11-26).

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

/// One stored result, as [`Table::probe`] hands it out.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
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
}

/// A result as stored: 16 bytes, so that a bucket of [`WAYS`] is one 64-byte cache line. It
/// keeps the key's low 32 bits (the bucket is chosen by its high bits), the scores as 16 bits
/// (every score is within +-32,000; an evaluation beyond is clamped) and no evaluation as
/// `i16::MIN`.
#[derive(Clone, Copy)]
#[repr(align(16))]
struct Slot {
    check: u32,
    best: Option<Move>,
    score: i16,
    eval: i16,
    depth: i8,
    bound: Bound,
    generation: u8,
}

const _: () = assert!(std::mem::size_of::<Option<Slot>>() == 16);

/// The stored form of "no evaluation".
const NO_EVAL: i16 = i16::MIN;

fn narrow(x: i32) -> i16 {
    x.clamp(-i16::MAX as i32, i16::MAX as i32) as i16
}

impl Slot {
    fn entry(&self) -> Entry {
        Entry {
            best: self.best,
            score: self.score as i32,
            depth: self.depth as i16,
            bound: self.bound,
            eval: (self.eval != NO_EVAL).then_some(self.eval as i32),
        }
    }
}

/// The part of a key a slot keeps to tell positions of one bucket apart.
fn check(key: u64) -> u32 {
    key as u32
}

/// The table.
pub struct Table {
    /// The slots, with up to three spare ones at the front so that the first used one
    /// (`start`) begins a cache line.
    slots: Vec<Option<Slot>>,
    start: usize,
    len: usize,
    /// Entries per bucket: 1, the engine's one-slot table (always replaced unless by a
    /// shallower bound of the same position), or [`WAYS`] for buckets with aging, kept to
    /// measure the difference.
    ways: usize,
    /// `len / ways`, kept: a division at every probe cost 0.5% of the search's instructions.
    buckets: usize,
    generation: u8,
}

impl Table {
    /// A table of `bytes / 32` entries (at least one bucket), in about half of `bytes`: it holds
    /// as many entries as the table of 32-byte entries it replaced, so every search, the bench
    /// signature and the shipped puzzles' checks are the same as they were.
    pub fn new(bytes: usize) -> Table {
        let len = (bytes / 32).max(WAYS);
        let len = len - len % WAYS;
        let slots = vec![None; len + WAYS - 1];
        let line = std::mem::size_of::<Option<Slot>>() * WAYS;
        let start =
            (line - slots.as_ptr() as usize % line) % line / std::mem::size_of::<Option<Slot>>();
        Table {
            slots,
            start,
            len,
            ways: WAYS,
            buckets: len / WAYS,
            generation: 0,
        }
    }

    /// Buckets of `WAYS` entries with aging (true, the default of a new table) or one slot per
    /// position (the engine's, [`crate::Features::ENGINE`]).
    pub fn set_buckets(&mut self, on: bool) {
        self.ways = if on { WAYS } else { 1 };
        self.buckets = self.len / self.ways;
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|e| *e = None);
        self.generation = 0;
    }

    /// A new search begins: what is stored from now on is younger than what was.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The slots of the bucket of `key`.
    fn bucket(&self, key: u64) -> std::ops::Range<usize> {
        let first = self.start + ((key as u128 * self.buckets as u128) >> 64) as usize * self.ways;
        first..first + self.ways
    }

    /// Asks the processor to start loading the bucket of `key`, which a probe will read soon: a
    /// quiescence node's probe waited on main memory for a tenth of the search's time.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        if let Some(slot) = self.slots.get(self.bucket(key).start) {
            prefetch(slot);
        }
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = check(key);
        self.slots[self.bucket(key)]
            .iter()
            .flatten()
            .find(|e| e.check == check)
            .map(Slot::entry)
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
        let range = self.bucket(key);
        let check = check(key);
        let generation = self.generation;
        let age = |e: &Slot| generation.wrapping_sub(e.generation) as i32;
        let bucket = &mut self.slots[range];
        let same = bucket
            .iter()
            .position(|e| e.is_some_and(|e| e.check == check));
        let slot = match same {
            Some(i) => i,
            None => match bucket.iter().position(Option::is_none) {
                Some(i) => i,
                None => (0..bucket.len())
                    .min_by_key(|&i| bucket[i].map_or(i32::MIN, |e| e.depth as i32 - 8 * age(&e)))
                    .unwrap_or(0),
            },
        };
        let old = bucket[slot].filter(|e| e.check == check);
        let depth = depth.clamp(i8::MIN as i16, i8::MAX as i16) as i8;
        if let Some(old) = old {
            if old.depth > depth && bound != Bound::Exact && age(&old) == 0 {
                return;
            }
        }
        let eval = eval.map_or(NO_EVAL, narrow);
        bucket[slot] = Some(Slot {
            check,
            best: best.or_else(|| old.and_then(|e| e.best)),
            score: narrow(score),
            eval: if eval == NO_EVAL {
                old.map_or(NO_EVAL, |e| e.eval)
            } else {
                eval
            },
            depth,
            bound,
            generation,
        });
    }
}

/// Asks the processor to start loading the cache line of `slot`. No effect where there is no
/// prefetch instruction (WebAssembly).
#[inline]
#[allow(unsafe_code)]
fn prefetch<T>(slot: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // Safety: SSE, which the instruction needs, is part of every x86-64 processor, and a
        // prefetch reads nothing the program sees (it is a hint and never faults); the pointer
        // is to a live value besides.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((slot as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = slot;
}

/// Static evaluations of recent positions, by key: quiescence evaluates every node it enters
/// and stores nothing in the [`Table`], so a position reached again (another move order, the
/// next iteration) would be evaluated again. One 8-byte slot per index, always replaced: the
/// key's high 32 bits with the score.
pub struct Evaluations {
    slots: Vec<u64>,
}

impl Evaluations {
    /// A cache of `1 << bits` evaluations.
    pub fn new(bits: u32) -> Evaluations {
        Evaluations {
            slots: vec![0; 1 << bits],
        }
    }

    fn index(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    /// Asks the processor to start loading the slot of `key`, which a look-up will read soon.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.slots[self.index(key)]);
    }

    /// The evaluation stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let slot = self.slots[self.index(key)];
        (slot != 0 && slot >> 32 == key >> 32).then_some(slot as u32 as i32)
    }

    /// Stores `eval` for `key`.
    #[inline]
    pub fn put(&mut self, key: u64, eval: i32) {
        let i = self.index(key);
        self.slots[i] = (key >> 32 << 32) | eval as u32 as u64;
    }

    /// Forgets everything (the evaluation changed).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_bucket_gives_up_its_shallowest_or_oldest_entry() {
        // One bucket.
        let mut t = Table::new(WAYS * 32);
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

    #[test]
    fn what_is_stored_is_read_back_whole() {
        use topochess_core::{CastleKind, MoveKind, Role, Square};
        let mut t = Table::new(1 << 16);
        let moves = [
            None,
            Some(Move {
                from: Square(255),
                to: Square(0),
                kind: MoveKind::Promotion(Role::Knight),
            }),
            Some(Move {
                from: Square(4),
                to: Square(6),
                kind: MoveKind::Castle(CastleKind::QueenSide),
            }),
        ];
        let cases = [
            (
                0x0123_4567_89ab_cdefu64,
                31_990,
                95i16,
                Bound::Exact,
                Some(-31_000),
            ),
            (0xfedc_ba98_7654_3210, -31_990, 0, Bound::Lower, None),
            (7, 0, -3, Bound::Upper, Some(12_345)),
        ];
        for (i, &(key, score, depth, bound, eval)) in cases.iter().enumerate() {
            t.store(key, moves[i], score, depth, bound, eval);
        }
        for (i, &(key, score, depth, bound, eval)) in cases.iter().enumerate() {
            let e = t.probe(key).expect("stored");
            assert_eq!(
                (e.best, e.score, e.depth, e.bound, e.eval),
                (moves[i], score, depth, bound, eval)
            );
        }
        // An evaluation beyond 16 bits is kept at the limit, not taken for "none".
        t.store(9, None, 0, 1, Bound::Exact, Some(-40_000));
        assert_eq!(t.probe(9).and_then(|e| e.eval), Some(-32_767));
        // Keys of one bucket that differ in their low bits are told apart.
        let mut one = Table::new(WAYS * 32);
        one.store(1 << 40, None, 5, 1, Bound::Exact, None);
        assert!(one.probe((1 << 40) | 1).is_none());
        assert_eq!(one.probe(1 << 40).map(|e| e.score), Some(5));
    }

    #[test]
    fn evaluations_are_read_back_for_their_own_key_only() {
        let mut cache = Evaluations::new(4);
        let key = 0x1234_5678_0000_0003u64;
        assert_eq!(cache.get(key), None);
        for eval in [-31_000, -1, 0, 7, 29_999] {
            cache.put(key, eval);
            assert_eq!(cache.get(key), Some(eval));
        }
        // Another position on the same slot is not taken for it, and replaces it.
        let other = 0x9abc_def0_0000_0013u64;
        assert_eq!(cache.get(other), None);
        cache.put(other, 55);
        assert_eq!((cache.get(other), cache.get(key)), (Some(55), None));
        cache.clear();
        assert_eq!(cache.get(other), None);
    }
}
