//! The game screen's live-game rows: the server's connection, the link to send while the other
//! seat is empty, watching, and abort before both sides have moved.

use crate::app::action::Action;
use crate::app::state::AppState;
use crate::common::settings::Opponent;
use topochess_protocol::{id_text, Created, NewGame, Side};
use yew::prelude::*;

/// The rows of a live game (nothing for other games).
pub fn live_panel(state: &UseReducerHandle<AppState>) -> Html {
    let Opponent::Live { me, id } = state.settings.opponent else {
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
    let can_abort = me.is_some() && !over && heard.is_some_and(|h| h.moves.len() < 2);
    let copy = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&link);
            }
        })
    };
    let abort = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::LiveAbort))
    };
    html! {
        <div class="live-panel" id="live-panel">
            if let Some(status) = status {
                <p class="live-status" id="live-status" role="status">{status}</p>
            }
            if other_missing {
                <p>{"Send this link to your friend: the game starts when they open it."}</p>
                <input id="live-link" readonly=true value={link} aria-label="Link to send" />
                <div class="row"><button id="live-copy" onclick={copy}>{"Copy link"}</button></div>
            }
            if me.is_none() {
                <p class="muted" id="live-watching">{"You are watching this game."}</p>
            }
            if can_abort {
                <div class="row"><button class="secondary" id="live-abort" onclick={abort}>{"Abort"}</button></div>
            }
        </div>
    }
}

/// Creates the live game a new-game form asked for, then starts it here; says why when the site
/// has no game server.
pub fn create_live_game(
    state: &UseReducerHandle<AppState>,
    settings: crate::common::settings::Settings,
) {
    let Opponent::Live { me, .. } = settings.opponent else {
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
    };
    let state = state.clone();
    wasm_bindgen_futures::spawn_local(async move {
        match crate::live::create(&new).await {
            Ok(Created { id, side }) => {
                let Some(id) = topochess_protocol::parse_id(&id) else {
                    return;
                };
                let settings = crate::common::settings::Settings {
                    opponent: Opponent::Live { me: Some(side), id },
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
