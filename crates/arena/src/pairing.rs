//! Pairing in an arena: as soon as a player's game ends they wait to be paired again, with the
//! player nearest them in the standings who waits too, avoiding the opponent they just played
//! (unless the two are alone in the arena).

/// A player waiting in an arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The player.
    pub player: u64,
    /// Their place in the standings (0: first).
    pub rank: usize,
    /// The opponent of their last game, if any.
    pub last_opponent: Option<u64>,
}

/// Whether `a` and `b` just played each other.
fn just_met(a: &Waiting, b: &Waiting) -> bool {
    a.last_opponent == Some(b.player) || b.last_opponent == Some(a.player)
}

/// The pairs to start now among `waiting` (in any order), `players` being how many take part
/// in the arena now (paused and absent players excluded): from the top of the standings down, each with the
/// nearest below who waits and is not the opponent just played. Two players alone in the
/// arena play again. Who is left waits for the next round of pairing.
pub fn pair(waiting: &[Waiting], players: usize) -> Vec<(u64, u64)> {
    let mut order: Vec<&Waiting> = waiting.iter().collect();
    order.sort_by_key(|w| (w.rank, w.player));
    let mut taken = vec![false; order.len()];
    let mut pairs = Vec::new();
    for i in 0..order.len() {
        if taken[i] {
            continue;
        }
        let partner = (i + 1..order.len())
            .filter(|&j| !taken[j])
            .find(|&j| players <= 2 || !just_met(order[i], order[j]));
        if let Some(j) = partner {
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

    fn w(player: u64, rank: usize, last: Option<u64>) -> Waiting {
        Waiting {
            player,
            rank,
            last_opponent: last,
        }
    }

    #[test]
    fn neighbours_in_the_standings_are_paired_from_the_top() {
        let waiting = [
            w(4, 3, None),
            w(1, 0, None),
            w(3, 2, None),
            w(2, 1, None),
            w(5, 4, None),
        ];
        assert_eq!(pair(&waiting, 5), vec![(1, 2), (3, 4)], "the last waits");
    }

    #[test]
    fn the_opponent_just_played_is_skipped_for_the_next_nearest() {
        let waiting = [
            w(1, 0, Some(2)),
            w(2, 1, Some(1)),
            w(3, 2, None),
            w(4, 3, None),
        ];
        assert_eq!(pair(&waiting, 4), vec![(1, 3), (2, 4)]);
        // Only the two who just met wait: they wait for someone else.
        assert_eq!(pair(&waiting[..2], 4), vec![]);
        // Alone in the arena, they play again.
        assert_eq!(pair(&waiting[..2], 2), vec![(1, 2)]);
    }

    #[test]
    fn nobody_is_paired_twice_and_nobody_with_themselves() {
        let waiting: Vec<Waiting> = (0..9).map(|i| w(i, (i as usize * 7) % 9, None)).collect();
        let pairs = pair(&waiting, 9);
        let mut seen: Vec<u64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        assert_eq!(pairs.len(), 4);
        assert!(pairs.iter().all(|(a, b)| a != b));
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 8);
    }
}
