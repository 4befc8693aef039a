//! The surface lab's verdicts on a surface it built: whether the start gives a game at all, and
//! which captures the armies could make before a move is played.

use std::sync::Arc;
use topochess_core::{Color, Variant};

/// Why a variant's start position gives no game (the board too small to keep two armies
/// apart, so only bare kings stand, which is a draw at once), or `None` when it gives one.
pub fn no_game_reason(variant: &Arc<Variant>) -> Option<String> {
    let start = topochess_core::Position::start(variant.clone());
    topochess_core::game::insufficient_material(&start).then(|| {
        let size = variant.size();
        format!(
            "No game is possible here: on {}x{} glued this way the two armies cannot stand \
             without attacking a king, and bare kings are a draw at once. Try more ranks or \
             another gluing.",
            size.width(),
            size.height()
        )
    })
}

/// The captures either side could make in the start position (White's as the first move, Black's
/// were it Black's turn), in SAN: on some gluings the armies stand face to face across an edge
/// (a 6x10 board folded east-west puts the a-file rooks on one line through the fold), and the
/// lab says so before a game is played. Empty when no piece is attacked at the start.
pub fn start_captures(variant: &Arc<Variant>) -> Vec<(Color, String)> {
    let start = topochess_core::Position::start(variant.clone());
    [start.clone(), start.pass()]
        .iter()
        .flat_map(|pos| {
            pos.legal_moves()
                .into_iter()
                .filter(|&mv| pos.is_capture(mv))
                .map(|mv| (pos.turn(), topochess_core::san::to_san(pos, mv)))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_core::lab::LabSpec;
    use topochess_core::Gluing;

    #[test]
    fn the_captures_a_start_allows_are_listed() {
        let lab = |ew, ns, width, height| {
            Arc::new(
                Variant::lab(LabSpec {
                    east_west: ew,
                    north_south: ns,
                    width,
                    height,
                })
                .expect("a lab surface"),
            )
        };
        // The flat 8x8 board: nothing attacked.
        assert!(start_captures(&lab(Gluing::Flat, Gluing::Flat, 8, 8)).is_empty());
        // Folded east-west on six files and ten ranks: the rooks face each other across the fold.
        let captures = start_captures(&lab(Gluing::Fold, Gluing::Pole, 6, 10));
        assert!(!captures.is_empty(), "the a-file rooks see each other");
        assert!(captures.iter().any(|(c, _)| *c == Color::White));
        assert!(captures.iter().any(|(c, _)| *c == Color::Black));
    }

    #[test]
    fn a_start_of_bare_kings_says_why_no_game_is_possible() {
        let spec = |ns, width, height| LabSpec {
            east_west: Gluing::Flat,
            north_south: ns,
            width,
            height,
        };
        let mut bare = 0;
        for ns in [Gluing::Wrap, Gluing::Twist] {
            for (w, h) in [(4, 4), (5, 4), (6, 4), (5, 5), (8, 8)] {
                let v = Arc::new(Variant::lab(spec(ns, w, h)).expect("a lab surface"));
                let kings_only = topochess_core::game::insufficient_material(
                    &topochess_core::Position::start(v.clone()),
                );
                assert_eq!(no_game_reason(&v).is_some(), kings_only, "{}", v.id());
                bare += usize::from(kings_only);
            }
        }
        assert!(
            bare > 0,
            "some 4-rank board glued top to bottom starts with bare kings"
        );
        let folded = Arc::new(Variant::preset("folded", None).unwrap());
        assert_eq!(no_game_reason(&folded), None);
    }
}
