//! The accounts' part of the public API (`docs/api.md`): signing up and in, a player's ratings
//! and rating history, their past games, and the leaderboards. JSON both ways; the page and any
//! other program read the same types.

use crate::PlayerTag;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `POST /api/account/signup` and `POST /api/account/login`: a name and a password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    /// The account's name: 2 to 20 letters, digits, `_` and `-`, a letter or digit first.
    pub name: String,
    /// The password: 8 to 128 characters.
    pub password: String,
}

/// `GET /api/account`: the signed-in player, with lichess's names for the same facts beside
/// ours (`id`, `username`, `createdAt`), which lichess's clients read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Me {
    /// The account's name, as it was written at sign-up.
    pub name: String,
    /// When the account was made (ms since the epoch).
    pub created: u64,
    /// lichess's `id`: the name in lower case.
    #[serde(default)]
    pub id: String,
    /// lichess's `username`: the name as written.
    #[serde(default)]
    pub username: String,
    /// lichess's `createdAt`: `created`.
    #[serde(default, rename = "createdAt")]
    pub created_at: u64,
    /// lichess's `title`: `BOT` for a bot account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl Me {
    /// The account `name`, made at `created`.
    pub fn new(name: &str, created: u64) -> Me {
        Me {
            name: name.to_string(),
            created,
            id: name.to_lowercase(),
            username: name.to_string(),
            created_at: created,
            title: None,
        }
    }
}

/// `GET /api/account/session`: who the browser is signed in as, if anyone (a guest is an
/// answer, not an error: the page asks this on every load).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The signed-in player; `None` for a guest.
    pub me: Option<Me>,
}

/// `POST /api/account/password`: the password now and the new one (every other session of the
/// account ends).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordChange {
    /// The password now.
    pub current: String,
    /// The new password.
    pub new: String,
}

/// `POST /api/account/delete`: the password, to delete the account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deletion {
    /// The account's password.
    pub password: String,
}

/// `POST /api/account/claim`: the live games this browser played as a guest, named by its
/// secret, kept under the signed-in account (`keep: false`: only counted).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The browser's secret, which proves its seats.
    pub secret: String,
    /// Keep them, or only count them.
    #[serde(default)]
    pub keep: bool,
}

/// The answer to [`Claim`]: how many games (counted, or kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claimed {
    /// How many of the browser's guest games there are (or were kept).
    pub games: usize,
}

/// A player's rating at one preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PresetRating {
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation (RD) now, grown with the time since the last rated game, rounded.
    pub rd: i32,
    /// Rated games played.
    pub games: u32,
    /// Provisional (RD 110 or more): shown with "?".
    pub provisional: bool,
}

/// `GET /api/user/{name}`: a player and their rating at every preset (those never played at
/// 1500 and RD 500).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct User {
    /// The account's name.
    pub name: String,
    /// When the account was made (ms since the epoch).
    pub created: u64,
    /// Each preset's rating, by preset id.
    pub ratings: BTreeMap<String, PresetRating>,
    /// lichess's `id`: the name in lower case.
    #[serde(default)]
    pub id: String,
    /// lichess's `username`: the name as written.
    #[serde(default)]
    pub username: String,
    /// lichess's `createdAt`: `created`.
    #[serde(default, rename = "createdAt")]
    pub created_at: u64,
    /// lichess's `title`: `BOT` for a bot account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

/// A rating after a rated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPoint {
    /// When (ms since the epoch).
    pub at: u64,
    /// The rating after the game, rounded.
    pub rating: i32,
}

/// `GET /api/user/{name}/rating-history`: each preset played rated, its ratings oldest first.
pub type RatingHistory = BTreeMap<String, Vec<RatingPoint>>;

/// A game a player finished, as the profile lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastGame {
    /// The game's id, as written in addresses.
    pub id: String,
    /// The preset's id.
    pub variant: String,
    /// The castling option's name.
    pub castling: String,
    /// Seconds at the start and added a move, if the game had clocks.
    pub clock: Option<(u32, u32)>,
    /// Rated.
    pub rated: bool,
    /// The players (White, Black); a guest is `null`.
    pub players: [Option<PlayerTag>; 2],
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How it ended, in words (`checkmate`, `resignation`, `time forfeit`, ...).
    pub ending: String,
    /// The moves, in coordinates.
    pub moves: Vec<String>,
    /// When the game was created (ms since the epoch).
    pub created: u64,
}

/// `GET /api/user/{name}/games`: a page of a player's finished games, newest first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesPage {
    /// The games.
    pub games: Vec<PastGame>,
    /// Whether older games follow.
    pub more: bool,
}

/// A player on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leader {
    /// The account's name.
    pub name: String,
    /// The rating, rounded.
    pub rating: i32,
    /// Its deviation, rounded.
    pub rd: i32,
    /// Rated games played at the preset.
    pub games: u32,
}

/// `GET /api/leaderboard/{preset}`: the best players of a preset, active lately with a rating
/// settled enough.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaderboard {
    /// The preset's id.
    pub preset: String,
    /// The players, best first.
    pub players: Vec<Leader>,
}

/// The fewest characters of a password.
pub const LEAST_PASSWORD: usize = 8;
/// The most characters of a password (hashing a long one costs no more, but nobody needs more).
pub const MOST_PASSWORD: usize = 128;

/// What a name must be, as the sign-up form and the server say it.
pub const NAME_RULE: &str =
    "A name has 2 to 20 letters, digits, _ and -, and starts with a letter or digit.";

/// Why `password` will not do for an account named `name`, as far as its shape says (its
/// length, only spaces, the name itself): the form says it before sending, the server refuses
/// the same. (The server also refuses the most common passwords.)
pub fn password_fault(name: &str, password: &str) -> Option<String> {
    let chars = password.chars().count();
    if chars < LEAST_PASSWORD {
        return Some(format!(
            "A password has at least {LEAST_PASSWORD} characters."
        ));
    }
    if chars > MOST_PASSWORD {
        return Some(format!(
            "A password has at most {MOST_PASSWORD} characters."
        ));
    }
    if password.trim().is_empty() {
        return Some("A password cannot be only spaces.".into());
    }
    (password.to_lowercase() == name.to_ascii_lowercase())
        .then(|| "A password cannot be the name.".into())
}

/// Whether `name` may be an account's name: 2 to 20 ASCII letters, digits, `_` and `-`, the
/// first a letter or digit. Names are unique whatever their case.
pub fn valid_name(name: &str) -> bool {
    (2..=20).contains(&name.len())
        && name
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphanumeric())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_refused_for_its_shape_with_a_sentence() {
        assert_eq!(
            password_fault("anna", "short").as_deref(),
            Some("A password has at least 8 characters.")
        );
        assert!(password_fault("anna", &"x".repeat(129)).is_some());
        assert!(password_fault("anna", "          ").is_some());
        assert_eq!(
            password_fault("annabelle", "AnnaBelle").as_deref(),
            Some("A password cannot be the name.")
        );
        assert_eq!(password_fault("anna", "anna plays on a torus"), None);
    }

    #[test]
    fn names_are_short_plain_and_start_with_a_letter_or_digit() {
        for good in ["al", "Alice_99", "x-y", "9lives", &"a".repeat(20)] {
            assert!(valid_name(good), "{good}");
        }
        for bad in [
            "",
            "a",
            &"a".repeat(21),
            "_alice",
            "-bob",
            "deleted player",
            "élan",
            "a.b",
            "a/b",
        ] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
