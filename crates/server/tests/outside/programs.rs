//! lichess's API for programs across two real servers on one PostgreSQL database: a program's
//! event stream open on one server makes its account online on both, and hears a challenge made
//! through the other, and the game started when it is accepted there; a challenge answered
//! through both servers at once is answered once.

use crate::common::*;
use std::io::{Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A server on the database at `url`, on a free port.
fn server(name: &str, url: &str) -> Server {
    Server::start_with(&site(name), free_port(), &["--database", url], &[])
}

fn bearer(token: &str) -> String {
    format!("Authorization: Bearer {token}\r\n")
}

/// A new token of the account signed in by `cookie`, with every scope a program plays with.
fn token(port: u16, cookie: &str) -> String {
    let body = r#"{"description":"bot","scopes":["bot:play","challenge:read","challenge:write"]}"#;
    let (head, body) = request(person(1), port, "POST", "/api/account/tokens", body, cookie);
    assert_eq!(status(&head), 201, "{body}");
    let made: serde_json::Value = serde_json::from_str(&body).unwrap();
    made["token"].as_str().unwrap().to_string()
}

/// The event stream of `token` on `port`, read on a thread of its own into the text returned.
fn events(port: u16, token: &str) -> Arc<Mutex<String>> {
    let mut s = dial(person(2), port).unwrap();
    write!(
        s,
        "GET /api/stream/event HTTP/1.1\r\nHost: x\r\n{}\r\n",
        bearer(token)
    )
    .unwrap();
    let heard = Arc::new(Mutex::new(String::new()));
    let into = heard.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = s.read(&mut buf) {
            if n == 0 {
                break;
            }
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    heard
}

/// Waits until `heard` holds `what` (the test's own bound: 15 s).
async fn hears(heard: &Mutex<String>, what: &str) {
    let start = Instant::now();
    while !heard.lock().unwrap().contains(what) {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "never heard {what}: {}",
            heard.lock().unwrap()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_event_stream_on_one_server_hears_what_is_done_through_the_other() {
    let url = fresh_database("programs").await;
    let (a, b) = (server("programs-a", &url), server("programs-b", &url));
    let anna = sign_up(person(1), a.port, "Anna", "a long password 1");
    let boris = sign_up(person(1), b.port, "Boris", "a long password 2");
    let (anna_token, boris_token) = (token(a.port, &anna), token(b.port, &boris));
    let anna_hears = events(a.port, &anna_token);
    let boris_hears = events(b.port, &boris_token);
    // Both streams are open once each has sent its first empty line.
    hears(&anna_hears, "\n\r\n").await;
    hears(&boris_hears, "\n\r\n").await;
    // Each is online as either server says (the other's within the second it tells); Carol,
    // with nothing open, is not.
    sign_up(person(3), a.port, "Carol", "a long password 3");
    let start = Instant::now();
    loop {
        let (head, body) = request(
            person(4),
            a.port,
            "GET",
            "/api/users/status?ids=anna,boris,carol",
            "",
            "",
        );
        assert_eq!(status(&head), 200, "{body}");
        let said: serde_json::Value = serde_json::from_str(&body).unwrap();
        let online: Vec<bool> = (0..3).map(|i| said[i]["online"] == true).collect();
        if online == [true, true, false] {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "Boris online through B is told on A: {body}"
        );
        // Within the address's budget of reads (60 a minute).
        tokio::time::sleep(Duration::from_millis(250)).await;
    }

    // Anna challenges Boris through A; Boris's stream on B hears it.
    let ask = r#"{"rated":true,"clock.limit":180,"clock.increment":2,"variant":"folded"}"#;
    let (head, body) = request(
        person(1),
        a.port,
        "POST",
        "/api/challenge/boris",
        ask,
        &bearer(&anna_token),
    );
    assert_eq!(status(&head), 200, "{body}");
    let challenge: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = challenge["id"].as_str().unwrap().to_string();
    hears(&boris_hears, r#""type":"challenge"}"#).await;
    hears(&boris_hears, &format!(r#""id":"{id}""#)).await;

    // Accepted through B twice at once: one game, and the other answer refused.
    let accept = |port: u16| {
        let (id, token) = (id.clone(), boris_token.clone());
        std::thread::spawn(move || {
            let path = format!("/api/challenge/{id}/accept");
            status(&request(person(1), port, "POST", &path, "", &bearer(&token)).0)
        })
    };
    let (one, two) = (accept(b.port), accept(a.port));
    let mut answers = [one.join().unwrap(), two.join().unwrap()];
    answers.sort_unstable();
    assert_eq!(answers, [200, 400], "answered once");
    // Anna's stream on A hears the game start, with the challenge's id.
    hears(&anna_hears, r#""type":"gameStart"}"#).await;
    hears(&anna_hears, &format!(r#""gameId":"{id}""#)).await;
    let (head, body) = request(
        person(1),
        a.port,
        "GET",
        "/api/account/playing",
        "",
        &bearer(&anna_token),
    );
    assert_eq!(status(&head), 200);
    assert!(body.contains(&id), "{body}");
}
