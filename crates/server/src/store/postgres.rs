//! The PostgreSQL store: any number of servers on one database. Each write is one statement that
//! keeps the game only over the revision it was made from and, in the same transaction, notifies
//! the other servers of the game's id (never its data: a notification carries at most 8,000
//! bytes, and is lost by a listener that is not connected). Each server listens on a connection
//! of its own; when that connection is lost it connects again and says so, and the server reads
//! again everything it holds.

use super::{color_of, Count, Heard, Presence, Store, StoreError};
use crate::record::Record;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio_postgres::{AsyncMessage, NoTls, Row};
use topochess_core::Color;
use topochess_protocol::GameId;

/// The channel the servers notify each other on.
const CHANNEL: &str = "topochess";
/// The listener's name in `pg_stat_activity` (the tests find it there to cut it off).
pub const LISTENER_NAME: &str = "topochess-listener";
/// Connections in a server's pool: few, each busy (every connection is a process of the
/// database's, and on a small machine they take turns on its cores).
const POOL_SIZE: usize = 6;
/// Writers, each keeping the writes that wait in one statement.
const WRITERS: usize = 1;
/// The most writes in one statement.
const MOST_IN_A_BATCH: usize = 512;

/// The changes of the database's layout, in order; `topochess_layout` counts those applied.
const MIGRATIONS: [&str; 11] = [
    // 1: the games, the servers alive and their pages at each game. Few indexes: a move
    // changes its game's deadline, so each index on the table is written at every move (the
    // running clocks are listed once at start, the games to prune once an hour: both scan).
    "CREATE TABLE games (
        id BIGINT PRIMARY KEY,
        variant TEXT NOT NULL,
        castling TEXT NOT NULL,
        clock_base INTEGER,
        clock_increment INTEGER,
        white TEXT,
        black TEXT,
        moves TEXT NOT NULL,
        white_ms BIGINT NOT NULL,
        black_ms BIGINT NOT NULL,
        turn_since BIGINT,
        outcome TEXT,
        aborted BOOLEAN NOT NULL,
        created BIGINT NOT NULL,
        draw_offer TEXT,
        takeback_offer TEXT,
        rematch SMALLINT NOT NULL,
        next_game BIGINT,
        public BOOLEAN NOT NULL,
        revision BIGINT NOT NULL,
        deadline BIGINT
    );
    CREATE INDEX games_lobby ON games (created) WHERE public AND outcome IS NULL AND NOT aborted;
    CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL
        AND outcome IS NULL AND NOT aborted;
    CREATE TABLE servers (id BIGINT PRIMARY KEY, seen BIGINT NOT NULL);
    CREATE TABLE presence (
        game BIGINT NOT NULL,
        server BIGINT NOT NULL,
        side SMALLINT NOT NULL,
        pages INTEGER NOT NULL,
        since BIGINT NOT NULL,
        PRIMARY KEY (game, server, side)
    );",
    // 2: accounts, their sessions and ratings; games rated or not (0 casual, 1 rated, 2 rated
    // and settled), their players and winner.
    "ALTER TABLE games ADD COLUMN rated SMALLINT NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN players TEXT;
    ALTER TABLE games ADD COLUMN white_account BIGINT;
    ALTER TABLE games ADD COLUMN black_account BIGINT;
    ALTER TABLE games ADD COLUMN winner TEXT;
    CREATE INDEX games_white_account ON games (white_account, created)
        WHERE white_account IS NOT NULL;
    CREATE INDEX games_black_account ON games (black_account, created)
        WHERE black_account IS NOT NULL;
    CREATE INDEX games_unsettled ON games (id) WHERE rated = 1;
    CREATE TABLE accounts (
        id BIGSERIAL PRIMARY KEY,
        name TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        hash TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        proof TEXT PRIMARY KEY,
        account BIGINT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE INDEX sessions_account ON sessions (account);
    CREATE TABLE ratings (
        account BIGINT NOT NULL,
        variant TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        updated BIGINT NOT NULL,
        PRIMARY KEY (account, variant)
    );
    CREATE INDEX ratings_board ON ratings (variant, rating);
    CREATE TABLE rating_history (
        id BIGSERIAL PRIMARY KEY,
        account BIGINT NOT NULL,
        variant TEXT NOT NULL,
        at BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        game BIGINT NOT NULL
    );
    CREATE INDEX rating_history_account ON rating_history (account, at);",
    // 3: the players waiting in the quick-pairing pools.
    super::sqlite::POOL_SEATS,
    // 4: the arena tournaments, who joined them, and their games.
    super::arenas::ARENA_TABLES,
    // 5: the sign-in attempts at each name.
    super::accounts::LOGIN_TRIES,
    // 6: the names taken, by their skeletons.
    super::accounts::NAMES_TAKEN_POSTGRES,
    // 7: the offers each side had declined, and when.
    "ALTER TABLE games ADD COLUMN declined TEXT;",
    // 8: the personal access tokens.
    crate::store::tokens::TOKENS,
    // 9: the challenges, and the bot accounts.
    crate::store::challenges::CHALLENGES,
    // 10: arenas that take bots.
    crate::store::arenas::ARENA_BOTS,
    // 11: the accounts online on each server.
    "CREATE TABLE online (server BIGINT NOT NULL, account BIGINT NOT NULL,
        PRIMARY KEY (server, account));",
];

/// The columns a record is read from, in `record_of`'s order.
const COLUMNS: &str = "id, variant, castling, clock_base, clock_increment, white, black, moves,
    white_ms, black_ms, turn_since, outcome, aborted, created, draw_offer, takeback_offer,
    rematch, next_game, public, revision, deadline, rated, players, declined";

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<deadpool_postgres::PoolError> for StoreError {
    fn from(e: deadpool_postgres::PoolError) -> StoreError {
        StoreError(e.to_string())
    }
}

/// The games in a PostgreSQL database, shared with the other servers.
pub struct PgStore {
    pool: Pool,
    /// The writes waiting for a writer, which keeps them many at a time (a group commit).
    writes: UnboundedSender<Write>,
    /// The notices waiting to be sent to the other servers, many at a time.
    notices: UnboundedSender<Notice>,
    /// How many transactions the notices went out in (read by the tests).
    #[cfg_attr(not(test), allow(dead_code))]
    notice_transactions: std::sync::Arc<std::sync::atomic::AtomicU64>,
    heard: Mutex<Option<UnboundedReceiver<Heard>>>,
    /// Set when the store goes: its listener stops.
    gone: tokio_util::sync::CancellationToken,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        self.gone.cancel();
    }
}

impl PgStore {
    /// Connects to the database at `url`, brings its layout up to date (one server at a time)
    /// and starts listening to the other servers.
    pub async fn open(url: &str) -> Result<PgStore, String> {
        let config = tokio_postgres::Config::from_str(url).map_err(|e| format!("{url}: {e}"))?;
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(deadpool_postgres::Runtime::Tokio1)
            .create_timeout(Some(Duration::from_secs(5)))
            .wait_timeout(Some(Duration::from_secs(5)))
            .build()
            .map_err(|e| e.to_string())?;
        migrate(&pool, MIGRATIONS.len())
            .await
            .map_err(|e| format!("the database at {}: {e}", redacted(&config)))?;
        let (tell, heard) = unbounded_channel();
        let gone = tokio_util::sync::CancellationToken::new();
        let mut listening = config;
        listening.application_name(LISTENER_NAME);
        let (ready, listening_now) = tokio::sync::oneshot::channel();
        tokio::spawn(listen(listening, tell, ready, gone.clone()));
        // Serving before listening would miss what the others say meanwhile.
        match tokio::time::timeout(Duration::from_secs(10), listening_now).await {
            Ok(Ok(())) => {}
            _ => return Err("the listener could not LISTEN within 10 s".into()),
        }
        let (writes, waiting) = unbounded_channel();
        let waiting = std::sync::Arc::new(tokio::sync::Mutex::new(waiting));
        for _ in 0..WRITERS {
            tokio::spawn(writer(pool.clone(), waiting.clone()));
        }
        let (notices, waiting) = unbounded_channel();
        let notice_transactions = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        tokio::spawn(notifier(pool.clone(), waiting, notice_transactions.clone()));
        Ok(PgStore {
            pool,
            writes,
            notices,
            notice_transactions,
            heard: Mutex::new(Some(heard)),
            gone,
        })
    }

    /// How many transactions this server's notices to players went out in.
    #[cfg(test)]
    pub(crate) fn notice_transactions(&self) -> u64 {
        self.notice_transactions
            .load(std::sync::atomic::Ordering::Relaxed)
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        Ok(self.pool.get().await?)
    }

    /// Hands a write to the writers: answered once it is committed (`false`: refused for its
    /// revision).
    async fn write(&self, record: &Record, lobby: bool, new: bool) -> Result<bool, StoreError> {
        handed(&self.writes, "writers have", |answer| Write {
            record: record.clone(),
            lobby,
            new,
            answer,
        })
        .await
    }
}

/// Hands what `made` makes of an answer's sender to the task that `to` reaches, and waits for
/// the answer; an error names the task (`who`, "writers have") when it has stopped.
async fn handed<M, T>(
    to: &UnboundedSender<M>,
    who: &str,
    made: impl FnOnce(tokio::sync::oneshot::Sender<Result<T, StoreError>>) -> M,
) -> Result<T, StoreError> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let stopped = || StoreError(format!("the store's {who} stopped"));
    to.send(made(answer)).map_err(|_| stopped())?;
    answered.await.map_err(|_| stopped())?
}

/// Where the database is, without its password.
fn redacted(config: &tokio_postgres::Config) -> String {
    let host = config
        .get_hosts()
        .first()
        .map(|h| match h {
            tokio_postgres::config::Host::Tcp(name) => name.clone(),
            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .unwrap_or_default();
    format!(
        "{}@{host}/{}",
        config.get_user().unwrap_or_default(),
        config.get_dbname().unwrap_or_default()
    )
}

/// Applies the migrations not yet applied, up to `upto`, holding a lock that makes any other
/// server starting at once wait; the layout's version after.
pub async fn migrate(pool: &Pool, upto: usize) -> Result<usize, StoreError> {
    let mut client = pool.get().await?;
    let t = client.transaction().await?;
    t.batch_execute(
        "SELECT pg_advisory_xact_lock(7403606279);
         CREATE TABLE IF NOT EXISTS topochess_layout (version INTEGER NOT NULL);",
    )
    .await?;
    let version: Option<i32> = t
        .query_opt("SELECT version FROM topochess_layout", &[])
        .await?
        .map(|r| r.get(0));
    let version = version.unwrap_or(0) as usize;
    if version > MIGRATIONS.len() {
        return Err(StoreError(format!(
            "the database is of a newer layout ({version}) than this server knows"
        )));
    }
    for sql in MIGRATIONS.iter().take(upto).skip(version) {
        t.batch_execute(sql).await?;
    }
    let now = version.max(upto) as i32;
    t.execute("DELETE FROM topochess_layout", &[]).await?;
    t.execute("INSERT INTO topochess_layout VALUES ($1)", &[&now])
        .await?;
    t.commit().await?;
    Ok(now as usize)
}

/// The listener: on a connection of its own, hears what the servers notify and tells it; when
/// the connection is lost, connects again (every half second until it can) and tells that what
/// was notified meanwhile is lost.
async fn listen(
    config: tokio_postgres::Config,
    tell: UnboundedSender<Heard>,
    ready: tokio::sync::oneshot::Sender<()>,
    gone: tokio_util::sync::CancellationToken,
) {
    let mut ready = Some(ready);
    while !gone.is_cancelled() {
        match config.connect(NoTls).await {
            Ok((client, mut connection)) => {
                let (lost, mut lost_heard) = tokio::sync::oneshot::channel::<()>();
                let forward = tell.clone();
                tokio::spawn(async move {
                    let mut messages =
                        futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                    use futures_util::StreamExt;
                    while let Some(Ok(message)) = messages.next().await {
                        if let AsyncMessage::Notification(n) = message {
                            if let Some(heard) = read_payload(n.payload()) {
                                let _ = forward.send(heard);
                            }
                        }
                    }
                    let _ = lost.send(());
                });
                if client
                    .batch_execute(&format!("LISTEN {CHANNEL}"))
                    .await
                    .is_ok()
                {
                    match ready.take() {
                        Some(ready) => {
                            let _ = ready.send(());
                        }
                        None => {
                            tracing::info!("the listener is connected again: reading again");
                            let _ = tell.send(Heard::Reconnected);
                        }
                    }
                    tokio::select! {
                        _ = &mut lost_heard => {
                            tracing::warn!("the listener lost its connection to the database");
                        }
                        () = gone.cancelled() => return,
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "the listener cannot reach the database"),
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(500)) => {}
            () = gone.cancelled() => return,
        }
    }
}

/// What a notification's payload says: `g ID REVISION LOBBY`, `p ID`, `u ID TOPIC` or
/// `c ID SERVER USER TEXT`.
///
/// ```text
/// g -42 7 1          game 2^64 - 42 kept at revision 7, and the lobby changed with it
/// p 12               who is at game 12 changed
/// u 12 a:7           account 7's topic has news of game 12
/// c 12 99 anna gl    anna said "gl" at game 12, on server 99
/// ```
fn read_payload(payload: &str) -> Option<Heard> {
    // A chat line's text has spaces: it is the rest.
    let mut words = payload.splitn(5, ' ');
    // An id is kept as a BIGINT: its 64 bits, signed.
    let kind = words.next()?;
    let id = words.next()?.parse::<i64>().ok()? as u64;
    match (kind, id) {
        ("g", id) => Some(Heard::Game {
            id,
            revision: words.next()?.parse().ok()?,
            lobby: words.next()? == "1",
        }),
        ("p", id) => Some(Heard::Presence(id)),
        ("u", game) => Some(Heard::Player {
            game,
            key: words.next()?.to_string(),
        }),
        ("c", game) => Some(Heard::Chat {
            game,
            server: words.next()?.parse().ok()?,
            user: words.next()?.to_string(),
            text: words.next()?.to_string(),
        }),
        _ => None,
    }
}

mod accounts;
mod arenas;
mod batch;
mod challenges;
mod notices;
mod pools;
mod tokens;
use batch::{writer, Write};
use notices::{notifier, Notice};

/// A record of a row read with [`COLUMNS`].
fn record_of(r: &Row) -> Result<Record, StoreError> {
    let moves: String = r.try_get(7)?;
    let outcome: Option<String> = r.try_get(11)?;
    let offer: Option<String> = r.try_get(14)?;
    let takeback: Option<String> = r.try_get(15)?;
    let rematch: i16 = r.try_get(16)?;
    let base: Option<i32> = r.try_get(3)?;
    let increment: Option<i32> = r.try_get(4)?;
    let rated: i16 = r.try_get(21)?;
    let players: Option<String> = r.try_get(22)?;
    let declined: Option<String> = r.try_get(23)?;
    Ok(Record {
        id: r.try_get::<_, i64>(0)? as u64,
        variant: r.try_get(1)?,
        castling: r.try_get(2)?,
        clock: base.map(|b| (b as u32, increment.unwrap_or(0) as u32)),
        seats: [r.try_get(5)?, r.try_get(6)?],
        moves: moves.split_whitespace().map(String::from).collect(),
        left_ms: [
            r.try_get::<_, i64>(8)? as u64,
            r.try_get::<_, i64>(9)? as u64,
        ],
        turn_since: r.try_get::<_, Option<i64>>(10)?.map(|t| t as u64),
        // An outcome that cannot be read is an error, never a game that goes on.
        outcome: match outcome {
            None => None,
            Some(o) => Some(
                serde_json::from_str(&o)
                    .map_err(|e| StoreError(format!("an unreadable outcome: {e}")))?,
            ),
        },
        aborted: r.try_get(12)?,
        created: r.try_get::<_, i64>(13)? as u64,
        draw_offer: offer.as_deref().and_then(color_of),
        takeback_offer: takeback.as_deref().and_then(color_of),
        rematch: [rematch & 1 != 0, rematch & 2 != 0],
        next_game: r.try_get::<_, Option<i64>>(17)?.map(|n| n as u64),
        public: r.try_get(18)?,
        revision: r.try_get::<_, i64>(19)? as u64,
        deadline: r.try_get::<_, Option<i64>>(20)?.map(|d| d as u64),
        rated: rated > 0,
        settled: rated == 2,
        players: Record::players_of(players.as_deref()).map_err(StoreError)?,
        declined: Record::declined_of(declined.as_deref()),
    })
}

/// The ids of the rows (a first column of ids).
fn ids(rows: Vec<Row>) -> Result<Vec<GameId>, StoreError> {
    rows.iter()
        .map(|r| Ok(r.try_get::<_, i64>(0)? as u64))
        .collect()
}

#[async_trait::async_trait]
impl Store for PgStore {
    async fn create(&self, g: &Record, lobby: bool) -> Result<(), StoreError> {
        self.write(g, lobby, true).await.map(|_| ())
    }

    async fn load(&self, id: GameId) -> Result<Option<Record>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!("SELECT {COLUMNS} FROM games WHERE id = $1"))
            .await?;
        client
            .query_opt(&query, &[&(id as i64)])
            .await?
            .map(|r| record_of(&r))
            .transpose()
    }

    async fn save(&self, g: &Record, lobby: bool) -> Result<bool, StoreError> {
        self.write(g, lobby, false).await
    }

    async fn load_many(&self, ids: &[GameId]) -> Result<Vec<Record>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!("SELECT {COLUMNS} FROM games WHERE id = ANY($1)"))
            .await?;
        let ids: Vec<i64> = ids.iter().map(|&id| id as i64).collect();
        client
            .query(&query, &[&ids])
            .await?
            .iter()
            .map(record_of)
            .collect()
    }

    async fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(&format!(
                "SELECT {COLUMNS} FROM games WHERE public AND outcome IS NULL AND NOT aborted
                    AND created >= $1 ORDER BY created DESC LIMIT $2"
            ))
            .await?;
        client
            .query(&query, &[&(since as i64), &(limit as i64)])
            .await?
            .iter()
            .map(record_of)
            .collect()
    }

    async fn running(&self) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        ids(client
            .query(
                "SELECT id FROM games WHERE turn_since IS NOT NULL AND outcome IS NULL
                    AND NOT aborted",
                &[],
            )
            .await?)
    }

    async fn overdue(&self, before: u64) -> Result<Vec<GameId>, StoreError> {
        let client = self.client().await?;
        let query = client
            .prepare_cached(
                "SELECT id FROM games WHERE deadline IS NOT NULL AND outcome IS NULL
                    AND NOT aborted AND deadline < $1",
            )
            .await?;
        ids(client.query(&query, &[&(before as i64)]).await?)
    }

    async fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError> {
        let client = self.client().await?;
        let keep: Vec<i64> = keep.iter().map(|&id| id as i64).collect();
        // Fewer than two moves: no space in the moves' text. Ended by play they are games;
        // abandoned or aborted, they never started.
        let pruned = client
            .execute(
                "DELETE FROM games WHERE created < $1 AND position(' ' in trim(moves)) = 0
                    AND (outcome IS NULL OR aborted) AND NOT (id = ANY($2))",
                &[&(before as i64), &keep],
            )
            .await?;
        // The pages of servers long gone, and of games no longer kept.
        client
            .batch_execute(&format!(
                "DELETE FROM presence WHERE server IN (SELECT id FROM servers WHERE seen < {b})
                    OR game NOT IN (SELECT id FROM games);
                 DELETE FROM online WHERE server IN (SELECT id FROM servers WHERE seen < {b});
                 DELETE FROM servers WHERE seen < {b};",
                b = before as i64
            ))
            .await?;
        Ok(pruned as usize)
    }

    fn listen(&self) -> Option<UnboundedReceiver<Heard>> {
        self.heard.lock().unwrap_or_else(|p| p.into_inner()).take()
    }

    async fn notify_player(&self, key: &str, game: GameId) -> Result<(), StoreError> {
        let payload = format!("u {} {key}", game as i64);
        handed(&self.notices, "notifier has", |answer| Notice {
            payload,
            answer,
        })
        .await
    }

    async fn online_here(&self, server: u64, accounts: &[u64]) -> Result<(), StoreError> {
        let client = self.client().await?;
        let accounts: Vec<i64> = accounts.iter().map(|&a| a as i64).collect();
        let server = server as i64;
        client
            .execute(
                "DELETE FROM online WHERE server = $1 AND NOT (account = ANY($2))",
                &[&server, &accounts],
            )
            .await?;
        client
            .execute(
                "INSERT INTO online (server, account) SELECT $1, unnest($2::BIGINT[])
                    ON CONFLICT DO NOTHING",
                &[&server, &accounts],
            )
            .await?;
        Ok(())
    }

    async fn online_elsewhere(
        &self,
        server: u64,
        accounts: &[u64],
        since: u64,
    ) -> Result<Vec<u64>, StoreError> {
        let client = self.client().await?;
        let accounts: Vec<i64> = accounts.iter().map(|&a| a as i64).collect();
        let rows = client
            .query(
                "SELECT DISTINCT o.account FROM online o JOIN servers s ON s.id = o.server
                    WHERE o.server <> $1 AND s.seen >= $3 AND o.account = ANY($2)",
                &[&(server as i64), &accounts, &(since as i64)],
            )
            .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<_, i64>(0)? as u64))
            .collect()
    }

    async fn notify_chat(
        &self,
        server: u64,
        game: GameId,
        user: &str,
        text: &str,
    ) -> Result<(), StoreError> {
        let client = self.client().await?;
        let payload = format!("c {} {server} {user} {text}", game as i64);
        client
            .execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await?;
        Ok(())
    }

    async fn present(&self, server: u64, counts: &[Count]) -> Result<(), StoreError> {
        // The last count of each side of each game (a statement changes a row once).
        let mut last: std::collections::HashMap<(GameId, Color), Count> = Default::default();
        for &count in counts {
            last.insert((count.0, count.1), count);
        }
        let counts: Vec<Count> = last.into_values().collect();
        let mut client = self.client().await?;
        // Who is at a game changes nothing kept: the commit does not wait for the log's sync,
        // and so holds the notification queue's lock for a moment only (see `notices`). A count
        // that a crash of the database loses is told again when the listener is back
        // (`Room::tell_again`).
        let t = client.transaction().await?;
        t.batch_execute("SET LOCAL synchronous_commit TO OFF")
            .await?;
        let upsert = t
            .prepare_cached(&format!(
                "WITH up AS (INSERT INTO presence (game, server, side, pages, since)
                    SELECT game, $1, side, pages, since FROM unnest($2::BIGINT[],
                        $3::SMALLINT[], $4::INTEGER[], $5::BIGINT[]) AS v(game, side, pages, since)
                    ON CONFLICT (game, server, side)
                    DO UPDATE SET pages = EXCLUDED.pages, since = EXCLUDED.since RETURNING game)
                 SELECT pg_notify('{CHANNEL}', 'p ' || game) FROM up"
            ))
            .await?;
        let games: Vec<i64> = counts.iter().map(|c| c.0 as i64).collect();
        let sides: Vec<i16> = counts.iter().map(|c| c.1.index() as i16).collect();
        let pages: Vec<i32> = counts.iter().map(|c| c.2 as i32).collect();
        let since: Vec<i64> = counts.iter().map(|c| c.3 as i64).collect();
        t.query(&upsert, &[&(server as i64), &games, &sides, &pages, &since])
            .await?;
        t.commit().await?;
        Ok(())
    }

    async fn presence(&self, server: u64, games: &[GameId]) -> Result<Vec<Presence>, StoreError> {
        let client = self.client().await?;
        let games: Vec<i64> = games.iter().map(|&id| id as i64).collect();
        let query = client
            .prepare_cached(
                "SELECT p.game, p.side, p.pages, p.since, COALESCE(s.seen, 0)
                    FROM presence p LEFT JOIN servers s ON s.id = p.server
                    WHERE p.game = ANY($1) AND p.server <> $2",
            )
            .await?;
        client
            .query(&query, &[&games, &(server as i64)])
            .await?
            .iter()
            .map(|r| {
                Ok(Presence {
                    game: r.try_get::<_, i64>(0)? as u64,
                    side: match r.try_get::<_, i16>(1)? {
                        0 => Color::White,
                        _ => Color::Black,
                    },
                    pages: r.try_get::<_, i32>(2)?.max(0) as u32,
                    since: r.try_get::<_, i64>(3)? as u64,
                    seen: r.try_get::<_, i64>(4)? as u64,
                })
            })
            .collect()
    }

    async fn alive(&self, server: u64, now: u64) -> Result<(), StoreError> {
        let client = self.client().await?;
        let upsert = client
            .prepare_cached(
                "INSERT INTO servers (id, seen) VALUES ($1, $2)
                    ON CONFLICT (id) DO UPDATE SET seen = EXCLUDED.seen",
            )
            .await?;
        client
            .execute(&upsert, &[&(server as i64), &(now as i64)])
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod payload_tests {
    use super::*;

    #[test]
    fn a_payload_says_a_game_who_is_at_it_or_a_chat_line_and_nothing_else() {
        assert_eq!(
            read_payload("g -42 7 1"),
            Some(Heard::Game {
                id: u64::MAX - 41,
                revision: 7,
                lobby: true
            })
        );
        assert_eq!(read_payload("p 12"), Some(Heard::Presence(12)));
        assert_eq!(
            read_payload("c 12 99 anna good luck, on the fold"),
            Some(Heard::Chat {
                game: 12,
                server: 99,
                user: "anna".into(),
                text: "good luck, on the fold".into(),
            })
        );
        for bad in [
            "",
            "g",
            "g 1",
            "g 1 x 1",
            "x 1",
            "p",
            "p z",
            "c 12 99 anna",
            "c 12 x a b",
        ] {
            assert_eq!(read_payload(bad), None, "{bad:?}");
        }
    }
}
