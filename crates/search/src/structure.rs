//! Pawn structure: what the evaluation counts of each side's pawns (doubled, isolated and passed
//! pawns, and pawns by the pushes they still need to promote) and the squares they guard (which
//! mobility leaves out). It changes only when a pawn moves or is taken, so a small table keeps it
//! by the two sides' pawn sets and most evaluations read it instead of walking the pawns. The
//! table holds counts and squares, not scores: the evaluation weighs them as it weighed each
//! pawn, so its score is the same with the table or without.

use crate::terrain::Sets;
use topochess_core::geometry::SquareSet;
use topochess_core::internals::Bits;
use topochess_core::PerSquare;

/// The stages of a pawn's progress that score: 1 to 5 pushes from promotion (a pawn further
/// away, or one that cannot promote, scores none).
pub(crate) const STAGES: usize = 5;

/// One side's pawn structure, as counts, and the squares its pawns guard.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(crate) struct Counts {
    /// The squares the side's pawns capture on (mobility leaves them out for the other side).
    pub(crate) guards: SquareSet,
    /// Pawns by stage: entry `n - 1` counts the pawns `n` pushes from promotion.
    pub(crate) by_stage: [u8; STAGES],
    /// Passed pawns by stage.
    pub(crate) passed_by_stage: [u8; STAGES],
    /// Passed pawns (no enemy pawn ahead or beside on the way).
    pub(crate) passed: u8,
    /// Pawns with another of their side on the same file, less one per file.
    pub(crate) doubled: u8,
    /// Pawns with none of their side on the files beside.
    pub(crate) isolated: u8,
}

/// Both sides' pawn structure, White's first.
pub(crate) type Structure = [Counts; 2];

/// The structure of `pawns` (White's and Black's) on the terrain's `sets`; `stage` gives the
/// stage of a pawn of each colour on each square (0: none that scores).
pub(crate) fn structure<B: Bits>(
    pawns: [B; 2],
    sets: &Sets<B>,
    stage: &[PerSquare<u8>; 2],
) -> Structure {
    let mut out = [Counts::default(); 2];
    for (c, counts) in out.iter_mut().enumerate() {
        let ours = pawns[c];
        let mut guards = B::EMPTY;
        for sq in ours.squares() {
            guards |= sets.pawn_captures[c][sq];
            if (sets.file_of[sq] & ours).without_lowest() != B::EMPTY {
                counts.doubled += 1;
            }
            if (sets.beside[sq] & ours).is_empty() {
                counts.isolated += 1;
            }
            let passed = (sets.front_span[c][sq] & pawns[1 - c]).is_empty();
            counts.passed += passed as u8;
            if let Some(s) = (stage[c][sq] as usize).checked_sub(1) {
                counts.by_stage[s] += 1;
                counts.passed_by_stage[s] += passed as u8;
            }
        }
        counts.guards = guards.to_set();
    }
    out
}

/// Recent pawn structures by the key of their pawn sets: one slot per index, always replaced.
pub struct PawnTable {
    slots: Vec<(u64, Structure)>,
}

/// The key of a placement of pawns (White's and Black's).
pub(crate) fn key<B: Bits>(pawns: [B; 2]) -> u64 {
    pawns[0].key() ^ pawns[1].key().rotate_left(32)
}

impl PawnTable {
    /// A table of `1 << bits` structures.
    pub fn new(bits: u32) -> PawnTable {
        // Key 0 is the placement without pawns, whose counts are all zero: an empty slot is
        // already right for it.
        PawnTable {
            slots: vec![(0, Structure::default()); 1 << bits],
        }
    }

    /// The structure of `pawns`, from the table or made by `make` and kept.
    #[inline]
    pub(crate) fn get_or_make<B: Bits>(
        &mut self,
        pawns: [B; 2],
        make: impl FnOnce() -> Structure,
    ) -> Structure {
        let key = key(pawns);
        let i = key as usize & (self.slots.len() - 1);
        let slot = &mut self.slots[i];
        if slot.0 != key {
            *slot = (key, make());
        }
        slot.1
    }
}
