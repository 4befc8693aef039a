//! The rooms over a store that can be made to fail or to be slow: memory and store stay in step,
//! the player is told a sentence, rooms and clock watchers do not outlive their use, a flag falls
//! with nobody there, and seeks are replaced and listed as their creators come and go.

use super::*;
use crate::store::arenas::{Arena, ArenaEnd, Entrant, Pairing};
use crate::store::tests::eventually;
use crate::store::SqliteStore;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use topochess_core::game::Outcome;
use topochess_protocol::Side;

/// An SQLite store in memory whose writes can be made to fail, and whose reads of unknown games
/// can be made slow.
struct Unreliable {
    inner: SqliteStore,
    failing: AtomicBool,
    /// Writes refused while failing.
    refused: AtomicU64,
    slow_misses: AtomicBool,
}

impl Unreliable {
    fn new() -> Arc<Unreliable> {
        Arc::new(Unreliable {
            inner: SqliteStore::in_temp().unwrap(),
            failing: AtomicBool::new(false),
            refused: AtomicU64::new(0),
            slow_misses: AtomicBool::new(false),
        })
    }

    fn check(&self) -> Result<(), StoreError> {
        if self.failing.load(Ordering::SeqCst) {
            self.refused.fetch_add(1, Ordering::SeqCst);
            return Err(StoreError("disk I/O error at /secret/path".into()));
        }
        Ok(())
    }
}

/// The pools' part, as the SQLite store keeps it; a pair fails while writes fail.
#[async_trait::async_trait]
impl crate::store::PoolStore for Unreliable {
    async fn pool_join(&self, seat: &crate::store::PoolSeat) -> Result<(), StoreError> {
        self.check()?;
        self.inner.pool_join(seat).await
    }
    async fn pool_leave(&self, player: &str, ticket: u64) -> Result<(), StoreError> {
        self.inner.pool_leave(player, ticket).await
    }
    async fn pool_seats(&self) -> Result<Vec<crate::store::PoolSeat>, StoreError> {
        self.inner.pool_seats().await
    }
    async fn pool_pair(
        &self,
        white: (&str, u64),
        black: (&str, u64),
        game: &Record,
    ) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.pool_pair(white, black, game).await
    }
    async fn pool_seen(&self, server: u64, now: u64, before: u64) -> Result<(), StoreError> {
        self.inner.pool_seen(server, now, before).await
    }
}

/// The arenas' part, as the SQLite store keeps it; a pair fails while writes fail.
#[async_trait::async_trait]
impl crate::store::ArenaStore for Unreliable {
    async fn arena_create(&self, a: &Arena) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.arena_create(a).await
    }
    async fn arena(&self, id: u64) -> Result<Option<Arena>, StoreError> {
        self.inner.arena(id).await
    }
    async fn arenas(&self, from: u64, to: u64) -> Result<Vec<Arena>, StoreError> {
        self.inner.arenas(from, to).await
    }
    async fn arena_entrants(&self, id: u64) -> Result<Vec<Entrant>, StoreError> {
        self.inner.arena_entrants(id).await
    }
    async fn arena_pairings(&self, id: u64) -> Result<Vec<Pairing>, StoreError> {
        self.inner.arena_pairings(id).await
    }
    async fn arena_join(&self, id: u64, e: &Entrant) -> Result<(), StoreError> {
        self.check()?;
        self.inner.arena_join(id, e).await
    }
    async fn arena_pause(&self, id: u64, account: u64, leave: bool) -> Result<(), StoreError> {
        self.inner.arena_pause(id, account, leave).await
    }
    async fn arena_seen(&self, id: u64, accounts: &[u64], at: u64) -> Result<(), StoreError> {
        self.inner.arena_seen(id, accounts, at).await
    }
    async fn arena_pair(
        &self,
        id: u64,
        white: u64,
        black: u64,
        game: &Record,
        now: u64,
    ) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.arena_pair(id, white, black, game, now).await
    }
    async fn arena_end(
        &self,
        game: GameId,
        at: u64,
        end: ArenaEnd,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<bool, StoreError> {
        self.inner.arena_end(game, at, end, plies, berserk).await
    }
}

/// The accounts' part, as the SQLite store keeps it; a rating fails while writes fail.
#[async_trait::async_trait]
impl crate::store::AccountStore for Unreliable {
    async fn sign_up(
        &self,
        name: &str,
        hash: &str,
        now: u64,
    ) -> Result<Option<crate::accounts::Account>, StoreError> {
        self.inner.sign_up(name, hash, now).await
    }
    async fn account(&self, name: &str) -> Result<Option<crate::accounts::Account>, StoreError> {
        self.inner.account(name).await
    }
    async fn open_session(&self, proof: &str, account: u64, now: u64) -> Result<(), StoreError> {
        self.inner.open_session(proof, account, now).await
    }
    async fn session(
        &self,
        proof: &str,
        since: u64,
    ) -> Result<Option<crate::accounts::Account>, StoreError> {
        self.inner.session(proof, since).await
    }
    async fn close_session(&self, proof: &str) -> Result<(), StoreError> {
        self.inner.close_session(proof).await
    }
    async fn close_sessions(&self, account: u64, keep: Option<&str>) -> Result<(), StoreError> {
        self.inner.close_sessions(account, keep).await
    }
    async fn set_password(&self, account: u64, hash: &str) -> Result<(), StoreError> {
        self.inner.set_password(account, hash).await
    }
    async fn delete_account(&self, account: u64) -> Result<(), StoreError> {
        self.inner.delete_account(account).await
    }
    async fn games_of(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        self.inner.games_of(account).await
    }
    async fn guest_seats(&self, proof: &str) -> Result<Vec<GameId>, StoreError> {
        self.inner.guest_seats(proof).await
    }
    async fn standings(&self, account: u64) -> Result<Vec<crate::ratings::Standing>, StoreError> {
        self.inner.standings(account).await
    }
    async fn history(&self, account: u64) -> Result<Vec<(String, u64, f64)>, StoreError> {
        self.inner.history(account).await
    }
    async fn rate(&self, id: GameId, now: u64) -> Result<Option<Record>, StoreError> {
        self.check()?;
        self.inner.rate(id, now).await
    }
    async fn unsettled(&self) -> Result<Vec<GameId>, StoreError> {
        self.inner.unsettled().await
    }
    async fn archive(&self, query: &crate::store::ArchiveQuery) -> Result<Vec<Record>, StoreError> {
        self.inner.archive(query).await
    }
    async fn leaderboard(
        &self,
        variant: &str,
        since: u64,
        most: f64,
        limit: usize,
    ) -> Result<Vec<(String, crate::ratings::Standing)>, StoreError> {
        self.inner.leaderboard(variant, since, most, limit).await
    }
    async fn login_try(
        &self,
        name: &str,
        now: u64,
        window: u64,
        most: u32,
    ) -> Result<Option<u64>, StoreError> {
        self.check()?;
        self.inner.login_try(name, now, window, most).await
    }
    async fn login_tries(&self, key: &str, since: u64) -> Result<(u32, Option<u64>), StoreError> {
        self.check()?;
        self.inner.login_tries(key, since).await
    }
    async fn forget_login_tries(&self, before: u64) -> Result<usize, StoreError> {
        self.inner.forget_login_tries(before).await
    }
}

#[async_trait::async_trait]
impl crate::store::tokens::TokenStore for Unreliable {
    async fn token_make(
        &self,
        account: u64,
        proof: &str,
        token: &crate::store::tokens::Token,
    ) -> Result<(), StoreError> {
        self.check()?;
        self.inner.token_make(account, proof, token).await
    }
    async fn tokens(&self, account: u64) -> Result<Vec<crate::store::tokens::Token>, StoreError> {
        self.check()?;
        self.inner.tokens(account).await
    }
    async fn token_revoke(&self, account: u64, id: u64) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.token_revoke(account, id).await
    }
    async fn token(
        &self,
        proof: &str,
    ) -> Result<Option<(crate::accounts::Account, crate::store::tokens::Token)>, StoreError> {
        self.check()?;
        self.inner.token(proof).await
    }
}

#[async_trait::async_trait]
impl crate::store::challenges::ChallengeStore for Unreliable {
    async fn challenge_make(
        &self,
        c: &crate::store::challenges::Challenge,
    ) -> Result<(), StoreError> {
        self.check()?;
        self.inner.challenge_make(c).await
    }
    async fn challenge(
        &self,
        id: GameId,
    ) -> Result<Option<crate::store::challenges::Challenge>, StoreError> {
        self.check()?;
        self.inner.challenge(id).await
    }
    async fn challenge_settle(
        &self,
        id: GameId,
        status: crate::store::challenges::Status,
        reason: Option<&str>,
    ) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.challenge_settle(id, status, reason).await
    }
    async fn challenges_open(
        &self,
        account: u64,
        since: u64,
    ) -> Result<Vec<crate::store::challenges::Challenge>, StoreError> {
        self.check()?;
        self.inner.challenges_open(account, since).await
    }
    async fn playing(&self, account: u64) -> Result<Vec<GameId>, StoreError> {
        self.check()?;
        self.inner.playing(account).await
    }
    async fn make_bot(&self, account: u64) -> Result<(), StoreError> {
        self.check()?;
        self.inner.make_bot(account).await
    }
    async fn bots(&self, limit: usize) -> Result<Vec<crate::accounts::Account>, StoreError> {
        self.check()?;
        self.inner.bots(limit).await
    }
}

#[async_trait::async_trait]
impl Store for Unreliable {
    async fn create(&self, game: &Record, lobby: bool) -> Result<(), StoreError> {
        self.check()?;
        self.inner.create(game, lobby).await
    }
    async fn load(&self, id: GameId) -> Result<Option<Record>, StoreError> {
        let found = self.inner.load(id).await?;
        if found.is_none() && self.slow_misses.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(400)).await;
        }
        Ok(found)
    }
    async fn load_many(&self, ids: &[GameId]) -> Result<Vec<Record>, StoreError> {
        self.inner.load_many(ids).await
    }
    async fn save(&self, game: &Record, lobby: bool) -> Result<bool, StoreError> {
        self.check()?;
        self.inner.save(game, lobby).await
    }
    async fn lobby(&self, since: u64, limit: usize) -> Result<Vec<Record>, StoreError> {
        self.inner.lobby(since, limit).await
    }
    async fn running(&self) -> Result<Vec<GameId>, StoreError> {
        self.inner.running().await
    }
    async fn overdue(&self, before: u64) -> Result<Vec<GameId>, StoreError> {
        self.inner.overdue(before).await
    }
    async fn prune(&self, before: u64, keep: &[GameId]) -> Result<usize, StoreError> {
        self.inner.prune(before, keep).await
    }
    fn listen(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::store::Heard>> {
        None
    }
    async fn present(&self, _: u64, _: &[crate::store::Count]) -> Result<(), StoreError> {
        Ok(())
    }
    async fn notify_player(&self, _: &str, _: GameId) -> Result<(), StoreError> {
        Ok(())
    }
    async fn presence(
        &self,
        _: u64,
        _: &[GameId],
    ) -> Result<Vec<crate::store::Presence>, StoreError> {
        Ok(Vec::new())
    }
    async fn alive(&self, _: u64, _: u64) -> Result<(), StoreError> {
        Ok(())
    }
}

const W: &str = "white-secret-0123456789";
const B: &str = "black-secret-0123456789";

fn here() -> IpAddr {
    "192.0.2.1".parse().unwrap()
}

fn new_game(base_secs: Option<u32>, public: bool, secret: &str) -> NewGame {
    NewGame {
        variant: "folded".into(),
        castling: String::new(),
        base_secs,
        increment_secs: 0,
        side: Side::White,
        secret: secret.into(),
        public,
        rated: false,
    }
}

fn setup() -> (Arc<Unreliable>, Arc<Rooms>) {
    let store = Unreliable::new();
    let rooms = Rooms::new(store.clone(), Arc::default());
    (store, rooms)
}

fn mv(uci: &str, ply: usize) -> ClientMessage {
    ClientMessage::Move {
        uci: uci.into(),
        ply,
    }
}

/// A game of `base_secs` a side, both seated, both first moves played (White's clock runs),
/// and nobody at it any more.
async fn clock_running(rooms: &Arc<Rooms>, base_secs: u32) -> GameId {
    let (id, _) = rooms
        .create(&new_game(Some(base_secs), false, W), here(), 3, None)
        .await
        .unwrap();
    let room = rooms.room(id).await.unwrap().unwrap();
    rooms.seat(&room, Some(B), None, None).await.unwrap();
    for (side, m) in [(Color::White, mv("e2e4", 0)), (Color::Black, mv("e7e5", 1))] {
        rooms.act(&room, side, &m).await.unwrap();
    }
    id
}

#[tokio::test]
async fn a_failed_write_leaves_memory_as_the_store_and_tells_a_sentence() {
    let (store, rooms) = setup();
    let (id, _) = rooms
        .create(&new_game(None, false, W), here(), 3, None)
        .await
        .unwrap();
    let room = rooms.room(id).await.unwrap().unwrap();
    store.failing.store(true, Ordering::SeqCst);
    // The seat: not taken in memory when its write fails.
    let failure = rooms.seat(&room, Some(B), None, None).await.unwrap_err();
    assert!(matches!(failure, Failure::Store(_)));
    assert!(
        !failure.sentence().contains("secret"),
        "no detail for the player"
    );
    assert_eq!(room.state(None).await.seated, [true, false]);
    store.failing.store(false, Ordering::SeqCst);
    assert_eq!(
        rooms.seat(&room, Some(B), None, None).await,
        Ok(Some(Color::Black))
    );
    // A move: not played in memory when its write fails.
    store.failing.store(true, Ordering::SeqCst);
    let failure = rooms.act(&room, Color::White, &mv("e2e4", 0)).await;
    assert!(matches!(failure, Err(Failure::Store(_))));
    assert!(room.state(None).await.moves.is_empty());
    store.failing.store(false, Ordering::SeqCst);
    rooms
        .act(&room, Color::White, &mv("e2e4", 0))
        .await
        .unwrap();
    assert_eq!(store.load(id).await.unwrap().unwrap().moves, ["e2e4"]);
    // Creating a game: refused with the sentence.
    store.failing.store(true, Ordering::SeqCst);
    let failure = rooms
        .create(&new_game(None, false, W), here(), 3, None)
        .await;
    assert!(matches!(failure, Err(Failure::Store(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 8)]
async fn unknown_ids_read_from_the_store_delay_no_open_game() {
    let (store, rooms) = setup();
    let (id, _) = rooms
        .create(&new_game(None, false, W), here(), 3, None)
        .await
        .unwrap();
    let _room = rooms.room(id).await.unwrap().unwrap();
    store.slow_misses.store(true, Ordering::SeqCst);
    let misses: Vec<_> = (0..3)
        .map(|i| {
            let rooms = rooms.clone();
            tokio::spawn(async move { rooms.room(0xdead_0000 + i).await })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(50)).await;
    let start = Instant::now();
    assert!(rooms.room(id).await.unwrap().is_some());
    let took = start.elapsed();
    assert!(took < Duration::from_millis(100), "{took:?}");
    for miss in misses {
        assert!(miss.await.unwrap().unwrap().is_none());
    }
}

#[tokio::test]
async fn a_flag_falls_with_nobody_there_and_leaves_no_room_or_watcher() {
    let (store, rooms) = setup();
    let id = clock_running(&rooms, 1).await;
    // Everyone left: the room closes, the clock is still watched (and holds no room).
    rooms.close_idle();
    assert_eq!((rooms.open_rooms(), rooms.watched_clocks()), (0, 1));
    // The store fails when the flag falls: the watcher tries again until it is kept.
    store.failing.store(true, Ordering::SeqCst);
    eventually(|| async { store.refused.load(Ordering::SeqCst) >= 2 }).await;
    assert_eq!(store.load(id).await.unwrap().unwrap().outcome, None);
    assert_eq!(rooms.watched_clocks(), 1, "tried again, and still watched");
    store.failing.store(false, Ordering::SeqCst);
    eventually(|| async { rooms.watched_clocks() == 0 }).await;
    assert_eq!(
        store.load(id).await.unwrap().unwrap().outcome,
        Some(Outcome::Timeout {
            winner: Color::Black
        })
    );
    assert_eq!(rooms.open_rooms(), 0);
}

#[tokio::test]
async fn a_restart_watches_every_running_clock_and_ends_the_fallen_ones() {
    let (store, rooms) = setup();
    let id = clock_running(&rooms, 60).await;
    // The server dies; the clock ran out meanwhile (its start moved an hour back).
    let mut record = store.load(id).await.unwrap().unwrap();
    record.turn_since = record.turn_since.map(|t| t - 3600 * 1000);
    record.revision += 1;
    assert!(store.save(&record, false).await.unwrap());
    drop(rooms);
    let again = Rooms::new(store.clone(), Arc::default());
    assert_eq!(again.resume_clocks().await, Ok(1));
    eventually(|| async { again.watched_clocks() == 0 }).await;
    assert_eq!(
        store.load(id).await.unwrap().unwrap().outcome,
        Some(Outcome::Timeout {
            winner: Color::Black
        })
    );
    assert_eq!(again.open_rooms(), 0);
}

#[tokio::test]
async fn a_new_seek_replaces_its_players_old_one_and_an_address_has_few() {
    let (store, rooms) = setup();
    let (first, _) = rooms
        .create(&new_game(None, true, W), here(), 3, None)
        .await
        .unwrap();
    let (second, _) = rooms
        .create(&new_game(None, true, W), here(), 3, None)
        .await
        .unwrap();
    assert!(
        store.load(first).await.unwrap().unwrap().aborted,
        "replaced"
    );
    let listed: Vec<String> = rooms
        .lobby()
        .await
        .unwrap()
        .seeks
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(listed, [topochess_protocol::id_text(second)]);
    // Other players at the same address: three seeks at most.
    rooms
        .create(&new_game(None, true, B), here(), 3, None)
        .await
        .unwrap();
    rooms
        .create(
            &new_game(None, true, "third-secret-0123456789"),
            here(),
            3,
            None,
        )
        .await
        .unwrap();
    let refused = rooms
        .create(
            &new_game(None, true, "fourth-secret-012345678"),
            here(),
            3,
            None,
        )
        .await;
    assert!(matches!(refused, Err(Failure::Limited(ref why, _)) if why.contains("3 seeks")));
    let elsewhere: IpAddr = "198.51.100.9".parse().unwrap();
    assert!(rooms
        .create(
            &new_game(None, true, "fourth-secret-012345678"),
            elsewhere,
            3,
            None,
        )
        .await
        .is_ok());
}

#[tokio::test]
async fn a_seek_is_listed_while_its_creator_is_here_and_a_few_seconds_after() {
    let (_, rooms) = setup();
    let (id, _) = rooms
        .create(&new_game(None, true, W), here(), 3, None)
        .await
        .unwrap();
    assert_eq!(listed(&rooms).await, 1, "just posted");
    let room = rooms.room(id).await.unwrap().unwrap();
    assert_eq!(
        rooms.seat(&room, Some(W), None, None).await,
        Ok(Some(Color::White))
    );
    room.arrive(Color::White);
    assert_eq!(listed(&rooms).await, 1, "its creator is here");
    room.leave(Color::White);
    assert_eq!(listed(&rooms).await, 1, "left just now");
    // Left longer ago than the grace.
    room.leave_at(Color::White, now_ms() - SEEK_GRACE_MS - 1);
    assert_eq!(listed(&rooms).await, 0, "gone");
    room.arrive(Color::White);
    assert_eq!(listed(&rooms).await, 1, "back");
}

/// How many seeks the lobby lists.
async fn listed(rooms: &Rooms) -> usize {
    rooms.lobby().await.unwrap().seeks.len()
}

#[tokio::test]
async fn every_page_told_of_one_change_shares_one_reading_of_the_game() {
    let (_, rooms) = setup();
    let (id, _) = rooms
        .create(&new_game(None, false, W), here(), 3, None)
        .await
        .unwrap();
    let room = rooms.room(id).await.unwrap().unwrap();
    rooms.seat(&room, Some(B), None, None).await.unwrap();
    let before = room.news().await;
    assert!(Arc::ptr_eq(&before, &room.news().await), "read once");
    rooms
        .act(&room, Color::White, &mv("e2e4", 0))
        .await
        .unwrap();
    let after = room.news().await;
    assert!(!Arc::ptr_eq(&before, &after), "a change is read anew");
    assert_eq!(after.state.moves, ["e2e4"]);
    assert!(Arc::ptr_eq(&after, &room.news().await));
    // Both players' pages are sent one text, the move alone.
    let white = after.text(Some(&before), Some(Color::White), true);
    let black = after.text(Some(&before), Some(Color::Black), true);
    assert!(Arc::ptr_eq(&white, &black));
    // A page come or gone is news too, read anew.
    room.arrive(Color::White);
    assert!(!Arc::ptr_eq(&after, &room.news().await));
    // A reading for one answer is the game at this instant, shared with no page.
    assert!(!Arc::ptr_eq(&room.news_now().await, &room.news_now().await));
}
