//! The dense engine on the workloads named in the core issue, smaller N.

use criterion::{criterion_group, criterion_main, Criterion};
use sprague::rules::{HeapMoves, OctalCode};
use sprague::solve::extend_dense;
use std::hint::black_box;

fn tables(c: &mut Criterion) {
    let kayles = OctalCode::parse("0.77").unwrap();
    let mut g = c.benchmark_group("dense");
    g.sample_size(10);
    for (name, moves) in [
        ("grundy", HeapMoves::Grundy),
        ("kayles", HeapMoves::Octal(&kayles)),
    ] {
        g.bench_function(format!("{name} to 20000"), |b| {
            b.iter(|| {
                let mut t = Vec::new();
                extend_dense(moves, &mut t, black_box(20_000), u64::MAX).unwrap();
                t
            })
        });
    }
    g.bench_function("subtract:1,3,4 to 10^6", |b| {
        b.iter(|| {
            let mut t = Vec::new();
            extend_dense(
                HeapMoves::Subtract(&[1, 3, 4]),
                &mut t,
                black_box(1_000_000),
                u64::MAX,
            )
            .unwrap();
            t
        })
    });
    g.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
