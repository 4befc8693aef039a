//! Properties of the surfaces: both diagonal orders agree, the knight definitions agree, rays are
//! reversible (so attack detection by reverse rays is sound), paths land where the ghost-square
//! function says, and custom surfaces of other sizes play by the same code as the reference.

mod common;

use common::{all_variants, random_game, random_placement, Rng};
use std::collections::{BTreeSet, HashSet};
use std::sync::Arc;
use topochess_core::geometry::{BoardSize, Dir, Square};
use topochess_core::internals::PawnRules;
use topochess_core::paths::move_paths;
use topochess_core::surface::{Gluing, Heading, Surface};
use topochess_core::{fen, reference, CastlingMode, Move, Variant};

/// Preset surfaces and custom ones of other sizes (all square-tiled: no pole rule but the gluing).
fn surfaces() -> Vec<Surface> {
    let mut list: Vec<Surface> = all_variants().iter().map(|v| *v.surface()).collect();
    for (w, h) in [(4, 4), (5, 7), (6, 6), (8, 14), (12, 12), (16, 16)] {
        let size = BoardSize::new(w, h).unwrap();
        for ew in [Gluing::Flat, Gluing::Wrap, Gluing::Twist, Gluing::Fold] {
            for ns in [
                Gluing::Flat,
                Gluing::Wrap,
                Gluing::Twist,
                Gluing::Fold,
                Gluing::Pole,
            ] {
                if let Ok(s) = Surface::new(size, ew, ns) {
                    list.push(s);
                }
            }
        }
    }
    list
}

/// Whether both orders of a diagonal step agree on this surface (not so on every gluing one can
/// imagine: where a twist meets a fold the corners differ).
fn diagonals_commute(s: &Surface) -> bool {
    s.size().all().all(|sq| {
        Dir::DIAGONAL.iter().all(|&dir| {
            let h = Heading { square: sq, dir };
            s.diagonal_step(h) == s.diagonal_step_horizontal_first(h)
        })
    })
}

#[test]
fn both_diagonal_orders_agree_and_rides_reverse_on_every_preset() {
    for v in all_variants() {
        assert!(diagonals_commute(v.surface()), "{}", v.id());
        assert!(v.tables().rides_reversible(), "{}", v.id());
    }
    // Where a fold or pole meets a wall or a twist, the orders can differ at the corners; such
    // surfaces take the move generator's slow path (see custom_surfaces_agree_with_the_reference).
    let odd = Surface::new(BoardSize::new(4, 4).unwrap(), Gluing::Flat, Gluing::Pole).unwrap();
    assert!(!diagonals_commute(&odd));
    assert!(!custom_variant(odd).tables().rides_reversible());
}

/// "Two orthogonal steps one way, then one perpendicular" and "one step, then two perpendicular",
/// each step in the frame the previous one left.
fn knight_by_orthogonal_steps(s: &Surface, from: Square) -> BTreeSet<Square> {
    let mut out = BTreeSet::new();
    for first in Dir::ORTHOGONAL {
        for side in [
            Dir {
                dx: first.dy,
                dy: first.dx,
            },
            Dir {
                dx: -first.dy,
                dy: -first.dx,
            },
        ] {
            for pattern in [[first, first, side], [first, side, side]] {
                let mut at = from;
                let mut frame_dirs = pattern;
                let mut ok = true;
                for i in 0..3 {
                    match s.orthogonal_step(at, frame_dirs[i]) {
                        Some((next, frame)) => {
                            at = next;
                            for d in frame_dirs.iter_mut().skip(i + 1) {
                                *d = frame.apply(*d);
                            }
                        }
                        None => ok = false,
                    }
                    if !ok {
                        break;
                    }
                }
                if ok && at != from {
                    out.insert(at);
                }
            }
        }
    }
    out
}

#[test]
fn knight_definitions_agree_on_square_tiled_surfaces() {
    for s in surfaces().into_iter().filter(diagonals_commute) {
        if s.north_south() == Gluing::Pole {
            continue; // the sphere is not square-tiled at its poles
        }
        for sq in s.size().all() {
            let by_definition: BTreeSet<Square> = s
                .knight_paths(sq)
                .iter()
                .map(|p| p.target())
                .filter(|&t| t != sq)
                .collect();
            assert_eq!(
                by_definition,
                knight_by_orthogonal_steps(&s, sq),
                "{s:?} {sq:?}"
            );
        }
    }
}

#[test]
fn rays_are_reversible_where_the_tables_say_so() {
    for s in surfaces() {
        if !custom_variant(s).tables().rides_reversible() {
            continue;
        }
        for diagonal in [false, true] {
            let mut pairs = HashSet::new();
            for sq in s.size().all() {
                for dir in Dir::ALL
                    .into_iter()
                    .filter(|d| d.is_orthogonal() != diagonal)
                {
                    for step in s.ray(sq, dir).0 {
                        pairs.insert((sq, step.to.square));
                    }
                }
            }
            for &(a, b) in &pairs {
                assert!(
                    pairs.contains(&(b, a)),
                    "{s:?}: {a:?} reaches {b:?} but not back"
                );
            }
        }
    }
}

#[test]
fn move_paths_run_through_the_ghost_squares() {
    let mut rng = Rng::new(5);
    for v in all_variants() {
        let surface = *v.surface();
        for pos in random_game(&v, &mut rng, 60) {
            for mv in pos.legal_moves() {
                let paths = move_paths(&pos, mv);
                assert!(!paths.is_empty(), "{} {mv:?}", fen::write(&pos));
                // A castling's paths are the king's, then the rook's.
                let king_paths = if mv.castle().is_some() {
                    &paths[..1]
                } else {
                    &paths[..]
                };
                for path in king_paths {
                    assert_eq!(path[0].square, mv.from);
                    assert_eq!(path.last().unwrap().square, mv.to);
                }
                for path in &paths {
                    for step in path.iter().filter(|s| !s.jump) {
                        assert_eq!(
                            surface.ghost_square(step.x, step.y),
                            Some(step.square),
                            "{mv:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn folded_rook_reaches_f3_four_ways() {
    let pos = common::position("folded", "4k3/8/8/8/8/2R5/8/4K3 w - - 0 1");
    let size = pos.size();
    let sq = |n: &str| size.parse_square(n).unwrap();
    let mv = Move {
        from: sq("c3"),
        to: sq("f3"),
        kind: topochess_core::MoveKind::Normal,
    };
    let paths = move_paths(&pos, mv);
    assert_eq!(paths.len(), 4);
    // The path north goes over the fold: c8 is followed by f8, drawn just above c8.
    let north = paths.iter().find(|p| p[1].square == sq("c4")).unwrap();
    let over = north.iter().position(|s| s.square == sq("c8")).unwrap();
    assert_eq!(north[over + 1].square, sq("f8"));
    assert_eq!((north[over + 1].x, north[over + 1].y), (2, 8));
    assert_eq!(north[over + 1].heading, Dir::S);
}

fn custom_variant(surface: Surface) -> Arc<Variant> {
    let size = surface.size();
    let placement = vec![size.width().to_string(); size.height() as usize].join("/");
    Arc::new(Variant::build(
        "custom".into(),
        "Custom".into(),
        surface,
        PawnRules::ordinary(size),
        CastlingMode::None,
        [0, size.height() as i32 - 1],
        placement,
    ))
}

#[test]
fn custom_surfaces_agree_with_the_reference() {
    let mut rng = Rng::new(16);
    let mut checked = 0;
    for s in surfaces() {
        let v = custom_variant(s);
        for _ in 0..25 {
            let Some(pos) = random_placement(&v, &mut rng, 10) else {
                continue;
            };
            let fast: HashSet<Move> = pos.legal_moves().into_iter().collect();
            let slow: HashSet<Move> = reference::legal_moves(&pos).into_iter().collect();
            assert_eq!(fast, slow, "{s:?} {}", fen::write(&pos));
            assert_eq!(pos.hash(), pos.compute_hash());
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn lab_surfaces_agree_with_the_reference_from_their_starts() {
    use topochess_core::lab::LabSpec;
    let mut rng = Rng::new(77);
    let mut checked = 0;
    for ew in Gluing::ALL {
        for ns in Gluing::ALL {
            for (w, h) in [(4, 4), (6, 6), (7, 5), (10, 12)] {
                let spec = LabSpec {
                    east_west: ew,
                    north_south: ns,
                    width: w,
                    height: h,
                };
                let Ok(v) = Variant::lab(spec) else { continue };
                let v = Arc::new(v);
                let kind = topochess_core::topology::classify(ew, ns);
                assert!(!kind.name.is_empty());
                for pos in random_game(&v, &mut rng, 30).into_iter().step_by(3) {
                    let fast: HashSet<Move> = pos.legal_moves().into_iter().collect();
                    let slow: HashSet<Move> = reference::legal_moves(&pos).into_iter().collect();
                    assert_eq!(fast, slow, "{} {}", spec.id(), fen::write(&pos));
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

#[test]
fn cone_points_of_the_pillow_and_the_torus() {
    let folded = Variant::preset("folded", None).unwrap();
    let names: Vec<String> = topochess_core::topology::cone_points(folded.surface())
        .into_iter()
        .map(|s| folded.size().name(s))
        .collect();
    assert_eq!(names, ["a1", "d1", "e1", "h1", "a8", "d8", "e8", "h8"]);
    let torus = Variant::preset("torus", None).unwrap();
    assert!(topochess_core::topology::cone_points(torus.surface()).is_empty());
}
