//! The player's own channel (`/api/player/socket`, `crate::common::socket`): open while the
//! player is signed in or waits in a pool, so that a game paired for them (in a pool or an
//! arena) reaches whichever screen they are on, told by the server to the player and not found
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
        }
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
            };
            Some(serde_json::to_string(&hello).expect("a hello is JSON"))
        }),
        heard: Callback::from(move |text: String| {
            if let Ok(PlayerNews::Paired(game)) = serde_json::from_str::<PlayerNews>(&text) {
                dispatch.dispatch(Action::Paired(game));
            }
            Flow::Go
        }),
        connected: Callback::noop(),
    };
    use_socket(wanted.then(|| "api/player/socket".into()), line, Vec::new());
}
