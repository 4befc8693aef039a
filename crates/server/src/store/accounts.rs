//! The accounts' part of the store: accounts and their sessions, ratings and their history, the
//! games a player finished, and the leaderboards. Both stores implement it, and one suite tests
//! both (`tests.rs`).

use super::StoreError;
use crate::accounts::Account;
use crate::ratings::Standing;
use crate::record::Record;
use topochess_protocol::GameId;

/// Which of a player's games the archive lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveQuery {
    /// The player's account.
    pub account: u64,
    /// Only this preset's games.
    pub variant: Option<String>,
    /// Only the games the player won, lost or drew.
    pub result: Option<Won>,
    /// Games skipped (newest first).
    pub offset: usize,
    /// The most games.
    pub limit: usize,
}

/// A game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Won {
    /// The player won.
    Win,
    /// The player lost.
    Loss,
    /// A draw.
    Draw,
}

impl Won {
    /// The result named in an address (`win`, `loss`, `draw`).
    pub fn of(text: &str) -> Option<Won> {
        match text {
            "win" => Some(Won::Win),
            "loss" => Some(Won::Loss),
            "draw" => Some(Won::Draw),
            _ => None,
        }
    }

    /// Its name.
    pub fn text(self) -> &'static str {
        match self {
            Won::Win => "win",
            Won::Loss => "loss",
            Won::Draw => "draw",
        }
    }
}

/// The accounts' part of a store.
#[async_trait::async_trait]
pub trait AccountStore: Send + Sync + 'static {
    /// A new account `name` with password hash `hash`, made at `now`; `None` when the name is
    /// taken: by an account, a deleted one included, whose name has the same skeleton (the same
    /// whatever its case, or with `I` for `l`, `0` for `O`).
    async fn sign_up(
        &self,
        name: &str,
        hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError>;
    /// The account named `name`, whatever its case.
    async fn account(&self, name: &str) -> Result<Option<Account>, StoreError>;
    /// A session of `account`, kept as `proof` (its token's hash), opened at `now`.
    async fn open_session(&self, proof: &str, account: u64, now: u64) -> Result<(), StoreError>;
    /// The account of the session kept as `proof`, if it is open and younger than `since`.
    async fn session(&self, proof: &str, since: u64) -> Result<Option<Account>, StoreError>;
    /// Ends the session kept as `proof`.
    async fn close_session(&self, proof: &str) -> Result<(), StoreError>;
    /// Ends every session of `account` but `keep`'s.
    async fn close_sessions(&self, account: u64, keep: Option<&str>) -> Result<(), StoreError>;
    /// `account`'s password hash is now `hash`.
    async fn set_password(&self, account: u64, hash: &str) -> Result<(), StoreError>;
    /// Deletes `account`, its sessions, its tokens and its ratings (its games stay: the caller
    /// shows them under "deleted player").
    async fn delete_account(&self, account: u64) -> Result<(), StoreError>;
    /// The games `account` sits at, any state.
    async fn games_of(&self, account: u64) -> Result<Vec<GameId>, StoreError>;
    /// The games whose seat is proven by `proof` and held by a guest.
    async fn guest_seats(&self, proof: &str) -> Result<Vec<GameId>, StoreError>;
    /// `account`'s standing at each preset it played rated.
    async fn standings(&self, account: u64) -> Result<Vec<Standing>, StoreError>;
    /// `account`'s rating after each rated game: preset, when, rating; oldest first.
    async fn history(&self, account: u64) -> Result<Vec<(String, u64, f64)>, StoreError>;
    /// Rates the rated game `id` if it is over and not rated yet, in one transaction: both
    /// players' standings read, changed as [`crate::ratings::settle`] says (nothing for a game
    /// ended before both moved), kept with their history, and the game kept settled with the
    /// changes written in, at its next revision. The game as kept then, if it was rated now.
    async fn rate(&self, id: GameId, now: u64) -> Result<Option<Record>, StoreError>;
    /// The rated games over and not yet rated (a server that stopped between the two).
    async fn unsettled(&self) -> Result<Vec<GameId>, StoreError>;
    /// A player's finished games (not aborted), newest first, as `query` asks.
    async fn archive(&self, query: &ArchiveQuery) -> Result<Vec<Record>, StoreError>;
    /// The best players of `variant` whose last rated game there ended after `since` with a
    /// deviation of at most `most_deviation`: each one's name and standing, best first.
    async fn leaderboard(
        &self,
        variant: &str,
        since: u64,
        most_deviation: f64,
        limit: usize,
    ) -> Result<Vec<(String, Standing)>, StoreError>;
    /// Counts an attempt at `now` to sign in as the name whose key is `name`, unless `most`
    /// were counted in the `window` (ms) before: then nothing is counted, and the answer is how
    /// long (ms) until the oldest of them leaves the window. Servers sharing the store count
    /// together; of attempts at one name at once, each is counted and checked in turn.
    async fn login_try(
        &self,
        name: &str,
        now: u64,
        window: u64,
        most: u32,
    ) -> Result<Option<u64>, StoreError>;
    /// The attempts counted under `key` since `since` (ms since the epoch): how many, and when
    /// the oldest of them was. Nothing is counted.
    async fn login_tries(&self, key: &str, since: u64) -> Result<(u32, Option<u64>), StoreError>;
    /// Forgets the sign-in attempts counted before `before`; how many.
    async fn forget_login_tries(&self, before: u64) -> Result<usize, StoreError>;
}

/// The table of the sign-in attempts at each name (the same in both stores). Old ones are
/// deleted once a minute: an attempt never deletes, so it never waits on another's delete.
/// The SQL of a name's skeleton, the same in both stores: lower case, and the characters that
/// look alike folded together (`i`, `l` and `1`; `o` and `0`; `-` and `_`). Two names with one
/// skeleton are one name: `paul` and `pauI`, `ann0` and `anno`.
macro_rules! skeleton_sql {
    ($arg:literal) => {
        concat!(
            "replace(replace(replace(replace(replace(lower(",
            $arg,
            "), 'i', 'l'), '1', 'l'), '0', 'o'), '-', '_'), ' ', '')"
        )
    };
}
pub(crate) use skeleton_sql;

/// The names taken (SQLite): the skeleton of every name an account was ever made with, kept when
/// the account is deleted (a closed account's name is never given again, as on lichess); those
/// of the accounts made before, added.
pub(crate) const NAMES_TAKEN_SQLITE: &str = concat!(
    "CREATE TABLE names_taken (skeleton TEXT PRIMARY KEY);
    INSERT OR IGNORE INTO names_taken (skeleton) SELECT ",
    skeleton_sql!("name"),
    " FROM accounts;"
);

/// The names taken (PostgreSQL), as [`NAMES_TAKEN_SQLITE`].
pub(crate) const NAMES_TAKEN_POSTGRES: &str = concat!(
    "CREATE TABLE names_taken (skeleton TEXT PRIMARY KEY);
    INSERT INTO names_taken (skeleton) SELECT ",
    skeleton_sql!("name"),
    " FROM accounts ON CONFLICT DO NOTHING;"
);

pub(crate) const LOGIN_TRIES: &str = "CREATE TABLE login_tries (
        name TEXT NOT NULL,
        at BIGINT NOT NULL
    );
    CREATE INDEX login_tries_name ON login_tries (name, at);
    CREATE INDEX login_tries_at ON login_tries (at);";

/// How long until the oldest of `count` attempts (the first at `oldest`) leaves the `window`
/// at `now`, if `count` reached `most`.
pub(crate) fn login_wait(
    count: i64,
    oldest: Option<i64>,
    now: u64,
    window: u64,
    most: u32,
) -> Option<u64> {
    (count >= i64::from(most)).then(|| {
        (oldest.unwrap_or(now as i64) as u64 + window)
            .saturating_sub(now)
            .max(1)
    })
}
