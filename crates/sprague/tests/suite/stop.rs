//! The stop token: stopped from another thread, it ends a long search, a
//! dense table and a script's own endless loop (in its calls or its
//! top-level statements) with `Error::Stopped`.

use sprague::rules::{Dynamic, Game, HeapMoves, Ruleset, ScriptLimits, Value, Wythoff};
use sprague::solve::{extend_dense_within, Limits, Solver, SumGraph};
use sprague::Error;
use std::time::{Duration, Instant};

/// `work` run with limits whose token another thread stops after 50 ms.
fn stopped_soon<T: Send>(work: impl FnOnce(Limits) -> T + Send) -> T {
    let limits = Limits::default();
    let stop = limits.stop.clone();
    std::thread::scope(|s| {
        s.spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            stop.stop();
        });
        work(limits)
    })
}

/// A script whose calls have no operation limit: only the token ends its
/// loop within 10 s, the calls' time limit (a call that ends at the time
/// limit once the token is stopped is `Error::Stopped` too, so the tests
/// look at the time as well).
fn endless(text: &str) -> Dynamic {
    let limits = ScriptLimits {
        ops: u64::MAX,
        seconds: 10,
        ..ScriptLimits::default()
    };
    match Game::load("script:endless.rhai", &mut |_| Ok(text.to_string()), limits).unwrap() {
        Game::Dynamic(d) => d,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_token_stopped_from_another_thread_ends_a_wythoff_search() {
    // About 10^9 moves listed: minutes of work unstopped (no closed form
    // gives Wythoff's Grundy values, and nothing is cached).
    let r = stopped_soon(|limits| Solver::new(&Wythoff, limits).grundy(&(700, 1100)));
    assert_eq!(r, Err(Error::Stopped));
}

#[test]
fn a_token_stopped_from_another_thread_ends_a_dense_table() {
    // Grundy's game to 3·10^5: O(n²), some 10^10 steps.
    let r = stopped_soon(|limits| extend_dense_within(HeapMoves::Grundy, &mut Vec::new(), 300_000, &limits));
    assert_eq!(r, Err(Error::Stopped));
}

#[test]
fn a_token_stopped_from_another_thread_ends_a_misere_graph_of_wythoff_sums() {
    let r = stopped_soon(|limits| SumGraph::new(&Wythoff, limits).add_root(&[(300, 500), (301, 499)]));
    assert_eq!(r, Err(Error::Stopped));
}

/// Well before the scripts' time limit of 10 s (the token is stopped at
/// 50 ms and looked at every 4096 operations).
const SOON: Duration = Duration::from_secs(5);

#[test]
fn the_token_ends_a_scripts_endless_loop_in_a_search() {
    let rules = endless("fn moves(p) { loop { } }");
    let started = Instant::now();
    let r = stopped_soon(|limits| Solver::new(&rules, limits).grundy(&Value::list([Value::Int(1)])));
    assert_eq!(r, Err(Error::Stopped));
    assert!(started.elapsed() < SOON, "ended only at the time limit");
}

#[test]
fn the_token_ends_a_scripts_endless_loop_on_the_listing_threads() {
    // Heaps up to 40 are listed at once; heap 41 never returns, on
    // whichever listing thread (or the caller's) lists it.
    let rules = endless(
        "const HEAP = true;\n\
         fn moves(n) { if n > 40 { loop { } } if n == 0 { [] } else { [n - 1] } }",
    );
    let moves = rules.heap_moves().expect("a heap game");
    let started = Instant::now();
    let r = stopped_soon(|limits| extend_dense_within(moves, &mut Vec::new(), 2000, &limits));
    assert_eq!(r, Err(Error::Stopped));
    assert!(started.elapsed() < SOON, "ended only at the time limit");
}

#[test]
fn the_token_ends_a_scripts_endless_top_level_statements() {
    // The top level runs once, when the spec is loaded (a constructor in
    // Python): only the token ends it before the 10 s time limit.
    let limits = ScriptLimits {
        ops: u64::MAX,
        seconds: 10,
        ..ScriptLimits::default()
    };
    let text = "loop { }\nfn moves(p) { [] }";
    let started = Instant::now();
    let r = stopped_soon(|l| {
        Game::load_until(
            "script:endless.rhai",
            &mut |_| Ok(text.to_string()),
            limits,
            &l.stop,
        )
        .map(|_| ())
    });
    assert_eq!(r, Err(Error::Stopped));
    assert!(started.elapsed() < SOON, "ended only at the time limit");
    // The same with a token nobody stops: the time limit, not a stop.
    let short = ScriptLimits { seconds: 1, ..limits };
    let r = Game::load("script:endless.rhai", &mut |_| Ok(text.to_string()), short).map(|_| ());
    assert!(matches!(r, Err(ref e) if *e != Error::Stopped), "{r:?}");
}

#[test]
fn a_token_nobody_stops_leaves_a_search_to_its_bounds() {
    let limits = Limits {
        max_work: 10_000,
        ..Limits::default()
    };
    let r = Solver::new(&Wythoff, limits).grundy(&(700, 1100));
    assert!(matches!(r, Err(Error::WorkExceeded { .. })), "{r:?}");
}

#[test]
fn a_large_graph_file_is_parsed_until_the_token_is_stopped() {
    // A chain of 100 000 positions: a file of about 1.5 MB.
    let text: String = (0..100_000)
        .map(|i| format!("p{i}: p{}\n", i + 1))
        .chain(["p100000:\n".to_string()])
        .collect();
    let load = |stop: &sprague::Stop| {
        Game::load_until(
            "graph:chain.txt",
            &mut |_| Ok(text.clone()),
            ScriptLimits::default(),
            stop,
        )
        .map(|_| ())
    };
    let stop = sprague::Stop::new();
    assert_eq!(load(&stop), Ok(()));
    stop.stop();
    assert_eq!(load(&stop), Err(Error::Stopped));
}
