//! Two real server processes on one PostgreSQL database (the test script's own server), as
//! browsers meet them behind a load balancer: White plays through one, Black through the other,
//! spectators on both see every move; a seek posted on one is listed and taken on the other;
//! then White's server is killed (SIGKILL) mid-game, White comes back through the other server
//! and plays on, and nothing that was answered is lost. Two browsers taking one free seat through
//! the two servers at the same instant: one is seated, the other watches.

use crate::common::*;
use std::time::Duration;
use topochess_core::Color;
use topochess_protocol::{ClientMessage, ServerMessage};

/// A server on the database at `url`, on a free port.
fn server(name: &str, url: &str) -> Server {
    Server::start_with(&site(name), free_port(), &["--database", url], &[])
}

#[tokio::test(flavor = "multi_thread")]
async fn two_servers_play_one_game_and_one_of_them_dies_mid_game() {
    let url = fresh_database("cluster").await;
    let (a, b) = (server("cluster-a", &url), server("cluster-b", &url));
    assert!(health(a.port).contains("ok") && health(b.port).contains("ok"));
    let (white, black) = ("w0123456789abcdefghij", "b0123456789abcdefghij");

    // A seek posted through A is listed by B, and taken through B.
    let created = create(a.port, &folded_game(white, true));
    let mut w = connect(a.port, &created.id, white).await;
    assert_eq!(state_at(&mut w, 0).await.you, Some(Color::White));
    let listed = || lobby(b.port).seeks.iter().any(|g| g.id == created.id);
    let start = std::time::Instant::now();
    while !listed() {
        assert!(start.elapsed() < Duration::from_secs(5), "B lists A's seek");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let mut b_player = connect(b.port, &created.id, black).await;
    assert_eq!(state_at(&mut b_player, 0).await.you, Some(Color::Black));
    let mut watch_a = connect(a.port, &created.id, "watcher-on-a-0123456").await;
    let mut watch_b = connect(b.port, &created.id, "watcher-on-b-0123456").await;
    let seen_a = state_at(&mut watch_a, 0).await;
    assert_eq!((seen_a.you, seen_a.seated), (None, [true, true]));
    // Both players are here, whichever server each is on.
    assert_eq!(state_at(&mut watch_b, 0).await.you, None);

    // Moves through both servers, each seen by the other player and both spectators.
    let line = ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"];
    for (ply, m) in line.iter().enumerate() {
        let (mover, other) = match ply % 2 {
            0 => (&mut w, &mut b_player),
            _ => (&mut b_player, &mut w),
        };
        send(mover, &mv(m, ply)).await;
        state_at(mover, ply + 1).await;
        state_at(other, ply + 1).await;
        state_at(&mut watch_a, ply + 1).await;
        state_at(&mut watch_b, ply + 1).await;
    }
    // White's page on A, so Black (on B) sees White here: no claim of victory.
    send(&mut b_player, &ClientMessage::ClaimVictory).await;
    assert!(refused(&mut b_player)
        .await
        .contains("your opponent is here"));

    // A dies without a word. White's page comes back through B: every answered move is there.
    drop(a);
    let mut w = connect(b.port, &created.id, white).await;
    let back = state_at(&mut w, line.len()).await;
    assert_eq!(back.you, Some(Color::White));
    assert_eq!(back.moves, line);
    send(&mut w, &mv("d2d3", line.len())).await;
    state_at(&mut b_player, line.len() + 1).await;
    assert_eq!(
        state_at(&mut watch_b, line.len() + 1).await.moves.len(),
        line.len() + 1
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn two_browsers_taking_one_seat_through_two_servers_at_once_give_one_seat() {
    let url = fresh_database("cluster").await;
    let (a, b) = (server("seat-a", &url), server("seat-b", &url));
    for round in 0..5 {
        let white = format!("white{round}-0123456789abcdef");
        let created = create(a.port, &folded_game(&white, false));
        let (x, y) = (
            format!("x{round}-0123456789abcdefgh"),
            format!("y{round}-0123456789abcdefgh"),
        );
        let (mut on_a, mut on_b) = tokio::join!(
            connect(a.port, &created.id, &x),
            connect(b.port, &created.id, &y)
        );
        let (seen_a, seen_b) = tokio::join!(state_at(&mut on_a, 0), state_at(&mut on_b, 0));
        let mut seats = [seen_a.you, seen_b.you];
        seats.sort_by_key(|s| s.is_some());
        assert_eq!(seats, [None, Some(Color::Black)], "one seat, one spectator");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_players_chat_crosses_from_one_server_to_the_other() {
    let url = fresh_database("cluster_chat").await;
    let (a, b) = (server("chat-a", &url), server("chat-b", &url));
    let (white, black) = ("wchat-cluster-0123456", "bchat-cluster-0123456");
    let created = create(a.port, &folded_game(white, false));
    let mut w = connect(a.port, &created.id, white).await;
    state_at(&mut w, 0).await;
    let mut bl = connect(b.port, &created.id, black).await;
    assert_eq!(state_at(&mut bl, 0).await.you, Some(Color::Black));
    let line = async |socket: &mut Socket| loop {
        if let ServerMessage::Chat { user, text } = next(socket).await {
            return (user, text);
        }
    };
    let chat = |text: &str| ClientMessage::Chat { text: text.into() };
    send(&mut w, &chat("Good luck from server A")).await;
    let said = ("White".to_string(), "Good luck from server A".to_string());
    assert_eq!(line(&mut bl).await, said, "heard on the other server");
    assert_eq!(line(&mut w).await, said, "and once on its own");
    send(&mut bl, &chat("Thanks, from B")).await;
    assert_eq!(
        line(&mut w).await,
        ("Black".into(), "Thanks, from B".into())
    );
    // Heard once: the next thing White hears after Black's move is the move, not an echo.
    assert_eq!(
        line(&mut bl).await,
        ("Black".into(), "Thanks, from B".into())
    );
    send(&mut w, &mv("e2e4", 0)).await;
    assert!(matches!(next(&mut bl).await, ServerMessage::State(s) if s.moves.len() == 1));
}
