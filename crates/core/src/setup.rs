//! A position as a text describes it, before it is checked ([`Setup`]), and the check that turns
//! it into a [`Position`] of a variant: one king a side, no pawn where pawns cannot stand, castling
//! rights only with their king and rook at home, an en-passant square only behind a pawn that has
//! just made a double step, and the side that just moved not in check. FEN reading
//! ([`crate::fen`]) and the lab's start positions produce setups; positions come only from here
//! or from legal moves.

use crate::castling::{rights_bit, CastlingMode};
use crate::geometry::Square;
use crate::pieces::{Color, Piece, Role};
pub use crate::position::MAX_CLOCK;
use crate::position::{Board, Position};
use crate::variant::Variant;
use core::fmt;
use std::sync::Arc;

/// The pieces, side to move, castling rights, en-passant square and clocks a FEN states, not yet
/// checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Every piece and its square.
    pub pieces: Vec<(Square, Piece)>,
    /// The side to move.
    pub turn: Color,
    /// The castling rights as letters (`K`, `Q`, `k`, `q`: White's and Black's h-side and
    /// a-side rook), each at most once.
    pub castling: Vec<char>,
    /// The en-passant square.
    pub ep: Option<Square>,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The move number.
    pub fullmoves: u32,
}

/// What is wrong with a FEN or the position it describes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// The text is empty.
    Empty,
    /// Too many space-separated fields.
    TooManyFields(usize),
    /// The board field has the wrong number of ranks.
    RankCount {
        /// Ranks of the variant's board.
        expected: u8,
        /// Ranks in the FEN.
        found: usize,
    },
    /// A rank of the board field does not fill the width of the board.
    RankLength {
        /// The rank's number (1 is the bottom rank).
        rank: usize,
        /// Files of the variant's board.
        expected: u8,
        /// Squares the row describes.
        found: usize,
    },
    /// A character in the board field is not a piece letter or digit.
    BadPiece(char),
    /// The side to move is not `w` or `b`.
    BadTurn(String),
    /// The castling field has a character other than `KQkq` or `-`, or a repeated one.
    BadCastling(String),
    /// A castling right without the king or rook it needs.
    CastlingWithoutPieces(char),
    /// Castling rights in a game without castling.
    CastlingNotAllowed,
    /// The en-passant field is not a square of the board or `-`.
    BadEnPassant(String),
    /// The en-passant square is not behind a pawn that has just made a double step.
    ImpossibleEnPassant(String),
    /// A clock field is not a number, the move number is 0, or a counter is above
    /// [`MAX_CLOCK`].
    BadClock(String),
    /// A side has no king or more than one.
    KingCount {
        /// The side.
        color: Color,
        /// How many kings it has.
        count: usize,
    },
    /// A pawn stands on a back rank, where pawns cannot be.
    PawnOnBackRank(String),
    /// The side that just moved is in check.
    OppositeCheck,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Empty => write!(f, "the FEN is empty"),
            SetupError::TooManyFields(n) => {
                write!(f, "a FEN has at most 6 fields, this one has {n}")
            }
            SetupError::RankCount { expected, found } => {
                write!(
                    f,
                    "the board has {expected} ranks, the FEN describes {found}"
                )
            }
            SetupError::RankLength {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} has {found} squares in the FEN, the board has {expected} files"
            ),
            SetupError::BadPiece(c) => write!(f, "'{c}' is not a piece letter or a digit"),
            SetupError::BadTurn(s) => write!(f, "the side to move must be 'w' or 'b', not '{s}'"),
            SetupError::BadCastling(s) => {
                write!(
                    f,
                    "the castling field must be '-' or letters of KQkq, not '{s}'"
                )
            }
            SetupError::CastlingWithoutPieces(c) => write!(
                f,
                "castling right '{c}' needs the king and that rook on their starting squares"
            ),
            SetupError::CastlingNotAllowed => {
                write!(
                    f,
                    "this game has no castling, so the castling field must be '-'"
                )
            }
            SetupError::BadEnPassant(s) => {
                write!(f, "the en-passant field must be '-' or a square, not '{s}'")
            }
            SetupError::ImpossibleEnPassant(s) => write!(
                f,
                "en-passant square {s} is not behind a pawn that has just made a double step"
            ),
            SetupError::BadClock(s) => write!(
                f,
                "'{s}' is not a valid move counter (a whole number up to {MAX_CLOCK})"
            ),
            SetupError::KingCount { color, count } => {
                write!(
                    f,
                    "{} has {count} kings, it must have exactly one",
                    color.name()
                )
            }
            SetupError::PawnOnBackRank(s) => write!(f, "a pawn on {s}, where pawns cannot stand"),
            SetupError::OppositeCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Position {
    /// The position `setup` describes on `variant`, if the rules allow it.
    pub fn from_setup(variant: Arc<Variant>, setup: &Setup) -> Result<Position, SetupError> {
        Position::from_setup_checked(variant, setup, false).map(|(pos, _)| pos)
    }

    /// Like [`Position::from_setup`]; when `lenient`, castling rights the game cannot use are
    /// dropped rather than refused, and returned with the reason.
    pub fn from_setup_checked(
        variant: Arc<Variant>,
        setup: &Setup,
        lenient: bool,
    ) -> Result<(Position, Vec<SetupError>), SetupError> {
        for clock in [setup.halfmoves, setup.fullmoves] {
            if clock > MAX_CLOCK {
                return Err(SetupError::BadClock(clock.to_string()));
            }
        }
        let mut dropped = Vec::new();
        let v: &Variant = &variant;
        let size = v.size();
        let mut board = Board::empty();
        for &(sq, piece) in &setup.pieces {
            if sq.index() < size.squares() {
                board.put(sq, piece);
            }
        }
        let turn = setup.turn;
        for color in Color::ALL {
            let king = Piece {
                color,
                role: Role::King,
            };
            let count = size
                .all()
                .filter(|&sq| board.piece(sq) == Some(king))
                .count();
            if count != 1 {
                return Err(SetupError::KingCount { color, count });
            }
        }
        for sq in size.all() {
            if let Some(Piece {
                color,
                role: Role::Pawn,
            }) = board.piece(sq)
            {
                if v.pawns().forward(color, size.rank(sq)).is_none() {
                    return Err(SetupError::PawnOnBackRank(size.name(sq)));
                }
            }
        }
        let mut castling = 0u8;
        let letters: &[char] = if !setup.castling.is_empty() && v.castling() == CastlingMode::None {
            if !lenient {
                return Err(SetupError::CastlingNotAllowed);
            }
            dropped.push(SetupError::CastlingNotAllowed);
            &[]
        } else {
            &setup.castling
        };
        for &c in letters {
            let (color, h_rook) = match c {
                'K' => (Color::White, true),
                'Q' => (Color::White, false),
                'k' => (Color::Black, true),
                'q' => (Color::Black, false),
                _ => return Err(SetupError::BadCastling(c.to_string())),
            };
            let bit = rights_bit(color, h_rook);
            let at_home = |sq: Option<Square>, role: Role| {
                sq.is_some_and(|s| board.piece(s) == Some(Piece { color, role }))
            };
            let king_sq = size.square(v.king_file(), v.back_rank(color));
            if !at_home(king_sq, Role::King)
                || !at_home(v.castling_rook_square(color, h_rook), Role::Rook)
            {
                if !lenient {
                    return Err(SetupError::CastlingWithoutPieces(c));
                }
                dropped.push(SetupError::CastlingWithoutPieces(c));
                continue;
            }
            castling |= bit;
        }
        let mut ep = None;
        if let Some(sq) = setup.ep {
            if !en_passant_possible(v, &board, turn, sq) {
                return Err(SetupError::ImpossibleEnPassant(size.name(sq)));
            }
            // Kept only when a pawn of the side to move could capture there, as after a move.
            let pawn = Piece {
                color: turn,
                role: Role::Pawn,
            };
            if v.tables()
                .pawn_capture_from(turn, sq)
                .iter()
                .any(|&s| board.piece(s) == Some(pawn))
            {
                ep = Some(sq);
            }
        }
        let mut pos = Position {
            variant,
            board,
            turn,
            castling,
            ep,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            hash: 0,
        };
        if pos.attacked_by(pos.king(!turn), turn) {
            return Err(SetupError::OppositeCheck);
        }
        pos.hash = pos.compute_hash();
        Ok((pos, dropped))
    }
}

/// Whether `sq` can be the en-passant square with `turn` to move: empty, with a pawn of the other
/// side just past it and the square it came from empty.
fn en_passant_possible(v: &Variant, board: &Board, turn: Color, sq: Square) -> bool {
    let t = v.tables();
    let mover = !turn;
    let Some(landed) = t.pawn_push(mover, sq) else {
        return false;
    };
    if board.code(sq) != 0
        || board.piece(landed)
            != Some(Piece {
                color: mover,
                role: Role::Pawn,
            })
    {
        return false;
    }
    v.size().all().any(|origin| {
        t.pawn_double(mover, origin) == Some(landed)
            && t.pawn_push(mover, origin) == Some(sq)
            && board.code(origin) == 0
    })
}
