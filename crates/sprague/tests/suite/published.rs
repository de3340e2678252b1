//! The solved octal games of the published tables (`bench/published.tsv`,
//! with its sources): the engine proves exactly the published pre-period
//! and period. Games whose proof needs fewer than 2·10^5 values run here
//! (pre-periods up to 46 578); the rest (0.354 needs 2·10^7 values, 0.1777
//! 5·10^8) in the ignored test and `ALL=1 bench/published.sh`.

use sprague::rules::OctalCode;
use sprague::solve::{Engine, EngineStatus as Status, SeqGame, Tuning};

/// `(code, pre-period, period)` of every row of the table.
fn published() -> Vec<(String, u64, u64)> {
    include_str!("../../../../bench/published.tsv")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), f[1].parse().unwrap(), f[2].parse().unwrap())
        })
        .collect()
}

/// The engine's proof for `code`, running to at most `upto` values.
fn proven(code: &str, upto: u64) -> Option<(u64, u64, u64)> {
    let game = SeqGame::Octal(OctalCode::parse(code).unwrap());
    let t = game.periodicity_t().unwrap();
    let tuning = Tuning {
        threads: 2,
        ..Tuning::default()
    };
    let mut e = Engine::resume_tuned(game, vec![0], tuning).unwrap();
    while e.advance(upto, false, 1 << 20).unwrap() == Status::Running {}
    let p = e.period()?;
    // The proof came at the least length the theorem allows for it.
    assert_eq!(
        p.proven_with,
        sprague::solve::needed_len(p.preperiod.max(1), p.period, t)
    );
    Some((p.preperiod, p.period, p.proven_with))
}

/// The values the theorem needs to prove period p from o.
fn needs(code: &str, o: u64, p: u64) -> u64 {
    let t = OctalCode::parse(code).unwrap().max_take() as u64;
    sprague::solve::needed_len(o.max(1), p, t)
}

#[test]
fn published_games_with_short_pre_periods_are_proven_as_published() {
    let rows: Vec<_> = published()
        .into_iter()
        .filter(|(code, o, p)| needs(code, *o, *p) < 200_000)
        .collect();
    assert!(rows.len() >= 7);
    for (code, o, p) in rows {
        let got = proven(&code, 100_000_000).map(|(o, p, _)| (o, p));
        assert_eq!(got, Some((o, p)), "octal:{code}");
    }
}

#[test]
#[ignore = "slow: 0.1777 needs 5·10^8 values and about 3 GB (minutes in release); ALL=1 bench/published.sh prints the times"]
fn every_published_game_is_proven_as_published() {
    for (code, o, p) in published() {
        let upto = needs(&code, o, p).max(100_000_000);
        let got = proven(&code, upto).map(|(o, p, _)| (o, p));
        assert_eq!(got, Some((o, p)), "octal:{code}");
    }
}

/// The codes of `bench/open.tsv`: unsolved in the published tables.
fn open_codes() -> Vec<&'static str> {
    include_str!("../../../../bench/open.tsv")
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

#[test]
fn no_game_the_tables_list_as_open_is_proven() {
    let codes = open_codes();
    assert!(codes.len() >= 60);
    for code in codes {
        let game = SeqGame::Octal(OctalCode::parse(code).unwrap());
        let tuning = Tuning {
            threads: 1,
            ..Tuning::default()
        };
        let mut e = Engine::resume_tuned(game, vec![0], tuning).unwrap();
        while e.advance(30_000, false, 1 << 16).unwrap() == Status::Running {}
        assert_eq!(e.period(), None, "octal:{code} came out proven");
        assert_eq!(e.len(), 30_001, "octal:{code}");
    }
}
