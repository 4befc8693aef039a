//! Sorting through one routine.
//!
//! Rust's sort is generic: each item type sorted ships its own copy of the sorting code, a few
//! kilobytes each in WebAssembly. [`sort_by`] sorts a list of any type through one sort of
//! indices, so a program that sorts many kinds of list (a square's destinations, a game's
//! annotation marks, a library's games, a menu's names) carries the sorting code once. It is meant
//! for short lists and setup work, not for a search's inner loop: it allocates the list of
//! indices and moves every item once.

use std::cmp::Ordering;

/// Sorts `items` by `compare`, keeping equal items in the order they had (a stable sort).
pub fn sort_by<T>(items: &mut Vec<T>, compare: impl Fn(&T, &T) -> Ordering) {
    if items.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..items.len()).collect();
    sort_indices(&mut order, &|a, b| compare(&items[a], &items[b]));
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// Sorts `items` by their own order, then drops repeats: what remains is each item once, in order.
pub fn sort_unique<T: Ord>(items: &mut Vec<T>) {
    sort_by(items, T::cmp);
    items.dedup();
}

/// The one sort every call shares: it sorts indices, comparing through `compare`.
#[inline(never)]
fn sort_indices(order: &mut [usize], compare: &dyn Fn(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| compare(a, b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_and_keeps_equal_items_in_their_order() {
        let mut words = vec![
            ("pear", 3),
            ("fig", 1),
            ("kiwi", 3),
            ("date", 2),
            ("lime", 1),
        ];
        sort_by(&mut words, |a, b| a.1.cmp(&b.1));
        assert_eq!(
            words,
            [
                ("fig", 1),
                ("lime", 1),
                ("date", 2),
                ("pear", 3),
                ("kiwi", 3)
            ]
        );
        sort_by(&mut words, |a, b| b.0.cmp(a.0));
        assert_eq!(
            words.iter().map(|w| w.0).collect::<Vec<_>>(),
            ["pear", "lime", "kiwi", "fig", "date"]
        );
    }

    #[test]
    fn sorts_what_the_library_sorts_and_drops_repeats() {
        let mut squares = vec![9u8, 3, 9, 0, 3, 63, 1];
        sort_unique(&mut squares);
        assert_eq!(squares, [0, 1, 3, 9, 63]);
        // Against the standard library's sort on longer lists with many repeats.
        let mut seed = 12345u64;
        for len in [0, 1, 2, 17, 300] {
            let mut list: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    ((seed >> 59) as u8, i)
                })
                .collect();
            let mut expected = list.clone();
            expected.sort_by_key(|p| p.0);
            sort_by(&mut list, |a, b| a.0.cmp(&b.0));
            assert_eq!(list, expected);
        }
    }
}
