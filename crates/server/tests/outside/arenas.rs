//! Arena tournaments through the real server: making one (and every refusal), a private one
//! joined with its code, four accounts joined and paired at once, a berserk, a win and a short
//! draw scored as lichess scores them, everyone paired again avoiding their last opponent, and a
//! server restarted mid-tournament that loses nothing and goes on pairing. On SQLite with one
//! server, and on PostgreSQL with two servers sharing the players.

use crate::common::*;
use futures_util::StreamExt;
use std::net::Ipv4Addr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use topochess_protocol::arena::{ArenaList, ArenaNews, ArenaStatus, ArenaView, SheetResult};
use topochess_protocol::{ClientMessage, GameState};

/// The four players.
const NAMES: [&str; 4] = ["anna", "boris", "carl", "dora"];

/// A request's status and body.
fn call(
    from: Ipv4Addr,
    port: u16,
    method: &str,
    path: &str,
    body: &str,
    cookie: &str,
) -> (u16, String) {
    let (head, body) = request(from, port, method, path, body, cookie);
    (status(&head), body)
}

/// The page of arena `id` from `from`, signed in with `cookie`.
pub(crate) async fn arena_page(from: Ipv4Addr, port: u16, id: &str, cookie: &str) -> Socket {
    upgraded(from, port, &format!("/api/tournaments/{id}/socket"), cookie).await
}

/// The first standings the page hears that `done` says are the ones (within 20 s).
async fn view_where(page: &mut Socket, done: impl Fn(&ArenaView) -> bool) -> ArenaView {
    tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            let frame = page.next().await.expect("open").expect("a frame");
            if let Message::Text(t) = frame {
                let ArenaNews::View(view) = serde_json::from_str(&t).expect("arena news");
                if done(&view) {
                    return *view;
                }
            }
        }
    })
    .await
    .expect("the standings in time")
}

/// The next game state `done` says is the one.
async fn state_where(socket: &mut Socket, done: impl Fn(&GameState) -> bool) -> GameState {
    loop {
        if let topochess_protocol::ServerMessage::State(s) = next(socket).await {
            if done(&s) {
                return *s;
            }
        }
    }
}

fn read(port: u16, id: &str) -> ArenaView {
    let (code, body) = call(
        person(0),
        port,
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        "",
    );
    assert_eq!(code, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Every refusal of making and joining, and a private arena joined with its code.
/// The arena rounds server `metrics` (its metrics' port) has run.
fn rounds(metrics: u16) -> u64 {
    metric(metrics, "topochess_arena_rounds_total").expect("the arena rounds' counter")
}

/// Waits until each server of `metrics` (their metrics' ports) has run two arena rounds more
/// than when called: a whole round began after whatever came before. What a round would do
/// (pair, end, tell) is done by then.
async fn rounds_pass(metrics: &[u16]) {
    let from: Vec<u64> = metrics.iter().map(|&m| rounds(m)).collect();
    let start = std::time::Instant::now();
    while metrics.iter().zip(&from).any(|(&m, &n)| rounds(m) < n + 2) {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no arena round ran"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn refusals_and_a_private_arena(port: u16, anna: &str, boris: &str) {
    let good =
        r#"{"preset":"cylinder","clock":{"limit":60,"increment":0},"minutes":10,"rated":true}"#;
    let post =
        |body: &str, cookie: &str| call(person(1), port, "POST", "/api/tournaments", body, cookie);
    assert_eq!(post(good, "").0, 401, "a guest makes no arena");
    for (bad, why) in [
        (good.replace("\"limit\":60", "\"limit\":70"), "one of"),
        (good.replace("\"minutes\":10", "\"minutes\":1"), "2 to 720"),
        (good.replace("cylinder", "moebius"), "no such preset"),
        (
            good.replace("10,", "10,\"starts_in\":9999999,"),
            "within a week",
        ),
    ] {
        let (code, body) = post(&bad, anna);
        assert_eq!(code, 400, "{bad}");
        assert!(body.contains(why), "{body}");
    }
    // What else an attacker sends, each from an address of its own (making arenas is limited
    // per address): a name too long, a control character, a body that is not JSON.
    let long = good.replace("10,", &format!("10,\"name\":\"{}\",", "x".repeat(41)));
    let bell = good.replace("10,", "10,\"name\":\"a\\u0007b\",");
    // A name that reverses the text after it, one with a zero-width space, one passing for the
    // site's own hourly arena.
    let bidi = good.replace("10,", "10,\"name\":\"Cup \\u202eanep\",");
    let zero_width = good.replace("10,", "10,\"name\":\"Free\\u200bCup\",");
    let copied = good.replace("10,", "10,\"name\":\"hourly folded  ARENA\",");
    let bad = [
        long,
        bell,
        "{\"preset\":".to_string(),
        bidi,
        zero_width,
        copied,
    ];
    for (i, bad) in bad.iter().enumerate() {
        let (code, body) = call(person(10 + i), port, "POST", "/api/tournaments", bad, anna);
        assert_eq!(code, 400, "{bad}: {body}");
    }
    for (path, code) in [
        ("/api/tournaments/zz", 404),
        ("/api/tournaments/0000000000000001", 404),
    ] {
        assert_eq!(call(person(0), port, "GET", path, "", "").0, code, "{path}");
    }
    let private = r#"{"name":"Friends","preset":"folded","clock":{"limit":180,"increment":2},"minutes":30,"starts_in":600,"code":"sesame"}"#;
    let (code, body) = call(person(2), port, "POST", "/api/tournaments", private, boris);
    assert_eq!(code, 201, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = id["id"].as_str().unwrap().to_string();
    let join = |body: &str| {
        call(
            person(1),
            port,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            body,
            anna,
        )
    };
    assert!(join("").1.contains("not the tournament's code"));
    assert!(join(r#"{"code":"open"}"#)
        .1
        .contains("not the tournament's code"));
    assert_eq!(join(r#"{"code":"sesame"}"#).0, 204);
    let view = read(port, &id);
    assert_eq!(
        (view.summary.name.as_str(), view.summary.status),
        ("Friends", ArenaStatus::Created)
    );
    assert!(view.summary.private);
    // Its creator, Boris, is in it from the start; Anna joined with the code.
    assert_eq!(view.summary.players, 2);
    let mut entered: Vec<_> = view.standings.iter().map(|s| s.name.as_str()).collect();
    entered.sort_unstable();
    assert_eq!(entered, ["anna", "boris"]);
    // Withdrawing before the start takes the player out.
    let (code, _) = call(
        person(1),
        port,
        "POST",
        &format!("/api/tournaments/{id}/withdraw"),
        "",
        anna,
    );
    assert_eq!(code, 204);
    assert_eq!(read(port, &id).summary.players, 1);
    let (_, list) = call(person(0), port, "GET", "/api/tournaments", "", "");
    assert!(!list.contains(&id), "a private arena is not listed");
}

/// After the restart: one game ends, and its two players (who just met) wait while the others
/// play; the other ends, and all four are paired anew, nobody with their last opponent.
async fn pairing_goes_on(
    ports: &[u16],
    metrics: &[u16],
    cookies: &[String],
    id: &str,
    view: ArenaView,
) {
    let at = |i: usize| ports[i % ports.len()];
    let who = |name: &str| NAMES.iter().position(|n| *n == name).unwrap();
    let names = NAMES;
    let mut pages = Vec::new();
    for (i, cookie) in cookies.iter().enumerate() {
        pages.push(arena_page(person(i + 1), at(i), id, cookie).await);
    }
    // One game ends: its two players just met, so they wait for the others (lichess's rule).
    let resign = |k: usize| {
        let game = view.games[k].clone();
        let (w, b) = (who(&game.white.name), who(&game.black.name));
        let cookie = cookies[w].clone();
        let port = at(w);
        async move {
            let mut socket =
                seated(person(w + 1), port, &game.id, "arena-secret-again", &cookie).await;
            send(&mut socket, &ClientMessage::Resign).await;
            state_where(&mut socket, |s| s.outcome.is_some()).await;
            (game, b)
        }
    };
    let (game, b) = resign(0).await;
    let after = view_where(&mut pages[b], |v| v.games.len() == 1).await;
    let winner = after.standings.iter().find(|s| s.name == names[b]).unwrap();
    assert_eq!(winner.sheet.len(), 2);
    assert_eq!(winner.sheet[1].result, SheetResult::Win);
    rounds_pass(metrics).await;
    assert_eq!(
        read(ports[0], id).games.len(),
        1,
        "no rematch while others play"
    );
    // The other ends: all four are paired again, nobody with their last opponent.
    let (other, _) = resign(1).await;
    let last = [&game, &other].map(|g| [g.white.name.clone(), g.black.name.clone()]);
    let again = view_where(&mut pages[0], |v| {
        v.games.len() == 2 && v.games.iter().all(|g| g.id != other.id)
    })
    .await;
    for g in &again.games {
        let pair = [g.white.name.clone(), g.black.name.clone()];
        assert!(
            last.iter()
                .all(|l| !(l.contains(&pair[0]) && l.contains(&pair[1]))),
            "{pair:?}"
        );
    }
}

/// Anna makes a ten-minute arena at once: listed among those being played, as made. Its id.
fn made_and_listed(port: u16, anna: &str) -> String {
    let (code, body) = call(
        person(1),
        port,
        "POST",
        "/api/tournaments",
        r#"{"preset":"cylinder","clock":{"limit":60,"increment":0},"minutes":10,"rated":true}"#,
        anna,
    );
    assert_eq!(code, 201, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = id["id"].as_str().unwrap().to_string();
    let (_, list) = call(person(0), port, "GET", "/api/tournaments", "", "");
    let list: ArenaList = serde_json::from_str(&list).unwrap();
    let listed = list
        .started
        .iter()
        .find(|a| a.id == id)
        .expect("listed as started");
    assert_eq!(
        (listed.preset.as_str(), listed.clock.text(), listed.rated),
        ("cylinder", "1+0".into(), true)
    );
    assert_eq!(listed.creator.as_deref(), Some("anna"));
    id
}

/// Four accounts play arena games on `ports` (each player on one of them, in turn); the first
/// server is restarted mid-tournament by `restart`.
async fn an_arena_is_played(mut servers: Vec<Server>, restart: impl Fn() -> Server) {
    let ports: Vec<u16> = servers.iter().map(|s| s.port).collect();
    // The servers' metrics' ports (a server restarted below has new ones).
    let metrics = |servers: &[Server]| -> Vec<u16> { servers.iter().map(|s| s.metrics).collect() };
    let names = NAMES;
    let at = |i: usize| ports[i % ports.len()];
    let cookies: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| sign_up(person(i + 1), at(i), n, "a long password 1"))
        .collect();
    refusals_and_a_private_arena(ports[0], &cookies[0], &cookies[1]);
    let id = made_and_listed(ports[0], &cookies[0]);
    for (i, cookie) in cookies.iter().enumerate() {
        let (code, body) = call(
            person(i + 1),
            at(i),
            "POST",
            &format!("/api/tournaments/{id}/join"),
            "",
            cookie,
        );
        assert_eq!(code, 204, "{body}");
    }
    // Joined but no page open: nobody is paired, rounds later.
    rounds_pass(&metrics(&servers)).await;
    assert!(
        read(ports[0], &id).games.is_empty(),
        "only players with the page open are paired"
    );
    let mut pages = Vec::new();
    for (i, cookie) in cookies.iter().enumerate() {
        pages.push(arena_page(person(i + 1), at(i), &id, cookie).await);
    }
    let view = view_where(&mut pages[0], |v| v.games.len() == 2).await;
    // The arena's socket only speaks: a page that talks is closed (1008).
    let mut talker = arena_page(person(9), ports[0], &id, "").await;
    futures_util::SinkExt::send(&mut talker, Message::Text("{\"t\":\"hello\"}".into()))
        .await
        .unwrap();
    assert_eq!(closed(&mut talker).await.0, Some(1008));
    let first: Vec<(String, String, String)> = view
        .games
        .iter()
        .map(|g| (g.id.clone(), g.white.name.clone(), g.black.name.clone()))
        .collect();
    let who = |name: &str| names.iter().position(|n| *n == name).unwrap();
    // Game one: White goes berserk, Black resigns. Game two: a draw agreed at once.
    let (g1, w1, b1) = &first[0];
    let mut white = seated(
        person(who(w1) + 1),
        at(who(w1)),
        g1,
        "arena-secret-white-1",
        &cookies[who(w1)],
    )
    .await;
    let state = state_where(&mut white, |s| s.you.is_some()).await;
    assert_eq!(state.arena.as_deref(), Some(id.as_str()));
    assert!(state.rated);
    send(&mut white, &ClientMessage::Berserk).await;
    let state = state_where(&mut white, |s| s.berserk[0]).await;
    assert_eq!(state.left_ms, [30_000, 60_000], "half the time");
    let mut black = seated(
        person(who(b1) + 1),
        at(who(b1)),
        g1,
        "arena-secret-black-1",
        &cookies[who(b1)],
    )
    .await;
    send(&mut black, &ClientMessage::Resign).await;
    state_where(&mut black, |s| s.outcome.is_some()).await;
    let (g2, w2, b2) = &first[1];
    let mut white2 = seated(
        person(who(w2) + 1),
        at(who(w2)),
        g2,
        "arena-secret-white-2",
        &cookies[who(w2)],
    )
    .await;
    let mut black2 = seated(
        person(who(b2) + 1),
        at(who(b2)),
        g2,
        "arena-secret-black-2",
        &cookies[who(b2)],
    )
    .await;
    send(&mut white2, &ClientMessage::Draw).await;
    state_where(&mut black2, |s| s.draw_offer.is_some()).await;
    send(&mut black2, &ClientMessage::Draw).await;
    state_where(&mut black2, |s| s.outcome.is_some()).await;
    // Scored: the winner 2 (a berserk win of no moves earns no point), a draw of no moves 0.
    let view = view_where(&mut pages[0], |v| {
        v.standings.iter().filter(|s| !s.sheet.is_empty()).count() == 4 && v.games.len() == 2
    })
    .await;
    let top = &view.standings[0];
    assert_eq!(
        (top.name.as_str(), top.score, top.rank),
        (w1.as_str(), 2, 1)
    );
    assert_eq!(top.sheet[0].result, SheetResult::Win);
    assert!(top.sheet[0].berserk);
    assert_eq!(top.berserks, 1);
    let loser = view.standings.iter().find(|s| s.name == *b1).unwrap();
    assert_eq!((loser.score, loser.sheet[0].result), (0, SheetResult::Loss));
    for drew in [w2, b2] {
        let s = view.standings.iter().find(|s| s.name == *drew).unwrap();
        assert_eq!(
            (s.score, s.sheet[0].result, s.sheet[0].points),
            (0, SheetResult::Draw, 0),
            "a short draw"
        );
    }
    // Paired again at once, nobody with their last opponent.
    for g in &view.games {
        let pair = [g.white.name.as_str(), g.black.name.as_str()];
        for (_, w, b) in &first {
            assert!(
                !(pair.contains(&w.as_str()) && pair.contains(&b.as_str())),
                "{pair:?} met just now"
            );
        }
    }
    let second: Vec<String> = view.games.iter().map(|g| g.id.clone()).collect();
    // The first server restarts mid-tournament: nothing is lost, and pairing goes on.
    drop(pages);
    let stopped = servers.remove(0);
    drop(stopped);
    servers.insert(0, restart());
    let view = read(ports[0], &id);
    assert_eq!(view.standings[0].name, *w1);
    assert_eq!(view.standings[0].score, 2);
    let mut now: Vec<String> = view.games.iter().map(|g| g.id.clone()).collect();
    now.sort();
    let mut before = second.clone();
    before.sort();
    assert_eq!(now, before, "the games being played are kept");
    pairing_goes_on(&ports, &metrics(&servers), &cookies, &id, view).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_arena_on_one_server_survives_its_restart() {
    let data = site("arenas");
    let port = free_port();
    let server = Server::start(&data, port);
    an_arena_is_played(vec![server], || Server::start(&data, port)).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_arena_on_two_servers_pairs_each_player_once() {
    let url = fresh_database("arenas").await;
    let (pa, pb) = (free_port(), free_port());
    let (da, db) = (site("arenas-a"), site("arenas-b"));
    let a = Server::start_with(&da, pa, &["--database", &url], &[]);
    let b = Server::start_with(&db, pb, &["--database", &url], &[]);
    an_arena_is_played(vec![a, b], || {
        Server::start_with(&da, pa, &["--database", &url], &[])
    })
    .await;
}

/// Whether the answer's head carries `Retry-After`.
fn retry_after(head: &str) -> bool {
    head.to_ascii_lowercase().contains("\r\nretry-after: ")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_private_code_cannot_be_guessed_and_the_caps_say_when_to_come_back() {
    let data = site("arena-codes");
    let port = free_port();
    let _server = Server::start(&data, port);
    let boris = sign_up(person(1), port, "boris", "torus knight 8x14");
    let anna = sign_up(person(2), port, "anna", "torus knight 8x14");
    let private = r#"{"name":"Friends","preset":"folded","clock":{"limit":180,"increment":2},"minutes":30,"starts_in":600,"code":"sesame"}"#;
    let (code, body) = call(person(1), port, "POST", "/api/tournaments", private, &boris);
    assert_eq!(code, 201, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = id["id"].as_str().unwrap().to_string();
    let join = |from: Ipv4Addr, cookie: &str, code: &str| {
        let body = format!(r#"{{"code":"{code}"}}"#);
        request(
            from,
            port,
            "POST",
            &format!("/api/tournaments/{id}/join"),
            &body,
            cookie,
        )
    };
    // One guesser: five wrong codes, then refused with the right one too (the answer must not
    // tell them when they hit it), with Retry-After.
    let guesser = sign_up(person(10), port, "mallory", "torus knight 8x14");
    for n in 0..5 {
        let (head, body) = join(person(10), &guesser, &format!("guess{n}"));
        assert_eq!(status(&head), 400, "{body}");
        assert!(body.contains("not the tournament's code"));
    }
    let (head, body) = join(person(10), &guesser, "sesame");
    assert_eq!(status(&head), 429, "{body}");
    assert!(
        retry_after(&head) && body.contains("too many wrong codes"),
        "{head} {body}"
    );
    // Guessers with accounts of their own: past twenty wrong codes at the arena, each of them is
    // refused there; an invitee who never got it wrong joins with it.
    let mut last = String::new();
    for g in 0..5 {
        last = sign_up(
            person(20 + g),
            port,
            &format!("guesser{g}"),
            "torus knight 8x14",
        );
        for n in 0..3 {
            let (head, body) = join(person(20 + g), &last, &format!("wrong{n}"));
            assert_eq!(status(&head), 400, "guesser {g}, try {n}: {body}");
        }
    }
    let (head, body) = join(person(24), &last, "sesame");
    assert_eq!(status(&head), 429, "{body}");
    assert!(
        retry_after(&head) && body.contains("too many wrong codes"),
        "{head} {body}"
    );
    let (head, body) = join(person(2), &anna, "sesame");
    assert_eq!(status(&head), 204, "{body}");
    // Three arenas to come at most a player; the fourth is refused with when to try again.
    for n in 0..2 {
        let open = private.replace("Friends", &format!("More friends {n}"));
        assert_eq!(
            call(person(1), port, "POST", "/api/tournaments", &open, &boris).0,
            201
        );
    }
    let (head, body) = request(person(1), port, "POST", "/api/tournaments", private, &boris);
    assert_eq!(status(&head), 429, "{body}");
    assert!(retry_after(&head), "{head}");
    let _ = std::fs::remove_dir_all(&data);
}
