//! The server as it is run: killed with SIGKILL while 40 games move (every move a player was
//! told of is kept, and the games go on), stopped with SIGTERM (every page told it is
//! restarting, what was being written kept, the process gone), and backed up while games go on
//! (the copy serves every game).

use crate::common::*;
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use topochess_core::Color;
use topochess_protocol::{GameState, NewGame, ServerMessage};

/// Knights out and back: seven plies before a threefold repetition would end the game.
const LINE: [&str; 7] = ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"];

fn secret(name: &str, n: usize) -> String {
    format!("{name}-{n:016}")
}

/// Game `n` from its own two addresses: created, both seated; its id and sockets.
async fn seated_game(port: u16, n: usize, clocked: bool) -> (String, Socket, Socket) {
    let (ws, bs) = (secret("w", n), secret("b", n));
    let new = NewGame {
        base_secs: clocked.then_some(600),
        ..folded_game(&ws, false)
    };
    let id = create_from(person(2 * n), port, &new).id;
    let mut w = connect_from(person(2 * n), port, &id, Some(&ws)).await;
    let mut b = connect_from(person(2 * n + 1), port, &id, Some(&bs)).await;
    state_at(&mut w, 0).await;
    state_at(&mut b, 0).await;
    (id, w, b)
}

/// Plays the line, a move every 20 ms or so; each ply the mover was told of goes into `told`.
/// Ends when the server does.
async fn play_line(mut w: Socket, mut b: Socket, told: Arc<Mutex<usize>>) {
    for (ply, uci) in LINE.iter().enumerate() {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mover = if ply.is_multiple_of(2) {
            &mut w
        } else {
            &mut b
        };
        send(mover, &mv(uci, ply)).await;
        // The mover hears its move back: from then on it is told, and must survive.
        let heard = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match try_next(mover).await {
                    Some(ServerMessage::State(s)) if s.moves.len() > ply => return true,
                    Some(_) => continue,
                    None => return false,
                }
            }
        })
        .await
        .unwrap_or(false);
        if !heard {
            return;
        }
        *told.lock().unwrap() = ply + 1;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_server_killed_while_forty_games_move_loses_no_move_a_player_was_told_of() {
    let data = site("kill40");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let mut games = Vec::new();
    for n in 0..40 {
        let (id, w, b) = seated_game(port, n, n.is_multiple_of(2)).await;
        let told = Arc::new(Mutex::new(0));
        let task = tokio::spawn(play_line(w, b, told.clone()));
        games.push((id, told, task));
    }
    // Killed once a fifth of the moves are played.
    let played = || games.iter().map(|g| *g.1.lock().unwrap()).sum::<usize>();
    while played() < 40 * LINE.len() / 5 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    drop(server);
    for (_, _, task) in games.iter_mut() {
        task.await.unwrap();
    }
    let moving = games
        .iter()
        .filter(|(_, told, _)| (1..LINE.len()).contains(&*told.lock().unwrap()))
        .count();
    assert!(moving > 0, "the kill came while games moved");
    let server = Server::start(&data, free_port());
    let port = server.port;
    for (n, (id, told, _)) in games.iter().enumerate() {
        let told = *told.lock().unwrap();
        let (_, body) = http(port, "GET", &format!("/api/games/{id}"), "").unwrap();
        let kept: GameState = serde_json::from_str(&body).unwrap();
        assert!(
            kept.moves.len() >= told,
            "game {n}: told {told}, kept {:?}",
            kept.moves
        );
        assert_eq!(kept.moves[..], LINE[..kept.moves.len()], "game {n}");
        // The players come back and play on.
        let ply = kept.moves.len();
        if ply < LINE.len() {
            let (who, secret) = if ply.is_multiple_of(2) {
                (person(2 * n), secret("w", n))
            } else {
                (person(2 * n + 1), secret("b", n))
            };
            let mut s = connect_from(who, port, id, Some(&secret)).await;
            state_at(&mut s, ply).await;
            send(&mut s, &mv(LINE[ply], ply)).await;
            state_at(&mut s, ply + 1).await;
        }
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn sigterm_tells_every_page_the_server_restarts_and_keeps_every_move() {
    let data = site("sigterm");
    let mut server = Server::start(&data, free_port());
    let port = server.port;
    let (id, mut w, mut b) = seated_game(port, 0, true).await;
    send(&mut w, &mv("g1f3", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut b, &mv("g8f6", 1)).await;
    state_at(&mut w, 2).await;
    let mut watcher = connect_from(person(9), port, &id, None).await;
    state_at(&mut watcher, 2).await;
    // A page waiting in a pool: a socket of another kind, told and drained as well.
    let mut waiting =
        crate::pools::join(person(8), port, "folded-3+2", "sigterm-pool-0123456789").await;
    assert!(matches!(
        crate::pools::news(&mut waiting).await,
        Some(topochess_protocol::pool::PoolNews::Waiting { .. })
    ));
    // A player's own channel: counted, told and closed too.
    let mut channel = crate::channel::channel(person(7), port, None, "").await;
    crate::channel::heard(&mut channel).await;
    // Every connection counted, whatever its kind.
    let open = metric(server.metrics, "topochess_connections").expect("the connections gauge");
    assert!(open >= 5, "{open} connections");
    // And each live connection by its kind: two players and a spectator, one page waiting.
    for (kind, open) in [("game", 3), ("pool", 1), ("player", 1)] {
        let name = format!("topochess_sockets{{kind=\"{kind}\"}}");
        assert_eq!(metric(server.metrics, &name), Some(open), "{name}");
    }
    let stopped = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    for socket in [&mut w, &mut b, &mut watcher] {
        let (code, said) = closed(socket).await;
        assert_eq!(code, Some(1012), "the close code of a restart");
        assert!(said.unwrap().contains("restarting"));
    }
    // The pool's page and the channel are told by their close frame alone.
    assert_eq!(closed(&mut waiting).await.0, Some(1012));
    assert_eq!(closed(&mut channel).await.0, Some(1012));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the server exits"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    let server = Server::start(&data, free_port());
    let mut again = connect_from(person(0), server.port, &id, Some(&secret("w", 0))).await;
    let state = state_at(&mut again, 2).await;
    assert_eq!((state.you, state.moves.len()), (Some(Color::White), 2));
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_backup_taken_while_games_go_on_restores_every_game() {
    let data = site("backup");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let mut ids = Vec::new();
    let mut tasks = Vec::new();
    for n in 0..20 {
        let (id, w, b) = seated_game(port, n, n.is_multiple_of(3)).await;
        tasks.push(tokio::spawn(play_line(w, b, Arc::default())));
        ids.push(id);
    }
    let copy = data.join("copy");
    std::fs::create_dir_all(&copy).unwrap();
    let backed_up = Command::new(env!("CARGO_BIN_EXE_topochess-server"))
        .arg("--data")
        .arg(&data)
        .arg("backup")
        .arg(copy.join("games.sqlite"))
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    assert!(backed_up.status.success(), "{backed_up:?}");
    for task in tasks {
        task.await.unwrap();
    }
    drop(server);
    // The copy, served: every game is there, its moves a beginning of the line.
    std::fs::create_dir_all(copy.join("site")).unwrap();
    let restored = Server::start(&copy, free_port());
    for id in &ids {
        let (head, body) = http(restored.port, "GET", &format!("/api/games/{id}"), "").unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{id}: {head}");
        let kept: GameState = serde_json::from_str(&body).unwrap();
        assert_eq!(kept.moves[..], LINE[..kept.moves.len()]);
    }
    let _ = std::fs::remove_dir_all(&data);
}

/// The test clock is a development switch: a server refuses `--test-clock` without `--dev`, has
/// no clock route without it, and with both a flag falls as soon as a test moves the server's
/// time past it (the wall clock far from it).
#[tokio::test(flavor = "multi_thread")]
async fn the_test_clock_needs_dev_and_lets_a_test_move_a_flag_past_its_fall() {
    let data = site("test-clock");
    let refused = Command::new(env!("CARGO_BIN_EXE_topochess-server"))
        .args(["--addr", "127.0.0.1:0", "--test-clock"])
        .arg("--data")
        .arg(&data)
        .output()
        .unwrap();
    assert!(!refused.status.success(), "no test clock without --dev");
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--dev"));
    let plain = Server::start(&data, free_port());
    let (head, _) = http(plain.port, "POST", "/api/dev/clock", r#"{"advance":1000}"#).unwrap();
    assert_ne!(
        status(&head),
        200,
        "no clock route on a server without the switch: {head}"
    );
    drop(plain);

    let server = Server::start_with(&data, free_port(), &["--dev", "--test-clock"], &[]);
    let port = server.port;
    let (_, mut w, mut b) = seated_game(port, 0, true).await;
    send(&mut w, &mv("g1f3", 0)).await;
    state_at(&mut b, 1).await;
    send(&mut b, &mv("g8f6", 1)).await;
    let running = state_at(&mut w, 2).await;
    assert!(running.running && running.outcome.is_none());
    // Ten minutes on White's clock: moved eleven minutes on, the flag falls at once.
    let (head, body) = http(port, "POST", "/api/dev/clock", r#"{"advance":660000}"#).unwrap();
    assert_eq!(status(&head), 200, "{head}");
    assert!(body.contains("660000"), "{body}");
    let over = loop {
        if let ServerMessage::State(s) = next(&mut b).await {
            if s.outcome.is_some() {
                break *s;
            }
        }
    };
    assert_eq!(over.left_ms[0], 0, "White's flag fell: {over:?}");
    let _ = std::fs::remove_dir_all(&data);
}
