//! Personal access tokens (`docs/api.md`): what a program signs in with, as on lichess. A player
//! makes one on their account's page with the scopes it may use, sees it once, and revokes it
//! there; a program sends it as `Authorization: Bearer <token>`.

use serde::{Deserialize, Serialize};

/// The scopes a token may be given, with what each lets a program do.
pub const SCOPES: [(&str, &str); 6] = [
    ("preference:read", "Read your preferences"),
    ("challenge:read", "Read incoming challenges"),
    ("challenge:write", "Send, accept and decline challenges"),
    ("board:play", "Play games with the board API"),
    (
        "bot:play",
        "Play games with the bot API (bot accounts only)",
    ),
    ("tournament:write", "Join and leave tournaments"),
];

/// The longest description.
pub const MOST_DESCRIPTION: usize = 100;
/// The most tokens an account keeps at once.
pub const MOST_TOKENS: usize = 20;

/// A token asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewToken {
    /// What it is for, as its maker will recognise it.
    pub description: String,
    /// Its scopes, each one of [`SCOPES`].
    #[serde(default)]
    pub scopes: Vec<String>,
}

/// A token as its account's page lists it (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TokenInfo {
    /// Its id, to revoke it by.
    pub id: String,
    /// What it is for.
    pub description: String,
    /// Its scopes.
    pub scopes: Vec<String>,
    /// When it was made (ms since the epoch).
    pub created: u64,
}

/// A token just made: the token itself, shown this once, and what the list shows of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MadeToken {
    /// The token: kept only as its hash, so never shown again.
    pub token: String,
    /// What the list shows.
    #[serde(flatten)]
    pub info: TokenInfo,
}

/// Why `new` cannot be made, if it cannot: a description empty, too long or with control
/// characters, or a scope that is none of [`SCOPES`] (or twice).
pub fn token_fault(new: &NewToken) -> Option<String> {
    let description = new.description.trim();
    if description.is_empty() || description.chars().count() > MOST_DESCRIPTION {
        return Some(format!(
            "A token's description has 1 to {MOST_DESCRIPTION} characters."
        ));
    }
    if description.chars().any(char::is_control) {
        return Some("A token's description is one line of text.".into());
    }
    for (i, scope) in new.scopes.iter().enumerate() {
        if !SCOPES.iter().any(|(s, _)| s == scope) {
            return Some(format!("There is no scope {scope:?}."));
        }
        if new.scopes[..i].contains(scope) {
            return Some(format!("The scope {scope} is asked for twice."));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new(description: &str, scopes: &[&str]) -> NewToken {
        NewToken {
            description: description.into(),
            scopes: scopes.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn a_token_is_described_in_a_line_and_asks_only_for_scopes_that_exist() {
        assert_eq!(
            token_fault(&new("my bot", &["bot:play", "challenge:read"])),
            None
        );
        assert_eq!(token_fault(&new("no scope at all", &[])), None);
        assert!(token_fault(&new("  ", &[])).is_some());
        assert!(token_fault(&new(&"x".repeat(101), &[])).is_some());
        assert!(token_fault(&new("a\nb", &[])).is_some());
        assert!(token_fault(&new("bot", &["bot:play", "bot:play"])).is_some());
        assert!(token_fault(&new("bot", &["admin:all"]))
            .unwrap()
            .contains("admin:all"));
    }
}
