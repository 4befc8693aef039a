//! The challenges in PostgreSQL (`crate::store::challenges`): a challenge is answered by one
//! conditional update, so of two servers answering it at once, one does.

use super::PgStore;
use crate::store::challenges::{
    challenge_of, terms_text, Challenge, ChallengeStore, Status, CHALLENGE_COLUMNS,
};
use crate::store::StoreError;
use tokio_postgres::Row;
use topochess_protocol::GameId;

/// A challenge of a row read in `CHALLENGE_COLUMNS`' order.
fn read_challenge(r: &Row) -> Result<Challenge, StoreError> {
    let status: String = r.try_get(3)?;
    let terms: String = r.try_get(6)?;
    challenge_of(
        r.try_get(0)?,
        r.try_get(1)?,
        r.try_get(2)?,
        &status,
        r.try_get(4)?,
        r.try_get(5)?,
        &terms,
    )
}

#[async_trait::async_trait]
impl ChallengeStore for PgStore {
    async fn challenge_make(&self, c: &Challenge) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO challenges (id, challenger, dest, status, reason, created, terms)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &(c.id as i64),
                    &(c.challenger as i64),
                    &c.dest.map(|d| d as i64),
                    &c.status.text(),
                    &c.reason,
                    &(c.created as i64),
                    &terms_text(&c.terms),
                ],
            )
            .await?;
        Ok(())
    }

    async fn challenge(&self, id: GameId) -> Result<Option<Challenge>, StoreError> {
        let client = self.client().await?;
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1");
        client
            .query_opt(&sql, &[&(id as i64)])
            .await?
            .map(|r| read_challenge(&r))
            .transpose()
    }

    async fn challenge_settle(
        &self,
        id: GameId,
        status: Status,
        reason: Option<&str>,
    ) -> Result<bool, StoreError> {
        let client = self.client().await?;
        let changed = client
            .execute(
                "UPDATE challenges SET status = $2, reason = $3
                 WHERE id = $1 AND status = 'created'",
                &[&(id as i64), &status.text(), &reason],
            )
            .await?;
        Ok(changed == 1)
    }

    async fn challenges_open(
        &self,
        account: u64,
        since: u64,
    ) -> Result<Vec<Challenge>, StoreError> {
        let client = self.client().await?;
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges
             WHERE (challenger = $1 OR dest = $1) AND status = 'created' AND created >= $2
             ORDER BY created, id"
        );
        let rows = client
            .query(&sql, &[&(account as i64), &(since as i64)])
            .await?;
        rows.iter().map(read_challenge).collect()
    }

    async fn playing(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id FROM games WHERE white_account = $1 AND outcome IS NULL AND NOT aborted
                 UNION SELECT id FROM games
                 WHERE black_account = $1 AND outcome IS NULL AND NOT aborted",
                &[&(account as i64)],
            )
            .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<_, i64>(0)? as u64))
            .collect()
    }

    async fn bots(&self, limit: usize) -> Result<Vec<crate::accounts::Account>, StoreError> {
        let client = self.client().await?;
        let rows = client
            .query(
                "SELECT id, name, hash, created, bot FROM accounts WHERE bot = 1
                 ORDER BY key LIMIT $1",
                &[&(limit as i64)],
            )
            .await?;
        rows.iter().map(super::accounts::account_of).collect()
    }

    async fn make_bot(&self, account: u64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE accounts SET bot = 1 WHERE id = $1",
                &[&(account as i64)],
            )
            .await?;
        Ok(())
    }
}
