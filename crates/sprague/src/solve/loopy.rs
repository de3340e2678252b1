//! Loopy games: Smith's generalised Sprague–Grundy values, and the outcome
//! of a sum from its components' values.
//!
//! In a game whose positions can recur, a position has either a finite
//! value m (it behaves like the nim heap *m) or the value ∞_K, K the set of
//! finite values it can move to: the player to move can draw, and wins if
//! the rest of the sum has a value in K (C. A. B. Smith, "Graphs and
//! composite games", J. Combin. Theory 1 (1966); Fraenkel & Yesha, "Theory
//! of annihilation games", 1986, give the labelling algorithm used here).

use super::sums::{StateId, SumGraph};
use crate::rules::Ruleset;
use crate::{Error, Nimber, Outcome, Result};
use std::collections::BTreeSet;
use std::fmt;

/// A generalised Sprague–Grundy value: finite, or ∞ with the finite values
/// it can move to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Generalized {
    /// The position behaves like the nim heap of this size.
    Finite(u64),
    /// ∞_K: the player to move can at least draw; K are the finite values
    /// among the position's options.
    Infinite(BTreeSet<u64>),
}

impl Generalized {
    /// The finite value, if any.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Generalized::Finite(v) => Some(Nimber(*v)),
            Generalized::Infinite(_) => None,
        }
    }
}

impl fmt::Display for Generalized {
    /// `3` for a finite value, `∞` or `∞0,2` for ∞ with K = {} or {0, 2}.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Generalized::Finite(v) => write!(f, "{v}"),
            Generalized::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{}", k.join(","))
            }
        }
    }
}

/// The generalised value of a sum from its components' values (Smith):
/// finite values add as nimbers; one ∞_K plus finite parts of total x is
/// ∞_{K + x}; two or more ∞ components make ∞ with an empty K (a draw
/// that no move can turn into a win).
///
/// ```
/// use sprague::solve::{generalized_sum, Generalized};
/// use sprague::Outcome;
/// let inf = Generalized::Infinite([0, 2].into());
/// let s = generalized_sum(&[inf, Generalized::Finite(2)]);
/// assert_eq!(s.to_string(), "∞0,2");
/// assert_eq!(generalized_sum(&[Generalized::Finite(1), Generalized::Finite(1)]), Generalized::Finite(0));
/// ```
pub fn sum_value(parts: &[Generalized]) -> Generalized {
    let mut x = 0u64;
    let mut infinite: Option<&BTreeSet<u64>> = None;
    let mut infinities = 0;
    for p in parts {
        match p {
            Generalized::Finite(v) => x ^= v,
            Generalized::Infinite(k) => {
                infinities += 1;
                infinite = Some(k);
            }
        }
    }
    match (infinities, infinite) {
        (0, _) => Generalized::Finite(x),
        (1, Some(k)) => Generalized::Infinite(k.iter().map(|v| v ^ x).collect()),
        _ => Generalized::Infinite(BTreeSet::new()),
    }
}

/// Who wins a position of generalised value `v` under normal play: P for
/// 0, N for other finite values and for ∞ with 0 in K, else a draw.
pub fn outcome_of(v: &Generalized) -> Outcome {
    match v {
        Generalized::Finite(0) => Outcome::P,
        Generalized::Finite(_) => Outcome::N,
        Generalized::Infinite(k) if k.contains(&0) => Outcome::N,
        Generalized::Infinite(_) => Outcome::D,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Label {
    Open,
    Finite(u64),
    Infinite,
}

/// Smith's generalised value of every state of `graph` (normal play).
///
/// For m = 0, 1, …: label m every open state that has no option labelled
/// m and each of whose open or ∞ options has an option labelled m, until
/// none is left to label; then label ∞ every open state with no option
/// labelled m. A worklist revisits a state only when an option's status
/// changes.
///
/// # Errors
/// [`Error::WorkExceeded`] past `max_work` option visits;
/// [`Error::Unsupported`] for a game decided by its own rules.
///
/// # Complexity
/// O((largest finite value + 1) × moves × branching) in the worst case;
/// about O(moves) per value level in practice.
///
/// The crate's own (a program asks for loopy values through
/// [`crate::query`]); its example is the unit test `updown_shuttles_forever`.
pub fn values<R: Ruleset>(graph: &SumGraph<'_, R>, max_work: u64) -> Result<Vec<Generalized>> {
    let n = graph.len();
    if (0..n as StateId).any(|s| graph.decided(s).is_some()) {
        return Err(Error::Unsupported(format!(
            "`{}` is not normal play: it has no generalised values",
            graph.rules().spec()
        )));
    }
    let (pstarts, preds) = graph.predecessors();
    let preds_of = |t: usize| &preds[pstarts[t]..pstarts[t + 1]];
    let mut label = vec![Label::Open; n];
    let mut open = n;
    let mut work = 0u64;
    let mut has = vec![false; n];
    let mut queue: Vec<StateId> = Vec::new();
    let mut m = 0u64;
    while open > 0 {
        // Each round scans every state; rounds may be many.
        graph.limits().check_stop()?;
        has.iter_mut().for_each(|h| *h = false);
        queue.clear();
        queue.extend((0..n as StateId).filter(|&s| label[s as usize] == Label::Open));
        while let Some(u) = queue.pop() {
            let ui = u as usize;
            if label[ui] != Label::Open || has[ui] {
                continue;
            }
            let succ = graph.successors(u);
            work += succ.len() as u64 + 1;
            graph.limits().check_stop()?;
            if work > max_work {
                return Err(Error::WorkExceeded {
                    what: "the generalised values".into(),
                    limit: max_work,
                });
            }
            let eligible = succ
                .iter()
                .all(|&f| matches!(label[f as usize], Label::Finite(_)) || has[f as usize]);
            if !eligible {
                continue;
            }
            label[ui] = Label::Finite(m);
            open -= 1;
            for &v in preds_of(ui) {
                if !has[v as usize] {
                    has[v as usize] = true;
                    for &w in preds_of(v as usize) {
                        if label[w as usize] == Label::Open {
                            queue.push(w);
                        }
                    }
                }
            }
        }
        for s in 0..n {
            if label[s] == Label::Open && !has[s] {
                label[s] = Label::Infinite;
                open -= 1;
            }
        }
        m += 1;
    }
    Ok((0..n)
        .map(|s| match label[s] {
            Label::Finite(v) => Generalized::Finite(v),
            _ => Generalized::Infinite(
                graph
                    .successors(s as StateId)
                    .iter()
                    .filter_map(|&t| match label[t as usize] {
                        Label::Finite(v) => Some(v),
                        _ => None,
                    })
                    .collect(),
            ),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::UpDown;
    use crate::solve::Limits;

    /// Take 1, or add 1 while the heap stays ≤ 3: 2 and 3 can shuttle for
    /// ever; from 1 the player to move takes the last token.
    #[test]
    fn updown_shuttles_forever() {
        let g = UpDown {
            take: vec![1],
            add: vec![1],
            max: 3,
        };
        let mut graph = SumGraph::new(&g, Limits::default());
        let s = graph.add_root(&[2]).unwrap();
        let one = graph.find(&[1]).unwrap();
        let v = values(&graph, u64::MAX).unwrap();
        assert_eq!(v[s as usize].to_string(), "∞");
        assert_eq!(v[one as usize].to_string(), "∞0");
    }
}
