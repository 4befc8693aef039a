//! The WebSocket of a live game: open while the app has a live game, reopened after a drop
//! (after 1, 2, 4 ... up to 10 s), each message of the outbox sent once, in order, when the
//! socket is open. It holds no logic: what the server says goes to `on_message`, the
//! connection's state to `on_connection`.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use topochess_protocol::{id_text, ClientMessage, ServerMessage};
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

type Handler = Closure<dyn FnMut(web_sys::Event)>;

/// The connection of one game.
struct Connection {
    /// The game.
    id: u64,
    url: String,
    on_message: Callback<ServerMessage>,
    on_connection: Callback<bool>,
    socket: RefCell<Option<WebSocket>>,
    /// The last message number sent.
    sent: Cell<u64>,
    /// The outbox as last handed over.
    outbox: RefCell<Vec<(u64, u64, ClientMessage)>>,
    /// Given up (the game left): no reconnection.
    closed: Cell<bool>,
    /// The next wait before reconnecting, in ms.
    backoff: Cell<u32>,
    /// The socket's handlers, kept alive with it.
    handlers: RefCell<Vec<Handler>>,
    retry: RefCell<Option<gloo_timers::callback::Timeout>>,
}

impl Connection {
    /// Sends what is in the outbox past the last sent, if the socket is open.
    fn flush(&self) {
        let socket = self.socket.borrow();
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
        if self.closed.get() {
            return;
        }
        let wait = self.backoff.get();
        self.backoff.set((wait * 2).min(10_000));
        let again = self.clone();
        *self.retry.borrow_mut() = Some(gloo_timers::callback::Timeout::new(wait, move || {
            open(&again)
        }));
    }

    /// Closes for good.
    fn close(&self) {
        self.closed.set(true);
        self.retry.take();
        if let Some(socket) = self.socket.take() {
            socket.set_onclose(None);
            let _ = socket.close();
        }
        self.handlers.take();
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
            if let Some(socket) = me.socket.borrow().as_ref() {
                let _ = socket.send_with_str(&hello());
            }
            me.backoff.set(1000);
            me.on_connection.emit(true);
            me.flush();
        })
    };
    let message = {
        let on_message = me.on_message.clone();
        Handler::new(move |e: web_sys::Event| {
            let text = e
                .dyn_ref::<MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(m) = text.and_then(|t| ServerMessage::from_json(&t)) {
                on_message.emit(m);
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
    socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
    socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
    socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
    if let Some(old) = me.socket.replace(Some(socket)) {
        old.set_onclose(None);
        let _ = old.close();
    }
    *me.handlers.borrow_mut() = vec![opened, message, closed];
}

/// The first message: this browser's secret, which proves its seat.
fn hello() -> String {
    let hello = topochess_protocol::Hello {
        secret: Some(super::browser_secret()),
    };
    serde_json::to_string(&hello).expect("a hello is JSON")
}

/// The socket's address for game `id`, beside the site (`ws:` or `wss:` as the page is served).
fn socket_url(id: u64) -> String {
    let base = super::site_base();
    let base = match base.strip_prefix("https") {
        Some(rest) => format!("wss{rest}"),
        None => format!("ws{}", base.strip_prefix("http").unwrap_or(&base)),
    };
    format!("{base}api/games/{}/socket", id_text(id))
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
                    socket: RefCell::new(None),
                    sent: Cell::new(0),
                    outbox: RefCell::new(first_outbox),
                    closed: Cell::new(false),
                    backoff: Cell::new(1000),
                    handlers: RefCell::new(Vec::new()),
                    retry: RefCell::new(None),
                });
                open(&c);
                *current.borrow_mut() = Some(c.clone());
                c
            });
            move || {
                if let Some(c) = connection {
                    c.close();
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
