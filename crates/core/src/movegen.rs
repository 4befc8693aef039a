//! The move generator's entry points, and the exact walking generator for surfaces whose rides
//! cannot be walked back. Both read only the variant's tables.
//!
//! Where rides can be walked back (every preset) moves come from [`crate::legal`], on square sets
//! of the board's width. Elsewhere the walking generator here steps along each ray square by
//! square: a move is legal if afterwards the mover's king is not attacked, and every move is
//! tested by making it on a copy of the board. [`crate::reference`] is the slow path both are
//! tested against.

use crate::bitboard::Bits;
use crate::geometry::{Square, SquareSet};
use crate::legal::{self, Count, Each, Sink};
use crate::lines::LineSets;
use crate::moves::{Move, MoveKind};
use crate::pieces::{Color, Piece, Role};
use crate::position::{Board, IllegalMove, Position};
use crate::variant::Variant;

#[inline]
fn code(color: Color, role: Role) -> u8 {
    Piece { color, role }.code()
}

/// Whether a non-empty piece code is a piece of `color` (White's codes are 1..=6).
#[inline]
fn is_color(code: u8, color: Color) -> bool {
    (code > 6) == (color == Color::Black)
}

/// Whether a piece of `by` attacks `sq` on `board`, walking every rider's rays forward: for
/// surfaces whose rides cannot be walked back (the others ask the square sets, `legal.rs`).
pub(crate) fn attacked(v: &Variant, board: &Board, sq: Square, by: Color) -> bool {
    leaped_to(v, board, sq, by) || ridden_to(v, board, sq, by)
}

/// Whether a rider of `by` reaches `sq`, walking every rider's rays forward: for surfaces whose
/// rides cannot be walked back.
fn ridden_to(v: &Variant, board: &Board, sq: Square, by: Color) -> bool {
    let t = v.tables();
    board.by_color[by.index()].iter().any(|from| {
        let piece = Piece::from_code(board.code(from));
        piece.role.ray_directions().any(|dir| {
            for &s in t.ray(from, dir) {
                if s == sq {
                    return true;
                }
                if board.code(s) != 0 {
                    return false;
                }
            }
            false
        })
    })
}

/// The squares of `by`'s pieces attacking `sq` on `board`, walking every rider's rays forward:
/// for surfaces whose rides cannot be walked back.
pub(crate) fn attackers(v: &Variant, board: &Board, sq: Square, by: Color) -> Vec<Square> {
    let t = v.tables();
    let mut found = SquareSet::EMPTY;
    let mut add = |s: Square, role: Role| {
        if board.code(s) == code(by, role) {
            found.insert(s);
        }
    };
    for &s in t.pawn_capture_from(by, sq) {
        add(s, Role::Pawn);
    }
    for &s in t.knight_from(sq) {
        add(s, Role::Knight);
    }
    for &s in t.king_from(sq) {
        add(s, Role::King);
    }
    for from in board.by_color[by.index()].iter() {
        let role = Piece::from_code(board.code(from)).role;
        if matches!(role, Role::Bishop | Role::Rook | Role::Queen) {
            let mut single = *board;
            for other in board.by_color[by.index()].iter() {
                if other != from {
                    single.take(other);
                    single.put(
                        other,
                        Piece {
                            color: !by,
                            role: Role::Pawn,
                        },
                    );
                }
            }
            if ridden_to(v, &single, sq, by) {
                found.insert(from);
            }
        }
    }
    found.iter().collect()
}

/// Whether a pawn, knight or king of `by` attacks `sq`.
fn leaped_to(v: &Variant, board: &Board, sq: Square, by: Color) -> bool {
    let t = v.tables();
    let (pawn, knight, king) = (
        code(by, Role::Pawn),
        code(by, Role::Knight),
        code(by, Role::King),
    );
    t.pawn_capture_from(by, sq)
        .iter()
        .any(|&s| board.code(s) == pawn)
        || t.knight_from(sq).iter().any(|&s| board.code(s) == knight)
        || t.king_from(sq).iter().any(|&s| board.code(s) == king)
}

/// Hands every legal move of `pos` to `sink`; with `noisy_only`, only captures (en passant
/// included) and promotions. Always inlined: a count kept in a local rather than behind the
/// sink's pointer made wasm perft 2% faster in Chromium.
#[inline(always)]
pub(crate) fn generate<S: Sink>(pos: &Position, noisy_only: bool, sink: &mut S) {
    let t = pos.variant.tables();
    if !t.rides_reversible() {
        let mut moves = Vec::new();
        walked_moves(pos, &mut moves, noisy_only);
        for mv in moves {
            sink.one(mv);
        }
        return;
    }
    match t.lines() {
        LineSets::Word(lines) => legal::generate(pos, lines, noisy_only, sink),
        LineSets::Double(lines) => legal::generate(pos, lines, noisy_only, sink),
        LineSets::Wide(lines) => legal::generate(pos, lines, noisy_only, sink),
    }
}

/// The squares of `by`'s pieces attacking `sq` on `board`, from the square sets where rides can
/// be walked back.
fn attackers_of(v: &Variant, board: &Board, sq: Square, by: Color) -> SquareSet {
    let t = v.tables();
    if !t.rides_reversible() {
        return attackers(v, board, sq, by).into_iter().collect();
    }
    match t.lines() {
        LineSets::Word(lines) => legal::attackers(lines, board, sq, by).to_set(),
        LineSets::Double(lines) => legal::attackers(lines, board, sq, by).to_set(),
        LineSets::Wide(lines) => legal::attackers(lines, board, sq, by),
    }
}

/// Appends every legal move of `pos` to `out`, walking the rays square by square and testing
/// every move by making it where rides cannot be walked back.
pub(crate) fn walked_moves(pos: &Position, out: &mut Vec<Move>, noisy_only: bool) {
    let v: &Variant = &pos.variant;
    let t = v.tables();
    let board = &pos.board;
    let us = pos.turn;
    let them = !us;
    let king = board.kings[us.index()];
    // Where rides cannot be walked back, pins cannot be seen from the king: every move is tested
    // by making it.
    let castling_allowed = !attacked(v, board, king, them);
    let own = board.by_color[us.index()];

    let legal = |mv: Move| -> bool {
        let after = pos.board_after(mv);
        !attacked(v, &after, after.kings[us.index()], them)
    };
    let push = |out: &mut Vec<Move>, mv: Move| {
        if legal(mv) {
            out.push(mv);
        }
    };

    for from in own.iter() {
        let piece = Piece::from_code(board.code(from));
        match piece.role {
            Role::Pawn => {
                let to_square = |out: &mut Vec<Move>, to: Square, kind: MoveKind| {
                    if t.promotes(us, to) {
                        for role in Role::PROMOTIONS {
                            push(
                                out,
                                Move {
                                    from,
                                    to,
                                    kind: MoveKind::Promotion(role),
                                },
                            );
                        }
                    } else {
                        push(out, Move { from, to, kind });
                    }
                };
                if let Some(one) = t.pawn_push(us, from) {
                    if board.code(one) == 0 && (!noisy_only || t.promotes(us, one)) {
                        to_square(out, one, MoveKind::Normal);
                        if let Some(two) = t.pawn_double(us, from).filter(|_| !noisy_only) {
                            if board.code(two) == 0 {
                                to_square(out, two, MoveKind::DoubleStep);
                            }
                        }
                    }
                }
                for &to in t.pawn_captures(us, from) {
                    let c = board.code(to);
                    if c != 0 && !is_color(c, us) {
                        to_square(out, to, MoveKind::Normal);
                    } else if Some(to) == pos.ep {
                        let mv = Move {
                            from,
                            to,
                            kind: MoveKind::EnPassant,
                        };
                        if legal(mv) {
                            out.push(mv);
                        }
                    }
                }
            }
            Role::Knight => {
                for &to in t.knight(from) {
                    let c = board.code(to);
                    if (c == 0 && !noisy_only) || (c != 0 && !is_color(c, us)) {
                        push(
                            out,
                            Move {
                                from,
                                to,
                                kind: MoveKind::Normal,
                            },
                        );
                    }
                }
            }
            Role::King => {
                // The king's destinations are tested on the board without the king, so that it
                // cannot shield a square from a line through its own square.
                let mut lifted = *board;
                lifted.take(from);
                // Steps over a guarded pole (Boholy) count only while the pole is free.
                let over = t.king_over_pole(from);
                let pole_free = !over.is_empty()
                    && !crate::poles::pole_guarded(pos, v.size().rank(from) == 0, them, from);
                let steps = t
                    .king(from)
                    .iter()
                    .chain(if pole_free { over } else { &[] });
                for &to in steps {
                    let c = board.code(to);
                    let wanted = (c == 0 && !noisy_only) || (c != 0 && !is_color(c, us));
                    if wanted && !attacked(v, &lifted, to, them) {
                        out.push(Move {
                            from,
                            to,
                            kind: MoveKind::Normal,
                        });
                    }
                }
            }
            role => {
                let orth = role.rides_orthogonally();
                let diag = role.rides_diagonally();
                let dirs = role.ray_directions();
                let dedup = t.rays_overlap(from, orth, diag);
                let mut seen = SquareSet::EMPTY;
                let mut stationary = false;
                for dir in dirs {
                    let ray = t.ray(from, dir);
                    let mut clear = true;
                    for &to in ray {
                        let c = board.code(to);
                        if c != 0 && is_color(c, us) {
                            clear = false;
                            break;
                        }
                        if (c != 0 || !noisy_only) && (!dedup || seen.insert_new(to)) {
                            push(
                                out,
                                Move {
                                    from,
                                    to,
                                    kind: MoveKind::Normal,
                                },
                            );
                        }
                        if c != 0 {
                            clear = false;
                            break;
                        }
                    }
                    if clear && v.stationary_moves() && t.ray_returns(from, dir) {
                        stationary = true;
                    }
                }
                if stationary && !noisy_only {
                    push(
                        out,
                        Move {
                            from,
                            to: from,
                            kind: MoveKind::Normal,
                        },
                    );
                }
            }
        }
    }

    if castling_allowed && !noisy_only {
        for plan in v.castle_plans(us) {
            if pos.castling & plan.kind.right(us) == 0
                || board.code(plan.king_from) != code(us, Role::King)
                || board.code(plan.rook_from) != code(us, Role::Rook)
                || plan.must_be_empty.iter().any(|&s| board.code(s) != 0)
                || plan
                    .king_passes
                    .iter()
                    .any(|&s| attacked(v, board, s, them))
            {
                continue;
            }
            let mv = Move {
                from: plan.king_from,
                to: plan.king_to,
                kind: MoveKind::Castle(plan.kind),
            };
            if legal(mv) {
                out.push(mv);
            }
        }
    }
}

/// Whether a piece of `by` attacks `sq` on `board`: on square sets where rides can be walked
/// back, else by walking.
fn attacked_on_board(v: &Variant, board: &Board, sq: Square, by: Color) -> bool {
    let t = v.tables();
    if t.rides_reversible() {
        match t.lines() {
            LineSets::Word(lines) => legal::attacked(lines, board, sq, by),
            LineSets::Double(lines) => legal::attacked(lines, board, sq, by),
            LineSets::Wide(lines) => legal::attacked(lines, board, sq, by),
        }
    } else {
        attacked(v, board, sq, by)
    }
}

/// The rules of movement, asked of a position.
impl Position {
    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.attacked_by(self.king(self.turn), !self.turn)
    }

    /// Whether a piece of `by` attacks `sq` (could capture a piece of the other side there).
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        attacked_on_board(&self.variant, &self.board, sq, by)
    }

    /// Whether the legal move `mv` puts the other side in check: [`Position::is_check`] of the
    /// position after it, mostly found without making the move.
    pub fn gives_check(&self, mv: Move) -> bool {
        let us = self.turn;
        let t = self.variant.tables();
        let moving = self.board.piece(mv.from).map(|p| p.role);
        let placed = match mv.kind {
            MoveKind::Normal | MoveKind::DoubleStep => moving,
            MoveKind::Promotion(role) => moving.map(|_| role),
            MoveKind::EnPassant | MoveKind::Castle(_) => None,
        };
        let (Some(moving), Some(placed), true) = (moving, placed, t.rides_reversible()) else {
            let after = self.board_after(mv);
            return attacked_on_board(&self.variant, &after, after.kings[(!us).index()], us);
        };
        let moved = (mv.from, mv.to, moving, placed);
        match t.lines() {
            LineSets::Word(lines) => legal::gives_check(lines, &self.board, moved, us),
            LineSets::Double(lines) => legal::gives_check(lines, &self.board, moved, us),
            LineSets::Wide(lines) => legal::gives_check(lines, &self.board, moved, us),
        }
    }

    /// The squares of `by`'s pieces that attack `sq`.
    pub fn attackers(&self, sq: Square, by: Color) -> SquareSet {
        attackers_of(&self.variant, &self.board, sq, by)
    }

    /// Plays `mv` if it is legal in this position.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        if self.legal_moves().contains(&mv) {
            let mut next = self.clone();
            next.play_unchecked(mv);
            Ok(next)
        } else {
            Err(IllegalMove(mv))
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(&mut moves);
        moves
    }

    /// Fills `moves` with every legal move (clearing it first).
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        generate(self, false, &mut Each(|mv| moves.push(mv)));
    }

    /// Fills `moves` with every legal capture and promotion (clearing it first): what a
    /// quiescence search looks at.
    pub fn legal_noisy_moves_into(&self, moves: &mut Vec<Move>) {
        moves.clear();
        generate(self, true, &mut Each(|mv| moves.push(mv)));
    }

    /// Calls `f` with every legal move, making no list.
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        generate(self, false, &mut Each(f));
    }

    /// The number of legal moves, counted without making them.
    pub fn count_legal_moves(&self) -> usize {
        let mut count = Count(0);
        generate(self, false, &mut count);
        count.0
    }

    /// Whether the side to move has a legal move.
    ///
    /// It lists the moves rather than counting them: the list's generator is the one every
    /// program that shows moves already carries, so a program that asks only this and lists moves
    /// (the page) carries one generator, not two (27 KB of WebAssembly). A search that asks it at
    /// every node should count instead (`count_legal_moves() > 0`), which is faster.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }
}
