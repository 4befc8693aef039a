//! A live game's line (`crate::common::socket`): open while the app has a live game, its first
//! message the browser's secret and the game's version it has, so that after a drop the server
//! sends only what was missed; the outbox's messages for this game sent once each, in order. It
//! holds no logic: what the server says goes to `on_message`, the connection's state to
//! `on_connection`.

use std::cell::Cell;
use std::rc::Rc;
use topochess_protocol::{id_text, ClientMessage, ServerMessage};
use yew::prelude::*;

use crate::common::socket::{use_socket, Flow, Line};

/// The first message: this browser's secret, which proves its seat, the game's version it
/// has (0: none yet; the server then sends changes, not the whole game each time), and the
/// side its link asked for, if one did.
fn hello(have: u64, side: Option<topochess_core::Color>) -> String {
    let hello = topochess_protocol::Hello {
        secret: Some(super::browser_secret()),
        have: Some(have),
        side,
    };
    serde_json::to_string(&hello).expect("a hello is JSON")
}

/// Keeps the socket of live game `id` (none: no socket) and sends the outbox's messages for it;
/// `side` is the side asked for at it, if any.
#[hook]
pub fn use_live_socket(
    id: Option<u64>,
    side: Option<topochess_core::Color>,
    outbox: &[(u64, u64, ClientMessage)],
    on_message: Callback<ServerMessage>,
    on_connection: Callback<bool>,
) {
    // The game's version as last heard, said again on reopening; a new game starts at none.
    let have = use_memo(id, |_| Rc::new(Cell::new(0u64)));
    let line = {
        let (said, heard) = ((*have).clone(), (*have).clone());
        Line {
            hello: Callback::from(move |()| Some(hello(said.get(), side))),
            heard: Callback::from(move |text: String| {
                if let Some(m) = ServerMessage::from_json(&text) {
                    match &m {
                        ServerMessage::State(s) => heard.set(s.v),
                        ServerMessage::Change(c) => heard.set(c.v),
                        _ => {}
                    }
                    on_message.emit(m);
                }
                Flow::Go
            }),
            connected: on_connection,
        }
    };
    let mine: Vec<(u64, String)> = outbox
        .iter()
        .filter(|(_, game, _)| Some(*game) == id)
        .map(|(n, _, m)| (*n, serde_json::to_string(m).expect("a message is JSON")))
        .collect();
    let path = id.map(|id| format!("api/games/{}/socket", id_text(id)));
    use_socket(path, line, mine);
}
