//! The compact move code of links: it round-trips random games on every preset and lab surface,
//! and a 100-move game fits a chat message.

mod common;

use common::{all_variants, random_game, Rng};
use std::sync::Arc;
use topochess_core::compact::{self, CompactError};
use topochess_core::{Move, Position, Variant};

/// The moves between consecutive positions of a random game.
fn moves_of(positions: &[Position]) -> Vec<Move> {
    positions
        .windows(2)
        .map(|w| {
            w[0].legal_moves()
                .into_iter()
                .find(|&m| {
                    let mut p = w[0].clone();
                    p.play_unchecked(m);
                    p == w[1]
                })
                .expect("a move joins the positions")
        })
        .collect()
}

fn variants() -> Vec<Arc<Variant>> {
    let mut all = all_variants();
    all.extend(common::lab_variants(&[(6, 6), (9, 7), (16, 16)]));
    all
}

#[test]
fn random_games_round_trip_on_every_preset_and_lab_surface() {
    let mut rng = Rng::new(15);
    let mut longest = (0usize, String::new());
    let mut longest_preset = (0usize, String::new());
    for v in variants() {
        let positions = random_game(&v, &mut rng, 200);
        let moves = moves_of(&positions);
        let code = compact::encode(&positions[0], &moves).unwrap();
        assert_eq!(
            compact::decode(&positions[0], &code),
            Ok(moves.clone()),
            "{}",
            v.id()
        );
        // About one character a ply: well under two even on 16x16 boards.
        assert!(
            code.len() <= 2 * moves.len().max(1),
            "{}: {}",
            v.id(),
            code.len()
        );
        if moves.len() == 200 && code.len() > longest.0 {
            longest = (code.len(), v.id().to_string());
        }
        let preset = !v.id().starts_with("lab-");
        if preset && moves.len() == 200 && code.len() > longest_preset.0 {
            longest_preset = (code.len(), v.id().to_string());
        }
        // Any prefix decodes to the moves before it; a cut inside a move is refused.
        let half = compact::encode(&positions[0], &moves[..moves.len() / 2]).unwrap();
        assert!(code.starts_with(&half));
    }
    println!(
        "longest code of a 200-ply game: {} characters on a preset ({}), {} on any surface ({})",
        longest_preset.0, longest_preset.1, longest.0, longest.1
    );
    assert!(longest.0 <= 400, "{longest:?}");
}

#[test]
fn a_tampered_code_is_refused_or_names_another_legal_game() {
    let v = Arc::new(Variant::preset("folded", None).unwrap());
    let mut rng = Rng::new(3);
    let positions = random_game(&v, &mut rng, 60);
    let code = compact::encode(&positions[0], &moves_of(&positions)).unwrap();
    let check = compact::check(&code);
    for i in 0..code.len() {
        let mut bytes = code.clone().into_bytes();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let edited = String::from_utf8(bytes).unwrap();
        assert_ne!(compact::check(&edited), check, "the check sees edit {i}");
        match compact::decode(&positions[0], &edited) {
            Ok(moves) => {
                // Every decoded move is legal where it stands.
                let mut p = positions[0].clone();
                for m in moves {
                    assert!(p.legal_moves().contains(&m));
                    p.play_unchecked(m);
                }
            }
            Err(CompactError::NoSuchMove { .. } | CompactError::Truncated) => {}
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn a_game_that_cannot_be_carried_is_refused_not_cut_short() {
    let v = Arc::new(Variant::preset("folded", None).unwrap());
    let mut rng = Rng::new(8);
    let positions = random_game(&v, &mut rng, 20);
    let mut moves = moves_of(&positions);
    // A move that is not legal where it stands (the first move again, two plies on).
    moves.insert(2, moves[0]);
    assert_eq!(
        compact::encode(&positions[0], &moves),
        Err(CompactError::IllegalMove { ply: 3 })
    );
    // More moves than any game: refused before a move is looked at.
    let many = vec![moves[0]; compact::MAX_PLIES + 1];
    assert_eq!(
        compact::encode(&positions[0], &many),
        Err(CompactError::TooLong)
    );
}

#[test]
fn a_code_longer_than_any_game_is_refused_before_any_work() {
    let v = Arc::new(Variant::preset("standard", None).unwrap());
    let start = Position::start(v);
    // Nf3 Nf6 Ng1 Ng8 over and over: every character is a legal move, so without a limit the
    // decoder would play them all.
    let cycle = {
        let mut p = start.clone();
        let mut moves = Vec::new();
        for text in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            let mv = topochess_core::san::parse_move(&p, text).unwrap();
            moves.push(mv);
            p.play_unchecked(mv);
        }
        compact::encode(&start, &moves).unwrap()
    };
    let plies = |n: usize| cycle.repeat(n / 4);
    assert_eq!(
        compact::decode(&start, &plies(400)).map(|m| m.len()),
        Ok(400)
    );
    let long = plies(compact::MAX_PLIES + 4);
    assert_eq!(compact::decode(&start, &long), Err(CompactError::TooLong));
    // A huge code is refused at once: far faster than reading even a tenth of it would be.
    let huge = "A".repeat(50_000_000);
    let started = std::time::Instant::now();
    assert_eq!(compact::decode(&start, &huge), Err(CompactError::TooLong));
    assert!(started.elapsed() < std::time::Duration::from_millis(50));
}
