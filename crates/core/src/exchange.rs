//! Static exchange: what a capture wins or loses once both sides have recaptured on its square
//! with their least valuable pieces, as long as it pays them, with piece values the caller
//! chooses (an engine orders and prunes its captures by it). The attackers come from the
//! surface's own tables, so the exchange follows glued edges; each capture lifts its piece off the
//! board, so the pieces behind it (x-rays) join in. Pins are not considered.
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
        if mv.kind == MoveKind::EnPassant || mv.castle().is_some() {
            return 0;
        }
        let (Some(victim), Some(mover)) = (self.piece_at(mv.to), self.piece_at(mv.from)) else {
            return 0;
        };
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
            return settle(start, values, &roles, |lifted, side| {
                board.take(lifted);
                let mut found: SquareSet = attackers(&self.variant, &board, mv.to, side)
                    .into_iter()
                    .collect();
                found.remove(mv.to);
                found
            });
        }
        match t.lines() {
            LineSets::Word(lines) => by_sets::<u64>(self, start, values, lines),
            LineSets::Double(lines) => by_sets::<u128>(self, start, values, lines),
            LineSets::Wide(lines) => by_sets::<SquareSet>(self, start, values, lines),
        }
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
fn by_sets<B: Bits>(pos: &Position, start: Start, values: &[i32; 6], lines: &Lines<B>) -> i32 {
    let sets = Sets::<B>::of(&pos.board);
    let mut occupied = sets.occupied();
    let target = B::square(start.to);
    settle(start, values, &sets.role, |lifted, side| {
        occupied &= !B::square(lifted);
        attackers_to(lines, &sets, start.to, side, occupied) & occupied & !target
    })
}

/// Plays the exchange out: `attackers(lifted, side)` lifts the last capturer off the board and
/// gives `side`'s attackers of the square; `roles` are the board's pieces by role (only pieces
/// still on the board are ever among the attackers).
fn settle<B: Bits>(
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
        let found = attackers(lifted, side);
        // The least valuable attacker, of equal values the one on the lowest square.
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
        // Most captures are not answered at all: then the victim is won.
        let Some((value, from)) = least else {
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
