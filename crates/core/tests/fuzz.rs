//! Generated inputs for every parser: random text and mutations of valid text. Nothing may panic,
//! and whatever is accepted must be a consistent position or game.

mod common;

use common::{all_variants, random_game, Rng};
use proptest::prelude::*;
use std::sync::{Arc, OnceLock};
use topochess_core::{fen, pgn, reference, san, Position, Variant};

/// Every preset with each castling option, and every lab surface at two sizes.
fn variants() -> &'static [Arc<Variant>] {
    static VARIANTS: OnceLock<Vec<Arc<Variant>>> = OnceLock::new();
    VARIANTS.get_or_init(|| {
        let mut all = all_variants();
        all.extend(common::lab_variants(&[(6, 6), (9, 10)]));
        all
    })
}

/// Valid FENs of every preset: start positions and positions from random games.
fn seed_fens() -> &'static [(usize, String)] {
    static SEEDS: OnceLock<Vec<(usize, String)>> = OnceLock::new();
    SEEDS.get_or_init(make_seed_fens)
}

fn make_seed_fens() -> Vec<(usize, String)> {
    let mut rng = Rng::new(31);
    let mut out = Vec::new();
    for (i, v) in variants().iter().enumerate() {
        for pos in random_game(v, &mut rng, 40).iter().step_by(8) {
            out.push((i, fen::write(pos)));
        }
    }
    out
}

const ALPHABET: &[u8] = b"pnbrqkPNBRQK12345678910/ -wbKQkqabcdefgh0xO=+#.[]\"{}()$;e";

/// Applies `edits` random edits (delete, insert, replace, duplicate a slice) to `text`.
fn mutate(text: &str, edits: &[(u8, usize, usize)]) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for &(kind, a, b) in edits {
        if bytes.is_empty() {
            bytes.push(ALPHABET[b % ALPHABET.len()]);
            continue;
        }
        let at = a % bytes.len();
        match kind % 4 {
            0 => {
                bytes.remove(at);
            }
            1 => bytes.insert(at, ALPHABET[b % ALPHABET.len()]),
            2 => bytes[at] = ALPHABET[b % ALPHABET.len()],
            _ => {
                let end = (at + 1 + b % 6).min(bytes.len());
                let slice = bytes[at..end].to_vec();
                bytes.splice(at..at, slice);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn check_accepted(pos: &Position) {
    assert_eq!(pos.hash(), pos.compute_hash());
    let mut fast = pos.legal_moves();
    let mut slow = reference::legal_moves(pos);
    let key = |m: &topochess_core::Move| format!("{m:?}");
    fast.sort_by_key(key);
    slow.sort_by_key(key);
    assert_eq!(fast, slow, "{}", fen::write(pos));
    let again = fen::parse_position(pos.variant().clone(), &fen::write(pos)).unwrap();
    assert_eq!(fen::write(&again), fen::write(pos));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    #[test]
    fn random_text_is_never_a_panic(text in "\\PC{0,80}", which in any::<usize>()) {
        let vs = variants();
        let v = vs[which % vs.len()].clone();
        if let Ok(pos) = fen::parse_position(v.clone(), &text) {
            check_accepted(&pos);
        }
        if let Ok((pos, _)) = fen::parse_position_lenient(v.clone(), &text) {
            check_accepted(&pos);
        }
        let start = Position::start(v);
        let _ = san::parse_move(&start, &text);
        if let Ok(moves) = san::candidate_moves(&start, &text) {
            prop_assert!(moves.iter().all(|m| start.legal_moves().contains(m)));
        }
        let _ = pgn::read(&text);
    }

    #[test]
    fn mutated_fens_are_rejected_or_consistent(
        seed in any::<usize>(),
        edits in proptest::collection::vec((0u8..4, 0usize..200, 0usize..200), 1..4),
    ) {
        let seeds = seed_fens();
        let (i, text) = &seeds[seed % seeds.len()];
        let v = variants()[*i].clone();
        let mutated = mutate(text, &edits);
        if let Ok(pos) = fen::parse_position(v.clone(), &mutated) {
            check_accepted(&pos);
        }
        if let Ok((pos, _)) = fen::parse_position_lenient(v, &mutated) {
            check_accepted(&pos);
        }
    }

    #[test]
    fn mutated_moves_and_pgn_are_never_a_panic(
        seed in any::<usize>(),
        edits in proptest::collection::vec((0u8..4, 0usize..200, 0usize..200), 1..4),
    ) {
        let seeds = seed_fens();
        let (i, text) = &seeds[seed % seeds.len()];
        let v = variants()[*i].clone();
        let pos = fen::parse_position(v.clone(), text).unwrap();
        for mv in pos.legal_moves().into_iter().take(5) {
            let written = san::to_san(&pos, mv);
            if let Ok(read) = san::parse_move(&pos, &mutate(&written, &edits)) {
                prop_assert!(pos.legal_moves().contains(&read));
            }
        }
        let mut game = topochess_core::game::Game::new(pos);
        let mut rng = Rng::new(seed as u64);
        for _ in 0..12 {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(rng.pick(&moves)).unwrap();
        }
        // A side line with a glyph, a comment and an evaluation, for the mutations to hit.
        let mut tree = topochess_core::move_tree::MoveTree::of_game(&game);
        if let Some(&first) = tree.mainline().first() {
            let start = tree.start().clone();
            if let Some(&other) = start.legal_moves().iter().rev().find(|&&m| Some(m) != tree.node(first).mv()) {
                let side = tree.play(topochess_core::move_tree::MoveTree::ROOT, other).unwrap();
                tree.toggle_nag(side, 2);
                let node = tree.node_mut(side).unwrap();
                node.comment = "why not".into();
                node.eval = Some(topochess_core::move_tree::Eval::Centipawns(-40));
            }
        }
        let text = pgn::write_tree(&game, &tree, &[]);
        let reread = pgn::read(&text).unwrap();
        prop_assert_eq!(reread.game.moves(), game.moves());
        if let Ok(read) = pgn::read(&mutate(&text, &edits)) {
            check_accepted(read.game.position());
        }
    }
}
