//! `Position::gives_check` (whether a move checks, found without making it) equals making the
//! move and asking `is_check`, for every legal move of random games and random placements on
//! every preset and lab surface, among them those whose rides cannot be walked back.

mod common;

use common::{all_variants, lab_variants, random_game, random_placement, Rng};
use topochess_core::{MoveKind, Position};

/// Checks every legal move of `pos`; returns (moves, checks among them).
fn compare(pos: &Position) -> (usize, usize) {
    let (mut moves, mut checks) = (0, 0);
    for mv in pos.legal_moves() {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let expected = after.is_check();
        assert_eq!(
            pos.gives_check(mv),
            expected,
            "{} {mv:?} in {}",
            pos.variant().id(),
            topochess_core::fen::write(pos)
        );
        moves += 1;
        checks += expected as usize;
    }
    (moves, checks)
}

#[test]
fn a_check_found_without_the_move_is_the_check_after_it() {
    let mut rng = Rng::new(23);
    let mut variants = all_variants();
    variants.extend(lab_variants(&[(6, 6), (5, 7), (10, 12), (16, 16)]));
    let (mut moves, mut checks, mut walked) = (0, 0, 0);
    for v in &variants {
        let mut positions = random_game(v, &mut rng, 40);
        positions.extend((0..30).filter_map(|_| random_placement(v, &mut rng, 10)));
        for pos in &positions {
            let (m, c) = compare(pos);
            moves += m;
            checks += c;
            if !v.tables().rides_reversible() {
                walked += c;
            }
        }
    }
    assert!(
        moves > 20_000 && checks > 2_000 && walked > 50,
        "{moves} {checks} {walked}"
    );
}

/// Castling, en passant and promotion are made to be asked; a discovered check counts too.
#[test]
fn special_moves_and_discovered_checks() {
    let castle: fn(MoveKind) -> bool = |k| matches!(k, MoveKind::Castle(_));
    let en_passant: fn(MoveKind) -> bool = |k| k == MoveKind::EnPassant;
    let promotion: fn(MoveKind) -> bool = |k| matches!(k, MoveKind::Promotion(_));
    let normal: fn(MoveKind) -> bool = |k| k == MoveKind::Normal;
    let cases = [
        // Castling long puts the rook on d1, checking the king on d8.
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", castle),
        // En passant opens the fifth rank to the rook.
        ("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1", en_passant),
        // A promotion to a queen checks along the back rank.
        ("7k/P7/8/8/8/8/8/4K3 w - - 0 1", promotion),
        // The knight steps off the bishop's diagonal.
        ("7k/8/8/8/3N4/8/1B6/4K3 w - - 0 1", normal),
    ];
    for (text, kind) in cases {
        let pos = common::position("standard", text);
        compare(&pos);
        assert!(
            pos.legal_moves()
                .into_iter()
                .any(|mv| kind(mv.kind) && pos.gives_check(mv)),
            "{text}"
        );
    }
}
