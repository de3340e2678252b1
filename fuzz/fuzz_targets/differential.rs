//! Differential fuzzing: where two paths of sprague compute the same
//! thing, they must agree on every input the fuzzer finds.
//!
//! - Octal and hexadecimal codes, and subtraction sets (as the octal codes
//!   with a 3 at each amount): the plain dense table, the sequence engine
//!   under a fuzzed tuning (which picks dense or sparse paths, masks,
//!   batches, the helper thread), and the memoised search of the solver
//!   (the rules with their structure hidden). `SPRAGUE_FUZZ_SIMD=plain`
//!   (or `avx2`, `avx512`) runs every case's engine at that level.
//! - Pattern evaluators (periodic proofs of octal codes and subtraction
//!   sets, floor-division patterns) against the table they were proven on
//!   and far beyond it.
//! - The closed forms of Wizards and Wythoff (outcomes) against a plain
//!   search over their moves, and Wythoff's solver against the same.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sprague::solve::{Engine, EngineStatus as Status, SeqGame, Simd, Tuning};
use sprague::pattern::{prove, HeapLimits};
use sprague::rules::{HeapMoves, Moves, OctalCode, Ruleset, Wizards, Wythoff};
use sprague::solve::{extend_dense, Limits, Solver};
use sprague::Outcome;
use std::collections::HashMap;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    // An input too short to pick every field ends the case early; what was
    // compared until then still counts.
    let _ = match u.int_in_range(0..=3u8) {
        Ok(0) => heap_codes(&mut u),
        Ok(1) => subtraction(&mut u),
        Ok(2) => floor_division(&mut u),
        _ => closed_forms(&mut u),
    };
});

/// An octal (or hexadecimal) code: the dense table, the engine and the
/// memoised search agree; a proven period agrees with the table.
fn heap_codes(u: &mut Unstructured) -> Result<()> {
    let hex = u.arbitrary::<bool>()?;
    let radix = if hex { 16 } else { 8 };
    let first = if hex { [0, 4, 8, 12][u.choose_index(4)?] } else { [0, 4][u.choose_index(2)?] };
    let len = u.int_in_range(1..=5usize)?;
    let mut code = format!("{first:x}.");
    for _ in 0..len {
        code.push(char::from_digit(u.int_in_range(0..=radix - 1)?, radix).unwrap());
    }
    let parsed = if hex { OctalCode::parse_hex(&code) } else { OctalCode::parse(&code) };
    let Ok(code) = parsed else {
        return Ok(());
    };
    let upto = u.int_in_range(0..=if hex { 120 } else { 400 })?;
    let table = plain_table(HeapMoves::Octal(&code), upto);
    engine_agrees(u, SeqGame::Octal(code.clone()), &table)?;
    let spec = if hex { format!("hex:{code}") } else { format!("octal:{code}") };
    searched_agrees(u, &spec, &table)?;
    // Three-heap moves cost a square per heap: a shorter check.
    pattern_agrees(HeapMoves::Octal(&code), if hex { 300 } else { 2_000 });
    Ok(())
}

/// A subtraction set: its table, the engine on the octal code with a 3 at
/// each amount, the memoised search, and the proven period.
fn subtraction(u: &mut Unstructured) -> Result<()> {
    let mut set: Vec<u64> = (0..u.int_in_range(1..=5)?)
        .map(|_| u.int_in_range(1..=20))
        .collect::<Result<_>>()?;
    set.sort_unstable();
    set.dedup();
    let upto = u.int_in_range(0..=500)?;
    let table = plain_table(HeapMoves::Subtract(&set), upto);
    let max = *set.last().unwrap() as usize;
    let digits: String = (1..=max)
        .map(|k| if set.contains(&(k as u64)) { '3' } else { '0' })
        .collect();
    let code = OctalCode::parse(&format!("0.{digits}")).expect("a 0/3 code parses");
    assert_eq!(
        plain_table(HeapMoves::Octal(&code), upto),
        table,
        "subtract:{set:?} as the octal code 0.{digits}"
    );
    engine_agrees(u, SeqGame::Octal(code), &table)?;
    let list: Vec<String> = set.iter().map(u64::to_string).collect();
    searched_agrees(u, &format!("subtract:{}", list.join(",")), &table)?;
    pattern_agrees(HeapMoves::Subtract(&set), 4_000);
    Ok(())
}

/// A floor-division game: its proven pattern against the table.
fn floor_division(u: &mut Unstructured) -> Result<()> {
    let mut set: Vec<u64> = (0..u.int_in_range(1..=4)?)
        .map(|_| u.int_in_range(2..=12))
        .collect::<Result<_>>()?;
    set.sort_unstable();
    set.dedup();
    pattern_agrees(HeapMoves::Divide(&set), 20_000);
    Ok(())
}

/// Wizards and Wythoff: closed-form outcomes against a plain search, and
/// Wythoff's solver (Grundy values) against the same.
fn closed_forms(u: &mut Unstructured) -> Result<()> {
    let (a, b) = (u.int_in_range(0..=40u64)?, u.int_in_range(0..=150u64)?);
    let p = (a.min(b), a.max(b));
    if let Some(outcome) = Wizards.closed_outcome(&p) {
        let g = plain_grundy(&Wizards, p);
        assert_eq!(outcome == Outcome::N, g != 0, "wizards {p:?}");
    }
    let (x, y) = (a % 30, b % 30);
    let q = (x.min(y), x.max(y));
    let g = plain_grundy(&Wythoff, q);
    if let Some(outcome) = Wythoff.closed_outcome(&q) {
        assert_eq!(outcome == Outcome::N, g != 0, "wythoff {q:?}");
    }
    let mut solver = Solver::new(&Wythoff, Limits::default());
    match solver.grundy(&q) {
        Ok(v) => assert_eq!(v.0, g, "wythoff {q:?}"),
        Err(e) => expected(e)?,
    }
    Ok(())
}

/// g(0..=upto) by the plain dense solver.
fn plain_table(moves: HeapMoves<'_>, upto: u64) -> Vec<u32> {
    let mut t = Vec::new();
    extend_dense(moves, &mut t, upto, u64::MAX).expect("a small table");
    t
}

/// The sequence engine under a tuning the fuzzer picks gives `table`.
fn engine_agrees(u: &mut Unstructured, game: SeqGame, table: &[u32]) -> Result<()> {
    let d = Tuning::default();
    let tuning = Tuning {
        batch: u.int_in_range(1..=96)?,
        sparse_ratio: u.int_in_range(1..=8)?,
        min_sparse: u.int_in_range(1..=128)?,
        force_mask: if u.arbitrary()? { Some(u.arbitrary()?) } else { None },
        threads: u.int_in_range(1..=2)?,
        par_work: u.int_in_range(1..=64)?,
        fold_span: u.int_in_range(1..=256)?,
        few_candidates: u.int_in_range(0..=4)?,
        check_every: u.int_in_range(0..=5)?,
        simd: match forced_simd() {
            Some(level) => level,
            None => [Simd::Plain, Simd::Avx2, d.simd][u.choose_index(3)?],
        },
        ..d
    };
    let budget = u.int_in_range(1..=300usize)?;
    let upto = table.len() as u64 - 1;
    let mut e = match Engine::resume_tuned(game.clone(), vec![0], tuning) {
        Ok(e) => e,
        Err(e) => return expected(e),
    };
    loop {
        match e.advance(upto, true, budget) {
            Ok(Status::Running) => {}
            Ok(_) => break,
            Err(e) => return expected(e),
        }
    }
    let values = e.to_vec();
    let expected: Vec<u32> = table.to_vec();
    let got: Vec<u32> = values.iter().map(|&v| v as u32).collect();
    assert_eq!(got, expected, "{game:?} under {tuning:?}, budget {budget}");
    Ok(())
}

/// The level of vector instructions every case runs at when
/// `SPRAGUE_FUZZ_SIMD` names one (`plain`, `avx2` or `avx512`), so that a
/// run covers that level's kernels on every input (`fuzz/run.sh` runs the
/// target once per level); else the fuzzer picks a level per case.
fn forced_simd() -> Option<Simd> {
    static LEVEL: std::sync::OnceLock<Option<Simd>> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| {
        let name = std::env::var("SPRAGUE_FUZZ_SIMD").ok().filter(|n| !n.is_empty())?;
        let level = Simd::ALL.into_iter().find(|l| l.name() == name);
        assert!(level.is_some(), "SPRAGUE_FUZZ_SIMD={name}: not plain, avx2 or avx512");
        level
    })
}

/// An error a path may give instead of an answer (a value past the
/// engine's 16 bits, a game it does not take, a bound): no claim is made.
/// A broken invariant is a bug, and fails the target.
fn expected(e: sprague::Error) -> Result<()> {
    assert!(!matches!(e, sprague::Error::Internal(_)), "{e}");
    Ok(())
}

/// The same rules with their structure hidden, so that the solver has no
/// table and no closed form: only its memoised search of sums.
struct Searched<'a, R>(&'a R);

impl<R: Ruleset> Ruleset for Searched<'_, R> {
    type Position = R::Position;
    fn spec(&self) -> String {
        self.0.spec()
    }
    fn parse_position(&self, text: &str) -> sprague::Result<R::Position> {
        self.0.parse_position(text)
    }
    fn format_position(&self, p: &R::Position) -> String {
        self.0.format_position(p)
    }
    fn moves(&self, p: &R::Position, out: &mut Moves<R::Position>) -> sprague::Result<()> {
        self.0.moves(p, out)
    }
}

/// The memoised search gives `table` at a few heaps the fuzzer picks.
fn searched_agrees(u: &mut Unstructured, spec: &str, table: &[u32]) -> Result<()> {
    struct Check<'a> {
        heaps: Vec<u64>,
        table: &'a [u32],
    }
    impl sprague::rules::GameVisitor for Check<'_> {
        type Output = ();
        fn visit<R: Ruleset>(self, rules: &R) {
            let searched = Searched(rules);
            let limits = Limits {
                max_states: 20_000,
                max_work: 2_000_000,
                ..Limits::default()
            };
            let mut solver = Solver::new(&searched, limits);
            for n in self.heaps {
                let p = rules.parse_position(&n.to_string()).expect("a heap");
                match solver.grundy(&p) {
                    Ok(v) => assert_eq!(v.0, self.table[n as usize] as u64, "{} heap {n}", rules.spec()),
                    Err(e) => expected(e).unwrap(),
                }
            }
        }
    }
    let top = (table.len() as u64 - 1).min(40);
    let heaps = (0..3).map(|_| u.int_in_range(0..=top)).collect::<Result<_>>()?;
    let game: sprague::rules::Game = spec.parse().expect("a built spec");
    game.visit(Check { heaps, table });
    Ok(())
}

/// A proven pattern (if any) agrees with the plain table to `upto`, far
/// beyond the window it was proven on.
fn pattern_agrees(moves: HeapMoves<'_>, upto: u64) {
    let limits = HeapLimits {
        upto: Some(upto / 4),
        max_states: 1 << 20,
        max_work: 20_000_000,
        ..HeapLimits::default()
    };
    let proof = match prove(moves, limits) {
        Ok(Some(proof)) => proof,
        Ok(None) => return,
        Err(e) => return expected(e).unwrap(),
    };
    let table = plain_table(moves, upto);
    for (n, &v) in table.iter().enumerate() {
        assert_eq!(proof.evaluator.value(n as u64), v as u64, "{moves:?} at {n}: {:?}", proof.finding);
    }
}

/// The Grundy value of one position by plain search over its moves (each
/// move's parts xored), memoised, with an explicit stack.
fn plain_grundy<R: Ruleset>(rules: &R, root: R::Position) -> u64 {
    let mut memo: HashMap<R::Position, u64> = HashMap::new();
    let mut stack = vec![(root.clone(), false)];
    let mut moves = Moves::new(false);
    while let Some((p, expanded)) = stack.pop() {
        if memo.contains_key(&p) {
            continue;
        }
        moves.clear();
        rules.moves(&p, &mut moves).expect("built-in rules list their moves");
        if expanded {
            let mut seen: Vec<u64> = moves
                .iter()
                .map(|parts| parts.iter().fold(0, |x, q| x ^ memo[q]))
                .collect();
            seen.sort_unstable();
            seen.dedup();
            let mex = seen.iter().enumerate().find(|&(i, &v)| i as u64 != v).map_or(seen.len(), |(i, _)| i);
            memo.insert(p, mex as u64);
        } else {
            stack.push((p, true));
            for parts in moves.iter() {
                stack.extend(parts.iter().filter(|q| !memo.contains_key(q)).map(|q| (q.clone(), false)));
            }
        }
    }
    memo[&root]
}
