//! Perft from every preset's start position: docs/rules.md section 11.

use std::sync::Arc;
use topochess_core::perft::perft;
use topochess_core::{CastlingMode, Position, Variant};

fn start(id: &str, mode: Option<CastlingMode>) -> Position {
    Position::start(Arc::new(Variant::preset(id, mode).unwrap()))
}

fn check(id: &str, mode: Option<CastlingMode>, expected: &[u64]) {
    let pos = start(id, mode);
    for (depth, &nodes) in expected.iter().enumerate() {
        assert_eq!(
            perft(&pos, depth as u32 + 1),
            nodes,
            "{id} ({mode:?}) perft {}",
            depth + 1
        );
    }
}

#[test]
fn standard() {
    check("standard", None, &[20, 400, 8902, 197281]);
}

#[test]
fn folded_each_castling_option() {
    for mode in CastlingMode::ALL {
        check("folded", Some(mode), &[20, 392, 9318, 218388]);
    }
}

#[test]
fn cylinder_each_castling_option() {
    for mode in [
        CastlingMode::EitherSide,
        CastlingMode::Standard,
        CastlingMode::None,
    ] {
        check("cylinder", Some(mode), &[20, 392, 9162, 211036]);
    }
}

#[test]
fn horizontal_cylinder() {
    check("horizontal-cylinder", None, &[45, 1676, 64556, 2479182]);
}

#[test]
fn torus() {
    check("torus", None, &[49, 2033, 88010, 3815789]);
}

#[test]
fn torus_8x14() {
    check("torus-8x14", None, &[40, 1584, 68044, 2891434]);
}

#[test]
fn cylinder_8x14() {
    check("cylinder-8x14", None, &[40, 1600, 66964, 2799108]);
}

#[test]
fn klein_8x14() {
    check("klein-8x14", None, &[40, 1588, 68516, 2930600]);
}

#[test]
fn spheres() {
    for id in ["sphere-grayber", "sphere-miller"] {
        check(id, None, &[20, 392, 9398, 222274]);
    }
    for id in ["sphere-yapsan", "sphere-global", "sphere-dot"] {
        check(id, None, &[20, 392, 9398, 222426]);
    }
    check("sphere-nadvorney", None, &[20, 392, 9398, 222360]);
    check("sphere-boholy", None, &[20, 392, 9322, 218784]);
    check("sphere-welman", None, &[20, 392, 9242, 214894]);
}
