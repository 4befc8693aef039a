//! The fast move generator against the slow reference, on many random positions of every preset;
//! with the hash, FEN and notation checked on the way.

mod common;

use common::{all_variants, random_game, random_placement, Rng};
use std::collections::HashSet;
use topochess_core::{fen, reference, san, Move, Position};

fn same_moves(pos: &Position) {
    let fast: HashSet<Move> = pos.legal_moves().into_iter().collect();
    let slow: HashSet<Move> = reference::legal_moves(pos).into_iter().collect();
    assert_eq!(
        pos.legal_moves().len(),
        fast.len(),
        "duplicate moves in {}",
        fen::write(pos)
    );
    if fast != slow {
        let show = |set: &HashSet<Move>| {
            let mut v: Vec<String> = set.iter().map(|&m| san::to_coordinate(pos, m)).collect();
            v.sort();
            v.join(" ")
        };
        panic!(
            "{} {}\nfast only: {}\nreference only: {}",
            pos.variant().id(),
            fen::write(pos),
            show(&fast.difference(&slow).copied().collect()),
            show(&slow.difference(&fast).copied().collect())
        );
    }
}

fn consistent(pos: &Position) {
    assert_eq!(
        pos.hash(),
        pos.compute_hash(),
        "hash of {}",
        fen::write(pos)
    );
    let text = fen::write(pos);
    let back = fen::parse_position(pos.variant().clone(), &text).unwrap();
    assert_eq!(fen::write(&back), text);
    assert_eq!(back.hash(), pos.hash(), "{text}");
}

#[test]
fn random_games_agree_with_the_reference() {
    let mut rng = Rng::new(2026);
    let mut positions = 0;
    for variant in all_variants() {
        for _ in 0..12 {
            for pos in random_game(&variant, &mut rng, 160) {
                same_moves(&pos);
                consistent(&pos);
                positions += 1;
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn random_placements_agree_with_the_reference() {
    let mut rng = Rng::new(7);
    let mut positions = 0;
    for variant in all_variants() {
        for _ in 0..1000 {
            if let Some(pos) = random_placement(&variant, &mut rng, 14) {
                same_moves(&pos);
                consistent(&pos);
                positions += 1;
            }
        }
    }
    assert!(positions > 3_000, "{positions}");
}

#[test]
fn notation_round_trips_on_random_games() {
    let mut rng = Rng::new(99);
    for variant in all_variants() {
        for pos in random_game(&variant, &mut rng, 120) {
            for mv in pos.legal_moves() {
                let text = san::to_san(&pos, mv);
                assert_eq!(
                    san::parse_move(&pos, &text),
                    Ok(mv),
                    "{text} in {}",
                    fen::write(&pos)
                );
                let coord = san::to_coordinate(&pos, mv);
                assert_eq!(san::parse_move(&pos, &coord), Ok(mv), "{coord}");
            }
        }
    }
}
