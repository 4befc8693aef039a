//! PGN (RULES.md section 9): the usual tags plus `Variant`, `Castling`, `SetUp` and `FEN`. Reading
//! checks every move against the rules and says which one was wrong; it never panics.

use crate::castling::CastlingMode;
use crate::fen::{self, FenError};
use crate::game::Game;
use crate::position::Position;
use crate::san::{self, MoveTextError};
use crate::variant::{self, Variant, VariantError};
use core::fmt;
use std::sync::Arc;

/// What was wrong with a PGN text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PgnError {
    /// The text has no moves and no tags.
    Empty,
    /// A tag line is not of the form `[Name "value"]`.
    BadTag(String),
    /// The `Variant` or `Castling` tags name no game we know.
    Variant(VariantError),
    /// The `Castling` tag is not `none`, `standard` or `either-side`.
    BadCastling(String),
    /// The `FEN` tag is not a valid position.
    Fen(FenError),
    /// A `{` comment is never closed, or a `(` variation never ends.
    Unterminated(char),
    /// A move is not legal (or not readable) where it stands.
    Move {
        /// The move number.
        number: u32,
        /// Whether it was Black's move.
        black: bool,
        /// The text of the move.
        text: String,
        /// What was wrong.
        error: MoveTextError,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::Empty => write!(f, "the PGN is empty"),
            PgnError::BadTag(line) => write!(f, "'{line}' is not a PGN tag like [Event \"...\"]"),
            PgnError::Variant(e) => write!(f, "{e}"),
            PgnError::BadCastling(s) => {
                write!(f, "Castling tag '{s}' is not none, standard or either-side")
            }
            PgnError::Fen(e) => write!(f, "the FEN tag is not valid: {e}"),
            PgnError::Unterminated(c) => write!(f, "a '{c}' is never closed"),
            PgnError::Move {
                number,
                black,
                text,
                error,
            } => {
                let dots = if *black { "..." } else { "." };
                write!(f, "move {number}{dots} {text}: {error}")
            }
        }
    }
}

impl std::error::Error for PgnError {}

/// A game read from PGN, with its tags in order.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The tags (name, value) as given.
    pub tags: Vec<(String, String)>,
    /// The game.
    pub game: Game,
}

impl PgnGame {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Splits movetext into tokens, dropping comments, variations and NAGs.
fn tokens(text: &str) -> Result<Vec<String>, PgnError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut current = String::new();
    let mut depth = 0usize;
    let flush = |current: &mut String, out: &mut Vec<String>, depth: usize| {
        if !current.is_empty() {
            if depth == 0 {
                out.push(std::mem::take(current));
            } else {
                current.clear();
            }
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut current, &mut out, depth);
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(PgnError::Unterminated('{'));
                }
            }
            ';' => {
                flush(&mut current, &mut out, depth);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut current, &mut out, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut current, &mut out, depth);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut current, &mut out, depth),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut out, depth);
    if depth > 0 {
        return Err(PgnError::Unterminated('('));
    }
    Ok(out)
}

/// The games of a PGN file, each as its own text (tags and moves): a game ends with its result
/// (`1-0`, `0-1`, `1/2-1/2`, `*`) or where a tag line follows moves. Blank texts are left out.
pub fn split_games(text: &str) -> Vec<&str> {
    let mut games = Vec::new();
    let mut start = 0;
    let mut in_moves = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if in_moves {
                games.push(&text[start..offset]);
                start = offset;
                in_moves = false;
            }
        } else if !trimmed.is_empty() {
            in_moves = true;
        }
        offset += line.len();
        let ends = trimmed
            .split_whitespace()
            .last()
            .is_some_and(|t| ["1-0", "0-1", "1/2-1/2", "*"].contains(&t));
        if in_moves && ends {
            games.push(&text[start..offset]);
            start = offset;
            in_moves = false;
        }
    }
    games.push(&text[start..]);
    games.retain(|g| !g.trim().is_empty());
    games
}

/// Reads the first game of a PGN text. A missing `Variant` tag means standard chess.
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if in_moves && trimmed.starts_with('[') {
            break; // the next game
        }
        if !in_moves && trimmed.starts_with('[') {
            tags.push(parse_tag(trimmed).ok_or_else(|| PgnError::BadTag(trimmed.to_string()))?);
        } else if !trimmed.is_empty() || in_moves {
            if !in_moves && trimmed.is_empty() {
                continue;
            }
            in_moves = true;
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    if tags.is_empty() && movetext.trim().is_empty() {
        return Err(PgnError::Empty);
    }
    let tag = |name: &str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v): &(String, String)| v.clone())
    };
    let id = tag("Variant")
        .map(|v| v.to_lowercase())
        .unwrap_or_else(|| "standard".into());
    let id = if matches!(id.as_str(), "chess" | "normal" | "from position") {
        "standard".to_string()
    } else {
        id
    };
    let mode = match tag("Castling") {
        Some(name) => Some(CastlingMode::from_name(&name).ok_or(PgnError::BadCastling(name))?),
        None => None,
    };
    let variant = Arc::new(Variant::by_id(&id, mode).map_err(PgnError::Variant)?);
    let start = match tag("FEN") {
        Some(f) => fen::parse_position(variant, &f).map_err(PgnError::Fen)?,
        None => Position::start(variant),
    };
    let mut game = Game::new(start);
    for token in tokens(&movetext)? {
        if matches!(token.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") || token.starts_with('$') {
            continue;
        }
        // Move numbers: "12." or "12..." possibly glued to the move ("12.e4").
        let text = token.trim_start_matches(|c: char| c.is_ascii_digit());
        let text = if text.len() < token.len() && text.starts_with('.') {
            text.trim_start_matches('.')
        } else {
            token.as_str()
        };
        if text.is_empty() {
            continue;
        }
        let pos = game.position().clone();
        let error = |error| PgnError::Move {
            number: pos.fullmove_number(),
            black: pos.turn() == crate::pieces::Color::Black,
            text: text.to_string(),
            error,
        };
        let mv = san::parse_move(&pos, text).map_err(error)?;
        game.play(mv)
            .map_err(|_| error(MoveTextError::Illegal(text.to_string())))?;
    }
    Ok(PgnGame { tags, game })
}

/// Writes a game as PGN with the seven standard tags (from `tags`, `?` where missing), the
/// variant tags, and the moves in SAN wrapped at 80 columns.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    let start = game.start();
    let v = start.variant();
    let result = game.outcome().map(|o| o.result()).unwrap_or("*");
    let given = |name: &str| tags.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let mut out = String::new();
    let mut push_tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for name in ["Event", "Site", "Date", "Round", "White", "Black"] {
        push_tag(name, given(name).unwrap_or("?"));
    }
    push_tag("Result", result);
    push_tag("Variant", v.id());
    if variant::preset(v.id()).is_some_and(|p| p.castling_options.len() > 1) {
        push_tag("Castling", v.castling().name());
    }
    let start_fen = fen::write(start);
    if start_fen != v.start_fen() {
        push_tag("SetUp", "1");
        push_tag("FEN", &start_fen);
    }
    for (name, value) in tags {
        let standard = [
            "Event", "Site", "Date", "Round", "White", "Black", "Result", "Variant",
        ];
        if !standard.contains(name) && !["Castling", "SetUp", "FEN"].contains(name) {
            push_tag(name, value);
        }
    }
    out.push('\n');
    let mut words = Vec::new();
    for (ply, &mv) in game.moves().iter().enumerate() {
        let pos = game.position_at(ply).expect("a position before every move");
        if pos.turn() == crate::pieces::Color::White {
            words.push(format!("{}.", pos.fullmove_number()));
        } else if ply == 0 {
            words.push(format!("{}...", pos.fullmove_number()));
        }
        words.push(san::to_san(pos, mv));
    }
    words.push(result.to_string());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
