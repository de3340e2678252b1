//! Games on boards and graphs: the component solver (splitting, canonical
//! keys, memo) against a plain search over whole boards with no splitting
//! and no symmetry; the equalities with octal games on paths; the
//! symmetry-strategy and strategy-stealing theorems; published values.

use proptest::prelude::*;
use sprague::query::{answer, Query};
use sprague::rules::{Chomp, Cram, Keying, NodeKayles, OctalGraph, Splitting, Symmetry};
use sprague::rules::{Game, GameVisitor, Moves, Ruleset};
use sprague::solve::{ComponentMemo, ComponentSolver};
use sprague::solve::{Limits, Play, Solver};
use sprague::{Nimber, Outcome};
use std::collections::HashMap;

/// The plain reference: g(p) = mex of the values of every whole position
/// a move leaves (the parts of a move put back together), remembered by
/// the exact position; no splitting, no symmetry.
pub(super) fn plain<R: Ruleset>(
    rules: &R,
    p: &R::Position,
    merge: &dyn Fn(&[R::Position]) -> R::Position,
) -> u64 {
    fn go<R: Ruleset>(
        rules: &R,
        p: &R::Position,
        merge: &dyn Fn(&[R::Position]) -> R::Position,
        memo: &mut HashMap<R::Position, u64>,
    ) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut moves = Moves::new(false);
        rules.moves(p, &mut moves).unwrap();
        let wholes: Vec<R::Position> = moves.iter().map(merge).collect();
        let vals: Vec<u64> = wholes.iter().map(|q| go(rules, q, merge, memo)).collect();
        let v = sprague::mex(vals);
        memo.insert(p.clone(), v);
        v
    }
    go(rules, p, merge, &mut HashMap::new())
}

/// Board and graph positions are sets of cells: a sum is their union.
pub(super) fn union(parts: &[u128]) -> u128 {
    parts.iter().fold(0, |a, b| a | b)
}

/// The value by the component solver with `keying`, on a fresh memo.
fn by_components<P>(rules: &dyn Splitting<P>, p: &P) -> Nimber {
    let mut memo = ComponentMemo::new(&rules.family());
    ComponentSolver::new(rules, &mut memo, Limits::default())
        .unwrap()
        .grundy(p)
        .unwrap()
}

/// Chomp on the diagram of `rows` (sorted into one), its start, and its
/// value by the plain search.
fn chomp_and_plain(mut rows: Vec<u32>) -> (Chomp, Vec<u32>, u64) {
    rows.sort_unstable_by(|a, b| b.cmp(a));
    let text: Vec<String> = rows.iter().map(u32::to_string).collect();
    let chomp = Chomp::parse("chomp", &text.join(",")).unwrap();
    let p = chomp.start().unwrap();
    // Chomp never splits: a move leaves one diagram, or nothing.
    let want = plain(&chomp, &p, &|parts: &[Vec<u32>]| {
        parts.first().cloned().unwrap_or_else(|| vec![1])
    });
    (chomp, p, want)
}

const KEYINGS: [Keying; 4] = [
    Keying {
        split: true,
        symmetry: Symmetry::Full,
    },
    Keying {
        split: true,
        symmetry: Symmetry::Translate,
    },
    Keying {
        split: false,
        symmetry: Symmetry::None,
    },
    Keying {
        split: false,
        symmetry: Symmetry::Full,
    },
];

fn picture(rows: usize, cols: usize, cells: u32) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if cells >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// A random graph file on `n` vertices, the edges picked by `bits`.
fn graph_file(n: usize, bits: u64) -> String {
    let mut lines = String::new();
    let mut k = 0;
    for a in 0..n {
        let mut nb = Vec::new();
        for b in a + 1..n {
            if bits >> (k % 64) & 1 == 1 {
                nb.push(format!("v{b}"));
            }
            k += 1;
        }
        lines.push_str(&format!("v{a}: {}\n", nb.join(" ")));
    }
    lines
}

fn graph_game(spec: &str, text: &str) -> Game {
    Game::parse_with(spec, &mut |_| Ok(text.to_string())).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn cram_components_agree_with_the_plain_search(rows in 1usize..5, cols in 1usize..6, cells in any::<u32>()) {
        let pic = picture(rows, cols, cells);
        let cram = Cram::parse("cram", &pic).unwrap();
        let p = cram.start().unwrap();
        let want = plain(&cram, &p, &union);
        for k in KEYINGS {
            let c = cram.clone().with_keying(k);
            prop_assert_eq!(by_components(&c, &p), Nimber(want), "{} {:?}", pic, k);
        }
        // The generic solver on the rules' own moves (split, no symmetry).
        prop_assert_eq!(Solver::new(&cram, Limits::default()).grundy(&p).unwrap(), Nimber(want));
    }

    #[test]
    fn cram_mirror_theorem_agrees_with_the_plain_search(rows in 1usize..5, cols in 1usize..6, cells in any::<u32>(), grow in any::<bool>()) {
        // A shape the half turn about the board's centre keeps: the
        // random cells with (or without) their images.
        let n = rows * cols;
        let image = (0..n).filter(|&i| cells >> i & 1 == 1).fold(0u32, |a, i| a | 1 << (n - 1 - i));
        let sym = if grow { cells | image } else { cells & image } & ((1u64 << n) - 1) as u32;
        let pic = picture(rows, cols, sym);
        let cram = Cram::parse("cram", &pic).unwrap();
        let p = cram.start().unwrap();
        let want = plain(&cram, &p, &union);
        if Cram::mirror_wins(&cram.frame(), p) {
            prop_assert_eq!(want, 0, "{}", pic);
        }
        prop_assert_eq!(by_components(&cram, &p), Nimber(want), "{}", pic);
        prop_assert_eq!(by_components(&cram.clone().without_mirror(), &p), Nimber(want), "{}", pic);
        prop_assert_eq!(by_components(&cram.clone().without_reduction(), &p), Nimber(want), "{}", pic);
        let mut memo = ComponentMemo::new(&cram.family());
        let mut s = sprague::solve::NimberSearch::new(&cram, &mut memo, Limits::default(), 4).unwrap();
        prop_assert_eq!(s.grundy(&p).unwrap(), Nimber(want), "{}", pic);
        // The query, which tries the theorem on the whole board first
        // (pieces that are images of each other cancel).
        let a = answer(&cram, &[p], &Query::default()).unwrap();
        prop_assert_eq!(a.grundy, Some(Nimber(want)), "{}", pic);
    }

    #[test]
    fn cram_mirror_replies_win(rows in 1usize..5, cols in 1usize..6, cells in any::<u32>(), pick in any::<prop::sample::Index>()) {
        // A symmetric board after one domino: the search is starved (one
        // state, one step), so beyond the small components the answer is
        // the mirror strategy's, or the bound.
        let n = rows * cols;
        let image = (0..n).filter(|&i| cells >> i & 1 == 1).fold(0u32, |a, i| a | 1 << (n - 1 - i));
        let sym = (cells | image) & ((1u64 << n) - 1) as u32;
        let cram = Cram::parse("cram", &picture(rows, cols, sym)).unwrap();
        let mut moves = Moves::new(true);
        cram.moves(&cram.start().unwrap(), &mut moves).unwrap();
        prop_assume!(!moves.is_empty());
        let p = union(moves.parts(pick.index(moves.len())));
        let want = plain(&cram, &p, &union);
        let starved = Query {
            limits: Limits { max_states: 1, max_work: 1, ..Limits::default() },
            remoteness: false,
            ..Query::default()
        };
        match answer(&cram, &[p], &starved) {
            Ok(a) if a.grundy.is_some() => prop_assert_eq!(a.grundy, Some(Nimber(want))),
            Ok(a) => {
                prop_assert_eq!(a.grundy, None);
                prop_assert!(want != 0);
                prop_assert_eq!(a.outcome, Outcome::N);
                prop_assert!(!a.moves.is_empty());
                for m in &a.moves {
                    prop_assert_eq!(plain(&cram, &union(&m.play.parts), &union), 0, "{}", m.play.label);
                }
            }
            Err(e) => prop_assert_eq!(e.kind(), sprague::ErrorKind::Bound),
        }
    }

    #[test]
    fn node_kayles_components_agree_with_the_plain_search(n in 1usize..10, bits in any::<u64>()) {
        let g = graph_game("node-kayles:g.txt", &graph_file(n, bits));
        let Game::NodeKayles(nk) = g else { panic!("node kayles") };
        let p = nk.start().unwrap();
        let want = plain(&nk, &p, &union);
        for k in KEYINGS {
            let r = nk.clone().with_keying(k);
            prop_assert_eq!(by_components(&r, &p), Nimber(want), "{:?}", k);
        }
    }

    #[test]
    fn octal_graph_components_agree_with_the_plain_search(
        n in 1usize..9,
        bits in any::<u64>(),
        code in prop::sample::select(vec!["0.33", "0.137", "0.07", "0.77", "0.6", "0.34", "0.0007", "0.156"]),
    ) {
        let spec = format!("octal-graph:{code}:g.txt");
        let Game::OctalGraph(og) = graph_game(&spec, &graph_file(n, bits)) else { panic!("octal graph") };
        let p = og.start().unwrap();
        let want = plain(&og, &p, &union);
        for k in KEYINGS {
            let r = og.clone().with_keying(k);
            prop_assert_eq!(by_components(&r, &p), Nimber(want), "{} {:?}", code, k);
        }
    }

    #[test]
    fn chomp_agrees_with_the_plain_search(rows in prop::collection::vec(1u32..6, 1..5)) {
        let (chomp, p, want) = chomp_and_plain(rows);
        prop_assert_eq!(by_components(&chomp, &p), Nimber(want));
        let flat = chomp.clone().with_keying(Keying { split: true, symmetry: Symmetry::None });
        prop_assert_eq!(by_components(&flat, &p), Nimber(want));
    }

    #[test]
    fn outcome_search_agrees_with_exact_values(rows in 1usize..5, cols in 2usize..6, cells in any::<u32>(), small in 0u32..8) {
        use sprague::solve::NimberSearch;
        let pic = picture(rows, cols, cells);
        let cram = Cram::parse("cram", &pic).unwrap();
        let p = cram.start().unwrap();
        let want = plain(&cram, &p, &union);
        let mut memo = ComponentMemo::new(&cram.family());
        let mut s = NimberSearch::new(&cram, &mut memo, Limits::default(), small).unwrap();
        prop_assert_eq!(s.grundy(&p).unwrap(), Nimber(want), "{} small {}", pic, small);
        // A sum with a heap is P exactly when the heap equals the value.
        let mut keys = Vec::new();
        cram.keys(&p, &mut keys);
        for h in 0..4u32 {
            prop_assert_eq!(s.is_p(&keys, h).unwrap(), want == h as u64);
        }
    }

    #[test]
    fn outcome_search_agrees_on_chomp(
        rows in prop::collection::vec(1u32..7, 1..6),
        small in 0u32..8,
        max_states in prop::sample::select(vec![1_000u64, 1_600, 10_000_000]),
    ) {
        use sprague::solve::NimberSearch;
        let (chomp, p, want) = chomp_and_plain(rows.clone());
        // A diagram with at most max_states / 4 diagrams inside is valued
        // exactly; larger ones (up to 462 inside) by outcome search.
        let limits = Limits { max_states, ..Limits::default() };
        let mut memo = ComponentMemo::new(&chomp.family());
        let mut s = NimberSearch::new(&chomp, &mut memo, limits, small).unwrap();
        prop_assert_eq!(s.grundy(&p).unwrap(), Nimber(want), "{:?} small {}", rows, small);
        let mut keys = Vec::new();
        chomp.keys(&p, &mut keys);
        for h in 0..4u32 {
            prop_assert_eq!(s.is_p(&keys, h).unwrap(), want == h as u64);
        }
    }

    #[test]
    fn outcome_search_agrees_on_graphs(n in 1usize..9, bits in any::<u64>(), small in 0u32..5) {
        use sprague::solve::NimberSearch;
        let Game::NodeKayles(nk) = graph_game("node-kayles:g.txt", &graph_file(n, bits)) else { panic!() };
        let p = nk.start().unwrap();
        let want = plain(&nk, &p, &union);
        let mut memo = ComponentMemo::new(&nk.family());
        let mut s = NimberSearch::new(&nk, &mut memo, Limits::default(), small).unwrap();
        prop_assert_eq!(s.grundy(&p).unwrap(), Nimber(want));
    }

    #[test]
    fn winning_moves_of_boards_leave_zero(rows in 1usize..4, cols in 2usize..6, cells in any::<u32>()) {
        let pic = picture(rows, cols, cells);
        let cram = Cram::parse("cram", &pic).unwrap();
        let p = cram.start().unwrap();
        let a = answer(&cram, &[p], &Query::default()).unwrap();
        let g = plain(&cram, &p, &union);
        prop_assert_eq!(a.grundy, Some(Nimber(g)));
        prop_assert_eq!(a.moves.is_empty(), g == 0);
        let mut all = Moves::new(true);
        cram.moves(&p, &mut all).unwrap();
        let winning = (0..all.len()).filter(|&m| plain(&cram, &union(all.parts(m)), &union) == 0).count();
        prop_assert_eq!(a.moves.len(), winning);
        for m in &a.moves {
            prop_assert!(m.play.label.starts_with("domino "));
            prop_assert_eq!(plain(&cram, &union(&m.play.parts), &union), 0);
        }
    }
}

/// The value of the spec's start by the library's query.
fn start_value(spec: &str) -> (Nimber, Outcome, usize) {
    struct Start;
    impl GameVisitor for Start {
        type Output = (Nimber, Outcome, usize);
        fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
            let q = Query {
                remoteness: false,
                ..Query::default()
            };
            let a = answer(rules, &[rules.start().unwrap()], &q).unwrap();
            (a.grundy.unwrap(), a.outcome, a.moves.len())
        }
    }
    spec.parse::<Game>().unwrap().visit(Start)
}

#[test]
fn node_kayles_on_paths_is_dawsons_chess() {
    let dawson: Game = "dawson-chess".parse().unwrap();
    let Game::Octal(o) = dawson else { panic!() };
    let mut s = Solver::new(&o, Limits::default());
    for n in 1..=70u64 {
        let (g, _, _) = start_value(&format!("node-kayles:path:{n}"));
        assert_eq!(g, s.grundy(&n).unwrap(), "path of {n}");
    }
}

#[test]
fn octal_games_on_paths_are_the_octal_games() {
    for code in ["0.07", "0.77", "0.137", "0.33", "0.6", "0.156", "0.0007", "0.44"] {
        let Game::Octal(o) = format!("octal:{code}").parse().unwrap() else {
            panic!()
        };
        let mut s = Solver::new(&o, Limits::default());
        for n in 1..=40u64 {
            let (g, _, _) = start_value(&format!("octal-graph:{code}:path:{n}"));
            assert_eq!(g, s.grundy(&n).unwrap(), "{code} on a path of {n}");
        }
    }
}

#[test]
fn cram_on_one_row_is_dawsons_kayles_and_on_two_rows_alternates() {
    let Game::Octal(o) = "dawson-kayles".parse().unwrap() else {
        panic!()
    };
    let mut s = Solver::new(&o, Limits::default());
    for n in 1..=40u64 {
        assert_eq!(
            start_value(&format!("cram:1x{n}")).0,
            s.grundy(&n).unwrap(),
            "1x{n}"
        );
    }
    // Uiterwijk proved that 2×n Cram is *0 for even n and *1 for odd n.
    for n in 1..=11u64 {
        assert_eq!(start_value(&format!("cram:2x{n}")).0, Nimber(n % 2), "2x{n}");
    }
}

#[test]
fn cram_symmetry_theorems_hold_beyond_the_plain_search() {
    // Even × even: the second player mirrors through the centre (P).
    // Even × odd: the first player takes the two centre cells, then
    // mirrors (N, with a winning move found).
    // The search does not use the mirror theorem here, else the check of
    // the even boards would be circular.
    for (r, c) in [(4, 4), (4, 6), (2, 12), (3, 6), (3, 8), (4, 5), (5, 4), (3, 10)] {
        let spec = format!("cram:{r}x{c}");
        let (g, o, wins) = start_value(&spec);
        if r % 2 == 0 && c % 2 == 0 {
            assert_eq!((g, o, wins), (Nimber(0), Outcome::P, 0), "{r}x{c}");
            let Game::Cram(cram) = spec.parse().unwrap() else {
                panic!("cram")
            };
            let cram = cram.without_mirror();
            assert_eq!(by_components(&cram, &cram.start().unwrap()), Nimber(0), "{r}x{c}");
        } else {
            assert_eq!(o, Outcome::N, "{r}x{c}");
            assert!(wins > 0, "{r}x{c}: no winning move");
        }
    }
}

#[test]
fn rectangular_chomp_is_a_first_player_win() {
    // Strategy stealing: every rectangle larger than 1×1 is N.
    for (r, c) in [(1, 2), (2, 2), (3, 7), (4, 9), (6, 6), (5, 12), (8, 8)] {
        let (_, o, wins) = start_value(&format!("chomp:{r}x{c}"));
        assert_eq!(o, Outcome::N, "{r}x{c}");
        assert!(wins > 0, "{r}x{c}: no winning move");
    }
    // Two rows: (a, a-1) are the P-positions.
    for a in 2..20 {
        assert_eq!(start_value(&format!("chomp:{a},{}", a - 1)).1, Outcome::P);
        assert_eq!(start_value(&format!("chomp:{a},{a}")).1, Outcome::N);
    }
}

#[test]
fn published_cram_values_of_small_boards() {
    // Beling's table (impartial-games README, after Lemoine and Viennot's
    // Glop): the nimbers of the empty boards.
    for (spec, g) in [("cram:4x5", 2), ("cram:5x5", 0)] {
        assert_eq!(start_value(spec).0, Nimber(g), "{spec}");
    }
}

#[test]
fn misere_cram_agrees_with_a_plain_search() {
    fn misere(cram: &Cram, p: u128, memo: &mut HashMap<u128, bool>) -> bool {
        // true: the player to move wins (misère: no move is a win).
        if let Some(&w) = memo.get(&p) {
            return w;
        }
        let mut moves = Moves::new(false);
        cram.moves(&p, &mut moves).unwrap();
        let w = moves.is_empty() || moves.iter().any(|m| !misere(cram, union(m), memo));
        memo.insert(p, w);
        w
    }
    for pic in ["..../..../....", "...#/..../#...", "...../.....", "..#../....."] {
        let cram = Cram::parse("cram", pic).unwrap();
        let p = cram.start().unwrap();
        let q = Query {
            play: Play::Misere,
            ..Query::default()
        };
        let a = answer(&cram, &[p], &q).unwrap();
        let want = if misere(&cram, p, &mut HashMap::new()) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(a.outcome, want, "{pic}");
    }
}

#[test]
fn memo_files_round_trip_and_refuse_other_families() {
    let cram = Cram::parse("cram", "3x4").unwrap();
    let mut memo = ComponentMemo::new(&cram.family());
    ComponentSolver::new(&cram, &mut memo, Limits::default())
        .unwrap()
        .grundy(&cram.start().unwrap())
        .unwrap();
    let mut bytes = Vec::new();
    memo.write_to(&mut bytes).unwrap();
    let back = ComponentMemo::read_from("m.db", &bytes).unwrap();
    assert_eq!(back.len(), memo.len());
    // A memo answers without searching: no work at all.
    let mut again = ComponentMemo::new(&cram.family());
    again.merge("m.db", back).unwrap();
    let mut s = ComponentSolver::new(&cram, &mut again, Limits::default()).unwrap();
    assert_eq!(s.grundy(&cram.start().unwrap()).unwrap(), Nimber(1));
    assert_eq!(s.work(), 0);
    let e = ComponentMemo::new("chomp split+full")
        .merge("m.db", ComponentMemo::read_from("m.db", &bytes).unwrap())
        .unwrap_err()
        .to_string();
    assert!(e.contains("m.db") && e.contains("cram"), "{e}");
    for cut in [0, 10, bytes.len() - 1] {
        assert!(ComponentMemo::read_from("m.db", &bytes[..cut]).is_err());
    }
    // The state bound holds.
    let mut small = ComponentMemo::new(&cram.family());
    let tight = Limits {
        max_states: 5,
        ..Limits::default()
    };
    let e = ComponentSolver::new(&cram, &mut small, tight)
        .unwrap()
        .grundy(&cram.start().unwrap())
        .unwrap_err();
    assert!(matches!(e, sprague::Error::LimitExceeded { .. }), "{e}");
}

#[test]
fn board_specs_and_positions_round_trip() {
    for s in [
        "cram:3x4",
        "cram:..#/...",
        "chomp:3x5",
        "chomp:5,3,3",
        "node-kayles:path:7",
        "node-kayles:cycle:5",
        "node-kayles:cycle:2",
        "node-kayles:grid:3x3",
        "octal-graph:0.33:grid:2x3",
    ] {
        let g: Game = s.parse().unwrap();
        assert_eq!(g.spec(), s);
    }
    for (s, e) in [
        ("cram:3x0", "no cells"),
        ("cram:12x11", "128"),
        ("cram:../.", "row 2"),
        ("chomp:3,4", "row 2"),
        ("node-kayles:cycle:0", "1 to 128"),
        ("node-kayles:path:129", "1 to 128"),
        ("node-kayles:path:x", "not a whole number"),
        ("octal-graph:4.7:path:5", "before the point"),
        ("octal-graph:0.33", "CODE:GRAPH"),
        ("node-kayles:g.txt", "cannot read"),
    ] {
        let err = s.parse::<Game>().unwrap_err().to_string();
        assert!(err.contains(e), "{s}: {err}");
    }
    let cram = Cram::parse("cram", "2x3").unwrap();
    assert!(cram
        .parse_position("../..")
        .unwrap_err()
        .to_string()
        .contains("2x3"));
    let nk: Game = "node-kayles:path:5".parse().unwrap();
    let Game::NodeKayles(nk) = nk else { panic!() };
    let p = nk.parse_position("1,2,4").unwrap();
    assert_eq!(nk.format_position(&p), "1,2,4");
    assert!(nk.parse_position("1,9").unwrap_err().to_string().contains("`9`"));
    let _ = NodeKayles::new;
    let _ = OctalGraph::new;
}

#[test]
fn three_row_chomp_p_positions_agree_with_the_search() {
    use sprague::solve::three_row_p_positions;
    let f = three_row_p_positions(14, &sprague::Stop::new()).unwrap();
    let chomp = Chomp::parse("chomp", "3x20").unwrap();
    let mut memo = ComponentMemo::new(&chomp.family());
    let mut s = ComponentSolver::new(&chomp, &mut memo, Limits::default()).unwrap();
    for b in 0..=14u32 {
        for c in 0..=b {
            // Every first row from b (at least 1) to b + c + 2 past f.
            let want = f[b as usize][c as usize];
            for a in b.max(1)..=b + c + 3 {
                let rows: Vec<u32> = [a, b, c].into_iter().filter(|&r| r > 0).collect();
                let p = s.grundy(&rows).unwrap() == Nimber::ZERO;
                assert_eq!(p, want == Some(a), "[{a}, {b}, {c}]");
            }
        }
    }
    // Two rows: [b + 1, b]; and the L-shapes [c + 2, 1, …] are P by symmetry.
    assert!((0..=14).all(|b| f[b][0] == Some(b as u32 + 1)));
    assert_eq!(f[1][1], Some(3));
}

#[test]
fn the_computer_mirrors_on_boards_too_large_to_search() {
    use sprague::play::{Config, Session, Verdict};
    // Cram 6×8: after any first move the computer answers with a winning
    // move the theorem finds (its image under the half turn), the search
    // for the others stopping at its bound (small here).
    let config = Config {
        limits: Limits {
            max_states: 20_000,
            max_work: 200_000,
            ..Limits::default()
        },
        ..Config::default()
    };
    for first in [0, 9, 40] {
        let game = "cram:6x8".parse().unwrap();
        let mut s = Session::new(game, &["start".to_string()], config.clone()).unwrap();
        assert_eq!(s.standing().unwrap().outcome, Outcome::P);
        s.play(first).unwrap();
        assert_eq!(s.standing().unwrap().outcome, Outcome::N);
        let reply = s.best_move().unwrap();
        assert_eq!(s.moves()[reply].rating.unwrap().verdict, Verdict::Win);
        assert!(s.note().unwrap().contains("mirror strategy"), "{:?}", s.note());
        s.computer_move().unwrap();
        assert_eq!(s.standing().unwrap().outcome, Outcome::P, "{:?}", s.position());
        assert!(s
            .moves()
            .iter()
            .all(|m| m.rating.unwrap().verdict == Verdict::Loss));
    }
}
