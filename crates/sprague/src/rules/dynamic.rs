//! Rules defined at run time: one seam for every language.
//!
//! A script (Rhai, compiled by [`super::ScriptRules`]) or a Python callback defines a game
//! while sprague runs. Rather than one catalog variant per language, each
//! implements the small object-safe trait [`DynamicRules`] over positions of
//! one value type, [`Value`] (an integer or a list of values), and the
//! catalog holds any of them as [`Dynamic`], which implements [`Ruleset`]
//! so that every solver serves it unchanged.
//!
//! # Errors
//!
//! A script can fail at any call (an operation limit, a runtime error, a
//! move of the wrong type). [`Dynamic`] returns that error from
//! [`Ruleset::moves`] (and [`HeapLister`]'s calls), with the position it
//! was expanding, and every solver passes it on as a value: nothing
//! unwinds, and the solvers' half-computed state is dropped with the
//! error.

use super::{HeapLister, HeapListing, HeapMoves, Moves, Ruleset};
use crate::solve::stop::{self, StopFlag};
use crate::{excerpt, Error, Result};
use rustc_hash::FxHashMap;
use std::fmt;
use std::panic;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Lists nest at most this deep, so that every walk over a value (printing,
/// comparing, hashing, dropping) stays shallow.
pub const MAX_DEPTH: usize = 32;

/// A position of a game defined at run time: an integer or a list.
///
/// Pairs, boards and multisets are lists (`[3, 4]`, `[[1, 0], [0, 1]]`);
/// a heap game's positions are integers. Values order integers before
/// lists, then by number or element by element.
///
/// Text form (what [`Value::parse`] reads and `Display` writes): `7`,
/// `[1,2,5]`, `[]`; a list of two or more elements may drop its outer
/// brackets (`3,4`), as the built-in pair games write positions.
///
/// ```
/// use sprague::rules::Value;
/// let v = Value::parse("3, [1,2]").unwrap();
/// assert_eq!(v, Value::list([Value::Int(3), Value::list([Value::Int(1), Value::Int(2)])]));
/// assert_eq!(v.to_string(), "3,[1,2]");
/// assert_eq!(Value::parse("[5]").unwrap().to_string(), "[5]");
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// A whole number.
    Int(i64),
    /// A list of values (at most [`MAX_DEPTH`] levels deep).
    List(Arc<[Value]>),
}

impl Value {
    /// A list of the given values.
    pub fn list(items: impl IntoIterator<Item = Value>) -> Value {
        Value::List(items.into_iter().collect())
    }

    /// The number, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            Value::List(_) => None,
        }
    }

    /// The elements, if this is a list.
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::Int(_) => None,
            Value::List(items) => Some(items),
        }
    }

    /// Reads a value in the text form described on [`Value`].
    ///
    /// # Errors
    /// [`Error::BadPosition`] naming the text and what is wrong with it.
    pub fn parse(text: &str) -> Result<Value> {
        let bad = |reason: String| Error::BadPosition {
            text: text.to_string(),
            reason,
        };
        // An explicit stack of open lists: no recursion on the input.
        let mut stack: Vec<Vec<Value>> = vec![Vec::new()];
        let mut rest = text.trim();
        let mut expect_value = true;
        if rest.is_empty() {
            return Err(bad("write a number, or a list like 3,4 or [1,2,5]".into()));
        }
        while let Some(c) = rest.chars().next() {
            if c.is_whitespace() {
                rest = rest.trim_start();
                continue;
            }
            match c {
                '[' if expect_value => {
                    if stack.len() > MAX_DEPTH {
                        return Err(bad(format!("lists nest more than {MAX_DEPTH} deep")));
                    }
                    stack.push(Vec::new());
                    rest = &rest[1..];
                }
                ']' => {
                    let top = stack.pop().filter(|_| !stack.is_empty());
                    let Some(items) = top else {
                        return Err(bad("a `]` closes no `[`".into()));
                    };
                    if expect_value && !items.is_empty() {
                        return Err(bad("a `,` is followed by no value".into()));
                    }
                    stack
                        .last_mut()
                        .expect("the outer level stays")
                        .push(Value::list(items));
                    expect_value = false;
                    rest = &rest[1..];
                }
                ',' if !expect_value => {
                    expect_value = true;
                    rest = &rest[1..];
                }
                '-' | '0'..='9' if expect_value => {
                    let end = rest[1..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
                        .map_or(rest.len(), |i| i + 1);
                    let digits = rest[..end].replace('_', "");
                    let n: i64 = digits.parse().map_err(|_| {
                        bad(format!(
                            "`{}` is not a whole number of at most 19 digits",
                            &rest[..end]
                        ))
                    })?;
                    stack.last_mut().expect("a level is open").push(Value::Int(n));
                    expect_value = false;
                    rest = &rest[end..];
                }
                _ => {
                    let what = if expect_value {
                        "a number or `[`"
                    } else {
                        "`,` or `]`"
                    };
                    return Err(bad(format!("expected {what} at `{}`", excerpt(rest))));
                }
            }
        }
        if stack.len() > 1 {
            return Err(bad("a `[` is not closed".into()));
        }
        if expect_value {
            return Err(bad("a `,` is followed by no value".into()));
        }
        let mut top = stack.pop().expect("the outer level");
        Ok(if top.len() == 1 {
            top.pop().expect("one value")
        } else {
            Value::list(top)
        })
    }

    /// Writes the value; `outer` drops the brackets of a top-level list of
    /// two or more elements.
    fn write(&self, f: &mut fmt::Formatter<'_>, outer: bool) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::List(items) => {
                let bare = outer && items.len() >= 2;
                if !bare {
                    f.write_str("[")?;
                }
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    v.write(f, false)?; // depth ≤ MAX_DEPTH
                }
                if !bare {
                    f.write_str("]")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, true)
    }
}

impl fmt::Debug for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}

/// One move of a game defined at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DynMove {
    /// The parts the move leaves: a disjunctive sum (none: the component is
    /// gone).
    pub parts: Vec<Value>,
    /// What to call the move; without one it is named by where it leads.
    pub label: Option<String>,
}

/// Rules defined at run time, by a script or a callback.
///
/// Object-safe, so that [`Dynamic`] can hold any implementation. Methods
/// that run user code return errors rather than panicking; [`Dynamic`]
/// turns an error from [`DynamicRules::moves`] into the unwind described in
/// the module docs.
pub trait DynamicRules: Send + Sync + fmt::Debug {
    /// The spec that names these rules (`script:game.rhai`).
    fn spec(&self) -> String;

    /// Every move from `p`. An error should say what failed; [`Dynamic`]
    /// adds the position.
    fn moves(&self, p: &Value) -> Result<Vec<DynMove>>;

    /// Parses a position as the user writes it; by default [`Value::parse`].
    fn parse(&self, text: &str) -> Result<Value> {
        Value::parse(text)
    }

    /// Writes a position; by default as `Display` does.
    fn format(&self, p: &Value) -> Result<String> {
        Ok(p.to_string())
    }

    /// The label of a move from `p` that leaves `parts` and came without
    /// one, asked only when labels are shown; `None`: named by where it
    /// leads.
    fn label(&self, _p: &Value, _parts: &[Value]) -> Result<Option<String>> {
        Ok(None)
    }

    /// Whether a position is one number n ≥ 0 (a heap game), every move
    /// leaving heaps smaller than n, so that tables, patterns and plots
    /// apply and tables are filled bottom-up.
    fn heap(&self) -> bool {
        false
    }

    /// Whether a position may recur; such games go to the loopy solvers.
    fn may_loop(&self) -> bool {
        false
    }

    /// In a heap game, the moves of heap `n` as the dense engine reads
    /// them: each move's parts (heaps of 1 to n - 1; empty heaps dropped)
    /// appended to `parts`, then the move's end to `ends`. By default
    /// from [`DynamicRules::moves`]; an implementation may skip building
    /// [`DynMove`]s.
    ///
    /// # Errors
    /// Those of [`DynamicRules::moves`], and [`Error::Script`] for a part
    /// that is not a heap smaller than `n`.
    fn heap_options(&self, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>) -> Result<()> {
        let moves = self.moves(&Value::Int(n as i64))?;
        heap_parts(&self.spec(), n, &moves, parts, ends)
    }

    /// Appends the moves of heaps `lo..hi`, in order, to `out`, as
    /// [`DynamicRules::heap_options`] lists them, and where each heap's
    /// moves end to `out.heaps`; by default one heap at a time.
    ///
    /// # Errors
    /// The first heap that fails, and its error (`out` then holds a part
    /// of the run).
    fn heap_range(&self, lo: u64, hi: u64, out: &mut HeapListing) -> std::result::Result<(), (u64, Error)> {
        for n in lo..hi {
            self.heap_options(n, &mut out.parts, &mut out.ends)
                .map_err(|e| (n, e))?;
            out.heaps.push(out.ends.len());
        }
        Ok(())
    }

    /// Whether several threads may call these rules at once to good effect
    /// (a script: yes; a Python callback, which holds the GIL: no). Tables
    /// of a heap game then list runs of heaps in parallel.
    fn parallel(&self) -> bool {
        false
    }

    /// For games on two numbers: the position of cell (x, y) of a 2-D
    /// table; by default the list `[x, y]`.
    ///
    /// # Errors
    /// The rules' own (a script's `fn pair` that failed).
    fn pair(&self, x: u64, y: u64) -> Result<Option<Value>> {
        Ok(Some(Value::list([Value::Int(x as i64), Value::Int(y as i64)])))
    }

    /// The first row and column of a 2-D table.
    fn pair_origin(&self) -> u64 {
        0
    }
}

/// Appends `moves`, moves of heap `n` of the rules named `spec`, as
/// [`DynamicRules::heap_options`] lists them.
///
/// # Errors
/// [`Error::Script`] for a part that is not a heap smaller than `n`.
pub fn heap_parts(
    spec: &str,
    n: u64,
    moves: &[DynMove],
    parts: &mut Vec<u64>,
    ends: &mut Vec<usize>,
) -> Result<()> {
    for m in moves {
        for q in &m.parts {
            match q {
                Value::Int(0) => {}
                Value::Int(k) if *k > 0 && (*k as u64) < n => parts.push(*k as u64),
                _ => return Err(not_a_smaller_heap(spec, n, q)),
            }
        }
        ends.push(parts.len());
    }
    Ok(())
}

/// The error for a move of heap `n` that leaves `part`, which is not a
/// heap smaller than `n`.
pub fn not_a_smaller_heap(spec: &str, n: u64, part: &Value) -> Error {
    Error::Script {
        script: spec.to_string(),
        reason: format!(
            "a move of heap {n} leaves `{}`: in a heap game every part is a heap smaller than the one moved from",
            excerpt(&part.to_string())
        ),
    }
}

/// The move lists of positions seen so far, shared by clones and threads.
/// It stops taking new lists once it holds [`CACHE_PARTS`] parts.
#[derive(Debug, Default)]
struct MoveCache {
    inner: Mutex<CacheInner>,
}

#[derive(Debug, Default)]
struct CacheInner {
    map: FxHashMap<Value, Arc<[DynMove]>>,
    parts: usize,
}

/// Parts (over all moves of all positions) that the cache holds, at most.
const CACHE_PARTS: usize = 1 << 22;

impl MoveCache {
    fn get(&self, p: &Value) -> Option<Arc<[DynMove]>> {
        // The lock is never held while user code runs, so it is never
        // poisoned by an abort; take it back anyway if it were.
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.map.get(p).cloned()
    }

    fn put(&self, p: &Value, moves: &Arc<[DynMove]>) {
        let parts: usize = moves.iter().map(|m| m.parts.len() + 1).sum();
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.parts + parts <= CACHE_PARTS {
            inner.parts += parts;
            inner.map.insert(p.clone(), moves.clone());
        }
    }
}

/// Rules defined at run time, as the catalog holds them: a [`Ruleset`]
/// over [`Value`] positions.
///
/// Move lists are cached per position (the graph of sums asks for one
/// component's moves many times); heap games are served to the dense
/// engine through [`HeapMoves::Listed`] without the cache.
#[derive(Clone)]
pub struct Dynamic {
    rules: Arc<dyn DynamicRules>,
    cache: Arc<MoveCache>,
}

impl Dynamic {
    /// Wraps rules defined at run time.
    pub fn new(rules: Arc<dyn DynamicRules>) -> Dynamic {
        Dynamic {
            rules,
            cache: Arc::default(),
        }
    }

    /// The rules it wraps.
    pub fn rules(&self) -> &Arc<dyn DynamicRules> {
        &self.rules
    }

    /// The moves of `p`, from the cache or the rules.
    fn listed(&self, p: &Value) -> Result<Arc<[DynMove]>> {
        if let Some(m) = self.cache.get(p) {
            return Ok(m);
        }
        let moves: Arc<[DynMove]> = self.fetch(p)?.into();
        self.cache.put(p, &moves);
        Ok(moves)
    }

    /// The moves of `p` from the rules; in a heap game without parts of
    /// size 0 (an empty heap is no component).
    fn fetch(&self, p: &Value) -> Result<Vec<DynMove>> {
        let mut m = self.rules.moves(p).map_err(|e| expanding(&*self.rules, e, p))?;
        if self.rules.heap() {
            for mv in &mut m {
                mv.parts.retain(|q| *q != Value::Int(0));
            }
        }
        Ok(m)
    }
}

/// `e`, saying which position of which rules was being expanded.
fn expanding(rules: &dyn DynamicRules, e: Error, p: &Value) -> Error {
    let at = format!("(expanding position `{}`)", excerpt(&p.to_string()));
    match e {
        Error::Stopped => Error::Stopped,
        Error::Script { script, reason } => Error::Script {
            script,
            reason: format!("{reason} {at}"),
        },
        Error::ScriptLimit {
            script,
            bound,
            reason,
        } => Error::ScriptLimit {
            script,
            bound,
            reason: format!("{reason} {at}"),
        },
        // A bound of the solver, a stop or a bug keeps its kind.
        other if other.kind() != crate::ErrorKind::BadInput => other,
        other => Error::Script {
            script: rules.spec(),
            reason: format!("{other} {at}"),
        },
    }
}

impl fmt::Debug for Dynamic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dynamic({})", self.rules.spec())
    }
}

/// Two handles are equal when they share the same rules.
impl PartialEq for Dynamic {
    fn eq(&self, other: &Dynamic) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules)
    }
}

impl Eq for Dynamic {}

/// The label of a move without one: where it leads.
fn default_label(rules: &Dynamic, parts: &[Value]) -> String {
    if parts.is_empty() {
        return "to nothing (the component is gone)".into();
    }
    let names: Vec<String> = parts.iter().map(|q| rules.format_position(q)).collect();
    format!("to {}", names.join(" + "))
}

impl Ruleset for Dynamic {
    type Position = Value;

    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn parse_position(&self, text: &str) -> Result<Value> {
        let p = self.rules.parse(text)?;
        if self.rules.heap() && !matches!(p, Value::Int(n) if n >= 0) {
            return Err(Error::BadPosition {
                text: text.to_string(),
                reason: format!(
                    "`{}` is a heap game: a position is a whole number n ≥ 0",
                    self.spec()
                ),
            });
        }
        Ok(p)
    }

    fn check_position(&self, p: &Value) -> Result<()> {
        if self.rules.heap() && !matches!(p, Value::Int(n) if *n >= 0) {
            return Err(super::not_a_position(
                p.to_string(),
                format!(
                    "`{}` is a heap game: a position is a whole number n ≥ 0",
                    self.spec()
                ),
            ));
        }
        Ok(())
    }

    /// The rules' own text for `p`; where the rules fail to write it (a
    /// script's `fn format` that throws), the position as a value
    /// (`[1, 2]`), so that a report can still name it.
    fn format_position(&self, p: &Value) -> String {
        self.rules.format(p).unwrap_or_else(|_| p.to_string())
    }

    fn moves(&self, p: &Value, out: &mut Moves<Value>) -> Result<()> {
        for m in self.listed(p)?.iter() {
            let label = match (&m.label, out.wants_labels()) {
                (_, false) => String::new(),
                (Some(l), true) => l.clone(),
                (None, true) => match self.rules.label(p, &m.parts) {
                    Ok(Some(l)) => l,
                    Ok(None) => default_label(self, &m.parts),
                    Err(e) => return Err(expanding(&*self.rules, e, p)),
                },
            };
            out.push(m.parts.iter().cloned(), || label);
        }
        Ok(())
    }

    fn may_loop(&self) -> bool {
        self.rules.may_loop()
    }

    fn heap_size(&self, p: &Value) -> Option<u64> {
        match p {
            Value::Int(n) if self.rules.heap() && *n >= 0 => Some(*n as u64),
            _ => None,
        }
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        self.rules.heap().then_some(HeapMoves::Listed(self))
    }

    fn pair_position(&self, x: u64, y: u64) -> Result<Option<Value>> {
        if self.rules.heap() || x > i64::MAX as u64 || y > i64::MAX as u64 {
            return Ok(None);
        }
        self.rules.pair(x, y)
    }

    fn pair_origin(&self) -> u64 {
        self.rules.pair_origin()
    }
}

impl HeapLister for Dynamic {
    fn heap_options(&self, n: u64, parts: &mut Vec<u64>, ends: &mut Vec<usize>) -> Result<()> {
        let p = Value::Int(n as i64);
        let listed = match self.cache.get(&p) {
            // Listed earlier by a search: the cache holds what `fetch` gave.
            Some(moves) => heap_parts(&self.spec(), n, &moves, parts, ends),
            None => self.rules.heap_options(n, parts, ends),
        };
        listed.map_err(|e| expanding(&*self.rules, e, &p))
    }

    /// Lists a run of heaps, on up to 8 threads when the rules allow it
    /// (each thread a contiguous part of the run, with a stack of its own
    /// as large as a main thread's).
    ///
    /// A failure is reported for the smallest heap that fails, as a
    /// one-thread listing would, and the threads listing heaps above it
    /// stop. The listing stops early (at least one heap listed) once it
    /// holds about [`LISTING_CAP`] parts and moves, so that heaps with many
    /// moves never hold more than that in memory; the dense engine asks for
    /// the rest next.
    fn heap_range(&self, lo: u64, hi: u64, out: &mut HeapListing) -> Result<()> {
        let threads = std::thread::available_parallelism().map_or(1, |t| t.get().min(LIST_THREADS));
        let count = hi.saturating_sub(lo);
        if !self.rules.parallel() || threads < 2 || count < 2 * MIN_PER_THREAD {
            for n in lo..hi {
                if n > lo && out.size() > LISTING_CAP {
                    break;
                }
                self.heap_options(n, &mut out.parts, &mut out.ends)?;
                out.heaps.push(out.ends.len());
            }
            return Ok(());
        }
        let threads = threads.min((count / MIN_PER_THREAD) as usize) as u64;
        let cap = LISTING_CAP / threads as usize;
        let rules = &*self.rules;
        let failed = AtomicU64::new(u64::MAX);
        let flag = stop::current();
        let under = flag.as_ref();
        let list = |a: u64, b: u64| -> Part {
            let mut l = HeapListing::default();
            let mut n = a;
            while n < b {
                if failed.load(Ordering::Relaxed) < n {
                    return Part::Dropped;
                }
                if flag.as_ref().is_some_and(StopFlag::is_stopped) {
                    return Part::Stopped;
                }
                if n > a && l.size() > cap {
                    break;
                }
                let step = if l.size() > cap / 8 { 1 } else { LIST_STEP };
                let end = (n + step).min(b);
                if let Err((m, e)) = rules.heap_range(n, end, &mut l) {
                    failed.fetch_min(m, Ordering::Relaxed);
                    return Part::Failed(m, e);
                }
                n = end;
            }
            Part::Listed(l, n)
        };
        let cut = |i: u64| lo + count * i / threads;
        let parts: Vec<(u64, Part)> = std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    let (a, b) = (cut(i), cut(i + 1));
                    let spawned = std::thread::Builder::new().stack_size(LIST_STACK).spawn_scoped(
                        s,
                        move || match under {
                            // Under the flag, so that a script call sees it.
                            Some(f) => stop::stoppable(f, || list(a, b)),
                            None => list(a, b),
                        },
                    );
                    (a, b, spawned.ok())
                })
                .collect();
            let mut parts = vec![(cut(1), list(lo, cut(1)))];
            for (a, b, handle) in helpers {
                let part = match handle {
                    Some(h) => h.join().unwrap_or_else(|payload| panic::resume_unwind(payload)),
                    // No thread to be had: list the part here.
                    None => list(a, b),
                };
                parts.push((b, part));
            }
            parts
        });
        for (b, part) in parts {
            match part {
                Part::Listed(l, end) => {
                    out.append(&l);
                    if end < b {
                        break; // stopped at the cap: the heaps after it come next run
                    }
                }
                Part::Failed(n, e) => return Err(expanding(&*self.rules, e, &Value::Int(n as i64))),
                Part::Stopped => return Err(Error::Stopped),
                // A part below failed; its error comes first.
                Part::Dropped => break,
            }
        }
        Ok(())
    }
}

/// What one thread's part of a run of heaps came to.
enum Part {
    /// Heaps from the part's start up to the given end listed (all of the
    /// part, or fewer at the cap).
    Listed(HeapListing, u64),
    /// The heap that failed, and why.
    Failed(u64, Error),
    /// A heap below the part failed: the part was left.
    Dropped,
    /// The computation was asked to stop.
    Stopped,
}

/// The most threads that list a run of heaps of rules that allow it.
const LIST_THREADS: usize = 8;

/// The fewest heaps worth a thread of their own when listing a run.
const MIN_PER_THREAD: u64 = 4;

/// Heaps a listing thread lists between looks at the failures of the
/// others, the stop flag and its size.
const LIST_STEP: u64 = 16;

/// Parts and moves a listing of a run holds, about, before it stops early
/// (some 32 MB).
pub const LISTING_CAP: usize = 1 << 22;

/// The stack of a listing thread: a script may recurse as deep as its
/// call-depth limit allows.
const LIST_STACK: usize = super::SCRIPT_STACK;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip() {
        for text in ["0", "-5", "3,4", "[5]", "[]", "[1,2],[]", "1,[2,[3]],4"] {
            let v = Value::parse(text).unwrap();
            assert_eq!(v.to_string(), text);
            assert_eq!(Value::parse(&v.to_string()).unwrap(), v);
        }
        assert_eq!(Value::parse(" [1, 2 ,5] ").unwrap().to_string(), "1,2,5");
    }

    #[test]
    fn malformed_values_say_why() {
        for (text, needle) in [
            ("", "write a number"),
            ("1,", "followed by no value"),
            ("[1", "not closed"),
            ("1]", "closes no"),
            ("x", "expected a number"),
            ("1 2", "expected `,`"),
            ("99999999999999999999", "19 digits"),
        ] {
            let e = Value::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let deep = format!("{}{}", "[".repeat(40), "]".repeat(40));
        assert!(Value::parse(&deep).unwrap_err().to_string().contains("nest"));
    }
}
