//! The arena tournaments' endpoints (`crate::arenas`, `docs/api.md`): the list, one arena in
//! full, making one, joining and withdrawing, and an arena's socket, which sends its standings
//! whenever they change and, while open, keeps a signed-in player present to be paired.
// An answer refused early is a whole response, as axum's handlers return it.
#![allow(clippy::result_large_err)]

use super::account::{body, SignedIn};
use super::{failed, limited, refuse, Address, Answer};
use crate::hub::connection::{self, Kind, Link, POLICY};
use crate::limits::Limited;
use crate::metrics::Live;
use crate::rooms::now_ms;
use crate::site::Site;
use axum::extract::rejection::JsonRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::net::IpAddr;
use std::sync::Arc;
use topochess_protocol::arena::{ArenaNews, JoinArena, NewArena};
use topochess_protocol::{id_text, parse_id, MAX_MESSAGE_BYTES};

/// The arena an address names, or a 404.
fn arena_id(id: &str) -> Result<u64, Response> {
    parse_id(id).ok_or_else(|| refuse(StatusCode::NOT_FOUND, "there is no such tournament"))
}

/// `GET /api/tournaments`: the arenas being played, starting soon and just finished.
pub async fn list(State(site): State<Arc<Site>>, Address(from): Address) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let list = site.arenas.list(now_ms()).await.map_err(failed)?;
    Ok(Json(list).into_response())
}

/// `GET /api/tournaments/{id}`: an arena in full.
pub async fn read(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let id = arena_id(&id)?;
    match site.arenas.view(id, now_ms()).await {
        Ok(view) => Ok(Json(view).into_response()),
        Err(crate::rooms::Failure::Refused(why)) => Err(refuse(StatusCode::NOT_FOUND, why)),
        Err(failure) => Err(failed(failure)),
    }
}

/// `POST /api/tournaments`: a signed-in player makes an arena; 201 with its id.
pub async fn create(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    SignedIn(signed): SignedIn,
    read: Result<Json<NewArena>, JsonRejection>,
) -> Answer {
    limited(&site, Limited::Create, from)?;
    let new = body(read)?;
    let id = site
        .arenas
        .create(&new, &signed.account, now_ms())
        .await
        .map_err(failed)?;
    let made = serde_json::json!({ "id": id_text(id) });
    Ok((StatusCode::CREATED, Json(made)).into_response())
}

/// What joining and withdrawing share: the signed-in player, within the address's limits, and
/// the arena.
fn acting(site: &Site, from: IpAddr, id: &str) -> Result<u64, Response> {
    limited(site, Limited::Lobby, from)?;
    arena_id(id)
}

/// `POST /api/tournaments/{id}/join`: the signed-in player joins (with the code, if private),
/// or comes back from a pause.
pub async fn join(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
    SignedIn(signed): SignedIn,
    read: Result<Json<JoinArena>, JsonRejection>,
) -> Answer {
    let id = acting(&site, from, &id)?;
    // No body is no code.
    let code = read.map(|Json(j)| j.code).unwrap_or_default();
    site.arenas
        .join(id, &signed.account, code.as_deref(), now_ms())
        .await
        .map_err(failed)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/tournaments/{id}/withdraw`: the signed-in player leaves before the start, or
/// pauses once it has begun.
pub async fn withdraw(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
    SignedIn(signed): SignedIn,
) -> Answer {
    let id = acting(&site, from, &id)?;
    site.arenas
        .withdraw(id, &signed.account, now_ms())
        .await
        .map_err(failed)?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The scope that lets a program join and leave arenas.
const TOURNAMENTS: &[&str] = &["tournament:write"];

/// `POST /api/tournament/{id}/join` (lichess's address; a token's `tournament:write`): the
/// account joins (`password`: a private arena's code), or comes back from a pause;
/// `{"ok": true}`. A bot joins an arena that takes bots. It is paired while its event stream is
/// open, or for a minute after a join with `pairMeAsap=true`.
pub async fn program_join(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    player: super::player::Player,
    query: axum::extract::RawQuery,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Answer {
    player.may(TOURNAMENTS)?;
    let id = arena_id(&id)?;
    // lichess's fields come in the query (as berserk sends them) or in the body.
    let mut f = super::challenge::fields(&headers, &body)?;
    let asked: Vec<(String, String)> =
        serde_urlencoded::from_str(query.0.as_deref().unwrap_or_default())
            .map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("Not a query: {e}.")))?;
    f.extend(asked);
    let code = f.get("password").map(String::as_str);
    let now = now_ms();
    let arenas = &site.arenas;
    arenas
        .join(id, &player.account, code, now)
        .await
        .map_err(failed)?;
    if f.get("pairMeAsap").is_some_and(|v| v == "true") {
        arenas
            .pair_soon(id, player.account.id, now)
            .await
            .map_err(failed)?;
    }
    Ok(super::challenge::ok())
}

/// `POST /api/tournament/{id}/withdraw` (lichess's address; `tournament:write`): as a page's
/// withdrawal; `{"ok": true}`.
pub async fn program_withdraw(
    State(site): State<Arc<Site>>,
    Path(id): Path<String>,
    player: super::player::Player,
) -> Answer {
    player.may(TOURNAMENTS)?;
    let id = arena_id(&id)?;
    site.arenas
        .withdraw(id, &player.account, now_ms())
        .await
        .map_err(failed)?;
    Ok(super::challenge::ok())
}

/// An arena's socket as the hub serves it: it only listens, so any message closes it.
pub const KIND: Kind = Kind {
    live: Live::Arena,
    farewell: None,
    refusal: None,
    budget: (4.0, 1.0),
};

/// `GET /api/tournaments/{id}/socket`: the arena's standings now and whenever they change.
pub async fn socket(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Answer {
    let (signed, counted) = super::opening(&site, from, &headers).await?;
    let id = arena_id(&id)?;
    let watching = match site.arenas.watch(id, signed.map(|a| a.id)).await {
        Ok(watching) => watching,
        Err(crate::rooms::Failure::Refused(why)) => return Err(refuse(StatusCode::NOT_FOUND, why)),
        Err(failure) => return Err(failed(failure)),
    };
    Ok(upgrade
        .read_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |ws| async move {
            let page = watching.page;
            let served = site.clone();
            connection::serve(ws, &site.hub, KIND, counted, move |link| async move {
                watched(link, &served, watching).await
            })
            .await;
            site.arenas.unwatch(id, page).await;
        }))
}

fn text(news: &ArenaNews) -> String {
    serde_json::to_string(news).expect("news is JSON")
}

/// Sends the page its arena's news until it closes.
async fn watched(mut link: Link, site: &Site, mut watching: crate::arenas::Watching) {
    loop {
        tokio::select! {
            news = watching.news.recv() => {
                let Some(news) = news else { return };
                if !link.say(text(&news)).await {
                    return;
                }
            }
            heard = link.hear() => {
                if heard.is_none() {
                    return;
                }
                site.metrics.refused(crate::metrics::Refusal::BadMessage);
                return link.close(POLICY, "an arena's socket only listens").await;
            }
        }
    }
}
