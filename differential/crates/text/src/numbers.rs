//! Numbers as the terminal, the reports and the table print them.

/// `1 case`, `17 cases`: a count and its noun (plural with an `s`).
pub fn counted(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The share of agreeing comparisons, `99.83 %`; never rounded up to `100.00 %` while
/// a comparison disagreed (cut, not rounded: the terminal, the reports and the table
/// all print this), and `not compared` when nothing was compared.
pub fn percent(agreed: u64, compared: u64) -> String {
    if compared == 0 {
        return "not compared".into();
    }
    let hundredths = (agreed as u128 * 10_000) / compared as u128;
    format!("{}.{:02} %", hundredths / 100, hundredths % 100)
}

/// `0.8 s`, `42.0 s`, `3 min 05 s`, `2 h 03 min 05 s`.
pub fn duration(seconds: f64) -> String {
    if !seconds.is_finite() || seconds < 0.0 {
        return "unknown".into();
    }
    if seconds < 60.0 {
        return format!("{seconds:.1} s");
    }
    let whole = seconds.round() as u64;
    let (h, m, s) = (whole / 3600, (whole / 60) % 60, whole % 60);
    if h > 0 {
        format!("{h} h {m:02} min {s:02} s")
    } else {
        format!("{m} min {s:02} s")
    }
}

/// A rate as a whole number (`602`, not `602.0404`), or `unknown`.
pub fn rate(per_second: f64) -> String {
    if per_second.is_finite() && per_second >= 0.0 {
        format!("{per_second:.0}")
    } else {
        "unknown".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_never_round_up_to_agreement() {
        assert_eq!(percent(99_999, 100_000), "99.99 %");
        assert_eq!(percent(5, 5), "100.00 %");
        assert_eq!(percent(1, 3), "33.33 %");
        assert_eq!(percent(0, 0), "not compared");
    }

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration(0.84), "0.8 s");
        assert_eq!(duration(185.0), "3 min 05 s");
        assert_eq!(duration(7385.0), "2 h 03 min 05 s");
        assert_eq!(duration(f64::NAN), "unknown");
    }
}
