//! Text on its way to a terminal, made harmless: control characters from
//! arguments, scripts and files are shown escaped instead of sent.
//!
//! Why: a terminal obeys control sequences in what it prints. An argument
//! echoed in an error (`sprague value nim $'3\e]0;PWNED\a'`), a script's
//! error message or a move's label from a script could retitle the window,
//! rewrite the screen or, on some terminals, answer back keystrokes. Every
//! byte of C0 (but newline and tab), DEL and C1 is written as `\xNN` (C1 as
//! `\u{NN}`): errors are escaped when printed ([`escape`]), and standard
//! output goes through [`Escaping`] when it is a terminal (piped output,
//! JSON, files and images are left as they are; JSON escapes its own).

use std::borrow::Cow;
use std::io::{self, Write};

/// Whether `c` is a character a terminal may act on.
fn is_control(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || c == '\u{7f}'
}

/// `text` with every control character but newline and tab escaped.
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_control(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn push_escaped(out: &mut String, c: char) {
    use std::fmt::Write as _;
    let n = c as u32;
    let _ = if n < 0x80 {
        write!(out, "\\x{n:02x}")
    } else {
        write!(out, "\\u{{{n:x}}}")
    };
}

/// A writer that escapes control characters as [`escape`] does on their
/// way to `inner`. Bytes that are not UTF-8 pass as they are; a C1
/// character split across two writes is still caught.
pub struct Escaping<W: Write> {
    inner: W,
    /// A 0xC2 byte held back at the end of the last write (the first byte
    /// of a C1 character, or of another character from U+0080 to U+00BF).
    held: bool,
}

impl<W: Write> Escaping<W> {
    /// Escapes what is written to `inner`.
    pub fn new(inner: W) -> Self {
        Escaping { inner, held: false }
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out: Vec<u8> = Vec::with_capacity(buf.len() + 8);
        let mut bytes = buf.iter().copied().peekable();
        if std::mem::take(&mut self.held) {
            match bytes.peek() {
                Some(&b) if (0x80..0xa0).contains(&b) => {
                    bytes.next();
                    out.extend_from_slice(format!("\\u{{{b:x}}}").as_bytes());
                }
                _ => out.push(0xc2),
            }
        }
        while let Some(b) = bytes.next() {
            match b {
                b'\n' | b'\t' => out.push(b),
                0..=0x1f | 0x7f => out.extend_from_slice(format!("\\x{b:02x}").as_bytes()),
                0xc2 => match bytes.peek() {
                    Some(&c) if (0x80..0xa0).contains(&c) => {
                        bytes.next();
                        out.extend_from_slice(format!("\\u{{{c:x}}}").as_bytes());
                    }
                    Some(_) => out.push(b),
                    None => self.held = true,
                },
                _ => out.push(b),
            }
        }
        self.inner.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.held) {
            self.inner.write_all(&[0xc2])?;
        }
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(escape("3\u{1b}]0;PWNED\u{7}"), "3\\x1b]0;PWNED\\x07");
        assert_eq!(escape("a\tb\nc\rd\u{7f}e\u{9b}f"), "a\tb\nc\\x0dd\\x7fe\\u{9b}f");
        assert!(matches!(escape("plain ∞ text"), Cow::Borrowed(_)));
    }

    #[test]
    fn the_writer_escapes_as_escape_does_across_writes() {
        let text = "take 1 \u{1b}[2J\u{9b}31m é ∞\u{85}\n";
        let mut w = Escaping::new(Vec::new());
        // One byte a write: a C1 character split in two is still caught.
        for b in text.as_bytes() {
            w.write_all(std::slice::from_ref(b)).unwrap();
        }
        w.flush().unwrap();
        assert_eq!(String::from_utf8(w.inner).unwrap(), escape(text));
        let mut w = Escaping::new(Vec::new());
        w.write_all(text.as_bytes()).unwrap();
        w.flush().unwrap();
        assert_eq!(String::from_utf8(w.inner).unwrap(), escape(text));
    }
}
