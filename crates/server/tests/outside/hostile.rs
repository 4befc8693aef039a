//! The real server process as the internet meets it, over its own protocol: bad secrets, moves
//! out of turn, illegal and replayed, garbage and arbitrary messages, floods of games, seeks and
//! sockets, 500 spectators of one game, a fault in one connection, thousands of games that leave
//! no room behind, a flag falling with nobody connected (across a restart too), a SIGKILL while
//! 40 games move, a graceful shutdown, and a backup taken while games go on.

use crate::common::*;
use futures_util::SinkExt;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::{ClientMessage, GameState, NewGame};

/// A game created from `from` by `secret`, White, no clocks.
fn game_of(secret: &str, public: bool) -> NewGame {
    NewGame {
        base_secs: None,
        ..folded_game(secret, public)
    }
}

fn secret(name: &str, n: usize) -> String {
    format!("{name}-{n:016}")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seat_is_proven_only_by_a_well_formed_secret_kept_only_as_its_hash() {
    let data = site("seat-proof");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let owner = secret("owner", 1);
    let game = create(port, &game_of(&owner, true));
    // No hello, something else first, an empty secret, a malformed one: closed, with a reason,
    // and never seated.
    let mut silent = open_from(person(1), port, &game.id).await;
    let mut other = open_from(person(2), port, &game.id).await;
    send(&mut other, &mv("e7e5", 0)).await;
    let (code, why) = closed(&mut other).await;
    assert_eq!(code, Some(1008));
    assert!(why.unwrap().contains("hello"));
    for bad in ["", "short", "has spaces in it 0123", &"x".repeat(65)] {
        let mut s = connect_from(person(3), port, &game.id, Some(bad)).await;
        let (code, why) = closed(&mut s).await;
        assert_eq!(code, Some(1008), "{bad:?}");
        assert!(why.unwrap().contains("malformed"), "{bad:?}");
    }
    // The query string proves nothing any more.
    let url = format!(
        "ws://127.0.0.1:{port}/api/games/{}/socket?secret={owner}",
        game.id
    );
    let (mut old, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    old.send(Message::Text("{\"t\":\"hello\"}".into()))
        .await
        .unwrap();
    let watching = state_at(&mut old, 0).await;
    assert_eq!(watching.you, None, "a spectator");
    assert_eq!(
        watching.seated,
        [true, false],
        "the free seat is still free"
    );
    // A well-formed secret takes it.
    let taker = secret("taker", 1);
    let mut b = connect_from(person(4), port, &game.id, Some(&taker)).await;
    assert_eq!(state_at(&mut b, 0).await.you, Some(Color::Black));
    drop(silent.close(None).await);
    // The database keeps neither secret, only their hashes.
    drop(server);
    let stored = std::fs::read(data.join("games.sqlite")).unwrap();
    let wal = std::fs::read(data.join("games.sqlite-wal")).unwrap_or_default();
    for s in [&owner, &taker] {
        let found = |bytes: &[u8]| bytes.windows(s.len()).any(|w| w == s.as_bytes());
        assert!(!found(&stored) && !found(&wal), "{s} is not stored");
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn moves_out_of_turn_illegal_replayed_and_garbage_change_nothing() {
    let data = site("referee");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let (ws, bs) = (secret("white", 2), secret("black", 2));
    let game = create(port, &game_of(&ws, false));
    let mut w = connect_from(person(1), port, &game.id, Some(&ws)).await;
    let mut b = connect_from(person(2), port, &game.id, Some(&bs)).await;
    state_at(&mut w, 0).await;
    state_at(&mut b, 0).await;
    send(&mut b, &mv("e7e5", 0)).await;
    assert!(refused(&mut b).await.contains("not your move"));
    send(&mut w, &mv("e2e5", 0)).await;
    refused(&mut w).await;
    send(&mut w, &mv("e2e4", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut w, &mv("e2e4", 0)).await;
    assert!(refused(&mut w).await.contains("move 0"), "replayed");
    // Arbitrary messages (a seeded generator): each refused, the game untouched.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let pieces = [
        "{",
        "}",
        "\"t\"",
        ":",
        "\"move\"",
        "\"uci\"",
        "\"ply\"",
        "1e999",
        "-1",
        "null",
        "[",
        "]",
        ",",
        "\"resign\"",
        "\u{0}",
        "\u{10ffff}",
        "\"\\ud800\"",
        "18446744073709551616",
    ];
    let mut garbage = 0;
    while garbage < 15 {
        let text: String = (0..(random() % 12))
            .map(|_| pieces[(random() % pieces.len() as u64) as usize])
            .collect();
        if serde_json::from_str::<ClientMessage>(&text).is_ok() {
            continue;
        }
        garbage += 1;
        b.send(Message::Text(text.into())).await.unwrap();
    }
    for _ in 0..garbage {
        assert!(refused(&mut b).await.contains("not a message"));
    }
    send(&mut b, &mv("e7e5", 1)).await;
    let seen = state_at(&mut w, 2).await;
    assert_eq!(seen.moves, ["e2e4", "e7e5"]);
    let _ = std::fs::remove_dir_all(&data);
}

/// Arbitrary messages, well-formed and not, from 20 connections at one game for a few seconds
/// (seeded, so a failure repeats): every answer is a state or a sentence, no socket but an
/// oversize one is closed, and the game and the server go on as if nothing happened.
#[tokio::test(flavor = "multi_thread")]
async fn the_socket_fuzzed_with_arbitrary_messages_stays_up_and_the_game_unharmed() {
    let data = site("fuzz");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let (ws, bs) = (secret("white", 4), secret("black", 4));
    let game = create(port, &game_of(&ws, false));
    let mut tasks = Vec::new();
    for n in 0..20usize {
        let id = game.id.clone();
        let who = match n {
            0 => Some(ws.clone()),
            1 => Some(bs.clone()),
            _ => None,
        };
        tasks.push(tokio::spawn(async move {
            let mut s = connect_from(person(100 + n), port, &id, who.as_deref()).await;
            let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ n as u64;
            let mut random = move || {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                seed
            };
            let squares = ["a1", "e2", "e4", "h8", "z9", "e7", "e5", ""];
            let start = Instant::now();
            let mut sent = 0;
            while start.elapsed() < Duration::from_secs(4) {
                let pick =
                    |r: u64, list: &[&str]| list[(r % list.len() as u64) as usize].to_string();
                let text = match random() % 6 {
                    0 => format!(
                        "{{\"t\":\"move\",\"uci\":\"{}{}\",\"ply\":{}}}",
                        pick(random(), &squares),
                        pick(random(), &squares),
                        random() % 4
                    ),
                    1 => [
                        "resign",
                        "draw",
                        "decline",
                        "abort",
                        "takeback",
                        "rematch",
                        "claim-victory",
                    ]
                    .map(|t| format!("{{\"t\":\"{t}\"}}"))[(random() % 7) as usize]
                        .clone(),
                    2 => (0..random() % 64)
                        .map(|_| char::from(32 + (random() % 95) as u8))
                        .collect(),
                    3 => "{\"t\":\"hello\",\"secret\":\"0123456789abcdef\"}".into(),
                    4 => format!("{{\"t\":\"move\",\"uci\":{},\"ply\":-1}}", random()),
                    _ => "[".repeat((random() % 200) as usize),
                };
                if s.send(Message::Text(text.into())).await.is_err() {
                    return (n, sent, false);
                }
                sent += 1;
                // Within the budget of 5 a second (and some over it, to be slowed down).
                tokio::time::sleep(Duration::from_millis(150 + random() % 100)).await;
            }
            // Still answering: every message read, answered with a state or a sentence.
            let alive = tokio::time::timeout(Duration::from_secs(5), async {
                loop {
                    match try_next(&mut s).await {
                        Some(_) => continue,
                        None => return false,
                    }
                }
            })
            .await
            .is_err();
            (n, sent, alive)
        }));
    }
    let mut total = 0;
    for task in tasks {
        let (n, sent, alive) = task.await.unwrap();
        assert!(alive, "connection {n} still open after {sent} messages");
        total += sent;
    }
    assert!(total > 300, "{total} messages");
    assert!(health(port).starts_with("ok"));
    // A fresh game from elsewhere plays as usual.
    let (w2, b2) = (secret("white", 5), secret("black", 5));
    let fresh = create_from(person(200), port, &game_of(&w2, false));
    let mut w = connect_from(person(200), port, &fresh.id, Some(&w2)).await;
    let mut b = connect_from(person(201), port, &fresh.id, Some(&b2)).await;
    state_at(&mut w, 0).await;
    send(&mut w, &mv("e2e4", 0)).await;
    assert_eq!(state_at(&mut b, 1).await.moves, ["e2e4"]);
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_address_creating_games_or_seeks_in_a_burst_is_limited() {
    let data = site("burst");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let mut created = 0;
    let mut retry = None;
    // 300 public seeks from one address, each from a new browser.
    for n in 0..300 {
        let body = serde_json::to_string(&game_of(&secret("seeker", n), true)).unwrap();
        let (head, _) = http_from(person(1), port, "POST", "/api/games", &body).unwrap();
        if head.starts_with("HTTP/1.1 201") {
            created += 1;
        } else {
            assert!(head.starts_with("HTTP/1.1 429"), "{head}");
            // Every refusal says when to try again: the rate's and the open seeks' cap's alike.
            assert!(
                head.to_ascii_lowercase().contains("\r\nretry-after: "),
                "a 429 without Retry-After: {head}"
            );
            retry = head.lines().find_map(|l| {
                l.to_ascii_lowercase()
                    .strip_prefix("retry-after: ")
                    .map(String::from)
            });
        }
    }
    assert_eq!(created, 3, "three seeks open at once from an address");
    let wait: u64 = retry.expect("Retry-After").trim().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert_eq!(lobby(port).seeks.len(), 3);
    // A private game from another address: five a minute.
    let made: Vec<bool> = (0..7)
        .map(|n| {
            let body = serde_json::to_string(&game_of(&secret("friend", n), false)).unwrap();
            let (head, body) = http_from(person(2), port, "POST", "/api/games", &body).unwrap();
            assert!(head.starts_with("HTTP/1.1 201") || body.contains("try again in"));
            head.starts_with("HTTP/1.1 201")
        })
        .collect();
    assert_eq!(made, [true, true, true, true, true, false, false]);
    // Someone else is not touched.
    create_from(person(3), port, &game_of(&secret("other", 1), false));
    // Lobby reads and new sockets are limited too.
    let start = Instant::now();
    let lobby_reads = (0..80)
        .filter(|_| {
            http_from(person(4), port, "GET", "/api/lobby", "")
                .unwrap()
                .0
                .starts_with("HTTP/1.1 200")
        })
        .count();
    // A burst of 60, and one more for each second the 80 reads took.
    let refilled = start.elapsed().as_secs() as usize;
    assert!(
        (60..=60 + refilled + 1).contains(&lobby_reads),
        "{lobby_reads}"
    );
    let metrics = http(server.metrics, "GET", "/metrics", "").unwrap().1;
    // The public port does not serve them.
    let (head, body) = http(port, "GET", "/metrics", "").unwrap();
    assert!(
        !head.starts_with("HTTP/1.1 200") && !body.contains("topochess_"),
        "{head}"
    );
    // Of the 300 seeks: 3 kept, 2 more let through by the rate (5 a minute) and refused as
    // seeks, 295 refused by the rate; of the 7 games, 2.
    let lobby_line = format!(
        "topochess_refusals_total{{reason=\"lobby_limit\"}} {}",
        80 - lobby_reads
    );
    for line in [
        "topochess_refusals_total{reason=\"seek_limit\"} 2",
        "topochess_refusals_total{reason=\"create_limit\"} 297",
        &lobby_line,
    ] {
        assert!(metrics.lines().any(|l| l == line), "{line} in {metrics}");
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn sockets_are_limited_per_address_and_five_hundred_spectators_see_every_move() {
    let data = site("crowd");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let (ws, bs) = (secret("white", 3), secret("black", 3));
    let game = create(port, &game_of(&ws, false));
    let mut w = connect(port, &game.id, &ws).await;
    let mut b = connect_from(person(0), port, &game.id, Some(&bs)).await;
    // One address opening sockets without end: 40 at once.
    let mut many = Vec::new();
    let mut refused = 0;
    for _ in 0..45 {
        match try_open_from(person(1), port, &game.id).await {
            Some(s) => many.push(s),
            None => refused += 1,
        }
    }
    assert_eq!((many.len(), refused), (40, 5));
    drop(many);
    // 500 spectators from 25 addresses.
    let mut crowd = Vec::new();
    for n in 0..500 {
        crowd.push(connect_from(person(10 + n / 20), port, &game.id, None).await);
    }
    for s in crowd.iter_mut() {
        assert_eq!(state_at(s, 0).await.you, None);
    }
    send(&mut w, &mv("e2e4", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut b, &mv("e7e5", 1)).await;
    let start = Instant::now();
    for s in crowd.iter_mut() {
        assert_eq!(state_at(s, 2).await.moves, ["e2e4", "e7e5"]);
    }
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_fault_in_one_connection_ends_that_connection_only() {
    let data = site("fault");
    let server = Server::start_with(
        &data,
        free_port(),
        &[],
        &[("TOPOCHESS_FAULT_ON_MOVE", "h2h4")],
    );
    let port = server.port;
    let games: Vec<(String, String, String)> = (0..2)
        .map(|n| {
            let (ws, bs) = (secret("white", 10 + n), secret("black", 10 + n));
            (create(port, &game_of(&ws, false)).id, ws, bs)
        })
        .collect();
    let mut sockets = Vec::new();
    for (n, (id, ws, bs)) in games.iter().enumerate() {
        let mut w = connect_from(person(2 * n), port, id, Some(ws)).await;
        let mut b = connect_from(person(2 * n + 1), port, id, Some(bs)).await;
        state_at(&mut w, 0).await;
        state_at(&mut b, 0).await;
        sockets.push((w, b));
    }
    let (w0, _) = &mut sockets[0];
    send(w0, &mv("h2h4", 0)).await;
    let (code, _) = closed(w0).await;
    assert_eq!(code, None, "the connection ended");
    // The other game goes on, and so does the server.
    let (w1, b1) = &mut sockets[1];
    send(w1, &mv("e2e4", 0)).await;
    state_at(b1, 1).await;
    let mut again = connect_from(person(0), port, &games[0].0, Some(&games[0].1)).await;
    let state: GameState = state_at(&mut again, 0).await;
    assert_eq!(
        state.you,
        Some(Color::White),
        "the faulty move was not played"
    );
    assert!(http(server.metrics, "GET", "/metrics", "")
        .unwrap()
        .1
        .contains("topochess_refusals_total{reason=\"fault\"} 1"));
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flag_falls_with_nobody_connected_across_a_restart_too() {
    let data = site("flag");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let mut ids = Vec::new();
    // Two games, two and six seconds a side, each left after both first moves.
    for (n, base) in [(0, 2), (1, 6)] {
        let (ws, bs) = (secret("white", 20 + n), secret("black", 20 + n));
        let new = NewGame {
            base_secs: Some(base),
            ..folded_game(&ws, false)
        };
        let id = create(port, &new).id;
        let mut w = connect_from(person(2 * n), port, &id, Some(&ws)).await;
        let mut b = connect_from(person(2 * n + 1), port, &id, Some(&bs)).await;
        state_at(&mut w, 0).await;
        send(&mut w, &mv("e2e4", 0)).await;
        state_at(&mut b, 1).await;
        send(&mut b, &mv("e7e5", 1)).await;
        state_at(&mut w, 2).await;
        ids.push(id);
    }
    let started = Instant::now();
    let outcome = |port: u16, id: &str| {
        let (_, body) = http(port, "GET", &format!("/api/games/{id}"), "").unwrap();
        serde_json::from_str::<GameState>(&body).unwrap().outcome
    };
    let lost_by_white = Some(Outcome::Timeout {
        winner: Color::Black,
    });
    // Everyone left: no room stays open, both clocks are watched (and hold none).
    until_health(port, "0 games open, 2 clocks watched", 10).await;
    // The first flag falls with the server up and nobody there.
    until_health(port, "0 games open, 1 clocks watched", 10).await;
    assert_eq!(outcome(port, &ids[0]), lost_by_white);
    assert_eq!(outcome(port, &ids[1]), None);
    // The server dies before the second; the next to start ends it on time, nobody there.
    drop(server);
    let server = Server::start(&data, free_port());
    let port = server.port;
    assert!(
        health(port).contains("1 clocks watched"),
        "{}",
        health(port)
    );
    until_health(port, "0 games open, 0 clocks watched", 10).await;
    assert!(
        started.elapsed() > Duration::from_secs(5),
        "not before its time"
    );
    assert_eq!(outcome(port, &ids[1]), lost_by_white);
    let _ = std::fs::remove_dir_all(&data);
}

/// The resident memory of a process, in KB.
fn rss_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// `games` games from their own addresses: created, each third read, each played two moves
/// (clocked ones too) by players who then leave, and some created and never joined.
async fn a_round_of_games(port: u16, round: usize, games: usize) {
    let mut tasks = Vec::new();
    for n in 0..games {
        let k = round * games + n;
        tasks.push(tokio::spawn(async move {
            let (ws, bs) = (secret("w", k), secret("b", k));
            let new = NewGame {
                base_secs: (n.is_multiple_of(2)).then_some(600),
                ..folded_game(&ws, n.is_multiple_of(5))
            };
            let id = create_from(person(2 * k), port, &new).id;
            if n.is_multiple_of(3) {
                http_from(person(2 * k), port, "GET", &format!("/api/games/{id}"), "").unwrap();
            }
            if n.is_multiple_of(4) {
                return;
            }
            let mut w = connect_from(person(2 * k), port, &id, Some(&ws)).await;
            let mut b = connect_from(person(2 * k + 1), port, &id, Some(&bs)).await;
            state_at(&mut w, 0).await;
            send(&mut w, &mv("e2e4", 0)).await;
            state_at(&mut b, 1).await;
            send(&mut b, &mv("e7e5", 1)).await;
            state_at(&mut w, 2).await;
            if n.is_multiple_of(2) {
                send(&mut w, &ClientMessage::Resign).await;
                let _ = tokio::time::timeout(Duration::from_secs(5), async {
                    while state_at(&mut b, 2).await.outcome.is_none() {}
                })
                .await;
            }
        }));
        if tasks.len() >= 50 {
            for t in tasks.drain(..) {
                t.await.unwrap();
            }
        }
    }
    for t in tasks {
        t.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn thousands_of_games_played_and_left_leave_no_room_and_no_memory_behind() {
    let data = site("leak");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let pid = server.child.id();
    a_round_of_games(port, 0, 1000).await;
    until_health(port, "0 games open, 0 clocks watched", 20).await;
    let after_first = rss_kb(pid);
    a_round_of_games(port, 1, 1000).await;
    a_round_of_games(port, 2, 1000).await;
    until_health(port, "0 games open, 0 clocks watched", 20).await;
    let after_third = rss_kb(pid);
    eprintln!("server memory: {after_first} KB after 1,000 games, {after_third} KB after 3,000");
    // Two more rounds grow the server by at most a quarter: SQLite's page cache (2 MB at most)
    // fills as the file grows, and the limits remember the last minute's 4,000 addresses; the
    // rooms themselves are all gone (above).
    assert!(
        after_third < after_first + after_first / 4,
        "{after_first} KB then {after_third} KB"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn every_answer_carries_the_security_headers() {
    let data = site("headers");
    let server = Server::start(&data, free_port());
    for path in [
        "/",
        "/api/health",
        "/api/lobby",
        "/api/games/zz",
        "/no/such/file.js",
    ] {
        let (head, _) = http(server.port, "GET", path, "").unwrap();
        let head = head.to_ascii_lowercase();
        for line in [
            "x-content-type-options: nosniff",
            "content-security-policy: frame-ancestors 'none'",
            "x-frame-options: deny",
            "referrer-policy: strict-origin-when-cross-origin",
        ] {
            assert!(head.contains(line), "{path}: no {line}: {head}");
        }
    }
    let _ = std::fs::remove_dir_all(&data);
}
