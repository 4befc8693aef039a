//! The tournament's socket: open while this browser follows an arena, it brings the standings
//! whenever they change, and keeps a signed-in player present (paired when they wait). A socket
//! that drops (a server restarting, a network gone) is opened again after 1, 2, 4 ... up to
//! 10 s.

use std::rc::Rc;
use topochess_protocol::arena::{ArenaNews, ArenaView};
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, WebSocket};
use yew::prelude::*;

use crate::common::redial::{Handler, Redial};

/// The following's connection.
struct Following {
    id: u64,
    on_view: Callback<ArenaView>,
    dial: Redial,
}

impl Following {
    fn retry_later(self: &Rc<Self>) {
        let again = self.clone();
        self.dial.later(move || open(&again));
    }
}

fn open(me: &Rc<Following>) {
    let path = format!(
        "api/tournaments/{}/socket",
        topochess_protocol::id_text(me.id)
    );
    let Ok(socket) = WebSocket::new(&crate::common::http::socket_url(&path)) else {
        me.retry_later();
        return;
    };
    let opened = {
        let me = me.clone();
        Handler::new(move |_| me.dial.opened())
    };
    let message = {
        let me = me.clone();
        Handler::new(move |e: web_sys::Event| {
            let text = e
                .dyn_ref::<MessageEvent>()
                .and_then(|m| m.data().as_string());
            if let Some(ArenaNews::View(view)) =
                text.and_then(|t| serde_json::from_str::<ArenaNews>(&t).ok())
            {
                me.on_view.emit(*view);
            }
        })
    };
    let closed = {
        let me = me.clone();
        Handler::new(move |_| me.retry_later())
    };
    me.dial.attach(socket, opened, message, closed);
}

/// Follows arena `id` (none: no arena) while the app runs.
#[hook]
pub fn use_arena_socket(id: Option<u64>, on_view: Callback<ArenaView>) {
    use_effect_with(id, move |id| {
        let following = id.map(|id| {
            let f = Rc::new(Following {
                id,
                on_view,
                dial: Redial::default(),
            });
            open(&f);
            f
        });
        move || {
            if let Some(f) = following {
                f.dial.close();
            }
        }
    });
}
