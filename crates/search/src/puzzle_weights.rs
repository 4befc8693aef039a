//! The weights the shipped puzzle set was made with: `tuned.rs` as `scripts/tune.sh` wrote it on
//! 2026-11-22 (the first 15 weights of [`crate::weights::index`]), kept so that the puzzle check
//! finds the same solutions however the engine's own weights are refitted. Do not edit.

use topochess_core::Gluing;

/// (east-west gluing, north-south gluing, weights).
pub(crate) const PUZZLE_WEIGHTS: &[(Gluing, Gluing, [i32; 15])] = &[
    // flat/flat (standard): 48685 positions of 600 games at 2000 nodes a move, seed 1; scale 0.80;
    // held-out error 0.13202 -> 0.13132: reach-knight 5->6, reach-bishop 4->5, reach-queen 1->0, threat-rook 16->15, threat-queen 28->29, king-square 6->7, shield 12->11, doubled 12->11, isolated 12->13, passed 15->14, progress 3->2, tempo 10->9.
    (
        Gluing::Flat,
        Gluing::Flat,
        [6, 5, 2, 0, 12, 10, 15, 29, 7, 11, 11, 13, 14, 2, 9],
    ),
    // flat/wrap (horizontal-cylinder, cylinder-8x14): 32131 positions of 600 games at 2000 nodes a move, seed 1; scale 0.54;
    // held-out error 0.13376 -> 0.13373: reach-knight 5->3, reach-bishop 4->3, reach-queen 1->-1, threat-knight 12->10, threat-bishop 10->12, threat-rook 16->14, threat-queen 28->30, king-square 6->8, shield 12->10, doubled 12->10, isolated 12->10, passed 15->17, tempo 10->11.
    (
        Gluing::Flat,
        Gluing::Wrap,
        [3, 3, 2, -1, 10, 12, 14, 30, 8, 10, 10, 10, 17, 3, 11],
    ),
    // wrap/flat (cylinder): 42584 positions of 600 games at 2000 nodes a move, seed 1; scale 0.67;
    // held-out error 0.07977 -> 0.07962: reach-knight 5->9, threat-knight 12->16, threat-bishop 10->14, threat-rook 16->20, threat-queen 28->31, king-square 6->10, shield 12->16, doubled 12->8, isolated 12->8, passed 15->19, progress 3->2, tempo 10->6.
    (
        Gluing::Wrap,
        Gluing::Flat,
        [9, 4, 2, 1, 16, 14, 20, 31, 10, 16, 8, 8, 19, 2, 6],
    ),
    // wrap/fold (folded): 34924 positions of 600 games at 2000 nodes a move, seed 1; scale 0.76;
    // held-out error 0.09916 -> 0.09916: unchanged.
    (
        Gluing::Wrap,
        Gluing::Fold,
        [5, 4, 2, 1, 12, 10, 16, 28, 6, 12, 12, 12, 15, 3, 10],
    ),
    // wrap/pole (sphere-grayber, sphere-miller, sphere-yapsan, sphere-nadvorney, sphere-boholy, sphere-global, sphere-welman, sphere-dot): 33506 positions of 600 games at 2000 nodes a move, seed 1; scale 0.71;
    // held-out error 0.12078 -> 0.11964: reach-knight 5->1, threat-knight 12->16, threat-bishop 10->14, threat-rook 16->14, king-square 6->10, shield 12->16, doubled 12->16, isolated 12->13, passed 15->19, progress 3->2, tempo 10->6.
    (
        Gluing::Wrap,
        Gluing::Pole,
        [1, 4, 2, 1, 16, 14, 14, 28, 10, 16, 16, 13, 19, 2, 6],
    ),
    // wrap/twist (klein-8x14): 37563 positions of 600 games at 2000 nodes a move, seed 1; scale 0.47;
    // held-out error 0.12151 -> 0.12096: threat-knight 12->15, threat-bishop 10->7, threat-rook 16->15, threat-queen 28->31, shield 12->15, doubled 12->13, isolated 12->9, passed 15->13, progress 3->4, tempo 10->13.
    (
        Gluing::Wrap,
        Gluing::Twist,
        [5, 4, 2, 1, 15, 7, 15, 31, 6, 15, 13, 9, 13, 4, 13],
    ),
    // wrap/wrap (torus, torus-8x14): 26605 positions of 600 games at 2000 nodes a move, seed 1; scale 0.45;
    // held-out error 0.10588 -> 0.10588: unchanged.
    (
        Gluing::Wrap,
        Gluing::Wrap,
        [5, 4, 2, 1, 12, 10, 16, 28, 6, 12, 12, 12, 15, 3, 10],
    ),
];
