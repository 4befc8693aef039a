//! A player's own channel through the real server (`/api/player/socket`): a guest's browser
//! hears its pool game there, an account hears its arena games there (a channel opened late
//! too, and on another server than the pairing's, over PostgreSQL), a malformed hello and a
//! channel that talks are closed, and a shutdown tells the channel as it tells every socket.

use crate::common::*;
use futures_util::{SinkExt, StreamExt};
use std::net::Ipv4Addr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use topochess_protocol::arena::ArenaView;
use topochess_protocol::player::{PairedGame, PairedIn, PlayerNews};
use topochess_protocol::pool::PoolNews;

/// A player's channel from `from` with these cookies, its hello said with `secret`.
pub(crate) async fn channel(
    from: Ipv4Addr,
    port: u16,
    secret: Option<&str>,
    cookie: &str,
) -> Socket {
    let mut socket = upgraded(from, port, "/api/player/socket", cookie).await;
    let hello = match secret {
        Some(secret) => format!(r#"{{"t":"hello","secret":"{secret}"}}"#),
        None => r#"{"t":"hello"}"#.to_string(),
    };
    socket.send(Message::Text(hello.into())).await.unwrap();
    socket
}

/// The channel's next news (within 20 s).
pub(crate) async fn heard(socket: &mut Socket) -> PlayerNews {
    tokio::time::timeout(Duration::from_secs(20), async {
        loop {
            match socket.next().await {
                Some(Ok(Message::Text(t))) => return serde_json::from_str(&t).expect("news"),
                Some(Ok(_)) => continue,
                other => panic!("the channel ended: {other:?}"),
            }
        }
    })
    .await
    .expect("news in time")
}

/// The game the channel is told next.
async fn paired(socket: &mut Socket) -> PairedGame {
    match heard(socket).await {
        PlayerNews::Paired(game) => game,
        other => panic!("told {other:?}, not a game"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guest_hears_its_pool_game_on_its_own_channel() {
    let server = Server::start(&site("channel-pool"), free_port());
    let port = server.port;
    let (sa, sb) = ("channel-a-0123456789ab", "channel-b-0123456789ab");
    let mut ca = channel(person(1), port, Some(sa), "").await;
    assert_eq!(
        heard(&mut ca).await,
        PlayerNews::Listening { account: None }
    );
    let mut cb = channel(person(2), port, Some(sb), "").await;
    assert_eq!(
        heard(&mut cb).await,
        PlayerNews::Listening { account: None }
    );
    let mut a = crate::pools::join(person(1), port, "cylinder-1+0", sa).await;
    let mut b = crate::pools::join(person(2), port, "cylinder-1+0", sb).await;
    let mut told = Vec::new();
    for page in [&mut a, &mut b] {
        loop {
            match crate::pools::news(page).await {
                Some(PoolNews::Waiting { .. }) => continue,
                Some(PoolNews::Paired { id, side }) => {
                    told.push((id, side));
                    break;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    for (channel, (id, side)) in [&mut ca, &mut cb].into_iter().zip(told) {
        let game = paired(channel).await;
        assert_eq!((game.id, game.side), (id, side), "the pool's own game");
        assert_eq!(
            (game.preset.as_str(), game.clock, game.rated),
            ("cylinder", (60, 0), false)
        );
        assert_eq!(
            game.from,
            PairedIn::Pool {
                pool: "cylinder-1+0".into()
            }
        );
    }
    // The channel only listens: a page that talks there is closed, and a hello that is not one
    // is refused.
    ca.send(Message::Text("{\"t\":\"leave\"}".into()))
        .await
        .unwrap();
    assert_eq!(closed(&mut ca).await.0, Some(1008));
    let mut bad = channel(person(3), port, Some("short"), "").await;
    assert_eq!(closed(&mut bad).await.0, Some(1008));
}

/// Two accounts in one arena on `ports` (the pairing's arena pages on the first server): Anna's
/// channel, open before, and Boris's, opened once they play and on the last server, each hear
/// their game and side.
async fn arena_games_are_told(ports: &[u16]) {
    let last = ports[ports.len() - 1];
    let anna = sign_up(person(1), ports[0], "anna", "a long password 1");
    let boris = sign_up(person(2), ports[0], "boris", "a long password 1");
    let mut ca = channel(person(1), last, None, &anna).await;
    assert_eq!(
        heard(&mut ca).await,
        PlayerNews::Listening {
            account: Some("anna".into())
        }
    );
    let new =
        r#"{"preset":"cylinder","clock":{"limit":60,"increment":0},"minutes":10,"rated":true}"#;
    let (head, body) = request(person(1), ports[0], "POST", "/api/tournaments", new, &anna);
    assert_eq!(status(&head), 201, "{body}");
    let id: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = id["id"].as_str().unwrap().to_string();
    let join = format!("/api/tournaments/{id}/join");
    let (head, _) = request(person(2), ports[0], "POST", &join, "", &boris);
    assert_eq!(status(&head), 204);
    let _pages = [
        crate::arenas::arena_page(person(1), ports[0], &id, &anna).await,
        crate::arenas::arena_page(person(2), ports[0], &id, &boris).await,
    ];
    let game = paired(&mut ca).await;
    assert_eq!(
        (game.preset.as_str(), game.clock, game.rated),
        ("cylinder", (60, 0), true)
    );
    assert_eq!(game.from, PairedIn::Arena { arena: id.clone() });
    let (_, view) = request(
        person(0),
        ports[0],
        "GET",
        &format!("/api/tournaments/{id}"),
        "",
        "",
    );
    let view: ArenaView = serde_json::from_str(&view).unwrap();
    let played = &view.games[0];
    assert_eq!(game.id, played.id);
    let anna_side = if played.white.name == "anna" {
        topochess_core::Color::White
    } else {
        topochess_core::Color::Black
    };
    assert_eq!(game.side, anna_side);
    // Opened late, Boris's channel hears the game being played as well.
    let mut cb = channel(person(2), last, None, &boris).await;
    assert!(matches!(heard(&mut cb).await, PlayerNews::Listening { .. }));
    let told = paired(&mut cb).await;
    assert_eq!((told.id, told.side), (game.id, !anna_side));
}

#[tokio::test(flavor = "multi_thread")]
async fn an_account_hears_its_arena_game_on_its_own_channel() {
    let server = Server::start(&site("channel-arena"), free_port());
    arena_games_are_told(&[server.port]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_channel_on_another_server_hears_the_pairing_of_the_first() {
    let url = fresh_database("channel").await;
    let (pa, pb) = (free_port(), free_port());
    let a = Server::start_with(&site("channel-a"), pa, &["--database", &url], &[]);
    let b = Server::start_with(&site("channel-b"), pb, &["--database", &url], &[]);
    arena_games_are_told(&[a.port, b.port]).await;
}

/// A guest's seek on `ports[0]`, its maker's channel on the last server: taken by another
/// guest through the first, the maker hears the game and its side, and so does the taker.
async fn a_seek_taken_is_told(ports: &[u16]) {
    let last = ports[ports.len() - 1];
    let (maker, taker) = ("seek-maker-0123456789", "seek-taker-0123456789");
    let mut channel = channel(person(1), last, Some(maker), "").await;
    assert_eq!(
        heard(&mut channel).await,
        PlayerNews::Listening { account: None }
    );
    let mut takers = channel_of(person(2), ports[0], taker).await;
    let seek = create_from(person(1), ports[0], &folded_game(maker, true));
    let mut taking = connect_from(person(2), ports[0], &seek.id, Some(taker)).await;
    let state = state_at(&mut taking, 0).await;
    assert_eq!(state.you, Some(topochess_core::Color::Black));
    let told = paired(&mut channel).await;
    assert_eq!(
        (told.id.as_str(), told.side, told.from),
        (
            seek.id.as_str(),
            topochess_core::Color::White,
            PairedIn::Seek
        )
    );
    assert_eq!((told.preset.as_str(), told.clock), ("folded", (300, 0)));
    let theirs = paired(&mut takers).await;
    assert_eq!(
        (theirs.id, theirs.side),
        (seek.id.clone(), topochess_core::Color::Black)
    );
}

/// A channel said hello with `secret`, its first news read.
async fn channel_of(from: Ipv4Addr, port: u16, secret: &str) -> Socket {
    let mut socket = channel(from, port, Some(secret), "").await;
    assert!(matches!(
        heard(&mut socket).await,
        PlayerNews::Listening { .. }
    ));
    socket
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guest_hears_its_seek_taken_on_its_own_channel() {
    let server = Server::start(&site("channel-seek"), free_port());
    a_seek_taken_is_told(&[server.port]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_seek_taken_through_another_server_is_told_on_the_makers() {
    let url = fresh_database("seek").await;
    let (pa, pb) = (free_port(), free_port());
    let a = Server::start_with(&site("channel-seek-a"), pa, &["--database", &url], &[]);
    let b = Server::start_with(&site("channel-seek-b"), pb, &["--database", &url], &[]);
    a_seek_taken_is_told(&[a.port, b.port]).await;
}
