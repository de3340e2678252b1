//! Tests of `nimber_search`.

use super::*;
use crate::rules::board::Cram;
use crate::rules::Ruleset;

#[test]
fn sums_searched_whole_or_by_parts_agree() {
    // Random boards up to 4 x 5 with taken cells, valued exactly and by
    // outcome search, with sums of large components searched whole or
    // made one component first, every component or only the larger
    // ones searched.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for _ in 0..60 {
        let (rows, cols) = (2 + next() % 3, 3 + next() % 3);
        let pic: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| if next() % 5 == 0 { '#' } else { '.' })
                    .collect()
            })
            .collect();
        let cram = Cram::parse("cram", &pic.join("/")).unwrap();
        let p = cram.start().unwrap();
        let mut exact = ComponentMemo::new(&cram.family());
        let want = ComponentSolver::new(&cram, &mut exact, Limits::default())
            .unwrap()
            .grundy(&p)
            .unwrap();
        let mut keys = Vec::new();
        cram.keys(&p, &mut keys);
        for (small, one_large) in [(0, true), (0, false), (4, true), (4, false), (6, true)] {
            let mut memo = ComponentMemo::new(&cram.family());
            let mut s = NimberSearch::new(&cram, &mut memo, Limits::default(), small).unwrap();
            s.one_large = one_large;
            assert_eq!(
                s.grundy(&p).unwrap(),
                want,
                "{pic:?} small {small} one large {one_large}"
            );
            for h in 0..4u32 {
                assert_eq!(s.is_p(&keys, h).unwrap(), want.0 == h as u64, "{pic:?} heap {h}");
            }
        }
    }
}

#[test]
fn the_memory_bound_ends_the_search() {
    let cram = Cram::parse("cram:5x6", "5x6").unwrap();
    let mut memo = ComponentMemo::new(&cram.family());
    let limits = Limits {
        max_memory: Some(1 << 16),
        ..Limits::default()
    };
    let mut s = NimberSearch::new(&cram, &mut memo, limits, 12).unwrap();
    let e = s.grundy(&cram.start().unwrap()).unwrap_err();
    assert!(matches!(e, Error::OutOfMemory(_)), "{e}");
    assert!(e.to_string().contains("outcome search"), "{e}");
}
