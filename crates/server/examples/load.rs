//! A load run of the game server on loopback: many games at once, each two players moving after
//! a pause (as people do; 0 for as fast as the server answers), for a bounded time. Prints the moves a second, the 50th and 99th
//! percentiles of a move's round trip (sent to seen back in the game's state) and the server's
//! memory per game. A benchmark, not a test:
//!
//!     cargo build --profile server -p topochess-server
//!     cargo run --release -p topochess-server --example load -- 1000 20 1000
//!
//! (games at once, seconds, ms between a game's moves, and optionally the ms over which the games
//! start: a game's moves by default, 0 for all at once). It starts `target/server/topochess-server` itself, on a free port
//! with its games in a temporary folder.

use futures_util::{SinkExt, StreamExt};
use std::net::{Ipv4Addr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;
use topochess_protocol::{ClientMessage, Created, Hello, NewGame, ServerMessage, Side};

/// A line that repeats after eight moves (the knights out and back twice): the game then ends
/// by repetition, and the player starts another.
const LINE: [&str; 4] = ["g1f3", "g8f6", "f3g1", "f6g8"];

/// A connection to the server from `from`, one of loopback's many addresses: each simulated
/// player has an address of its own, as people do, so the server's limits per address hold as
/// they would on the internet.
async fn dial(from: Ipv4Addr, port: u16) -> Option<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind((from, 0).into()).ok()?;
    socket.connect(([127, 0, 0, 1], port).into()).await.ok()
}

/// `POST /api/games` from `from`: the answer's status line and body.
async fn post(from: Ipv4Addr, port: u16, body: &str) -> Option<(String, String)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = dial(from, port).await?;
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    Some((head.lines().next()?.to_string(), body.to_string()))
}

/// A game's socket from `from`, its hello sent with `secret`.
async fn join(from: Ipv4Addr, port: u16, id: &str, secret: &str) -> Option<Socket> {
    let stream = dial(from, port).await?;
    let url = format!("ws://127.0.0.1:{port}/api/games/{id}/socket");
    let (mut socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .ok()?;
    let hello = serde_json::to_string(&Hello {
        secret: Some(secret.into()),
    })
    .ok()?;
    socket.send(Message::Text(hello.into())).await.ok()?;
    Some(socket)
}

/// The loopback address of player `n` (127.1.0.1 on).
fn address(n: usize) -> Ipv4Addr {
    let n = n as u32 + 1;
    Ipv4Addr::new(127, 1 + (n >> 16) as u8, (n >> 8) as u8, n as u8)
}

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

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Reads until the state with `plies` moves; false when the socket ends.
async fn until(socket: &mut Socket, plies: usize) -> bool {
    while let Some(Ok(m)) = socket.next().await {
        if let Message::Text(t) = m {
            if let Ok(ServerMessage::State(s)) = serde_json::from_str(&t) {
                if s.moves.len() >= plies {
                    return true;
                }
            }
        }
    }
    false
}

/// Two players, each from an address of their own, playing game after game: create (in turn),
/// seat both, play the line, again, until `stop`. A refused creation is counted in `refused`.
async fn player(
    port: u16,
    n: usize,
    start: Duration,
    think: Duration,
    stop: Arc<AtomicBool>,
    times: Arc<Mutex<Vec<u32>>>,
    refused: Arc<AtomicUsize>,
) {
    let (white, black) = (format!("load-white-{n:012}"), format!("load-black-{n:012}"));
    let (w_from, b_from) = (address(2 * n), address(2 * n + 1));
    let mut round = 0u32;
    tokio::time::sleep(start).await;
    while !stop.load(Ordering::Relaxed) {
        round += 1;
        let (creator, secret) = if round.is_multiple_of(2) {
            (b_from, &black)
        } else {
            (w_from, &white)
        };
        let new = NewGame {
            variant: "folded".into(),
            castling: String::new(),
            base_secs: Some(600),
            increment_secs: 0,
            side: if round.is_multiple_of(2) {
                Side::Black
            } else {
                Side::White
            },
            secret: secret.clone(),
            public: false,
        };
        let body = serde_json::to_string(&new).unwrap();
        let Some((status, answer)) = post(creator, port, &body).await else {
            continue;
        };
        if status.contains("429") {
            refused.fetch_add(1, Ordering::Relaxed);
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        }
        let Ok(created) = serde_json::from_str::<Created>(&answer) else {
            continue;
        };
        let (Some(mut w), Some(mut b)) = (
            join(w_from, port, &created.id, &white).await,
            join(b_from, port, &created.id, &black).await,
        ) else {
            continue;
        };
        let mut mine = Vec::new();
        for ply in 0..8usize {
            tokio::time::sleep(think).await;
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let socket = if ply.is_multiple_of(2) {
                &mut w
            } else {
                &mut b
            };
            let m = ClientMessage::Move {
                uci: LINE[ply % 4].into(),
                ply,
            };
            let sent = Instant::now();
            let text = serde_json::to_string(&m).unwrap();
            if socket.send(Message::Text(text.into())).await.is_err()
                || !until(socket, ply + 1).await
            {
                break;
            }
            mine.push(sent.elapsed().as_micros() as u32);
        }
        times.lock().unwrap().extend(mine);
        let _ = w.close(None).await;
        let _ = b.close(None).await;
    }
}

#[tokio::main]
async fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (games, seconds) = (
        args.first().copied().unwrap_or(1000),
        args.get(1).copied().unwrap_or(20),
    );
    let think = Duration::from_millis(args.get(2).copied().unwrap_or(1000));
    // The games start spread over this many ms (people's games do not all start in the same
    // millisecond; 0: all at once, in lockstep ever after).
    let spread = Duration::from_millis(args.get(3).copied().unwrap_or(think.as_millis() as u64));
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let data = std::env::temp_dir().join(format!("topochess-load-{}", std::process::id()));
    std::fs::create_dir_all(data.join("site")).unwrap();
    let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/server/topochess-server");
    let mut server = Command::new(&bin)
        .args(["--addr", &format!("127.0.0.1:{port}")])
        .arg("--dist")
        .arg(data.join("site"))
        .arg("--data")
        .arg(&data)
        .stdout(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (cargo build --profile server -p topochess-server)",
                bin.display()
            )
        });
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        std::thread::sleep(Duration::from_millis(50));
    }
    let idle = rss_kb(server.id());
    let stop = Arc::new(AtomicBool::new(false));
    let times = Arc::new(Mutex::new(Vec::new()));
    let refused = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let players: Vec<_> = (0..games as usize)
        .map(|n| {
            let (stop, times, refused) = (stop.clone(), times.clone(), refused.clone());
            let start = spread * n as u32 / games as u32;
            tokio::spawn(player(port, n, start, think, stop, times, refused))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let busy = rss_kb(server.id());
    stop.store(true, Ordering::Relaxed);
    for p in players {
        let _ = tokio::time::timeout(Duration::from_secs(10), p).await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(&data);
    let mut t = times.lock().unwrap().clone();
    t.sort_unstable();
    let at = |q: f64| {
        t.get(((t.len() as f64 * q) as usize).min(t.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    println!(
        "{games} games at once (started over {} ms) for {elapsed:.0} s, {} ms between a game's moves: {} moves, {:.0} moves a second; round trip p50 {:.1} ms, p99 {:.1} ms (goal: p99 under 50 ms); server memory {:.1} MB idle, {:.1} MB busy, {:.1} KB a game; {} creations refused by the limits",
        spread.as_millis(),
        think.as_millis(),
        t.len(),
        t.len() as f64 / elapsed,
        at(0.50),
        at(0.99),
        idle as f64 / 1024.0,
        busy as f64 / 1024.0,
        busy.saturating_sub(idle) as f64 / games as f64,
        refused.load(Ordering::Relaxed)
    );
}
