//! A game's news, made once for every page at it: after a change, the first page told reads the
//! game as a spectator sees it, and every other page told of the same change shares that
//! reading and the text sent from it (the change from the version a page had, or the whole
//! state for a page that takes no changes). A move late in a long game is read and written
//! once, however many watch.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use topochess_core::Color;
use topochess_protocol::change::GameChange;
use topochess_protocol::{GameState, ServerMessage};

/// The numbers of readings that belong to one page alone (a reconnecting page's version, a
/// reading made fresh for one answer), apart from a room's count of changes.
static ALONE: AtomicU64 = AtomicU64::new(1 << 63);

/// The texts one reading keeps, at most (pages told of one change come from a few versions).
const KEPT_TEXTS: usize = 8;

/// What a text is of: the change from the reading numbered so, or the whole state for a page
/// that is told it all (its side, or a spectator).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Of {
    ChangeFrom(u64),
    Whole(Option<Color>),
}

/// The game as every page at it is told it after one change: a spectator's state, numbered by
/// the room's count of changes, and the texts made from it.
pub struct News {
    /// The room's count of changes when it was read (or a number of its own).
    pub number: u64,
    /// The game, as a spectator sees it.
    pub state: GameState,
    texts: Mutex<Vec<(Of, Arc<str>)>>,
}

impl News {
    /// `state`, numbered `number`.
    pub fn numbered(number: u64, state: GameState) -> Arc<News> {
        Arc::new(News {
            number,
            state: GameState { you: None, ..state },
            texts: Mutex::new(Vec::new()),
        })
    }

    /// `state` for one page alone (shared with no other).
    pub fn alone(state: GameState) -> Arc<News> {
        News::numbered(ALONE.fetch_add(1, Ordering::Relaxed), state)
    }

    /// The text sent to a page of side `you` that had `before`: the change since, for a page
    /// that takes changes (`changes`), else the whole state; made once for all such pages.
    pub fn text(&self, before: Option<&News>, you: Option<Color>, changes: bool) -> Arc<str> {
        let of = match before {
            Some(before) if changes => Of::ChangeFrom(before.number),
            _ => Of::Whole(you),
        };
        let mut texts = self.texts.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, text)) = texts.iter().find(|(o, _)| *o == of) {
            return text.clone();
        }
        let message = match (of, before) {
            // A page keeps its own side when it applies a change (`GameChange::apply`).
            (Of::ChangeFrom(_), Some(before)) => {
                ServerMessage::Change(Box::new(GameChange::between(&before.state, &self.state)))
            }
            _ => ServerMessage::State(Box::new(GameState {
                you,
                ..self.state.clone()
            })),
        };
        let text: Arc<str> = serde_json::to_string(&message)
            .expect("a message is JSON")
            .into();
        if texts.len() >= KEPT_TEXTS {
            texts.remove(0);
        }
        texts.push((of, text.clone()));
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(moves: &[&str], v: u64) -> GameState {
        let text = serde_json::json!({
            "id": "00000000000000aa", "v": v, "variant": "folded", "castling": "none",
            "moves": moves, "you": null, "seated": [true, true], "clock": [180, 2],
            "left_ms": [180000, 180000], "running": true, "outcome": null, "aborted": false,
            "draw_offer": null, "takeback_offer": null, "rematch": [false, false],
            "next_game": null, "gone_ms": [null, null], "players": [null, null]
        });
        serde_json::from_value(text).expect("a state")
    }

    #[test]
    fn pages_told_of_one_change_share_its_text_and_keep_their_own_side() {
        let before = News::numbered(1, state(&["e2e4"], 1));
        let now = News::numbered(2, state(&["e2e4", "e7e5"], 2));
        let a = now.text(Some(&before), Some(Color::White), true);
        let b = now.text(Some(&before), Some(Color::Black), true);
        assert!(Arc::ptr_eq(&a, &b), "one text for both sides' pages");
        assert!(
            a.contains("e7e5") && !a.contains("e2e4"),
            "the move alone: {a}"
        );
        // A page that takes no changes is told the whole state, with its side.
        let whole = now.text(Some(&before), Some(Color::Black), false);
        assert!(
            whole.contains(r#""you":"black""#) || whole.contains(r#""you":"Black""#),
            "{whole}"
        );
        assert!(
            !Arc::ptr_eq(&whole, &now.text(None, None, false)),
            "a spectator's is its own"
        );
        // A page alone shares nothing with another alone.
        let (x, y) = (News::alone(state(&[], 0)), News::alone(state(&["d2d4"], 1)));
        assert_ne!(x.number, y.number);
        let from_x = now.text(Some(&x), None, true);
        let from_y = now.text(Some(&y), None, true);
        assert_ne!(from_x, from_y, "each from its own version");
    }
}
