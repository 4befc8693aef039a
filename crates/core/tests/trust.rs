//! Notation a player can trust: every legal move has one SAN that reads back as that move, PGN
//! round-trips, FEN digit runs never overflow, pasted castling rights the game cannot use are
//! dropped with a reason, and castling may be typed the ways other tools write it.

mod common;

use common::{all_variants, random_game, random_placement, reference_perft, variant, Rng};
use std::collections::HashSet;
use std::sync::Arc;
use topochess_core::fen::{self, FenError};
use topochess_core::game::Game;
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;
use topochess_core::{pgn, san, CastleKind, CastlingMode, Position, Variant};

/// Every legal move of `pos` has a SAN no other move shares, and it reads back as that move.
fn check_san_unique(pos: &Position) {
    let moves = pos.legal_moves();
    let mut seen = HashSet::new();
    for &mv in &moves {
        let text = san::to_san(pos, mv);
        assert!(
            seen.insert(text.clone()),
            "{} has two moves written {text}",
            fen::write(pos)
        );
        assert_eq!(
            san::parse_move(pos, &text),
            Ok(mv),
            "{} ({}): {text} does not read back",
            fen::write(pos),
            pos.variant().id()
        );
    }
}

/// The lab surfaces these tests walk.
fn lab_variants() -> Vec<Arc<Variant>> {
    common::lab_variants(&[(6, 6), (8, 7), (6, 8)])
}

#[test]
fn the_8x14_double_promotion_is_written_apart() {
    let pos = fen::parse_position(
        variant("torus-8x14", None),
        "8/8/8/8/8/4P3/k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
    )
    .unwrap();
    let texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| pos.size().name(m.to) == "e8" && m.promotion().is_some())
        .map(|m| san::to_san(&pos, m))
        .collect();
    assert_eq!(texts.len(), 8, "two pawns, four promotions each: {texts:?}");
    assert!(texts.contains(&"e7e8=Q+".to_string()), "{texts:?}");
    assert!(texts.contains(&"e9e8=Q+".to_string()), "{texts:?}");
    check_san_unique(&pos);
}

#[test]
fn every_san_is_unique_and_reads_back_on_every_preset_and_lab_surface() {
    let mut rng = Rng::new(2026);
    let mut variants = all_variants();
    variants.extend(lab_variants());
    let mut checked = 0;
    for v in &variants {
        for pos in random_game(v, &mut rng, 120).iter().step_by(3) {
            check_san_unique(pos);
            checked += 1;
        }
        for _ in 0..30 {
            if let Some(pos) = random_placement(v, &mut rng, 12) {
                check_san_unique(&pos);
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} positions");
}

#[test]
fn pgn_written_and_read_back_is_the_same_game() {
    let mut rng = Rng::new(7);
    let mut variants = all_variants();
    variants.extend(lab_variants());
    for v in &variants {
        let positions = random_game(v, &mut rng, 80);
        let mut game = Game::new(positions[0].clone());
        for w in positions.windows(2) {
            let mv = w[0]
                .legal_moves()
                .into_iter()
                .find(|&m| {
                    let mut p = w[0].clone();
                    p.play_unchecked(m);
                    p == w[1]
                })
                .expect("the game's move");
            game.play(mv).unwrap();
        }
        let text = pgn::write(&game, &[]);
        let read = pgn::read(&text).unwrap_or_else(|e| panic!("{}: {e}\n{text}", v.id()));
        assert_eq!(read.game.moves(), game.moves(), "{}", v.id());
        assert_eq!(read.game.position(), game.position(), "{}", v.id());
    }
}

#[test]
fn fen_digit_runs_longer_than_the_row_are_errors() {
    let v = variant("standard", None);
    for text in [
        "99999999999999999999q8/8/8/8/8/8/8/K6k w - - 0 1",
        "18446744073709551615q8/8/8/8/8/8/8/K6k w - - 0 1",
        "9/8/8/8/8/8/8/K6k w - - 0 1",
        "4k4q/8/8/8/8/8/8/4K3 w - - 0 1",
    ] {
        match fen::parse_position(v.clone(), text) {
            Err(FenError::RankLength { rank: 8, .. }) => {}
            other => panic!("{text}: {other:?}"),
        }
    }
    // A wide board still takes multi-digit runs.
    let lab = Arc::new(
        Variant::lab(LabSpec {
            east_west: Gluing::Flat,
            north_south: Gluing::Flat,
            width: 12,
            height: 6,
        })
        .unwrap(),
    );
    let pos = fen::parse_position(lab, "k11/12/12/12/12/10QK w - - 0 1").unwrap();
    assert_eq!(pos.pieces().len(), 3);
}

#[test]
fn every_position_of_random_games_reads_back_on_every_preset_and_lab_surface() {
    // A pawn's capture over a pole could land it on its own back rank, where no pawn may
    // stand: the FEN of the position after it did not read back (lab pole-twist 6x6).
    let mut rng = Rng::new(31);
    let mut variants = all_variants();
    variants.extend(common::lab_variants(&[(6, 6), (9, 10)]));
    for v in &variants {
        for pos in random_game(v, &mut rng, 40) {
            let text = fen::write(&pos);
            assert_eq!(
                fen::parse_position(v.clone(), &text).as_ref(),
                Ok(&pos),
                "{}: {text}",
                v.id()
            );
        }
    }
}

#[test]
fn fen_clocks_are_bounded_and_the_largest_reads_back_after_a_move() {
    let v = variant("standard", None);
    let huge = "4k3/8/8/8/8/8/8/R3K3 w - - 4294967295 4294967295";
    for text in [
        huge,
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1000001",
        "4k3/8/8/8/8/8/8/R3K3 w - - 1000001 1",
    ] {
        assert!(
            matches!(
                fen::parse_position(v.clone(), text),
                Err(FenError::BadClock(_))
            ),
            "{text}"
        );
        assert!(
            fen::parse_position_lenient(v.clone(), text).is_err(),
            "{text}"
        );
    }
    // A PGN whose FEN tag carries such clocks is refused too.
    let text = format!("[Variant \"standard\"]\n[SetUp \"1\"]\n[FEN \"{huge}\"]\n\n1. Ra2 *\n");
    assert!(pgn::read(&text).is_err());
    // The largest clocks are taken; moves played from them keep them there (no overflow, no
    // wrap to 0), and the FEN reads back.
    let text = "4k3/8/8/8/8/8/8/R3K3 b - - 1000000 1000000";
    let mut pos = fen::parse_position(v.clone(), text).unwrap();
    for _ in 0..4 {
        pos = pos.play(pos.legal_moves()[0]).unwrap();
        assert_eq!(
            (pos.halfmove_clock(), pos.fullmove_number()),
            (1_000_000, 1_000_000)
        );
        let written = fen::write(&pos);
        assert_eq!(fen::parse_position(v.clone(), &written).as_ref(), Ok(&pos));
    }
}

#[test]
fn pasted_castling_rights_the_game_cannot_use_are_dropped_with_a_reason() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let folded = variant("folded", None);
    assert_eq!(
        fen::parse_position(folded.clone(), start),
        Err(FenError::CastlingNotAllowed),
        "strict reading still refuses"
    );
    let (pos, dropped) = fen::parse_position_lenient(folded, start).unwrap();
    assert_eq!(pos.castling_rights(), 0);
    assert_eq!(dropped, [FenError::CastlingNotAllowed]);
    assert!(fen::dropped_rights_note(&dropped)
        .unwrap()
        .contains("no castling"));

    let (pos, dropped) = fen::parse_position_lenient(
        variant("standard", None),
        "r3k3/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    assert!(pos.has_castling_right(topochess_core::Color::White, true));
    assert!(pos.has_castling_right(topochess_core::Color::White, false));
    assert!(!pos.has_castling_right(topochess_core::Color::Black, true));
    assert!(pos.has_castling_right(topochess_core::Color::Black, false));
    assert_eq!(dropped, [FenError::CastlingWithoutPieces('k')]);
    assert!(fen::dropped_rights_note(&dropped).unwrap().contains("'k'"));
    // Malformed fields stay errors.
    assert_eq!(
        fen::parse_position_lenient(variant("folded", None), "4k3/8/8/8/8/8/8/4K3 w KX - 0 1")
            .map(|_| ()),
        Err(FenError::BadCastling("KX".into()))
    );
}

#[test]
fn castling_may_be_typed_as_king_squares_or_without_hyphens() {
    let pos = fen::parse_position(
        variant("standard", None),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    for (text, kind) in [
        ("e1g1", CastleKind::KingSide),
        ("e1c1", CastleKind::QueenSide),
        ("o-o", CastleKind::KingSide),
        ("OO", CastleKind::KingSide),
        ("0-0-0", CastleKind::QueenSide),
        ("ooo", CastleKind::QueenSide),
        ("O-O+", CastleKind::KingSide),
    ] {
        let mv = san::parse_move(&pos, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(mv.castle(), Some(kind), "{text}");
        assert_eq!(san::step_shadows_castling(&pos, text), None, "{text}");
    }
    // With either-side castling the king's squares name two castlings.
    let cyl = fen::parse_position(
        variant("cylinder", Some(CastlingMode::EitherSide)),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let both = san::candidate_moves(&cyl, "e1g1").unwrap();
    assert_eq!(
        both.len(),
        1,
        "f1-h1 blocked for CO-O only by nothing? {both:?}"
    );
    // On the folded board a king steps e1-g1 over nothing: a lone king there steps.
    let folded = fen::parse_position(
        variant("folded", Some(CastlingMode::Standard)),
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
    )
    .unwrap();
    let step = san::parse_move(&folded, "e1f1").unwrap();
    assert!(step.castle().is_none());
}

#[test]
fn a_promotion_typed_without_its_piece_offers_every_piece() {
    let pos =
        fen::parse_position(variant("standard", None), "4k3/P7/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert!(san::parse_move(&pos, "a8").is_err());
    for text in ["a8", "a7a8"] {
        let options = san::candidate_moves(&pos, text).unwrap();
        assert_eq!(options.len(), 4, "{text}");
        assert!(options.iter().all(|m| m.promotion().is_some()));
    }
    assert_eq!(san::candidate_moves(&pos, "a8=N").unwrap().len(), 1);
}

#[test]
fn cylinder_with_standard_castling_perft_matches_the_reference() {
    let v = variant("cylinder", Some(CastlingMode::Standard));
    let start = Position::start(v.clone());
    assert_eq!(
        fen::write(&start),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let castles = fen::parse_position(v.clone(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    // No cross castling: O-O and O-O-O only.
    let kinds: Vec<_> = castles
        .legal_moves()
        .iter()
        .filter_map(|m| m.castle())
        .collect();
    assert_eq!(kinds, [CastleKind::KingSide, CastleKind::QueenSide]);
    let either = fen::parse_position(
        variant("cylinder", Some(CastlingMode::EitherSide)),
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    )
    .unwrap();
    let mut expected = Vec::new();
    for depth in 1..=4 {
        let fast = topochess_core::perft::perft(&castles, depth);
        assert_eq!(fast, reference_perft(&castles, depth), "depth {depth}");
        expected.push(fast);
        assert!(
            fast <= topochess_core::perft::perft(&either, depth),
            "standard has no more moves than either-side at depth {depth}"
        );
    }
    // Figures computed by the reference generator (above) and kept as the specification.
    assert_eq!(expected, CYLINDER_STANDARD_R3K2R);
    for depth in 1..=4 {
        assert_eq!(
            topochess_core::perft::perft(&start, depth),
            reference_perft(&start, depth),
            "start, depth {depth}"
        );
    }
}

/// Perft 1-4 of `r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1` on the cylinder with standard castling.
const CYLINDER_STANDARD_R3K2R: [u64; 4] = [26, 570, 14911, 371972];
