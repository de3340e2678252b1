//! The sequence engine against the plain dense engine, on many octal codes
//! (fixed and random) and Grundy's game, with every tuning that changes
//! which code path runs, at every level of vector instructions (so that
//! the paths of a CPU without AVX-512 or AVX2 are tested here too); known
//! periods; the file formats.

use proptest::prelude::*;
use sprague::rules::{HeapMoves, OctalCode};
use sprague::solve::extend_dense;
use sprague::solve::{checksum_upto, Checksum, Engine, EngineStatus as Status, SeqGame, Simd, Tuning};
use sprague::solve::{read_checkpoint, read_sequence, write_checkpoint, write_sequence};

fn plain(game: &SeqGame, upto: u64) -> Vec<u16> {
    let mut t = Vec::new();
    match game {
        SeqGame::Octal(c) => extend_dense(HeapMoves::Octal(c), &mut t, upto, u64::MAX).unwrap(),
        SeqGame::Grundy => extend_dense(HeapMoves::Grundy, &mut t, upto, u64::MAX).unwrap(),
    }
    t.into_iter().map(|v| v as u16).collect()
}

fn octal(code: &str) -> SeqGame {
    SeqGame::Octal(OctalCode::parse(code).unwrap())
}

fn fast(game: &SeqGame, upto: u64, tuning: Tuning, budget: usize) -> Vec<u16> {
    let mut e = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
    while e.advance(upto, true, budget).unwrap() == Status::Running {}
    e.to_vec()
}

/// Tunings that force each path: dense, sparse with the chosen mask from
/// the start, arbitrary fixed masks, tiny batches.
fn tunings() -> Vec<Tuning> {
    let d = Tuning::default();
    let eager = Tuning {
        sparse_ratio: 2,
        min_sparse: 16,
        batch: 7,
        ..d
    };
    vec![
        d,
        eager,
        Tuning { batch: 64, ..eager },
        // The helper thread marks the next batch (every share handed over),
        // also in a run that folds at its period.
        Tuning {
            threads: 2,
            par_work: 1,
            ..eager
        },
        Tuning {
            threads: 2,
            par_work: 1,
            batch: 64,
            fold_span: 1,
            ..eager
        },
        // Other shares of checked rare positions (2 threads check every
        // 4th by default).
        Tuning { check_every: 3, ..d },
        Tuning {
            threads: 2,
            par_work: 1,
            check_every: 2,
            ..d
        },
        Tuning {
            force_mask: Some(0),
            ..d
        },
        Tuning {
            force_mask: Some(0b1),
            batch: 33,
            ..d
        },
        Tuning {
            force_mask: Some(0b10110),
            batch: 128,
            ..d
        },
        // Fold as soon as a period is proven (o + p + 64 values).
        Tuning {
            fold_span: 1,
            batch: 64,
            ..eager
        },
        // Candidates always by the pair-value scan, or always one by one.
        Tuning {
            few_candidates: 0,
            ..eager
        },
        Tuning {
            few_candidates: usize::MAX,
            fold_span: 1,
            ..eager
        },
    ]
}

fn check(game: &SeqGame, upto: u64) {
    let want = plain(game, upto);
    for simd in Simd::ALL {
        for t in tunings() {
            let t = Tuning { simd, ..t };
            assert_eq!(fast(game, upto, t, 1000), want, "{} with {t:?}", game.spec());
        }
    }
}

#[test]
fn agrees_with_the_plain_engine_on_classic_codes() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "0.16", "0.007", "0.4", "0.04", "0.14", "0.37", "0.54", "0.64",
        "0.72", "0.1", "0.3", "0.33", "4.7", "4.07", "0.106", "0.176", "0.4444",
    ] {
        check(&octal(code), 2500);
    }
}

#[test]
fn agrees_with_the_plain_engine_on_grundys_game() {
    check(&SeqGame::Grundy, 6000);
}

#[test]
fn sparse_mode_really_runs_on_grundys_game_and_officers() {
    for game in [SeqGame::Grundy, octal("0.6"), octal("0.16")] {
        let t = Tuning {
            sparse_ratio: 4,
            ..Tuning::default()
        };
        let mut e = Engine::resume_tuned(game.clone(), vec![0], t).unwrap();
        while e.advance(20_000, true, 5000).unwrap() == Status::Running {}
        assert_ne!(e.mask(), 0, "{} stayed dense", game.spec());
        assert_eq!(e.to_vec(), plain(&game, 20_000), "{}", game.spec());
    }
}

#[test]
fn the_helper_thread_really_marks_and_the_values_agree() {
    let mut helped = 0;
    for game in [SeqGame::Grundy, octal("0.6"), octal("0.16")] {
        let want = plain(&game, 20_000);
        let t = Tuning {
            threads: 2,
            sparse_ratio: 4,
            par_work: 1,
            ..Tuning::default()
        };
        // As the scheduler has it, and with the helper claiming first.
        for t in [
            t,
            Tuning {
                helper_first: true,
                ..t
            },
        ] {
            let mut e = Engine::resume_tuned(game.clone(), vec![0], t).unwrap();
            while e.advance(20_000, true, 5000).unwrap() == Status::Running {}
            assert_eq!(e.to_vec(), want, "{}", game.spec());
            if t.helper_first {
                helped += e.handed_over();
            }
        }
        let mut one = Engine::resume_tuned(game.clone(), vec![0], Tuning { threads: 1, ..t }).unwrap();
        while one.advance(20_000, true, 5000).unwrap() == Status::Running {}
        assert_eq!(one.handed_over(), 0);
    }
    // The main thread makes the chunks the helper has not started, so how
    // many the helper makes depends on the scheduler, unless it claims first.
    assert!(helped > 0, "the helper made no marks");
}

/// The level that `simd` gives on this CPU: what it allows and the CPU has.
fn expected_level(simd: Simd) -> Simd {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if simd >= Simd::Avx512 && has!("avx512bw") {
            return Simd::Avx512;
        }
        if simd >= Simd::Avx2 && has!("avx2") && has!("bmi1") && has!("popcnt") {
            return Simd::Avx2;
        }
    }
    let _ = simd;
    Simd::Plain
}

#[test]
fn every_level_of_vector_instructions_gives_the_same_values() {
    // Long enough for the partial marks, the byte rows and the vectorised
    // pair scan to run where the level and the CPU allow them; 0.007 made
    // sparse early, with hundreds of values (two- to eight-word sets) and
    // thousands of rare positions.
    for (game, sparse_ratio, min_sparse) in [
        (SeqGame::Grundy, 4, 4096),
        (octal("0.6"), 4, 4096),
        (octal("0.007"), 2, 64),
    ] {
        let want = plain(&game, 20_000);
        for simd in Simd::ALL {
            let t = Tuning {
                threads: 2,
                par_work: 1,
                sparse_ratio,
                min_sparse,
                simd,
                ..Tuning::default()
            };
            let mut e = Engine::resume_tuned(game.clone(), vec![0], t).unwrap();
            while e.advance(20_000, true, 5000).unwrap() == Status::Running {}
            assert_eq!(e.simd(), expected_level(simd), "{simd} ran as {}", e.simd());
            assert_ne!(e.mask(), 0, "{} ran dense", game.spec());
            assert_eq!(e.to_vec(), want, "{} at {simd}", game.spec());
        }
    }
}

#[test]
fn the_dense_fallback_is_chosen_without_a_sparse_space() {
    let mut e = Engine::new(octal("0.007"));
    while e.advance(8000, true, 8000).unwrap() == Status::Running {}
    assert_eq!(e.mask(), 0);
}

fn code_strategy() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u8..8, 1..5),
    )
        .prop_filter_map("no move", |(d0, ds)| {
            let s = format!("{d0}.{}", ds.iter().map(|d| d.to_string()).collect::<String>());
            OctalCode::parse(&s).ok().map(|_| s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, .. ProptestConfig::default() })]
    #[test]
    fn agrees_with_the_plain_engine_on_random_codes(
        code in code_strategy(),
        mask in 0u16..64,
        batch in 1usize..100,
        few in 0usize..6,
        simd in prop::sample::select(Simd::ALL.to_vec()),
    ) {
        let game = octal(&code);
        let want = plain(&game, 1200);
        let t = Tuning { force_mask: Some(mask), batch, simd, ..Tuning::default() };
        prop_assert_eq!(fast(&game, 1200, t, 300), want.clone());
        let eager = Tuning { sparse_ratio: 2, min_sparse: 16, batch, force_mask: None, simd, ..Tuning::default() };
        prop_assert_eq!(fast(&game, 1200, eager, 77), want.clone());
        let folding = Tuning { fold_span: 1, few_candidates: few, ..eager };
        prop_assert_eq!(fast(&game, 1200, folding, 500), want.clone());
        let piped = Tuning { threads: 2, par_work: 1, force_mask: Some(mask), ..eager };
        prop_assert_eq!(fast(&game, 1200, piped, 300), want);
    }
}

#[test]
fn known_periods_are_proven_and_the_run_stops() {
    for (code, o, p) in [
        ("0.77", 71, 12),
        ("0.07", 53, 34),
        ("0.137", 52, 34),
        ("0.3", 0, 2),
        // Codes that also split a heap without taking from it.
        ("4.3", 2, 2),
        ("4.6", 72, 12),
    ] {
        let game = octal(code);
        let mut e = Engine::new(game.clone());
        let mut status = Status::Running;
        while status == Status::Running {
            status = e.advance(1_000_000, false, 100_000).unwrap();
        }
        assert_eq!(status, Status::Periodic, "{code}");
        let got = e.period().unwrap();
        assert_eq!((got.preperiod, got.period), (o, p), "{code}");
        assert!(e.len() < 10_000, "{code} ran to {}", e.len());
        // The extrapolated values agree with the computed ones.
        let want = plain(&game, 3000);
        for n in 0..=3000u64 {
            assert_eq!(e.value(n), Some(want[n as usize]));
        }
        assert_eq!(checksum_upto(&e, 3000), Some(Checksum::of(&want)));
    }
}

#[test]
fn folded_runs_store_little_and_agree_with_the_plain_engine() {
    let tuning = Tuning {
        fold_span: 1,
        ..Tuning::default()
    };
    for code in ["0.77", "0.07", "0.137", "0.4", "0.54", "0.72", "0.3", "0.51"] {
        let game = octal(code);
        let mut e = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
        while e.advance(20_000, true, 3_000).unwrap() == Status::Running {}
        assert!(e.is_folded(), "{code} did not fold");
        assert!(e.stored().len() < 5_000, "{code} keeps {}", e.stored().len());
        assert_eq!(e.len(), 20_001);
        assert_eq!(e.to_vec(), plain(&game, 20_000), "{code}");
        assert_eq!(
            checksum_upto(&e, 20_000),
            Some(Checksum::of(&plain(&game, 20_000)))
        );
    }
}

#[test]
fn a_folded_run_resumes_from_what_it_stores() {
    let tuning = Tuning {
        fold_span: 1,
        batch: 100,
        ..Tuning::default()
    };
    let game = octal("0.07");
    let mut whole = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
    while whole.advance(30_000, true, 1 << 20).unwrap() == Status::Running {}
    let mut part = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
    let mut folded_cuts = 0;
    while part.advance(30_000, true, 2_345).unwrap() == Status::Running {
        folded_cuts += usize::from(part.is_folded());
        part = Engine::resume_folded(game.clone(), part.stored().to_vec(), part.len(), tuning).unwrap();
    }
    assert!(folded_cuts > 5);
    assert_eq!(part.to_vec(), whole.to_vec());
    assert_eq!(part.period(), whole.period());
    // Resumed with another tuning (a larger span than the stored values
    // allow, another batch): the same values.
    let mut part = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
    while part.advance(30_000, true, 5_000).unwrap() == Status::Running && !part.is_folded() {}
    let other = Tuning {
        batch: 300,
        ..Tuning::default()
    };
    let mut again = Engine::resume_folded(game.clone(), part.stored().to_vec(), part.len(), other).unwrap();
    while again.advance(30_000, true, 5_000).unwrap() == Status::Running {}
    assert_eq!(again.to_vec(), whole.to_vec());
    // More values computed than stored, but the stored ones prove nothing.
    let err = Engine::resume_folded(game.clone(), vec![0, 0, 1], 100, tuning).unwrap_err();
    assert!(err.to_string().contains("no period"), "{err}");
    // Fewer computed than stored, or beyond the engine's range.
    assert!(Engine::resume_folded(game.clone(), vec![0, 0, 1], 2, tuning).is_err());
    assert!(Engine::resume_folded(game, vec![0, 0, 1], 1 << 33, tuning).is_err());
}

#[test]
fn a_period_proven_by_the_last_check_folds_a_longer_run_and_resumes() {
    // 0.77 to 200: the period is proven at the least length that proves
    // it, 2·71 + 3·12 + 2 = 180 values (no power of two); the run then goes
    // on to 5000 and folds.
    let tuning = Tuning {
        fold_span: 1,
        ..Tuning::default()
    };
    let game = octal("0.77");
    let mut e = Engine::resume_tuned(game.clone(), vec![0], tuning).unwrap();
    while e.advance(200, true, 1000).unwrap() == Status::Running {}
    assert_eq!(e.period().map(|p| p.proven_with), Some(180));
    while e.advance(5000, true, 1000).unwrap() == Status::Running {}
    assert!(e.is_folded());
    let mut again = Engine::resume_folded(game.clone(), e.stored().to_vec(), e.len(), tuning).unwrap();
    assert_eq!(again.advance(5000, true, 1000).unwrap(), Status::Complete);
    assert_eq!(again.to_vec(), plain(&game, 5000));
}

#[test]
fn full_runs_compute_past_the_period_and_agree_with_stopped_runs() {
    let game = octal("0.77");
    let mut stop = Engine::new(game.clone());
    while stop.advance(50_000, false, 10_000).unwrap() == Status::Running {}
    let mut full = Engine::new(game);
    while full.advance(50_000, true, 10_000).unwrap() == Status::Running {}
    assert_eq!(full.len(), 50_001);
    assert_eq!(checksum_upto(&stop, 50_000), Some(Checksum::of(&full.to_vec())));
}

#[test]
fn resuming_gives_the_uninterrupted_result() {
    for game in [SeqGame::Grundy, octal("0.16"), octal("0.77")] {
        let mut whole = Engine::new(game.clone());
        while whole.advance(30_000, false, 1 << 20).unwrap() == Status::Running {}
        let mut part = Engine::new(game.clone());
        let mut cuts = 0;
        loop {
            let st = part.advance(30_000, false, 2_345).unwrap();
            if st != Status::Running {
                break;
            }
            part = Engine::resume(game.clone(), part.to_vec()).unwrap();
            cuts += 1;
        }
        assert!(cuts > 0 || part.len() < 3000);
        assert_eq!(part.to_vec(), whole.to_vec(), "{}", game.spec());
        assert_eq!(part.period(), whole.period());
    }
}

#[test]
fn resuming_a_finished_run_reports_the_same_period() {
    // 0.77 to 200: the period (12 from 71) is provable only at the end (n = 200), not at 128.
    let game = octal("0.77");
    let mut e = Engine::new(game.clone());
    while e.advance(200, true, 1000).unwrap() == Status::Running {}
    let p = e.period().expect("proven at the end");
    let mut again = Engine::resume(game, e.to_vec()).unwrap();
    assert_eq!(again.advance(200, true, 1000).unwrap(), Status::Complete);
    assert_eq!(again.period(), Some(p));
}

#[test]
fn checkpoints_round_trip_and_reject_every_mismatch() {
    let vals: Vec<u16> = plain(&SeqGame::Grundy, 500);
    let mut buf = Vec::new();
    write_checkpoint(&mut buf, "grundy", 1000, false, &vals, vals.len() as u64).unwrap();
    let back = read_checkpoint(&buf[..], "f", "grundy", 1000, false).unwrap();
    assert_eq!((back.values, back.computed), (vals.clone(), vals.len() as u64));
    // Version 1 (no count of values computed) is still read.
    let mut v1 = Vec::new();
    v1.extend_from_slice(b"SPRGCKPT");
    v1.extend_from_slice(&1u32.to_le_bytes());
    v1.extend_from_slice(&0u32.to_le_bytes());
    v1.extend_from_slice(&1000u64.to_le_bytes());
    v1.extend_from_slice(&6u32.to_le_bytes());
    v1.extend_from_slice(b"grundy");
    v1.extend_from_slice(&(vals.len() as u64).to_le_bytes());
    for v in &vals {
        v1.extend_from_slice(&v.to_le_bytes());
    }
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in &v1 {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    v1.extend_from_slice(&h.to_le_bytes());
    let back = read_checkpoint(&v1[..], "f", "grundy", 1000, false).unwrap();
    assert_eq!((back.values, back.computed), (vals.clone(), vals.len() as u64));
    // More computed than stored needs --full; never more than N + 1.
    let mut folded = Vec::new();
    write_checkpoint(&mut folded, "grundy", 1000, true, &vals, 900).unwrap();
    assert!(read_checkpoint(&folded[..], "f", "grundy", 1000, true).is_ok());
    let mut not_full = Vec::new();
    write_checkpoint(&mut not_full, "grundy", 1000, false, &vals, 900).unwrap();
    assert!(read_checkpoint(&not_full[..], "f", "grundy", 1000, false)
        .unwrap_err()
        .to_string()
        .contains("corrupt"));
    let mut beyond = Vec::new();
    write_checkpoint(&mut beyond, "grundy", 1000, true, &vals, 1002).unwrap();
    assert!(read_checkpoint(&beyond[..], "f", "grundy", 1000, true).is_err());
    let err = |bytes: &[u8], spec: &str, upto: u64, full: bool| {
        read_checkpoint(bytes, "f", spec, upto, full)
            .unwrap_err()
            .to_string()
    };
    assert!(err(&buf, "octal:0.77", 1000, false).contains("`grundy`, not `octal:0.77`"));
    assert!(err(&buf, "grundy", 999, false).contains("a run to N = 1000, not 999"));
    assert!(err(&buf, "grundy", 1000, true).contains("stops at a proven period"));
    assert!(err(&buf[..buf.len() - 3], "grundy", 1000, false).contains("truncated"));
    assert!(err(&buf[..20], "grundy", 1000, false).contains("truncated"));
    let mut flipped = buf.clone();
    flipped[100] ^= 1;
    assert!(err(&flipped, "grundy", 1000, false).contains("checksum mismatch"));
    let mut magic = buf.clone();
    magic[0] = b'X';
    assert!(err(&magic, "grundy", 1000, false).contains("bad magic"));
    let mut longer = buf.clone();
    longer.push(0);
    assert!(err(&longer, "grundy", 1000, false).contains("trailing"));
    assert!(err(b"", "grundy", 1000, false).contains("truncated"));
    // Every message is one line naming the file.
    assert!(!err(&flipped, "grundy", 1000, false).contains('\n'));
    assert!(err(&flipped, "grundy", 1000, false).starts_with("`f`"));
}

#[test]
fn sequence_files_round_trip() {
    let mut e = Engine::new(octal("0.07"));
    while e.advance(10_000, false, 10_000).unwrap() == Status::Running {}
    let mut buf = Vec::new();
    write_sequence(
        &mut buf,
        "octal:0.07",
        10_000,
        e.len(),
        e.chunks(e.len()),
        e.period(),
    )
    .unwrap();
    let f = read_sequence(&buf[..], "x").unwrap();
    assert_eq!(f.spec, "octal:0.07");
    assert_eq!(f.upto, 10_000);
    assert_eq!(f.period, Some((53, 34)));
    assert_eq!(f.values, e.to_vec());
    buf[60] ^= 4;
    assert!(read_sequence(&buf[..], "x").is_err());
}

#[test]
fn the_checksum_is_fnv1a_of_the_little_endian_bytes() {
    // FNV-1a 64 of the bytes 00 00 01 00, computed by hand from the definition.
    let mut h: u64 = 0xcbf29ce484222325;
    for b in [0u8, 0, 1, 0] {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    assert_eq!(Checksum::of(&[0, 1]), h);
    assert_ne!(Checksum::of(&[0, 1]), Checksum::of(&[1, 0]));
}

fn hex_strategy() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4", "8", "c"]),
        prop::collection::vec(0u8..16, 1..4),
    )
        .prop_filter_map("no three-heap move", |(d0, ds)| {
            let s = format!("{d0}.{}", ds.iter().map(|d| format!("{d:x}")).collect::<String>());
            OctalCode::parse_hex(&s).ok().filter(OctalCode::is_hex).map(|_| s)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, .. ProptestConfig::default() })]
    /// Hexadecimal codes: the engine's bitsets of split values against the
    /// plain solver, which tries every a ≤ b ≤ c; run in pieces, and
    /// resumed from the values of a shorter run.
    #[test]
    fn hexadecimal_codes_agree_with_the_plain_solver(code in hex_strategy(), budget in 1usize..200, cut in 1usize..300) {
        let game = SeqGame::Octal(OctalCode::parse_hex(&code).unwrap());
        let want = plain(&game, 300);
        for threads in [1, 2] {
            let t = Tuning { threads, ..Tuning::default() };
            prop_assert_eq!(fast(&game, 300, t, budget), want.clone());
        }
        let mut e = Engine::resume(game.clone(), want[..cut].to_vec()).unwrap();
        while e.advance(300, true, budget).unwrap() == Status::Running {}
        prop_assert_eq!(e.to_vec(), want);
    }
}

#[test]
fn hexadecimal_periods_are_proven_by_the_three_heap_theorem() {
    use sprague::pattern::proven_period;
    use sprague::solve::needed_len_heaps;
    // Every two-digit hexadecimal code that the engine proves periodic
    // within 1500 values: the period is the plain solver's, the
    // extrapolation is right, and the proof used 3o + 4p + t values.
    let mut proven = 0;
    for d1 in 0..16u8 {
        for d2 in 0..16u8 {
            let code = format!("0.{d1:x}{d2:x}");
            let Ok(c) = OctalCode::parse_hex(&code) else {
                continue;
            };
            if !c.is_hex() {
                continue;
            }
            let game = SeqGame::Octal(c.clone());
            let mut e = Engine::new(game.clone());
            while e.advance(1500, false, 500).unwrap() == Status::Running {}
            let Some(p) = e.period() else { continue };
            proven += 1;
            let t = c.max_take() as u64;
            assert_eq!(
                p.proven_with,
                needed_len_heaps(p.preperiod.max(1), p.period, t, 3),
                "{code}"
            );
            // The extrapolation against a full run (itself checked against
            // the plain solver above, on shorter runs).
            let want = fast(&game, 3000, Tuning::default(), 3001);
            for n in 0..=3000u64 {
                assert_eq!(e.value(n), Some(want[n as usize]), "{code} at {n}");
            }
            // The pattern prover finds the same period with the same rule.
            let g: Vec<u32> = want[..p.proven_with as usize].iter().map(|&v| v as u32).collect();
            let (q, why) = proven_period(HeapMoves::Octal(&c), &g).unwrap();
            assert_eq!((q.preperiod, q.period), (p.preperiod, p.period), "{code}");
            assert!(why.contains("hexadecimal"), "{why}");
        }
    }
    eprintln!("{proven} two-digit hexadecimal codes proven");
    assert!(proven > 20, "only {proven} codes proven");
}

/// Found by the differential fuzz target: with a forced mask and the
/// helper thread marking bands, octal 4.37466 read past a bitset (an index
/// out of bounds in the mark kernel): a band read a value of the batch
/// being computed that outgrew the bitsets its job was made with.
#[test]
fn fuzz_band_marks_past_the_bitset_of_octal_4_37466() {
    let game = octal("4.37466");
    let t = Tuning {
        batch: 20,
        sparse_ratio: 2,
        min_sparse: 60,
        force_mask: Some(0xffff),
        threads: 2,
        par_work: 64,
        fold_span: 256,
        few_candidates: 0,
        check_every: 3,
        simd: Simd::Plain,
        ..Tuning::default()
    };
    // The race (the helper reads the batch the main thread is computing)
    // is lost or won by timing: many runs.
    let want = plain(&game, 315);
    for _ in 0..300 {
        assert_eq!(fast(&game, 315, t, 136), want);
    }
}
