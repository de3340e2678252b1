//! A board search ended early — by its stop token or at `max_states` —
//! leaves a memo of exact values only (every shape in it has the value a
//! search of that shape alone gives), a later search resumes from that
//! memo to the right answer, and the last progress report says how far it
//! got.

use sprague::rules::{Cram, Game, Ruleset, Splitting};
use sprague::solve::{
    reporting, ComponentMemo, ComponentSolver, Limits, NimberSearch, Progress, SolvedSoFar, Step, Task,
};
use sprague::{Error, Nimber, Stop};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Every shape of `memo` against its value by the exact component solver
/// (the mex of its options' values, on the memo `reference` of its own: no
/// outcome search, nothing from `memo`).
fn assert_exact<P>(
    rules: &dyn Splitting<P>,
    memo: &ComponentMemo,
    reference: &mut ComponentMemo,
    what: &str,
) {
    let mut exact = ComponentSolver::new(rules, reference, Limits::default()).unwrap();
    let mut n = 0;
    for (key, v) in memo.iter() {
        let want: Nimber = exact.key_value(&key).unwrap();
        assert_eq!(v, want, "{what}: shape {key:?} stored as {v}, is {want}");
        n += 1;
    }
    assert_eq!(n, memo.len(), "{what}");
}

/// Random Cram boards (as pictures) up to `rows` × `cols` with about one
/// cell in five taken.
fn boards(count: usize, seed: u64) -> Vec<String> {
    let mut x = seed;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..count)
        .map(|_| {
            let (rows, cols) = (3 + next() % 2, 4 + next() % 2);
            let pic: Vec<String> = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| if next() % 5 == 0 { '#' } else { '.' })
                        .collect()
                })
                .collect();
            pic.join("/")
        })
        .collect()
}

#[test]
fn a_memo_left_at_the_state_bound_holds_exact_values_and_resumes() {
    for pic in boards(12, 0x2545_f491_4f6c_dd1d) {
        let cram = Cram::parse("cram", &pic).unwrap();
        let p = cram.start().unwrap();
        let mut fresh = ComponentMemo::new(&cram.family());
        let want = ComponentSolver::new(&cram, &mut fresh, Limits::default())
            .unwrap()
            .grundy(&p)
            .unwrap();
        // Components of more than `small` cells by outcome search; the
        // bound cuts the search at many points.
        for small in [0, 4, 8] {
            for bound in [3u64, 10, 30, 100, 300] {
                let what = format!("{pic} small {small} bound {bound}");
                let mut memo = ComponentMemo::new(&cram.family());
                let limits = Limits {
                    max_states: bound,
                    ..Limits::default()
                };
                let r = NimberSearch::new(&cram, &mut memo, limits, small)
                    .unwrap()
                    .grundy(&p);
                match r {
                    Ok(v) => assert_eq!(v, want, "{what}"),
                    Err(Error::LimitExceeded { .. }) => {}
                    Err(e) => panic!("{what}: {e}"),
                }
                assert_exact(&cram, &memo, &mut fresh, &what);
                // Resumed from what was kept: the right answer.
                let again = NimberSearch::new(&cram, &mut memo, Limits::default(), small)
                    .unwrap()
                    .grundy(&p)
                    .unwrap();
                assert_eq!(again, want, "{what}: resumed");
                assert_exact(&cram, &memo, &mut fresh, &what);
            }
        }
    }
}

/// A reporter that stops `stop` at its `at`-th report of a board search,
/// and keeps the last of them.
struct StopAt {
    stop: Stop,
    at: usize,
    seen: Cell<usize>,
    last: RefCell<Option<Step>>,
}

impl Progress for StopAt {
    fn report(&self, step: Step) {
        if let Task::Components { .. } = step.task {
            self.seen.set(self.seen.get() + 1);
            if self.seen.get() == self.at {
                self.stop.stop();
            }
            *self.last.borrow_mut() = Some(step);
        }
    }
}

#[test]
fn a_stopped_search_reports_how_far_it_got_and_keeps_exact_values() {
    // Cram 5 x 6 with components of more than 12 cells by outcome search:
    // a search that reports several times (every 2^16 steps); stopped at
    // its first, third and a quarter of its reports.
    let cram = Cram::parse("cram:5x6", "5x6").unwrap();
    let p = cram.start().unwrap();
    let never = Rc::new(StopAt {
        stop: Stop::new(),
        at: 0,
        seen: Cell::new(0),
        last: RefCell::new(None),
    });
    let mut memo = ComponentMemo::new(&cram.family());
    let whole = reporting(never.clone(), || {
        NimberSearch::new(&cram, &mut memo, Limits::default(), 12)
            .unwrap()
            .grundy(&p)
    });
    // Beling's table: 5 x 6 Cram is *2.
    assert_eq!(whole, Ok(Nimber(2)));
    let reports = never.seen.get();
    assert!(reports >= 4, "{reports} reports");
    let mut reference = ComponentMemo::new(&cram.family());
    for at in [1, 3, reports / 4] {
        let mut memo = ComponentMemo::new(&cram.family());
        let limits = Limits::default();
        let tell = Rc::new(StopAt {
            stop: limits.stop.clone(),
            at,
            seen: Cell::new(0),
            last: RefCell::new(None),
        });
        let (r, settled) = reporting(tell.clone(), || {
            let mut s = NimberSearch::new(&cram, &mut memo, limits, 12).unwrap();
            (s.grundy(&p), s.settled())
        });
        assert_eq!(r, Err(Error::Stopped), "stopped at report {at} of {reports}");
        // The report made as it ended says where it ended.
        let last = tell.last.borrow().expect("a report");
        let Task::Components {
            shapes, sums, bytes, ..
        } = last.task
        else {
            unreachable!()
        };
        assert_eq!((shapes, sums), (memo.len() as u64, settled as u64), "report {at}");
        assert_eq!(last.done, shapes + sums);
        assert_eq!(last.total, Some(Limits::default().max_states));
        assert!(bytes >= memo.bytes() as u64 && bytes > 0);
        assert_eq!(tell.seen.get(), at + 1, "one report more, as it ended");
        assert!(!memo.is_empty());
        assert_exact(
            &cram,
            &memo,
            &mut reference,
            &format!("5x6 stopped at report {at}"),
        );
        if at != reports / 4 {
            continue;
        }
        // Resumed from what was kept: the same value.
        let v = NimberSearch::new(&cram, &mut memo, Limits::default(), 12)
            .unwrap()
            .grundy(&p)
            .unwrap();
        assert_eq!(v, Nimber(2));
    }
}

#[test]
fn a_graph_search_cut_at_the_bound_keeps_exact_values() {
    // Node Kayles on a 3 x 4 grid: graph keys (canonical labellings).
    let nk: Game = "node-kayles:grid:3x4".parse().unwrap();
    let Game::NodeKayles(nk) = nk else {
        panic!("node kayles")
    };
    let p = nk.start().unwrap();
    let mut fresh = ComponentMemo::new(&nk.family());
    let want = ComponentSolver::new(&nk, &mut fresh, Limits::default())
        .unwrap()
        .grundy(&p)
        .unwrap();
    for bound in [5u64, 20, 80] {
        let mut memo = ComponentMemo::new(&nk.family());
        let limits = Limits {
            max_states: bound,
            ..Limits::default()
        };
        let r = NimberSearch::new(&nk, &mut memo, limits, 3).unwrap().grundy(&p);
        assert!(matches!(r, Err(Error::LimitExceeded { .. }) | Ok(_)), "{r:?}");
        assert_exact(&nk, &memo, &mut fresh, &format!("grid 3x4 bound {bound}"));
        let again = NimberSearch::new(&nk, &mut memo, Limits::default(), 3)
            .unwrap()
            .grundy(&p)
            .unwrap();
        assert_eq!(again, want);
    }
}

#[test]
fn settled_sums_are_forgotten_to_make_room_and_the_value_stays_right() {
    // Cram 5 x 6 (components of more than 12 cells by outcome search)
    // holds tens of thousands of shapes and settled sums at the end. Within
    // 60 000 states the settled sums are swept once and the search ends
    // with the value; within 20 000 the shapes alone pass half the bound
    // and it stops, saying how much it forgot. A sweep starts the search
    // again with the shapes valued, so the numbered components (which
    // the bound does not count) are never as many as a search with room
    // for everything numbers.
    let cram = Cram::parse("cram:5x6", "5x6").unwrap();
    let p = cram.start().unwrap();
    let mut reference = ComponentMemo::new(&cram.family());
    let components = std::cell::Cell::new((0, 0));
    let run = |bound: u64| {
        let mut memo = ComponentMemo::new(&cram.family());
        let limits = Limits {
            max_states: bound,
            ..Limits::default()
        };
        let mut s = NimberSearch::new(&cram, &mut memo, limits, 12).unwrap();
        let r = s.grundy(&p);
        let (settled, forgotten) = (s.settled(), s.forgotten());
        components.set((s.peak_components(), s.restarts()));
        (r, memo, settled, forgotten)
    };
    let (r, _, settled, forgotten) = run(1_000_000);
    assert_eq!((r, forgotten), (Ok(Nimber(2)), 0));
    assert!(settled > 60_000, "{settled}");
    let (numbered, restarts) = components.get();
    assert_eq!(restarts, 0);
    let (r, memo, settled, forgotten) = run(60_000);
    assert_eq!(r, Ok(Nimber(2)));
    assert!(forgotten > 0 && (memo.len() + settled) < 60_000, "{forgotten}");
    // (47 153 against a peak of 30 624 when written; 39 062 against
    // 30 135 since Cram keys reduced positions, `Cram::reduced`.)
    let (peak, restarts) = components.get();
    assert!(
        restarts > 0 && peak < numbered * 4 / 5,
        "{numbered} {peak} {restarts}"
    );
    assert_exact(&cram, &memo, &mut reference, "5x6 within 60 000");
    let (r, memo, _, forgotten) = run(20_000);
    let Err(Error::LimitExceeded { what, limit }) = r else {
        panic!("{r:?}")
    };
    assert_eq!(limit, 20_000);
    assert!(
        forgotten > 0 && memo.len() >= 10_000,
        "{forgotten} {}",
        memo.len()
    );
    assert!(
        what.contains(&format!("{forgotten} settled sums were forgotten")),
        "{what}"
    );
    assert_exact(&cram, &memo, &mut reference, "5x6 within 20 000");
}

/// A reporter that keeps every memo a board search offers (as the bytes
/// it writes) and the last report's count of forgotten sums.
#[derive(Default)]
struct Keep {
    offers: RefCell<Vec<(usize, Vec<u8>)>>,
    forgotten: Cell<u64>,
}

impl Progress for Keep {
    fn report(&self, step: Step) {
        if let Task::Components { forgotten, .. } = step.task {
            self.forgotten.set(forgotten);
        }
    }

    fn keep(&self, solved: &dyn SolvedSoFar) {
        let mut bytes = Vec::new();
        solved.write_to(&mut bytes).unwrap();
        self.offers.borrow_mut().push((solved.count(), bytes));
    }
}

#[test]
fn the_memos_a_search_offers_as_it_runs_hold_exact_values_and_resume() {
    // Cram 5 x 6 within 60 000 states (one sweep of the settled sums, as
    // above): the search offers its memo with its reports; each offer reads
    // back as a memo of exact values that grows from offer to offer, and
    // a search resumed from the first one gives *2.
    let cram = Cram::parse("cram:5x6", "5x6").unwrap();
    let p = cram.start().unwrap();
    let keep = Rc::new(Keep::default());
    let mut memo = ComponentMemo::new(&cram.family());
    let limits = Limits {
        max_states: 60_000,
        ..Limits::default()
    };
    let (r, forgotten) = reporting(keep.clone(), || {
        let mut s = NimberSearch::new(&cram, &mut memo, limits, 12).unwrap();
        (s.grundy(&p), s.forgotten())
    });
    assert_eq!(r, Ok(Nimber(2)));
    assert!(forgotten > 0);
    // The last report came after the sweep and says what it forgot.
    assert!(keep.forgotten.get() > 0 && keep.forgotten.get() <= forgotten);
    let offers = keep.offers.take();
    assert!(offers.len() >= 3, "{} offers", offers.len());
    let mut reference = ComponentMemo::new(&cram.family());
    let mut before = 0;
    for (i, (count, bytes)) in offers.iter().enumerate() {
        let m = ComponentMemo::read_from("offer", bytes).unwrap();
        assert_eq!(m.len(), *count, "offer {i}");
        assert!(*count >= before && *count <= memo.len(), "offer {i}");
        before = *count;
        if i % 4 == 0 || i + 1 == offers.len() {
            assert_exact(&cram, &m, &mut reference, &format!("offer {i}"));
        }
    }
    let mut first = ComponentMemo::read_from("first", &offers[0].1).unwrap();
    let v = NimberSearch::new(&cram, &mut first, Limits::default(), 12)
        .unwrap()
        .grundy(&p);
    assert_eq!(v, Ok(Nimber(2)));
}
