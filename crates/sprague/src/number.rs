//! Parsing of the numbers people type: positions, spec parameters, input.

use crate::{Error, Result};

/// Parses a non-negative integer that fits in `u64`: digits, with `_` as
/// a separator (`1_000_000`), or a power `B^K` (`10^18`, `2^28`).
///
/// The error says what was wrong with `text` but not where it came from:
/// callers wrap it.
pub fn parse_u64(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    if let Some((b, k)) = t.split_once('^') {
        let (b, k) = (whole(b)?, whole(k)?);
        return u32::try_from(k)
            .ok()
            .and_then(|k| b.checked_pow(k))
            .ok_or_else(|| format!("`{t}` is larger than the largest supported value {}", u64::MAX));
    }
    whole(t)
}

/// [`parse_u64`] without powers.
fn whole(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("expected a number, found nothing".into());
    }
    let digits: String = t.chars().filter(|&c| c != '_').collect();
    if digits.starts_with('-') {
        return Err("expected a non-negative number".into());
    }
    if !digits.chars().all(|c| c.is_ascii_digit()) || digits.is_empty() {
        return Err(format!(
            "`{t}` is not a whole number (write digits, 1_000_000 or a power such as 10^6)"
        ));
    }
    digits
        .parse::<u64>()
        .map_err(|_| format!("`{t}` is larger than the largest supported value {}", u64::MAX))
}

/// The most elements a set in a spec may have.
pub const MAX_SET: usize = 1_000_000;

/// Writes a sorted set the way [`parse_set`] reads it, runs of three or
/// more consecutive numbers as ranges: `1..3,7`.
pub fn format_set(set: &[u64]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < set.len() {
        let mut j = i;
        while j + 1 < set.len() && set[j + 1] == set[j] + 1 {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}..{}", set[i], set[j]));
            i = j + 1;
        } else {
            parts.push(set[i].to_string());
            i += 1;
        }
    }
    parts.join(",")
}

/// Parses a comma-separated list of numbers, each at least `min`, with
/// ranges `a..b` (inclusive) allowed. Returns the sorted, de-duplicated set.
pub fn parse_set(spec: &str, body: &str, min: u64) -> Result<Vec<u64>> {
    let bad = |reason: String| Error::BadSpec {
        spec: spec.to_string(),
        reason,
    };
    let mut out = Vec::new();
    for part in body.split(',') {
        let part = part.trim();
        if part.is_empty() {
            return Err(bad("empty element in the list".into()));
        }
        if let Some((a, b)) = part.split_once("..") {
            let a = parse_u64(a).map_err(&bad)?;
            let b = parse_u64(b.trim_start_matches('=')).map_err(&bad)?;
            if a > b {
                return Err(bad(format!("range `{part}` is empty")));
            }
            if (b - a) as u128 + 1 + out.len() as u128 > MAX_SET as u128 {
                return Err(bad(format!("more than {MAX_SET} elements (at `{part}`)")));
            }
            out.extend(a..=b);
        } else {
            out.push(parse_u64(part).map_err(&bad)?);
        }
        if out.len() > MAX_SET {
            return Err(bad(format!("more than {MAX_SET} elements")));
        }
    }
    if let Some(&x) = out.iter().find(|&&x| x < min) {
        return Err(bad(format!("element {x} is below the minimum {min}")));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Splits a position written as `a,b,...` into its numbers.
pub fn parse_tuple(text: &str) -> Result<Vec<u64>> {
    text.split(',')
        .map(|p| {
            parse_u64(p).map_err(|reason| Error::BadPosition {
                text: text.to_string(),
                reason,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranges_and_lists() {
        assert_eq!(parse_set("s", "1..3,7", 1).unwrap(), vec![1, 2, 3, 7]);
        assert!(parse_set("s", "0,2", 1).is_err());
        assert!(parse_set("s", "3..1", 1).is_err());
        assert!(parse_set("s", "1,,2", 1).is_err());
    }

    #[test]
    fn sets_print_as_they_parse() {
        for (text, printed) in [
            ("1,2,3,7", "1..3,7"),
            ("1,2", "1,2"),
            ("5", "5"),
            ("1..4,6..9,11", "1..4,6..9,11"),
        ] {
            let set = parse_set("s", text, 1).unwrap();
            assert_eq!(format_set(&set), printed);
            assert_eq!(parse_set("s", printed, 1).unwrap(), set);
        }
        assert!(parse_set("s", "1..1000000,1000001..2000000", 1)
            .unwrap_err()
            .to_string()
            .contains("more than"));
    }

    #[test]
    fn rejects_out_of_range() {
        assert!(parse_u64("18446744073709551616").is_err());
        assert_eq!(parse_u64("18446744073709551615").unwrap(), u64::MAX);
        assert!(parse_u64("-3").is_err());
        assert!(parse_u64("1e5").is_err());
        assert_eq!(parse_u64("10^18").unwrap(), 1_000_000_000_000_000_000);
        assert_eq!(parse_u64(" 2^0 ").unwrap(), 1);
        assert_eq!(parse_u64("2^63").unwrap(), 1 << 63);
        assert!(parse_u64("2^64").unwrap_err().contains("larger than"));
        assert!(parse_u64("2^^3").is_err());
        assert!(parse_u64("^3").is_err());
        assert!(parse_u64("-2^3").is_err());
    }
}
