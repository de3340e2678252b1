//! How far a long computation is, told to a front end that wants to show
//! it: the library prints nothing, so it reports to a [`Progress`] that
//! the front end implements (the CLI draws a bar on a terminal's stderr).
//!
//! A front end runs the computation under its reporter ([`reporting`]),
//! a thread-local (unlike the stop token, which a computation receives
//! in its [`super::Limits`]: a report changes no answer); the places that count work report there, on the thread that runs the
//! computation: every 1024 heaps of a dense table ([`super::extend_dense`]),
//! between the batches of the sequence engine where `value` and `analyze`
//! run it, every 2^16 steps of a search ([`super::Solver`],
//! [`super::SumGraph`], [`super::OutcomeSearch`], and with its shapes and
//! sums [`super::NimberSearch`]), and every row of a 2-D table. With no
//! reporter a report costs one thread-local read. A board search also
//! offers what it has solved so far ([`Progress::keep`]), so that a front
//! end can save it while the search runs.

use std::cell::RefCell;
use std::rc::Rc;

/// What a computation is doing, so that a front end can name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Task {
    /// Heap values g(0..=N) of the dense engine: heaps done of N + 1.
    HeapValues,
    /// The sequence engine: values done of N + 1. `dense` when it runs
    /// without a rare/common split (each value then reads every earlier
    /// one: time grows as N²).
    Sequence {
        /// Whether the engine runs dense.
        dense: bool,
    },
    /// A search of positions or sums: steps done, of the `--max-work`
    /// bound (it ends when the answer is found, usually well before).
    Search,
    /// The cells of a 2-D table: rows done of the rows asked for.
    Rows,
    /// Win chances against skill ([`super::skill_curve()`]): points done
    /// of the points asked for, each one pass over the graph of sums.
    SkillPoints,
    /// The search of a game on a board or graph ([`super::NimberSearch`]):
    /// states remembered (shapes valued plus sums settled), of the
    /// `--max-states` bound. Reported every 2^16 steps of the search and
    /// once more when it ends early (stopped, or at a bound), so that the
    /// last report says how far it got. More counts may be added.
    #[non_exhaustive]
    Components {
        /// Component shapes whose value is known (in the memo, with those
        /// loaded from a file).
        shapes: u64,
        /// Sums the outcome search has settled.
        sums: u64,
        /// The bytes the memo and the search's tables take (roughly).
        bytes: u64,
        /// Settled sums forgotten so far to stay within `--max-states`
        /// (the sums count drops at each such sweep).
        forgotten: u64,
    },
    /// A misère quotient built heap by heap ([`super::MisereQuotient`]):
    /// heaps proven of the largest heap asked for (a search may end
    /// sooner, at a proven period or a bound).
    QuotientHeaps,
    /// The candidates of one heap of a misère quotient, refuted and
    /// recalibrated in turn until one is proven: the elements of the
    /// latest, of the `--max-order` bound. Reported at each new candidate
    /// after the first, so that a heap whose candidates climb (heap 34 of
    /// Dawson's Kayles) shows how far they have got. More counts may be
    /// added.
    #[non_exhaustive]
    QuotientCandidates {
        /// The heap being added.
        heap: u64,
        /// The number of the candidate about to be checked at this heap
        /// (2 for the first recalibrated one).
        candidate: u64,
        /// The copies of the heap in the latest least failing sum.
        copies: u64,
    },
}

/// One report: what, how far, of how much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// What is being computed.
    pub task: Task,
    /// How far it is, in the task's unit.
    pub done: u64,
    /// Where it ends (or the bound it may not pass), if known.
    pub total: Option<u64>,
}

/// A front end's view of a long computation; called often (a front end
/// throttles what it draws), always on the computing thread.
pub trait Progress {
    /// The computation has reached `step`.
    fn report(&self, step: Step);

    /// Takes what a long search has solved so far, offered with its
    /// reports. A board search offers its memo of component values every
    /// 2^16 steps; every value in it is exact, so a front end may save it
    /// at any offer and resume from it later (the CLI saves it at an
    /// interval the user picks). Ignored by default.
    fn keep(&self, _solved: &dyn SolvedSoFar) {}
}

/// The exact values a search has found so far, as offered to
/// [`Progress::keep`]. A board search offers its memo of component
/// values ([`super::ComponentMemo`]).
pub trait SolvedSoFar {
    /// How many values it holds.
    fn count(&self) -> usize;

    /// Writes them in the format their reader takes back
    /// ([`super::ComponentMemo::read_from`] for a board search's memo).
    ///
    /// # Errors
    /// The writer's.
    fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()>;
}

thread_local! {
    /// The reporter of the computation running on this thread, if any.
    static CURRENT: RefCell<Option<Rc<dyn Progress>>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread with `progress` told how far it is. Calls
/// nest; the outer reporter is in force again when `work` returns (or
/// unwinds).
///
/// # Examples
/// ```
/// use sprague::solve::{reporting, Progress, Step, Task};
/// use sprague::solve::{Limits, Solver};
/// use std::cell::Cell;
/// use std::rc::Rc;
///
/// #[derive(Default)]
/// struct Last(Cell<Option<Step>>);
/// impl Progress for Last {
///     fn report(&self, step: Step) {
///         self.0.set(Some(step));
///     }
/// }
/// let last = Rc::new(Last::default());
/// let mut solver = Solver::new(&sprague::rules::Nim, Limits::default());
/// reporting(last.clone(), || solver.heap_table(5000).map(|_| ())).unwrap();
/// let step = last.0.get().unwrap();
/// assert_eq!((step.task, step.total), (Task::HeapValues, Some(5001)));
/// assert!(step.done <= 5001);
/// ```
pub fn reporting<T>(progress: Rc<dyn Progress>, work: impl FnOnce() -> T) -> T {
    /// Puts the outer reporter back, also on unwinding.
    struct Restore(Option<Rc<dyn Progress>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = outer);
        }
    }
    let outer = CURRENT.with(|c| c.borrow_mut().replace(progress));
    let _restore = Restore(outer);
    work()
}

/// Runs `work` with the reports of [`Task::HeapValues`] given `total` as
/// their end: a table grown in slices reports each slice's heaps against
/// the whole table, not against the slice.
pub(crate) fn of_total<T>(total: u64, work: impl FnOnce() -> T) -> T {
    /// The outer reporter, told the whole table's end.
    struct Whole(Rc<dyn Progress>, u64);
    impl Progress for Whole {
        fn report(&self, mut step: Step) {
            if step.task == Task::HeapValues {
                step.total = Some(self.1);
            }
            self.0.report(step);
        }
        fn keep(&self, solved: &dyn SolvedSoFar) {
            self.0.keep(solved);
        }
    }
    match CURRENT.with(|c| c.borrow().clone()) {
        Some(outer) => reporting(Rc::new(Whole(outer, total)), work),
        None => work(),
    }
}

/// Offers the reporter of this thread, if any, what a search has solved
/// so far ([`Progress::keep`]).
pub(crate) fn offer(solved: &dyn SolvedSoFar) {
    let Some(p) = CURRENT.with(|c| c.borrow().clone()) else {
        return;
    };
    p.keep(solved);
}

/// Tells the reporter of this thread, if any, that `task` is at `done` of
/// `total`.
pub(crate) fn report(task: Task, done: u64, total: Option<u64>) {
    // The reporter is cloned out first, so that it may itself run work
    // that reports (it is not borrowed while it runs).
    let Some(p) = CURRENT.with(|c| c.borrow().clone()) else {
        return;
    };
    p.report(Step { task, done, total });
}

/// [`report`] for a search whose steps went from `before` to `after`:
/// only when they cross a multiple of 2^16, so that a search reports
/// about once per 2^16 steps.
pub(crate) fn search_steps(before: u64, after: u64, bound: u64) {
    if before >> 16 != after >> 16 {
        report(Task::Search, after, Some(bound));
    }
}
