//! The PostgreSQL store's arenas. A pair locks both players' rows first (in the same order on
//! every server), so that of two servers pairing one player at once, the second waits, then
//! finds the player in a game and writes nothing.

use super::PgStore;
use crate::record::Record;
use crate::store::arenas::{
    arena_of, berserk_bits, end_code, entrant_of, pairing_of, Arena, ArenaEnd, ArenaRow,
    ArenaStore, Entrant, Pairing, ARENA_COLUMNS, ENTRANTS_QUERY, PAIRING_COLUMNS,
};
use crate::store::StoreError;
use tokio_postgres::Row;
use topochess_protocol::GameId;

fn arena_row(r: &Row) -> Result<ArenaRow, tokio_postgres::Error> {
    let int = |i: usize| -> Result<i64, tokio_postgres::Error> {
        // INTEGER and SMALLINT columns are read at their width.
        Ok(match r.columns()[i].type_() {
            t if *t == tokio_postgres::types::Type::INT4 => r.try_get::<_, i32>(i)? as i64,
            t if *t == tokio_postgres::types::Type::INT2 => r.try_get::<_, i16>(i)? as i64,
            _ => r.try_get::<_, i64>(i)?,
        })
    };
    Ok((
        int(0)?,
        r.try_get(1)?,
        r.try_get(2)?,
        int(3)?,
        int(4)?,
        int(5)?,
        int(6)?,
        int(7)?,
        r.try_get(8)?,
        r.try_get(9)?,
        r.try_get(10)?,
        int(11)?,
        int(12)?,
        int(13)?,
    ))
}

#[async_trait::async_trait]
impl ArenaStore for PgStore {
    async fn arena_create(&self, a: &Arena) -> Result<bool, StoreError> {
        let made = self
            .client()
            .await?
            .execute(
                "INSERT INTO arenas (id, name, variant, clock_base, clock_increment, rated,
                    starts, minutes, code, creator, schedule, created, bots)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
                 ON CONFLICT (id) DO NOTHING",
                &[
                    &(a.id as i64),
                    &a.name,
                    &a.variant,
                    &(a.clock.0 as i32),
                    &(a.clock.1 as i32),
                    &(a.rated as i16),
                    &(a.starts as i64),
                    &(a.minutes as i32),
                    &a.code,
                    &a.creator,
                    &a.schedule,
                    &(a.created as i64),
                    &(a.bots as i16),
                ],
            )
            .await?;
        Ok(made == 1)
    }

    async fn arena(&self, id: u64) -> Result<Option<Arena>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                &format!("SELECT {ARENA_COLUMNS} FROM arenas WHERE id = $1"),
                &[&(id as i64)],
            )
            .await?;
        Ok(rows.first().map(arena_row).transpose()?.map(arena_of))
    }

    async fn arenas(&self, from: u64, to: u64) -> Result<Vec<Arena>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {ARENA_COLUMNS} FROM arenas
                     WHERE starts + minutes * 60000 >= $1 AND starts < $2 ORDER BY starts, id"
                ),
                &[&(from as i64), &(to as i64)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| arena_row(r).map(arena_of))
            .collect::<Result<_, _>>()?)
    }

    async fn arena_entrants(&self, id: u64) -> Result<Vec<Entrant>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(&ENTRANTS_QUERY.replace("{id}", "$1"), &[&(id as i64)])
            .await?;
        rows.iter()
            .map(|r| {
                let standing = match r.try_get::<_, Option<f64>>(7)? {
                    Some(rating) => Some((rating, r.try_get(8)?, r.try_get(9)?)),
                    None => None,
                };
                Ok(entrant_of((
                    r.try_get::<_, i64>(0)? as u64,
                    r.try_get(1)?,
                    r.try_get(2)?,
                    r.try_get::<_, i16>(3)? != 0,
                    r.try_get::<_, i64>(4)? as u64,
                    r.try_get::<_, i16>(5)? != 0,
                    r.try_get::<_, i64>(6)? as u64,
                    standing,
                )))
            })
            .collect()
    }

    async fn arena_pairings(&self, id: u64) -> Result<Vec<Pairing>, StoreError> {
        let rows = self
            .client()
            .await?
            .query(
                &format!(
                    "SELECT {PAIRING_COLUMNS} FROM arena_games WHERE arena = $1
                     ORDER BY started, game"
                ),
                &[&(id as i64)],
            )
            .await?;
        rows.iter()
            .map(|r| {
                Ok(pairing_of([
                    r.try_get::<_, Option<i64>>(0)?,
                    r.try_get::<_, Option<i64>>(1)?,
                    r.try_get::<_, Option<i64>>(2)?,
                    r.try_get::<_, Option<i64>>(3)?,
                    r.try_get::<_, Option<i64>>(4)?,
                    r.try_get::<_, Option<i16>>(5)?.map(i64::from),
                    r.try_get::<_, Option<i32>>(6)?.map(i64::from),
                    r.try_get::<_, Option<i16>>(7)?.map(i64::from),
                ]))
            })
            .collect()
    }

    async fn arena_join(&self, id: u64, e: &Entrant) -> Result<(), StoreError> {
        self.client()
            .await?
            .execute(
                "INSERT INTO arena_players (arena, account, name, rating, provisional, joined,
                    paused, seen)
                 VALUES ($1, $2, $3, $4, $5, $6, 0, $7)
                 ON CONFLICT (arena, account) DO UPDATE SET paused = 0, seen = $7",
                &[
                    &(id as i64),
                    &(e.account as i64),
                    &e.name,
                    &e.rating,
                    &(e.provisional as i16),
                    &(e.joined as i64),
                    &(e.seen as i64),
                ],
            )
            .await?;
        Ok(())
    }

    async fn arena_pause(&self, id: u64, account: u64, leave: bool) -> Result<(), StoreError> {
        let sql = if leave {
            "DELETE FROM arena_players WHERE arena = $1 AND account = $2"
        } else {
            "UPDATE arena_players SET paused = 1 WHERE arena = $1 AND account = $2"
        };
        self.client()
            .await?
            .execute(sql, &[&(id as i64), &(account as i64)])
            .await?;
        Ok(())
    }

    async fn arena_seen(&self, id: u64, accounts: &[u64], at: u64) -> Result<(), StoreError> {
        let accounts: Vec<i64> = accounts.iter().map(|&a| a as i64).collect();
        self.client()
            .await?
            .execute(
                "UPDATE arena_players SET seen = $3 WHERE arena = $1 AND account = ANY($2)",
                &[&(id as i64), &accounts, &(at as i64)],
            )
            .await?;
        Ok(())
    }

    async fn arena_pair(
        &self,
        id: u64,
        white: u64,
        black: u64,
        game: &Record,
        now: u64,
    ) -> Result<bool, StoreError> {
        let mut client = self.client().await?;
        let t = client.transaction().await?;
        let (id, white, black) = (id as i64, white as i64, black as i64);
        // Both rows locked, lower account first on every server (no deadlock); a pair made
        // meanwhile by another server is committed by the time the lock is had, and the count
        // below (a statement of its own) sees it.
        t.query(
            "SELECT account FROM arena_players WHERE arena = $1 AND account IN ($2, $3)
             ORDER BY account FOR UPDATE",
            &[&id, &white, &black],
        )
        .await?;
        let busy: i64 = t
            .query_one(
                "SELECT count(*) FROM arena_games WHERE arena = $1 AND ended IS NULL
                    AND (white IN ($2, $3) OR black IN ($2, $3))",
                &[&id, &white, &black],
            )
            .await?
            .try_get(0)?;
        if busy > 0 {
            return Ok(false);
        }
        t.execute(
            "INSERT INTO arena_games (game, arena, white, black, started, ended, result, plies,
                berserk)
             VALUES ($1, $2, $3, $4, $5, NULL, NULL, 0, 0)",
            &[&(game.id as i64), &id, &white, &black, &(now as i64)],
        )
        .await?;
        super::batch::insert(&t, &[super::batch::Write::within(game)]).await?;
        t.commit().await?;
        Ok(true)
    }

    async fn arena_end(
        &self,
        game: GameId,
        at: u64,
        end: ArenaEnd,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<bool, StoreError> {
        let changed = self
            .client()
            .await?
            .execute(
                "UPDATE arena_games SET ended = $2, result = $3, plies = $4, berserk = $5
                 WHERE game = $1 AND ended IS NULL",
                &[
                    &(game as i64),
                    &(at as i64),
                    &end_code(end),
                    &(plies as i32),
                    &berserk_bits(berserk),
                ],
            )
            .await?;
        Ok(changed == 1)
    }
}
