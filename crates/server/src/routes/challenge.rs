//! Challenges over lichess's API (`crate::challenges`, `docs/api.md`): made, listed, accepted,
//! declined and withdrawn by a program signed in with a token. A request's body is read as
//! lichess reads it: a form, or JSON whose keys may be dotted (`"clock.limit"`).
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::player::Player;
use super::{failed, refuse, too_many, Address, Answer};
use crate::challenges::{self, Ask, CHALLENGE_TTL_MS};
use crate::rooms::now_ms;
use crate::site::Site;
use crate::store::challenges::Challenge;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::Arc;
use topochess_protocol::{parse_id, GameId, Side};

/// The most bytes of a request's body read here.
const MOST_BODY: usize = 4096;

/// The scopes that let a program make and answer challenges.
pub(super) const CHALLENGING: &[&str] = &["challenge:write", "bot:play", "board:play"];
/// The scopes that let a program read its challenges and its games.
pub(super) const READING: &[&str] = &["challenge:read", "bot:play", "board:play"];

/// A request's fields, from a form or from JSON (dotted keys as they are, nested objects'
/// keys joined with dots), each as text.
pub(super) fn fields(
    headers: &HeaderMap,
    body: &Bytes,
) -> Result<HashMap<String, String>, Response> {
    if body.len() > MOST_BODY {
        return Err(refuse(StatusCode::PAYLOAD_TOO_LARGE, "At most 4 KB."));
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    let mut out = HashMap::new();
    if json && !body.is_empty() {
        let value: Value = serde_json::from_slice(body)
            .map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("Not JSON: {e}.")))?;
        flatten("", &value, &mut out);
    } else {
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
            .map_err(|e| refuse(StatusCode::BAD_REQUEST, format!("Not a form: {e}.")))?;
        out.extend(pairs);
    }
    Ok(out)
}

/// `value`'s fields under `prefix`, as text (a JSON `null` is no field).
fn flatten(prefix: &str, value: &Value, out: &mut HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        Value::Null => {}
        Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(prefix.to_string(), other.to_string());
        }
    }
}

/// What a challenge's fields ask: `variant` (a preset's id; lichess's `standard` by default),
/// `clock.limit` and `clock.increment` (s), or `days` (no clock), `color`, `rated`.
fn ask_of(f: &HashMap<String, String>) -> Result<Ask, String> {
    let number = |key: &str| -> Result<Option<u32>, String> {
        f.get(key)
            .map(|v| {
                v.parse::<u32>()
                    .map_err(|_| format!("{key}: a whole number"))
            })
            .transpose()
    };
    let clock = match (number("clock.limit")?, number("clock.increment")?) {
        (Some(limit), increment) => Some((limit, increment.unwrap_or(0))),
        (None, Some(_)) => return Err("clock.increment without clock.limit".into()),
        (None, None) => None,
    };
    let color = match f.get("color").map(String::as_str) {
        None | Some("random") => Side::Random,
        Some("white") => Side::White,
        Some("black") => Side::Black,
        Some(other) => return Err(format!("color {other:?}: white, black or random")),
    };
    if f.contains_key("fen") {
        return Err("fen: a game here starts from its preset's own position".into());
    }
    let rated = match f.get("rated").map(String::as_str) {
        None | Some("false") => false,
        Some("true") => true,
        Some(other) => return Err(format!("rated {other:?}: true or false")),
    };
    Ok(Ask {
        variant: f
            .get("variant")
            .cloned()
            .unwrap_or_else(|| "standard".into()),
        clock,
        color,
        rated,
    })
}

/// The site's own address, as a challenge's `url` gives it.
pub(super) fn base(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.bytes().all(|b| b.is_ascii_graphic()))
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// A challenge as lichess writes it, its players' ratings read at its preset.
pub(super) async fn written(
    site: &Site,
    c: &Challenge,
    direction: Option<&str>,
    base: &str,
) -> Result<Value, Response> {
    let mut tags = Vec::new();
    for name in std::iter::once(&c.terms.challenger_name).chain(c.terms.dest_name.as_ref()) {
        let found = site.store.account(name).await;
        let tag = match site.stored("read an account", found).map_err(failed)? {
            Some(a) => Some(
                site.rooms
                    .player(&a, &c.terms.variant)
                    .await
                    .map_err(failed)?
                    .tag,
            ),
            None => None,
        };
        tags.push(tag);
    }
    let tag = |i: usize| tags.get(i).and_then(Option::as_ref);
    Ok(crate::lichess::challenge(
        c,
        [tag(0), tag(1)],
        direction,
        base,
    ))
}

/// `POST /api/challenge/{username}`: challenges the player named; answers the challenge.
pub async fn create(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    player.may(CHALLENGING)?;
    let ask = ask_of(&fields(&headers, &body)?).map_err(|e| refuse(StatusCode::BAD_REQUEST, e))?;
    let found = site.store.account(&name).await;
    let Some(dest) = site.stored("read an account", found).map_err(failed)? else {
        return Err(refuse(
            StatusCode::NOT_FOUND,
            format!("No player {name:?}."),
        ));
    };
    let made = challenges::make(&site.rooms, &player.account, &dest, ask).await;
    let c = made.map_err(failed)?;
    let json = written(&site, &c, Some("out"), &base(&headers)).await?;
    Ok(Json(json).into_response())
}

/// `POST /api/challenge/open`: an open challenge, as lichess's: a game for the first two at its
/// link (each side's link seats its side), or for the two accounts `users` names (White's
/// first). Anyone may make one, within the games an address may start; a token must be good.
pub async fn open(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    player: Option<Player>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    if let Some(p) = &player {
        p.may(CHALLENGING)?;
    }
    if let Err(wait) = site
        .limits
        .start_game(from, player.as_ref().map(|p| p.account.id))
    {
        site.metrics.refused(crate::metrics::Refusal::CreateLimit);
        return Err(too_many("games started", wait));
    }
    let f = fields(&headers, &body)?;
    let ask = ask_of(&f).map_err(|e| refuse(StatusCode::BAD_REQUEST, e))?;
    let users = match f.get("users") {
        Some(list) => Some(two_players(&site, list).await?),
        None => None,
    };
    let game = challenges::open(&site.rooms, ask, users).await;
    let record = game.map_err(failed)?;
    let json = crate::lichess::open_challenge(&record, &base(&headers));
    Ok(Json(json).into_response())
}

/// The two accounts of an open challenge's `users` (`Name1,Name2`), or the answer why not.
async fn two_players(site: &Site, list: &str) -> Result<[crate::accounts::Account; 2], Response> {
    let names: Vec<&str> = list.split(',').map(str::trim).collect();
    let [white, black] = names[..] else {
        return Err(refuse(
            StatusCode::BAD_REQUEST,
            "users: two names, separated by a comma.",
        ));
    };
    let mut found = Vec::new();
    for name in [white, black] {
        let read = site.store.account(name).await;
        match site.stored("read an account", read).map_err(failed)? {
            Some(a) => found.push(a),
            None => {
                return Err(refuse(
                    StatusCode::NOT_FOUND,
                    format!("No player {name:?}."),
                ))
            }
        }
    }
    let [w, b]: [_; 2] = found.try_into().expect("two names, two accounts");
    Ok([w, b])
}

/// `GET /api/challenge`: the challenges waiting that the player sent (`out`) and was sent
/// (`in`).
pub async fn list(State(site): State<Arc<Site>>, player: Player, headers: HeaderMap) -> Answer {
    player.may(READING)?;
    let me = player.account.id;
    let open = site
        .store
        .challenges_open(me, now_ms() - CHALLENGE_TTL_MS)
        .await;
    let open = site.stored("read challenges", open).map_err(failed)?;
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    for c in &open {
        let out = c.challenger == me;
        let direction = if out { "out" } else { "in" };
        let json = written(&site, c, Some(direction), &base(&headers)).await?;
        if out {
            outs.push(json);
        } else {
            ins.push(json);
        }
    }
    Ok(Json(json!({"in": ins, "out": outs})).into_response())
}

/// The challenge an address names, or 404.
fn challenge_id(id: &str) -> Result<GameId, Response> {
    parse_id(id).ok_or_else(|| refuse(StatusCode::NOT_FOUND, "No such challenge."))
}

/// `{"ok": true}`, the answer lichess gives to an action.
pub(super) fn ok() -> Response {
    Json(json!({"ok": true})).into_response()
}

/// `POST /api/challenge/{id}/accept`.
pub async fn accept(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    player.may(CHALLENGING)?;
    let id = challenge_id(&id)?;
    challenges::accept(&site.rooms, id, &player.account)
        .await
        .map_err(failed)?;
    Ok(ok())
}

/// `POST /api/challenge/{id}/decline`, with a `reason` (lichess's keys; `generic` else).
pub async fn decline(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Answer {
    player.may(CHALLENGING)?;
    let id = challenge_id(&id)?;
    let f = fields(&headers, &body)?;
    let reason = crate::lichess::decline_key(f.get("reason").map(String::as_str));
    challenges::decline(&site.rooms, id, &player.account, reason)
        .await
        .map_err(failed)?;
    Ok(ok())
}

/// `POST /api/challenge/{id}/cancel`.
pub async fn cancel(
    State(site): State<Arc<Site>>,
    player: Player,
    Path(id): Path<String>,
) -> Answer {
    player.may(CHALLENGING)?;
    let id = challenge_id(&id)?;
    challenges::cancel(&site.rooms, id, &player.account)
        .await
        .map_err(failed)?;
    Ok(ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(text: &str) -> HashMap<String, String> {
        fields(&HeaderMap::new(), &Bytes::from(text.to_string())).unwrap()
    }

    fn json_body(text: &str) -> HashMap<String, String> {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
        fields(&headers, &Bytes::from(text.to_string())).unwrap()
    }

    #[test]
    fn a_challenge_is_read_from_a_form_and_from_dotted_or_nested_json() {
        let want = Ask {
            variant: "folded".into(),
            clock: Some((180, 2)),
            color: Side::White,
            rated: true,
        };
        let from_form =
            form("rated=true&clock.limit=180&clock.increment=2&color=white&variant=folded");
        assert_eq!(ask_of(&from_form).unwrap(), want);
        let dotted = json_body(
            r#"{"rated":true,"clock.limit":180,"clock.increment":2,"days":null,"color":"white","variant":"folded","fen":null}"#,
        );
        assert_eq!(ask_of(&dotted).unwrap(), want);
        let nested = json_body(
            r#"{"rated":true,"clock":{"limit":180,"increment":2},"color":"white","variant":"folded"}"#,
        );
        assert_eq!(ask_of(&nested).unwrap(), want);
        // Nothing said: lichess's defaults, standard chess, casual, a random colour, no clock.
        let bare = ask_of(&form("")).unwrap();
        assert_eq!(
            (bare.variant.as_str(), bare.clock, bare.rated),
            ("standard", None, false)
        );
        assert!(ask_of(&form("clock.limit=abc")).is_err());
        assert!(ask_of(&form("color=green")).is_err());
    }
}
