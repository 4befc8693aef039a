//! Decimal numbers written in fixed point (an evaluation in pawns, minutes on a clock, a
//! coordinate in a drawing): the digits are counted, never handed to a float formatter, so the
//! page carries no float formatting code. Reading them is notation, the rules crate's
//! ([`fixed`], re-exported here).

pub use topochess_core::decimal::fixed;

/// `value` with `places` digits after the point, rounded half away from zero: `write(1.456, 1)`
/// is `1.5`, `write(-0.25, 2)` is `-0.25`, `write(3.0, 0)` is `3`. It is what
/// `format!("{value:.places$}")` writes, but in integers. At most 9 places are written; a value
/// too large for an `i64` once scaled is written as the largest that fits, not-a-number as 0.
pub fn write(value: f64, places: u32) -> String {
    let places = places.min(9);
    // `as` saturates at the ends of `i64` and takes not-a-number to 0.
    let scaled = (value * 10f64.powi(places as i32)).round() as i64;
    write_fixed(scaled, places)
}

/// `value` with at most `places` digits after the point and no trailing zeros: `write_short(10.0,
/// 2)` is `10`, `write_short(36.60, 2)` is `36.6`. A drawing's coordinates are written so.
pub fn write_short(value: f64, places: u32) -> String {
    let mut text = write(value, places);
    if text.contains('.') {
        let kept = text.trim_end_matches('0').trim_end_matches('.').len();
        text.truncate(kept);
    }
    text
}

/// `value` / 10^`places` written with `places` digits after the point: `write_fixed(-5, 2)` is
/// `-0.05`. At most 9 places.
pub fn write_fixed(value: i64, places: u32) -> String {
    let places = places.min(9);
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    if places == 0 {
        return format!("{sign}{magnitude}");
    }
    let unit = 10u64.pow(places);
    let (whole, fraction) = (magnitude / unit, magnitude % unit);
    format!("{sign}{whole}.{fraction:0width$}", width = places as usize)
}

#[cfg(test)]
mod tests {
    use super::{fixed, write, write_fixed, write_short};

    #[test]
    fn decimals_are_written_in_fixed_point() {
        assert_eq!(write(1.456, 1), "1.5");
        assert_eq!(write(1.5, 2), "1.50");
        assert_eq!(write(-0.25, 2), "-0.25");
        assert_eq!(write(-0.04, 1), "0.0", "rounds to zero without a sign");
        assert_eq!(write(2.5, 0), "3", "half away from zero");
        assert_eq!(write(-2.5, 0), "-3");
        assert_eq!(write(99.95, 1), "100.0");
        assert_eq!(write(0.0, 3), "0.000");
        assert_eq!(write(f64::NAN, 1), "0.0");
        assert_eq!(write(1e30, 2), "92233720368547758.07", "saturates");
        assert_eq!(write(0.123456789012, 12), "0.123456789", "at most 9 places");
        assert_eq!(write_short(10.0, 2), "10");
        assert_eq!(write_short(36.6, 2), "36.6");
        assert_eq!(write_short(-0.001, 2), "0");
        assert_eq!(write_short(120.0, 0), "120", "no point, no trimming");
        assert_eq!(write_fixed(-5, 2), "-0.05");
        assert_eq!(write_fixed(1234, 0), "1234");
        assert_eq!(write_fixed(i64::MIN, 1), "-922337203685477580.8");
        // What `{:.N}` writes, or one less or more in the last place: the scaling to an integer
        // rounds once more than `{:.N}` does, which tells apart values within a rounding error of
        // a tie (-26.715 is written -26.72; `{:.2}` writes -26.71, the binary value being a
        // little above -26.715). Such values are rare: fewer than one in a hundred here.
        let mut off = 0;
        for i in -2000..2000 {
            let v = i as f64 * 0.0137;
            for places in 0..4 {
                let ours = fixed(&write(v, places), places).unwrap();
                let std = fixed(&format!("{v:.p$}", p = places as usize), places).unwrap();
                assert!((ours - std).abs() <= 1, "{v} {places}: {ours} vs {std}");
                off += usize::from(ours != std);
            }
        }
        assert!(off < 160, "{off} of 16000 differ in the last place");
    }
}
