//! FEN, SAN and PGN: round trips, and a clear error for each kind of bad input.

mod common;

use common::{position, variant};
use topochess_core::fen::{self, FenError};
use topochess_core::game::{Game, Outcome};
use topochess_core::pgn::{self, PgnError};
use topochess_core::san::{self, MoveTextError};
use topochess_core::{Color, Position};

fn fen_error(id: &str, text: &str) -> FenError {
    fen::parse_position(variant(id, None), text).unwrap_err()
}

#[test]
fn fen_rejections_say_what_is_wrong() {
    use FenError::*;
    assert_eq!(fen_error("standard", ""), Empty);
    assert_eq!(
        fen_error("standard", "8/8/8 w - - 0 1"),
        RankCount {
            expected: 8,
            found: 3
        }
    );
    assert_eq!(
        fen_error("torus-8x14", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        RankCount {
            expected: 14,
            found: 8
        }
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K4 w - - 0 1"),
        RankLength {
            rank: 1,
            expected: 8,
            found: 9
        }
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4X3 w - - 0 1"),
        BadPiece('X')
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 x - - 0 1"),
        BadTurn("x".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/8 w - - 0 1"),
        KingCount {
            color: Color::White,
            count: 0
        }
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1"),
        KingCount {
            color: Color::White,
            count: 2
        }
    );
    assert_eq!(
        fen_error("standard", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        PawnOnBackRank("a8".into())
    );
    assert_eq!(
        fen_error("torus-8x14", "4k3/8/8/8/8/8/P7/8/8/8/8/8/8/4K3 w - - 0 1"),
        PawnOnBackRank("a8".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w KX - 0 1"),
        BadCastling("KX".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        CastlingWithoutPieces('K')
    );
    assert_eq!(
        fen_error("folded", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"),
        CastlingNotAllowed
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w - z9 0 1"),
        BadEnPassant("z9".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
        ImpossibleEnPassant("e6".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w - - x 1"),
        BadClock("x".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w - - 0 0"),
        BadClock("0".into())
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 7"),
        TooManyFields(7)
    );
    assert_eq!(
        fen_error("standard", "4k3/8/8/8/8/8/8/4K2r b - - 0 1"),
        OppositeCheck
    );
    // On the cylinder the same rook checks round the edge, on the flat board it does not.
    assert_eq!(
        fen_error("cylinder", "k7/8/8/8/8/8/8/1r2B2K b - - 0 1"),
        OppositeCheck
    );
    assert!(
        fen::parse_position(variant("standard", None), "k7/8/8/8/8/8/8/1r2B2K b - - 0 1").is_ok()
    );
    // Every error reads as a sentence.
    assert!(OppositeCheck.to_string().contains("not to move"));
}

#[test]
fn fen_accepts_wide_digit_runs_and_missing_fields() {
    let pos = position("standard", "4k3/8/8/8/8/8/8/4K3");
    assert_eq!(fen::write(&pos), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    let start = Position::start(variant("torus-8x14", None));
    assert_eq!(
        fen::write(&start),
        "PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn san_rejections_and_disambiguation() {
    let pos = position("standard", "4k3/8/8/8/8/8/K7/R6R w - - 0 1");
    assert_eq!(
        san::parse_move(&pos, "Rd1"),
        Err(MoveTextError::Ambiguous("Rd1".into()))
    );
    let mv = san::parse_move(&pos, "Rad1").unwrap();
    assert_eq!(san::to_san(&pos, mv), "Rad1");
    let castle = position("standard", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert_eq!(
        san::parse_move(&castle, "O-O"),
        Err(MoveTextError::Illegal("O-O".into()))
    );
    assert!(matches!(
        san::parse_move(&pos, "Rz9"),
        Err(MoveTextError::Syntax(_))
    ));
    // On the cylinder the a-rook reaches h-side squares round the edge: g1 needs disambiguation.
    let cyl = position("cylinder", "8/8/2k5/8/8/1K6/8/R3R3 w - - 0 1");
    assert_eq!(
        san::parse_move(&cyl, "Rg1"),
        Err(MoveTextError::Ambiguous("Rg1".into()))
    );
    let mv = san::parse_move(&cyl, "Rag1").unwrap();
    assert_eq!(san::to_san(&cyl, mv), "Rag1");
    let flat = position("standard", "8/8/2k5/8/8/1K6/8/R3R3 w - - 0 1");
    assert_eq!(
        san::to_san(&flat, san::parse_move(&flat, "Rg1").unwrap()),
        "Rg1"
    );
    // Promotion, with and without '='.
    let promo = position("standard", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let q = san::parse_move(&promo, "b8=Q+").unwrap();
    assert_eq!(san::parse_move(&promo, "b8Q"), Ok(q));
    assert_eq!(san::parse_move(&promo, "b7b8q"), Ok(q));
    assert_eq!(san::to_san(&promo, q), "b8=Q+");
    assert_eq!(
        san::parse_move(&promo, "b8"),
        Err(MoveTextError::Illegal("b8".into()))
    );
}

#[test]
fn pgn_round_trip_with_variant_tags() {
    let text = "[Event \"Test\"]\n[Variant \"torus\"]\n\n1. Nh3-g1 Na6-h4 {a comment} 2. Ng1xa8 (2. Nb5) Rh8xh1 $1 \
                3. Na3xh1 Bf8-g1+ 4. Nh1-f2 Qd6xa1 5. Bf1xh7 Bg1-f8 6. Na8xh6 Nh4-g2# 0-1\n";
    let read = pgn::read(text).unwrap();
    assert_eq!(read.tag("Event"), Some("Test"));
    assert_eq!(read.game.moves().len(), 12);
    assert_eq!(
        read.game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let written = pgn::write(&read.game, &[("Event", "Test")]);
    assert!(written.contains("[Variant \"torus\"]"));
    assert!(written.contains("[Result \"0-1\"]"));
    assert!(written.contains("6. Nxh6 Nxg2# 0-1"));
    let again = pgn::read(&written).unwrap();
    assert_eq!(again.game.moves(), read.game.moves());
}

#[test]
fn pgn_keeps_castling_option_and_setup() {
    let start = position("folded", "4k3/8/8/8/8/8/8/4K2R w - - 0 1");
    let mut game = Game::new(start);
    game.play(san::parse_move(game.position(), "Rh8+").unwrap())
        .unwrap();
    let written = pgn::write(&game, &[]);
    assert!(written.contains("[Castling \"none\"]"), "{written}");
    assert!(written.contains("[SetUp \"1\"]"));
    assert!(written.contains("[FEN \"4k3/8/8/8/8/8/8/4K2R w - - 0 1\"]"));
    let again = pgn::read(&written).unwrap();
    assert_eq!(again.game.moves(), game.moves());
    let either = Game::new(Position::start(variant(
        "folded",
        Some(topochess_core::CastlingMode::EitherSide),
    )));
    let written = pgn::write(&either, &[]);
    assert!(written.contains("[Castling \"either-side\"]"));
    assert_eq!(
        pgn::read(&written)
            .unwrap()
            .game
            .start()
            .variant()
            .castling(),
        topochess_core::CastlingMode::EitherSide
    );
}

#[test]
fn pgn_from_other_programs_names_their_variants_their_way() {
    use topochess_core::CastlingMode;
    // Fairy-Stockfish's names carry their castling: `cylinder-castling` castles as in chess.
    let read =
        pgn::read("[Variant \"cylinder-castling\"]\n\n1. Nf3 Nf6 2. g3 g6 3. Bg2 Bg7 4. O-O *")
            .unwrap();
    let v = read.game.start().variant().clone();
    assert_eq!((v.id(), v.castling()), ("cylinder", CastlingMode::Standard));
    assert_eq!(read.game.moves().len(), 7);
    let torus = pgn::read("[Variant \"Toroidal-Chess\"]\n\n1. c4 *").unwrap();
    assert_eq!(torus.game.start().variant().id(), "torus");
    assert_eq!(torus.game.moves().len(), 1);
    // Our own id wins over Fairy-Stockfish's meaning of the same word: the Castling tag (or our
    // default) decides.
    let ours = pgn::read("[Variant \"cylinder\"]\n\n1. e4 *").unwrap();
    assert_eq!(
        ours.game.start().variant().castling(),
        CastlingMode::EitherSide
    );
    // What we write names our variant, and SetUp/FEN where the start is not the usual one.
    let start = position("torus", "8/8/3k4/8/8/8/8/4K2R w - - 0 1");
    let written = pgn::write(&Game::new(start), &[]);
    for tag in [
        "[Variant \"torus\"]",
        "[SetUp \"1\"]",
        "[FEN \"8/8/3k4/8/8/8/8/4K2R w - - 0 1\"]",
    ] {
        assert!(written.contains(tag), "{written}");
    }
}

#[test]
fn pgn_rejections_say_what_is_wrong() {
    assert_eq!(pgn::read("").unwrap_err(), PgnError::Empty);
    assert!(matches!(
        pgn::read("[Variant \"moon\"]\n1. e4").unwrap_err(),
        PgnError::Variant(_)
    ));
    assert!(matches!(
        pgn::read("[Event broken]\n1. e4").unwrap_err(),
        PgnError::BadTag(_)
    ));
    assert!(matches!(
        pgn::read("[Castling \"sideways\"]\n1. e4").unwrap_err(),
        PgnError::BadCastling(_)
    ));
    assert!(matches!(
        pgn::read("[FEN \"8/8 w\"]\n1. e4").unwrap_err(),
        PgnError::Fen(_)
    ));
    assert_eq!(
        pgn::read("1. e4 {never closed").unwrap_err(),
        PgnError::Unterminated('{')
    );
    let err = pgn::read("1. e4 e5 2. Ke3").unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2. Ke3: 'Ke3' is not a legal move here"
    );
    let err = pgn::read("[Variant \"folded\"]\n1. e4 e5 2. O-O").unwrap_err();
    assert!(
        matches!(
            err,
            PgnError::Move {
                number: 2,
                black: false,
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn a_pgn_file_of_several_games_splits_into_games() {
    let a = "[Event \"a\"]\n[Variant \"folded\"]\n\n1. e4 e5 *\n";
    let b = "[Event \"b\"]\n[Variant \"cylinder\"]\n\n1. d4 d5\n2. c4 *\n\n";
    let c = "1. Nf3 *\n";
    let file = format!("{a}\n{b}{c}");
    let games = pgn::split_games(&file);
    assert_eq!(games.len(), 3, "{games:?}");
    let read: Vec<usize> = games
        .iter()
        .map(|g| pgn::read(g).unwrap().game.moves().len())
        .collect();
    assert_eq!(read, [2, 3, 1]);
    assert_eq!(pgn::read(games[1]).unwrap().tag("Event"), Some("b"));
    assert!(pgn::split_games("  \n\n").is_empty());
}
