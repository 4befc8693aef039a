//! The personal access tokens in SQLite (`crate::store::tokens`).

use super::SqliteStore;
use crate::accounts::Account;
use crate::store::tokens::{Token, TokenStore};
use crate::store::StoreError;
use rusqlite::{params, OptionalExtension};

fn token_of(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Token> {
    Ok(Token {
        id: r.get::<_, i64>(at)? as u64,
        description: r.get(at + 1)?,
        scopes: r.get(at + 2)?,
        created: r.get::<_, i64>(at + 3)? as u64,
    })
}

#[async_trait::async_trait]
impl TokenStore for SqliteStore {
    async fn token_make(&self, account: u64, proof: &str, token: &Token) -> Result<(), StoreError> {
        let (proof, token) = (proof.to_owned(), token.clone());
        self.in_transaction(move |db| {
            db.execute(
                "INSERT INTO tokens (proof, id, account, description, scopes, created)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    proof,
                    token.id as i64,
                    account as i64,
                    token.description,
                    token.scopes,
                    token.created as i64
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn tokens(&self, account: u64) -> Result<Vec<Token>, StoreError> {
        self.read(move |db| {
            let mut read = db.prepare(
                "SELECT id, description, scopes, created FROM tokens WHERE account = ?1
                 ORDER BY created, id",
            )?;
            let tokens = read
                .query_map(params![account as i64], |r| token_of(r, 0))?
                .collect::<Result<_, _>>()?;
            Ok(tokens)
        })
        .await
    }

    async fn token_revoke(&self, account: u64, id: u64) -> Result<bool, StoreError> {
        self.in_transaction(move |db| {
            let gone = db.execute(
                "DELETE FROM tokens WHERE account = ?1 AND id = ?2",
                params![account as i64, id as i64],
            )?;
            Ok(gone > 0)
        })
        .await
    }

    async fn token(&self, proof: &str) -> Result<Option<(Account, Token)>, StoreError> {
        let proof = proof.to_owned();
        self.read(move |db| {
            Ok(db
                .query_row(
                    "SELECT a.id, a.name, a.hash, a.created, a.bot, t.id, t.description, t.scopes,
                        t.created FROM tokens t JOIN accounts a ON a.id = t.account
                     WHERE t.proof = ?1",
                    params![proof],
                    |r| Ok((super::accounts::account_of(r)?, token_of(r, 5)?)),
                )
                .optional()?)
        })
        .await
    }
}
