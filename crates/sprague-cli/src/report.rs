//! How an error reaches the user: one line `sprague: error: …` on stderr,
//! or with `--json` anywhere on the command line one JSON object on one
//! line, `{"error": "…", "kind": "…", "exit_code": N}`, so that a script
//! reading JSON reads its errors the same way. The exit code is the same
//! either way.

use serde::Serialize;

/// What kind of failure an error is: the library's kinds
/// ([`sprague::ErrorKind`]) and the CLI's own I/O failures. It decides the
/// exit code (the one table from kinds to codes) and the `kind` key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Bad input: a spec, position, flag or file that is wrong (exit 2).
    BadInput,
    /// A name (of a game, of a problem) not known (exit 2).
    NotFound,
    /// A bound was reached: states, work, memory, a script's (exit 2).
    Bound,
    /// The computation was stopped before it ended (exit 130, as Ctrl-C).
    Stopped,
    /// Reading or writing failed (exit 1).
    Io,
    /// A check inside sprague failed: a bug (exit 3).
    Internal,
}

impl Kind {
    /// The kind of a failed command's error, from its library error where
    /// it has one; `fallback` otherwise.
    pub fn of(e: &anyhow::Error, fallback: Kind) -> Kind {
        use sprague::ErrorKind as K;
        if e.downcast_ref::<Interrupted>().is_some() {
            return Kind::Stopped;
        }
        match e.downcast_ref::<sprague::Error>().map(sprague::Error::kind) {
            Some(K::BadInput) => Kind::BadInput,
            Some(K::NotFound) => Kind::NotFound,
            Some(K::Bound) => Kind::Bound,
            Some(K::Stopped) => Kind::Stopped,
            Some(K::Internal) => Kind::Internal,
            _ => fallback,
        }
    }

    /// The exit code of an error of this kind.
    pub fn exit_code(self) -> u8 {
        match self {
            Kind::BadInput | Kind::NotFound | Kind::Bound => 2,
            Kind::Stopped => 130,
            Kind::Io => 1,
            Kind::Internal => 3,
        }
    }
}

/// A run ended by Ctrl-C, with the line that says how far it got and
/// what was kept (exit 130, printed without `error:`).
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

/// The error object `--json` prints.
#[derive(Serialize)]
struct JsonError<'a> {
    error: &'a str,
    kind: Kind,
    exit_code: u8,
}

/// Whether the command line asks for JSON (`--json` before any `--`).
pub fn json_wanted() -> bool {
    std::env::args()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json")
}

/// The line an error is printed as: JSON or text.
pub fn render(message: &str, kind: Kind, json: bool) -> String {
    if json {
        let e = JsonError {
            error: message,
            kind,
            exit_code: kind.exit_code(),
        };
        return serde_json::to_string(&e).unwrap_or_else(|_| format!("{{\"error\": {message:?}}}"));
    }
    // Text bound for a terminal has its control characters escaped.
    let message = crate::term::escape(message);
    match kind {
        // The message says "internal error: …" itself; a stop asked for
        // is no error.
        Kind::Internal | Kind::Stopped => format!("sprague: {message}"),
        _ => format!("sprague: error: {message}"),
    }
}

/// Prints an error on stderr, as JSON when the command line asks for it.
pub fn error(message: &str, kind: Kind) {
    eprintln!("{}", render(message, kind, json_wanted()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_errors_are_one_object_with_the_message() {
        let line = render("bad position `x`: \"quoted\"", Kind::BadInput, true);
        let v: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["error"], "bad position `x`: \"quoted\"");
        assert_eq!(v["kind"], "bad_input");
        assert_eq!(v["exit_code"], 2);
        assert!(!line.contains('\n'));
        assert_eq!(render("x", Kind::Io, false), "sprague: error: x");
    }
}
