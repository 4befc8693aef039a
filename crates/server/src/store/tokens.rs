//! The personal access tokens' part of a store: each kept as its proof (a SHA-256 of the token,
//! as a session is), with its id, account, description, scopes and date.

use crate::accounts::Account;
use crate::store::StoreError;

/// The tokens' table (the same in both stores).
pub const TOKENS: &str = "CREATE TABLE tokens (
        proof TEXT PRIMARY KEY,
        id BIGINT NOT NULL,
        account BIGINT NOT NULL,
        description TEXT NOT NULL,
        scopes TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE INDEX tokens_account ON tokens (account);";

/// A token as kept, but its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// Its id.
    pub id: u64,
    /// What it is for.
    pub description: String,
    /// Its scopes, comma-separated.
    pub scopes: String,
    /// When it was made (ms since the epoch).
    pub created: u64,
}

/// The tokens' part of a store.
#[async_trait::async_trait]
pub trait TokenStore: Send + Sync + 'static {
    /// Keeps `token` of `account`, by its `proof`.
    async fn token_make(&self, account: u64, proof: &str, token: &Token) -> Result<(), StoreError>;
    /// `account`'s tokens, oldest first.
    async fn tokens(&self, account: u64) -> Result<Vec<Token>, StoreError>;
    /// Revokes `account`'s token `id`: whether it had one.
    async fn token_revoke(&self, account: u64, id: u64) -> Result<bool, StoreError>;
    /// The token kept by `proof`, and its account.
    async fn token(&self, proof: &str) -> Result<Option<(Account, Token)>, StoreError>;
}
