//! What both builders keep while they build a table: a code per index, the count of moves not yet
//! known to lose, the longest loss by leaving the table, and the indices waiting at each distance
//! to mate; and the order they work in (every index decoded, then level by level).

use super::{TablebaseError, Value, UNKNOWN};

/// Where one table's build is.
#[derive(Clone, Copy)]
enum Phase {
    /// Decoding index `.0` next.
    Positions(usize),
    /// Resolving the positions of level `.0`, from entry `.1` of its list.
    Mates(usize, usize),
}

/// What the moves that leave the table (captures, promotions) give the side to move.
#[derive(Default)]
pub(super) struct Exits {
    /// One of them draws (or leads where no table says).
    held: bool,
    /// The quickest win through one, in plies.
    best_win: Option<u8>,
    /// The slowest loss through one, in plies.
    worst: u8,
}

impl Exits {
    /// Adds a move leaving the table to a position of value `value` for the other side.
    pub(super) fn add(&mut self, value: Option<Value>) {
        match value {
            Some(Value::Loss(p)) => {
                self.best_win = Some(self.best_win.map_or(p + 1, |b| b.min(p + 1)))
            }
            Some(Value::Win(p)) => self.worst = self.worst.max(p + 1),
            Some(Value::Draw) | None => self.held = true,
        }
    }
}

/// A table's codes and the work waiting.
pub(super) struct Ledger {
    pub(super) codes: Vec<u8>,
    counts: Vec<u8>,
    floor: Vec<u8>,
    levels: Vec<Vec<u32>>,
    phase: Phase,
}

impl Ledger {
    /// A ledger of `total` indices, nothing known.
    pub(super) fn new(total: usize) -> Ledger {
        Ledger {
            codes: vec![UNKNOWN; total],
            counts: vec![0; total],
            floor: vec![0; total],
            levels: Vec::new(),
            phase: Phase::Positions(0),
        }
    }

    fn push(&mut self, level: usize, idx: usize) {
        if self.levels.len() <= level {
            self.levels.resize_with(level + 1, Vec::new);
        }
        self.levels[level].push(idx as u32);
    }

    /// `idx` is checkmate.
    pub(super) fn mated(&mut self, idx: usize) {
        self.push(0, idx);
    }

    /// `idx` has `inside` moves (or classes of moves) within the table and `exits` out of it.
    pub(super) fn tally(
        &mut self,
        idx: usize,
        inside: u32,
        exits: &Exits,
    ) -> Result<(), TablebaseError> {
        // A draw or win by leaving the table: never lost (one count that never comes down).
        let keep = (exits.held || exits.best_win.is_some()) as u32;
        self.counts[idx] = u8::try_from(inside + keep)
            .map_err(|_| TablebaseError::Unsupported(format!("a position with {inside} moves")))?;
        self.floor[idx] = exits.worst;
        if let Some(b) = exits.best_win {
            self.push(b as usize, idx);
        }
        if inside == 0 && keep == 0 {
            self.push(exits.worst as usize, idx);
        }
        Ok(())
    }

    /// Marks `idx` resolved at `level`; false if it was known already.
    pub(super) fn resolving(&mut self, idx: usize, level: usize) -> bool {
        if self.codes[idx] != UNKNOWN {
            return false;
        }
        self.codes[idx] = level as u8 + 1;
        true
    }

    /// The positions `preds` (each once) are one move before a position resolved at `level`: a
    /// predecessor of a lost one wins, and one whose last unresolved move this was loses.
    pub(super) fn reached(&mut self, preds: &[u32], level: usize) {
        for &pred in preds {
            let pred = pred as usize;
            if self.codes[pred] != UNKNOWN {
                continue;
            }
            if level.is_multiple_of(2) {
                self.push(level + 1, pred);
            } else if self.counts[pred] > 0 {
                self.counts[pred] -= 1;
                if self.counts[pred] == 0 {
                    let at = (level + 1).max(self.floor[pred] as usize);
                    self.push(at, pred);
                }
            }
        }
    }

    /// Does about `units` positions' work with `decode` and `resolve`; true when the table is
    /// done.
    pub(super) fn step(
        &mut self,
        units: usize,
        mut decode: impl FnMut(&mut Ledger, usize) -> Result<(), TablebaseError>,
        mut resolve: impl FnMut(&mut Ledger, usize, usize),
    ) -> Result<bool, TablebaseError> {
        let total = self.codes.len();
        for _ in 0..units {
            match self.phase {
                Phase::Positions(idx) if idx < total => {
                    decode(self, idx)?;
                    self.phase = Phase::Positions(idx + 1);
                }
                Phase::Positions(_) => self.phase = Phase::Mates(0, 0),
                Phase::Mates(level, _) if level >= self.levels.len() => return Ok(true),
                Phase::Mates(level, _) if level >= 254 => {
                    return Err(TablebaseError::Unsupported(
                        "a mate longer than 253 plies".into(),
                    ))
                }
                Phase::Mates(level, at) => match self.levels[level].get(at).copied() {
                    Some(idx) => {
                        resolve(self, idx as usize, level);
                        self.phase = Phase::Mates(level, at + 1);
                    }
                    None => {
                        self.levels[level] = Vec::new();
                        self.phase = Phase::Mates(level + 1, 0);
                    }
                },
            }
        }
        Ok(false)
    }

    /// The stage, done and total.
    pub(super) fn progress(&self) -> (&'static str, u64, u64) {
        match self.phase {
            Phase::Positions(idx) => ("positions", idx as u64, self.codes.len() as u64),
            Phase::Mates(level, _) => ("mates", level as u64, self.levels.len().max(1) as u64),
        }
    }
}
