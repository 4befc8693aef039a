//! Where live games are kept: one small interface, so that another store (PostgreSQL, for more
//! than one server) can be added without touching the game logic; SQLite is the embedded default.

use crate::record::Record;
use rusqlite::{params, Connection, OptionalExtension};
use std::path::Path;
use std::sync::Mutex;
use topochess_core::Color;
use topochess_protocol::GameId;

/// What went wrong in the store: for the server's log, never for a player (who is told a
/// sentence instead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

/// A store of live games. A write returns only once the game is kept: the server answers a
/// move only after its write.
pub trait Store: Send + Sync + 'static {
    /// Keeps a new game.
    fn create(&self, game: &Record) -> Result<(), StoreError>;
    /// The game `id`, if kept.
    fn load(&self, id: GameId) -> Result<Option<Record>, StoreError>;
    /// Keeps the game as it is now (it was created before).
    fn save(&self, game: &Record) -> Result<(), StoreError>;
    /// The public games not over, created since `since`, newest first, at most `limit`.
    fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError>;
    /// The games whose clock runs (not over): their flags fall whether or not anyone is there.
    fn running(&self) -> Result<Vec<GameId>, StoreError>;
    /// Deletes the games that never started (fewer than two moves, and not ended by play)
    /// created before `before`, but those in `keep`; how many.
    fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError>;
}

/// One change of the database's layout: SQL, or a step in Rust where SQL cannot say it.
enum Migration {
    Sql(&'static str),
    Rust(fn(&Connection) -> rusqlite::Result<()>),
}

/// The changes of the database's layout, in order; `PRAGMA user_version` counts those applied.
const MIGRATIONS: [Migration; 6] = [
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
];

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
    rematch, next_game, public";

/// A record of a row read with [`COLUMNS`].
fn record_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Record> {
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
    })
}

/// The rematch requests as a number: 1 for White, 2 for Black.
fn rematch_bits(r: [bool; 2]) -> i64 {
    r[0] as i64 | (r[1] as i64) << 1
}

/// The games in an SQLite database file.
pub struct SqliteStore {
    db: Mutex<Connection>,
}

impl SqliteStore {
    /// Opens (creating it if needed) the database at `path` and brings its layout up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, String> {
        let db = Connection::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        SqliteStore::with(db)
    }

    /// A store in memory, for tests.
    #[cfg(test)]
    pub fn in_memory() -> Result<SqliteStore, String> {
        SqliteStore::with(Connection::open_in_memory().map_err(|e| e.to_string())?)
    }

    fn with(db: Connection) -> Result<SqliteStore, String> {
        // WAL: readers do not wait for the writer. synchronous=FULL: the log is synced to disk
        // at every commit, so a move a player was told of survives a power cut (NORMAL syncs
        // only at checkpoints, and a power cut could lose the last commits).
        db.pragma_update(None, "journal_mode", "WAL")
            .map_err(|e| e.to_string())?;
        db.pragma_update(None, "synchronous", "FULL")
            .map_err(|e| e.to_string())?;
        migrate(&db, MIGRATIONS.len())?;
        Ok(SqliteStore { db: Mutex::new(db) })
    }

    /// Copies the database to `to` with SQLite's online backup, while games go on: each step
    /// copies some pages, then lets the games' writes in.
    pub fn backup(&self, to: &Path) -> Result<(), StoreError> {
        let mut copy = Connection::open(to)?;
        let db = self.db();
        let backup = rusqlite::backup::Backup::new(&db, &mut copy)?;
        backup.run_to_completion(64, std::time::Duration::from_millis(5), None)?;
        Ok(())
    }

    fn db(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.db
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
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

fn color_text(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

fn color_of(text: &str) -> Option<Color> {
    match text {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

impl Store for SqliteStore {
    fn create(&self, g: &Record) -> Result<(), StoreError> {
        self.db()
            .execute(
                "INSERT INTO games (id, variant, castling, clock_base, clock_increment, white, black,
                    moves, white_ms, black_ms, turn_since, outcome, aborted, created, draw_offer,
                    takeback_offer, rematch, next_game, public)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                    ?18, ?19)",
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
                    g.outcome.map(|o| serde_json::to_string(&o).expect("an outcome is JSON")),
                    g.aborted,
                    g.created as i64,
                    g.draw_offer.map(color_text),
                    g.takeback_offer.map(color_text),
                    rematch_bits(g.rematch),
                    g.next_game.map(|n| n as i64),
                    g.public,
                ],
            )
            .map(|_| ())
            .map_err(StoreError::from)
    }

    fn load(&self, id: GameId) -> Result<Option<Record>, StoreError> {
        Ok(self
            .db()
            .query_row(
                &format!("SELECT {COLUMNS} FROM games WHERE id = ?1"),
                params![id as i64],
                record_of,
            )
            .optional()?)
    }

    fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError> {
        let db = self.db();
        let mut query = db.prepare(&format!(
            "SELECT {COLUMNS} FROM games WHERE public = 1 AND outcome IS NULL AND aborted = 0
                 AND created >= ?1 ORDER BY created DESC LIMIT ?2"
        ))?;
        let rows = query.query_map(params![since as i64, limit as i64], record_of)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn running(&self) -> Result<Vec<GameId>, StoreError> {
        let db = self.db();
        let mut query = db.prepare(
            "SELECT id FROM games WHERE turn_since IS NOT NULL AND outcome IS NULL AND aborted = 0",
        )?;
        let rows = query.query_map([], |r| r.get::<_, i64>(0).map(|id| id as u64))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError> {
        let db = self.db();
        // Fewer than two moves: no space in the moves' text. Ended by play (a resignation in
        // the first move, say) they are games; abandoned or aborted, they never started.
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
    }

    fn save(&self, g: &Record) -> Result<(), StoreError> {
        let changed = self.db().execute(
            "UPDATE games SET white = ?2, black = ?3, moves = ?4, white_ms = ?5, black_ms = ?6,
                    turn_since = ?7, outcome = ?8, aborted = ?9, draw_offer = ?10,
                    takeback_offer = ?11, rematch = ?12, next_game = ?13 WHERE id = ?1",
            params![
                g.id as i64,
                g.seats[0],
                g.seats[1],
                g.moves.join(" "),
                g.left_ms[0] as i64,
                g.left_ms[1] as i64,
                g.turn_since.map(|t| t as i64),
                g.outcome
                    .map(|o| serde_json::to_string(&o).expect("an outcome is JSON")),
                g.aborted,
                g.draw_offer.map(color_text),
                g.takeback_offer.map(color_text),
                rematch_bits(g.rematch),
                g.next_game.map(|n| n as i64),
            ],
        )?;
        if changed == 1 {
            Ok(())
        } else {
            Err(StoreError(format!("no game {:016x} to save", g.id)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: GameId) -> Record {
        Record {
            id,
            variant: "folded".into(),
            castling: "none".into(),
            clock: Some((300, 2)),
            seats: [Some("a".repeat(32)), None],
            moves: vec!["e2e4".into(), "e7e5".into()],
            left_ms: [300_000, 299_000],
            turn_since: Some(1_700_000_000_000),
            outcome: None,
            aborted: false,
            draw_offer: Some(Color::Black),
            takeback_offer: Some(Color::White),
            rematch: [false, true],
            next_game: Some(u64::MAX - 1),
            created: 1_700_000_000_000,
            public: true,
        }
    }

    #[test]
    fn a_game_is_kept_changed_and_read_back_after_a_restart() {
        let dir = std::env::temp_dir().join(format!("topochess-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        let mut g = record(u64::MAX - 5);
        {
            let store = SqliteStore::open(&path).unwrap();
            store.create(&g).unwrap();
            g.moves.push("g1f3".into());
            g.outcome = Some(topochess_core::game::Outcome::Resignation {
                winner: Color::White,
            });
            g.seats[1] = Some("b".repeat(32));
            store.save(&g).unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        assert_eq!(store.load(g.id).unwrap(), Some(g.clone()));
        assert_eq!(store.load(7).unwrap(), None);
        assert!(store.save(&record(7)).is_err(), "a game never created");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_old_database_is_migrated_and_its_games_kept() {
        let dir = std::env::temp_dir().join(format!("topochess-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("old.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            // A database of the first layout, with a game in it.
            let db = Connection::open(&path).unwrap();
            assert_eq!(migrate(&db, 1).unwrap(), 1);
            db.execute(
                "INSERT INTO games (id, variant, castling, white, moves, white_ms, black_ms, aborted, created)
                 VALUES (5, 'torus', 'none', 'w0123456789abcdef', 'e2e4', 0, 0, 0, 1)",
                [],
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let version: i64 = store
            .db()
            .pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        let g = store.load(5).unwrap().expect("kept");
        assert_eq!(
            (g.variant.as_str(), g.moves.clone(), g.draw_offer),
            ("torus", vec!["e2e4".to_string()], None)
        );
        // The secret kept by the old layout is kept only as its proof now.
        let proof = crate::record::seat_proof("w0123456789abcdef");
        assert_eq!(g.seats, [Some(proof), None]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unreadable_outcome_is_an_error_not_a_game_that_goes_on() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record(9)).unwrap();
        store
            .db()
            .execute("UPDATE games SET outcome = 'garbage' WHERE id = 9", [])
            .unwrap();
        assert!(store.load(9).is_err());
    }

    #[test]
    fn games_that_never_started_are_pruned_after_their_day_and_games_kept() {
        let store = SqliteStore::in_memory().unwrap();
        let day = 24 * 3600 * 1000;
        let game = |id, moves: &[&str], created, aborted| Record {
            moves: moves.iter().map(|m| m.to_string()).collect(),
            created,
            aborted,
            outcome: None,
            ..record(id)
        };
        let old = 10 * day;
        for g in [
            game(1, &[], old, false),               // a seek nobody took: pruned
            game(2, &["e2e4"], old, true),          // aborted after one move: pruned
            game(3, &["e2e4", "e7e5"], old, false), // started: kept
            game(4, &[], 20 * day, false),          // not a day old: kept
            game(5, &[], old, false),               // open in memory: kept
            Record {
                outcome: Some(topochess_core::game::Outcome::Resignation {
                    winner: Color::Black,
                }),
                ..game(6, &["e2e4"], old, false) // ended by play: kept
            },
        ] {
            store.create(&g).unwrap();
        }
        assert_eq!(store.prune(19 * day, &[5]).unwrap(), 2);
        let left: Vec<bool> = (1..=6)
            .map(|id| store.load(id).unwrap().is_some())
            .collect();
        assert_eq!(left, [false, false, true, true, true, true]);
    }
}
