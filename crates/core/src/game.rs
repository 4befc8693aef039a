//! A game: a start position and the moves played, with the end of the game (docs/rules.md section 5).

use crate::geometry::Square;
use crate::moves::Move;
use crate::pieces::{Color, Role};
use crate::position::{IllegalMove, Position};
use core::fmt;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The side to move is mated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The same position arose for the third time.
    Repetition,
    /// Fifty moves by each side without a capture or pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// A player resigned.
    Resignation {
        /// The side that did not resign.
        winner: Color,
    },
    /// The players agreed a draw.
    DrawAgreed,
    /// A side ran out of time and the other could still mate.
    Timeout {
        /// The side whose time did not run out.
        winner: Color,
    },
    /// A side ran out of time, but the other has only its king: a draw.
    TimeoutDraw,
    /// A side did not make its first move in time (a tournament's rule): it loses.
    NoStart {
        /// The side that moved, or was not yet to.
        winner: Color,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner }
            | Outcome::Resignation { winner }
            | Outcome::Timeout { winner }
            | Outcome::NoStart { winner } => Some(winner),
            _ => None,
        }
    }

    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: Color| if c == Color::White { "White" } else { "Black" };
        match self {
            Outcome::Checkmate { winner } => write!(f, "{} wins by checkmate", side(*winner)),
            Outcome::Stalemate => write!(f, "Draw by stalemate"),
            Outcome::Repetition => write!(f, "Draw by threefold repetition"),
            Outcome::FiftyMoves => write!(f, "Draw by the fifty-move rule"),
            Outcome::InsufficientMaterial => write!(f, "Draw: neither side can mate"),
            Outcome::Resignation { winner } => {
                write!(f, "{} wins: {} resigned", side(*winner), side(!*winner))
            }
            Outcome::DrawAgreed => write!(f, "Draw by agreement"),
            Outcome::Timeout { winner } => {
                write!(f, "{} wins on time", side(*winner))
            }
            Outcome::TimeoutDraw => write!(
                f,
                "Draw: time ran out, but the other side has only its king"
            ),
            Outcome::NoStart { winner } => {
                write!(f, "{} wins: {} did not move", side(*winner), side(!*winner))
            }
        }
    }
}

/// Whether neither side can ever mate: bare kings on every surface; on the flat board also a
/// lone minor piece, or bishops all on squares of one colour (docs/rules.md section 5).
pub fn insufficient_material(pos: &Position) -> bool {
    let pieces = pos.pieces();
    let others: Vec<(Square, Role)> = pieces
        .iter()
        .filter(|(_, p)| p.role != Role::King)
        .map(|&(sq, p)| (sq, p.role))
        .collect();
    if others.is_empty() {
        return true;
    }
    if !pos.variant().surface().is_flat() {
        return false;
    }
    if let [(_, Role::Knight | Role::Bishop)] = others.as_slice() {
        return true;
    }
    let size = pos.size();
    others.iter().all(|&(_, r)| r == Role::Bishop)
        && (others.iter().all(|&(sq, _)| size.is_light(sq))
            || others.iter().all(|&(sq, _)| !size.is_light(sq)))
}

/// The end of the game in `pos`, judged from it alone (mate, stalemate, fifty moves, material).
pub fn outcome_of(pos: &Position) -> Option<Outcome> {
    if !pos.has_legal_move() {
        return Some(if pos.is_check() {
            Outcome::Checkmate {
                winner: !pos.turn(),
            }
        } else {
            Outcome::Stalemate
        });
    }
    if pos.halfmove_clock() >= 100 {
        return Some(Outcome::FiftyMoves);
    }
    if insufficient_material(pos) {
        return Some(Outcome::InsufficientMaterial);
    }
    None
}

/// A game: the start position, the moves, and every position on the way.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    ended_by_player: Option<Outcome>,
}

/// Two games are the same when they start from the same position of the same variant (its id,
/// castling option and FEN) and have the same moves and the same ending.
impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        let (a, b) = (self.start(), other.start());
        self.moves == other.moves
            && self.ended_by_player == other.ended_by_player
            && a.variant().id() == b.variant().id()
            && a.variant().castling() == b.variant().castling()
            && crate::fen::write(a) == crate::fen::write(b)
    }
}

impl Game {
    /// A game from `start`.
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            ended_by_player: None,
        }
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The position after the first `ply` moves (0: the start), if the game is that long.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move; refused once the game has ended.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove(mv));
        }
        let next = self.position().play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.ended_by_player = None;
        Some(mv)
    }

    /// Ends the game by resignation of `loser`.
    pub fn resign(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.ended_by_player = Some(Outcome::Resignation { winner: !loser });
        }
    }

    /// Ends the game because `loser`'s time ran out: a loss, or a draw when the other side has
    /// only its king left.
    pub fn flag(&mut self, loser: Color) {
        if self.outcome().is_none() {
            let winner = !loser;
            let pos = self.position();
            let bare = pos
                .pieces()
                .iter()
                .all(|(_, p)| p.color != winner || p.role == Role::King);
            self.ended_by_player = Some(if bare {
                Outcome::TimeoutDraw
            } else {
                Outcome::Timeout { winner }
            });
        }
    }

    /// Ends the game because `loser` did not make its first move in time (a tournament's rule).
    pub fn no_start(&mut self, loser: Color) {
        if self.outcome().is_none() {
            self.ended_by_player = Some(Outcome::NoStart { winner: !loser });
        }
    }

    /// Ends the game in an agreed draw.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.ended_by_player = Some(Outcome::DrawAgreed);
        }
    }

    /// Ends the game as another copy of it ended (a game server's): by resignation, agreement,
    /// the clock or a first move not made. An ending the moves themselves give (mate, a draw by rule) needs nothing.
    pub fn end_as(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Resignation { winner } => self.resign(!winner),
            Outcome::DrawAgreed => self.agree_draw(),
            Outcome::Timeout { winner } => self.flag(!winner),
            Outcome::TimeoutDraw => self.flag(self.position().turn()),
            Outcome::NoStart { winner } => self.no_start(!winner),
            _ => {}
        }
    }

    /// Whether the current position has occurred three times (same placement, side, castling
    /// rights and en-passant square).
    pub fn is_threefold_repetition(&self) -> bool {
        let hash = self.position().hash();
        let clock = self.position().halfmove_clock() as usize;
        // Only positions since the last capture or pawn move can repeat.
        self.positions
            .iter()
            .rev()
            .take(clock + 1)
            .filter(|p| p.hash() == hash)
            .count()
            >= 3
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.ended_by_player {
            return Some(o);
        }
        match outcome_of(self.position()) {
            Some(o @ (Outcome::Checkmate { .. } | Outcome::Stalemate)) => Some(o),
            other if self.is_threefold_repetition() => other.or(Some(Outcome::Repetition)),
            other => other,
        }
    }
}
