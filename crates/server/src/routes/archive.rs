//! The players' public pages' endpoints: a player's ratings and their history, their finished
//! games as JSON pages or as one PGN (streamed), and each preset's leaderboard.
// An error here is the answer itself, sent as it is: a large `Err` is not copied far.
#![allow(clippy::result_large_err)]

use super::{failed, limited, refuse, Address, Answer};
use crate::limits::Limited;
use crate::ratings::{self, shown};
use crate::record::Record;
use crate::referee::LiveGame;
use crate::rooms::now_ms;
use crate::site::Site;
use crate::store::{ArchiveQuery, Won};
use axum::body::Body;
use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use std::sync::Arc;
use topochess_core::Color;
use topochess_protocol::account::{
    GamesPage, Leader, Leaderboard, PastGame, RatingHistory, RatingPoint, User,
};
use topochess_protocol::id_text;

/// Games a page of the profile's list holds.
pub const PAGE: usize = 20;
/// Players a leaderboard lists.
pub const LEADERS: usize = 100;

/// The account `name`, or the answer: 404.
async fn user_of(site: &Site, name: &str) -> Result<crate::accounts::Account, Response> {
    if !crate::accounts::valid_name(name) {
        return Err(refuse(StatusCode::NOT_FOUND, "no such player"));
    }
    let found = site.store.account(name).await;
    match site.stored("read an account", found) {
        Ok(Some(account)) => Ok(account),
        Ok(None) => Err(refuse(StatusCode::NOT_FOUND, "no such player")),
        Err(failure) => Err(failed(failure)),
    }
}

/// The player an address names (`/api/user/{name}` and the like), read within the reader's
/// limits: 429 over them, 404 for no such player.
pub struct Named(pub crate::accounts::Account);

impl FromRequestParts<Arc<Site>> for Named {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, site: &Arc<Site>) -> Result<Self, Response> {
        let Address(from) = Address::from_request_parts(parts, site).await?;
        limited(site, Limited::Lobby, from)?;
        let Path(name) = Path::<String>::from_request_parts(parts, site)
            .await
            .map_err(IntoResponse::into_response)?;
        user_of(site, &name).await.map(Named)
    }
}

/// `GET /api/user/{name}`: every preset's rating.
pub async fn user(State(site): State<Arc<Site>>, Named(account): Named) -> Answer {
    let standings = site.store.standings(account.id).await;
    let standings = site
        .rooms
        .stored("read ratings", standings)
        .map_err(failed)?;
    let now = now_ms();
    let ratings = topochess_core::PRESETS
        .iter()
        .map(|p| {
            let standing = standings.iter().find(|s| s.variant == p.id);
            (p.id.to_string(), shown(standing, now))
        })
        .collect();
    Ok(Json(User {
        id: account.name.to_lowercase(),
        username: account.name.clone(),
        created_at: account.created,
        title: account.bot.then(|| crate::accounts::BOT.to_string()),
        name: account.name,
        created: account.created,
        ratings,
    })
    .into_response())
}

/// `GET /api/user/{name}/rating-history`.
pub async fn history(State(site): State<Arc<Site>>, Named(account): Named) -> Answer {
    let points = site.store.history(account.id).await;
    let points = site
        .rooms
        .stored("read a rating history", points)
        .map_err(failed)?;
    let mut history = RatingHistory::new();
    for (variant, at, rating) in points {
        history.entry(variant).or_default().push(RatingPoint {
            at,
            rating: rating.round() as i32,
        });
    }
    Ok(Json(history).into_response())
}

/// The filters of a player's games: the preset, the result (`win`, `loss`, `draw`), the page
/// (from 1) or the most games.
#[derive(serde::Deserialize, Default)]
pub struct Filter {
    preset: Option<String>,
    result: Option<String>,
    page: Option<usize>,
    max: Option<usize>,
}

impl Filter {
    /// The store's query for `account`'s games, or why the filter is refused.
    fn query(&self, account: u64) -> Result<ArchiveQuery, String> {
        let variant = match self.preset.as_deref().filter(|p| !p.is_empty()) {
            Some(p) if topochess_core::variant::preset(p).is_none() => {
                return Err(format!("no preset {p:?}"))
            }
            p => p.map(String::from),
        };
        let result = match self.result.as_deref().filter(|r| !r.is_empty()) {
            Some(r) => Some(Won::of(r).ok_or(format!("a result is win, loss or draw, not {r:?}"))?),
            None => None,
        };
        Ok(ArchiveQuery {
            account,
            variant,
            result,
            offset: 0,
            limit: PAGE,
        })
    }
}

/// How a game ended, in words.
fn ending(record: &Record) -> String {
    use topochess_core::game::Outcome;
    match record.outcome {
        Some(Outcome::Checkmate { .. }) => "checkmate",
        Some(Outcome::Stalemate) => "stalemate",
        Some(Outcome::Repetition) => "repetition",
        Some(Outcome::FiftyMoves) => "fifty moves",
        Some(Outcome::InsufficientMaterial) => "insufficient material",
        Some(Outcome::Resignation { .. }) => "resignation",
        Some(Outcome::DrawAgreed) => "draw agreed",
        Some(Outcome::Timeout { .. }) | Some(Outcome::TimeoutDraw) => "time forfeit",
        Some(Outcome::NoStart { .. }) => "no first move",
        None => "aborted",
    }
    .into()
}

/// A finished game as the profile lists it.
fn past(record: Record) -> PastGame {
    PastGame {
        id: id_text(record.id),
        result: record.outcome.map_or("*", |o| o.result()).into(),
        ending: ending(&record),
        variant: record.variant,
        castling: record.castling,
        clock: record.clock,
        rated: record.rated,
        players: record.players.map(|p| p.map(|p| p.tag)),
        moves: record.moves,
        created: record.created,
    }
}

/// `GET /api/user/{name}/games?page=N&preset=P&result=R`: a page of the player's games.
pub async fn games(
    State(site): State<Arc<Site>>,
    Named(account): Named,
    Query(filter): Query<Filter>,
) -> Answer {
    let mut query = filter
        .query(account.id)
        .map_err(|why| refuse(StatusCode::BAD_REQUEST, why))?;
    let page = filter.page.unwrap_or(1).clamp(1, 10_000);
    query.offset = (page - 1) * PAGE;
    query.limit = PAGE + 1;
    let found = site.store.archive(&query).await;
    let mut records = site
        .rooms
        .stored("read a player's games", found)
        .map_err(failed)?;
    let more = records.len() > PAGE;
    records.truncate(PAGE);
    Ok(Json(GamesPage {
        games: records.into_iter().map(past).collect(),
        more,
    })
    .into_response())
}

/// A date as PGN writes it (`YYYY.MM.DD`, UTC) of ms since the epoch.
pub fn pgn_date(ms: u64) -> String {
    let (y, m, d) = topochess_protocol::date::date_of(ms as i64, 0);
    format!("{y:04}.{m:02}.{d:02}")
}

/// A finished game as PGN, with the players, their ratings, the preset, the clock, the result
/// and how it ended; `site`: the address the game is seen at.
pub fn pgn(record: &Record, site: &str) -> Result<String, String> {
    let game = LiveGame::from_record(record.clone())?;
    let name = |c: Color| {
        record.players[c.index()]
            .as_ref()
            .map_or("Anonymous".to_string(), |p| p.tag.name.clone())
    };
    let elo = |c: Color| {
        record.players[c.index()]
            .as_ref()
            .and_then(|p| p.tag.rating)
            .map_or("?".to_string(), |r| r.to_string())
    };
    let diff = |c: Color| {
        record.players[c.index()]
            .as_ref()
            .and_then(|p| p.tag.diff)
            .map(|d| format!("{d:+}"))
    };
    let kind = if record.rated { "Rated" } else { "Casual" };
    let event = format!("{kind} {} game", record.variant);
    let link = format!("{site}/#/live/{}", id_text(record.id));
    let clock = record
        .clock
        .map_or("-".to_string(), |(base, inc)| format!("{base}+{inc}"));
    let termination = match record.outcome {
        Some(topochess_core::game::Outcome::Timeout { .. })
        | Some(topochess_core::game::Outcome::TimeoutDraw) => "Time forfeit",
        // As lichess's PGN says of a game a player never started.
        Some(topochess_core::game::Outcome::NoStart { .. }) => "Abandoned",
        _ => "Normal",
    };
    let (white, black, white_elo, black_elo) = (
        name(Color::White),
        name(Color::Black),
        elo(Color::White),
        elo(Color::Black),
    );
    let date = pgn_date(record.created);
    let mut tags = vec![
        ("Event", event.as_str()),
        ("Site", link.as_str()),
        ("Date", date.as_str()),
        ("Round", "-"),
        ("White", white.as_str()),
        ("Black", black.as_str()),
        ("WhiteElo", white_elo.as_str()),
        ("BlackElo", black_elo.as_str()),
    ];
    let (wd, bd) = (diff(Color::White), diff(Color::Black));
    if let (Some(w), Some(b)) = (&wd, &bd) {
        tags.push(("WhiteRatingDiff", w.as_str()));
        tags.push(("BlackRatingDiff", b.as_str()));
    }
    tags.push(("TimeControl", clock.as_str()));
    tags.push(("Termination", termination));
    Ok(topochess_core::pgn::write(game.game(), &tags))
}

/// `GET /api/games/user/{name}?max=N&preset=P&result=R`: the player's games as PGN, newest
/// first, streamed a page at a time.
pub async fn export(
    State(site): State<Arc<Site>>,
    Named(account): Named,
    Query(filter): Query<Filter>,
    headers: HeaderMap,
) -> Answer {
    let query = filter
        .query(account.id)
        .map_err(|why| refuse(StatusCode::BAD_REQUEST, why))?;
    let scheme = match headers
        .get("x-forwarded-proto")
        .and_then(|v| v.to_str().ok())
    {
        Some("https") if site.behind_proxy => "https",
        _ => "http",
    };
    let host = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|h| h.len() < 256 && !h.contains(['"', '\\', ' ']))
        .unwrap_or("localhost");
    let address = format!("{scheme}://{host}");
    let most = filter.max.unwrap_or(usize::MAX);
    let pages = futures_util::stream::unfold(
        (site, query, 0usize, false),
        move |(site, mut query, sent, done)| {
            let address = address.clone();
            async move {
                if done || sent >= most {
                    return None;
                }
                query.offset = sent;
                query.limit = 100.min(most - sent);
                let found = site.store.archive(&query).await;
                let records = match site.stored("export a player's games", found) {
                    Ok(records) => records,
                    Err(failure) => {
                        let e = std::io::Error::other(failure.sentence());
                        return Some((Err(e), (site, query, sent, true)));
                    }
                };
                let last = records.len() < query.limit;
                let sent = sent + records.len();
                let text: String = records
                    .iter()
                    .filter_map(|r| pgn(r, &address).ok())
                    .map(|p| p + "\n")
                    .collect();
                if text.is_empty() {
                    return None;
                }
                Some((Ok::<_, std::io::Error>(text), (site, query, sent, last)))
            }
        },
    );
    Ok((
        [(
            header::CONTENT_TYPE,
            "application/x-chess-pgn; charset=utf-8",
        )],
        Body::from_stream(pages),
    )
        .into_response())
}

/// `GET /api/leaderboard/{preset}`: the best players active in the last week whose rating is
/// settled enough (lichess's rule).
pub async fn leaderboard(
    State(site): State<Arc<Site>>,
    Address(from): Address,
    Path(preset): Path<String>,
) -> Answer {
    limited(&site, Limited::Lobby, from)?;
    if topochess_core::variant::preset(&preset).is_none() {
        return Err(refuse(StatusCode::NOT_FOUND, "no such preset"));
    }
    let since = now_ms().saturating_sub(ratings::ACTIVE_MS);
    let most = ratings::rankable_deviation(&preset);
    let found = site.store.leaderboard(&preset, since, most, LEADERS).await;
    let rows = site.stored("read a leaderboard", found).map_err(failed)?;
    Ok(Json(Leaderboard {
        preset,
        players: rows
            .into_iter()
            .map(|(name, s)| Leader {
                name,
                rating: s.rating.rating.round() as i32,
                rd: s.rating.deviation.round() as i32,
                games: s.games,
            })
            .collect(),
    })
    .into_response())
}
