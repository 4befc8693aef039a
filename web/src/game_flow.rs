//! The flow of a game as players expect it from lichess: selection on pointer-down (so a drag
//! shows its destinations), Esc to cancel, resignation confirmed, draws offered and answered
//! rather than agreed by one click.

use crate::engine_job::EngineTask;
use crate::settings::Opponent;
use crate::state::AppState;
use topochess_core::{san, Color, Square};

/// The computer accepts a draw when its own last score is at most this (centipawns): when it
/// is not better.
pub const COMPUTER_ACCEPTS_DRAW_AT: i32 = 0;

impl AppState {
    /// A pointer went down on `sq`: an own piece not yet selected is selected at once, so a drag
    /// from it shows its destinations; the click that follows on the same square keeps it.
    pub(crate) fn press(&mut self, sq: Square) {
        if self.choice.is_some() || self.selected == Some(sq) {
            return;
        }
        let is_destination = self
            .selected
            .is_some_and(|from| self.moves_from(from).iter().any(|m| m.to == sq));
        if !is_destination && self.player_to_move() && self.own_piece(sq) {
            self.selected = Some(sq);
            self.selected_on_press = true;
        }
    }

    /// A click on the selected square: kept when the press just selected it, else unselected.
    pub(crate) fn click_selected(&mut self) {
        if self.selected_on_press {
            self.selected_on_press = false;
        } else {
            self.selected = None;
        }
    }

    /// Esc: closes the promotion chooser, the resign question, and drops the selection.
    pub(crate) fn cancel(&mut self) {
        self.choice = None;
        self.selected = None;
        self.selected_on_press = false;
        self.confirm_resign = false;
    }

    /// The side the player resigns for: against the computer the player's, in hot-seat the
    /// side to move.
    fn resigning_side(&self) -> Color {
        match self.settings.opponent {
            Opponent::Computer { computer, .. } => !computer,
            Opponent::Correspondence { me, .. } => me,
            Opponent::HotSeat => self.game.position().turn(),
        }
    }

    /// Resign asks first; a yes resigns.
    pub(crate) fn resign(&mut self, confirmed: Option<bool>) {
        if self.game.outcome().is_some() {
            self.confirm_resign = false;
            return;
        }
        match confirmed {
            None => self.confirm_resign = true,
            Some(false) => self.confirm_resign = false,
            Some(true) => {
                self.confirm_resign = false;
                let loser = self.resigning_side();
                self.game.resign(loser);
            }
        }
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Offers a draw. In hot-seat the offer stands until the other side answers or moves;
    /// the computer accepts when its last search did not find it better.
    pub(crate) fn offer_draw(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        match self.settings.opponent {
            Opponent::HotSeat => self.draw_offer = Some(self.game.position().turn()),
            // The offer travels with the next link sent.
            Opponent::Correspondence { me, .. } => self.draw_offer = Some(me),
            Opponent::Computer { .. } => {
                let not_better = self
                    .computer_eval
                    .is_some_and(|score| score <= COMPUTER_ACCEPTS_DRAW_AT);
                if not_better {
                    self.game.agree_draw();
                    self.notice = Some("The computer accepts the draw.".into());
                } else {
                    self.notice = Some("The computer declines the draw.".into());
                }
            }
        }
    }

    /// The other side answers a draw offer.
    pub(crate) fn answer_draw(&mut self, accept: bool) {
        if self.draw_offer.take().is_some() && accept && self.game.outcome().is_none() {
            self.game.agree_draw();
        }
    }

    /// After a move by `mover`: an offer by the other side is declined by moving on.
    pub(crate) fn after_move(&mut self, mover: Color) {
        if self.draw_offer.is_some_and(|by| by != mover) {
            self.draw_offer = None;
        }
        self.selected_on_press = false;
        self.confirm_resign = false;
    }

    /// The side to move's flag falls when its time is out; a game that ended stops the clock.
    pub(crate) fn settle_clock(&mut self) {
        let turn = self.game.position().turn();
        let now = crate::clock::now();
        let Some(c) = &mut self.clock else {
            return;
        };
        if self.game.outcome().is_none() && c.running() && c.time_left(turn, turn, now) <= 0.0 {
            self.game.flag(turn);
        }
        if self.game.outcome().is_some() {
            c.stop(turn, now);
        }
    }

    /// Keeps the computer's own view of the game from its finished search (for draw offers).
    pub(crate) fn remember_computer_eval(&mut self) {
        if self
            .engine
            .as_ref()
            .is_some_and(|j| j.task == EngineTask::Move)
        {
            if let Some(t) = &self.thinking {
                self.computer_eval = Some(t.score);
            }
        }
    }
}

impl AppState {
    /// A move typed in SAN or coordinate form.
    pub(crate) fn typed(&mut self, text: &str) {
        self.offer_live = false;
        if self.game.outcome().is_some() {
            self.notice = Some("The game is over: start a new game to play on.".into());
            return;
        }
        if self.viewing.is_some() {
            self.notice = Some("You are looking at an earlier position.".into());
            self.offer_live = true;
            return;
        }
        if !self.player_to_move() {
            self.notice = Some(match self.settings.opponent {
                Opponent::Correspondence { me, .. } => format!(
                    "It is {}'s move: it comes to you by link.",
                    self.settings.player_name(!me)
                ),
                _ => "It is the computer's move.".into(),
            });
            return;
        }
        let pos = self.game.position().clone();
        match san::candidate_moves(&pos, text) {
            Ok(moves) if moves.is_empty() => {
                self.notice = Some(format!("'{}' is not a legal move here.", text.trim()));
            }
            Ok(moves) => {
                let shadowed = san::step_shadows_castling(&pos, text);
                self.play_or_ask(&moves);
                self.notice = shadowed.map(|kind| {
                    format!(
                        "{} was played as a king move; castling is written {}.",
                        text.trim(),
                        kind.notation()
                    )
                });
            }
            Err(e) => self.notice = Some(format!("{e}.")),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::settings::{Opponent, Settings};
    use crate::state::{Action, AppState};
    use std::rc::Rc;
    use topochess_core::Color;
    use yew::Reducible;

    fn hot_seat() -> Rc<AppState> {
        Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "standard".into(),
                ..Settings::default()
            },
            None,
        ))
    }

    fn square(s: &AppState, name: &str) -> topochess_core::Square {
        s.game.start().size().parse_square(name).unwrap()
    }

    #[test]
    fn a_press_selects_and_the_click_after_it_keeps_the_selection() {
        let s = hot_seat();
        let e2 = square(&s, "e2");
        let s = s.reduce(Action::Press(e2));
        assert_eq!(s.selected, Some(e2), "selected on pointer-down");
        let s = s.reduce(Action::Click(e2));
        assert_eq!(s.selected, Some(e2), "the click of the same press keeps it");
        // A second click on it unselects, as before.
        let s = s.reduce(Action::Press(e2)).reduce(Action::Click(e2));
        assert_eq!(s.selected, None);
        // Pressing a destination does not select anything else; the click moves.
        let e4 = square(&s, "e4");
        let s = s
            .reduce(Action::Press(e2))
            .reduce(Action::Click(e2))
            .reduce(Action::Press(e4))
            .reduce(Action::Click(e4));
        assert_eq!(s.move_texts(), ["e2e4"]);
        // Esc drops a selection.
        let e7 = square(&s, "e7");
        let s = s.reduce(Action::Press(e7)).reduce(Action::Cancel);
        assert_eq!(s.selected, None);
    }

    #[test]
    fn resigning_asks_first() {
        let s = hot_seat().reduce(Action::Resign(None));
        assert!(s.confirm_resign && s.game.outcome().is_none());
        let s = s.reduce(Action::Resign(Some(false)));
        assert!(!s.confirm_resign && s.game.outcome().is_none());
        let s = s
            .reduce(Action::Resign(None))
            .reduce(Action::Resign(Some(true)));
        assert_eq!(
            s.game.outcome().and_then(|o| o.winner()),
            Some(Color::Black)
        );
    }

    #[test]
    fn a_hot_seat_draw_is_offered_then_accepted_or_declined_by_moving() {
        let s = hot_seat().reduce(Action::OfferDraw);
        assert_eq!(s.draw_offered_by(), Some(Color::White));
        assert!(
            s.game.outcome().is_none(),
            "one click does not end the game"
        );
        // White moves on: the offer stands for Black.
        let s = s.reduce(Action::Typed("e4".into()));
        assert_eq!(s.draw_offered_by(), Some(Color::White));
        // Black moves instead of answering: declined.
        let declined = s.clone().reduce(Action::Typed("e5".into()));
        assert_eq!(declined.draw_offered_by(), None);
        assert!(declined.game.outcome().is_none());
        // Or Black accepts.
        let drawn = s.reduce(Action::AnswerDraw(true));
        assert_eq!(drawn.game.outcome().map(|o| o.result()), Some("1/2-1/2"));
    }

    #[test]
    fn the_computer_accepts_a_draw_only_when_it_is_not_better() {
        let s = Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "standard".into(),
                opponent: Opponent::Computer {
                    computer: Color::Black,
                    level: 3,
                },
                ..Settings::default()
            },
            None,
        ));
        let declined = s.clone().reduce(Action::OfferDraw);
        assert!(
            declined.game.outcome().is_none(),
            "no opinion yet: declined"
        );
        let mut s = (*s).clone();
        s.computer_eval = Some(-40);
        let s = Rc::new(s).reduce(Action::OfferDraw);
        assert!(s.game.outcome().is_some());
    }
}
