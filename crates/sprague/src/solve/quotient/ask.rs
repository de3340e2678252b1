//! One question about a game's misère quotient, as `analyze --misere`,
//! the web and Python ask it: the defaults (how many heaps a search for a
//! complete quotient looks at, how large a candidate may grow) and the
//! memory bound are decided here once, not by each front end.

use super::{bytes_for_order, order_for_memory, MisereQuotient, QUOTIENT_MAX_ORDER, QUOTIENT_ORDER_CEILING};
use crate::rules::Game;
use crate::solve::Limits;
use crate::{Error, Result};

/// Heaps searched for a complete quotient when no largest heap is given.
pub const SEARCH_HEAPS: u64 = 1000;

/// The most elements a candidate may have in that search unless the
/// caller says otherwise.
pub const SEARCH_ORDER: usize = 2000;

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
        let max_order = ask.max_order();
        let built = match ask.upto {
            None => MisereQuotient::search_game(game, SEARCH_HEAPS, max_order, limits),
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
}
