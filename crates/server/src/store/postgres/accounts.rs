//! The PostgreSQL store's accounts. A game's rating is one transaction that locks the game's row
//! and both players' ratings, so that of two servers rating one game, one does and the other
//! finds it settled; and a player ending two games at once on two servers has both counted.

use super::{record_of, PgStore, CHANNEL, COLUMNS};
use crate::accounts::{name_key, Account};
use crate::ratings::{settle, settled_record, unsettled, Standing};
use crate::record::Record;
use crate::store::accounts::{login_wait, AccountStore, ArchiveQuery, Won};
use crate::store::StoreError;
use tokio_postgres::Row;
use topochess_core::Color;
use topochess_protocol::GameId;
use topochess_rating::Rating;

/// An account of a row (id, name, hash, created, bot).
pub(super) fn account_of(r: &Row) -> Result<Account, StoreError> {
    Ok(Account {
        id: r.try_get::<_, i64>(0)? as u64,
        name: r.try_get(1)?,
        hash: r.try_get(2)?,
        created: r.try_get::<_, i64>(3)? as u64,
        bot: r.try_get::<_, i32>(4)? != 0,
    })
}

/// A standing of a row (variant, rating, deviation, volatility, games, updated).
fn standing_of(r: &Row) -> Result<Standing, StoreError> {
    Ok(Standing {
        variant: r.try_get(0)?,
        rating: Rating {
            rating: r.try_get(1)?,
            deviation: r.try_get(2)?,
            volatility: r.try_get(3)?,
        },
        games: r.try_get::<_, i32>(4)? as u32,
        updated: r.try_get::<_, i64>(5)? as u64,
    })
}

fn ids(rows: Vec<Row>) -> Result<Vec<GameId>, StoreError> {
    rows.iter()
        .map(|r| Ok(r.try_get::<_, i64>(0)? as u64))
        .collect()
}

const STANDING: &str = "variant, rating, deviation, volatility, games, updated";

#[async_trait::async_trait]
impl AccountStore for PgStore {
    async fn sign_up(
        &self,
        name: &str,
        hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        let client = self.client().await?;
        let made = client
            .query_opt(
                // The name's skeleton claimed and the account made in one statement: of two
                // sign-ups of look-alike names at once, one is made.
                concat!(
                    "WITH claimed AS (INSERT INTO names_taken (skeleton) VALUES (",
                    crate::store::accounts::skeleton_sql!("$1"),
                    ") ON CONFLICT DO NOTHING RETURNING skeleton)
                 INSERT INTO accounts (name, key, hash, created)
                 SELECT $1, $2, $3, $4 FROM claimed
                 ON CONFLICT (key) DO NOTHING RETURNING id, name, hash, created, bot"
                ),
                &[&name, &name_key(name), &hash, &(now as i64)],
            )
            .await?;
        made.map(|r| account_of(&r)).transpose()
    }

    async fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let client = self.client().await?;
        client
            .query_opt(
                "SELECT id, name, hash, created, bot FROM accounts WHERE key = $1",
                &[&name_key(name)],
            )
            .await?
            .map(|r| account_of(&r))
            .transpose()
    }

    async fn open_session(&self, proof: &str, account: u64, now: u64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "INSERT INTO sessions (proof, account, created) VALUES ($1, $2, $3)",
                &[&proof, &(account as i64), &(now as i64)],
            )
            .await?;
        Ok(())
    }

    async fn session(&self, proof: &str, since: u64) -> Result<Option<Account>, StoreError> {
        let client = self.client().await?;
        client
            .query_opt(
                "SELECT a.id, a.name, a.hash, a.created, a.bot FROM sessions s
                 JOIN accounts a ON a.id = s.account WHERE s.proof = $1 AND s.created >= $2",
                &[&proof, &(since as i64)],
            )
            .await?
            .map(|r| account_of(&r))
            .transpose()
    }

    async fn close_session(&self, proof: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute("DELETE FROM sessions WHERE proof = $1", &[&proof])
            .await?;
        Ok(())
    }

    async fn close_sessions(&self, account: u64, keep: Option<&str>) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "DELETE FROM sessions WHERE account = $1 AND proof IS DISTINCT FROM $2",
                &[&(account as i64), &keep],
            )
            .await?;
        Ok(())
    }

    async fn set_password(&self, account: u64, hash: &str) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE accounts SET hash = $2 WHERE id = $1",
                &[&(account as i64), &hash],
            )
            .await?;
        Ok(())
    }

    async fn delete_account(&self, account: u64) -> Result<(), StoreError> {
        let mut client = self.client().await?;
        let t = client.transaction().await?;
        for table in ["sessions", "tokens", "ratings", "rating_history"] {
            t.execute(
                &format!("DELETE FROM {table} WHERE account = $1"),
                &[&(account as i64)],
            )
            .await?;
        }
        // The challenges it made or was sent are canceled.
        t.execute(
            "UPDATE challenges SET status = 'canceled'
             WHERE status = 'created' AND (challenger = $1 OR dest = $1)",
            &[&(account as i64)],
        )
        .await?;
        t.execute("DELETE FROM accounts WHERE id = $1", &[&(account as i64)])
            .await?;
        t.commit().await?;
        Ok(())
    }

    async fn games_of(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        ids(client
            .query(
                "SELECT id FROM games WHERE white_account = $1 UNION
                 SELECT id FROM games WHERE black_account = $1",
                &[&(account as i64)],
            )
            .await?)
    }

    async fn guest_seats(&self, proof: &str) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        ids(client
            .query(
                "SELECT id FROM games WHERE (white = $1 AND white_account IS NULL)
                    OR (black = $1 AND black_account IS NULL)",
                &[&proof],
            )
            .await?)
    }

    async fn standings(&self, account: u64) -> Result<Vec<Standing>, StoreError> {
        let client = self.client().await?;
        client
            .query(
                &format!("SELECT {STANDING} FROM ratings WHERE account = $1 ORDER BY variant"),
                &[&(account as i64)],
            )
            .await?
            .iter()
            .map(standing_of)
            .collect()
    }

    async fn history(&self, account: u64) -> Result<Vec<(String, u64, f64)>, StoreError> {
        let client = self.client().await?;
        client
            .query(
                "SELECT variant, at, rating FROM rating_history WHERE account = $1
                 ORDER BY at, id",
                &[&(account as i64)],
            )
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get::<_, i64>(1)? as u64, r.try_get(2)?)))
            .collect()
    }

    async fn rate(&self, id: GameId, now: u64) -> Result<Option<Record>, StoreError> {
        let mut client = self.client().await?;
        let t = client.transaction().await?;
        let row = t
            .query_opt(
                &format!("SELECT {COLUMNS} FROM games WHERE id = $1 FOR UPDATE"),
                &[&(id as i64)],
            )
            .await?;
        let Some(game) = row.map(|r| record_of(&r)).transpose()? else {
            return Ok(None);
        };
        if !unsettled(&game) {
            return Ok(None);
        }
        // Both players' ratings locked, in one order (the lower account first): no deadlock.
        let accounts: Vec<i64> = [Color::White, Color::Black]
            .iter()
            .filter_map(|&side| game.account(side).map(|a| a as i64))
            .collect();
        let rows = t
            .query(
                &format!(
                    "SELECT {STANDING}, account FROM ratings WHERE account = ANY($1)
                        AND variant = $2 ORDER BY account FOR UPDATE"
                ),
                &[&accounts, &game.variant],
            )
            .await?;
        let mut before = [None, None];
        for row in rows {
            let account = row.try_get::<_, i64>(6)? as u64;
            let standing = standing_of(&row)?;
            for side in [Color::White, Color::Black] {
                if game.account(side) == Some(account) {
                    before[side.index()] = Some(standing.clone());
                }
            }
        }
        let settled = settle(&game, [before[0].as_ref(), before[1].as_ref()], now);
        if let Some(s) = &settled {
            for (side, after) in [Color::White, Color::Black].into_iter().zip(&s.after) {
                let account = game.account(side).expect("a rated game's players") as i64;
                t.execute(
                    "INSERT INTO ratings (account, variant, rating, deviation, volatility, games,
                        updated) VALUES ($1, $2, $3, $4, $5, $6, $7)
                     ON CONFLICT (account, variant) DO UPDATE SET rating = $3, deviation = $4,
                        volatility = $5, games = $6, updated = $7",
                    &[
                        &account,
                        &after.variant,
                        &after.rating.rating,
                        &after.rating.deviation,
                        &after.rating.volatility,
                        &(after.games as i32),
                        &(after.updated as i64),
                    ],
                )
                .await?;
                t.execute(
                    "INSERT INTO rating_history (account, variant, at, rating, game)
                     VALUES ($1, $2, $3, $4, $5)",
                    &[
                        &account,
                        &after.variant,
                        &(now as i64),
                        &after.rating.rating,
                        &(id as i64),
                    ],
                )
                .await?;
            }
        }
        let kept = settled_record(game, settled.as_ref());
        t.execute(
            &format!(
                "WITH kept AS (UPDATE games SET rated = 2, players = $2, revision = $3
                    WHERE id = $1 RETURNING id, revision)
                 SELECT pg_notify('{CHANNEL}', 'g ' || id || ' ' || revision || ' 0') FROM kept"
            ),
            &[&(id as i64), &kept.players_text(), &(kept.revision as i64)],
        )
        .await?;
        t.commit().await?;
        Ok(Some(kept))
    }

    async fn unsettled(&self) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        ids(client
            .query(
                "SELECT id FROM games WHERE rated = 1 AND (outcome IS NOT NULL OR aborted)",
                &[],
            )
            .await?)
    }

    async fn archive(&self, q: &ArchiveQuery) -> Result<Vec<Record>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!(
                "SELECT {COLUMNS} FROM games
                 WHERE (white_account = $1 OR black_account = $1) AND winner IS NOT NULL
                    AND ($2::TEXT IS NULL OR variant = $2)
                    AND ($3::TEXT IS NULL
                        OR ($3 = 'draw' AND winner = 'draw')
                        OR ($3 = 'win' AND ((white_account = $1 AND winner = 'white')
                            OR (black_account = $1 AND winner = 'black')))
                        OR ($3 = 'loss' AND ((white_account = $1 AND winner = 'black')
                            OR (black_account = $1 AND winner = 'white'))))
                 ORDER BY created DESC, id LIMIT $4 OFFSET $5"
            ))
            .await?;
        client
            .query(
                &query,
                &[
                    &(q.account as i64),
                    &q.variant,
                    &q.result.map(Won::text),
                    &(q.limit as i64),
                    &(q.offset as i64),
                ],
            )
            .await?
            .iter()
            .map(record_of)
            .collect()
    }

    async fn leaderboard(
        &self,
        variant: &str,
        since: u64,
        most_deviation: f64,
        limit: usize,
    ) -> Result<Vec<(String, Standing)>, StoreError> {
        let client = self.client().await?;
        client
            .query(
                "SELECT r.variant, r.rating, r.deviation, r.volatility, r.games, r.updated, a.name
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.variant = $1 AND r.updated > $2 AND r.deviation <= $3
                 ORDER BY r.rating DESC, a.key LIMIT $4",
                &[&variant, &(since as i64), &most_deviation, &(limit as i64)],
            )
            .await?
            .iter()
            .map(|r| Ok((r.try_get(6)?, standing_of(r)?)))
            .collect()
    }

    async fn login_try(
        &self,
        name: &str,
        now: u64,
        window: u64,
        most: u32,
    ) -> Result<Option<u64>, StoreError> {
        let mut client = self.client().await?;
        let t = client.transaction().await?;
        // Attempts at one name, on any server, are counted one after the other: a lock on the
        // name's hash for the transaction (names of one hash wait on each other, and no more).
        t.execute("SELECT pg_advisory_xact_lock(hashtext($1))", &[&name])
            .await?;
        let row = t
            .query_one(
                "SELECT count(*), min(at) FROM login_tries WHERE name = $1 AND at > $2",
                &[&name, &(now as i64 - window as i64)],
            )
            .await?;
        let wait = login_wait(row.try_get(0)?, row.try_get(1)?, now, window, most);
        if wait.is_none() {
            t.execute(
                "INSERT INTO login_tries (name, at) VALUES ($1, $2)",
                &[&name, &(now as i64)],
            )
            .await?;
        }
        t.commit().await?;
        Ok(wait)
    }

    async fn login_tries(&self, key: &str, since: u64) -> Result<(u32, Option<u64>), StoreError> {
        let row = self
            .client()
            .await?
            .query_one(
                "SELECT count(*), min(at) FROM login_tries WHERE name = $1 AND at > $2",
                &[&key, &(since as i64)],
            )
            .await?;
        let (count, oldest): (i64, Option<i64>) = (row.try_get(0)?, row.try_get(1)?);
        Ok((count as u32, oldest.map(|at| at as u64)))
    }

    async fn forget_login_tries(&self, before: u64) -> Result<usize, StoreError> {
        let gone = self
            .client()
            .await?
            .execute("DELETE FROM login_tries WHERE at < $1", &[&(before as i64)])
            .await?;
        Ok(gone as usize)
    }
}
