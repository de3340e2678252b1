//! The reports that front ends print: what `value`, `table` and `analyze`
//! answer, as plain serde types.
//!
//! The command line prints them as text or `--json`; the web server sends
//! the same types as its JSON answers, so that a script reading one reads
//! the other. They live here, below both front ends, so that neither copies
//! the other; the library still does no I/O (rendering to text stays with
//! the CLI, writing JSON with whoever holds a writer).

mod analysis;
#[cfg(feature = "serde")]
mod exact;
mod family;
mod family_report;
mod game;
mod misere;
pub mod problems;
mod skill;
mod table;
mod value;
mod values;

pub use analysis::{analyze, AnalyzeReport, IsHeap};
#[cfg(feature = "serde")]
pub use exact::{exact_table, exact_table_to_bound, stop_note, ExactKind, ExactTable};
pub use family::{not_one_board, BoardFamily, Line, LineOptions, BOARDS_CHECKED};
pub use family_report::{family_report, FamilyPeriod, FamilyReport, FAMILY_UPTO, MEMBER_WORK};
pub use misere::{misere_report, Generator, MisereReport, QuotientProof, Relation};
pub use skill::{skill_report, SkillReport};
pub use table::{grid_table, line_table, GridTable, LineTable};
pub use value::{value_report, ReportedMove, ValueComponent, ValueReport};
pub use values::{
    heap_values, heap_values_tuned, method_for, HeapValues, Method, Unwatched, Watch, SEQUENCE_FROM,
};
