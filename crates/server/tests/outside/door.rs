//! The door, from outside: connections bounded before HTTP. One address holding a thousand silent
//! connections under systemd's default file limit, connections that send nothing, that send a
//! request's head a byte at a time, or that sit idle on keep-alive, and an upgrade refused.

use crate::common::*;
use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The refusals the server counted for `reason`, from its metrics.
fn refusals(server: &Server, reason: &str) -> u64 {
    let name = format!("topochess_refusals_total{{reason=\"{reason}\"}}");
    metric(server.metrics, &name).unwrap_or(0)
}

/// The connections the server holds open (its `connections` gauge, served apart from the site).
fn open_connections(server: &Server) -> u64 {
    metric(server.metrics, "topochess_connections").expect("the connections gauge")
}

/// Waits (up to 40 s) for the server to close `stream`, writing `drip` a byte a second meanwhile
/// if given: how long it took. Whatever the server answered before closing is returned too.
fn until_closed(mut stream: TcpStream, drip: Option<&[u8]>) -> (Duration, String) {
    let start = Instant::now();
    stream
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    let mut said = Vec::new();
    let mut sent = 0;
    loop {
        assert!(start.elapsed() < Duration::from_secs(40), "never closed");
        if let Some(drip) = drip {
            if stream.write_all(&drip[sent % drip.len()..][..1]).is_err() {
                break;
            }
            sent += 1;
        }
        let mut buf = [0u8; 512];
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => said.extend_from_slice(&buf[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(_) => break,
        }
    }
    (start.elapsed(), String::from_utf8_lossy(&said).into_owned())
}

#[test]
fn a_thousand_silent_connections_from_one_address_leave_the_site_to_everyone_else() {
    // The test holds over a thousand connections itself.
    rlimit::increase_nofile_limit(4096).unwrap();
    let data = site("door-flood");
    let server = Server::start_under_file_limit(&data, free_port(), 1024, &[]);
    let port = server.port;
    let flood: Vec<TcpStream> = (0..1010)
        .map(|_| dial(person(1), port).expect("the kernel takes the connection"))
        .collect();
    // The server has accepted (and closed at once) all but the address's 128 when another
    // address's request is answered: the backlog is served in order.
    let start = Instant::now();
    let (head, body) =
        http_from(person(2), port, "GET", "/api/health", "").expect("another address is served");
    let took = start.elapsed();
    assert_eq!(status(&head), 200, "{head}");
    assert!(body.contains("ok"), "{body}");
    assert!(took < Duration::from_secs(1), "served in {took:?}");
    // The flooding address itself is turned away at the door: no answer, the connection closed.
    assert_eq!(http_from(person(1), port, "GET", "/api/health", ""), None);
    assert!(refusals(&server, "connections") >= 1010 - 128);
    drop(flood);
    // Once the server has seen its connections close (its gauge of open connections back to
    // none), the address is welcome again. Asked before then, the address would still be at its
    // cap: a loaded machine's server sees the closes a moment after the test made them.
    let start = Instant::now();
    while open_connections(&server) > 0 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the flood's connections stay open"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(http_from(person(1), port, "GET", "/api/health", "").is_some());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn silent_slow_and_idle_connections_are_closed_within_30_s() {
    let data = site("door-idle");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let silent = std::thread::spawn(move || until_closed(dial(person(3), port).unwrap(), None));
    // Slowloris: a request's head that never ends, a byte a second.
    let slow = std::thread::spawn(move || {
        let mut s = dial(person(4), port).unwrap();
        s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        until_closed(s, Some(b"X-Padding: a\r\n"))
    });
    // One request answered on keep-alive, then nothing more.
    let idle = std::thread::spawn(move || {
        let mut s = dial(person(5), port).unwrap();
        s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        until_closed(s, None)
    });
    for (what, waiter) in [("silent", silent), ("slow", slow), ("idle", idle)] {
        let (took, said) = waiter.join().unwrap();
        assert!(
            took < Duration::from_secs(30),
            "{what}: closed after {took:?}"
        );
        if what == "idle" {
            assert!(said.starts_with("HTTP/1.1 200"), "{what}: {said}");
        }
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_upgrade_refused_closes_its_connection_with_the_answer() {
    let data = site("door-upgrade");
    let server = Server::start_with(&data, free_port(), &["--sockets-per-address", "1"], &[]);
    let port = server.port;
    let game = create(port, &folded_game(&"w".repeat(32), false));
    let _first = open_from(person(6), port, &game.id).await;
    let mut second = dial(person(6), port).unwrap();
    let upgrade = format!(
        "GET /api/games/{}/socket HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n",
        game.id
    );
    second.write_all(upgrade.as_bytes()).unwrap();
    let (took, said) = tokio::task::spawn_blocking(move || until_closed(second, None))
        .await
        .unwrap();
    assert!(said.starts_with("HTTP/1.1 429"), "{said}");
    assert!(took < Duration::from_secs(5), "closed after {took:?}");
    let _ = std::fs::remove_dir_all(&data);
}
