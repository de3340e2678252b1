//! [`MisereQuotient`]: the misère quotient of the sums of heaps of a heap
//! game (Plambeck–Siegel), built heap by heap from the quotient of the
//! smaller heaps, proven for every sum, and — where the element of heap n
//! becomes periodic — proven for heaps of every size.
//!
//! # What a quotient is
//!
//! Two sums `G`, `H` are *indistinguishable* when `G + X` and `H + X` have
//! the same misère outcome for every sum `X` of the same heaps. The classes
//! form a commutative monoid `Q` with a subset `P` (the classes of the
//! misère P-positions); the class of heap n is the *pretending function*
//! `Φ(n)`, and a sum is a P-position exactly when the product of its heaps'
//! elements is in P. A finite `Q` answers sums of any number of heaps at
//! once (T. E. Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) G5; T. E. Plambeck and A. N. Siegel, "Misère
//! quotients for impartial games", J. Combin. Theory Ser. A 115 (2008),
//! arXiv math/0609825, and its supplementary appendices, arXiv 0705.2404).
//!
//! # How it is built
//!
//! Stage n starts from the proven quotient `Q_{n−1}` and the elements of
//! heap n's options (module `build`): each element gets its least sum of heaps,
//! and whether `k` heaps of n plus that sum is P follows from the misère
//! rule ("P exactly when there is a move and no move reaches P") on the
//! elements of its options, row `k` from row `k − 1`, until the rows
//! repeat; the product of `Q_{n−1}` and the powers of heap n, reduced, is
//! the candidate. No sum is searched. The candidate is right whenever the
//! smaller heaps' quotient sits inside `Q_n`; it need not (in Kayles,
//! 5 + 5 and the empty sum are indistinguishable among heaps up to 8 and
//! told apart by heap 9), so every candidate is proven or refuted
//! (module `verify`), and a refuted one is rebuilt with the heaps of the least
//! failing sum set free (module `recal`), as Siegel's MisereSolver does.
//!
//! # What the proof checks
//!
//! Write `O_h` for the elements of heap h's options and `U_h` for the
//! elements w with `o·w ∈ P` for some `o ∈ O_h`. A sum Y is a misère
//! P-position iff it has a move and no option is one; its options replace
//! one heap h by an option of h, so their elements are `Φ(Y − h)·o`. If
//! every option of Y is predicted right, Y is predicted right exactly when
//! `Φ(Y) ∈ P ⇔ (Y has a move and Φ(Y − h) ∉ U_h for every heap h of Y)`.
//! By induction on the sums (options first), the candidate predicts every
//! sum when (C0) the empty sum is not in P, (C1) `z·Φ(h) ∈ P` implies
//! `z ∉ U_h`, and (C2) every sum whose element is not in P has a heap h with
//! `Φ(Y − h) ∈ U_h`. (C2) is a walk over the pairs `(Φ(Y), D(Y))`, D the
//! elements w with `Φ(Y − h)·w ∈ U_h` for some heap h of Y, which add up as
//! `D(Y + h) = (D(Y) : Φ(h)) ∪ (U_h : Φ(Y))`; a heap enters only through
//! its type `(Φ(h), O_h)`, adding heaps keeps a smaller D smaller, and a
//! failure with some D is one with every smaller D, so only the ⊆-least
//! D of each element is walked — a finite check. The walk goes least sum
//! first, so a failure it reports is the least, every smaller sum is
//! predicted right, and its true outcome is the opposite of the
//! candidate's. Finally the candidate is reduced (no two elements have the
//! same outcomes with every third), so it is the quotient and its order
//! is `|Q|`.
//!
//! Where a move takes at most t tokens and leaves at most k heaps, a
//! period of the pretending function seen far enough is proven for every
//! heap ([`period`]): heaps beyond the computed ones then have heap types
//! already checked, and the quotient is complete.
//!
//! # Complexity
//! A stage costs its candidates: rows `|Q| · k` plus the least sums, and a
//! proof over the pairs walked (at most `max_states`), each step `O(|Q|)`.
//! A heap that repeats a known heap type costs no proof at all.
//!
//! # Examples
//! ```
//! use sprague::rules::Game;
//! use sprague::solve::{Limits, MisereQuotient};
//!
//! // Misère Nim on heaps 1 and 2: the tame quotient ⟨a, b | a² = 1, b³ = b⟩.
//! let nim: Game = "nim".parse().unwrap();
//! let q = MisereQuotient::of_game(&nim, 2, Limits::default()).unwrap();
//! assert_eq!(q.order(), 6);
//!
//! // 0.75: the order-8 quotient, proven for every heap size.
//! let g: Game = "octal:0.75".parse().unwrap();
//! let q = MisereQuotient::complete_game(&g, 200, Limits::default()).unwrap();
//! assert_eq!((q.order(), q.all_heaps()), (8, true));
//! ```

mod ask;
mod bound;
mod build;
mod cache;
mod construct;
mod heaps;
mod least;
mod monoid;
pub mod moves;
pub mod period;
mod presentation;
mod recal;
mod verify;

// The misère survey (which needs `serde`) checks tameness heap by heap.
#[cfg(feature = "serde")]
pub(crate) use ask::tame_heaps;
pub use ask::{QuotientAsk, SEARCH_HEAPS, SEARCH_ORDER, TAME_SEARCH_HEAPS};
pub use period::Period;
pub use presentation::{Presentation, Word};

use crate::rules::{Game, GameVisitor, OctalCode, Ruleset};
use crate::solve::Limits;
use crate::{Error, Outcome, Result};
use heaps::HeapRules;
use monoid::Monoid;

/// Whether misère quotients are built for `rules`: an acyclic game of
/// heaps under the normal ending (the construction refuses any other
/// with [`Error::Unsupported`]).
pub(crate) fn applies<R: Ruleset>(rules: &R) -> bool {
    HeapRules::new(rules).is_ok()
}

/// The largest heap a quotient is computed for.
pub const QUOTIENT_MAX_HEAP: u64 = 4096;

/// The most elements a quotient (or a candidate) may have unless the
/// caller says otherwise ([`MisereQuotient::of_game_within`], the CLI's
/// `analyze --misere --max-order`).
pub const QUOTIENT_MAX_ORDER: usize = 20_000;

/// The most elements any bound may allow: elements are numbered by `u32`,
/// and a product before reduction may have 16 times as many.
pub const QUOTIENT_ORDER_CEILING: usize = 1 << 27;

/// The bytes a quotient of `order` elements needs while it is built and
/// proven, as far as the order decides it: per element, its residual set
/// and as much again for the proof's cached `(U : z)` sets (two sets of
/// `order` bits; the cache itself stops growing at 512 MiB), and about 4
/// KiB of rows, least sums and tables. The pairs the proof walks (a set
/// of `order` bits for each ⊆-least one, a few words for each waiting
/// one) come on top, bounded by `--max-states`.
pub fn bytes_for_order(order: usize) -> u64 {
    let q = order as u64;
    q.saturating_mul(q / 4).saturating_add(q.saturating_mul(4096))
}

/// The largest order whose construction fits in `bytes` by
/// [`bytes_for_order`] (at most [`QUOTIENT_ORDER_CEILING`]).
pub fn order_for_memory(bytes: u64) -> usize {
    let (mut lo, mut hi) = (1usize, QUOTIENT_ORDER_CEILING);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if bytes_for_order(mid) <= bytes {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// The options of each heap, for listing winning moves.
#[derive(Clone, Debug)]
enum Options {
    /// From an octal or hexadecimal code's digits, for any heap.
    Octal(OctalCode),
    /// Listed by the rules for heaps `1..=upto` (index 0 unused).
    Listed(Vec<Vec<Vec<u64>>>),
}

/// The misère quotient of the sums of heaps of a heap game.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    spec: String,
    m: Monoid,
    /// The element of each heap `0..=upto`.
    heap: Vec<u32>,
    period: Option<Period>,
    options: Options,
    pairs: u64,
    types: usize,
    candidates: u32,
    stopped: Option<String>,
    theorem: bool,
}

impl MisereQuotient {
    /// The quotient of heaps `1..=upto` of `game`, which must be a heap
    /// game whose moves leave smaller heaps; complete (see
    /// [`Self::all_heaps`]) where the periodicity theorem proves the
    /// pretending function's period within `upto`.
    ///
    /// # Errors
    /// [`Error::Unsupported`] for a game that is not such a heap game or
    /// `upto` outside `1..=`[`QUOTIENT_MAX_HEAP`]; [`Error::OrderExceeded`]
    /// when a candidate has more than [`QUOTIENT_MAX_ORDER`] elements;
    /// [`Error::LimitExceeded`] when a proof needs more than
    /// `limits.max_states` pairs.
    pub fn of_game(game: &Game, upto: u64, limits: Limits) -> Result<MisereQuotient> {
        game.visit(Visit(Build::Upto, upto, QUOTIENT_MAX_ORDER, limits))
    }

    /// [`Self::of_game`] with candidates of at most `max_order` elements
    /// (at most [`QUOTIENT_ORDER_CEILING`]).
    ///
    /// # Errors
    /// As [`Self::of_game`], with `max_order` for [`QUOTIENT_MAX_ORDER`]
    /// ([`Error::OrderExceeded`]).
    pub fn of_game_within(
        game: &Game,
        upto: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        game.visit(Visit(Build::Upto, upto, max_order, limits))
    }

    /// A complete quotient of `game`, searched heap by heap up to
    /// `max_heap` and stopped at the first heap where a period of the
    /// pretending function is proven (octal and hexadecimal codes and
    /// finite subtraction games).
    ///
    /// # Errors
    /// As [`Self::of_game`]; [`Error::Unsupported`] where the game has no
    /// periodicity theorem or no period is proven by `max_heap`.
    pub fn complete_game(game: &Game, max_heap: u64, limits: Limits) -> Result<MisereQuotient> {
        game.visit(Visit(Build::Complete, max_heap, QUOTIENT_MAX_ORDER, limits))
    }

    /// The quotient of heaps `1..=upto` of `rules` (see [`Self::of_game`]).
    ///
    /// # Errors
    /// As [`Self::of_game`].
    pub fn of<R: Ruleset>(rules: &R, upto: u64, limits: Limits) -> Result<MisereQuotient> {
        Self::build(rules, upto, false, QUOTIENT_MAX_ORDER, limits)
    }

    /// [`Self::of`] with candidates of at most `max_order` elements.
    ///
    /// # Errors
    /// As [`Self::of_game`], with `max_order` for [`QUOTIENT_MAX_ORDER`].
    pub fn of_within<R: Ruleset>(
        rules: &R,
        upto: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        Self::build(rules, upto, false, max_order, limits)
    }

    /// A complete quotient of `rules` (see [`Self::complete_game`]), with
    /// candidates of at most `max_order` elements.
    ///
    /// # Errors
    /// As [`Self::complete_game`].
    pub fn complete<R: Ruleset>(
        rules: &R,
        max_heap: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        let q = Self::search(rules, max_heap, max_order, limits)?;
        if q.all_heaps() {
            return Ok(q);
        }
        let why = match (HeapRules::new(rules)?.shape(), &q.stopped) {
            (None, _) => "no periodicity theorem covers its moves (octal and hexadecimal codes and finite subtraction games only)".to_string(),
            (Some(_), Some(stop)) => format!(
                "the search stopped at {stop} (the quotient of heaps up to {} has order {})",
                q.upto(),
                q.order()
            ),
            (Some(_), None) => format!(
                "no period of the pretending function is proven by heap {} (order {} there)",
                q.upto(),
                q.order()
            ),
        };
        Err(Error::Unsupported(format!(
            "no complete misère quotient of `{}`: {why}",
            crate::excerpt(&q.spec)
        )))
    }

    /// The quotient of `rules` heap by heap up to `max_heap`, stopped at
    /// the first heap where a period is proven ([`Self::all_heaps`]) or
    /// where the next heap's quotient passes a bound (then the quotient of
    /// the heaps before it, with [`Self::stopped`] saying why).
    ///
    /// # Errors
    /// As [`Self::of_game`], for a bound hit at heap 1.
    pub fn search<R: Ruleset>(
        rules: &R,
        max_heap: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        Self::build(rules, max_heap, true, max_order, limits)
    }

    /// [`Self::search`] for a game of the catalog.
    ///
    /// # Errors
    /// As [`Self::search`].
    pub fn search_game(
        game: &Game,
        max_heap: u64,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        game.visit(Visit(Build::Search, max_heap, max_order, limits))
    }

    /// Whether the periodicity theorem covers the game's moves (a move
    /// takes at most t tokens and leaves at most k heaps: octal and
    /// hexadecimal codes, finite subtraction games), so that a period may
    /// make the quotient complete; where it does not (a script, Grundy's
    /// game), the quotient holds for the heaps up to [`Self::upto`] only.
    pub fn periodicity_applies(&self) -> bool {
        self.theorem
    }

    /// Why a [`Self::search`] stopped before proving a period, if a bound
    /// stopped it.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.as_deref()
    }

    fn build<R: Ruleset>(
        rules: &R,
        upto: u64,
        stop: bool,
        max_order: usize,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        let mut hr = HeapRules::new(rules)?.stopped_by(&limits.stop);
        if upto == 0 || upto > QUOTIENT_MAX_HEAP {
            return Err(Error::Unsupported(format!(
                "no misère quotient for `{}`: give heaps up to a size from 1 to {QUOTIENT_MAX_HEAP}, not {upto}",
                crate::excerpt(hr.spec())
            )));
        }
        let mut built =
            construct::construct(&mut hr, upto, stop, max_order.min(QUOTIENT_ORDER_CEILING), limits)?;
        if built.period.is_none() {
            if let Some((t, k)) = hr.shape() {
                built.period = period::proven(&built.stage.heap, t, k);
            }
        }
        let stage = built.stage;
        let n = stage.upto();
        let options = match rules.heap_moves() {
            Some(crate::rules::HeapMoves::Octal(code)) => Options::Octal(code.clone()),
            _ => {
                let mut lists = vec![Vec::new()];
                for h in 1..=n {
                    let mut l: Vec<Vec<u64>> = Vec::new();
                    hr.options(h, |o| l.push(o.to_vec()))?;
                    lists.push(l);
                }
                Options::Listed(lists)
            }
        };
        Ok(MisereQuotient {
            spec: hr.spec().to_string(),
            m: stage.m,
            heap: stage.heap,
            period: built.period,
            options,
            pairs: built.pairs,
            types: built.types,
            candidates: built.candidates,
            stopped: built.stopped,
            theorem: hr.shape().is_some(),
        })
    }

    /// The spec of the game.
    pub fn spec(&self) -> &str {
        &self.spec
    }

    /// The largest heap computed: the proof covers every sum of heaps
    /// `1..=upto()`, and of every heap when [`Self::all_heaps`].
    pub fn upto(&self) -> u64 {
        self.heap.len() as u64 - 1
    }

    /// Whether the quotient holds for heaps of every size (a period of the
    /// pretending function is proven).
    pub fn all_heaps(&self) -> bool {
        self.period.is_some()
    }

    /// The proven period of the pretending function, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// The number of elements, `|Q|`.
    pub fn order(&self) -> usize {
        self.m.order()
    }

    /// The elements in the P-portion (misère P-positions), ascending.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order()).filter(|&x| self.m.is_p(x)).collect()
    }

    /// Whether element `x` holds misère P-positions.
    pub fn is_p(&self, x: usize) -> bool {
        self.m.is_p(x)
    }

    /// The pairs (element, D) the last proof walked.
    pub fn checked(&self) -> u64 {
        self.pairs
    }

    /// The distinct heap types the last proof covered.
    pub fn heap_types(&self) -> usize {
        self.types
    }

    /// The candidates proven or refuted on the way.
    pub fn rounds(&self) -> u32 {
        self.candidates
    }

    /// The element of a heap of size `n` (0 is the identity): any size
    /// when [`Self::all_heaps`], else `None` past [`Self::upto`].
    pub fn heap(&self, n: u64) -> Option<usize> {
        if n <= self.upto() {
            return Some(self.heap[n as usize] as usize);
        }
        let p = self.period?;
        let i = p.preperiod + (n - p.preperiod) % p.period;
        Some(self.heap[i as usize] as usize)
    }

    /// `x · y`.
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.m.mul(x, y)
    }

    /// The element of a sum of heaps, or `None` if a heap is past
    /// [`Self::upto`] and the quotient is not complete.
    pub fn element(&self, heaps: &[u64]) -> Option<usize> {
        heaps.iter().try_fold(0, |x, &n| Some(self.mul(x, self.heap(n)?)))
    }

    /// The misère outcome of a sum of heaps, where [`Self::element`] is
    /// known.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.m.is_p(x) { Outcome::P } else { Outcome::N })
    }

    /// The winning moves of a sum of heaps: `(index of the heap, the heaps
    /// it leaves)` for each move to a P-position, equal heaps once;
    /// `None` where an element is unknown or a heap's moves are not
    /// listed here (heaps past [`Self::upto`] of games that are not octal,
    /// or octal heaps of more than [`moves::LIST_MAX`]).
    pub fn winning_moves(&self, heaps: &[u64]) -> Option<Vec<(usize, Vec<u64>)>> {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            if heaps[..i].contains(&heaps[i]) || heaps[i] == 0 {
                continue;
            }
            let mut rest = heaps.to_vec();
            rest.remove(i);
            let x = self.element(&rest)?;
            self.for_each_option(heaps[i], |o| {
                if self.element(o).is_some_and(|y| self.m.is_p(self.mul(x, y))) {
                    out.push((i, o.to_vec()));
                }
            })?;
        }
        Some(out)
    }

    /// Calls `f` with each option of heap `n`; `None` where they are not
    /// listed here.
    fn for_each_option(&self, n: u64, mut f: impl FnMut(&[u64])) -> Option<()> {
        match &self.options {
            Options::Octal(code) if n <= moves::LIST_MAX => {
                heaps::octal_options_of(code, n, &mut f);
                Some(())
            }
            Options::Listed(lists) => {
                lists.get(n as usize)?.iter().for_each(|o| f(o));
                Some(())
            }
            Options::Octal(_) => None,
        }
    }

    /// A presentation: generators (the heaps whose element is not a
    /// product of smaller heaps'), each element's normal word, and the
    /// relations that rewrite every other word to normal form.
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self)
    }

    /// The octal or hexadecimal code, where the game is one.
    pub(crate) fn code(&self) -> Option<&OctalCode> {
        match &self.options {
            Options::Octal(c) => Some(c),
            Options::Listed(_) => None,
        }
    }
}

/// Which construction a [`Visit`] runs on a game of the catalog.
#[derive(Clone, Copy)]
enum Build {
    /// [`MisereQuotient::of_within`].
    Upto,
    /// [`MisereQuotient::complete`].
    Complete,
    /// [`MisereQuotient::search`].
    Search,
}

/// A quotient of a game of the catalog: the construction, the largest
/// heap, the most elements a candidate may have, the limits.
struct Visit(Build, u64, usize, Limits);

impl GameVisitor for Visit {
    type Output = Result<MisereQuotient>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let Visit(build, heaps, max_order, limits) = self;
        match build {
            Build::Upto => MisereQuotient::of_within(rules, heaps, max_order, limits),
            Build::Complete => MisereQuotient::complete(rules, heaps, max_order, limits),
            Build::Search => MisereQuotient::search(rules, heaps, max_order, limits),
        }
    }
}
