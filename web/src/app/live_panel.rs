//! The game screen's live-game rows: the server's connection, the link to send while the other
//! seat is empty, watching, and abort before both sides have moved.

use crate::app::action::Action;
use crate::app::header::side_name;
use crate::app::state::AppState;
use crate::common::settings::Opponent;
use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::{id_text, ClientMessage, Created, NewGame, Side, CLAIM_AFTER_MS};
use yew::prelude::*;

/// The rows of a live game (nothing for other games).
pub fn live_panel(state: &UseReducerHandle<AppState>) -> Html {
    let Opponent::Live { me, id, public, .. } = state.settings.opponent else {
        return html! {};
    };
    let heard = state.live.heard.as_deref();
    let status = match (state.live.connected, heard) {
        (true, _) => None,
        (false, None) => Some("Connecting to the game server…"),
        (false, Some(_)) => Some("The connection to the game server was lost: reconnecting…"),
    };
    let link = format!("{}#/live/{}", crate::live::site_base(), id_text(id));
    let other_missing = heard.is_some_and(|h| me.is_some_and(|me| !h.seated[(!me).index()]));
    let over = heard.is_some_and(|h| h.outcome.is_some() || h.aborted);
    let plies = heard.map_or(0, |h| h.moves.len());
    let arena = heard.is_some_and(|h| h.arena.is_some());
    let send = |message: ClientMessage| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::LiveSend(message.clone())))
    };
    // The QR code is drawn by the game server (the site's module carries no QR encoder).
    let qr = format!(
        "{}api/qr?text={}",
        crate::live::site_base(),
        percent_encoding::utf8_percent_encode(&link, percent_encoding::NON_ALPHANUMERIC)
    );
    // The share sheet, where the browser has one (phones mostly).
    let can_share = web_sys::window()
        .is_some_and(|w| js_sys::Reflect::has(&w.navigator(), &"share".into()).unwrap_or(false));
    let share = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
                return;
            };
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"title".into(), &"Topochess: play me live".into());
            let _ = js_sys::Reflect::set(&data, &"url".into(), &link.clone().into());
            if let Ok(f) = js_sys::Reflect::get(&nav, &"share".into()) {
                if let Ok(f) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f) {
                    let _ = f.call1(&nav, &data);
                }
            }
        })
    };
    // Copied, said (or, where the browser refuses, what to do instead).
    let copy = {
        let (link, state) = (link.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else {
                return;
            };
            let written = w.navigator().clipboard().write_text(&link);
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let said = match wasm_bindgen_futures::JsFuture::from(written).await {
                    Ok(_) => "The link is copied: send it to your opponent.",
                    Err(_) => "The browser would not copy: select the link and copy it.",
                };
                state.dispatch(Action::Notice(Some(said.into())));
            });
        })
    };
    let player = |f: &dyn Fn(Color, &topochess_protocol::GameState) -> Html| -> Html {
        match (me, heard) {
            (Some(me), Some(h)) => f(me, h),
            _ => html! {},
        }
    };
    // Take-backs: asked by one, answered by the other.
    let takeback = player(&|me, h| match h.takeback_offer {
        _ if over || h.arena.is_some() => html! {},
        // Answered by the clocks ([`live_asks`]).
        Some(by) if by != me => html! {},
        Some(_) => {
            html! { <p class="muted" id="live-takeback-asked">{"Take-back asked: waiting for your opponent."}</p> }
        }
        None => {
            let moved = (0..h.moves.len()).any(|ply| (ply % 2 == 0) == (me == Color::White));
            html! {
                <div class="row"><button class="secondary" id="live-takeback" disabled={!moved} onclick={send(ClientMessage::Takeback)}>{"Ask to take back"}</button></div>
            }
        }
    });
    html! {
        <div class="live-panel" id="live-panel">
            if let Some(status) = status {
                <p class="live-status" id="live-status" role="status">{status}</p>
            }
            if other_missing && !over {
                <p id="live-waiting">{ if public {
                    "Waiting for an opponent from the lobby; or send this link: the game starts when it is opened."
                } else {
                    "Send this link to your friend: the game starts when they open it."
                } }</p>
                <input id="live-link" readonly=true value={link.clone()} aria-label="Link to send" />
                <div class="row">
                    <button id="live-copy" onclick={copy}>{"Copy link"}</button>
                    if can_share {
                        <button id="live-share" onclick={share}>{"Share"}</button>
                    }
                </div>
                <img class="live-qr" id="live-qr" src={qr} alt="The link as a QR code, to open on a phone" width="160" height="160" />
            }
            if me.is_none() {
                <p class="muted" id="live-watching">{"You are watching this game."}</p>
            }
            { arena_rows(state, me, heard, over) }
            if me.is_some() && !over && heard.is_some() && plies < 2 && !arena {
                <div class="row"><button class="secondary" id="live-abort" onclick={send(ClientMessage::Abort)}>
                    { if other_missing && public { "Cancel the seek" } else { "Abort" } }
                </button></div>
            }
            { takeback }
        </div>
    }
}

/// An arena game's rows: the way back to the tournament, Berserk before the player's first
/// move, and who went berserk.
fn arena_rows(
    state: &UseReducerHandle<AppState>,
    me: Option<Color>,
    heard: Option<&topochess_protocol::GameState>,
    over: bool,
) -> Html {
    let Some((h, arena)) = heard.and_then(|h| Some((h, h.arena.clone()?))) else {
        return html! {};
    };
    let moved =
        |side: Color| (0..h.moves.len()).any(|ply| (ply % 2 == 0) == (side == Color::White));
    let may_berserk =
        me.is_some_and(|me| !over && !moved(me) && !h.berserk[me.index()] && h.clock.is_some());
    let berserk = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::LiveSend(ClientMessage::Berserk))
        })
    };
    let went: Vec<&str> = [Color::White, Color::Black]
        .into_iter()
        .filter(|c| h.berserk[c.index()])
        .map(|c| if c == Color::White { "White" } else { "Black" })
        .collect();
    html! {
        <div class="arena-rows" id="live-arena">
            <p><a href={format!("#/tournament/{arena}")} id="live-arena-link">
                { if over { "Back to the tournament" } else { "An arena game: the tournament" } }</a></p>
            if may_berserk {
                <div class="row"><button class="secondary" id="live-berserk" onclick={berserk}
                    title="Half your time, no increment, and a point more for a win in a game of at least 14 plies (7 moves each)">{"Berserk"}</button></div>
            }
            if !went.is_empty() {
                <p class="arena-berserked" id="live-berserked">{format!("\u{26a1} Berserk: {}", went.join(" and "))}</p>
            }
        </div>
    }
}

/// What the other player asks, and what follows the end, shown by the clocks where the player
/// looks (on a phone, above the board): a take-back to answer, the rematch, the opponent gone.
pub fn live_asks(state: &UseReducerHandle<AppState>) -> Html {
    let (Opponent::Live { me, .. }, Some(h)) =
        (state.settings.opponent, state.live.heard.as_deref())
    else {
        return html! {};
    };
    let over = h.outcome.is_some() || h.aborted;
    let send = |message: ClientMessage| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::LiveSend(message.clone())))
    };
    let takeback = match (me, h.takeback_offer) {
        (Some(me), Some(by)) if by != me && !over => html! {
            <div class="row confirm" id="live-takeback-offer">
                <span>{"Your opponent asks to take back a move."}</span>
                <button id="live-takeback-accept" onclick={send(ClientMessage::Takeback)}>{"Accept"}</button>
                <button class="secondary" id="live-takeback-decline" onclick={send(ClientMessage::DeclineTakeback)}>{"Decline"}</button>
            </div>
        },
        _ => html! {},
    };
    // A rematch, colours swapped, once both ask.
    let rematch = match me {
        // An arena pairs the next game itself.
        Some(me) if over && !h.aborted && h.arena.is_none() => {
            let (mine, theirs) = (h.rematch[me.index()], h.rematch[(!me).index()]);
            html! {
                <div class="row">
                    if theirs && !mine {
                        <span id="live-rematch-offer">{"Your opponent wants a rematch."}</span>
                    }
                    <button id="live-rematch" disabled={mine} onclick={send(ClientMessage::Rematch)}>
                        { if mine { "Rematch asked" } else { "Rematch" } }
                    </button>
                </div>
            }
        }
        _ => html! {},
    };
    // A player gone: said (to a spectator too), and after a while the other may claim the win.
    let now = crate::common::clock::now();
    let gone = |side: Color| match state.live.gone_for(side, now) {
        Some(ms) if !over && h.moves.len() >= 2 => {
            let claimable = ms >= CLAIM_AFTER_MS as f64;
            let wait = ((CLAIM_AFTER_MS as f64 - ms) / 1000.0).ceil() as i64;
            let who = if side == Color::White {
                "White"
            } else {
                "Black"
            };
            html! {
                <div class="row live-gone" id={if me.is_some() { "live-gone" } else { "live-gone-watched" }}>
                    if me.is_some() {
                        <span>{"Your opponent left the game."}</span>
                        if claimable {
                            <button id="live-claim" onclick={send(ClientMessage::ClaimVictory)}>{"Claim victory"}</button>
                        } else {
                            <span class="muted">{format!("You may claim the win in {wait} s.")}</span>
                        }
                    } else {
                        <span>{format!("{who} left the game.")}</span>
                    }
                </div>
            }
        }
        _ => html! {},
    };
    let gone = match me {
        Some(me) => gone(!me),
        None => html! { <>{ gone(Color::White) }{ gone(Color::Black) }</> },
    };
    html! {
        <>
            { first_move(me, h, state.live.first_move_left(now)) }
            { takeback }
            { rematch }
            { gone }
        </>
    }
}

/// A tournament game before both sides moved: the count to the side to move's first move, past
/// which it loses; once lost so, the loser is told that the arena paused them, and how to come
/// back.
fn first_move(me: Option<Color>, h: &topochess_protocol::GameState, left: Option<f64>) -> Html {
    let turn = if h.moves.len().is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    if let (Some(left), None) = (left, h.outcome) {
        let seconds = (left / 1000.0).ceil().max(0.0) as u64;
        let text = if me == Some(turn) {
            format!("Make your first move: {seconds} s left, or you lose this game.")
        } else {
            format!("{} has {seconds} s to make a first move.", side_name(turn))
        };
        return html! {
            <div class={classes!("row", "first-move", (me == Some(turn) && seconds <= 10).then_some("low"))}
                id="live-first-move" role="timer" aria-live="off">{text}</div>
        };
    }
    match (h.outcome, me, h.arena.as_deref()) {
        (Some(Outcome::NoStart { winner }), Some(me), Some(arena)) if winner != me => html! {
            <div class="row notice" id="live-no-start" role="status">
                {"You did not make your first move in time, so this game is lost and the tournament paused you. "}
                <a href={format!("#/tournament/{arena}")}>{"Come back on its page"}</a>
                {" to be paired again."}
            </div>
        },
        _ => html! {},
    }
}

/// Creates the live game a new-game form asked for, then starts it here; says why when the site
/// has no game server.
pub fn create_live_game(
    state: &UseReducerHandle<AppState>,
    settings: crate::common::settings::Settings,
) {
    let Opponent::Live {
        me, public, rated, ..
    } = settings.opponent
    else {
        return;
    };
    let new = NewGame {
        variant: settings.variant.clone(),
        castling: settings.castling.clone(),
        base_secs: settings.time.map(|t| t.base_secs),
        increment_secs: settings.time.map_or(0, |t| t.inc_secs),
        side: match me {
            Some(topochess_core::Color::Black) => Side::Black,
            Some(_) => Side::White,
            None => Side::Random,
        },
        secret: crate::live::browser_secret(),
        public,
        rated,
    };
    let state = state.clone();
    wasm_bindgen_futures::spawn_local(async move {
        match crate::live::create(&new).await {
            Ok(Created { id, side }) => {
                let Some(id) = topochess_protocol::parse_id(&id) else {
                    return;
                };
                let settings = crate::common::settings::Settings {
                    opponent: Opponent::Live {
                        me: Some(side),
                        id,
                        public,
                        rated,
                    },
                    flipped: side == topochess_core::Color::Black,
                    ..settings
                };
                state.dispatch(Action::NewGame(settings, None));
            }
            Err(why) => {
                state.dispatch(Action::ShowNewGame(false));
                state.dispatch(Action::Notice(Some(format!(
                    "No live game: {why}. Play a friend by correspondence instead (New game, \
                     \"by correspondence\"): each move travels as a link."
                ))));
            }
        }
    });
}
