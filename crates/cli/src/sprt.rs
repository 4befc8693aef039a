//! The sequential probability ratio test that decides a match, as fishtest and cutechess-cli run
//! it: H0 says the first player is `elo0` stronger than the second, H1 says `elo1`; after each
//! game the log-likelihood ratio of the score so far is compared with two bounds set by the
//! error rates `alpha` (accepting H1 when H0 holds) and `beta` (the other way). The ratio is the
//! generalised SPRT's normal approximation over wins, draws and losses (logistic Elo): with the
//! mean score `s` of `n` games and its variance `v` per game, and the scores `s0`, `s1` that
//! `elo0` and `elo1` predict, LLR = n (s1 - s0) (2s - s0 - s1) / (2v).

use crate::matches::Tally;

/// A test's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0 (the change is not worth keeping).
    pub elo0: f64,
    /// The Elo difference of H1 (the change is worth keeping).
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What a test has decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H0: the first player is not `elo1` stronger; drop the change.
    H0,
    /// H1: the first player is at least `elo0` stronger; keep the change.
    H1,
}

impl Sprt {
    /// Reads `ELO0,ELO1` or `ELO0,ELO1,ALPHA,BETA` (error rates 0.05 each when left out).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers: Result<Vec<f64>, _> = text.split(',').map(|t| t.trim().parse()).collect();
        let bad = || format!("--sprt takes ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA, not '{text}'");
        let (elo0, elo1, alpha, beta) = match numbers.map_err(|_| bad())?[..] {
            [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => return Err(bad()),
        };
        let sensible = elo0 < elo1 && elo0.abs() < 800.0 && elo1.abs() < 800.0;
        if !sensible {
            return Err(format!(
                "--sprt needs ELO0 < ELO1, both within 800: '{text}'"
            ));
        }
        let rates = 0.0..0.5;
        if !(rates.contains(&alpha) && rates.contains(&beta)) || alpha == 0.0 || beta == 0.0 {
            return Err(format!(
                "--sprt error rates must lie between 0 and 0.5: '{text}'"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The bounds of the log-likelihood ratio: at or below the first H0 is accepted, at or above
    /// the second H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the games of `tally` (0 before any game).
    /// While every game has had the same result the score has no spread to judge by: all wins or
    /// all losses are then judged as if one more game had been drawn, and all draws not at all.
    pub fn llr(&self, tally: &Tally) -> f64 {
        let mut n = (tally.wins + tally.draws + tally.losses) as f64;
        let mut draws = tally.draws as f64;
        if n == 0.0 || draws == n {
            return 0.0;
        }
        if tally.wins as f64 == n || tally.losses as f64 == n {
            n += 1.0;
            draws += 1.0;
        }
        let (w, d, l) = (tally.wins as f64 / n, draws / n, tally.losses as f64 / n);
        let s = w + d / 2.0;
        let v = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        let expected = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (expected(self.elo0), expected(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * v)
    }

    /// The verdict on `tally`, once its ratio has crossed a bound.
    pub fn verdict(&self, tally: &Tally) -> Option<Verdict> {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Verdict::H1)
        } else if llr <= lower {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// One line on the test: the ratio, the bounds and the verdict (or that it is still open).
    pub fn report(&self, tally: &Tally) -> String {
        let (lower, upper) = self.bounds();
        let verdict = match self.verdict(tally) {
            Some(Verdict::H1) => "H1 accepted: keep the change".to_string(),
            Some(Verdict::H0) => "H0 accepted: drop the change".to_string(),
            None => "no verdict yet: play more games".to_string(),
        };
        format!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} in ({lower:.2}, {upper:.2}), {verdict}",
            self.elo0,
            self.elo1,
            self.alpha,
            self.beta,
            self.llr(tally)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let t = Sprt::parse("0,5").unwrap();
        let (lower, upper) = t.bounds();
        assert!((lower + 2.944).abs() < 0.001 && (upper - 2.944).abs() < 0.001);
        let t = Sprt::parse("-3, 1, 0.05, 0.1").unwrap();
        let (lower, upper) = t.bounds();
        assert!((lower - (0.1f64 / 0.95).ln()).abs() < 1e-12);
        assert!((upper - 18f64.ln()).abs() < 1e-12);
        for bad in ["5,0", "0", "0,5,0.5,0.05", "a,b", "0,5,0.05", "-900,10"] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_ratio_matches_the_normal_approximation_worked_by_hand() {
        // 100 games, +30 =40 -30: s = 0.5, v = 0.3 * 0.25 + 0.3 * 0.25 = 0.15. With elo0 0 and
        // elo1 10: s0 = 0.5, s1 = 1 / (1 + 10^(-1/40)) = 0.514387...; LLR = 100 * 0.014387 *
        // (1 - 0.5 - 0.514387) / 0.3 = -0.06900.
        let t = Sprt::parse("0,10").unwrap();
        let llr = t.llr(&tally(30, 40, 30));
        let s1 = 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0));
        let by_hand = 100.0 * (s1 - 0.5) * (1.0 - 0.5 - s1) / 0.3;
        assert!((llr - by_hand).abs() < 1e-9, "{llr} {by_hand}");
        assert!((llr + 0.0690).abs() < 0.0005, "{llr}");
        assert_eq!(t.verdict(&tally(30, 40, 30)), None);
        assert_eq!(t.llr(&tally(0, 0, 0)), 0.0);
        assert_eq!(t.llr(&tally(0, 12, 0)), 0.0, "no spread, no evidence");
        // Twenty wins in twenty games decide, though they have no spread.
        assert_eq!(t.verdict(&tally(20, 0, 0)), Some(Verdict::H1));
        assert_eq!(t.verdict(&tally(0, 0, 20)), Some(Verdict::H0));
    }

    #[test]
    fn a_clear_difference_is_decided_and_an_even_score_rejects_a_gain() {
        let t = Sprt::parse("0,10").unwrap();
        // 60% over 400 games is about +70 Elo: far above elo1.
        assert_eq!(t.verdict(&tally(160, 160, 80)), Some(Verdict::H1));
        // An even score over many games: not the 10 Elo H1 asks for.
        assert_eq!(t.verdict(&tally(3000, 4000, 3000)), Some(Verdict::H0));
        // The same even score over few games decides nothing.
        assert_eq!(t.verdict(&tally(30, 40, 30)), None);
        assert!(t.report(&tally(160, 160, 80)).contains("H1 accepted"));
    }
}
