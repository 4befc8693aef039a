//! The app's part of a live game: what the player does goes to the server's outbox, and what
//! the server says is the game (its moves, clocks, offers and ending) whatever the page thought.

use crate::app::state::AppState;
use crate::common::clock::{Clock, TimeControl};
use crate::common::settings::{variant_of, Opponent, Settings};
use crate::live::pending_move;
use topochess_core::game::Game;
use topochess_core::{san, Color, Position};
use topochess_protocol::{parse_id, ClientMessage, GameState, ServerMessage};

/// What this player is told when the other turned down their offer between `before` and
/// `now`: an offer gone with no move played and the game going on.
fn declined(before: &GameState, now: &GameState) -> Option<&'static str> {
    let me = now.you?;
    let same = before.moves == now.moves && now.outcome.is_none() && !now.aborted;
    if !same {
        return None;
    }
    if before.draw_offer == Some(me) && now.draw_offer.is_none() {
        return Some("Your draw offer was declined.");
    }
    if before.takeback_offer == Some(me) && now.takeback_offer.is_none() {
        return Some("Your take-back request was declined.");
    }
    None
}

impl AppState {
    /// The live game's id, when the game on the board is one the server gave.
    pub fn live_id(&self) -> Option<u64> {
        match self.settings.opponent {
            Opponent::Live { id, .. } if id != 0 => Some(id),
            _ => None,
        }
    }

    /// The live game whose socket is open: the one being joined, else the one on the board.
    pub fn socket_game(&self) -> Option<u64> {
        self.live.joining.or(self.live_id())
    }

    /// Queues a message for the server.
    pub(crate) fn live_send(&mut self, message: ClientMessage) {
        let game = self.live_id().unwrap_or(0);
        self.live.send(game, message);
    }

    /// The settings of a live game the server made for this player (paired in a pool or an
    /// arena): public, on `variant` with `clock` (seconds, and a move), the player as `side`.
    pub(crate) fn paired_settings(
        &self,
        variant: &str,
        id: u64,
        side: topochess_core::Color,
        rated: bool,
        clock: (u32, u32),
    ) -> crate::common::settings::Settings {
        crate::common::settings::Settings {
            variant: variant.to_string(),
            castling: String::new(),
            opponent: Opponent::Live {
                me: Some(side),
                id,
                public: true,
                rated,
            },
            time: Some(crate::common::clock::TimeControl::new(clock.0, clock.1)),
            ..self.settings.clone()
        }
    }

    /// What the server said.
    pub(crate) fn live_heard(&mut self, message: ServerMessage) {
        let state = match message {
            ServerMessage::Error { message } => {
                self.notice = Some(format!("The game server refused: {message}."));
                return;
            }
            ServerMessage::Restarting => {
                self.notice = Some(
                    "The game server is restarting: your game will be back in a moment.".into(),
                );
                return;
            }
            ServerMessage::Chat { user, text } => {
                if let Some(game) = self.socket_game() {
                    self.live.heard_chat(game, user, text);
                }
                return;
            }
            ServerMessage::State(state) => state,
            ServerMessage::Change(change) => {
                match self.live.heard.as_deref().and_then(|h| change.apply(h)) {
                    Some(state) => Box::new(state),
                    None => {
                        // Made on a version this page does not have: the whole state again.
                        if parse_id(&change.id) == self.socket_game() {
                            self.live_send(ClientMessage::Resync);
                        }
                        return;
                    }
                }
            }
        };
        let Some(id) = parse_id(&state.id) else {
            return;
        };
        if self.live_id() != Some(id) {
            if self.live.joining != Some(id) {
                return;
            }
            if let Err(why) = self.join_live(id, &state) {
                self.notice = Some(format!("That live game cannot be shown: {why}."));
                self.live.joining = None;
                return;
            }
        }
        if let Opponent::Live { me, .. } = &mut self.settings.opponent {
            *me = state.you;
        }
        self.arena_of_live(&state);
        self.follow_moves(&state);
        self.follow_ending(&state);
        self.play.draw_offer = state.draw_offer;
        if let Some((base, increment)) = state.clock {
            self.play.clock = Some(Clock {
                control: TimeControl::new(base, increment),
                left: state.left_ms.map(|ms| ms as f64),
                since: state.running.then(crate::common::clock::now),
            });
        }
        if state.aborted && !self.live.heard.as_ref().is_some_and(|h| h.aborted) {
            self.notice = Some("The game was aborted: it counts for nobody.".into());
        }
        if let Some(said) = self.live.heard.as_deref().and_then(|h| declined(h, &state)) {
            self.notice = Some(said.into());
        }
        // The other seat taken (the seek answered, the link opened): the player is taken to the
        // board from whichever screen they waited on, as on lichess.
        let waiting = |h: &GameState| h.you.is_some_and(|me| !h.seated[(!me).index()]);
        if self.live.heard.as_deref().is_some_and(waiting) && !waiting(&state) {
            self.reduce_in_place(crate::app::action::Action::Go(
                crate::app::state::Screen::Play,
            ));
        }
        // Both asked for a rematch: the new game, colours swapped, is shown at once.
        let rematch = state.next_game.as_deref().and_then(parse_id);
        // A player goes to the rematch they asked for; a spectator follows the players.
        let asked = state.you.is_none_or(|me| state.rematch[me.index()]);
        self.live.gone_seen = Some(crate::common::clock::now());
        self.live.heard = Some(state);
        if let (Some(next), true) = (rematch, asked) {
            self.reduce_in_place(crate::app::action::Action::Open(
                crate::app::address::Address::Live(next),
            ));
        }
    }

    /// A game this browser opened by its address: a new game of the library, as the server has
    /// it.
    fn join_live(&mut self, id: u64, state: &GameState) -> Result<(), String> {
        let settings = Settings {
            variant: state.variant.clone(),
            castling: state.castling.clone(),
            opponent: Opponent::Live {
                me: state.you,
                id,
                public: state.public,
                rated: state.rated,
            },
            time: state.clock.map(|(b, i)| TimeControl::new(b, i)),
            flipped: state.you == Some(Color::Black),
            ..self.settings.clone()
        };
        let variant = variant_of(&settings)?;
        let game = Game::new(Position::start(variant));
        self.replace_game(settings, game, crate::library::storage::fresh_id());
        self.live.joining = None;
        Ok(())
    }

    /// The moves as the server has them: a move of this browser's that the server never had
    /// stays (and is sent again: a repeat is refused harmlessly); anything else, a take-back
    /// included, gives way to the server's line.
    fn follow_moves(&mut self, state: &GameState) {
        let local = self.move_texts();
        if local == state.moves {
            return;
        }
        let confirmed = self.live.heard.as_ref().map_or(0, |h| h.moves.len());
        let never_heard = local.len() > confirmed;
        if let Some(uci) = pending_move(&local, &state.moves).filter(|_| never_heard) {
            let ply = state.moves.len();
            if !self
                .live
                .outbox
                .iter()
                .any(|(_, _, m)| matches!(m, ClientMessage::Move { ply: p, .. } if p == &ply))
            {
                self.live_send(ClientMessage::Move { uci, ply });
            }
            return;
        }
        // The server's line extends this one (the common case, the other's move): only the new
        // moves are played, on the game as it is; any other line is played from the start.
        let extends = state.moves.starts_with(&local);
        let (mut game, from) = match extends {
            true => (self.play.game.clone(), local.len()),
            false => (Game::new(self.play.game.start().clone()), 0),
        };
        for text in &state.moves[from..] {
            match san::parse_move(game.position(), text).map(|mv| game.play(mv)) {
                Ok(Ok(())) => {}
                _ => {
                    self.notice = Some(format!("The server's move {text} is not legal here."));
                    return;
                }
            }
        }
        self.play.game = game;
        self.play.viewing = None;
        self.play.redo.clear();
        self.play.choice = None;
        // The opponent's move came: a pre-move is played now (or dropped if it is not legal);
        // anything else (a take-back, another line) drops it.
        if extends && self.player_to_move() {
            self.change_play(crate::play::PlayAction::OpponentMoved);
        } else {
            self.play.premove = None;
        }
    }

    /// The ending the server declared (a mate or another rule ends the game here by itself).
    fn follow_ending(&mut self, state: &GameState) {
        if let Some(outcome) = state.outcome {
            self.play.game.end_as(outcome);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::action::Action;
    use crate::app::state::AppState;
    use crate::common::settings::{Opponent, Settings};
    use std::rc::Rc;
    use topochess_core::Color;
    use topochess_protocol::{id_text, ClientMessage, GameState, ServerMessage};
    use yew::Reducible;

    const ID: u64 = 0x5eed;

    fn live() -> Rc<AppState> {
        let opponent = Opponent::Live {
            me: Some(Color::White),
            id: ID,
            public: false,
            rated: false,
        };
        Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "standard".into(),
                opponent,
                ..Settings::default()
            },
            None,
        ))
    }

    /// New game, Start, from the front page (or any screen): the player is taken to the board,
    /// a live seek's poster too.
    #[test]
    fn a_game_started_from_any_screen_is_shown_on_the_board() {
        use crate::app::state::Screen;
        for screen in [
            Screen::Home,
            Screen::Games,
            Screen::Puzzles,
            Screen::Explore,
        ] {
            let s = Rc::new(AppState::default()).reduce(Action::SetScreen(screen));
            assert_eq!(s.screen, screen);
            let seek = Opponent::Live {
                me: Some(Color::Black),
                id: ID,
                public: true,
                rated: false,
            };
            for opponent in [Opponent::HotSeat, seek] {
                let settings = Settings {
                    opponent,
                    ..Settings::default()
                };
                let after = s.clone().reduce(Action::NewGame(settings, None));
                assert_eq!(after.screen, Screen::Play, "from {screen:?}: {opponent:?}");
            }
        }
    }

    fn heard(moves: &[&str]) -> Action {
        Action::LiveHeard(Box::new(ServerMessage::State(Box::new(GameState {
            id: id_text(ID),
            v: moves.len() as u64 + 1,
            variant: "standard".into(),
            castling: "standard".into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            you: Some(Color::White),
            seated: [true, true],
            clock: None,
            left_ms: [0, 0],
            running: false,
            outcome: None,
            aborted: false,
            draw_offer: None,
            takeback_offer: None,
            rematch: [false, false],
            next_game: None,
            gone_ms: [None, None],
            public: false,
            rated: false,
            players: [None, None],
            arena: None,
            berserk: [false, false],
            first_move_ms: None,
        }))))
    }

    fn mv(s: &Rc<AppState>, from: &str, to: &str) -> Action {
        let size = s.play.game.start().size();
        Action::Move(
            size.parse_square(from).unwrap(),
            size.parse_square(to).unwrap(),
        )
    }

    fn sent(s: &AppState) -> Vec<ClientMessage> {
        s.live.outbox.iter().map(|(_, _, m)| m.clone()).collect()
    }

    /// The change from the state heard after `before` to the one after `after`, as the server
    /// sends it.
    fn changed(before: &[&str], after: &[&str]) -> Action {
        let state = |moves: &[&str]| match heard(moves) {
            Action::LiveHeard(m) => match *m {
                ServerMessage::State(s) => *s,
                _ => unreachable!(),
            },
            _ => unreachable!(),
        };
        let change = topochess_protocol::GameChange::between(&state(before), &state(after));
        Action::LiveHeard(Box::new(ServerMessage::Change(Box::new(change))))
    }

    #[test]
    fn moves_heard_as_changes_are_played_and_a_change_on_another_version_asks_for_the_whole() {
        let s = live().reduce(heard(&["e2e4"]));
        let s = s.reduce(changed(&["e2e4"], &["e2e4", "e7e5"]));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5"]);
        assert_eq!(s.live.heard.as_ref().unwrap().v, 3);
        // A take-back and another move, as one change.
        let s = s.reduce(changed(&["e2e4", "e7e5"], &["e2e4", "c7c5"]));
        assert_eq!(s.move_texts(), ["e2e4", "c7c5"]);
        assert!(sent(&s).is_empty());
        // A change made on a version this page never had: nothing played, the whole asked for.
        let s = s.reduce(changed(&["d2d4"], &["d2d4", "d7d5"]));
        assert_eq!(s.move_texts(), ["e2e4", "c7c5"]);
        assert_eq!(sent(&s), [ClientMessage::Resync]);
    }

    #[test]
    fn a_move_goes_to_the_server_and_a_premove_answers_the_opponent_at_once() {
        let s = live().reduce(heard(&[]));
        let s = s.clone().reduce(mv(&s, "e2", "e4"));
        let e4 = ClientMessage::Move {
            uci: "e2e4".into(),
            ply: 0,
        };
        assert_eq!(sent(&s), vec![e4.clone()]);
        let s = s.reduce(heard(&["e2e4"]));
        // Black to move: White sets a pre-move; Black's answer comes from the server.
        let s = s.clone().reduce(mv(&s, "g1", "f3"));
        assert!(s.play.premove.is_some() && s.move_texts() == ["e2e4"]);
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(
            sent(&s).last(),
            Some(&ClientMessage::Move {
                uci: "g1f3".into(),
                ply: 2
            })
        );
    }

    /// The state heard after `moves`, with `change` made to it.
    fn heard_with(moves: &[&str], change: impl FnOnce(&mut GameState)) -> Action {
        let Action::LiveHeard(message) = heard(moves) else {
            unreachable!()
        };
        let ServerMessage::State(mut state) = *message else {
            unreachable!()
        };
        change(&mut state);
        Action::LiveHeard(Box::new(ServerMessage::State(state)))
    }

    #[test]
    fn a_tournament_games_first_move_counts_down_and_its_loss_is_kept_as_such() {
        use crate::common::clock::set_test_time;
        use topochess_core::game::Outcome;
        set_test_time(50_000.0);
        let s = live().reduce(heard_with(&[], |g| g.first_move_ms = Some(20_000)));
        assert_eq!(s.live.first_move_left(50_000.0), Some(20_000.0));
        assert_eq!(s.live.first_move_left(56_000.0), Some(14_000.0));
        assert_eq!(
            s.live.first_move_left(90_000.0),
            Some(0.0),
            "never below nothing"
        );
        // White did not move: the game ends so here, and so it is saved and read back.
        let lost = Outcome::NoStart {
            winner: Color::Black,
        };
        let s = s.reduce(heard_with(&[], |g| g.outcome = Some(lost)));
        assert_eq!(s.play.game.outcome(), Some(lost));
        assert_eq!(s.live.first_move_left(50_000.0), None);
        let saved = s.saved_game(1.0);
        assert_eq!(saved.summary(), "Standard chess: 0 moves, no first move");
        let back = crate::library::storage::rebuild(
            &saved.settings,
            &saved.start_fen,
            &saved.moves,
            saved.ended.as_deref(),
        )
        .unwrap();
        assert_eq!(back.outcome(), Some(lost));
        assert_eq!(lost.to_string(), "Black wins: White did not move");
    }

    #[test]
    fn a_seek_taken_while_its_poster_waits_elsewhere_takes_them_to_the_board() {
        use crate::app::state::Screen;
        let alone = |s: &mut GameState| s.seated = [true, false];
        let s = live().reduce(heard_with(&[], alone));
        let s = s.reduce(Action::Go(Screen::Home));
        let s = s.reduce(heard_with(&[], alone));
        assert_eq!(s.screen, Screen::Home, "still waiting: the player stays");
        let s = s.reduce(heard(&[]));
        assert_eq!(s.screen, Screen::Play);
        // Once seated, a state heard elsewhere moves nobody.
        let s = s.reduce(Action::Go(Screen::Games));
        let s = s.reduce(heard(&["e2e4"]));
        assert_eq!(s.screen, Screen::Games);
    }

    #[test]
    fn a_spectator_follows_the_players_to_their_rematch_and_a_player_to_the_one_asked() {
        const NEXT: u64 = 0x7e57;
        let over = |you: Option<Color>, rematch: [bool; 2], next: Option<u64>| {
            heard_with(&["e2e4", "e7e5"], move |s| {
                s.you = you;
                s.outcome = Some(topochess_core::game::Outcome::Resignation {
                    winner: Color::White,
                });
                s.rematch = rematch;
                s.next_game = next.map(id_text);
            })
        };
        // A spectator: the players' rematch is opened (joined as the server has it).
        let s = live().reduce(over(None, [false, false], None));
        let s = s.reduce(over(None, [true, true], Some(NEXT)));
        assert_eq!(s.socket_game(), Some(NEXT));
        // A player who did not ask stays on the game that ended.
        let s = live().reduce(over(Some(Color::White), [false, false], None));
        let s = s.reduce(over(Some(Color::White), [false, true], Some(NEXT)));
        assert_eq!(s.socket_game(), Some(ID));
    }

    #[test]
    fn an_offer_turned_down_is_said_to_whoever_made_it() {
        let offered = |s: &mut GameState| s.draw_offer = Some(Color::White);
        let s = live().reduce(heard(&["e2e4", "e7e5"]));
        let s = s.reduce(heard_with(&["e2e4", "e7e5"], offered));
        assert_eq!(s.notice, None);
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        assert_eq!(s.notice.as_deref(), Some("Your draw offer was declined."));
        // An offer ended by a move, or by the other's offer, is not a refusal.
        let s = live().reduce(heard_with(&["e2e4"], offered));
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        assert_eq!(s.notice, None);
        // The other's offer turned down by this player: nothing to say to them.
        let theirs = |s: &mut GameState| s.draw_offer = Some(Color::Black);
        let s = live().reduce(heard_with(&["e2e4", "e7e5"], theirs));
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        assert_eq!(s.notice, None);
        let asked = |s: &mut GameState| s.takeback_offer = Some(Color::White);
        let s = live().reduce(heard_with(&["e2e4", "e7e5"], asked));
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        assert_eq!(
            s.notice.as_deref(),
            Some("Your take-back request was declined.")
        );
    }

    #[test]
    fn the_servers_line_wins_over_the_pages_but_for_a_move_it_never_had() {
        let s = live().reduce(heard(&[]));
        let s = s.clone().reduce(mv(&s, "e2", "e4"));
        // A state from before the move arrives: the move stays, sent again only once.
        let s = s.reduce(heard(&[]));
        assert_eq!(s.move_texts(), ["e2e4"]);
        let s = s.reduce(heard(&["e2e4", "e7e5"]));
        // A take-back agreed on the server: the page follows it.
        let s = s.reduce(heard(&["e2e4"]));
        assert_eq!(s.move_texts(), ["e2e4"]);
        // A spectator or the other side cannot move here: not White's turn.
        let s = s.clone().reduce(mv(&s, "d2", "d4"));
        assert_eq!(s.move_texts(), ["e2e4"]);
        assert!(sent(&s)
            .iter()
            .all(|m| !matches!(m, ClientMessage::Move { ply: 1, .. })));
    }

    #[test]
    fn another_tab_of_the_live_game_is_not_followed_through_the_library() {
        let s = live().reduce(heard(&["e2e4", "e7e5"]));
        // The other tab played 2.Nf3 and wrote the library before this tab heard the server.
        let mut there = s.saved_game(0.0);
        there.moves = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
        let s = s.reduce(Action::ChangedElsewhere(vec![there]));
        assert_eq!((s.move_texts().len(), s.notice.clone()), (2, None));
        assert_eq!(s.live_id(), Some(ID));
        // The server's word brings the move.
        let s = s.reduce(heard(&["e2e4", "e7e5", "g1f3"]));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn a_game_joined_by_its_link_keeps_the_socket_that_joined_it_connected() {
        let s = Rc::new(AppState::default())
            .reduce(Action::Open(crate::app::address::Address::Live(ID)));
        assert_eq!((s.socket_game(), s.live_id()), (Some(ID), None));
        let s = s.reduce(Action::LiveConnection(true));
        // The server's state puts the game on the board, over the same socket.
        let s = s.reduce(heard(&["e2e4"]));
        assert_eq!((s.socket_game(), s.live_id()), (Some(ID), Some(ID)));
        assert!(
            s.live.connected,
            "the socket is still open: nothing says it was lost"
        );
        // Another game on the board has no socket, and nothing is known of one.
        let s = s.reduce(Action::NewGame(Settings::default(), None));
        assert_eq!((s.socket_game(), s.live.connected), (None, false));
    }

    #[test]
    fn the_computer_neither_hints_nor_analyses_a_game_against_a_person_until_it_is_over() {
        use crate::analysis::AnalysisAction;
        use crate::app::engine_job::EngineTask;
        let s = live().reduce(heard(&["e2e4", "e7e5"]));
        assert!(s.player_to_move() && s.computer_barred());
        let s = s.reduce(Action::Hint);
        assert!(s.engine.is_none(), "no hint");
        // The analysis board opens on the game, without the engine's lines.
        let s = s.reduce(Action::Analyse(AnalysisAction::FromGame));
        assert!(s.analysing().is_some() && s.analysis_barred());
        assert!(s.engine.is_none(), "no lines");
        // The game ends on the server: the lines come.
        let Action::LiveHeard(message) = heard(&["e2e4", "e7e5"]) else {
            unreachable!()
        };
        let ServerMessage::State(mut state) = *message else {
            unreachable!()
        };
        state.outcome = Some(topochess_core::game::Outcome::Resignation {
            winner: Color::Black,
        });
        let s = s.reduce(Action::LiveHeard(Box::new(ServerMessage::State(state))));
        assert!(!s.computer_barred() && !s.analysis_barred());
        assert_eq!(s.engine.as_ref().map(|j| j.task), Some(EngineTask::Analyse));
    }
}
