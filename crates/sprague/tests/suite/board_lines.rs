//! Tables along families of boards (`cram:3xN`, `node-kayles:path:N`)
//! through the library's one call for tables ([`Line`]), which the CLI,
//! the web page and Python all make: the values against a plain search
//! over whole boards (no splitting, no symmetry) on every small member.

use super::boards::{plain, union};
use sprague::report::{Line, LineOptions, Method};
use sprague::rules::board::Keying;
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
    ] {
        let line = Line::load(family, &mut no_files, ScriptLimits::default()).unwrap();
        assert!(matches!(line, Line::Family(_)), "{family}");
        assert_eq!(line.spec(), family);
        let want: Vec<u32> = (0..=upto)
            .map(|n| match n {
                0 => 0,
                _ => plain_start(&sprague::rules::board::family_member(family, n)) as u32,
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
    // A member past the largest graph is an error naming it, not a panic.
    let line = Line::load("node-kayles:grid:Nx65", &mut no_files, ScriptLimits::default()).unwrap();
    let e = line
        .values(3, &LineOptions::default(), &mut no_files)
        .unwrap_err();
    assert!(e.to_string().contains("grid:2x65"), "{e}");
}
