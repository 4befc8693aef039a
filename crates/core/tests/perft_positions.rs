//! Perft from the well-known standard-chess positions, and from tricky positions of the wrapped
//! presets (castling round the edge, en passant over the seam, promotions, 8x14 pawns both ways),
//! each checked against the slow reference to a small depth and given as a figure beyond it.

mod common;

use common::{position, reference_perft};
use topochess_core::fen;
use topochess_core::perft::perft;

fn check(id: &str, fen: &str, expected: &[u64]) {
    let pos = position(id, fen);
    for (i, &nodes) in expected.iter().enumerate() {
        assert_eq!(
            perft(&pos, i as u32 + 1),
            nodes,
            "{id} {fen} depth {}",
            i + 1
        );
    }
}

#[test]
fn kiwipete() {
    check(
        "standard",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603],
    );
}

#[test]
fn position_3() {
    check(
        "standard",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624],
    );
}

#[test]
fn position_4() {
    check(
        "standard",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    );
}

#[test]
fn position_5() {
    check(
        "standard",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    );
}

#[test]
fn position_6() {
    // The Chess Programming Wiki's "position 6" and its published counts.
    check(
        "standard",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2079, 89890, 3894594],
    );
}

/// Tricky positions of the wrapped presets: the fast generator must match the reference.
const TRICKY: &[(&str, &str)] = &[
    (
        "folded",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
    ),
    ("folded", "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"),
    (
        "cylinder",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("cylinder", "r3k3/pp6/8/7P/8/8/8/R3K2R b KQq - 0 1"),
    (
        "horizontal-cylinder",
        "r1b2b1r/pp4pp/n1pqkp1n/3pp3/3PP3/N1PQKP1N/PP4PP/R1B2B1R w - - 0 1",
    ),
    ("torus", "8/1k6/8/3q4/8/8/6K1/R7 w - - 0 1"),
    (
        "torus-8x14",
        "PPPPPPPP/8/8/8/8/pppppppp/r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "cylinder-8x14",
        "8/8/3p4/8/8/8/4k3/8/8/8/8/8/2P5/4K3 w - - 0 1",
    ),
    (
        "klein-8x14",
        "p7/8/8/8/8/8/4k3/8/8/8/8/4K3/8/R5N1 b - - 0 1",
    ),
];

#[test]
fn tricky_positions_match_the_reference() {
    for &(id, fen) in TRICKY {
        let pos = position(id, fen);
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth),
                reference_perft(&pos, depth),
                "{id} {fen} depth {depth}"
            );
        }
    }
}

/// The callback API, the count and the list give the same moves (perft uses the list and the
/// count), in each tricky position and each position one move after it.
#[test]
fn callback_count_and_list_agree() {
    for &(id, fen) in TRICKY {
        let pos = position(id, fen);
        let mut positions = vec![pos.clone()];
        positions.extend(
            pos.legal_moves()
                .into_iter()
                .map(|mv| pos.play(mv).unwrap()),
        );
        for pos in positions {
            let mut called = Vec::new();
            pos.for_each_legal_move(|mv| called.push(mv));
            assert_eq!(called, pos.legal_moves(), "{id} {fen}");
            assert_eq!(pos.count_legal_moves(), called.len(), "{id} {fen}");
        }
    }
}

/// On every preset (each castling option) and every lab surface, at square-set widths of one,
/// two and four words: along random games, the callback, the count and the list give the same
/// moves, no move twice.
#[test]
fn every_surface_counts_what_it_lists_without_duplicates() {
    let mut variants = common::all_variants();
    variants.extend(common::lab_variants(&[
        (6, 6),
        (5, 8),
        (9, 9),
        (12, 12),
        (16, 16),
    ]));
    let mut rng = common::Rng::new(45);
    let mut seen_positions = 0;
    for v in &variants {
        for _ in 0..3 {
            for pos in common::random_game(v, &mut rng, 60) {
                let listed = pos.legal_moves();
                let distinct: std::collections::HashSet<_> = listed.iter().collect();
                assert_eq!(
                    distinct.len(),
                    listed.len(),
                    "{}: a move twice",
                    fen::write(&pos)
                );
                let mut called = Vec::new();
                pos.for_each_legal_move(|mv| called.push(mv));
                assert_eq!(called, listed, "{} {}", v.id(), fen::write(&pos));
                assert_eq!(
                    pos.count_legal_moves(),
                    listed.len(),
                    "{} {}",
                    v.id(),
                    fen::write(&pos)
                );
                seen_positions += 1;
            }
        }
    }
    assert!(
        variants.len() > 40 && seen_positions > 5000,
        "{} {seen_positions}",
        variants.len()
    );
}
