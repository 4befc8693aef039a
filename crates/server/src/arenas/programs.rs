//! Programs at the arenas: an account whose program has its event stream open
//! (`/api/stream/event`) is present at every arena it joined, as a page open at the arena makes
//! a person present, and is paired there; the game comes to the program as any `gameStart`.
//! A join with lichess's `pairMeAsap` makes its account present for a minute.

use super::{Arenas, PRESENT_MS};
use crate::rooms::Failure;
use std::sync::Arc;

/// How long a join with `pairMeAsap` keeps its account present, as lichess's.
pub const PAIR_SOON_MS: u64 = 60_000;

/// An event stream open here, its account present at its arenas until it is dropped.
pub struct ProgramPresent {
    arenas: Arc<Arenas>,
    account: u64,
}

impl Arenas {
    fn programs(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<u64, usize>> {
        self.programs.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// `account`'s program opened its event stream here: present at its arenas while the
    /// answer is held.
    pub fn program_present(self: &Arc<Self>, account: u64) -> ProgramPresent {
        *self.programs().entry(account).or_default() += 1;
        ProgramPresent {
            arenas: self.clone(),
            account,
        }
    }

    /// `account`, in arena `id`, is present until [`PAIR_SOON_MS`] from `now` (lichess's
    /// `pairMeAsap`), wherever its pages are.
    pub async fn pair_soon(&self, id: u64, account: u64, now: u64) -> Result<(), Failure> {
        let until = now + PAIR_SOON_MS - PRESENT_MS;
        let seen = self.rooms.store().arena_seen(id, &[account], until).await;
        self.rooms.stored("mark a player present", seen)
    }

    /// The accounts with a program's event stream open here.
    pub(super) fn programs_here(&self) -> Vec<u64> {
        self.programs().keys().copied().collect()
    }
}

impl Drop for ProgramPresent {
    fn drop(&mut self) {
        let mut programs = self.arenas.programs();
        if let Some(n) = programs.get_mut(&self.account) {
            *n -= 1;
            if *n == 0 {
                programs.remove(&self.account);
            }
        }
    }
}
