//! The PostgreSQL store's pools. A pair is one update of both seats, kept only when it changed
//! both: of two servers pairing one seat at once, the second finds it paired and writes nothing.

use super::PgStore;
use crate::record::Record;
use crate::store::pools::{paired_of, who_of, who_text, PoolSeat, PoolStore};
use crate::store::StoreError;

#[async_trait::async_trait]
impl PoolStore for PgStore {
    async fn pool_join(&self, seat: &PoolSeat) -> Result<(), StoreError> {
        self.client()
            .await?
            .execute(
                "INSERT INTO pool_seats (player, ticket, pool, proof, who, rating, since, server,
                    seen, game, side)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL)
                 ON CONFLICT (player) DO UPDATE SET ticket = $2, pool = $3, proof = $4, who = $5,
                    rating = $6, since = $7, server = $8, seen = $9, game = NULL, side = NULL",
                &[
                    &seat.player,
                    &(seat.ticket as i64),
                    &seat.pool,
                    &seat.proof,
                    &who_text(&seat.who),
                    &seat.rating,
                    &(seat.since as i64),
                    &(seat.server as i64),
                    &(seat.seen as i64),
                ],
            )
            .await?;
        Ok(())
    }

    async fn pool_leave(&self, player: &str, ticket: u64) -> Result<(), StoreError> {
        self.client()
            .await?
            .execute(
                "DELETE FROM pool_seats WHERE player = $1 AND ticket = $2",
                &[&player, &(ticket as i64)],
            )
            .await?;
        Ok(())
    }

    async fn pool_seats(&self) -> Result<Vec<PoolSeat>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                "SELECT player, ticket, pool, proof, who, rating, since, server, seen, game, side
                 FROM pool_seats ORDER BY since, player",
                &[],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(PoolSeat {
                    player: r.try_get(0)?,
                    ticket: r.try_get::<_, i64>(1)? as u64,
                    pool: r.try_get(2)?,
                    proof: r.try_get(3)?,
                    who: who_of(r.try_get(4)?)?,
                    rating: r.try_get(5)?,
                    since: r.try_get::<_, i64>(6)? as u64,
                    server: r.try_get::<_, i64>(7)? as u64,
                    seen: r.try_get::<_, i64>(8)? as u64,
                    paired: paired_of(r.try_get(9)?, r.try_get(10)?),
                })
            })
            .collect()
    }

    async fn pool_pair(
        &self,
        white: (&str, u64),
        black: (&str, u64),
        game: &Record,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let t = client.transaction().await?;
        // A seat another server paired meanwhile is read again after its commit, and no longer
        // waits: fewer than two rows change, and the transaction is dropped, not committed.
        let changed = t
            .execute(
                "UPDATE pool_seats SET game = $5,
                    side = CASE WHEN player = $1 AND ticket = $2 THEN 0 ELSE 1 END
                 WHERE game IS NULL
                    AND ((player = $1 AND ticket = $2) OR (player = $3 AND ticket = $4))",
                &[
                    &white.0,
                    &(white.1 as i64),
                    &black.0,
                    &(black.1 as i64),
                    &(game.id as i64),
                ],
            )
            .await?;
        if changed != 2 {
            return Ok(false);
        }
        super::batch::insert(&t, &[super::batch::Write::within(game)]).await?;
        t.commit().await?;
        Ok(true)
    }

    async fn pool_seen(&self, server: u64, now: u64, before: u64) -> Result<(), StoreError> {
        let client = self.client().await?;
        client
            .execute(
                "UPDATE pool_seats SET seen = $2 WHERE server = $1",
                &[&(server as i64), &(now as i64)],
            )
            .await?;
        client
            .execute(
                "DELETE FROM pool_seats WHERE seen < $1",
                &[&(before as i64)],
            )
            .await?;
        Ok(())
    }
}
