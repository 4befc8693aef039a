//! Topochess TV (`#/tv`, `#/tv/<preset>`): the best game being played now (`tv_channel`),
//! watched on the board, and the next one once it ends. The games come from the lobby's feed,
//! followed while TV is on; a game that ends stays on the board a few seconds, its result shown,
//! before the next.

use crate::app::action::Action;
use crate::app::state::AppState;
use crate::app::tv_channel::{best, ENDED_SHOWN_MS};
use topochess_protocol::Lobby;
use yew::prelude::*;

impl AppState {
    /// The games being played, heard while TV is on.
    pub(crate) fn tv_heard(&mut self, lobby: Lobby) {
        if let Some(tv) = self.tv.as_mut() {
            tv.playing = lobby.playing;
        }
        self.tv_settle();
    }

    /// Puts on the board the game TV shows now: the one on the board while it goes on (and a
    /// few seconds after it ends), then the best of the others.
    pub(crate) fn tv_settle(&mut self) {
        let now = crate::common::clock::now();
        let current = self.socket_game();
        let over = self
            .live
            .heard
            .as_ref()
            .filter(|h| current.is_some() && topochess_protocol::parse_id(&h.id) == current)
            .is_some_and(|h| h.outcome.is_some() || h.aborted);
        let Some(tv) = self.tv.as_mut() else {
            return;
        };
        let listed = |id: u64, anywhere: bool| {
            tv.playing.iter().any(|g| {
                topochess_protocol::parse_id(&g.id) == Some(id)
                    && (anywhere || tv.channel.as_ref().is_none_or(|c| *c == g.variant))
            })
        };
        // Over, or gone from the games being played (the lobby may say so before the game's
        // own socket does): shown a few seconds more.
        let ended = current.is_some_and(|id| over || !listed(id, true));
        if !ended {
            tv.ended_at = None;
        } else if tv.ended_at.is_none() {
            tv.ended_at = Some(now);
        }
        let stay = match current {
            Some(_) if ended => tv.ended_at.is_some_and(|t| now - t < ENDED_SHOWN_MS),
            // Another channel's game goes at once.
            Some(id) => listed(id, false),
            None => false,
        };
        if stay {
            return;
        }
        let next = best(&tv.playing, tv.channel.as_deref(), current);
        if let Some(next) = next {
            tv.ended_at = None;
            self.live.joining = Some(next);
            self.tv_watched = Some(next);
        }
    }
}

/// Follows the lobby while TV is on, and counts the seconds an ended game stays.
#[hook]
pub fn use_tv(state: &UseReducerHandle<AppState>) {
    let dispatch = state.dispatcher();
    use_effect_with(state.tv.is_some(), move |on| {
        let feed = on.then(|| {
            let d = dispatch.clone();
            let on_lobby = Callback::from(move |l: Lobby| d.dispatch(Action::TvLobby(Box::new(l))));
            crate::live::lobby::follow(on_lobby, Callback::noop())
        });
        let tick = on.then(|| {
            gloo_timers::callback::Interval::new(1000, move || dispatch.dispatch(Action::Tick))
        });
        move || {
            drop(feed);
            drop(tick);
        }
    });
}

/// Whether TV is on with no game of its own on the board yet: nothing is shown but the channel
/// and a word (TV only ever watches; the board of the game played before is not TV's).
pub fn tv_idle(state: &AppState) -> bool {
    state.tv.is_some()
        && !matches!(
            state.settings.opponent,
            crate::common::settings::Opponent::Live { me: None, .. }
        )
}

/// TV's screen while nothing is on: tuning in to a game, or an empty channel, with the games
/// on the others and the ways to play.
pub fn tv_empty(state: &AppState) -> Html {
    let Some(tv) = state.tv.as_ref() else {
        return html! {};
    };
    let tuning = state.live.joining.is_some();
    let elsewhere = tv.channel.is_some() && !tv.playing.is_empty();
    let all = crate::app::address::Address::Tv(None).fragment();
    html! {
        <main class="tv-empty" id="tv-empty">
            <section class="empty-state">
                if tuning {
                    <p role="status">{"Tuning in to the game…"}</p>
                } else {
                    <h2>{"Nothing on this channel right now"}</h2>
                    <p class="muted">{"TV shows the best game being played on Topochess, and the next as soon as one starts."}</p>
                    if elsewhere {
                        <p><a href={all} id="tv-all">{match tv.playing.len() {
                            1 => "A game is being played on another channel: watch it".to_string(),
                            n => format!("{n} games are being played on other channels: watch them"),
                        }}</a></p>
                    }
                    <p class="row">
                        <a class="button" href="#/" id="tv-play">{"Play a game yourself"}</a>
                        <a class="button secondary" href="#/tournaments" id="tv-tournaments">{"Tournaments"}</a>
                    </p>
                }
            </section>
        </main>
    }
}

/// The TV's strip above the board: the channels, and what is on.
pub fn tv_strip(state: &UseReducerHandle<AppState>) -> Html {
    let Some(tv) = state.tv.as_ref() else {
        return html! {};
    };
    let channel = |id: Option<&str>, name: &str| {
        let on = tv.channel.as_deref() == id;
        let href = crate::app::address::Address::Tv(id.map(String::from)).fragment();
        html! { <a class={classes!("tv-channel", on.then_some("on"))} href={href}
        aria-current={on.then_some("page")}>{name.to_string()}</a> }
    };
    let on_air = tv
        .playing
        .iter()
        .any(|g| tv.channel.as_ref().is_none_or(|c| *c == g.variant));
    html! {
        <nav class="tv-strip" id="tv" aria-label="Topochess TV channels">
            <strong>{"TV"}</strong>
            { channel(None, "All") }
            { for topochess_protocol::pool::POOL_PRESETS.iter().map(|&p| channel(Some(p), crate::pools::preset_name(p))) }
            if !on_air {
                <span class="muted" id="tv-nothing">{"No game is being played on this channel now: TV shows the next as soon as one starts."}</span>
            }
        </nav>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::tv_channel::Tv;
    use crate::common::clock::set_test_time;
    use topochess_protocol::{id_text, LobbyGame};

    fn game(id: u64, variant: &str) -> LobbyGame {
        LobbyGame {
            id: id_text(id),
            variant: variant.into(),
            clock: Some((60, 0)),
            open_side: None,
            moves: 2,
            rated: false,
            players: [None, None],
        }
    }

    fn lobby(games: &[LobbyGame]) -> Action {
        Action::TvLobby(Box::new(Lobby {
            playing: games.to_vec(),
            ..Lobby::default()
        }))
    }

    fn on(channel: Option<&str>) -> std::rc::Rc<AppState> {
        std::rc::Rc::new(AppState {
            tv: Some(Tv {
                channel: channel.map(String::from),
                ..Tv::default()
            }),
            ..AppState::default()
        })
    }

    #[test]
    fn tv_keeps_its_game_while_it_is_played_and_shows_it_a_while_after() {
        set_test_time(1_000.0);
        let s = on(None).reduce(lobby(&[game(1, "folded")]));
        assert_eq!(s.socket_game(), Some(1), "the one game played");
        // A newer game: TV stays with its game while it goes on.
        let s = s.reduce(lobby(&[game(2, "cylinder"), game(1, "folded")]));
        assert_eq!(s.socket_game(), Some(1));
        // The game leaves the list (ended): shown a few seconds more, then the next.
        let s = s.reduce(lobby(&[game(2, "cylinder")]));
        assert_eq!(s.socket_game(), Some(1), "the ended game stays");
        set_test_time(1_000.0 + ENDED_SHOWN_MS - 1.0);
        let s = s.reduce(Action::Tick);
        assert_eq!(s.socket_game(), Some(1));
        set_test_time(1_000.0 + ENDED_SHOWN_MS);
        let s = s.reduce(Action::Tick);
        assert_eq!(s.socket_game(), Some(2), "then the next");
    }

    #[test]
    fn a_channel_shows_its_preset_only_and_a_game_of_another_goes_at_once() {
        set_test_time(5_000.0);
        let s = on(Some("cylinder")).reduce(lobby(&[game(1, "folded")]));
        assert_eq!(s.socket_game(), None, "nothing on this channel");
        let s = s.reduce(lobby(&[game(2, "cylinder"), game(1, "folded")]));
        assert_eq!(s.socket_game(), Some(2));
        let s = on(None).reduce(lobby(&[game(1, "folded"), game(2, "cylinder")]));
        assert_eq!(s.socket_game(), Some(1));
        let s = s.reduce(Action::Open(crate::app::address::Address::Tv(Some(
            "cylinder".into(),
        ))));
        let s = s.reduce(lobby(&[game(1, "folded"), game(2, "cylinder")]));
        assert_eq!(s.socket_game(), Some(2), "the channel's game, at once");
        // A game of the player's own ends TV.
        let s = s.reduce(Action::NewGame(Default::default(), None));
        assert_eq!(s.tv, None);
    }
}
