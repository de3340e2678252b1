//! Which codes a survey runs: a family (every code with at most D digits
//! after the point) or a list a user wrote, parsed and de-duplicated.

use crate::rules::OctalCode;
use crate::{Error, Result};
use std::cmp::Ordering;
use std::collections::HashSet;

/// The most codes a family may hold: 2^20. Every octal family up to six
/// digits (262 143 codes) and every hexadecimal one up to five (1 048 575)
/// fits; seven octal digits (2 097 151 codes) do not.
pub const MAX_FAMILY: u64 = 1 << 20;

/// The number of codes with at most `digits` digits after the point:
/// 8^D − 1 octal, 16^D − 1 hexadecimal (octal codes included); `None`
/// where that does not fit in a u64.
pub fn family_size(digits: u32, hex: bool) -> Option<u64> {
    let radix: u64 = if hex { 16 } else { 8 };
    radix.checked_pow(digits).map(|n| n - 1)
}

/// Every code 0.d₁…d_k with k ≤ `digits` and d_k ≠ 0, octal (digits 0–7)
/// or, with `hex`, hexadecimal (digits 0–f, the octal codes among them),
/// in numeric order ([`compare`]).
///
/// # Returns
/// An error if `digits` is 0 or the family would hold more than
/// [`MAX_FAMILY`] codes.
///
/// # Complexity
/// O(C · D) for C codes.
///
/// # Examples
/// ```
/// let codes = sprague::pattern::code_family(1, false).unwrap();
/// let names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7"]);
/// assert_eq!(sprague::pattern::code_family(2, true).unwrap().len(), 255);
/// ```
pub fn family(digits: u32, hex: bool) -> Result<Vec<OctalCode>> {
    let kind = if hex { "hexadecimal" } else { "octal" };
    if digits == 0 {
        return Err(Error::Unsupported(format!(
            "a family of {kind} codes needs at least one digit after the point"
        )));
    }
    let size = family_size(digits, hex).filter(|&n| n <= MAX_FAMILY).ok_or_else(|| {
        let size = family_size(digits, hex).map_or("more than 2^64".to_string(), |n| n.to_string());
        Error::Unsupported(format!(
            "the {kind} codes with at most {digits} digits are {size}, more than a survey family may hold ({MAX_FAMILY}); give fewer digits or a list of codes"
        ))
    })?;
    let radix = if hex { 16u8 } else { 8u8 };
    let mut codes = Vec::with_capacity(size as usize);
    // Numeric order is depth-first order of the digit strings: an explicit
    // stack of the digits after the point (no recursion).
    let mut digits_now: Vec<u8> = vec![0];
    loop {
        // digits_now = d1..dk, the last one possibly 0 (a prefix only).
        let k = digits_now.len();
        if digits_now[k - 1] != 0 {
            let mut all = vec![0u8];
            all.extend_from_slice(&digits_now);
            let text = render(&all);
            let code = OctalCode::parse_hex(&text)
                .map_err(|e| Error::Internal(format!("family code {text} does not parse: {e}")))?;
            codes.push(code);
        }
        // Next in depth-first order: go deeper, else to the next sibling,
        // else back up.
        if (k as u32) < digits {
            digits_now.push(0);
            continue;
        }
        loop {
            match digits_now.last_mut() {
                None => return Ok(codes),
                Some(d) if *d + 1 < radix => {
                    *d += 1;
                    break;
                }
                Some(_) => {
                    digits_now.pop();
                }
            }
        }
    }
}

/// `0.` and the digits after d₀, in lower-case hexadecimal.
fn render(digits: &[u8]) -> String {
    let mut s = format!("{:x}.", digits[0]);
    for d in &digits[1..] {
        s.push(char::from_digit(*d as u32, 16).unwrap_or('?'));
    }
    s
}

/// Numeric order of codes: d₀ first, then the digits after the point as a
/// fraction (`0.07` < `0.1` < `0.11` < `0.2` < `4.0`); octal and
/// hexadecimal digits compare by their values.
pub fn compare(a: &OctalCode, b: &OctalCode) -> Ordering {
    // Trailing zeros are removed, so comparing the digit strings
    // lexicographically compares the numbers.
    a.digits().cmp(b.digits())
}

/// Parses one code a person typed: `0.77`, `.6`, `octal:0.77`, `hex:0.f`,
/// `0.f`. A bare code is read as hexadecimal (an octal code is one too),
/// except that a bare code with a digit 8 or 9 and no letter a–f is
/// refused: `0.99` may be meant as an octal code with a typo, so it must be
/// written `hex:0.99` to be read as hexadecimal.
///
/// # Returns
/// The code, or why the text is no code.
///
/// # Examples
/// ```
/// use sprague::pattern::parse_code;
/// assert_eq!(parse_code("0.f").unwrap().to_string(), "0.f");
/// let e = parse_code("0.99").unwrap_err();
/// assert!(e.contains("hex:0.99"), "{e}");
/// assert_eq!(parse_code("hex:0.99").unwrap().to_string(), "0.99");
/// ```
pub fn parse_code(text: &str) -> std::result::Result<OctalCode, String> {
    let bare = !text.starts_with("octal:") && !text.starts_with("hex:");
    let letters = text
        .chars()
        .any(|c| c.is_ascii_hexdigit() && c.is_ascii_alphabetic());
    if bare && !letters {
        if let Some(d) = text.chars().find(|c| matches!(c, '8' | '9')) {
            // The octal parser's message names the digit and `hex:`, unless
            // the code is malformed otherwise.
            return Err(OctalCode::parse(text).err().unwrap_or_else(|| {
                format!("`{d}` is not an octal digit 0-7; write a hexadecimal code as hex:{text}")
            }));
        }
    }
    parse_record_code(text)
}

/// Parses a code as a survey file records it: like [`parse_code`], but a
/// bare code is always hexadecimal (records of hexadecimal codes are
/// written bare: `0.8`).
pub fn parse_record_code(text: &str) -> std::result::Result<OctalCode, String> {
    if let Some(rest) = text.strip_prefix("octal:") {
        OctalCode::parse(rest)
    } else if let Some(rest) = text.strip_prefix("hex:") {
        OctalCode::parse_hex(rest)
    } else {
        OctalCode::parse_hex(text)
    }
}

/// Parses a list of codes: one per line or several separated by commas or
/// white space; `#` starts a comment to the end of the line. Codes that
/// are the same game (`0.70` and `0.7`, `octal:0.7` and `hex:0.7`) are
/// kept once, where they first appear.
///
/// # Returns
/// The codes in the order given, or an [`Error::Input`] naming the line
/// (1-based) and the text of the first bad code.
///
/// # Examples
/// ```
/// let codes = sprague::pattern::parse_codes("0.77, 0.07  # Kayles, Dawson\nhex:0.f\n0.770\n").unwrap();
/// let names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["0.77", "0.07", "0.f"]);
/// let err = sprague::pattern::parse_codes("0.77\n0.7x\n").unwrap_err().to_string();
/// assert!(err.contains("line 2") && err.contains("0.7x"), "{err}");
/// ```
pub fn parse_codes(text: &str) -> Result<Vec<OctalCode>> {
    let mut codes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split_once('#').map_or(line, |(code, _)| code);
        for token in line.split(|c: char| c == ',' || c.is_whitespace()) {
            if token.is_empty() {
                continue;
            }
            let code = parse_code(token).map_err(|reason| Error::Input {
                line: i + 1,
                token: token.to_string(),
                reason: format!("not a code: {reason}"),
            })?;
            codes.push(code);
        }
    }
    Ok(dedup(codes))
}

/// The codes with every game kept once, where it first appears.
pub fn dedup(codes: Vec<OctalCode>) -> Vec<OctalCode> {
    let mut seen = HashSet::new();
    codes.into_iter().filter(|c| seen.insert(c.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The family by plain nested loops over all D-digit strings.
    fn by_loops(digits: u32, radix: u32) -> Vec<String> {
        let mut out = Vec::new();
        let total = radix.pow(digits);
        for mut n in 1..total {
            let mut ds = Vec::new();
            for _ in 0..digits {
                ds.push(n % radix);
                n /= radix;
            }
            ds.reverse();
            while ds.last() == Some(&0) {
                ds.pop();
            }
            let s: String = ds.iter().map(|&d| char::from_digit(d, 16).unwrap()).collect();
            out.push(format!("0.{s}"));
        }
        out.sort();
        out
    }

    #[test]
    fn families_hold_exactly_the_codes_of_nested_loops_in_numeric_order() {
        for (digits, hex) in [
            (1, false),
            (2, false),
            (3, false),
            (4, false),
            (1, true),
            (2, true),
            (3, true),
        ] {
            let codes = family(digits, hex).unwrap();
            assert_eq!(codes.len() as u64, family_size(digits, hex).unwrap());
            // Numeric order, and no code twice.
            assert!(codes.windows(2).all(|w| compare(&w[0], &w[1]) == Ordering::Less));
            let mut names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
            // For digits 0-f, string order is numeric order too.
            assert!(names.windows(2).all(|w| w[0] < w[1]), "{digits} {hex}");
            names.sort();
            assert_eq!(
                names,
                by_loops(digits, if hex { 16 } else { 8 }),
                "{digits} {hex}"
            );
            assert!(codes.iter().all(|c| hex || !c.is_hex()));
        }
    }

    #[test]
    fn families_too_large_or_empty_are_refused() {
        assert_eq!(family(6, false).unwrap().len(), 262_143);
        let err = family(7, false).unwrap_err().to_string();
        assert!(err.contains("2097151") && err.contains("1048576"), "{err}");
        assert!(family(6, true).is_err());
        assert!(family(0, false).is_err());
        assert!(family(40, true)
            .unwrap_err()
            .to_string()
            .contains("more than 2^64"));
    }

    #[test]
    fn lists_parse_with_prefixes_comments_and_separators_and_drop_repeats() {
        let codes =
            parse_codes("# a survey\n0.77,0.07 ,\t.137\n\noctal:0.770 hex:0.F # three heaps\n0.f\n").unwrap();
        let names: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        assert_eq!(names, ["0.77", "0.07", "0.137", "0.f"]);
        assert!(parse_codes("# nothing\n\n").unwrap().is_empty());
        for (text, line, token) in [
            ("0.77\n\n0.7g\n", 3, "0.7g"),
            ("0.77, 77", 1, "77"),
            ("octal:0.f", 1, "octal:0.f"),
            ("0.0", 1, "0.0"),
            ("kayles", 1, "kayles"),
        ] {
            match parse_codes(text) {
                Err(Error::Input {
                    line: l, token: t, ..
                }) => assert_eq!((l, t.as_str()), (line, token), "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
    }

    #[test]
    fn compare_is_numeric_order() {
        let order = ["0.07", "0.1", "0.11", "0.2", "0.f", "4.0", "4.7"];
        let codes: Vec<OctalCode> = order.iter().map(|c| parse_code(c).unwrap()).collect();
        assert!(codes.windows(2).all(|w| compare(&w[0], &w[1]) == Ordering::Less));
    }
}
