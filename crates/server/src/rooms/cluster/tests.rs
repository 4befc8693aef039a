//! Two servers' rooms on one PostgreSQL database, in the awkward orders: one seat taken through
//! both at once, one ply moved through both at once, a flag both see fall, a move made while a
//! listener is cut off, a game left by every server, a player who leaves one server, a server
//! not heard from for a while, a count of pages the database lost.

use super::*;
use crate::room::{now_ms, SERVER_LOST_MS};
use crate::rooms::Failure;
use crate::store::tests::{
    admin, cut_off_listeners, eventually, eventually_within, fresh_database,
};
use crate::store::PgStore;
use tokio_util::sync::CancellationToken;
use topochess_core::game::Outcome;
use topochess_protocol::{ClientMessage, NewGame, Side};

const W: &str = "white-secret-0123456789";
const B: &str = "black-secret-0123456789";
const C: &str = "third-secret-0123456789";

/// A server's rooms on the database at `url`, started.
async fn server(url: &str) -> Arc<Rooms> {
    server_to_stop(url).await.0
}

/// A server's rooms on the database at `url`, started, and what stops them (as if the server
/// died: it says nothing more).
async fn server_to_stop(url: &str) -> (Arc<Rooms>, CancellationToken) {
    let rooms = Rooms::new(Arc::new(PgStore::open(url).await.unwrap()), Arc::default());
    let stop = CancellationToken::new();
    rooms.start(stop.clone());
    (rooms, stop)
}

/// A game created through `rooms` by White, and its id.
async fn game(rooms: &Arc<Rooms>, base_secs: Option<u32>) -> GameId {
    let new = NewGame {
        variant: "folded".into(),
        castling: String::new(),
        base_secs,
        increment_secs: 0,
        side: Side::White,
        secret: W.into(),
        public: false,
        rated: false,
    };
    let from = "192.0.2.1".parse().unwrap();
    rooms.create(&new, from, 3, None).await.unwrap().0
}

fn mv(uci: &str, ply: usize) -> ClientMessage {
    ClientMessage::Move {
        uci: uci.into(),
        ply,
    }
}

async fn moves(room: &Room) -> Vec<String> {
    room.state(None).await.moves
}

/// Two servers on the database at `url`, a game White created through the first and Black took a
/// seat in, and its room on each.
async fn seated_on_two(url: &str) -> (Arc<Rooms>, Arc<Rooms>, GameId, Arc<Room>, Arc<Room>) {
    let (a, b) = (server(url).await, server(url).await);
    let id = game(&a, None).await;
    let room_a = a.room(id).await.unwrap().unwrap();
    a.seat(&room_a, Some(B), None, None).await.unwrap();
    let room_b = b.room(id).await.unwrap().unwrap();
    (a, b, id, room_a, room_b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn one_seat_taken_through_two_servers_at_once_seats_one_and_the_other_watches() {
    let url = fresh_database().await;
    let (a, b) = (server(&url).await, server(&url).await);
    for _ in 0..10 {
        let id = game(&a, None).await;
        let (room_a, room_b) = (
            a.room(id).await.unwrap().unwrap(),
            b.room(id).await.unwrap().unwrap(),
        );
        let (seat_a, seat_b) = tokio::join!(
            a.seat(&room_a, Some(B), None, None),
            b.seat(&room_b, Some(C), None, None)
        );
        let mut seats = [seat_a.unwrap(), seat_b.unwrap()];
        seats.sort_by_key(|s| s.is_some());
        assert_eq!(seats, [None, Some(Color::Black)], "one seat, one spectator");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_ply_moved_through_two_servers_at_once_is_kept_once_and_both_see_it() {
    let url = fresh_database().await;
    let (a, b) = (server(&url).await, server(&url).await);
    for _ in 0..10 {
        let id = game(&a, None).await;
        let room_a = a.room(id).await.unwrap().unwrap();
        a.seat(&room_a, Some(B), None, None).await.unwrap();
        let room_b = b.room(id).await.unwrap().unwrap();
        let (e4, d4) = (mv("e2e4", 0), mv("d2d4", 0));
        let (on_a, on_b) = tokio::join!(
            a.act(&room_a, Color::White, &e4),
            b.act(&room_b, Color::White, &d4),
        );
        let refused = [&on_a, &on_b]
            .iter()
            .filter(|r| matches!(r, Err(Failure::Refused(_))))
            .count();
        assert_eq!((on_a.is_ok() as u8 + on_b.is_ok() as u8, refused), (1, 1));
        let kept = if on_a.is_ok() { "e2e4" } else { "d2d4" };
        for room in [&room_a, &room_b] {
            eventually(|| async { moves(room).await == [kept] }).await;
        }
        // Black answers through the other server; White's server hears of it.
        b.act(&room_b, Color::Black, &mv("e7e5", 1)).await.unwrap();
        eventually(|| async { moves(&room_a).await.len() == 2 }).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flag_both_servers_see_falls_once() {
    let url = fresh_database().await;
    let (a, b) = (server(&url).await, server(&url).await);
    let id = game(&a, Some(1)).await;
    let room_a = a.room(id).await.unwrap().unwrap();
    a.seat(&room_a, Some(B), None, None).await.unwrap();
    a.act(&room_a, Color::White, &mv("e2e4", 0)).await.unwrap();
    a.act(&room_a, Color::Black, &mv("e7e5", 1)).await.unwrap();
    let room_b = b.room(id).await.unwrap().unwrap();
    let revision = room_b.game.lock().await.record().revision;
    assert_eq!((a.watched_clocks(), b.watched_clocks()), (1, 1));
    // Both watchers done: the one that ended the game and the one that found it ended.
    eventually(|| async { (a.watched_clocks(), b.watched_clocks()) == (0, 0) }).await;
    let kept = a.store.load(id).await.unwrap().unwrap();
    assert_eq!(
        (kept.outcome, kept.revision),
        (
            Some(Outcome::Timeout {
                winner: Color::Black
            }),
            revision + 1
        ),
        "ended once"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_made_while_a_listener_is_cut_off_is_read_when_it_is_back() {
    let url = fresh_database().await;
    let (a, _b, _, room_a, room_b) = seated_on_two(&url).await;
    cut_off_listeners(&admin(&url).await).await;
    tokio::time::sleep(Duration::from_millis(50)).await;
    // Said while nobody listens: lost, and read again once the listener is back.
    a.act(&room_a, Color::White, &mv("e2e4", 0)).await.unwrap();
    eventually(|| async { moves(&room_b).await == ["e2e4"] }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_flag_of_a_game_every_server_left_is_ended_by_the_next_to_start() {
    let url = fresh_database().await;
    let id = {
        let (a, stop) = server_to_stop(&url).await;
        let id = game(&a, Some(1)).await;
        let room = a.room(id).await.unwrap().unwrap();
        a.seat(&room, Some(B), None, None).await.unwrap();
        a.act(&room, Color::White, &mv("e2e4", 0)).await.unwrap();
        a.act(&room, Color::Black, &mv("e7e5", 1)).await.unwrap();
        // The server dies before the flag falls: its watcher goes with it.
        a.watch_clock(id, None);
        stop.cancel();
        id
    };
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let c = server(&url).await;
    eventually(|| async {
        c.store.load(id).await.unwrap().unwrap().outcome
            == Some(Outcome::Timeout {
                winner: Color::Black,
            })
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_player_at_one_server_is_here_for_the_other_and_gone_when_they_leave_or_it_dies() {
    let url = fresh_database().await;
    let ((a, stop_a), b) = (server_to_stop(&url).await, server(&url).await);
    let id = game(&a, None).await;
    let room_a = a.room(id).await.unwrap().unwrap();
    a.seat(&room_a, Some(B), None, None).await.unwrap();
    let room_b = b.room(id).await.unwrap().unwrap();
    assert!(
        room_b.gone_for(Color::White, now_ms()).is_some(),
        "nobody yet"
    );
    room_a.arrive(Color::White);
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
    room_a.leave(Color::White);
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_some() }).await;
    // Back, then its server stops saying it is alive: gone, from its last word.
    room_a.arrive(Color::White);
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
    stop_a.cancel();
    let dead = Duration::from_millis(SERVER_LOST_MS + 5_000);
    eventually_within(dead, || async {
        room_b.gone_for(Color::White, now_ms()).is_some()
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_player_at_a_server_not_heard_from_is_back_when_it_is_heard_again() {
    let url = fresh_database().await;
    let (a, b, _, room_a, room_b) = seated_on_two(&url).await;
    room_a.arrive(Color::White);
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
    // The first server's word not there when the other reads its page: as when it has just
    // started and its pages come back before its first word, or it was starved for a while.
    let admin = admin(&url).await;
    eventually(|| async {
        admin
            .execute(
                "UPDATE servers SET seen = 0 WHERE id = $1",
                &[&(a.server as i64)],
            )
            .await
            .unwrap();
        b.read_presence(std::slice::from_ref(&room_b)).await;
        room_b.gone_for(Color::White, now_ms()).is_some()
    })
    .await;
    // Its next word, and nothing new of the page: here again.
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_count_of_pages_the_database_lost_is_told_again_when_the_listeners_are_back() {
    let url = fresh_database().await;
    let (_a, _b, id, room_a, room_b) = seated_on_two(&url).await;
    room_a.arrive(Color::White);
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
    // A restart of the database that lost the count (written without waiting for the sync):
    // the row gone, and every listener cut off.
    let admin = admin(&url).await;
    admin
        .execute("DELETE FROM presence WHERE game = $1", &[&(id as i64)])
        .await
        .unwrap();
    cut_off_listeners(&admin).await;
    // Told again by A once its listener is back: White is here for B, as the row says.
    eventually(|| async {
        let rows = admin
            .query(
                "SELECT pages FROM presence WHERE game = $1 AND side = 0",
                &[&(id as i64)],
            )
            .await
            .unwrap();
        rows.len() == 1 && rows[0].get::<_, i32>(0) == 1
    })
    .await;
    eventually(|| async { room_b.gone_for(Color::White, now_ms()).is_none() }).await;
}
