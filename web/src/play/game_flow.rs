//! The flow of a game as players expect it from lichess: selection on pointer-down (so a drag
//! shows its destinations), Esc to cancel, resignation confirmed, draws offered and answered
//! rather than agreed by one click.

use crate::app::engine_job::EngineTask;
use crate::app::state::AppState;
use crate::common::settings::Opponent;
use topochess_core::{san, Color, Square};
use topochess_protocol::ClientMessage;

/// Whether a pre-move may be set now: against the computer while it is thinking, or in a live
/// game while the opponent is to move; the game on, the live position shown.
pub(crate) fn premove_time(state: &AppState) -> bool {
    let turn = state.play.game.position().turn();
    state.play.viewing.is_none()
        && state.play.game.outcome().is_none()
        && match state.settings.opponent {
            Opponent::Computer { computer, .. } => turn == computer,
            Opponent::Live { me: Some(me), .. } => turn != me,
            _ => false,
        }
}

/// The computer accepts a draw when its own last score is at most this (centipawns): when it
/// is not better.
pub const COMPUTER_ACCEPTS_DRAW_AT: i32 = 0;

impl AppState {
    /// The player's own piece on `sq` while the computer thinks (a pre-move may start there).
    fn own_piece_for_premove(&self, sq: Square) -> bool {
        let pos = self.play.game.position();
        premove_time(self) && pos.piece_at(sq).is_some_and(|p| p.color != pos.turn())
    }

    /// Where the piece on `from` may be pre-moved: every square it reaches on the empty
    /// surface, and a pawn's capture squares (the computer's reply may change anything).
    pub fn premove_dests(&self, from: Square) -> Vec<Square> {
        if !self.own_piece_for_premove(from) {
            return Vec::new();
        }
        let pos = self.play.game.position();
        let Some(piece) = pos.piece_at(from) else {
            return Vec::new();
        };
        let v = pos.variant();
        let mut set = v.reach(piece.role, piece.color, from);
        if piece.role == topochess_core::Role::Pawn {
            set.extend(v.tables().pawn_captures(piece.color, from).iter().copied());
        }
        set.iter().filter(|&sq| sq != from).collect()
    }

    /// After the computer's move: the pre-move is played at once when legal (a promotion
    /// becomes a queen), else dropped.
    pub(crate) fn play_premove(&mut self) {
        let Some((from, to)) = self.play.premove.take() else {
            return;
        };
        let candidates: Vec<topochess_core::Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|m| m.to == to)
            .collect();
        let chosen = candidates
            .iter()
            .find(|m| m.promotion() == Some(topochess_core::Role::Queen))
            .or_else(|| candidates.iter().find(|m| m.castle().is_none()))
            .or(candidates.first())
            .copied();
        if let Some(mv) = chosen {
            self.play(mv);
        }
    }

    /// Esc: closes the promotion chooser and the resign question, and drops the pre-move (the
    /// board drops its selection on the same key).
    pub(crate) fn cancel(&mut self) {
        self.play.premove = None;
        self.play.choice = None;
        self.play.confirm_resign = false;
    }

    /// The side the player resigns for: against the computer the player's, in hot-seat the
    /// side to move.
    fn resigning_side(&self) -> Color {
        match self.settings.opponent {
            Opponent::Computer { computer, .. } => !computer,
            Opponent::Correspondence { me, .. } | Opponent::Live { me: Some(me), .. } => me,
            Opponent::HotSeat | Opponent::Live { me: None, .. } => self.play.game.position().turn(),
        }
    }

    /// Resign asks first; a yes resigns.
    pub(crate) fn resign(&mut self, confirmed: Option<bool>) {
        if self.play.game.outcome().is_some() {
            self.play.confirm_resign = false;
            return;
        }
        match confirmed {
            None => self.play.confirm_resign = true,
            Some(false) => self.play.confirm_resign = false,
            Some(true) => {
                self.play.confirm_resign = false;
                let loser = self.resigning_side();
                match self.settings.opponent {
                    // The server ends the game, and tells both players.
                    Opponent::Live { .. } => self.live_send(ClientMessage::Resign),
                    _ => self.play.game.resign(loser),
                }
            }
        }
    }

    /// The side whose draw offer stands, if any.
    pub fn draw_offered_by(&self) -> Option<Color> {
        self.play.draw_offer
    }

    /// Offers a draw. In hot-seat the offer stands until the other side answers or moves;
    /// the computer accepts when its last search did not find it better.
    pub(crate) fn offer_draw(&mut self) {
        if self.play.game.outcome().is_some() {
            return;
        }
        match self.settings.opponent {
            Opponent::HotSeat => self.play.draw_offer = Some(self.play.game.position().turn()),
            // The offer travels with the next link sent.
            Opponent::Correspondence { me, .. } => self.play.draw_offer = Some(me),
            // The server hears of it, and tells both players.
            Opponent::Live { me: Some(_), .. } => self.live_send(ClientMessage::Draw),
            Opponent::Live { me: None, .. } => {}
            Opponent::Computer { .. } => {
                let not_better = self
                    .play
                    .computer_eval
                    .is_some_and(|score| score <= COMPUTER_ACCEPTS_DRAW_AT);
                if not_better {
                    self.play.game.agree_draw();
                    self.notice = Some("The computer accepts the draw.".into());
                } else {
                    self.notice = Some("The computer declines the draw.".into());
                }
            }
        }
    }

    /// The other side answers a draw offer.
    pub(crate) fn answer_draw(&mut self, accept: bool) {
        if matches!(self.settings.opponent, Opponent::Live { .. }) {
            self.live_send(if accept {
                ClientMessage::Draw
            } else {
                ClientMessage::Decline
            });
            return;
        }
        if self.play.draw_offer.take().is_some() && accept && self.play.game.outcome().is_none() {
            self.play.game.agree_draw();
        }
    }

    /// After a move by `mover`: an offer by the other side is declined by moving on.
    pub(crate) fn after_move(&mut self, mover: Color) {
        if self.play.draw_offer.is_some_and(|by| by != mover) {
            self.play.draw_offer = None;
        }
        self.play.confirm_resign = false;
    }

    /// The side to move's flag falls when its time is out; a game that ended stops the clock.
    pub(crate) fn settle_clock(&mut self) {
        let turn = self.play.game.position().turn();
        let now = crate::common::clock::now();
        // In a live game the server's clock is the one that ends it.
        let live = matches!(self.settings.opponent, Opponent::Live { .. });
        let Some(c) = &mut self.play.clock else {
            return;
        };
        if !live
            && self.play.game.outcome().is_none()
            && c.running()
            && c.time_left(turn, turn, now) <= 0.0
        {
            self.play.game.flag(turn);
        }
        if self.play.game.outcome().is_some() {
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
                self.play.computer_eval = Some(t.score);
            }
        }
    }
}

impl AppState {
    /// A move typed in SAN or coordinate form.
    pub(crate) fn typed(&mut self, text: &str) {
        self.offer_live = false;
        if self.play.game.outcome().is_some() {
            self.notice = Some("The game is over: start a new game to play on.".into());
            return;
        }
        if self.play.viewing.is_some() {
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
        let pos = self.play.game.position().clone();
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
    use crate::app::state::{Action, AppState};
    use crate::common::settings::{Opponent, Settings};
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
        s.play.game.start().size().parse_square(name).unwrap()
    }

    #[test]
    fn a_message_is_shown_beside_its_cause_and_goes_with_its_screen() {
        use crate::app::state::{NoticeAt, Screen};
        let s = hot_seat().reduce(Action::Typed("Ke5".into()));
        assert!(s.notice.is_some());
        assert_eq!(s.notice_at, NoticeAt::TypedMove);
        let s = s.reduce(Action::Import(Box::new(Action::Notice(Some(
            "bad PGN".into(),
        )))));
        assert_eq!(
            (s.notice.as_deref(), s.notice_at),
            (Some("bad PGN"), NoticeAt::Import)
        );
        let s = s.reduce(Action::Notice(Some("restored".into())));
        assert_eq!(s.notice_at, NoticeAt::Top);
        // Going to another screen takes the message away.
        let s = s.reduce(Action::Go(Screen::Games));
        assert_eq!((s.notice.clone(), s.screen), (None, Screen::Games));
    }

    #[test]
    fn a_game_that_went_on_in_another_tab_is_followed_and_a_diverging_one_is_not() {
        let s = hot_seat();
        let (e2, e4) = (square(&s, "e2"), square(&s, "e4"));
        let s = s.reduce(Action::Move(e2, e4));
        let mut there = s.saved_game(0.0);
        // The other tab played 1...e5 2.Nf3: this tab follows, and says so.
        there.moves = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
        let followed = s
            .clone()
            .reduce(Action::ChangedElsewhere(vec![there.clone()]));
        assert_eq!(followed.move_texts(), there.moves);
        assert_eq!(followed.play.game_id, s.play.game_id);
        assert!(followed
            .notice
            .as_deref()
            .unwrap_or("")
            .contains("another tab"));
        // A line that does not continue this tab's is not taken over (a save keeps both).
        there.moves = ["d2d4"].map(String::from).to_vec();
        let kept = s
            .clone()
            .reduce(Action::ChangedElsewhere(vec![there.clone()]));
        assert_eq!(kept.move_texts(), ["e2e4"]);
        assert_eq!(kept.saved, vec![there]);
        // Told that its line was kept apart, the tab goes on under the new id.
        let apart = kept.reduce(Action::KeptApart(77));
        assert_eq!(
            (apart.play.game_id, apart.move_texts()),
            (77, vec!["e2e4".to_string()])
        );
    }

    #[test]
    fn a_move_from_the_board_is_played_and_esc_closes_the_chooser() {
        let s = hot_seat();
        let (e2, e4) = (square(&s, "e2"), square(&s, "e4"));
        let s = s.reduce(Action::Move(e2, e4));
        assert_eq!(s.move_texts(), ["e2e4"]);
        // A move that is not legal changes nothing.
        let s = s.reduce(Action::Move(e2, e4));
        assert_eq!(s.move_texts(), ["e2e4"]);
        // A promotion asks which piece; Esc closes the question and plays nothing.
        let pos = topochess_core::fen::parse_position(
            s.play.game.start().variant().clone(),
            "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        )
        .unwrap();
        let game = topochess_core::game::Game::new(pos);
        let settings = s.settings.clone();
        let s = s.reduce(Action::LoadGame(settings, Box::new(game)));
        let (b7, b8) = (square(&s, "b7"), square(&s, "b8"));
        let s = s.reduce(Action::Move(b7, b8));
        assert_eq!(s.play.choice.as_ref().map(|c| c.options.len()), Some(4));
        let s = s.reduce(Action::Cancel);
        assert!(s.play.choice.is_none() && s.play.game.moves().is_empty());
    }

    #[test]
    fn resigning_asks_first() {
        let s = hot_seat().reduce(Action::Resign(None));
        assert!(s.play.confirm_resign && s.play.game.outcome().is_none());
        let s = s.reduce(Action::Resign(Some(false)));
        assert!(!s.play.confirm_resign && s.play.game.outcome().is_none());
        let s = s
            .reduce(Action::Resign(None))
            .reduce(Action::Resign(Some(true)));
        assert_eq!(
            s.play.game.outcome().and_then(|o| o.winner()),
            Some(Color::Black)
        );
    }

    #[test]
    fn a_hot_seat_draw_is_offered_then_accepted_or_declined_by_moving() {
        let s = hot_seat().reduce(Action::OfferDraw);
        assert_eq!(s.draw_offered_by(), Some(Color::White));
        assert!(
            s.play.game.outcome().is_none(),
            "one click does not end the game"
        );
        // White moves on: the offer stands for Black.
        let s = s.reduce(Action::Typed("e4".into()));
        assert_eq!(s.draw_offered_by(), Some(Color::White));
        // Black moves instead of answering: declined.
        let declined = s.clone().reduce(Action::Typed("e5".into()));
        assert_eq!(declined.draw_offered_by(), None);
        assert!(declined.play.game.outcome().is_none());
        // Or Black accepts.
        let drawn = s.reduce(Action::AnswerDraw(true));
        assert_eq!(
            drawn.play.game.outcome().map(|o| o.result()),
            Some("1/2-1/2")
        );
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
            declined.play.game.outcome().is_none(),
            "no opinion yet: declined"
        );
        let mut s = (*s).clone();
        s.play.computer_eval = Some(-40);
        let s = Rc::new(s).reduce(Action::OfferDraw);
        assert!(s.play.game.outcome().is_some());
    }

    fn vs_computer() -> Rc<AppState> {
        Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "folded".into(),
                opponent: Opponent::Computer {
                    computer: Color::Black,
                    level: 3,
                },
                ..Settings::default()
            },
            None,
        ))
    }

    #[test]
    fn a_premove_is_played_at_once_when_legal_and_dropped_when_not() {
        let s = vs_computer().reduce(Action::Typed("e4".into()));
        let job = s.engine.as_ref().unwrap().id;
        // While the computer thinks: select the knight, pre-move it.
        let (g1, f3) = (square(&s, "g1"), square(&s, "f3"));
        assert!(s.premove_dests(g1).contains(&f3));
        let dests = crate::app::scene::dests(&s);
        assert!(
            dests.premove
                && dests
                    .of("g1")
                    .is_some_and(|d| d.iter().any(|(t, _)| t == "f3"))
        );
        let s = s.reduce(Action::Move(g1, f3));
        assert_eq!(s.play.premove, Some((g1, f3)));
        // The reply comes: the pre-move is played, and the computer thinks again.
        let s = s.reduce(Action::EngineAnswer(job, "e7e5".into()));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5", "g1f3"]);
        assert!(s.play.premove.is_none() && s.engine.is_some());
        // A pre-move that is not legal after the reply is dropped: e4-e5 onto Black's pawn.
        let job = s.engine.as_ref().unwrap().id;
        let (e4, e5) = (square(&s, "e4"), square(&s, "e5"));
        let s = s.reduce(Action::Move(e4, e5));
        assert_eq!(s.play.premove, Some((e4, e5)));
        let s = s.reduce(Action::EngineAnswer(job, "b8c6".into()));
        assert_eq!(s.move_texts().len(), 4);
        assert!(s.play.premove.is_none());
        assert_eq!(
            s.play.game.position().turn(),
            Color::White,
            "the player's move"
        );
        // Esc cancels a pre-move.
        let s = s.reduce(Action::Typed("d4".into()));
        let (b1, c3) = (square(&s, "b1"), square(&s, "c3"));
        let s = s.reduce(Action::Move(b1, c3));
        assert_eq!(s.play.premove, Some((b1, c3)));
        let s = s.reduce(Action::Cancel);
        assert!(s.play.premove.is_none());
        // A square no piece of the player reaches is no pre-move; the board drops one too.
        let (h2, h5) = (square(&s, "h2"), square(&s, "h5"));
        assert!(!s.premove_dests(h2).contains(&h5));
        let s = s.reduce(Action::Move(b1, c3)).reduce(Action::Move(h2, h5));
        assert_eq!(s.play.premove, Some((b1, c3)));
        let s = s.reduce(Action::DropPremove);
        assert!(s.play.premove.is_none());
    }
}
