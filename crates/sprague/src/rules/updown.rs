//! Up-down heaps, a loopy game: take k ∈ S tokens, or add a ∈ A tokens as
//! long as the heap stays at most M. Positions can recur, so some are draws.

use super::nim::{heap_parts, parse_heap};
use super::{Moves, Ruleset};
use crate::number::format_set;
use crate::{Error, Result};

/// `updown:S/A/M`: take k ∈ `take` (k ≤ n) or add a ∈ `add` (n + a ≤ `max`);
/// an empty heap has no moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UpDown {
    /// The amounts that may be taken (sorted, distinct, each ≥ 1).
    pub take: Vec<u64>,
    /// The amounts that may be added (sorted, distinct, each ≥ 1).
    pub add: Vec<u64>,
    /// The largest heap.
    pub max: u64,
}

/// The largest cap M an up-down game may have: every heap 0..=M may be a
/// state of a search.
pub const UPDOWN_MAX: u64 = 1 << 32;

impl UpDown {
    /// Parses the body of `updown:S/A/M` (`1,2/3/20`; A may be empty).
    pub fn parse(spec: &str, body: &str) -> Result<UpDown> {
        let bad = |reason: &str| Error::BadSpec {
            spec: spec.to_string(),
            reason: reason.to_string(),
        };
        let parts: Vec<&str> = body.split('/').collect();
        let [take, add, max] = parts[..] else {
            return Err(bad("write TAKE/ADD/MAX, e.g. updown:1,2/3/20"));
        };
        let take = crate::number::parse_set(spec, take, 1)?;
        let add = if add.trim().is_empty() {
            Vec::new()
        } else {
            crate::number::parse_set(spec, add, 1)?
        };
        let max = crate::number::parse_u64(max).map_err(|e| bad(&format!("the cap: {e}")))?;
        if max > UPDOWN_MAX {
            return Err(bad(&format!(
                "the cap {max} is above the largest supported {UPDOWN_MAX}"
            )));
        }
        Ok(UpDown { take, add, max })
    }
}

impl Ruleset for UpDown {
    type Position = u64;

    fn spec(&self) -> String {
        format!(
            "updown:{}/{}/{}",
            format_set(&self.take),
            format_set(&self.add),
            self.max
        )
    }

    fn parse_position(&self, text: &str) -> Result<u64> {
        let n = parse_heap(text)?;
        if n > self.max {
            return Err(Error::BadPosition {
                text: text.to_string(),
                reason: format!("the heap is above the cap {} of `{}`", self.max, self.spec()),
            });
        }
        Ok(n)
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    fn check_position(&self, &n: &u64) -> Result<()> {
        if n > self.max {
            return Err(super::not_a_position(
                n.to_string(),
                format!("the heap is above the cap {} of `{}`", self.max, self.spec()),
            ));
        }
        Ok(())
    }

    fn moves(&self, &n: &u64, out: &mut Moves<u64>) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        for &k in self.take.iter().take_while(|&&k| k <= n) {
            out.push(heap_parts(n - k), || format!("take {k} from the heap of {n}"));
        }
        for &a in &self.add {
            if n.checked_add(a).is_some_and(|m| m <= self.max) {
                out.push([n + a], || format!("add {a} to the heap of {n}"));
            }
        }
        Ok(())
    }

    fn branching(&self, _: &u64) -> u64 {
        (self.take.len() + self.add.len()) as u64
    }

    fn may_loop(&self) -> bool {
        !self.add.is_empty()
    }

    fn heap_size(&self, &n: &u64) -> Option<u64> {
        Some(n)
    }
}
