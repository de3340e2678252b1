//! Reading a survey file back: the records already written, checked to
//! belong to one survey, and where a run that resumes it appends.

use super::codes::parse_record_code as parse_code;
use super::record::Record;
use crate::rules::OctalCode;
use crate::{Error, Result};
use std::collections::HashMap;

/// A survey file as read back ([`read_survey`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SurveyFile {
    /// The records, in the order of the file.
    pub records: Vec<Record>,
    /// The length of the file's whole lines, in bytes: a torn last line
    /// (one without its newline: the survey was stopped while writing it)
    /// lies beyond it and is dropped; a resumed survey cuts the file here
    /// before it appends.
    pub valid_len: u64,
    /// Whether a torn last line was dropped.
    pub torn: bool,
}

impl SurveyFile {
    /// The codes that have records, as parsed codes (every record's code
    /// parses: [`read_survey`] checks it).
    pub fn codes(&self) -> Vec<OctalCode> {
        self.records
            .iter()
            .filter_map(|r| parse_code(&r.code).ok())
            .collect()
    }
}

/// Reads the text of a survey file: one JSON [`Record`] a line.
///
/// # Arguments
/// * `bytes`: the file's contents.
/// * `name`: the file as the user named it, for errors.
/// * `upto`: the bound of the survey that reads it (to resume it), or
///   `None` to take the first record's (to report it).
///
/// # Returns
/// The records and the length of the whole lines ([`SurveyFile`]), or an
/// [`Error::BadFile`] naming the first bad line (1-based): one that is no
/// record, one from a survey with another bound, or a code already
/// recorded on an earlier line. A last line without its newline is
/// dropped, whatever it holds; empty lines are skipped.
///
/// # Examples
/// ```
/// let text = b"{\"code\":\"0.77\",\"status\":\"proven\",\"preperiod\":71,\"period\":12,\"computed_to\":180,\"max_value\":8,\"mask\":null,\"rare\":null,\"seconds\":0.1,\"upto\":1000}\n{\"code\":\"0.0";
/// let f = sprague::pattern::read_survey(text, "s.jsonl", Some(1000)).unwrap();
/// assert_eq!((f.records.len(), f.torn), (1, true));
/// let err = sprague::pattern::read_survey(text, "s.jsonl", Some(2000)).unwrap_err().to_string();
/// assert!(err.contains("line 1"), "{err}");
/// ```
pub fn read_survey(bytes: &[u8], name: &str, upto: Option<u64>) -> Result<SurveyFile> {
    let bad = |line: usize, reason: String| Error::BadFile {
        file: name.to_string(),
        reason: format!("line {line}: {reason}"),
    };
    let valid_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut out = SurveyFile {
        records: Vec::new(),
        valid_len: valid_len as u64,
        torn: valid_len < bytes.len(),
    };
    let mut upto = upto;
    let mut seen: HashMap<OctalCode, usize> = HashMap::new();
    for (i, line) in bytes[..valid_len].split(|&b| b == b'\n').enumerate() {
        let n = i + 1;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let text =
            std::str::from_utf8(line).map_err(|_| bad(n, "not text: this is not a survey file".into()))?;
        let record: Record = serde_json::from_str(text).map_err(|e| {
            bad(
                n,
                format!("not a survey record ({e}): `{}`", crate::excerpt(text)),
            )
        })?;
        let code =
            parse_code(&record.code).map_err(|e| bad(n, format!("bad code `{}`: {e}", record.code)))?;
        match upto {
            Some(u) if u != record.upto => {
                return Err(Error::Mismatch {
                    file: name.to_string(),
                    setting: crate::Setting::Upto,
                    reason: format!(
                        "line {n}: the record of {} is from a survey to N = {}, not {u}; give another file or that N",
                        record.code, record.upto
                    ),
                })
            }
            Some(_) => {}
            None => upto = Some(record.upto),
        }
        if let Some(first) = seen.insert(code, n) {
            return Err(bad(
                n,
                format!("{} is recorded twice (first on line {first})", record.code),
            ));
        }
        out.records.push(record);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pattern::survey::Status;

    fn rec(code: &str, upto: u64) -> Record {
        Record {
            code: code.into(),
            status: Status::Open,
            preperiod: None,
            period: None,
            computed_to: upto,
            max_value: 3,
            mask: None,
            rare: None,
            seconds: 0.5,
            upto,
        }
    }

    fn text(records: &[Record]) -> String {
        records.iter().map(|r| r.to_line() + "\n").collect()
    }

    #[test]
    fn whole_lines_are_read_and_a_torn_last_line_is_dropped() {
        let rs = [rec("0.6", 100), rec("0.f", 100)];
        let whole = text(&rs);
        let f = read_survey(whole.as_bytes(), "f", Some(100)).unwrap();
        assert_eq!(
            (f.records.as_slice(), f.valid_len, f.torn),
            (&rs[..], whole.len() as u64, false)
        );
        assert_eq!(
            f.codes(),
            [parse_code("0.6").unwrap(), parse_code("hex:0.F").unwrap()]
        );
        // Cut anywhere inside the last line: that line is dropped.
        let last = rs[1].to_line();
        for cut in 1..=last.len() {
            let torn = format!("{}{}", rs[0].to_line() + "\n", &last[..cut]);
            let f = read_survey(torn.as_bytes(), "f", Some(100)).unwrap();
            assert_eq!((f.records.len(), f.torn), (1, true), "cut {cut}");
            assert_eq!(f.valid_len as usize, rs[0].to_line().len() + 1);
        }
        let empty = read_survey(b"", "f", Some(100)).unwrap();
        assert_eq!((empty.records.len(), empty.valid_len, empty.torn), (0, 0, false));
    }

    #[test]
    fn lines_of_another_survey_or_no_survey_are_refused_with_their_number() {
        let mixed = text(&[rec("0.6", 100), rec("0.7", 100), rec("0.5", 200)]);
        let err = read_survey(mixed.as_bytes(), "s.jsonl", Some(100))
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("`s.jsonl`: line 3:") && err.contains("N = 200"),
            "{err}"
        );
        // Reading for a report takes the first line's bound.
        let err = read_survey(mixed.as_bytes(), "s.jsonl", None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 3"), "{err}");
        let err = read_survey(b"garbage\n", "s", Some(100)).unwrap_err().to_string();
        assert!(err.contains("line 1: not a survey record"), "{err}");
        let err = read_survey(b"\n\xff\xfe\n", "s", Some(100))
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 2: not text"), "{err}");
        let twice = text(&[rec("0.6", 100), rec("0.60", 100)]);
        let err = read_survey(twice.as_bytes(), "s", Some(100))
            .unwrap_err()
            .to_string();
        assert!(err.contains("line 2") && err.contains("first on line 1"), "{err}");
        let bad_code = text(&[rec("0.9z", 100)]);
        assert!(read_survey(bad_code.as_bytes(), "s", Some(100)).is_err());
    }
}
