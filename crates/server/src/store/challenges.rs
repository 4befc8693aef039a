//! The challenges' part of a store (`crate::challenges`): each challenge with its two accounts,
//! its state and what it asks (JSON); and what a program asks of an account: the games it is
//! playing, and its upgrade to a bot.

use crate::store::StoreError;
use serde::{Deserialize, Serialize};
use topochess_protocol::GameId;

/// The challenges' table, and the accounts' bot mark (the same in both stores).
pub const CHALLENGES: &str = "CREATE TABLE challenges (
        id BIGINT PRIMARY KEY,
        challenger BIGINT NOT NULL,
        dest BIGINT,
        status TEXT NOT NULL,
        reason TEXT,
        created BIGINT NOT NULL,
        terms TEXT NOT NULL
    );
    CREATE INDEX challenges_challenger ON challenges (challenger, created);
    CREATE INDEX challenges_dest ON challenges (dest, created);
    ALTER TABLE accounts ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;";

/// Where a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Waiting for an answer.
    Created,
    /// Accepted: its game, of the same id, is being played.
    Accepted,
    /// Declined by the player challenged.
    Declined,
    /// Withdrawn by its challenger.
    Canceled,
}

impl Status {
    /// Its name, as kept and as lichess writes it.
    pub fn text(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Accepted => "accepted",
            Status::Declined => "declined",
            Status::Canceled => "canceled",
        }
    }

    /// The status named `text`.
    pub fn of(text: &str) -> Option<Status> {
        [
            Status::Created,
            Status::Accepted,
            Status::Declined,
            Status::Canceled,
        ]
        .into_iter()
        .find(|s| s.text() == text)
    }
}

/// What a challenge asks: the game, and who plays it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terms {
    /// The challenger's name.
    pub challenger_name: String,
    /// The challenged player's name (none: an open challenge, for whoever has its link).
    pub dest_name: Option<String>,
    /// The preset's id.
    pub variant: String,
    /// Seconds at the start and added a move; none: no clock.
    pub clock: Option<(u32, u32)>,
    /// The challenger's side: `white`, `black` or `random`.
    pub color: topochess_protocol::Side,
    /// Rated.
    pub rated: bool,
}

/// A challenge as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id, and its game's once accepted.
    pub id: GameId,
    /// The challenger's account.
    pub challenger: u64,
    /// The challenged player's account (none: an open challenge).
    pub dest: Option<u64>,
    /// Where it stands.
    pub status: Status,
    /// Why it was declined (lichess's reason key: `generic`, `later`, `variant`...).
    pub reason: Option<String>,
    /// When it was made (ms since the epoch).
    pub created: u64,
    /// What it asks.
    pub terms: Terms,
}

/// The challenges' part of a store.
#[async_trait::async_trait]
pub trait ChallengeStore: Send + Sync + 'static {
    /// Keeps a new challenge.
    async fn challenge_make(&self, challenge: &Challenge) -> Result<(), StoreError>;
    /// The challenge `id`, if kept.
    async fn challenge(&self, id: GameId) -> Result<Option<Challenge>, StoreError>;
    /// Challenge `id` is now `status` (with `reason`), if it was still waiting: whether it was.
    /// Of two servers answering one challenge at once, one does.
    async fn challenge_settle(
        &self,
        id: GameId,
        status: Status,
        reason: Option<&str>,
    ) -> Result<bool, StoreError>;
    /// The challenges waiting that `account` made or was sent, made since `since`, oldest
    /// first.
    async fn challenges_open(&self, account: u64, since: u64)
        -> Result<Vec<Challenge>, StoreError>;
    /// The games `account` sits at that are not over.
    async fn playing(&self, account: u64) -> Result<Vec<GameId>, StoreError>;
    /// Marks `account` a bot.
    async fn make_bot(&self, account: u64) -> Result<(), StoreError>;
    /// The bot accounts, by name, at most `limit`.
    async fn bots(&self, limit: usize) -> Result<Vec<crate::accounts::Account>, StoreError>;
}

/// The terms as kept (JSON).
pub(crate) fn terms_text(terms: &Terms) -> String {
    serde_json::to_string(terms).expect("terms are JSON")
}

/// The terms kept as `text`.
pub(crate) fn terms_of(text: &str) -> Result<Terms, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError(format!("a challenge's terms: {e}")))
}

/// The columns a challenge is read from, in order.
pub(crate) const CHALLENGE_COLUMNS: &str = "id, challenger, dest, status, reason, created, terms";

/// A challenge of its columns as read: id, challenger, dest, status, reason, created, terms.
pub(crate) fn challenge_of(
    id: i64,
    challenger: i64,
    dest: Option<i64>,
    status: &str,
    reason: Option<String>,
    created: i64,
    terms: &str,
) -> Result<Challenge, StoreError> {
    Ok(Challenge {
        id: id as u64,
        challenger: challenger as u64,
        dest: dest.map(|d| d as u64),
        status: Status::of(status)
            .ok_or_else(|| StoreError(format!("a challenge's status {status:?}")))?,
        reason,
        created: created as u64,
        terms: terms_of(terms)?,
    })
}
