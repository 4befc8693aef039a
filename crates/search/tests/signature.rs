//! The search's tree, pinned: each bench position (`topochess_search::bench`, a family of
//! surfaces each) searched to depth 6 by a fresh engine visits a fixed number of nodes. A change
//! that claims to leave the search's tree alone is checked here; a change that alters it on
//! purpose updates these figures, and says so in its commit.

use topochess_search::bench;

/// (preset, nodes) of each bench position at depth 6, in the bench's order.
const SIGNATURE: &[(&str, u64)] = &[
    ("standard", 6750),
    ("standard", 27884),
    ("folded", 12722),
    ("folded", 51182),
    ("cylinder", 12281),
    ("torus", 514170),
    ("torus-8x14", 11343),
    ("sphere-dot", 18891),
    ("sphere-nadvorney", 23533),
];

#[test]
fn the_search_tree_of_every_family_is_pinned() {
    let mut counts = Vec::new();
    bench::each(6, |id, search| counts.push((id, search())));
    assert_eq!(counts, SIGNATURE);
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 678_756, "the signature `topochess bench` prints");
}
