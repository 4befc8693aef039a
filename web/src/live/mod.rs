//! Live games on the game server, the browser's side: what this browser knows of its game's
//! connection (the last state heard, the messages to send), its secret, creating a game, and the
//! WebSocket (`socket`). The reducer decides what to send; the socket only carries it.

pub mod chat;
pub mod lobby;
pub mod socket;

use topochess_protocol::{ClientMessage, Created, GameState, NewGame};

/// This browser's live game as the server last told it, and what it has to say to the server.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveSession {
    /// The game's state as last heard.
    pub heard: Option<Box<GameState>>,
    /// The messages to send, numbered, each with its game (the socket of that game sends each
    /// once, in order, when it can).
    pub outbox: Vec<(u64, u64, ClientMessage)>,
    /// The last number given.
    pub last: u64,
    /// Whether the socket is open.
    pub connected: bool,
    /// A game opened by its address that this browser has not heard of yet.
    pub joining: Option<u64>,
    /// The side a game's link asked for (an open challenge's link for one side), with the game:
    /// said in that game's socket's hello.
    pub side_asked: Option<(u64, topochess_core::Color)>,
    /// When the last state was heard (ms, the page's clock): the other side's time gone counts
    /// on from it.
    pub gone_seen: Option<f64>,
    /// The players' chat as heard: each line's game, player and text, the last [`CHAT_KEPT`].
    pub chat: Vec<(u64, String, String)>,
}

/// The chat lines a page keeps.
pub const CHAT_KEPT: usize = 100;

impl LiveSession {
    /// A chat line heard at game `game`.
    pub fn heard_chat(&mut self, game: u64, user: String, text: String) {
        self.chat.push((game, user, text));
        if self.chat.len() > CHAT_KEPT {
            self.chat.remove(0);
        }
    }
}

impl LiveSession {
    /// What the side to move of a tournament game has left at `now` (the page's clock) to make
    /// its first move, as the server last said.
    pub fn first_move_left(&self, now: f64) -> Option<f64> {
        let left = self.heard.as_ref()?.first_move_ms? as f64;
        Some((left - (now - self.gone_seen.unwrap_or(now)).max(0.0)).max(0.0))
    }

    /// How long `side` has been gone at `now` (the page's clock), as the server last said.
    pub fn gone_for(&self, side: topochess_core::Color, now: f64) -> Option<f64> {
        let heard = self.heard.as_ref()?;
        let gone = heard.gone_ms[side.index()]? as f64;
        Some(gone + (now - self.gone_seen.unwrap_or(now)).max(0.0))
    }
}

impl LiveSession {
    /// Queues a message for the server about game `game`.
    pub fn send(&mut self, game: u64, message: ClientMessage) {
        self.last += 1;
        self.outbox.push((self.last, game, message));
        // Only the recent ones matter: what was not sent by then is out of date.
        if self.outbox.len() > 16 {
            self.outbox.remove(0);
        }
    }
}

/// This browser's move that the server has not acknowledged: the local moves are the heard ones
/// and one more.
pub fn pending_move(local: &[String], heard: &[String]) -> Option<String> {
    (local.len() == heard.len() + 1 && local.starts_with(heard)).then(|| local[heard.len()].clone())
}

pub use crate::common::http::{server_here, site_base};
pub use crate::common::secret::browser_secret;

/// Asks the server for a new game.
pub async fn create(new: &NewGame) -> Result<Created, String> {
    let body = serde_json::to_string(new).map_err(|e| e.to_string())?;
    crate::common::http::json("POST", "api/games", Some(body)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_not_yet_heard_is_the_one_past_the_servers_line() {
        let s = |v: &[&str]| v.iter().map(|m| m.to_string()).collect::<Vec<_>>();
        assert_eq!(pending_move(&s(&["e2e4"]), &s(&[])), Some("e2e4".into()));
        assert_eq!(
            pending_move(&s(&["e2e4", "e7e5"]), &s(&["e2e4"])),
            Some("e7e5".into())
        );
        assert_eq!(pending_move(&s(&["e2e4"]), &s(&["e2e4"])), None, "heard");
        assert_eq!(
            pending_move(&s(&["d2d4", "e7e5"]), &s(&["e2e4"])),
            None,
            "another line"
        );
        assert_eq!(
            pending_move(&s(&["e2e4", "e7e5", "g1f3"]), &s(&["e2e4"])),
            None,
            "two ahead"
        );
    }

    #[test]
    fn the_chat_keeps_its_last_lines_with_their_game() {
        let mut live = LiveSession::default();
        for i in 0..(CHAT_KEPT + 5) {
            live.heard_chat(7, "anna".into(), format!("line {i}"));
        }
        assert_eq!(live.chat.len(), CHAT_KEPT);
        assert_eq!(live.chat[0], (7, "anna".into(), "line 5".into()));
    }

    #[test]
    fn the_outbox_keeps_the_recent_messages_numbered() {
        let mut live = LiveSession::default();
        for _ in 0..20 {
            live.send(7, ClientMessage::Draw);
        }
        assert_eq!(live.outbox.len(), 16);
        assert_eq!(live.outbox.first().map(|m| m.0), Some(5));
        assert_eq!(live.outbox.last().map(|m| m.0), Some(20));
    }
}
