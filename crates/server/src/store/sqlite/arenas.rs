//! The SQLite store's arenas: reads on the readers' connection, each write its own transaction
//! on the accounts' connection (one writer at a time: a pair checked and made with no other
//! write between).

use super::SqliteStore;
use crate::record::Record;
use crate::store::arenas::{
    arena_of, berserk_bits, end_code, entrant_of, pairing_of, Arena, ArenaEnd, ArenaRow,
    ArenaStore, Entrant, Pairing, ARENA_COLUMNS, ENTRANTS_QUERY, PAIRING_COLUMNS,
};
use crate::store::StoreError;
use rusqlite::params;
use topochess_protocol::GameId;

fn arena_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ArenaRow> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
        r.get(12)?,
        r.get(13)?,
    ))
}

#[async_trait::async_trait]
impl ArenaStore for SqliteStore {
    async fn arena_create(&self, a: &Arena) -> Result<bool, StoreError> {
        let a = a.clone();
        self.in_transaction(move |db| {
            let made = db.execute(
                "INSERT OR IGNORE INTO arenas (id, name, variant, clock_base, clock_increment,
                    rated, starts, minutes, code, creator, schedule, created, bots)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    a.id as i64,
                    a.name,
                    a.variant,
                    a.clock.0,
                    a.clock.1,
                    a.rated as i64,
                    a.starts as i64,
                    a.minutes,
                    a.code,
                    a.creator,
                    a.schedule,
                    a.created as i64,
                    a.bots as i64
                ],
            )?;
            Ok(made == 1)
        })
        .await
    }

    async fn arena(&self, id: u64) -> Result<Option<Arena>, StoreError> {
        self.read(move |db| {
            let mut query =
                db.prepare(&format!("SELECT {ARENA_COLUMNS} FROM arenas WHERE id = ?1"))?;
            let mut rows = query.query_map(params![id as i64], arena_row)?;
            Ok(rows.next().transpose()?.map(arena_of))
        })
        .await
    }

    async fn arenas(&self, from: u64, to: u64) -> Result<Vec<Arena>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(&format!(
                "SELECT {ARENA_COLUMNS} FROM arenas
             WHERE starts + minutes * 60000 >= ?1 AND starts < ?2 ORDER BY starts, id"
            ))?;
            let rows = query.query_map(params![from as i64, to as i64], arena_row)?;
            Ok(rows.map(|r| r.map(arena_of)).collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn arena_entrants(&self, id: u64) -> Result<Vec<Entrant>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(&ENTRANTS_QUERY.replace("{id}", "?1"))?;
            let rows = query.query_map(params![id as i64], |r| {
                let standing = match r.get::<_, Option<f64>>(7)? {
                    Some(rating) => Some((rating, r.get(8)?, r.get(9)?)),
                    None => None,
                };
                Ok(entrant_of((
                    r.get::<_, i64>(0)? as u64,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get::<_, i64>(4)? as u64,
                    r.get(5)?,
                    r.get::<_, i64>(6)? as u64,
                    standing,
                )))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn arena_pairings(&self, id: u64) -> Result<Vec<Pairing>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(&format!(
                "SELECT {PAIRING_COLUMNS} FROM arena_games WHERE arena = ?1 ORDER BY started, game"
            ))?;
            let rows = query.query_map(params![id as i64], |r| {
                let mut row = [None; 8];
                for (i, cell) in row.iter_mut().enumerate() {
                    *cell = r.get(i)?;
                }
                Ok(pairing_of(row))
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn arena_join(&self, id: u64, e: &Entrant) -> Result<(), StoreError> {
        let e = e.clone();
        self.in_transaction(move |db| {
            db.execute(
                "INSERT INTO arena_players (arena, account, name, rating, provisional, joined,
                    paused, seen)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, 0, ?7)
                 ON CONFLICT (arena, account) DO UPDATE SET paused = 0, seen = ?7",
                params![
                    id as i64,
                    e.account as i64,
                    e.name,
                    e.rating,
                    e.provisional,
                    e.joined as i64,
                    e.seen as i64
                ],
            )?;
            Ok(())
        })
        .await
    }

    async fn arena_pause(&self, id: u64, account: u64, leave: bool) -> Result<(), StoreError> {
        self.in_transaction(move |db| {
            let sql = if leave {
                "DELETE FROM arena_players WHERE arena = ?1 AND account = ?2"
            } else {
                "UPDATE arena_players SET paused = 1 WHERE arena = ?1 AND account = ?2"
            };
            db.execute(sql, params![id as i64, account as i64])?;
            Ok(())
        })
        .await
    }

    async fn arena_seen(&self, id: u64, accounts: &[u64], at: u64) -> Result<(), StoreError> {
        let accounts = accounts.to_vec();
        self.in_transaction(move |db| {
            let mut seen =
                db.prepare("UPDATE arena_players SET seen = ?3 WHERE arena = ?1 AND account = ?2")?;
            for &account in &accounts {
                seen.execute(params![id as i64, account as i64, at as i64])?;
            }
            Ok(())
        })
        .await
    }

    async fn arena_pair(
        &self,
        id: u64,
        white: u64,
        black: u64,
        game: &Record,
        now: u64,
    ) -> Result<bool, StoreError> {
        let record = game.clone();
        self.in_transaction(move |db| {
            let busy: i64 = db.query_row(
                "SELECT count(*) FROM arena_games WHERE arena = ?1 AND ended IS NULL
                    AND (white IN (?2, ?3) OR black IN (?2, ?3))",
                params![id as i64, white as i64, black as i64],
                |r| r.get(0),
            )?;
            if busy > 0 {
                return Ok(false);
            }
            db.execute(
                "INSERT INTO arena_games (game, arena, white, black, started, ended, result,
                    plies, berserk)
                 VALUES (?1, ?2, ?3, ?4, ?5, NULL, NULL, 0, 0)",
                params![
                    record.id as i64,
                    id as i64,
                    white as i64,
                    black as i64,
                    now as i64
                ],
            )?;
            super::insert(db, &record)?;
            Ok(true)
        })
        .await
    }

    async fn arena_end(
        &self,
        game: GameId,
        at: u64,
        end: ArenaEnd,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<bool, StoreError> {
        self.in_transaction(move |db| {
            let changed = db.execute(
                "UPDATE arena_games SET ended = ?2, result = ?3, plies = ?4, berserk = ?5
                 WHERE game = ?1 AND ended IS NULL",
                params![
                    game as i64,
                    at as i64,
                    end_code(end),
                    plies,
                    berserk_bits(berserk)
                ],
            )?;
            Ok(changed == 1)
        })
        .await
    }
}
