//! The spherical family (docs/rules.md sections 6, 8 and 10): bishop loops, Miller's and Dickins'
//! tours, every knight example, the rook over the pole, kings by the pole, Boholy's guarded
//! poles, Yapsan's stationary moves, either-side castling, and jump steps in paths.

mod common;

use common::{position, variant};
use std::collections::BTreeSet;
use topochess_core::fen::{self, FenError};
use topochess_core::geometry::Dir;
use topochess_core::paths::move_paths;
use topochess_core::surface::{Heading, KnightRule};
use topochess_core::{san, Color, Move, MoveKind, Role, Square};

const SPHERES: [&str; 8] = [
    "sphere-grayber",
    "sphere-miller",
    "sphere-yapsan",
    "sphere-nadvorney",
    "sphere-boholy",
    "sphere-global",
    "sphere-welman",
    "sphere-dot",
];

fn sq(name: &str) -> Square {
    topochess_core::BoardSize::STANDARD
        .parse_square(name)
        .unwrap()
}

/// `steps` diagonal steps from `from` heading `dir`, with no stopping rule.
fn walk(id: &str, from: &str, dir: Dir, steps: usize) -> Vec<String> {
    let v = variant(id, None);
    let surface = v.surface();
    let mut at = Heading {
        square: sq(from),
        dir,
    };
    let mut out = Vec::new();
    for _ in 0..steps {
        let step = surface.step(at).unwrap();
        out.push(v.size().name(step.to.square));
        at = step.to;
    }
    out
}

fn names(list: &str) -> Vec<String> {
    list.split(|c: char| c == '-' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn bishop_loops_of_nadvorney_and_yapsan() {
    let klein = names("f2-e1-h1-g2-f3-e4-d5-c6-b7-a8-d8-c7-b6-a5-h4-g3");
    assert_eq!(walk("sphere-nadvorney", "g3", Dir::SW, klein.len()), klein);
    let straight = names("f2-e1-a1-b2-c3-d4-e5-f6-g7-h8-d8-c7-b6-a5-h4-g3");
    for id in [
        "sphere-yapsan",
        "sphere-boholy",
        "sphere-global",
        "sphere-welman",
        "sphere-dot",
    ] {
        assert_eq!(walk(id, "g3", Dir::SW, straight.len()), straight, "{id}");
    }
    // As a ray the loop ends where it began: 15 squares and a way back home.
    let v = variant("sphere-yapsan", None);
    assert_eq!(v.tables().ray(sq("g3"), Dir::SW.index()).len(), 15);
    assert!(v.tables().ray_returns(sq("g3"), Dir::SW.index()));
}

#[test]
fn millers_bishop_and_dickins_tour() {
    for id in ["sphere-grayber", "sphere-miller"] {
        assert_eq!(walk(id, "h3", Dir::SE, 5), names("a2 b1 h1 a2 b3"), "{id}");
    }
    // Dickins, A Guide to Fairy Chess: from g4 round every square of the colour and back.
    let tour = names(
        "h3 a2 b1 h1 a2 b3 c4 d5 e6 f7 g8 e8 f7 g6 h5 a4 b3 c2 d1 b1 c2 d3 e4 f5 g6 h7 a8 g8 \
         h7 a6 b5 c4 d3 e2 f1 d1 e2 f3 g4 h5 a6 b7 c8 a8 b7 c6 d5 e4 f3 g2 h1 f1 g2 h3 a4 b5 \
         c6 d7 e8 c8 d7 e6 f5 g4",
    );
    assert_eq!(walk("sphere-miller", "g4", Dir::SE, tour.len()), tour);
    // The move itself stops on coming back to g4 (half way round the tour).
    let v = variant("sphere-miller", None);
    let ray = v.tables().ray(sq("g4"), Dir::SE.index());
    let first_return = tour.iter().position(|s| s == "g4").unwrap();
    let expected: BTreeSet<String> = tour[..first_return].iter().cloned().collect();
    let got: BTreeSet<String> = ray.iter().map(|&s| v.size().name(s)).collect();
    assert_eq!(got, expected);
}

fn knight(id: &str, from: &str) -> BTreeSet<String> {
    let v = variant(id, None);
    v.reach(Role::Knight, Color::White, sq(from))
        .iter()
        .map(|s| v.size().name(s))
        .collect()
}

fn set(list: &str) -> BTreeSet<String> {
    names(list).into_iter().collect()
}

#[test]
fn every_knight_example() {
    assert_eq!(knight("sphere-welman", "b1"), set("d2 c3 a3 h2"));
    assert_eq!(knight("sphere-welman", "b2"), set("d1 d3 c4 a4 h3 h1"));
    assert_eq!(knight("sphere-grayber", "g1"), set("a2 b2 h3 f3 e2 d2"));
    assert_eq!(knight("sphere-grayber", "g2"), set("a1 a3 h4 f4 e3 e1"));
    assert_eq!(knight("sphere-grayber", "g8"), set("a7 b7 h6 f6 e7 d7"));
    assert_eq!(
        knight("sphere-miller", "g2"),
        set("a1 a3 h4 f4 e3 e1 b1 d1")
    );
    assert_eq!(knight("sphere-miller", "g1"), set("a2 b2 h3 f3 e2 d2"));
    for id in [
        "sphere-yapsan",
        "sphere-nadvorney",
        "sphere-global",
        "sphere-dot",
    ] {
        assert_eq!(knight(id, "g1"), set("a2 b2 h3 f3 e2 d2 a1 e1"), "{id}");
        assert_eq!(knight(id, "g2"), set("a1 a3 h4 f4 e3 e1 b1 d1"), "{id}");
    }
    assert_eq!(knight("sphere-boholy", "g1"), set("h3 a2 b1 d1 e2 f3"));
    assert_eq!(knight("sphere-boholy", "g2"), set("h4 a3 a1 e1 e3 f4"));
    let d1 = knight("sphere-nadvorney", "d1");
    assert!(d1.contains("g2") && d1.contains("a2"), "{d1:?}");
    // `eight` is what section 3 gives on Nadvorney's Klein surface.
    let v = variant("sphere-nadvorney", None);
    let steps = v.surface().with_knight(KnightRule::Steps);
    for from in v.size().all() {
        let a: BTreeSet<Square> = v
            .surface()
            .knight_paths(from)
            .iter()
            .map(|p| p.target())
            .collect();
        let b: BTreeSet<Square> = steps
            .knight_paths(from)
            .iter()
            .map(|p| p.target())
            .collect();
        assert_eq!(a, b);
    }
}

#[test]
fn rook_over_the_pole_in_every_version() {
    for id in SPHERES {
        assert_eq!(walk(id, "a3", Dir::S, 5), names("a2 a1 e1 e2 e3"), "{id}");
    }
}

fn king(id: &str, from: &str) -> BTreeSet<String> {
    let v = variant(id, None);
    v.reach(Role::King, Color::White, sq(from))
        .iter()
        .map(|s| v.size().name(s))
        .collect()
}

#[test]
fn kings_by_the_pole() {
    for id in ["sphere-yapsan", "sphere-global", "sphere-dot"] {
        assert_eq!(king(id, "e1"), set("d1 f1 d2 e2 f2 a1"), "{id}");
    }
    assert_eq!(
        king("sphere-nadvorney", "e1"),
        set("d1 f1 d2 e2 f2 a1 h1 b1")
    );
    assert_eq!(king("sphere-welman", "e1"), set("d1 f1 d2 e2 f2"));
    assert_eq!(king("sphere-welman", "a4"), set("a3 a5 b3 b4 b5"));
    // Welman's kings may stand side by side across the seam; elsewhere that is check.
    assert!(fen::parse_position(
        variant("sphere-welman", None),
        "8/8/8/8/8/8/8/K6k w - - 0 1"
    )
    .is_ok());
    assert_eq!(
        fen::parse_position(variant("sphere-dot", None), "8/8/8/8/8/8/8/K6k w - - 0 1")
            .unwrap_err(),
        FenError::OppositeCheck
    );
}

fn has_move(id: &str, fen_text: &str, text: &str) -> bool {
    san::parse_move(&position(id, fen_text), text).is_ok()
}

#[test]
fn boholys_king_crosses_only_a_free_pole() {
    let free = "8/8/2k5/8/8/8/8/4K3 w - - 0 1";
    assert!(has_move("sphere-boholy", free, "Ka1"));
    for guarded in [
        "8/8/2k5/1r6/8/8/8/4K3 w - - 0 1", // a rook on the b-file runs into the pole
        "8/8/2k5/8/8/8/7n/4K3 w - - 0 1",  // a knight on the second rank
        "8/8/8/8/8/8/8/2k1K3 w - - 0 1",   // the king on the first rank
        "8/8/2k5/8/8/8/8/r3K3 w - - 0 1",  // a rook on the pole's own rank
    ] {
        assert!(!has_move("sphere-boholy", guarded, "Ka1"), "{guarded}");
        assert!(
            has_move("sphere-dot", guarded, "Ka1") || guarded.contains("r3K3"),
            "{guarded}"
        );
    }
    // A rook on the b-file blocked on both ways to the pole does not guard it (northward it would
    // come over the north pole and down the f-file).
    assert!(!has_move(
        "sphere-boholy",
        "8/8/2k5/1r6/8/1P6/8/4K3 w - - 0 1",
        "Ka1"
    ));
    assert!(has_move(
        "sphere-boholy",
        "8/1P6/2k5/1r6/8/1P6/8/4K3 w - - 0 1",
        "Ka1"
    ));
    // A rook reaching the south pole over the north pole guards it.
    assert!(!has_move(
        "sphere-boholy",
        "8/1r6/2k5/8/8/8/8/4K3 w - - 0 1",
        "Ka1"
    ));
    // Kings facing each other over a pole: each guards it, so neither attacks the other.
    assert!(fen::parse_position(
        variant("sphere-boholy", None),
        "8/8/8/8/8/8/8/k3K3 w - - 0 1"
    )
    .is_ok());
    assert_eq!(
        fen::parse_position(variant("sphere-dot", None), "8/8/8/8/8/8/8/k3K3 w - - 0 1")
            .unwrap_err(),
        FenError::OppositeCheck
    );
}

#[test]
fn yapsans_stationary_move() {
    let fen_text = "8/8/2k5/8/3R4/8/8/4K3 w - - 0 1";
    let pos = position("sphere-yapsan", fen_text);
    let mv = san::parse_move(&pos, "Rd4d4").unwrap();
    assert!(mv.is_stationary());
    assert_eq!(san::to_san(&pos, mv), "Rd4d4");
    let mut after = pos.clone();
    after.play_unchecked(mv);
    assert_eq!(fen::write(&after), "8/8/2k5/8/3R4/8/8/4K3 b - - 1 1");
    for id in SPHERES.iter().filter(|&&id| id != "sphere-yapsan") {
        assert!(!has_move(id, fen_text, "Rd4d4"), "{id}");
    }
    // Either loop (the rank, or the file over both poles) gives it; blocking both removes it.
    assert!(has_move(
        "sphere-yapsan",
        "8/8/2k5/8/3RP3/8/8/4K3 w - - 0 1",
        "Rd4d4"
    ));
    assert!(!has_move(
        "sphere-yapsan",
        "8/8/2k5/8/3RP3/3P4/8/4K3 w - - 0 1",
        "Rd4d4"
    ));
    // A stationary move that leaves the king in check is illegal.
    assert!(!has_move(
        "sphere-yapsan",
        "8/8/8/8/3R4/8/2k5/4K2r w - - 0 1",
        "Rd4d4"
    ));
}

#[test]
fn either_side_castling_where_the_version_has_it() {
    let fen_text = "8/8/2k5/8/8/8/8/R3K3 w Q - 0 1";
    for id in SPHERES {
        let either = ["sphere-yapsan", "sphere-nadvorney", "sphere-dot"].contains(&id);
        assert_eq!(has_move(id, fen_text, "CO-O"), either, "{id}");
        assert!(has_move(id, fen_text, "O-O-O"), "{id}");
    }
}

#[test]
fn pole_jumps_are_marked_in_paths() {
    let path_to = |id: &str, to: &str| {
        let pos = position(id, "3K4/8/8/8/8/k5B1/8/8 w - - 0 1");
        let mv = Move {
            from: sq("g3"),
            to: sq(to),
            kind: MoveKind::Normal,
        };
        move_paths(&pos, mv)
    };
    // Straight over the pole: e1 to a1 is a jump, drawn as an arc.
    let straight = path_to("sphere-dot", "b2");
    let path = straight
        .iter()
        .find(|p| p.iter().any(|s| s.square == sq("a1")))
        .unwrap();
    let a1 = path.iter().find(|s| s.square == sq("a1")).unwrap();
    assert!(a1.jump);
    assert_eq!((a1.x, a1.y), (0, 0));
    // On Nadvorney's Klein board the same diagonal is a straight line through the ghost row.
    let klein = path_to("sphere-nadvorney", "g2");
    let path = klein
        .iter()
        .find(|p| p.iter().any(|s| s.square == sq("h1")))
        .unwrap();
    assert!(path.iter().all(|s| !s.jump));
    let h1 = path.iter().find(|s| s.square == sq("h1")).unwrap();
    assert_eq!((h1.x, h1.y), (3, -1));
}
