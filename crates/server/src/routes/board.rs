//! A program acting in its game over lichess's Bot and Board API (`docs/api.md`): a move (with a
//! draw offered), resigning, aborting, answering a draw or a take-back, claiming the win when
//! the opponent is gone; each refereed as a page's message is (`crate::rooms::Rooms::act`),
//! answered `{"ok": true}`. Also the bot's upgrade, the games being played, and a game's export.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::challenge::{ok, READING};
use super::player::Player;
use super::{failed, game_room, limited, refuse, Address, Answer};
use crate::limits::Limited;
use crate::play::Held;
use crate::site::Site;
use crate::store::ArchiveQuery;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::json;
use std::sync::Arc;
use topochess_protocol::ClientMessage;

/// The scopes that let a program play.
const PLAYING: &[&str] = &["bot:play", "board:play"];

/// Does `message` in game `id` as the token's account.
async fn act(site: &Arc<Site>, player: &Player, id: &str, message: ClientMessage) -> Answer {
    player.may(PLAYING)?;
    let (id, room) = game_room(site, id).await?;
    let _held = Held(site.clone(), id);
    let side = super::streams::your_side(&room, &player.account).await?;
    let message = match message {
        ClientMessage::Move { uci, .. } => {
            let ply = room.game.lock().await.record().moves.len();
            ClientMessage::Move { uci, ply }
        }
        other => other,
    };
    site.rooms
        .act(&room, side, &message)
        .await
        .map_err(failed)?;
    Ok(ok())
}

/// A move's query: lichess's `offeringDraw`.
#[derive(serde::Deserialize)]
pub struct Offering {
    #[serde(default, rename = "offeringDraw")]
    offering_draw: Option<bool>,
}

/// `POST /api/{bot,board}/game/{id}/move/{uci}`: the move, and a draw offered with it when
/// asked.
pub async fn play(
    State(site): State<Arc<Site>>,
    player: Player,
    Path((id, uci)): Path<(String, String)>,
    Query(offering): Query<Offering>,
) -> Answer {
    if uci.len() > 12 || !uci.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "A move in coordinates: e2e4, e7e8q.",
        ));
    }
    let moved = act(&site, &player, &id, ClientMessage::Move { uci, ply: 0 }).await?;
    if offering.offering_draw == Some(true) {
        // The offer after the move is the player's own; refused, the move stands.
        let _ = act(&site, &player, &id, ClientMessage::Draw).await;
    }
    Ok(moved)
}

/// `POST /api/{bot,board}/game/{id}/resign`.
pub async fn resign(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    act(&site, &player, &id, ClientMessage::Resign).await
}

/// `POST /api/{bot,board}/game/{id}/abort`.
pub async fn abort(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    act(&site, &player, &id, ClientMessage::Abort).await
}

/// `POST /api/board/game/{id}/claim-victory`.
pub async fn claim(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    act(&site, &player, &id, ClientMessage::ClaimVictory).await
}

/// `yes` or `no` (lichess also reads `true` and `false`).
fn yes(answer: &str) -> Result<bool, axum::response::Response> {
    match answer {
        "yes" | "true" => Ok(true),
        "no" | "false" => Ok(false),
        _ => Err(refuse(StatusCode::BAD_REQUEST, "yes or no")),
    }
}

/// `POST /api/{bot,board}/game/{id}/draw/{yes|no}`: offers or accepts a draw, or declines it.
pub async fn draw(
    State(site): State<Arc<Site>>,
    player: Player,
    Path((id, answer)): Path<(String, String)>,
) -> Answer {
    let message = if yes(&answer)? {
        ClientMessage::Draw
    } else {
        ClientMessage::Decline
    };
    act(&site, &player, &id, message).await
}

/// `POST /api/{bot,board}/game/{id}/takeback/{yes|no}`: asks for or accepts a take-back, or
/// declines it.
pub async fn takeback(
    State(site): State<Arc<Site>>,
    player: Player,
    Path((id, answer)): Path<(String, String)>,
) -> Answer {
    let message = if yes(&answer)? {
        ClientMessage::Takeback
    } else {
        ClientMessage::DeclineTakeback
    };
    act(&site, &player, &id, message).await
}

/// `POST /api/{bot,board}/game/{id}/chat` with `room` (`player` or `spectator`) and `text`: the
/// line told on the game's streams as a `chatLine` (the player's own room; a spectators' line
/// is taken and told to nobody, as this site has no spectators' chat). At most 140 characters
/// a line, and the address's limit of reads.
pub async fn chat(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    player: Player,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Answer {
    player.may(PLAYING)?;
    limited(&site, Limited::Lobby, from)?;
    let f = super::challenge::fields(&headers, &body)?;
    let text = f.get("text").map(|t| t.trim()).unwrap_or_default();
    if let Some(why) = topochess_protocol::chat_fault(text) {
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let (id, room) = game_room(&site, &id).await?;
    let _held = Held(site.clone(), id);
    super::streams::your_side(&room, &player.account).await?;
    if f.get("room").map(String::as_str) != Some("spectator") {
        let name = player.account.name.clone();
        site.rooms.say(&room, name, text.to_string()).await;
    }
    Ok(ok())
}

/// `GET /api/users/status?ids=a,b`: each account named that exists, `online` while a page's
/// channel or a program's event stream of it is open on any server, `title` for a bot.
pub async fn status(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Query(asked): Query<std::collections::HashMap<String, String>>,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let names = asked.get("ids").map(String::as_str).unwrap_or_default();
    let mut accounts = Vec::new();
    for name in names
        .split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .take(100)
    {
        let read = site.store.account(name).await;
        if let Some(a) = site.stored("read an account", read).map_err(failed)? {
            accounts.push(a);
        }
    }
    let ids: Vec<u64> = accounts.iter().map(|a| a.id).collect();
    let online = site.rooms.online(&ids).await.map_err(failed)?;
    let found: Vec<serde_json::Value> = accounts
        .iter()
        .map(|a| {
            let on = online.contains(&a.id);
            let mut user = json!({"id": a.name.to_lowercase(), "name": a.name, "online": on});
            if a.bot {
                user["title"] = json!(crate::accounts::BOT);
            }
            user
        })
        .collect();
    Ok(Json(found).into_response())
}

/// `GET /api/bot/online?nb=N`: the bots online (an event stream or a page of theirs open on
/// any server), as NDJSON, a line each (`id`, `username`, `title`), at most `nb` (50 if
/// unsaid, 300 at most).
pub async fn online(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Query(asked): Query<std::collections::HashMap<String, String>>,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let most = asked
        .get("nb")
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(50)
        .min(300);
    let bots = site.store.bots(10_000).await;
    let bots = site.stored("read the bots", bots).map_err(failed)?;
    let ids: Vec<u64> = bots.iter().map(|b| b.id).collect();
    let online = site.rooms.online(&ids).await.map_err(failed)?;
    let lines: String = bots
        .iter()
        .filter(|b| online.contains(&b.id))
        .take(most)
        .map(|b| {
            let user = json!({
                "id": b.name.to_lowercase(), "username": b.name, "title": crate::accounts::BOT,
            });
            format!("{user}\n")
        })
        .collect();
    Ok(([(header::CONTENT_TYPE, "application/x-ndjson")], lines).into_response())
}

/// `POST /api/bot/account/upgrade`: the account becomes a bot, for good; refused to an account
/// that has played a game (finished or going on), as lichess refuses it.
pub async fn upgrade(State(site): State<Arc<Site>>, player: Player) -> Answer {
    player.may(&["bot:play"])?;
    let account = &player.account;
    if account.bot {
        return Ok(ok());
    }
    let query = ArchiveQuery {
        account: account.id,
        limit: 1,
        ..ArchiveQuery::default()
    };
    let played = site.store.archive(&query).await;
    let played = site.stored("read the games", played).map_err(failed)?;
    let playing = site.store.playing(account.id).await;
    let playing = site.stored("read the games", playing).map_err(failed)?;
    if !played.is_empty() || !playing.is_empty() {
        let why = "This account has played games: only a new account can become a bot.";
        return Err(refuse(StatusCode::BAD_REQUEST, why));
    }
    let made = site.store.make_bot(account.id).await;
    site.stored("make a bot", made).map_err(failed)?;
    Ok(ok())
}

/// `GET /api/account/playing`: the games the player is playing, as the event stream's
/// `gameStart` tells each.
pub async fn playing(State(site): State<Arc<Site>>, player: Player) -> Answer {
    player.may(READING)?;
    let ids = site.store.playing(player.account.id).await;
    let ids = site.stored("read the games", ids).map_err(failed)?;
    let mut games = Vec::new();
    for id in ids {
        games.extend(super::streams::event_game(&site, id, &player.account).await?);
    }
    Ok(Json(json!({"nowPlaying": games})).into_response())
}

/// `GET /game/export/{id}`: the game as PGN, or as JSON to `Accept: application/json`.
pub async fn export(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    let (id, room) = game_room(&site, &id).await?;
    let _held = Held(site.clone(), id);
    let record = room.game.lock().await.record().clone();
    let wants_json = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"));
    if wants_json {
        let state = room.state(None).await;
        let players = |i: usize| {
            json!({
                "user": state.players[i].as_ref().map(crate::lichess::player),
                "rating": state.players[i].as_ref().and_then(|p| p.rating),
            })
        };
        let mut game = json!({
            "id": state.id,
            "rated": state.rated,
            "variant": crate::lichess::variant(&state.variant),
            "speed": crate::lichess::speed(state.clock),
            "perf": crate::lichess::perf(&state.variant, state.clock),
            "createdAt": record.created,
            "status": crate::lichess::status(state.outcome, state.aborted),
            "players": {"white": players(0), "black": players(1)},
            "moves": state.moves.join(" "),
        });
        if let Some(w) = state
            .outcome
            .and_then(topochess_core::game::Outcome::winner)
        {
            game["winner"] = json!(crate::lichess::color(w));
        }
        if let Some((initial, increment)) = state.clock {
            game["clock"] = json!({"initial": initial, "increment": increment});
        }
        return Ok(Json(game).into_response());
    }
    let host = super::challenge::base(&headers);
    let pgn = super::archive::pgn(&record, &host).map_err(|e| {
        tracing::error!(error = %e, "a kept game does not write as PGN");
        refuse(
            StatusCode::INTERNAL_SERVER_ERROR,
            "This game cannot be written as PGN.",
        )
    })?;
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        pgn,
    )
        .into_response())
}
