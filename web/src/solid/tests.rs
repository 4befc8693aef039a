use super::*;
use topochess_core::geometry::{BoardSize, Dir, Square};
use topochess_core::variant::{Variant, PRESETS};

/// Every preset's surface and every lab gluing pair on a few sizes (poles need even sides).
fn surfaces() -> Vec<(String, Surface)> {
    let mut all: Vec<(String, Surface)> = PRESETS
        .iter()
        .map(|p| {
            let v = Variant::preset(p.id, None).expect("presets build");
            (p.id.to_string(), *v.surface())
        })
        .collect();
    for ew in Gluing::ALL {
        for ns in Gluing::ALL {
            for (w, h) in [(4, 4), (6, 8), (8, 8), (10, 6), (5, 7)] {
                let size = BoardSize::new(w, h).expect("lab sizes are boards");
                if let Ok(s) = Surface::new(size, ew, ns) {
                    all.push((format!("lab-{}-{}-{w}x{h}", ew.name(), ns.name()), s));
                }
            }
        }
    }
    all
}

const TOLERANCE: f64 = 1e-6;

/// Points along a square's side (its two corners and three between), in the order of the side.
fn side(solid: &Solid, surface: &Surface, sq: Square, dir: Dir) -> Vec<Point> {
    let size = surface.size();
    let (f, r) = (size.file(sq) as f64, size.rank(sq) as f64);
    let ((x0, y0), (x1, y1)) = match (dir.dx, dir.dy) {
        (0, 1) => ((f, r + 1.0), (f + 1.0, r + 1.0)),
        (0, _) => ((f, r), (f + 1.0, r)),
        (1, _) => ((f + 1.0, r), (f + 1.0, r + 1.0)),
        _ => ((f, r), (f, r + 1.0)),
    };
    (0..=4)
        .map(|k| {
            let t = k as f64 / 4.0;
            solid.point(x0 + t * (x1 - x0), y0 + t * (y1 - y0))
        })
        .collect()
}

/// The two sides are the same curve in space, one way or the other.
fn same_curve(a: &[Point], b: &[Point]) -> bool {
    let along = a.iter().zip(b).all(|(p, q)| distance(*p, *q) < TOLERANCE);
    let back = a
        .iter()
        .zip(b.iter().rev())
        .all(|(p, q)| distance(*p, *q) < TOLERANCE);
    along || back
}

/// A side gathered into one point (a pole).
fn gathered(a: &[Point]) -> bool {
    a.iter().all(|p| distance(*p, a[0]) < TOLERANCE)
}

#[test]
fn every_square_is_a_patch_of_the_surface_with_no_point_lost() {
    for (id, surface) in surfaces() {
        let solid = Solid::of(&surface);
        let mesh = solid.mesh(3);
        let n = surface.size().all().count();
        assert_eq!(mesh.triangles.len(), n * 18, "{id}");
        let mut area = vec![0.0; n];
        for (t, &sq) in mesh.triangles.iter().zip(&mesh.squares) {
            assert!(t.iter().flatten().all(|c| c.is_finite()), "{id}");
            let nm = normal(t);
            area[sq as usize] += dot(nm, nm).sqrt() / 2.0;
        }
        let mean = area.iter().sum::<f64>() / n as f64;
        for (sq, a) in area.iter().enumerate() {
            assert!(
                *a > 0.01 * mean,
                "{id}: square {sq} has no area ({a} of {mean})"
            );
        }
    }
}

#[test]
fn squares_meet_in_space_exactly_where_the_surface_glues_them() {
    for (id, surface) in surfaces() {
        let solid = Solid::of(&surface);
        let size = surface.size();
        let mut sides: Vec<(Square, Dir, Vec<Point>)> = Vec::new();
        for sq in size.all() {
            for dir in Dir::ORTHOGONAL {
                sides.push((sq, dir, side(&solid, &surface, sq, dir)));
            }
        }
        for (sq, dir, mine) in &sides {
            let name = size.name(*sq);
            let glued = surface.orthogonal_step(*sq, *dir);
            if let Some((to, frame)) = glued {
                // The side it is glued to: the one the step comes in through.
                let back = frame.apply(*dir).reverse();
                let theirs = side(&solid, &surface, to, back);
                assert!(
                    same_curve(mine, &theirs)
                        || (gathered(mine)
                            && gathered(&theirs)
                            && distance(mine[0], theirs[0]) < TOLERANCE),
                    "{id}: {name} {} does not meet {} {}",
                    dir.name(),
                    size.name(to),
                    back.name()
                );
            }
            if gathered(mine) {
                // A pole: every side gathered there is glued across it.
                assert!(
                    surface.north_south() == Gluing::Pole || surface.east_west() == Gluing::Pole,
                    "{id}: {name} {} is a point",
                    dir.name()
                );
                continue;
            }
            // No other side lies on this one unless the tables glue them.
            for (other, odir, theirs) in &sides {
                if (other, odir) == (sq, dir) || !same_curve(mine, theirs) {
                    continue;
                }
                let expected = glued.map(|(to, frame)| (to, frame.apply(*dir).reverse()));
                assert_eq!(
                    expected,
                    Some((*other, *odir)),
                    "{id}: {name} {} lies on {} {} without a gluing",
                    dir.name(),
                    size.name(*other),
                    odir.name()
                );
            }
        }
    }
}

#[test]
fn normals_face_out_on_two_sided_surfaces() {
    for (id, surface) in surfaces() {
        let solid = Solid::of(&surface);
        if !solid.two_sided() {
            continue;
        }
        let mesh = solid.mesh(2);
        let (centre, _) = mesh.bounds();
        if surface.is_flat() {
            assert!(mesh.triangles.iter().all(|t| normal(t)[2] > 0.0), "{id}");
            continue;
        }
        // The flux of the position through the surface: three times the volume enclosed when
        // closed, and positive for a tube or slit shape whose normals point away from inside.
        let flux: f64 = mesh
            .triangles
            .iter()
            .map(|t| {
                let c = [0, 1, 2].map(|k| (t[0][k] + t[1][k] + t[2][k]) / 3.0);
                dot(sub(c, centre), normal(t)) / 2.0
            })
            .sum();
        let (_, radius) = mesh.bounds();
        assert!(flux > 0.05 * radius.powi(3), "{id}: flux {flux}");
    }
}

#[test]
fn shapes_are_read_from_the_gluings_not_the_preset() {
    let named = |id: &str| {
        let v = Variant::preset(id, None).expect("preset");
        Solid::of(v.surface()).name()
    };
    assert_eq!(named("folded"), "a pillow");
    assert_eq!(named("standard"), "a flat board");
    assert_eq!(named("cylinder"), "a tube");
    assert_eq!(named("torus"), "a doughnut (torus)");
    assert_eq!(
        named("klein-8x14"),
        "a Klein bottle, passing through itself"
    );
    for p in PRESETS.iter().filter(|p| p.id.starts_with("sphere")) {
        assert_eq!(named(p.id), "a globe", "{}", p.id);
    }
    let lab = |ew, ns| {
        let s = Surface::new(BoardSize::new(6, 6).expect("6x6"), ew, ns).expect("lab");
        Solid::of(&s).name()
    };
    assert_eq!(lab(Gluing::Twist, Gluing::Flat), "a Moebius strip");
    assert_eq!(
        lab(Gluing::Twist, Gluing::Twist),
        "a cross-cap, passing through itself"
    );
    assert_eq!(lab(Gluing::Flat, Gluing::Wrap), "a tube");
}

#[test]
fn the_folded_boards_corner_squares_sit_at_the_pillows_four_corners() {
    let v = Variant::preset("folded", None).expect("folded");
    let solid = Solid::of(v.surface());
    let size = v.size();
    // a1 and h1 meet at the bottom left corner, d1 and e1 at the bottom right, and so on.
    let corner = |name: &str, dx: f64, dy: f64| {
        let sq = size.parse_square(name).expect("square");
        let (f, r) = (size.file(sq) as f64, size.rank(sq) as f64);
        solid.point(f + dx, r + dy)
    };
    assert!(distance(corner("a1", 0.0, 0.0), corner("h1", 1.0, 0.0)) < TOLERANCE);
    assert!(distance(corner("d1", 1.0, 0.0), corner("e1", 0.0, 0.0)) < TOLERANCE);
    assert!(distance(corner("a8", 0.0, 1.0), corner("h8", 1.0, 1.0)) < TOLERANCE);
    assert!(distance(corner("d8", 1.0, 1.0), corner("e8", 0.0, 1.0)) < TOLERANCE);
    // The four corners are apart: the pillow is a pillow, not a point.
    let a1 = corner("a1", 0.0, 0.0);
    for other in [
        corner("d1", 1.0, 0.0),
        corner("a8", 0.0, 1.0),
        corner("d8", 1.0, 1.0),
    ] {
        assert!(distance(a1, other) > 3.0);
    }
    // Files a-d face the viewer, e-h face away.
    assert!(corner("b4", 0.5, 0.5)[2] > 0.0 && corner("g4", 0.5, 0.5)[2] < 0.0);
}

#[test]
fn a_piece_stands_on_its_squares_middle_and_is_sized_to_it() {
    for (id, surface) in surfaces() {
        let solid = Solid::of(&surface);
        let mesh = solid.mesh(16);
        let size = surface.size();
        for sq in size.all() {
            let (f, r) = (size.file(sq), size.rank(sq));
            let (base, side) = solid.stand(f, r);
            let middle = solid.point(f as f64 + 0.5, r as f64 + 0.5);
            assert!(distance(base, middle) < 1e-12, "{id}");
            // Its size is the square's: a square of that side has about the square's area.
            let first = sq.0 as usize * 512;
            let area: f64 = mesh.triangles[first..first + 512]
                .iter()
                .map(|t| dot(normal(t), normal(t)).sqrt() / 2.0)
                .sum();
            let ratio = side * side / area;
            assert!(
                (0.8..1.25).contains(&ratio),
                "{id} {}: {ratio}",
                size.name(sq)
            );
        }
    }
}
