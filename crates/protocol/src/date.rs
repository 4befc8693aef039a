//! Dates of the times the messages carry (milliseconds since the epoch), as the server's PGN
//! and the page's lists write them: one calendar for both.

/// The civil date (year, month 1-12, day 1-31) of `days` since 1970-01-01, in the proleptic
/// Gregorian calendar (Howard Hinnant's algorithm: 400-year eras of 146,097 days).
pub fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The civil date of `ms` since the epoch, `offset_minutes` behind UTC (JavaScript's
/// `getTimezoneOffset`: UTC less local time; 0 for UTC).
pub fn date_of(ms: i64, offset_minutes: i64) -> (i64, u32, u32) {
    civil((ms - offset_minutes * 60_000).div_euclid(86_400_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_are_read_on_the_calendar() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(-1), (1969, 12, 31));
        assert_eq!(date_of(951_782_400_000, 0), (2000, 2, 29));
        assert_eq!(date_of(1_709_251_199_000, 0), (2024, 2, 29));
        // 2026-11-29 10:41 UTC; fourteen hours behind UTC it is still the 28th.
        assert_eq!(date_of(1_795_948_860_000, 0), (2026, 11, 29));
        assert_eq!(date_of(1_795_948_860_000, 14 * 60), (2026, 11, 28));
    }
}
