//! Legal moves from check and pin masks, on square sets of the board's width, for surfaces whose
//! rides can be walked back (every preset; [`crate::movegen`] keeps the exact slower path for the
//! others).
//!
//! On such a surface a rider reaches the king exactly when the king's ray in that direction meets
//! the rider first, so one walk along each of the king's rays finds the checking lines and the
//! pinned pieces. A move of a piece other than the king is then legal when it lands on every
//! checking line (between the king and the checker, or on the checker) and stays on every line it
//! is pinned on; a piece may be pinned along several lines at once on a wrapped board, and a
//! square may lie on two of the king's rays, so masks are intersected rather than counted. The
//! king steps to squares no enemy piece attacks with the king lifted off the board (each square
//! asked in turn: one map of every enemy attack measured 26% slower on standard perft, as the king
//! rarely has more than a few free squares). En passant (two pieces leave) and castling are tested
//! by making them.

use crate::bitboard::Bits;
use crate::geometry::Square;
use crate::lines::Lines;
use crate::moves::{Move, MoveKind};
use crate::pieces::{Color, Piece, Role};
use crate::position::{Board, Position};

/// Where generated moves go: a list, a callback or a count.
pub(crate) trait Sink {
    /// Whether the moves' order matters (a list or a callback), or only their number. A sink
    /// that only counts may be handed moves of several kinds as one set.
    const ORDERED: bool;
    /// One move.
    fn one(&mut self, mv: Move);
    /// Moves of `kind` from `from` to every square of `to`.
    fn many<B: Bits>(&mut self, from: Square, to: B, kind: MoveKind);
}

/// Hands every move to a callback.
pub(crate) struct Each<F>(pub(crate) F);

impl<F: FnMut(Move)> Sink for Each<F> {
    const ORDERED: bool = true;

    #[inline]
    fn one(&mut self, mv: Move) {
        (self.0)(mv)
    }

    #[inline]
    fn many<B: Bits>(&mut self, from: Square, to: B, kind: MoveKind) {
        for to in to.squares() {
            (self.0)(Move { from, to, kind })
        }
    }
}

/// Counts the moves without making them (bulk counting).
pub(crate) struct Count(pub(crate) usize);

impl Sink for Count {
    const ORDERED: bool = false;

    #[inline]
    fn one(&mut self, _: Move) {
        self.0 += 1;
    }

    #[inline]
    fn many<B: Bits>(&mut self, _: Square, to: B, _: MoveKind) {
        self.0 += to.count() as usize;
    }
}

/// The board's pieces as sets of width `B` (see [`Position::sets`]).
#[derive(Clone, Copy, Debug)]
pub struct Sets<B> {
    /// The squares of each colour's pieces (White's first).
    pub color: [B; 2],
    /// The squares of each role's pieces of both colours (pawn to king).
    pub role: [B; 6],
}

impl<B: Bits> Sets<B> {
    #[inline]
    pub(crate) fn of(board: &Board) -> Sets<B> {
        Sets {
            color: board.by_color.each_ref().map(B::of),
            role: board.by_role.each_ref().map(B::of),
        }
    }

    /// The squares of every piece.
    #[inline]
    pub fn occupied(&self) -> B {
        self.color[0] | self.color[1]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn of_role(&self, color: Color, role: Role) -> B {
        self.color[color.index()] & self.role[role as usize]
    }

    /// `color`'s riders along orthogonal rays (direction numbers 0 to 3) and along diagonal
    /// ones (4 to 7).
    #[inline]
    fn riders(&self, color: Color) -> [B; 2] {
        let queens = self.role[Role::Queen as usize];
        let ours = self.color[color.index()];
        [
            ours & (self.role[Role::Rook as usize] | queens),
            ours & (self.role[Role::Bishop as usize] | queens),
        ]
    }
}

impl Position {
    /// The pieces as square sets of width `B` (narrowed once, for code that reads many of them;
    /// the squares past `B`'s width are dropped, so `B` must hold the board).
    #[inline]
    pub fn sets<B: Bits>(&self) -> Sets<B> {
        Sets::of(&self.board)
    }
}

/// The squares of `by`'s pawns, knights and king that attack `sq`.
#[inline(always)]
fn leapers_to<B: Bits>(lines: &Lines<B>, sets: &Sets<B>, sq: Square, by: Color) -> B {
    (lines.pawn_capture_from(by, sq) & sets.of_role(by, Role::Pawn))
        | (lines.knight_from(sq) & sets.of_role(by, Role::Knight))
        | (lines.king_from(sq) & sets.of_role(by, Role::King))
}

/// The squares of `by`'s pieces that attack `sq` when the pieces stand on `occupied`.
pub(crate) fn attackers_to<B: Bits>(
    lines: &Lines<B>,
    sets: &Sets<B>,
    sq: Square,
    by: Color,
    occupied: B,
) -> B {
    let mut found = leapers_to(lines, sets, sq, by);
    let [orthogonal, diagonal] = sets.riders(by);
    let [along, across] = lines.by_line(sq);
    // No rider of a kind on any of the square's lines of that kind: none of its four rays.
    if !(along & orthogonal).is_empty() {
        found |= riders_on::<B, 0>(lines, sq, orthogonal, occupied);
    }
    if !(across & diagonal).is_empty() {
        found |= riders_on::<B, 4>(lines, sq, diagonal, occupied);
    }
    found
}

/// The `riders` that reach `sq` along its four rays numbered from `FIRST` when the pieces stand
/// on `occupied`. The four are written out with the direction numbers fixed when compiled: as a
/// loop the compiler kept the loop (its range was 14% of an attack query's instructions in
/// folded perft).
#[inline(always)]
fn riders_on<B: Bits, const FIRST: usize>(
    lines: &Lines<B>,
    sq: Square,
    riders: B,
    occupied: B,
) -> B {
    let along = |dir: usize| -> B {
        if (lines.ray(sq, dir) & riders).is_empty() {
            return B::EMPTY;
        }
        match lines.first(sq, dir, occupied) {
            Some(first) if riders.has(first) => B::square(first),
            _ => B::EMPTY,
        }
    };
    along(FIRST) | along(FIRST + 1) | along(FIRST + 2) | along(FIRST + 3)
}

/// The squares of `by`'s pieces attacking `sq` on `board`.
pub(crate) fn attackers<B: Bits>(lines: &Lines<B>, board: &Board, sq: Square, by: Color) -> B {
    let sets = Sets::of(board);
    attackers_to(lines, &sets, sq, by, sets.occupied())
}

/// Whether a piece of `by` attacks `sq` on `board`: [`attackers`] stopped at the first found.
pub(crate) fn attacked<B: Bits>(lines: &Lines<B>, board: &Board, sq: Square, by: Color) -> bool {
    let sets = Sets::<B>::of(board);
    attacked_on(lines, &sets, sq, by, sets.occupied())
}

/// Whether a piece of `by` attacks `sq` when the pieces stand on `occupied`: [`attackers_to`]
/// stopped at the first found.
#[inline(always)]
fn attacked_on<B: Bits>(
    lines: &Lines<B>,
    sets: &Sets<B>,
    sq: Square,
    by: Color,
    occupied: B,
) -> bool {
    if !leapers_to(lines, sets, sq, by).is_empty() {
        return true;
    }
    let [orthogonal, diagonal] = sets.riders(by);
    let [along, across] = lines.by_line(sq);
    (!(along & orthogonal).is_empty()
        && !riders_on::<B, 0>(lines, sq, orthogonal, occupied).is_empty())
        || (!(across & diagonal).is_empty()
            && !riders_on::<B, 4>(lines, sq, diagonal, occupied).is_empty())
}

/// Whether the ordinary move (a step, a ride, a leap, a pawn's push or capture, a promotion;
/// not en passant or castling) `from`-`to` of `us`'s `moving` piece, placing `placed`, attacks
/// the other king: [`attacked`] on the board after it, found by moving the piece in the sets
/// alone.
pub(crate) fn gives_check<B: Bits>(
    lines: &Lines<B>,
    board: &Board,
    (from, to, moving, placed): (Square, Square, Role, Role),
    us: Color,
) -> bool {
    let mut sets = Sets::<B>::of(board);
    let (from_set, to_set) = (B::square(from), B::square(to));
    if from != to {
        if let Some(taken) = board.piece(to) {
            sets.color[taken.color.index()] &= !to_set;
            sets.role[taken.role as usize] &= !to_set;
        }
    }
    sets.role[moving as usize] &= !from_set;
    sets.role[placed as usize] |= to_set;
    let ours = &mut sets.color[us.index()];
    *ours = (*ours & !from_set) | to_set;
    attacked_on(
        lines,
        &sets,
        board.kings[(!us).index()],
        us,
        sets.occupied(),
    )
}

/// Whether the king of `color` is attacked on `board`.
fn king_attacked<B: Bits>(lines: &Lines<B>, board: &Board, color: Color) -> bool {
    !attackers(lines, board, board.kings[color.index()], !color).is_empty()
}

/// A piece pinned to its king, and the squares it may still go to.
#[derive(Clone, Copy)]
struct Pin<B> {
    square: Square,
    allowed: B,
}

/// What one of the king's rays shows.
enum KingLine<B> {
    /// A checking rider: the squares up to it, itself included.
    Check(B),
    /// A piece pinned: its square and the squares it may still go to.
    Pin(Square, B),
}

/// What the king's ray numbered `dir` shows: a checking rider of `riders` or a piece of `own`
/// pinned by one, if either. One ride past `own`'s pieces to the first of `their`: if that is a
/// rider, none of `own` between means check, one a pin. (Found before as the first two pieces in
/// one scan, then a second ride for a pin: natively torus-8x14 perft took 7% more instructions
/// and time, and in wasm folded perft 5 took 7% more time, torus-8x14 6%, standard 2%.)
#[inline(always)]
fn king_line<B: Bits>(
    lines: &Lines<B>,
    king: Square,
    dir: usize,
    (riders, own, their): (B, B, B),
) -> Option<KingLine<B>> {
    if (lines.ray(king, dir) & riders).is_empty() {
        return None;
    }
    let reach = lines.ride(king, dir, their).0;
    if (reach & riders).is_empty() {
        return None;
    }
    let shield = reach & own;
    if shield.is_empty() {
        Some(KingLine::Check(reach))
    } else if shield.without_lowest().is_empty() {
        Some(KingLine::Pin(shield.lowest(), reach))
    } else {
        None
    }
}

/// Hands every legal move of `pos` to `sink`; with `noisy_only`, only captures (en passant
/// included) and promotions.
pub(crate) fn generate<B: Bits, S: Sink>(
    pos: &Position,
    lines: &Lines<B>,
    noisy_only: bool,
    sink: &mut S,
) {
    let v = &*pos.variant;
    let t = v.tables();
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let sets = Sets::<B>::of(board);
    let own = sets.color[us.index()];
    let their = sets.color[them.index()];
    let occupied = own | their;
    let king = board.kings[us.index()];

    // Checking lines and pins, from the king's rays.
    // Written out rather than by `leapers_to`: through the function the generator measured 1%
    // more instructions in perft.
    let leapers = (lines.pawn_capture_from(them, king) & sets.of_role(them, Role::Pawn))
        | (lines.knight_from(king) & sets.of_role(them, Role::Knight))
        | (lines.king_from(king) & sets.of_role(them, Role::King));
    let mut in_check = !leapers.is_empty();
    let mut check_mask = if in_check { leapers } else { B::FULL };
    if leapers.count() > 1 {
        check_mask = B::EMPTY;
    }
    let mut pins = [Pin {
        square: king,
        allowed: B::EMPTY,
    }; 8];
    let mut pin_count = 0;
    let mut pinned = B::EMPTY;
    // Natively each of the king's directions is written out, the number fixed when compiled: as
    // a loop, the loop's own branch was the generator's most mispredicted one on the folded board
    // (every ray of the king meets a rider there), and folded perft ran 2-4% faster without it.
    // In WebAssembly the loop stays: V8 ran the eight copies 12-25% slower (measured twice; see
    // docs/performance-log.md).
    macro_rules! look {
        ($dir:expr, $seen:expr) => {
            match king_line(lines, king, $dir, $seen) {
                None => {}
                Some(KingLine::Check(reached)) => {
                    in_check = true;
                    check_mask &= reached;
                }
                Some(KingLine::Pin(square, allowed)) => {
                    pins[pin_count] = Pin { square, allowed };
                    pin_count += 1;
                    pinned |= B::square(square);
                }
            }
        };
    }
    let [orthogonal, diagonal] = sets.riders(them);
    let [along, across] = lines.by_line(king);
    // One kind of line: its four directions, written out or as a loop (see above). In wasm the
    // loop walks a mask of the four direction numbers: as `for dir in a..=d` (an inclusive range,
    // its loop test several steps) folded perft 5 took 7% longer (30.4 against 28.4 ms), and as
    // `a..d + 1` the compiler unrolled it (standard and torus-8x14 4-5% slower).
    macro_rules! look_four {
        ($riders:expr, $a:literal, $b:literal, $c:literal, $d:literal) => {
            let seen = ($riders, own, their);
            if cfg!(target_arch = "wasm32") {
                let mut dirs = 0b1111u32 << $a;
                while dirs != 0 {
                    let dir = dirs.trailing_zeros() as usize;
                    dirs &= dirs - 1;
                    look!(dir, seen);
                }
            } else {
                look!($a, seen);
                look!($b, seen);
                look!($c, seen);
                look!($d, seen);
            }
        };
    }
    if !(along & orthogonal).is_empty() {
        look_four!(orthogonal, 0, 1, 2, 3);
    }
    if !(across & diagonal).is_empty() {
        look_four!(diagonal, 4, 5, 6, 7);
    }
    // Without a pin every piece goes where it reaches within the check mask (every square when
    // not in check); with one, the pieces' moves come from a function of their own, in the same
    // order where the order matters. Each piece's mask had been found in the loops, behind one
    // predictable branch: the compiler unrolled the walk over the pins there, and Chromium's V8
    // kept a flag per pin on the stack across the loops. Measured 2026-11-24, the bench's perft 5:
    // in Chromium standard 25.0 to 22.1 ms, folded 31.1 to 28.2; natively 15.6 to 14.8 and 19.9
    // to 19.4. Node.js 20's older V8 runs this shape 30% slower (docs/performance.md).
    let wanted = if noisy_only { their } else { !own };
    if pin_count == 0 {
        piece_moves(pos, lines, &sets, B::FULL, noisy_only, |_| check_mask, sink);
    } else {
        pinned_moves(
            pos,
            lines,
            &sets,
            (&pins[..pin_count], pinned),
            check_mask,
            noisy_only,
            sink,
        );
    }
    // A rider whose ray comes back to it over empty squares may stay put (Yapsan's sphere): that
    // changes nothing on the board, so it is legal unless in check.
    if v.stationary_moves() && !noisy_only && !in_check {
        let riders = own
            & (sets.role[Role::Bishop as usize]
                | sets.role[Role::Rook as usize]
                | sets.role[Role::Queen as usize]);
        for from in riders.squares() {
            let role = Piece::from_code(board.code(from)).role;
            if role
                .ray_directions()
                .any(|dir| t.ray_returns(from, dir) && (lines.ray(from, dir) & occupied).is_empty())
            {
                sink.one(Move {
                    from,
                    to: from,
                    kind: MoveKind::Normal,
                });
            }
        }
    }

    // The king, against the enemy's attacks with the king lifted off the board.
    let mut steps = lines.king(king);
    let over = lines.king_over_pole(king);
    if !over.is_empty() && !crate::poles::pole_guarded(pos, v.size().rank(king) == 0, them, king) {
        steps |= over;
    }
    steps &= wanted;
    if !steps.is_empty() {
        let lifted = occupied ^ B::square(king);
        for to in steps.squares() {
            if !attackers_to(lines, &sets, to, them, lifted).is_empty() {
                steps &= !B::square(to);
            }
        }
        sink.many(king, steps, MoveKind::Normal);
    }

    // Castling: the squares between asked as one set (where most castlings stop while the
    // pieces have not left their rank), the passed squares one by one, then the move made.
    if !in_check && !noisy_only {
        for plan in v.castle_plans(us) {
            if pos.castling & plan.kind.right(us) == 0
                || !(occupied & B::of(&plan.empty_set)).is_empty()
                || board.code(plan.king_from)
                    != (Piece {
                        color: us,
                        role: Role::King,
                    })
                    .code()
                || board.code(plan.rook_from)
                    != (Piece {
                        color: us,
                        role: Role::Rook,
                    })
                    .code()
                || plan
                    .king_passes
                    .iter()
                    .any(|&s| !attackers_to(lines, &sets, s, them, occupied).is_empty())
            {
                continue;
            }
            let mv = Move {
                from: plan.king_from,
                to: plan.king_to,
                kind: MoveKind::Castle(plan.kind),
            };
            if !king_attacked(lines, &pos.board_after(mv), us) {
                sink.one(mv);
            }
        }
    }
}

/// The moves of the side to move's pawns, knights and riders standing on `movers`, each to the
/// squares `allowed` gives for its square (with en passant tested by making it).
#[inline(always)]
fn piece_moves<B: Bits, S: Sink>(
    pos: &Position,
    lines: &Lines<B>,
    sets: &Sets<B>,
    movers: B,
    noisy_only: bool,
    allowed: impl Fn(Square) -> B,
    sink: &mut S,
) {
    let t = pos.variant.tables();
    let us = pos.turn;
    let own = sets.color[us.index()];
    let their = sets.color[(!us).index()];
    let occupied = own | their;
    let wanted = if noisy_only { their } else { !own };
    // Pawns.
    let promote = |sink: &mut S, from: Square, to: Square, kind: MoveKind| {
        if t.promotes(us, to) {
            for role in Role::PROMOTIONS {
                sink.one(Move {
                    from,
                    to,
                    kind: MoveKind::Promotion(role),
                });
            }
        } else {
            sink.one(Move { from, to, kind });
        }
    };
    // A pawn's moves to the squares `to`: each once, or once per promotion where it promotes.
    let promotion = lines.promotion(us);
    let pawn_to = |sink: &mut S, from: Square, to: B, kind: MoveKind| {
        if (to & promotion).is_empty() {
            sink.many(from, to, kind);
        } else {
            for to in to.squares() {
                promote(sink, from, to, kind);
            }
        }
    };
    let vacant = !occupied;
    // The tables taken before the loops: indexed in the loop, each table's place was read in
    // every turn (wasm perft 1-3% slower).
    let [push, double, capture] = lines.pawns(us);
    for from in (sets.of_role(us, Role::Pawn) & movers).squares() {
        let allow = allowed(from);
        // The step and the double step as sets (before, a square each from the tables, tested
        // in the board's mailbox: standard perft 5 took 14% more instructions and 12% more time,
        // folded 13% and 11%, torus-8x14 1% and 5%, and in wasm all three 7-10% more time).
        // Tested without branches (the double step masked when the step is blocked) the search
        // took 5% more instructions. Of the pushes, only a promotion is noisy.
        let mut one = push[from] & vacant;
        if noisy_only {
            one &= promotion;
        }
        let captures = capture[from];
        if S::ORDERED {
            if !one.is_empty() {
                pawn_to(sink, from, one & allow, MoveKind::Normal);
                // The double step goes to the sink even when there is none (nothing to list):
                // whether a pawn whose step is free may also double-step was the generator's
                // most mispredicted branch (cachegrind on folded perft 5: 232 K of 1.55 M).
                let two = double[from] & vacant & allow;
                if !noisy_only {
                    pawn_to(sink, from, two, MoveKind::DoubleStep);
                }
            }
            let taken = captures & their & allow;
            if !taken.is_empty() {
                pawn_to(sink, from, taken, MoveKind::Normal);
            }
        } else {
            // Counted: the step, the double step and the captures land on different squares, so
            // they are one set, counted once, and its promotion squares three times more (one
            // count per promoted role). Without the branches of the listed moves (where a pawn
            // may promote, whether it may double-step or capture), perft 5 went natively from
            // 18.8 to 18.4 ms on folded and 12.3 to 12.0 on torus-8x14 (standard unchanged), and
            // in Chromium from 21.8 to 21.0 ms on standard, 28.4 to 27.0 on folded and 17.4 to
            // 16.0 on torus-8x14: V8 had run the pawns' loop at 1.7x native, the rest at 1.5x.
            let two = if one.is_empty() || noisy_only {
                B::EMPTY
            } else {
                double[from] & vacant
            };
            let targets = (one | two | (captures & their)) & allow;
            sink.many(from, targets, MoveKind::Normal);
            let promoted = targets & promotion;
            for _ in 1..Role::PROMOTIONS.len() {
                sink.many(from, promoted, MoveKind::Normal);
            }
        }
        if let Some(ep) = pos.ep.filter(|&ep| captures.has(ep) && !their.has(ep)) {
            let mv = Move {
                from,
                to: ep,
                kind: MoveKind::EnPassant,
            };
            if !king_attacked(lines, &pos.board_after(mv), us) {
                sink.one(mv);
            }
        }
    }

    // Knights and riders.
    let knights = lines.knights();
    for from in (sets.of_role(us, Role::Knight) & movers).squares() {
        sink.many(
            from,
            knights[from] & wanted & allowed(from),
            MoveKind::Normal,
        );
    }
    // A queen's two kinds of rays may cross on a folded board: one set of targets per piece.
    for from in (sets.of_role(us, Role::Rook) & movers).squares() {
        sink.many(
            from,
            lines.rides::<0, 4>(from, occupied) & wanted & allowed(from),
            MoveKind::Normal,
        );
    }
    for from in (sets.of_role(us, Role::Bishop) & movers).squares() {
        sink.many(
            from,
            lines.rides::<4, 8>(from, occupied) & wanted & allowed(from),
            MoveKind::Normal,
        );
    }
    for from in (sets.of_role(us, Role::Queen) & movers).squares() {
        sink.many(
            from,
            lines.rides::<0, 8>(from, occupied) & wanted & allowed(from),
            MoveKind::Normal,
        );
    }
}

/// [`piece_moves`] when pieces are pinned: each piece within the check mask, and a pinned one
/// within the lines of the `pins` that hold it, in the same order as without pins where the
/// order matters. Out of line, as pins are rare.
#[inline(never)]
fn pinned_moves<B: Bits, S: Sink>(
    pos: &Position,
    lines: &Lines<B>,
    sets: &Sets<B>,
    (pins, pinned): (&[Pin<B>], B),
    check_mask: B,
    noisy_only: bool,
    sink: &mut S,
) {
    let allowed = |from: Square| {
        if !pinned.has(from) {
            return check_mask;
        }
        pins.iter()
            .filter(|pin| pin.square == from)
            .fold(check_mask, |mask, pin| mask & pin.allowed)
    };
    if S::ORDERED {
        piece_moves(pos, lines, sets, B::FULL, noisy_only, allowed, sink);
    } else {
        // Counted, the pieces not pinned first, without a mask per piece (folded perft 5 in
        // Chromium 3% faster than in order).
        piece_moves(pos, lines, sets, !pinned, noisy_only, |_| check_mask, sink);
        piece_moves(pos, lines, sets, pinned, noisy_only, allowed, sink);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::SquareSet;
    use crate::lines::LineSets;
    use crate::tables::Tables;
    use crate::variant::{Variant, PRESETS};

    /// `first` and `ride` against walking each ray of `t` square by square, on `boards`
    /// random placements (a seeded xorshift, so a failure replays).
    fn first_pieces_agree<B: Bits>(t: &Tables, lines: &Lines<B>, boards: usize) {
        let squares = t.size().squares();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..boards {
            let mut set = SquareSet::EMPTY;
            let fill = 2 + (state % 5);
            for i in 0..squares {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 8 < fill {
                    set.insert(Square(i as u8));
                }
            }
            let occupied = B::of(&set);
            for i in 0..squares {
                let sq = Square(i as u8);
                for dir in 0..8 {
                    let ray = t.ray(sq, dir);
                    let stop = ray.iter().position(|&s| set.contains(s));
                    let expected = stop.map(|i| ray[i]);
                    let passed: SquareSet = ray[..stop.map_or(ray.len(), |i| i + 1)]
                        .iter()
                        .copied()
                        .collect();
                    assert_eq!(lines.first(sq, dir, occupied), expected, "{sq:?} {dir}");
                    let (reach, first) = lines.ride(sq, dir, occupied);
                    assert_eq!(first, expected, "{sq:?} {dir}");
                    assert_eq!(reach.to_set(), passed, "{sq:?} {dir}");
                }
            }
        }
    }

    #[test]
    fn a_ride_stops_at_the_first_piece_in_walking_order() {
        for preset in PRESETS {
            let v = Variant::preset(preset.id, None).unwrap();
            let t = v.tables();
            match t.lines() {
                LineSets::Word(lines) => first_pieces_agree(t, lines, 40),
                LineSets::Double(lines) => first_pieces_agree(t, lines, 40),
                LineSets::Wide(lines) => first_pieces_agree(t, lines, 40),
            }
        }
    }
}
