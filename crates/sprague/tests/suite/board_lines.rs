//! Tables along families of boards (`cram:3xN`, `node-kayles:path:N`)
//! through the library's one call for tables ([`Line`]), which the CLI,
//! the web page and Python all make: the values against a plain search
//! over whole boards (no splitting, no symmetry) on every small member.

use super::boards::{plain, union};
use sprague::report::{Line, LineOptions, Method};
use sprague::rules::Keying;
use sprague::rules::{Game, Ruleset, ScriptLimits};
use sprague::Error;

fn no_files(name: &str) -> Result<String, String> {
    Err(format!("no file `{name}` in these tests"))
}

/// The plain search's value of the start of `spec` (a board or a graph:
/// a sum is the union of its parts' cells).
fn plain_start(spec: &str) -> u64 {
    match spec.parse::<Game>().unwrap() {
        Game::Cram(r) => plain(&r, &r.start().unwrap(), &union),
        Game::NodeKayles(r) => plain(&r, &r.start().unwrap(), &union),
        Game::OctalGraph(r) => plain(&r, &r.start().unwrap(), &union),
        // Chomp never splits: a move leaves one diagram, or the poison.
        Game::Chomp(r) => plain(&r, &r.start().unwrap(), &|parts: &[Vec<u32>]| {
            parts.first().cloned().unwrap_or_else(|| vec![1])
        }),
        g => panic!("`{}` is not a board or a graph", g.spec()),
    }
}

#[test]
fn family_tables_agree_with_the_plain_search_under_every_keying() {
    let whole: Keying = "whole+none".parse().unwrap();
    for (family, upto) in [
        ("cram:3xN", 4),
        ("cram:Nx2", 6),
        ("node-kayles:path:N", 12),
        ("node-kayles:grid:2xN", 4),
        ("octal-graph:0.33:path:N", 10),
        // Families whose first members are degenerate: the cycles of 1
        // and 2 (a vertex, an edge), boards and grids one cell wide.
        ("node-kayles:cycle:N", 10),
        ("octal-graph:0.137:cycle:N", 8),
        ("octal-graph:0.33:cycle:N", 8),
        ("node-kayles:grid:Nx1", 6),
        ("octal-graph:0.33:grid:1xN", 6),
        ("cram:1xN", 8),
        ("cram:Nx1", 4),
        ("chomp:2xN", 5),
        ("chomp:Nx1", 5),
    ] {
        let line = Line::load(family, &mut no_files, ScriptLimits::default()).unwrap();
        assert!(matches!(line, Line::Family(_)), "{family}");
        assert_eq!(line.spec(), family);
        let want: Vec<u32> = (0..=upto)
            .map(|n| match n {
                0 => 0,
                _ => plain_start(&sprague::rules::family_member(family, n)) as u32,
            })
            .collect();
        for keying in [Keying::default(), whole] {
            let how = LineOptions {
                keying,
                ..LineOptions::default()
            };
            let (got, method) = line.values(upto, &how, &mut no_files).unwrap();
            assert_eq!(method, Method::Family);
            assert_eq!(got.into_wide(), want, "{family} {}", keying.name());
        }
    }
}

#[test]
fn a_spec_without_n_is_a_heap_game_and_a_family_must_be_of_boards() {
    let line = Line::load("kayles", &mut no_files, ScriptLimits::default()).unwrap();
    let (g, method) = line.values(5, &LineOptions::default(), &mut no_files).unwrap();
    assert_eq!(g.into_wide(), vec![0, 1, 2, 3, 1, 4]);
    assert_eq!(method, Method::Dense);
    // `subtract:N` names a subtraction game for each n, not boards.
    let e = Line::load("subtract:N", &mut no_files, ScriptLimits::default()).unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("not a game on a board or graph"), "{e}");
    // A member past the largest graph is an error naming the first such
    // member, not a panic; the last member is read first, so that it
    // fails before any search.
    let line = Line::load("node-kayles:grid:Nx65", &mut no_files, ScriptLimits::default()).unwrap();
    let e = line
        .values(3, &LineOptions::default(), &mut no_files)
        .unwrap_err();
    assert!(e.to_string().contains("N = 2 (`node-kayles:grid:2x65`)"), "{e}");
}

#[test]
fn node_kayles_on_a_cycle_is_dawsons_chess_after_the_first_move() {
    // Any first move on the cycle of n >= 3 leaves the path of n - 3, so
    // g(C_n) = mex {g(P_(n-3))}; C_1 (a vertex) and C_2 (an edge) are 1.
    let how = LineOptions::default();
    let line = |f: &str| {
        let l = Line::load(f, &mut no_files, ScriptLimits::default()).unwrap();
        l.values(40, &how, &mut no_files).unwrap().0.into_wide()
    };
    let (cycles, paths) = (line("node-kayles:cycle:N"), line("node-kayles:path:N"));
    assert_eq!(&cycles[..3], [0, 1, 1]);
    for n in 3..=40 {
        assert_eq!(cycles[n], u32::from(paths[n - 3] == 0), "C_{n}");
    }
}

#[test]
fn a_family_whose_member_is_no_game_names_the_family_and_the_member() {
    // Row 2 of chomp:1,2,1 is longer than row 1: no Young diagram.
    let e = Line::load("chomp:N,2,1", &mut no_files, ScriptLimits::default()).unwrap_err();
    assert!(matches!(e, Error::BadSpec { .. }), "{e}");
    let text = e.to_string();
    assert!(
        text.contains("chomp:N,2,1") && text.contains("N = 1") && text.contains("chomp:1,2,1"),
        "{text}"
    );
    // A board with no cells past N = 0.
    let e = Line::load("cram:0xN", &mut no_files, ScriptLimits::default()).unwrap_err();
    assert!(e.to_string().contains("cram:0x1"), "{e}");
}

/// Every library entry point that runs along a line or a grid of values
/// refuses one board or graph with the same error, so that no front end
/// has to ask first.
#[test]
fn every_table_and_analysis_refuses_one_board_alike() {
    use sprague::report::{self, ExactKind, Unwatched};
    use sprague::solve::{Limits, Play, QuotientAsk};
    struct Tables;
    impl sprague::rules::GameVisitor for Tables {
        type Output = Vec<(&'static str, sprague::Result<()>)>;
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            let l = Limits::default;
            vec![
                ("line_table", report::line_table(rules, 10, l()).map(drop)),
                ("grid_table", report::grid_table(rules, 3, 3, l()).map(drop)),
                (
                    "heap_values",
                    report::heap_values(rules, 10, l(), &mut Unwatched).map(drop),
                ),
                (
                    "exact_table",
                    report::exact_table(rules, (10, None), ExactKind::Misere, Play::Misere, l()).map(drop),
                ),
                (
                    "exact_table_to_bound",
                    report::exact_table_to_bound(rules, (10, None), ExactKind::Remoteness, Play::Normal, l())
                        .map(drop),
                ),
            ]
        }
    }
    for spec in [
        "cram:3x4",
        "node-kayles:path:5",
        "chomp:2x3",
        "octal-graph:0.33:cycle:5",
    ] {
        let game: Game = spec.parse().unwrap();
        let mut answers = game.visit(Tables);
        answers.push((
            "analyze",
            report::analyze(&game, None, Limits::default()).map(drop),
        ));
        answers.push((
            "analyze 2-D",
            report::analyze(&game, Some((5, Some(5))), Limits::default()).map(drop),
        ));
        let want = sprague::report::not_one_board(&game).unwrap_err();
        for (what, got) in answers {
            assert_eq!(got, Err(want.clone()), "{what} of {spec}");
        }
        // A misère quotient is of heaps: the error says how to value one.
        let e = report::misere_report(&game, &QuotientAsk::default(), Limits::default()).unwrap_err();
        assert!(
            e.to_string()
                .contains("one board or graph, not a game of heaps: value its positions in misère play"),
            "{e}"
        );
    }
}

/// A family that is a heap game's heaps is analysed as that game: its
/// values agree with its boards' (valued by the plain search here, for
/// every n the boards reach quickly) and its period is proven; every
/// other family's period is only observed.
#[test]
fn path_families_are_heap_games_with_proven_periods() {
    use sprague::report::{family_report, Line};
    use sprague::solve::Limits;
    for (spec, heaps) in [
        ("node-kayles:path:N", "octal:0.137"),
        ("octal-graph:0.07:path:N", "octal:0.07"),
        ("octal-graph:0.77:path:N", "octal:0.77"),
        ("octal-graph:0.6:path:N", "octal:0.6"),
        ("cram:1xN", "octal:0.07"),
        ("cram:Nx1", "octal:0.07"),
        ("node-kayles:grid:Nx1", "octal:0.137"),
        ("octal-graph:0.33:grid:1xN", "octal:0.33"),
    ] {
        let Line::Family(f) = Line::load(spec, &mut no_files, ScriptLimits::default()).unwrap() else {
            panic!("{spec} is a family")
        };
        let r = family_report(&f, Some(16), Limits::default(), &mut no_files).unwrap();
        assert_eq!(r.heap_game.as_deref(), Some(heaps));
        assert_eq!(r.values.len(), 17);
        assert_eq!(r.values[0], 0, "{spec}: no vertex, no move");
        for (n, &g) in r.values.iter().enumerate().skip(1) {
            assert_eq!(
                g as u64,
                plain_start(&sprague::rules::family_member(spec, n as u64)),
                "{spec} n = {n}"
            );
        }
        match heaps {
            // Officers: no period is known.
            "octal:0.6" => assert!(r.period.is_none() && r.argument.is_none()),
            _ => {
                assert_eq!(r.period.unwrap().status, "proven", "{spec}");
                let why = r.argument.unwrap();
                assert!(
                    why.contains("heap n of octal") || why.contains("on a heap of n"),
                    "{why}"
                );
            }
        }
    }
    let Line::Family(f) = Line::load("cram:2xN", &mut no_files, ScriptLimits::default()).unwrap() else {
        panic!()
    };
    let r = family_report(&f, Some(10), Limits::default(), &mut no_files).unwrap();
    assert_eq!(r.values, [0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0]);
    assert_eq!(r.period.unwrap().status, "proven", "Uiterwijk's theorem");
    assert!(r.argument.unwrap().contains("Uiterwijk"));
    let Line::Family(f) = Line::load("cram:3xN", &mut no_files, ScriptLimits::default()).unwrap() else {
        panic!()
    };
    let r = family_report(&f, Some(10), Limits::default(), &mut no_files).unwrap();
    assert_eq!((r.heap_game, r.argument), (None, None));
    assert!(r.period.is_none_or(|p| p.status == "observed"));
    // Cycles and grids are no heap game.
    for spec in [
        "node-kayles:cycle:N",
        "node-kayles:grid:2xN",
        "octal-graph:0.33:cycle:N",
    ] {
        let Line::Family(f) = Line::load(spec, &mut no_files, ScriptLimits::default()).unwrap() else {
            panic!()
        };
        assert!(f.heap_game().is_none(), "{spec}");
    }
}

/// Past its largest board (128 vertices), a family that is a heap game's
/// heaps goes on as that game; below it, its boards are valued.
#[test]
fn a_path_family_goes_past_its_largest_board_as_its_heap_game() {
    use sprague::report::{Line, LineOptions, Method};
    let Game::Octal(dawson_chess) = "octal:0.137".parse().unwrap() else {
        panic!()
    };
    let (want, _) = sprague::report::heap_values(
        &dawson_chess,
        1000,
        Default::default(),
        &mut sprague::report::Unwatched,
    )
    .unwrap();
    for spec in ["node-kayles:path:N", "node-kayles:grid:1xN"] {
        let line = Line::load(spec, &mut no_files, ScriptLimits::default()).unwrap();
        let (got, method) = line.values(1000, &LineOptions::default(), &mut no_files).unwrap();
        assert_eq!((got, method), (want.clone(), Method::HeapGame), "{spec}");
        // The largest board, 128, is valued on boards; one past it not.
        let (got, method) = line.values(128, &LineOptions::default(), &mut no_files).unwrap();
        assert_eq!((got.len(), method), (129, Method::Family), "{spec}");
        let (_, method) = line.values(129, &LineOptions::default(), &mut no_files).unwrap();
        assert_eq!(method, Method::HeapGame, "{spec}");
    }
    // Cycles are no heap game: past 128 they stay an error.
    let line = Line::load("node-kayles:cycle:N", &mut no_files, ScriptLimits::default()).unwrap();
    assert!(line.values(200, &LineOptions::default(), &mut no_files).is_err());
}
