//! The app and the quick-pairing pools: a wait pressed or left, the server's news of it (the
//! paired game put on the board as a live game, on both pages at once), and the computer game
//! offered meanwhile, the place in the pool kept.

use crate::app::action::Action;
use crate::app::state::AppState;
use crate::common::settings::{Opponent, Settings};
use crate::pools::{reduce, PoolAction, PoolOutcome};
use topochess_core::Color;

impl AppState {
    /// The wait after `action`; a paired game goes on the board.
    pub(crate) fn pool_action(&mut self, action: PoolAction) {
        let now = crate::common::clock::now();
        match reduce(&mut self.pool, action, now) {
            None => {}
            Some(PoolOutcome::Ended(message)) => self.notice = Some(message),
            Some(PoolOutcome::Paired {
                id,
                side,
                pool,
                rated,
            }) => {
                let from_computer = matches!(self.settings.opponent, Opponent::Computer { .. })
                    && self.play.game.outcome().is_none()
                    && !self.play.game.moves().is_empty();
                let settings = self.paired_settings(pool.variant, id, side, rated, pool.clock());
                self.reduce_in_place(Action::NewGame(settings, None));
                if from_computer {
                    self.notice = Some(
                        "Your opponent is here. The game against the computer is kept in the \
                         library."
                            .into(),
                    );
                }
            }
        }
    }

    /// A casual game against the computer at `level` on the waited pool's board, without a
    /// clock, while the place in the pool is kept.
    pub(crate) fn pool_computer(&mut self, level: u8) {
        let Some(pool) = self
            .pool
            .as_ref()
            .and_then(|w| topochess_protocol::pool::Pool::of(&w.pool))
        else {
            return;
        };
        let settings = Settings {
            variant: pool.variant.to_string(),
            castling: String::new(),
            opponent: Opponent::Computer {
                computer: Color::Black,
                level,
            },
            time: None,
            ..self.settings.clone()
        };
        self.reduce_in_place(Action::NewGame(settings, None));
    }
}

/// The wait's bar, on every screen while this browser waits in a pool.
pub fn pool_bar(state: &yew::UseReducerHandle<AppState>) -> yew::Html {
    use yew::prelude::*;
    let Some(wait) = state.pool.clone() else {
        return html! {};
    };
    let on_pool = {
        let dispatch = state.dispatcher();
        Callback::from(move |a| dispatch.dispatch(Action::Pool(a)))
    };
    let on_computer = {
        let dispatch = state.dispatcher();
        Callback::from(move |level| dispatch.dispatch(Action::PoolComputer(level)))
    };
    let playing_computer = matches!(state.settings.opponent, Opponent::Computer { .. })
        && state.play.game.outcome().is_none();
    html! {
        <crate::pools::view::PoolBar wait={wait} now={crate::common::clock::now()}
            playing_computer={playing_computer} on_pool={on_pool} on_computer={on_computer} />
    }
}
