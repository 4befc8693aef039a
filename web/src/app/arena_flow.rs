//! The app and the arena tournaments: the arena followed (its page, or the one the player plays
//! in, on every screen), its standings heard, and the player's new game put on the board at once,
//! as on lichess, wherever the player is.

use crate::app::action::Action;
use crate::app::state::AppState;
use crate::arenas::{ArenaAction, NewArenaGame};
use crate::common::settings::Opponent;

impl AppState {
    /// The arena followed after `action`; a new game of the player's goes on the board.
    pub(crate) fn arena_action(&mut self, action: ArenaAction) {
        let me = self.me.clone();
        if let Some(game) = self.arena.reduce(action, me.as_deref()) {
            self.open_arena_game(game);
        }
    }

    /// A live game of the player's in an arena (a reload, a link): that arena is followed, so
    /// that the next game comes when this one ends. The standings say soon whether the player
    /// still plays there.
    pub(crate) fn arena_of_live(&mut self, state: &topochess_protocol::GameState) {
        let arena = state
            .arena
            .as_deref()
            .and_then(topochess_protocol::parse_id);
        if let (Some(arena), Some(_), None) = (arena, state.you, self.arena.playing) {
            self.arena.playing = Some(arena);
            self.arena.opened.push(state.id.clone());
        }
    }

    /// Puts the player's arena game on the board as a live game.
    fn open_arena_game(&mut self, game: NewArenaGame) {
        let NewArenaGame {
            id,
            side,
            variant,
            clock,
            rated,
        } = game;
        let already = matches!(self.settings.opponent, Opponent::Live { id: i, .. } if i == id);
        if already {
            return;
        }
        let settings = self.paired_settings(&variant, id, side, rated, clock);
        self.reduce_in_place(Action::NewGame(settings, None));
    }
}

/// Follows the arena of `state` (its socket), and its standings come in as actions.
#[yew::hook]
pub fn use_arena(state: &yew::UseReducerHandle<AppState>) {
    use yew::prelude::*;
    let dispatch = state.dispatcher();
    let on_view = Callback::from(move |view| {
        let now = crate::common::clock::now();
        dispatch.dispatch(Action::Arena(ArenaAction::Heard(Box::new(view), now)))
    });
    crate::arenas::socket::use_arena_socket(state.arena.followed(), on_view);
}
