//! Accounts: the rules of names and passwords, password hashing (Argon2id), sessions, and the
//! session cookie. A password is kept only as its Argon2id hash, a session token only as its
//! SHA-256 (the store never holds what a thief could use); a wrong password and an unknown name
//! cost the same time and get the same answer.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::http::HeaderMap;
use hashers::hashing;

pub use topochess_protocol::account::valid_name;

/// An account as the store keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its number.
    pub id: u64,
    /// Its name, as written at sign-up.
    pub name: String,
    /// Its password's Argon2id hash (PHC string: algorithm, parameters, salt and hash).
    pub hash: String,
    /// When it was made (ms since the epoch).
    pub created: u64,
    /// A bot account (`POST /api/bot/account/upgrade`): a program plays it, by challenge and in
    /// the arenas that take bots, never in the pools or the lobby's seeks.
    pub bot: bool,
}

/// A bot account's title, shown before its name as lichess shows it.
pub const BOT: &str = "BOT";

/// Why a bot is refused a pool or a seek: as on lichess, a bot plays by challenge, and in the
/// arenas that take bots.
pub const BOT_PLAYS: &str =
    "A bot plays by challenge, and in the tournaments that take bots: not in the pools or the lobby's seeks.";

/// The name of the session cookie.
pub const COOKIE: &str = "topochess_session";
/// A session lasts this long after sign-in (lichess keeps one a year too).
pub const SESSION_DAYS: u64 = 365;
/// A password's longest, one rule with the sign-up form's.
pub use topochess_protocol::account::MOST_PASSWORD;
/// The window over which sign-in attempts at one name are counted (ms).
pub const LOGIN_WINDOW_MS: u64 = 10 * 60 * 1000;

/// The passwords refused for being common.
const COMMON: &str = include_str!("accounts/common-passwords.txt");

/// The key a name is unique by: its lower case.
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// Why `password` will not do for an account named `name`, if it will not.
pub fn weak_password(name: &str, password: &str) -> Option<String> {
    if let Some(fault) = topochess_protocol::account::password_fault(name, password) {
        return Some(fault);
    }
    let lower = password.to_lowercase();
    let common = COMMON
        .lines()
        .filter(|l| !l.starts_with('#'))
        .any(|l| l.trim() == lower);
    common.then(|| "That password is among the most common ones: choose another.".into())
}

/// Names no account may take (compared by their skeletons, so that `Admin` and `adm1n` are
/// refused too): the site's own roles, the names a game shows for nobody (`Anonymous`, the PGN's
/// guest; `deleted player`), and words a player could be mistaken for staff by.
const RESERVED: [&str; 22] = [
    "admin",
    "administrator",
    "anonymous",
    "deleted-player",
    "deleted",
    "deleted_player",
    "moderator",
    "mod",
    "staff",
    "support",
    "system",
    "root",
    "official",
    "topochess",
    "lichess",
    "guest",
    "computer",
    "stockfish",
    "null",
    "undefined",
    "api",
    "help",
];

/// A name's skeleton, as the store's `names_taken` keeps it: lower case, with the characters
/// that look alike folded together (`i`, `l`, `1`; `o`, `0`; `-`, `_`).
pub fn skeleton(name: &str) -> String {
    name.chars()
        .map(|c| match c.to_ascii_lowercase() {
            'i' | '1' => 'l',
            '0' => 'o',
            '-' => '_',
            c => c,
        })
        .collect()
}

/// Why `name` will not do for a new account, if it will not.
pub fn bad_name(name: &str) -> Option<String> {
    if !valid_name(name) {
        return Some(topochess_protocol::account::NAME_RULE.into());
    }
    let shape = skeleton(name);
    let reserved =
        RESERVED.iter().any(|r| skeleton(r) == shape) || shape.contains(&skeleton("topochess"));
    reserved.then(|| "That name is reserved: choose another.".into())
}

/// The hasher: Argon2id, version 19, 19 MiB of memory, 2 passes, 1 lane (OWASP's first
/// recommended setting, and the `argon2` crate's default).
fn argon2() -> Argon2<'static> {
    Argon2::new(
        argon2::Algorithm::Argon2id,
        argon2::Version::V0x13,
        argon2::Params::new(19 * 1024, 2, 1, None).expect("valid parameters"),
    )
}

/// `password`'s Argon2id hash with a fresh salt, computed by a hasher (off the async threads).
pub async fn hash(password: String) -> Result<String, String> {
    hashing(move || {
        let mut salt = [0u8; 16];
        getrandom::getrandom(&mut salt).map_err(|e| e.to_string())?;
        let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
        argon2()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| e.to_string())
    })
    .await?
}

/// A hash no password matches, checked when the name is unknown: an unknown name costs the time
/// a wrong password does.
fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| {
        let salt = SaltString::encode_b64(b"topochess-decoy!").expect("a salt");
        argon2()
            .hash_password(b"no password is this one", &salt)
            .expect("a hash")
            .to_string()
    })
}

/// Whether `password` is the one `hash` keeps (`None`: an unknown name, checked against a decoy
/// all the same), computed by a hasher (off the async threads).
pub async fn verify(password: String, hash: Option<String>) -> bool {
    hashing(move || check(&password, hash.as_deref()))
        .await
        .unwrap_or(false)
}

/// The check [`verify`] makes, on the thread that calls it: as long for an unknown name as for a
/// wrong password.
fn check(password: &str, hash: Option<&str>) -> bool {
    let hash_text = hash.unwrap_or_else(|| decoy());
    let Ok(parsed) = PasswordHash::new(hash_text) else {
        return false;
    };
    // The parameters come from the hash: one made with other costs still verifies.
    let right = Argon2::default()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok();
    right && hash.is_some()
}

/// A new session token: 256 bits from the system's generator, in hexadecimal.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::getrandom(&mut bytes).expect("the system's random generator");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the store keeps of a session token: its SHA-256 (a token is random, so a fast hash is
/// enough).
pub fn token_proof(token: &str) -> String {
    crate::record::seat_proof(token)
}

/// The session token a request's cookies carry, if well-formed.
pub fn token_of(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The `Set-Cookie` of a new session: HttpOnly (no script reads it), SameSite=Lax (no other
/// site's form or fetch sends it), Secure when the site is served over HTTPS.
pub fn session_cookie(token: &str, secure: bool) -> String {
    let max_age = SESSION_DAYS * 24 * 3600;
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}={token}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}")
}

/// The `Set-Cookie` that ends the session in the browser.
pub fn cleared_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax{secure}")
}

/// Whether a request that carries a session comes from this site's own pages: its `Origin`, if
/// it has one, names the host it was sent to (a browser always sends one with a cross-site
/// form post or WebSocket; a program may send none). `Sec-Fetch-Site: cross-site` is refused
/// too.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if header("sec-fetch-site") == Some("cross-site") {
        return false;
    }
    let Some(origin) = header("origin") else {
        return true;
    };
    let host = header("host");
    let origin_host = origin
        .split_once("://")
        .map(|(_, rest)| rest.trim_end_matches('/'));
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

mod hashers;
#[cfg(test)]
mod tests;
