//! [`Value`], the positions of games defined at run time: integers and
//! nested lists, with their text form.

use crate::{excerpt, Error, Result};
use std::fmt;
use std::sync::Arc;

/// Lists nest at most this deep, so that every walk over a value (printing,
/// comparing, hashing, dropping) stays shallow.
pub const MAX_DEPTH: usize = 32;

/// A position of a game defined at run time: an integer or a list.
///
/// Pairs, boards and multisets are lists (`[3, 4]`, `[[1, 0], [0, 1]]`);
/// a heap game's positions are integers. Values order integers before
/// lists, then by number or element by element.
///
/// Text form (what [`Value::parse`] reads and `Display` writes): `7`,
/// `[1,2,5]`, `[]`; a list of two or more elements may drop its outer
/// brackets (`3,4`), as the built-in pair games write positions.
///
/// ```
/// use sprague::rules::Value;
/// let v = Value::parse("3, [1,2]").unwrap();
/// assert_eq!(v, Value::list([Value::Int(3), Value::list([Value::Int(1), Value::Int(2)])]));
/// assert_eq!(v.to_string(), "3,[1,2]");
/// assert_eq!(Value::parse("[5]").unwrap().to_string(), "[5]");
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A list of values (at most [`MAX_DEPTH`] levels deep).
    List(Arc<[Value]>),
}

impl Value {
    /// A list of the given values.
    pub fn list(items: impl IntoIterator<Item = Value>) -> Value {
        Value::List(items.into_iter().collect())
    }

    /// The number, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            Value::List(_) => None,
        }
    }

    /// The elements, if this is a list.
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::Int(_) => None,
            Value::List(items) => Some(items),
        }
    }

    /// Reads a value in the text form described on [`Value`].
    ///
    /// # Errors
    /// [`Error::BadPosition`] naming the text and what is wrong with it.
    pub fn parse(text: &str) -> Result<Value> {
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        // An explicit stack of open lists: no recursion on the input.
        let mut stack: Vec<Vec<Value>> = vec![Vec::new()];
        let mut rest = text.trim();
        let mut expect_value = true;
        if rest.is_empty() {
            return Err(bad("write a number, or a list like 3,4 or [1,2,5]".into()));
        }
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = rest.trim_start();
                continue;
            }
            match c {
                '[' if expect_value => {
                    if stack.len() > MAX_DEPTH {
                        return Err(bad(format!("lists nest more than {MAX_DEPTH} deep")));
                    }
                    stack.push(Vec::new());
                    rest = &rest[1..];
                }
                ']' => {
                    let top = stack.pop().filter(|_| !stack.is_empty());
                    let Some(items) = top else {
                        return Err(bad("a `]` closes no `[`".into()));
                    };
                    if expect_value && !items.is_empty() {
                        return Err(bad("a `,` is followed by no value".into()));
                    }
                    stack
                        .last_mut()
                        .expect("the outer level stays")
                        .push(Value::list(items));
                    expect_value = false;
                    rest = &rest[1..];
                }
                ',' if !expect_value => {
                    expect_value = true;
                    rest = &rest[1..];
                }
                '-' | '0'..='9' if expect_value => {
                    let end = rest[1..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
                        .map_or(rest.len(), |i| i + 1);
                    let digits = rest[..end].replace('_', "");
                    let n: i64 = digits.parse().map_err(|_| {
                        bad(format!(
                            "`{}` is not a whole number of at most 19 digits",
                            &rest[..end]
                        ))
                    })?;
                    stack.last_mut().expect("a level is open").push(Value::Int(n));
                    expect_value = false;
                    rest = &rest[end..];
                }
                _ => {
                    let what = if expect_value {
                        "a number or `[`"
                    } else {
                        "`,` or `]`"
                    };
                    return Err(bad(format!("expected {what} at `{}`", excerpt(rest))));
                }
            }
        }
        if stack.len() > 1 {
            return Err(bad("a `[` is not closed".into()));
        }
        if expect_value {
            return Err(bad("a `,` is followed by no value".into()));
        }
        let mut top = stack.pop().expect("the outer level");
        Ok(if top.len() == 1 {
            top.pop().expect("one value")
        } else {
            Value::list(top)
        })
    }

    /// Writes the value; `outer` drops the brackets of a top-level list of
    /// two or more elements.
    fn write(&self, f: &mut fmt::Formatter<'_>, outer: bool) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::List(items) => {
                let bare = outer && items.len() >= 2;
                if !bare {
                    f.write_str("[")?;
                }
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    v.write(f, false)?; // depth ≤ MAX_DEPTH
                }
                if !bare {
                    f.write_str("]")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for text in ["0", "-5", "3,4", "[5]", "[]", "[1,2],[]", "1,[2,[3]],4"] {
            let v = Value::parse(text).unwrap();
            assert_eq!(v.to_string(), text);
            assert_eq!(Value::parse(&v.to_string()).unwrap(), v);
        }
        assert_eq!(Value::parse(" [1, 2 ,5] ").unwrap().to_string(), "1,2,5");
    }

    #[test]
    fn malformed_values_say_why() {
        for (text, needle) in [
            ("", "write a number"),
            ("1,", "followed by no value"),
            ("[1", "not closed"),
            ("1]", "closes no"),
            ("x", "expected a number"),
            ("1 2", "expected `,`"),
            ("99999999999999999999", "19 digits"),
        ] {
            let e = Value::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
        assert!(Value::parse(&deep).unwrap_err().to_string().contains("nest"));
    }
}
