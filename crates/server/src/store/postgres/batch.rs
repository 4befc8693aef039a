//! The PostgreSQL store's writers: each takes the writes waiting (at least one) and keeps them in
//! one statement per kind, new games and changed ones, with one commit for all (a group commit,
//! as the SQLite store's writer thread does). A changed game is kept only over the revision it
//! was made from; each game kept is notified in the same statement.

use super::{Record, StoreError, CHANNEL, MOST_IN_A_BATCH};
use crate::store::{color_text, outcome_text, rematch_bits};
use deadpool_postgres::{GenericClient, Pool};
use std::sync::Arc;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::sync::oneshot::Sender;
use topochess_core::Color;

/// A write for a writer, and where its answer goes.
pub(super) struct Write {
    pub record: Record,
    pub lobby: bool,
    pub new: bool,
    pub answer: Sender<Result<bool, StoreError>>,
}

impl Write {
    /// A new game kept inside another transaction (a pair's), notified as a change of the
    /// lobby (its pool's or arena's count of games): no writer answers it.
    pub(super) fn within(record: &Record) -> Write {
        Write {
            record: record.clone(),
            lobby: true,
            new: true,
            answer: tokio::sync::oneshot::channel().0,
        }
    }
}

/// A writer: until the store goes, the writes waiting, kept together.
pub(super) async fn writer(pool: Pool, waiting: Arc<tokio::sync::Mutex<UnboundedReceiver<Write>>>) {
    loop {
        let mut batch = Vec::new();
        {
            let mut waiting = waiting.lock().await;
            if waiting.recv_many(&mut batch, MOST_IN_A_BATCH).await == 0 {
                return;
            }
        }
        let (new, changed): (Vec<Write>, Vec<Write>) = batch.into_iter().partition(|w| w.new);
        // A statement changes a row once: of two changes of one game waiting together (made
        // from one revision, by two callers), the first goes in and the other is refused.
        let mut ids = std::collections::HashSet::new();
        let (changed, repeats): (Vec<Write>, Vec<Write>) =
            changed.into_iter().partition(|w| ids.insert(w.record.id));
        for w in repeats {
            let _ = w.answer.send(Ok(false));
        }
        if !new.is_empty() {
            let kept = create(&pool, &new).await;
            for w in new {
                let _ = w.answer.send(kept.clone().map(|()| true));
            }
        }
        if !changed.is_empty() {
            match save(&pool, &changed).await {
                Ok(kept) => {
                    for (w, kept) in changed.into_iter().zip(kept) {
                        let _ = w.answer.send(kept);
                    }
                }
                Err(e) => {
                    for w in changed {
                        let _ = w.answer.send(Err(e.clone()));
                    }
                }
            }
        }
    }
}

/// The columns of `writes`' records, as arrays for `unnest`.
struct Columns {
    id: Vec<i64>,
    white: Vec<Option<String>>,
    black: Vec<Option<String>>,
    moves: Vec<String>,
    white_ms: Vec<i64>,
    black_ms: Vec<i64>,
    turn_since: Vec<Option<i64>>,
    outcome: Vec<Option<String>>,
    aborted: Vec<bool>,
    draw_offer: Vec<Option<&'static str>>,
    takeback_offer: Vec<Option<&'static str>>,
    rematch: Vec<i16>,
    next_game: Vec<Option<i64>>,
    revision: Vec<i64>,
    deadline: Vec<Option<i64>>,
    lobby: Vec<bool>,
    players: Vec<Option<String>>,
    white_account: Vec<Option<i64>>,
    black_account: Vec<Option<i64>>,
    winner: Vec<Option<&'static str>>,
    declined: Vec<Option<String>>,
}

impl Columns {
    fn of(writes: &[Write]) -> Columns {
        let column = |f: &dyn Fn(&Write) -> i64| writes.iter().map(f).collect::<Vec<_>>();
        let r = |w: &Write| w.record.clone();
        Columns {
            id: column(&|w| w.record.id as i64),
            white: writes.iter().map(|w| r(w).seats[0].clone()).collect(),
            black: writes.iter().map(|w| r(w).seats[1].clone()).collect(),
            moves: writes.iter().map(|w| w.record.moves.join(" ")).collect(),
            white_ms: column(&|w| w.record.left_ms[0] as i64),
            black_ms: column(&|w| w.record.left_ms[1] as i64),
            turn_since: writes
                .iter()
                .map(|w| w.record.turn_since.map(|t| t as i64))
                .collect(),
            outcome: writes
                .iter()
                .map(|w| w.record.outcome.as_ref().map(outcome_text))
                .collect(),
            aborted: writes.iter().map(|w| w.record.aborted).collect(),
            draw_offer: writes
                .iter()
                .map(|w| w.record.draw_offer.map(color_text))
                .collect(),
            takeback_offer: writes
                .iter()
                .map(|w| w.record.takeback_offer.map(color_text))
                .collect(),
            rematch: writes
                .iter()
                .map(|w| rematch_bits(w.record.rematch) as i16)
                .collect(),
            next_game: writes
                .iter()
                .map(|w| w.record.next_game.map(|n| n as i64))
                .collect(),
            revision: column(&|w| w.record.revision as i64),
            deadline: writes
                .iter()
                .map(|w| w.record.deadline.map(|d| d as i64))
                .collect(),
            lobby: writes.iter().map(|w| w.lobby).collect(),
            players: writes.iter().map(|w| w.record.players_text()).collect(),
            white_account: writes
                .iter()
                .map(|w| w.record.account(Color::White).map(|a| a as i64))
                .collect(),
            black_account: writes
                .iter()
                .map(|w| w.record.account(Color::Black).map(|a| a as i64))
                .collect(),
            winner: writes.iter().map(|w| w.record.winner_text()).collect(),
            declined: writes.iter().map(|w| w.record.declined_text()).collect(),
        }
    }
}

/// Keeps the new games `writes` hold, each notified.
async fn create(pool: &Pool, writes: &[Write]) -> Result<(), StoreError> {
    insert(&pool.get().await?, writes).await
}

/// Inserts the new games `writes` hold through `client` (a transaction's too), each notified
/// (a transaction's notifications are sent when it commits, and only then).
pub(super) async fn insert(
    client: &impl GenericClient,
    writes: &[Write],
) -> Result<(), StoreError> {
    let insert = client
        .prepare_cached(&format!(
            "WITH new AS (INSERT INTO games (id, variant, castling, clock_base, clock_increment,
                white, black, moves, white_ms, black_ms, turn_since, outcome, aborted, created,
                draw_offer, takeback_offer, rematch, next_game, public, revision, deadline,
                rated, players, white_account, black_account, winner, declined)
                SELECT * FROM unnest($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::INTEGER[],
                    $5::INTEGER[], $6::TEXT[], $7::TEXT[], $8::TEXT[], $9::BIGINT[],
                    $10::BIGINT[], $11::BIGINT[], $12::TEXT[], $13::BOOLEAN[], $14::BIGINT[],
                    $15::TEXT[], $16::TEXT[], $17::SMALLINT[], $18::BIGINT[], $19::BOOLEAN[],
                    $20::BIGINT[], $21::BIGINT[], $22::SMALLINT[], $23::TEXT[], $24::BIGINT[],
                    $25::BIGINT[], $26::TEXT[], $27::TEXT[])
                RETURNING id, revision, public)
             SELECT pg_notify('{CHANNEL}', 'g ' || id || ' ' || revision || ' '
                || CASE WHEN public THEN '1' ELSE '0' END) FROM new"
        ))
        .await?;
    let c = Columns::of(writes);
    let records = writes.iter().map(|w| &w.record);
    let variant: Vec<&str> = records.clone().map(|r| r.variant.as_str()).collect();
    let castling: Vec<&str> = records.clone().map(|r| r.castling.as_str()).collect();
    let base: Vec<Option<i32>> = records
        .clone()
        .map(|r| r.clock.map(|c| c.0 as i32))
        .collect();
    let increment: Vec<Option<i32>> = records
        .clone()
        .map(|r| r.clock.map(|c| c.1 as i32))
        .collect();
    let created: Vec<i64> = records.clone().map(|r| r.created as i64).collect();
    let rated: Vec<i16> = records.clone().map(|r| r.rated_code()).collect();
    // A new game is notified as listed when it is public (its lobby flag is that).
    let public: Vec<bool> = writes.iter().map(|w| w.record.public || w.lobby).collect();
    client
        .query(
            &insert,
            &[
                &c.id,
                &variant,
                &castling,
                &base,
                &increment,
                &c.white,
                &c.black,
                &c.moves,
                &c.white_ms,
                &c.black_ms,
                &c.turn_since,
                &c.outcome,
                &c.aborted,
                &created,
                &c.draw_offer,
                &c.takeback_offer,
                &c.rematch,
                &c.next_game,
                &public,
                &c.revision,
                &c.deadline,
                &rated,
                &c.players,
                &c.white_account,
                &c.black_account,
                &c.winner,
                &c.declined,
            ],
        )
        .await?;
    Ok(())
}

/// Keeps the changed games `writes` hold, each only over the revision it was made from, each
/// kept one notified; for each write, whether it was kept (an error for a game never created).
async fn save(pool: &Pool, writes: &[Write]) -> Result<Vec<Result<bool, StoreError>>, StoreError> {
    let client = pool.get().await?;
    let update = client
        .prepare_cached(&format!(
            "WITH v AS (SELECT * FROM unnest($1::BIGINT[], $2::TEXT[], $3::TEXT[], $4::TEXT[],
                    $5::BIGINT[], $6::BIGINT[], $7::BIGINT[], $8::TEXT[], $9::BOOLEAN[],
                    $10::TEXT[], $11::TEXT[], $12::SMALLINT[], $13::BIGINT[], $14::BIGINT[],
                    $15::BIGINT[], $16::BOOLEAN[], $17::TEXT[], $18::BIGINT[], $19::BIGINT[],
                    $20::TEXT[], $21::TEXT[])
                AS v(id, white, black, moves, white_ms, black_ms, turn_since, outcome, aborted,
                    draw_offer, takeback_offer, rematch, next_game, revision, deadline, lobby,
                    players, white_account, black_account, winner, declined)),
             kept AS (UPDATE games g SET white = v.white, black = v.black, moves = v.moves,
                    white_ms = v.white_ms, black_ms = v.black_ms, turn_since = v.turn_since,
                    outcome = v.outcome, aborted = v.aborted, draw_offer = v.draw_offer,
                    takeback_offer = v.takeback_offer, rematch = v.rematch,
                    next_game = v.next_game, revision = v.revision, deadline = v.deadline,
                    players = v.players, white_account = v.white_account,
                    black_account = v.black_account, winner = v.winner,
                    declined = v.declined
                FROM v WHERE g.id = v.id AND g.revision = v.revision - 1
                RETURNING g.id, g.revision, v.lobby)
             SELECT id, pg_notify('{CHANNEL}', 'g ' || id || ' ' || revision || ' '
                || CASE WHEN lobby THEN '1' ELSE '0' END) FROM kept"
        ))
        .await?;
    let c = Columns::of(writes);
    let rows = client
        .query(
            &update,
            &[
                &c.id,
                &c.white,
                &c.black,
                &c.moves,
                &c.white_ms,
                &c.black_ms,
                &c.turn_since,
                &c.outcome,
                &c.aborted,
                &c.draw_offer,
                &c.takeback_offer,
                &c.rematch,
                &c.next_game,
                &c.revision,
                &c.deadline,
                &c.lobby,
                &c.players,
                &c.white_account,
                &c.black_account,
                &c.winner,
                &c.declined,
            ],
        )
        .await?;
    let kept: std::collections::HashSet<i64> = rows.iter().map(|r| r.get(0)).collect();
    // Those not kept: changed by another server first, or never created.
    let missed: Vec<i64> =
        c.id.iter()
            .copied()
            .filter(|id| !kept.contains(id))
            .collect();
    let exist: std::collections::HashSet<i64> = match missed.is_empty() {
        true => Default::default(),
        false => client
            .query("SELECT id FROM games WHERE id = ANY($1)", &[&missed])
            .await?
            .iter()
            .map(|r| r.get(0))
            .collect(),
    };
    Ok(c.id
        .iter()
        .map(|id| match (kept.contains(id), exist.contains(id)) {
            (true, _) => Ok(true),
            (false, true) => Ok(false),
            (false, false) => Err(StoreError(format!("no game {:016x} to save", *id as u64))),
        })
        .collect())
}
