//! The search's optional techniques, each of which can be switched off, so that a match measures
//! what one of them is worth (`topochess match --first engine --second engine-rfp`), and the
//! margins and tables they use.

/// A set of search techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Features(u32);

impl Features {
    /// Reverse futility pruning: a quiet node whose static evaluation beats beta by a margin
    /// growing with depth returns at once.
    pub const RFP: Features = Features(1);
    /// Futility pruning: near the leaves, quiet moves that cannot lift the static evaluation to
    /// alpha are skipped.
    pub const FUTILITY: Features = Features(2);
    /// Late-move pruning: near the leaves, quiet moves after the first few are skipped.
    pub const LMP: Features = Features(4);
    /// Late-move reductions by a logarithmic table of depth and move number, never for killers
    /// or checking moves, less at principal-variation nodes (off: the older step reductions).
    pub const LMR: Features = Features(8);
    /// History with a malus for the quiet moves tried before a cut-off, and halved between
    /// searches.
    pub const HISTORY: Features = Features(16);
    /// Aspiration windows around the previous iteration's score.
    pub const ASPIRATION: Features = Features(32);
    /// Quiescence search cut-offs from the transposition table.
    pub const QS_TT: Features = Features(64);
    /// The transposition table in buckets of four with aging (off, as in the engine: one slot
    /// per position, replaced by any result but a shallower bound of the same position).
    pub const TT: Features = Features(128);
    /// Time management: no new iteration once the caller says enough (soft limit), and a root
    /// move proved best in an unfinished iteration is kept.
    pub const TIME: Features = Features(256);
    /// Static exchange evaluation: losing captures ordered after the quiet moves, and left out
    /// of quiescence (off: the older guess from the pieces' values and one attack test).
    pub const SEE: Features = Features(512);
    /// Internal iterative reduction: a node deep enough with no move from the table is searched
    /// one ply shallower (its ordering is a guess; the next iteration finds it with a move).
    pub const IIR: Features = Features(1024);
    /// Counter-moves: the quiet move that last refuted the opponent's previous move is tried
    /// after the killers.
    pub const COUNTER: Features = Features(2048);
    /// Mobility in the evaluation (see [`crate::weights::index::MOBILITY`]).
    pub const MOBILITY: Features = Features(4096);
    /// The bishop pair in the evaluation (see [`crate::weights::index::BISHOP_PAIR`]).
    pub const BISHOP_PAIR: Features = Features(8192);
    /// Rooks on open and half-open files in the evaluation (see [`crate::weights::index::ROOK_OPEN`]).
    pub const OPEN_FILES: Features = Features(16384);
    /// Late-move reductions by history too: a quiet move whose history is good is reduced up to
    /// two plies less, one whose history is bad up to two more (see [`HISTORY_PER_PLY`]).
    pub const LMR_HISTORY: Features = Features(32768);

    /// Every technique, with its name for the command line.
    pub const NAMED: [(&'static str, Features); 16] = [
        ("rfp", Features::RFP),
        ("futility", Features::FUTILITY),
        ("lmp", Features::LMP),
        ("lmr", Features::LMR),
        ("history", Features::HISTORY),
        ("aspiration", Features::ASPIRATION),
        ("qstt", Features::QS_TT),
        ("tt", Features::TT),
        ("time", Features::TIME),
        ("see", Features::SEE),
        ("iir", Features::IIR),
        ("counter", Features::COUNTER),
        ("mobility", Features::MOBILITY),
        ("pair", Features::BISHOP_PAIR),
        ("files", Features::OPEN_FILES),
        ("lmrh", Features::LMR_HISTORY),
    ];

    /// Every technique on.
    pub const ALL: Features = Features(65535);

    /// The engine's techniques: every one but the logarithmic late-move reductions (and their
    /// history term, which only they use) and the bucketed table. The older step reductions and
    /// the one-slot table replaced them on SPRT verdicts (`docs/engine-decisions.md`,
    /// 2026-11-26).
    pub const ENGINE: Features = Features(65535 & !8 & !128 & !32768);

    /// The techniques of the engine that made the shipped puzzle set (`static/puzzles.tsv`): the
    /// puzzle checker keeps them, so each puzzle's solution and difficulty stay what the set says
    /// while the engine grows.
    pub const PUZZLES: Features = Features(1023);

    /// None of them.
    pub const NONE: Features = Features(0);

    /// Whether every technique of `other` is on.
    pub fn has(self, other: Features) -> bool {
        self.0 & other.0 == other.0
    }

    /// This set without `other`.
    pub fn without(self, other: Features) -> Features {
        Features(self.0 & !other.0)
    }

    /// This set with `other` too.
    pub fn with(self, other: Features) -> Features {
        Features(self.0 | other.0)
    }

    /// A technique by its name.
    pub fn named(name: &str) -> Option<Features> {
        Features::NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, f)| f)
    }
}

impl Default for Features {
    fn default() -> Self {
        Features::ENGINE
    }
}

/// The reverse-futility margin at `depth`.
pub fn rfp_margin(depth: i32) -> i32 {
    80 * depth
}

/// The futility margin at `depth`: what a quiet move may at best gain.
pub fn futility_margin(depth: i32) -> i32 {
    100 + 110 * depth
}

/// How many quiet moves are searched at `depth` before the rest are pruned.
pub fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}

/// The history that takes a ply off a late move's reduction (or, below zero, adds one). A
/// cut-off at depth `d` adds `d * d` and every search halves what is stored, so histories run
/// to some hundreds (1,000 and 4,000 here changed no game of a 200-game match).
pub const HISTORY_PER_PLY: i32 = 200;

/// The late-move reduction of a quiet move: the `index`-th (from 1) at `depth`, a ply less at
/// principal-variation nodes, with the move's `history` when reductions follow it
/// ([`Features::LMR_HISTORY`]); never below zero, and leaving at least one ply to search.
pub fn late_reduction(depth: i32, index: usize, pv_node: bool, history: Option<i32>) -> i32 {
    let mut r = reduction(depth, index) - pv_node as i32;
    if let Some(h) = history.filter(|_| r > 0) {
        r -= (h / HISTORY_PER_PLY).clamp(-2, 2);
    }
    r.min(depth - 2).max(0)
}

/// The late-move reduction of the `index`-th move at `depth` (both from 1).
pub fn reduction(depth: i32, index: usize) -> i32 {
    if depth < 3 || index < 3 {
        return 0;
    }
    let r = (depth as f64).ln() * (index as f64).ln() / 2.2 + 0.3;
    r as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_sets() {
        let f = Features::ALL.without(Features::RFP);
        assert!(!f.has(Features::RFP) && f.has(Features::LMP));
        assert_eq!(Features::named("qstt"), Some(Features::QS_TT));
        let all = Features::NAMED
            .iter()
            .fold(Features::NONE, |a, &(_, f)| Features(a.0 | f.0));
        assert_eq!(all, Features::ALL);
        // The engine is every technique but the logarithmic reductions, their history term and
        // the bucketed table.
        assert_eq!(
            Features::ENGINE,
            Features::ALL
                .without(Features::LMR)
                .without(Features::LMR_HISTORY)
                .without(Features::TT)
        );
        assert_eq!(Features::default(), Features::ENGINE);
        // The puzzle checker's set is the engine's first ten techniques, none of the later ones.
        assert!(Features::ALL.has(Features::PUZZLES));
        for later in [
            Features::IIR,
            Features::COUNTER,
            Features::MOBILITY,
            Features::BISHOP_PAIR,
            Features::OPEN_FILES,
            Features::LMR_HISTORY,
        ] {
            assert!(!Features::PUZZLES.has(later));
        }
    }

    #[test]
    fn history_moves_a_reduction_by_up_to_two_plies() {
        let plain = late_reduction(12, 30, false, None);
        assert!(plain >= 3, "{plain}");
        assert_eq!(late_reduction(12, 30, false, Some(0)), plain);
        assert_eq!(
            late_reduction(12, 30, false, Some(HISTORY_PER_PLY)),
            plain - 1
        );
        assert_eq!(late_reduction(12, 30, false, Some(50_000)), plain - 2);
        assert_eq!(late_reduction(12, 30, false, Some(-50_000)), plain + 2);
        assert_eq!(late_reduction(12, 30, true, None), plain - 1);
        // Moves that are not reduced stay so, and a reduction leaves a ply to search.
        assert_eq!(late_reduction(12, 2, false, Some(-50_000)), 0);
        assert_eq!(late_reduction(4, 40, false, Some(-50_000)), 2);
        assert_eq!(
            late_reduction(12, 30, false, Some(-50_000)).max(0),
            plain + 2
        );
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(2, 20), 0);
        assert!(reduction(8, 30) > reduction(4, 5));
        assert!(reduction(20, 60) < 20);
    }
}
