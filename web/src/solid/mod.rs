//! The board on the surface it really is, in space: a point for every point of the board,
//! chosen from the surface's gluings and size alone (never from the preset), and the mesh the 3D
//! view draws and picks on.
//!
//! One axis goes *around* and the other *along*. When an edge pair wraps (or, failing that, is a
//! wall) it goes around, a closed or slit circle, and the other pair closes the ends: walls leave a
//! tube or a board, a wrap makes a torus, a twist a Klein bottle (or, slit, a Moebius strip), a
//! fold presses the ends flat into a pillow, and poles gather them into a globe. Boards where both
//! pairs twist, fold or pole are a disc whose rim is gathered: onto the back of a sphere (folds
//! and poles), or onto a hemisphere's rim carried through a cross-cap (twists). A pole gathers its
//! edge into one point, as the globe does; every other gluing makes the glued sides meet.

pub mod camera;
pub mod gl;
pub mod mesh;
pub mod paint;
pub mod scene;
pub mod view;

use crate::common::math;
pub use crate::solid::mesh::{cross, distance, dot, normal, sub, Mesh, Point};
use std::f64::consts::{FRAC_PI_2, PI, TAU};
use topochess_core::surface::{Gluing, Surface};

/// The share of a slit circle left open between its walls.
const SLIT: f64 = 0.06;

/// How far a folded side reaches into the disc's sphere or hemisphere (radians at its midpoint).
const ARM: f64 = 0.32 * PI;

/// The turn of the disc's rim on the cross-cap that keeps its crossing line off the squares'
/// sides.
const CROSSING_TURN: f64 = 0.35;

/// How the shape is built from the two gluings.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Build {
    /// One axis around (closed for a wrap, slit for walls), the other along with its ends glued.
    Tube {
        /// The around axis is closed.
        closed: bool,
        /// The gluing of the ends.
        ends: Gluing,
    },
    /// The square as a disc with its rim gathered by the gluings.
    Disc {
        /// Either pair twists: the rim lies on a hemisphere's rim and goes through a cross-cap.
        cross_cap: bool,
    },
}

/// A surface's solid shape in space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Solid {
    width: f64,
    height: f64,
    east_west: Gluing,
    north_south: Gluing,
    /// The ranks go around (the files run along): board coordinates are swapped on the way in
    /// and space coordinates on the way out, so orientation is kept.
    ranks_around: bool,
    build: Build,
}

impl Solid {
    /// The squares of White's second rank, as points on the shape.
    pub(crate) fn white_rank(&self) -> Vec<Point> {
        (0..self.width as usize)
            .map(|f| self.point(f as f64 + 0.5, 1.5))
            .collect()
    }

    /// Where White's side of the board is: the mean of its second rank's squares, or its first
    /// square where they go all round the shape.
    pub fn white_side(&self, centre: Point) -> Point {
        let rank = self.white_rank();
        let n = rank.len().max(1) as f64;
        let mean = rank.iter().fold([0.0; 3], |m, p| {
            let d = sub(*p, centre);
            [m[0] + d[0] / n, m[1] + d[1] / n, m[2] + d[2] / n]
        });
        if dot(mean, mean) > 1e-6 {
            [
                centre[0] + mean[0],
                centre[1] + mean[1],
                centre[2] + mean[2],
            ]
        } else {
            rank[0]
        }
    }

    /// The camera a view of this shape starts with (bounded by `centre` and `radius`): a little
    /// from the right and above, as a board is seen; on a globe (the spheres) where that shows
    /// none of White's second rank turned towards the eye, from White's side.
    pub fn start_camera(&self, centre: Point, radius: f64) -> crate::solid::camera::Camera {
        let usual = crate::solid::camera::Camera::new(centre, radius);
        // Seen: a square turned towards the eye by less than 60 degrees (one at the rim is not).
        let eye = sub(usual.eye(), centre);
        let seen = self.white_rank().iter().any(|p| {
            let d = sub(*p, centre);
            dot(eye, d) > 0.5 * (dot(eye, eye) * dot(d, d)).sqrt()
        });
        let globe = matches!(
            self.build,
            Build::Tube {
                ends: Gluing::Pole,
                ..
            }
        );
        if globe && !seen {
            crate::solid::camera::Camera::facing(centre, radius, self.white_side(centre))
        } else {
            usual
        }
    }

    /// The shape of `surface`.
    pub fn of(surface: &Surface) -> Solid {
        let (ew, ns) = (surface.east_west(), surface.north_south());
        let size = surface.size();
        let around = |g: Gluing| matches!(g, Gluing::Wrap | Gluing::Flat);
        let (ranks_around, build) = if ew == Gluing::Wrap || (around(ew) && ns != Gluing::Wrap) {
            (
                false,
                Build::Tube {
                    closed: ew == Gluing::Wrap,
                    ends: ns,
                },
            )
        } else if around(ns) {
            (
                true,
                Build::Tube {
                    closed: ns == Gluing::Wrap,
                    ends: ew,
                },
            )
        } else {
            (
                false,
                Build::Disc {
                    cross_cap: ew == Gluing::Twist || ns == Gluing::Twist,
                },
            )
        };
        Solid {
            width: size.width() as f64,
            height: size.height() as f64,
            east_west: ew,
            north_south: ns,
            ranks_around,
            build,
        }
    }

    /// What the shape is, as a player would name it.
    pub fn name(&self) -> &'static str {
        match self.build {
            Build::Tube { closed, ends } => match (closed, ends) {
                (false, Gluing::Flat) => "a flat board",
                (true, Gluing::Flat) => "a tube",
                (true, Gluing::Wrap) => "a doughnut (torus)",
                (false, Gluing::Wrap) => "a slit doughnut",
                (true, Gluing::Twist) => "a Klein bottle, passing through itself",
                (false, Gluing::Twist) => "a Moebius strip",
                (true, Gluing::Fold) => "a pillow",
                (false, Gluing::Fold) => "a pillowcase open on one side",
                (true, Gluing::Pole) => "a globe",
                (false, Gluing::Pole) => "a globe slit along a meridian",
            },
            Build::Disc { cross_cap: true } => "a cross-cap, passing through itself",
            Build::Disc { cross_cap: false } => "a ball with its rim gathered behind",
        }
    }

    /// Whether the surface has two sides (an outside the pieces stand on).
    pub fn two_sided(&self) -> bool {
        match self.build {
            Build::Tube { ends, .. } => ends != Gluing::Twist,
            Build::Disc { cross_cap } => !cross_cap,
        }
    }

    /// Whether it is closed (no wall and no slit): then it encloses a volume.
    pub fn closed(&self) -> bool {
        match self.build {
            Build::Tube { closed, ends } => closed && ends != Gluing::Flat,
            Build::Disc { .. } => true,
        }
    }

    /// The point of board coordinates `(x, y)`: files `0..width` and ranks `0..height`, a square's
    /// corners at whole numbers.
    pub fn point(&self, x: f64, y: f64) -> Point {
        match self.build {
            Build::Tube { closed, ends } => {
                let (a, b, around, along) = if self.ranks_around {
                    (y / self.height, x / self.width, self.height, self.width)
                } else {
                    (x / self.width, y / self.height, self.width, self.height)
                };
                let p = tube(a, b, around, along, closed, ends);
                if self.ranks_around {
                    [p[1], p[0], p[2]]
                } else {
                    p
                }
            }
            Build::Disc { cross_cap } => self.disc(x, y, cross_cap),
        }
    }

    /// The disc family: the centred square `[-1, 1]^2` in polar form, its rim gathered.
    fn disc(&self, x: f64, y: f64, cross_cap: bool) -> Point {
        let (px, py) = (2.0 * x / self.width - 1.0, 2.0 * y / self.height - 1.0);
        let rho = px.abs().max(py.abs());
        let scale = self.width.max(self.height) / 2.0;
        if rho < 1e-12 {
            return if cross_cap {
                cross_cap_point([0.0, 0.0, 1.0], scale)
            } else {
                [0.0, 0.0, scale]
            };
        }
        let (bx, by) = (px / rho, py / rho);
        let plain = math::atan2(by, bx);
        // The side of the rim in this direction, and the place along it (counter-clockwise).
        let (centre, s, gluing) = if bx >= by.abs() - 1e-12 && bx > 0.0 {
            (0.0, by, self.east_west)
        } else if by >= bx.abs() {
            (FRAC_PI_2, -bx, self.north_south)
        } else if -bx >= by.abs() {
            (PI, -by, self.east_west)
        } else {
            (1.5 * PI, bx, self.north_south)
        };
        let (theta_rim, az_rim) = if cross_cap {
            let seams = [self.east_west, self.north_south]
                .iter()
                .filter(|&&g| g == Gluing::Twist)
                .count() as f64
                * 2.0;
            match gluing {
                Gluing::Twist => (FRAC_PI_2, centre + s * PI / seams),
                Gluing::Fold => (FRAC_PI_2 - ARM * (1.0 - s.abs()), centre),
                _ => (FRAC_PI_2, centre),
            }
        } else {
            match gluing {
                Gluing::Fold => (PI - ARM * (1.0 - s.abs()), centre),
                _ => (PI, plain),
            }
        };
        let turn = (az_rim - plain + PI).rem_euclid(TAU) - PI;
        let theta = rho * theta_rim;
        let az = plain + turn * rho * rho;
        if cross_cap {
            let az = az + CROSSING_TURN;
            let h = [
                math::sin(theta) * math::cos(az),
                math::sin(theta) * math::sin(az),
                math::cos(theta),
            ];
            cross_cap_point(h, scale)
        } else {
            [
                scale * math::sin(theta) * math::cos(az),
                scale * math::sin(theta) * math::sin(az),
                scale * math::cos(theta),
            ]
        }
    }

    /// The middle of the square at file `f`, rank `r`, and the square's size: the side of a
    /// flat square of its area, summed over an 8 x 8 grid of pieces (a square may be bent
    /// over a fold).
    pub fn stand(&self, f: i32, r: i32) -> (Point, f64) {
        const CUTS: usize = 8;
        let base = self.point(f as f64 + 0.5, r as f64 + 0.5);
        let at = |i: usize, j: usize| {
            let step = 1.0 / CUTS as f64;
            self.point(f as f64 + i as f64 * step, r as f64 + j as f64 * step)
        };
        let mut area = 0.0;
        for i in 0..CUTS {
            for j in 0..CUTS {
                let d1 = sub(at(i + 1, j + 1), at(i, j));
                let d2 = sub(at(i, j + 1), at(i + 1, j));
                let n = cross(d1, d2);
                area += dot(n, n).sqrt() / 2.0;
            }
        }
        (base, area.sqrt())
    }

    /// The mesh: every square cut into `cuts` x `cuts` quads, two triangles each.
    pub fn mesh(&self, cuts: usize) -> Mesh {
        let cuts = cuts.max(1);
        let (w, h) = (self.width as usize, self.height as usize);
        let mut mesh = Mesh::default();
        for r in 0..h {
            for f in 0..w {
                let square = (r * w + f) as u16;
                for j in 0..cuts {
                    for i in 0..cuts {
                        let at = |di: usize, dj: usize| {
                            let x = f as f64 + (i + di) as f64 / cuts as f64;
                            let y = r as f64 + (j + dj) as f64 / cuts as f64;
                            (x, y)
                        };
                        let quad = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
                        for tri in [[0, 1, 2], [0, 2, 3]] {
                            mesh.push(self, [quad[tri[0]], quad[tri[1]], quad[tri[2]]], square);
                        }
                    }
                }
            }
        }
        mesh.parts = (0..w * h)
            .map(|sq| {
                let run = sq * 2 * cuts * cuts..(sq + 1) * 2 * cuts * cuts;
                let corners = || mesh.triangles[run.clone()].iter().flatten();
                let n = corners().count().max(1) as f64;
                let sum = corners().fold([0.0; 3], |a, p| [a[0] + p[0], a[1] + p[1], a[2] + p[2]]);
                let centre = sum.map(|c| c / n);
                let radius = corners().map(|p| distance(*p, centre)).fold(0.0, f64::max);
                (run, centre, radius + 1e-9)
            })
            .collect();
        mesh
    }
}

/// The tube family in its own frame: `a` around (`0..1`, length `around`), `b` along (`0..1`,
/// length `along`, upwards). The middle of the around axis faces the viewer (+z).
fn tube(a: f64, b: f64, around: f64, along: f64, closed: bool, ends: Gluing) -> Point {
    let open = if closed { 0.0 } else { SLIT };
    // The around angle, 0 facing the viewer, increasing to the right.
    let t = TAU * (1.0 - open) * (a - 0.5);
    let r = around / TAU;
    match ends {
        Gluing::Flat if !closed => [(a - 0.5) * around, (b - 0.5) * along, 0.0],
        Gluing::Flat => [r * math::sin(t), (b - 0.5) * along, r * math::cos(t)],
        Gluing::Wrap => {
            // The tube's angle (top facing the viewer) and the ring's (rank 1 at the bottom).
            let big = (along / TAU).max(2.4 * r);
            let phi = FRAC_PI_2 - t;
            let psi = TAU * b - FRAC_PI_2;
            let ring = big + r * math::cos(phi);
            [
                ring * math::cos(psi),
                ring * math::sin(psi),
                r * math::sin(phi),
            ]
        }
        Gluing::Twist if closed => bottle(b * PI, TAU * a + FRAC_PI_2, along),
        Gluing::Twist => {
            let big = (along / TAU).max(0.8 * around);
            let w = (a - 0.5) * around;
            let psi = TAU * b - FRAC_PI_2;
            let ring = big + w * math::cos(psi / 2.0 + PI / 4.0);
            [
                ring * math::cos(psi),
                ring * math::sin(psi),
                w * math::sin(psi / 2.0 + PI / 4.0),
            ]
        }
        Gluing::Fold => {
            // Two faces, the first half of the around axis in front, pressed flat at the ends.
            let a = open + a * (1.0 - 2.0 * open);
            let across = 1.0 - 4.0 * (a - 0.5).abs();
            let side = if a < 0.5 { 1.0 } else { -1.0 };
            let bulge = (1.0 - across * across).max(0.0).sqrt() * math::sin(PI * b).max(0.0).sqrt();
            [
                across * around / 4.0,
                (b - 0.5) * along,
                side * around / 8.0 * bulge,
            ]
        }
        Gluing::Pole => {
            let lat = PI * (b - 0.5);
            [
                r * math::cos(lat) * math::sin(t),
                r * math::sin(lat),
                r * math::cos(lat) * math::cos(t),
            ]
        }
    }
}

/// The Klein bottle in its usual immersion (the neck through the wall): `u` in `0..pi` along,
/// `v` around; `(0, v)` meets `(pi, pi - v)`. Scaled to `along`.
fn bottle(u: f64, v: f64, along: f64) -> Point {
    let (cu, su, cv, sv) = (math::cos(u), math::sin(u), math::cos(v), math::sin(v));
    let c2 = cu * cu;
    let c4 = c2 * c2;
    let c6 = c4 * c2;
    let x = -2.0 / 15.0
        * cu
        * (3.0 * cv - 30.0 * su + 90.0 * c4 * su - 60.0 * c6 * su + 5.0 * cu * cv * su);
    let y = -1.0 / 15.0
        * su
        * (3.0 * cv - 3.0 * c2 * cv - 48.0 * c4 * cv + 48.0 * c6 * cv - 60.0 * su
            + 5.0 * cu * cv * su
            - 5.0 * c2 * cu * cv * su
            - 80.0 * c4 * cu * cv * su
            + 80.0 * c6 * cu * cv * su);
    let z = 2.0 / 15.0 * (3.0 + 5.0 * cu * su) * sv;
    let k = along / 5.0;
    // Stood up: the bottle's length vertical, its neck on the right.
    [k * (y + 2.0), k * (x - 1.0), k * z]
}

/// The cross-cap: a hemisphere (`h[2] >= 0`) whose rim is closed by identifying opposite
/// points, through a map that gives opposite points the same image.
fn cross_cap_point(h: Point, scale: f64) -> Point {
    let [x, y, z] = h;
    [
        scale * 1.6 * x * y,
        scale * 1.6 * (y * y - z * z + 0.3),
        scale * 1.6 * x * z,
    ]
}

impl Mesh {
    fn push(&mut self, solid: &Solid, corners: [(f64, f64); 3], square: u16) {
        self.triangles.push(corners.map(|(x, y)| solid.point(x, y)));
        self.board.push(corners);
        self.squares.push(square);
    }
}

#[cfg(test)]
mod tests;
