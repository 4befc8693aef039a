//! The builder for materials without pawns ([`super::symmetry::plain_moves`]), on every surface:
//! the same retrograde analysis as the general builder in `build.rs`, on a few squares instead of
//! a [`Position`], one position per class of the surface's symmetries. A position's count is the
//! number of classes its quiet moves lead to, and each resolved class takes one off each class
//! one un-move before it, so classes with symmetric moves count right.

use super::board::{Men, Reach};
use super::ledger::{Exits, Ledger};
use super::symmetry::Layout;
use super::*;

/// What a table's build on a few squares reads: the pieces, the surface and the layout.
struct Pieces {
    variant: Arc<Variant>,
    material: Material,
    roles: Vec<Role>,
    colors: Vec<Color>,
    /// The index of each side's king among the pieces.
    kings: [usize; 2],
    reach: Arc<Reach>,
    layout: Layout,
    /// The names of the tables a capture of each piece leads to ("" for bare kings).
    exits: Vec<String>,
}

/// One table being built on a few squares.
pub(super) struct Retro {
    pieces: Pieces,
    pub(super) ledger: Ledger,
    targets: Vec<(u8, Option<usize>)>,
    next: Vec<u32>,
    froms: Vec<u8>,
    preds: Vec<u32>,
}

/// The squares of `sq` without piece `j`, into `out`.
fn without(sq: &[u8], j: usize, out: &mut [u8; 8]) -> usize {
    let mut k = 0;
    for (i, &s) in sq.iter().enumerate() {
        if i != j {
            out[k] = s;
            k += 1;
        }
    }
    k
}

impl Retro {
    /// A build of `material` on `variant`, one position per class of `perms`.
    pub(super) fn new(
        variant: &Arc<Variant>,
        material: &Material,
        reach: Arc<Reach>,
        perms: Vec<Vec<u8>>,
    ) -> Result<Retro, TablebaseError> {
        let n = variant.size().squares();
        let layout = Layout::new(n, material, perms);
        if layout.len() as u64 > MAX_POSITIONS {
            return Err(TablebaseError::TooLarge(layout.len() as u64));
        }
        let pieces = material.pieces();
        let king = |c: Color| {
            pieces
                .iter()
                .position(|p| p.color == c && p.role == Role::King)
                .unwrap_or(0)
        };
        let exits = (0..pieces.len())
            .map(|j| {
                let m = material.without(j);
                if m.bare() {
                    String::new()
                } else {
                    m.name()
                }
            })
            .collect();
        let total = layout.len();
        Ok(Retro {
            pieces: Pieces {
                variant: variant.clone(),
                material: material.clone(),
                roles: pieces.iter().map(|p| p.role).collect(),
                colors: pieces.iter().map(|p| p.color).collect(),
                kings: [king(Color::White), king(Color::Black)],
                reach,
                layout,
                exits,
            },
            ledger: Ledger::new(total),
            targets: Vec::with_capacity(64),
            next: Vec::with_capacity(64),
            froms: Vec::with_capacity(64),
            preds: Vec::with_capacity(64),
        })
    }

    /// The material.
    pub(super) fn material(&self) -> &Material {
        &self.pieces.material
    }

    /// Does about `units` positions' work; true when the table is done.
    pub(super) fn step(
        &mut self,
        units: usize,
        tables: &BTreeMap<String, Table>,
    ) -> Result<bool, TablebaseError> {
        let Retro {
            pieces,
            ledger,
            targets,
            next,
            froms,
            preds,
        } = self;
        let subs: Vec<Option<&Table>> = pieces.exits.iter().map(|e| tables.get(e)).collect();
        ledger.step(
            units,
            |ledger, idx| pieces.decode(ledger, idx, &subs, targets, next),
            |ledger, idx, level| pieces.resolve(ledger, idx, level, froms, preds),
        )
    }

    /// The built table.
    pub(super) fn finish(self) -> Table {
        Table {
            codes: codes::Codes::pack(self.ledger.codes),
            layout: self.pieces.layout,
        }
    }
}

impl Pieces {
    fn men<'a>(&'a self, squares: &'a [u8], alive: u8) -> Men<'a> {
        Men {
            roles: &self.roles,
            colors: &self.colors,
            squares,
            alive,
        }
    }

    /// Decodes index `idx`: marks it invalid (illegal, or not where its class is kept), seeds a
    /// mate, or counts the classes its quiet moves lead to and looks up its captures.
    fn decode(
        &self,
        ledger: &mut Ledger,
        idx: usize,
        subs: &[Option<&Table>],
        targets: &mut Vec<(u8, Option<usize>)>,
        next: &mut Vec<u32>,
    ) -> Result<(), TablebaseError> {
        let k = self.roles.len();
        let mut buf = [0u8; 8];
        let turn = self.layout.decode(idx, &mut buf);
        let sq = &buf[..k];
        let distinct = (0..k).all(|i| !sq[..i].contains(&sq[i]));
        let full = ((1u16 << k) - 1) as u8;
        if !distinct
            || self.layout.index(turn, sq) != idx
            || self
                .reach
                .attacked(&self.men(sq, full), sq[self.kings[(!turn).index()]], turn)
        {
            ledger.codes[idx] = INVALID;
            return Ok(());
        }
        let my_king = self.kings[turn.index()];
        let in_check = self.reach.attacked(&self.men(sq, full), sq[my_king], !turn);
        next.clear();
        let (mut any, mut exits) = (false, Exits::default());
        for i in (0..k).filter(|&i| self.colors[i] == turn) {
            // A piece whose leaving uncovers nothing cannot expose its king, when not in check.
            let safe = !in_check
                && i != my_king
                && !self
                    .reach
                    .attacked(&self.men(sq, full & !(1 << i)), sq[my_king], !turn);
            targets.clear();
            self.reach
                .moves(&self.variant, &self.men(sq, full), i, |x, took| {
                    targets.push((x, took))
                });
            for &(x, took) in targets.iter() {
                let mut child = buf;
                child[i] = x;
                let alive = full & !took.map_or(0, |j| 1 << j);
                if !safe
                    && self
                        .reach
                        .attacked(&self.men(&child[..k], alive), child[my_king], !turn)
                {
                    continue;
                }
                any = true;
                match took {
                    None => next.push(self.layout.index(!turn, &child[..k]) as u32),
                    Some(j) => {
                        let mut rest = [0u8; 8];
                        let r = without(&child[..k], j, &mut rest);
                        exits.add(if self.exits[j].is_empty() {
                            Some(Value::Draw)
                        } else {
                            subs[j].and_then(|t| t.value(!turn, &rest[..r]))
                        });
                    }
                }
            }
        }
        if !any {
            if in_check {
                ledger.mated(idx);
            }
            return Ok(());
        }
        insertion_sort(next);
        next.dedup();
        ledger.tally(idx, next.len() as u32, &exits)
    }

    /// Resolves `idx` at `level` and reaches the classes one un-move before it.
    fn resolve(
        &self,
        ledger: &mut Ledger,
        idx: usize,
        level: usize,
        froms: &mut Vec<u8>,
        preds: &mut Vec<u32>,
    ) {
        if !ledger.resolving(idx, level) {
            return;
        }
        let k = self.roles.len();
        let mut buf = [0u8; 8];
        let turn = self.layout.decode(idx, &mut buf);
        let full = ((1u16 << k) - 1) as u8;
        let mover = !turn;
        let their_king = self.kings[turn.index()];
        preds.clear();
        for i in (0..k).filter(|&i| self.colors[i] == mover) {
            froms.clear();
            self.reach
                .unmoves(&self.variant, &self.men(&buf[..k], full), i, |f| {
                    froms.push(f)
                });
            for &f in froms.iter() {
                let mut before = buf;
                before[i] = f;
                // The side not to move there may not be in check.
                if !self
                    .reach
                    .attacked(&self.men(&before[..k], full), before[their_king], mover)
                {
                    preds.push(self.layout.index(mover, &before[..k]) as u32);
                }
            }
        }
        insertion_sort(preds);
        preds.dedup();
        ledger.reached(preds, level);
    }
}
