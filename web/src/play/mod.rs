//! The game on the board: its state ([`Play`]), the game's flow (moves, take-backs, pre-moves,
//! resignation, draw offers, the clocks), the new-game form, the move list, import and export,
//! and the side controls.

pub mod game_flow;
pub mod panel;
pub mod panels;

use crate::common::clock::Clock;
use crate::common::fit::Choice;
use topochess_core::game::Game;
use topochess_core::{Color, Move, Square};

/// The game on the board and what goes with it while it is played.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// The game.
    pub game: Game,
    /// The game's id in the library of saved games.
    pub game_id: u64,
    /// Moves taken back, to redo (last taken back last).
    pub redo: Vec<Move>,
    /// The ply being looked at; `None` for the current position.
    pub viewing: Option<usize>,
    /// A pending promotion or castling choice.
    pub choice: Option<Choice>,
    /// Resign was pressed: asking whether to.
    pub confirm_resign: bool,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Color>,
    /// The computer's score of the game from its last finished search (its point of view).
    pub computer_eval: Option<i32>,
    /// The clocks, in a game with a time control.
    pub clock: Option<Clock>,
    /// A pre-move (from, to) set while the computer thinks.
    pub premove: Option<(Square, Square)>,
    /// A hint to draw.
    pub hint: Option<Move>,
}

impl Play {
    /// `game`, just begun or brought back, under library id `game_id`, with `clock` if it has one.
    pub fn new(game: Game, game_id: u64, clock: Option<Clock>) -> Play {
        Play {
            game,
            game_id,
            redo: Vec::new(),
            viewing: None,
            choice: None,
            confirm_resign: false,
            draw_offer: None,
            computer_eval: None,
            clock,
            premove: None,
            hint: None,
        }
    }
}
