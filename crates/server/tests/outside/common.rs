//! What the server's outside tests share: the real server process on a free port, plain HTTP,
//! WebSockets that say hello, from any of loopback's addresses (each a person of its own, for
//! the limits per address).

use futures_util::{SinkExt, StreamExt};
use std::io::{Read, Write};
use std::net::{Ipv4Addr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;
use topochess_protocol::{
    ClientMessage, Created, GameState, Hello, Lobby, NewGame, ServerMessage, Side,
};

pub struct Server {
    /// The process.
    pub child: Child,
    /// Its port.
    pub port: u16,
    /// The port of its metrics (`--metrics-addr`, apart from the site).
    pub metrics: u16,
}

impl Server {
    pub fn start(data: &PathBuf, port: u16) -> Server {
        Server::start_with(data, port, &[], &[])
    }

    /// The server with more arguments and environment variables.
    pub fn start_with(data: &PathBuf, port: u16, args: &[&str], env: &[(&str, &str)]) -> Server {
        Server::spawn(
            Command::new(env!("CARGO_BIN_EXE_topochess-server")),
            data,
            port,
            args,
            env,
        )
    }

    /// The server in a process allowed `files` open files at most (soft and hard, as under
    /// systemd's default `LimitNOFILE`).
    pub fn start_under_file_limit(data: &PathBuf, port: u16, files: u32, args: &[&str]) -> Server {
        let mut shell = Command::new("sh");
        shell.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" \"$@\""),
            env!("CARGO_BIN_EXE_topochess-server"),
        ]);
        Server::spawn(shell, data, port, args, &[])
    }

    fn spawn(
        mut command: Command,
        data: &PathBuf,
        port: u16,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Server {
        let metrics = free_port();
        let child = command
            .args(["--addr", &format!("127.0.0.1:{port}"), "--dist"])
            .arg(data.join("site"))
            .arg("--data")
            .arg(data)
            .args(["--metrics-addr", &format!("127.0.0.1:{metrics}")])
            .args(args)
            .envs(env.iter().copied())
            .env("RUST_LOG", "warn")
            .stdout(if std::env::var_os("TOPOCHESS_TEST_LOG").is_some() {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("the server starts");
        let mut server = Server {
            child,
            port,
            metrics,
        };
        let start = Instant::now();
        while http(port, "GET", "/api/health", "").is_none() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("the server ended before it answered ({status}); its words are above");
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the server answers"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A port nothing listens on, from below the range the kernel gives outgoing connections
/// (`ip_local_port_range`): a port the kernel chose would be free for any test's client socket
/// to take before the server binds it (which happened, with a thousand connections open beside).
/// Each test process starts at a place of its own (its pid), and no port is answered twice.
pub fn free_port() -> u16 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    const LOWEST: u32 = 10_000;
    let ephemeral = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u32>().ok())
        .filter(|low| *low > LOWEST + 1_000)
        .unwrap_or(32_768);
    let span = ephemeral - LOWEST;
    let start = std::process::id().wrapping_mul(7_919) % span;
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        assert!(n < span, "no free port below {ephemeral}");
        let port = (LOWEST + (start + n) % span) as u16;
        if std::net::TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// A request over a plain socket; the status line and the body.
pub fn http(port: u16, method: &str, path: &str, body: &str) -> Option<(String, String)> {
    http_from(Ipv4Addr::LOCALHOST, port, method, path, body)
}

/// A plain TCP connection to the server from `from`, one of loopback's addresses.
pub fn dial(from: Ipv4Addr, port: u16) -> Option<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    socket
        .bind(&std::net::SocketAddr::from((from, 0)).into())
        .ok()?;
    socket
        .connect(&std::net::SocketAddr::from(([127, 0, 0, 1], port)).into())
        .ok()?;
    Some(socket.into())
}

/// A request from `from`; the status line (with the headers after it) and the body.
pub fn http_from(
    from: Ipv4Addr,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
) -> Option<(String, String)> {
    let mut s = dial(from, port)?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    Some((head.to_string(), body.to_string()))
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A socket at game `id`, its hello sent with `secret`.
pub async fn connect(port: u16, id: &str, secret: &str) -> Socket {
    connect_from(Ipv4Addr::LOCALHOST, port, id, Some(secret)).await
}

/// A socket at game `id` from `from` without a word said yet.
pub async fn open_from(from: Ipv4Addr, port: u16, id: &str) -> Socket {
    try_open_from(from, port, id).await.expect("a socket")
}

/// A socket at game `id` from `from`, if the server takes it.
pub async fn try_open_from(from: Ipv4Addr, port: u16, id: &str) -> Option<Socket> {
    let stream = dial(from, port)?;
    stream.set_nonblocking(true).ok()?;
    let stream = tokio::net::TcpStream::from_std(stream).ok()?;
    let url = format!("ws://127.0.0.1:{port}/api/games/{id}/socket");
    tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .ok()
        .map(|s| s.0)
}

/// A socket at game `id` from `from`, its hello sent (with `secret`, or none to watch).
pub async fn connect_from(from: Ipv4Addr, port: u16, id: &str, secret: Option<&str>) -> Socket {
    let mut socket = open_from(from, port, id).await;
    let hello = Hello {
        secret: secret.map(String::from),
        have: None,
        side: None,
    };
    let text = serde_json::to_string(&hello).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
    socket
}

/// The next message, or `None` once the socket ends (or says nothing for 10 s).
pub async fn try_next(socket: &mut Socket) -> Option<ServerMessage> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).ok();
        }
    }
}

/// Loopback address number `n` (127.2.0.1 on): a person of their own.
pub fn person(n: usize) -> Ipv4Addr {
    let n = n as u32 + 1;
    Ipv4Addr::new(127, 2 + (n >> 16) as u8, (n >> 8) as u8, n as u8)
}

/// Waits (up to 10 s) for the socket to close: the close frame's code, if it had one, and the
/// last error the server said before (`restarting` for a restart).
pub async fn closed(socket: &mut Socket) -> (Option<u16>, Option<String>) {
    let mut said = None;
    let code = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) => return None,
                Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                Some(Ok(Message::Text(t))) => match serde_json::from_str(&t) {
                    Ok(ServerMessage::Error { message }) => said = Some(message),
                    Ok(ServerMessage::Restarting) => said = Some("restarting".into()),
                    _ => {}
                },
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("the socket closes in time");
    (code, said)
}

/// A metric's value as the server's metrics port (`/metrics`) writes it, by its name and labels
/// (`topochess_connections`, `topochess_refusals_total{reason="connections"}`): `None` when it
/// has no such line (a counter that has not counted yet).
pub fn metric(metrics_port: u16, name: &str) -> Option<u64> {
    let text = http(metrics_port, "GET", "/metrics", "")?.1;
    let prefix = format!("{name} ");
    text.lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .map(|n| n.trim().parse().expect("a whole number"))
}

/// The server's `/api/health` line.
pub fn health(port: u16) -> String {
    http(port, "GET", "/api/health", "")
        .map(|r| r.1)
        .unwrap_or_default()
}

/// Waits (up to `secs`) until the health line says `what`.
pub async fn until_health(port: u16, what: &str, secs: u64) {
    let start = Instant::now();
    while !health(port).contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(secs),
            "{what}: {}",
            health(port)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

pub async fn next(socket: &mut Socket) -> ServerMessage {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message in time")
            .expect("open")
            .expect("a frame");
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).expect("a server message");
        }
    }
}

/// The refusal of the last message (and the state the server sends after it, read too).
pub async fn refused(socket: &mut Socket) -> String {
    let message = loop {
        match next(socket).await {
            ServerMessage::Error { message } => break message,
            // A change heard before the answer (another browser's seating or move).
            ServerMessage::State(_) => continue,
            ServerMessage::Restarting => panic!("the server restarts"),
            ServerMessage::Change(_) => panic!("a change sent to a page that takes none"),
            ServerMessage::Chat { .. } => continue,
        }
    };
    assert!(matches!(next(socket).await, ServerMessage::State(_)));
    message
}

/// The next state with `plies` moves.
pub async fn state_at(socket: &mut Socket, plies: usize) -> GameState {
    loop {
        if let ServerMessage::State(s) = next(socket).await {
            if s.moves.len() == plies {
                return *s;
            }
        }
    }
}

pub async fn send(socket: &mut Socket, m: &ClientMessage) {
    let text = serde_json::to_string(m).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
}

pub fn mv(uci: &str, ply: usize) -> ClientMessage {
    ClientMessage::Move {
        uci: uci.into(),
        ply,
    }
}

/// A fresh data folder named `name` with a one-page site in it.
pub fn site(name: &str) -> PathBuf {
    let data = std::env::temp_dir().join(format!("topochess-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join("site")).unwrap();
    std::fs::write(data.join("site/index.html"), "<p>site</p>").unwrap();
    data
}

/// A folded game of five minutes a side, White the creator's (holding `secret`).
pub fn folded_game(secret: &str, public: bool) -> NewGame {
    NewGame {
        variant: "folded".into(),
        castling: String::new(),
        base_secs: Some(300),
        increment_secs: 0,
        side: Side::White,
        secret: secret.into(),
        public,
        rated: false,
    }
}

/// `new` created over HTTP.
pub fn create(port: u16, new: &NewGame) -> Created {
    create_from(Ipv4Addr::LOCALHOST, port, new)
}

/// `new` created over HTTP from `from`.
pub fn create_from(from: Ipv4Addr, port: u16, new: &NewGame) -> Created {
    let (status, body) = http_from(
        from,
        port,
        "POST",
        "/api/games",
        &serde_json::to_string(new).unwrap(),
    )
    .unwrap();
    assert!(status.contains("201"), "{status} {body}");
    serde_json::from_str(&body).unwrap()
}

/// The lobby as the server lists it.
pub fn lobby(port: u16) -> Lobby {
    serde_json::from_str(&http(port, "GET", "/api/lobby", "").unwrap().1).unwrap()
}

/// The lobby's event stream (`/api/lobby/events`) followed from `from`: each lobby pushed, as
/// it comes (a thread reads the stream; it ends with the connection).
pub fn follow_lobby(from: Ipv4Addr, port: u16) -> std::sync::mpsc::Receiver<Lobby> {
    use std::io::BufRead;
    let mut s = dial(from, port).expect("a connection");
    write!(
        s,
        "GET /api/lobby/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n"
    )
    .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let reader = std::io::BufReader::new(s);
        for line in reader.lines() {
            let Ok(line) = line else { return };
            // Chunked transfer: the data lines are whole within their chunk.
            if let Some(data) = line.strip_prefix("data: ") {
                let lobby = serde_json::from_str(data).expect("a lobby as JSON");
                if tx.send(lobby).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

/// The next lobby pushed that `wanted` accepts, and how long it took to come; fails after
/// `within`.
pub fn pushed(
    lobbies: &std::sync::mpsc::Receiver<Lobby>,
    within: Duration,
    wanted: impl Fn(&Lobby) -> bool,
) -> (Lobby, Duration) {
    let start = std::time::Instant::now();
    loop {
        let left = within.saturating_sub(start.elapsed());
        match lobbies.recv_timeout(left) {
            Ok(lobby) if wanted(&lobby) => return (lobby, start.elapsed()),
            Ok(_) => {}
            Err(e) => panic!("no such lobby pushed within {within:?}: {e}"),
        }
    }
}

/// A new empty database on the tests' PostgreSQL server (`TOPOCHESS_TEST_POSTGRES`), named after
/// `kind` and this process; its URL. Without the server the test fails and says so.
pub async fn fresh_database(kind: &str) -> String {
    let server = std::env::var("TOPOCHESS_TEST_POSTGRES").unwrap_or_else(|_| {
        panic!(
            "TOPOCHESS_TEST_POSTGRES is not set: the PostgreSQL tests need a server \
             (scripts/test.sh starts one; by hand: scripts/postgres.sh start)"
        )
    });
    let (client, connection) = tokio_postgres::connect(&server, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|e| panic!("the tests' PostgreSQL at {server}: {e}"));
    tokio::spawn(connection);
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("topochess_{kind}_{}_{n}", std::process::id());
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        client.batch_execute(&sql).await.unwrap();
    }
    format!("{}/{name}", server.rsplit_once('/').unwrap().0)
}

/// A request from `from` with extra header lines; the status and headers, and the body.
pub fn request(
    from: Ipv4Addr,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
    headers: &str,
) -> (String, String) {
    let mut s = dial(from, port).unwrap();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    // A streamed body comes in chunks: their sizes are left out.
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (head.to_string(), body)
}

pub fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// The session cookie an answer sets.
pub fn cookie_of(head: &str) -> String {
    head.lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or(l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .map(String::from)
        .unwrap_or_else(|| panic!("no cookie in {head}"))
}

pub fn credentials(name: &str, password: &str) -> String {
    format!(r#"{{"name":"{name}","password":"{password}"}}"#)
}

/// Signs `name` up from `from`: the cookie header line.
pub fn sign_up(from: Ipv4Addr, port: u16, name: &str, password: &str) -> String {
    let (head, body) = request(
        from,
        port,
        "POST",
        "/api/account/signup",
        &credentials(name, password),
        "",
    );
    assert!(head.contains("201"), "{head} {body}");
    format!("Cookie: {}\r\n", cookie_of(&head))
}

pub fn status(head: &str) -> u16 {
    head.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A WebSocket to `path` from `from` with these cookies (a `Cookie: ...` line, or nothing),
/// without a word said yet.
pub async fn upgraded(from: Ipv4Addr, port: u16, path: &str, cookie: &str) -> Socket {
    let stream = dial(from, port).unwrap();
    stream.set_nonblocking(true).unwrap();
    let stream = tokio::net::TcpStream::from_std(stream).unwrap();
    let mut req = format!("ws://127.0.0.1:{port}{path}")
        .into_client_request()
        .unwrap();
    if let Some(value) = cookie.strip_prefix("Cookie: ") {
        req.headers_mut()
            .insert("cookie", value.trim().parse().unwrap());
    }
    tokio_tungstenite::client_async(req, MaybeTlsStream::Plain(stream))
        .await
        .unwrap()
        .0
}

/// A socket at game `id` from `from` with these cookies, its hello sent with `secret`.
pub async fn seated(from: Ipv4Addr, port: u16, id: &str, secret: &str, cookie: &str) -> Socket {
    let mut socket = upgraded(from, port, &format!("/api/games/{id}/socket"), cookie).await;
    let hello = format!(r#"{{"t":"hello","secret":"{secret}"}}"#);
    futures_util::SinkExt::send(
        &mut socket,
        tokio_tungstenite::tungstenite::Message::Text(hello.into()),
    )
    .await
    .unwrap();
    socket
}
