//! The library's integration tests, in one binary. Each module is a subject:
//!
//! - `boards`: games on boards and graphs (Cram, Node Kayles, octal games on
//!   graphs, Chomp): the component solver against a plain whole-board
//!   search, the theorems, published values.
//! - `board_stops`: a board search stopped (token, state bound) keeps a
//!   memo of exact values only, resumes from it, and reports how far it got.
//! - `board_lines`: tables along families of boards (`cram:3xN`) through
//!   the library's one call for tables, against the plain search.
//! - `brute`: every catalog game against plain search over whole sums (no
//!   Sprague–Grundy), including the search and closed-form paths forced.
//! - `chomp_rows`: three-row Chomp's P-positions against a plain search
//!   over diagrams, and Brouwer's published table.
//! - `fuzz_regressions`: each input a fuzz target (`fuzz/`) crashed on,
//!   named after the bug it found.
//! - `layout`: the shape of the source tree (six public modules at the
//!   crate root, no file over 700 lines).
//! - `known`: values from the literature (Kayles, Dawson's Kayles, Grundy's
//!   game, Wythoff, FDIVGAME's powers of 12).
//! - `engine`: the sequence engine against the dense engine, periods, resume.
//! - `pattern`: every prover against long tables; evaluators far beyond.
//! - `positions`: positions built in code are checked like parsed ones.
//! - `problems`: the contest solvers against brute force.
//! - `published`: the solved octal games of the published tables, proven
//!   with the published pre-period and period.
//! - `quotient`: misère quotients against the same reference, and the
//!   quotients Plambeck and Siegel published.
//! - `misere_sums`: misère answers from quotients (and through the query
//!   the front ends share) against plain search of whole sums of up to 40
//!   tokens over wild octal codes; misère Kayles at 10^18 for consistency.
//! - `scripts`: the example scripts against their built-in twins; script
//!   errors through the dynamic seam's guard.
//! - `skill_curve`: the win chance against skill, point by point against
//!   the random-play probability computed directly.
//! - `stop`: the stop token ends long searches, dense tables and a
//!   script's endless loop (also on the listing threads) when stopped from
//!   another thread.
//! - `tame`: the tame rule of misère play against the same reference.
//! - `sums`: misère play, remoteness, random play and loopy games against
//!   a plain reference over every reachable whole sum.

mod suite {
    mod board_lines;
    mod board_stops;
    mod boards;
    mod brute;
    mod chomp_rows;
    mod engine;
    mod fuzz_regressions;
    mod known;
    mod layout;
    mod misere_sums;
    mod pattern;
    mod positions;
    mod problems;
    mod published;
    mod quotient;
    mod scripts;
    mod skill_curve;
    mod stop;
    mod sums;
    mod tame;
}
