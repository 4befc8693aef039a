//! A player's own channel (`GET /api/player/socket`, `docs/api.md`): the page says who it is
//! (its browser's secret, in a [`Hello`]; a signed-in page is known by its cookie too), and is
//! told what the player's topics are told: a game paired in a pool or an arena, once a channel.
//! The channel only listens.

use super::connection::{Heard, Kind, Link, POLICY};
use super::Hub;
use crate::accounts::Account;
use crate::metrics::{Live, Refusal};
use crate::record::seat_proof;
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::Duration;
use topochess_protocol::player::PlayerNews;
use topochess_protocol::{valid_secret, Hello};

/// How long a new channel has to say hello.
const HELLO_WITHIN: Duration = Duration::from_secs(10);
/// The games a channel remembers having told, so that each is told once.
const TOLD_KEPT: usize = 64;

/// A player's channel as the hub serves it: it only listens, so any message after the hello
/// closes it.
pub const KIND: Kind = Kind {
    live: Live::Player,
    farewell: None,
    refusal: None,
    budget: (4.0, 1.0),
};

/// The topic of an account.
pub fn account_key(account: u64) -> String {
    format!("a:{account}")
}

/// The topic of a guest's browser, by its seat's proof (the hash of its secret).
pub fn guest_key(proof: &str) -> String {
    format!("g:{proof}")
}

/// The hello, if the first message is a well-formed one in time.
fn hello(first: Option<Heard>) -> Option<Hello> {
    let Some(Heard::Text(text)) = first else {
        return None;
    };
    serde_json::from_str::<Hello>(&text)
        .ok()
        .filter(|h| h.secret.as_deref().is_none_or(valid_secret))
}

/// Listens to the player's topics for the page (signed in as `account`, if it is) until it
/// closes.
pub async fn listen(mut link: Link, hub: Arc<Hub>, account: Option<Account>) {
    let Some(hello) = hello(link.first(HELLO_WITHIN).await) else {
        hub.metrics.refused(Refusal::BadHello);
        let why = "the first message says who you are: {\"t\":\"hello\",\"secret\":...}";
        return link.close(POLICY, why).await;
    };
    let keys: Vec<String> = account
        .as_ref()
        .map(|a| account_key(a.id))
        .into_iter()
        .chain(
            hello
                .secret
                .as_deref()
                .map(|s| format!("g:{}", seat_proof(s))),
        )
        .collect();
    let mut listening = hub.listen(keys);
    let said = PlayerNews::Listening {
        account: account.map(|a| a.name),
    };
    if !link.say(json(&said)).await {
        return;
    }
    let mut told: VecDeque<String> = VecDeque::new();
    loop {
        tokio::select! {
            news = listening.news.recv() => {
                let Some(news) = news else { return };
                if let PlayerNews::Paired(game) = &*news {
                    if told.contains(&game.id) {
                        continue;
                    }
                    told.push_back(game.id.clone());
                    if told.len() > TOLD_KEPT {
                        told.pop_front();
                    }
                }
                if !link.say(json(&news)).await {
                    return;
                }
            }
            heard = link.hear() => {
                if heard.is_none() {
                    return;
                }
                hub.metrics.refused(Refusal::BadMessage);
                return link.close(POLICY, "a player's channel only listens").await;
            }
        }
    }
}

fn json(news: &PlayerNews) -> String {
    serde_json::to_string(news).expect("news is JSON")
}
