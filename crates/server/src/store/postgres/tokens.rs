//! The personal access tokens in PostgreSQL (`crate::store::tokens`).

use super::PgStore;
use crate::accounts::Account;
use crate::store::tokens::{Token, TokenStore};
use crate::store::StoreError;
use tokio_postgres::Row;

fn token_of(r: &Row, at: usize) -> Result<Token, StoreError> {
    Ok(Token {
        id: r.try_get::<_, i64>(at)? as u64,
        description: r.try_get(at + 1)?,
        scopes: r.try_get(at + 2)?,
        created: r.try_get::<_, i64>(at + 3)? as u64,
    })
}

#[async_trait::async_trait]
impl TokenStore for PgStore {
    async fn token_make(&self, account: u64, proof: &str, token: &Token) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO tokens (proof, id, account, description, scopes, created)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                &[
                    &proof,
                    &(token.id as i64),
                    &(account as i64),
                    &token.description,
                    &token.scopes,
                    &(token.created as i64),
                ],
            )
            .await?;
        Ok(())
    }

    async fn tokens(&self, account: u64) -> Result<Vec<Token>, StoreError> {
        let client = self.client().await?;
        client
            .query(
                "SELECT id, description, scopes, created FROM tokens WHERE account = $1
                 ORDER BY created, id",
                &[&(account as i64)],
            )
            .await?
            .iter()
            .map(|r| token_of(r, 0))
            .collect()
    }

    async fn token_revoke(&self, account: u64, id: u64) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let gone = client
            .execute(
                "DELETE FROM tokens WHERE account = $1 AND id = $2",
                &[&(account as i64), &(id as i64)],
            )
            .await?;
        Ok(gone > 0)
    }

    async fn token(&self, proof: &str) -> Result<Option<(Account, Token)>, StoreError> {
        let client = self.client().await?;
        client
            .query_opt(
                "SELECT a.id, a.name, a.hash, a.created, a.bot, t.id, t.description, t.scopes,
                    t.created FROM tokens t JOIN accounts a ON a.id = t.account
                 WHERE t.proof = $1",
                &[&proof],
            )
            .await?
            .map(|r| Ok((super::accounts::account_of(&r)?, token_of(&r, 5)?)))
            .transpose()
    }
}
