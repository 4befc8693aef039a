//! Static exchange: what a capture wins or loses once both sides have recaptured on its square
//! with their least valuable pieces, as long as it pays them, with piece values the caller
//! chooses (an engine orders and prunes its captures by it). The attackers come from the
//! surface's own tables, so the exchange follows glued edges; each capture lifts its piece off the
//! board, so the pieces behind it (x-rays) join in. Pins are not considered. Whether an exchange
//! reaches a threshold is answered without playing it out further than the answer needs.
//!
//! On surfaces whose rides can be walked back the whole exchange runs on square sets of the
//! board's width, without a move made; the others lift the pieces off a copy of the board and ask
//! the exact, slower attack walk.

use crate::bitboard::Bits;
use crate::geometry::{Square, SquareSet};
use crate::legal::{attackers_to, Sets};
use crate::lines::{LineSets, Lines};
use crate::movegen::attackers;
use crate::moves::{Move, MoveKind};
use crate::pieces::{Color, Role};
use crate::position::Position;

/// The most captures an exchange follows on one square.
const LONGEST: usize = 32;

impl Position {
    /// The material the side to move wins (negative: loses) by the capture `mv` and the exchange
    /// that may follow on its square, the pieces valued by `values` (pawn to king; a king should
    /// be worth more than everything else, so it takes last). The least valuable attacker takes
    /// each time (of equal values, the one on the lowest square). Non-captures, en-passant
    /// captures and castling count 0.
    pub fn exchange(&self, mv: Move, values: &[i32; 6]) -> i32 {
        self.judge_exchange(mv, values, Exact).unwrap_or(0)
    }

    /// Whether [`Position::exchange`] of `mv` is at least `threshold`, found by looking at no
    /// more recaptures than it takes to know (the exchange's value follows every one): what an
    /// engine asks to order and prune its captures.
    pub fn exchange_at_least(&self, mv: Move, values: &[i32; 6], threshold: i32) -> bool {
        self.judge_exchange(mv, values, AtLeast(threshold))
            .unwrap_or(threshold <= 0)
    }

    /// The exchange after `mv` as `judge` plays it out; `None` when `mv` takes nothing (or takes
    /// en passant, or castles).
    fn judge_exchange<J: Judge>(&self, mv: Move, values: &[i32; 6], judge: J) -> Option<J::Out> {
        if mv.kind == MoveKind::EnPassant || mv.castle().is_some() {
            return None;
        }
        let (victim, mover) = (self.piece_at(mv.to)?, self.piece_at(mv.from)?);
        let value = |role: Role| values[role as usize];
        let start = Start {
            to: mv.to,
            from: mv.from,
            side: !self.turn,
            won: value(victim.role) + mv.promotion().map_or(0, |r| value(r) - value(Role::Pawn)),
            on_square: value(mv.promotion().unwrap_or(mover.role)),
        };
        let t = self.variant.tables();
        if !t.rides_reversible() {
            let roles = self.board.by_role;
            let mut board = self.board;
            return Some(judge.settle(start, values, &roles, |lifted, side| {
                board.take(lifted);
                let mut found: SquareSet = attackers(&self.variant, &board, mv.to, side)
                    .into_iter()
                    .collect();
                found.remove(mv.to);
                found
            }));
        }
        Some(match t.lines() {
            LineSets::Word(lines) => by_sets::<u64, J>(self, start, values, lines, judge),
            LineSets::Double(lines) => by_sets::<u128, J>(self, start, values, lines, judge),
            LineSets::Wide(lines) => by_sets::<SquareSet, J>(self, start, values, lines, judge),
        })
    }
}

/// The first capture of an exchange.
#[derive(Clone, Copy)]
struct Start {
    /// The square fought over.
    to: Square,
    /// Where the first capturer came from.
    from: Square,
    /// The side to answer it.
    side: Color,
    /// What the first capture won (the victim, and a promotion's gain).
    won: i32,
    /// The value of the piece the first capture left on the square.
    on_square: i32,
}

/// The exchange on square sets of width `B`: one occupancy with each capturer lifted in turn.
fn by_sets<B: Bits, J: Judge>(
    pos: &Position,
    start: Start,
    values: &[i32; 6],
    lines: &Lines<B>,
    judge: J,
) -> J::Out {
    let sets = Sets::<B>::of(&pos.board);
    let mut occupied = sets.occupied();
    let target = B::square(start.to);
    judge.settle(start, values, &sets.role, |lifted, side| {
        occupied &= !B::square(lifted);
        attackers_to(lines, &sets, start.to, side, occupied) & occupied & !target
    })
}

/// How an exchange is played out: `attackers(lifted, side)` lifts the last capturer off the
/// board and gives `side`'s attackers of the square; `roles` are the board's pieces by role (only
/// pieces still on the board are ever among the attackers).
trait Judge {
    /// What the judge tells of the exchange.
    type Out;
    /// Plays the exchange out as far as the judge needs.
    fn settle<B: Bits>(
        self,
        start: Start,
        values: &[i32; 6],
        roles: &[B; 6],
        attackers: impl FnMut(Square, Color) -> B,
    ) -> Self::Out;
}

/// The least valuable of the attackers `found` (of equal values, the one on the lowest square),
/// with its value.
#[inline]
fn least<B: Bits>(found: B, values: &[i32; 6], roles: &[B; 6]) -> Option<(i32, Square)> {
    let mut least: Option<(i32, Square)> = None;
    for (role, set) in roles.iter().enumerate() {
        let mine = found & *set;
        if mine.is_empty() {
            continue;
        }
        let candidate = (values[role], mine.lowest());
        if least.is_none_or(|l| candidate < l) {
            least = Some(candidate);
        }
    }
    least
}

/// The whole exchange: every recapture, then each side stops where going on would cost it.
struct Exact;

impl Judge for Exact {
    type Out = i32;

    fn settle<B: Bits>(
        self,
        start: Start,
        values: &[i32; 6],
        roles: &[B; 6],
        mut attackers: impl FnMut(Square, Color) -> B,
    ) -> i32 {
        // gains[d]: what the side making capture d has won so far, if the exchange stops there.
        let mut gains = [0i32; LONGEST];
        gains[0] = start.won;
        let mut on_square = start.on_square;
        let mut lifted = start.from;
        let mut side = start.side;
        let mut depth = 0;
        while depth + 1 < LONGEST {
            // Most captures are not answered at all: then the victim is won.
            let Some((value, from)) = least(attackers(lifted, side), values, roles) else {
                break;
            };
            depth += 1;
            gains[depth] = on_square - gains[depth - 1];
            on_square = value;
            lifted = from;
            side = !side;
        }
        // Each side stops the exchange where continuing would cost it.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0]
    }
}

/// Whether the exchange comes to at least the threshold, stopped as soon as that is known.
///
/// Capture d's gain g(d) (what its side has won if the exchange stops there) is answered by
/// the value v(d) = min(g(d), -v(d+1)), or g(d) when there is no capture d+1; the exchange is
/// v(0). Counted from the threshold (g(0) less it, so every later gain moves with it), the
/// question is v(0) >= 0. For the first mover's captures (d even) that is v(d) >= 0, which fails
/// whatever follows once g(d) < 0; for the other side's (d odd) it is v(d) <= 0, which holds
/// whatever follows once g(d) <= 0. Short of that, the answer at d is the answer at d+1, and at
/// the last capture the answer its own gain gives. A gain is known as soon as the capturer before
/// it is, so the walk stops before asking for an answer that cannot change the outcome.
struct AtLeast(i32);

impl Judge for AtLeast {
    type Out = bool;

    fn settle<B: Bits>(
        self,
        start: Start,
        values: &[i32; 6],
        roles: &[B; 6],
        mut attackers: impl FnMut(Square, Color) -> B,
    ) -> bool {
        let mut gain = start.won - self.0;
        if gain < 0 {
            return false;
        }
        let mut on_square = start.on_square;
        let mut lifted = start.from;
        let mut side = start.side;
        // Whether the last capture is the first mover's (an even one).
        let mut first_movers = true;
        for _ in 1..LONGEST {
            let next = on_square - gain;
            if first_movers && next <= 0 {
                return true;
            }
            if !first_movers && next < 0 {
                return false;
            }
            let Some((value, from)) = least(attackers(lifted, side), values, roles) else {
                break;
            };
            gain = next;
            on_square = value;
            lifted = from;
            side = !side;
            first_movers = !first_movers;
        }
        first_movers
    }
}
