//! `topochess-server`: the built site and live games between people, on one port, with the
//! games kept in an SQLite file under the data folder (created on first run, its layout migrated
//! by version).
#![forbid(unsafe_code)]

mod record;
mod referee;
mod rooms;
mod routes;
mod store;

use clap::Parser;
use std::path::PathBuf;
use std::sync::Arc;

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
    /// Where the games are kept (`games.sqlite` inside).
    #[arg(long, default_value = "data")]
    data: PathBuf,
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args = Args::parse();
    std::fs::create_dir_all(&args.data).map_err(|e| format!("{}: {e}", args.data.display()))?;
    let store = store::SqliteStore::open(&args.data.join("games.sqlite"))?;
    let rooms = rooms::Rooms::new(Arc::new(store));
    let app = routes::router(rooms, &args.dist);
    let listener = tokio::net::TcpListener::bind(&args.addr)
        .await
        .map_err(|e| format!("{}: {e}", args.addr))?;
    println!(
        "Topochess on http://{} (games in {})",
        args.addr,
        args.data.display()
    );
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| e.to_string())
}
