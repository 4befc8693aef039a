//! Quick pairing: one click joins a pool (a preset at a time control); the players waiting are
//! paired by rating, nearest first, with a range that widens the longer they wait. Accounts are
//! paired with accounts (rated), guests with guests (casual), as lichess does.

/// A player waiting in a pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seeker {
    /// The player (an account's number, or a guest's page).
    pub player: u64,
    /// Their rating at the pool's preset (a guest: 1500).
    pub rating: i32,
    /// When they joined the pool (ms since the epoch).
    pub since: u64,
    /// Signed in: paired only with accounts; a guest only with guests.
    pub account: bool,
}

/// The rating range a player accepts when they join.
pub const FIRST_RANGE: i32 = 100;
/// How much the range widens each second of waiting.
pub const WIDENING_PER_SECOND: i32 = 25;
/// The widest range.
pub const WIDEST_RANGE: i32 = 500;

/// The rating range of a player who has waited `waited_ms`: 100 at first, 25 more each second,
/// 500 at most (after 16 s).
pub fn range(waited_ms: u64) -> i32 {
    let seconds = (waited_ms / 1000).min(1000) as i32;
    (FIRST_RANGE + WIDENING_PER_SECOND * seconds).min(WIDEST_RANGE)
}

/// Whether `a` and `b` may play each other at `now`: both accounts or both guests, and each
/// within the other's range.
pub fn compatible(a: &Seeker, b: &Seeker, now: u64) -> bool {
    let diff = (a.rating - b.rating).abs();
    a.player != b.player
        && a.account == b.account
        && diff <= range(now.saturating_sub(a.since))
        && diff <= range(now.saturating_sub(b.since))
}

/// The pairs to start at `now` among `seekers`: the longest waiting first, each with the
/// compatible player of the nearest rating (of two as near, the one waiting longer). Who is
/// left waits, their range widening.
pub fn pair(seekers: &[Seeker], now: u64) -> Vec<(u64, u64)> {
    let mut order: Vec<&Seeker> = seekers.iter().collect();
    order.sort_by_key(|s| (s.since, s.player));
    let mut taken = vec![false; order.len()];
    let mut pairs = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let best = (0..order.len())
            .filter(|&j| j != i && !taken[j] && compatible(order[i], order[j], now))
            .min_by_key(|&j| ((order[i].rating - order[j].rating).abs(), j));
        if let Some(j) = best {
            taken[i] = true;
            taken[j] = true;
            pairs.push((order[i].player, order[j].player));
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(player: u64, rating: i32, since: u64, account: bool) -> Seeker {
        Seeker {
            player,
            rating,
            since,
            account,
        }
    }

    #[test]
    fn the_range_widens_with_the_wait_up_to_a_bound() {
        assert_eq!(range(0), 100);
        assert_eq!(range(999), 100);
        assert_eq!(range(4_000), 200);
        assert_eq!(range(16_000), 500);
        assert_eq!(range(u64::MAX), 500);
    }

    #[test]
    fn the_nearest_rating_is_paired_first_and_the_far_one_waits_until_the_range_reaches_it() {
        let now = 100_000;
        let seekers = [
            s(1, 1500, now, true),
            s(2, 1580, now, true),
            s(3, 1520, now, true),
            s(4, 1800, now, true),
        ];
        assert_eq!(pair(&seekers, now), vec![(1, 3)], "2 and 4 are 220 apart");
        let later = [s(2, 1580, now, true), s(4, 1800, now, true)];
        assert_eq!(
            pair(&later, now + 4_000),
            vec![],
            "a range of 200 is not enough"
        );
        assert_eq!(pair(&later, now + 5_000), vec![(2, 4)], "225 is");
    }

    #[test]
    fn accounts_play_accounts_and_guests_guests() {
        let now = 50_000;
        let seekers = [
            s(1, 1500, 0, true),
            s(2, 1500, 0, false),
            s(3, 1500, 0, false),
            s(4, 1500, 0, true),
        ];
        assert_eq!(pair(&seekers, now), vec![(1, 4), (2, 3)]);
        assert_eq!(
            pair(&seekers[..2], now),
            vec![],
            "a guest never meets an account"
        );
    }

    #[test]
    fn the_longest_waiting_is_served_first_and_nobody_twice() {
        let seekers = [
            s(1, 1500, 3_000, true),
            s(2, 1500, 1_000, true),
            s(3, 1500, 2_000, true),
        ];
        assert_eq!(pair(&seekers, 3_000), vec![(2, 3)], "1 came last and waits");
        assert_eq!(pair(&[s(7, 1500, 0, true)], 0), vec![]);
        assert!(!compatible(&seekers[0], &seekers[0], 0), "not with oneself");
    }
}
