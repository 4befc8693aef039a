//! The SQLite store: the embedded default, for one server. Reads on one connection; writes on
//! another, owned by a writer thread that gathers the writes waiting into one transaction. No
//! SQLite call runs on the async runtime's threads: reads and the accounts' writes go to their
//! connections' own threads ([`SqliteStore::read`], [`SqliteStore::in_transaction`]), the games'
//! writes to the writer thread, so a slow disk holds up the calls that wait for it and no game
//! besides.

use super::{
    color_of, color_text, outcome_text, rematch_bits, Count, Heard, Presence, Store, StoreError,
};
use crate::record::Record;
use connection_thread::ConnectionThread;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
use topochess_core::Color;
use topochess_protocol::GameId;
use writer::{writer, writer_stopped, GameWrite, OwnWrite, Write};

mod accounts;
mod arenas;
mod challenges;
mod connection_thread;
mod pools;
mod tokens;
mod writer;

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// One change of the database's layout: SQL, or a step in Rust where SQL cannot say it.
enum Migration {
    Sql(&'static str),
    Rust(fn(&Connection) -> rusqlite::Result<()>),
}

/// The layout's version once every migration is applied.
#[cfg(test)]
pub const LAYOUT_VERSION: usize = MIGRATIONS.len();

/// The changes of the database's layout, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: [Migration; 16] = [
    // 1: the games.
    Migration::Sql(
        "CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        variant TEXT NOT NULL,
        castling TEXT NOT NULL,
        clock_base INTEGER,
        clock_increment INTEGER,
        white TEXT,
        black TEXT,
        moves TEXT NOT NULL,
        white_ms INTEGER NOT NULL,
        black_ms INTEGER NOT NULL,
        turn_since INTEGER,
        outcome TEXT,
        aborted INTEGER NOT NULL,
        created INTEGER NOT NULL
    );",
    ),
    // 2: draw offers are kept too.
    Migration::Sql("ALTER TABLE games ADD COLUMN draw_offer TEXT;"),
    // 3: take-back offers, rematch requests and the rematch.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN takeback_offer TEXT;
     ALTER TABLE games ADD COLUMN rematch INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN next_game INTEGER;",
    ),
    // 4: games listed in the lobby.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN public INTEGER NOT NULL DEFAULT 0;
     CREATE INDEX games_lobby ON games (public, created) WHERE outcome IS NULL AND aborted = 0;",
    ),
    // 5: the seats' secrets are kept only as proofs (their hashes).
    Migration::Rust(hash_seats),
    // 6: the games whose clock runs, found at start (their flags must fall with nobody there),
    // and the games that never started, pruned after a day.
    Migration::Sql(
        "CREATE INDEX games_running ON games (id) WHERE turn_since IS NOT NULL
        AND outcome IS NULL AND aborted = 0;
     CREATE INDEX games_created ON games (created);",
    ),
    // 7: each write kept over the revision it was made from, and the running clock's deadline.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN deadline INTEGER;
     CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL
        AND outcome IS NULL AND aborted = 0;",
    ),
    // 8: accounts, their sessions and ratings; games rated or not, their players and winner.
    Migration::Sql(
        "ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
     ALTER TABLE games ADD COLUMN players TEXT;
     ALTER TABLE games ADD COLUMN white_account INTEGER;
     ALTER TABLE games ADD COLUMN black_account INTEGER;
     ALTER TABLE games ADD COLUMN winner TEXT;
     CREATE INDEX games_white_account ON games (white_account, created)
        WHERE white_account IS NOT NULL;
     CREATE INDEX games_black_account ON games (black_account, created)
        WHERE black_account IS NOT NULL;
     CREATE INDEX games_unsettled ON games (id) WHERE rated = 1;
     CREATE TABLE accounts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        hash TEXT NOT NULL,
        created INTEGER NOT NULL
     );
     CREATE TABLE sessions (
        proof TEXT PRIMARY KEY,
        account INTEGER NOT NULL,
        created INTEGER NOT NULL
     );
     CREATE INDEX sessions_account ON sessions (account);
     CREATE TABLE ratings (
        account INTEGER NOT NULL,
        variant TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        PRIMARY KEY (account, variant)
     );
     CREATE INDEX ratings_board ON ratings (variant, rating);
     CREATE TABLE rating_history (
        account INTEGER NOT NULL,
        variant TEXT NOT NULL,
        at INTEGER NOT NULL,
        rating REAL NOT NULL,
        game INTEGER NOT NULL
     );
     CREATE INDEX rating_history_account ON rating_history (account, at);",
    ),
    // 9: the players waiting in the quick-pairing pools.
    Migration::Sql(POOL_SEATS),
    // 10: the arena tournaments, who joined them, and their games.
    Migration::Sql(crate::store::arenas::ARENA_TABLES),
    // 11: the sign-in attempts at each name.
    Migration::Sql(crate::store::accounts::LOGIN_TRIES),
    // 12: the names taken, by their skeletons.
    Migration::Sql(crate::store::accounts::NAMES_TAKEN_SQLITE),
    // 13: the offers each side had declined, and when.
    Migration::Sql("ALTER TABLE games ADD COLUMN declined TEXT;"),
    // 14: the personal access tokens.
    Migration::Sql(crate::store::tokens::TOKENS),
    // 15: the challenges, and the bot accounts.
    Migration::Sql(crate::store::challenges::CHALLENGES),
    // 16: arenas that take bots.
    Migration::Sql(crate::store::arenas::ARENA_BOTS),
];

/// The table of the players waiting in pools (the same in both stores).
pub(super) const POOL_SEATS: &str = "CREATE TABLE pool_seats (
        player TEXT PRIMARY KEY,
        ticket BIGINT NOT NULL,
        pool TEXT NOT NULL,
        proof TEXT NOT NULL,
        who TEXT,
        rating INTEGER NOT NULL,
        since BIGINT NOT NULL,
        server BIGINT NOT NULL,
        seen BIGINT NOT NULL,
        game BIGINT,
        side SMALLINT
    );";

/// Migration 5: each seat's secret replaced by its proof.
fn hash_seats(db: &Connection) -> rusqlite::Result<()> {
    let seats: Vec<(i64, Option<String>, Option<String>)> = db
        .prepare("SELECT id, white, black FROM games WHERE white IS NOT NULL OR black IS NOT NULL")?
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut update = db.prepare("UPDATE games SET white = ?2, black = ?3 WHERE id = ?1")?;
    for (id, white, black) in seats {
        let proof = |s: Option<String>| s.map(|s| crate::record::seat_proof(&s));
        update.execute(params![id, proof(white), proof(black)])?;
    }
    Ok(())
}

/// The columns a record is read from, in `record_of`'s order.
const COLUMNS: &str = "id, variant, castling, clock_base, clock_increment, white, black, moves,
    white_ms, black_ms, turn_since, outcome, aborted, created, draw_offer, takeback_offer,
    rematch, next_game, public, revision, deadline, rated, players, declined";

/// A record of a row read with [`COLUMNS`].
fn record_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Record> {
    let rated: i64 = r.get(21)?;
    let players: Option<String> = r.get(22)?;
    let declined: Option<String> = r.get(23)?;
    let base: Option<u32> = r.get(3)?;
    let increment: Option<u32> = r.get(4)?;
    let moves: String = r.get(7)?;
    let outcome: Option<String> = r.get(11)?;
    let offer: Option<String> = r.get(14)?;
    let takeback: Option<String> = r.get(15)?;
    let rematch: i64 = r.get(16)?;
    Ok(Record {
        id: r.get::<_, i64>(0)? as u64,
        variant: r.get(1)?,
        castling: r.get(2)?,
        clock: base.map(|b| (b, increment.unwrap_or(0))),
        seats: [r.get(5)?, r.get(6)?],
        moves: moves.split_whitespace().map(String::from).collect(),
        left_ms: [r.get::<_, i64>(8)? as u64, r.get::<_, i64>(9)? as u64],
        turn_since: r.get::<_, Option<i64>>(10)?.map(|t| t as u64),
        outcome: match outcome {
            None => None,
            // An outcome that cannot be read is an error, never a game that goes on.
            Some(o) => Some(serde_json::from_str(&o).map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(11, rusqlite::types::Type::Text, e.into())
            })?),
        },
        aborted: r.get(12)?,
        created: r.get::<_, i64>(13)? as u64,
        draw_offer: offer.as_deref().and_then(color_of),
        takeback_offer: takeback.as_deref().and_then(color_of),
        rematch: [rematch & 1 != 0, rematch & 2 != 0],
        next_game: r.get::<_, Option<i64>>(17)?.map(|n| n as u64),
        public: r.get(18)?,
        revision: r.get::<_, i64>(19)? as u64,
        deadline: r.get::<_, Option<i64>>(20)?.map(|d| d as u64),
        rated: rated > 0,
        settled: rated == 2,
        players: Record::players_of(players.as_deref()).map_err(|e| {
            rusqlite::Error::FromSqlConversionFailure(22, rusqlite::types::Type::Text, e.into())
        })?,
        declined: Record::declined_of(declined.as_deref()),
    })
}

/// The games in an SQLite database file: reads on one connection, and every write on another,
/// owned by the writer thread (`writer.rs`), which gathers the writes that wait into one
/// transaction (one sync to disk for all of them: a group commit) and answers each once it is
/// committed.
pub struct SqliteStore {
    /// The reads.
    db: ConnectionThread,
    writes: Mutex<std::sync::mpsc::Sender<Write>>,
    /// Set when the store goes: its checkpointer stops.
    gone: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        self.gone.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

/// The checkpointer thread: every half second, what the log holds is copied into the database
/// (a passive checkpoint, which never waits for the writer), so that the writer never stops to
/// do it in the middle of the games' commits.
fn checkpointer(db: Connection, gone: std::sync::Arc<std::sync::atomic::AtomicBool>) {
    while !gone.load(std::sync::atomic::Ordering::Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if let Err(e) = db.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(())) {
            tracing::warn!(error = %e, "a checkpoint failed (the next one tries again)");
        }
    }
}

impl SqliteStore {
    /// Opens (creating it if needed) the database at `path` and brings its layout up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, String> {
        SqliteStore::opened(path, std::time::Duration::from_secs(5))
    }

    /// [`SqliteStore::open`], but a connection that finds the database locked fails at once
    /// instead of waiting: a test then sees any write that would have waited for another.
    #[cfg(test)]
    pub fn impatient(path: &Path) -> Result<SqliteStore, String> {
        SqliteStore::opened(path, std::time::Duration::ZERO)
    }

    /// The store at `path`, its connections waiting up to `busy` for a lock.
    fn opened(path: &Path, busy: std::time::Duration) -> Result<SqliteStore, String> {
        let connect = || {
            let db = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            // WAL: readers do not wait for the writer. synchronous=FULL: the log is synced to
            // disk at every commit, so a move a player was told of survives a power cut (NORMAL
            // syncs only at checkpoints, and a power cut could lose the last commits).
            db.pragma_update(None, "journal_mode", "WAL")
                .map_err(|e| e.to_string())?;
            db.pragma_update(None, "synchronous", "FULL")
                .map_err(|e| e.to_string())?;
            db.busy_timeout(busy).map_err(|e| e.to_string())?;
            Ok::<_, String>(db)
        };
        let db = connect()?;
        migrate(&db, MIGRATIONS.len())?;
        let (send, receive) = std::sync::mpsc::channel();
        let write = connect()?;
        // The writer never checkpoints: the checkpointer does, beside it.
        write
            .pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(|e| e.to_string())?;
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || writer(write, receive))
            .map_err(|e| e.to_string())?;
        let gone = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (check, stop) = (connect()?, gone.clone());
        std::thread::Builder::new()
            .name("store-checkpoint".into())
            .spawn(move || checkpointer(check, stop))
            .map_err(|e| e.to_string())?;
        Ok(SqliteStore {
            db: ConnectionThread::spawn("store-reader", db)?,
            writes: Mutex::new(send),
            gone,
        })
    }

    /// A store in a fresh file of the temporary folder, for tests.
    #[cfg(test)]
    pub fn in_temp() -> Result<SqliteStore, String> {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "topochess-store-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        SqliteStore::open(&dir.join("games.sqlite"))
    }

    /// Hands `record` to the writer thread: answered once it is committed.
    async fn write(&self, record: &Record, new: bool) -> Result<bool, StoreError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.hand(Write::Game(Box::new(GameWrite {
            record: record.clone(),
            new,
            answer,
        })))?;
        answered.await.map_err(|_| writer_stopped())?
    }

    /// Hands `write` to the writer thread.
    fn hand(&self, write: Write) -> Result<(), StoreError> {
        self.writes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(write)
            .map_err(|_| writer_stopped())
    }

    /// Copies the database to `to` with SQLite's online backup, while games go on: each step
    /// copies some pages, then lets the games' writes in.
    pub async fn backup(&self, to: &Path) -> Result<(), StoreError> {
        let to = to.to_owned();
        self.read(move |db| {
            let mut copy = Connection::open(to)?;
            let backup = rusqlite::backup::Backup::new(db, &mut copy)?;
            backup.run_to_completion(64, std::time::Duration::from_millis(5), None)?;
            Ok(())
        })
        .await
    }

    /// Runs `work` with the reading connection, on its thread.
    pub(super) async fn read<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        self.db.run(work).await
    }

    /// Runs `work` on the writer thread, in the transaction of the writes waiting with it (a
    /// savepoint of its own, undone when it fails); answered once that transaction is committed.
    /// A panic in it is its error, and the writer goes on.
    pub(super) async fn in_transaction<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        // Where the work's result waits for the transaction's fate.
        let slot: std::sync::Arc<Mutex<Option<Result<T, StoreError>>>> = Default::default();
        let put = slot.clone();
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.hand(Write::Own(OwnWrite {
            work: Box::new(move |db: &Connection| {
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(db)))
                    .unwrap_or_else(|_| Err(StoreError("a store call ended in a fault".into())));
                let kept = result.is_ok();
                *put.lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
                kept
            }),
            answer: Box::new(move |committed: Result<(), StoreError>| {
                let result = slot.lock().unwrap_or_else(|p| p.into_inner()).take();
                let result = result.unwrap_or_else(|| Err(writer_stopped()));
                let _ = answer.send(committed.and(result));
            }),
        }))?;
        answered.await.map_err(|_| writer_stopped())?
    }

    /// Holds the reading connection for `ms`, as a slow disk would.
    #[cfg(test)]
    pub async fn hold(
        &self,
        ms: u64,
        holding: std::sync::Arc<tokio::sync::Notify>,
    ) -> Result<(), StoreError> {
        self.read(move |_| {
            holding.notify_one();
            std::thread::sleep(std::time::Duration::from_millis(ms));
            Ok(())
        })
        .await
    }
}

/// Applies the migrations not yet applied, up to `upto`; the layout's version after.
pub fn migrate(db: &Connection, upto: usize) -> Result<usize, String> {
    let version: usize = db
        .pragma_query_value(None, "user_version", |r| r.get::<_, i64>(0))
        .map_err(|e| e.to_string())? as usize;
    if version > MIGRATIONS.len() {
        return Err(format!(
            "the database is of a newer layout ({version}) than this server knows"
        ));
    }
    for (i, step) in MIGRATIONS.iter().enumerate().take(upto).skip(version) {
        let apply = || -> rusqlite::Result<()> {
            db.execute_batch("BEGIN")?;
            let done = match step {
                Migration::Sql(sql) => db.execute_batch(sql),
                Migration::Rust(run) => run(db),
            };
            match done.and_then(|()| db.pragma_update(None, "user_version", (i + 1) as i64)) {
                Ok(()) => db.execute_batch("COMMIT"),
                Err(e) => {
                    let _ = db.execute_batch("ROLLBACK");
                    Err(e)
                }
            }
        };
        apply().map_err(|e| format!("migration {}: {e}", i + 1))?;
    }
    Ok(version.max(upto))
}

#[async_trait::async_trait]
impl Store for SqliteStore {
    async fn create(&self, g: &Record, _lobby: bool) -> Result<(), StoreError> {
        self.write(g, true).await.map(|_| ())
    }

    async fn load(&self, id: GameId) -> Result<Option<Record>, StoreError> {
        self.read(move |db| load(db, id)).await
    }

    async fn load_many(&self, ids: &[GameId]) -> Result<Vec<Record>, StoreError> {
        let ids = ids.to_vec();
        self.read(move |db| {
            let mut found = Vec::new();
            for id in ids {
                found.extend(load(db, id)?);
            }
            Ok(found)
        })
        .await
    }

    async fn save(&self, g: &Record, _lobby: bool) -> Result<bool, StoreError> {
        self.write(g, false).await
    }

    async fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(&format!(
                "SELECT {COLUMNS} FROM games WHERE public = 1 AND outcome IS NULL AND aborted = 0
                 AND created >= ?1 ORDER BY created DESC LIMIT ?2"
            ))?;
            let rows = query.query_map(params![since as i64, limit as i64], record_of)?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn running(&self) -> Result<Vec<GameId>, StoreError> {
        self.read(|db| {
            let mut query = db.prepare(
                "SELECT id FROM games WHERE turn_since IS NOT NULL AND outcome IS NULL
                    AND aborted = 0",
            )?;
            let rows = query.query_map([], |r| r.get::<_, i64>(0).map(|id| id as u64))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn overdue(&self, before: u64) -> Result<Vec<GameId>, StoreError> {
        self.read(move |db| {
            let mut query = db.prepare(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND outcome IS NULL
                    AND aborted = 0 AND deadline < ?1",
            )?;
            let rows = query.query_map(params![before as i64], |r| {
                r.get::<_, i64>(0).map(|id| id as u64)
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
        .await
    }

    async fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError> {
        let keep = keep.to_vec();
        self.in_transaction(move |db| {
            // Fewer than two moves: no space in the moves' text. Ended by play (a resignation
            // in the first move, say) they are games; abandoned or aborted, they never started.
            let mut find = db.prepare(
                "SELECT id FROM games WHERE created < ?1 AND instr(trim(moves), ' ') = 0
                 AND (outcome IS NULL OR aborted = 1)",
            )?;
            let ids: Vec<i64> = find
                .query_map(params![before as i64], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let mut delete = db.prepare("DELETE FROM games WHERE id = ?1")?;
            let mut pruned = 0;
            for id in ids.into_iter().filter(|id| !keep.contains(&(*id as u64))) {
                pruned += delete.execute(params![id])?;
            }
            Ok(pruned)
        })
        .await
    }

    /// One server: nobody else to hear from.
    fn listen(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Heard>> {
        None
    }

    /// One server: its pages are all there is, kept in its memory.
    async fn present(&self, _: u64, _: &[Count]) -> Result<(), StoreError> {
        Ok(())
    }

    async fn notify_player(&self, _: &str, _: GameId) -> Result<(), StoreError> {
        Ok(())
    }

    async fn presence(&self, _: u64, _: &[GameId]) -> Result<Vec<Presence>, StoreError> {
        Ok(Vec::new())
    }

    async fn alive(&self, _: u64, _: u64) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The game `id`, if kept.
fn load(db: &Connection, id: GameId) -> Result<Option<Record>, StoreError> {
    Ok(db
        .query_row(
            &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
            params![id as i64],
            record_of,
        )
        .optional()?)
}

/// Inserts a new game.
pub(super) fn insert(db: &Connection, g: &Record) -> Result<(), StoreError> {
    db.execute(
        "INSERT INTO games (id, variant, castling, clock_base, clock_increment, white, black,
                moves, white_ms, black_ms, turn_since, outcome, aborted, created, draw_offer,
                takeback_offer, rematch, next_game, public, revision, deadline, rated, players,
                white_account, black_account, winner, declined)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27)",
        params![
            g.id as i64,
            g.variant,
            g.castling,
            g.clock.map(|c| c.0),
            g.clock.map(|c| c.1),
            g.seats[0],
            g.seats[1],
            g.moves.join(" "),
            g.left_ms[0] as i64,
            g.left_ms[1] as i64,
            g.turn_since.map(|t| t as i64),
            g.outcome.as_ref().map(outcome_text),
            g.aborted,
            g.created as i64,
            g.draw_offer.map(color_text),
            g.takeback_offer.map(color_text),
            rematch_bits(g.rematch),
            g.next_game.map(|n| n as i64),
            g.public,
            g.revision as i64,
            g.deadline.map(|d| d as i64),
            g.rated_code(),
            g.players_text(),
            g.account(Color::White).map(|a| a as i64),
            g.account(Color::Black).map(|a| a as i64),
            g.winner_text(),
            g.declined_text(),
        ],
    )
    .map(|_| ())
    .map_err(StoreError::from)
}

/// Updates a game as it is now, if it is kept at the revision before; whether it was.
pub(super) fn update(db: &Connection, g: &Record) -> Result<bool, StoreError> {
    let changed = db.execute(
        "UPDATE games SET white = ?2, black = ?3, moves = ?4, white_ms = ?5, black_ms = ?6,
                turn_since = ?7, outcome = ?8, aborted = ?9, draw_offer = ?10,
                takeback_offer = ?11, rematch = ?12, next_game = ?13, revision = ?14,
                deadline = ?15, players = ?16, white_account = ?17, black_account = ?18,
                winner = ?19, declined = ?20 WHERE id = ?1 AND revision = ?14 - 1",
        params![
            g.id as i64,
            g.seats[0],
            g.seats[1],
            g.moves.join(" "),
            g.left_ms[0] as i64,
            g.left_ms[1] as i64,
            g.turn_since.map(|t| t as i64),
            g.outcome.as_ref().map(outcome_text),
            g.aborted,
            g.draw_offer.map(color_text),
            g.takeback_offer.map(color_text),
            rematch_bits(g.rematch),
            g.next_game.map(|n| n as i64),
            g.revision as i64,
            g.deadline.map(|d| d as i64),
            g.players_text(),
            g.account(Color::White).map(|a| a as i64),
            g.account(Color::Black).map(|a| a as i64),
            g.winner_text(),
            g.declined_text(),
        ],
    )?;
    if changed == 1 {
        return Ok(true);
    }
    let kept: Option<i64> = db
        .query_row(
            "SELECT 1 FROM games WHERE id = ?1",
            params![g.id as i64],
            |r| r.get(0),
        )
        .optional()?;
    match kept {
        Some(_) => Ok(false),
        None => Err(StoreError(format!("no game {:016x} to save", g.id))),
    }
}
