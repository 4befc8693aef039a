//! The quiescence search's generator (captures and promotions only) gives exactly the legal
//! moves that capture or promote, on every preset and lab surface, in random games and random
//! placements.

mod common;

use common::{all_variants, lab_variants, random_game, random_placement, Rng};
use topochess_core::Position;

fn check(pos: &Position) {
    let mut expected: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|&m| pos.is_capture(m) || m.promotion().is_some())
        .collect();
    let mut noisy = Vec::new();
    pos.legal_noisy_moves_into(&mut noisy);
    let key = |m: &topochess_core::Move| format!("{m:?}");
    expected.sort_by_key(key);
    noisy.sort_by_key(key);
    assert_eq!(
        noisy,
        expected,
        "{} {}",
        pos.variant().id(),
        topochess_core::fen::write(pos)
    );
}

#[test]
fn noisy_moves_are_the_legal_captures_and_promotions() {
    let mut rng = Rng::new(29);
    let mut variants = all_variants();
    variants.extend(lab_variants(&[(6, 6), (8, 8), (5, 7)]));
    let mut checked = 0;
    for v in &variants {
        for _ in 0..6 {
            for pos in random_game(v, &mut rng, 80) {
                check(&pos);
                checked += 1;
            }
        }
        for _ in 0..60 {
            if let Some(pos) = random_placement(v, &mut rng, 12) {
                check(&pos);
                checked += 1;
            }
        }
    }
    assert!(checked > 5000, "{checked}");
}
