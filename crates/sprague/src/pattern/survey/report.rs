//! The table a paper prints from a survey's records: Markdown or CSV,
//! sorted by code, with the codes left unproven and a count by status.

use super::codes::{compare, parse_record_code as parse_code};
use super::record::{Record, Status};
use std::cmp::Ordering;
use std::io::{self, Write};

/// How many records have each status.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Records with [`Status::Trivial`].
    pub trivial: usize,
    /// Records with [`Status::Proven`].
    pub proven: usize,
    /// Records with [`Status::Observed`].
    pub observed: usize,
    /// Records with [`Status::Open`].
    pub open: usize,
}

impl Counts {
    /// Counts the records by status.
    pub fn of(records: &[Record]) -> Counts {
        let mut c = Counts::default();
        for r in records {
            c.add(r.status);
        }
        c
    }

    /// Counts one more record with `status`.
    pub fn add(&mut self, status: Status) {
        *self.get_mut(status) += 1;
    }

    /// The count of `status`.
    pub fn get(&self, status: Status) -> usize {
        match status {
            Status::Trivial => self.trivial,
            Status::Proven => self.proven,
            Status::Observed => self.observed,
            Status::Open => self.open,
        }
    }

    fn get_mut(&mut self, status: Status) -> &mut usize {
        match status {
            Status::Trivial => &mut self.trivial,
            Status::Proven => &mut self.proven,
            Status::Observed => &mut self.observed,
            Status::Open => &mut self.open,
        }
    }

    /// All records counted.
    pub fn total(&self) -> usize {
        self.trivial + self.proven + self.observed + self.open
    }
}

/// The records sorted by code in numeric order ([`compare`]); a record
/// whose code does not parse goes last, by its text.
pub fn sorted(records: &[Record]) -> Vec<&Record> {
    let mut keyed: Vec<_> = records.iter().map(|r| (parse_code(&r.code).ok(), r)).collect();
    keyed.sort_by(|(a, ra), (b, rb)| match (a, b) {
        (Some(a), Some(b)) => compare(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => ra.code.cmp(&rb.code),
    });
    keyed.into_iter().map(|(_, r)| r).collect()
}

/// One line: how many codes, to which N, and how many of each status
/// (`63 codes to N = 100000: 7 trivial, 45 proven, 1 observed, 10 open`).
pub fn summary_line(records: &[Record]) -> String {
    let c = Counts::of(records);
    let upto = records
        .first()
        .map_or("N".to_string(), |r| format!("N = {}", r.upto));
    let parts: Vec<String> = Status::ALL.iter().map(|&s| format!("{} {s}", c.get(s))).collect();
    let codes = if c.total() == 1 { "code" } else { "codes" };
    format!("{} {codes} to {upto}: {}", c.total(), parts.join(", "))
}

fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

fn mask(m: Option<u16>) -> String {
    m.map_or(String::new(), |m| format!("{m:#x}"))
}

/// Writes the survey as Markdown: the summary line, the table of every
/// code (status, pre-period, period, the last heap computed, the largest
/// value, mask and rare count), then the codes not proven (observed or
/// open) with how far each was computed. `—` marks what does not apply.
///
/// # Examples
/// ```
/// use sprague::pattern::{write_survey_markdown, SurveyRecord, SurveyStatus};
/// let r = SurveyRecord { code: "0.6".into(), status: SurveyStatus::Open, preperiod: None, period: None,
///     computed_to: 1000, max_value: 20, mask: None, rare: None, seconds: 0.1, upto: 1000 };
/// let mut out = Vec::new();
/// write_survey_markdown(&[r], &mut out).unwrap();
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.starts_with("1 code to N = 1000: 0 trivial, 0 proven, 0 observed, 1 open\n"));
/// assert!(text.contains("| 0.6 | open | — | — | 1000 | 20 | — | — |"), "{text}");
/// ```
pub fn write_markdown<W: Write>(records: &[Record], mut w: W) -> io::Result<()> {
    let dash = |s: String| if s.is_empty() { "—".to_string() } else { s };
    writeln!(w, "{}", summary_line(records))?;
    writeln!(w)?;
    writeln!(
        w,
        "| code | status | pre-period | period | computed to | largest value | mask | rare |"
    )?;
    writeln!(w, "|---|---|---:|---:|---:|---:|---|---:|")?;
    let rows = sorted(records);
    for r in &rows {
        writeln!(
            w,
            "| {} | {} | {} | {} | {} | {} | {} | {} |",
            r.code,
            r.status,
            dash(opt(r.preperiod)),
            dash(opt(r.period)),
            r.computed_to,
            r.max_value,
            dash(mask(r.mask)),
            dash(opt(r.rare)),
        )?;
    }
    let unproven: Vec<&&Record> = rows.iter().filter(|r| !r.status.is_proven()).collect();
    writeln!(w)?;
    if unproven.is_empty() {
        writeln!(w, "Every code's period is proven.")?;
        return Ok(());
    }
    writeln!(
        w,
        "Not proven ({}): observed or open, and how far each was computed:",
        unproven.len()
    )?;
    writeln!(w)?;
    writeln!(
        w,
        "| code | status | computed to | observed pre-period | observed period |"
    )?;
    writeln!(w, "|---|---|---:|---:|---:|")?;
    for r in unproven {
        writeln!(
            w,
            "| {} | {} | {} | {} | {} |",
            r.code,
            r.status,
            r.computed_to,
            dash(opt(r.preperiod)),
            dash(opt(r.period)),
        )?;
    }
    Ok(())
}

/// Writes the survey as CSV: a header, then one row a code, sorted, with
/// the record's fields (`mask` as `0x…`; empty where a field is null).
pub fn write_csv<W: Write>(records: &[Record], mut w: W) -> io::Result<()> {
    writeln!(
        w,
        "code,status,preperiod,period,computed_to,max_value,mask,rare,seconds,upto"
    )?;
    for r in sorted(records) {
        writeln!(
            w,
            "{},{},{},{},{},{},{},{},{:.3},{}",
            r.code,
            r.status,
            opt(r.preperiod),
            opt(r.period),
            r.computed_to,
            r.max_value,
            mask(r.mask),
            opt(r.rare),
            r.seconds,
            r.upto
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(code: &str, status: Status, pp: Option<(u64, u64)>) -> Record {
        Record {
            code: code.into(),
            status,
            preperiod: pp.map(|p| p.0),
            period: pp.map(|p| p.1),
            computed_to: 500,
            max_value: 9,
            mask: (status == Status::Proven).then_some(0x1e),
            rare: (status == Status::Proven).then_some(7),
            seconds: 0.25,
            upto: 1000,
        }
    }

    fn records() -> Vec<Record> {
        vec![
            rec("0.2", Status::Observed, Some((4, 2))),
            rec("0.11", Status::Trivial, Some((0, 2))),
            rec("0.f", Status::Open, None),
            rec("0.07", Status::Proven, Some((53, 34))),
        ]
    }

    #[test]
    fn markdown_sorts_by_code_counts_and_lists_the_unproven() {
        let mut out = Vec::new();
        write_markdown(&records(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let want = "\
4 codes to N = 1000: 1 trivial, 1 proven, 1 observed, 1 open

| code | status | pre-period | period | computed to | largest value | mask | rare |
|---|---|---:|---:|---:|---:|---|---:|
| 0.07 | proven | 53 | 34 | 500 | 9 | 0x1e | 7 |
| 0.11 | trivial | 0 | 2 | 500 | 9 | — | — |
| 0.2 | observed | 4 | 2 | 500 | 9 | — | — |
| 0.f | open | — | — | 500 | 9 | — | — |

Not proven (2): observed or open, and how far each was computed:

| code | status | computed to | observed pre-period | observed period |
|---|---|---:|---:|---:|
| 0.2 | observed | 500 | 4 | 2 |
| 0.f | open | 500 | — | — |
";
        assert_eq!(text, want);
    }

    #[test]
    fn csv_has_one_sorted_row_a_code() {
        let mut out = Vec::new();
        write_csv(&records(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let want = "\
code,status,preperiod,period,computed_to,max_value,mask,rare,seconds,upto
0.07,proven,53,34,500,9,0x1e,7,0.250,1000
0.11,trivial,0,2,500,9,,,0.250,1000
0.2,observed,4,2,500,9,,,0.250,1000
0.f,open,,,500,9,,,0.250,1000
";
        assert_eq!(text, want);
    }

    #[test]
    fn all_proven_says_so_and_counts_add_up() {
        let rs = vec![rec("0.07", Status::Proven, Some((53, 34)))];
        let mut out = Vec::new();
        write_markdown(&rs, &mut out).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .ends_with("Every code's period is proven.\n"));
        let c = Counts::of(&records());
        assert_eq!((c.total(), c.get(Status::Open)), (4, 1));
    }
}
