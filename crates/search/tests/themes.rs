//! The themes a puzzle is given, on positions made by hand whose themes are known: a fork, a
//! pin, a skewer along a line that runs across the seam, a jump over a pole, a crossing of the
//! fold, and a quiet move with none. (`tests/puzzles.rs` checks the shipped file against the
//! same code: this checks the code.)

use std::sync::Arc;
use topochess_core::{fen, san, Position, Variant};
use topochess_search::puzzles::{solution_themes, Theme};

/// The themes of `moves` (SAN, the solver's and the answers') from `text` on preset `variant`.
fn themes(variant: &str, text: &str, moves: &[&str]) -> Vec<Theme> {
    let v = Arc::new(Variant::preset(variant, None).unwrap());
    let start = fen::parse_position(v, text).unwrap();
    let mut at: Position = start.clone();
    let mut line = Vec::new();
    for m in moves {
        let mv = san::parse_move(&at, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        at.play_unchecked(mv);
        line.push(mv);
    }
    solution_themes(&start, &line)
}

/// A knight forks king and rook on a plain board: a fork, and nothing of the surface (a knight's
/// own turn, orthogonal then diagonal, is no bounce).
#[test]
fn a_knight_fork() {
    let found = themes("standard", "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", &["Nc7+"]);
    assert_eq!(found, [Theme::Fork]);
}

/// A bishop pins a knight to its king.
#[test]
fn a_pin() {
    let found = themes("standard", "4k3/3n4/8/8/8/8/8/4KB2 w - - 0 1", &["Bb5"]);
    assert_eq!(found, [Theme::Pin]);
}

/// On the cylinder a rook checks the king on a4 from the east; behind the king, across the
/// seam (west of a4 is h4), the queen on g4: a skewer the flat board would not have.
#[test]
fn a_skewer_along_a_rank_that_runs_across_the_seam() {
    let found = themes("cylinder", "8/8/8/8/k2P2q1/8/8/2R1K3 w - - 0 1", &["Rc4+"]);
    assert_eq!(found, [Theme::Skewer]);
    // With the queen on the flat board's side instead, no skewer.
    let flat = themes("standard", "8/8/8/8/k2P2q1/8/8/2R1K3 w - - 0 1", &["Rc4+"]);
    assert_eq!(flat, []);
}

/// On Miller's sphere the bishop on d8 goes over the north pole and comes down on e5: a pole
/// jump, and no edge of the drawn board crossed.
#[test]
fn a_jump_over_a_pole() {
    let found = themes("sphere-miller", "3B4/8/8/8/8/8/k7/5K2 w - - 0 1", &["Be5"]);
    assert_eq!(found, [Theme::PoleJump]);
}

/// A rook that crosses the fold: an edge crossing, drawn as one straight line up through the
/// ghost squares (the fold turns its heading on the board, not its line: no bounce).
#[test]
fn a_rook_over_the_fold() {
    let found = themes("folded", "8/8/6k1/1K6/8/8/8/2R5 w - - 0 1", &["Rf3"]);
    assert_eq!(found, [Theme::EdgeCrossing]);
}

/// A quiet pawn move on a plain board has no theme at all.
#[test]
fn a_quiet_move_has_none() {
    assert_eq!(
        themes("standard", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &["e4"]),
        []
    );
}
