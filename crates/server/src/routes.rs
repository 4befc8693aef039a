//! The server's addresses: the built site, and the live games' endpoints under `/api/`: create a
//! game, read one, and a WebSocket a game for its players and spectators.

use crate::rooms::Rooms;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::{Duration, Instant};
use topochess_core::Color;
use topochess_protocol::{
    id_text, parse_id, ClientMessage, Created, NewGame, ServerMessage, MAX_MESSAGE_BYTES,
};
use tower_http::services::ServeDir;

/// Messages a connection may send in a burst, and a second on average after it.
const BURST: f64 = 20.0;
const PER_SECOND: f64 = 5.0;

/// The router: the API, and the site's files from `dist` for everything else.
pub fn router(rooms: Arc<Rooms>, dist: &std::path::Path) -> Router {
    let page = dist.join("index.html");
    let index = move || {
        let page = page.clone();
        async move { site_page(&page) }
    };
    Router::new()
        .route("/", get(index.clone()))
        .route("/index.html", get(index))
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/lobby", get(lobby))
        .route("/api/qr", get(qr))
        .route("/api/games/{id}", get(read))
        .route("/api/games/{id}/socket", get(socket))
        .with_state(rooms)
        // The build writes a brotli and a gzip copy of each file (scripts/precompress.mjs): a
        // browser gets the smaller one it accepts (the wasm's brotli copy is a third of it).
        .fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip())
}

/// The site's page, marked as served with live games (`<meta name="topochess-live">`): the page
/// asks for the lobby and creates live games only where it finds the mark, so a site on plain
/// file hosting makes no request that must fail.
fn site_page(path: &std::path::Path) -> Response {
    match std::fs::read_to_string(path) {
        Ok(html) => axum::response::Html(html.replacen(
            "<head>",
            "<head>\n    <meta name=\"topochess-live\" content=\"1\" />",
            1,
        ))
        .into_response(),
        Err(_) => refuse(
            StatusCode::NOT_FOUND,
            "the site is not built (trunk build --release)",
        ),
    }
}

/// The server is up, and how many games are open (in memory).
async fn health(State(rooms): State<Arc<Rooms>>) -> String {
    format!("ok: {} games open", rooms.open_rooms().await)
}

fn refuse(status: StatusCode, why: impl Into<String>) -> Response {
    (
        status,
        Json(ServerMessage::Error {
            message: why.into(),
        }),
    )
        .into_response()
}

async fn create(State(rooms): State<Arc<Rooms>>, Json(new): Json<NewGame>) -> Response {
    match rooms.create(&new).await {
        Ok((id, side)) => (
            StatusCode::CREATED,
            Json(Created {
                id: id_text(id),
                side,
            }),
        )
            .into_response(),
        Err(why) => refuse(StatusCode::BAD_REQUEST, why),
    }
}

#[derive(serde::Deserialize)]
struct QrText {
    text: String,
}

/// The QR code of a short text (a game's link), as SVG.
async fn qr(Query(q): Query<QrText>) -> Response {
    if q.text.len() > 512 {
        return refuse(StatusCode::BAD_REQUEST, "at most 512 bytes");
    }
    match qrcode::QrCode::new(q.text.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(200, 200)
                .build();
            ([(axum::http::header::CONTENT_TYPE, "image/svg+xml")], svg).into_response()
        }
        Err(e) => refuse(StatusCode::BAD_REQUEST, e.to_string()),
    }
}

async fn lobby(State(rooms): State<Arc<Rooms>>) -> Response {
    match rooms.lobby() {
        Ok(lobby) => Json(lobby).into_response(),
        Err(why) => refuse(StatusCode::INTERNAL_SERVER_ERROR, why),
    }
}

async fn read(State(rooms): State<Arc<Rooms>>, Path(id): Path<String>) -> Response {
    let Some(id) = parse_id(&id) else {
        return refuse(StatusCode::NOT_FOUND, "no such game");
    };
    match rooms.room(id).await {
        Ok(Some(room)) => Json(room.state(None).await).into_response(),
        Ok(None) => refuse(StatusCode::NOT_FOUND, "no such game"),
        Err(why) => refuse(StatusCode::INTERNAL_SERVER_ERROR, why),
    }
}

#[derive(serde::Deserialize)]
struct Who {
    secret: String,
}

async fn socket(
    State(rooms): State<Arc<Rooms>>,
    Path(id): Path<String>,
    Query(who): Query<Who>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let Some(id) = parse_id(&id) else {
        return refuse(StatusCode::NOT_FOUND, "no such game");
    };
    let room = match rooms.room(id).await {
        Ok(Some(room)) => room,
        Ok(None) => return refuse(StatusCode::NOT_FOUND, "no such game"),
        Err(why) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, why),
    };
    // Small buffers: a game's messages are small, and there are thousands of sockets.
    upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |ws| play(ws, rooms, room, who.secret))
}

fn text(message: &ServerMessage) -> Message {
    Message::Text(
        serde_json::to_string(message)
            .expect("a message is JSON")
            .into(),
    )
}

/// A page at the game: it leaves when this is dropped (the socket's end, however it ends).
struct Present(Arc<crate::rooms::Room>, Option<Color>);

impl Drop for Present {
    fn drop(&mut self) {
        if let Some(side) = self.1 {
            self.0.leave(side);
        }
    }
}

/// One browser at one game, then the room closed if it was the last there.
async fn play(ws: WebSocket, rooms: Arc<Rooms>, room: Arc<crate::rooms::Room>, secret: String) {
    let id = room.id;
    serve(ws, rooms.clone(), room, secret).await;
    rooms.release(id).await;
}

/// One browser at one game: seated (or watching), told the game after every change, its
/// messages refereed; malformed or too many messages are answered with an error, never a panic.
async fn serve(ws: WebSocket, rooms: Arc<Rooms>, room: Arc<crate::rooms::Room>, secret: String) {
    let (mut out, mut incoming) = ws.split();
    let mut changes = room.listen();
    let you = match rooms.seat(&room, &secret).await {
        Ok(you) => you,
        Err(why) => {
            let _ = out.send(text(&ServerMessage::Error { message: why })).await;
            return;
        }
    };
    if let Some(side) = you {
        room.arrive(side);
    }
    let _present = Present(room.clone(), you);
    let state = |room: &Arc<crate::rooms::Room>| {
        let room = room.clone();
        async move { text(&ServerMessage::State(Box::new(room.state(you).await))) }
    };
    if out.send(state(&room).await).await.is_err() {
        return;
    }
    let (mut tokens, mut last) = (BURST, Instant::now());
    // A ping now and then finds a connection that died without a word.
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    loop {
        tokio::select! {
            changed = changes.recv() => {
                if matches!(changed, Err(tokio::sync::broadcast::error::RecvError::Closed)) {
                    return;
                }
                if out.send(state(&room).await).await.is_err() {
                    return;
                }
            }
            message = incoming.next() => {
                let Some(Ok(message)) = message else { return };
                let body = match message {
                    Message::Text(t) => t.to_string(),
                    Message::Close(_) => return,
                    _ => continue,
                };
                tokens = (tokens + last.elapsed().as_secs_f64() * PER_SECOND).min(BURST);
                last = Instant::now();
                if tokens < 1.0 {
                    let _ = out.send(text(&ServerMessage::Error { message: "too many messages: slow down".into() })).await;
                    continue;
                }
                tokens -= 1.0;
                let answer = match (serde_json::from_str::<ClientMessage>(&body), you) {
                    (Err(e), _) => Err(format!("not a message this server knows: {e}")),
                    (Ok(_), None) => Err("spectators cannot play".into()),
                    (Ok(m), Some(side)) => rooms.act(&room, side, &m).await,
                };
                if let Err(why) = answer {
                    // The refusal, and the game as it is, so the page can put its board right.
                    let _ = out.send(text(&ServerMessage::Error { message: why })).await;
                    if out.send(state(&room).await).await.is_err() {
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
