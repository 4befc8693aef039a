//! A connection on a thread of its own: the calls made on it go to that thread in order, and
//! each is answered on a channel the async caller awaits. No thread of the async runtime waits
//! for SQLite (its locks, its sync to disk, its busy timeout), and the threads are as many as
//! the connections: calls queue for their connection rather than piling up threads that wait.

use crate::store::StoreError;
use rusqlite::Connection;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::Sender;

/// A call, run with the thread's connection.
type Call = Box<dyn FnOnce(&Connection) + Send>;

/// The connection's thread, reached by its calls.
pub struct ConnectionThread {
    calls: Sender<Call>,
}

impl ConnectionThread {
    /// Gives `db` a thread named `name`; the thread ends when this is dropped.
    pub fn spawn(name: &str, db: Connection) -> Result<ConnectionThread, String> {
        let (calls, receive) = std::sync::mpsc::channel::<Call>();
        std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                while let Ok(call) = receive.recv() {
                    call(&db);
                }
            })
            .map_err(|e| e.to_string())?;
        Ok(ConnectionThread { calls })
    }

    /// Runs `work` on the connection's thread, once the calls before it are done. A panic in it
    /// is the call's error (the thread goes on: every change is a transaction, rolled back when
    /// not committed).
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let call: Call = Box::new(move |db| {
            let result = catch_unwind(AssertUnwindSafe(|| work(db)))
                .unwrap_or_else(|_| Err(StoreError("a store call ended in a fault".into())));
            let _ = answer.send(result);
        });
        let stopped = || StoreError("the store's connection thread has stopped".into());
        self.calls.send(call).map_err(|_| stopped())?;
        answered.await.map_err(|_| stopped())?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_call_that_panics_is_an_error_and_the_thread_goes_on() {
        let thread =
            ConnectionThread::spawn("test-connection", Connection::open_in_memory().unwrap())
                .unwrap();
        let failed = thread
            .run(|_| -> Result<(), StoreError> { panic!("a bug in a query") })
            .await;
        assert_eq!(
            failed,
            Err(StoreError("a store call ended in a fault".into()))
        );
        let two: i64 = thread
            .run(|db| Ok(db.query_row("SELECT 1 + 1", [], |r| r.get(0))?))
            .await
            .unwrap();
        assert_eq!(two, 2);
    }
}
