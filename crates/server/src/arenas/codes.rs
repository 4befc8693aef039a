//! A private arena's code, guarded against guessing: wrong codes are counted in the store (so
//! that servers sharing it count together) per account and per arena, and past a handful the
//! guesser is refused, the right code too, until the window has passed: otherwise the answer
//! would tell them when they hit it.

use super::Arenas;
use crate::accounts::Account;
use crate::rooms::Failure;

/// The window over which wrong codes are counted (ms).
pub const CODE_WINDOW_MS: u64 = 10 * 60 * 1000;
/// Wrong codes an account may give, at any arenas, in the window.
pub const CODE_FAILURES_PER_ACCOUNT: u32 = 5;
/// Wrong codes an arena may be given, by anyone, in the window: past them, an account that got
/// its code wrong there is refused at it (one that never did still tries: an invitee is not
/// locked out by a guesser).
pub const CODE_FAILURES_PER_ARENA: u32 = 20;

impl Arenas {
    /// Whether `account` may try a code at arena `id` now: the refusal (429, with the wait) if
    /// it has given too many wrong codes, or the arena has been given too many and it is among
    /// the guessers.
    pub(super) async fn may_try_code(
        &self,
        id: u64,
        account: &Account,
        now: u64,
    ) -> Result<(), Failure> {
        let store = self.rooms.store();
        let since = now.saturating_sub(CODE_WINDOW_MS);
        let wait = |oldest: Option<u64>| {
            (oldest.unwrap_or(now) + CODE_WINDOW_MS)
                .saturating_sub(now)
                .div_ceil(1000)
                .max(1)
        };
        let counted = store.login_tries(&by_account(account), since).await;
        let (theirs, oldest) = self.rooms.stored("count wrong codes", counted)?;
        if theirs >= CODE_FAILURES_PER_ACCOUNT {
            return Err(Failure::Limited(
                format!("too many wrong codes: try again in {} s", wait(oldest)),
                wait(oldest),
            ));
        }
        let counted = store.login_tries(&at_arena(id), since).await;
        let (all, oldest) = self.rooms.stored("count wrong codes", counted)?;
        if all >= CODE_FAILURES_PER_ARENA {
            let counted = store.login_tries(&pair(id, account), since).await;
            let (here, _) = self.rooms.stored("count wrong codes", counted)?;
            if here > 0 {
                return Err(Failure::Limited(
                    format!(
                        "this tournament has been given too many wrong codes: try again in {} s",
                        wait(oldest)
                    ),
                    wait(oldest),
                ));
            }
        }
        Ok(())
    }

    /// Counts a wrong code that `account` gave at arena `id`.
    pub(super) async fn wrong_code(&self, id: u64, account: &Account, now: u64) {
        let store = self.rooms.store();
        for key in [by_account(account), at_arena(id), pair(id, account)] {
            let kept = store.login_try(&key, now, CODE_WINDOW_MS, u32::MAX).await;
            let _ = self.rooms.stored("count a wrong code", kept);
        }
    }
}

fn by_account(account: &Account) -> String {
    format!("arena-code/by/{}", account.id)
}

fn at_arena(id: u64) -> String {
    format!("arena-code/at/{id}")
}

fn pair(id: u64, account: &Account) -> String {
    format!("arena-code/at/{id}/by/{}", account.id)
}
