//! The WebSocket of a live game: open while the app has a live game, reopened after a drop
//! (after 1, 2, 4 ... up to 10 s), each message of the outbox sent once, in order, when the
//! socket is open. It holds no logic: what the server says goes to `on_message`, the
//! connection's state to `on_connection`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use topochess_protocol::{id_text, ClientMessage, ServerMessage};
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

use crate::common::redial::{Handler, Redial};

/// The connection of one game.
struct Connection {
    /// The game.
    id: u64,
    url: String,
    on_message: Callback<ServerMessage>,
    on_connection: Callback<bool>,
    /// The last message number sent.
    sent: Cell<u64>,
    /// The game's version as last heard through this connection: said again on reconnecting,
    /// so that the server sends only what was missed.
    have: Cell<u64>,
    /// The outbox as last handed over.
    outbox: RefCell<Vec<(u64, u64, ClientMessage)>>,
    /// The socket, opened again after a drop until the game is left.
    dial: Redial,
}

impl Connection {
    /// Sends what is in the outbox past the last sent, if the socket is open.
    fn flush(&self) {
        let socket = self.dial.socket.borrow();
        let Some(socket) = socket
            .as_ref()
            .filter(|s| s.ready_state() == WebSocket::OPEN)
        else {
            return;
        };
        for (n, game, message) in self.outbox.borrow().iter() {
            if *n > self.sent.get() && *game == self.id {
                let text = serde_json::to_string(message).expect("a message is JSON");
                if socket.send_with_str(&text).is_err() {
                    return;
                }
                self.sent.set(*n);
            }
        }
    }

    /// Tries again after the current wait, which doubles.
    fn retry_later(self: &Rc<Self>) {
        let again = self.clone();
        self.dial.later(move || open(&again));
    }
}

fn open(me: &Rc<Connection>) {
    let Ok(socket) = WebSocket::new(&me.url) else {
        me.retry_later();
        return;
    };
    let opened = {
        let me = me.clone();
        Handler::new(move |_| {
            // First, who this browser is: its secret goes in the message, never in the address.
            if let Some(socket) = me.dial.socket.borrow().as_ref() {
                let _ = socket.send_with_str(&hello(me.have.get()));
            }
            me.dial.opened();
            me.on_connection.emit(true);
            me.flush();
        })
    };
    let message = {
        let me = me.clone();
        Handler::new(move |e: web_sys::Event| {
            let text = e
                .dyn_ref::<MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(m) = text.and_then(|t| ServerMessage::from_json(&t)) {
                match &m {
                    ServerMessage::State(s) => me.have.set(s.v),
                    ServerMessage::Change(c) => me.have.set(c.v),
                    _ => {}
                }
                me.on_message.emit(m);
            }
        })
    };
    let closed = {
        let me = me.clone();
        Handler::new(move |_| {
            me.on_connection.emit(false);
            me.retry_later();
        })
    };
    me.dial.attach(socket, opened, message, closed);
}

/// The first message: this browser's secret, which proves its seat, and the game's version
/// it has (0: none yet): the server then sends changes, not the whole game each time.
fn hello(have: u64) -> String {
    let hello = topochess_protocol::Hello {
        secret: Some(super::browser_secret()),
        have: Some(have),
    };
    serde_json::to_string(&hello).expect("a hello is JSON")
}

/// The socket's address for game `id`, beside the site.
fn socket_url(id: u64) -> String {
    crate::common::http::socket_url(&format!("api/games/{}/socket", id_text(id)))
}

/// Keeps the socket of live game `id` (none: no socket) and sends the outbox through it.
#[hook]
pub fn use_live_socket(
    id: Option<u64>,
    outbox: Vec<(u64, u64, ClientMessage)>,
    on_message: Callback<ServerMessage>,
    on_connection: Callback<bool>,
) {
    let current = use_mut_ref(|| None::<Rc<Connection>>);
    {
        let current = current.clone();
        let first_outbox = outbox.clone();
        use_effect_with(id, move |id| {
            let connection = id.map(|id| {
                let c = Rc::new(Connection {
                    id,
                    url: socket_url(id),
                    on_message,
                    on_connection,
                    sent: Cell::new(0),
                    have: Cell::new(0),
                    outbox: RefCell::new(first_outbox),
                    dial: Redial::default(),
                });
                open(&c);
                *current.borrow_mut() = Some(c.clone());
                c
            });
            move || {
                if let Some(c) = connection {
                    c.dial.close();
                }
            }
        });
    }
    use_effect_with(outbox, move |outbox| {
        if let Some(c) = current.borrow().as_ref() {
            *c.outbox.borrow_mut() = outbox.clone();
            c.flush();
        }
    });
}
