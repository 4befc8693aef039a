//! What every request and socket is served with: the store and the metrics, the games, the
//! live connections' hub, the limits per address, and the signal of a shutdown. A handler
//! reaches each of them here, not through the games.

use crate::limits::Limits;
use crate::metrics::{Metrics, Refusal};
use crate::rooms::{Failure, Rooms};
use crate::store::{Store, StoreError};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// What every request is served with.
pub struct Site {
    /// The store: accounts, ratings, games, pools and arenas.
    pub store: Arc<dyn Store>,
    /// What the server counts.
    pub metrics: Arc<Metrics>,
    /// The games.
    pub rooms: Arc<Rooms>,
    /// The quick-pairing pools.
    pub pools: Arc<crate::pools::Pools>,
    /// The live connections' hub: the players' topics.
    pub hub: Arc<crate::hub::Hub>,
    /// The arena tournaments.
    pub arenas: Arc<crate::arenas::Arenas>,
    /// The limits per address.
    pub limits: Limits,
    /// Behind a reverse proxy: the client's address is the last of `X-Forwarded-For`.
    pub behind_proxy: bool,
    /// Cancelled when the server shuts down: every socket says so and ends.
    pub shutdown: CancellationToken,
}

impl Site {
    /// The store's answer to a request's `what`, its error logged and counted, and answered
    /// with a sentence.
    pub fn stored<T>(&self, what: &str, r: Result<T, StoreError>) -> Result<T, Failure> {
        r.map_err(|e| {
            tracing::error!(error = %e, "the store failed to {what}");
            self.metrics.refused(Refusal::Store);
            Failure::Store(e.0)
        })
    }
}
