//! The end of the game: mate, stalemate, repetition, fifty moves, insufficient material, and the
//! players' own endings.

mod common;

use common::{position, variant};
use topochess_core::game::{insufficient_material, Game, Outcome};
use topochess_core::{san, Color, Position};

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = san::parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(mv).unwrap();
    }
}

#[test]
fn fools_mate_and_stalemate() {
    let mut game = Game::new(Position::start(variant("standard", None)));
    play(&mut game, "f3 e5 g4 Qh4#");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert!(game
        .play(
            game.position()
                .legal_moves()
                .first()
                .copied()
                .unwrap_or(game.moves()[0])
        )
        .is_err());
    let stalemate = Game::new(position("standard", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
    assert_eq!(stalemate.outcome(), Some(Outcome::Stalemate));
}

#[test]
fn threefold_repetition_counts_positions_not_moves() {
    let mut game = Game::new(Position::start(variant("folded", None)));
    play(&mut game, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert_eq!(game.outcome(), None);
    play(&mut game, "Ng8");
    assert_eq!(game.outcome(), Some(Outcome::Repetition));
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn fifty_moves_end_the_game_unless_it_is_mate() {
    let game = Game::new(position("standard", "4k3/8/8/8/8/8/8/R3K3 w - - 100 80"));
    assert_eq!(game.outcome(), Some(Outcome::FiftyMoves));
    let game = Game::new(position("standard", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert_eq!(game.outcome(), None);
}

#[test]
fn insufficient_material_per_surface() {
    let dead = |id: &str, fen: &str| insufficient_material(&position(id, fen));
    for id in ["standard", "folded", "cylinder", "torus"] {
        assert!(
            dead(id, "8/8/8/4k3/8/8/8/4K3 w - - 0 1"),
            "bare kings on {id}"
        );
    }
    assert!(dead("standard", "4k3/8/8/8/8/8/8/3BK3 w - - 0 1"));
    assert!(dead("standard", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"));
    assert!(
        dead("standard", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        "same-coloured bishops"
    );
    assert!(
        !dead("standard", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"),
        "opposite bishops can mate"
    );
    assert!(!dead("standard", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"));
    // On wrapped surfaces a lone minor piece is not declared dead (docs/rules.md section 5).
    assert!(!dead("folded", "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1"));
    assert!(!dead("cylinder", "8/8/8/4k3/8/8/8/3NK3 w - - 0 1"));
    let game = Game::new(position("standard", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"));
    assert_eq!(game.outcome(), Some(Outcome::InsufficientMaterial));
}

#[test]
fn resignation_and_agreed_draw() {
    let mut game = Game::new(Position::start(variant("cylinder", None)));
    game.resign(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            winner: Color::Black
        })
    );
    assert_eq!(game.outcome().unwrap().result(), "0-1");
    let mut game = Game::new(Position::start(variant("cylinder", None)));
    game.agree_draw();
    assert_eq!(
        game.outcome().map(|o| o.to_string()),
        Some("Draw by agreement".into())
    );
}

#[test]
fn a_first_move_not_made_in_time_loses_and_says_so() {
    let mut game = Game::new(Position::start(variant("folded", None)));
    game.no_start(Color::White);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert_eq!(outcome.result(), "0-1");
    assert_eq!(outcome.to_string(), "Black wins: White did not move");
    // Once over, nothing ends it again.
    game.resign(Color::Black);
    assert_eq!(game.outcome(), Some(outcome));
}

#[test]
fn a_flag_fall_loses_unless_the_other_side_has_only_its_king() {
    use topochess_core::game::{Game, Outcome};
    use topochess_core::Color;
    let v = std::sync::Arc::new(topochess_core::Variant::preset("folded", None).unwrap());
    let mut game = Game::new(topochess_core::Position::start(v.clone()));
    game.flag(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Timeout {
            winner: Color::Black
        })
    );
    assert_eq!(game.outcome().unwrap().result(), "0-1");
    let bare = topochess_core::fen::parse_position(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    let mut game = Game::new(bare);
    game.flag(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::TimeoutDraw),
        "Black has only its king"
    );
    assert_eq!(game.outcome().unwrap().result(), "1/2-1/2");
    // The side with the rook wins when the other's time runs out.
    let mut game2 = Game::new(game.start().clone());
    game2.flag(Color::Black);
    assert_eq!(game2.outcome().and_then(|o| o.winner()), Some(Color::White));
}

#[test]
fn games_are_equal_by_start_moves_and_ending() {
    let start = |id| Position::start(variant(id, None));
    let (mut a, mut b) = (Game::new(start("folded")), Game::new(start("folded")));
    play(&mut a, "e4 e5");
    play(&mut b, "e4 e5");
    assert_eq!(a, b);
    let mut other_surface = Game::new(start("cylinder"));
    play(&mut other_surface, "e4 e5");
    assert_ne!(a, other_surface, "the same moves on another surface");
    play(&mut b, "Nf3");
    assert_ne!(a, b, "another move");
}

#[test]
fn a_game_ends_as_another_copy_of_it_ended() {
    let start = || Game::new(Position::start(variant("folded", None)));
    for outcome in [
        Outcome::Resignation {
            winner: Color::Black,
        },
        Outcome::DrawAgreed,
        Outcome::Timeout {
            winner: Color::White,
        },
        Outcome::NoStart {
            winner: Color::Black,
        },
    ] {
        let mut game = start();
        game.end_as(outcome);
        assert_eq!(game.outcome(), Some(outcome));
    }
    // The side to move's flag falls against a lone king: a draw.
    let mut game = Game::new(position("standard", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"));
    assert_eq!(game.outcome(), None);
    game.end_as(Outcome::TimeoutDraw);
    assert_eq!(game.outcome(), Some(Outcome::TimeoutDraw));
    // What the moves give needs nothing.
    let mut game = start();
    game.end_as(Outcome::Stalemate);
    assert_eq!(game.outcome(), None);
}
