//! The challenges in SQLite (`crate::store::challenges`).

use super::SqliteStore;
use crate::store::challenges::{
    challenge_of, terms_text, Challenge, ChallengeStore, Status, CHALLENGE_COLUMNS,
};
use crate::store::StoreError;
use rusqlite::{params, OptionalExtension};
use topochess_protocol::GameId;

/// A challenge of a row read in `CHALLENGE_COLUMNS`' order.
fn read_challenge(r: &rusqlite::Row<'_>) -> Result<Challenge, StoreError> {
    let status: String = r.get(3)?;
    let terms: String = r.get(6)?;
    challenge_of(
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        &status,
        r.get(4)?,
        r.get(5)?,
        &terms,
    )
}

#[async_trait::async_trait]
impl ChallengeStore for SqliteStore {
    async fn challenge_make(&self, c: &Challenge) -> Result<(), StoreError> {
        let c = c.clone();
        self.in_transaction(move |db| {
            db.execute(
                "INSERT INTO challenges (id, challenger, dest, status, reason, created, terms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    c.id as i64,
                    c.challenger as i64,
                    c.dest.map(|d| d as i64),
                    c.status.text(),
                    c.reason,
                    c.created as i64,
                    terms_text(&c.terms)
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn challenge(&self, id: GameId) -> Result<Option<Challenge>, StoreError> {
        self.read(move |db| {
            let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?1");
            db.query_row(&sql, params![id as i64], |r| Ok(read_challenge(r)))
                .optional()?
                .transpose()
        })
        .await
    }

    async fn challenge_settle(
        &self,
        id: GameId,
        status: Status,
        reason: Option<&str>,
    ) -> Result<bool, StoreError> {
        let reason = reason.map(str::to_owned);
        self.in_transaction(move |db| {
            let changed = db.execute(
                "UPDATE challenges SET status = ?2, reason = ?3
                 WHERE id = ?1 AND status = 'created'",
                params![id as i64, status.text(), reason],
            )?;
            Ok(changed == 1)
        })
        .await
    }

    async fn challenges_open(
        &self,
        account: u64,
        since: u64,
    ) -> Result<Vec<Challenge>, StoreError> {
        self.read(move |db| {
            let sql = format!(
                "SELECT {CHALLENGE_COLUMNS} FROM challenges
                 WHERE (challenger = ?1 OR dest = ?1) AND status = 'created' AND created >= ?2
                 ORDER BY created, id"
            );
            let mut query = db.prepare(&sql)?;
            let rows = query.query_map(params![account as i64, since as i64], |r| {
                Ok(read_challenge(r))
            })?;
            rows.map(|r| r?).collect()
        })
        .await
    }

    async fn playing(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT id FROM games WHERE white_account = ?1 AND outcome IS NULL AND aborted = 0
                 UNION SELECT id FROM games
                 WHERE black_account = ?1 AND outcome IS NULL AND aborted = 0",
            )?;
            let rows = query.query_map(params![account as i64], |r| {
                r.get::<_, i64>(0).map(|id| id as u64)
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn bots(&self, limit: usize) -> Result<Vec<crate::accounts::Account>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT id, name, hash, created, bot FROM accounts WHERE bot = 1
                 ORDER BY key LIMIT ?1",
            )?;
            let rows = query.query_map(params![limit as i64], super::accounts::account_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn make_bot(&self, account: u64) -> Result<(), StoreError> {
        self.in_transaction(move |db| {
            db.execute(
                "UPDATE accounts SET bot = 1 WHERE id = ?1",
                params![account as i64],
            )?;
            Ok(())
        })
        .await
    }
}
