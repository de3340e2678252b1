//! [`MisereReport`]: the misère quotient of a heap game as `sprague
//! analyze SPEC --misere` prints it, the web's `POST /api/analyze` with
//! `"misere": true` answers it and Python's `Game.analyze(misere=True)`
//! returns it: the quotient's presentation written out, the proof's
//! figures and the time it took.

use crate::rules::Game;
use crate::solve::quotient::{MisereQuotient, Presentation, QuotientAsk, SEARCH_HEAPS, TAME_SEARCH_HEAPS};
use crate::solve::Limits;
use crate::{Error, Result};
use std::time::Instant;

/// A misère quotient, written out. Serialises as `analyze --misere
/// --json` prints it (the fields in the order of their names, as the
/// JSON has its keys).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MisereReport {
    /// Whether the quotient holds for every heap size (its pretending
    /// function's period is proven), not only for the heaps up to `upto`.
    pub all_heaps: bool,
    /// Always `"misere"`.
    pub convention: &'static str,
    /// The elements, each as a word in the generators (`1`, `a`, `ab²`).
    pub elements: Vec<String>,
    /// The generators: their names and the heaps they stand for.
    pub generators: Vec<Generator>,
    /// The element of each heap 0..=upto, as a word (heap 0 is `1`).
    pub heaps: Vec<String>,
    /// The most elements a candidate quotient was allowed (the order asked
    /// or the default, lowered to what the memory holds).
    pub max_order: usize,
    /// The order of the quotient (its number of elements).
    pub order: usize,
    /// The P-portion: the elements whose sums the player to move loses.
    pub p_portion: Vec<String>,
    /// The pretending function's proven period, where there is one.
    pub period: Option<u64>,
    /// Whether the periodicity theorem covers the game's moves (octal and
    /// hexadecimal codes, finite subtraction games); where it does not (a
    /// script, Grundy's game) no period is ever proven and the quotient
    /// holds for the heaps up to `upto` only.
    pub periodicity_applies: bool,
    /// Its pre-period, where there is a period.
    pub preperiod: Option<u64>,
    /// How the quotient was proven.
    pub proof: QuotientProof,
    /// The relations that present the quotient: `lhs = rhs`.
    pub relations: Vec<Relation>,
    /// The largest heap a search for a complete quotient was allowed
    /// (no largest heap was asked for); `None` when the quotient of the
    /// heaps up to `upto` was asked for.
    pub search_heaps: Option<u64>,
    /// Seconds the construction and proof took.
    pub seconds: f64,
    /// The game's canonical spec.
    pub spec: String,
    /// Why a search for a complete quotient stopped short of a period.
    pub stopped: Option<String>,
    /// `n` when every heap `1..=n` is tame (plays as a position of misère
    /// Nim, genus theory), so that misère sums of those heaps follow
    /// misère Nim; nothing is claimed of larger heaps. Checked up to
    /// [`SEARCH_HEAPS`] heaps (fewer with a smaller `upto`); `None` for a
    /// wild game (or a check past the limits).
    pub tame_upto: Option<u64>,
    /// The largest heap the quotient was built of.
    pub upto: u64,
}

/// A generator of the quotient: its name (`a`, `b`, …) and its heap.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Generator {
    /// The heap it stands for.
    pub heap: u64,
    /// Its name in the words.
    pub name: String,
}

/// A relation of the presentation: two words for one element.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Relation {
    /// The word on the left.
    pub lhs: String,
    /// The word on the right (in normal form).
    pub rhs: String,
}

/// The figures of the quotient's proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct QuotientProof {
    /// Candidate quotients built before the one proven.
    pub candidates: u32,
    /// The kinds of heap (their option sets up to the quotient) looked at.
    pub heap_types: usize,
    /// (element, options) pairs walked by the proof.
    pub pairs_checked: u64,
}

/// The misère quotient `ask` asks for (see [`MisereQuotient::analyze`]),
/// written out. The memory bound is the tighter of `ask.memory` and
/// `limits.max_memory`; the time is measured here.
///
/// ```
/// use sprague::report::misere_report;
/// use sprague::solve::QuotientAsk;
/// let game: sprague::Game = "octal:0.75".parse()?;
/// let r = misere_report(&game, &QuotientAsk::default(), sprague::Limits::default())?;
/// assert_eq!((r.order, r.all_heaps, r.p_portion.len()), (8, true, 2));
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// # Errors
/// `ask.max_order` of 0 ([`Error::Unsupported`]); any error of
/// [`MisereQuotient::analyze`] (a largest heap out of range among them).
pub fn misere_report(game: &Game, ask: &QuotientAsk, limits: Limits) -> Result<MisereReport> {
    if ask.max_order == Some(0) {
        return Err(Error::Unsupported(
            "max_order 0: give the most elements a candidate quotient may have, at least 1".into(),
        ));
    }
    let start = Instant::now();
    let ask = QuotientAsk {
        memory: match (ask.memory, limits.max_memory) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        },
        ..*ask
    };
    let tame_heaps = ask.upto.map_or(SEARCH_HEAPS, |n| n.clamp(1, SEARCH_HEAPS));
    let tame_upto = MisereQuotient::tame_to(game, tame_heaps, limits.clone())?;
    // Without `upto`, tame_heaps is SEARCH_HEAPS: what the search needs.
    let q = MisereQuotient::analyze_tamed(game, &ask, tame_upto, limits)?;
    let seconds = start.elapsed().as_secs_f64();
    let mut r = write_out(&q, ask.max_order(), seconds);
    r.tame_upto = tame_upto;
    r.search_heaps = match (ask.upto, tame_upto) {
        (Some(_), _) => None,
        (None, Some(_)) => Some(TAME_SEARCH_HEAPS),
        (None, None) => Some(SEARCH_HEAPS),
    };
    Ok(r)
}

/// The report of a built quotient.
fn write_out(q: &MisereQuotient, max_order: usize, seconds: f64) -> MisereReport {
    let pr = q.presentation();
    let word = |x: usize| Presentation::write(&pr.normal[x]);
    let period = q.period();
    MisereReport {
        all_heaps: q.all_heaps(),
        convention: "misere",
        elements: (0..q.order()).map(word).collect(),
        generators: pr
            .generators
            .iter()
            .enumerate()
            .map(|(g, &heap)| Generator {
                heap,
                name: Presentation::generator_name(g),
            })
            .collect(),
        heaps: pr.heaps.iter().map(Presentation::write).collect(),
        max_order,
        order: q.order(),
        p_portion: q.p_portion().into_iter().map(word).collect(),
        period: period.map(|p| p.period),
        periodicity_applies: q.periodicity_applies(),
        preperiod: period.map(|p| p.preperiod),
        proof: QuotientProof {
            candidates: q.rounds(),
            heap_types: q.heap_types(),
            pairs_checked: q.checked(),
        },
        relations: pr
            .relations
            .iter()
            .map(|(l, r)| Relation {
                lhs: Presentation::write(l),
                rhs: Presentation::write(r),
            })
            .collect(),
        search_heaps: None,
        seconds,
        spec: q.spec().to_string(),
        stopped: q.stopped().map(str::to_string),
        tame_upto: None,
        upto: q.upto(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_is_the_quotient_written_out() {
        let game: Game = "kayles".parse().unwrap();
        let ask = QuotientAsk {
            upto: Some(12),
            ..QuotientAsk::default()
        };
        let r = misere_report(&game, &ask, Limits::default()).unwrap();
        let q = MisereQuotient::analyze(&game, &ask, Limits::default()).unwrap();
        assert_eq!(r.order, q.order());
        assert_eq!(r.elements.len(), q.order());
        assert_eq!(r.heaps.len(), 13);
        assert_eq!(r.upto, 12);
        assert!(!r.all_heaps);
        // Each generator's heap is written as the generator itself.
        for g in &r.generators {
            assert_eq!(r.heaps[g.heap as usize], g.name);
        }
        // The P-portion's words are elements, as many as the quotient says.
        assert_eq!(r.p_portion.len(), q.p_portion().len());
        assert!(r.p_portion.iter().all(|p| r.elements.contains(p)));
    }

    #[test]
    fn an_order_of_zero_is_refused_and_the_tighter_memory_bound_holds() {
        let game: Game = "dawson-kayles".parse().unwrap();
        let zero = QuotientAsk {
            max_order: Some(0),
            ..QuotientAsk::default()
        };
        let e = misere_report(&game, &zero, Limits::default()).unwrap_err();
        assert!(e.to_string().contains("at least 1"), "{e}");
        let ask = QuotientAsk {
            upto: Some(20),
            ..QuotientAsk::default()
        };
        let tight = Limits {
            max_memory: Some(crate::solve::quotient::bytes_for_order(10)),
            ..Limits::default()
        };
        let e = misere_report(&game, &ask, tight).unwrap_err();
        assert!(matches!(e, Error::OutOfMemory(_)), "{e}");
    }
}
