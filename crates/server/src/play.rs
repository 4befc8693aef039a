//! A page at a game, as the hub serves it: the browser says who it is in its first message (a
//! [`Hello`] with its secret, or none to watch), is seated or watches, hears the game after every
//! change, and has its messages refereed. Malformed messages are answered with a sentence, never
//! a panic; a server shutting down tells the page it is restarting.

use crate::hub::connection::{self, Heard, Kind, Link, POLICY};
use crate::metrics::{Live, Refusal};
use crate::room::{News, Room};
use crate::site::Site;
use std::sync::Arc;
use std::time::{Duration, Instant};
use topochess_core::Color;
use topochess_protocol::{valid_secret, ClientMessage, Hello, ServerMessage};

/// How long a new socket has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// A game's socket as the hub serves it: 20 messages in a burst and 5 a second after it, a
/// refusal said as the game's error, and the restart announced.
pub const KIND: Kind = Kind {
    live: Live::Game,
    farewell: Some(|| json(&ServerMessage::Restarting)),
    refusal: Some(|why| error(why)),
    budget: (20.0, 5.0),
};

fn json(message: &ServerMessage) -> String {
    serde_json::to_string(message).expect("a message is JSON")
}

fn error(message: impl Into<String>) -> String {
    json(&ServerMessage::Error {
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
async fn close(link: Link, code: u16, why: &str) {
    link.say(error(why)).await;
    link.close(code, why).await;
}

/// A page at the game: it leaves when this is dropped (the socket's end, however it ends).
pub(crate) struct Present(pub(crate) Arc<Room>, pub(crate) Option<Color>);

impl Drop for Present {
    fn drop(&mut self) {
        if let Some(side) = self.1 {
            self.0.leave(side);
        }
    }
}

/// The first message, if it is a well-formed hello in time; otherwise the socket is closed with
/// the reason.
async fn hello(mut link: Link, site: &Site) -> Option<(Hello, Link)> {
    let refuse = |why: &str| {
        site.metrics.refused(Refusal::BadHello);
        tracing::info!(why, "a socket refused");
        why.to_string()
    };
    let why = match link.first(HELLO_WITHIN).await {
        None => refuse("no hello in time"),
        Some(Heard::Text(t)) => match serde_json::from_str::<Hello>(&t) {
            Ok(h) if h.secret.as_deref().is_none_or(valid_secret) => return Some((h, link)),
            Ok(_) => refuse("a malformed secret: 16 to 64 letters, digits and -"),
            Err(_) => {
                refuse("the first message says who you are: {\"t\":\"hello\",\"secret\":...}")
            }
        },
        Some(Heard::Binary) => refuse("the first message says who you are, in text"),
    };
    close(link, POLICY, &why).await;
    None
}

/// A socket's room, released when the socket ends (a fault included).
pub(crate) struct Held(pub(crate) Arc<Site>, pub(crate) topochess_protocol::GameId);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.rooms.release(self.1);
    }
}

/// Serves one browser at one game through the hub.
pub async fn play(
    ws: axum::extract::ws::WebSocket,
    site: Arc<Site>,
    room: Arc<Room>,
    counted: crate::limits::OpenSocket,
    account: Option<crate::accounts::Account>,
) {
    let _held = Held(site.clone(), room.id);
    let served = site.clone();
    connection::serve(ws, &site.hub, KIND, counted, move |link| async move {
        at_game(link, &served, room, account.as_ref()).await
    })
    .await;
}

/// One browser at one game: seated (or watching), told the game after every change, its
/// messages refereed, until it leaves; then the room is closed if it was the last there.
async fn at_game(
    link: Link,
    site: &Site,
    room: Arc<Room>,
    account: Option<&crate::accounts::Account>,
) {
    let Some((hello, mut link)) = hello(link, site).await else {
        return;
    };
    let mut listening = room.listen();
    let mut chat = room.chat.subscribe();
    let you = match site
        .rooms
        .seat(&room, hello.secret.as_deref(), account, hello.side)
        .await
    {
        Ok(you) => you,
        Err(why) => return close(link, 1011, &why.sentence()).await,
    };
    if you.is_none() && hello.secret.is_some() && account.is_none() {
        let game = room.game.lock().await;
        let free = game.record().seats.iter().any(Option::is_none);
        if game.record().rated && free && !game.over() {
            drop(game);
            let why = "A rated game is between two accounts: sign in to take this seat.";
            link.say(error(why)).await;
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
        text.as_ref().to_string()
    };
    if !link.say(tell(room.news_now().await, &mut sent)).await {
        return;
    }
    loop {
        tokio::select! {
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
                if !link.say(tell(news, &mut sent)).await {
                    return;
                }
            }
            said = chat.recv() => {
                // The players' chat, to the players' pages.
                if let (Ok(line), Some(_)) = (said, you) {
                    let told = ServerMessage::Chat { user: line.0.clone(), text: line.1.clone() };
                    if !link.say(serde_json::to_string(&told).expect("JSON")).await {
                        return;
                    }
                }
            }
            heard = link.hear() => {
                let Some(heard) = heard else { return };
                let answer = match heard {
                    Heard::Binary => {
                        site.metrics.refused(Refusal::BadMessage);
                        link.say(error("a game's messages are text (JSON)")).await;
                        continue;
                    }
                    Heard::Text(body) => answer(site, &room, you, &body).await,
                };
                match answer {
                    Answer::Done => {}
                    Answer::Resync => {
                        sent = None;
                        if !link.say(tell(room.news_now().await, &mut sent)).await {
                            return;
                        }
                    }
                    Answer::Refused(why) => {
                        // The refusal, and the game as it is, so the page can put its board right.
                        link.say(error(why)).await;
                        if !link.say(tell(room.news_now().await, &mut sent)).await {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// What a page's message comes to.
enum Answer {
    /// Done: the page hears the change with every other.
    Done,
    /// The page asks for the whole state again.
    Resync,
    /// Refused, with the sentence that says why.
    Refused(String),
}

/// Referees `body`, from the page seated at `you` (none: a spectator).
async fn answer(site: &Site, room: &Arc<Room>, you: Option<Color>, body: &str) -> Answer {
    let started = Instant::now();
    let message = read_message(body);
    #[cfg(debug_assertions)]
    fault(&message);
    match (message, you) {
        (Ok(ClientMessage::Resync), _) => Answer::Resync,
        (Err(why), _) => {
            site.metrics.refused(Refusal::BadMessage);
            Answer::Refused(why)
        }
        (Ok(_), None) => Answer::Refused("spectators cannot play".into()),
        (Ok(ClientMessage::Chat { text }), Some(side)) => {
            if let Some(why) = topochess_protocol::chat_fault(&text) {
                return Answer::Refused(why.into());
            }
            let name = room.game.lock().await.record().players[side.index()]
                .as_ref()
                .map_or_else(|| format!("{side:?}"), |p| p.tag.name.clone());
            let text = text.trim().to_string();
            site.rooms.say(room, name, text).await;
            Answer::Done
        }
        (Ok(m), Some(side)) => {
            let moved = matches!(m, ClientMessage::Move { .. });
            match site.rooms.act(room, side, &m).await {
                Ok(()) => {
                    if moved {
                        site.metrics.moved(started.elapsed());
                    }
                    Answer::Done
                }
                Err(f) => {
                    if matches!(f, crate::rooms::Failure::Refused(_)) {
                        site.metrics.refused(Refusal::Refereed);
                    }
                    Answer::Refused(f.sentence())
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
