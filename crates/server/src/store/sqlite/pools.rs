//! The SQLite store's pools: each write its own transaction on the accounts' connection.

use super::SqliteStore;
use crate::record::Record;
use crate::store::pools::{paired_of, who_of, who_text, PoolSeat, PoolStore};
use crate::store::StoreError;
use rusqlite::params;

#[async_trait::async_trait]
impl PoolStore for SqliteStore {
    async fn pool_join(&self, seat: &PoolSeat) -> Result<(), StoreError> {
        let seat = seat.clone();
        self.in_transaction(move |db| {
            db.execute(
                "INSERT OR REPLACE INTO pool_seats (player, ticket, pool, proof, who, rating,
                    since, server, seen, game, side)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, NULL)",
                params![
                    seat.player,
                    seat.ticket as i64,
                    seat.pool,
                    seat.proof,
                    who_text(&seat.who),
                    seat.rating,
                    seat.since as i64,
                    seat.server as i64,
                    seat.seen as i64
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn pool_leave(&self, player: &str, ticket: u64) -> Result<(), StoreError> {
        let player = player.to_owned();
        self.in_transaction(move |db| {
            db.execute(
                "DELETE FROM pool_seats WHERE player = ?1 AND ticket = ?2",
                params![player, ticket as i64],
            )?;
            Ok(())
        })
        .await
    }

    async fn pool_seats(&self) -> Result<Vec<PoolSeat>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT player, ticket, pool, proof, who, rating, since, server, seen, game, side
             FROM pool_seats ORDER BY since, player",
            )?;
            let rows = query.query_map([], |r| {
                Ok((
                    PoolSeat {
                        player: r.get(0)?,
                        ticket: r.get::<_, i64>(1)? as u64,
                        pool: r.get(2)?,
                        proof: r.get(3)?,
                        who: None,
                        rating: r.get(5)?,
                        since: r.get::<_, i64>(6)? as u64,
                        server: r.get::<_, i64>(7)? as u64,
                        seen: r.get::<_, i64>(8)? as u64,
                        paired: paired_of(r.get(9)?, r.get(10)?),
                    },
                    r.get::<_, Option<String>>(4)?,
                ))
            })?;
            rows.map(|row| {
                let (mut seat, who) = row?;
                seat.who = who_of(who)?;
                Ok(seat)
            })
            .collect()
        })
        .await
    }

    async fn pool_pair(
        &self,
        white: (&str, u64),
        black: (&str, u64),
        game: &Record,
    ) -> Result<bool, StoreError> {
        let record = game.clone();
        let (white, black) = ((white.0.to_owned(), white.1), (black.0.to_owned(), black.1));
        // Within one transaction that writes (no other writer between the count and the
        // update): both seats are still waiting, or nothing is written.
        self.in_transaction(move |db| {
            let waiting: i64 = db.query_row(
                "SELECT count(*) FROM pool_seats WHERE game IS NULL
                    AND ((player = ?1 AND ticket = ?2) OR (player = ?3 AND ticket = ?4))",
                params![white.0, white.1 as i64, black.0, black.1 as i64],
                |r| r.get(0),
            )?;
            if waiting != 2 {
                return Ok(false);
            }
            let mut pair = db.prepare(
                "UPDATE pool_seats SET game = ?3, side = ?4 WHERE player = ?1 AND ticket = ?2",
            )?;
            for (side, (player, ticket)) in [white, black].into_iter().enumerate() {
                pair.execute(params![
                    player,
                    ticket as i64,
                    record.id as i64,
                    side as i64
                ])?;
            }
            super::insert(db, &record)?;
            Ok(true)
        })
        .await
    }

    async fn pool_seen(&self, server: u64, now: u64, before: u64) -> Result<(), StoreError> {
        self.in_transaction(move |db| {
            db.execute(
                "UPDATE pool_seats SET seen = ?2 WHERE server = ?1",
                params![server as i64, now as i64],
            )?;
            db.execute(
                "DELETE FROM pool_seats WHERE seen < ?1",
                params![before as i64],
            )?;
            Ok(())
        })
        .await
    }
}
