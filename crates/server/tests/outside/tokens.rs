//! Personal access tokens through the real server: made on the account (by its cookie), shown
//! once and kept only as a hash, signing a program in with `Authorization: Bearer` and no cookie,
//! tested as lichess tests them, refused where only the account's own page may act, and revoked
//! (from the account, or by the program itself).

use crate::common::*;
use topochess_protocol::token::{MadeToken, TokenInfo};

fn bearer(token: &str) -> String {
    format!("Authorization: Bearer {token}\r\n")
}

/// Anna's new token with `scopes`.
fn made(port: u16, anna: &str, description: &str, scopes: &str) -> MadeToken {
    let body = format!(r#"{{"description":"{description}","scopes":[{scopes}]}}"#);
    let (head, body) = request(person(1), port, "POST", "/api/account/tokens", &body, anna);
    assert_eq!(status(&head), 201, "{body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_token_signs_a_program_in_until_it_is_revoked_and_is_kept_only_as_its_hash() {
    let data = site("tokens");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let anna = sign_up(person(1), port, "Anna", "a long password 1");
    let token = made(port, &anna, "my bot", r#""bot:play","challenge:read""#);
    assert!(token.token.starts_with("tpc_"), "{}", token.token);
    assert_eq!(token.info.scopes, ["bot:play", "challenge:read"]);
    // A program: the token, no cookie.
    let (head, body) = request(
        person(2),
        port,
        "GET",
        "/api/account",
        "",
        &bearer(&token.token),
    );
    assert_eq!(status(&head), 200, "{body}");
    assert!(body.contains("\"name\":\"Anna\""), "{body}");
    // With lichess's names for the same facts, which its clients read.
    let me: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (me["id"].as_str(), me["username"].as_str()),
        (Some("anna"), Some("Anna"))
    );
    assert_eq!(me["createdAt"], me["created"]);
    // The list shows the token, never the token itself.
    let (head, body) = request(person(1), port, "GET", "/api/account/tokens", "", &anna);
    assert_eq!(status(&head), 200);
    assert!(!body.contains(&token.token));
    let listed: Vec<TokenInfo> = serde_json::from_str(&body).unwrap();
    assert_eq!(listed, std::slice::from_ref(&token.info));
    // Tested as lichess tests tokens: its scopes and account, or null.
    let asked = format!("{},tpc_nothing", token.token);
    let (head, body) = request(person(3), port, "POST", "/api/token/test", &asked, "");
    assert_eq!(status(&head), 200);
    let tested: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(tested[&token.token]["scopes"], "bot:play,challenge:read");
    assert_eq!(tested[&token.token]["userId"], "anna");
    assert!(tested["tpc_nothing"].is_null());
    // Only the account's own page makes and revokes tokens: a token cannot make another.
    let body = r#"{"description":"more","scopes":[]}"#;
    let (head, _) = request(
        person(2),
        port,
        "POST",
        "/api/account/tokens",
        body,
        &bearer(&token.token),
    );
    assert_eq!(status(&head), 401);
    // What a token cannot be.
    for (bad, why) in [
        (r#"{"description":"x","scopes":["admin:all"]}"#, "no scope"),
        (r#"{"description":"","scopes":[]}"#, "1 to 100"),
    ] {
        let (head, body) = request(person(1), port, "POST", "/api/account/tokens", bad, &anna);
        assert_eq!(status(&head), 400, "{bad}");
        assert!(body.contains(why), "{body}");
    }
    // A wrong token and a malformed header are refused, and say why.
    let (head, body) = request(
        person(2),
        port,
        "GET",
        "/api/account",
        "",
        &bearer("tpc_guess"),
    );
    assert_eq!(status(&head), 401);
    assert!(body.contains("No such token"), "{body}");
    // Revoked from the account: the program is signed out.
    let revoke = format!("/api/account/tokens/{}/revoke", token.info.id);
    let (head, _) = request(person(1), port, "POST", &revoke, "", &anna);
    assert_eq!(status(&head), 204);
    let (head, _) = request(
        person(2),
        port,
        "GET",
        "/api/account",
        "",
        &bearer(&token.token),
    );
    assert_eq!(status(&head), 401);
    let (head, _) = request(person(1), port, "POST", &revoke, "", &anna);
    assert_eq!(status(&head), 404, "revoked once");
    // A program lets go of its own token.
    let own = made(port, &anna, "a script", "");
    let (head, _) = request(
        person(2),
        port,
        "DELETE",
        "/api/token",
        "",
        &bearer(&own.token),
    );
    assert_eq!(status(&head), 204);
    let (head, _) = request(
        person(2),
        port,
        "GET",
        "/api/account",
        "",
        &bearer(&own.token),
    );
    assert_eq!(status(&head), 401);
    // The store keeps no token, only their hashes.
    let kept = made(port, &anna, "kept", r#""board:play""#);
    drop(server);
    let stored = std::fs::read(data.join("games.sqlite")).unwrap();
    let wal = std::fs::read(data.join("games.sqlite-wal")).unwrap_or_default();
    for t in [&token.token, &own.token, &kept.token] {
        let found = |bytes: &[u8]| bytes.windows(t.len()).any(|w| w == t.as_bytes());
        assert!(!found(&stored) && !found(&wal), "{t} is not stored");
    }
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flood_of_wrong_tokens_is_slowed_at_its_address_and_a_huge_body_refused() {
    let data = site("token-flood");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let anna = sign_up(person(1), port, "Anna", "a long password 1");
    let token = made(port, &anna, "my bot", r#""challenge:write""#);
    sign_up(person(2), port, "Boris", "a long password 2");
    // One address guessing tokens: each refused (401) until its budget (1,200 a minute, 20 a
    // second coming back) is spent, then told to slow down (429, with lichess's "error").
    let started = std::time::Instant::now();
    let guess = |i: usize| {
        let guess = bearer(&format!("tpc_guess{i:05}"));
        request(person(3), port, "GET", "/api/account", "", &guess)
    };
    let mut refused = 0;
    let (head, body) = loop {
        let (head, body) = guess(refused);
        if status(&head) != 401 || refused > 10_000 {
            break (head, body);
        }
        refused += 1;
    };
    assert_eq!(status(&head), 429, "{body}");
    assert!(body.contains("\"error\""), "{body}");
    let back = (started.elapsed().as_secs_f64() * 20.0).ceil() as usize;
    assert!(
        (1_200..=1_200 + back + 1).contains(&refused),
        "{refused} refused before the first 429"
    );
    // Another address, with a good token, is not slowed by it.
    let (head, body) = request(
        person(4),
        port,
        "GET",
        "/api/account",
        "",
        &bearer(&token.token),
    );
    assert_eq!(status(&head), 200, "{body}");
    // A challenge's body past 4 KB is refused before it is read as fields.
    let huge = format!("variant=folded&note={}", "x".repeat(5_000));
    let (head, body) = request(
        person(4),
        port,
        "POST",
        "/api/challenge/Boris",
        &huge,
        &bearer(&token.token),
    );
    assert_eq!(status(&head), 413, "{body}");
}
