//! The game on the board: its state ([`Play`]), the game's flow (moves, take-backs, pre-moves,
//! resignation, draw offers, the clocks), the new-game form, the move list, import and export,
//! and the side controls.

pub mod game_flow;
pub mod panel;
pub mod panels;
pub mod scene;
#[cfg(test)]
mod tests;

use crate::common::clock::Clock;
use crate::common::fit::Choice;
use crate::common::settings::Settings;
use topochess_core::game::Game;
use topochess_core::{Color, Move, Square};
use topochess_protocol::ClientMessage;

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

/// A change to the game on the board.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayAction {
    /// A move made on the board: played (or a promotion asked), or while the other side is to
    /// move, set as the pre-move.
    Move(Square, Square),
    /// Drop the pre-move.
    DropPremove,
    /// The player picked one of the offered moves.
    Choose(Move),
    /// The player closed the choice without picking.
    CancelChoice,
    /// A move typed in SAN or coordinate form.
    Typed(String),
    /// Take back (against the computer, back to the player's move).
    TakeBack,
    /// Replay a taken-back move.
    Redo,
    /// Look at the position after `ply` moves.
    View(usize),
    /// Look one move back or forward.
    Step(i32),
    /// Back to the current position.
    Live,
    /// Resign: `None` asks, `Some(true)` resigns, `Some(false)` does not.
    Resign(Option<bool>),
    /// Offer a draw (the computer answers at once; in hot-seat the other side does).
    OfferDraw,
    /// The other side accepts or declines the draw offered.
    AnswerDraw(bool),
    /// Esc: close the chooser and the resign question, drop the pre-move.
    Cancel,
    /// The computer's move, with its score of the game from that search (its point of view);
    /// a pre-move follows at once.
    ComputerMove(Move, Option<i32>),
    /// The other side's move came (from the game server): the pre-move is played now when
    /// legal, else dropped.
    OpponentMoved,
    /// The engine's hint for the player.
    ShowHint(Move),
    /// Review the finished game on the analysis board.
    Review,
}

/// What a change to the game asks of the app.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayOut {
    /// A message for the player.
    pub notice: Option<String>,
    /// The message shown goes (a move typed and played).
    pub clear_notice: bool,
    /// Whether the message offers to go back to the current position (`None`: as it was).
    pub offer_live: Option<bool>,
    /// What to tell the live game's server, in order.
    pub send: Vec<ClientMessage>,
    /// Show the finished game's review on the analysis board.
    pub review: bool,
}

impl Play {
    /// Changes the game by `action`, with the game's `settings` (its opponent and players).
    pub fn update(&mut self, action: PlayAction, settings: &Settings) -> PlayOut {
        let mut out = PlayOut::default();
        match action {
            PlayAction::Move(from, to) => {
                if self.premove_time(settings) {
                    if self.premove_dests(from, settings).contains(&to) {
                        self.premove = Some((from, to));
                    }
                } else {
                    self.try_move(from, to, settings, &mut out);
                }
            }
            PlayAction::DropPremove => self.premove = None,
            PlayAction::Choose(mv) => {
                if self
                    .choice
                    .as_ref()
                    .is_some_and(|c| c.options.iter().any(|(m, _)| *m == mv))
                {
                    self.play(mv, settings, &mut out);
                }
            }
            PlayAction::CancelChoice => self.choice = None,
            PlayAction::Typed(text) => return self.typed(&text, settings),
            // A correspondence or live game's moves are already sent: no take back or redo.
            PlayAction::TakeBack | PlayAction::Redo if settings.is_correspondence() => {}
            PlayAction::TakeBack => self.take_back(settings),
            PlayAction::Redo => self.redo_line(settings, &mut out),
            PlayAction::View(ply) => {
                self.viewing = (ply < self.game.moves().len()).then_some(ply);
            }
            PlayAction::Step(delta) => {
                let len = self.game.moves().len() as i64;
                let ply = (self.shown_ply() as i64 + delta as i64).clamp(0, len) as usize;
                self.viewing = (ply < len as usize).then_some(ply);
            }
            PlayAction::Live => {
                self.viewing = None;
                out.offer_live = Some(false);
            }
            PlayAction::Resign(answer) => self.resign(answer, settings, &mut out),
            PlayAction::OfferDraw => return self.offer_draw(settings),
            PlayAction::AnswerDraw(accept) => self.answer_draw(accept, settings, &mut out),
            PlayAction::Cancel => {
                self.premove = None;
                self.choice = None;
                self.confirm_resign = false;
            }
            PlayAction::ComputerMove(mv, score) => {
                if score.is_some() {
                    self.computer_eval = score;
                }
                self.play(mv, settings, &mut out);
                self.play_premove(settings, &mut out);
            }
            PlayAction::OpponentMoved => self.play_premove(settings, &mut out),
            PlayAction::ShowHint(mv) => self.hint = Some(mv),
            PlayAction::Review => out.review = true,
        }
        out
    }

    /// After every change: a pre-move goes when its time is over, the side to move's flag falls
    /// when its time is out, and a game that ended stops the clock.
    pub fn settle(&mut self, settings: &Settings) {
        if !self.premove_time(settings) {
            self.premove = None;
        }
        self.settle_clock(settings);
    }
}
