//! [`MisereQuotient`]: the misère quotient of the sums of heaps `1..=n` of a
//! heap game (Plambeck–Siegel), learned from exact outcomes and then proven
//! by an exhaustive check.
//!
//! Two sums `G`, `H` are *indistinguishable* when `G + X` and `H + X` have the
//! same misère outcome for every sum `X` of the same heaps. The classes form
//! a commutative monoid `Q` (the misère quotient), and a subset `P` of it
//! holds the classes of the misère P-positions; a finite `Q` answers sums of
//! any number of heaps at once (T. E. Plambeck, "Taming the wild in impartial
//! combinatorial games", INTEGERS 5 (2005) G5; T. E. Plambeck and A. N.
//! Siegel, "Misère quotients for impartial games", JCTA 115 (2008)).
//!
//! # How it is found
//!
//! Read a sum as a word over the heaps; `Q` is then the minimal automaton of
//! the (commutative) language of misère P-positions. The automaton is
//! learned as in Angluin's L*: elements are told apart by the outcomes of
//! `rep + z` over a growing list of test sums `z`, each outcome found by an
//! exact memoised search whose leaves, the sums of smaller heaps, the
//! quotient proven one heap earlier answers at once; so two elements found
//! are always truly distinct. A candidate is then *proven* or refuted by
//! one finite check: walk every reachable pair `(x, R)` — the element `x` of
//! a sum and the set `R` of the elements of its options, since adding heap
//! `h` sends it to `(x·h, R·h ∪ x·opts(h))` — and require that `x ∈ P`
//! exactly when `R` is not empty and misses `P` (the misère rule: a sum
//! with no move is won by the player to move). If every reachable pair
//! passes, induction on the sums shows that `P` predicts every outcome; if
//! one fails, a wrong prediction is found among that sum and its options,
//! and it yields a new test sum that splits an element, so the learner
//! never repeats a candidate.
//!
//! It goes heap by heap: stage `k` starts from the quotient proven for the
//! heaps below `k`, which answers every sum of them at once, so the exact
//! searches only walk sums that still hold a heap of size `k`; and most
//! heaps add no element, so stage `k` first tries heap `k` as the element
//! whose outcomes it shares and proves that, with no search at all.
//!
//! # Complexity
//! Each candidate costs `|Q| · k` fingerprints of the current test sums and
//! a check over the reachable pairs (at most `max_states`); there are at
//! most `|Q| + n` candidates. The searches of a stage share one memo.
//!
//! # Examples
//! ```
//! use sprague::rules::Game;
//! use sprague::solve::{quotient::MisereQuotient, Limits};
//!
//! // Misère Nim on heaps 1 and 2: the tame quotient T₆ = ⟨a, b | a² = 1, b³ = b⟩.
//! let nim: Game = "nim".parse().unwrap();
//! let q = MisereQuotient::of_game(&nim, 2, Limits::default()).unwrap();
//! assert_eq!(q.order(), 6);
//! ```

use super::Limits;
use crate::rules::{Game, GameVisitor, Moves, Ruleset};
use crate::{excerpt, Error, Outcome, Result};
use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// The misère quotient of the sums of heaps `1..=upto` of a heap game.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    spec: String,
    upto: usize,
    /// `step[x * upto + h - 1]`: the element `x · heap h`.
    step: Vec<u32>,
    /// Whether each element holds misère P-positions.
    p: Vec<bool>,
    /// A smallest-found sum of each element (heap sizes, ascending).
    reps: Vec<Vec<u16>>,
    /// The option sums of each heap `1..=upto` (heap sizes, ascending).
    options: Vec<Vec<Vec<u16>>>,
    /// Pairs `(x, R)` the proof walked.
    checked: u64,
    /// Candidates tried before one was proven.
    rounds: u32,
}

/// The largest heap a quotient is computed for.
pub const QUOTIENT_MAX_HEAP: u64 = 4096;

/// The most elements a quotient may have before the search gives up.
pub const QUOTIENT_MAX_ORDER: usize = 20_000;

impl MisereQuotient {
    /// The quotient of heaps `1..=upto` of `game`, which must be a heap game
    /// whose moves leave smaller heaps.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a game that is not such a heap game;
    /// [`Error::LimitExceeded`] when the quotient has more than
    /// [`QUOTIENT_MAX_ORDER`] elements found or the proof needs more than
    /// `limits.max_states` pairs; [`Error::WorkExceeded`] when the exact
    /// searches need more than `limits.max_work` steps.
    pub fn of_game(game: &Game, upto: u64, limits: Limits) -> Result<MisereQuotient> {
        struct Visit(u64, Limits);
        impl GameVisitor for Visit {
            type Output = Result<MisereQuotient>;
            fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
                MisereQuotient::of(rules, self.0, self.1)
            }
        }
        game.visit(Visit(upto, limits))
    }

    /// The quotient of heaps `1..=upto` of `rules` (see [`Self::of_game`]).
    ///
    /// # Errors
    /// As [`Self::of_game`].
    pub fn of<R: Ruleset>(rules: &R, upto: u64, limits: Limits) -> Result<MisereQuotient> {
        let mut learner = Learner::new(rules, upto, limits)?;
        let mut rounds = 0u32;
        let mut checked = 0u64;
        // Stage k learns the quotient of heaps 1..=k; the proven quotient
        // of stage k-1 answers every sum of smaller heaps at once.
        for k in 1..=learner.oracle.options.len() - 1 {
            learner.stage = k;
            // Most heaps add no element: try heap k as the element of the
            // quotient below whose outcomes it shares, and prove that first.
            if let Some(dfa) = learner.extend_below()? {
                if let Proof::Holds(pairs) = learner.prove(&dfa)? {
                    checked += pairs;
                    learner.accept(dfa);
                    continue;
                }
            }
            loop {
                rounds += 1;
                if rounds as usize > 4 * QUOTIENT_MAX_ORDER {
                    return Err(Error::LimitExceeded {
                        what: format!("the candidates for the misère quotient of `{}`", rules.spec()),
                        limit: 4 * QUOTIENT_MAX_ORDER as u64,
                    });
                }
                let dfa = learner.build()?;
                if let Some((a, b, tail)) = dfa.first_disagreement() {
                    learner.split_disagreement(&dfa, a, b, &tail)?;
                    continue;
                }
                match learner.prove(&dfa)? {
                    Proof::Holds(pairs) => {
                        checked += pairs;
                        learner.accept(dfa);
                        break;
                    }
                    Proof::Wrong(word) => learner.split(&dfa, &word, &[])?,
                }
            }
        }
        let below = learner.oracle.below.take().expect("at least one stage");
        Ok(MisereQuotient {
            spec: rules.spec(),
            upto: below.upto,
            p: below.p,
            step: below.step,
            reps: below.reps,
            options: learner.oracle.options,
            checked,
            rounds,
        })
    }

    /// The spec of the game.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The largest heap covered: every sum of heaps `1..=upto()` is answered.
    pub fn upto(&self) -> u64 {
        self.upto as u64
    }

    /// The number of elements, `|Q|`.
    pub fn order(&self) -> usize {
        self.p.len()
    }

    /// The elements in the P-portion (misère P-positions), ascending.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order()).filter(|&x| self.p[x]).collect()
    }

    /// Whether element `x` holds misère P-positions.
    pub fn is_p(&self, x: usize) -> bool {
        self.p[x]
    }

    /// The pairs `(element, option elements)` the proof walked.
    pub fn checked(&self) -> u64 {
        self.checked
    }

    /// The candidates tried before one was proven.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// The element of a heap of size `n` (0 is the identity), or `None`
    /// past [`Self::upto`].
    pub fn heap(&self, n: u64) -> Option<usize> {
        match n {
            0 => Some(0),
            n if n <= self.upto as u64 => Some(self.step[n as usize - 1] as usize),
            _ => None,
        }
    }

    /// `x · y`.
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.reps[y].iter().fold(x, |z, &h| self.times_heap(z, h))
    }

    fn times_heap(&self, x: usize, h: u16) -> usize {
        self.step[x * self.upto + h as usize - 1] as usize
    }

    /// The element of a sum of heaps, or `None` if a heap is past
    /// [`Self::upto`].
    pub fn element(&self, heaps: &[u64]) -> Option<usize> {
        heaps.iter().try_fold(0, |x, &n| Some(self.mul(x, self.heap(n)?)))
    }

    /// The misère outcome of a sum of heaps, or `None` if a heap is past
    /// [`Self::upto`].
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.p[x] { Outcome::P } else { Outcome::N })
    }

    /// The winning moves of a sum of heaps: `(index of the heap, the heaps
    /// it leaves)` for each move to a P-element; `None` if a heap is past
    /// [`Self::upto`].
    pub fn winning_moves(&self, heaps: &[u64]) -> Option<Vec<(usize, Vec<u64>)>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            if heaps[..i].contains(&heaps[i]) {
                continue;
            }
            let mut rest = heaps.to_vec();
            rest.remove(i);
            let x = self.element(&rest)?;
            let n = heaps[i];
            if n == 0 {
                continue;
            }
            for o in self.options.get(n as usize)? {
                let y = o.iter().fold(x, |z, &h| self.times_heap(z, h));
                if self.p[y] {
                    out.push((i, o.iter().map(|&h| h as u64).collect()));
                }
            }
        }
        Some(out)
    }

    /// A presentation: generators (the heaps whose element is not a
    /// product of smaller heaps'), each element's normal word, and the
    /// relations that rewrite every other word to normal form.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self)
    }
}

/// Quotients proven so far in this process, by spec: the one of the most
/// heaps, and the fewest heaps whose quotient failed within its bounds.
type Cache = HashMap<String, (Option<Arc<MisereQuotient>>, Option<u64>)>;

static CACHE: Mutex<Option<Cache>> = Mutex::new(None);

impl MisereQuotient {
    /// A quotient covering heaps `1..=upto` of `rules`, from this process's
    /// cache where one covers them (a quotient of more heaps answers sums
    /// of fewer just as well), else computed and cached. A failure within
    /// `limits` is remembered, and the same or a larger request fails at
    /// once without bounds above `limits`.
    ///
    /// # Errors
    /// As [`Self::of`].
    pub fn cached<R: Ruleset>(rules: &R, upto: u64, limits: Limits) -> Result<Arc<MisereQuotient>> {
        let spec = rules.spec();
        {
            let guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((found, failed)) = guard.as_ref().and_then(|c| c.get(&spec)) {
                if let Some(q) = found.as_ref().filter(|q| q.upto() >= upto) {
                    return Ok(Arc::clone(q));
                }
                if failed.is_some_and(|f| f <= upto) {
                    return Err(Error::Unsupported(format!(
                        "no misère quotient of `{spec}` on heaps up to {upto} within the bounds"
                    )));
                }
            }
        }
        let result = MisereQuotient::of(rules, upto, limits).map(Arc::new);
        let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        let entry = guard
            .get_or_insert_with(HashMap::default)
            .entry(spec)
            .or_default();
        match &result {
            Ok(q) => entry.0 = Some(Arc::clone(q)),
            // Stopped from outside, or refused memory: says nothing of the
            // quotient, so the next question tries again.
            Err(Error::Stopped | Error::OutOfMemory(_)) => {}
            Err(_) => entry.1 = Some(entry.1.map_or(upto, |f| f.min(upto))),
        }
        result
    }
}

/// A word in the generators: `counts[g]` copies of generator `g`.
pub type Word = Vec<u32>;

/// A presentation of a [`MisereQuotient`] by generators and relations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap size each generator stands for (a, b, c, … in order).
    pub generators: Vec<u64>,
    /// The normal word of each element (graded-lexicographically least).
    pub normal: Vec<Word>,
    /// Relations `lhs = rhs`: the least words that are not normal, with
    /// their normal forms. Together they rewrite any word to normal form.
    pub relations: Vec<(Word, Word)>,
    /// The normal word of each heap `0..=upto`.
    pub heaps: Vec<Word>,
}

impl Presentation {
    fn of(q: &MisereQuotient) -> Presentation {
        // Generators: heaps whose element lies outside the submonoid of the
        // heaps before them.
        let mut generators: Vec<u64> = Vec::new();
        let mut reach = vec![false; q.order()];
        reach[0] = true;
        for n in 1..=q.upto as u64 {
            let e = q.heap(n).expect("within upto");
            if reach[e] {
                continue;
            }
            generators.push(n);
            // Close the submonoid under the new generator.
            let mut queue: VecDeque<usize> = (0..q.order()).filter(|&x| reach[x]).collect();
            while let Some(x) = queue.pop_front() {
                for &g in &generators {
                    let y = q.mul(x, q.heap(g).expect("within upto"));
                    if !reach[y] {
                        reach[y] = true;
                        queue.push_back(y);
                    }
                }
            }
        }
        let gen_el: Vec<usize> = generators
            .iter()
            .map(|&g| q.heap(g).expect("within upto"))
            .collect();
        // Normal words: least in graded-lex order, found degree by degree.
        let k = generators.len();
        let mut normal: Vec<Option<Word>> = vec![None; q.order()];
        normal[0] = Some(vec![0; k]);
        let mut level = vec![0usize];
        let mut relations = Vec::new();
        let mut lhs_seen: std::collections::HashSet<Word> = std::collections::HashSet::new();
        let mut is_normal: std::collections::HashSet<Word> = std::collections::HashSet::new();
        is_normal.insert(vec![0; k]);
        while !level.is_empty() {
            let mut cands: Vec<(Word, usize)> = Vec::new();
            for &x in &level {
                let w = normal[x].clone().expect("set on its level");
                for (g, &ge) in gen_el.iter().enumerate() {
                    let mut v = w.clone();
                    v[g] += 1;
                    cands.push((v, q.mul(x, ge)));
                }
            }
            // Graded-lex: the same degree on this level; compare largest
            // exponent of the first generator first.
            cands.sort_by(|a, b| b.0.cmp(&a.0));
            cands.dedup_by(|a, b| a.0 == b.0);
            let mut next = Vec::new();
            for (v, y) in cands {
                if normal[y].is_none() {
                    is_normal.insert(v.clone());
                    normal[y] = Some(v);
                    next.push(y);
                } else if normal[y].as_ref() != Some(&v) && !lhs_seen.contains(&v) {
                    // Not normal: a relation when every word one letter
                    // shorter is normal (a least non-normal word).
                    let least = (0..k).filter(|&g| v[g] > 0).all(|g| {
                        let mut u = v.clone();
                        u[g] -= 1;
                        is_normal.contains(&u)
                    });
                    lhs_seen.insert(v.clone());
                    if least {
                        relations.push((v, normal[y].clone().expect("checked")));
                    }
                }
            }
            level = next;
        }
        let normal: Vec<Word> = normal
            .into_iter()
            .map(|w| w.expect("every element is reached"))
            .collect();
        let heaps = (0..=q.upto as u64)
            .map(|n| normal[q.heap(n).expect("within upto")].clone())
            .collect();
        Presentation {
            generators,
            normal,
            relations,
            heaps,
        }
    }

    /// The name of generator `g`: `a`…`z`, then `a1`, `b1`, ….
    pub fn generator_name(g: usize) -> String {
        let letter = (b'a' + (g % 26) as u8) as char;
        match g / 26 {
            0 => letter.to_string(),
            r => format!("{letter}{r}"),
        }
    }

    /// A word written as `a²b`, or `1` for the empty word.
    pub fn write(word: &Word) -> String {
        let mut s = String::new();
        for (g, &e) in word.iter().enumerate() {
            if e == 0 {
                continue;
            }
            s.push_str(&Self::generator_name(g));
            if e > 1 {
                s.push_str(&superscript(e));
            }
        }
        if s.is_empty() {
            s.push('1');
        }
        s
    }
}

fn superscript(e: u32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    e.to_string()
        .bytes()
        .map(|b| DIGITS[(b - b'0') as usize])
        .collect()
}

fn sorted(mut v: Vec<u16>) -> Vec<u16> {
    v.sort_unstable();
    v
}

/// The union of two sums (ascending).
fn join(a: &[u16], b: &[u16]) -> Vec<u16> {
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    v.extend_from_slice(b);
    sorted(v)
}

/// A candidate automaton: elements, their steps, P, and fingerprints.
struct Dfa {
    upto: usize,
    step: Vec<u32>,
    p: Vec<bool>,
    /// The word (in discovery order) that first reached each element.
    reps: Vec<Vec<u16>>,
    /// Outcomes of `rep + z` for each test sum `z`.
    prints: Vec<Vec<bool>>,
    suffixes: Vec<Vec<u16>>,
}

impl Dfa {
    fn go(&self, x: usize, h: u16) -> usize {
        self.step[x * self.upto + h as usize - 1] as usize
    }

    fn run(&self, word: &[u16]) -> usize {
        word.iter().fold(0, |x, &h| self.go(x, h))
    }

    /// A word `rep(x) + i + j` whose two orders reach different elements,
    /// with a test sum on which those elements differ: `(word i j, word j
    /// i, tail)`.
    fn first_disagreement(&self) -> Option<(Vec<u16>, Vec<u16>, Vec<u16>)> {
        for x in 0..self.p.len() {
            for i in 1..=self.upto as u16 {
                let xi = self.go(x, i);
                for j in i + 1..=self.upto as u16 {
                    let a = self.go(xi, j);
                    let b = self.go(self.go(x, j), i);
                    if a != b {
                        let z = (0..self.suffixes.len())
                            .find(|&z| self.prints[a][z] != self.prints[b][z])
                            .expect("distinct elements have distinct prints");
                        let mut wa = self.reps[x].clone();
                        wa.extend([i, j]);
                        let mut wb = self.reps[x].clone();
                        wb.extend([j, i]);
                        return Some((wa, wb, self.suffixes[z].clone()));
                    }
                }
            }
        }
        None
    }
}

enum Proof {
    /// Every reachable pair passed; the count of pairs.
    Holds(u64),
    /// A sum (as a word) whose element predicts its outcome wrongly.
    Wrong(Vec<u16>),
}

/// The proven quotient of the heaps below the current stage, as the
/// oracle uses it.
#[derive(Clone)]
struct Below {
    upto: usize,
    step: Vec<u32>,
    p: Vec<bool>,
    reps: Vec<Vec<u16>>,
}

/// Exact misère outcomes of sums of heaps (heap sizes, ascending): an
/// iterative memoised search whose leaves [`Below`] answers.
struct Oracle {
    /// The option sums of each heap, without heaps that have no move.
    options: Vec<Vec<Vec<u16>>>,
    memo: HashMap<Vec<u16>, bool>,
    below: Option<Below>,
    limits: Limits,
    work: u64,
    spec: String,
}

/// A sum being searched: its options and the next one to look at.
struct Frame {
    sum: Vec<u16>,
    options: Vec<Vec<u16>>,
    next: usize,
}

impl Oracle {
    /// What the quotient below knows of `sum`: `Some(is P)` when every
    /// heap in it is below the stage.
    fn known(&self, sum: &[u16]) -> Option<bool> {
        Self::known_in(&self.below, sum)
    }

    fn known_in(below: &Option<Below>, sum: &[u16]) -> Option<bool> {
        let below = below.as_ref()?;
        if sum.last().is_some_and(|&h| h as usize > below.upto) {
            return None;
        }
        let x = sum.iter().fold(0usize, |x, &h| {
            below.step[x * below.upto + h as usize - 1] as usize
        });
        Some(below.p[x])
    }

    fn options_of(&mut self, sum: &[u16]) -> Result<Vec<Vec<u16>>> {
        let mut out = Vec::new();
        for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            let list = &self.options[sum[i] as usize];
            self.work += (list.len() as u64 + 1) * (sum.len() as u64 + 1);
            super::stop::check()?;
            if self.work > self.limits.max_work {
                return Err(Error::WorkExceeded {
                    what: format!("learning the misère quotient of `{}`", self.spec),
                    limit: self.limits.max_work,
                });
            }
            for o in list {
                let mut next = Vec::with_capacity(sum.len() + o.len());
                next.extend_from_slice(&sum[..i]);
                next.extend_from_slice(&sum[i + 1..]);
                for &h in o {
                    let at = next.partition_point(|&x| x < h);
                    next.insert(at, h);
                }
                out.push(next);
            }
        }
        Ok(out)
    }

    /// Whether `sum` (ascending, no heap without a move) is a misère
    /// P-position: it has a move, and every move leaves an N-position.
    fn is_p(&mut self, sum: &[u16]) -> Result<bool> {
        let owned: Vec<u16>;
        let sum = if sum.iter().any(|&h| self.options[h as usize].is_empty()) {
            owned = sum
                .iter()
                .copied()
                .filter(|&h| !self.options[h as usize].is_empty())
                .collect();
            &owned[..]
        } else {
            sum
        };
        if let Some(p) = self.known(sum).or_else(|| self.memo.get(sum).copied()) {
            return Ok(p);
        }
        let options = self.options_of(sum)?;
        let mut stack = vec![Frame {
            sum: sum.to_vec(),
            options,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            // Settled: Some(is P).
            let mut settled = top.options.is_empty().then_some(false);
            if settled.is_none() && top.next == 0 {
                // A move to a P-position known already settles the sum:
                // look at every option before searching any.
                let below = &self.below;
                let memo = &self.memo;
                let known = |o: &Vec<u16>| Self::known_in(below, o).or_else(|| memo.get(o).copied());
                if top.options.iter().any(|o| known(o) == Some(true)) {
                    settled = Some(false);
                } else {
                    // Search first the options nearest the known sums.
                    // Search first the options nearest the known sums.
                    top.options.retain(|o| known(o).is_none());
                    top.options.sort_by_cached_key(|o| {
                        o.iter()
                            .filter(|&&h| below.as_ref().is_none_or(|b| h as usize > b.upto))
                            .count()
                    });
                }
            }
            let mut pending = None;
            while settled.is_none() && top.next < top.options.len() {
                let o = &top.options[top.next];
                match self.known(o).or_else(|| self.memo.get(o).copied()) {
                    Some(true) => settled = Some(false),
                    Some(false) => top.next += 1,
                    None => {
                        pending = Some(top.options[top.next].clone());
                        break;
                    }
                }
            }
            if settled.is_none() && pending.is_none() {
                settled = Some(true);
            }
            if let Some(p) = settled {
                let f = stack.pop().expect("the stack is not empty");
                self.memo.insert(f.sum, p);
                continue;
            }
            let q = pending.expect("a pending option");
            if self.memo.len() as u64 >= self.limits.max_states {
                return Err(Error::LimitExceeded {
                    what: format!(
                        "the exact outcomes for the misère quotient of `{}`",
                        excerpt(&self.spec)
                    ),
                    limit: self.limits.max_states,
                });
            }
            let options = self.options_of(&q)?;
            stack.push(Frame {
                sum: q,
                options,
                next: 0,
            });
        }
        Ok(self.memo[sum])
    }
}

/// The learner: the oracle, the stage, and the test sums found so far.
struct Learner<'r, R: Ruleset> {
    rules: &'r R,
    stage: usize,
    limits: Limits,
    oracle: Oracle,
    suffixes: Vec<Vec<u16>>,
}

impl<'r, R: Ruleset> Learner<'r, R> {
    fn new(rules: &'r R, upto: u64, limits: Limits) -> Result<Self> {
        let unsupported =
            |why: String| Error::Unsupported(format!("no misère quotient for `{}`: {why}", rules.spec()));
        if rules.may_loop() {
            return Err(unsupported("its positions may recur".into()));
        }
        if upto == 0 || upto > QUOTIENT_MAX_HEAP {
            return Err(unsupported(format!(
                "give heaps up to a size from 1 to {QUOTIENT_MAX_HEAP}, not {upto}"
            )));
        }
        let mut heaps = Vec::with_capacity(upto as usize + 1);
        for n in 0..=upto {
            let p = rules
                .parse_position(&n.to_string())
                .ok()
                .filter(|p| rules.heap_size(p) == Some(n));
            heaps.push(p.ok_or_else(|| unsupported("it is not a game of heaps".into()))?);
        }
        let mut options: Vec<Vec<Vec<u16>>> = vec![Vec::new()];
        let mut moves = Moves::new(false);
        for n in 1..=upto {
            moves.clear();
            rules.moves(&heaps[n as usize], &mut moves)?;
            let mut list: Vec<Vec<u16>> = Vec::with_capacity(moves.len());
            for parts in moves.iter() {
                let mut o = Vec::with_capacity(parts.len());
                for q in parts {
                    match rules.heap_size(q) {
                        Some(0) => {}
                        // A heap without a move is the empty game.
                        Some(m) if m < n && options[m as usize].is_empty() => {}
                        Some(m) if m < n => o.push(m as u16),
                        _ => {
                            return Err(unsupported(format!(
                                "a move from heap {n} leaves `{}`, not smaller heaps",
                                rules.format_position(q)
                            )))
                        }
                    }
                }
                list.push(sorted(o));
            }
            list.sort();
            list.dedup();
            options.push(list);
        }
        Ok(Learner {
            rules,
            stage: 0,
            limits,
            oracle: Oracle {
                options,
                memo: HashMap::default(),
                below: None,
                limits,
                work: 0,
                spec: rules.spec(),
            },
            suffixes: vec![Vec::new()],
        })
    }

    /// Whether the sum of these heaps is a misère P-position.
    fn is_p(&mut self, sum: &[u16]) -> Result<bool> {
        self.oracle.is_p(sum)
    }

    /// Makes a proven automaton the quotient below the next stage.
    fn accept(&mut self, dfa: Dfa) {
        self.oracle.below = Some(Below {
            upto: self.stage,
            step: dfa.step,
            p: dfa.p,
            reps: dfa.reps,
        });
        self.oracle.memo.clear();
    }

    /// The quotient below with heap `stage` sent to an element whose
    /// outcomes over the test sums match its own, if one does.
    fn extend_below(&mut self) -> Result<Option<Dfa>> {
        let Some(below) = self.oracle.below.clone() else {
            return Ok(None);
        };
        let k = self.stage as u16;
        let mine = self.print(&[k])?;
        let mut prints = Vec::with_capacity(below.p.len());
        for rep in &below.reps {
            prints.push(self.print(rep)?);
        }
        let found = prints.iter().position(|g| *g == mine);
        let dfa = found.map(|y| {
            let n = below.upto;
            let mut step = Vec::with_capacity(below.p.len() * (n + 1));
            for x in 0..below.p.len() {
                step.extend_from_slice(&below.step[x * n..(x + 1) * n]);
                let xy = below.reps[y]
                    .iter()
                    .fold(x, |z, &h| below.step[z * n + h as usize - 1] as usize);
                step.push(xy as u32);
            }
            Dfa {
                upto: n + 1,
                step,
                p: below.p.clone(),
                reps: below.reps.clone(),
                prints,
                suffixes: self.suffixes.clone(),
            }
        });
        Ok(dfa)
    }

    fn print(&mut self, rep: &[u16]) -> Result<Vec<bool>> {
        let rep = sorted(rep.to_vec());
        let mut out = Vec::with_capacity(self.suffixes.len());
        for z in 0..self.suffixes.len() {
            let sum = join(&rep, &self.suffixes[z]);
            out.push(self.is_p(&sum)?);
        }
        Ok(out)
    }

    /// The automaton of the current test sums, element by element from
    /// the empty sum.
    fn build(&mut self) -> Result<Dfa> {
        let mut index: HashMap<Vec<bool>, u32> = HashMap::default();
        let first = self.print(&[])?;
        index.insert(first.clone(), 0);
        let mut reps = vec![Vec::new()];
        let mut prints = vec![first];
        let mut step = Vec::new();
        let mut x = 0;
        while x < reps.len() {
            for h in 1..=self.stage as u16 {
                let mut w = reps[x].clone();
                w.push(h);
                let f = self.print(&w)?;
                let id = match index.get(&f) {
                    Some(&id) => id,
                    None => {
                        if reps.len() >= QUOTIENT_MAX_ORDER {
                            // A fixed bound (no flag raises it).
                            return Err(Error::Unsupported(format!(
                                "the misère quotient of `{}` on heaps up to {} has more than {QUOTIENT_MAX_ORDER} elements, the most sprague computes: give smaller heaps",
                                self.rules.spec(),
                                self.stage
                            )));
                        }
                        let id = reps.len() as u32;
                        index.insert(f.clone(), id);
                        reps.push(w);
                        prints.push(f);
                        id
                    }
                };
                step.push(id);
            }
            x += 1;
        }
        let p = prints.iter().map(|f| f[0]).collect();
        Ok(Dfa {
            upto: self.stage,
            step,
            p,
            reps,
            prints,
            suffixes: self.suffixes.clone(),
        })
    }

    /// Adds a test sum that splits an element, from a word whose outcome
    /// with `tail` differs from its element's (Rivest–Schapire search).
    fn split(&mut self, dfa: &Dfa, word: &[u16], tail: &[u16]) -> Result<()> {
        let mut states = vec![0usize];
        for &h in word {
            states.push(dfa.go(*states.last().expect("not empty"), h));
        }
        // f(t): the outcome of rep(state after t letters) + the rest + tail.
        let f = |t: usize, me: &mut Self| -> Result<bool> {
            let rest = join(&word[t..], tail);
            me.is_p(&join(&dfa.reps[states[t]], &rest))
        };
        let (mut lo, mut hi) = (0, word.len());
        let f_lo = f(lo, self)?;
        if f_lo == f(hi, self)? {
            return Err(Error::Unsupported(
                "misère quotient: a counterexample did not split (a bug)".into(),
            ));
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if f(mid, self)? == f_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let z = join(&word[hi..], tail);
        if self.suffixes.contains(&z) {
            return Err(Error::Unsupported(
                "misère quotient: a test sum repeated (a bug)".into(),
            ));
        }
        self.suffixes.push(z);
        Ok(())
    }

    /// Two orders of one word reached different elements: the true outcome
    /// with `tail` refutes one of them.
    fn split_disagreement(&mut self, dfa: &Dfa, a: Vec<u16>, b: Vec<u16>, tail: &[u16]) -> Result<()> {
        let truth = self.is_p(&join(&a, tail))?;
        let ea = dfa.run(&a);
        let word =
            if dfa.prints[ea][dfa.suffixes.iter().position(|z| z == tail).expect("a test sum")] != truth {
                a
            } else {
                b
            };
        self.split(dfa, &word, tail)
    }

    /// The exact check over every reachable pair `(x, R)`.
    fn prove(&mut self, dfa: &Dfa) -> Result<Proof> {
        let order = dfa.p.len();
        let words = order.div_ceil(64);
        let in_p: Vec<u64> = {
            let mut v = vec![0u64; words];
            for (x, &p) in dfa.p.iter().enumerate() {
                if p {
                    v[x / 64] |= 1 << (x % 64);
                }
            }
            v
        };
        // States: (x, R); a parent pointer and letter recover the word.
        let mut seen: HashMap<(u32, Vec<u64>), u32> = HashMap::default();
        let mut states: Vec<(u32, Vec<u64>, u32, u16)> = vec![(0, vec![0; words], u32::MAX, 0)];
        seen.insert((0, vec![0; words]), 0);
        let mut i = 0;
        let mut bits = vec![0u64; words];
        while i < states.len() {
            let x = states[i].0 as usize;
            let r = states[i].1.clone();
            let empty = r.iter().all(|&w| w == 0);
            let hits_p = r.iter().zip(&in_p).any(|(a, b)| a & b != 0);
            if dfa.p[x] != (!empty && !hits_p) {
                let mut word = Vec::new();
                let mut j = i;
                while states[j].2 != u32::MAX {
                    word.push(states[j].3);
                    j = states[j].2 as usize;
                }
                word.reverse();
                return self.wrong_prediction(dfa, word).map(Proof::Wrong);
            }
            for h in 1..=self.stage as u16 {
                bits.iter_mut().for_each(|w| *w = 0);
                for (k, &w) in r.iter().enumerate() {
                    let mut w = w;
                    while w != 0 {
                        let y = k * 64 + w.trailing_zeros() as usize;
                        w &= w - 1;
                        let z = dfa.go(y, h);
                        bits[z / 64] |= 1 << (z % 64);
                    }
                }
                for o in &self.oracle.options[h as usize] {
                    let z = o.iter().fold(x, |e, &g| dfa.go(e, g));
                    bits[z / 64] |= 1 << (z % 64);
                }
                let key = (dfa.go(x, h) as u32, bits.clone());
                if !seen.contains_key(&key) {
                    if states.len() as u64 >= self.limits.max_states {
                        return Err(Error::LimitExceeded {
                            what: format!(
                                "proving the misère quotient of `{}` on heaps up to {} ({order} elements)",
                                self.rules.spec(),
                                self.stage
                            ),
                            limit: self.limits.max_states,
                        });
                    }
                    seen.insert(key.clone(), states.len() as u32);
                    states.push((key.0, key.1, i as u32, h));
                }
            }
            i += 1;
        }
        Ok(Proof::Holds(states.len() as u64))
    }

    /// A word whose element predicts its outcome wrongly: the sum `word`
    /// itself or one of its options (one must be, since the pair failed).
    fn wrong_prediction(&mut self, dfa: &Dfa, word: Vec<u16>) -> Result<Vec<u16>> {
        let sum = sorted(word.clone());
        if self.is_p(&sum)? != dfa.p[dfa.run(&sum)] {
            return Ok(word);
        }
        for i in 0..sum.len() {
            if i > 0 && sum[i] == sum[i - 1] {
                continue;
            }
            for o in self.oracle.options[sum[i] as usize].clone() {
                let mut rest = sum.clone();
                rest.remove(i);
                let opt = join(&rest, &o);
                if self.is_p(&opt)? != dfa.p[dfa.run(&opt)] {
                    return Ok(opt);
                }
            }
        }
        Err(Error::Unsupported(
            "misère quotient: a failed pair had no wrong prediction (a bug)".into(),
        ))
    }
}
