//! The evaluation's weights: the numbers it multiplies its surface-derived tables by. Each surface
//! family (the pair of gluings of a surface: flat/flat, wrap/flat, fold/fold, pole/flat, ...) has
//! its own set, fitted to the engine's own games by `topochess tune` (see [`crate::tuning`]) and
//! written to `tuned.rs` by `scripts/tune.sh`; a family without a fitted set uses [`Weights::HAND`].

use topochess_core::{Gluing, Surface};

/// The evaluation's weights, in centipawns (or centipawns per unit of what they weigh).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Weights(pub [i32; Weights::COUNT]);

/// Index of each weight in [`Weights`].
pub mod index {
    /// Per square of reach above the piece's average: knight, bishop, rook, queen (4 weights).
    pub const REACH: usize = 0;
    /// An enemy knight, bishop, rook or queen whose reach covers the king's zone (4 weights).
    pub const KING_THREAT: usize = 4;
    /// Per king move fewer than average (middlegame) or more (endgame) from the king's square.
    pub const KING_SQUARE: usize = 8;
    /// Per own pawn next to the king (middlegame).
    pub const SHIELD: usize = 9;
    /// Per pawn sharing its file with another own pawn (a penalty).
    pub const DOUBLED: usize = 10;
    /// Per pawn with no own pawn on the files beside it (a penalty).
    pub const ISOLATED: usize = 11;
    /// Per passed pawn (no enemy pawn on or beside its path).
    pub const PASSED: usize = 12;
    /// Scale of a pawn's progress toward promotion.
    pub const PROGRESS: usize = 13;
    /// For the side to move.
    pub const TEMPO: usize = 14;
    /// Per square a knight, bishop, rook or queen attacks that holds none of its own pieces and
    /// no enemy pawn guards, on the flat board (4 weights; scaled by reach on other surfaces).
    pub const MOBILITY: usize = 15;
    /// Two bishops or more.
    pub const BISHOP_PAIR: usize = 19;
    /// A rook on a file with no pawn of either side.
    pub const ROOK_OPEN: usize = 20;
    /// A rook on a file with enemy pawns only.
    pub const ROOK_HALF_OPEN: usize = 21;
}

impl Weights {
    /// The number of weights.
    pub const COUNT: usize = 22;

    /// The names of the weights, in index order (as the tuner prints them).
    pub const NAMES: [&'static str; Weights::COUNT] = [
        "reach-knight",
        "reach-bishop",
        "reach-rook",
        "reach-queen",
        "threat-knight",
        "threat-bishop",
        "threat-rook",
        "threat-queen",
        "king-square",
        "shield",
        "doubled",
        "isolated",
        "passed",
        "progress",
        "tempo",
        "mobility-knight",
        "mobility-bishop",
        "mobility-rook",
        "mobility-queen",
        "bishop-pair",
        "rook-open",
        "rook-half-open",
    ];

    /// The hand-set weights the engine started with.
    pub const HAND: Weights = Weights([
        5, 4, 2, 1, 12, 10, 16, 28, 6, 12, 12, 12, 15, 3, 10, 6, 5, 3, 2, 30, 20, 10,
    ]);

    /// The weight at `index`.
    #[inline]
    pub fn at(&self, index: usize) -> i32 {
        self.0[index]
    }

    /// The weights fitted for `surface`'s family, or the hand-set ones.
    pub fn for_surface(surface: &Surface) -> Weights {
        Weights::fitted(crate::tuned::TUNED, surface)
    }

    /// The weights the shipped puzzle set was made and is checked with: the fit of 2026-11-22
    /// (`crate::puzzle_weights`, the first 15 weights; the later ones are the hand-set values,
    /// and the puzzles' techniques leave their terms out). A refit of `tuned.rs` changes the
    /// engine, not the puzzles.
    pub fn for_puzzles(surface: &Surface) -> Weights {
        Weights::fitted(crate::puzzle_weights::PUZZLE_WEIGHTS, surface)
    }

    /// The hand-set weights with the first `N` replaced by the row of `table` for the surface's
    /// family, if it has one.
    fn fitted<const N: usize>(table: &[(Gluing, Gluing, [i32; N])], surface: &Surface) -> Weights {
        let family = (surface.east_west(), surface.north_south());
        let mut weights = Weights::HAND;
        if let Some((_, _, fitted)) = table.iter().find(|(ew, ns, _)| (*ew, *ns) == family) {
            weights.0[..N].copy_from_slice(fitted);
        }
        weights
    }

    /// The family name of a surface: its east-west and north-south gluings, like `wrap/flat`.
    pub fn family(surface: &Surface) -> String {
        format!(
            "{}/{}",
            surface.east_west().name(),
            surface.north_south().name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_core::{Variant, PRESETS};

    /// Each fitted set belongs to a family some preset has (its games came from there), no family
    /// is fitted twice, and every preset of a fitted family reads its family's set.
    #[test]
    fn fitted_sets_belong_to_the_presets_families() {
        let surfaces: Vec<Surface> = PRESETS
            .iter()
            .map(|p| *Variant::preset(p.id, None).unwrap().surface())
            .collect();
        for (i, &(ew, ns, w)) in crate::tuned::TUNED.iter().enumerate() {
            assert!(crate::tuned::TUNED[..i]
                .iter()
                .all(|&(a, b, _)| (a, b) != (ew, ns)));
            let members: Vec<&Surface> = surfaces
                .iter()
                .filter(|s| (s.east_west(), s.north_south()) == (ew, ns))
                .collect();
            assert!(!members.is_empty(), "{ew:?}/{ns:?}");
            assert!(members
                .iter()
                .all(|s| Weights::for_surface(s) == Weights(w)));
        }
        for s in &surfaces {
            let fitted = crate::tuned::TUNED
                .iter()
                .any(|&(a, b, _)| (a, b) == (s.east_west(), s.north_south()));
            if !fitted {
                assert_eq!(Weights::for_surface(s), Weights::HAND);
            }
        }
    }

    /// The puzzle set's weights are the 2026-11-22 fit of each family with the hand-set values
    /// for the weights added since, whatever `tuned.rs` holds now; other families play hand-set.
    #[test]
    fn puzzles_keep_the_weights_they_were_made_with() {
        for preset in PRESETS {
            let variant = Variant::preset(preset.id, None).unwrap();
            let surface = variant.surface();
            let puzzle = Weights::for_puzzles(surface);
            let kept = crate::puzzle_weights::PUZZLE_WEIGHTS
                .iter()
                .find(|&&(a, b, _)| (a, b) == (surface.east_west(), surface.north_south()));
            let first = kept.map_or(&Weights::HAND.0[..15], |(_, _, w)| &w[..]);
            assert_eq!(&puzzle.0[..15], first, "{}", preset.id);
            assert_eq!(&puzzle.0[15..], &Weights::HAND.0[15..], "{}", preset.id);
        }
        let standard = Variant::preset("standard", None).unwrap();
        assert_eq!(
            Weights::for_puzzles(standard.surface()).0[..15],
            [6, 5, 2, 0, 12, 10, 15, 29, 7, 11, 11, 13, 14, 2, 9]
        );
    }
}
