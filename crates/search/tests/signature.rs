//! The search's tree, pinned: each bench position (`topochess_search::bench`, a family of
//! surfaces each) searched to depth 6 by a fresh engine visits a fixed number of nodes. A change
//! that claims to leave the search's tree alone is checked here; a change that alters it on
//! purpose updates these figures, and says so in its commit.

use topochess_search::bench;

/// (preset, nodes) of each bench position at depth 6, in the bench's order.
const SIGNATURE: &[(&str, u64)] = &[
    ("standard", 5115),
    ("standard", 27113),
    ("folded", 8438),
    ("folded", 25012),
    ("cylinder", 7729),
    ("torus", 446405),
    ("torus-8x14", 9708),
    ("sphere-dot", 18892),
    ("sphere-nadvorney", 15067),
];

#[test]
fn the_search_tree_of_every_family_is_pinned() {
    let mut counts = Vec::new();
    bench::each(6, |id, search| counts.push((id, search())));
    assert_eq!(counts, SIGNATURE);
    let total: u64 = counts.iter().map(|(_, n)| n).sum();
    assert_eq!(total, 563_479, "the signature `topochess bench` prints");
}
