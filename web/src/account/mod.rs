//! Accounts, the browser's side: signing up, in and out, the account's own settings, a player's
//! page (ratings, their history, games) and the leaderboards, all through the server's public
//! API (`docs/api.md`); and how a player is written wherever a game shows one. The session is
//! the server's cookie: the page keeps no secret of it.

pub mod pages;
pub mod people;
pub mod tokens;
pub mod view;

use crate::common::http::{json, request};
use topochess_protocol::account::{
    Claim, Claimed, Credentials, GamesPage, Leaderboard, Me, PastGame, PresetRating, RatingHistory,
    RatingPoint, Session, User,
};
use topochess_protocol::PlayerTag;

/// The signed-in player, if the browser has a session (none: a guest, or no server). Asked of
/// `api/account/session`, which answers a guest as one, not with an error.
pub async fn signed_in() -> Option<Me> {
    match request("GET", "api/account/session", None).await {
        Ok((200, text)) => serde_json::from_str::<Session>(&text).ok()?.me,
        _ => None,
    }
}

/// Signs up (`new`) or in: the account, or the server's sentence.
pub async fn sign(new: bool, name: &str, password: &str) -> Result<Me, String> {
    let path = if new {
        "api/account/signup"
    } else {
        "api/account/login"
    };
    let body = serde_json::to_string(&Credentials {
        name: name.trim().to_string(),
        password: password.to_string(),
    })
    .map_err(|e| e.to_string())?;
    json("POST", path, Some(body)).await
}

/// A field of the account's forms that a check can find at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The name.
    Name,
    /// The password (the new one, when changing it).
    Password,
}

impl Field {
    /// The input's id.
    pub fn id(self) -> &'static str {
        match self {
            Field::Name => "account-name",
            Field::Password => "account-password-input",
        }
    }
}

/// What the sign-up (`new`) or sign-in form says before sending, if anything: the field at
/// fault and why, by the server's own rules (`topochess_protocol::account`), so a player hears
/// it in the form, not from the browser's bubble or a round trip.
pub fn form_fault(new: bool, name: &str, password: &str) -> Option<(Field, String)> {
    let name = name.trim();
    if name.is_empty() {
        return Some((Field::Name, "Enter a name.".into()));
    }
    if new && !topochess_protocol::account::valid_name(name) {
        return Some((Field::Name, topochess_protocol::account::NAME_RULE.into()));
    }
    if password.is_empty() {
        return Some((Field::Password, "Enter a password.".into()));
    }
    new.then(|| topochess_protocol::account::password_fault(name, password))
        .flatten()
        .map(|why| (Field::Password, why))
}

/// A POST whose answer has no body worth reading: done, or the server's sentence.
pub async fn post(path: &str, body: Option<String>) -> Result<(), String> {
    let (status, text) = request("POST", path, body).await?;
    if (200..300).contains(&status) {
        Ok(())
    } else {
        Err(crate::common::http::refusal(status, &text))
    }
}

/// This browser's guest games (proven by `secret`): counted, or kept under the account.
pub async fn claim(secret: &str, keep: bool) -> Result<usize, String> {
    let body = serde_json::to_string(&Claim {
        secret: secret.to_string(),
        keep,
    })
    .map_err(|e| e.to_string())?;
    json::<Claimed>("POST", "api/account/claim", Some(body))
        .await
        .map(|c| c.games)
}

/// A player's ratings.
pub async fn user(name: &str) -> Result<User, String> {
    json("GET", &format!("api/user/{name}"), None).await
}

/// A player's ratings after each rated game.
pub async fn history(name: &str) -> Result<RatingHistory, String> {
    json("GET", &format!("api/user/{name}/rating-history"), None).await
}

/// A page of a player's games (from 1), of a preset and a result if given.
pub async fn games(
    name: &str,
    page: usize,
    preset: &str,
    result: &str,
) -> Result<GamesPage, String> {
    let path = format!("api/user/{name}/games?page={page}&preset={preset}&result={result}");
    json("GET", &path, None).await
}

/// A preset's leaderboard.
pub async fn leaderboard(preset: &str) -> Result<Leaderboard, String> {
    json("GET", &format!("api/leaderboard/{preset}"), None).await
}

/// A rating as shown: "1623", or "1623?" while provisional.
pub fn rating_text(rating: i32, provisional: bool) -> String {
    format!("{rating}{}", if provisional { "?" } else { "" })
}

/// A preset's rating as shown.
pub fn preset_rating_text(r: &PresetRating) -> String {
    rating_text(r.rating, r.provisional)
}

/// A rating's change as shown: "+12", "−7" (a true minus), "±0".
pub fn diff_text(diff: i32) -> String {
    match diff {
        0 => "±0".into(),
        d if d > 0 => format!("+{d}"),
        d => format!("\u{2212}{}", -d),
    }
}

/// A player as a game shows them: the name, the rating, its change once rated.
pub fn player_text(tag: &PlayerTag) -> String {
    let mut text = tag.name.clone();
    if let Some(r) = tag.rating {
        text.push_str(&format!(" ({})", rating_text(r, tag.provisional)));
    }
    if let Some(d) = tag.diff {
        text.push_str(&format!(" {}", diff_text(d)));
    }
    text
}

/// The points of a rating history's line in a `width` x `height` box (oldest left, each at its
/// date; the highest rating at the top), as SVG's `points` (each `x,y`); and the lowest and
/// highest rating. A history of one point has no line: it is said in a sentence.
pub fn chart_points(points: &[RatingPoint], width: f64, height: f64) -> (Vec<String>, i32, i32) {
    let lo = points.iter().map(|p| p.rating).min().unwrap_or(0);
    let hi = points.iter().map(|p| p.rating).max().unwrap_or(0);
    if points.len() < 2 {
        return (Vec::new(), lo, hi);
    }
    let span = (hi - lo).max(1) as f64;
    let (first, last) = (points[0].at, points[points.len() - 1].at);
    let text = points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            // By date; games all at one instant (as a store's tests make them): by order.
            let x = if last > first {
                p.at.saturating_sub(first) as f64 / (last - first) as f64 * width
            } else {
                i as f64 / (points.len() - 1) as f64 * width
            };
            let y = height - (p.rating - lo) as f64 / span * height;
            format!("{x:.1},{y:.1}")
        })
        .collect::<Vec<_>>();
    (text, lo, hi)
}

/// A day as the player reads it (`29 Nov 2026`), of `ms` since the epoch and the page's offset
/// from UTC in minutes (JavaScript's `getTimezoneOffset`: UTC less local time).
pub fn day_text(ms: u64, offset_minutes: i64) -> String {
    let (year, month, day) = topochess_protocol::date::date_of(ms as i64, offset_minutes);
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    format!("{day} {} {year}", MONTHS[(month - 1) as usize])
}

/// The page's offset from UTC (minutes, as [`day_text`] takes it).
pub fn page_offset_minutes() -> i64 {
    js_sys::Date::new_0().get_timezone_offset() as i64
}

/// A finished game as PGN (for the analysis board), its players and result in the tags.
pub fn game_pgn(g: &PastGame) -> Option<String> {
    use topochess_core::game::Game;
    let mode = topochess_core::CastlingMode::from_name(&g.castling);
    let variant = topochess_core::Variant::preset(&g.variant, mode).ok()?;
    let mut game = Game::new(topochess_core::Position::start(std::sync::Arc::new(
        variant,
    )));
    for text in &g.moves {
        let mv = topochess_core::san::parse_move(game.position(), text).ok()?;
        game.play(mv).ok()?;
    }
    let name = |i: usize| {
        g.players[i]
            .as_ref()
            .map_or("Anonymous".to_string(), |p| p.name.clone())
    };
    let (white, black) = (name(0), name(1));
    let tags = [
        ("White", white.as_str()),
        ("Black", black.as_str()),
        ("Result", g.result.as_str()),
    ];
    let text = topochess_core::pgn::write(&game, &tags);
    // The game's own outcome is not in its moves when it ended by resignation or time: the
    // result the server kept is written in.
    Some(text.replace("[Result \"*\"]", &format!("[Result \"{}\"]", g.result)))
}

#[cfg(test)]
mod tests;
