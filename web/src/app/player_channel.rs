//! The player's own channel (`/api/player/socket`, `crate::common::socket`): open while the
//! player is signed in or waits in a pool, so that a game paired for them (in a pool or an
//! arena) or a seek of theirs taken reaches whichever screen they are on, told by the server to the player and not found
//! by their name in the standings.

use crate::app::action::Action;
use crate::app::state::AppState;
use crate::common::socket::{use_socket, Flow, Line};
use topochess_protocol::player::{PairedGame, PairedIn, PlayerNews};
use yew::prelude::*;

impl AppState {
    /// A game paired for the player: put on the board as its pool's or arena's game.
    pub(crate) fn paired(&mut self, game: PairedGame) {
        match game.from {
            PairedIn::Pool { .. } => {
                // As the pool's own socket tells it: whichever comes first ends the wait.
                let news = topochess_protocol::pool::PoolNews::Paired {
                    id: game.id,
                    side: game.side,
                };
                self.pool_action(crate::pools::PoolAction::Heard(news));
            }
            PairedIn::Arena { .. } => self.arena_action(crate::arenas::ArenaAction::Paired(game)),
            PairedIn::Seek => self.seek_taken(game),
        }
    }

    /// The player's seek (or a game sent by link) was taken while another game or screen was
    /// shown: its game is put on the board, and the player told why.
    fn seek_taken(&mut self, game: PairedGame) {
        let Some(id) = topochess_protocol::parse_id(&game.id) else {
            return;
        };
        let here = matches!(
            self.settings.opponent,
            crate::common::settings::Opponent::Live { id: shown, .. } if shown == id
        );
        if here {
            return;
        }
        let mut settings =
            self.paired_settings(&game.preset, id, game.side, game.rated, game.clock);
        if game.clock == (0, 0) {
            // A game without a clock (a correspondence game).
            settings.time = None;
        }
        self.reduce_in_place(Action::NewGame(settings, None));
        self.reduce_in_place(Action::Go(crate::app::state::Screen::Play));
        self.notice = Some("Your seek was taken: your game has begun.".into());
    }
}

/// Keeps the player's channel open while there is a player to tell: signed in, or waiting in
/// a pool; what it is told comes in as actions.
#[hook]
pub fn use_player_channel(state: &UseReducerHandle<AppState>) {
    let wanted = crate::common::http::server_here() && (state.me.is_some() || state.pool.is_some());
    let dispatch = state.dispatcher();
    let line = Line {
        hello: Callback::from(|()| {
            let hello = topochess_protocol::Hello {
                secret: Some(crate::common::secret::browser_secret()),
                have: None,
                side: None,
            };
            Some(serde_json::to_string(&hello).expect("a hello is JSON"))
        }),
        heard: Callback::from(move |text: String| {
            match serde_json::from_str::<PlayerNews>(&text) {
                Ok(PlayerNews::Paired(game)) => dispatch.dispatch(Action::Paired(game)),
                Ok(PlayerNews::Challenge { id, status }) => {
                    dispatch.dispatch(Action::ChallengeNews(id, status))
                }
                _ => {}
            }
            Flow::Go
        }),
        connected: Callback::noop(),
    };
    use_socket(wanted.then(|| "api/player/socket".into()), line, Vec::new());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::state::Screen;
    use crate::common::settings::Opponent;
    use std::rc::Rc;
    use topochess_core::Color;

    fn told(from: PairedIn) -> Action {
        Action::Paired(PairedGame {
            id: topochess_protocol::id_text(0xbeef),
            side: Color::Black,
            preset: "torus".into(),
            clock: (180, 2),
            rated: false,
            from,
        })
    }

    fn live_id(s: &AppState) -> Option<(u64, Option<Color>)> {
        match s.settings.opponent {
            Opponent::Live { id, me, .. } => Some((id, me)),
            _ => None,
        }
    }

    #[test]
    fn a_seek_taken_puts_its_game_on_the_board_from_any_screen_once() {
        let s = Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Puzzles));
        let s = s.reduce(told(PairedIn::Seek));
        assert_eq!(live_id(&s), Some((0xbeef, Some(Color::Black))));
        assert_eq!(
            (s.screen, s.settings.variant.as_str()),
            (Screen::Play, "torus")
        );
        assert!(s.notice.as_deref().unwrap().contains("seek was taken"));
        // Told again (another channel, a reconnect): the game on the board stays as it is.
        let again = s.clone().reduce(Action::SetScreen(Screen::Puzzles));
        let again = again.reduce(told(PairedIn::Seek));
        assert_eq!(again.screen, Screen::Puzzles, "no second opening");
    }

    #[test]
    fn a_pool_pairing_heard_on_the_channel_ends_only_a_wait_of_this_page() {
        // No wait here (another tab waits): nothing opens.
        let pool = || PairedIn::Pool {
            pool: "torus-3+2".into(),
        };
        let s = Rc::new(AppState::default()).reduce(told(pool()));
        assert_eq!(live_id(&s), None);
    }
}
