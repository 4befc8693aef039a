//! Static exchange evaluation: what a capture wins or loses once both sides have recaptured on
//! its square with their least valuable pieces, as long as it pays them. Attackers are found
//! through the surface's own tables (`Position::attackers_lifted`), so the exchange follows
//! glued edges; each capture lifts its piece off the board, so pieces behind it (x-rays) join in.
//! Pins are not considered.

use crate::eval::Evaluator;
use topochess_core::{Move, MoveKind, Position, Role, SquareSet};

/// A king's value in an exchange: it may only take last.
const KING: i32 = 20_000;

fn value(eval: &Evaluator, role: Role) -> i32 {
    if role == Role::King {
        KING
    } else {
        eval.value(role)
    }
}

/// The material the side to move wins (negative: loses) by the capture `mv` and the exchange
/// that may follow on its square. Non-captures and en-passant captures count 0.
pub fn exchange(pos: &Position, mv: Move, eval: &Evaluator) -> i32 {
    if mv.kind == MoveKind::EnPassant || mv.castle().is_some() {
        return 0;
    }
    let to = mv.to;
    let Some(victim) = pos.piece_at(to) else {
        return 0;
    };
    let Some(mover) = pos.piece_at(mv.from) else {
        return 0;
    };
    let promotion = mv
        .promotion()
        .map_or(0, |r| eval.value(r) - eval.value(Role::Pawn));
    // gains[d]: what the side making capture d has won so far, if the exchange stops there.
    let mut gains = [0i32; 32];
    gains[0] = value(eval, victim.role) + promotion;
    let mut on_square = mv
        .promotion()
        .map_or(value(eval, mover.role), |r| eval.value(r));
    // Each capture lifts its piece off the board; the piece on the square is always the last
    // to have taken, so only the lifted ones and the pieces still to come matter.
    let mut lifted = SquareSet::EMPTY;
    lifted.insert(mv.from);
    let mut side = !pos.turn();
    let mut depth = 0;
    while depth + 1 < gains.len() {
        let Some((from, role)) = pos
            .attackers_lifted(to, side, &lifted)
            .iter()
            .filter_map(|s| pos.piece_at(s).map(|p| (s, p.role)))
            .min_by_key(|&(_, role)| value(eval, role))
        else {
            // Most captures are not answered at all: then the victim is won.
            break;
        };
        depth += 1;
        gains[depth] = on_square - gains[depth - 1];
        on_square = value(eval, role);
        lifted.insert(from);
        side = !side;
    }
    // Each side stops the exchange where continuing would cost it.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

#[cfg(test)]
mod tests {
    use super::exchange;
    use crate::eval::{Evaluator, Style};
    use std::sync::Arc;
    use topochess_core::{fen, san, Variant};

    fn see(variant: &str, text: &str, mv: &str) -> i32 {
        let v = Arc::new(Variant::preset(variant, None).unwrap());
        let pos = fen::parse_position(v.clone(), text).unwrap();
        let eval = Evaluator::new(&v, Style::Plain);
        let mv = san::parse_move(&pos, mv).unwrap();
        exchange(&pos, mv, &eval)
    }

    #[test]
    fn exchanges_on_a_flat_board() {
        let pawn = 100;
        // A pawn defended by a pawn: the queen that takes it is lost.
        let qxd5 = see("standard", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5");
        assert!(qxd5 < -500, "{qxd5}");
        // An undefended pawn is a pawn.
        assert_eq!(
            see("standard", "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "Qxd5"),
            pawn
        );
        // Pawn takes knight defended by a pawn: knight for pawn.
        let pxd5 = see("standard", "4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "exd5");
        assert!(pxd5 > 150 && pxd5 < 300, "{pxd5}");
        // Rook behind rook (an x-ray): the defended pawn falls after all.
        let battery = see("standard", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5");
        assert_eq!(battery, pawn, "two rooks against one");
    }

    #[test]
    fn a_defender_round_the_edge_counts_on_a_cylinder() {
        // The a-pawn is defended by the rook on h5 only round the edge (the knight on b5
        // blocks the rank), which the cylinder has and the flat board has not.
        let text = "4k3/8/8/pn5r/8/8/8/R3K3 w - - 0 1";
        assert_eq!(see("standard", text, "Rxa5"), 100);
        assert!(see("cylinder", text, "Rxa5") < 0);
    }
}
