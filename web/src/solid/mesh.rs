//! The 3D view's geometry: points in space, the triangles of a surface with the squares they
//! belong to, and the vector arithmetic the camera, the picking and the drawing share.

/// A point in space.
pub type Point = [f64; 3];

/// Triangles with their squares, as the 3D view draws and picks them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mesh {
    /// Each triangle's corners.
    pub triangles: Vec<[Point; 3]>,
    /// Each corner's board coordinates (for the board's picture).
    pub board: Vec<[(f64, f64); 3]>,
    /// Each triangle's square index (`rank * width + file`).
    pub squares: Vec<u16>,
    /// Each square's run of triangles and a sphere around them (centre, radius), so that a ray
    /// tests only the squares it passes near.
    pub parts: Vec<(std::ops::Range<usize>, Point, f64)>,
}

impl Mesh {
    /// The centre and radius of a sphere around every triangle.
    pub fn bounds(&self) -> (Point, f64) {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for p in self.triangles.iter().flatten() {
            for k in 0..3 {
                lo[k] = lo[k].min(p[k]);
                hi[k] = hi[k].max(p[k]);
            }
        }
        let centre = [0, 1, 2].map(|k| (lo[k] + hi[k]) / 2.0);
        let radius = self
            .triangles
            .iter()
            .flatten()
            .map(|p| distance(*p, centre))
            .fold(0.0, f64::max);
        (centre, radius.max(1e-9))
    }
}

/// The difference `a - b`.
pub fn sub(a: Point, b: Point) -> Point {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// The cross product.
pub fn cross(a: Point, b: Point) -> Point {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The dot product.
pub fn dot(a: Point, b: Point) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// The distance between two points.
pub fn distance(a: Point, b: Point) -> f64 {
    dot(sub(a, b), sub(a, b)).sqrt()
}

/// A triangle's normal (not normalised): its corners counter-clockwise seen from where it points.
pub fn normal(t: &[Point; 3]) -> Point {
    cross(sub(t[1], t[0]), sub(t[2], t[0]))
}
