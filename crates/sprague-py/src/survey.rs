//! The native half of `sprague.survey`: one code's run, families, code
//! lists and reading a survey file back, each a thin call of
//! [`sprague::pattern`].
//!
//! The Python half (`python/sprague/survey.py`) owns the threads or the
//! Dask cluster and the file; everything that decides what a record or a
//! survey file is stays here, in the library, so that a file written from
//! Python is one the CLI resumes and reports, and the reverse. Codes cross
//! the boundary as their canonical text (`0.77`, `0.f`), records as the
//! JSON line the CLI writes.

use crate::errors::{self, BadInput};
use crate::interrupt::{interruptible, StopToken};
use pyo3::prelude::*;
use sprague::pattern::{
    check_misere_resume, code_family, is_misere_survey, parse_code, parse_codes, parse_record_code,
    read_misere_survey, read_survey, run_code, run_misere_code, SURVEY_MAX_UPTO,
};
use sprague::rules::OctalCode;
use sprague::solve::Limits;
use sprague::Stop;

/// A code from its text, or `BadInput` naming the text.
fn code(text: &str) -> PyResult<OctalCode> {
    parse_code(text).map_err(|why| BadInput::new_err(format!("bad code `{text}`: {why}")))
}

/// The canonical text of a code (`octal:0.770` → `0.77`, `hex:0.F` →
/// `0.f`): two texts are the same game exactly when these are equal.
#[pyfunction]
fn survey_parse_code(text: &str) -> PyResult<String> {
    Ok(code(text)?.to_string())
}

/// The codes of a list as `sprague survey --file` reads it (commas, white
/// space, `#` comments), canonical, each game once.
#[pyfunction]
fn survey_parse_codes(text: &str) -> PyResult<Vec<String>> {
    let codes = parse_codes(text).map_err(|e| errors::to_py(&e))?;
    Ok(codes.iter().map(ToString::to_string).collect())
}

/// Every code with at most `digits` digits after the point, in numeric
/// order, as `sprague survey --digits D [--hex]`.
#[pyfunction]
#[pyo3(signature = (digits, hex=false))]
fn survey_family(digits: u32, hex: bool) -> PyResult<Vec<String>> {
    let codes = code_family(digits, hex).map_err(|e| errors::to_py(&e))?;
    Ok(codes.iter().map(ToString::to_string).collect())
}

/// One code run to `upto` on a thread of its own, without the GIL: the
/// record's JSON line (no newline), as `sprague survey` writes it. Ctrl-C
/// stops it in the main thread; `stop` (a survey's token) from any thread.
#[pyfunction]
#[pyo3(signature = (code_text, upto, stop=None))]
fn survey_code(py: Python<'_>, code_text: &str, upto: u64, stop: Option<&StopToken>) -> PyResult<String> {
    // A canonical text, as `survey_parse_code` gives: a hexadecimal code
    // is written bare (`0.8`).
    let code = parse_record_code(code_text)
        .map_err(|why| BadInput::new_err(format!("bad code `{code_text}`: {why}")))?;
    let stop = stop.map_or_else(Stop::new, |t| t.0.clone());
    let keep_going = stop.clone();
    let done = interruptible(py, &stop, move || {
        Ok(run_code(&code, upto, Default::default(), &|| !keep_going.is_stopped())?.to_line())
    });
    errors::finish(done, None)
}

/// One code's misère quotient built heap by heap to `upto` (stopped at a
/// proven period or at candidates of more than `max_order` elements), as
/// [`survey_code`] runs a code: the record's JSON line, as `sprague survey
/// --misere` writes it.
#[pyfunction]
#[pyo3(signature = (code_text, upto, max_order=1000, stop=None))]
fn survey_misere_code(
    py: Python<'_>,
    code_text: &str,
    upto: u64,
    max_order: usize,
    stop: Option<&StopToken>,
) -> PyResult<String> {
    let code = code(code_text)?;
    let stop = stop.map_or_else(Stop::new, |t| t.0.clone());
    let limits = Limits {
        stop: stop.clone(),
        ..Limits::default()
    };
    let done = interruptible(py, &stop, move || {
        Ok(run_misere_code(&code, upto, max_order, limits)?.to_line())
    });
    errors::finish(done, None)
}

/// A misère survey file's bytes read back: `(records, valid_len, torn)`
/// as [`survey_read`] gives them. With `upto` (and `max_order`), records
/// of a survey with another N (or another bound) are `BadInput`
/// (resuming would mix two surveys).
#[pyfunction]
#[pyo3(signature = (data, name, upto=None, max_order=None))]
fn survey_read_misere(
    data: &[u8],
    name: &str,
    upto: Option<u64>,
    max_order: Option<usize>,
) -> PyResult<ReadBack> {
    if !data.is_empty() && !is_misere_survey(data) {
        return Err(BadInput::new_err(format!(
            "out `{name}` holds a normal-play survey; give another file for a misère one"
        )));
    }
    let records = read_misere_survey(data, name).map_err(|e| errors::to_py(&e))?;
    if let Some(upto) = upto {
        check_misere_resume(&records, name, upto, max_order).map_err(|e| errors::to_py(&e))?;
    }
    let valid_len = data.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    // The lines as written (a float read back may print differently).
    let lines = data[..valid_len]
        .split(|&b| b == b'\n')
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace));
    let mut out = Vec::with_capacity(records.len());
    for (r, line) in records.iter().zip(lines) {
        let text = String::from_utf8_lossy(line).trim().to_string();
        out.push((code(&r.code)?.to_string(), text));
    }
    Ok((out, valid_len as u64, valid_len < data.len()))
}

/// A survey file as read back: each record as `(canonical code, its
/// line)`, the length of the whole lines, whether a torn line was dropped.
type ReadBack = (Vec<(String, String)>, u64, bool);

/// A survey file's bytes read back for a survey to `upto` (or, with
/// `None`, for a report): `(records, valid_len, torn)`, each record as
/// `(canonical code, its line as in the file)`. A file of another survey,
/// or one that is no survey file, is `BadInput` naming its first bad line.
#[pyfunction]
#[pyo3(signature = (data, name, upto=None))]
fn survey_read(data: &[u8], name: &str, upto: Option<u64>) -> PyResult<ReadBack> {
    if is_misere_survey(data) {
        return Err(BadInput::new_err(format!(
            "out `{name}` holds a misère survey; give another file for a normal-play one (or misere=True)"
        )));
    }
    let file = read_survey(data, name, upto).map_err(|e| errors::to_py(&e))?;
    // The lines themselves, not the records printed again: serde_json reads
    // `seconds` to within an ulp, not always to the same float. Every line
    // that is not blank is one record, in order (read_survey checked it).
    let whole = &data[..file.valid_len as usize];
    let lines: Vec<&[u8]> = whole
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .collect();
    if lines.len() != file.records.len() {
        return Err(errors::InternalError::new_err(format!(
            "internal error: `{name}` has {} records on {} lines",
            file.records.len(),
            lines.len()
        )));
    }
    let mut records = Vec::with_capacity(lines.len());
    for (r, line) in file.records.iter().zip(lines) {
        let text = String::from_utf8_lossy(line).trim().to_string();
        // read_survey has parsed every record's code already.
        records.push((code(&r.code)?.to_string(), text));
    }
    Ok((records, file.valid_len, file.torn))
}

/// Adds the survey functions and `SURVEY_MAX_UPTO` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(survey_parse_code, m)?)?;
    m.add_function(wrap_pyfunction!(survey_parse_codes, m)?)?;
    m.add_function(wrap_pyfunction!(survey_family, m)?)?;
    m.add_function(wrap_pyfunction!(survey_code, m)?)?;
    m.add_function(wrap_pyfunction!(survey_read, m)?)?;
    m.add_function(wrap_pyfunction!(survey_misere_code, m)?)?;
    m.add_function(wrap_pyfunction!(survey_read_misere, m)?)?;
    m.add("SURVEY_MAX_UPTO", SURVEY_MAX_UPTO)?;
    Ok(())
}
