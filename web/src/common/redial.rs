//! A WebSocket that is opened again after it drops, after 1, 2, 4 ... up to 10 s, until it is
//! closed for good: the part the live game's socket and the pools' socket share. What is said
//! over the socket is theirs.

use std::cell::{Cell, RefCell};
use wasm_bindgen::prelude::Closure;
use web_sys::WebSocket;

/// A socket's event handler, kept alive with it.
pub type Handler = Closure<dyn FnMut(web_sys::Event)>;

/// The longest wait before opening again (ms).
const LONGEST_MS: u32 = 10_000;

/// The socket now, and when to open it again.
pub struct Redial {
    /// The socket, once opened.
    pub socket: RefCell<Option<WebSocket>>,
    /// Closed for good: never opened again.
    over: Cell<bool>,
    /// The next wait before opening again (ms).
    backoff: Cell<u32>,
    handlers: RefCell<Vec<Handler>>,
    retry: RefCell<Option<gloo_timers::callback::Timeout>>,
}

impl Default for Redial {
    fn default() -> Redial {
        Redial {
            socket: RefCell::new(None),
            over: Cell::new(false),
            backoff: Cell::new(1000),
            handlers: RefCell::new(Vec::new()),
            retry: RefCell::new(None),
        }
    }
}

impl Redial {
    /// Runs `open` after the current wait, which doubles (nothing once closed for good).
    pub fn later(&self, open: impl FnOnce() + 'static) {
        if self.over.get() {
            return;
        }
        let wait = self.backoff.get();
        self.backoff.set((wait * 2).min(LONGEST_MS));
        *self.retry.borrow_mut() = Some(gloo_timers::callback::Timeout::new(wait, open));
    }

    /// The socket opened: the next drop waits a second again.
    pub fn opened(&self) {
        self.backoff.set(1000);
    }

    /// Sets `socket`'s handlers (its opening, each message, its closing) and holds it with
    /// them, closing the socket before it.
    pub fn attach(&self, socket: WebSocket, opened: Handler, message: Handler, closed: Handler) {
        use wasm_bindgen::JsCast;
        socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
        self.hold(socket, vec![opened, message, closed]);
    }

    /// Holds `socket` and its handlers, closing the socket before it.
    pub fn hold(&self, socket: WebSocket, handlers: Vec<Handler>) {
        if let Some(old) = self.socket.replace(Some(socket)) {
            old.set_onclose(None);
            let _ = old.close();
        }
        *self.handlers.borrow_mut() = handlers;
    }

    /// Never opened again: what comes next is the end (news that ends a wait).
    pub fn give_up(&self) {
        self.over.set(true);
    }

    /// Closed for good.
    pub fn close(&self) {
        self.over.set(true);
        self.retry.take();
        if let Some(socket) = self.socket.take() {
            socket.set_onclose(None);
            let _ = socket.close();
        }
        self.handlers.take();
    }
}
