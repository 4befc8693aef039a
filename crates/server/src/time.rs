//! The server's time. Every timer a rule depends on (a flag, a pairing round, a first-move
//! forfeit, an arena's start and end, a seek's and a session's age, the sign-in windows) reads
//! [`now_ms`], and every wait for such a moment is [`sleep_until`].
//!
//! A development server started with `--dev --test-clock` lets a test move this time forward
//! (`POST /api/dev/clock`, [`advance`]): the waits whose moment has come end at once, so that a
//! test of a two-minute arena or a thirty-second flag waits for the event, not for the wall
//! clock. A server without `--dev` refuses the switch, and without it the route does not exist.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::sync::Notify;

/// How far the test clock has been moved ahead of the wall clock, in ms (0 but under a test).
static AHEAD: AtomicU64 = AtomicU64::new(0);

/// Woken whenever the clock is moved: the waits look at the time again.
static MOVED: LazyLock<Notify> = LazyLock::new(Notify::new);

/// Milliseconds since the epoch, as the server's rules see them.
pub fn now_ms() -> u64 {
    let wall = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    wall.saturating_add(AHEAD.load(Ordering::Acquire))
}

/// Moves the server's time `ms` ahead (a test's clock only: see the module's doc); every wait
/// whose moment has come ends. Answers how far ahead the clock now is.
pub fn advance(ms: u64) -> u64 {
    let ahead = AHEAD.fetch_add(ms, Ordering::AcqRel).saturating_add(ms);
    MOVED.notify_waiters();
    ahead
}

/// Waits until [`now_ms`] reaches `deadline` (ms since the epoch), on the wall clock or sooner
/// when a test moves the clock past it.
pub async fn sleep_until(deadline: u64) {
    loop {
        // Listening before reading the time: a move between the two still wakes this wait.
        let moved = MOVED.notified();
        tokio::pin!(moved);
        moved.as_mut().enable();
        let wait = deadline.saturating_sub(now_ms());
        if wait == 0 {
            return;
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(wait)) => {}
            () = moved => {}
        }
    }
}

/// Waits `period` of the server's time (a ticker's pause between rounds): ends early when a test
/// moves the clock, so that a round runs at once on the new time.
pub async fn pause(period: Duration) {
    let moved = MOVED.notified();
    tokio::select! {
        () = tokio::time::sleep(period) => {}
        () = moved => {}
    }
}
