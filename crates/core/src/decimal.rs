//! Decimal numbers read from text in fixed point (an evaluation in pawns in PGN's `[%eval ...]`,
//! minutes on a clock): the digits are counted, never handed to a float parser, so a page that
//! reads them carries no float parsing tables. Writing them is the page's (`topochess-study`).

/// `text` (`12`, `-0.35`, `+1.5`, `.5`) times 10^`places`, rounded half away from zero; `None`
/// for anything else (no exponent, no `inf`), or when it does not fit an `i64`.
pub fn fixed(text: &str, places: u32) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first()? {
        b'-' => (true, &text[1..]),
        b'+' => (false, &text[1..]),
        _ => (false, text),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return None;
    }
    let mut value: i64 = 0;
    for b in whole.bytes() {
        value = value.checked_mul(10)?.checked_add(i64::from(b - b'0'))?;
    }
    let mut kept = fraction.bytes();
    for _ in 0..places {
        let digit = kept.next().map_or(0, |b| i64::from(b - b'0'));
        value = value.checked_mul(10)?.checked_add(digit)?;
    }
    if kept.next().is_some_and(|b| b >= b'5') {
        value = value.checked_add(1)?;
    }
    Some(if negative { -value } else { value })
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn decimals_are_read_in_fixed_point() {
        assert_eq!(fixed("0.35", 2), Some(35));
        assert_eq!(fixed("-1.2", 2), Some(-120));
        assert_eq!(fixed("+3", 2), Some(300));
        assert_eq!(fixed(".5", 1), Some(5));
        assert_eq!(fixed("7.", 0), Some(7));
        // Rounded half away from zero at the last place kept.
        assert_eq!(fixed("0.125", 2), Some(13));
        assert_eq!(fixed("-0.125", 2), Some(-13));
        assert_eq!(fixed("0.1249", 2), Some(12));
        assert_eq!(fixed("2.5", 0), Some(3));
        for bad in [
            "", "-", ".", "1e3", "inf", "NaN", "1.2.3", " 1", "0x10", "--1",
        ] {
            assert_eq!(fixed(bad, 2), None, "{bad:?}");
        }
        assert_eq!(fixed("99999999999999999999", 0), None, "too big");
        assert_eq!(
            fixed("92233720368547758", 2),
            Some(9_223_372_036_854_775_800)
        );
        assert_eq!(fixed("92233720368547759", 2), None, "too big once scaled");
    }
}
