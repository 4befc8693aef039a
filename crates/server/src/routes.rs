//! The server's addresses: the built site, and the live games' endpoints under `/api/`: create a
//! game, read one, the lobby, a QR code, and a WebSocket a game for its players and spectators;
//! `/metrics` for Prometheus. Each request from outside is limited per address.

use crate::limits::Limited;
use crate::metrics::Refusal;
use crate::rooms::Failure;
pub use crate::site::Site;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;
use topochess_protocol::{id_text, parse_id, Created, NewGame, ServerMessage, MAX_MESSAGE_BYTES};
use tower_http::services::ServeDir;
use tower_http::set_header::SetResponseHeaderLayer;

mod account;
mod archive;
mod arenas;
mod bearer;
mod board;
mod challenge;
mod player;
mod pools;
mod streams;
mod tokens;

/// The router: the API, and the site's files from `dist` for everything else.
pub fn router(site: Arc<Site>, dist: &std::path::Path) -> Router {
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
        .route("/api/lobby/events", get(lobby_events))
        .route("/api/qr", get(qr))
        .route("/api/games/{id}", get(read))
        .route("/api/games/{id}/socket", get(socket))
        .route("/api/pools/socket", get(pool_socket))
        .route("/api/player/socket", get(player_socket))
        .route("/api/tournaments", get(arenas::list).post(arenas::create))
        .route("/api/tournaments/{id}", get(arenas::read))
        .route("/api/tournaments/{id}/join", post(arenas::join))
        .route("/api/tournaments/{id}/withdraw", post(arenas::withdraw))
        .route("/api/tournaments/{id}/socket", get(arenas::socket))
        .route("/api/tournament/{id}/join", post(arenas::program_join))
        .route(
            "/api/tournament/{id}/withdraw",
            post(arenas::program_withdraw),
        )
        .route("/api/account", get(account::account))
        .route("/api/account/tokens", get(tokens::list).post(tokens::make))
        .route("/api/account/tokens/{id}/revoke", post(tokens::revoke))
        .route("/api/token", axum::routing::delete(tokens::revoke_own))
        .route("/api/token/test", post(tokens::test))
        .route("/api/account/session", get(account::session_of))
        .route("/api/account/signup", post(account::signup))
        .route("/api/account/login", post(account::login))
        .route("/api/account/logout", post(account::logout))
        .route(
            "/api/account/logout-everywhere",
            post(account::logout_everywhere),
        )
        .route("/api/account/password", post(account::password))
        .route("/api/account/delete", post(account::delete))
        .route("/api/account/claim", post(account::claim))
        .route("/api/user/{name}", get(archive::user))
        .route("/api/user/{name}/rating-history", get(archive::history))
        .route("/api/user/{name}/games", get(archive::games))
        .route("/api/games/user/{name}", get(archive::export))
        .route("/api/leaderboard/{preset}", get(archive::leaderboard))
        .merge(programs())
        .with_state(site)
        // The build writes a brotli and a gzip copy of each file (scripts/precompress.mjs): a
        // browser gets the smaller one it accepts (the wasm's brotli copy is a third of it).
        .fallback_service(ServeDir::new(dist).precompressed_br().precompressed_gzip())
        .layer(secure("x-content-type-options", "nosniff"))
        .layer(secure("content-security-policy", "frame-ancestors 'none'"))
        .layer(secure("x-frame-options", "DENY"))
        .layer(secure("referrer-policy", "strict-origin-when-cross-origin"))
}

/// lichess's API for programs (`docs/api.md`): challenges, the event and game streams, acting
/// in a game, the bot's upgrade, the games being played, a game's export.
fn programs() -> Router<Arc<Site>> {
    let mut router = Router::new()
        .route("/api/challenge", get(challenge::list))
        .route("/api/challenge/open", post(challenge::open))
        .route("/api/challenge/{name}", post(challenge::create))
        .route("/api/challenge/{id}/accept", post(challenge::accept))
        .route("/api/challenge/{id}/decline", post(challenge::decline))
        .route("/api/challenge/{id}/cancel", post(challenge::cancel))
        .route("/api/stream/event", get(streams::events))
        .route("/api/bot/account/upgrade", post(board::upgrade))
        .route("/api/account/playing", get(board::playing))
        .route("/api/users/status", get(board::status))
        .route("/api/bot/online", get(board::online))
        .route("/game/export/{id}", get(board::export));
    for api in ["bot", "board"] {
        router = router
            .route(
                &format!("/api/{api}/game/stream/{{id}}"),
                get(streams::game),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/move/{{uci}}"),
                post(board::play),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/resign"),
                post(board::resign),
            )
            .route(&format!("/api/{api}/game/{{id}}/abort"), post(board::abort))
            .route(
                &format!("/api/{api}/game/{{id}}/draw/{{answer}}"),
                post(board::draw),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/takeback/{{answer}}"),
                post(board::takeback),
            )
            .route(
                &format!("/api/{api}/game/{{id}}/claim-victory"),
                post(board::claim),
            )
            .route(&format!("/api/{api}/game/{{id}}/chat"), post(board::chat));
    }
    router
}

/// A header every answer carries (unless it set its own): no type sniffing, no framing by
/// another site, no address leaked to other sites beyond the origin. The page's own policy, the
/// rest of its Content-Security-Policy, is a `<meta>` that the build writes with the hashes of
/// its inline scripts, so that it holds on any host.
fn secure(name: &'static str, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(
        header::HeaderName::from_static(name),
        HeaderValue::from_static(value),
    )
}

/// `POST /api/dev/clock` (a server started with `--dev --test-clock` only): `{"advance": MS}`
/// moves the server's time forward, at most a day at once; answers `{"ahead": MS}`, how far
/// ahead of the wall clock it now is.
pub fn test_clock() -> Router {
    #[derive(serde::Deserialize)]
    struct Move {
        advance: u64,
    }
    async fn moved(Json(step): Json<Move>) -> Response {
        if step.advance > 24 * 3600 * 1000 {
            return refuse(StatusCode::BAD_REQUEST, "at most a day at once");
        }
        let ahead = crate::time::advance(step.advance);
        Json(serde_json::json!({ "ahead": ahead })).into_response()
    }
    Router::new().route("/api/dev/clock", post(moved))
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

/// The address a request came from: the peer's, or behind a proxy the last address of
/// `X-Forwarded-For` (the one the proxy itself saw; what comes before it, the client wrote).
pub struct Address(pub IpAddr);

impl FromRequestParts<Arc<Site>> for Address {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        let forwarded = site
            .behind_proxy
            .then(|| {
                parts
                    .headers
                    .get_all("x-forwarded-for")
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .flat_map(|v| v.split(','))
                    .next_back()
                    .and_then(|a| a.trim().parse().ok())
            })
            .flatten();
        forwarded
            .or(peer)
            .map(Address)
            .ok_or_else(|| refuse(StatusCode::INTERNAL_SERVER_ERROR, "no client address"))
    }
}

/// The server is up, and how many games, clocks and pages in pools it holds (in memory).
async fn health(State(site): State<Arc<Site>>) -> String {
    format!(
        "ok: {} games open, {} clocks watched, {} pages in pools, {} pages at arenas",
        site.rooms.open_rooms(),
        site.rooms.watched_clocks(),
        site.pools.waiting_here(),
        site.arenas.watching_here()
    )
}

/// The metrics (`GET /metrics`), served apart from the site: on `--metrics-addr`, an address
/// only the operator's scraper reaches. The public port does not serve them.
pub fn metrics_router(site: Arc<Site>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .with_state(site)
}

async fn metrics(State(site): State<Arc<Site>>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        site.metrics.text(site.rooms.open_rooms()),
    )
        .into_response()
}

/// A refusal: `status`, and the sentence as a server's message (`{"t": "error", "message"}`,
/// which the page reads) and as lichess writes an error (`"error"`, which its clients read).
pub(crate) fn refuse(status: StatusCode, why: impl Into<String>) -> Response {
    let why = why.into();
    let mut body = serde_json::to_value(ServerMessage::Error {
        message: why.clone(),
    })
    .expect("a message is JSON");
    body["error"] = serde_json::Value::String(why);
    (status, Json(body)).into_response()
}

/// A handler's answer: its response, or the refusal that is one (a sentence, its status, and
/// `Retry-After` over a limit), so that a check is `?` and the refusal goes out as it is.
pub(crate) type Answer = Result<Response, Response>;

/// The answer to a failure: 400 with the reason, 429 over a limit, or 503 with a sentence when
/// the store failed.
pub(crate) fn failed(failure: Failure) -> Response {
    let (status, retry) = match failure {
        Failure::Refused(_) => (StatusCode::BAD_REQUEST, None),
        Failure::Limited(_, secs) => (StatusCode::TOO_MANY_REQUESTS, Some(secs)),
        Failure::Store(_) => (StatusCode::SERVICE_UNAVAILABLE, None),
    };
    let mut answer = refuse(status, failure.sentence());
    if let Some(secs) = retry {
        answer.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from_str(&secs.to_string()).expect("digits"),
        );
    }
    answer
}

/// Whether `address` may do `what` now; if not, the answer: 429 with `Retry-After` and a
/// sentence.
// A refusal is a whole response, as axum's handlers return it.
#[allow(clippy::result_large_err)]
pub(crate) fn limited(site: &Site, what: Limited, address: IpAddr) -> Result<(), Response> {
    site.limits.check(what, address).map_err(|wait| {
        let (reason, doing) = match what {
            Limited::Create => (Refusal::CreateLimit, "games started"),
            Limited::Lobby => (Refusal::LobbyLimit, "lobby reads"),
            Limited::Api => (Refusal::ApiLimit, "requests"),
            Limited::Qr => (Refusal::QrLimit, "QR codes"),
            Limited::Socket => (Refusal::SocketLimit, "connections"),
            Limited::Login => (Refusal::LoginLimit, "sign-in attempts"),
            Limited::Signup => (Refusal::SignupLimit, "accounts made"),
        };
        site.metrics.refused(reason);
        too_many(doing, wait)
    })
}

pub(crate) fn too_many(doing: &str, wait: Duration) -> Response {
    too_many_said(&format!("Too many {doing} from your address"), wait)
}

/// A 429 that says `what` and when to try again, with `Retry-After`.
pub(crate) fn too_many_said(what: &str, wait: Duration) -> Response {
    let secs = wait.as_secs() + 1;
    let mut answer = refuse(
        StatusCode::TOO_MANY_REQUESTS,
        format!("{what}: try again in {secs} s."),
    );
    answer.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from_str(&secs.to_string()).expect("digits"),
    );
    answer
}

async fn create(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    account::Session(signed): account::Session,
    new: Result<Json<NewGame>, axum::extract::rejection::JsonRejection>,
) -> Answer {
    let account = signed.as_ref().map(|s| s.account.id);
    if let Err(wait) = site.limits.start_game(from, account) {
        site.metrics.refused(Refusal::CreateLimit);
        return Err(too_many("games started", wait));
    }
    let new = account::body(new)?;
    let seeks = site.limits.quotas.seeks_open;
    let creator = signed.as_ref().map(|s| &s.account);
    let (id, side) = site
        .rooms
        .create(&new, from, seeks, creator)
        .await
        .map_err(failed)?;
    let created = Created {
        id: id_text(id),
        side,
    };
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

#[derive(serde::Deserialize)]
struct QrText {
    text: String,
}

/// The QR code of a short text (a game's link), as SVG.
async fn qr(State(site): State<Arc<Site>>, Address(from): Address, q: Query<QrText>) -> Answer {
    limited(&site, Limited::Qr, from)?;
    if q.text.len() > 512 {
        return Err(refuse(StatusCode::BAD_REQUEST, "at most 512 bytes"));
    }
    let code = qrcode::QrCode::new(q.text.as_bytes())
        .map_err(|e| refuse(StatusCode::BAD_REQUEST, e.to_string()))?;
    let svg = code
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response())
}

async fn lobby(State(site): State<Arc<Site>>, Address(from): Address) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let lobby = site.rooms.lobby().await.map_err(failed)?;
    Ok(Json(lobby).into_response())
}

/// The lobby as a stream of server-sent events: the lobby now, then each time it changes (a
/// seek posted, taken or withdrawn, a game started or ended: within a fraction of a second),
/// with a comment every 20 s to keep proxies from closing it. Counted as a connection of its
/// address, and ended when the server shuts down.
async fn lobby_events(State(site): State<Arc<Site>>, Address(from): Address) -> Response {
    use axum::response::sse::{Event, KeepAlive, Sse};
    let counted = match place(&site, from) {
        Ok(counted) => counted,
        Err(answer) => return answer,
    };
    let mut updates = site.rooms.lobby_updates();
    updates.mark_changed();
    let shutdown = site.shutdown.clone();
    // Counted as open until the stream is dropped (the page gone, or the server stopping).
    let counted = (counted, site.metrics.opened(crate::metrics::Live::Lobby));
    let events = futures_util::stream::unfold(
        (updates, shutdown, counted),
        |(mut updates, shutdown, counted)| async move {
            tokio::select! {
                changed = updates.changed() => changed.ok()?,
                () = shutdown.cancelled() => return None,
            }
            let lobby = updates.borrow_and_update().clone();
            let event = Event::default()
                .json_data(&*lobby)
                .map_err(axum::Error::new);
            Some((event, (updates, shutdown, counted)))
        },
    );
    Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response()
}

/// The game an address names, its room opened; or 404.
async fn game_room(
    site: &Site,
    id: &str,
) -> Result<(topochess_protocol::GameId, Arc<crate::room::Room>), Response> {
    let no_game = || refuse(StatusCode::NOT_FOUND, "no such game");
    let id = parse_id(id).ok_or_else(no_game)?;
    let room = site
        .rooms
        .room(id)
        .await
        .map_err(failed)?
        .ok_or_else(no_game)?;
    Ok((id, room))
}

async fn read(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let (id, room) = game_room(&site, &id).await?;
    let answer = Json(room.state(None).await).into_response();
    // Read and let go: a read keeps no room open.
    drop(room);
    site.rooms.release(id);
    Ok(answer)
}

/// What every live connection is opened with (`crate::hub`): its player, known by the
/// session's cookie (from this site's pages only), and its place among its address's live
/// connections, within their limits; or the refusal.
pub(super) async fn opening(
    site: &Site,
    from: IpAddr,
    headers: &axum::http::HeaderMap,
) -> Result<(Option<crate::accounts::Account>, crate::limits::OpenSocket), Response> {
    let signed = account::session(site, headers).await?.map(|s| s.account);
    Ok((signed, place(site, from)?))
}

/// A live connection's place among its address's, within their limits.
// A refusal is a whole response, as axum's handlers return it.
#[allow(clippy::result_large_err)]
fn place(site: &Site, from: IpAddr) -> Result<crate::limits::OpenSocket, Response> {
    limited(site, Limited::Socket, from)?;
    site.limits.open_socket(from).ok_or_else(|| {
        site.metrics.refused(Refusal::SocketsOpen);
        too_many("connections open", Duration::from_secs(9))
    })
}

/// `GET /api/player/socket`: the player's own channel (`crate::hub::player`).
async fn player_socket(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Answer {
    use crate::hub::{connection, player};
    let (signed, counted) = opening(&site, from, &headers).await?;
    Ok(upgrade
        .read_buffer_size(1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |ws| async move {
            let hub = site.hub.clone();
            connection::serve(ws, &site.hub, player::KIND, counted, move |link| {
                player::listen(link, hub, signed)
            })
            .await
        }))
}

async fn socket(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Answer {
    let (signed, counted) = opening(&site, from, &headers).await?;
    let (_, room) = game_room(&site, &id).await?;
    // Small buffers: a game's messages are small, and there are thousands of sockets.
    Ok(upgrade
        .read_buffer_size(8 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |ws| crate::play::play(ws, site, room, counted, signed)))
}

/// A page's socket in the quick-pairing pools (`crate::pools`): counted and limited as a game's.
async fn pool_socket(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Answer {
    let (signed, counted) = opening(&site, from, &headers).await?;
    Ok(upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |ws| pools::serve(ws, site, counted, signed, from)))
}
