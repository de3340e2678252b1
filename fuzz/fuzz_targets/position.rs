//! Position text of every built-in ruleset, then the question `sprague
//! value` asks about it, within small bounds: the first byte picks the
//! game (its low bits) and misère play (its high bit), the rest is the
//! position text, one component per line.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::query::Query;
use sprague::report::value_report;
use sprague::rules::Game;
use sprague::solve::{Limits, Play};

/// One spec of every built-in family (and a few that stress a path).
const SPECS: &[&str] = &[
    "nim",
    "subtract:1,3,4",
    "allbut:1,2",
    "powers:4",
    "kayles",
    "dawson-chess",
    "octal:4.7",
    "hex:0.f",
    "hex:c.0",
    "grundy",
    "divide:2..6",
    "grid:2x3",
    "wizards",
    "gcd",
    "wythoff",
    "updown:1,2/3/20",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let game: Game = SPECS[pick as usize % SPECS.len()]
        .parse()
        .expect("a built-in spec");
    let positions: Vec<String> = text.lines().take(8).map(str::to_string).collect();
    let query = Query {
        limits: Limits {
            // Small enough that the slowest answer takes well under the
            // one-second timeout in an instrumented build.
            max_states: 5_000,
            max_work: 200_000,
            ..Limits::default()
        },
        max_moves: 10,
        play: if pick & 0x80 != 0 { Play::Misere } else { Play::Normal },
        ..Query::default()
    };
    let _ = value_report(&game, &positions, &query, false);
});
