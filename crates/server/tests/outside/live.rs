//! The real server process, as browsers meet it: a game created, two players seated and moving
//! over WebSockets, a spectator, bad input answered without harm, and the server killed
//! (SIGKILL) mid-game and started again with every answered move kept and the clocks right.

use crate::common::*;
use futures_util::SinkExt;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use topochess_core::Color;
use topochess_protocol::{ClientMessage, NewGame, ServerMessage, Side};

#[tokio::test(flavor = "multi_thread")]
async fn a_game_survives_the_server_killed_mid_game() {
    let data = site("live");
    let port = free_port();
    let server = Server::start(&data, port);
    assert!(
        http(port, "GET", "/", "").unwrap().1.contains("site"),
        "the site is served"
    );
    // A file's brotli copy goes to a browser that takes brotli, its gzip copy to one that takes
    // gzip, the file itself to one that takes neither.
    std::fs::write(data.join("site/app.js"), "plain").unwrap();
    std::fs::write(data.join("site/app.js.gz"), "packed").unwrap();
    let get = |encoding: &str| {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            s,
            "GET /app.js HTTP/1.1\r\nHost: x\r\n{encoding}Connection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        s.read_to_string(&mut answer).unwrap();
        answer.to_ascii_lowercase()
    };
    std::fs::write(data.join("site/app.js.br"), "brotli").unwrap();
    let brotli = get("Accept-Encoding: gzip, deflate, br\r\n");
    assert!(
        brotli.contains("content-encoding: br") && brotli.ends_with("brotli"),
        "{brotli}"
    );
    let packed = get("Accept-Encoding: gzip, deflate\r\n");
    assert!(
        packed.contains("content-encoding: gzip") && packed.ends_with("packed"),
        "{packed}"
    );
    let plain = get("");
    assert!(
        !plain.contains("content-encoding") && plain.ends_with("plain"),
        "{plain}"
    );

    let (white, black) = ("w0123456789abcdefghij", "b0123456789abcdefghij");
    let created = create(port, &folded_game(white, false));
    assert_eq!(created.side, Color::White);

    // One after the other: the free seat goes to whoever the server seats first.
    let mut w = connect(port, &created.id, white).await;
    assert_eq!(state_at(&mut w, 0).await.you, Some(Color::White));
    let mut b = connect(port, &created.id, black).await;
    assert_eq!(state_at(&mut b, 0).await.you, Some(Color::Black));
    let mut watcher = connect(port, &created.id, "someone-watching-1234").await;
    assert_eq!(state_at(&mut watcher, 0).await.you, None);

    // Moves, each seen by the other player and the spectator; bad input is answered.
    send(&mut w, &mv("e2e4", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut b, &mv("e2e4", 1)).await;
    assert!(refused(&mut b).await.contains("e2e4"), "an illegal move");
    b.send(Message::Text("{\"t\":\"teleport\"}".into()))
        .await
        .unwrap();
    assert!(refused(&mut b).await.contains("not a message"));
    send(&mut watcher, &ClientMessage::Resign).await;
    assert!(refused(&mut watcher).await.contains("spectators"));
    send(&mut b, &mv("e7e5", 1)).await;
    // White answers once it has seen Black's move (sent at once, it would be for a ply not
    // reached yet: refused).
    state_at(&mut w, 2).await;
    send(&mut w, &mv("g1f3", 2)).await;
    let seen = state_at(&mut watcher, 3).await;
    assert_eq!(seen.moves, ["e2e4", "e7e5", "g1f3"]);
    assert!(seen.running);

    // Killed without a word, started again on the same data: every answered move is there, and
    // Black's clock kept running while the server was down.
    drop(server);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // (On a port of its own: the other test may have taken the old one meanwhile.)
    let port = free_port();
    let _server = Server::start(&data, port);
    let mut b = connect(port, &created.id, black).await;
    let after = state_at(&mut b, 3).await;
    assert_eq!(after.you, Some(Color::Black));
    assert_eq!(after.moves, seen.moves);
    assert!(
        after.left_ms[1] + 1400 <= seen.left_ms[1],
        "{:?} then {:?}",
        seen.left_ms,
        after.left_ms
    );
    assert_eq!(after.left_ms[0], seen.left_ms[0], "White's clock stood");
    // White has no page at the game: it is gone, but not long enough for Black to claim the win.
    assert!(after.gone_ms[0].is_some() && after.gone_ms[1].is_none());
    send(&mut b, &ClientMessage::ClaimVictory).await;
    assert!(refused(&mut b).await.contains("not been gone long enough"));
    send(&mut b, &mv("b8c6", 3)).await;
    assert_eq!(state_at(&mut b, 4).await.moves.len(), 4);
    // An unknown game, a malformed id.
    assert!(http(port, "GET", "/api/games/0000000000000001", "")
        .unwrap()
        .0
        .contains("404"));
    assert!(http(port, "GET", "/api/games/zz", "")
        .unwrap()
        .0
        .contains("404"));
    std::fs::remove_dir_all(&data).unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_is_slowed_and_a_huge_message_refused() {
    let data = site("flood");
    let port = free_port();
    let _server = Server::start(&data, port);
    let secret = "flood0123456789abcdef";
    let new = NewGame {
        variant: "torus".into(),
        base_secs: None,
        side: Side::Black,
        ..folded_game(secret, false)
    };
    let created = create(port, &new);
    // A private game is not in the lobby; a public one is, as a seek, until its seat is taken.
    assert!(lobby(port).seeks.iter().all(|g| g.id != created.id));
    let seek = create(
        port,
        &NewGame {
            public: true,
            ..new.clone()
        },
    );
    let listed = lobby(port);
    let entry = listed
        .seeks
        .iter()
        .find(|g| g.id == seek.id)
        .expect("the seek is listed");
    assert_eq!(
        (entry.variant.as_str(), entry.open_side),
        ("torus", Some(Color::White))
    );
    let mut taker = connect(port, &seek.id, "taker-0123456789abcdef").await;
    assert_eq!(state_at(&mut taker, 0).await.you, Some(Color::White));
    let listed = lobby(port);
    assert!(listed.seeks.iter().all(|g| g.id != seek.id));
    assert!(
        listed.playing.iter().any(|g| g.id == seek.id),
        "now being played: to watch"
    );
    drop(taker);
    let mut s = connect(port, &created.id, secret).await;
    state_at(&mut s, 0).await;
    for _ in 0..60 {
        send(&mut s, &ClientMessage::Decline).await;
    }
    let mut slowed = false;
    for _ in 0..120 {
        if let ServerMessage::Error { message } = next(&mut s).await {
            slowed |= message.contains("slow down");
        }
        if slowed {
            break;
        }
    }
    assert!(slowed, "too many messages are refused");
    // Binary frames are messages too: refused, and counted against the same budget.
    let mut b = connect(port, &created.id, secret).await;
    state_at(&mut b, 0).await;
    for _ in 0..60 {
        let _ = b.send(Message::Binary(vec![0u8; 64].into())).await;
    }
    let (mut refused, mut slowed) = (false, false);
    for _ in 0..120 {
        if let ServerMessage::Error { message } = next(&mut b).await {
            refused |= message.contains("are text");
            slowed |= message.contains("slow down");
        }
        if refused && slowed {
            break;
        }
    }
    assert!(refused && slowed, "binary frames refused and counted");
    drop(b);
    // Over the size limit: the server closes the connection rather than read it.
    let huge = "x".repeat(topochess_protocol::MAX_MESSAGE_BYTES * 4);
    let _ = s.send(Message::Text(huge.into())).await;
    closed(&mut s).await;
    // A bad request to create a game says why.
    let (status, _) = http(port, "POST", "/api/games", "{\"variant\":\"folded\"}").unwrap();
    assert!(status.contains("4"), "{status}");
    // Nobody at the game: its room is closed (the store keeps it), and it opens again.
    drop(s);
    let start = Instant::now();
    while !http(port, "GET", "/api/health", "")
        .unwrap()
        .1
        .contains("0 games open")
    {
        assert!(start.elapsed() < Duration::from_secs(10), "the room closes");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (status, body) = http(port, "GET", &format!("/api/games/{}", created.id), "").unwrap();
    assert!(
        status.contains("200") && body.contains("torus"),
        "{status} {body}"
    );
    std::fs::remove_dir_all(&data).unwrap();
}

/// Eight browsers open a public seek at the same instant: one of them gets the free seat, the
/// others watch, the seek leaves the lobby, and the seat stays the winner's after a reconnect.
#[tokio::test(flavor = "multi_thread")]
async fn one_seat_taken_by_many_at_once_goes_to_one() {
    let data = site("seat");
    let port = free_port();
    let _server = Server::start(&data, port);
    let created = create(port, &folded_game("c0123456789abcdefghij", true));
    let listed = |games: &[topochess_protocol::LobbyGame]| games.iter().any(|g| g.id == created.id);
    assert!(listed(&lobby(port).seeks), "the seek is open");

    let secrets: Vec<String> = (0..8)
        .map(|i| format!("s{i}0123456789abcdefghij"))
        .collect();
    // Each browser on a task of its own, all connecting at once.
    let tasks: Vec<_> = secrets
        .iter()
        .map(|secret| {
            let (id, secret) = (created.id.clone(), secret.clone());
            tokio::spawn(async move {
                let mut socket = connect(port, &id, &secret).await;
                let you = state_at(&mut socket, 0).await.you;
                (secret, you, socket)
            })
        })
        .collect();
    let mut seated = Vec::new();
    for task in tasks {
        seated.push(task.await.unwrap());
    }
    let winners: Vec<&String> = seated
        .iter()
        .filter(|(_, you, _)| *you == Some(Color::Black))
        .map(|(secret, _, _)| secret)
        .collect();
    assert_eq!(winners.len(), 1, "one browser has the seat");
    assert!(
        seated
            .iter()
            .all(|(_, you, _)| *you == Some(Color::Black) || you.is_none()),
        "the others watch"
    );
    let now = lobby(port);
    assert!(!listed(&now.seeks), "the seek left the lobby");
    assert!(listed(&now.playing), "the game is listed to watch");
    // The winner comes back (a reload): still Black; a watcher stays a watcher.
    let winner = winners[0].clone();
    let watcher = seated
        .iter()
        .find(|(_, you, _)| you.is_none())
        .map(|(s, _, _)| s.clone())
        .unwrap();
    drop(seated);
    let mut again = connect(port, &created.id, &winner).await;
    assert_eq!(state_at(&mut again, 0).await.you, Some(Color::Black));
    let mut other = connect(port, &created.id, &watcher).await;
    assert_eq!(state_at(&mut other, 0).await.you, None);
    let _ = std::fs::remove_dir_all(&data);
}

/// A page following the lobby hears of a seek within half a second of its posting, and of its
/// seat taken as quickly (the game then listed as being played); a game both players left before
/// a move leaves the list.
#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_is_pushed_as_seeks_come_and_go() {
    let data = site("pushed");
    let port = free_port();
    let _server = Server::start(&data, port);
    let lobbies = follow_lobby(person(1), port);
    let second = Duration::from_secs(1);
    let (first, _) = pushed(&lobbies, second, |_| true);
    assert!(
        first.seeks.is_empty() && first.playing.is_empty(),
        "{first:?}"
    );
    assert_eq!(first.pools.len(), 25, "every pool counted");
    assert!(first.pools.iter().all(|p| p.waiting == 0 && p.playing == 0));

    let (poster, taker) = ("p0123456789abcdefghij", "t0123456789abcdefghij");
    let created = create_from(person(2), port, &folded_game(poster, true));
    let has = |games: &[topochess_protocol::LobbyGame]| games.iter().any(|g| g.id == created.id);
    let (_, took) = pushed(&lobbies, second, |l| has(&l.seeks));
    assert!(
        took < Duration::from_millis(500),
        "a seek pushed in {took:?}"
    );

    let mut white = connect_from(person(2), port, &created.id, Some(poster)).await;
    assert_eq!(state_at(&mut white, 0).await.you, Some(Color::White));
    let mut black = connect_from(person(3), port, &created.id, Some(taker)).await;
    assert_eq!(state_at(&mut black, 0).await.you, Some(Color::Black));
    let (now, took) = pushed(&lobbies, second, |l| !has(&l.seeks));
    assert!(
        took < Duration::from_millis(500),
        "a taken seat pushed in {took:?}"
    );
    assert!(has(&now.playing), "being played: {now:?}");

    // Both leave before a move: not being played.
    drop((white, black));
    pushed(&lobbies, Duration::from_secs(9), |l| !has(&l.playing));
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_draw_offered_again_and_again_is_shown_once() {
    let data = site("offers");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let (ws, bs) = ("offerer-0123456789ab", "decliner-0123456789a");
    let id = create_from(person(1), port, &folded_game(ws, false)).id;
    let mut w = connect_from(person(1), port, &id, Some(ws)).await;
    let mut b = connect_from(person(2), port, &id, Some(bs)).await;
    state_at(&mut w, 0).await;
    state_at(&mut b, 0).await;
    send(&mut w, &mv("e2e4", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut b, &mv("e7e5", 1)).await;
    state_at(&mut w, 2).await;
    // White offers a draw 24 times; Black declines each offer it is shown.
    let mut shown = 0;
    let mut refused = 0;
    for _ in 0..24 {
        send(&mut w, &ClientMessage::Draw).await;
        // White hears its offer kept, or refused (then Black is told nothing).
        let kept = loop {
            match next(&mut w).await {
                ServerMessage::State(s) if s.draw_offer == Some(Color::White) => break true,
                // Refused: too soon after the decline (or, past the socket's burst, too fast).
                ServerMessage::Error { message } => {
                    assert!(
                        message.contains("declined") || message.contains("slow down"),
                        "{message}"
                    );
                    break false;
                }
                _ => continue,
            }
        };
        if !kept {
            refused += 1;
            continue;
        }
        loop {
            if let ServerMessage::State(s) = next(&mut b).await {
                if s.draw_offer == Some(Color::White) {
                    break;
                }
            }
        }
        shown += 1;
        send(&mut b, &ClientMessage::Decline).await;
        loop {
            if let ServerMessage::State(s) = next(&mut w).await {
                if s.draw_offer.is_none() {
                    break;
                }
            }
        }
    }
    // Everything Black was sent until its own offer comes back (White's socket is past its
    // burst by now): no other offer of White's among it.
    send(&mut b, &ClientMessage::Draw).await;
    loop {
        if let ServerMessage::State(s) = next(&mut b).await {
            if s.draw_offer == Some(Color::Black) {
                break;
            }
            assert_eq!(s.draw_offer, None, "an offer shown again");
        }
    }
    assert_eq!((shown, refused), (1, 23), "the offer was shown once");
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_players_chat_reaches_both_players_and_no_spectator() {
    let data = site("chat");
    let port = free_port();
    let _server = Server::start(&data, port);
    let (white, black) = ("wchat0123456789abcdef", "bchat0123456789abcdef");
    let created = create(port, &folded_game(white, false));
    let mut w = connect(port, &created.id, white).await;
    state_at(&mut w, 0).await;
    let mut b = connect(port, &created.id, black).await;
    state_at(&mut b, 0).await;
    let mut watcher = connect(port, &created.id, "someone-watching-1234").await;
    state_at(&mut watcher, 0).await;
    let chat = |text: &str| ClientMessage::Chat { text: text.into() };
    let line = async |socket: &mut Socket| loop {
        if let ServerMessage::Chat { user, text } = next(socket).await {
            return (user, text);
        }
    };
    send(&mut w, &chat("Good luck on the fold")).await;
    let said = ("White".to_string(), "Good luck on the fold".to_string());
    assert_eq!(line(&mut b).await, said, "a guest's line is its side's");
    assert_eq!(line(&mut w).await, said, "the sender hears it too");
    // Too long, or two lines: refused; a spectator says nothing.
    send(&mut b, &chat(&"x".repeat(141))).await;
    assert!(refused(&mut b).await.contains("140"));
    send(&mut b, &chat("one\ntwo")).await;
    assert!(refused(&mut b).await.contains("one line"));
    send(&mut watcher, &chat("hello players")).await;
    assert!(refused(&mut watcher).await.contains("spectators"));
    // The watcher is told nothing of the players' chat: its next message is the move's state.
    send(&mut b, &chat("You too")).await;
    assert_eq!(line(&mut w).await, ("Black".into(), "You too".into()));
    send(&mut w, &mv("e2e4", 0)).await;
    assert!(matches!(next(&mut watcher).await, ServerMessage::State(s) if s.moves.len() == 1));
}
