//! PGN (docs/rules.md section 9): the usual tags plus `Variant`, `Castling`, `SetUp` and `FEN`, with side
//! lines in parentheses, glyphs and `$n` NAGs, comments, `[%eval]` and `[%best]` (the engine's move
//! in the position, in SAN) read into and written from a [`MoveTree`]. Reading checks every move
//! against the rules and says which one was wrong; it never panics.

use crate::castling::CastlingMode;
use crate::fen::{self, FenError};
use crate::game::Game;
use crate::move_tree::{glyph, Eval, MoveTree, Node, NodeId, GLYPHS};
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
    /// Variations are nested too deep.
    TooDeep,
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
            PgnError::TooDeep => write!(f, "variations are nested more than {MAX_NESTING} deep"),
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
    /// The game (its main line).
    pub game: Game,
    /// The moves with their side lines, annotations and evaluations.
    pub tree: MoveTree,
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

/// A piece of movetext.
#[derive(Clone, Debug, PartialEq)]
enum Token {
    /// A move, move number, NAG or result.
    Word(String),
    /// A `{...}` or `;` comment.
    Comment(String),
    /// `(`: a variation starts.
    Open,
    /// `)`: it ends.
    Close,
}

/// Splits movetext into tokens.
fn tokens(text: &str) -> Result<Vec<Token>, PgnError> {
    let mut out = Vec::new();
    let mut chars = text.chars();
    let mut current = String::new();
    let flush = |current: &mut String, out: &mut Vec<Token>| {
        if !current.is_empty() {
            out.push(Token::Word(std::mem::take(current)));
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut current, &mut out);
                let mut comment = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => comment.push(c),
                        None => return Err(PgnError::Unterminated('{')),
                    }
                }
                out.push(Token::Comment(comment));
            }
            ';' => {
                flush(&mut current, &mut out);
                let comment: String = chars.by_ref().take_while(|&c| c != '\n').collect();
                out.push(Token::Comment(comment));
            }
            '(' => {
                flush(&mut current, &mut out);
                out.push(Token::Open);
            }
            ')' => {
                flush(&mut current, &mut out);
                out.push(Token::Close);
            }
            c if c.is_whitespace() => flush(&mut current, &mut out),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut out);
    Ok(out)
}

/// Variations nested deeper than this are refused (the writer recurses into them).
const MAX_NESTING: usize = 64;

/// Takes the command `[%name value]` out of a comment: its value (if there) and the rest.
fn take_command(comment: &str, name: &str) -> (Option<String>, String) {
    let open = format!("[%{name}");
    let found = comment
        .find(&open)
        .and_then(|at| Some((at, comment[at..].find(']')?)));
    let Some((at, len)) = found else {
        return (None, comment.trim().to_string());
    };
    let value = comment[at + open.len()..at + len].trim().to_string();
    let rest = format!("{} {}", &comment[..at], &comment[at + len + 1..]);
    (
        Some(value),
        rest.split_whitespace().collect::<Vec<_>>().join(" "),
    )
}

/// Adds a comment's text to `node`, its `[%eval]` (a depth after a comma is dropped) and
/// `[%best]` (the engine's move here, in SAN) read into the node's fields.
fn add_comment(node: &mut Node, text: &str) {
    let (eval, rest) = take_command(text, "eval");
    if let Some(eval) = eval.and_then(|v| Eval::from_pgn(v.split(',').next().unwrap_or(""))) {
        node.eval = Some(eval);
    }
    let (best, rest) = take_command(&rest, "best");
    if let Some(best) = best.and_then(|v| san::parse_move(node.position(), &v).ok()) {
        node.best = Some(best);
    }
    if !rest.is_empty() {
        if !node.comment.is_empty() {
            node.comment.push(' ');
        }
        node.comment.push_str(&rest);
    }
}

/// Reads movetext into a tree from `start`: the main line, side lines in parentheses, NAGs
/// (`$n` or a glyph after the move), comments with `[%eval]`.
fn read_movetext(start: Position, movetext: &str) -> Result<MoveTree, PgnError> {
    let mut tree = MoveTree::new(start);
    let mut at = MoveTree::ROOT;
    // Where each open variation returns to.
    let mut stack = Vec::new();
    for token in tokens(movetext)? {
        match token {
            Token::Open => {
                if stack.len() >= MAX_NESTING {
                    return Err(PgnError::TooDeep);
                }
                stack.push(at);
                // A variation replaces the move just played.
                at = tree.parent(at).unwrap_or(MoveTree::ROOT);
            }
            Token::Close => at = stack.pop().unwrap_or(at),
            Token::Comment(text) => {
                if let Some(node) = tree.node_mut(at) {
                    add_comment(node, &text);
                }
            }
            Token::Word(word) => {
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    continue;
                }
                if let Some(n) = word.strip_prefix('$') {
                    if let (Ok(nag), true) = (n.parse::<u8>(), at != MoveTree::ROOT) {
                        tree.toggle_nag(at, nag);
                    }
                    continue;
                }
                // Move numbers: "12." or "12..." possibly glued to the move ("12.e4").
                let text = word.trim_start_matches(|c: char| c.is_ascii_digit());
                let text = if text.len() < word.len() && text.starts_with('.') {
                    text.trim_start_matches('.')
                } else {
                    word.as_str()
                };
                // A glyph after the move, alone or glued to it ("e4!?").
                let bare = text.trim_end_matches(['!', '?']);
                let glyph = &text[bare.len()..];
                let nag = GLYPHS.iter().find(|(g, _)| *g == glyph).map(|(_, n)| *n);
                if bare.is_empty() {
                    if let (Some(nag), true) = (nag, at != MoveTree::ROOT) {
                        tree.toggle_nag(at, nag);
                    }
                    continue;
                }
                let pos = tree.node(at).position().clone();
                let error = |error| PgnError::Move {
                    number: pos.fullmove_number(),
                    black: pos.turn() == crate::pieces::Color::Black,
                    text: bare.to_string(),
                    error,
                };
                let mv = san::parse_move(&pos, bare).map_err(error)?;
                at = tree
                    .play(at, mv)
                    .map_err(|_| error(MoveTextError::Illegal(bare.to_string())))?;
                if let Some(nag) = nag {
                    tree.toggle_nag(at, nag);
                }
            }
        }
    }
    if !stack.is_empty() {
        return Err(PgnError::Unterminated('('));
    }
    Ok(tree)
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
        .map(|v| v.to_ascii_lowercase())
        .unwrap_or_else(|| "standard".into());
    // Our own ids first (the `Castling` tag says the rest), then the names other programs
    // write (`toroidal-chess`, `cylinder-castling`), which carry their castling.
    let elsewhere = variant::other_name(&id).filter(|_| variant::preset(&id).is_none());
    let id = match elsewhere {
        Some(other) => other.preset.to_string(),
        None if matches!(id.as_str(), "normal" | "from position") => "standard".to_string(),
        None => id,
    };
    let mode = match tag("Castling") {
        Some(name) => Some(CastlingMode::from_name(&name).ok_or(PgnError::BadCastling(name))?),
        None => elsewhere.map(|o| o.castling),
    };
    let variant = Arc::new(Variant::by_id(&id, mode).map_err(PgnError::Variant)?);
    let start = match tag("FEN") {
        Some(f) => fen::parse_position(variant, &f).map_err(PgnError::Fen)?,
        None => Position::start(variant),
    };
    let tree = read_movetext(start.clone(), &movetext)?;
    let mut game = Game::new(start);
    for id in tree.mainline() {
        if let Some(mv) = tree.node(id).mv() {
            // The main line was checked move by move; a game that ended stops taking moves.
            if game.play(mv).is_err() {
                break;
            }
        }
    }
    Ok(PgnGame { tags, game, tree })
}

/// Writes a game as PGN with the seven standard tags (from `tags`, `?` where missing), the
/// variant tags, and the moves in SAN wrapped at 80 columns.
pub fn write(game: &Game, tags: &[(&str, &str)]) -> String {
    write_tree(game, &MoveTree::of_game(game), tags)
}

/// Writes a game as [`write()`] does, with the moves, side lines, glyphs, comments and
/// evaluations of `tree` (whose main line is the game's moves).
pub fn write_tree(game: &Game, tree: &MoveTree, tags: &[(&str, &str)]) -> String {
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
    if let Some(comment) = comment_text(tree.node(MoveTree::ROOT)) {
        words.push(comment);
    }
    write_line(tree, MoveTree::ROOT, &mut words, false);
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

/// The `{...}` comment of a node (its evaluation and best move first), if it has one.
fn comment_text(node: &Node) -> Option<String> {
    let eval = node.eval.map(|e| format!("[%eval {}]", e.to_pgn()));
    let best = node
        .best
        .map(|mv| format!("[%best {}]", san::to_san(node.position(), mv)));
    let text = node.comment.replace(['{', '}'], "");
    let parts: Vec<&str> = eval
        .iter()
        .chain(best.iter())
        .map(String::as_str)
        .chain([text.trim()])
        .collect();
    let inner = parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    (!inner.is_empty()).then(|| format!("{{{inner}}}"))
}

/// Writes one move: its number when White moves or when `numbered`, the SAN with its glyph and
/// other NAGs, its comment. Returns whether a comment was written (the next move is numbered).
fn write_move(tree: &MoveTree, id: NodeId, words: &mut Vec<String>, numbered: bool) -> bool {
    let node = tree.node(id);
    let before = tree
        .node(tree.parent(id).unwrap_or(MoveTree::ROOT))
        .position();
    let Some(mv) = node.mv() else {
        return false;
    };
    if before.turn() == crate::pieces::Color::White {
        words.push(format!("{}.", before.fullmove_number()));
    } else if numbered {
        words.push(format!("{}...", before.fullmove_number()));
    }
    let mut word = san::to_san(before, mv);
    for &nag in &node.nags {
        match glyph(nag) {
            Some(g) => word.push_str(g),
            None => {
                words.push(std::mem::take(&mut word));
                word = format!("${nag}");
            }
        }
    }
    words.push(word);
    match comment_text(node) {
        Some(c) => {
            words.push(c);
            true
        }
        None => false,
    }
}

/// Writes the line after `from` by main continuations, each fork's side lines in parentheses
/// after the main move (recursing only into side lines, which the reader nests at most
/// [`MAX_NESTING`] deep).
fn write_line(tree: &MoveTree, from: NodeId, words: &mut Vec<String>, mut numbered: bool) {
    let mut at = from;
    while let Some((&main, others)) = tree.node(at).children().split_first() {
        numbered = write_move(tree, main, words, numbered);
        for &other in others {
            let open = words.len();
            let commented = write_move(tree, other, words, true);
            words[open].insert(0, '(');
            write_line(tree, other, words, commented);
            if let Some(last) = words.last_mut() {
                last.push(')');
            }
            numbered = true;
        }
        at = main;
    }
}
