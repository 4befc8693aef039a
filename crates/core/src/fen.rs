//! FEN (docs/rules.md section 9): one row per rank, top rank first, then side to move, castling rights,
//! en-passant square, half-move clock and move number. Parsing validates everything and says what
//! was wrong; it never panics.

use crate::pieces::{Color, Piece};
use crate::position::MAX_CLOCK;
use crate::position::{Board, Position};
use crate::setup::Setup;
use crate::variant::Variant;
use std::sync::Arc;

pub use crate::setup::SetupError as FenError;

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
        Ok(n) if (minimum..=MAX_CLOCK).contains(&n) && text.bytes().all(|b| b.is_ascii_digit()) => {
            Ok(n)
        }
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
    let setup = parse_setup(&variant, fen)?;
    Position::from_setup_checked(variant, &setup, lenient)
}

/// Reads a FEN into a [`Setup`] for `variant`'s board, checking its syntax and shape only (what
/// the position must be is [`Position::from_setup`]'s to check).
pub fn parse_setup(variant: &Variant, fen: &str) -> Result<Setup, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return Err(FenError::Empty);
    }
    if fields.len() > 6 {
        return Err(FenError::TooManyFields(fields.len()));
    }
    let size = variant.size();
    let board = parse_board(variant, fields[0])?;
    let turn = match fields.get(1).copied().unwrap_or("w") {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(FenError::BadTurn(other.to_string())),
    };
    let castling_field = fields.get(2).copied().unwrap_or("-");
    let mut castling = Vec::new();
    if castling_field != "-" {
        for c in castling_field.chars() {
            if !"KQkq".contains(c) || castling.contains(&c) {
                return Err(FenError::BadCastling(castling_field.to_string()));
            }
            castling.push(c);
        }
    }
    let ep_field = fields.get(3).copied().unwrap_or("-");
    let ep = if ep_field == "-" {
        None
    } else {
        Some(
            size.parse_square(ep_field)
                .ok_or_else(|| FenError::BadEnPassant(ep_field.to_string()))?,
        )
    };
    let halfmoves = match fields.get(4) {
        Some(text) => parse_clock(text, 0)?,
        None => 0,
    };
    let fullmoves = match fields.get(5) {
        Some(text) => parse_clock(text, 1)?,
        None => 1,
    };
    Ok(Setup {
        pieces: size
            .all()
            .filter_map(|sq| board.piece(sq).map(|p| (sq, p)))
            .collect(),
        turn,
        castling,
        ep,
        halfmoves,
        fullmoves,
    })
}

impl Position {
    /// The start position of a variant.
    pub fn start(variant: Arc<Variant>) -> Position {
        let fen = variant.start_fen();
        // Not `expect`: that would write the error out, and keep its `Debug` in every page module.
        parse_position(variant, &fen)
            .unwrap_or_else(|_| panic!("every variant's start position is valid"))
    }
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
