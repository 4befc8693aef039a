//! The lobby on the front page: the quick-pairing pools (`crate::pools`) first, then games waiting for an opponent (Play takes the free seat) and
//! public games being played (Watch), as the game server pushes them. This browser's own seek is
//! marked as its own, waiting, with Open and Cancel. Nothing shows on a site without a server.

use crate::app::action::Action;
use crate::app::address::Address;
use topochess_protocol::{ClientMessage, Lobby, LobbyGame};
use yew::prelude::*;

/// A feed the server closed is opened again after this long (ms).
const REOPEN_AFTER_MS: u32 = 10_000;

/// Props of [`LobbyList`].
#[derive(Properties, Clone, PartialEq)]
pub struct LobbyProps {
    /// Where a chosen game goes.
    pub on_action: Callback<Action>,
    /// The live games this browser plays: its seeks among them are marked as its own.
    pub mine: Vec<u64>,
    /// The seek on this tab's board, which Cancel withdraws.
    pub on_board: Option<u64>,
    /// The pool this browser waits in.
    pub pool: Option<String>,
    /// Signed in: the pools pair rated games.
    pub signed_in: bool,
    /// The tournaments' list, as the app last read it.
    pub arenas: Option<std::rc::Rc<topochess_protocol::arena::ArenaList>>,
}

/// What a lobby row says of its game: the board, the clock, the moves played.
/// Who waits at a seek (or plays a game being played): named, rated and linked; and whether
/// it is rated.
fn seeker(g: &LobbyGame) -> Html {
    let named: Vec<Html> = g
        .players
        .iter()
        .flatten()
        .map(crate::account::view::player_link)
        .collect();
    html! {
        <>
            if !named.is_empty() {
                <span>{" \u{2014} "}{ for named }</span>
            }
            if g.rated {
                <span class="rated-mark">{" rated"}</span>
            }
        </>
    }
}

fn describe(g: &LobbyGame) -> String {
    let name = topochess_core::variant::preset(&g.variant)
        .map_or(g.variant.clone(), |p| p.name.to_string());
    let clock = g.clock.map_or("no clock".to_string(), |(b, i)| {
        crate::common::clock::TimeControl::new(b, i).label()
    });
    match g.moves {
        0 => format!("{name}, {clock}"),
        1 => format!("{name}, {clock}, 1 move"),
        n => format!("{name}, {clock}, {n} moves"),
    }
}

/// The lobby, followed while shown.
#[function_component(LobbyList)]
pub fn lobby_list(p: &LobbyProps) -> Html {
    let lobby = use_state(|| None::<Lobby>);
    // Counts the feeds opened: a feed the server closed is opened again by counting one more.
    let attempt = use_state(|| 0u32);
    {
        let (lobby, attempt_now) = (lobby.clone(), attempt.clone());
        use_effect_with(*attempt, move |_| {
            let on_lobby = Callback::from(move |l: Lobby| lobby.set(Some(l)));
            let reopen = std::rc::Rc::new(std::cell::RefCell::new(None));
            let on_closed = {
                let reopen = reopen.clone();
                Callback::from(move |()| {
                    let attempt = attempt_now.clone();
                    let later = gloo_timers::callback::Timeout::new(REOPEN_AFTER_MS, move || {
                        attempt.set(*attempt + 1)
                    });
                    *reopen.borrow_mut() = Some(later);
                })
            };
            let feed = crate::live::lobby::follow(on_lobby, on_closed);
            move || {
                drop(feed);
                drop(reopen.take());
            }
        });
    }
    let Some(lobby) = (*lobby).clone() else {
        return html! {};
    };
    let open = |id: &str| {
        let on_action = p.on_action.clone();
        let id = topochess_protocol::parse_id(id);
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = id {
                on_action.emit(Action::Open(Address::Live(id)));
            }
        })
    };
    let row = |g: &LobbyGame, label: &'static str, class: &'static str| {
        html! {
            <li data-game={g.id.clone()}><span>{describe(g)}</span>{ seeker(g) }
                <button class={classes!("secondary", class)} onclick={open(&g.id)}>{label}</button></li>
        }
    };
    let seek = |g: &LobbyGame| {
        let id = topochess_protocol::parse_id(&g.id);
        if !id.is_some_and(|id| p.mine.contains(&id)) {
            return row(g, "Play", "lobby-play");
        }
        let cancel = (id == p.on_board).then(|| {
            let on_action = p.on_action.clone();
            Callback::from(move |_: MouseEvent| {
                on_action.emit(Action::LiveSend(ClientMessage::Abort))
            })
        });
        html! {
            <li class="mine" data-game={g.id.clone()}>
                <span><strong>{"Your seek: "}</strong>{describe(g)}{", waiting for an opponent"}</span>
                <button class="secondary lobby-open" onclick={open(&g.id)}>{"Open"}</button>
                if let Some(cancel) = cancel {
                    <button class="secondary lobby-cancel" onclick={cancel}>{"Cancel"}</button>
                }
            </li>
        }
    };
    let on_pool = {
        let on_action = p.on_action.clone();
        Callback::from(move |a| on_action.emit(Action::Pool(a)))
    };
    html! {
        <>
        <crate::pools::view::PoolGrid counts={lobby.pools.clone()} waiting={p.pool.clone()}
            signed_in={p.signed_in} on_pool={on_pool} />
        <crate::arenas::view::ArenasSoon list={p.arenas.clone()} />
        <section class="home-lobby" id="lobby" aria-label="Lobby">
            <h3>{"Lobby"}</h3>
            if lobby.seeks.is_empty() && lobby.playing.is_empty() {
                <p class="muted" id="lobby-empty">{"No open games now. Start one: New game, \"Anyone, live, from the lobby\"."}</p>
            }
            if !lobby.seeks.is_empty() {
                <ul id="lobby-seeks" aria-live="polite">{ for lobby.seeks.iter().map(seek) }</ul>
            }
            if !lobby.playing.is_empty() {
                <p class="muted">{"Being played: "}<a href="#/tv" id="lobby-tv">{"watch the best on Topochess TV"}</a></p>
                <ul id="lobby-playing">{ for lobby.playing.iter().map(|g| row(g, "Watch", "lobby-watch")) }</ul>
            }
        </section>
        </>
    }
}
