//! The store suite, run against both stores (SQLite in a temporary file, PostgreSQL in a fresh
//! database of the server the test script starts): kept over a restart, a write kept only over
//! its revision, the lobby, the clocks, pruning; then what each store has of its own (SQLite's
//! migrations of old files, PostgreSQL's notifications and who is at the games).

use super::*;
use crate::record::Record;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Where a store of the suite lives, to open it (again).
pub(crate) enum Place {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

impl Place {
    /// A new empty place of the kind `postgres` says.
    pub(crate) async fn fresh(postgres: bool) -> Place {
        match postgres {
            false => {
                static N: AtomicUsize = AtomicUsize::new(0);
                let dir = std::env::temp_dir().join(format!(
                    "topochess-suite-{}-{}",
                    std::process::id(),
                    N.fetch_add(1, Ordering::Relaxed)
                ));
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).unwrap();
                Place::Sqlite(dir.join("games.sqlite"))
            }
            true => Place::Postgres(fresh_database().await),
        }
    }

    /// The store there, opened (its layout brought up to date).
    pub(crate) async fn open(&self) -> Arc<dyn Store> {
        match self {
            Place::Sqlite(path) => Arc::new(SqliteStore::open(path).unwrap()),
            Place::Postgres(url) => Arc::new(PgStore::open(url).await.unwrap()),
        }
    }
}

/// The PostgreSQL server the tests use: `TOPOCHESS_TEST_POSTGRES`, a URL the test script sets
/// to the server it starts. Without it the test fails and says so: never a silent skip.
pub(crate) fn test_server() -> String {
    std::env::var("TOPOCHESS_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "TOPOCHESS_TEST_POSTGRES is not set: the PostgreSQL tests need a server \
             (scripts/test.sh starts one; by hand: scripts/postgres.sh start)"
        )
    })
}

/// A connection of the test's own to the database at `url`.
pub(crate) async fn admin(url: &str) -> tokio_postgres::Client {
    let (admin, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    admin
}

/// Cuts every server's listener off, as a restart of the database would; how many were cut.
pub(crate) async fn cut_off_listeners(admin: &tokio_postgres::Client) -> u64 {
    admin
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = $1 AND datname = current_database()",
            &[&postgres::LISTENER_NAME],
        )
        .await
        .unwrap()
}

/// A new empty database on the tests' server; its URL.
pub(crate) async fn fresh_database() -> String {
    let server = test_server();
    let (client, connection) = tokio_postgres::connect(&server, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("the tests' PostgreSQL at {server}: {e}"));
    tokio::spawn(connection);
    let name = format!("topochess_test_{:016x}", crate::rooms::random_u64());
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .unwrap();
    match server.rsplit_once('/') {
        Some((base, _)) => format!("{base}/{name}"),
        None => panic!("TOPOCHESS_TEST_POSTGRES ends with a database: {server}"),
    }
}

/// Runs the suite's test `body` against a fresh store of each kind.
macro_rules! both {
    ($name:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                super::$name(super::Place::fresh(false).await).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                super::$name(super::Place::fresh(true).await).await
            }
        }
    };
}

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
        revision: 0,
        deadline: Some(1_700_000_299_000),
        rated: false,
        settled: false,
        players: [None, None],
        // Kept and read back as they are (the store suite compares whole records).
        declined: crate::record::Declined {
            draw: [Some(3), None],
            takeback: [None, Some(7)],
        },
    }
}

/// The next revision of `g`, changed by `change`.
fn next(g: &Record, change: impl FnOnce(&mut Record)) -> Record {
    let mut n = g.clone();
    change(&mut n);
    n.revision += 1;
    n
}

async fn a_game_is_kept_changed_and_read_back_after_a_restart(place: Place) {
    let g = record(u64::MAX - 5);
    let changed = next(&g, |g| {
        g.moves.push("g1f3".into());
        g.outcome = Some(topochess_core::game::Outcome::Resignation {
            winner: Color::White,
        });
        g.seats[1] = Some("b".repeat(32));
        g.deadline = None;
    });
    {
        let store = place.open().await;
        store.create(&g, true).await.unwrap();
        assert_eq!(store.load(g.id).await.unwrap(), Some(g.clone()));
        assert_eq!(store.save(&changed, false).await, Ok(true));
    }
    let store = place.open().await;
    assert_eq!(store.load(g.id).await.unwrap(), Some(changed.clone()));
    assert_eq!(store.load(7).await.unwrap(), None);
    let many = store.load_many(&[7, g.id]).await.unwrap();
    assert_eq!(many.iter().map(|r| r.id).collect::<Vec<_>>(), [g.id]);
    assert!(
        store.save(&next(&record(7), |_| ()), false).await.is_err(),
        "a game never created"
    );
}
both!(a_game_is_kept_changed_and_read_back_after_a_restart);

async fn a_write_is_kept_only_over_the_revision_it_was_made_from(place: Place) {
    let store = place.open().await;
    let g = record(11);
    store.create(&g, false).await.unwrap();
    let first = next(&g, |g| g.moves.push("g1f3".into()));
    let other = next(&g, |g| g.moves.push("b1c3".into()));
    assert_eq!(store.save(&first, false).await, Ok(true));
    assert_eq!(store.save(&other, false).await, Ok(false), "made from 0");
    assert_eq!(store.save(&first, false).await, Ok(false), "kept once");
    let kept = store.load(11).await.unwrap().unwrap();
    assert_eq!(
        (kept.moves.last().unwrap().as_str(), kept.revision),
        ("g1f3", 1)
    );
    // Many writes over one revision at once: one is kept.
    let writes: Vec<_> = (0..16)
        .map(|i| {
            let (store, w) = (store.clone(), next(&kept, |g| g.left_ms[0] = i));
            tokio::spawn(async move { store.save(&w, false).await.unwrap() })
        })
        .collect();
    let mut kept_ones = 0;
    for w in writes {
        kept_ones += w.await.unwrap() as usize;
    }
    assert_eq!(kept_ones, 1);
    assert_eq!(store.load(11).await.unwrap().unwrap().revision, 2);
}
both!(a_write_is_kept_only_over_the_revision_it_was_made_from);

async fn the_lobby_lists_public_games_not_over_newest_first(place: Place) {
    let store = place.open().await;
    let game = |id, created, public, aborted| Record {
        created,
        public,
        aborted,
        ..record(id)
    };
    for g in [
        game(1, 100, true, false),
        game(2, 300, true, false),
        game(3, 200, false, false), // private
        game(4, 400, true, true),   // aborted
        game(5, 50, true, false),   // too old
        game(6, 250, true, false),
    ] {
        store.create(&g, g.public).await.unwrap();
    }
    let listed: Vec<GameId> = store
        .lobby(90, 10)
        .await
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(listed, [2, 6, 1]);
    assert_eq!(store.lobby(90, 2).await.unwrap().len(), 2);
}
both!(the_lobby_lists_public_games_not_over_newest_first);

async fn running_clocks_and_fallen_flags_are_found(place: Place) {
    let store = place.open().await;
    let game = |id, turn_since: Option<u64>, deadline: Option<u64>| Record {
        turn_since,
        deadline,
        ..record(id)
    };
    for g in [
        game(1, Some(10), Some(1_000)),
        game(2, Some(10), Some(5_000)),
        game(3, None, None),
        Record {
            aborted: true,
            ..game(4, Some(10), Some(900))
        },
    ] {
        store.create(&g, false).await.unwrap();
    }
    let mut running = store.running().await.unwrap();
    running.sort();
    assert_eq!(running, [1, 2]);
    assert_eq!(store.overdue(2_000).await.unwrap(), [1]);
    assert_eq!(store.overdue(1_000).await.unwrap(), Vec::<GameId>::new());
}
both!(running_clocks_and_fallen_flags_are_found);

async fn games_that_never_started_are_pruned_after_their_day_and_games_kept(place: Place) {
    let store = place.open().await;
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
        store.create(&g, false).await.unwrap();
    }
    assert_eq!(store.prune(19 * day, &[5]).await.unwrap(), 2);
    let mut left = Vec::new();
    for id in 1..=6 {
        left.push(store.load(id).await.unwrap().is_some());
    }
    assert_eq!(left, [false, false, true, true, true, true]);
}
both!(games_that_never_started_are_pruned_after_their_day_and_games_kept);

/// Waits (5 s at most) for what `heard` says next that `pick` keeps.
pub(crate) async fn next_heard<T>(
    heard: &mut tokio::sync::mpsc::UnboundedReceiver<Heard>,
    mut pick: impl FnMut(Heard) -> Option<T>,
) -> T {
    let waited = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        loop {
            if let Some(t) = pick(heard.recv().await.expect("the listener lives")) {
                return t;
            }
        }
    });
    waited.await.expect("heard within 5 s")
}

/// Runs `body` until it is true, 5 s at most.
pub(crate) async fn eventually<F: Future<Output = bool>>(body: impl FnMut() -> F) {
    eventually_within(std::time::Duration::from_secs(5), body).await;
}

/// Runs `body` until it is true, `limit` at most.
pub(crate) async fn eventually_within<F: Future<Output = bool>>(
    limit: std::time::Duration,
    mut body: impl FnMut() -> F,
) {
    let start = std::time::Instant::now();
    while !body().await {
        assert!(start.elapsed() < limit, "not within {limit:?}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_tells_every_server_of_each_write_and_a_listener_that_lost_its_connection() {
    let url = fresh_database().await;
    let (a, b) = (
        PgStore::open(&url).await.unwrap(),
        PgStore::open(&url).await.unwrap(),
    );
    let mut heard = b.listen().expect("the listener");
    assert!(b.listen().is_none(), "handed out once");
    let g = record(21);
    a.create(&g, true).await.unwrap();
    let said = next_heard(&mut heard, |h| {
        matches!(h, Heard::Game { id: 21, .. }).then_some(h)
    });
    assert_eq!(
        said.await,
        Heard::Game {
            id: 21,
            revision: 0,
            lobby: true
        }
    );
    assert!(a.save(&next(&g, |_| ()), false).await.unwrap());
    let said = next_heard(&mut heard, |h| {
        matches!(h, Heard::Game { id: 21, .. }).then_some(h)
    });
    assert_eq!(
        said.await,
        Heard::Game {
            id: 21,
            revision: 1,
            lobby: false
        }
    );
    // A write refused for its revision tells nobody: the next word is of the next write.
    assert!(!a.save(&next(&g, |_| ()), false).await.unwrap());
    // The listeners' connections are cut: what is said meanwhile is lost, and each listener,
    // connected again, says so (its server then reads everything again).
    let cut = cut_off_listeners(&admin(&url).await).await;
    assert_eq!(cut, 2, "both servers' listeners");
    next_heard(&mut heard, |h| (h == Heard::Reconnected).then_some(())).await;
    let later = next(&next(&g, |_| ()), |_| ());
    assert!(a.save(&later, true).await.unwrap());
    let said = next_heard(&mut heard, |h| {
        matches!(h, Heard::Game { id: 21, .. }).then_some(h)
    });
    assert_eq!(
        said.await,
        Heard::Game {
            id: 21,
            revision: 2,
            lobby: true
        }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_keeps_who_is_at_a_game_on_each_server_and_tells_the_others() {
    let url = fresh_database().await;
    let (a, b) = (
        PgStore::open(&url).await.unwrap(),
        PgStore::open(&url).await.unwrap(),
    );
    let mut heard = b.listen().unwrap();
    a.create(&record(31), false).await.unwrap();
    a.alive(1, 1_000).await.unwrap();
    b.alive(2, 1_000).await.unwrap();
    a.present(1, &[(31, Color::White, 1, 900)]).await.unwrap();
    next_heard(&mut heard, |h| (h == Heard::Presence(31)).then_some(())).await;
    b.present(2, &[(31, Color::Black, 2, 950)]).await.unwrap();
    // Two counts of one side in one write: the last is kept.
    a.present(1, &[(31, Color::White, 3, 980), (31, Color::White, 0, 990)])
        .await
        .unwrap();
    let seen_by_b = b.presence(2, &[31, 32]).await.unwrap();
    assert_eq!(
        seen_by_b,
        [Presence {
            game: 31,
            side: Color::White,
            pages: 0,
            since: 990,
            seen: 1_000
        }],
        "a server's own pages are not told back to it"
    );
    let seen_by_a = a.presence(1, &[31]).await.unwrap();
    assert_eq!(seen_by_a.len(), 1);
    assert_eq!((seen_by_a[0].side, seen_by_a[0].pages), (Color::Black, 2));
}

/// 1,000 seats taken at once on one server (a pool's or a load's burst of pairings): each
/// player's channel on the other server hears of it, once, and the notices go out together, not
/// each in a transaction of its own (each of which held the database's notification lock through
/// a sync to disk).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgres_tells_a_burst_of_players_their_news_together() {
    let url = fresh_database().await;
    let (a, b) = (
        std::sync::Arc::new(PgStore::open(&url).await.unwrap()),
        PgStore::open(&url).await.unwrap(),
    );
    let mut heard = b.listen().unwrap();
    let told: Vec<_> = (0..1_000u64)
        .map(|n| {
            let a = a.clone();
            tokio::spawn(async move { a.notify_player(&format!("player-{n}"), n).await })
        })
        .collect();
    for t in told {
        t.await.unwrap().unwrap();
    }
    let mut games = std::collections::BTreeSet::new();
    while games.len() < 1_000 {
        let (game, key) = next_heard(&mut heard, |h| match h {
            Heard::Player { game, key } => Some((game, key)),
            _ => None,
        })
        .await;
        assert_eq!(key, format!("player-{game}"));
        assert!(games.insert(game), "player-{game} told twice");
    }
    let sent = a.notice_transactions();
    assert!(sent < 100, "{sent} transactions for 1,000 notices");
}

#[test]
fn sqlite_migrates_an_old_database_and_keeps_its_games() {
    let dir = std::env::temp_dir().join(format!("topochess-migrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.sqlite");
    let _ = std::fs::remove_file(&path);
    {
        // A database of the first layout, with a game in it.
        let db = rusqlite::Connection::open(&path).unwrap();
        assert_eq!(sqlite::migrate(&db, 1).unwrap(), 1);
        db.execute(
            "INSERT INTO games (id, variant, castling, white, moves, white_ms, black_ms, aborted, created)
             VALUES (5, 'torus', 'none', 'w0123456789abcdef', 'e2e4', 0, 0, 0, 1)",
            [],
        )
        .unwrap();
    }
    let store = SqliteStore::open(&path).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let version: i64 = runtime
        .block_on(store.read(|db| Ok(db.pragma_query_value(None, "user_version", |r| r.get(0))?)))
        .unwrap();
    assert_eq!(version, sqlite::LAYOUT_VERSION as i64);
    let g = runtime.block_on(store.load(5)).unwrap().expect("kept");
    assert_eq!(
        (
            g.variant.as_str(),
            g.moves.clone(),
            g.draw_offer,
            g.revision
        ),
        ("torus", vec!["e2e4".to_string()], None, 0)
    );
    // The secret kept by the old layout is kept only as its proof now.
    let proof = crate::record::seat_proof("w0123456789abcdef");
    assert_eq!(g.seats, [Some(proof), None]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn sqlite_reads_an_unreadable_outcome_as_an_error_not_a_game_that_goes_on() {
    let store = SqliteStore::in_temp().unwrap();
    store.create(&record(9), false).await.unwrap();
    store
        .read(|db| {
            db.execute("UPDATE games SET outcome = 'garbage' WHERE id = 9", [])?;
            Ok(())
        })
        .await
        .unwrap();
    assert!(store.load(9).await.is_err());
}

/// A store call held for two seconds (a slow disk, a lock) holds up no other game: on a runtime
/// of one thread, a game is made and moved while the call is held, and both are done before it
/// is let go.
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn sqlite_a_call_held_holds_up_no_other_game() {
    use std::sync::atomic::AtomicBool;
    let store = Arc::new(SqliteStore::in_temp().unwrap());
    let holding = Arc::new(tokio::sync::Notify::new());
    let released = Arc::new(AtomicBool::new(false));
    let held = tokio::spawn({
        let (store, holding, released) = (store.clone(), holding.clone(), released.clone());
        async move {
            store.hold(2000, holding).await.unwrap();
            released.store(true, Ordering::SeqCst);
        }
    });
    holding.notified().await;
    let moved = tokio::spawn({
        let store = store.clone();
        async move {
            let g = record(11);
            store.create(&g, false).await.unwrap();
            let moved = next(&g, |g| g.moves.push("g1f3".into()));
            assert!(store.save(&moved, false).await.unwrap());
        }
    });
    moved.await.unwrap();
    assert!(
        !released.load(Ordering::SeqCst),
        "the game waited for the held call"
    );
    held.await.unwrap();
    assert_eq!(store.load(11).await.unwrap().unwrap().moves.len(), 3);
}

/// Games moved and accounts made at once never wait for SQLite's lock: every write goes through
/// one connection, and a write that fails among them is undone alone. The store's connections here fail at once on a lock another holds, so a write
/// made beside another connection's (as the accounts' were) would fail.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_games_and_accounts_written_at_once_never_wait_for_a_lock() {
    let Place::Sqlite(path) = Place::fresh(false).await else {
        unreachable!("a file")
    };
    let store = Arc::new(SqliteStore::impatient(&path).unwrap());
    store.create(&record(999), false).await.unwrap();
    let mut writes = tokio::task::JoinSet::new();
    // A write that fails among the others is undone alone: its change to game 999 is not kept.
    let failing = store.clone();
    let failed = tokio::spawn(async move {
        failing
            .in_transaction(|db| {
                db.execute("UPDATE games SET created = 7 WHERE id = 999", [])?;
                Err::<(), _>(StoreError("refused halfway".into()))
            })
            .await
    });
    for n in 0..40u64 {
        let games = store.clone();
        writes.spawn(async move {
            let store = games;
            let mut g = record(1000 + n);
            store.create(&g, false).await?;
            for _ in 0..10 {
                let moved = next(&g, |g| g.moves.push("g1f3".into()));
                assert!(store.save(&moved, false).await?, "kept over its revision");
                g = moved;
            }
            Ok::<_, StoreError>(())
        });
        let accounts = store.clone();
        writes.spawn(async move {
            let store = accounts;
            let account = store.sign_up(&format!("writer{n}"), "a hash", 1).await?;
            let account = account.expect("a new name");
            store
                .open_session(&format!("proof{n}"), account.id, 1)
                .await
        });
    }
    while let Some(written) = writes.join_next().await {
        written.unwrap().expect("no write waited for the lock");
    }
    assert_eq!(store.load(1039).await.unwrap().unwrap().moves.len(), 12);
    assert!(
        failed.await.unwrap().is_err(),
        "the failed write's own error"
    );
    let kept = store.load(999).await.unwrap().unwrap();
    assert_eq!(kept.created, record(999).created, "its change undone");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_reads_an_unreadable_outcome_as_an_error_not_a_game_that_goes_on() {
    let url = fresh_database().await;
    let store = PgStore::open(&url).await.unwrap();
    store.create(&record(9), false).await.unwrap();
    admin(&url)
        .await
        .execute("UPDATE games SET outcome = 'garbage' WHERE id = 9", &[])
        .await
        .unwrap();
    assert!(store.load(9).await.is_err());
}

mod accounts;
mod arenas;
mod pools;
