//! The hub: the one door of every live connection, as lila-ws is for lichess. A game's socket,
//! the pools', an arena's and a player's own channel are opened by one function of the routes
//! (the session's cookie read, the address's limits on sockets, as the lobby's stream is too),
//! and each runs on one pump ([`connection`]) that does what every kind shares: the first message waited for
//! within its time, the per-connection budget of messages, pings and the idle timeout, the
//! metrics by kind, and the shutdown (every kind told, in its own words, and closed).
//!
//! A feature never holds a socket: it is given a [`connection::Link`] to say and hear text
//! through, and it publishes what a player must hear wherever they are to that player's topic
//! ([`Hub::tell`]). Within a server the topics are in memory; between servers, what a topic is
//! told comes from the store, which every server reads each round (a pool's seat paired, an
//! arena's pairing), so a channel on any server hears it, and a notice lost on the way is told
//! again the next round.

pub mod connection;
pub mod player;

use crate::metrics::Metrics;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio_util::sync::CancellationToken;
use topochess_protocol::player::PlayerNews;

/// The players' topics that channels here listen to: a player's key (`a:<account>` for an
/// account, `g:<proof>` for a guest's browser) to the channels listening for it.
pub struct Hub {
    topics: Mutex<Topics>,
    /// The next channel's number.
    next: std::sync::atomic::AtomicU64,
    /// The metrics its connections are counted in.
    metrics: Arc<Metrics>,
    /// Cancelled when the server shuts down: every connection is told and closed.
    shutdown: CancellationToken,
}

/// Each topic's channels here, by number.
type Topics = HashMap<String, HashMap<u64, UnboundedSender<Arc<PlayerNews>>>>;

/// A channel's place in its topics, left when this is dropped.
pub struct Listening {
    hub: Arc<Hub>,
    id: u64,
    keys: Vec<String>,
    /// What the topics are told.
    pub news: UnboundedReceiver<Arc<PlayerNews>>,
    /// The channel's own way in: its news never ends while it listens, topics or none.
    _tell: UnboundedSender<Arc<PlayerNews>>,
}

impl Drop for Listening {
    fn drop(&mut self) {
        let mut topics = self.hub.topics();
        for key in &self.keys {
            if let Some(channels) = topics.get_mut(key) {
                channels.remove(&self.id);
                if channels.is_empty() {
                    topics.remove(key);
                }
            }
        }
    }
}

impl Hub {
    /// No connection yet: they will be counted in `metrics`, and closed when `shutdown` is
    /// cancelled.
    pub fn new(metrics: Arc<Metrics>, shutdown: CancellationToken) -> Arc<Hub> {
        Arc::new(Hub {
            topics: Mutex::default(),
            next: Default::default(),
            metrics,
            shutdown,
        })
    }

    fn topics(&self) -> std::sync::MutexGuard<'_, Topics> {
        self.topics.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A channel listening to the topics of `keys` (one player's: their account and their
    /// browser) until it is dropped.
    pub fn listen(self: &Arc<Self>, keys: Vec<String>) -> Listening {
        let (tell, news) = unbounded_channel();
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let mut topics = self.topics();
        for key in &keys {
            topics
                .entry(key.clone())
                .or_default()
                .insert(id, tell.clone());
        }
        Listening {
            hub: self.clone(),
            id,
            keys,
            news,
            _tell: tell,
        }
    }

    /// The signal of the server's shutdown, which closes every connection.
    pub fn shutdown(&self) -> CancellationToken {
        self.shutdown.clone()
    }

    /// The accounts a channel here listens for (a page's channel, a program's event stream).
    pub fn accounts(&self) -> Vec<u64> {
        let mut accounts: Vec<u64> = self
            .topics()
            .keys()
            .filter_map(|k| k.strip_prefix("a:")?.parse().ok())
            .collect();
        accounts.sort_unstable();
        accounts
    }

    /// Whether a channel here listens to `key`'s topic.
    pub fn listened(&self, key: &str) -> bool {
        self.topics().contains_key(key)
    }

    /// Tells every channel here that listens to `key`'s topic.
    pub fn tell(&self, key: &str, news: PlayerNews) {
        let topics = self.topics();
        if let Some(channels) = topics.get(key) {
            let news = Arc::new(news);
            for tell in channels.values() {
                let _ = tell.send(news.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paired(id: &str) -> PlayerNews {
        PlayerNews::Listening {
            account: Some(id.into()),
        }
    }

    #[test]
    fn a_topic_tells_its_channels_and_is_gone_with_the_last() {
        let hub = Hub::new(Arc::default(), CancellationToken::new());
        let mut one = hub.listen(vec!["a:1".into(), "g:x".into()]);
        let mut two = hub.listen(vec!["a:1".into()]);
        hub.tell("a:1", paired("first"));
        hub.tell("g:x", paired("second"));
        hub.tell("a:2", paired("nobody's"));
        assert_eq!(*one.news.try_recv().unwrap(), paired("first"));
        assert_eq!(*one.news.try_recv().unwrap(), paired("second"));
        assert_eq!(*two.news.try_recv().unwrap(), paired("first"));
        assert!(two.news.try_recv().is_err());
        drop(one);
        assert!(hub.listened("a:1") && !hub.listened("g:x"));
        drop(two);
        assert!(!hub.listened("a:1"));
    }
}
