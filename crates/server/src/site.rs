//! What every request and socket is served with: the games, the limits per address, and the
//! signal of a shutdown.

use crate::limits::Limits;
use crate::rooms::Rooms;
use std::sync::Arc;
use tokio_util::sync::CancellationToken;

/// What every request is served with.
pub struct Site {
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
