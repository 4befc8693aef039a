//! Move notation (RULES.md section 9): SAN and the coordinate form, written and read. Reading
//! matches the text against the legal moves, so it never accepts an illegal move.

use crate::castling::CastleKind;
use crate::geometry::Square;
use crate::moves::{Move, MoveKind};
use crate::pieces::Role;
use crate::position::Position;
use core::fmt;

/// Why a move text was not accepted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    /// Nothing to read.
    Empty,
    /// The text is not in any move notation.
    Syntax(String),
    /// No legal move fits the text.
    Illegal(String),
    /// Several legal moves fit the text.
    Ambiguous(String),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::Empty => write!(f, "no move given"),
            MoveTextError::Syntax(t) => write!(f, "'{t}' is not a move in SAN or coordinate form"),
            MoveTextError::Illegal(t) => write!(f, "'{t}' is not a legal move here"),
            MoveTextError::Ambiguous(t) => write!(f, "'{t}' fits more than one legal move"),
        }
    }
}

impl std::error::Error for MoveTextError {}

fn castle_kind(text: &str) -> Option<CastleKind> {
    let t = text.replace('0', "O");
    CastleKind::ALL.into_iter().find(|k| k.notation() == t)
}

/// The coordinate form of a move: `e2e4`, `e7e8q`; castling as `O-O`, `CO-O-O`, ...
pub fn to_coordinate(pos: &Position, mv: Move) -> String {
    if let Some(kind) = mv.castle() {
        return kind.notation().to_string();
    }
    let size = pos.size();
    let mut text = format!("{}{}", size.name(mv.from), size.name(mv.to));
    if let Some(role) = mv.promotion() {
        text.push(role.upper().to_ascii_lowercase());
    }
    text
}

/// The SAN of a legal move, with `+` or `#`.
pub fn to_san(pos: &Position, mv: Move) -> String {
    let mut text = san_without_suffix(pos, mv);
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if after.is_check() {
        text.push(if after.has_legal_move() { '+' } else { '#' });
    }
    text
}

fn san_without_suffix(pos: &Position, mv: Move) -> String {
    if let Some(kind) = mv.castle() {
        return kind.notation().to_string();
    }
    let size = pos.size();
    let Some(piece) = pos.piece_at(mv.from) else {
        return to_coordinate(pos, mv);
    };
    if mv.is_stationary() {
        return format!(
            "{}{}{}",
            piece.role.upper(),
            size.name(mv.from),
            size.name(mv.to)
        );
    }
    let capture = mv.kind == MoveKind::EnPassant || pos.piece_at(mv.to).is_some();
    let others: Vec<Square> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            m.to == mv.to
                && m.from != mv.from
                && m.castle().is_none()
                && pos.piece_at(m.from).map(|p| p.role) == Some(piece.role)
        })
        .map(|m| m.from)
        .collect();
    let file = |sq| size.file(sq);
    let rank = |sq| size.rank(sq);
    let from_name = size.name(mv.from);
    let file_letter = &from_name[..1];
    let rank_digits = &from_name[1..];
    let mut text = String::new();
    if piece.role == Role::Pawn {
        if capture {
            text.push_str(file_letter);
            if others.iter().any(|&o| file(o) == file(mv.from)) {
                text.push_str(rank_digits);
            }
            text.push('x');
        }
    } else {
        text.push(piece.role.upper());
        if !others.is_empty() {
            if others.iter().all(|&o| file(o) != file(mv.from)) {
                text.push_str(file_letter);
            } else if others.iter().all(|&o| rank(o) != rank(mv.from)) {
                text.push_str(rank_digits);
            } else {
                text.push_str(&from_name);
            }
        }
        if capture {
            text.push('x');
        }
    }
    text.push_str(&size.name(mv.to));
    if let Some(role) = mv.promotion() {
        text.push('=');
        text.push(role.upper());
    }
    text
}

/// What a move text says, before it is matched against the legal moves.
struct Pattern {
    role: Option<Role>,
    from_file: Option<i32>,
    from_rank: Option<i32>,
    to: Square,
    promotion: Option<Role>,
}

fn split_trailing_square(text: &str) -> Option<(&str, &str)> {
    let bytes = text.as_bytes();
    let mut i = bytes.len();
    while i > 0 && bytes[i - 1].is_ascii_digit() {
        i -= 1;
    }
    let digits = bytes.len() - i;
    if !(1..=2).contains(&digits) || i == 0 || !bytes[i - 1].is_ascii_lowercase() {
        return None;
    }
    Some((&text[..i - 1], &text[i - 1..]))
}

fn parse_pattern(pos: &Position, text: &str) -> Option<Pattern> {
    let size = pos.size();
    let mut rest = text;
    let mut role = None;
    if let Some(c) = rest.chars().next().filter(|c| "NBRQK".contains(*c)) {
        role = Role::from_char(c);
        rest = &rest[1..];
    }
    let mut promotion = None;
    if let Some(c) = rest.chars().last().filter(|c| "QRBNqrbn".contains(*c)) {
        // A lower-case letter is a promotion only in coordinate form (e7e8q), where the text
        // before it ends with a square; a file letter there would make `b` ambiguous.
        let body = &rest[..rest.len() - 1];
        let body = body.strip_suffix('=').unwrap_or(body);
        if c.is_ascii_uppercase() || split_trailing_square(body).is_some() {
            promotion = Role::from_char(c);
            rest = body;
        }
    }
    let (prefix, dest) = split_trailing_square(rest)?;
    let to = size.parse_square(dest)?;
    let prefix = prefix
        .strip_suffix('x')
        .or_else(|| prefix.strip_suffix('-'))
        .unwrap_or(prefix);
    let (mut from_file, mut from_rank) = (None, None);
    let mut chars = prefix.chars().peekable();
    if let Some(&c) = chars.peek() {
        if c.is_ascii_lowercase() {
            from_file = Some((c as u8 - b'a') as i32);
            chars.next();
        }
    }
    let digits: String = chars.collect();
    if !digits.is_empty() {
        if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
            return None;
        }
        from_rank = Some(digits.parse::<i32>().ok()? - 1);
    }
    Some(Pattern {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

/// Reads a move in SAN (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `CO-O-O`, `Rd4d4`) or coordinate form
/// (`e2e4`, `e7e8q`) and returns the legal move it names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let core_text = trimmed.trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_moves();
    if let Some(kind) = castle_kind(core_text) {
        return legal
            .into_iter()
            .find(|m| m.castle() == Some(kind))
            .ok_or_else(|| MoveTextError::Illegal(trimmed.to_string()));
    }
    let pattern =
        parse_pattern(pos, core_text).ok_or_else(|| MoveTextError::Syntax(trimmed.to_string()))?;
    let size = pos.size();
    let matches: Vec<Move> = legal
        .into_iter()
        .filter(|m| m.castle().is_none() && m.to == pattern.to)
        .filter(|m| {
            let role = pos.piece_at(m.from).map(|p| p.role);
            match pattern.role {
                Some(r) => role == Some(r),
                // A full origin square is the coordinate form, which names no piece.
                None if pattern.from_file.is_some() && pattern.from_rank.is_some() => true,
                None => role == Some(Role::Pawn),
            }
        })
        .filter(|m| pattern.from_file.is_none_or(|f| size.file(m.from) == f))
        .filter(|m| pattern.from_rank.is_none_or(|r| size.rank(m.from) == r))
        .filter(|m| m.promotion() == pattern.promotion)
        .collect();
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveTextError::Illegal(trimmed.to_string())),
        _ => Err(MoveTextError::Ambiguous(trimmed.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use std::sync::Arc;

    fn start(id: &str) -> Position {
        Position::start(Arc::new(Variant::preset(id, None).unwrap()))
    }

    #[test]
    fn reads_san_and_coordinates_alike() {
        let pos = start("standard");
        for text in ["Nf3", "g1f3", "Ng1f3", "Ng1-f3", "Nf3!?"] {
            let mv = parse_move(&pos, text).unwrap();
            assert_eq!(to_san(&pos, mv), "Nf3", "{text}");
        }
        assert_eq!(
            parse_move(&pos, "Nf4"),
            Err(MoveTextError::Illegal("Nf4".into()))
        );
        assert_eq!(
            parse_move(&pos, "zz"),
            Err(MoveTextError::Syntax("zz".into()))
        );
        assert_eq!(parse_move(&pos, "  "), Err(MoveTextError::Empty));
    }
}
