//! `Position::play_into` (one child position refilled per move) gives exactly what cloning and
//! playing gives, hash included, on every preset and lab surface, whatever the child held before,
//! even a position of another variant.

mod common;

use common::{all_variants, lab_variants, random_game, Rng};
use topochess_core::Position;

#[test]
fn a_refilled_child_is_the_played_clone() {
    let mut rng = Rng::new(41);
    let mut variants = all_variants();
    variants.extend(lab_variants(&[(6, 6), (5, 7), (10, 12)]));
    // The child starts as a position of the last variant: the first refill must take over the
    // variant too.
    let mut child = Position::start(variants[variants.len() - 1].clone());
    let mut checked = 0;
    for v in &variants {
        for pos in random_game(v, &mut rng, 40) {
            for mv in pos.legal_moves() {
                let mut played = pos.clone();
                played.play_unchecked(mv);
                pos.play_into(mv, &mut child);
                assert_eq!(child, played, "{} {mv:?}", v.id());
                assert_eq!(child.hash(), played.hash());
                assert_eq!(child.variant().id(), v.id());
                assert_eq!(child.legal_moves(), played.legal_moves());
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}
