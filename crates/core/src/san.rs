//! Move notation (docs/rules.md section 9): SAN and the coordinate form, written and read. Reading
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

/// The castling a text names: `O-O`, `0-0`, `o-o`, `OO`, `CO-O`, ... (case, zeros for letters and
/// missing hyphens are all accepted).
fn castle_kind(text: &str) -> Option<CastleKind> {
    if !text.chars().all(|c| "oO0cC-".contains(c)) {
        return None;
    }
    let t: String = text
        .to_ascii_uppercase()
        .replace('0', "O")
        .chars()
        .filter(|&c| c != '-')
        .collect();
    CastleKind::ALL
        .into_iter()
        .find(|k| k.notation().replace('-', "") == t)
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

/// SAN without the check suffix. The usual short form is tried first; where the surface lets
/// another piece reach the same square in a way the usual rules of disambiguation miss (two
/// pawns pushing to one square on the 8x14 boards), the origin is added until the text reads
/// back as this move alone.
fn san_without_suffix(pos: &Position, mv: Move) -> String {
    let text = short_san(pos, mv);
    if mv.castle().is_some() || reads_back(pos, &text, mv) {
        return text;
    }
    let size = pos.size();
    let from = size.name(mv.from);
    let role = pos.piece_at(mv.from).map(|p| p.role);
    let letter = match role {
        Some(Role::Pawn) | None => String::new(),
        Some(r) => r.upper().to_string(),
    };
    let capture = if mv.kind == MoveKind::EnPassant || pos.piece_at(mv.to).is_some() {
        "x"
    } else {
        ""
    };
    let promotion = mv
        .promotion()
        .map(|r| format!("={}", r.upper()))
        .unwrap_or_default();
    let file_letter = &from[..1];
    let rank_digits = &from[1..];
    // A pawn's origin is its file on a capture, else its whole square (`e7e8=Q`).
    let origins = if role == Some(Role::Pawn) {
        vec![
            if capture.is_empty() { "" } else { file_letter },
            from.as_str(),
        ]
    } else {
        vec![file_letter, rank_digits, from.as_str()]
    };
    let found = origins
        .into_iter()
        .map(|origin| format!("{letter}{origin}{capture}{}{promotion}", size.name(mv.to)))
        .find(|t| reads_back(pos, t, mv));
    found.unwrap_or_else(|| to_coordinate(pos, mv))
}

fn reads_back(pos: &Position, text: &str, mv: Move) -> bool {
    parse_move(pos, text) == Ok(mv)
}

fn short_san(pos: &Position, mv: Move) -> String {
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
    capture: bool,
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
    let capture = prefix.ends_with('x');
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
        capture,
    })
}

/// Reads a move in SAN (`Nf3`, `exd5`, `e8=Q+`, `O-O`, `CO-O-O`, `Rd4d4`) or coordinate form
/// (`e2e4`, `e7e8q`) and returns the legal move it names. Castling may also be typed as `o-o`,
/// `OO`, `0-0` or as the king's squares (`e1g1`); where a king step has the same squares, the
/// squares name the step.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let (trimmed, matches) = matching(pos, text, false)?;
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveTextError::Illegal(trimmed)),
        _ => Err(MoveTextError::Ambiguous(trimmed)),
    }
}

/// The legal moves a text may mean, for a player typing: as [`parse_move`], but a promotion typed
/// without its piece (`a8`, `a7a8`) gives every promotion, for the player to choose from.
pub fn candidate_moves(pos: &Position, text: &str) -> Result<Vec<Move>, MoveTextError> {
    matching(pos, text, true).map(|(_, moves)| moves)
}

/// Whether a coordinate text (`e1g1`) that names a king step would also name a castling: the
/// step is played, and the player may want to know.
pub fn step_shadows_castling(pos: &Position, text: &str) -> Option<CastleKind> {
    let mv = parse_move(pos, text).ok()?;
    if mv.castle().is_some() {
        return None;
    }
    pos.legal_moves()
        .into_iter()
        .find(|m| m.from == mv.from && m.castle().is_some() && castle_king_to(pos, *m) == mv.to)
        .and_then(|m| m.castle())
}

/// The king's destination of a castling move.
fn castle_king_to(pos: &Position, mv: Move) -> Square {
    mv.castle()
        .and_then(|kind| pos.variant().castle_plan(pos.turn(), kind))
        .map(|plan| plan.king_to)
        .unwrap_or(mv.to)
}

fn matching(
    pos: &Position,
    text: &str,
    any_promotion: bool,
) -> Result<(String, Vec<Move>), MoveTextError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(MoveTextError::Empty);
    }
    let core_text = trimmed.trim_end_matches(['+', '#', '!', '?']);
    let legal = pos.legal_moves();
    if let Some(kind) = castle_kind(core_text) {
        let found: Vec<Move> = legal
            .into_iter()
            .filter(|m| m.castle() == Some(kind))
            .collect();
        return Ok((trimmed.to_string(), found));
    }
    let pattern =
        parse_pattern(pos, core_text).ok_or_else(|| MoveTextError::Syntax(trimmed.to_string()))?;
    let size = pos.size();
    let coordinate =
        pattern.role.is_none() && pattern.from_file.is_some() && pattern.from_rank.is_some();
    let fits = |m: &Move| {
        let role = pos.piece_at(m.from).map(|p| p.role);
        let role_fits = match pattern.role {
            Some(r) => role == Some(r),
            // A full origin square is the coordinate form, which names no piece.
            None if coordinate => true,
            // A pawn move without its file is a push; with its file, a capture (`exd5` or `ed5`).
            None => {
                role == Some(Role::Pawn)
                    && (pattern.from_file.is_some()
                        || pattern.capture
                        || !(m.kind == MoveKind::EnPassant || pos.piece_at(m.to).is_some()))
            }
        };
        role_fits
            && pattern.from_file.is_none_or(|f| size.file(m.from) == f)
            && pattern.from_rank.is_none_or(|r| size.rank(m.from) == r)
            && (m.promotion() == pattern.promotion
                || (any_promotion && pattern.promotion.is_none()))
    };
    let mut matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.castle().is_none() && m.to == pattern.to)
        .filter(fits)
        .collect();
    // Castling typed as the king's squares (`e1g1`), when no other move has them.
    if matches.is_empty() && coordinate {
        matches = legal
            .into_iter()
            .filter(|&m| {
                m.castle().is_some()
                    && size.file(m.from) == pattern.from_file.unwrap_or(-1)
                    && size.rank(m.from) == pattern.from_rank.unwrap_or(-1)
                    && castle_king_to(pos, m) == pattern.to
            })
            .collect();
    }
    Ok((trimmed.to_string(), matches))
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
