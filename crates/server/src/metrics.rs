//! What the server counts, for `/metrics` in the Prometheus text format: games open, live
//! connections by kind, moves, a move's time in the server, the store's write time, refusals by
//! reason, and the arenas' rounds.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use std::time::Duration;

/// Why the server refused something (a label of `topochess_refusals_total`).
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub enum Refusal {
    /// Too many games created from one address.
    CreateLimit,
    /// Too many lobby reads from one address.
    LobbyLimit,
    /// Too many programs' requests from one address.
    ApiLimit,
    /// Too many QR codes from one address.
    QrLimit,
    /// Too many new sockets from one address.
    SocketLimit,
    /// Too many sockets open at once from one address.
    SocketsOpen,
    /// Too many open seeks from one address.
    SeekLimit,
    /// A socket's first message was not a well-formed hello.
    BadHello,
    /// A message that is not one of the protocol's.
    BadMessage,
    /// A connection sent messages faster than its budget.
    SlowDown,
    /// The referee refused a message (out of turn, illegal, for another ply...).
    Refereed,
    /// A request the server could not answer because the store failed.
    Store,
    /// A panic, caught with its connection.
    Fault,
    /// A change made over a game another server had changed first (made again on the game as
    /// kept).
    Raced,
    /// Too many sign-in attempts from one address or at one name.
    LoginLimit,
    /// Too many accounts made from one address.
    SignupLimit,
    /// A wrong name or password.
    BadLogin,
    /// A request carrying a session from another site's page.
    CrossSite,
    /// A connection over the cap of one address or of all, closed as it was accepted.
    Connections,
}

impl Refusal {
    fn label(self) -> &'static str {
        match self {
            Refusal::CreateLimit => "create_limit",
            Refusal::LobbyLimit => "lobby_limit",
            Refusal::ApiLimit => "api_limit",
            Refusal::QrLimit => "qr_limit",
            Refusal::SocketLimit => "socket_limit",
            Refusal::SocketsOpen => "sockets_open",
            Refusal::SeekLimit => "seek_limit",
            Refusal::BadHello => "bad_hello",
            Refusal::BadMessage => "bad_message",
            Refusal::SlowDown => "slow_down",
            Refusal::Refereed => "refereed",
            Refusal::Raced => "raced",
            Refusal::Store => "store",
            Refusal::Fault => "fault",
            Refusal::LoginLimit => "login_limit",
            Refusal::SignupLimit => "signup_limit",
            Refusal::BadLogin => "bad_login",
            Refusal::CrossSite => "cross_site",
            Refusal::Connections => "connections",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Reason {
    reason: &'static str,
}

/// A kind of live connection (a label of `topochess_sockets`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Live {
    /// A game's WebSocket (a player's or a spectator's).
    Game,
    /// The pools' WebSocket of a player waiting.
    Pool,
    /// An arena's WebSocket.
    Arena,
    /// The lobby's stream of events.
    Lobby,
    /// A player's own channel.
    Player,
}

impl Live {
    fn label(self) -> &'static str {
        match self {
            Live::Game => "game",
            Live::Pool => "pool",
            Live::Arena => "arena",
            Live::Lobby => "lobby",
            Live::Player => "player",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Kind {
    kind: &'static str,
}

/// A live connection counted while it is open (dropped: no longer).
pub struct Opened(Gauge);

impl Drop for Opened {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// The server's counters, gauges and histograms.
pub struct Metrics {
    registry: Registry,
    games_open: Gauge,
    sockets: Family<Kind, Gauge>,
    /// Connections open now, of every kind (HTTP, and the WebSockets of games, pools, arenas).
    pub connections: Gauge,
    moves: Counter,
    move_seconds: Histogram,
    write_seconds: Histogram,
    refusals: Family<Reason, Counter>,
    arena_rounds: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("topochess");
        let games_open = Gauge::default();
        let sockets = Family::<Kind, Gauge>::default();
        // Every kind printed from the start, at 0 while none is open.
        for kind in [
            Live::Game,
            Live::Pool,
            Live::Arena,
            Live::Lobby,
            Live::Player,
        ] {
            drop(sockets.get_or_create(&Kind { kind: kind.label() }));
        }
        let moves = Counter::default();
        // 0.5 ms to about 4 s, doubling.
        let buckets =
            || prometheus_client::metrics::histogram::exponential_buckets(0.0005, 2.0, 14);
        let move_seconds = Histogram::new(buckets());
        let write_seconds = Histogram::new(buckets());
        let refusals = Family::<Reason, Counter>::default();
        registry.register("games_open", "Games open in memory", games_open.clone());
        registry.register(
            "sockets",
            "Live connections open (WebSockets and the lobby's stream), by kind",
            sockets.clone(),
        );
        let connections = Gauge::default();
        registry.register(
            "connections",
            "Connections open, of every kind (HTTP and WebSocket)",
            connections.clone(),
        );
        registry.register("moves", "Moves accepted", moves.clone());
        registry.register(
            "move_seconds",
            "A move's time in the server: from its message to its state sent to the mover",
            move_seconds.clone(),
        );
        registry.register(
            "store_write_seconds",
            "The store's time to keep a game",
            write_seconds.clone(),
        );
        registry.register("refusals", "Requests refused, by reason", refusals.clone());
        let arena_rounds = Counter::default();
        registry.register(
            "arena_rounds",
            "The arenas' rounds run (pairing, ends, standings), one a second",
            arena_rounds.clone(),
        );
        Metrics {
            registry,
            games_open,
            sockets,
            connections,
            moves,
            move_seconds,
            write_seconds,
            refusals,
            arena_rounds,
        }
    }
}

impl Metrics {
    /// A live connection of `kind` opened: counted until the answer is dropped.
    pub fn opened(&self, kind: Live) -> Opened {
        let gauge = self
            .sockets
            .get_or_create(&Kind { kind: kind.label() })
            .clone();
        gauge.inc();
        Opened(gauge)
    }

    /// One refusal for `why`.
    pub fn refused(&self, why: Refusal) {
        self.refusals
            .get_or_create(&Reason {
                reason: why.label(),
            })
            .inc();
    }

    /// One move accepted, `took` after its message arrived.
    pub fn moved(&self, took: Duration) {
        self.moves.inc();
        self.move_seconds.observe(took.as_secs_f64());
    }

    /// One arena round run (the tests wait for rounds, not for seconds).
    pub fn arena_round(&self) {
        self.arena_rounds.inc();
    }

    /// One write to the store, of `took`.
    pub fn wrote(&self, took: Duration) {
        self.write_seconds.observe(took.as_secs_f64());
    }

    /// The text Prometheus reads, with `games_open` games open.
    pub fn text(&self, games_open: usize) -> String {
        self.games_open.set(games_open as i64);
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)
            .expect("writing to a String does not fail");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_names_every_metric_and_counts_refusals_by_reason() {
        let m = Metrics::default();
        let none = m.text(0);
        assert!(
            none.lines()
                .any(|l| l == "topochess_sockets{kind=\"arena\"} 0"),
            "{none}"
        );
        m.refused(Refusal::CreateLimit);
        m.refused(Refusal::CreateLimit);
        m.refused(Refusal::BadHello);
        m.moved(Duration::from_millis(3));
        m.wrote(Duration::from_millis(1));
        let game = m.opened(Live::Game);
        let (pool, _arena) = (m.opened(Live::Pool), m.opened(Live::Arena));
        drop(pool);
        let _lobby = [m.opened(Live::Lobby), m.opened(Live::Lobby)];
        let text = m.text(7);
        for line in [
            "topochess_games_open 7",
            "topochess_sockets{kind=\"game\"} 1",
            "topochess_sockets{kind=\"pool\"} 0",
            "topochess_sockets{kind=\"arena\"} 1",
            "topochess_sockets{kind=\"lobby\"} 2",
            "topochess_moves_total 1",
            "topochess_refusals_total{reason=\"create_limit\"} 2",
            "topochess_refusals_total{reason=\"bad_hello\"} 1",
            "topochess_move_seconds_count 1",
            "topochess_store_write_seconds_count 1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} in\n{text}");
        }
        drop(game);
        assert!(m
            .text(7)
            .lines()
            .any(|l| l == "topochess_sockets{kind=\"game\"} 0"));
    }
}
