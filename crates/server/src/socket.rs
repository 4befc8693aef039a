//! A game's WebSocket: the browser says who it is in its first message (a [`Hello`] with its
//! secret, or none to watch), is seated or watches, hears the game after every change, and has
//! its messages refereed within a budget. Malformed or too many messages are answered with a
//! sentence, never a panic; a server shutting down tells the page it is restarting.

use crate::metrics::Refusal;
use crate::room::{News, Room};
use crate::site::Site;
use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use topochess_core::Color;
use topochess_protocol::{valid_secret, ClientMessage, Hello, ServerMessage};

/// Messages a connection may send in a burst, and a second on average after it.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 5.0;
/// How long a new socket has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// The close code a page sees when the server restarts (RFC 6455's "Service Restart").
pub(crate) const RESTARTING: u16 = 1012;
/// The close code of a socket that broke the protocol ("Policy Violation").
pub(crate) const POLICY: u16 = 1008;

pub(crate) type Out = SplitSink<WebSocket, Message>;
pub(crate) type In = futures_util::stream::SplitStream<WebSocket>;

fn text(message: &ServerMessage) -> Message {
    Message::Text(
        serde_json::to_string(message)
            .expect("a message is JSON")
            .into(),
    )
}

fn error(message: impl Into<String>) -> Message {
    text(&ServerMessage::Error {
        message: message.into(),
    })
}

/// A player's message as the socket reads it: a [`ClientMessage`], or the sentence that refuses
/// the text.
pub(crate) fn read_message(body: &str) -> Result<ClientMessage, String> {
    serde_json::from_str::<ClientMessage>(body)
        .map_err(|e| format!("not a message this server knows: {e}"))
}

/// Says why, and closes with `code`.
async fn close(out: &mut Out, incoming: &mut In, code: u16, why: &str) {
    let _ = out.send(error(why)).await;
    close_frame(out, incoming, code, why).await;
}

/// Closes with `code` and a short reason, then waits (a second at most) for the page's own close
/// frame, as the closing handshake asks: a connection dropped with the page's words unread
/// would be reset, and the page could lose what was sent before.
pub(crate) async fn close_frame(out: &mut Out, incoming: &mut In, code: u16, why: &str) {
    send_close(out, code, why).await;
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(message)) = incoming.next().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}

/// Sends the close frame.
async fn send_close(out: &mut Out, code: u16, why: &str) {
    let _ = out
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: why.chars().take(100).collect::<String>().into(),
        })))
        .await;
}

/// A page at the game: it leaves when this is dropped (the socket's end, however it ends).
struct Present(Arc<Room>, Option<Color>);

impl Drop for Present {
    fn drop(&mut self) {
        if let Some(side) = self.1 {
            self.0.leave(side);
        }
    }
}

/// The first message, if it is a well-formed hello in time; otherwise the socket is closed with
/// the reason.
async fn hello(out: &mut Out, incoming: &mut In, site: &Site) -> Option<Hello> {
    let first = tokio::time::timeout(HELLO_WITHIN, incoming.next()).await;
    let refuse = |why: &str| {
        site.rooms.metrics.refused(Refusal::BadHello);
        tracing::info!(why, "a socket refused");
        why.to_string()
    };
    let why = match first {
        Err(_) => refuse("no hello in time"),
        Ok(Some(Ok(Message::Text(t)))) => match serde_json::from_str::<Hello>(&t) {
            Ok(h) if h.secret.as_deref().is_none_or(valid_secret) => return Some(h),
            Ok(_) => refuse("a malformed secret: 16 to 64 letters, digits and -"),
            Err(_) => {
                refuse("the first message says who you are: {\"t\":\"hello\",\"secret\":...}")
            }
        },
        Ok(_) => return None,
    };
    close(out, incoming, POLICY, &why).await;
    None
}

/// One browser at one game: seated (or watching), told the game after every change, its
/// messages refereed, until it leaves or the server shuts down; then the room is closed if it
/// was the last there.
pub async fn play(
    ws: WebSocket,
    site: Arc<Site>,
    room: Arc<Room>,
    counted: crate::limits::OpenSocket,
    account: Option<crate::accounts::Account>,
) {
    let _open = Open {
        _opened: site.rooms.metrics.opened(crate::metrics::Live::Game),
        site: site.clone(),
        id: room.id,
        _counted: counted,
    };
    serve(ws, &site, room, account.as_ref()).await;
}

/// A socket open: counted while it lives, its room released when it ends (a fault included).
struct Open {
    _opened: crate::metrics::Opened,
    site: Arc<Site>,
    id: topochess_protocol::GameId,
    _counted: crate::limits::OpenSocket,
}

impl Drop for Open {
    fn drop(&mut self) {
        self.site.rooms.release(self.id);
    }
}

async fn serve(
    ws: WebSocket,
    site: &Site,
    room: Arc<Room>,
    account: Option<&crate::accounts::Account>,
) {
    let (mut out, mut incoming) = ws.split();
    let Some(hello) = hello(&mut out, &mut incoming, site).await else {
        return;
    };
    let mut listening = room.listen();
    let you = match site
        .rooms
        .seat(&room, hello.secret.as_deref(), account)
        .await
    {
        Ok(you) => you,
        Err(why) => return close(&mut out, &mut incoming, 1011, &why.sentence()).await,
    };
    if you.is_none() && hello.secret.is_some() && account.is_none() {
        let game = room.game.lock().await;
        let free = game.record().seats.iter().any(Option::is_none);
        if game.record().rated && free && !game.over() {
            drop(game);
            let why = "A rated game is between two accounts: sign in to take this seat.";
            let _ = out.send(error(why)).await;
        }
    }
    if let Some(side) = you {
        room.arrive(side);
    }
    let _present = Present(room.clone(), you);
    // What this page has: a page that takes changes is sent what changed since (the version it
    // says it has, if the room still keeps it); any other is sent the whole state every time.
    let mut sent = match hello.have.filter(|&v| v > 0) {
        Some(v) => {
            let moves = room.game.lock().await.record().moves.clone();
            room.state_at(v, &moves).map(News::alone)
        }
        None => None,
    };
    let changes = hello.have.is_some();
    // The text for this page of `news`, which it is then told.
    let tell = |news: Arc<News>, sent: &mut Option<Arc<News>>| {
        let text = news.text(sent.as_deref(), you, changes);
        *sent = Some(news);
        Message::Text(text.as_ref().into())
    };
    if out
        .send(tell(room.news_now().await, &mut sent))
        .await
        .is_err()
    {
        return;
    }
    let (mut tokens, mut last) = (BURST, Instant::now());
    // A ping now and then finds a connection that died without a word.
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    loop {
        tokio::select! {
            () = site.shutdown.cancelled() => {
                let _ = out.send(text(&ServerMessage::Restarting)).await;
                return close_frame(&mut out, &mut incoming, RESTARTING, "the server is restarting").await;
            }
            changed = listening.recv() => {
                if matches!(changed, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                    return;
                }
                // Told of a change that this page was already sent (notices queued while it
                // was being sent the state that held them): nothing to send.
                let news = room.news().await;
                if sent.as_ref().is_some_and(|before| !news.state.news_since(&before.state)) {
                    continue;
                }
                if out.send(tell(news, &mut sent)).await.is_err() {
                    return;
                }
            }
            message = incoming.next() => {
                let Some(Ok(message)) = message else { return };
                // A binary frame is a message too: counted against the budget, then refused.
                let body = match message {
                    Message::Text(t) => Some(t),
                    Message::Binary(_) => None,
                    Message::Close(_) => return,
                    _ => continue,
                };
                tokens = (tokens + last.elapsed().as_secs_f64() * PER_SECOND).min(BURST);
                last = Instant::now();
                if tokens < 1.0 {
                    site.rooms.metrics.refused(Refusal::SlowDown);
                    let _ = out.send(error("too many messages: slow down")).await;
                    continue;
                }
                tokens -= 1.0;
                let Some(body) = body else {
                    site.rooms.metrics.refused(Refusal::BadMessage);
                    let _ = out.send(error("a game's messages are text (JSON)")).await;
                    continue;
                };
                let started = Instant::now();
                let message = read_message(&body);
                #[cfg(debug_assertions)]
                fault(&message);
                let answer = match (message, you) {
                    (Ok(ClientMessage::Resync), _) => {
                        sent = None;
                        if out.send(tell(room.news_now().await, &mut sent)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    (Err(why), _) => {
                        site.rooms.metrics.refused(Refusal::BadMessage);
                        Err(why)
                    }
                    (Ok(_), None) => Err("spectators cannot play".into()),
                    (Ok(m), Some(side)) => {
                        let moved = matches!(m, ClientMessage::Move { .. });
                        let answer = site.rooms.act(&room, side, &m).await.map_err(|f| {
                            if matches!(f, crate::rooms::Failure::Refused(_)) {
                                site.rooms.metrics.refused(Refusal::Refereed);
                            }
                            f.sentence()
                        });
                        if moved && answer.is_ok() {
                            site.rooms.metrics.moved(started.elapsed());
                        }
                        answer
                    }
                };
                if let Err(why) = answer {
                    // The refusal, and the game as it is, so the page can put its board right.
                    let _ = out.send(error(why)).await;
                    if out.send(tell(room.news_now().await, &mut sent)).await.is_err() {
                        return;
                    }
                }
            }
            _ = ping.tick() => {
                if out.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}

/// In test builds only: a move named by `TOPOCHESS_FAULT_ON_MOVE` panics, as a bug would, so
/// the tests can show that a fault ends its own connection and no other.
#[cfg(debug_assertions)]
fn fault(message: &Result<ClientMessage, String>) {
    if let (Ok(ClientMessage::Move { uci, .. }), Ok(fault)) =
        (message, std::env::var("TOPOCHESS_FAULT_ON_MOVE"))
    {
        assert!(*uci != fault, "a fault injected on {uci}");
    }
}
