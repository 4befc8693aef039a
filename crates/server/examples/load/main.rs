//! A load run of the game server on loopback: many games at once, each two players moving after
//! a pause (as people do; 0 for as fast as the server answers), for a bounded time. Each game is
//! up to 60 plies of random legal moves (one of 64 games made at the start), then its players
//! start another. Prints the moves a second, the 50th and 99th
//! percentiles of a move's round trip (sent to seen back in the game's state) and the server's
//! memory per game. A benchmark, not a test:
//!
//!     cargo build --profile server -p topochess-server
//!     cargo run --release -p topochess-server --example load -- 1000 20 1000
//!
//! (games at once, seconds, ms between a game's moves, and optionally the ms over which the games
//! start: a game's moves by default, 0 for all at once). It starts `target/server/topochess-server` itself, on a free port
//! with its games in a temporary folder.
//!
//! With `--postgres URL` (a PostgreSQL server; `scripts/postgres.sh start` gives one) it starts
//! `--servers N` servers (2 by default) on a fresh database there, and each game's White plays
//! through one server and Black through the next, so that every move crosses servers: it then
//! prints too how soon the opponent sees a move (through the other server).
//!
//! The players' sockets take changes, as the site's pages do (each move sent as itself). With
//! `--plies N` the games are up to N plies long (60 by default): the server's CPU time per move,
//! printed too, compares long games with short ones (`--games-per-minute N` raises the servers'
//! limit, so that short games are not refused their next game). With `--spectators N` each game
//! is watched by N more sockets too (taking changes, as the site's pages do), which read every
//! message until the game ends.
//!
//! With `--site` the rest of the site runs beside the games (`site.rs`): players signing in,
//! five a second; forty guests in a pool, playing the games they are paired in; two arenas of
//! eight accounts each, told their games on their own channels and playing them. The games' round
//! trips are then those of a site in use, and a line more says what the site's players did.
//!
//! The servers' own time follows, read from their metrics (`--metrics-addr`): a move's, from its
//! message to its state sent back, and the store's to keep a game. The last line counts the moves
//! whose round trip passed 100 ms by the second of the run they were sent in: a tail made in the
//! first seconds, while every game is created and joined, is the start's (see the games' spread
//! above), not the games'.

use futures_util::{SinkExt, StreamExt};
use std::net::{Ipv4Addr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;
use topochess_protocol::{ClientMessage, Created, Hello, NewGame, ServerMessage, Side};

/// The most plies of a game by default: a player then starts another (a game of 30 moves a
/// side, about what a game between people lasts).
const PLIES: usize = 60;
/// Games of random legal moves the players choose from, made once.
const LINES: usize = 64;

#[path = "../../tests/outside/lines.rs"]
mod lines;
mod site;

/// Game `seed`: random legal moves on the folded board, in coordinates, until the game ends or
/// `plies` are played.
fn line(seed: u64, plies: usize) -> Vec<String> {
    lines::random_line(seed, plies).0
}

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

/// A game's socket from `from`, its hello sent with `secret` (none: a spectator's).
async fn join(from: Ipv4Addr, port: u16, id: &str, secret: Option<&str>) -> Option<Socket> {
    let stream = dial(from, port).await?;
    let url = format!("ws://127.0.0.1:{port}/api/games/{id}/socket");
    let (mut socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .ok()?;
    let hello = serde_json::to_string(&Hello {
        secret: secret.map(String::from),
        have: Some(0),
        side: None,
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

/// Reads until the game has `plies` moves (`known`: how many it had, as last heard here); false
/// when the socket ends.
async fn until(socket: &mut Socket, known: &mut usize, plies: usize) -> bool {
    while let Some(Ok(m)) = socket.next().await {
        if let Message::Text(t) = m {
            match ServerMessage::from_json(&t) {
                Some(ServerMessage::State(s)) => *known = s.moves.len(),
                Some(ServerMessage::Change(c)) => {
                    *known = c.keep.unwrap_or(*known) + c.moves.len();
                }
                _ => continue,
            }
            if *known >= plies {
                return true;
            }
        }
    }
    false
}

/// The CPU time process `pid` has used, in seconds (user and system).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // After the command's name (in parentheses): utime and stime are fields 14 and 15.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let ticks: f64 = [11, 12]
        .iter()
        .filter_map(|&i| fields.get(i)?.parse::<f64>().ok())
        .sum();
    ticks / 100.0
}

/// What every player shares: the servers' ports, the pause between a game's moves, the signal to
/// stop, what they measure and count, the games they play, and how many games are played at once.
struct Run {
    ports: Vec<u16>,
    think: Duration,
    stop: AtomicBool,
    times: Times,
    refused: AtomicUsize,
    lines: Vec<Vec<String>>,
    games: usize,
    spectators: usize,
    /// When the players began (each waits its share of the spread before its first game).
    began: Instant,
}

/// What the players measure: each move's round trip to its player, and to its opponent; and
/// for each move whose round trip passed [`SLOW_MS`], the second of the run it was sent in.
#[derive(Default)]
struct Times {
    round_trip: Mutex<Vec<u32>>,
    seen_by_opponent: Mutex<Vec<u32>>,
    slow: Mutex<Vec<u64>>,
}

/// A round trip past this many ms is counted by when its move was sent: whether a run's tail is
/// its start (every game created and joined within `spread`) or spread over the run.
const SLOW_MS: u128 = 100;

/// Two players, each from an address of their own, playing game after game: create (in turn),
/// seat both (White on one of `ports`, Black on the next), play the line, again, until `stop`. A
/// refused creation is counted in `refused`.
///
/// Player `n`'s first game is cut short (left after `n / games` of its plies), so that games end,
/// and new ones start, at any moment of the run, as people's do, not all at once.
async fn player(run: Arc<Run>, n: usize, start: Duration) {
    let Run {
        ports,
        think,
        stop,
        times,
        refused,
        lines,
        games,
        spectators,
        began,
    } = &*run;
    let think = *think;
    let (white, black) = (format!("load-white-{n:012}"), format!("load-black-{n:012}"));
    let (w_from, b_from) = (address(2 * n), address(2 * n + 1));
    let (w_port, b_port) = (ports[n % ports.len()], ports[(n + 1) % ports.len()]);
    let mut round = 0u32;
    tokio::time::sleep(start).await;
    while !stop.load(Ordering::Relaxed) {
        round += 1;
        let (creator, secret, port) = if round.is_multiple_of(2) {
            (b_from, &black, b_port)
        } else {
            (w_from, &white, w_port)
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
            rated: false,
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
            join(w_from, w_port, &created.id, Some(white.as_str())).await,
            join(b_from, b_port, &created.id, Some(black.as_str())).await,
        ) else {
            continue;
        };
        let mut watching = Vec::new();
        for k in 0..*spectators {
            let (from, port) = [(w_from, w_port), (b_from, b_port)][k % 2];
            if let Some(mut socket) = join(from, port, &created.id, None).await {
                // Every message read, until the game is left.
                watching.push(tokio::spawn(async move {
                    while let Some(Ok(_)) = socket.next().await {}
                }));
            }
        }
        let (mut mine, mut theirs, mut slow) = (Vec::new(), Vec::new(), Vec::new());
        let (mut w_known, mut b_known) = (0, 0);
        let line = &lines[(n + round as usize) % lines.len()];
        let plies = match round {
            1 => (line.len() * (n + 1) / games).max(2),
            _ => line.len(),
        };
        for (ply, uci) in line.iter().take(plies).enumerate() {
            tokio::time::sleep(think).await;
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let (socket, opponent, known, opponent_known) = if ply.is_multiple_of(2) {
                (&mut w, &mut b, &mut w_known, &mut b_known)
            } else {
                (&mut b, &mut w, &mut b_known, &mut w_known)
            };
            let m = ClientMessage::Move {
                uci: uci.clone(),
                ply,
            };
            let sent = Instant::now();
            let text = serde_json::to_string(&m).unwrap();
            if socket.send(Message::Text(text.into())).await.is_err()
                || !until(socket, known, ply + 1).await
            {
                break;
            }
            mine.push(sent.elapsed().as_micros() as u32);
            if sent.elapsed().as_millis() > SLOW_MS {
                slow.push(sent.duration_since(*began).as_secs());
            }
            if !until(opponent, opponent_known, ply + 1).await {
                break;
            }
            theirs.push(sent.elapsed().as_micros() as u32);
        }
        times.round_trip.lock().unwrap().extend(mine);
        times.seen_by_opponent.lock().unwrap().extend(theirs);
        times.slow.lock().unwrap().extend(slow);
        let _ = w.close(None).await;
        let _ = b.close(None).await;
        for spectator in watching {
            spectator.abort();
        }
    }
}

/// A new empty database on the PostgreSQL server at `url`; its URL.
async fn fresh_database(url: &str) -> String {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("{url}: {e}"));
    tokio::spawn(connection);
    let name = format!("topochess_load_{}", std::process::id());
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        client.batch_execute(&sql).await.unwrap();
    }
    format!(
        "{}/{name}",
        url.rsplit_once('/').expect("a URL with a database").0
    )
}

/// The percentile `q` of the sorted `t` (µs), in ms.
fn percentile(t: &[u32], q: f64) -> f64 {
    t.get(((t.len() as f64 * q) as usize).min(t.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0) as f64
        / 1000.0
}

/// Starts a server on `port` with its files in `data` (and its games in `database`, if given),
/// and `more` arguments.
fn start_server(
    port: u16,
    metrics_port: u16,
    data: &std::path::Path,
    database: Option<&str>,
    more: &[String],
) -> std::process::Child {
    let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../target/server/topochess-server");
    let mut command = Command::new(&bin);
    command
        .args(["--addr", &format!("127.0.0.1:{port}")])
        .args(["--metrics-addr", &format!("127.0.0.1:{metrics_port}")])
        .arg("--dist")
        .arg(data.join("site"))
        .arg("--data")
        .arg(data)
        .args(more)
        .stdout(Stdio::null());
    if let Some(url) = database {
        command.args(["--database", url]);
    }
    let server = command.spawn().unwrap_or_else(|e| {
        panic!(
            "{}: {e} (cargo build --profile server -p topochess-server)",
            bin.display()
        )
    });
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

#[tokio::main]
async fn main() {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        raw.iter()
            .position(|a| a == name)
            .and_then(|i| raw.get(i + 1))
            .cloned()
    };
    let postgres = flag("--postgres");
    let more: Vec<String> = flag("--games-per-minute")
        .map(|n| vec!["--games-per-minute".into(), n])
        .unwrap_or_default();
    let plies: usize = flag("--plies")
        .and_then(|n| n.parse().ok())
        .unwrap_or(PLIES);
    let count: usize = flag("--servers")
        .and_then(|n| n.parse().ok())
        .unwrap_or(if postgres.is_some() { 2 } else { 1 });
    let args: Vec<u64> = raw
        .iter()
        .enumerate()
        .filter(|(i, _)| *i == 0 || !raw[i - 1].starts_with("--"))
        .filter_map(|(_, a)| a.parse().ok())
        .collect();
    let (games, seconds) = (
        args.first().copied().unwrap_or(1000),
        args.get(1).copied().unwrap_or(20),
    );
    let think = Duration::from_millis(args.get(2).copied().unwrap_or(1000));
    // The games start spread over this many ms (people's games do not all start in the same
    // millisecond; 0: all at once, in lockstep ever after).
    let spread = Duration::from_millis(args.get(3).copied().unwrap_or(think.as_millis() as u64));
    let database = match &postgres {
        Some(url) => Some(fresh_database(url).await),
        None => None,
    };
    let data = std::env::temp_dir().join(format!("topochess-load-{}", std::process::id()));
    std::fs::create_dir_all(data.join("site")).unwrap();
    let free_ports = || -> Vec<u16> {
        (0..count)
            .map(|_| {
                std::net::TcpListener::bind("127.0.0.1:0")
                    .unwrap()
                    .local_addr()
                    .unwrap()
                    .port()
            })
            .collect()
    };
    let (ports, metrics_ports) = (free_ports(), free_ports());
    let mut servers: Vec<_> = ports
        .iter()
        .zip(&metrics_ports)
        .map(|(&port, &metrics)| start_server(port, metrics, &data, database.as_deref(), &more))
        .collect();
    let memory =
        |servers: &[std::process::Child]| -> u64 { servers.iter().map(|s| rss_kb(s.id())).sum() };
    let idle = memory(&servers);
    let cpu = |servers: &[std::process::Child]| -> f64 {
        servers.iter().map(|s| cpu_seconds(s.id())).sum()
    };
    let cpu_before = cpu(&servers);
    // The site's players first (its accounts made), then the games' from this moment.
    let activity = match raw.iter().any(|a| a == "--site") {
        true => Some(site::start(&ports, think).await),
        false => None,
    };
    let run = Arc::new(Run {
        ports: ports.clone(),
        think,
        stop: AtomicBool::new(false),
        times: Times::default(),
        refused: AtomicUsize::new(0),
        lines: (0..LINES as u64).map(|seed| line(seed, plies)).collect(),
        games: games as usize,
        spectators: flag("--spectators")
            .and_then(|n| n.parse().ok())
            .unwrap_or(0),
        began: Instant::now(),
    });
    let started = run.began;
    let players: Vec<_> = (0..games as usize)
        .map(|n| {
            let start = spread * n as u32 / games as u32;
            tokio::spawn(player(run.clone(), n, start))
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let busy = memory(&servers);
    run.stop.store(true, Ordering::Relaxed);
    if let Some(activity) = &activity {
        activity.stop.store(true, Ordering::Relaxed);
    }
    for p in players {
        let _ = tokio::time::timeout(Duration::from_secs(10), p).await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu_used = cpu(&servers) - cpu_before;
    let metrics: Vec<String> = metrics_ports.iter().filter_map(|&p| scrape(p)).collect();
    for server in &mut servers {
        let _ = server.kill();
        let _ = server.wait();
    }
    let _ = std::fs::remove_dir_all(&data);
    let mut t = run.times.round_trip.lock().unwrap().clone();
    t.sort_unstable();
    let mut seen = run.times.seen_by_opponent.lock().unwrap().clone();
    seen.sort_unstable();
    let kept = match postgres {
        Some(_) => format!("{count} servers on PostgreSQL, each move crossing servers"),
        None => format!("{count} server on SQLite"),
    };
    let lengths: usize = run.lines.iter().map(Vec::len).sum();
    println!(
        "{games} games at once ({kept}; started over {} ms; games of up to {plies} plies, {} on average) for {elapsed:.0} s, {} ms between a game's moves: {} moves, {:.0} moves a second; round trip p50 {:.1} ms, p99 {:.1} ms; seen by the opponent p50 {:.1} ms, p99 {:.1} ms; servers' CPU {:.0} µs a move; servers' memory {:.1} MB idle, {:.1} MB busy, {:.1} KB a game; {} creations refused by the limits",
        spread.as_millis(),
        lengths / run.lines.len(),
        think.as_millis(),
        t.len(),
        t.len() as f64 / elapsed,
        percentile(&t, 0.50),
        percentile(&t, 0.99),
        percentile(&seen, 0.50),
        percentile(&seen, 0.99),
        cpu_used * 1e6 / t.len().max(1) as f64,
        idle as f64 / 1024.0,
        busy as f64 / 1024.0,
        busy.saturating_sub(idle) as f64 / games as f64,
        run.refused.load(Ordering::Relaxed)
    );
    if let Some(activity) = &activity {
        println!("{}", site::report(activity, elapsed));
    }
    println!("{}", servers_own_time(&metrics));
    println!("{}", slow_seconds(&run.times.slow.lock().unwrap()));
}

/// A server's metrics (Prometheus text), read at `port`.
fn scrape(port: u16) -> Option<String> {
    use std::io::{Read, Write};
    let mut socket = TcpStream::connect(("127.0.0.1", port)).ok()?;
    socket
        .write_all(b"GET /metrics HTTP/1.0\r\nHost: load\r\n\r\n")
        .ok()?;
    let mut answer = String::new();
    socket.read_to_string(&mut answer).ok()?;
    Some(answer.split_once("\r\n\r\n")?.1.to_string())
}

/// What the servers measured of their own part, from their histograms (`texts`, one a server):
/// a move's time in the server (its message read to its state sent to the mover) and the
/// store's time to keep a game, each as the bounds of the buckets holding its 50th and 99th
/// percentiles. A tail here is the servers'; one only at the client is the sockets' or the
/// machine's.
fn servers_own_time(texts: &[String]) -> String {
    let part = |name: &str| {
        // The buckets' bounds in order, each with its count summed over the servers.
        let mut buckets: Vec<(String, u64)> = Vec::new();
        let prefix = format!("topochess_{name}_bucket{{le=\"");
        for text in texts {
            let mut i = 0;
            for line in text.lines() {
                let Some((le, count)) = line
                    .strip_prefix(&prefix)
                    .and_then(|rest| rest.split_once("\"} "))
                else {
                    continue;
                };
                let count: u64 = count.trim().parse().unwrap_or(0);
                match buckets.get_mut(i) {
                    Some(b) => b.1 += count,
                    None => buckets.push((le.to_string(), count)),
                }
                i += 1;
            }
        }
        let total = buckets.last().map_or(0, |b| b.1);
        let bound = |q: f64| match buckets.iter().find(|b| b.1 as f64 >= q * total as f64) {
            Some((le, _)) if le == "+Inf" => "more".to_string(),
            Some((le, _)) => format!("{:.1} ms", le.parse::<f64>().unwrap_or(0.0) * 1000.0),
            None => "none".to_string(),
        };
        format!("p50 up to {}, p99 up to {}", bound(0.5), bound(0.99))
    };
    match texts.is_empty() {
        true => "the servers' metrics could not be read".to_string(),
        false => format!(
            "the servers' own time (their histograms): a move {}; the store keeping a game {}",
            part("move_seconds"),
            part("store_write_seconds")
        ),
    }
}

/// The moves whose round trip passed [`SLOW_MS`], counted by the second of the run they were
/// sent in.
fn slow_seconds(slow: &[u64]) -> String {
    let mut by_second = std::collections::BTreeMap::<u64, usize>::new();
    for &second in slow {
        *by_second.entry(second).or_default() += 1;
    }
    let seconds: Vec<String> = by_second
        .iter()
        .map(|(second, n)| format!("{second} s: {n}"))
        .collect();
    match seconds.is_empty() {
        true => format!("no move's round trip passed {SLOW_MS} ms"),
        false => format!(
            "round trips past {SLOW_MS} ms, by the second of the run their move was sent in: {}",
            seconds.join(", ")
        ),
    }
}
