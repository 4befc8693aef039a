//! Quick pairing, the page's side: the pool this browser waits in (one at most), what the server
//! says of it, and the socket that keeps the place while it is open (`socket`). The grid of pools
//! and the bar that shows the wait are in `view`. The server pairs; the page only asks and shows.

pub mod socket;
pub mod view;

use topochess_protocol::pool::{Pool, PoolNews};

/// The rating a guest is paired by, until the server says.
pub const GUEST_RATING: i32 = 1500;

/// After this long waiting (ms), the page offers a game against the computer meanwhile.
pub const OFFER_COMPUTER_AFTER_MS: f64 = 20_000.0;

/// This browser waiting in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolWait {
    /// The pool's id (`folded-3+2`).
    pub pool: String,
    /// When the player pressed it (ms, the page's clock).
    pub since: f64,
    /// Once the server said so: rated (an account), and the rating paired by.
    pub seat: Option<(bool, i32)>,
}

/// What the player or the server does to the wait.
#[derive(Clone, Debug, PartialEq)]
pub enum PoolAction {
    /// The player presses a pool (pressing the one waited in leaves it).
    Press(String),
    /// The player leaves the pool.
    Leave,
    /// The server said something of the wait.
    Heard(PoolNews),
}

/// What follows from an action, for the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum PoolOutcome {
    /// Paired: open live game `id` as `side`, of `pool`, rated or not.
    Paired {
        /// The game.
        id: u64,
        /// The player's side.
        side: topochess_core::Color,
        /// Its pool.
        pool: Pool,
        /// Rated.
        rated: bool,
    },
    /// The wait ended with a sentence for the player.
    Ended(String),
}

/// A press of the pool joined this long ago (ms) is the second tap of a double tap, not a
/// leave.
pub const SECOND_TAP_MS: f64 = 800.0;

/// The wait after `action` at `now`, and what the app has to do.
pub fn reduce(wait: &mut Option<PoolWait>, action: PoolAction, now: f64) -> Option<PoolOutcome> {
    match action {
        PoolAction::Press(pool) => {
            let again = wait.as_ref().filter(|w| w.pool == pool);
            if again.is_some_and(|w| now - w.since < SECOND_TAP_MS) {
                // The second tap of a double tap: still waiting.
                return None;
            }
            if again.is_some() {
                return reduce(wait, PoolAction::Leave, now);
            }
            *wait = Pool::of(&pool).is_some().then_some(PoolWait {
                pool,
                since: now,
                seat: None,
            });
            None
        }
        PoolAction::Leave => {
            let pool = wait.take().and_then(|w| Pool::of(&w.pool))?;
            Some(PoolOutcome::Ended(format!(
                "You left the {} pool.",
                pool_name(&pool)
            )))
        }
        PoolAction::Heard(PoolNews::Waiting {
            pool,
            rated,
            rating,
        }) => {
            if let Some(w) = wait.as_mut().filter(|w| w.pool == pool) {
                w.seat = Some((rated, rating));
            }
            None
        }
        PoolAction::Heard(PoolNews::Paired { id, side }) => {
            let w = wait.take()?;
            let pool = Pool::of(&w.pool)?;
            Some(PoolOutcome::Paired {
                id: topochess_protocol::parse_id(&id)?,
                side,
                pool,
                rated: w.seat.is_some_and(|s| s.0),
            })
        }
        PoolAction::Heard(PoolNews::Left { message }) => {
            wait.take()?;
            Some(PoolOutcome::Ended(message))
        }
    }
}

/// The computer's level (1 to 8) for a player of `rating`: level 4 at 1500, a level each 200
/// points.
pub fn computer_level(rating: i32) -> u8 {
    (4 + (rating - 1500).div_euclid(200)).clamp(1, 8) as u8
}

/// How long the wait has lasted at `now`, as the bar shows it (`0:07`, `1:12`).
pub fn waited_text(wait: &PoolWait, now: f64) -> String {
    let secs = ((now - wait.since) / 1000.0).max(0.0) as u64;
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The ratings a rated wait is paired with at `now`, as the bar says it (`ratings 1620–1820`):
/// the range the server widens with the wait, one rule for both (`topochess_arena::pool`). A
/// guest is paired with any guest: none.
pub fn range_text(wait: &PoolWait, now: f64) -> Option<String> {
    let Some((true, rating)) = wait.seat else {
        return None;
    };
    let range = topochess_arena::pool::range((now - wait.since).max(0.0) as u64);
    let widest = range == topochess_arena::pool::WIDEST_RANGE;
    Some(format!(
        "ratings {}\u{2013}{}{}",
        rating - range,
        rating + range,
        if widest { " (the widest)" } else { "" }
    ))
}

pub use crate::common::preset_name;

/// The pool's name as the player reads it: the preset's short name and the clock.
pub fn pool_name(pool: &Pool) -> String {
    format!(
        "{} {}+{}",
        preset_name(pool.variant),
        pool.minutes,
        pool.increment
    )
}

#[cfg(test)]
mod tests;
