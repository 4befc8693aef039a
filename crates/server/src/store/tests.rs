//! The SQLite store: kept over a restart, migrated, strict about what it reads, pruned.

use super::*;

/// The answer of a write, waited for.
fn kept(w: Written) -> Result<(), StoreError> {
    w.blocking_recv().expect("answered")
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
        kept(store.create(&g)).unwrap();
        g.moves.push("g1f3".into());
        g.outcome = Some(topochess_core::game::Outcome::Resignation {
            winner: Color::White,
        });
        g.seats[1] = Some("b".repeat(32));
        kept(store.save(&g)).unwrap();
    }
    let store = SqliteStore::open(&path).unwrap();
    assert_eq!(store.load(g.id).unwrap(), Some(g.clone()));
    assert_eq!(store.load(7).unwrap(), None);
    assert!(
        kept(store.save(&record(7))).is_err(),
        "a game never created"
    );
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
    kept(store.create(&record(9))).unwrap();
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
        kept(store.create(&g)).unwrap();
    }
    assert_eq!(store.prune(19 * day, &[5]).unwrap(), 2);
    let left: Vec<bool> = (1..=6)
        .map(|id| store.load(id).unwrap().is_some())
        .collect();
    assert_eq!(left, [false, false, true, true, true, true]);
}
