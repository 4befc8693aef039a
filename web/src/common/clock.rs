//! Chess clocks. A time control gives each side a base time and an increment a move; the rules
//! (the clocks start once both sides have moved, the increment is added while they run) are the
//! core's [`topochess_core::clock::Clocks`], the ones the game server keeps. The clock keeps
//! absolute times, so it survives a reload (time passes while the page is closed, as over the
//! board). Every function takes the time as an argument; [`now`] reads the browser's clock.

use serde::{Deserialize, Serialize};
use topochess_core::clock::Clocks;
use topochess_core::Color;
use topochess_study::decimal;

/// A time control: base time and increment a move, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base_secs: u32,
    /// Added after each move.
    pub inc_secs: u32,
}

impl TimeControl {
    /// The usual controls offered in the new-game form.
    pub const PRESETS: [TimeControl; 6] = [
        TimeControl::new(60, 0),
        TimeControl::new(180, 2),
        TimeControl::new(300, 3),
        TimeControl::new(600, 0),
        TimeControl::new(900, 10),
        TimeControl::new(1800, 0),
    ];

    /// A control of `base_secs` plus `inc_secs` a move.
    pub const fn new(base_secs: u32, inc_secs: u32) -> TimeControl {
        TimeControl {
            base_secs,
            inc_secs,
        }
    }

    /// `5+3`: minutes plus seconds a move.
    pub fn label(self) -> String {
        let minutes = self.base_secs as f64 / 60.0;
        if self.base_secs.is_multiple_of(60) {
            format!("{}+{}", self.base_secs / 60, self.inc_secs)
        } else {
            format!("{}+{}", decimal::write(minutes, 1), self.inc_secs)
        }
    }

    /// Reads `5+3` (minutes, possibly fractional, plus seconds).
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (m, i) = text.split_once('+')?;
        // Minutes to the ten-thousandth, then to the nearest second.
        let minutes = topochess_study::decimal::fixed(m.trim(), 4)?;
        let inc: u32 = i.trim().parse().ok()?;
        let base = (minutes.checked_mul(60)? + 5_000).div_euclid(10_000);
        ((1..=180 * 60).contains(&base) && inc <= 180).then(|| TimeControl::new(base as u32, inc))
    }
}

/// The clocks of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Milliseconds left for White and Black, as of `since` for the side to move.
    pub left: [f64; 2],
    /// When the running clock (the side to move's) last started; `None` while no clock runs.
    pub since: Option<f64>,
}

/// Below this share of the base time (and at most 20 s) a clock shows low time.
const LOW_SHARE: f64 = 0.1;

impl Clock {
    /// Fresh clocks for `control`.
    pub fn new(control: TimeControl) -> Clock {
        let ms = control.base_secs as f64 * 1000.0;
        Clock {
            control,
            left: [ms, ms],
            since: None,
        }
    }

    /// The core's clocks of these (in whole milliseconds).
    fn rules(&self) -> Clocks {
        let ms = |t: f64| t.max(0.0).round() as u64;
        Clocks {
            increment_ms: self.control.inc_secs as u64 * 1000,
            berserk: [false, false],
            left_ms: self.left.map(ms),
            since: self.since.map(ms),
        }
    }

    /// Takes the core's clocks back.
    fn keep(&mut self, c: Clocks) {
        self.left = c.left_ms.map(|t| t as f64);
        self.since = c.since.map(|t| t as f64);
    }

    /// Milliseconds `side` has at `now`, with `turn` to move.
    pub fn time_left(&self, side: Color, turn: Color, now: f64) -> f64 {
        self.rules().left(side, turn, now.max(0.0) as u64) as f64
    }

    /// Whether the clock of `turn` runs.
    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// `mover` moved at `now`, the game now at `ply` (moves played), by the core's rules.
    pub fn moved(&mut self, mover: Color, ply: usize, now: f64) {
        let mut c = self.rules();
        c.moved(mover, ply, now.max(0.0) as u64);
        self.keep(c);
    }

    /// Stops the running clock at `now` (game over), charging the time used.
    pub fn stop(&mut self, turn: Color, now: f64) {
        let mut c = self.rules();
        c.stop(turn, now.max(0.0) as u64);
        self.keep(c);
    }

    /// Whether `side` is low on time at `now`.
    pub fn low(&self, side: Color, turn: Color, now: f64) -> bool {
        self.time_left(side, turn, now) < self.low_limit()
    }

    /// Under this many milliseconds a clock is low.
    fn low_limit(&self) -> f64 {
        (self.control.base_secs as f64 * 1000.0 * LOW_SHARE).min(20_000.0)
    }

    /// Milliseconds from `now` until the face of the running clock (`turn`'s) next changes
    /// ([`format_ms`]: its next second, or its next tenth under ten seconds), it goes low or it
    /// falls; `None` while no clock runs.
    pub fn next_change_ms(&self, turn: Color, now: f64) -> Option<f64> {
        if !self.running() {
            return None;
        }
        // Whole milliseconds, as the core's clock keeps them (and no float remainder to ship).
        let left = self.rules().left(turn, turn, now.max(0.0) as u64);
        if left == 0 {
            return None;
        }
        // The face shows the time cut down to its step: it changes once the time is below the
        // step it shows now.
        let step = if left < 10_000 { 100 } else { 1000 };
        let mut wait = left % step + 1;
        let limit = self.low_limit() as u64;
        if left >= limit {
            wait = wait.min(left - limit + 1);
        }
        Some(wait as f64)
    }

    /// The time the computer may use for its move at `now`: about a thirtieth of what it has
    /// plus most of its increment, never more than it has less a margin.
    pub fn budget_ms(&self, side: Color, turn: Color, now: f64) -> u64 {
        let left = self.time_left(side, turn, now);
        let inc = self.control.inc_secs as f64 * 1000.0;
        let budget = (left / 30.0 + inc * 0.75).min(left - 300.0).max(50.0);
        budget as u64
    }
}

/// `4:59`, `0:09.5` under ten seconds.
pub fn format_ms(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < 10_000.0 {
        // Tenths, cut down rather than rounded: 9.96 s left shows 0:09.9.
        let tenths = (ms / 100.0).floor() as i64;
        return format!("0:{:0>4}", decimal::write_fixed(tenths, 1));
    }
    let secs = (ms / 1000.0).floor() as u64;
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

#[cfg(not(target_arch = "wasm32"))]
thread_local! {
    static TEST_NOW: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
}

thread_local! {
    /// The time [`now`] gives while [`made_at`] runs its work.
    static MADE_AT: std::cell::Cell<Option<f64>> = const { std::cell::Cell::new(None) };
}

/// The time now, in milliseconds since 1970 (in native tests: a time the test sets); within
/// [`made_at`], the time given there.
pub fn now() -> f64 {
    if let Some(at) = MADE_AT.with(|m| m.get()) {
        return at;
    }
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        TEST_NOW.with(|t| t.get())
    }
}

/// Runs `work` with [`now`] at `at`: a move the board showed at once and handed to the app a
/// frame later is timed when it was made, so that the clock charges its mover no frame.
pub fn made_at(at: f64, work: impl FnOnce()) {
    let before = MADE_AT.with(|m| m.replace(Some(at)));
    work();
    MADE_AT.with(|m| m.set(before));
}

/// Sets the time [`now`] gives in native tests.
#[cfg(not(target_arch = "wasm32"))]
pub fn set_test_time(ms: f64) {
    TEST_NOW.with(|t| t.set(ms));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A move handed over after its frame is timed when it was made: within `made_at` the time
    /// is that one, and after it the time again.
    #[test]
    fn a_move_is_timed_when_it_was_made() {
        set_test_time(5_000.0);
        let mut seen = 0.0;
        made_at(4_900.0, || seen = now());
        assert_eq!(seen, 4_900.0);
        assert_eq!(now(), 5_000.0);
    }

    #[test]
    fn clocks_start_after_both_first_moves_and_add_the_increment_while_they_run() {
        let mut c = Clock::new(TimeControl::new(180, 2));
        c.moved(Color::White, 1, 1_000.0);
        assert!(!c.running(), "Black's clock waits for Black's first move");
        c.moved(Color::Black, 2, 9_000.0);
        assert!(c.running());
        assert_eq!(
            c.left,
            [180_000.0, 180_000.0],
            "no increment for free moves"
        );
        assert_eq!(c.time_left(Color::White, Color::White, 19_000.0), 170_000.0);
        c.moved(Color::White, 3, 19_000.0);
        assert_eq!(c.left[0], 172_000.0);
        assert_eq!(c.time_left(Color::Black, Color::Black, 25_000.0), 174_000.0);
        assert!(!c.low(Color::Black, Color::Black, 25_000.0));
        assert!(c.low(Color::Black, Color::Black, 19_000.0 + 170_000.0));
        assert_eq!(
            c.time_left(Color::Black, Color::Black, 1e12),
            0.0,
            "never below zero"
        );
    }

    #[test]
    fn the_running_clock_is_drawn_again_when_its_face_changes_it_goes_low_or_falls() {
        let mut c = Clock::new(TimeControl::new(30, 0));
        assert_eq!(
            c.next_change_ms(Color::White, 0.0),
            None,
            "no clock runs yet"
        );
        c.moved(Color::White, 1, 0.0);
        c.moved(Color::Black, 2, 0.0);
        let limit = 3_000.0;
        // White's clock runs from 0: at every 7 ms, the face stays until the wait is over and
        // changes when it is (or the clock goes low or falls then).
        let mut t = 0.0;
        while t < 30_000.0 {
            let wait = c.next_change_ms(Color::White, t).expect("running");
            let left = c.time_left(Color::White, Color::White, t);
            let face = |at: f64| format_ms(c.time_left(Color::White, Color::White, at));
            assert!((1.0..=1_001.0).contains(&wait), "{wait} at {left}");
            assert_eq!(
                face(t + wait - 1.0),
                face(t),
                "unchanged before, {left} left"
            );
            let low_then = left >= limit && left - wait < limit;
            let fallen = left - wait <= 0.0;
            assert!(
                face(t + wait) != face(t) || low_then || fallen,
                "changed by then, {left} left, {wait} waited"
            );
            t += 7.0;
        }
        assert_eq!(c.next_change_ms(Color::White, 30_000.0), None, "fallen");
    }

    /// The page's clock and the game server's keep the core's rules: the same moves at the same
    /// times give the same clocks (the server's side: `referee/tests.rs`).
    #[test]
    fn the_same_moves_at_the_same_times_give_the_cores_clocks() {
        let control = TimeControl::new(60, 3);
        let mut page = Clock::new(control);
        let mut rules = Clocks::new(60_000, 3_000);
        let times = [500, 4_000, 9_500, 12_000, 30_250, 31_000, 47_777];
        for (ply, t) in times.into_iter().enumerate() {
            let mover = if ply.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            };
            page.moved(mover, ply + 1, t as f64);
            rules.moved(mover, ply + 1, t);
            assert_eq!(page.rules(), rules, "after move {}", ply + 1);
            let later = t + 1_234;
            for side in [Color::White, Color::Black] {
                assert_eq!(
                    page.time_left(side, !mover, later as f64),
                    rules.left(side, !mover, later) as f64
                );
            }
        }
        // By hand: White 60 - 5.5 + 3 - 18.25 + 3 - 16.777 + 3 s; Black 60 - 2.5 + 3 - 0.75 + 3 s.
        assert_eq!(rules.left_ms, [28_473, 62_750]);
    }

    #[test]
    fn controls_read_and_print() {
        assert_eq!(TimeControl::parse("5+3"), Some(TimeControl::new(300, 3)));
        assert_eq!(TimeControl::parse("0.5+0"), Some(TimeControl::new(30, 0)));
        assert_eq!(TimeControl::parse("x+1"), None);
        assert_eq!(TimeControl::parse("0+0"), None);
        assert_eq!(TimeControl::new(900, 10).label(), "15+10");
        assert_eq!(format_ms(299_400.0), "4:59");
        assert_eq!(format_ms(9_460.0), "0:09.4");
        assert_eq!(format_ms(3_723_000.0), "1:02:03");
    }

    #[test]
    fn the_computer_budgets_inside_its_clock() {
        let c = Clock::new(TimeControl::new(60, 0));
        let b = c.budget_ms(Color::Black, Color::White, 0.0);
        assert!((1_500..=2_500).contains(&b), "{b}");
        let mut low = c.clone();
        low.left[1] = 400.0;
        assert_eq!(low.budget_ms(Color::Black, Color::White, 0.0), 50);
    }
}

#[cfg(test)]
mod game_tests {
    use super::*;
    use crate::app::state::{Action, AppState, PlayAction};
    use crate::common::settings::{Opponent, Settings};
    use std::rc::Rc;
    use topochess_core::game::Outcome;
    use yew::Reducible;

    fn timed(opponent: Opponent) -> Rc<AppState> {
        set_test_time(1_000_000.0);
        Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "standard".into(),
                opponent,
                time: Some(TimeControl::new(30, 0)),
                ..Settings::default()
            },
            None,
        ))
    }

    #[test]
    fn the_side_whose_time_runs_out_loses() {
        let s = timed(Opponent::HotSeat);
        let s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
        set_test_time(1_005_000.0);
        let s = s.reduce(Action::Play(PlayAction::Typed("e5".into())));
        assert!(
            s.play.clock.as_ref().unwrap().running(),
            "White's clock runs now"
        );
        set_test_time(1_020_000.0);
        let s = s.reduce(Action::Tick);
        assert!(s.play.game.outcome().is_none(), "15 s used of 30");
        set_test_time(1_036_000.0);
        let s = s.reduce(Action::Tick);
        assert_eq!(
            s.play.game.outcome(),
            Some(Outcome::Timeout {
                winner: topochess_core::Color::Black
            })
        );
        assert!(!s.play.clock.as_ref().unwrap().running(), "the clocks stop");
        // The ending and the clocks are saved, and come back.
        let saved = s.saved_game(0.0);
        assert_eq!(saved.ended.as_deref(), Some("flag:white"));
        let back = AppState::from_saved(&saved).unwrap();
        assert_eq!(back.play.game.outcome(), s.play.game.outcome());
        assert_eq!(back.play.clock, s.play.clock);
    }

    #[test]
    fn a_correspondence_game_has_no_clock() {
        let s = timed(Opponent::Correspondence {
            me: topochess_core::Color::White,
            id: 0,
        });
        assert!(s.play.clock.is_none());
    }
}
