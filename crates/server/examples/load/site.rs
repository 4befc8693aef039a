//! The rest of the site beside the load run's games (`--site`): players signing in (5 a second,
//! each from an address of its own), guests waiting in a pool and playing the games they are
//! paired in, and two arenas being played by accounts that hear their games on their own
//! channel. Each paired game is played by both its players along one line of legal moves (the
//! same for both: chosen by the game's id), a pause before each move, White resigning at its
//! end.

use futures_util::{SinkExt, StreamExt};
use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;
use topochess_core::Color;
use topochess_protocol::player::PlayerNews;
use topochess_protocol::pool::{PoolNews, PoolRequest};
use topochess_protocol::{ClientMessage, GameState, ServerMessage};

use super::{address, dial, lines, Socket};

/// Sign-ins a second.
const SIGN_INS_PER_SECOND: u64 = 5;
/// Guests in the pool at once.
const POOL_GUESTS: usize = 40;
/// Players in each of the two arenas.
const ARENA_PLAYERS: usize = 8;
/// The most plies of a paired game, before White resigns.
const PAIRED_PLIES: usize = 40;
/// The first address of the site's players (the games' players have those below).
const FIRST_ADDRESS: usize = 200_000;
const PASSWORD: &str = "a long load password";

/// What the site's players did.
#[derive(Default)]
pub struct Activity {
    /// Set to stop.
    pub stop: AtomicBool,
    /// The pause before each move of a paired game (as people think).
    think: Duration,
    /// Sign-ins answered with a session, and their times (µs).
    pub signed_in: Mutex<Vec<u32>>,
    /// Sign-ins refused or failed.
    pub sign_in_failed: AtomicUsize,
    /// Pool games and arena games played to their end.
    pub pool_games: AtomicUsize,
    pub arena_games: AtomicUsize,
    /// Moves made in them.
    pub paired_moves: AtomicUsize,
}

/// An answer: its status, the session's cookie line it sets (or nothing), and its body.
struct Answer {
    status: u16,
    cookie: String,
    body: String,
}

/// `method` at `path` from `from` with `body` and a `cookie` header line.
async fn request(
    from: Ipv4Addr,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
    cookie: &str,
) -> Option<Answer> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = dial(from, port).await?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{cookie}Connection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(request.as_bytes()).await.ok()?;
    let mut answer = String::new();
    s.read_to_string(&mut answer).await.ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let cookie = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("set-cookie")
                .then(|| value.trim().split(';').next().unwrap_or("").to_string())
        })
        .map(|c| format!("Cookie: {c}\r\n"))
        .unwrap_or_default();
    let chunked = head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked");
    let body = if chunked {
        unchunk(body)
    } else {
        body.to_string()
    };
    Some(Answer {
        status,
        cookie,
        body,
    })
}

/// A WebSocket to `path` from `from`, with the `cookie` line, its first message `hello`.
async fn socket(
    from: Ipv4Addr,
    port: u16,
    path: &str,
    cookie: &str,
    hello: &str,
) -> Option<Socket> {
    let stream = dial(from, port).await?;
    let mut req = format!("ws://127.0.0.1:{port}{path}")
        .into_client_request()
        .ok()?;
    if let Some(value) = cookie.strip_prefix("Cookie: ") {
        req.headers_mut()
            .insert("cookie", value.trim().parse().ok()?);
    }
    let (mut socket, _) = tokio_tungstenite::client_async(req, MaybeTlsStream::Plain(stream))
        .await
        .ok()?;
    if !hello.is_empty() {
        socket.send(Message::Text(hello.into())).await.ok()?;
    }
    Some(socket)
}

fn credentials(name: &str) -> String {
    format!(r#"{{"name":"{name}","password":"{PASSWORD}"}}"#)
}

/// Signs `name` up from `from`: the session's cookie line.
async fn sign_up(from: Ipv4Addr, port: u16, name: &str) -> Option<String> {
    let answer = request(
        from,
        port,
        "POST",
        "/api/account/signup",
        &credentials(name),
        "",
    )
    .await?;
    (answer.status == 201).then_some(answer.cookie)
}

/// Plays game `id` as `me` over `game` (a socket already said hello), along the line the game's
/// id chooses, until it ends or the run stops; White resigns at the line's end. Moves made.
async fn play(mut game: Socket, id: &str, me: Color, activity: &Activity) -> usize {
    let stop = &activity.stop;
    let seed = u64::from_str_radix(id, 16).unwrap_or(0);
    let (line, _) = lines::random_line(seed, PAIRED_PLIES);
    let mut state: Option<GameState> = None;
    let (mut made, mut asked) = (0, None);
    while !stop.load(Ordering::Relaxed) {
        if let Some(s) = &state {
            if s.outcome.is_some() || s.aborted {
                break;
            }
            let n = s.moves.len();
            let mine = (n % 2 == 0) == (me == Color::White);
            if mine && asked != Some(n) {
                tokio::time::sleep(activity.think).await;
                let m = match line.get(n) {
                    Some(uci) => ClientMessage::Move {
                        uci: uci.clone(),
                        ply: n,
                    },
                    None => ClientMessage::Resign,
                };
                let text = serde_json::to_string(&m).expect("JSON");
                if game.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
                made += usize::from(n < line.len());
                asked = Some(n);
            }
        }
        let heard = tokio::time::timeout(Duration::from_secs(30), game.next()).await;
        let Ok(Some(Ok(Message::Text(t)))) = heard else {
            if matches!(heard, Ok(Some(Ok(_)))) {
                continue;
            }
            break;
        };
        state = match (ServerMessage::from_json(&t), &state) {
            (Some(ServerMessage::State(s)), _) => Some(*s),
            (Some(ServerMessage::Change(c)), Some(old)) => c.apply(old).or(state),
            _ => state,
        };
    }
    let _ = game.close(None).await;
    made
}

/// A guest waiting in the pool, again and again: paired, plays its game, and joins again.
async fn guest(activity: Arc<Activity>, port: u16, k: usize) {
    let from = address(FIRST_ADDRESS + k);
    let secret = format!("load-guest-{k:012}");
    let join = serde_json::to_string(&PoolRequest::Join {
        pool: "folded-3+2".into(),
        secret: secret.clone(),
    })
    .expect("JSON");
    while !activity.stop.load(Ordering::Relaxed) {
        let Some(mut waiting) = socket(from, port, "/api/pools/socket", "", &join).await else {
            tokio::time::sleep(Duration::from_secs(1)).await;
            continue;
        };
        let mut paired = None;
        while let Ok(Some(Ok(m))) =
            tokio::time::timeout(Duration::from_secs(5), waiting.next()).await
        {
            match m {
                Message::Text(t) => match serde_json::from_str::<PoolNews>(&t) {
                    Ok(PoolNews::Paired { id, side }) => {
                        paired = Some((id, side));
                        break;
                    }
                    Ok(PoolNews::Left { .. }) | Err(_) => break,
                    Ok(PoolNews::Waiting { .. }) => {}
                },
                Message::Close(_) => break,
                _ => {}
            }
            if activity.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        let Some((id, side)) = paired else { continue };
        let hello = format!(r#"{{"t":"hello","secret":"{secret}","have":0}}"#);
        let path = format!("/api/games/{id}/socket");
        if let Some(game) = socket(from, port, &path, "", &hello).await {
            let made = play(game, &id, side, &activity).await;
            activity.paired_moves.fetch_add(made, Ordering::Relaxed);
            activity
                .pool_games
                .fetch_add(usize::from(side == Color::White), Ordering::Relaxed);
        }
    }
}

/// An account in arena `arena`: its page open (present, so paired), and its own channel, on
/// which it hears each game, plays it and waits for the next.
async fn arena_player(activity: Arc<Activity>, port: u16, k: usize, cookie: String, arena: String) {
    let from = address(FIRST_ADDRESS + POOL_GUESTS + k);
    let page = socket(
        from,
        port,
        &format!("/api/tournaments/{arena}/socket"),
        &cookie,
        "",
    )
    .await;
    // The page's standings are read and dropped, as long as it is open.
    let _page = page
        .map(|mut page| tokio::spawn(async move { while let Some(Ok(_)) = page.next().await {} }));
    let secret = format!("load-arena-{k:012}");
    let hello = format!(r#"{{"t":"hello","secret":"{secret}"}}"#);
    let Some(mut channel) = socket(from, port, "/api/player/socket", &cookie, &hello).await else {
        return;
    };
    while !activity.stop.load(Ordering::Relaxed) {
        let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(2), channel.next()).await
        else {
            continue;
        };
        let Message::Text(t) = m else { continue };
        let Ok(PlayerNews::Paired(game)) = serde_json::from_str::<PlayerNews>(&t) else {
            continue;
        };
        let hello = format!(r#"{{"t":"hello","secret":"{secret}","have":0}}"#);
        let path = format!("/api/games/{}/socket", game.id);
        if let Some(socket) = socket(from, port, &path, &cookie, &hello).await {
            let made = play(socket, &game.id, game.side, &activity).await;
            activity.paired_moves.fetch_add(made, Ordering::Relaxed);
            activity
                .arena_games
                .fetch_add(usize::from(game.side == Color::White), Ordering::Relaxed);
        }
    }
}

/// Signs in as one of `names` 5 times a second, each from an address of its own, until stopped.
async fn sign_ins(activity: Arc<Activity>, port: u16, names: Vec<String>) {
    let mut tick = tokio::time::interval(Duration::from_millis(1000 / SIGN_INS_PER_SECOND));
    let mut n = 0;
    while !activity.stop.load(Ordering::Relaxed) {
        tick.tick().await;
        let (activity, name) = (activity.clone(), names[n % names.len()].clone());
        let from = address(FIRST_ADDRESS + 10_000 + n);
        n += 1;
        tokio::spawn(async move {
            let started = Instant::now();
            let answer = request(
                from,
                port,
                "POST",
                "/api/account/login",
                &credentials(&name),
                "",
            )
            .await;
            match answer {
                Some(a) if a.status < 300 && !a.cookie.is_empty() => {
                    let took = started.elapsed().as_micros() as u32;
                    activity.signed_in.lock().unwrap().push(took);
                }
                _ => {
                    activity.sign_in_failed.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
}

/// Starts the site's players on `ports` (the arenas and the pool on the first server, the
/// accounts' sign-ins on the last), pausing `think` before each move of their games: the
/// accounts made, two arenas made and joined.
pub async fn start(ports: &[u16], think: Duration) -> Arc<Activity> {
    let activity = Arc::new(Activity {
        think,
        ..Activity::default()
    });
    let (first, last) = (ports[0], ports[ports.len() - 1]);
    let run = std::process::id() % 100_000;
    let mut accounts = Vec::new();
    for k in 0..2 * ARENA_PLAYERS {
        let name = format!("l{run}a{k}");
        let from = address(FIRST_ADDRESS + POOL_GUESTS + k);
        let cookie = sign_up(from, first, &name)
            .await
            .expect("an account for the arenas");
        accounts.push((name, cookie));
    }
    for a in 0..2 {
        let (maker, cookie) = &accounts[a * ARENA_PLAYERS];
        let from = address(FIRST_ADDRESS + POOL_GUESTS + a * ARENA_PLAYERS);
        let new = format!(
            r#"{{"name":"Load {maker}","preset":"folded","clock":{{"limit":180,"increment":2}},"minutes":60,"rated":true}}"#
        );
        let answer = request(from, first, "POST", "/api/tournaments", &new, cookie).await;
        let answer = answer.expect("an answer to making an arena");
        let id: serde_json::Value = serde_json::from_str(&answer.body).expect("an arena made");
        let id = id["id"].as_str().expect("its id").to_string();
        for k in a * ARENA_PLAYERS..(a + 1) * ARENA_PLAYERS {
            let from = address(FIRST_ADDRESS + POOL_GUESTS + k);
            let join = format!("/api/tournaments/{id}/join");
            let joined = request(from, first, "POST", &join, "", &accounts[k].1).await;
            let status = joined.map_or(0, |a| a.status);
            assert!(status == 204, "joining an arena: {status}");
            let port = ports[k % ports.len()];
            let cookie = accounts[k].1.clone();
            tokio::spawn(arena_player(activity.clone(), port, k, cookie, id.clone()));
        }
    }
    for k in 0..POOL_GUESTS {
        tokio::spawn(guest(activity.clone(), ports[k % ports.len()], k));
    }
    let names = accounts.into_iter().map(|(name, _)| name).collect();
    tokio::spawn(sign_ins(activity.clone(), last, names));
    activity
}

/// A chunked body's text.
fn unchunk(mut body: &str) -> String {
    let mut text = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || rest.len() < n {
            break;
        }
        text.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    text
}

/// The site's line of the report.
pub fn report(activity: &Activity, elapsed: f64) -> String {
    let mut signed = activity.signed_in.lock().unwrap().clone();
    signed.sort_unstable();
    format!(
        "beside them, the site: {} sign-ins ({:.1} a second; p50 {:.0} ms, p99 {:.0} ms; {} failed), {} pool games and {} arena games played to their end by {POOL_GUESTS} guests and {} accounts ({} moves)",
        signed.len(),
        signed.len() as f64 / elapsed,
        super::percentile(&signed, 0.5),
        super::percentile(&signed, 0.99),
        activity.sign_in_failed.load(Ordering::Relaxed),
        activity.pool_games.load(Ordering::Relaxed),
        activity.arena_games.load(Ordering::Relaxed),
        2 * ARENA_PLAYERS,
        activity.paired_moves.load(Ordering::Relaxed),
    )
}
