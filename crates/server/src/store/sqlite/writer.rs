//! The writer thread: the one connection that writes. Each turn it takes the writes waiting (at
//! least one, in the order they came) into one transaction, one sync to disk for all of them (a
//! group commit), and answers each once it is committed: the games' writes, and every other
//! write (accounts, ratings, arenas, pools), each in a savepoint of its own so that one that
//! fails is undone alone. One connection writes, so no write waits for SQLite's lock: a second
//! writing connection had the games' writes wait in SQLite's busy handler, which sleeps up to
//! 100 ms between tries, and an account's write alone cost the games behind it a sync to disk.

use super::{insert, update};
use crate::record::Record;
use crate::store::StoreError;
use rusqlite::Connection;

/// A game's write, and where its answer goes.
pub(super) struct GameWrite {
    pub record: Record,
    pub new: bool,
    pub answer: tokio::sync::oneshot::Sender<Result<bool, StoreError>>,
}

/// Any other write: its work, run in the transaction (whether it is to be kept), and its
/// answer, told whether the transaction was committed (or the error that kept it from running).
pub(super) struct OwnWrite {
    pub work: Box<dyn FnOnce(&Connection) -> bool + Send>,
    pub answer: Answer,
}

/// An answer, told the fate of the transaction its write was in.
pub(super) type Answer = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// What the writer thread is given.
pub(super) enum Write {
    /// A game's write.
    Game(Box<GameWrite>),
    /// Any other write, run in the transaction.
    Own(OwnWrite),
}

/// The error of a write the writer thread did not answer.
pub(super) fn writer_stopped() -> StoreError {
    StoreError("the store's writer has stopped".into())
}

/// The most writes in one transaction.
const MOST_IN_A_COMMIT: usize = 512;

/// The writer thread, until the store goes: each turn, the writes waiting in one transaction.
pub(super) fn writer(db: Connection, writes: std::sync::mpsc::Receiver<Write>) {
    while let Ok(first) = writes.recv() {
        let mut batch = vec![first];
        while batch.len() < MOST_IN_A_COMMIT {
            match writes.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        commit(&db, batch);
    }
}

/// `batch` in one transaction, each write answered once it is committed (or with the error that
/// stopped it).
fn commit(db: &Connection, batch: Vec<Write>) {
    let begun = db
        .execute_batch("BEGIN IMMEDIATE")
        .map_err(StoreError::from);
    let answers: Vec<Answer> = batch
        .into_iter()
        .map(|w| match (w, begun.is_ok()) {
            (Write::Game(w), true) => {
                let result = match w.new {
                    true => insert(db, &w.record).map(|()| true),
                    false => update(db, &w.record),
                };
                answer_game(*w, result)
            }
            (Write::Own(w), true) => own(db, w),
            // Nothing run: each is told the error that kept the transaction from beginning.
            (Write::Game(w), false) => answer_game(*w, Ok(false)),
            (Write::Own(w), false) => w.answer,
        })
        .collect();
    let committed = begun.and_then(|()| db.execute_batch("COMMIT").map_err(StoreError::from));
    if committed.is_err() {
        let _ = db.execute_batch("ROLLBACK");
    }
    for answer in answers {
        answer(committed.clone());
    }
}

/// A game's answer once the transaction's fate is known: its own result if committed.
fn answer_game(w: GameWrite, result: Result<bool, StoreError>) -> Answer {
    Box::new(move |committed: Result<(), StoreError>| {
        let _ = w.answer.send(committed.and(result));
    })
}

/// Another write, in a savepoint of its own: kept, or undone when it failed.
fn own(db: &Connection, w: OwnWrite) -> Answer {
    if let Err(e) = db.execute_batch("SAVEPOINT own") {
        let e = StoreError::from(e);
        return Box::new(move |_| (w.answer)(Err(e)));
    }
    if !(w.work)(db) {
        let _ = db.execute_batch("ROLLBACK TO own");
    }
    let _ = db.execute_batch("RELEASE own");
    w.answer
}
