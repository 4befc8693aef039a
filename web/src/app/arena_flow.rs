//! The app and the arena tournaments: the arena followed (its page, or the one the player plays
//! in, on every screen), its standings heard, and the player's new game put on the board at once,
//! as on lichess, wherever the player is; the tournaments' list read while a screen shows it, an
//! address of no arena told so, and joins and withdrawals sent, each answer an action.

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

/// How often the tournaments' list is read again while `screen` shows it (ms): every 10 s on
/// the list's own page, every 30 s on the front page; none elsewhere.
pub fn list_every(screen: crate::app::screen::Screen) -> Option<u32> {
    use crate::app::screen::Screen;
    match screen {
        Screen::Tournaments => Some(10_000),
        Screen::Home => Some(30_000),
        _ => None,
    }
}

/// Reads the tournaments' list while a screen shows it, and tells the app whether the arena
/// shown exists.
#[yew::hook]
pub fn use_arena_reads(state: &yew::UseReducerHandle<AppState>) {
    use crate::common::http::{json, refusal, request, server_here};
    use wasm_bindgen_futures::spawn_local;
    use yew::prelude::*;
    let dispatch = state.dispatcher();
    use_effect_with(list_every(state.screen), move |every| {
        let read = move || {
            let dispatch = dispatch.clone();
            spawn_local(async move {
                let list = json("GET", "api/tournaments", None).await;
                dispatch.dispatch(Action::Arena(ArenaAction::Listed(list)));
            });
        };
        let timer = every.filter(|_| server_here()).map(|every| {
            read();
            gloo_timers::callback::Interval::new(every, read)
        });
        move || drop(timer)
    });
    let dispatch = state.dispatcher();
    use_effect_with(state.arena.shown, move |shown| {
        if let Some(id) = *shown {
            let path = format!("api/tournaments/{}", topochess_protocol::id_text(id));
            spawn_local(async move {
                if let Ok((404, text)) = request("GET", &path, None).await {
                    let why = refusal(404, &text);
                    dispatch.dispatch(Action::Arena(ArenaAction::Missing(id, why)));
                }
            });
        }
    });
}

/// Sends the player's join or withdrawal at the arena shown; the answer comes back as an
/// action (the standings come on the arena's socket, before the answer).
pub fn act_on_arena(
    state: &yew::UseReducerHandle<AppState>,
    request: crate::arenas::view::ArenaRequest,
) {
    use crate::arenas::view::ArenaRequest;
    let (Some(id), false) = (state.arena.shown, state.arena.acting) else {
        return;
    };
    state.dispatch(Action::Arena(ArenaAction::Act));
    let (what, body) = match request {
        ArenaRequest::Join(code) => (
            "join",
            code.map(|code| serde_json::json!({ "code": code }).to_string()),
        ),
        ArenaRequest::Withdraw => ("withdraw", None),
    };
    let path = format!("api/tournaments/{}/{what}", topochess_protocol::id_text(id));
    let dispatch = state.dispatcher();
    wasm_bindgen_futures::spawn_local(async move {
        let answer = match crate::common::http::request("POST", &path, body).await {
            Ok((204, _)) => Ok(()),
            Ok((status, text)) => Err(crate::common::http::refusal(status, &text)),
            Err(why) => Err(why),
        };
        dispatch.dispatch(Action::Arena(ArenaAction::Answered(answer)));
    });
}
