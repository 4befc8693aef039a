//! Quick pairing (`docs/api.md`): the pools, one a preset at a time control, that a page joins
//! over a socket of its own; the server pairs the players waiting in a pool and tells each page
//! its game. Accounts are paired with accounts in a rated game, guests with guests in a casual
//! one. The page and the server read the same list of pools.

use crate::Color;
use serde::{Deserialize, Serialize};

/// The presets of the pools, in the grid's order: the headline boards.
pub const POOL_PRESETS: [&str; 5] = [
    "folded",
    "cylinder",
    "torus",
    "torus-8x14",
    "sphere-grayber",
];

/// The time controls of the pools: minutes at the start, seconds added a move.
pub const POOL_CLOCKS: [(u32, u32); 5] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10)];

/// A pool: a preset at a time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    /// The preset's id.
    pub variant: &'static str,
    /// Minutes on each clock at the start.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment: u32,
}

impl Pool {
    /// Every pool, preset by preset, each at every time control.
    pub fn all() -> impl Iterator<Item = Pool> {
        POOL_PRESETS.into_iter().flat_map(|variant| {
            POOL_CLOCKS
                .into_iter()
                .map(move |(minutes, increment)| Pool {
                    variant,
                    minutes,
                    increment,
                })
        })
    }

    /// The pool named `id` (`folded-3+2`), if there is one.
    pub fn of(id: &str) -> Option<Pool> {
        Pool::all().find(|p| p.id() == id)
    }

    /// Its name in addresses and messages: the preset, then minutes `+` seconds (`folded-3+2`).
    pub fn id(&self) -> String {
        format!("{}-{}+{}", self.variant, self.minutes, self.increment)
    }

    /// Its clock as games keep it: seconds at the start, seconds a move.
    pub fn clock(&self) -> (u32, u32) {
        (self.minutes * 60, self.increment)
    }
}

/// How many are in a pool now, as the lobby tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PoolCount {
    /// The pool's id (`folded-3+2`).
    pub id: String,
    /// Players waiting to be paired.
    pub waiting: usize,
    /// Games being played at its preset and time control.
    pub playing: usize,
}

/// What a page sends over the pools' socket (`/api/pools/socket`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum PoolRequest {
    /// Joins a pool (leaving any other this player is in, on any page): the first message.
    Join {
        /// The pool's id.
        pool: String,
        /// The browser's secret, which will prove the seat at the game.
        secret: String,
    },
    /// Leaves the pool (closing the socket does too).
    Leave,
}

/// What the server sends over the pools' socket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "kebab-case")]
pub enum PoolNews {
    /// The player waits in the pool.
    Waiting {
        /// The pool's id.
        pool: String,
        /// Rated: an account's game with another account.
        rated: bool,
        /// The rating the player is paired by (a guest's: 1500).
        rating: i32,
    },
    /// Paired: the game, started on both pages at once (the socket closes next).
    Paired {
        /// The game's id, as written in addresses.
        id: String,
        /// The player's side.
        side: Color,
    },
    /// The player is no longer in the pool: joined from another page, or refused (the socket
    /// closes next).
    Left {
        /// A sentence for the player.
        message: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_are_named_and_found_by_their_ids() {
        assert_eq!(Pool::all().count(), 25);
        let pool = Pool::of("torus-8x14-3+2").unwrap();
        assert_eq!((pool.variant, pool.clock()), ("torus-8x14", (180, 2)));
        assert_eq!(pool.id(), "torus-8x14-3+2");
        assert_eq!(Pool::of("folded-3+1"), None);
        assert_eq!(Pool::of(""), None);
    }

    #[test]
    fn pool_messages_read_back_from_their_json() {
        let join = r#"{"t":"join","pool":"folded-1+0","secret":"0123456789abcdef"}"#;
        let read: PoolRequest = serde_json::from_str(join).unwrap();
        assert_eq!(serde_json::to_string(&read).unwrap(), join);
        let paired = PoolNews::Paired {
            id: "00000000000000ff".into(),
            side: Color::Black,
        };
        let text = serde_json::to_string(&paired).unwrap();
        assert_eq!(
            text,
            r#"{"t":"paired","id":"00000000000000ff","side":"Black"}"#
        );
        assert_eq!(serde_json::from_str::<PoolNews>(&text).unwrap(), paired);
    }
}
