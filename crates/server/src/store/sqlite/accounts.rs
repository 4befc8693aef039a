//! The SQLite store's accounts: each write its own transaction on a connection of its own,
//! beside the games' writer (SQLite takes one writer at a time and the other waits).

use super::{record_of, SqliteStore, COLUMNS};
use crate::accounts::{name_key, Account};
use crate::ratings::{settle, settled_record, unsettled, Standing};
use crate::record::Record;
use crate::store::accounts::{login_wait, AccountStore, ArchiveQuery, Won};
use crate::store::StoreError;
use rusqlite::{params, Connection, OptionalExtension};
use topochess_core::Color;
use topochess_protocol::GameId;
use topochess_rating::Rating;

/// An account of a row (id, name, hash, created, bot).
pub(super) fn account_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get::<_, i64>(0)? as u64,
        name: r.get(1)?,
        hash: r.get(2)?,
        created: r.get::<_, i64>(3)? as u64,
        bot: r.get::<_, i64>(4)? != 0,
    })
}

/// A standing of a row (variant, rating, deviation, volatility, games, updated).
fn standing_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Standing> {
    Ok(Standing {
        variant: r.get(0)?,
        rating: Rating {
            rating: r.get(1)?,
            deviation: r.get(2)?,
            volatility: r.get(3)?,
        },
        games: r.get(4)?,
        updated: r.get::<_, i64>(5)? as u64,
    })
}

/// `account`'s standing at `variant`, if it played there rated.
fn standing(db: &Connection, account: u64, variant: &str) -> Result<Option<Standing>, StoreError> {
    Ok(db
        .query_row(
            "SELECT variant, rating, deviation, volatility, games, updated FROM ratings
             WHERE account = ?1 AND variant = ?2",
            params![account as i64, variant],
            standing_of,
        )
        .optional()?)
}

/// The challenges a deleted account made or was sent, canceled.
const CANCEL_CHALLENGES_SQLITE: &str = "UPDATE challenges SET status = 'canceled'
    WHERE status = 'created' AND (challenger = ?1 OR dest = ?1)";

fn ids(db: &Connection, sql: &str, p: impl rusqlite::Params) -> Result<Vec<GameId>, StoreError> {
    let mut query = db.prepare(sql)?;
    let rows = query.query_map(p, |r| r.get::<_, i64>(0).map(|id| id as u64))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

#[async_trait::async_trait]
impl AccountStore for SqliteStore {
    async fn sign_up(
        &self,
        name: &str,
        hash: &str,
        now: u64,
    ) -> Result<Option<Account>, StoreError> {
        let (name, hash) = (name.to_owned(), hash.to_owned());
        self.in_transaction(move |db| {
            let claimed = db.execute(
                concat!(
                    "INSERT OR IGNORE INTO names_taken (skeleton) VALUES (",
                    crate::store::accounts::skeleton_sql!("?1"),
                    ")"
                ),
                params![name],
            )?;
            if claimed == 0 {
                return Ok(None);
            }
            let made = db.execute(
                "INSERT INTO accounts (name, key, hash, created) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO NOTHING",
                params![name, name_key(&name), hash, now as i64],
            )?;
            Ok((made == 1).then(|| Account {
                id: db.last_insert_rowid() as u64,
                name,
                hash,
                created: now,
                bot: false,
            }))
        })
        .await
    }

    async fn account(&self, name: &str) -> Result<Option<Account>, StoreError> {
        let key = name_key(name);
        self.read(move |db| {
            Ok(db
                .query_row(
                    "SELECT id, name, hash, created, bot FROM accounts WHERE key = ?1",
                    params![key],
                    account_of,
                )
                .optional()?)
        })
        .await
    }

    async fn open_session(&self, proof: &str, account: u64, now: u64) -> Result<(), StoreError> {
        let proof = proof.to_owned();
        self.in_transaction(move |db| {
            db.execute(
                "INSERT INTO sessions (proof, account, created) VALUES (?1, ?2, ?3)",
                params![proof, account as i64, now as i64],
            )?;
            Ok(())
        })
        .await
    }

    async fn session(&self, proof: &str, since: u64) -> Result<Option<Account>, StoreError> {
        let proof = proof.to_owned();
        self.read(move |db| {
            Ok(db
                .query_row(
                    "SELECT a.id, a.name, a.hash, a.created, a.bot FROM sessions s
                     JOIN accounts a ON a.id = s.account WHERE s.proof = ?1 AND s.created >= ?2",
                    params![proof, since as i64],
                    account_of,
                )
                .optional()?)
        })
        .await
    }

    async fn close_session(&self, proof: &str) -> Result<(), StoreError> {
        let proof = proof.to_owned();
        self.in_transaction(move |db| {
            db.execute("DELETE FROM sessions WHERE proof = ?1", params![proof])?;
            Ok(())
        })
        .await
    }

    async fn close_sessions(&self, account: u64, keep: Option<&str>) -> Result<(), StoreError> {
        let keep = keep.map(str::to_owned);
        self.in_transaction(move |db| {
            db.execute(
                "DELETE FROM sessions WHERE account = ?1 AND proof IS NOT ?2",
                params![account as i64, keep],
            )?;
            Ok(())
        })
        .await
    }

    async fn set_password(&self, account: u64, hash: &str) -> Result<(), StoreError> {
        let hash = hash.to_owned();
        self.in_transaction(move |db| {
            db.execute(
                "UPDATE accounts SET hash = ?2 WHERE id = ?1",
                params![account as i64, hash],
            )?;
            Ok(())
        })
        .await
    }

    async fn delete_account(&self, account: u64) -> Result<(), StoreError> {
        self.in_transaction(move |db| {
            for table in ["sessions", "tokens", "ratings", "rating_history"] {
                db.execute(
                    &format!("DELETE FROM {table} WHERE account = ?1"),
                    params![account as i64],
                )?;
            }
            db.execute(CANCEL_CHALLENGES_SQLITE, params![account as i64])?;
            db.execute(
                "DELETE FROM accounts WHERE id = ?1",
                params![account as i64],
            )?;
            Ok(())
        })
        .await
    }

    async fn games_of(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        self.read(move |db| {
            ids(
                db,
                "SELECT id FROM games WHERE white_account = ?1 UNION
                 SELECT id FROM games WHERE black_account = ?1",
                params![account as i64],
            )
        })
        .await
    }

    async fn guest_seats(&self, proof: &str) -> Result<Vec<GameId>, StoreError> {
        let proof = proof.to_owned();
        self.read(move |db| {
            ids(
                db,
                "SELECT id FROM games WHERE (white = ?1 AND white_account IS NULL)
                    OR (black = ?1 AND black_account IS NULL)",
                params![proof],
            )
        })
        .await
    }

    async fn standings(&self, account: u64) -> Result<Vec<Standing>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT variant, rating, deviation, volatility, games, updated FROM ratings
                 WHERE account = ?1 ORDER BY variant",
            )?;
            let rows = query.query_map(params![account as i64], standing_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn history(&self, account: u64) -> Result<Vec<(String, u64, f64)>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT variant, at, rating FROM rating_history WHERE account = ?1
                 ORDER BY at, rowid",
            )?;
            let rows = query.query_map(params![account as i64], |r| {
                Ok((r.get(0)?, r.get::<_, i64>(1)? as u64, r.get(2)?))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn rate(&self, id: GameId, now: u64) -> Result<Option<Record>, StoreError> {
        self.in_transaction(move |db| {
            let game = db
                .query_row(
                    &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
                    params![id as i64],
                    record_of,
                )
                .optional()?;
            let Some(game) = game.filter(unsettled) else {
                return Ok(None);
            };
            let mut before = [None, None];
            for side in [Color::White, Color::Black] {
                if let Some(account) = game.account(side) {
                    before[side.index()] = standing(db, account, &game.variant)?;
                }
            }
            let settled = settle(&game, [before[0].as_ref(), before[1].as_ref()], now);
            if let Some(s) = &settled {
                for (side, after) in [Color::White, Color::Black].into_iter().zip(&s.after) {
                    let account = game.account(side).expect("a rated game's players") as i64;
                    db.execute(
                        "INSERT INTO ratings (account, variant, rating, deviation, volatility,
                            games, updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                         ON CONFLICT (account, variant) DO UPDATE SET rating = ?3,
                            deviation = ?4, volatility = ?5, games = ?6, updated = ?7",
                        params![
                            account,
                            after.variant,
                            after.rating.rating,
                            after.rating.deviation,
                            after.rating.volatility,
                            after.games,
                            after.updated as i64
                        ],
                    )?;
                    db.execute(
                        "INSERT INTO rating_history (account, variant, at, rating, game)
                         VALUES (?1, ?2, ?3, ?4, ?5)",
                        params![
                            account,
                            after.variant,
                            now as i64,
                            after.rating.rating,
                            id as i64
                        ],
                    )?;
                }
            }
            let kept = settled_record(game, settled.as_ref());
            db.execute(
                "UPDATE games SET rated = 2, players = ?2, revision = ?3 WHERE id = ?1",
                params![id as i64, kept.players_text(), kept.revision as i64],
            )?;
            Ok(Some(kept))
        })
        .await
    }

    async fn unsettled(&self) -> Result<Vec<GameId>, StoreError> {
        self.read(|db| {
            ids(
                db,
                "SELECT id FROM games WHERE rated = 1 AND (outcome IS NOT NULL OR aborted = 1)",
                [],
            )
        })
        .await
    }

    async fn archive(&self, q: &ArchiveQuery) -> Result<Vec<Record>, StoreError> {
        let q = q.clone();
        self.read(move |db| archive(db, &q)).await
    }

    async fn leaderboard(
        &self,
        variant: &str,
        since: u64,
        most_deviation: f64,
        limit: usize,
    ) -> Result<Vec<(String, Standing)>, StoreError> {
        let variant = variant.to_owned();
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT r.variant, r.rating, r.deviation, r.volatility, r.games, r.updated, a.name
                 FROM ratings r JOIN accounts a ON a.id = r.account
                 WHERE r.variant = ?1 AND r.updated > ?2 AND r.deviation <= ?3
                 ORDER BY r.rating DESC, a.key LIMIT ?4",
            )?;
            let rows = query.query_map(
                params![variant, since as i64, most_deviation, limit as i64],
                |r| Ok((r.get(6)?, standing_of(r)?)),
            )?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn login_try(
        &self,
        name: &str,
        now: u64,
        window: u64,
        most: u32,
    ) -> Result<Option<u64>, StoreError> {
        let name = name.to_owned();
        // One writer at a time: the count and the new attempt with no other write between.
        self.in_transaction(move |db| {
            let (count, oldest): (i64, Option<i64>) = db.query_row(
                "SELECT count(*), min(at) FROM login_tries WHERE name = ?1 AND at > ?2",
                params![name, now as i64 - window as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let wait = login_wait(count, oldest, now, window, most);
            if wait.is_none() {
                db.execute(
                    "INSERT INTO login_tries (name, at) VALUES (?1, ?2)",
                    params![name, now as i64],
                )?;
            }
            Ok(wait)
        })
        .await
    }

    async fn login_tries(&self, key: &str, since: u64) -> Result<(u32, Option<u64>), StoreError> {
        let key = key.to_owned();
        self.read(move |db| {
            Ok(db.query_row(
                "SELECT count(*), min(at) FROM login_tries WHERE name = ?1 AND at > ?2",
                params![key, since as i64],
                |r| {
                    let (count, oldest): (i64, Option<i64>) = (r.get(0)?, r.get(1)?);
                    Ok((count as u32, oldest.map(|at| at as u64)))
                },
            )?)
        })
        .await
    }

    async fn forget_login_tries(&self, before: u64) -> Result<usize, StoreError> {
        self.in_transaction(move |db| {
            Ok(db.execute(
                "DELETE FROM login_tries WHERE at < ?1",
                params![before as i64],
            )?)
        })
        .await
    }
}

/// A player's finished games as the archive's query asks.
fn archive(db: &Connection, q: &ArchiveQuery) -> Result<Vec<Record>, StoreError> {
    let mut query = db.prepare(&format!(
        "SELECT {COLUMNS} FROM games
             WHERE (white_account = ?1 OR black_account = ?1) AND winner IS NOT NULL
                AND (?2 IS NULL OR variant = ?2)
                AND (?3 IS NULL
                    OR (?3 = 'draw' AND winner = 'draw')
                    OR (?3 = 'win' AND ((white_account = ?1 AND winner = 'white')
                        OR (black_account = ?1 AND winner = 'black')))
                    OR (?3 = 'loss' AND ((white_account = ?1 AND winner = 'black')
                        OR (black_account = ?1 AND winner = 'white'))))
             ORDER BY created DESC, id LIMIT ?4 OFFSET ?5"
    ))?;
    let rows = query.query_map(
        params![
            q.account as i64,
            q.variant,
            q.result.map(Won::text),
            q.limit as i64,
            q.offset as i64
        ],
        record_of,
    )?;
    Ok(rows.collect::<Result<_, _>>()?)
}
