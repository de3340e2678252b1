//! The progress bar of `value`, `table`, `analyze` and `plot`: the CLI's
//! [`Progress`], to which the library reports how far a computation is.
//!
//! Drawn on stderr only when stderr is a terminal, and only once a
//! computation has run for a second (a quick answer shows no bar); cleared
//! before the answer is written. A search's steps are shown only when no
//! table or engine run reported in the last second (a 2-D table reports
//! its rows, and the searches of each cell would only make the bar
//! flicker). `SPRAGUE_PROGRESS_DELAY_MS` sets the second to another delay
//! (the tests set 0).
//!
//! A search of a game on a board or graph shows its states against
//! `--max-states` with the shapes valued, the sums settled and the memory
//! its tables hold; its last report is kept, drawn or not, so that a run
//! interrupted says how far it got ([`last_components`]). What such a
//! search offers as solved is saved every `--memo-every` seconds when the
//! board command asked for it ([`keep_memo_every`]).

use indicatif::{HumanBytes, HumanCount, ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::solve::{reporting, Progress, SolvedSoFar, Step, Task};
use std::cell::{Cell, RefCell};
use std::io::{IsTerminal, Write};
use std::rc::Rc;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What saves a board search's memo (to the `--memo` file, named in its
/// error).
pub type SaveMemo = Box<dyn Fn(&dyn SolvedSoFar) -> anyhow::Result<()> + Send>;

/// How a board search's memo is saved while it runs: every `every`, by
/// `save` (which names the file in its error).
struct Keeper {
    every: Duration,
    last: Instant,
    save: SaveMemo,
    /// Whether a failed save was already told (once is enough).
    told: bool,
}

/// The keeper of this run, if a board command asked for one.
static KEEPER: Mutex<Option<Keeper>> = Mutex::new(None);

/// Saves what a board search offers as solved ([`Progress::keep`]) with
/// `save` every `every` from now on, while the search runs (a failed save
/// is told once on stderr and the search goes on; the save at its end
/// reports its own error).
pub fn keep_memo_every(every: Duration, save: SaveMemo) {
    let keeper = Keeper {
        every,
        last: Instant::now(),
        save,
        told: false,
    };
    *KEEPER.lock().unwrap_or_else(|e| e.into_inner()) = Some(keeper);
}

thread_local! {
    /// The last report of a board search on this thread: (shapes, sums,
    /// bytes).
    static LAST_COMPONENTS: Cell<Option<(u64, u64, u64)>> = const { Cell::new(None) };
}

/// The last report of a board search ([`Task::Components`]) under a
/// [`Watch`] on this thread: (shapes valued, sums settled, bytes held).
pub fn last_components() -> Option<(u64, u64, u64)> {
    LAST_COMPONENTS.with(Cell::get)
}

/// The bar of one command.
pub struct Watch {
    /// Whether stderr is a terminal (else nothing is ever drawn).
    enabled: bool,
    start: Instant,
    delay: Duration,
    bar: RefCell<Option<ProgressBar>>,
    /// The kind of task the bar shows.
    shown: Cell<Option<std::mem::Discriminant<Task>>>,
    /// When a task other than a search last reported.
    last_major: Cell<Option<Instant>>,
    /// Set once the answer is being written: no bar after that.
    done: Cell<bool>,
}

impl Watch {
    fn new() -> Watch {
        let delay = std::env::var("SPRAGUE_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|t| t.parse().ok())
            .map_or(Duration::from_secs(1), Duration::from_millis);
        Watch {
            enabled: std::io::stderr().is_terminal(),
            start: Instant::now(),
            delay,
            bar: RefCell::new(None),
            shown: Cell::new(None),
            last_major: Cell::new(None),
            done: Cell::new(false),
        }
    }

    /// Removes the bar for good.
    pub fn clear(&self) {
        self.done.set(true);
        if let Some(bar) = self.bar.borrow_mut().take() {
            bar.finish_and_clear();
        }
    }
}

/// What the bar says of a task, before its numbers.
fn label(task: Task) -> &'static str {
    match task {
        Task::HeapValues => "heap values",
        Task::Sequence { dense: true } => "values, dense (no rare/common split: time grows as N^2)",
        Task::Sequence { dense: false } => "values (sparse space)",
        Task::Search => "search steps, of the --max-work bound",
        Task::Rows => "rows of the table",
        Task::SkillPoints => "win chances at pairs of skills",
        Task::Components { .. } => "states",
        Task::QuotientHeaps => "heaps of the misère quotient proven",
        Task::QuotientCandidates { .. } => "elements of --max-order",
        _ => "working",
    }
}

impl Progress for Watch {
    fn report(&self, step: Step) {
        if let Task::Components {
            shapes, sums, bytes, ..
        } = step.task
        {
            LAST_COMPONENTS.with(|c| c.set(Some((shapes, sums, bytes))));
        }
        if !self.enabled || self.done.get() {
            return;
        }
        let now = Instant::now();
        if step.task == Task::Search {
            if self
                .last_major
                .get()
                .is_some_and(|t| now - t < Duration::from_secs(1))
            {
                return;
            }
        } else {
            self.last_major.set(Some(now));
        }
        if now - self.start < self.delay {
            return;
        }
        let mut slot = self.bar.borrow_mut();
        let bar =
            slot.get_or_insert_with(|| ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()));
        let kind = std::mem::discriminant(&step.task);
        let new_task = self.shown.get() != Some(kind);
        if new_task {
            self.shown.set(Some(kind));
            bar.reset();
        }
        // A board search's numbers are all in its message, set at once
        // (a position and a message drawn apart could disagree).
        if let Task::Components {
            shapes,
            sums,
            bytes,
            forgotten,
            ..
        } = step.task
        {
            // After a sweep the sums drop: the line says why.
            let swept = match forgotten {
                0 => String::new(),
                f => format!(" ({} forgotten)", HumanCount(f)),
            };
            bar.set_message(format!(
                "{} states: {} shapes, {} sums{swept}, {}",
                HumanCount(shapes + sums),
                HumanCount(shapes),
                HumanCount(sums),
                HumanBytes(bytes)
            ));
        }
        if let Task::QuotientCandidates {
            heap,
            candidate,
            copies,
            ..
        } = step.task
        {
            bar.set_message(format!(
                "heap {heap}, candidate {candidate} ({copies} cop{} in the least failure):",
                if copies == 1 { "y" } else { "ies" }
            ));
        }
        // The length before the style: a bar is never drawn as `0/0`.
        bar.set_length(step.total.unwrap_or(step.done).max(step.done));
        bar.set_position(step.done);
        if new_task {
            let template = match step.task {
                // A board search: states, what they are and the memory
                // they hold, without a bar (it ends long before its
                // --max-states bound, and the line fits 80 columns).
                Task::Components { .. } => "{msg} ({elapsed})".to_string(),
                Task::QuotientCandidates { .. } => format!(
                    "{{msg}} {{wide_bar}} {{human_pos}}/{{human_len}} {} ({{elapsed}})",
                    label(step.task)
                ),
                task => format!(
                    "{{wide_bar}} {{human_pos}}/{{human_len}} {} ({{elapsed}})",
                    label(task)
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
        }
    }

    fn keep(&self, solved: &dyn SolvedSoFar) {
        let mut slot = KEEPER.lock().unwrap_or_else(|e| e.into_inner());
        let Some(k) = slot.as_mut() else {
            return;
        };
        if k.every.is_zero() || k.last.elapsed() < k.every {
            return;
        }
        if let Err(e) = (k.save)(solved) {
            if !k.told {
                k.told = true;
                self.tell(&format!("sprague: warning: {e:#}; the search goes on"));
            }
        }
        // From the end of the save: a slow disk never saves back to back.
        k.last = Instant::now();
    }
}

impl Watch {
    /// Tells `line` on stderr, above the bar if one is drawn.
    fn tell(&self, line: &str) {
        match &*self.bar.borrow() {
            Some(bar) => bar.suspend(|| eprintln!("{line}")),
            None => eprintln!("{line}"),
        }
    }
}

/// Writes to `inner`, clearing the bar of `watch` first: the answer never
/// shares a line with the bar.
struct ClearFirst<'a> {
    inner: &'a mut dyn Write,
    watch: &'a Watch,
}

impl Write for ClearFirst<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if !self.watch.done.get() {
            self.watch.clear();
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Runs `work` with a progress bar on stderr (see the module docs); the
/// writer it gets clears the bar before the answer.
pub fn watched<T>(out: &mut dyn Write, work: impl FnOnce(&mut dyn Write) -> T) -> T {
    let watch = Rc::new(Watch::new());
    let result = {
        let mut out = ClearFirst {
            inner: out,
            watch: &watch,
        };
        reporting(watch.clone(), || work(&mut out))
    };
    watch.clear();
    result
}
