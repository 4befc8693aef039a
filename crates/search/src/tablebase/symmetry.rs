//! The surface's symmetries and the table layout they allow. A symmetry is a permutation of the
//! squares that carries every king step, knight leap and ray (as an ordered walk) of the surface
//! onto one of the same kind: positions it maps onto each other have the same value, so a table
//! keeps one position of each class. The candidates are the board's flips, its transposition
//! (square boards) and every wrap-around shift, composed; the surface's tables decide which hold,
//! so no surface is named here.

use topochess_core::{Color, Role, Square, Variant};

use super::{insertion_sort, Material};

/// Where a table's positions are stored: the index of a position is the index of the least of
/// its images under the symmetries (with pieces alike in square order), and the first piece (the
/// white king) is numbered among the representatives of its orbits only.
#[derive(Debug)]
pub(super) struct Layout {
    n: usize,
    k: usize,
    /// The symmetries, the identity first: `perms[g][s]` is where `g` takes square `s`.
    perms: Vec<Vec<u8>>,
    /// The number of a representative square among the representatives (`u32::MAX` else).
    ordinal: Vec<u32>,
    /// For each square, the symmetries that take it to its orbit's representative.
    to_rep: Vec<Vec<u16>>,
    /// The representatives, by number.
    reps: Vec<u8>,
    /// Runs of pieces alike: (first, count).
    twins: Vec<(usize, usize)>,
    /// Indices per side to move.
    half: usize,
}

/// Where the affine map takes each square of a `w` x `h` board: files and ranks exchanged
/// (`swap`), each flipped (`flip`), then shifted round (`shift`).
fn affine(w: usize, h: usize, swap: bool, flip: (bool, bool), shift: (usize, usize)) -> Vec<u8> {
    (0..w * h)
        .map(|s| {
            let (f, r) = (s % w, s / w);
            let (a, b) = if swap { (r, f) } else { (f, r) };
            let a = if flip.0 { w - 1 - a } else { a };
            let b = if flip.1 { h - 1 - b } else { b };
            let (a, b) = ((a + shift.0) % w, (b + shift.1) % h);
            (b * w + a) as u8
        })
        .collect()
}

/// Whether `p` carries every move of the surface's kings, knights and riders onto moves of the
/// same kind (ray walks in order, and whether they come back to their start).
fn preserves(variant: &Variant, p: &[u8]) -> bool {
    let t = variant.tables();
    let map = |list: &[Square]| -> Vec<u8> { list.iter().map(|s| p[s.index()]).collect() };
    let sorted = |mut v: Vec<u8>| {
        insertion_sort(&mut v);
        v
    };
    variant.size().all().all(|s| {
        let ps = Square(p[s.index()]);
        if sorted(map(t.king(s))) != sorted(map_id(t.king(ps)))
            || sorted(map(t.king_over_pole(s))) != sorted(map_id(t.king_over_pole(ps)))
            || sorted(map(t.knight(s))) != sorted(map_id(t.knight(ps)))
        {
            return false;
        }
        [0..4, 4..8].into_iter().all(|dirs| {
            let mut mine: Vec<(Vec<u8>, bool)> = dirs
                .clone()
                .map(|d| (map(t.ray(s, d)), t.ray_returns(s, d)))
                .collect();
            let mut theirs: Vec<(Vec<u8>, bool)> = dirs
                .map(|d| (map_id(t.ray(ps, d)), t.ray_returns(ps, d)))
                .collect();
            insertion_sort(&mut mine);
            insertion_sort(&mut theirs);
            mine == theirs
        })
    })
}

/// The squares of `list` as numbers.
fn map_id(list: &[Square]) -> Vec<u8> {
    list.iter().map(|s| s.0).collect()
}

/// The symmetries of `variant`'s surface for pieces without pawns, the identity first.
pub(super) fn symmetries(variant: &Variant) -> Vec<Vec<u8>> {
    let size = variant.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let identity: Vec<u8> = (0..w * h).map(|s| s as u8).collect();
    let mut found = vec![identity.clone()];
    for swap in [false, true] {
        if swap && w != h {
            continue;
        }
        for flip in [(false, false), (true, false), (false, true), (true, true)] {
            for dx in 0..w {
                for dy in 0..h {
                    let p = affine(w, h, swap, flip, (dx, dy));
                    if p != identity && preserves(variant, &p) {
                        found.push(p);
                    }
                }
            }
        }
    }
    found
}

impl Layout {
    /// The layout of `material`'s table under the symmetries `perms` (the identity first; just
    /// the identity for a table that keeps every position).
    pub(super) fn new(n: usize, material: &Material, perms: Vec<Vec<u8>>) -> Layout {
        let mut rep_of = vec![usize::MAX; n];
        let mut reps = Vec::new();
        for s in 0..n {
            if rep_of[s] == usize::MAX {
                for p in &perms {
                    let img = p[s] as usize;
                    if rep_of[img] == usize::MAX {
                        rep_of[img] = s;
                    }
                }
                reps.push(s as u8);
            }
        }
        let mut ordinal = vec![u32::MAX; n];
        for (i, &r) in reps.iter().enumerate() {
            ordinal[r as usize] = i as u32;
        }
        let to_rep = (0..n)
            .map(|s| {
                (0..perms.len() as u16)
                    .filter(|&g| perms[g as usize][s] as usize == rep_of[s])
                    .collect()
            })
            .collect();
        let pieces = material.pieces();
        let mut twins = Vec::new();
        let mut i = 0;
        while i < pieces.len() {
            let run = pieces[i..].iter().take_while(|&&p| p == pieces[i]).count();
            if run > 1 {
                twins.push((i, run));
            }
            i += run;
        }
        let k = pieces.len();
        let half = reps.len() * n.pow(k as u32 - 1);
        Layout {
            n,
            k,
            perms,
            ordinal,
            to_rep,
            reps,
            twins,
            half,
        }
    }

    /// The layout that keeps every position of `material` (no symmetry).
    pub(super) fn plain(n: usize, material: &Material) -> Layout {
        Layout::new(n, material, vec![(0..n).map(|s| s as u8).collect()])
    }

    /// The number of indices.
    pub(super) fn len(&self) -> usize {
        self.half * 2
    }

    /// The number of symmetries (the identity included).
    pub(super) fn symmetries(&self) -> usize {
        self.perms.len()
    }

    /// The index of `sq` under symmetry `g`, with pieces alike sorted.
    #[inline]
    fn image_index(&self, g: usize, turn: Color, sq: &[u8]) -> usize {
        let p = &self.perms[g];
        let mut img = [0u8; 8];
        for (i, &s) in sq.iter().enumerate() {
            img[i] = p[s as usize];
        }
        for &(a, len) in &self.twins {
            insertion_sort(&mut img[a..a + len]);
        }
        let mut idx = turn.index() * self.reps.len() + self.ordinal[img[0] as usize] as usize;
        for &s in &img[1..self.k] {
            idx = idx * self.n + s as usize;
        }
        idx
    }

    /// The index of the position with the pieces (in the material's order) on `sq` and `turn` to
    /// move.
    #[inline]
    pub(super) fn index(&self, turn: Color, sq: &[u8]) -> usize {
        let mut best = usize::MAX;
        for &g in &self.to_rep[sq[0] as usize] {
            best = best.min(self.image_index(g as usize, turn, sq));
        }
        best
    }

    /// The squares (into `sq`, `k` long) and side to move of `index`.
    pub(super) fn decode(&self, mut index: usize, sq: &mut [u8]) -> Color {
        for slot in sq[1..self.k].iter_mut().rev() {
            *slot = (index % self.n) as u8;
            index /= self.n;
        }
        sq[0] = self.reps[index % self.reps.len()];
        if index / self.reps.len() == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// How many positions (pieces alike not told apart) `index` stands for: the size of its
    /// class (the symmetries over those that leave it as it is), or 0 when `index` is not where
    /// its class is kept.
    pub(super) fn weight(&self, index: usize) -> u64 {
        let mut sq = [0u8; 8];
        let turn = self.decode(index, &mut sq);
        let sq = &sq[..self.k];
        // A symmetry that leaves the position as it is keeps the white king on its square: it
        // is among those taking that square to itself (its representative).
        let mut fixed = 0;
        for &g in &self.to_rep[sq[0] as usize] {
            let image = self.image_index(g as usize, turn, sq);
            if image < index {
                return 0;
            }
            fixed += u64::from(image == index);
        }
        self.perms.len() as u64 / fixed.max(1)
    }
}

/// Whether the builder on a few squares takes `material`: no pawns (on every surface).
pub(super) fn plain_moves(material: &Material) -> bool {
    material.pieces().iter().all(|p| p.role != Role::Pawn)
}
