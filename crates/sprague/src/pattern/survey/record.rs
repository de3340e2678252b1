//! One line of a survey file: what one code's run found ([`Record`]) and
//! how sure that is ([`Status`]).

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a code's period is known.
///
/// - `trivial`: no move leaves two or more heaps (every digit is 0–3: a
///   subtraction game with take-all rules, periodic by a counting
///   argument: the next value depends only on the last t, each at most t).
///   Its period is still computed and proven by the engine; if N is too
///   small for the proof, it is `observed` or `open` like any other code.
/// - `proven`: a period proven by the periodicity theorem the engine uses
///   (for octal codes, Guy–Smith: g(n + p) = g(n) checked for
///   o ≤ n < 2o + 2p + t), with the least pre-period and period.
/// - `observed`: no proof within N, but the values computed, g(0..=N),
///   end in a tail that repeats its least period p at least three times
///   and holds at least half of the values;
///   the record gives that p and the least pre-period o of the longest
///   such tail ([`repeating_tail`](super::repeating_tail)). Evidence, not proof.
/// - `open`: none of these; `preperiod` and `period` are null.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// No move leaves two or more heaps; the period is proven.
    Trivial,
    /// A period proven by the periodicity theorem the engine uses.
    Proven,
    /// No proof within the bound, but the values end in a tail that
    /// repeats its least period at least three times and holds at least half
    /// of the values.
    Observed,
    /// None of the above.
    Open,
}

impl Status {
    /// Every status, in the order reports list them.
    pub const ALL: [Status; 4] = [Status::Trivial, Status::Proven, Status::Observed, Status::Open];

    /// The name written in files: `trivial`, `proven`, `observed`, `open`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Trivial => "trivial",
            Status::Proven => "proven",
            Status::Observed => "observed",
            Status::Open => "open",
        }
    }

    /// Whether the period is proven (trivial or proven).
    pub fn is_proven(self) -> bool {
        matches!(self, Status::Trivial | Status::Proven)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a survey learnt about one code: one JSON line of the survey file.
///
/// The fields are written in this order, with these names; `null` where a
/// field does not apply (see each field).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The code, as sprague prints it: `0.77`, `0.f` (no `octal:`/`hex:`).
    pub code: String,
    /// How the period is known.
    pub status: Status,
    /// The least pre-period of the period below; null when open.
    pub preperiod: Option<u64>,
    /// The least period, proven or observed; null when open.
    pub period: Option<u64>,
    /// The last heap N whose value was computed (the run stops once a
    /// period is proven, so this may be far below `upto`).
    pub computed_to: u64,
    /// The largest value among g(0..=computed_to).
    pub max_value: u16,
    /// The sparse space's mask: the bit mask with the fewest rare
    /// positions, where the engine would run sparse with it; null where it
    /// would run dense or the code has no split move.
    pub mask: Option<u16>,
    /// The number of rare positions n ≥ 1 under `mask`; null with it.
    pub rare: Option<u64>,
    /// Wall time of the code's run, in seconds.
    pub seconds: f64,
    /// The survey's bound N: every code is run to at most N.
    pub upto: u64,
}

impl Record {
    /// The record as one line of JSON, without the newline.
    pub fn to_line(&self) -> String {
        // Serialising plain numbers, strings and options cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| unreachable!("a record always serialises"))
    }

    /// The same record with `seconds` set to 0: what two runs of one
    /// survey agree on.
    pub fn without_time(&self) -> Record {
        Record {
            seconds: 0.0,
            ..self.clone()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_round_trips_through_its_line() {
        let r = Record {
            code: "0.77".into(),
            status: Status::Proven,
            preperiod: Some(71),
            period: Some(12),
            computed_to: 180,
            max_value: 8,
            mask: Some(0x1e),
            rare: Some(9),
            seconds: 0.25,
            upto: 100_000,
        };
        let line = r.to_line();
        assert!(
            line.starts_with(r#"{"code":"0.77","status":"proven","preperiod":71,"period":12,"#),
            "{line}"
        );
        assert!(!line.contains('\n'));
        assert_eq!(serde_json::from_str::<Record>(&line).unwrap(), r);
        let open = Record {
            status: Status::Open,
            preperiod: None,
            period: None,
            mask: None,
            rare: None,
            ..r
        };
        let line = open.to_line();
        assert!(
            line.contains(r#""status":"open","preperiod":null,"period":null"#),
            "{line}"
        );
        assert_eq!(serde_json::from_str::<Record>(&line).unwrap(), open);
    }
}
