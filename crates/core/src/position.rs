//! Positions: the placement of the pieces with the side to move, castling rights, en-passant
//! square and clocks, on a shared [`Variant`]. A `Position` is always valid: it is made only by
//! validating a setup ([`crate::fen`]) or by playing legal moves.

use crate::bitboard::words_for;
use crate::castling::rights_bit;
use crate::geometry::{BoardSize, Square, SquareSet, MAX_SQUARES};
use crate::moves::{Move, MoveKind};
use crate::pieces::{Color, Piece, Role};
use crate::variant::Variant;
use crate::zobrist;
use std::sync::Arc;

/// The largest half-move clock or move number a position holds: far beyond any game (the
/// fifty-move rule ends one at 100 half-moves). A FEN or setup with more is refused, and moves
/// played keep both counters at most this, so no counter can overflow and every position's FEN
/// reads back.
pub const MAX_CLOCK: u32 = 1_000_000;

/// The pieces on the squares: a mailbox of piece codes plus the squares of each colour and of
/// each role.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Board {
    pub(crate) squares: [u8; MAX_SQUARES],
    pub(crate) by_color: [SquareSet; 2],
    pub(crate) by_role: [SquareSet; 6],
    pub(crate) kings: [Square; 2],
}

impl Board {
    pub(crate) fn empty() -> Board {
        Board {
            squares: [0; MAX_SQUARES],
            by_color: [SquareSet::EMPTY; 2],
            by_role: [SquareSet::EMPTY; 6],
            kings: [Square(0); 2],
        }
    }

    /// Makes this board a copy of `from`, both boards of `squares` squares. Only the words and
    /// mailbox bytes a board of that size uses are copied (a standard board is a quarter of the
    /// whole): a position holds nothing beyond its board's squares, so the rest is equal already.
    #[inline]
    pub(crate) fn copy_board(&mut self, from: &Board, squares: usize) {
        match words_for(squares) {
            1 => self.copy_words::<1>(from),
            2 => self.copy_words::<2>(from),
            _ => *self = *from,
        }
    }

    /// Copies the first `W` words of every set and the mailbox's first `W * 64` squares.
    #[inline]
    fn copy_words<const W: usize>(&mut self, from: &Board) {
        self.squares[..W * 64].copy_from_slice(&from.squares[..W * 64]);
        for (to, from) in self.by_color.iter_mut().zip(&from.by_color) {
            to.words_mut()[..W].copy_from_slice(&from.words()[..W]);
        }
        for (to, from) in self.by_role.iter_mut().zip(&from.by_role) {
            to.words_mut()[..W].copy_from_slice(&from.words()[..W]);
        }
        self.kings = from.kings;
    }

    #[inline]
    pub(crate) fn code(&self, sq: Square) -> u8 {
        self.squares[sq.index()]
    }

    #[inline]
    pub(crate) fn piece(&self, sq: Square) -> Option<Piece> {
        match self.code(sq) {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.squares[sq.index()] = piece.code();
        self.by_color[piece.color.index()].insert(sq);
        self.by_role[piece.role as usize].insert(sq);
        if piece.role == Role::King {
            self.kings[piece.color.index()] = sq;
        }
    }

    #[inline]
    pub(crate) fn take(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece(sq)?;
        self.squares[sq.index()] = 0;
        self.by_color[piece.color.index()].remove(sq);
        self.by_role[piece.role as usize].remove(sq);
        Some(piece)
    }
}

/// A valid position of a variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Arc<Variant>,
    pub(crate) board: Board,
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<Square>,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        (Arc::ptr_eq(&self.variant, &other.variant) || self.variant.id() == other.variant.id())
            && self.board == other.board
            && self.turn == other.turn
            && self.castling == other.castling
            && self.ep == other.ep
            && self.halfmoves == other.halfmoves
            && self.fullmoves == other.fullmoves
    }
}

impl Position {
    /// The variant.
    #[inline]
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.variant.size()
    }

    /// The piece on `sq` (none past the board's squares: a position never holds a piece there,
    /// and the mailbox has a byte for every square number, so no bounds test is needed).
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece(sq)
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        self.size()
            .all()
            .filter_map(|sq| self.board.piece(sq).map(|p| (sq, p)))
            .collect()
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn occupied_by(&self, color: Color) -> SquareSet {
        self.board.by_color[color.index()]
    }

    /// The squares of the pieces of `role`, of both colours.
    #[inline]
    pub fn by_role(&self, role: Role) -> SquareSet {
        self.board.by_role[role as usize]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces_of(&self, color: Color, role: Role) -> SquareSet {
        self.board.by_color[color.index()] & self.board.by_role[role as usize]
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The castling rights as four bits (`K`, `Q`, `k`, `q` from the low bit).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// Whether `color` keeps the right to castle with its h-rook (`h_rook`) or a-rook.
    pub fn has_castling_right(&self, color: Color, h_rook: bool) -> bool {
        self.castling & rights_bit(color, h_rook) != 0
    }

    /// The en-passant square, kept only when a pawn of the side to move could capture there.
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move (the 50-move rule's clock).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// The move number (starts at 1, increases after Black moves).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// The Zobrist hash: equal positions (for repetition) have equal hashes.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The square of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Square {
        self.board.kings[color.index()]
    }

    /// The hash computed from scratch; always equal to [`Position::hash`] (tests check it).
    pub fn compute_hash(&self) -> u64 {
        let keys = zobrist::keys();
        let mut hash = keys.castling(self.castling);
        for (sq, piece) in self.pieces() {
            hash ^= keys.piece(piece, sq);
        }
        if let Some(ep) = self.ep {
            hash ^= keys.en_passant(ep);
        }
        if self.turn == Color::Black {
            hash ^= keys.black_to_move();
        }
        hash
    }

    /// Makes `child` this position with `mv` played (unchecked, as [`Position::play_unchecked`]).
    /// Searches keep one child position per ply and fill it for each move: a clone would count
    /// the shared variant up and down (two atomic operations, a fifth of perft's time on the
    /// folded board), while here it is shared once and only the board is copied (only the part of
    /// it the board's size uses, once the child holds a position of the same variant).
    #[inline]
    pub fn play_into(&self, mv: Move, child: &mut Position) {
        if Arc::ptr_eq(&self.variant, &child.variant) {
            child.board.copy_board(&self.board, self.size().squares());
        } else {
            child.variant = Arc::clone(&self.variant);
            child.board = self.board;
        }
        child.turn = self.turn;
        child.castling = self.castling;
        child.ep = self.ep;
        child.halfmoves = self.halfmoves;
        child.fullmoves = self.fullmoves;
        child.hash = self.hash;
        child.play_unchecked(mv);
    }

    /// Plays `mv` without checking that it is legal. Playing an illegal move leaves a position
    /// that breaks the rules; use [`Position::play`] for moves from outside.
    pub fn play_unchecked(&mut self, mv: Move) {
        let us = self.turn;
        let them = !us;
        let tables = self.variant.tables();
        let Some(moving) = self.board.piece(mv.from) else {
            return;
        };
        let keys = zobrist::keys();
        let mut hash = self.hash ^ keys.castling(self.castling) ^ keys.black_to_move();
        if let Some(ep) = self.ep.take() {
            hash ^= keys.en_passant(ep);
        }
        // Both counters stop at MAX_CLOCK (no game gets there), so every position's FEN reads
        // back and no counter can overflow.
        self.halfmoves = (self.halfmoves + 1).min(MAX_CLOCK);
        match mv.kind {
            MoveKind::Castle(kind) => {
                // The four squares copied out of the plan (a clone of the plan allocated its
                // two lists on every castling move).
                let squares = self
                    .variant
                    .castle_plan(us, kind)
                    .map(|p| (p.king_from, p.king_to, p.rook_from, p.rook_to));
                if let Some((king_from, king_to, rook_from, rook_to)) = squares {
                    let rook = Piece {
                        color: us,
                        role: Role::Rook,
                    };
                    self.board.take(king_from);
                    self.board.take(rook_from);
                    self.board.put(king_to, moving);
                    self.board.put(rook_to, rook);
                    hash ^= keys.piece(moving, king_from)
                        ^ keys.piece(moving, king_to)
                        ^ keys.piece(rook, rook_from)
                        ^ keys.piece(rook, rook_to);
                }
                self.castling &= !(rights_bit(us, true) | rights_bit(us, false));
            }
            _ => {
                let captured_sq = if mv.kind == MoveKind::EnPassant {
                    tables.pawn_push(them, mv.to)
                } else if mv.from != mv.to {
                    Some(mv.to)
                } else {
                    None
                };
                if let Some(csq) = captured_sq {
                    if let Some(captured) = self.board.take(csq) {
                        hash ^= keys.piece(captured, csq);
                        self.halfmoves = 0;
                    }
                }
                self.board.take(mv.from);
                let placed = match mv.kind {
                    MoveKind::Promotion(role) => Piece { color: us, role },
                    _ => moving,
                };
                self.board.put(mv.to, placed);
                hash ^= keys.piece(moving, mv.from) ^ keys.piece(placed, mv.to);
                if moving.role == Role::Pawn {
                    self.halfmoves = 0;
                    if mv.kind == MoveKind::DoubleStep {
                        if let Some(mid) = tables.pawn_push(us, mv.from) {
                            let pawn = Piece {
                                color: them,
                                role: Role::Pawn,
                            };
                            if tables
                                .pawn_capture_from(them, mid)
                                .iter()
                                .any(|&s| self.board.piece(s) == Some(pawn))
                            {
                                self.ep = Some(mid);
                                hash ^= keys.en_passant(mid);
                            }
                        }
                    }
                }
                self.castling &=
                    self.variant.rights_kept(mv.from) & self.variant.rights_kept(mv.to);
            }
        }
        // Counted without a branch: which side moved follows the search's recursion, and a
        // branch on it was mispredicted at 44% of the search's moves (cachegrind).
        self.fullmoves = (self.fullmoves + u32::from(us == Color::Black)).min(MAX_CLOCK);
        self.turn = them;
        self.hash = hash ^ keys.castling(self.castling);
    }

    /// The same position with the other side to move and no en-passant square: the "null move" a
    /// search plays to measure threats. It is not a legal move in the game.
    pub fn pass(&self) -> Position {
        let keys = zobrist::keys();
        let mut next = self.clone();
        if let Some(ep) = next.ep.take() {
            next.hash ^= keys.en_passant(ep);
        }
        next.turn = !next.turn;
        next.hash ^= keys.black_to_move();
        next
    }

    /// Whether `mv` takes a piece (en passant included).
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        mv.kind == MoveKind::EnPassant
            || (mv.from != mv.to && mv.castle().is_none() && self.board.code(mv.to) != 0)
    }

    /// The board after `mv` (castling, en passant and promotion made), for the tests of check.
    pub(crate) fn board_after(&self, mv: Move) -> Board {
        let mut board = self.board;
        let us = self.turn;
        match mv.kind {
            MoveKind::Castle(kind) => {
                if let Some(plan) = self.variant.castle_plan(us, kind) {
                    let king = board.take(plan.king_from);
                    let rook = board.take(plan.rook_from);
                    if let (Some(k), Some(r)) = (king, rook) {
                        board.put(plan.king_to, k);
                        board.put(plan.rook_to, r);
                    }
                }
            }
            _ => {
                if mv.kind == MoveKind::EnPassant {
                    if let Some(csq) = self.variant.tables().pawn_push(!us, mv.to) {
                        board.take(csq);
                    }
                }
                if let Some(piece) = board.take(mv.from) {
                    board.take(mv.to);
                    let placed = match mv.kind {
                        MoveKind::Promotion(role) => Piece { role, ..piece },
                        _ => piece,
                    };
                    board.put(mv.to, placed);
                }
            }
        }
        board
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalMove(pub Move);

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "illegal move")
    }
}

impl std::error::Error for IllegalMove {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child filled by `play_into` equals the position played by a clone, whether the child held
    /// a position of a larger board, of another variant of the same size, or of the same variant.
    #[test]
    fn play_into_equals_playing_a_copy_whatever_the_child_held() {
        let variant = |id: &str| Arc::new(Variant::preset(id, None).unwrap());
        let (standard, torus, wide) =
            (variant("standard"), variant("torus"), variant("torus-8x14"));
        let mut child = Position::start(wide.clone());
        let mut wide_pos = Position::start(wide.clone());
        for _ in 0..3 {
            let mv = wide_pos.legal_moves()[0];
            wide_pos = wide_pos.play(mv).unwrap();
        }
        child.clone_from(&wide_pos);
        for start in [
            Position::start(standard),
            Position::start(torus),
            Position::start(wide),
        ] {
            let mut pos = start;
            for ply in 0..12 {
                // Every move into the same child, as a search fills it for each sibling.
                let moves = pos.legal_moves();
                for &mv in &moves {
                    let mut played = pos.clone();
                    played.play_unchecked(mv);
                    pos.play_into(mv, &mut child);
                    assert_eq!(child, played);
                    assert_eq!(child.board, played.board, "beyond the board's squares too");
                    assert_eq!(child.hash(), child.compute_hash());
                }
                let Some(&mv) = moves.get((ply * 7) % moves.len().max(1)) else {
                    break;
                };
                pos = pos.play(mv).unwrap();
            }
        }
    }
}
