//! FEN (RULES.md section 9): one row per rank, top rank first, then side to move, castling rights,
//! en-passant square, half-move clock and move number. Parsing validates everything and says what
//! was wrong; it never panics.

use crate::castling::{rights_bit, CastlingMode};
use crate::geometry::Square;
use crate::pieces::{Color, Piece, Role};
use crate::position::{Board, Position};
use crate::variant::Variant;
use core::fmt;
use std::sync::Arc;

/// What is wrong with a FEN or the position it describes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum FenError {
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
    /// A clock field is not a number (or the move number is 0).
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

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "the FEN is empty"),
            FenError::TooManyFields(n) => write!(f, "a FEN has at most 6 fields, this one has {n}"),
            FenError::RankCount { expected, found } => {
                write!(
                    f,
                    "the board has {expected} ranks, the FEN describes {found}"
                )
            }
            FenError::RankLength {
                rank,
                expected,
                found,
            } => write!(
                f,
                "rank {rank} has {found} squares in the FEN, the board has {expected} files"
            ),
            FenError::BadPiece(c) => write!(f, "'{c}' is not a piece letter or a digit"),
            FenError::BadTurn(s) => write!(f, "the side to move must be 'w' or 'b', not '{s}'"),
            FenError::BadCastling(s) => {
                write!(
                    f,
                    "the castling field must be '-' or letters of KQkq, not '{s}'"
                )
            }
            FenError::CastlingWithoutPieces(c) => write!(
                f,
                "castling right '{c}' needs the king and that rook on their starting squares"
            ),
            FenError::CastlingNotAllowed => {
                write!(
                    f,
                    "this game has no castling, so the castling field must be '-'"
                )
            }
            FenError::BadEnPassant(s) => {
                write!(f, "the en-passant field must be '-' or a square, not '{s}'")
            }
            FenError::ImpossibleEnPassant(s) => write!(
                f,
                "en-passant square {s} is not behind a pawn that has just made a double step"
            ),
            FenError::BadClock(s) => write!(f, "'{s}' is not a valid move counter"),
            FenError::KingCount { color, count } => {
                write!(
                    f,
                    "{} has {count} kings, it must have exactly one",
                    color.name()
                )
            }
            FenError::PawnOnBackRank(s) => write!(f, "a pawn on {s}, where pawns cannot stand"),
            FenError::OppositeCheck => write!(f, "the side not to move is in check"),
        }
    }
}

impl std::error::Error for FenError {}

/// Parses the board field into a board, checking its shape.
fn parse_board(variant: &Variant, field: &str) -> Result<Board, FenError> {
    let size = variant.size();
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != size.height() as usize {
        return Err(FenError::RankCount {
            expected: size.height(),
            found: rows.len(),
        });
    }
    let mut board = Board::empty();
    for (i, row) in rows.iter().enumerate() {
        let rank = size.height() as usize - 1 - i;
        let mut file = 0usize;
        let mut digits = 0usize;
        let mut placed = Vec::new();
        let width = size.width() as usize;
        let too_long = |found: usize| FenError::RankLength {
            rank: rank + 1,
            expected: size.width(),
            found,
        };
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                digits = digits.saturating_mul(10).saturating_add(d as usize);
                // A run longer than the row is an error at once (and never overflows).
                if file.saturating_add(digits) > width {
                    return Err(too_long(file.saturating_add(digits)));
                }
                continue;
            }
            file += digits;
            digits = 0;
            let piece = Piece::from_char(c).ok_or(FenError::BadPiece(c))?;
            if file >= width {
                return Err(too_long(file + 1));
            }
            placed.push((file, piece));
            file += 1;
        }
        file += digits;
        if file != width {
            return Err(FenError::RankLength {
                rank: rank + 1,
                expected: size.width(),
                found: file,
            });
        }
        for (f, piece) in placed {
            if let Some(sq) = size.square(f as i32, rank as i32) {
                board.put(sq, piece);
            }
        }
    }
    Ok(board)
}

fn parse_clock(text: &str, minimum: u32) -> Result<u32, FenError> {
    match text.parse::<u32>() {
        Ok(n) if n >= minimum && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(FenError::BadClock(text.to_string())),
    }
}

/// Parses a FEN into a validated position of `variant`. Missing trailing fields take their usual
/// defaults (`w - - 0 1`).
pub fn parse_position(variant: Arc<Variant>, fen: &str) -> Result<Position, FenError> {
    parse(variant, fen, false).map(|(pos, _)| pos)
}

/// Parses a FEN as players paste it: castling rights the game cannot use (a game without
/// castling, or a right whose king or rook is not at home) are dropped instead of refused. Returns
/// the position and why each dropped right was dropped (empty when nothing was).
pub fn parse_position_lenient(
    variant: Arc<Variant>,
    fen: &str,
) -> Result<(Position, Vec<FenError>), FenError> {
    parse(variant, fen, true)
}

/// One sentence on the castling rights [`parse_position_lenient`] dropped, for a notice.
pub fn dropped_rights_note(dropped: &[FenError]) -> Option<String> {
    if dropped.is_empty() {
        return None;
    }
    if dropped.contains(&FenError::CastlingNotAllowed) {
        return Some("The FEN's castling rights were dropped: this game has no castling.".into());
    }
    let letters: String = dropped
        .iter()
        .filter_map(|e| match e {
            FenError::CastlingWithoutPieces(c) => Some(*c),
            _ => None,
        })
        .collect();
    Some(format!(
        "Castling rights '{letters}' were dropped: their king or rook is not on its starting square."
    ))
}

fn parse(
    variant: Arc<Variant>,
    fen: &str,
    lenient: bool,
) -> Result<(Position, Vec<FenError>), FenError> {
    let mut dropped = Vec::new();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    let v: &Variant = &variant;
    let size = v.size();
    let board = parse_board(v, fields[0])?;
    let turn = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadTurn(other.to_string())),
    };

    for color in Color::ALL {
        let count = size
            .all()
            .filter(|&sq| {
                board.piece(sq)
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            })
            .count();
        if count != 1 {
            return Err(FenError::KingCount { color, count });
        }
    }
    for sq in size.all() {
        if let Some(Piece {
            color,
            role: Role::Pawn,
        }) = board.piece(sq)
        {
            if v.pawns().forward(color, size.rank(sq)).is_none() {
                return Err(FenError::PawnOnBackRank(size.name(sq)));
            }
        }
    }

    let castling_field = fields.get(2).copied().unwrap_or("-");
    let mut castling = 0u8;
    if castling_field != "-" {
        if !castling_field.chars().all(|c| "KQkq".contains(c)) {
            return Err(FenError::BadCastling(castling_field.to_string()));
        }
        let letters = if v.castling() == CastlingMode::None {
            if !lenient {
                return Err(FenError::CastlingNotAllowed);
            }
            dropped.push(FenError::CastlingNotAllowed);
            ""
        } else {
            castling_field
        };
        for c in letters.chars() {
            let (color, h_rook) = match c {
                'K' => (Color::White, true),
                'Q' => (Color::White, false),
                'k' => (Color::Black, true),
                'q' => (Color::Black, false),
                _ => return Err(FenError::BadCastling(castling_field.to_string())),
            };
            let bit = rights_bit(color, h_rook);
            if castling & bit != 0 {
                return Err(FenError::BadCastling(castling_field.to_string()));
            }
            let king_sq = size.square(v.king_file(), v.back_rank(color));
            let rook_sq = v.castling_rook_square(color, h_rook);
            let king_ok = king_sq.is_some_and(|s| {
                board.piece(s)
                    == Some(Piece {
                        color,
                        role: Role::King,
                    })
            });
            let rook_ok = rook_sq.is_some_and(|s| {
                board.piece(s)
                    == Some(Piece {
                        color,
                        role: Role::Rook,
                    })
            });
            if !king_ok || !rook_ok {
                if !lenient {
                    return Err(FenError::CastlingWithoutPieces(c));
                }
                dropped.push(FenError::CastlingWithoutPieces(c));
                continue;
            }
            castling |= bit;
        }
    }

    let ep_field = fields.get(3).copied().unwrap_or("-");
    let mut ep = None;
    if ep_field != "-" {
        let sq = size
            .parse_square(ep_field)
            .ok_or_else(|| FenError::BadEnPassant(ep_field.to_string()))?;
        if !en_passant_possible(v, &board, turn, sq) {
            return Err(FenError::ImpossibleEnPassant(ep_field.to_string()));
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
    let halfmoves = match fields.get(4) {
        Some(text) => parse_clock(text, 0)?,
        None => 0,
    };
    let fullmoves = match fields.get(5) {
        Some(text) => parse_clock(text, 1)?,
        None => 1,
    };

    let mut pos = Position {
        variant,
        board,
        turn,
        castling,
        ep,
        halfmoves,
        fullmoves,
        hash: 0,
    };
    if pos.attacked_by(pos.king(!turn), turn) {
        return Err(FenError::OppositeCheck);
    }
    pos.hash = pos.compute_hash();
    Ok((pos, dropped))
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

/// Writes the FEN of a position.
pub fn write(pos: &Position) -> String {
    let size = pos.size();
    let mut rows = Vec::with_capacity(size.height() as usize);
    for rank in (0..size.height() as i32).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..size.width() as i32 {
            match size.square(file, rank).and_then(|sq| pos.piece_at(sq)) {
                Some(piece) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(piece.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut castling = String::new();
    for (c, color, h_rook) in [
        ('K', Color::White, true),
        ('Q', Color::White, false),
        ('k', Color::Black, true),
        ('q', Color::Black, false),
    ] {
        if pos.has_castling_right(color, h_rook) {
            castling.push(c);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos
        .ep_square()
        .map(|sq| size.name(sq))
        .unwrap_or_else(|| "-".to_string());
    format!(
        "{} {} {} {} {} {}",
        rows.join("/"),
        if pos.turn() == Color::White { 'w' } else { 'b' },
        castling,
        ep,
        pos.halfmove_clock(),
        pos.fullmove_number()
    )
}
