//! Misère surveys: for each code, its misère quotient built heap by heap
//! up to N ([`crate::solve::MisereQuotient`]), whether it is complete (its
//! pretending function's period proven for every heap size), and whether
//! the game is tame; one [`MisereRecord`] (a JSON line) a code, and the
//! table a paper prints ([`write_misere_markdown`]).
//!
//! A record's kind sorts the codes as the status chart of Plambeck and
//! Siegel's supplementary appendices does: `tame` (every heap up to the
//! survey's N plays as misère Nim, by genus theory), `solved` (wild,
//! with a complete quotient) and `open` (neither, within the bounds).

use super::codes::{compare, parse_code};
use crate::rules::{OctalCode, OctalGame};
use crate::solve::quotient::tame_heaps;
use crate::solve::quotient::MisereQuotient;
use crate::solve::Limits;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::io::{self, Write};
use std::time::Instant;

/// What a misère survey learnt about one code: one JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisereRecord {
    /// The code, as sprague prints it (`0.77`).
    pub code: String,
    /// `tame`, `solved` or `open` (see the module docs).
    pub kind: String,
    /// The order of the quotient of the heaps up to `computed_to`.
    pub order: usize,
    /// The size of its P-portion.
    pub p_portion: usize,
    /// Whether the quotient holds for every heap size.
    pub all_heaps: bool,
    /// The pretending function's proven pre-period; null unless complete.
    pub preperiod: Option<u64>,
    /// The pretending function's proven period; null unless complete.
    pub period: Option<u64>,
    /// The last heap of the quotient proven (a complete search stops at
    /// the first heap that proves the period).
    pub computed_to: u64,
    /// Why the search stopped short of a period (a bound), if it did.
    pub stopped: Option<String>,
    /// Wall time of the code's run, in seconds.
    pub seconds: f64,
    /// The survey's bound N.
    pub upto: u64,
    /// The survey's bound on a candidate quotient's elements
    /// (`--max-order`); absent from records written before it was kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_order: Option<usize>,
}

impl MisereRecord {
    /// The record as one line of JSON, without the newline.
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| unreachable!("a record always serialises"))
    }
}

/// Builds one code's misère quotient heap by heap to `upto` at most,
/// stopping at a proven period or at candidates of more than `max_order`
/// elements, and says what it found.
///
/// # Errors
/// [`Error::Unsupported`] for N outside 1..=4096 or a hexadecimal code
/// of more heaps than the construction serves; [`Error::Stopped`].
///
/// # Examples
/// ```
/// use sprague::pattern::run_misere_code;
/// use sprague::solve::Limits;
/// let code = sprague::rules::OctalCode::parse("0.75").unwrap();
/// let r = run_misere_code(&code, 100, 500, Limits::default()).unwrap();
/// assert_eq!((r.kind.as_str(), r.order, r.period), ("solved", 8, Some(2)));
/// ```
pub fn run_misere_code(
    code: &OctalCode,
    upto: u64,
    max_order: usize,
    limits: Limits,
) -> Result<MisereRecord> {
    let start = Instant::now();
    let game = OctalGame { code: code.clone() };
    let q = MisereQuotient::search(&game, upto, max_order, limits.clone())?;
    let n = q.upto();
    // Tame only when every heap up to the survey's N is: not only those
    // the quotient reached (a search may stop early at a bound), and
    // every heap a root (heap n need not reach every smaller heap).
    let is_tame = tame_heaps(&game, upto, limits)?.is_some();
    let kind = if is_tame {
        "tame"
    } else if q.all_heaps() {
        "solved"
    } else {
        "open"
    };
    let period = q.period();
    Ok(MisereRecord {
        code: code.to_string(),
        kind: kind.into(),
        order: q.order(),
        p_portion: q.p_portion().len(),
        all_heaps: q.all_heaps(),
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        computed_to: n,
        stopped: q.stopped().map(str::to_string),
        seconds: start.elapsed().as_secs_f64(),
        upto,
        max_order: Some(max_order),
    })
}

/// Checks that the records already in a misère survey file `file` are of
/// a survey to `upto` (and, when given, with the bound `max_order` on a
/// candidate's elements), so that resuming it adds records of the same
/// survey: a code `open` at one bound may be `solved` at another. Records
/// written before the bound was kept are not checked against it.
///
/// # Errors
/// [`Error::Mismatch`] naming the first record of another survey.
pub fn check_misere_resume(
    records: &[MisereRecord],
    file: &str,
    upto: u64,
    max_order: Option<usize>,
) -> Result<()> {
    for r in records {
        let mismatch = |setting, reason: String| Error::Mismatch {
            file: file.to_string(),
            setting,
            reason: format!(
                "the record of {} {reason}; give another file or the same bound",
                r.code
            ),
        };
        if r.upto != upto {
            return Err(mismatch(
                crate::Setting::Upto,
                format!("is from a survey to N = {}, not {upto}", r.upto),
            ));
        }
        if let (Some(m), Some(want)) = (r.max_order, max_order) {
            if m != want {
                return Err(mismatch(
                    crate::Setting::MaxOrder,
                    format!("is from a survey with candidates of at most {m} elements, not {want}"),
                ));
            }
        }
    }
    Ok(())
}

/// Reads a misère survey file: one [`MisereRecord`] a line; a torn last
/// line (no newline) is dropped, blank lines skipped.
///
/// # Errors
/// [`Error::BadFile`] naming the first line that is no misère record.
pub fn read_misere_survey(bytes: &[u8], name: &str) -> Result<Vec<MisereRecord>> {
    let end = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let mut out = Vec::new();
    for (i, line) in bytes[..end].split(|&b| b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let bad = |why: String| Error::BadFile {
            file: name.to_string(),
            reason: format!("line {}: {why}", i + 1),
        };
        let text = std::str::from_utf8(line).map_err(|_| bad("not text".into()))?;
        let r: MisereRecord = serde_json::from_str(text.trim()).map_err(|e| {
            bad(format!(
                "not a misère survey record ({e}): `{}`",
                crate::excerpt(text)
            ))
        })?;
        out.push(r);
    }
    Ok(out)
}

/// Whether a survey file's first record is a misère one.
pub fn is_misere_survey(bytes: &[u8]) -> bool {
    let first = bytes
        .split(|&b| b == b'\n')
        .find(|l| !l.iter().all(u8::is_ascii_whitespace));
    first.is_some_and(|l| {
        serde_json::from_slice::<serde_json::Value>(l).is_ok_and(|v| v.get("all_heaps").is_some())
    })
}

/// Writes a misère survey as CSV: a header line, then one row a code,
/// sorted as the Markdown table is (`stopped`, free text, is left out;
/// empty fields where there is no period).
///
/// # Examples
/// ```
/// use sprague::pattern::{run_misere_code, write_misere_csv};
/// use sprague::solve::Limits;
/// let code = sprague::rules::OctalCode::parse("0.75").unwrap();
/// let r = run_misere_code(&code, 100, 500, Limits::default()).unwrap();
/// let mut out = Vec::new();
/// write_misere_csv(&[r], &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("code,kind,order,p_portion,all_heaps,preperiod,period,computed_to,seconds,upto\n0.75,solved,8,2,true,8,2,22,"), "{text}");
/// ```
pub fn write_misere_csv<W: Write>(records: &[MisereRecord], mut w: W) -> io::Result<()> {
    writeln!(
        w,
        "code,kind,order,p_portion,all_heaps,preperiod,period,computed_to,seconds,upto"
    )?;
    let opt = |x: Option<u64>| x.map_or(String::new(), |v| v.to_string());
    for r in sorted(records) {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{:.3},{}",
            r.code,
            r.kind,
            r.order,
            r.p_portion,
            r.all_heaps,
            opt(r.preperiod),
            opt(r.period),
            r.computed_to,
            r.seconds,
            r.upto
        )?;
    }
    Ok(())
}

/// The records sorted by code, as the survey sorts codes.
fn sorted(records: &[MisereRecord]) -> Vec<&MisereRecord> {
    let mut rows: Vec<&MisereRecord> = records.iter().collect();
    rows.sort_by(|a, b| match (parse_code(&a.code), parse_code(&b.code)) {
        (Ok(x), Ok(y)) => compare(&x, &y),
        _ => a.code.cmp(&b.code).then(Ordering::Equal),
    });
    rows
}

/// Writes a misère survey as Markdown: a count by kind, the table of every
/// code (kind, order, P-portion, period from pre-period, heaps proven),
/// then the codes left open with where each stopped.
///
/// # Examples
/// ```
/// use sprague::pattern::{run_misere_code, write_misere_markdown};
/// use sprague::solve::Limits;
/// let code = sprague::rules::OctalCode::parse("0.75").unwrap();
/// let r = run_misere_code(&code, 100, 500, Limits::default()).unwrap();
/// let mut out = Vec::new();
/// write_misere_markdown(&[r], &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("| 0.75 | solved | 8 | 2 | 2 from 8 | 22 |"), "{text}");
/// ```
pub fn write_misere_markdown<W: Write>(records: &[MisereRecord], mut w: W) -> io::Result<()> {
    let count = |k: &str| records.iter().filter(|r| r.kind == k).count();
    let upto = records.first().map_or("N".into(), |r| format!("N = {}", r.upto));
    writeln!(
        w,
        "{} code{} in misère play to {upto}: {} tame, {} solved (wild, complete quotient), {} open",
        records.len(),
        if records.len() == 1 { "" } else { "s" },
        count("tame"),
        count("solved"),
        count("open")
    )?;
    writeln!(w)?;
    writeln!(w, "| code | kind | order | P-portion | period | heaps proven |")?;
    writeln!(w, "|---|---|---:|---:|---|---:|")?;
    let rows = sorted(records);
    for r in &rows {
        let period = match (r.period, r.preperiod) {
            (Some(p), Some(o)) => format!("{p} from {o}"),
            _ => "—".into(),
        };
        writeln!(
            w,
            "| {} | {} | {} | {} | {period} | {} |",
            r.code, r.kind, r.order, r.p_portion, r.computed_to
        )?;
    }
    let open: Vec<&&MisereRecord> = rows.iter().filter(|r| r.kind == "open").collect();
    writeln!(w)?;
    if open.is_empty() {
        return writeln!(w, "Every code is tame or has a complete quotient.");
    }
    writeln!(w, "Open (no period proven within the bounds):")?;
    writeln!(w)?;
    for r in open {
        let why = r.stopped.as_deref().unwrap_or("no period proven by then");
        writeln!(
            w,
            "- {}: quotient of order {} to heap {}; {why}",
            r.code, r.order, r.computed_to
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 0.014 is tame up to heap 18 only (heap 19 has genus 2^1420), and
    /// its quotient search stops at heap 22 (a candidate past 300
    /// elements at 23), which does not reach heap 19: it is open, not
    /// tame. 0.032 is tame over every heap of the survey.
    #[test]
    fn tame_means_every_heap_up_to_the_survey_bound() {
        let run = |c: &str| {
            let code = OctalCode::parse(c).unwrap();
            run_misere_code(&code, 60, 300, Limits::default()).unwrap()
        };
        let r = run("0.014");
        assert_eq!((r.kind.as_str(), r.computed_to), ("open", 22), "{r:?}");
        let r = run("0.032");
        assert_eq!(r.kind, "tame", "{r:?}");
    }
}
