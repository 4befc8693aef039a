//! The page's one way to keep a live connection: [`use_socket`] opens a WebSocket to an address
//! of the server while the app needs it, says its first message on every opening, sends the
//! messages it is handed once each, in order, when the socket is open, hands every message
//! heard to the one who asked, and opens the socket again after a drop (after 1, 2, 4 ... up to
//! 10 s) until it is not needed or what was heard ends it. What is said is the features'; the
//! app turns what is heard into actions.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

/// A socket's event handler, kept alive with it.
type Handler = Closure<dyn FnMut(web_sys::Event)>;

/// The longest wait before opening again (ms).
const LONGEST_MS: u32 = 10_000;

/// What a message heard means for the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// It goes on, and is opened again after a drop.
    Go,
    /// It ends with this message: the server closes it next, and it is not opened again.
    Over,
}

/// What a line says and does with what it hears.
#[derive(Clone)]
pub struct Line {
    /// The first message on every opening, read when it opens (none: the line only listens).
    pub hello: Callback<(), Option<String>>,
    /// Each message heard, and what it means for the line.
    pub heard: Callback<String, Flow>,
    /// Whether it is open now (told on each opening and each drop).
    pub connected: Callback<bool>,
}

/// An open line: its socket, and when to open it again.
struct Open {
    url: String,
    line: Line,
    /// The messages handed over, each with its number.
    outbox: RefCell<Vec<(u64, String)>>,
    /// The last number sent.
    sent: Cell<u64>,
    socket: RefCell<Option<WebSocket>>,
    /// Closed for good: never opened again.
    over: Cell<bool>,
    /// The next wait before opening again (ms).
    backoff: Cell<u32>,
    handlers: RefCell<Vec<Handler>>,
    retry: RefCell<Option<gloo_timers::callback::Timeout>>,
}

impl Open {
    fn new(url: String, line: Line, outbox: Vec<(u64, String)>) -> Rc<Open> {
        Rc::new(Open {
            url,
            line,
            outbox: RefCell::new(outbox),
            sent: Cell::new(0),
            socket: RefCell::new(None),
            over: Cell::new(false),
            backoff: Cell::new(1000),
            handlers: RefCell::new(Vec::new()),
            retry: RefCell::new(None),
        })
    }

    /// Sends what is in the outbox past the last sent, if the socket is open.
    fn flush(&self) {
        let socket = self.socket.borrow();
        let Some(socket) = socket
            .as_ref()
            .filter(|s| s.ready_state() == WebSocket::OPEN)
        else {
            return;
        };
        for (n, text) in self.outbox.borrow().iter() {
            if *n > self.sent.get() {
                if socket.send_with_str(text).is_err() {
                    return;
                }
                self.sent.set(*n);
            }
        }
    }

    /// Opens it again after the current wait, which doubles (nothing once closed for good).
    fn later(self: &Rc<Self>) {
        if self.over.get() {
            return;
        }
        let wait = self.backoff.get();
        self.backoff.set((wait * 2).min(LONGEST_MS));
        let again = self.clone();
        *self.retry.borrow_mut() = Some(gloo_timers::callback::Timeout::new(wait, move || {
            again.open()
        }));
    }

    fn open(self: &Rc<Self>) {
        let Ok(socket) = WebSocket::new(&self.url) else {
            self.later();
            return;
        };
        let opened = {
            let me = self.clone();
            Handler::new(move |_| {
                if let Some(hello) = me.line.hello.emit(()) {
                    if let Some(socket) = me.socket.borrow().as_ref() {
                        let _ = socket.send_with_str(&hello);
                    }
                }
                me.backoff.set(1000);
                me.line.connected.emit(true);
                me.flush();
            })
        };
        let message = {
            let me = self.clone();
            Handler::new(move |e: web_sys::Event| {
                let text = e
                    .dyn_ref::<MessageEvent>()
                    .and_then(|m| m.data().as_string());
                if let Some(text) = text {
                    if me.line.heard.emit(text) == Flow::Over {
                        me.over.set(true);
                    }
                }
            })
        };
        let closed = {
            let me = self.clone();
            Handler::new(move |_| {
                me.line.connected.emit(false);
                me.later();
            })
        };
        socket.set_onopen(Some(opened.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(closed.as_ref().unchecked_ref()));
        if let Some(old) = self.socket.replace(Some(socket)) {
            old.set_onclose(None);
            let _ = old.close();
        }
        *self.handlers.borrow_mut() = vec![opened, message, closed];
    }

    /// Closed for good.
    fn close(&self) {
        self.over.set(true);
        self.retry.take();
        if let Some(socket) = self.socket.take() {
            socket.set_onclose(None);
            let _ = socket.close();
        }
        self.handlers.take();
    }
}

/// Keeps a socket to `path` (under the site, e.g. `api/player/socket`; none: no socket) as
/// `line` says, and sends `outbox` through it: each message once, by its number, in order.
/// A new path is a new socket; the line's callbacks are those given when it opened.
#[hook]
pub fn use_socket(path: Option<String>, line: Line, outbox: Vec<(u64, String)>) {
    let current = use_mut_ref(|| None::<Rc<Open>>);
    {
        let current = current.clone();
        let first = outbox.clone();
        use_effect_with(path, move |path| {
            let open = path.as_ref().map(|path| {
                let open = Open::new(crate::common::http::socket_url(path), line, first);
                open.open();
                *current.borrow_mut() = Some(open.clone());
                open
            });
            move || {
                if let Some(open) = open {
                    open.close();
                }
            }
        });
    }
    use_effect_with(outbox, move |outbox| {
        if let Some(open) = current.borrow().as_ref() {
            *open.outbox.borrow_mut() = outbox.clone();
            open.flush();
        }
    });
}
