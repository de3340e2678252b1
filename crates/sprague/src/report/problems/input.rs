//! A tokenizer for contest input that knows where every number came from.
//!
//! Contest input is line oriented: "a line with N, then a line with N
//! numbers". Reading it as one stream of whitespace-separated tokens would
//! let a short line silently borrow numbers from the next test and print
//! wrong answers before noticing. So input is read a *record* (one line) at
//! a time, and every error names the 1-based line, the offending token and
//! what was expected there ([`Error::Input`]). Blank lines between records
//! are skipped; spaces, tabs and `\r` separate tokens.

use crate::{Error, Result};

/// The unread rest of a contest input.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
    pos: usize,
    /// Lines consumed so far (the next line is `line + 1`).
    line: usize,
}

/// One line of input, read number by number.
#[derive(Clone, Debug)]
pub struct Record<'a> {
    text: &'a [u8],
    pos: usize,
    line: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
}

fn lossy(token: &[u8]) -> String {
    const MAX: usize = 40;
    let s = String::from_utf8_lossy(token);
    if s.chars().count() > MAX {
        let cut: String = s.chars().take(MAX).collect();
        format!("{cut}…")
    } else {
        s.into_owned()
    }
}

impl<'a> Input<'a> {
    /// Starts reading `data` at its first line.
    pub fn new(data: &'a [u8]) -> Self {
        Input {
            data,
            pos: 0,
            line: 0,
        }
    }

    /// The next line that is not blank.
    ///
    /// `what` names what the line should hold ("the number of tests"); at
    /// the end of the input it becomes the error's reason.
    #[inline]
    pub fn record(&mut self, what: &str) -> Result<Record<'a>> {
        let data = self.data;
        let mut i = self.pos;
        while i < data.len() {
            // Skip the leading blanks; a line that ends there is blank.
            let start = i;
            while i < data.len() && is_space(data[i]) {
                i += 1;
            }
            self.line += 1;
            if i < data.len() && data[i] != b'\n' {
                let len = data[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .unwrap_or(data.len() - i);
                let end = i + len;
                self.pos = (end + 1).min(data.len());
                return Ok(Record {
                    text: &data[start..end],
                    pos: i - start,
                    line: self.line,
                });
            }
            i += 1; // past the newline of a blank line (or the end)
        }
        self.pos = data.len();
        Err(Error::Input {
            line: self.line + 1,
            token: "<end of input>".into(),
            reason: format!("input ends early: expected a line with {what}"),
        })
    }

    /// Succeeds when nothing but blank lines is left.
    pub fn finish(mut self) -> Result<()> {
        match self.record("") {
            Err(_) => Ok(()),
            Ok(mut r) => {
                let line = r.line;
                let token = r.token().map(lossy).unwrap_or_default();
                Err(Error::Input {
                    line,
                    token,
                    reason: "unexpected text after the last test".into(),
                })
            }
        }
    }
}

impl<'a> Record<'a> {
    /// The 1-based line number of this record.
    pub fn line(&self) -> usize {
        self.line
    }

    fn token(&mut self) -> Option<&'a [u8]> {
        let t = self.text;
        while self.pos < t.len() && is_space(t[self.pos]) {
            self.pos += 1;
        }
        if self.pos == t.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < t.len() && !is_space(t[self.pos]) {
            self.pos += 1;
        }
        Some(&t[start..self.pos])
    }

    #[cold]
    fn error(&self, token: String, reason: String) -> Error {
        Error::Input {
            line: self.line,
            token,
            reason,
        }
    }

    /// The next number on the line, which must lie in `min..=max`.
    ///
    /// `what` names the number for the error message ("N", "card 3").
    #[inline]
    pub fn number(&mut self, what: &str, min: u64, max: u64) -> Result<u64> {
        // Fast path: a run of at most 19 digits cannot overflow a u64.
        let t = self.text;
        let mut i = self.pos;
        while i < t.len() && is_space(t[i]) {
            i += 1;
        }
        let start = i;
        let mut v: u64 = 0;
        while i < t.len() && t[i].is_ascii_digit() {
            v = v.wrapping_mul(10).wrapping_add(u64::from(t[i] - b'0'));
            i += 1;
        }
        let clean_end = i == t.len() || is_space(t[i]);
        if i == start || !clean_end || i - start > 19 {
            self.pos = start;
            v = self.checked_number(what)?;
        } else {
            self.pos = i;
        }
        if v < min || v > max {
            let range = if max == u64::MAX {
                format!("at least {min}")
            } else {
                format!("between {min} and {max}")
            };
            return Err(self.error(lossy(&t[start..self.pos]), format!("{what} must be {range}")));
        }
        Ok(v)
    }

    /// The next token as a number, with every check (the slow path).
    #[cold]
    fn checked_number(&mut self, what: &str) -> Result<u64> {
        let Some(tok) = self.token() else {
            return Err(self.error(
                "<end of line>".into(),
                format!("line ends early: expected {what}"),
            ));
        };
        let mut v: u64 = 0;
        for &b in tok {
            if !b.is_ascii_digit() {
                return Err(self.error(lossy(tok), format!("expected {what}, a whole number")));
            }
            v = match v.checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0'))) {
                Some(v) => v,
                None => {
                    return Err(self.error(
                        lossy(tok),
                        format!("{what} is larger than the largest supported value {}", u64::MAX),
                    ))
                }
            };
        }
        Ok(v)
    }

    /// Succeeds when the line holds no further token.
    ///
    /// `after` names the last thing read, for the error message.
    #[inline]
    pub fn end(mut self, after: &str) -> Result<()> {
        match self.token() {
            None => Ok(()),
            Some(tok) => Err(self.error(lossy(tok), format!("unexpected text on the line after {after}"))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(r: Result<impl std::fmt::Debug>) -> (usize, String, String) {
        match r {
            Err(Error::Input { line, token, reason }) => (line, token, reason),
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn reads_records_and_skips_blank_lines() {
        let mut inp = Input::new(b"2\r\n\n 3  4\t\n");
        let mut r = inp.record("T").unwrap();
        assert_eq!((r.line(), r.number("T", 1, 9).unwrap()), (1, 2));
        r.end("T").unwrap();
        let mut r = inp.record("a pair").unwrap();
        assert_eq!(r.line(), 3);
        assert_eq!(r.number("a", 0, u64::MAX).unwrap(), 3);
        assert_eq!(r.number("b", 0, u64::MAX).unwrap(), 4);
        r.end("b").unwrap();
        inp.finish().unwrap();
    }

    #[test]
    fn errors_name_line_token_and_reason() {
        let mut inp = Input::new(b"1\nx7 18446744073709551616 0 5\n");
        inp.record("T").unwrap();
        let mut r = inp.record("numbers").unwrap();
        let (line, token, reason) = err(r.number("a", 0, 9));
        assert_eq!((line, token.as_str()), (2, "x7"));
        assert!(reason.contains("whole number"), "{reason}");
        let (_, token, reason) = err(r.number("b", 0, u64::MAX));
        assert_eq!(token, "18446744073709551616");
        assert!(reason.contains("larger than"), "{reason}");
        let (_, token, reason) = err(r.number("c", 1, 9));
        assert_eq!(
            (token.as_str(), reason.as_str()),
            ("0", "c must be between 1 and 9")
        );
        let (_, token, _) = err(r.clone().end("c"));
        assert_eq!(token, "5");
        r.number("d", 0, 9).unwrap();
        let (_, token, reason) = err(r.number("e", 0, 9));
        assert_eq!(token, "<end of line>");
        assert!(reason.contains("expected e"), "{reason}");
        let mut r = Input::new(b"00000000000000000000000000042 18446744073709551615 99999999999999999999")
            .record("x")
            .unwrap();
        assert_eq!(r.number("x", 0, u64::MAX).unwrap(), 42);
        assert_eq!(r.number("y", 0, u64::MAX).unwrap(), u64::MAX);
        assert!(r.number("z", 0, u64::MAX).is_err());
        let (line, token, reason) = err(inp.record("N"));
        assert_eq!((line, token.as_str()), (3, "<end of input>"));
        assert!(reason.contains("expected a line with N"), "{reason}");
    }

    #[test]
    fn trailing_text_is_an_error() {
        let mut inp = Input::new(b"1\n\n  junk here\n");
        inp.record("T").unwrap();
        let (line, token, _) = err(inp.finish());
        assert_eq!((line, token.as_str()), (3, "junk"));
    }

    proptest::proptest! {
        /// The fast and the checked path agree with `str::parse` on any
        /// token, with or without leading zeros, and never panic.
        #[test]
        fn numbers_parse_like_str_parse(v in proptest::prelude::any::<u64>(), zeros in 0usize..25,
                                        junk in "[0-9a-z+-]{1,22}") {
            for text in [format!("{}{v}", "0".repeat(zeros)), junk] {
                let line = format!(" {text}\t7");
                let mut r = Input::new(line.as_bytes()).record("x").unwrap();
                let got = r.number("x", 0, u64::MAX).ok();
                proptest::prop_assert_eq!(got, text.parse::<u64>().ok().filter(|_| !text.starts_with('+')));
                if got.is_some() {
                    proptest::prop_assert_eq!(r.number("y", 0, u64::MAX).unwrap(), 7);
                }
            }
        }
    }

    proptest::proptest! {
        /// Records are exactly the non-blank lines, numbered from 1, and
        /// hold exactly their line's tokens.
        #[test]
        fn records_are_the_non_blank_lines(text in "[0-9 \t\r\n]{0,60}") {
            let mut want = Vec::new();
            for (i, line) in text.split('\n').enumerate() {
                let tokens: Vec<u64> = line
                    .split([' ', '\t', '\r'])
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().unwrap_or(u64::MAX))
                    .collect();
                if !tokens.is_empty() {
                    want.push((i + 1, tokens));
                }
            }
            let mut input = Input::new(text.as_bytes());
            let mut got = Vec::new();
            while let Ok(mut r) = input.record("x") {
                let mut tokens = Vec::new();
                while let Ok(v) = r.number("x", 0, u64::MAX).or_else(|e| match e {
                    Error::Input { ref token, .. } if token == "<end of line>" => Err(e),
                    _ => Ok(u64::MAX),
                }) {
                    tokens.push(v);
                }
                got.push((r.line(), tokens));
            }
            proptest::prop_assert_eq!(got, want);
        }
    }
}
