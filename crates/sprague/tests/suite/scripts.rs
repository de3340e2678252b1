//! The example scripts in `examples/` against their built-in twins: whole
//! tables, random sums (Grundy values, misère outcomes, random play) and
//! winning moves; the dynamic seam's errors, returned as values.

use sprague::query::{answer, Query};
use sprague::rules::{Dynamic, Game, GameVisitor, Ruleset, ScriptLimits, Value};
use sprague::solve::{Limits, Play, Skill, Solver};
use sprague::Outcome;

/// The example script `name` (in the repository's `examples/`), loaded.
fn example(name: &str) -> Dynamic {
    let path = format!("{}/../../examples/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    script(name, &text)
}

fn script(name: &str, text: &str) -> Dynamic {
    let spec = format!("script:{name}");
    match Game::load(&spec, &mut |_| Ok(text.to_string()), ScriptLimits::default()).unwrap() {
        Game::Dynamic(d) => d,
        other => panic!("{other:?}"),
    }
}

/// Small deterministic pseudo-random numbers (xorshift).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// A heap game's table g(0..=n) from the built-in spec.
fn native_table(spec: &str, n: u64) -> Vec<u32> {
    struct T(u64);
    impl GameVisitor for T {
        type Output = Vec<u32>;
        fn visit<R: Ruleset>(self, rules: &R) -> Vec<u32> {
            Solver::new(rules, Limits::default())
                .heap_table(self.0)
                .unwrap()
                .to_vec()
        }
    }
    spec.parse::<Game>().unwrap().visit(T(n))
}

/// What `answer` says of a sum, in words both twins share: the outcome,
/// the Grundy value, the remoteness, the number of winning moves and the
/// sums they lead to (as text).
fn summary(game: &Game, sum: &[&str], query: &Query) -> String {
    struct S<'a>(&'a [&'a str], &'a Query);
    impl GameVisitor for S<'_> {
        type Output = String;
        fn visit<R: Ruleset>(self, rules: &R) -> String {
            let sum: Vec<R::Position> = self.0.iter().map(|t| rules.parse_position(t).unwrap()).collect();
            let a = answer(rules, &sum, self.1).unwrap();
            let mut leads: Vec<String> = a
                .moves
                .iter()
                .map(|m| {
                    let after = m.play.apply(&sum).unwrap();
                    let mut parts: Vec<String> = after.iter().map(|p| rules.format_position(p)).collect();
                    parts.retain(|p| p != "0");
                    parts.sort();
                    parts.join("+")
                })
                .collect();
            leads.sort();
            let p = a.probability.map(|p| format!("{:.9}", p.value));
            format!(
                "{:?} {:?} {:?} {} {leads:?} {p:?}",
                a.outcome, a.grundy, a.remoteness, a.moves_total
            )
        }
    }
    game.visit(S(sum, query))
}

/// The twins agree on random sums of heaps below `max` under normal and
/// misère play and random play.
fn twins_agree_on_sums(script: &Dynamic, spec: &str, max: u64, parts: u64, seed: u64) {
    let (sg, ng) = (Game::Dynamic(script.clone()), spec.parse::<Game>().unwrap());
    let mut rng = Rng(seed);
    for round in 0..12 {
        let k = 1 + rng.below(parts);
        let sum: Vec<String> = (0..k).map(|_| (1 + rng.below(max)).to_string()).collect();
        let sum: Vec<&str> = sum.iter().map(String::as_str).collect();
        let mut queries = vec![Query::default()];
        if round % 3 == 0 {
            queries.push(Query {
                play: Play::Misere,
                ..Query::default()
            });
            queries.push(Query {
                skill: Some(Skill::random()),
                ..Query::default()
            });
        }
        for q in &queries {
            assert_eq!(
                summary(&sg, &sum, q),
                summary(&ng, &sum, q),
                "{spec} {sum:?} {:?}",
                q.play
            );
        }
    }
}

fn heap_table(d: &Dynamic, n: u64) -> Vec<u32> {
    Solver::new(d, Limits::default())
        .heap_table(n)
        .map(<[u32]>::to_vec)
        .unwrap()
}

#[test]
fn subtraction_script_matches_subtract_1_3_4() {
    let s = example("subtract.rhai");
    assert_eq!(heap_table(&s, 3000), native_table("subtract:1,3,4", 3000));
    twins_agree_on_sums(&s, "subtract:1,3,4", 40, 4, 7);
}

#[test]
fn kayles_script_matches_kayles() {
    let s = example("kayles.rhai");
    assert_eq!(heap_table(&s, 400), native_table("kayles", 400));
    twins_agree_on_sums(&s, "kayles", 12, 3, 11);
}

#[test]
fn fdiv_script_matches_divide_2_to_6() {
    let s = example("fdiv.rhai");
    assert_eq!(heap_table(&s, 5000), native_table("divide:2..6", 5000));
    twins_agree_on_sums(&s, "divide:2..6", 200, 4, 3);
    // Far beyond any table, by search over the quotients.
    let Game::Divide(native) = "divide:2..6".parse::<Game>().unwrap() else {
        unreachable!()
    };
    let mut rng = Rng(99);
    let mut ns = Solver::new(&native, Limits::default());
    let mut ss = Solver::new(&s, Limits::default());
    for _ in 0..20 {
        let n = rng.below(1_000_000_000_000_000_000) + 1;
        let g = ss.grundy(&Value::Int(n as i64)).unwrap();
        assert_eq!(g, ns.grundy(&n).unwrap(), "{n}");
    }
}

#[test]
fn grid_script_matches_grid_2x3() {
    let s = example("grid.rhai");
    let Game::Grid(native) = "grid:2x3".parse::<Game>().unwrap() else {
        unreachable!()
    };
    let mut ns = Solver::new(&native, Limits::default());
    let mut ss = Solver::new(&s, Limits::default());
    for x in 1..=14u64 {
        for y in 1..=14u64 {
            let p = s.pair_position(x, y).unwrap().unwrap();
            assert_eq!(ss.grundy(&p).unwrap(), ns.grundy(&(x, y)).unwrap(), "{x},{y}");
        }
    }
    assert_eq!(s.pair_origin(), 1);
    let (sg, ng) = (Game::Dynamic(s.clone()), Game::Grid(native.clone()));
    let mut rng = Rng(5);
    for round in 0..12 {
        let k = 1 + rng.below(3);
        let sum: Vec<String> = (0..k)
            .map(|_| format!("{},{}", 1 + rng.below(6), 1 + rng.below(6)))
            .collect();
        let sum: Vec<&str> = sum.iter().map(String::as_str).collect();
        let q = if round % 2 == 0 {
            Query::default()
        } else {
            Query {
                play: Play::Misere,
                ..Query::default()
            }
        };
        assert_eq!(summary(&sg, &sum, &q), summary(&ng, &sum, &q), "{sum:?}");
    }
}

#[test]
fn gcd_script_matches_gcd_outcomes() {
    let s = example("gcd.rhai");
    let Game::Gcd(native) = "gcd".parse::<Game>().unwrap() else {
        unreachable!()
    };
    let mut rng = Rng(17);
    for _ in 0..150 {
        let k = 1 + rng.below(7);
        let cards: Vec<String> = (0..k).map(|_| (1 + rng.below(40)).to_string()).collect();
        let text = cards.join(",");
        let np = native.parse_position(&text).unwrap();
        let sp = s.parse_position(&text).unwrap();
        assert_eq!(s.format_position(&sp), native.format_position(&np));
        let want = Solver::new(&native, Limits::default()).outcome(&[np]).unwrap();
        let got = Solver::new(&s, Limits::default())
            .outcome(std::slice::from_ref(&sp))
            .unwrap();
        assert_eq!(got, want, "{text}");
    }
    // A game under way reads and prints as the built-in one does.
    let p = s.parse_position("g=5;5,6,10").unwrap();
    assert_eq!(s.format_position(&p), "g=5;5,5,6");
}

#[test]
fn chomp_first_player_wins_every_rectangle() {
    let s = example("chomp.rhai");
    let mut solver = Solver::new(&s, Limits::default());
    for x in 1..=4u64 {
        for y in 1..=5u64 {
            let p = s.pair_position(x, y).unwrap().unwrap();
            let o = solver.outcome(&[p]).unwrap();
            let want = if (x, y) == (1, 1) { Outcome::P } else { Outcome::N };
            assert_eq!(o, want, "{x} x {y}");
        }
    }
    // Two rows: the P-positions are exactly a, a − 1.
    for a in 1..=8i64 {
        for b in 0..=a {
            let text = if b == 0 { a.to_string() } else { format!("{a},{b}") };
            let p = s.parse_position(&text).unwrap();
            let o = solver.outcome(&[p]).unwrap();
            assert_eq!(o == Outcome::P, b == a - 1, "{text}");
        }
    }
    assert!(s
        .parse_position("2,3")
        .unwrap_err()
        .to_string()
        .contains("never grow"));
}

#[test]
fn a_failing_script_is_an_error_not_a_panic() {
    let s = script("throw.rhai", "const HEAP = true;\nfn moves(n) {\n  if n == 7 { throw \"seven\"; }\n  if n > 0 { [n - 1] } else { [] }\n}");
    let e = Solver::new(&s, Limits::default())
        .heap_table(10)
        .map(|t| t.len())
        .unwrap_err();
    let e = e.to_string();
    assert!(
        e.contains("throw.rhai")
            && e.contains("line 3, column 15")
            && e.contains("seven")
            && e.contains("position `7`"),
        "{e}"
    );
    // The same error through the search, from another thread.
    let e = std::thread::spawn(move || Solver::new(&s, Limits::default()).grundy(&Value::Int(9_000_000)))
        .join()
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().contains("seven"), "{e}");
}

#[test]
fn values_and_moves_of_the_wrong_kind_are_named() {
    let s = script("bad.rhai", "fn moves(p) { [p, #{label: \"x\"}] }");
    let e = Solver::new(&s, Limits::default())
        .grundy(&Value::Int(1))
        .unwrap_err();
    assert!(e.to_string().contains("move 2"), "{e}");
    let s = script("heap.rhai", "const HEAP = true; fn moves(n) { [n] }");
    assert!(s
        .parse_position("[1]")
        .unwrap_err()
        .to_string()
        .contains("heap game"));
    let e = Solver::new(&s, Limits::default())
        .heap_table(3)
        .map(|_| ())
        .unwrap_err();
    assert!(e.to_string().contains("smaller"), "{e}");
    for (text, needle) in [
        ("fn moves(p) { [] ", "line 1"),
        ("const HEAP = 3; fn moves(p) { [] }", "HEAP"),
        ("fn other(p) { [] }", "fn moves(p)"),
        ("import \"x\" as y; fn moves(p) { [] }", "import"),
    ] {
        let e = Game::load("script:t.rhai", &mut |_| Ok(text.into()), ScriptLimits::default()).unwrap_err();
        assert!(e.to_string().contains(needle), "{text}: {e}");
    }
}

#[test]
fn a_table_listed_on_several_threads_names_the_smallest_failing_heap() {
    // Heaps are listed in runs, each split between threads: whichever
    // thread fails first, the error is the one a bottom-up walk meets
    // first, at every table size.
    let text = "const HEAP = true;\nfn moves(n) {\n  if n == 3001 || n == 3900 || n == 7000 { throw `bad ${n}`; }\n  if n > 0 { [n - 1] } else { [] }\n}";
    for upto in [3001, 3950, 8000, 20_000] {
        let s = script("fail.rhai", text);
        let e = Solver::new(&s, Limits::default())
            .heap_table(upto)
            .map(|t| t.len())
            .unwrap_err();
        let e = e.to_string();
        assert!(
            e.contains("bad 3001") && e.contains("position `3001`"),
            "{upto}: {e}"
        );
    }
}

#[test]
fn tables_grown_in_steps_equal_one_table_whatever_form_the_moves_take() {
    // Moves as numbers, as parts(…) (0 parts dropped) and as labelled maps:
    // the heap lister reads each form straight from the script.
    let forms = "const HEAP = true;\nfn moves(n) {\n  let out = [];\n  if n >= 1 { out.push(n - 1); }\n  if n >= 3 { out.push(parts(1, n - 3, 0)); }\n  if n >= 4 { out.push(#{to: parts(n - 4), label: \"four\"}); }\n  if n >= 5 { out.push(#{to: n - 5}); }\n  out\n}";
    let plain = "const HEAP = true;\nfn moves(n) {\n  let out = [];\n  if n >= 1 { out.push(n - 1); }\n  if n >= 3 { out.push(parts(1, n - 3)); }\n  if n >= 4 { out.push(n - 4); }\n  if n >= 5 { out.push(n - 5); }\n  out\n}";
    let whole = heap_table(&script("plain.rhai", plain), 6000);
    let s = script("forms.rhai", forms);
    let mut solver = Solver::new(&s, Limits::default());
    for upto in [0, 1, 2, 17, 18, 1000, 1001, 6000] {
        let t = solver.heap_table(upto).map(<[u32]>::to_vec).unwrap();
        assert_eq!(t, whole[..=upto as usize], "to {upto}");
    }
    // The moves as every other solver lists them (`Ruleset::moves`, not the
    // heap lister) give the same values.
    for n in [0u64, 5, 99, 777, 5999] {
        let mut moves = sprague::rules::Moves::new(false);
        s.moves(&Value::Int(n as i64), &mut moves).unwrap();
        let options = moves.iter().map(|parts| {
            let heaps = parts.iter().map(|p| p.as_int().unwrap() as usize);
            heaps.fold(0u64, |x, h| x ^ whole[h] as u64)
        });
        assert_eq!(sprague::mex(options), whole[n as usize] as u64, "heap {n}");
    }
}
