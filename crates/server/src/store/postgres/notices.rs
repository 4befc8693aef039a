//! The notices a server tells the others that change nothing kept: a player's own channel told
//! that a seat of their game was taken. One task a server sends them: those waiting go out in one
//! transaction, which does not wait for the log's sync (the game they tell of was kept, and
//! synced, before). A notifying transaction holds the database's one lock of its notification
//! queue from its commit until the commit returns, so each notice in a transaction of its own,
//! waiting for a sync, made every other notifying commit wait behind it, the games' writes of
//! both servers among them: 4,000 seats taken within a second held up every move for seconds.

use super::{StoreError, CHANNEL};
use deadpool_postgres::Pool;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::oneshot::Sender;

/// A notice's text, and where its answer goes once it is sent.
pub(super) struct Notice {
    pub payload: String,
    pub answer: Sender<Result<(), StoreError>>,
}

/// The most notices in one transaction.
const MOST_AT_ONCE: usize = 512;

/// Until the store goes: the notices waiting, sent together, each answered; `transactions`
/// counts the transactions they went out in.
pub(super) async fn notifier(
    pool: Pool,
    mut waiting: UnboundedReceiver<Notice>,
    transactions: Arc<AtomicU64>,
) {
    let mut notices = Vec::new();
    while waiting.recv_many(&mut notices, MOST_AT_ONCE).await > 0 {
        let payloads: Vec<&str> = notices.iter().map(|n| n.payload.as_str()).collect();
        let sent = send(&pool, &payloads).await;
        transactions.fetch_add(1, Ordering::Relaxed);
        for n in notices.drain(..) {
            let _ = n.answer.send(sent.clone());
        }
    }
}

/// `payloads` in one transaction, in order. (The database sends one of two alike in one
/// transaction: the same news for the same player, told once.)
async fn send(pool: &Pool, payloads: &[&str]) -> Result<(), StoreError> {
    let mut client = pool.get().await?;
    let t = client.transaction().await?;
    t.batch_execute("SET LOCAL synchronous_commit TO OFF")
        .await?;
    t.execute(
        "SELECT pg_notify($1, p) FROM unnest($2::TEXT[]) WITH ORDINALITY AS n(p, i) ORDER BY i",
        &[&CHANNEL, &payloads],
    )
    .await?;
    t.commit().await?;
    Ok(())
}
