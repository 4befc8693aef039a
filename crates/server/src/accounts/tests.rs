use super::*;
use axum::http::HeaderValue;

#[test]
fn a_password_is_long_enough_not_common_and_not_the_name() {
    assert!(weak_password("alice", "seven77").is_some());
    assert!(weak_password("alice", &"x".repeat(129)).is_some());
    // Eight spaces (or tabs) are eight characters, and no password.
    assert_eq!(
        weak_password("alice", "        ").as_deref(),
        Some("A password cannot be only spaces.")
    );
    assert!(weak_password("alice", "\t\t\t\t\t\t\t\t\t").is_some());
    for common in [
        "password123",
        "Password123",
        "12345678",
        "QWERTYUIOP",
        "iloveyou",
    ] {
        let why = weak_password("alice", common).expect(common);
        assert!(why.contains("common"), "{why}");
    }
    assert!(weak_password("Alice_1234", "alice_1234").is_some());
    assert_eq!(weak_password("alice", "torus knight 8x14"), None);
    assert_eq!(
        weak_password("alice", "ééééééééé"),
        None,
        "characters, not bytes"
    );
}

#[test]
fn names_are_checked_and_unique_by_their_lower_case() {
    assert_eq!(bad_name("Alice_99"), None);
    assert!(bad_name("deleted player").is_some());
    // Reserved names, whatever their case or look-alike letters.
    for reserved in [
        "admin",
        "Adm1n",
        "Anonymous",
        "deleted-player",
        "Deleted_Player",
        "mod",
        "TopoChess",
        "topochess_fan",
        "Moderator",
    ] {
        assert_eq!(
            bad_name(reserved).as_deref(),
            Some("That name is reserved: choose another."),
            "{reserved}"
        );
    }
    assert_eq!(bad_name("modest"), None);
    assert!(bad_name("x").is_some());
    assert_eq!(name_key("AlIcE"), "alice");
}

#[tokio::test]
async fn a_hash_is_argon2id_salted_and_verifies_only_its_password() {
    let h = hash("torus knight 8x14".into()).await.unwrap();
    assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
    let again = hash("torus knight 8x14".into()).await.unwrap();
    assert_ne!(h, again, "a fresh salt each time");
    assert!(verify("torus knight 8x14".into(), Some(h.clone())).await);
    assert!(!verify("torus knight 8x15".into(), Some(h)).await);
    assert!(
        !verify("anything at all".into(), None).await,
        "an unknown name"
    );
    assert!(!verify("x".into(), Some("not a hash".into())).await);
}

#[tokio::test]
async fn an_unknown_name_costs_what_a_wrong_password_does() {
    let h = hash("torus knight 8x14".into()).await.unwrap();
    // Timed on this thread, the check alone: not the turn it waits for among the other
    // tests' hashes. Each the fastest of fifteen, taken in turn, so that a moment when the machine
    // is busy elsewhere slows neither (five were too few beside a build: every known one slowed).
    let _ = check("warm up", None);
    let time = |hash: Option<&str>| {
        let start = std::time::Instant::now();
        check("wrong password", hash);
        start.elapsed().as_secs_f64()
    };
    let (mut known, mut unknown) = (f64::MAX, f64::MAX);
    for _ in 0..15 {
        known = known.min(time(Some(&h)));
        unknown = unknown.min(time(None));
    }
    let ratio = known.max(unknown) / known.min(unknown);
    assert!(ratio < 2.0, "known {known:.3} s, unknown {unknown:.3} s");
}

fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
    let mut h = HeaderMap::new();
    for (name, value) in pairs {
        h.append(*name, HeaderValue::from_str(value).unwrap());
    }
    h
}

#[test]
fn the_session_token_is_read_from_its_cookie_only_when_well_formed() {
    let token = new_token();
    assert_eq!(token.len(), 64);
    assert_ne!(token, new_token());
    let cookie = format!("theme=dark; {COOKIE}={token}; other=1");
    assert_eq!(
        token_of(&headers(&[("cookie", &cookie)])),
        Some(token.clone())
    );
    assert_eq!(
        token_of(&headers(&[("cookie", "topochess_session=abc")])),
        None
    );
    assert_eq!(
        token_of(&headers(&[("cookie", "x_topochess_session=1")])),
        None
    );
    assert_eq!(token_of(&HeaderMap::new()), None);
    let set = session_cookie(&token, false);
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && !set.contains("Secure"));
    assert!(session_cookie(&token, true).ends_with("; Secure"));
    assert!(cleared_cookie(false).contains("Max-Age=0"));
    assert_ne!(token_proof(&token), token);
}

#[test]
fn a_request_from_another_sites_page_is_told_apart() {
    let host = ("host", "topochess.example:8080");
    assert!(same_origin(&headers(&[host])), "a program sends no Origin");
    assert!(same_origin(&headers(&[
        host,
        ("origin", "https://topochess.example:8080")
    ])));
    assert!(!same_origin(&headers(&[
        host,
        ("origin", "https://evil.example")
    ])));
    assert!(!same_origin(&headers(&[
        host,
        ("origin", "https://topochess.example:8080.evil.example")
    ])));
    assert!(!same_origin(&headers(&[host, ("origin", "null")])));
    assert!(!same_origin(&headers(&[
        host,
        ("sec-fetch-site", "cross-site")
    ])));
    assert!(same_origin(&headers(&[
        host,
        ("sec-fetch-site", "same-origin")
    ])));
}
