//! Knight moves on every surface (docs/rules.md sections 3 and 6). The section-3 knight is an orthogonal
//! step followed by an outward diagonal step; the spherical versions add moves near the poles to
//! the cylinder knight, each described here as a two-step path so that the board can draw it.

use crate::geometry::{Dir, Square};
use crate::surface::{Heading, KnightRule, Step, Surface};

/// One way a knight reaches a square: its two steps, and their directions in the plane of the
/// extended diagram.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct KnightPath {
    /// The two steps.
    pub steps: [Step; 2],
    /// The plane directions of the two steps.
    pub plane: [Dir; 2],
}

impl KnightPath {
    /// Where the knight lands.
    pub fn target(&self) -> Square {
        self.steps[1].to.square
    }
}

/// The two directions perpendicular to orthogonal `o`.
fn sides(o: Dir) -> [Dir; 2] {
    [
        Dir { dx: o.dy, dy: o.dx },
        Dir {
            dx: -o.dy,
            dy: -o.dx,
        },
    ]
}

fn add(a: Dir, b: Dir) -> Dir {
    Dir {
        dx: a.dx + b.dx,
        dy: a.dy + b.dy,
    }
}

/// The section-3 knight: an orthogonal step, then a diagonal step continuing outward in the frame
/// the first step left.
fn section_three(surface: &Surface, from: Square) -> Vec<KnightPath> {
    let mut paths = Vec::new();
    for o in Dir::ORTHOGONAL {
        let Some((mid, frame)) = surface.orthogonal_step(from, o) else {
            continue;
        };
        let first = Step {
            to: Heading {
                square: mid,
                dir: frame.apply(o),
            },
            jump: false,
        };
        for side in sides(o) {
            let outward = add(o, side);
            let diag = Heading {
                square: mid,
                dir: frame.apply(outward),
            };
            if let Some(second) = surface.diagonal_step(diag) {
                paths.push(KnightPath {
                    steps: [first, second],
                    plane: [o, outward],
                });
            }
        }
    }
    paths
}

/// The direction into the nearer pole from `from`'s rank, if it stands on a pole rank (`rank`
/// ranks from it: 0 for the pole rank itself).
fn toward_pole(surface: &Surface, from: Square, rank: i32) -> Option<Dir> {
    let r = surface.size().rank(from);
    let top = surface.size().height() as i32 - 1;
    if r == rank {
        Some(Dir::S)
    } else if r == top - rank {
        Some(Dir::N)
    } else {
        None
    }
}

/// Grayber's extra moves: from the pole rank, over the pole, one more step away from it, and one
/// to the side (section-3 paths whose orthogonal step crosses the pole).
fn over_the_pole_then_out(surface: &Surface, from: Square) -> Vec<KnightPath> {
    let Some(into) = toward_pole(surface, from, 0) else {
        return Vec::new();
    };
    section_three(&surface.klein(), from)
        .into_iter()
        .filter(|p| p.plane[0] == into)
        .collect()
}

/// Miller's extra moves from the second rank: a diagonal step to the pole rank, then straight
/// over the pole.
fn diagonal_then_over_the_pole(surface: &Surface, from: Square) -> Vec<KnightPath> {
    let Some(into) = toward_pole(surface, from, 1) else {
        return Vec::new();
    };
    let mut paths = Vec::new();
    for side in sides(into) {
        let diag = add(into, side);
        let Some(first) = surface.diagonal_step(Heading {
            square: from,
            dir: diag,
        }) else {
            continue;
        };
        if let Some(second) = surface.step(Heading {
            square: first.to.square,
            dir: into,
        }) {
            paths.push(KnightPath {
                steps: [first, second],
                plane: [diag, into],
            });
        }
    }
    paths
}

/// Boholy's extra moves: from the pole rank over the pole (a square of its own), then one step
/// along the rank.
fn over_the_pole_then_along(surface: &Surface, from: Square) -> Vec<KnightPath> {
    let Some(into) = toward_pole(surface, from, 0) else {
        return Vec::new();
    };
    let Some((mid, _)) = surface.orthogonal_step(from, into) else {
        return Vec::new();
    };
    let first = Step {
        to: Heading {
            square: mid,
            dir: into.reverse(),
        },
        jump: false,
    };
    sides(into)
        .into_iter()
        .filter_map(|side| {
            let second = surface.step(Heading {
                square: mid,
                dir: side,
            })?;
            Some(KnightPath {
                steps: [first, second],
                plane: [into, side],
            })
        })
        .collect()
}

impl Surface {
    /// Knight moves from `from` as paths under the surface's knight rule. Paths may share a
    /// destination or end on `from` itself; the caller decides what counts as a move.
    pub fn knight_paths(&self, from: Square) -> Vec<KnightPath> {
        let cylinder = || section_three(&self.without_poles(), from);
        match self.knight_rule() {
            KnightRule::Steps => section_three(self, from),
            KnightRule::Eight => section_three(&self.klein(), from),
            KnightRule::Cylinder => cylinder(),
            KnightRule::Grayber => {
                let mut paths = cylinder();
                paths.extend(over_the_pole_then_out(self, from));
                paths
            }
            KnightRule::Miller => {
                let mut paths = cylinder();
                paths.extend(over_the_pole_then_out(self, from));
                paths.extend(diagonal_then_over_the_pole(self, from));
                paths
            }
            KnightRule::Boholy => {
                let mut paths = cylinder();
                paths.extend(over_the_pole_then_along(self, from));
                paths
            }
        }
    }
}
