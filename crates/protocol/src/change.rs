//! A game's changes, as lila-ws sends them: a page that says it takes changes (its [`Hello`]'s
//! `have`) is sent the game's whole state once, then each change as what changed since the
//! version it has: the moves added (and how many of its moves stay, after a take-back), the
//! clocks, and the rest of the state only when something in it changed. A move late in a long
//! game costs what a move early in it does. A page that reconnects says the version it has and
//! is sent what it missed, as one change, when the server still keeps that version.
//!
//! [`Hello`]: crate::Hello

use crate::GameState;
use serde::{Deserialize, Serialize};

/// What changed in one game from version `from` to version `v`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameChange {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The version the change is made on: the page's.
    pub from: u64,
    /// The version after it.
    pub v: u64,
    /// How many of the page's moves stay when some were taken back (absent: all of them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep: Option<usize>,
    /// The moves played after those, in coordinates.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// Milliseconds left on White's and Black's clocks when this was sent.
    pub left_ms: [u64; 2],
    /// Whether the side to move's clock runs.
    pub running: bool,
    /// How long each side has been gone, when that changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone_ms: Option<[Option<u64>; 2]>,
    /// The whole state but its moves, when anything else in it changed (a seat taken, an offer,
    /// the ending, a rematch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rest: Option<Box<GameState>>,
}

/// A state's fields that a change carries apart from `rest`, cleared, to compare the rest.
fn rest_of(state: &GameState) -> GameState {
    GameState {
        moves: Vec::new(),
        you: None,
        v: 0,
        left_ms: [0, 0],
        running: false,
        gone_ms: [None, None],
        ..state.clone()
    }
}

impl GameState {
    /// Whether this state tells a page that has `old` anything it did not know: a new version, a
    /// player come or gone, a clock started or stopped. Clocks that only ran on, and a side
    /// gone a little longer, are no news: the page counts those itself.
    pub fn news_since(&self, old: &GameState) -> bool {
        let gone = |s: &GameState| s.gone_ms.map(|g| g.is_some());
        self.v != old.v
            || self.moves != old.moves
            || self.running != old.running
            || gone(self) != gone(old)
            || rest_of(self) != rest_of(old)
    }
}

impl GameChange {
    /// What changed from `old` to `new`, two states of one game.
    pub fn between(old: &GameState, new: &GameState) -> GameChange {
        let kept = old
            .moves
            .iter()
            .zip(&new.moves)
            .take_while(|(a, b)| a == b)
            .count();
        let rest = (rest_of(old) != rest_of(new)).then(|| {
            Box::new(GameState {
                moves: Vec::new(),
                ..new.clone()
            })
        });
        GameChange {
            id: new.id.clone(),
            from: old.v,
            v: new.v,
            keep: (kept < old.moves.len()).then_some(kept),
            moves: new.moves[kept..].to_vec(),
            left_ms: new.left_ms,
            running: new.running,
            gone_ms: (old.gone_ms != new.gone_ms).then_some(new.gone_ms),
            rest,
        }
    }

    /// `old` changed by this: `None` when `old` is not the game and version it is made on (the
    /// page then asks for the whole state again).
    pub fn apply(&self, old: &GameState) -> Option<GameState> {
        let keep = self.keep.unwrap_or(old.moves.len());
        if old.id != self.id || old.v != self.from || keep > old.moves.len() {
            return None;
        }
        let mut new = match &self.rest {
            Some(rest) => GameState {
                you: old.you,
                gone_ms: old.gone_ms,
                ..(**rest).clone()
            },
            None => old.clone(),
        };
        new.moves = old.moves[..keep].to_vec();
        new.moves.extend(self.moves.iter().cloned());
        new.v = self.v;
        new.left_ms = self.left_ms;
        new.running = self.running;
        if let Some(gone) = self.gone_ms {
            new.gone_ms = gone;
        }
        Some(new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::a_state;
    use topochess_core::Color;

    #[test]
    fn the_same_state_later_is_no_news_and_anything_else_is() {
        let old = GameState {
            gone_ms: [None, None],
            draw_offer: None,
            ..a_state()
        };
        let mut later = old.clone();
        later.left_ms[0] -= 1_500;
        later.gone_ms = [None, Some(4_000)];
        let mut gone_longer = later.clone();
        gone_longer.gone_ms = [None, Some(9_000)];
        assert!(
            !gone_longer.news_since(&later),
            "a side gone a little longer"
        );
        assert!(later.news_since(&old), "a side gone");
        let mut clocks = old.clone();
        clocks.left_ms = [1, 2];
        assert!(!clocks.news_since(&old), "clocks that ran on");
        let mut offered = old.clone();
        offered.draw_offer = Some(Color::White);
        assert!(offered.news_since(&old), "an offer");
        let mut moved = old.clone();
        moved.moves.push("g1f3".into());
        assert!(moved.news_since(&old), "a move");
        let mut versioned = old.clone();
        versioned.v += 1;
        assert!(versioned.news_since(&old), "a version");
    }

    #[test]
    fn a_move_is_sent_as_itself_and_read_back_into_the_whole_state() {
        let old = a_state();
        let mut new = old.clone();
        new.moves.push("g1f3".into());
        new.v += 1;
        new.left_ms = [169_000, 181_500];
        let change = GameChange::between(&old, &new);
        assert_eq!(
            (change.keep, change.moves.clone()),
            (None, vec!["g1f3".into()])
        );
        assert_eq!(change.rest, None, "nothing else changed");
        let text = serde_json::to_string(&change).unwrap();
        assert!(text.len() < 150, "{} bytes: {text}", text.len());
        assert_eq!(change.apply(&old), Some(new.clone()));
        // The same move after 200 plies costs the same.
        let mut long = old.clone();
        long.moves = (0..200).map(|n| format!("m{n:03}")).collect();
        let mut longer = long.clone();
        longer.moves.push("g1f3".into());
        longer.v += 1;
        let late = serde_json::to_string(&GameChange::between(&long, &longer)).unwrap();
        assert_eq!(late.len(), text.len(), "{late}");
    }

    #[test]
    fn a_take_back_an_offer_and_an_ending_are_changes_too() {
        let old = a_state();
        // Taken back, another move played, the offer gone, the game over.
        let mut new = old.clone();
        new.moves.truncate(1);
        new.moves.push("d7d5".into());
        new.v += 3;
        new.draw_offer = None;
        new.outcome = None;
        new.gone_ms = [Some(1_000), None];
        let change = GameChange::between(&old, &new);
        assert_eq!(change.keep, Some(1));
        assert_eq!(change.moves, ["d7d5"]);
        assert!(change.rest.is_some());
        assert_eq!(change.gone_ms, Some([Some(1_000), None]));
        assert_eq!(change.apply(&old), Some(new));
        // Made on another version, or another game: not applied.
        let stale = GameState {
            v: old.v - 1,
            ..old.clone()
        };
        assert_eq!(change.apply(&stale), None);
        let other = GameState {
            id: "0000000000000001".into(),
            ..old.clone()
        };
        assert_eq!(change.apply(&other), None);
        // The page's own side stays its own.
        let theirs = GameState {
            you: Some(Color::White),
            ..old
        };
        assert_eq!(change.apply(&theirs).unwrap().you, Some(Color::White));
    }
}
