//! The pools' socket: open while this browser waits in a pool, its first message the join (the
//! browser's secret in the message, never in the address). Closing it leaves the pool. A socket
//! that drops without news (a server restarting, a network gone) is opened again after 1, 2, 4
//! ... up to 10 s and joins again; news from the server goes to `on_news`.

use std::rc::Rc;
use topochess_protocol::pool::{PoolNews, PoolRequest};
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

use crate::common::redial::{Handler, Redial};

/// The wait's connection.
struct Waiting {
    pool: String,
    on_news: Callback<PoolNews>,
    dial: Redial,
}

impl Waiting {
    fn retry_later(self: &Rc<Self>) {
        let again = self.clone();
        self.dial.later(move || open(&again));
    }
}

fn open(me: &Rc<Waiting>) {
    let Ok(socket) = WebSocket::new(&crate::common::http::socket_url("api/pools/socket")) else {
        me.retry_later();
        return;
    };
    let opened = {
        let me = me.clone();
        Handler::new(move |_| {
            let join = PoolRequest::Join {
                pool: me.pool.clone(),
                secret: crate::common::secret::browser_secret(),
            };
            if let Some(socket) = me.dial.socket.borrow().as_ref() {
                let _ = socket.send_with_str(&serde_json::to_string(&join).expect("JSON"));
            }
            me.dial.opened();
        })
    };
    let message = {
        let me = me.clone();
        Handler::new(move |e: web_sys::Event| {
            let text = e
                .dyn_ref::<MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(news) = text.and_then(|t| serde_json::from_str::<PoolNews>(&t).ok()) {
                if !matches!(news, PoolNews::Waiting { .. }) {
                    // Paired or left: the server closes the socket next, and the wait is over.
                    me.dial.give_up();
                }
                me.on_news.emit(news);
            }
        })
    };
    let closed = {
        let me = me.clone();
        Handler::new(move |_| me.retry_later())
    };
    me.dial.attach(socket, opened, message, closed);
}

/// Keeps this browser in `pool` (none: in no pool) while the app runs.
#[hook]
pub fn use_pool_socket(pool: Option<String>, on_news: Callback<PoolNews>) {
    use_effect_with(pool, move |pool| {
        let waiting = pool.clone().map(|pool| {
            let w = Rc::new(Waiting {
                pool,
                on_news,
                dial: Redial::default(),
            });
            open(&w);
            w
        });
        move || {
            if let Some(w) = waiting {
                w.dial.close();
            }
        }
    });
}
