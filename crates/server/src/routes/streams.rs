//! The streams lichess's clients read (`docs/api.md`), as newline-delimited JSON with an empty
//! line every few seconds to keep them open: a program's events (`GET /api/stream/event`:
//! challenges made and answered, games started and finished) and a game's (`GET
//! /api/bot/game/stream/{id}`, `/api/board/game/stream/{id}`: the whole game, then its state at
//! each change, the opponent gone and back; closed when the game ends).
//!
//! Each stream counts among its address's live connections, as the lobby's does, and ends when
//! the server stops. The events are read from the store, where every server keeps them: when the
//! player's topic of the hub is told something, and each few seconds whatever it was told, so a
//! notice lost on the way (another server's, a listener reconnecting) is found the next round.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::challenge::{base, written, READING};
use super::player::Player;
use super::{game_room, place, refuse, Address, Answer};
use crate::accounts::Account;
use crate::challenges::CHALLENGE_TTL_MS;
use crate::hub::player::account_key;
use crate::lichess;
use crate::play::{Held, Present};
use crate::rooms::now_ms;
use crate::site::Site;
use crate::store::challenges::{Challenge, Status};
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc;
use topochess_core::Color;
use topochess_protocol::GameId;

/// How often a stream sends an empty line (lichess's clients take a stream silent for longer
/// than about 7 s as lost), and the event stream reads the store again.
pub const KEEP_ALIVE: Duration = Duration::from_secs(4);
/// Lines a stream holds for a slow reader before it waits.
const HELD: usize = 64;

/// A response of the lines sent on `lines`, until it closes.
fn ndjson(lines: mpsc::Receiver<String>) -> Response {
    let stream = futures_util::stream::unfold(lines, |mut lines| async move {
        let line = lines.recv().await?;
        Some((Ok::<_, std::convert::Infallible>(Bytes::from(line)), lines))
    });
    (
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response()
}

/// A JSON line.
fn line(value: &Value) -> String {
    let mut text = value.to_string();
    text.push('\n');
    text
}

/// `GET /api/stream/event`: the player's events, from the challenges waiting and the games
/// being played when it opens.
pub async fn events(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    player: Player,
    headers: HeaderMap,
) -> Answer {
    player.may(READING)?;
    let counted = place(&site, from)?;
    let (send, lines) = mpsc::channel(HELD);
    let base = base(&headers);
    tokio::spawn(async move {
        let _counted = counted;
        let _live = site.metrics.opened(crate::metrics::Live::Player);
        let _present = site.arenas.program_present(player.account.id);
        event_feed(&site, &player.account, &base, &send).await;
    });
    Ok(ndjson(lines))
}

/// What the event stream has told: the challenges waiting and the games being played.
#[derive(Default)]
struct Told {
    challenges: HashMap<GameId, Challenge>,
    games: HashSet<GameId>,
}

/// Sends the player's events on `send` until it closes or the server stops.
async fn event_feed(site: &Arc<Site>, account: &Account, base: &str, send: &mpsc::Sender<String>) {
    let mut listening = site.hub.listen(vec![account_key(account.id)]);
    let shutdown = site.shutdown.clone();
    let mut told = Told::default();
    let mut tick = tokio::time::interval(KEEP_ALIVE);
    loop {
        // A store that fails is logged; the stream tries again the next round.
        let news = news(site, account, base, &mut told)
            .await
            .unwrap_or_default();
        for event in news {
            if send.send(line(&event)).await.is_err() {
                return;
            }
        }
        tokio::select! {
            _ = listening.news.recv() => {}
            _ = tick.tick() => {
                if send.send("\n".into()).await.is_err() {
                    return;
                }
            }
            () = shutdown.cancelled() => return,
            () = send.closed() => return,
        }
    }
}

/// The events since `told`, read from the store (and `told` brought up to them).
async fn news(
    site: &Arc<Site>,
    account: &Account,
    base: &str,
    told: &mut Told,
) -> Result<Vec<Value>, Response> {
    let mut events = Vec::new();
    let since = now_ms().saturating_sub(CHALLENGE_TTL_MS);
    let open = site.store.challenges_open(account.id, since).await;
    let open = site
        .stored("read challenges", open)
        .map_err(super::failed)?;
    let open_ids: HashSet<GameId> = open.iter().map(|c| c.id).collect();
    for c in open {
        if told.challenges.contains_key(&c.id) {
            continue;
        }
        let direction = if c.challenger == account.id {
            "out"
        } else {
            "in"
        };
        let json = written(site, &c, Some(direction), base).await?;
        events.push(json!({"type": "challenge", "challenge": json}));
        told.challenges.insert(c.id, c);
    }
    let gone: Vec<GameId> = told
        .challenges
        .keys()
        .filter(|id| !open_ids.contains(id))
        .copied()
        .collect();
    for id in gone {
        let c = told.challenges.remove(&id).expect("told");
        let now = site.store.challenge(id).await;
        let Some(now) = site
            .stored("read a challenge", now)
            .map_err(super::failed)?
        else {
            continue;
        };
        let kind = match now.status {
            Status::Declined => "challengeDeclined",
            Status::Canceled => "challengeCanceled",
            _ => continue,
        };
        let direction = if c.challenger == account.id {
            "out"
        } else {
            "in"
        };
        let json = written(site, &now, Some(direction), base).await?;
        events.push(json!({"type": kind, "challenge": json}));
    }
    let playing = site.store.playing(account.id).await;
    let playing: HashSet<GameId> = site
        .stored("read the games being played", playing)
        .map_err(super::failed)?
        .into_iter()
        .collect();
    let mut started: Vec<GameId> = playing.difference(&told.games).copied().collect();
    let mut finished: Vec<GameId> = told.games.difference(&playing).copied().collect();
    started.sort_unstable();
    finished.sort_unstable();
    for (ids, kind) in [(finished, "gameFinish"), (started, "gameStart")] {
        for id in ids {
            if let Some(game) = event_game(site, id, account).await? {
                events.push(json!({"type": kind, "game": game}));
            }
        }
    }
    told.games = playing;
    Ok(events)
}

/// `account`'s side at the game in `room`; `404` if it does not play it.
pub(super) async fn your_side(
    room: &crate::room::Room,
    account: &Account,
) -> Result<Color, Response> {
    let side = room.game.lock().await.side_of_player("", Some(account.id));
    side.ok_or_else(|| refuse(StatusCode::NOT_FOUND, "This is not your game."))
}

/// Game `id` as a `gameStart` or `gameFinish` tells it to `account`; none if it is not theirs.
pub(super) async fn event_game(
    site: &Arc<Site>,
    id: GameId,
    account: &Account,
) -> Result<Option<Value>, Response> {
    let Some(room) = site.rooms.room(id).await.map_err(super::failed)? else {
        return Ok(None);
    };
    let _held = Held(site.clone(), id);
    let (record, fen, side) = {
        let game = room.game.lock().await;
        let side = game.side_of_player("", Some(account.id));
        (game.record().clone(), game.fen(), side)
    };
    let Some(side) = side else {
        return Ok(None);
    };
    let state = room.state(Some(side)).await;
    Ok(Some(lichess::event_game(&record, &state, side, &fen)))
}

/// `GET /api/bot/game/stream/{id}` and `GET /api/board/game/stream/{id}`: a game of the
/// player's, as it goes.
pub async fn game(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    player.may(&["bot:play", "board:play"])?;
    let counted = place(&site, from)?;
    let (id, room) = game_room(&site, &id).await?;
    let held = Held(site.clone(), id);
    let side = your_side(&room, &player.account).await?;
    let (send, lines) = mpsc::channel(HELD);
    tokio::spawn(async move {
        let _held = held;
        let _counted = counted;
        let _live = site.metrics.opened(crate::metrics::Live::Game);
        // The program is at the game while its stream is open, as a page would be.
        room.arrive(side);
        let _present = Present(room.clone(), Some(side));
        game_feed(&site, &room, side, &send).await;
    });
    Ok(ndjson(lines))
}

/// Sends the game in `room` as `side` sees it on `send`, until it ends, `send` closes or the
/// server stops.
async fn game_feed(
    site: &Site,
    room: &Arc<crate::room::Room>,
    side: Color,
    send: &mpsc::Sender<String>,
) {
    let mut changes = room.listen();
    let mut chat = room.chat.subscribe();
    let created = room.game.lock().await.record().created;
    let mut state = room.state(Some(side)).await;
    if send
        .send(line(&lichess::game_full(&state, created)))
        .await
        .is_err()
    {
        return;
    }
    let shutdown = site.shutdown.clone();
    let mut tick = tokio::time::interval(KEEP_ALIVE);
    let mut told_v = state.v;
    let mut told_gone = false;
    while state.outcome.is_none() && !state.aborted {
        tokio::select! {
            changed = changes.recv() => {
                if let Err(tokio::sync::broadcast::error::RecvError::Closed) = changed {
                    return;
                }
            }
            _ = tick.tick() => {
                if send.send("\n".into()).await.is_err() {
                    return;
                }
            }
            said = chat.recv() => {
                if let Ok(line) = said {
                    let event = json!({
                        "type": "chatLine", "room": "player", "username": line.0, "text": line.1,
                    });
                    if send.send(self::line(&event)).await.is_err() {
                        return;
                    }
                }
                continue;
            }
            () = shutdown.cancelled() => return,
            () = send.closed() => return,
        }
        state = room.state(Some(side)).await;
        let mut lines = Vec::new();
        if state.v != told_v {
            told_v = state.v;
            lines.push(lichess::game_state(&state));
        }
        let gone = state.gone_ms[(!side).index()];
        if gone.is_some() != told_gone {
            told_gone = gone.is_some();
            let left = topochess_protocol::CLAIM_AFTER_MS.saturating_sub(gone.unwrap_or(0));
            let mut event = json!({"type": "opponentGone", "gone": told_gone});
            if told_gone {
                event["claimWinInSeconds"] = json!(left.div_ceil(1000));
            }
            lines.push(event);
        }
        for l in lines {
            if send.send(line(&l)).await.is_err() {
                return;
            }
        }
    }
}
