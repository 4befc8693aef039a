//! The pools' line (`crate::common::socket`): open while this browser waits in a pool, its first
//! message the join (the browser's secret in the message, never in the address). Closing it
//! leaves the pool. Reopened after a drop without news, it joins again; a game or a leaving
//! ends it.

use topochess_protocol::pool::{PoolNews, PoolRequest};
use yew::prelude::*;

use crate::common::socket::{use_socket, Flow, Line};

/// Keeps this browser in `pool` (none: in no pool) while the app runs; news goes to `on_news`.
#[hook]
pub fn use_pool_socket(pool: Option<String>, on_news: Callback<PoolNews>) {
    let joining = pool.clone();
    let line = Line {
        hello: Callback::from(move |()| {
            let join = PoolRequest::Join {
                pool: joining.clone()?,
                secret: crate::common::secret::browser_secret(),
            };
            Some(serde_json::to_string(&join).expect("JSON"))
        }),
        heard: Callback::from(move |text: String| {
            let Ok(news) = serde_json::from_str::<PoolNews>(&text) else {
                return Flow::Go;
            };
            // Paired or left: the server closes the socket next, and the wait is over.
            let flow = match news {
                PoolNews::Waiting { .. } => Flow::Go,
                _ => Flow::Over,
            };
            on_news.emit(news);
            flow
        }),
        connected: Callback::noop(),
    };
    use_socket(pool.map(|_| "api/pools/socket".into()), line, Vec::new());
}
