//! The password hashers: threads of their own, one for every two cores, at the lowest CPU
//! priority the system gives (nice 19 on Linux). An Argon2id hash takes tens of milliseconds of a
//! core and 19 MiB of memory; at the lowest priority a hash takes what the games leave of the
//! cores instead of competing with them, and a sign-in waits a little longer when the machine is
//! busy. Hashes wait their turn in order, so a flood of sign-ins queues instead of taking the
//! cores, and the hashes' memory stays bounded by the number of threads.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, LazyLock, Mutex};

/// A hash, or its check, to be run by a hasher.
type Job = Box<dyn FnOnce() + Send>;

/// Where the jobs go: the hashers share their end.
static JOBS: LazyLock<Mutex<Sender<Job>>> = LazyLock::new(|| {
    let (send, receive) = channel::<Job>();
    let receive = Arc::new(Mutex::new(receive));
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    for n in 0..(cores / 2).max(1) {
        let receive = receive.clone();
        let started = std::thread::Builder::new()
            .name(format!("hasher-{n}"))
            .spawn(move || hasher(&receive));
        if let Err(e) = started {
            tracing::error!(error = %e, "a password hasher did not start");
        }
    }
    Mutex::new(send)
});

/// One hasher: at the lowest priority, the jobs in turn until the server ends. A job that
/// panics ends that job alone (its caller hears that it ended without an answer).
fn hasher(jobs: &Mutex<Receiver<Job>>) {
    use thread_priority::{set_current_thread_priority, ThreadPriority};
    if let Err(e) = set_current_thread_priority(ThreadPriority::Min) {
        tracing::warn!(error = ?e, "a password hasher runs at the games' priority");
    }
    loop {
        let job = jobs.lock().unwrap_or_else(|p| p.into_inner()).recv();
        let Ok(job) = job else { return };
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(job));
    }
}

/// Runs `work` (a hash, or its check) on a hasher, in its turn; its answer, or why there is none.
pub async fn hashing<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (answer, answered) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        let _ = answer.send(work());
    });
    JOBS.lock()
        .unwrap_or_else(|p| p.into_inner())
        .send(job)
        .map_err(|_| "no password hasher is running".to_string())?;
    answered
        .await
        .map_err(|_| "the password hasher failed".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nice value of the calling thread (Linux: field 19 of its `stat`).
    fn niceness() -> i64 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("the thread's stat");
        let after_name = &stat[stat.rfind(')').expect("a name") + 2..];
        after_name
            .split(' ')
            .nth(16)
            .expect("a nice field")
            .parse()
            .expect("a number")
    }

    #[tokio::test]
    async fn a_hash_runs_at_the_lowest_priority_and_a_panic_ends_its_job_only() {
        assert_eq!(
            hashing(niceness).await,
            Ok(19),
            "the hasher at the lowest priority"
        );
        let failed = hashing(|| -> u8 { panic!("a fault in a hash") }).await;
        assert!(failed.is_err(), "{failed:?}");
        assert_eq!(hashing(|| 7).await, Ok(7), "the hasher goes on");
    }
}
