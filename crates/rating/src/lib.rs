//! Players' ratings, as lichess keeps them: Glicko-2 (Glickman, "Example of the Glicko-2
//! system", glicko.net), one rating a preset, updated after every game. A rating period is a
//! length of time, and a fraction of one counts, so a rating deviation grows continuously while
//! a player is away; lichess's parameters by default.
//!
//! Pure: no clock is read. The caller says how many rating periods passed, or when (in ms since
//! the epoch) through [`System::periods_between`].
#![forbid(unsafe_code)]

use std::f64::consts::PI;

/// The Glicko-2 scale's factor: a rating of `1500 + SCALE * mu`.
const SCALE: f64 = 173.7178;
/// Where the volatility's iteration stops.
const CONVERGED: f64 = 0.000_001;
/// Milliseconds in a day.
const DAY_MS: f64 = 86_400_000.0;

/// A player's rating at one preset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// Its deviation, RD: how unsure it is.
    pub deviation: f64,
    /// Its volatility: how much the player's strength moves.
    pub volatility: f64,
}

/// A game's result for the player rated, against `opponent`: 1 a win, 0.5 a draw, 0 a loss.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Result {
    /// The opponent's rating before the game.
    pub opponent: Rating,
    /// The player's score.
    pub score: f64,
}

/// The rating system's constants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct System {
    /// How much a volatility may change (Glickman's tau).
    pub tau: f64,
    /// A new player's rating.
    pub rating: f64,
    /// A new player's deviation, and the most a deviation grows to.
    pub deviation: f64,
    /// The least a deviation falls to.
    pub least_deviation: f64,
    /// A new player's volatility.
    pub volatility: f64,
    /// The most a volatility grows to.
    pub most_volatility: f64,
    /// Rating periods a day.
    pub periods_per_day: f64,
    /// A rating whose deviation is this or more is provisional (shown with "?").
    pub provisional_from: f64,
}

impl Default for System {
    /// Lichess's: a new player at 1500, RD 500, volatility 0.09; tau 0.75; RD never below 45;
    /// volatility at most 0.1; 0.21436 rating periods a day; provisional while RD >= 110.
    fn default() -> System {
        System {
            tau: 0.75,
            rating: 1500.0,
            deviation: 500.0,
            least_deviation: 45.0,
            volatility: 0.09,
            most_volatility: 0.1,
            periods_per_day: 0.21436,
            provisional_from: 110.0,
        }
    }
}

/// Glicko-2's g: how much a result against an opponent this unsure counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// The expected score of `mu` against `mu_j`, unsure by `phi_j`.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl System {
    /// A new player's rating.
    pub fn new_rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating periods between `from` and `to` (ms since the epoch; none when `to` is before).
    pub fn periods_between(&self, from: u64, to: u64) -> f64 {
        to.saturating_sub(from) as f64 / DAY_MS * self.periods_per_day
    }

    /// Whether `rating` is provisional.
    pub fn provisional(&self, rating: &Rating) -> bool {
        rating.deviation >= self.provisional_from
    }

    /// `rating`'s deviation after `periods` rating periods away, within the system's bounds.
    pub fn deviation_after(&self, rating: &Rating, periods: f64) -> f64 {
        let phi = rating.deviation / SCALE;
        let grown = (phi * phi + periods.max(0.0) * rating.volatility.powi(2)).sqrt() * SCALE;
        grown.clamp(self.least_deviation, self.deviation)
    }

    /// `player`'s rating after `results`, played `periods` rating periods after the player's
    /// last rated game (Glickman's steps 2 to 8; with no result, only the deviation grows).
    /// Results that are not numbers, or ratings that are not, leave the rating as it was.
    pub fn rate(&self, player: &Rating, results: &[Result], periods: f64) -> Rating {
        let finite = |r: &Rating| {
            r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite()
        };
        let valid = finite(player)
            && results
                .iter()
                .all(|r| finite(&r.opponent) && (0.0..=1.0).contains(&r.score));
        if !valid || !(periods.is_finite()) {
            return *player;
        }
        if results.is_empty() {
            return Rating {
                deviation: self.deviation_after(player, periods),
                ..*player
            };
        }
        // Step 2: to the Glicko-2 scale.
        let mu = (player.rating - self.rating) / SCALE;
        let phi = player.deviation / SCALE;
        let sigma = player.volatility;
        // Steps 3 and 4: the estimated variance, and the improvement.
        let mut inverse_v = 0.0;
        let mut sum = 0.0;
        for r in results {
            let mu_j = (r.opponent.rating - self.rating) / SCALE;
            let phi_j = r.opponent.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
            sum += g(phi_j) * (r.score - e);
        }
        let v = 1.0 / inverse_v;
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma = self
            .volatility_after(phi, sigma, v, delta)
            .min(self.most_volatility);
        // Step 6: the deviation grown over the periods passed (a fraction counts).
        let phi_star = (phi * phi + periods.max(0.0) * sigma * sigma).sqrt();
        // Step 7: the new deviation and rating.
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        // Step 8: back to the rating scale.
        Rating {
            rating: SCALE * mu_new + self.rating,
            deviation: (SCALE * phi_new).clamp(self.least_deviation, self.deviation),
            volatility: sigma,
        }
    }

    /// Step 5: the volatility after a period of estimated variance `v` and improvement `delta`
    /// (the Illinois algorithm, as Glickman gives it).
    fn volatility_after(&self, phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
        let a = (sigma * sigma).ln();
        let tau = self.tau;
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 && k < 1000.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        let mut steps = 0;
        while (big_b - big_a).abs() > CONVERGED && steps < 1000 {
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
            steps += 1;
        }
        (big_a / 2.0).exp()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rating(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: 0.06,
        }
    }

    /// Glickman's worked example: tau 0.5, one rating period.
    fn glickman() -> System {
        System {
            tau: 0.5,
            deviation: 350.0,
            least_deviation: 0.0,
            most_volatility: 1.0,
            ..System::default()
        }
    }

    #[test]
    fn glickmans_worked_example_comes_out_as_published() {
        let after = glickman().rate(
            &rating(1500.0, 200.0),
            &[
                Result {
                    opponent: rating(1400.0, 30.0),
                    score: 1.0,
                },
                Result {
                    opponent: rating(1550.0, 100.0),
                    score: 0.0,
                },
                Result {
                    opponent: rating(1700.0, 300.0),
                    score: 0.0,
                },
            ],
            1.0,
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn lichess_bounds_a_new_player_and_the_deviation() {
        let system = System::default();
        let new = system.new_rating();
        assert_eq!(
            (new.rating, new.deviation, new.volatility),
            (1500.0, 500.0, 0.09)
        );
        assert!(system.provisional(&new));
        // Two new players, one game: the winner goes up as much as the loser goes down.
        let won = system.rate(
            &new,
            &[Result {
                opponent: new,
                score: 1.0,
            }],
            0.0,
        );
        let lost = system.rate(
            &new,
            &[Result {
                opponent: new,
                score: 0.0,
            }],
            0.0,
        );
        assert!(won.rating > 1500.0 && (won.rating - 1500.0 - (1500.0 - lost.rating)).abs() < 1e-9);
        assert!(won.deviation < 500.0 && won.volatility <= 0.1);
        // Many games against a settled player: the deviation never falls below 45.
        let settled = Rating {
            rating: 1500.0,
            deviation: 45.0,
            volatility: 0.06,
        };
        let mut r = new;
        for i in 0..500 {
            let score = if i % 2 == 0 { 1.0 } else { 0.0 };
            r = system.rate(
                &r,
                &[Result {
                    opponent: settled,
                    score,
                }],
                0.0,
            );
        }
        assert_eq!(r.deviation, 45.0);
        assert!(!system.provisional(&r));
    }

    #[test]
    fn the_deviation_grows_with_time_away_up_to_a_new_players() {
        let system = System::default();
        let r = Rating {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        let day = 86_400_000;
        let periods = |days: u64| system.periods_between(1_000, 1_000 + days * day);
        assert_eq!(periods(0), 0.0);
        assert!((periods(7) - 7.0 * 0.21436).abs() < 1e-12);
        let (week, year, ages) = (
            system.deviation_after(&r, periods(7)),
            system.deviation_after(&r, periods(365)),
            system.deviation_after(&r, periods(365 * 1000)),
        );
        assert!(
            60.0 < week && week < year && year < ages,
            "{week} {year} {ages}"
        );
        assert_eq!(ages, 500.0);
        // A game played after a year away moves the rating more than one played at once.
        let win = [Result {
            opponent: r,
            score: 1.0,
        }];
        let at_once = system.rate(&r, &win, 0.0);
        let after_a_year = system.rate(&r, &win, periods(365));
        assert!(after_a_year.rating - 1800.0 > at_once.rating - 1800.0);
        // No game: only the deviation grows.
        let away = system.rate(&r, &[], periods(365));
        assert_eq!((away.rating, away.deviation), (1800.0, year));
    }

    #[test]
    fn what_is_not_a_rating_or_a_score_changes_nothing() {
        let system = System::default();
        let r = system.new_rating();
        for bad in [
            Result {
                opponent: r,
                score: 2.0,
            },
            Result {
                opponent: Rating {
                    rating: f64::NAN,
                    ..r
                },
                score: 1.0,
            },
        ] {
            assert_eq!(system.rate(&r, &[bad], 0.0), r);
        }
        assert_eq!(system.rate(&r, &[], f64::INFINITY), r);
    }
}
