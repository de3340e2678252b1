//! Positions built in code are held to the rules' own parser: every public
//! solver refuses a position that `parse_position` would never produce, and
//! `check_position` accepts exactly the positions that survive a round trip
//! through the rules' text form.

use proptest::prelude::*;
use sprague::query::{answer, Query};
use sprague::rules::{GcdGame, GcdPosition, Grid, Ruleset, UpDown, Wizards, Wythoff};
use sprague::solve::OutcomeSearch;
use sprague::solve::SumGraph;
use sprague::solve::{Limits, Play, Solver, WinningMove};
use sprague::Error;

/// Whether `p` survives writing it out and reading it back unchanged.
fn round_trips<R: Ruleset>(rules: &R, p: &R::Position) -> bool {
    rules.parse_position(&rules.format_position(p)).ok().as_ref() == Some(p)
}

fn bad_position<T: std::fmt::Debug>(r: sprague::Result<T>) -> String {
    match r {
        Err(e @ Error::BadPosition { .. }) => e.to_string(),
        other => panic!("expected a bad-position error, got {other:?}"),
    }
}

#[test]
fn wythoff_with_the_larger_heap_first_is_refused_everywhere() {
    // (5, 3) is the P-position (3, 5) written backwards: a solver that
    // trusted it would answer N.
    let p = [(5u64, 3u64)];
    let mut solver = Solver::new(&Wythoff, Limits::default());
    let e = bad_position(solver.outcome(&p));
    assert!(e.contains("5,3") && e.contains("A ≤ B"), "{e}");
    bad_position(solver.winning_moves(&p));
    bad_position(solver.grundy(&p[0]));
    bad_position(answer(&Wythoff, &p, &Query::default()));
    let misere = Query {
        play: Play::Misere,
        ..Query::default()
    };
    bad_position(answer(&Wythoff, &p, &misere));
    bad_position(OutcomeSearch::new(&Wythoff, Play::Normal, Limits::default()).outcome(&p));
    bad_position(SumGraph::new(&Wythoff, Limits::default()).add_root(&p));
    // Written the right way round, it is the P-position.
    assert_eq!(solver.outcome(&[(3, 5)]).unwrap(), sprague::Outcome::P);
}

#[test]
fn a_board_without_rows_is_not_a_position() {
    let grid = Grid { right: 2, up: 3 };
    let mut solver = Solver::new(&grid, Limits::default());
    let e = bad_position(solver.grundy(&(0, 5)));
    assert!(e.contains("0,5") && e.contains("at least 1 row"), "{e}");
    bad_position(answer(&grid, &[(4, 4), (2, 0)], &Query::default()));
}

#[test]
fn a_move_applied_to_a_shorter_sum_is_an_error_not_a_panic() {
    let m = WinningMove {
        component: 3,
        label: "take 1".to_string(),
        parts: vec![2u64],
    };
    let e = bad_position(m.apply(&[1, 2]));
    assert!(e.contains("component 4"), "{e}");
    assert_eq!(m.apply(&[1, 2, 3, 4]).unwrap(), [1, 2, 3, 2]);
}

#[test]
fn gcd_positions_must_be_canonical() {
    let rules = GcdGame;
    assert!(rules.check_position(&GcdPosition::new(3, vec![9, 4, 6])).is_ok());
    // 9 and 6 are multiples of g = 3 and must be written as 3.
    let raw = GcdPosition {
        g: 3,
        cards: vec![4, 6, 9],
        dealt: vec![],
    };
    assert!(rules.check_position(&raw).is_err());
    let zero = GcdPosition {
        g: 0,
        cards: vec![0, 2],
        dealt: vec![],
    };
    assert!(rules.check_position(&zero).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// check_position agrees with the parser on every pair game.
    #[test]
    fn check_agrees_with_the_parser_on_pairs(a in 0u64..12, b in 0u64..12, r in 1u64..4, u in 1u64..4) {
        let p = (a, b);
        prop_assert_eq!(Wythoff.check_position(&p).is_ok(), round_trips(&Wythoff, &p));
        prop_assert_eq!(Wizards.check_position(&p).is_ok(), round_trips(&Wizards, &p));
        let grid = Grid { right: r, up: u };
        prop_assert_eq!(grid.check_position(&p).is_ok(), round_trips(&grid, &p));
    }

    /// ... and on heaps with a cap and on card games.
    #[test]
    fn check_agrees_with_the_parser_on_heaps_and_cards(
        n in 0u64..40,
        g in 0u64..6,
        cards in proptest::collection::vec(0u64..10, 0..5),
    ) {
        let updown = UpDown { take: vec![1, 2], add: vec![1], max: 20 };
        prop_assert_eq!(updown.check_position(&n).is_ok(), round_trips(&updown, &n));
        let p = GcdPosition { g, cards, dealt: vec![] };
        prop_assert_eq!(GcdGame.check_position(&p).is_ok(), round_trips(&GcdGame, &p));
    }
}
