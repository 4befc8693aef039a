//! Where live games are kept: one async interface, two implementations. SQLite is the embedded
//! default, for one server; PostgreSQL serves any number of servers at once, and tells each of
//! them what the others changed (LISTEN/NOTIFY). The store settles every race between servers: a
//! write is kept only over the revision it was made from.

use crate::record::Record;
use std::path::Path;
use std::sync::Arc;
use topochess_core::Color;
use topochess_protocol::GameId;

pub mod accounts;
pub mod arenas;
pub mod challenges;
pub mod pools;
mod postgres;
mod sqlite;
pub mod tokens;

pub use accounts::{AccountStore, ArchiveQuery, Won};
pub use arenas::ArenaStore;
pub use pools::{PoolSeat, PoolStore};

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

/// What went wrong in the store: for the server's log, never for a player (who is told a
/// sentence instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a server hears of the others through the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// Game `id` was kept at `revision` by some server (this one too); `lobby`: the change
    /// shows in the lobby (a seek posted or taken, a game ended).
    Game {
        /// The game.
        id: GameId,
        /// Its revision as kept.
        revision: u64,
        /// Whether the lobby changed with it.
        lobby: bool,
    },
    /// Who is at game `id` changed on some server.
    Presence(GameId),
    /// A player's topic (`a:<account>`, `g:<proof>`) has news of game `game` (its seek was
    /// taken): the servers with a channel listening there read the game and tell it.
    Player {
        /// The game.
        game: GameId,
        /// The player's topic.
        key: String,
    },
    /// A player said a line of game `game`'s chat on server `server`: the servers with the
    /// game open tell their players' pages.
    Chat {
        /// The game.
        game: GameId,
        /// The server it was said on.
        server: u64,
        /// Who said it.
        user: String,
        /// What they said.
        text: String,
    },
    /// The listener lost its connection and has it again: what was said meanwhile is lost, so
    /// everything held in memory is read again.
    Reconnected,
}

/// One server's pages at one side of one game, as the store keeps it for the other servers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presence {
    /// The game.
    pub game: GameId,
    /// The side.
    pub side: Color,
    /// How many pages of that side the server has open at the game.
    pub pages: u32,
    /// When that count last changed (ms since the epoch).
    pub since: u64,
    /// When the server last said it was alive: pages of a server that died count as gone from
    /// then.
    pub seen: u64,
}

/// A count of one server's pages at one side of one game: the game, the side, the pages, since
/// when (ms since the epoch).
pub type Count = (GameId, Color, u32, u64);

/// A store of live games. Writes are answered only once the game is kept: the server answers a
/// move only after its write.
#[async_trait::async_trait]
pub trait Store:
    AccountStore
    + ArenaStore
    + PoolStore
    + tokens::TokenStore
    + challenges::ChallengeStore
    + Send
    + Sync
    + 'static
{
    /// Keeps a new game; `lobby`: it is listed there.
    async fn create(&self, game: &Record, lobby: bool) -> Result<(), StoreError>;
    /// The game `id`, if kept.
    async fn load(&self, id: GameId) -> Result<Option<Record>, StoreError>;
    /// The games of `ids` that are kept, in any order.
    async fn load_many(&self, ids: &[GameId]) -> Result<Vec<Record>, StoreError>;
    /// Keeps the game as it is now, if the kept game is still at the revision this one was made
    /// from (`game.revision - 1`): `Ok(false)` when another server changed it first, and nothing
    /// is written. `lobby`: the change shows in the lobby.
    async fn save(&self, game: &Record, lobby: bool) -> Result<bool, StoreError>;
    /// The public games not over, created since `since`, newest first, at most `limit`.
    async fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError>;
    /// The games whose clock runs (not over).
    async fn running(&self) -> Result<Vec<GameId>, StoreError>;
    /// The games whose running clock fell before `before`, not yet ended.
    async fn overdue(&self, before: u64) -> Result<Vec<GameId>, StoreError>;
    /// Deletes the games that never started (fewer than two moves, and not ended by play)
    /// created before `before`, but those in `keep`; how many.
    async fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError>;
    /// What this server hears of the others, once (a store that serves one server hears
    /// nothing).
    fn listen(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Heard>>;
    /// Server `server`'s counts of pages (told to the other servers); a store that serves one
    /// server keeps nothing.
    async fn present(&self, server: u64, counts: &[Count]) -> Result<(), StoreError>;
    /// Tells the other servers that `key`'s topic has news of game `game` (a store that
    /// serves one server tells nobody).
    async fn notify_player(&self, key: &str, game: GameId) -> Result<(), StoreError>;
    /// Keeps `accounts` as those with a page's channel or a program's event stream open on
    /// server `server` (in place of those kept before; a store that serves one server keeps
    /// nothing: its server knows).
    async fn online_here(&self, _server: u64, _accounts: &[u64]) -> Result<(), StoreError> {
        Ok(())
    }
    /// Of `accounts`, those online on a server other than `server` that was alive at `since`
    /// or later.
    async fn online_elsewhere(
        &self,
        _server: u64,
        _accounts: &[u64],
        _since: u64,
    ) -> Result<Vec<u64>, StoreError> {
        Ok(Vec::new())
    }
    /// Tells the other servers that `user` said `text` at game `game` on server `server` (its
    /// players' chat, held by no store: a store that serves one server tells nobody).
    async fn notify_chat(
        &self,
        _server: u64,
        _game: GameId,
        _user: &str,
        _text: &str,
    ) -> Result<(), StoreError> {
        Ok(())
    }
    /// The pages the servers other than `server` have at `games`.
    async fn presence(&self, server: u64, games: &[GameId]) -> Result<Vec<Presence>, StoreError>;
    /// Server `server` is alive at `now`.
    async fn alive(&self, server: u64, now: u64) -> Result<(), StoreError>;
}

/// The store `database` names (a `postgres://` URL), or without one the SQLite file in `data`.
pub async fn open(database: Option<&str>, data: &Path) -> Result<Arc<dyn Store>, String> {
    match database {
        Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
            Ok(Arc::new(PgStore::open(url).await?))
        }
        Some(other) => Err(format!(
            "--database takes a postgres:// URL, not {:?}",
            other.split(':').next().unwrap_or_default()
        )),
        None => {
            std::fs::create_dir_all(data).map_err(|e| format!("{}: {e}", data.display()))?;
            Ok(Arc::new(SqliteStore::open(&data.join("games.sqlite"))?))
        }
    }
}

/// The text a colour is kept as.
fn color_text(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

/// The colour kept as `text`.
fn color_of(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

/// The rematch requests as a number: 1 for White, 2 for Black.
fn rematch_bits(r: [bool; 2]) -> i64 {
    r[0] as i64 | (r[1] as i64) << 1
}

/// An outcome as kept (JSON).
fn outcome_text(o: &topochess_core::game::Outcome) -> String {
    serde_json::to_string(o).expect("an outcome is JSON")
}

#[cfg(test)]
pub(crate) mod tests;
