//! The 3D view's camera: an orbit around the shape (turned by dragging, zoomed by the wheel or a
//! pinch), the matrices it hands the GPU, and picking (which square a pointer is over) by casting
//! the pointer's ray at the mesh. Pure, so it is tested natively.

use crate::solid::{cross, dot, normal, sub, Mesh, Point};

/// The vertical field of view, in radians.
const FOV: f64 = 0.7;

/// An orbit around a centre.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// Turn about the vertical axis (radians).
    pub yaw: f64,
    /// Tilt above the horizontal (radians, kept short of straight up or down).
    pub pitch: f64,
    /// Distance as a multiple of the distance that fits the shape.
    pub zoom: f64,
    /// What it looks at.
    pub centre: Point,
    /// The radius of a sphere holding the shape.
    pub radius: f64,
}

impl Camera {
    /// The starting view of a shape bounded by `centre` and `radius`: a little from the right
    /// and above.
    pub fn new(centre: Point, radius: f64) -> Camera {
        Camera {
            yaw: 0.45,
            pitch: 0.4,
            zoom: 1.0,
            centre,
            radius,
        }
    }

    /// Turns the orbit by a drag of `dx`, `dy` pixels on a view `size` pixels tall.
    pub fn drag(&mut self, dx: f64, dy: f64, size: f64) {
        let k = std::f64::consts::PI / size.max(1.0);
        self.yaw -= dx * k;
        self.pitch = (self.pitch + dy * k).clamp(-1.5, 1.5);
    }

    /// Zooms by `factor` (above 1 moves away), within limits.
    pub fn zoom_by(&mut self, factor: f64) {
        self.zoom = (self.zoom * factor).clamp(0.35, 3.0);
    }

    /// Where the eye is.
    pub fn eye(&self) -> Point {
        let d = self.radius / (FOV / 2.0).sin() * 1.05 * self.zoom;
        let (cp, sp) = (self.pitch.cos(), self.pitch.sin());
        [
            self.centre[0] + d * cp * self.yaw.sin(),
            self.centre[1] + d * sp,
            self.centre[2] + d * cp * self.yaw.cos(),
        ]
    }

    /// The eye's axes: right, up and forward (towards the centre), each of length one.
    fn axes(&self) -> (Point, Point, Point) {
        let forward = unit(sub(self.centre, self.eye()));
        let right = unit(cross(forward, [0.0, 1.0, 0.0]));
        let up = cross(right, forward);
        (right, up, forward)
    }

    /// Projection times view, column-major, for a view `aspect` wide per unit of height.
    pub fn matrix(&self, aspect: f64) -> [f32; 16] {
        let (r, u, f) = self.axes();
        let e = self.eye();
        let dist = dot(sub(self.centre, e), f);
        let (near, far) = (
            (dist - 1.5 * self.radius).max(0.01 * self.radius),
            dist + 1.5 * self.radius,
        );
        let t = 1.0 / (FOV / 2.0).tan();
        // Row-major view rows: right, up, -forward; translation by the eye.
        let view = [
            [r[0], r[1], r[2], -dot(r, e)],
            [u[0], u[1], u[2], -dot(u, e)],
            [-f[0], -f[1], -f[2], dot(f, e)],
            [0.0, 0.0, 0.0, 1.0],
        ];
        let proj = [
            [t / aspect, 0.0, 0.0, 0.0],
            [0.0, t, 0.0, 0.0],
            [
                0.0,
                0.0,
                (far + near) / (near - far),
                2.0 * far * near / (near - far),
            ],
            [0.0, 0.0, -1.0, 0.0],
        ];
        let mut out = [0.0f32; 16];
        for col in 0..4 {
            for row in 0..4 {
                let v: f64 = (0..4).map(|k| proj[row][k] * view[k][col]).sum();
                out[col * 4 + row] = v as f32;
            }
        }
        out
    }

    /// Where a point appears in the view (the inverse of [`Camera::ray`]).
    pub fn project(&self, p: Point, aspect: f64) -> (f64, f64) {
        let (r, u, f) = self.axes();
        let v = sub(p, self.eye());
        let (z, t) = (dot(v, f), (FOV / 2.0).tan());
        (dot(v, r) / (z * t * aspect), dot(v, u) / (z * t))
    }

    /// The ray through a point of the view: `(nx, ny)` from -1 to 1, left to right and bottom to
    /// top. Returns its origin and direction.
    pub fn ray(&self, nx: f64, ny: f64, aspect: f64) -> (Point, Point) {
        let (r, u, f) = self.axes();
        let t = (FOV / 2.0).tan();
        let d = [0, 1, 2].map(|k| f[k] + r[k] * nx * t * aspect + u[k] * ny * t);
        (self.eye(), unit(d))
    }
}

/// The vector scaled to length one (or left as it is when it has none).
fn unit(v: Point) -> Point {
    let n = dot(v, v).sqrt();
    if n > 0.0 {
        v.map(|c| c / n)
    } else {
        v
    }
}

/// What a ray hits first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The triangle.
    pub triangle: usize,
    /// Where on the board (board coordinates).
    pub board: (f64, f64),
    /// How far along the ray.
    pub distance: f64,
}

/// The nearest triangle the ray hits.
pub fn pick(mesh: &Mesh, origin: Point, dir: Point) -> Option<Hit> {
    let mut best: Option<(f64, usize, (f64, f64))> = None;
    for (i, t) in mesh.triangles.iter().enumerate() {
        let Some((dist, u, v)) = hit(t, origin, dir) else {
            continue;
        };
        if best.is_none_or(|(d, _, _)| dist < d) {
            let b = mesh.board[i];
            let at = (
                b[0].0 + u * (b[1].0 - b[0].0) + v * (b[2].0 - b[0].0),
                b[0].1 + u * (b[1].1 - b[0].1) + v * (b[2].1 - b[0].1),
            );
            best = Some((dist, i, at));
        }
    }
    best.map(|(distance, triangle, board)| Hit {
        triangle,
        board,
        distance,
    })
}

/// Moller-Trumbore: the distance along the ray and the hit's barycentric `u`, `v`.
fn hit(t: &[Point; 3], origin: Point, dir: Point) -> Option<(f64, f64, f64)> {
    let (e1, e2) = (sub(t[1], t[0]), sub(t[2], t[0]));
    let p = cross(dir, e2);
    let det = dot(e1, p);
    if det.abs() < 1e-12 || dot(normal(t), normal(t)) == 0.0 {
        return None;
    }
    let s = sub(origin, t[0]);
    let u = dot(s, p) / det;
    if !(0.0..=1.0).contains(&u) {
        return None;
    }
    let q = cross(s, e1);
    let v = dot(dir, q) / det;
    if v < 0.0 || u + v > 1.0 {
        return None;
    }
    let dist = dot(e2, q) / det;
    (dist > 1e-9).then_some((dist, u, v))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solid::Solid;
    use topochess_core::variant::{Variant, PRESETS};

    /// Projects a point with the matrix to the view's -1..1 coordinates.
    fn project(m: &[f32; 16], p: Point) -> (f64, f64) {
        let c = |row: usize| -> f64 {
            (0..3).map(|k| m[k * 4 + row] as f64 * p[k]).sum::<f64>() + m[12 + row] as f64
        };
        let w = c(3);
        (c(0) / w, c(1) / w)
    }

    #[test]
    fn pointing_at_a_squares_centre_picks_that_square_from_every_side_it_is_seen() {
        for preset in PRESETS {
            let v = Variant::preset(preset.id, None).expect("preset");
            let solid = Solid::of(v.surface());
            let mesh = solid.mesh(3);
            let (centre, radius) = mesh.bounds();
            let width = v.size().width() as usize;
            let mut seen = std::collections::HashSet::new();
            let mut misses = 0;
            for (yaw, pitch) in [0.0, 1.6, 3.2, 4.8]
                .into_iter()
                .flat_map(|y| [(y, 0.4), (y, -0.9)])
            {
                let mut cam = Camera::new(centre, radius);
                (cam.yaw, cam.pitch) = (yaw, pitch);
                let m = cam.matrix(1.3);
                for sq in v.size().all() {
                    let (f, r) = (v.size().file(sq) as f64, v.size().rank(sq) as f64);
                    // A point on the mesh in the square's middle: its middle quad's first
                    // triangle's centroid.
                    let t = sq.0 as usize * 18 + 8;
                    let p = [0, 1, 2]
                        .map(|k| mesh.triangles[t].iter().map(|c| c[k]).sum::<f64>() / 3.0);
                    let (nx, ny) = cam.project(p, 1.3);
                    let (mx, my) = project(&m, p);
                    assert!(
                        (nx - mx).abs() < 1e-4 && (ny - my).abs() < 1e-4,
                        "the matrix agrees"
                    );
                    let (o, d) = cam.ray(nx, ny, 1.3);
                    let Some(Hit {
                        triangle: tri,
                        board: at,
                        distance,
                    }) = pick(&mesh, o, d)
                    else {
                        // Only a square seen edge-on, its centre outside the flat triangles'
                        // outline, is missed.
                        misses += 1;
                        continue;
                    };
                    // What is hit is that square, or something in front of it.
                    let hit_sq = mesh.squares[tri] as usize;
                    let front = distance < distance_to(o, p) + 1e-6;
                    assert!(front, "{}: {} hit behind", preset.id, v.size().name(sq));
                    if hit_sq == sq.0 as usize {
                        // The board point hit lies in the square (pointing near the edge of a
                        // square seen at a slant lands off its centre).
                        assert!(
                            (f..=f + 1.0).contains(&at.0) && (r..=r + 1.0).contains(&at.1),
                            "{} {}: {at:?}",
                            preset.id,
                            v.size().name(sq)
                        );
                        seen.insert(sq);
                    }
                    assert!(hit_sq < width * v.size().height() as usize);
                }
            }
            // Every square is seen from one of four sides, from above or below
            // (the Klein bottle hides some inside its neck).
            let all = v.size().all().count();
            assert!(misses <= all / 16, "{}: {misses} missed", preset.id);
            println!("{}: {} of {all} seen", preset.id, seen.len());
            assert!(
                seen.len() >= all * 9 / 10,
                "{}: {} of {all}",
                preset.id,
                seen.len()
            );
        }
    }

    fn distance_to(a: Point, b: Point) -> f64 {
        crate::solid::distance(a, b)
    }

    #[test]
    fn the_orbit_keeps_short_of_the_poles_and_zoom_is_bounded() {
        let mut cam = Camera::new([0.0; 3], 1.0);
        cam.drag(0.0, 1e6, 500.0);
        assert!(cam.pitch <= 1.5);
        cam.zoom_by(100.0);
        assert_eq!(cam.zoom, 3.0);
        cam.zoom_by(1e-6);
        assert_eq!(cam.zoom, 0.35);
        let before = cam.yaw;
        cam.drag(100.0, 0.0, 500.0);
        assert!(cam.yaw < before);
    }
}
