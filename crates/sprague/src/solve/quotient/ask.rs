//! One question about a game's misère quotient, as `analyze --misere`,
//! the web and Python ask it: the defaults (how many heaps a search for a
//! complete quotient looks at, how large a candidate may grow) and the
//! memory bound are decided here once, not by each front end.

use super::heaps::HeapRules;
use super::{bytes_for_order, order_for_memory, MisereQuotient, QUOTIENT_MAX_ORDER, QUOTIENT_ORDER_CEILING};
use crate::rules::{Game, GameVisitor, Ruleset};
use crate::solve::{tame, Limits};
use crate::{Error, Result};

/// Heaps searched for a complete quotient when no largest heap is given
/// (the published complete solutions of two- and three-digit octal codes
/// are all proven by heap 215, and those of 0.44 and 0.46, which sprague
/// finds, by heap 336; a wild game that reaches the order bound, such as
/// hex:0.f6, ends in a few seconds).
pub const SEARCH_HEAPS: u64 = 500;

/// The most elements a candidate may have in that search unless the
/// caller says otherwise (the published complete solutions have at most
/// 42; a wild game's quotient past it makes the search stop there).
pub const SEARCH_ORDER: usize = 300;

/// Heaps searched for a complete quotient of a game that is tame over
/// the first [`SEARCH_HEAPS`] heaps: its sums follow misère Nim already,
/// and a tame quotient (misère Nim's among them) may grow with every
/// power of two, so the search is kept short.
pub const TAME_SEARCH_HEAPS: u64 = 64;

/// What [`MisereQuotient::analyze`] is asked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuotientAsk {
    /// The largest heap: the quotient of the heaps `1..=upto`. `None`
    /// searches the first [`SEARCH_HEAPS`] heaps for a complete quotient
    /// (one whose pretending function's period is proven).
    pub upto: Option<u64>,
    /// The most elements a candidate may have (at least 1). `None` for
    /// [`SEARCH_ORDER`] in a search, [`QUOTIENT_MAX_ORDER`] for a given
    /// `upto`.
    pub max_order: Option<usize>,
    /// The bytes of memory available, where the front end knows them:
    /// the order is lowered to what they hold ([`bytes_for_order`]).
    pub memory: Option<u64>,
}

impl QuotientAsk {
    /// The order a candidate may reach: the one asked (or the default),
    /// lowered to what the memory holds and to [`QUOTIENT_ORDER_CEILING`].
    ///
    /// ```
    /// use sprague::solve::QuotientAsk;
    /// let tight = QuotientAsk { upto: Some(30), max_order: Some(10_000), memory: Some(1 << 20) };
    /// assert!(tight.max_order() < 10_000);
    /// ```
    pub fn max_order(&self) -> usize {
        self.asked()
            .min(self.memory.map_or(QUOTIENT_ORDER_CEILING, order_for_memory))
            .min(QUOTIENT_ORDER_CEILING)
    }

    /// The order asked, or the default.
    fn asked(&self) -> usize {
        match (self.max_order, self.upto) {
            (Some(n), _) => n.max(1),
            (None, None) => SEARCH_ORDER,
            (None, Some(_)) => QUOTIENT_MAX_ORDER,
        }
    }
}

impl MisereQuotient {
    /// The misère quotient `ask` asks for: of the heaps up to `ask.upto`,
    /// or the first complete one among [`SEARCH_HEAPS`] heaps.
    ///
    /// ```
    /// use sprague::solve::{MisereQuotient, QuotientAsk};
    /// let game: sprague::Game = "octal:0.75".parse()?;
    /// let q = MisereQuotient::analyze(&game, &QuotientAsk::default(), sprague::Limits::default())?;
    /// assert_eq!((q.order(), q.all_heaps()), (8, true));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`MisereQuotient::of_game`] and [`MisereQuotient::search_game`];
    /// [`Error::OrderExceeded`] when a candidate passes the order asked,
    /// and [`Error::OutOfMemory`] instead when the memory was the tighter
    /// bound.
    pub fn analyze(game: &Game, ask: &QuotientAsk, limits: Limits) -> Result<MisereQuotient> {
        let tame = match ask.upto {
            None => MisereQuotient::tame_to(game, SEARCH_HEAPS, limits.clone())?,
            Some(_) => None,
        };
        MisereQuotient::analyze_tamed(game, ask, tame, limits)
    }

    /// [`MisereQuotient::analyze`], given `tame`, what
    /// [`MisereQuotient::tame_to`] says of [`SEARCH_HEAPS`] heaps (read
    /// only when `ask.upto` is `None`), so that a caller that reports it
    /// too does not compute it twice.
    pub(crate) fn analyze_tamed(
        game: &Game,
        ask: &QuotientAsk,
        tame: Option<u64>,
        limits: Limits,
    ) -> Result<MisereQuotient> {
        let max_order = ask.max_order();
        let built = match ask.upto {
            None => {
                let heaps = match tame {
                    Some(_) => TAME_SEARCH_HEAPS,
                    None => SEARCH_HEAPS,
                };
                MisereQuotient::search_game(game, heaps, max_order, limits)
            }
            Some(n) => MisereQuotient::of_game_within(game, n, max_order, limits),
        };
        match built {
            Err(Error::OrderExceeded { what, order, .. }) if max_order < ask.asked().min(QUOTIENT_ORDER_CEILING) => {
                Err(Error::OutOfMemory(format!(
                    "{what} reached {order} elements, more than the {} MB of memory available hold (about {max_order} elements at {} MB)",
                    ask.memory.unwrap_or(0) >> 20,
                    bytes_for_order(max_order) >> 20,
                )))
            }
            other => other,
        }
    }
}

impl MisereQuotient {
    /// `Some(n)` when every heap `1..=n` of `game` plays as a position of
    /// misère Nim (genus theory: [`crate::solve::tame`] holds for them),
    /// so that every misère sum of those heaps follows misère Nim on their
    /// genus; `None` when some heap up to n is wild, or when the check
    /// passes `limits` (it then proves nothing). Nothing is claimed of
    /// heaps past n.
    ///
    /// ```
    /// use sprague::solve::{Limits, MisereQuotient};
    /// let nim: sprague::Game = "nim".parse()?;
    /// assert_eq!(MisereQuotient::tame_to(&nim, 300, Limits::default())?, Some(300));
    /// let kayles: sprague::Game = "kayles".parse()?;
    /// assert_eq!(MisereQuotient::tame_to(&kayles, 300, Limits::default())?, None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    ///
    /// # Errors
    /// A stop (`limits.stop`); a game that is not a game of heaps
    /// ([`Error::Unsupported`]).
    pub fn tame_to(game: &Game, n: u64, limits: Limits) -> Result<Option<u64>> {
        game.visit(TameTo(n, limits))
    }
}

/// [`MisereQuotient::tame_to`] for a game of the catalog.
struct TameTo(u64, Limits);

impl GameVisitor for TameTo {
    type Output = Result<Option<u64>>;
    fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
        let TameTo(n, limits) = self;
        // Refuses what is no game of heaps, as the quotient does.
        HeapRules::new(rules)?;
        tame_heaps(rules, n, limits)
    }
}

/// [`MisereQuotient::tame_to`] for any heap ruleset: every heap `1..=n`
/// is a root of the check (a heap need not reach every smaller one).
///
/// # Errors
/// A stop.
pub(crate) fn tame_heaps<R: Ruleset>(rules: &R, n: u64, limits: Limits) -> Result<Option<u64>> {
    let mut roots = Vec::new();
    for h in 1..=n {
        match rules.parse_position(&h.to_string()) {
            Ok(p) if rules.heap_size(&p) == Some(h) => roots.push(p),
            _ => return Ok(None),
        }
    }
    match tame::tame(rules, &roots, limits) {
        Ok(Ok(_)) => Ok(Some(n)),
        Ok(Err(_)) | Err(Error::LimitExceeded { .. } | Error::WorkExceeded { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_and_the_memory_decide_the_order() {
        let search = QuotientAsk::default();
        assert_eq!(search.max_order(), SEARCH_ORDER);
        let upto = QuotientAsk {
            upto: Some(20),
            ..search
        };
        assert_eq!(upto.max_order(), QUOTIENT_MAX_ORDER);
        let told = QuotientAsk {
            max_order: Some(7),
            ..upto
        };
        assert_eq!(told.max_order(), 7);
        let zero = QuotientAsk {
            max_order: Some(0),
            ..upto
        };
        assert_eq!(zero.max_order(), 1);
        let huge = QuotientAsk {
            max_order: Some(usize::MAX),
            ..upto
        };
        assert_eq!(huge.max_order(), QUOTIENT_ORDER_CEILING);
        let small = QuotientAsk {
            memory: Some(bytes_for_order(100)),
            ..told
        };
        assert_eq!(small.max_order(), 7);
        let tight = QuotientAsk {
            max_order: Some(1000),
            memory: Some(bytes_for_order(100)),
            ..upto
        };
        assert_eq!(tight.max_order(), 100);
    }

    #[test]
    fn a_quotient_past_the_memory_is_out_of_memory_and_past_the_order_is_order_exceeded() {
        // Dawson's Kayles to heap 20 has a quotient larger than 10 elements.
        let game: Game = "dawson-kayles".parse().unwrap();
        let by_order = QuotientAsk {
            upto: Some(20),
            max_order: Some(10),
            memory: None,
        };
        let e = MisereQuotient::analyze(&game, &by_order, Limits::default()).unwrap_err();
        assert!(matches!(e, Error::OrderExceeded { .. }), "{e}");
        let by_memory = QuotientAsk {
            memory: Some(bytes_for_order(10)),
            max_order: None,
            ..by_order
        };
        let e = MisereQuotient::analyze(&game, &by_memory, Limits::default()).unwrap_err();
        assert!(matches!(e, Error::OutOfMemory(_)), "{e}");
        let enough = QuotientAsk {
            upto: Some(20),
            ..QuotientAsk::default()
        };
        let q = MisereQuotient::analyze(&game, &enough, Limits::default()).unwrap();
        assert!(q.order() > 10);
    }

    #[test]
    fn a_search_with_no_largest_heap_is_bounded_and_a_tame_game_is_searched_briefly() {
        // Misère Nim's quotient grows with every power of two: tame, so
        // the search stops at the tame bound instead of running for minutes.
        let nim: Game = "nim".parse().unwrap();
        assert_eq!(
            MisereQuotient::tame_to(&nim, SEARCH_HEAPS, Limits::default()).unwrap(),
            Some(SEARCH_HEAPS)
        );
        let q = MisereQuotient::analyze(&nim, &QuotientAsk::default(), Limits::default()).unwrap();
        assert_eq!((q.upto(), q.all_heaps()), (TAME_SEARCH_HEAPS, false));
        // Dawson's Kayles is wild: the default order bound stops it at heap 30.
        let dk: Game = "dawson-kayles".parse().unwrap();
        assert_eq!(
            MisereQuotient::tame_to(&dk, SEARCH_HEAPS, Limits::default()).unwrap(),
            None
        );
        let q = MisereQuotient::analyze(&dk, &QuotientAsk::default(), Limits::default()).unwrap();
        assert_eq!(q.upto(), 29);
        assert!(
            q.stopped().unwrap().contains("past the limit of 300"),
            "{:?}",
            q.stopped()
        );
        // 0.014 is tame to heap 18 and not at 19 (genus 2^1420 there), which
        // heap 22 does not reach: every heap is a root of the check.
        let g: Game = "octal:0.014".parse().unwrap();
        assert_eq!(
            MisereQuotient::tame_to(&g, 18, Limits::default()).unwrap(),
            Some(18)
        );
        assert_eq!(MisereQuotient::tame_to(&g, 19, Limits::default()).unwrap(), None);
    }

    #[test]
    fn the_construction_reports_its_heaps() {
        use crate::solve::{reporting, Progress, Step, Task};
        use std::cell::RefCell;
        use std::rc::Rc;
        #[derive(Default)]
        struct Steps(RefCell<Vec<Step>>);
        impl Progress for Steps {
            fn report(&self, step: Step) {
                self.0.borrow_mut().push(step);
            }
        }
        let steps = Rc::new(Steps::default());
        let game: Game = "kayles".parse().unwrap();
        reporting(steps.clone(), || {
            MisereQuotient::of_game(&game, 20, Limits::default())
        })
        .unwrap();
        let seen = steps.0.borrow();
        let heaps: Vec<u64> = seen
            .iter()
            .filter(|s| s.task == Task::QuotientHeaps && s.total == Some(20))
            .map(|s| s.done)
            .collect();
        assert_eq!(heaps, (0..20).collect::<Vec<u64>>());
    }
}
