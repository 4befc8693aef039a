//! `topochess-server`: the built site and live games between people, on one port, with the
//! games kept in an SQLite file under the data folder (created on first run, its layout migrated
//! by version), or with `--database postgres://...` in PostgreSQL, shared by any number of
//! servers. `topochess-server backup FILE` copies the SQLite database while games go on.
#![forbid(unsafe_code)]

mod accounts;
mod arenas;
mod challenges;
mod door;
mod hub;
mod lichess;
mod limits;
mod metrics;
mod play;
mod pools;
mod ratings;
mod record;
mod referee;
mod room;
mod rooms;
mod routes;
mod site;
mod store;
mod time;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Serves Topochess and its live games.
#[derive(Parser)]
#[command(version, about)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// The built site (`trunk build --release` writes it).
    #[arg(long, default_value = "dist")]
    dist: PathBuf,
    /// Where the games are kept (`games.sqlite` inside), without `--database`.
    #[arg(long, default_value = "data")]
    data: PathBuf,
    /// The games in PostgreSQL instead (`postgres://USER[:PASSWORD]@HOST[:PORT]/DB`), shared by
    /// every server given the same database.
    #[arg(long, env = "DATABASE_URL")]
    database: Option<String>,
    /// Behind a reverse proxy on this machine: a client's address is the last one of
    /// `X-Forwarded-For` (without it, anyone could choose their address for the limits).
    #[arg(long)]
    behind_proxy: bool,
    /// Where the metrics are served (`GET /metrics`, Prometheus text), apart from the site: an
    /// address only the operator's scraper reaches (`127.0.0.1:9100`, say). Without it they are
    /// not served; the public port never serves them.
    #[arg(long)]
    metrics_addr: Option<String>,
    /// Games an address may create a minute.
    #[arg(long, default_value_t = limits::Quotas::default().games_per_minute)]
    games_per_minute: u32,
    /// Sockets an address may have open at once.
    #[arg(long, default_value_t = limits::Quotas::default().sockets_open)]
    sockets_per_address: usize,
    /// Connections (HTTP and WebSocket) an address may have open at once; more are closed as
    /// they come. Not counted behind a proxy, which bounds its own clients.
    #[arg(long, default_value_t = 128)]
    connections_per_address: usize,
    /// Seconds a connection has to send a request's head: a new one, or one idle between
    /// requests, is closed after them.
    #[arg(long, default_value_t = 15)]
    head_timeout: u64,
    /// A development server, never a production one: allows the switches below, which only
    /// tests use.
    #[arg(long)]
    dev: bool,
    /// The server's time in the tests' hands: `POST /api/dev/clock` with `{"advance": MS}` moves
    /// it forward (flags fall, arenas start and end, pairing rounds and forfeits come at once).
    /// Refused without `--dev`.
    #[arg(long, requires = "dev")]
    test_clock: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Copies the games' database to FILE with SQLite's online backup, while the server runs.
    Backup {
        /// The copy to write (a new SQLite file).
        file: PathBuf,
    },
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let files = door::raise_file_limit();
    if let Some(Command::Backup { file }) = &args.command {
        if args.database.is_some() {
            return Err("backup copies the SQLite store; back PostgreSQL up with pg_dump".into());
        }
        std::fs::create_dir_all(&args.data).map_err(|e| format!("{}: {e}", args.data.display()))?;
        let store = store::SqliteStore::open(&args.data.join("games.sqlite"))?;
        store
            .backup(file)
            .await
            .map_err(|e| format!("{}: {e}", file.display()))?;
        println!("backed up to {}", file.display());
        return Ok(());
    }
    let store = store::open(args.database.as_deref(), &args.data).await?;
    let metrics = Arc::new(metrics::Metrics::default());
    faults_counted(metrics.clone());
    let rooms = rooms::Rooms::new(store, metrics);
    match rooms.resume_clocks().await {
        Ok(n) => tracing::info!(clocks = n, "watching the running clocks"),
        Err(_) => return Err("the store could not list the running clocks".into()),
    }
    // Rated games that ended while no server could rate them (one stopped between the two).
    let settled = rooms.settle_all().await;
    if settled > 0 {
        tracing::info!(games = settled, "rated the games left unrated");
    }
    let hub = rooms.hub.clone();
    let shutdown = hub.shutdown();
    let site = Arc::new(site::Site {
        store: rooms.store().clone(),
        metrics: rooms.metrics.clone(),
        rooms: rooms.clone(),
        hub: hub.clone(),
        pools: pools::Pools::new(rooms.clone()),
        arenas: arenas::Arenas::new(rooms.clone()),
        limits: limits::Limits::new(limits::Quotas {
            games_per_minute: args.games_per_minute,
            sockets_open: args.sockets_per_address,
            ..limits::Quotas::default()
        }),
        behind_proxy: args.behind_proxy,
        shutdown,
    });
    tokio::spawn(sweeper(site.clone()));
    rooms.start(site.shutdown.clone());
    tokio::spawn(rooms.clone().keep_lobby(site.shutdown.clone()));
    tokio::spawn(site.pools.clone().run(site.shutdown.clone()));
    tokio::spawn(site.arenas.clone().run(site.shutdown.clone()));
    if let Some(addr) = &args.metrics_addr {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| format!("--metrics-addr {addr}: {e}"))?;
        let metrics = routes::metrics_router(site.clone());
        let stopping = site.shutdown.clone();
        tokio::spawn(async move {
            let served = axum::serve(listener, metrics)
                .with_graceful_shutdown(async move { stopping.cancelled().await })
                .await;
            if let Err(e) = served {
                tracing::error!(%e, "the metrics' listener stopped");
            }
        });
        tracing::info!(%addr, "metrics served");
    }
    let mut app = routes::router(site.clone(), &args.dist);
    if args.test_clock {
        tracing::warn!("the test clock is on: POST /api/dev/clock moves the server's time");
        app = app.merge(routes::test_clock());
    }
    let app = app.layer(axum::middleware::from_fn(door::close_refused_upgrades));
    let caps = door::Caps {
        per_address: (!args.behind_proxy).then_some(args.connections_per_address),
        total: door::Caps::total_for_files(files),
        head_timeout: Duration::from_secs(args.head_timeout.max(1)),
    };
    let listener = tokio::net::TcpListener::bind(&args.addr)
        .await
        .map_err(|e| format!("{}: {e}", args.addr))?;
    let kept_in = match &args.database {
        Some(_) => "PostgreSQL".to_string(),
        None => args.data.display().to_string(),
    };
    println!("Topochess on http://{} (games in {kept_in})", args.addr);
    let stopping = site.shutdown.clone();
    let connections = door::Count::new(caps, site.metrics.connections.clone());
    door::serve(
        listener,
        app,
        connections.clone(),
        site.metrics.clone(),
        async move {
            stop_signal().await;
            tracing::info!("shutting down: telling every page");
            stopping.cancel();
        },
    )
    .await;
    // Every socket (a game's, a pool's, an arena's, the lobby's stream) says the server is
    // restarting and ends, once its message in hand is kept.
    for _ in 0..500 {
        if connections.open() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tracing::info!("stopped");
    Ok(())
}

/// SIGTERM (systemd's stop) or Ctrl-C.
async fn stop_signal() {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = term.recv() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
}

/// Every five seconds: rooms nobody holds are closed; every minute, idle addresses and old
/// sign-in attempts forgotten and rated games left unrated (a store that failed) rated; every
/// hour, games that never started deleted.
async fn sweeper(site: Arc<site::Site>) {
    let mut tick = tokio::time::interval(Duration::from_secs(5));
    let mut n = 0u64;
    loop {
        tick.tick().await;
        site.rooms.close_idle();
        if n.is_multiple_of(12) {
            site.limits.forget_idle();
            let before = rooms::now_ms().saturating_sub(accounts::LOGIN_WINDOW_MS);
            let forgot = site.store.forget_login_tries(before).await;
            let _ = site.stored("forget old sign-in attempts", forgot);
            site.rooms.settle_all().await;
        }
        if n.is_multiple_of(720) {
            site.rooms.prune().await;
        }
        n += 1;
    }
}

/// A panic is logged and counted; it ends its own task (the server's profile unwinds), and the
/// connection that ran into it.
fn faults_counted(metrics: Arc<metrics::Metrics>) {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        metrics.refused(metrics::Refusal::Fault);
        tracing::error!(%info, "a fault: its connection ends, the others go on");
        default(info);
    }));
}
