//! The 3D view's camera: an orbit around the shape (turned by dragging, zoomed by the wheel or a
//! pinch), the matrices it hands the GPU, and picking (which square a pointer is over) by casting
//! the pointer's ray at the mesh. Pure, so it is tested natively.

use crate::common::math;
use crate::solid::mesh::{cross, dot, sub, Mesh, Point};

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

    /// The starting view of a shape bounded by `centre` and `radius` that looks at `toward` (a
    /// point on it), a little from the right and above, as [`Camera::new`] looks at a flat
    /// board: on a closed shape, so that White's pieces are not on the far side.
    pub fn facing(centre: Point, radius: f64, toward: Point) -> Camera {
        let d = sub(toward, centre);
        let flat = (d[0] * d[0] + d[2] * d[2]).sqrt();
        let mut camera = Camera::new(centre, radius);
        if flat > 1e-9 || d[1].abs() > 1e-9 {
            camera.yaw = math::atan2(d[0], d[2]) + 0.45;
            camera.pitch = (math::atan2(d[1], flat) + 0.4).clamp(-1.2, 1.2);
        }
        camera
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
        let d = self.radius / math::sin(FOV / 2.0) * 1.05 * self.zoom;
        let (cp, sp) = (math::cos(self.pitch), math::sin(self.pitch));
        [
            self.centre[0] + d * cp * math::sin(self.yaw),
            self.centre[1] + d * sp,
            self.centre[2] + d * cp * math::cos(self.yaw),
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
        let t = 1.0 / math::tan(FOV / 2.0);
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
        let (z, t) = (dot(v, f), math::tan(FOV / 2.0));
        (dot(v, r) / (z * t * aspect), dot(v, u) / (z * t))
    }

    /// The ray through a point of the view: `(nx, ny)` from -1 to 1, left to right and bottom to
    /// top. Returns its origin and direction.
    pub fn ray(&self, nx: f64, ny: f64, aspect: f64) -> (Point, Point) {
        let (r, u, f) = self.axes();
        let t = math::tan(FOV / 2.0);
        let d = [0, 1, 2].map(|k| f[k] + r[k] * nx * t * aspect + u[k] * ny * t);
        (self.eye(), unit(d))
    }
}

/// A piece standing on the surface, drawn as a sprite that faces the eye.
#[derive(Clone, Debug, PartialEq)]
pub struct Stand {
    /// The middle of its square.
    pub base: Point,
    /// Its height.
    pub height: f64,
    /// Its cell in the sprite sheet.
    pub cell: usize,
    /// Its square's name.
    pub square: String,
    /// Its square's index in the mesh (`rank * width + file`).
    pub index: u16,
}

impl Camera {
    /// A standing piece's corners (bottom left, bottom right, top right, top left): upright on
    /// the screen with its foot on the middle of its square, brought half its height towards
    /// the eye so that its own square never cuts it.
    pub fn sprite(&self, s: &Stand) -> [Point; 4] {
        let (r, u, _) = self.axes();
        let to_eye = unit(sub(self.eye(), s.base));
        let h = s.height;
        let foot = [0, 1, 2].map(|k| s.base[k] + to_eye[k] * 0.5 * h);
        let corner =
            |a: f64, b: f64| [0, 1, 2].map(|k| foot[k] + r[k] * a * h / 2.0 + u[k] * b * h);
        [
            corner(-1.0, 0.0),
            corner(1.0, 0.0),
            corner(1.0, 1.0),
            corner(-1.0, 1.0),
        ]
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

/// The triangles of the squares whose spheres the ray (`dir` of length one) passes through.
fn near(mesh: &Mesh, origin: Point, dir: Point) -> impl Iterator<Item = usize> + '_ {
    mesh.parts
        .iter()
        .filter(move |(_, centre, radius)| {
            let to = sub(*centre, origin);
            let along = dot(to, dir);
            let off = dot(to, to) - along * along;
            off <= radius * radius && along >= -radius
        })
        .flat_map(|(run, _, _)| run.clone())
}

/// The nearest triangle the ray (`dir` of length one) hits.
pub fn pick(mesh: &Mesh, origin: Point, dir: Point) -> Option<Hit> {
    let mut best: Option<(f64, usize, (f64, f64))> = None;
    for i in near(mesh, origin, dir) {
        let Some((dist, u, v)) = hit(&mesh.triangles[i], origin, dir) else {
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

/// Whether the ray (`dir` of length one) meets a triangle of a square other than `square`
/// before going `before` along it.
pub fn blocked(mesh: &Mesh, origin: Point, dir: Point, before: f64, square: u16) -> bool {
    near(mesh, origin, dir).any(|i| {
        mesh.squares[i] != square
            && hit(&mesh.triangles[i], origin, dir).is_some_and(|(d, _, _)| d < before)
    })
}

/// Moller-Trumbore: the distance along the ray and the hit's barycentric `u`, `v`.
fn hit(t: &[Point; 3], origin: Point, dir: Point) -> Option<(f64, f64, f64)> {
    let (e1, e2) = (sub(t[1], t[0]), sub(t[2], t[0]));
    let p = cross(dir, e2);
    let det = dot(e1, p);
    if det.abs() < 1e-12 {
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

    #[test]
    fn a_globe_is_first_seen_from_whites_side() {
        let mut far_before = 0;
        for preset in PRESETS {
            let v = Variant::preset(preset.id, None).unwrap();
            let solid = Solid::of(v.surface());
            if !solid.name().starts_with("a globe") {
                continue;
            }
            let (centre, radius) = solid.mesh(8).bounds();
            // Some square of White's second rank is turned towards the eye (by under 60 degrees).
            let rank = solid.white_rank();
            let seen = |cam: &Camera| {
                let eye = sub(cam.eye(), centre);
                rank.iter().any(|p| {
                    let d = sub(*p, centre);
                    dot(eye, d) > 0.5 * (dot(eye, eye) * dot(d, d)).sqrt()
                })
            };
            assert!(seen(&solid.start_camera(centre, radius)), "{}", preset.id);
            far_before += usize::from(!seen(&Camera::new(centre, radius)));
        }
        assert!(
            far_before > 0,
            "the fixed start looked at the far side of some shape"
        );
    }

    /// Projects a point with the matrix to the view's -1..1 coordinates.
    fn project(m: &[f32; 16], p: Point) -> (f64, f64) {
        let c = |row: usize| -> f64 {
            (0..3).map(|k| m[k * 4 + row] as f64 * p[k]).sum::<f64>() + m[12 + row] as f64
        };
        let w = c(3);
        (c(0) / w, c(1) / w)
    }

    #[test]
    fn testing_only_the_squares_a_ray_passes_near_finds_what_testing_every_triangle_finds() {
        for preset in PRESETS {
            let v = Variant::preset(preset.id, None).expect("preset");
            let solid = Solid::of(v.surface());
            let mesh = solid.mesh(3);
            let (centre, radius) = mesh.bounds();
            let mut cam = Camera::new(centre, radius);
            let mut blocked_some = 0;
            for turn in 0..4 {
                cam.drag(150.0, 40.0 - 35.0 * turn as f64, 500.0);
                let eye = cam.eye();
                for sq in v.size().all() {
                    let (f, r) = (v.size().file(sq), v.size().rank(sq));
                    let (base, _) = solid.stand(f, r);
                    let len = distance_to(eye, base);
                    let dir = unit(sub(base, eye));
                    let every: Vec<(usize, f64)> = (0..mesh.triangles.len())
                        .filter_map(|i| hit(&mesh.triangles[i], eye, dir).map(|h| (i, h.0)))
                        .collect();
                    let nearest = every.iter().min_by(|a, b| a.1.total_cmp(&b.1));
                    let picked = pick(&mesh, eye, dir);
                    assert_eq!(
                        picked.map(|h| h.triangle),
                        nearest.map(|n| n.0),
                        "{}",
                        preset.id
                    );
                    let before = len - 0.05 * radius;
                    let expect = every
                        .iter()
                        .any(|&(i, d)| mesh.squares[i] != sq.0 as u16 && d < before);
                    let got = blocked(&mesh, eye, dir, before, sq.0 as u16);
                    assert_eq!(got, expect, "{} {}", preset.id, v.size().name(sq));
                    blocked_some += usize::from(got);
                }
            }
            // On every shape but the flat board some squares hide others.
            assert!(
                blocked_some > 0 || preset.id == "standard",
                "{}: nothing hidden",
                preset.id
            );
        }
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
    fn a_standing_piece_faces_the_eye_with_its_foot_on_its_square() {
        let mut cam = Camera::new([0.0; 3], 5.0);
        for turn in 0..6 {
            cam.drag(170.0, 60.0 - 30.0 * turn as f64, 500.0);
            let eye = cam.eye();
            let stand = Stand {
                base: [0.0; 3],
                height: 1.0,
                cell: 0,
                square: "a1".into(),
                index: 0,
            };
            let q = cam.sprite(&stand);
            // Upright on the screen: its bottom below its top, its left left of its right.
            let (bl, tr) = (cam.project(q[0], 1.0), cam.project(q[2], 1.0));
            assert!(bl.0 < tr.0 && bl.1 < tr.1);
            // Its foot on its square as seen, in front of the surface.
            let foot = [0, 1, 2].map(|k| (q[0][k] + q[1][k]) / 2.0);
            let (fx, fy) = cam.project(foot, 1.0);
            let (bx, by) = cam.project([0.0; 3], 1.0);
            assert!((fx - bx).abs() < 1e-9 && (fy - by).abs() < 1e-9);
            assert!(dot(foot, unit(eye)) > 0.3);
            let mid = [0, 1, 2].map(|k| (q[0][k] + q[2][k]) / 2.0);
            // Facing the eye: its plane is square to the line of sight.
            let facing = unit(cross(sub(q[1], q[0]), sub(q[3], q[0])));
            let sight = unit(sub(eye, mid));
            assert!(dot(facing, sight) > 0.99);
        }
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
