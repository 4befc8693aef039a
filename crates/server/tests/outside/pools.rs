//! Quick pairing through the real server: two guests pressing one pool are paired and seated in
//! one game; a page that leaves leaves the pool, and the lobby counts it; a malformed join is
//! refused with a sentence; and on PostgreSQL, two players waiting on two servers are paired.

use crate::common::*;
use futures_util::{SinkExt, StreamExt};
use std::net::Ipv4Addr;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;
use topochess_protocol::pool::{PoolNews, PoolRequest};

/// The pools' socket from `from`, without a word said yet.
async fn pool_socket(from: Ipv4Addr, port: u16) -> Socket {
    let stream = dial(from, port).expect("a connection");
    stream.set_nonblocking(true).unwrap();
    let stream = tokio::net::TcpStream::from_std(stream).unwrap();
    let url = format!("ws://127.0.0.1:{port}/api/pools/socket");
    tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream))
        .await
        .expect("the pools' socket")
        .0
}

/// A page from `from` joining `pool` with `secret`.
pub(crate) async fn join(from: Ipv4Addr, port: u16, pool: &str, secret: &str) -> Socket {
    let mut socket = pool_socket(from, port).await;
    let join = PoolRequest::Join {
        pool: pool.into(),
        secret: secret.into(),
    };
    let text = serde_json::to_string(&join).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
    socket
}

/// The next news, or `None` once the socket ends or says nothing for 10 s.
pub(crate) async fn news(socket: &mut Socket) -> Option<PoolNews> {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(t) = m {
            return Some(serde_json::from_str(&t).expect("pool news"));
        }
    }
}

/// How many wait in `pool`, as the lobby says.
fn waiting(port: u16, pool: &str) -> usize {
    let lobby = lobby(port);
    lobby.pools.iter().find(|p| p.id == pool).unwrap().waiting
}

async fn until_waiting(port: u16, pool: &str, n: usize) {
    let start = Instant::now();
    while waiting(port, pool) != n {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{n} waiting in {pool}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Two pages waiting in one pool: both told one game, opposite sides, at once; each seated
/// there by its secret: their game's sockets.
async fn paired_and_seated(ports: [u16; 2]) -> [Socket; 2] {
    let (sa, sb) = ("pool-a-0123456789abcdef", "pool-b-0123456789abcdef");
    let mut a = join(person(1), ports[0], "folded-3+2", sa).await;
    assert_eq!(
        news(&mut a).await,
        Some(PoolNews::Waiting {
            pool: "folded-3+2".into(),
            rated: false,
            rating: 1500
        })
    );
    until_waiting(ports[1], "folded-3+2", 1).await;
    let mut b = join(person(2), ports[1], "folded-3+2", sb).await;
    assert!(matches!(news(&mut b).await, Some(PoolNews::Waiting { .. })));
    let started = Instant::now();
    let (
        Some(PoolNews::Paired { id, side }),
        Some(PoolNews::Paired {
            id: id_b,
            side: side_b,
        }),
    ) = (news(&mut a).await, news(&mut b).await)
    else {
        panic!("both pages told their game");
    };
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "paired within a round or two"
    );
    assert_eq!(id, id_b);
    assert_ne!(side, side_b);
    // The socket closes after the news.
    assert_eq!(news(&mut a).await, None);
    let mut wa = connect(ports[1], &id, sa).await;
    let mut wb = connect(ports[0], &id, sb).await;
    let (sta, stb) = (state_at(&mut wa, 0).await, state_at(&mut wb, 0).await);
    assert_eq!((sta.you, stb.you), (Some(side), Some(side_b)));
    assert_eq!(sta.clock, Some((180, 2)));
    assert!(sta.public && !sta.rated && sta.seated == [true, true]);
    until_waiting(ports[0], "folded-3+2", 0).await;
    [wa, wb]
}

#[tokio::test(flavor = "multi_thread")]
async fn two_guests_pressing_one_pool_are_paired_into_one_game() {
    let server = Server::start(&site("pools-pair"), free_port());
    let _at_the_board = paired_and_seated([server.port, server.port]).await;
    let lobby = lobby(server.port);
    let count = lobby.pools.iter().find(|p| p.id == "folded-3+2").unwrap();
    assert_eq!(
        count.playing, 1,
        "the game is counted as played in its pool"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_that_leaves_leaves_the_pool_and_a_bad_join_is_refused() {
    let server = Server::start(&site("pools-leave"), free_port());
    let port = server.port;
    let mut page = join(person(3), port, "torus-8x14-10+5", "leaver-0123456789ab").await;
    assert!(matches!(
        news(&mut page).await,
        Some(PoolNews::Waiting { .. })
    ));
    until_waiting(port, "torus-8x14-10+5", 1).await;
    drop(page);
    until_waiting(port, "torus-8x14-10+5", 0).await;

    // Saying leave does the same.
    let mut page = join(person(3), port, "torus-8x14-10+5", "leaver-0123456789ab").await;
    assert!(matches!(
        news(&mut page).await,
        Some(PoolNews::Waiting { .. })
    ));
    let leave = serde_json::to_string(&PoolRequest::Leave).unwrap();
    page.send(Message::Text(leave.into())).await.unwrap();
    until_waiting(port, "torus-8x14-10+5", 0).await;

    // The same browser on two pages: the second takes the first out.
    let mut first = join(person(4), port, "cylinder-1+0", "twice-0123456789abc").await;
    assert!(matches!(
        news(&mut first).await,
        Some(PoolNews::Waiting { .. })
    ));
    let mut second = join(person(4), port, "cylinder-3+2", "twice-0123456789abc").await;
    assert!(matches!(
        news(&mut second).await,
        Some(PoolNews::Waiting { .. })
    ));
    assert!(matches!(
        news(&mut first).await,
        Some(PoolNews::Left { .. })
    ));
    until_waiting(port, "cylinder-1+0", 0).await;
    assert_eq!(waiting(port, "cylinder-3+2"), 1);

    for (body, why) in [
        (
            r#"{"t":"join","pool":"folded-2+1","secret":"0123456789abcdef"}"#,
            "no pool",
        ),
        (
            r#"{"t":"join","pool":"folded-1+0","secret":"short"}"#,
            "malformed secret",
        ),
        (r#"{"t":"leave"}"#, "joins a pool"),
    ] {
        let mut bad = pool_socket(person(5), port).await;
        bad.send(Message::Text(body.into())).await.unwrap();
        match news(&mut bad).await {
            Some(PoolNews::Left { message }) => assert!(message.contains(why), "{message}"),
            other => panic!("{body}: refused, not {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn two_players_waiting_on_two_servers_are_paired() {
    let url = fresh_database("pools").await;
    let a = Server::start_with(&site("pools-a"), free_port(), &["--database", &url], &[]);
    let b = Server::start_with(&site("pools-b"), free_port(), &["--database", &url], &[]);
    paired_and_seated([a.port, b.port]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn pages_joining_in_a_loop_start_no_more_games_than_the_budget() {
    let server = Server::start(&site("pools-budget"), free_port());
    let port = server.port;
    // Twenty pages of one address, each a new guest, join one pool at once: waiting there is
    // starting a game, and an address starts five a minute (as it creates them).
    let mut pages = Vec::new();
    for n in 0..20 {
        pages.push(join(person(90), port, "folded-1+0", &format!("looper-{n:014}")).await);
    }
    let (mut waited, mut refused) = (0, 0);
    for page in pages.iter_mut() {
        match news(page).await {
            Some(PoolNews::Waiting { .. } | PoolNews::Paired { .. }) => waited += 1,
            Some(PoolNews::Left { message }) => {
                assert!(message.contains("Too many games started"), "{message}");
                refused += 1;
            }
            None => panic!("every page is answered"),
        }
    }
    assert_eq!((waited, refused), (5, 15));
    // At most two games came of the five (one waits, or leaves); none of the refused.
    let playing = lobby(port)
        .pools
        .iter()
        .find(|p| p.id == "folded-1+0")
        .unwrap()
        .playing;
    assert!(playing <= 4, "{playing} playing");
    // Another address is not held back by it.
    let mut other = join(person(91), port, "folded-1+0", "another-0123456789").await;
    assert!(matches!(
        news(&mut other).await,
        Some(PoolNews::Waiting { .. } | PoolNews::Paired { .. })
    ));
}

#[tokio::test(flavor = "multi_thread")]
async fn three_servers_pairing_a_hundred_players_at_once_create_a_game_for_each_pair_and_no_other()
{
    let url = fresh_database("pools_three").await;
    let servers: Vec<Server> = (0..3)
        .map(|n| {
            Server::start_with(
                &site(&format!("pools-three-{n}")),
                free_port(),
                &["--database", &url],
                &[],
            )
        })
        .collect();
    // A hundred pages, a third on each server, join one pool at once; every server pairs from
    // the one list in its rounds, racing the others for the same players.
    let pages: Vec<_> = (0..100)
        .map(|n| {
            let port = servers[n % 3].port;
            tokio::spawn(async move {
                let mut page = join(
                    person(300 + n),
                    port,
                    "folded-3+2",
                    &format!("hundred-{n:014}"),
                )
                .await;
                loop {
                    match news(&mut page).await {
                        Some(PoolNews::Waiting { .. }) => continue,
                        Some(PoolNews::Paired { id, side }) => return (id, side),
                        other => panic!("page {n}: {other:?}"),
                    }
                }
            })
        })
        .collect();
    let mut pairs: std::collections::HashMap<String, Vec<topochess_core::Color>> =
        Default::default();
    for page in pages {
        let (id, side) = page.await.unwrap();
        pairs.entry(id).or_default().push(side);
    }
    assert_eq!(pairs.len(), 50, "fifty pairs");
    for (id, sides) in &pairs {
        assert_eq!(sides.len(), 2, "game {id} has two players");
        assert_ne!(sides[0], sides[1], "game {id}: one a side");
    }
    // The games kept: one a pair, none a pair not made left behind.
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let games: i64 = client
        .query_one("SELECT count(*) FROM games", &[])
        .await
        .unwrap()
        .get(0);
    assert_eq!(games, 50);
}
