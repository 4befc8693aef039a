//! Static exchange evaluation with the evaluator's piece values: what a capture wins or loses
//! once both sides have recaptured on its square with their least valuable pieces, as long as it
//! pays them (`Position::exchange`, which follows the surface's tables and x-rays).

use crate::eval::Evaluator;
use topochess_core::{Move, Position};

/// The material the side to move wins (negative: loses) by the capture `mv` and the exchange
/// that may follow on its square. Non-captures and en-passant captures count 0.
pub fn exchange(pos: &Position, mv: Move, eval: &Evaluator) -> i32 {
    pos.exchange(mv, eval.exchange_values())
}

/// Whether the capture `mv` loses material once the exchange on its square is played out
/// ([`exchange`] below 0), looking at no more recaptures than it takes to know.
pub fn loses_material(pos: &Position, mv: Move, eval: &Evaluator) -> bool {
    !pos.exchange_at_least(mv, eval.exchange_values(), 0)
}

#[cfg(test)]
mod tests {
    use super::{exchange, loses_material};
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
    fn a_capture_loses_material_when_its_exchange_is_below_zero() {
        let loses = |variant: &str, text: &str, mv: &str| {
            let v = Arc::new(Variant::preset(variant, None).unwrap());
            let pos = fen::parse_position(v.clone(), text).unwrap();
            let eval = Evaluator::new(&v, Style::Plain);
            let mv = san::parse_move(&pos, mv).unwrap();
            assert_eq!(
                loses_material(&pos, mv, &eval),
                exchange(&pos, mv, &eval) < 0
            );
            loses_material(&pos, mv, &eval)
        };
        assert!(loses(
            "standard",
            "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1",
            "Qxd5"
        ));
        assert!(!loses(
            "standard",
            "4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1",
            "Qxd5"
        ));
        assert!(!loses(
            "standard",
            "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1",
            "Rxd5"
        ));
        // Round the cylinder's edge the rook on h5 defends the a-pawn.
        let text = "4k3/8/8/pn5r/8/8/8/R3K3 w - - 0 1";
        assert!(!loses("standard", text, "Rxa5"));
        assert!(loses("cylinder", text, "Rxa5"));
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
