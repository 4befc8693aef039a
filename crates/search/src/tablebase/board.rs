//! A handful of pieces on a surface: attacks, moves and un-moves read straight from the surface's
//! tables, with the pieces as a few squares rather than a full [`Position`] (only a king stepping
//! over a guarded pole asks the rules core whether the pole is guarded). Used by the table builder
//! for every material without pawns (see [`super::symmetry::plain_moves`]); the general builder
//! confirms its results through the move generator in the tests.

use std::sync::Arc;
use topochess_core::internals as poles;
use topochess_core::setup::Setup;
use topochess_core::{Color, Piece, Position, Role, Square, Variant};

/// Flags of `near`: what reaches a square from another on the empty board.
const KING: u8 = 1;
const KNIGHT: u8 = 2;
const ORTHOGONAL: u8 = 4;
const DIAGONAL: u8 = 8;

/// Not on the ray.
const OFF: u8 = u8::MAX;

/// The surface's reach, arranged for a few pieces.
pub(super) struct Reach {
    n: usize,
    /// `dist[(a * 8 + d) * n + x]`: how many steps along ray `d` from `a` square `x` is (from 0),
    /// `OFF` when the ray does not pass it.
    dist: Vec<u8>,
    /// `near[a * n + x]`: the flags of what reaches `x` from `a`.
    near: Vec<u8>,
    /// For orthogonal, diagonal and both kinds of rider, the squares a rider reaches each square
    /// from on the empty board.
    ridden_from: [Vec<Vec<u8>>; 3],
    /// Rides can be walked back from their destination.
    reversible: bool,
    /// A rider whose ray comes back to its square over an empty board may stay put (a move).
    stationary: bool,
    /// For each square, the squares a king steps to it from over a pole, under Boholy's rule
    /// (only while the enemy does not guard that pole).
    over_pole_from: Vec<Vec<u8>>,
}

/// The rider kind of a role: 0 orthogonal, 1 diagonal, 2 both.
fn kind(role: Role) -> usize {
    match (role.rides_orthogonally(), role.rides_diagonally()) {
        (true, false) => 0,
        (false, true) => 1,
        _ => 2,
    }
}

/// The pieces of a position: their roles, colours and squares; `alive` has a bit per piece still
/// on the board.
#[derive(Clone, Copy)]
pub(super) struct Men<'a> {
    pub roles: &'a [Role],
    pub colors: &'a [Color],
    pub squares: &'a [u8],
    pub alive: u8,
}

impl Men<'_> {
    /// The index of the piece on `s`, if any.
    #[inline]
    pub fn at(&self, s: u8) -> Option<usize> {
        (0..self.squares.len()).find(|&i| self.alive & (1 << i) != 0 && self.squares[i] == s)
    }
}

impl Reach {
    /// The reach of `variant`'s surface.
    pub fn new(variant: &Variant) -> Reach {
        let t = variant.tables();
        let n = variant.size().squares();
        let mut dist = vec![OFF; n * 8 * n];
        let mut near = vec![0u8; n * n];
        let mut ridden_from: [Vec<Vec<u8>>; 3] = std::array::from_fn(|_| vec![Vec::new(); n]);
        let mut over_pole_from = vec![Vec::new(); n];
        for a in variant.size().all() {
            for &x in t.king_over_pole(a) {
                over_pole_from[x.index()].push(a.0);
            }
        }
        for a in variant.size().all() {
            let ai = a.index();
            for &x in t.king(a) {
                near[ai * n + x.index()] |= KING;
            }
            for &x in t.knight(a) {
                near[ai * n + x.index()] |= KNIGHT;
            }
            for d in 0..8 {
                let flag = if d < 4 { ORTHOGONAL } else { DIAGONAL };
                for (step, &x) in t.ray(a, d).iter().enumerate() {
                    dist[(ai * 8 + d) * n + x.index()] = step.min(OFF as usize - 1) as u8;
                    near[ai * n + x.index()] |= flag;
                }
            }
            for x in 0..n {
                let f = near[ai * n + x];
                for (k, wanted) in [ORTHOGONAL, DIAGONAL, ORTHOGONAL | DIAGONAL]
                    .into_iter()
                    .enumerate()
                {
                    if f & wanted != 0 {
                        ridden_from[k][x].push(ai as u8);
                    }
                }
            }
        }
        Reach {
            n,
            dist,
            near,
            ridden_from,
            reversible: t.rides_reversible(),
            stationary: variant.stationary_moves(),
            over_pole_from,
        }
    }

    /// Whether a rider on `a` riding directions `dirs` reaches `x` with the pieces of `men` in the
    /// way (the rider's own square and `x` do not block).
    #[inline]
    fn rides_to(&self, dirs: std::ops::Range<usize>, a: u8, x: u8, men: &Men) -> bool {
        let n = self.n;
        dirs.into_iter().any(|d| {
            let base = (a as usize * 8 + d) * n;
            let dx = self.dist[base + x as usize];
            dx != OFF
                && (0..men.squares.len()).all(|j| {
                    let b = men.squares[j];
                    men.alive & (1 << j) == 0
                        || b == a
                        || b == x
                        || self.dist[base + b as usize] > dx
                })
        })
    }

    /// Whether a piece of `by` attacks `x`.
    #[inline]
    pub fn attacked(&self, men: &Men, x: u8, by: Color) -> bool {
        (0..men.squares.len()).any(|i| {
            if men.alive & (1 << i) == 0 || men.colors[i] != by {
                return false;
            }
            let a = men.squares[i];
            let f = self.near[a as usize * self.n + x as usize];
            match men.roles[i] {
                Role::King => f & KING != 0,
                Role::Knight => f & KNIGHT != 0,
                Role::Pawn => false,
                role => {
                    let mask = match kind(role) {
                        0 => ORTHOGONAL,
                        1 => DIAGONAL,
                        _ => ORTHOGONAL | DIAGONAL,
                    };
                    f & mask != 0 && self.rides_to(role.ray_directions(), a, x, men)
                }
            }
        })
    }

    /// Calls `each` with every square piece `i` of `men` moves to on the empty squares or onto
    /// an enemy piece (each square once), with the index of the piece taken, if any.
    pub fn moves(
        &self,
        variant: &Arc<Variant>,
        men: &Men,
        i: usize,
        mut each: impl FnMut(u8, Option<usize>),
    ) {
        let t = variant.tables();
        let from = Square(men.squares[i]);
        let us = men.colors[i];
        // Staying put (kings, knights and pawns have no rays: never).
        if self.stays_put(variant, men, i) {
            each(from.0, None);
        }
        let mut target = |x: Square| -> bool {
            match men.at(x.0) {
                None => {
                    each(x.0, None);
                    true
                }
                Some(j) => {
                    if men.colors[j] != us && men.roles[j] != Role::King {
                        each(x.0, Some(j));
                    }
                    false
                }
            }
        };
        match men.roles[i] {
            Role::King => {
                let over = t.king_over_pole(from);
                let free = !over.is_empty() && self.pole_free(variant, men, i, from.0);
                t.king(from)
                    .iter()
                    .chain(if free { over } else { &[] })
                    .for_each(|&x| {
                        target(x);
                    })
            }
            Role::Knight => t.knight(from).iter().for_each(|&x| {
                target(x);
            }),
            Role::Pawn => {}
            role => {
                let dedup =
                    t.rays_overlap(from, role.rides_orthogonally(), role.rides_diagonally());
                let mut seen = [0u64; 4];
                for d in role.ray_directions() {
                    for &x in t.ray(from, d) {
                        if dedup {
                            let (w, b) = (x.index() / 64, x.index() % 64);
                            if seen[w] & (1 << b) != 0 {
                                // Reached before along another ray: its blockers were seen
                                // then; go on past it only if it is empty.
                                if men.at(x.0).is_some() {
                                    break;
                                }
                                continue;
                            }
                            seen[w] |= 1 << b;
                        }
                        if !target(x) {
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether king `i` of `men`, standing on `from`, may step over the pole there: the enemy
    /// does not guard it (Boholy's rule, asked of the rules core on the position).
    fn pole_free(&self, variant: &Arc<Variant>, men: &Men, i: usize, from: u8) -> bool {
        let pieces = (0..men.squares.len())
            .filter(|&j| men.alive & (1 << j) != 0)
            .map(|j| {
                let at = if j == i { from } else { men.squares[j] };
                let piece = Piece {
                    color: men.colors[j],
                    role: men.roles[j],
                };
                (Square(at), piece)
            })
            .collect();
        let setup = Setup {
            pieces,
            turn: men.colors[i],
            castling: Vec::new(),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
        };
        let Ok(pos) = Position::from_setup(variant.clone(), &setup) else {
            return false;
        };
        let south = variant.size().rank(Square(from)) == 0;
        !poles::pole_guarded(&pos, south, !men.colors[i], Square(from))
    }

    /// Whether rider `i` of `men` may stay on its square: stationary moves are allowed and one of
    /// its rays comes back to it with nothing in the way.
    fn stays_put(&self, variant: &Variant, men: &Men, i: usize) -> bool {
        let t = variant.tables();
        let at = Square(men.squares[i]);
        self.stationary
            && men.roles[i]
                .ray_directions()
                .any(|d| t.ray_returns(at, d) && t.ray(at, d).iter().all(|s| men.at(s.0).is_none()))
    }

    /// Calls `each` with every square piece `i` of `men` could have come from by a move that took
    /// nothing: empty squares, or its own square when it may stay put.
    pub fn unmoves(&self, variant: &Arc<Variant>, men: &Men, i: usize, mut each: impl FnMut(u8)) {
        let t = variant.tables();
        let to = Square(men.squares[i]);
        if self.stays_put(variant, men, i) {
            each(to.0);
        }
        let empty = |s: u8| men.at(s).is_none();
        match men.roles[i] {
            Role::King => {
                t.king_from(to)
                    .iter()
                    .filter(|s| empty(s.0))
                    .for_each(|s| each(s.0));
                for &f in &self.over_pole_from[to.index()] {
                    if empty(f) && self.pole_free(variant, men, i, f) {
                        each(f);
                    }
                }
            }
            Role::Knight => t
                .knight_from(to)
                .iter()
                .filter(|s| empty(s.0))
                .for_each(|s| each(s.0)),
            Role::Pawn => {}
            role if self.reversible => {
                // The rides that end on `to` are the rides out of `to`, walked back.
                let dedup = t.rays_overlap(to, role.rides_orthogonally(), role.rides_diagonally());
                let mut seen = [0u64; 4];
                for d in role.ray_directions() {
                    for &s in t.ray(to, d) {
                        if !empty(s.0) {
                            break;
                        }
                        let (w, b) = (s.index() / 64, s.index() % 64);
                        if dedup && seen[w] & (1 << b) != 0 {
                            continue;
                        }
                        seen[w] |= 1 << b;
                        each(s.0);
                    }
                }
            }
            role => {
                for &a in &self.ridden_from[kind(role)][to.index()] {
                    if empty(a) && self.rides_to(role.ray_directions(), a, to.0, men) {
                        each(a);
                    }
                }
            }
        }
    }
}
