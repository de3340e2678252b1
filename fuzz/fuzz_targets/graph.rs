//! The graph file parser on arbitrary text; a graph that parses is then
//! asked for the value of its first vertex, within small bounds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::query::Query;
use sprague::report::value_report;
use sprague::rules::{Game, GraphGame};
use sprague::solve::Limits;

fuzz_target!(|text: &str| {
    let Ok(graph) = GraphGame::parse("fuzz.txt", text) else {
        return;
    };
    let Some(first) = graph.names.first().cloned() else {
        return;
    };
    let query = Query {
        limits: Limits {
            // Small enough that the slowest answer takes well under the
            // one-second timeout in an instrumented build.
            max_states: 5_000,
            max_work: 200_000,
            ..Limits::default()
        },
        max_moves: 10,
        ..Query::default()
    };
    let _ = value_report(&Game::Graph(graph), &[first], &query, false);
});
