//! Boards read from text: a picture of free and taken cells
//! (`..#/.../...`), or a size `RxC`.

use super::grid::{Frame, MAX_CELLS};

/// Reads a picture: rows of `.` (free) and `#` (taken), separated by `/`
/// or new lines, all of one length. Returns the board and its free cells,
/// or what is wrong with the picture.
pub fn parse_picture(text: &str) -> Result<(Frame, u128), String> {
    // Rows are separated by `/` or a line break (a `/` at the end of a
    // line is no extra row).
    let mut rows: Vec<&str> = text
        .lines()
        .flat_map(|line| line.trim().trim_end_matches('/').split('/'))
        .map(str::trim)
        .collect();
    // Empty rows at either end (a `/` before the first row, a file's
    // last newline) are no rows; one between two rows is a mistake.
    while rows.last().is_some_and(|r| r.is_empty()) {
        rows.pop();
    }
    let first = rows.iter().take_while(|r| r.is_empty()).count();
    rows.drain(..first);
    if let Some(i) = rows.iter().position(|r| r.is_empty()) {
        return Err(format!(
            "row {} is empty: every row has cells (`#` for a taken one)",
            i + 1
        ));
    }
    if rows.is_empty() {
        return Err("an empty picture: write rows of `.` (free) and `#` (taken) separated by `/`".into());
    }
    let cols = rows[0].chars().count();
    for (i, r) in rows.iter().enumerate() {
        if r.chars().count() != cols {
            return Err(format!(
                "row {} has {} cell(s) but row 1 has {cols}: every row must be as long",
                i + 1,
                r.chars().count()
            ));
        }
    }
    let frame = Frame::new(rows.len() as u32, cols as u32)
        .ok_or_else(|| format!("a {}x{cols} board has more than {MAX_CELLS} cells", rows.len()))?;
    let mut s = 0u128;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => s |= 1u128 << frame.cell(r as u32, c as u32),
                '#' => {}
                other => {
                    return Err(format!(
                        "row {} has `{other}`: a cell is `.` (free) or `#` (taken)",
                        r + 1
                    ))
                }
            }
        }
    }
    Ok((frame, s))
}

/// Why a text is not a board's size `RxC`.
#[derive(Debug, PartialEq, Eq)]
pub struct BadSize {
    /// What is wrong, in words.
    pub reason: String,
    /// Whether the text may have been meant as a picture of cells: not
    /// when it names a family (`N`) or a size of no cells.
    pub may_be_picture: bool,
}

impl From<BadSize> for String {
    fn from(e: BadSize) -> String {
        e.reason
    }
}

/// Reads `RxC` (rows by columns); the error says what is wrong.
pub fn parse_size(text: &str) -> Result<(u32, u32), BadSize> {
    let bad = |reason: String, may_be_picture: bool| BadSize {
        reason,
        may_be_picture,
    };
    let (r, c) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| bad(format!("`{text}` is not ROWSxCOLS (like 3x4)"), true))?;
    if [r, c].iter().all(|t| t.trim().eq_ignore_ascii_case("N")) {
        return Err(bad(
            "one size may vary along a family, not both (`3xN`, `Nx4`)".into(),
            false,
        ));
    }
    let num = |t: &str, what: &str| {
        t.trim().parse::<u32>().map_err(|_| match t.trim() {
            "N" => bad(super::family::NOT_ONE_BOARD.to_string(), false),
            "" => bad(format!("the number of {what} is missing (like 3x4)"), false),
            "n" => bad(
                format!("the number of {what} `n` is not a whole number (the size a family varies is a capital N, like 3xN)"),
                false,
            ),
            t => bad(format!("the number of {what} `{t}` is not a whole number"), true),
        })
    };
    let (r, c) = (num(r, "rows")?, num(c, "columns")?);
    if r == 0 || c == 0 {
        return Err(bad(format!("a {r}x{c} board has no cells"), false));
    }
    Ok((r, c))
}
