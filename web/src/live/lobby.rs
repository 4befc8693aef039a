//! The lobby as the game server pushes it: an `EventSource` on `api/lobby/events`, which sends
//! the lobby when followed and again each time it changes. The browser reconnects by itself
//! after a drop; a refusal (too many connections) closes the feed, and it is opened again later.

use topochess_protocol::Lobby;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use web_sys::{EventSource, MessageEvent};
use yew::Callback;

/// The lobby followed while this lives.
pub struct LobbyFeed {
    source: EventSource,
    _message: Closure<dyn FnMut(MessageEvent)>,
    _error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for LobbyFeed {
    fn drop(&mut self) {
        self.source.set_onmessage(None);
        self.source.set_onerror(None);
        self.source.close();
    }
}

/// Follows the lobby: each lobby pushed goes to `on_lobby`; `on_closed` hears that the server
/// closed the feed for good (the browser does not reconnect then). `None` where the site has no
/// game server.
pub fn follow(on_lobby: Callback<Lobby>, on_closed: Callback<()>) -> Option<LobbyFeed> {
    if !super::server_here() {
        return None;
    }
    let source = EventSource::new(&format!("{}api/lobby/events", super::site_base())).ok()?;
    let message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let lobby = e
            .data()
            .as_string()
            .and_then(|t| serde_json::from_str(&t).ok());
        if let Some(lobby) = lobby {
            on_lobby.emit(lobby);
        }
    });
    let watched = source.clone();
    let error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        if watched.ready_state() == EventSource::CLOSED {
            on_closed.emit(());
        }
    });
    source.set_onmessage(Some(message.as_ref().unchecked_ref()));
    source.set_onerror(Some(error.as_ref().unchecked_ref()));
    Some(LobbyFeed {
        source,
        _message: message,
        _error: error,
    })
}
