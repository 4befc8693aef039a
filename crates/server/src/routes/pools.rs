//! The quick-pairing pools' socket (`crate::pools`): the page's first message joins a pool; the
//! page waits there while the socket is open, and hears its game (or that it left) before the
//! socket closes.

use crate::metrics::Refusal;
use crate::site::Site;
use crate::socket::{close_frame, Out, POLICY, RESTARTING};
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;
use std::time::Duration;
use topochess_protocol::pool::{Pool, PoolNews, PoolRequest};
use topochess_protocol::valid_secret;

/// How long a new socket has to join.
const JOIN_WITHIN: Duration = Duration::from_secs(10);

fn text(news: &PoolNews) -> Message {
    Message::Text(serde_json::to_string(news).expect("news is JSON").into())
}

async fn say(out: &mut Out, news: &PoolNews) -> bool {
    out.send(text(news)).await.is_ok()
}

/// Tells the page it is not in the pool and why, then closes its socket with `code`.
async fn left(out: &mut Out, incoming: &mut crate::socket::In, code: u16, why: &str) {
    let news = PoolNews::Left {
        message: why.to_string(),
    };
    let _ = say(out, &news).await;
    close_frame(out, incoming, code, why).await
}

/// The pool and secret the first message asks for, or why not.
fn read_join(first: Option<Result<Message, axum::Error>>) -> Result<(Pool, String), String> {
    let Some(Ok(Message::Text(body))) = first else {
        return Err("the first message joins a pool".into());
    };
    match serde_json::from_str::<PoolRequest>(&body) {
        Ok(PoolRequest::Join { pool, secret }) => {
            let pool = Pool::of(&pool).ok_or(format!("there is no pool {pool:?}"))?;
            if !valid_secret(&secret) {
                return Err("a malformed secret: 16 to 64 letters, digits and -".into());
            }
            Ok((pool, secret))
        }
        _ => Err("the first message joins a pool: {\"t\":\"join\",\"pool\":...}".into()),
    }
}

/// One page in a pool: joined by its first message, told it waits, then told its game, until
/// it leaves, the player joins from another page, or the server shuts down; its seat goes with
/// the socket however it ends.
pub async fn serve(
    ws: WebSocket,
    site: Arc<Site>,
    counted: crate::limits::OpenSocket,
    account: Option<crate::accounts::Account>,
    from: std::net::IpAddr,
) {
    let _counted = counted;
    let _opened = site.rooms.metrics.opened(crate::metrics::Live::Pool);
    let (mut out, mut incoming) = ws.split();
    let first = tokio::time::timeout(JOIN_WITHIN, incoming.next()).await;
    let (pool, secret) = match first
        .map_err(|_| "no join in time".to_string())
        .and_then(read_join)
    {
        Ok(join) => join,
        Err(why) => {
            site.rooms.metrics.refused(Refusal::BadHello);
            return left(&mut out, &mut incoming, POLICY, &why).await;
        }
    };
    // Waiting in a pool is starting a game: the same budget as creating one, per address and
    // per account, so that pages joining (and leaving) in a loop start no more games.
    if let Err(wait) = site.limits.start_game(from, account.as_ref().map(|a| a.id)) {
        site.rooms.metrics.refused(Refusal::CreateLimit);
        let why = format!(
            "Too many games started from your address: try again in {} s.",
            wait.as_secs() + 1
        );
        return left(&mut out, &mut incoming, POLICY, &why).await;
    }
    let mut joined = match site.pools.join(&pool, &secret, account.as_ref()).await {
        Ok(joined) => joined,
        Err(failure) => {
            return left(&mut out, &mut incoming, 1011, &failure.sentence()).await;
        }
    };
    let waiting = PoolNews::Waiting {
        pool: pool.id(),
        rated: joined.rated,
        rating: joined.rating,
    };
    if say(&mut out, &waiting).await {
        waited(&mut out, &mut incoming, &site, &mut joined).await;
    }
    site.pools.leave(&joined.player, joined.ticket).await;
}

/// Waits for the page's game, its leaving, or the server's shutdown.
async fn waited(
    out: &mut Out,
    incoming: &mut crate::socket::In,
    site: &Site,
    joined: &mut crate::pools::Joined,
) {
    let mut ping = tokio::time::interval(Duration::from_secs(20));
    loop {
        tokio::select! {
            () = site.shutdown.cancelled() => {
                return close_frame(out, incoming, RESTARTING, "the server is restarting").await;
            }
            news = joined.news.recv() => {
                let Some(news) = news else { return };
                let _ = say(out, &news).await;
                return close_frame(out, incoming, 1000, "").await;
            }
            message = incoming.next() => match message {
                Some(Ok(Message::Text(body))) => {
                    if matches!(serde_json::from_str(&body), Ok(PoolRequest::Leave)) {
                        return close_frame(out, incoming, 1000, "").await;
                    }
                    site.rooms.metrics.refused(Refusal::BadMessage);
                    let why = "in a pool, a page may only leave: {\"t\":\"leave\"}";
                    return close_frame(out, incoming, POLICY, why).await;
                }
                Some(Ok(Message::Binary(_))) => {
                    site.rooms.metrics.refused(Refusal::BadMessage);
                    let why = "in a pool, a page may only leave: {\"t\":\"leave\"}";
                    return close_frame(out, incoming, POLICY, why).await;
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if out.send(Message::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}
