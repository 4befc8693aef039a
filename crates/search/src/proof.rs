//! Exhaustive proofs for puzzles: full-width searches with no pruning, reduction or evaluation
//! beyond counting material, so that "this is the only move" is proved rather than seen by the
//! engine. Every move of every position is tried, except where a result already decides the node
//! (an AND/OR search: one mating move proves a node, one escape refutes it), which is exact.
//!
//! A position stands alone: no earlier positions count for repetitions (within the few moves of
//! a puzzle no position can occur a third time). A position with the fifty-move count reached and
//! no mate on the board is a draw.

use crate::tactics::{balance, value};
use std::collections::HashMap;
use topochess_core::{Color, Move, Position};

/// How many plies of captures (and check evasions) a material proof plays out after the last
/// reply, at most.
const CAPTURE_PLIES: u32 = 8;

/// A score above any balance of material: the side it is counted for mates.
const MATED: i32 = 1_000_000;

/// Whether the side to move in `pos` can force mate within `moves` of its own moves.
pub fn forces_mate(pos: &Position, moves: u32) -> bool {
    if moves == 0 || pos.halfmove_clock() >= 100 {
        return false;
    }
    let mut list = pos.legal_moves();
    if moves == 1 {
        // A mating move gives check: the others need not be made.
        list.retain(|&mv| pos.gives_check(mv));
    } else {
        // Checks first: a mate is found sooner (the order does not change the answer).
        list.sort_by_key(|&mv| !pos.gives_check(mv));
    }
    list.into_iter().any(|mv| move_forces_mate(pos, mv, moves))
}

/// Whether `mv` (legal in `pos`) forces mate within `moves` of the mover's moves, `mv` counted.
pub fn move_forces_mate(pos: &Position, mv: Move, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let replies = after.legal_moves();
    if replies.is_empty() {
        return after.is_check();
    }
    if moves == 1 || after.halfmove_clock() >= 100 {
        return false;
    }
    replies.into_iter().all(|reply| {
        let mut next = after.clone();
        next.play_unchecked(reply);
        forces_mate(&next, moves - 1)
    })
}

/// Every legal move of `pos` that forces mate within `moves` moves.
pub fn mating_moves(pos: &Position, moves: u32) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| move_forces_mate(pos, mv, moves))
        .collect()
}

/// Whether `mv` (legal in `pos`) lets its mover force a material balance of at least `target`
/// (from the mover's side, [`balance`]'s values) within `moves` of its own moves, `mv` counted:
/// after each of the mover's moves every reply is tried, and after the last reply the captures
/// that follow are played out (each side may stop capturing; a side in check must answer it).
/// A mate by the mover reaches any target; a mate of the mover, a stalemate or a draw by the
/// fifty-move count reaches none.
pub fn move_keeps_gain(pos: &Position, mv: Move, moves: u32, target: i32) -> bool {
    Gains::new(pos.turn(), target).after(pos, mv, moves)
}

/// Every legal move of `pos` that keeps a balance of at least `target` within `moves` moves
/// ([`move_keeps_gain`]).
pub fn gaining_moves(pos: &Position, moves: u32, target: i32) -> Vec<Move> {
    let mut gains = Gains::new(pos.turn(), target);
    pos.legal_moves()
        .into_iter()
        .filter(|&mv| gains.after(pos, mv, moves))
        .collect()
}

/// A material proof for one side and target, with what it has proved so far: the same position
/// with the same moves left is reached by many move orders.
struct Gains {
    me: Color,
    target: i32,
    known: HashMap<(u64, u32), bool>,
}

impl Gains {
    fn new(me: Color, target: i32) -> Gains {
        Gains {
            me,
            target,
            known: HashMap::new(),
        }
    }

    /// Whether the mover of `mv` in `pos` reaches the target within `moves` moves.
    fn after(&mut self, pos: &Position, mv: Move, moves: u32) -> bool {
        if moves == 0 {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(mv);
        let key = (after.hash(), moves);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let replies = after.legal_moves();
        let reached = if replies.is_empty() {
            after.is_check()
        } else if after.halfmove_clock() >= 100 {
            false
        } else {
            // The replies most likely to refute first: captures of the most valuable pieces.
            ordered(&after, replies).into_iter().all(|reply| {
                let mut next = after.clone();
                next.play_unchecked(reply);
                self.reaches(&next, moves - 1)
            })
        };
        self.known.insert(key, reached);
        reached
    }

    /// Whether the prover, to move in `pos` with `moves` moves left, reaches the target.
    fn reaches(&mut self, pos: &Position, moves: u32) -> bool {
        if moves == 0 {
            return captures_played_out(pos, self.me, self.target - 1, self.target, CAPTURE_PLIES)
                >= self.target;
        }
        if pos.halfmove_clock() >= 100 {
            return false;
        }
        ordered(pos, pos.legal_moves())
            .into_iter()
            .any(|mv| self.after(pos, mv, moves))
    }
}

/// `moves` with the captures (and promotions) first, the most valuable prize first, then the
/// checks: the order decides nothing but how soon a proof is found.
fn ordered(pos: &Position, mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_cached_key(|&mv| {
        let prize = if pos.is_capture(mv) {
            pos.piece_at(mv.to).map_or(100, |p| value(p.role))
        } else {
            0
        } + mv.promotion().map_or(0, value);
        let check = pos.gives_check(mv);
        (std::cmp::Reverse(prize), !check)
    });
    moves
}

/// The balance for `me` once the captures of `pos` are played out, in the window (`alpha`,
/// `beta`): the side to move may stand on the balance or capture (promote), but must answer a
/// check with any of its moves. A mate counts [`MATED`] either way.
fn captures_played_out(
    pos: &Position,
    me: Color,
    mut alpha: i32,
    mut beta: i32,
    plies: u32,
) -> i32 {
    let mine = pos.turn() == me;
    let in_check = pos.is_check();
    let mut moves = Vec::new();
    if in_check {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return if mine { -MATED } else { MATED };
        }
    }
    let standing = balance(pos, me);
    if plies == 0 {
        return standing;
    }
    if !in_check {
        if mine {
            alpha = alpha.max(standing);
        } else {
            beta = beta.min(standing);
        }
        if alpha >= beta {
            return standing;
        }
        pos.legal_noisy_moves_into(&mut moves);
        moves.sort_by_cached_key(|&mv| {
            std::cmp::Reverse(pos.piece_at(mv.to).map_or(100, |p| value(p.role)))
        });
    }
    let mut best = if in_check {
        if mine {
            -MATED
        } else {
            MATED
        }
    } else {
        standing
    };
    for mv in moves {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let score = captures_played_out(&next, me, alpha, beta, plies - 1);
        if mine {
            best = best.max(score);
            alpha = alpha.max(score);
        } else {
            best = best.min(score);
            beta = beta.min(score);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::{fen, san, Variant};

    fn pos(id: &str, text: &str) -> Position {
        fen::parse_position(Arc::new(Variant::preset(id, None).unwrap()), text).unwrap()
    }

    fn names(p: &Position, moves: &[Move]) -> Vec<String> {
        let mut out: Vec<String> = moves.iter().map(|&m| san::to_san(p, m)).collect();
        out.sort();
        out
    }

    #[test]
    fn a_back_rank_mate_is_the_only_mate_in_one() {
        let p = pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(names(&p, &mating_moves(&p, 1)), ["Ra8#"]);
        // Round the cylinder's edge the same rook has a second way in.
        let p = pos("cylinder", "4n1bk/p5pp/8/8/8/8/8/1R4K1 w - - 0 1");
        assert_eq!(names(&p, &mating_moves(&p, 1)), ["Rb8#"]);
        let p = pos("standard", "4n1bk/p5pp/8/8/8/8/8/1R4K1 w - - 0 1");
        assert!(mating_moves(&p, 1).is_empty());
    }

    #[test]
    fn a_mate_in_two_is_proved_and_a_stalemate_is_no_mate() {
        // Two rooks roll the king up the board: many first moves mate in two.
        let p = pos("standard", "7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
        assert!(!forces_mate(&p, 1));
        assert!(forces_mate(&p, 2));
        assert!(mating_moves(&p, 2).len() > 1);
        // Qg6 stalemates: no move mates, and a stalemate counts as none.
        let p = pos("standard", "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        let qg6 = san::parse_move(&p, "Qg6").unwrap();
        assert!(!move_forces_mate(&p, qg6, 3));
        assert_eq!(names(&p, &mating_moves(&p, 1)), ["Qg7#"]);
    }

    #[test]
    fn mate_on_the_hundredth_half_move_counts_and_a_later_one_does_not() {
        let p = pos("standard", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80");
        assert_eq!(names(&p, &mating_moves(&p, 1)), ["Ra8#"]);
        let p = pos("standard", "7k/8/8/8/8/8/R7/1R4K1 w - - 98 80");
        assert!(
            !forces_mate(&p, 2),
            "the fifty-move count ends the game first"
        );
    }

    #[test]
    fn a_queen_is_won_by_one_move_only_and_a_defended_one_for_less() {
        let p = pos("standard", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1");
        let start = balance(&p, Color::White);
        assert_eq!(names(&p, &gaining_moves(&p, 1, start + 900)), ["Rxd5"]);
        // Defended by the c6 pawn, the queen costs the rook: a gain of 400, not 500.
        let p = pos("standard", "4k3/8/2p5/3q4/8/8/8/3RK3 w - - 0 1");
        let start = balance(&p, Color::White);
        assert!(gaining_moves(&p, 1, start + 500).is_empty());
        assert_eq!(names(&p, &gaining_moves(&p, 1, start + 300)), ["Rxd5"]);
    }
}
