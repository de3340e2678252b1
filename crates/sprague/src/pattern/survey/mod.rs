//! Surveys: many codes, one engine run each, one [`Record`] a code.
//!
//! The published tables of octal games come from running whole families
//! of codes ("every three-digit octal code to 10^5") and writing down, for
//! each, whether its period is proven, with what pre-period and period,
//! and how far it was computed. This module is the library's half of that:
//! which codes ([`family`], [`parse_codes`]), one code's run
//! ([`run_code`]: the sequence engine on one thread, stopped as soon as a
//! period is proven), the record it yields (one JSON line), reading a
//! survey file back to resume it or report it ([`read_survey`]), and the
//! report ([`write_markdown`], [`write_csv`]). It does no I/O: a front end
//! runs the codes on its cores or its cluster, appends the lines and
//! reads the files.
//!
//! The statuses a record may have are described on [`Status`].
//!
//! # Files
//!
//! - `record`: [`Record`] and [`Status`];
//! - `codes`: families, lists, numeric order of codes;
//! - `run`: [`run_code`] and [`repeating_tail`];
//! - `file`: [`read_survey`], resuming from a file;
//! - `report`: Markdown, CSV and the count by status;
//! - `misere`: the misère survey, one quotient a code ([`run_misere_code`],
//!   [`MisereRecord`], [`write_misere_markdown`]).

mod codes;
mod file;
mod misere;
mod record;
mod report;
mod run;

pub use codes::{
    compare, dedup, family, family_size, parse_code, parse_codes, parse_record_code, MAX_FAMILY,
};
pub use file::{read_survey, SurveyFile};
pub use misere::{
    check_misere_resume, is_misere_survey, read_misere_survey, run_misere_code, write_misere_csv,
    write_misere_markdown, MisereRecord,
};
pub use record::{Record, Status};
pub use report::{sorted, summary_line, write_csv, write_markdown, Counts};
pub use run::{repeating_tail, run_code, run_code_watched, RunState, MAX_UPTO};
