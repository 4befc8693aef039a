//! The rules of a game's clocks and offers, one set for the game server and the page: clocks as
//! absolute times (a reload or a restart gives nobody time), which start once both sides have
//! moved (as on lichess), with the increment added from then on; and what a move does to a draw
//! offer. Pure: the caller says what time it is, in milliseconds.

use crate::pieces::Color;

/// Both sides' clocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Added to a side's clock after each of its moves while the clocks run (not to a side
    /// that went berserk).
    pub increment_ms: u64,
    /// White and Black went berserk (in an arena): half their time, no increment.
    pub berserk: [bool; 2],
    /// Milliseconds left for White and Black, as of `since` for the side to move.
    pub left_ms: [u64; 2],
    /// When the running clock (the side to move's) last started; `None` while no clock runs.
    pub since: Option<u64>,
}

impl Clocks {
    /// Fresh clocks: `base_ms` each, `increment_ms` a move, not running.
    pub fn new(base_ms: u64, increment_ms: u64) -> Clocks {
        Clocks {
            increment_ms,
            berserk: [false, false],
            left_ms: [base_ms, base_ms],
            since: None,
        }
    }

    /// Whether the side to move's clock runs.
    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// Milliseconds `side` has at `now`, with `turn` to move (never below zero).
    pub fn left(&self, side: Color, turn: Color, now: u64) -> u64 {
        let base = self.left_ms[side.index()];
        match self.since {
            Some(since) if side == turn => base.saturating_sub(now.saturating_sub(since)),
            _ => base,
        }
    }

    /// When the clock of `turn` (to move) falls, if it runs.
    pub fn deadline(&self, turn: Color) -> Option<u64> {
        self.since.map(|since| since + self.left_ms[turn.index()])
    }

    /// Whether the flag of `turn` has fallen by `now`.
    pub fn fallen(&self, turn: Color, now: u64) -> bool {
        self.deadline(turn).is_some_and(|deadline| now >= deadline)
    }

    /// `mover` moved at `now`, the game now at `plies` moves: the time since its turn began
    /// comes off its clock and, while the clocks run, the increment goes on; once both sides
    /// have moved (`plies >= 2`) the other side's clock runs from `now`.
    pub fn moved(&mut self, mover: Color, plies: usize, now: u64) {
        if let Some(since) = self.since {
            let left = &mut self.left_ms[mover.index()];
            let increment = if self.berserk[mover.index()] {
                0
            } else {
                self.increment_ms
            };
            *left = left.saturating_sub(now.saturating_sub(since)) + increment;
        }
        if plies >= 2 {
            self.since = Some(now);
        }
    }

    /// The game ended at `now` with `turn` to move: its clock stops where it stands.
    pub fn stop(&mut self, turn: Color, now: u64) {
        if let Some(since) = self.since.take() {
            let left = &mut self.left_ms[turn.index()];
            *left = left.saturating_sub(now.saturating_sub(since));
        }
    }

    /// The flag of `turn` fell: its clock shows zero and stops.
    pub fn fall(&mut self, turn: Color) {
        self.left_ms[turn.index()] = 0;
        self.since = None;
    }

    /// Moves were taken back at `now`: `was` (to move before) is charged its time so far, and
    /// the clock of the side now to move runs from `now` if both sides still have a move
    /// (`plies` left). Time is not given back.
    pub fn taken_back(&mut self, was: Color, plies: usize, now: u64) {
        self.stop(was, now);
        self.since = (plies >= 2).then_some(now);
    }
}

impl Clocks {
    /// `side` goes berserk, `side_moves` being how many moves it has made: half its time and no
    /// increment from now on, allowed once and only before its first move (as lichess's arenas
    /// have it). Whether it did.
    pub fn berserk(&mut self, side: Color, side_moves: usize) -> bool {
        let i = side.index();
        if self.berserk[i] || side_moves > 0 {
            return false;
        }
        self.berserk[i] = true;
        self.left_ms[i] /= 2;
        true
    }
}

/// The draw offer after `mover` moves: the other side's offer lapses (moving on declines it),
/// the mover's own stands.
pub fn offer_after_move(offer: Option<Color>, mover: Color) -> Option<Color> {
    offer.filter(|by| *by == mover)
}

/// Plies to be played after a side's offer (a draw, a take-back) was declined, or lapsed when
/// the opponent moved on, before that side may make the offer again: a declined offer is not
/// repeated at once, so that nobody is shown the same offer over and over (lichess spaces a
/// player's draw offers likewise).
pub const REOFFER_PLIES: usize = 10;

/// Whether a side whose last offer of a kind was declined at ply `declined` (none: never) may
/// make it again at ply `plies`. A take-back that went back past the decline clears it.
pub fn may_offer_again(declined: Option<usize>, plies: usize) -> bool {
    declined.is_none_or(|d| plies >= d + REOFFER_PLIES || plies < d)
}

/// How long a side has for its first move in a tournament game before it loses the game: the
/// first mover from the pairing, the other from the first move (lichess's rule for arenas).
pub const FIRST_MOVE_MS: u64 = 30_000;

/// When the side to move must make its first move in a tournament game paired at `paired`
/// (ms), after `plies` half-moves, the first of them made at `first_moved`; `None` once both
/// sides have moved.
pub fn first_move_deadline(paired: u64, plies: usize, first_moved: Option<u64>) -> Option<u64> {
    let from = match plies {
        0 => paired,
        1 => first_moved.unwrap_or(paired).max(paired),
        _ => return None,
    };
    Some(from.saturating_add(FIRST_MOVE_MS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn a_declined_offer_is_made_again_only_ten_plies_later() {
        assert!(may_offer_again(None, 0));
        assert!(!may_offer_again(Some(12), 12));
        assert!(!may_offer_again(Some(12), 21));
        assert!(may_offer_again(Some(12), 22));
        assert!(may_offer_again(Some(12), 11), "taken back past the decline");
    }

    #[test]
    fn clocks_start_once_both_have_moved_and_add_the_increment_while_they_run() {
        let mut c = Clocks::new(180_000, 2_000);
        c.moved(White, 1, 1_000);
        assert!(!c.running(), "Black's first move is still free");
        c.moved(Black, 2, 9_000);
        assert!(c.running());
        assert_eq!(c.left_ms, [180_000, 180_000], "no increment for free moves");
        assert_eq!(c.left(White, White, 19_000), 170_000);
        assert_eq!(c.left(Black, White, 19_000), 180_000);
        c.moved(White, 3, 19_000);
        assert_eq!(c.left_ms[0], 172_000);
        assert_eq!(c.deadline(Black), Some(19_000 + 180_000));
        assert!(!c.fallen(Black, 198_999) && c.fallen(Black, 199_000));
        assert_eq!(c.left(Black, Black, u64::MAX), 0, "never below zero");
        c.stop(Black, 29_000);
        assert_eq!((c.left_ms, c.running()), ([172_000, 170_000], false));
    }

    #[test]
    fn a_berserker_has_half_the_time_and_no_increment_and_goes_berserk_once_before_moving() {
        let mut c = Clocks::new(180_000, 2_000);
        assert!(c.berserk(Black, 0));
        assert!(!c.berserk(Black, 0), "once");
        assert_eq!(c.left_ms, [180_000, 90_000]);
        c.moved(White, 1, 0);
        c.moved(Black, 2, 1_000);
        c.moved(White, 3, 4_000);
        c.moved(Black, 4, 9_000);
        assert_eq!(
            c.left_ms,
            [179_000, 85_000],
            "White's increment, none for Black"
        );
        assert!(!c.berserk(White, 2), "not after moving");
        assert_eq!(c.left_ms[0], 179_000);
    }

    #[test]
    fn a_flag_shows_zero_and_a_take_back_keeps_the_time_used() {
        let mut c = Clocks::new(60_000, 0);
        c.moved(White, 1, 0);
        c.moved(Black, 2, 1_000);
        c.moved(White, 3, 11_000);
        // Black asks to take back at 15 s: Black (to move) is charged 4 s; White's clock runs.
        c.taken_back(Black, 2, 15_000);
        assert_eq!((c.left_ms, c.since), ([50_000, 56_000], Some(15_000)));
        c.taken_back(White, 1, 20_000);
        assert_eq!((c.left_ms, c.since), ([45_000, 56_000], None));
        c.fall(White);
        assert_eq!(c.left_ms[0], 0);
    }

    #[test]
    fn a_move_declines_the_other_sides_draw_offer_and_keeps_the_movers() {
        assert_eq!(offer_after_move(Some(Black), White), None);
        assert_eq!(offer_after_move(Some(White), White), Some(White));
        assert_eq!(offer_after_move(None, White), None);
    }

    #[test]
    fn each_side_has_the_whole_time_for_its_first_move() {
        assert_eq!(first_move_deadline(1_000, 0, None), Some(31_000));
        // The second side counts from the first move, however late it came.
        assert_eq!(first_move_deadline(1_000, 1, Some(26_000)), Some(56_000));
        // A first move whose time was not kept counts from the pairing.
        assert_eq!(first_move_deadline(1_000, 1, None), Some(31_000));
        assert_eq!(first_move_deadline(1_000, 2, Some(26_000)), None);
        assert_eq!(first_move_deadline(u64::MAX, 0, None), Some(u64::MAX));
    }
}
