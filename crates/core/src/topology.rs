//! What surface a pair of gluings makes: its name, Euler characteristic, orientability and
//! boundary, computed from the square's cell structure, and its cone points (squares adjacent to
//! themselves).
//!
//! The square is cut into one face, eight half-edges (each side split at its midpoint) and eight
//! vertices (four corners, four midpoints). Each gluing identifies half-edges and vertices; the
//! Euler characteristic is V - E + F of what remains. A surface is orientable if every glued pair
//! of half-edges is traversed in opposite directions along the square's boundary.

use crate::geometry::{Dir, Square};
use crate::surface::{Gluing, Heading, Surface};

/// Half-edges, walking the boundary counter-clockwise: S left-to-right, E upwards, N
/// right-to-left, W downwards; each side's first half first.
const S0: usize = 0;
const S1: usize = 1;
const E0: usize = 2;
const E1: usize = 3;
const N0: usize = 4;
const N1: usize = 5;
const W0: usize = 6;
const W1: usize = 7;

/// Vertices: corners and midpoints.
const BL: usize = 0;
const SM: usize = 1;
const BR: usize = 2;
const EM: usize = 3;
const TR: usize = 4;
const NM: usize = 5;
const TL: usize = 6;
const WM: usize = 7;

struct Classes(Vec<usize>);

impl Classes {
    fn new(n: usize) -> Classes {
        Classes((0..n).collect())
    }
    fn find(&mut self, a: usize) -> usize {
        let mut a = a;
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.0[a] = b;
    }
    fn count(&mut self, members: impl Iterator<Item = usize>) -> usize {
        let mut roots: Vec<usize> = members.map(|m| self.find(m)).collect();
        crate::order::sort_unique(&mut roots);
        roots.len()
    }
}

/// One pair of opposite sides: (first half, second half, start vertex, mid, end vertex) of the
/// side that comes first in the boundary walk, then the same for the opposite side.
struct Pair {
    a: [usize; 5],
    b: [usize; 5],
}

/// The surface a pair of gluings makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SurfaceKind {
    /// Its name: disc, cylinder, Moebius strip, torus, Klein bottle, projective plane, pillow,
    /// sphere, or a description.
    pub name: String,
    /// V - E + F.
    pub euler: i32,
    /// Whether it has two sides.
    pub orientable: bool,
    /// How many boundary circles (walls) it has.
    pub boundaries: usize,
}

/// Classifies the surface of `east_west` and `north_south` gluings.
pub fn classify(east_west: Gluing, north_south: Gluing) -> SurfaceKind {
    let mut edges = Classes::new(8);
    let mut verts = Classes::new(8);
    // glued[i] = Some((j, same_direction)) for each identified half-edge pair.
    let mut orientable = true;
    let mut boundary = [false; 8];
    // Boundary walk: S goes BL->SM->BR, E goes BR->EM->TR, N goes TR->NM->TL, W goes TL->WM->BL.
    let sides = [
        Pair {
            a: [E0, E1, BR, EM, TR],
            b: [W0, W1, TL, WM, BL],
        },
        Pair {
            a: [S0, S1, BL, SM, BR],
            b: [N0, N1, TR, NM, TL],
        },
    ];
    for (pair, gluing) in sides.iter().zip([east_west, north_south]) {
        let (a, b) = (pair.a, pair.b);
        match gluing {
            Gluing::Flat => {
                for e in [a[0], a[1], b[0], b[1]] {
                    boundary[e] = true;
                }
            }
            // a runs "up" (or right) along the walk, b runs the other way: the same point of the
            // board is a's position t and b's position 1 - t.
            Gluing::Wrap => {
                edges.union(a[0], b[1]);
                edges.union(a[1], b[0]);
                verts.union(a[2], b[4]);
                verts.union(a[4], b[2]);
                verts.union(a[3], b[3]);
            }
            Gluing::Twist => {
                edges.union(a[0], b[0]);
                edges.union(a[1], b[1]);
                verts.union(a[2], b[2]);
                verts.union(a[4], b[4]);
                verts.union(a[3], b[3]);
                orientable = false;
            }
            Gluing::Fold => {
                for s in [a, b] {
                    edges.union(s[0], s[1]);
                    verts.union(s[2], s[4]);
                }
            }
            Gluing::Pole => {
                for s in [a, b] {
                    edges.union(s[0], s[1]);
                    verts.union(s[2], s[3]);
                    verts.union(s[3], s[4]);
                }
                orientable = false;
            }
        }
    }
    let e = edges.count(0..8) as i32;
    let v = verts.count(0..8) as i32;
    let euler = v - e + 1;
    // Boundary circles: components of the boundary half-edges joined at shared vertices.
    let ends = |h: usize| -> [usize; 2] {
        match h {
            S0 => [BL, SM],
            S1 => [SM, BR],
            E0 => [BR, EM],
            E1 => [EM, TR],
            N0 => [TR, NM],
            N1 => [NM, TL],
            W0 => [TL, WM],
            _ => [WM, BL],
        }
    };
    let mut comps = Classes::new(8);
    let walls: Vec<usize> = (0..8).filter(|&h| boundary[h]).collect();
    for &h in &walls {
        let [p, q] = ends(h);
        let (p, q) = (verts.find(p), verts.find(q));
        comps.union(p, q);
    }
    let boundaries = comps.count(walls.iter().map(|&h| verts.find(ends(h)[0])));
    let folds = east_west == Gluing::Fold || north_south == Gluing::Fold;
    let name = match (boundaries, orientable, euler) {
        (0, true, 2) if folds => "pillow (a sphere)".to_string(),
        (0, true, 2) => "sphere".to_string(),
        (0, true, 0) => "torus".to_string(),
        (0, false, 1) => "projective plane".to_string(),
        (0, false, 0) => "Klein bottle".to_string(),
        (1, true, 1) => "disc".to_string(),
        (2, true, 0) => "cylinder".to_string(),
        (1, false, 0) => "Moebius strip".to_string(),
        (b, o, x) => format!(
            "{} surface with {b} boundary circle(s), Euler characteristic {x}",
            if o {
                "an orientable"
            } else {
                "a non-orientable"
            }
        ),
    };
    SurfaceKind {
        name,
        euler,
        orientable,
        boundaries,
    }
}

/// The squares adjacent to themselves: a step (orthogonal or diagonal) from them lands on them.
pub fn cone_points(surface: &Surface) -> Vec<Square> {
    surface
        .size()
        .all()
        .filter(|&sq| {
            Dir::ALL.iter().any(|&dir| {
                surface
                    .step(Heading { square: sq, dir })
                    .is_some_and(|s| s.to.square == sq)
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Gluing::*;

    fn kind(ew: Gluing, ns: Gluing) -> (String, i32) {
        let k = classify(ew, ns);
        (k.name, k.euler)
    }

    #[test]
    fn every_named_surface() {
        assert_eq!(kind(Flat, Flat), ("disc".into(), 1));
        assert_eq!(kind(Wrap, Flat), ("cylinder".into(), 0));
        assert_eq!(kind(Flat, Wrap), ("cylinder".into(), 0));
        assert_eq!(kind(Twist, Flat), ("Moebius strip".into(), 0));
        assert_eq!(kind(Wrap, Wrap), ("torus".into(), 0));
        assert_eq!(kind(Wrap, Twist), ("Klein bottle".into(), 0));
        assert_eq!(kind(Twist, Wrap), ("Klein bottle".into(), 0));
        assert_eq!(kind(Twist, Twist), ("projective plane".into(), 1));
        assert_eq!(kind(Wrap, Fold), ("pillow (a sphere)".into(), 2));
        assert_eq!(kind(Fold, Fold), ("pillow (a sphere)".into(), 2));
        // The spherical presets are Klein bottles, as the spherical page says of Nadvorney's.
        assert_eq!(kind(Wrap, Pole), ("Klein bottle".into(), 0));
        assert_eq!(kind(Flat, Fold), ("disc".into(), 1));
    }
}
