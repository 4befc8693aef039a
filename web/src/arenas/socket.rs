//! The tournament's line (`crate::common::socket`): open while this browser follows an arena, it
//! brings the standings whenever they change, and keeps a signed-in player present (paired
//! when they wait; the game itself is told on the player's own channel).

use topochess_protocol::arena::{ArenaNews, ArenaView};
use yew::prelude::*;

use crate::common::socket::{use_socket, Flow, Line};

/// Follows arena `id` (none: no arena) while the app runs.
#[hook]
pub fn use_arena_socket(id: Option<u64>, on_view: Callback<ArenaView>) {
    let line = Line {
        hello: Callback::from(|()| None),
        heard: Callback::from(move |text: String| {
            if let Ok(ArenaNews::View(view)) = serde_json::from_str::<ArenaNews>(&text) {
                on_view.emit(*view);
            }
            Flow::Go
        }),
        connected: Callback::noop(),
    };
    let path = id.map(|id| format!("api/tournaments/{}/socket", topochess_protocol::id_text(id)));
    use_socket(path, line, Vec::new());
}
