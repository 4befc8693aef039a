//! The quick-pairing pools' part of the store: who waits in which pool, kept so that every
//! server sharing the store pairs from the same list, and a pair is made once when two servers
//! pair at once. Both stores implement it, and one suite tests both (`tests/pools.rs`).

use super::StoreError;
use crate::record::{Player, Record};
use topochess_core::Color;
use topochess_protocol::GameId;

/// A seat whose server has not said it is still there for this long is taken out (its server
/// died without a word), and is neither paired nor counted meanwhile.
pub const STALE_MS: u64 = 15_000;

/// A player waiting in a pool, as the store keeps them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PoolSeat {
    /// Who: `a:<account>` for an account, `g:<seat proof>` for a guest. A player waits in one
    /// pool at a time: a new seat replaces their old one.
    pub player: String,
    /// This seat's number, the page's that joined (a page joining again gets a new one).
    pub ticket: u64,
    /// The pool's id.
    pub pool: String,
    /// The proof of the browser's secret: the seat it will have at the game.
    pub proof: String,
    /// The account, named and rated at the pool's preset; none for a guest.
    pub who: Option<Player>,
    /// The rating it is paired by (a guest: 1500).
    pub rating: i32,
    /// When the player joined (ms since the epoch).
    pub since: u64,
    /// The server holding the page's socket.
    pub server: u64,
    /// When that server last said the page is still there.
    pub seen: u64,
    /// Once paired: the game and the player's side.
    pub paired: Option<(GameId, Color)>,
}

/// The pools' part of a store.
#[async_trait::async_trait]
pub trait PoolStore: Send + Sync + 'static {
    /// Seats a player in a pool, replacing their seat in any pool.
    async fn pool_join(&self, seat: &PoolSeat) -> Result<(), StoreError>;
    /// Takes seat `ticket` of `player` out of its pool (a seat replaced since stays).
    async fn pool_leave(&self, player: &str, ticket: u64) -> Result<(), StoreError>;
    /// Every seat, paired or not.
    async fn pool_seats(&self) -> Result<Vec<PoolSeat>, StoreError>;
    /// Pairs two waiting seats (`player`, `ticket`), the first as White, and keeps their new
    /// game `game` (listed in the lobby as public games are), in one transaction: the pair and
    /// its game or neither, and `false` when either seat is gone or paired already (another
    /// server was first). No game is kept that no pair owns.
    async fn pool_pair(
        &self,
        white: (&str, u64),
        black: (&str, u64),
        game: &Record,
    ) -> Result<bool, StoreError>;
    /// Server `server`'s seats are still there at `now`; every seat not seen since `before` (its
    /// server died) is taken out.
    async fn pool_seen(&self, server: u64, now: u64, before: u64) -> Result<(), StoreError>;
}

/// The text a seat's account is kept as (JSON).
pub(crate) fn who_text(who: &Option<Player>) -> Option<String> {
    who.as_ref()
        .map(|p| serde_json::to_string(p).expect("a player is JSON"))
}

/// The account of its kept text.
pub(crate) fn who_of(text: Option<String>) -> Result<Option<Player>, StoreError> {
    text.map(|t| serde_json::from_str(&t))
        .transpose()
        .map_err(|e| StoreError(format!("an unreadable pool seat: {e}")))
}

/// The pairing of its kept columns (game, side: 0 White, 1 Black).
pub(crate) fn paired_of(game: Option<i64>, side: Option<i16>) -> Option<(GameId, Color)> {
    let side = if side? == 0 {
        Color::White
    } else {
        Color::Black
    };
    Some((game? as u64, side))
}
