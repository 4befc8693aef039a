//! The quick-pairing pools' socket (`crate::pools`), as the hub serves it: the page's first
//! message joins a pool; the page waits there while the socket is open, and hears its game (or
//! that it left) before the socket closes.

use crate::hub::connection::{self, Heard, Kind, Link, POLICY};
use crate::metrics::{Live, Refusal};
use crate::site::Site;
use std::sync::Arc;
use std::time::Duration;
use topochess_protocol::pool::{Pool, PoolNews, PoolRequest};
use topochess_protocol::valid_secret;

/// How long a new socket has to join.
const JOIN_WITHIN: Duration = Duration::from_secs(10);

/// A pool's socket as the hub serves it: a page there may only leave, so a message out of
/// pace closes it.
pub const KIND: Kind = Kind {
    live: Live::Pool,
    farewell: None,
    refusal: None,
    budget: (4.0, 1.0),
};

fn text(news: &PoolNews) -> String {
    serde_json::to_string(news).expect("news is JSON")
}

/// Tells the page it is not in the pool and why, then closes its socket with `code`.
async fn left(link: Link, code: u16, why: &str) {
    let news = PoolNews::Left {
        message: why.to_string(),
    };
    link.say(text(&news)).await;
    link.close(code, why).await
}

/// The pool and secret the first message asks for, or why not.
fn read_join(first: Option<Heard>) -> Result<(Pool, String), String> {
    let Some(first) = first else {
        return Err("no join in time".into());
    };
    let Heard::Text(body) = first else {
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

/// Serves one page in a pool through the hub.
pub async fn serve(
    ws: axum::extract::ws::WebSocket,
    site: Arc<Site>,
    counted: crate::limits::OpenSocket,
    account: Option<crate::accounts::Account>,
    from: std::net::IpAddr,
) {
    let served = site.clone();
    connection::serve(ws, &site.hub, KIND, counted, move |link| async move {
        in_pool(link, &served, account, from).await
    })
    .await;
}

/// One page in a pool: joined by its first message, told it waits, then told its game, until
/// it leaves, the player joins from another page, or the server shuts down; its seat goes with
/// the socket however it ends.
async fn in_pool(
    mut link: Link,
    site: &Site,
    account: Option<crate::accounts::Account>,
    from: std::net::IpAddr,
) {
    let (pool, secret) = match read_join(link.first(JOIN_WITHIN).await) {
        Ok(join) => join,
        Err(why) => {
            site.metrics.refused(Refusal::BadHello);
            return left(link, POLICY, &why).await;
        }
    };
    // Waiting in a pool is starting a game: the same budget as creating one, per address and
    // per account, so that pages joining (and leaving) in a loop start no more games.
    if let Err(wait) = site.limits.start_game(from, account.as_ref().map(|a| a.id)) {
        site.metrics.refused(Refusal::CreateLimit);
        let why = format!(
            "Too many games started from your address: try again in {} s.",
            wait.as_secs() + 1
        );
        return left(link, POLICY, &why).await;
    }
    let mut joined = match site.pools.join(&pool, &secret, account.as_ref()).await {
        Ok(joined) => joined,
        Err(failure) => return left(link, 1011, &failure.sentence()).await,
    };
    let waiting = PoolNews::Waiting {
        pool: pool.id(),
        rated: joined.rated,
        rating: joined.rating,
    };
    // The seat goes with the socket, however it ends.
    let _seat = Seat(site.pools.clone(), joined.player.clone(), joined.ticket);
    if link.say(text(&waiting)).await {
        waited(link, site, &mut joined).await;
    }
}

/// A seat in a pool, taken out when the page's socket ends.
struct Seat(Arc<crate::pools::Pools>, String, u64);

impl Drop for Seat {
    fn drop(&mut self) {
        let (pools, player, ticket) = (self.0.clone(), std::mem::take(&mut self.1), self.2);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { pools.leave(&player, ticket).await });
        }
    }
}

/// Waits for the page's game, or its leaving.
async fn waited(mut link: Link, site: &Site, joined: &mut crate::pools::Joined) {
    let why = "in a pool, a page may only leave: {\"t\":\"leave\"}";
    tokio::select! {
            news = joined.news.recv() => {
                let Some(news) = news else { return };
                link.say(text(&news)).await;
                return link.close(1000, "").await;
            }
            heard = link.hear() => match heard {
                Some(Heard::Text(body)) => {
                    if matches!(serde_json::from_str(&body), Ok(PoolRequest::Leave)) {
                        return link.close(1000, "").await;
                    }
                    site.metrics.refused(Refusal::BadMessage);
                    return link.close(POLICY, why).await;
                }
                Some(Heard::Binary) => {
                    site.metrics.refused(Refusal::BadMessage);
                    return link.close(POLICY, why).await;
                }
                None => {}
            },
    }
}
