//! A reusable buffer of moves, so that generating moves allocates nothing
//! per move once the buffer has grown.

use crate::Stop;

/// The moves from one position: each move's resulting parts (a disjunctive
/// sum) and, when asked for, its label.
///
/// The buffer also carries the stop token of the computation that fills
/// it ([`Moves::stopped_by`]), so that rules whose moves run user code (a
/// script) end a long call when the computation is stopped.
#[derive(Clone, Debug)]
pub struct Moves<P> {
    parts: Vec<P>,
    ends: Vec<usize>,
    labels: Vec<String>,
    want_labels: bool,
    stop: Stop,
}

impl<P> Moves<P> {
    /// An empty buffer; `want_labels` says whether labels are built. Its
    /// stop token is one that nothing stops (no allocation).
    pub fn new(want_labels: bool) -> Self {
        Moves {
            parts: Vec::new(),
            ends: Vec::new(),
            labels: Vec::new(),
            want_labels,
            stop: Stop::NEVER,
        }
    }

    /// This buffer, filled for a computation that `stop` stops.
    pub fn stopped_by(mut self, stop: &Stop) -> Self {
        self.stop = stop.clone();
        self
    }

    /// The stop token of the computation that fills the buffer.
    pub fn stop(&self) -> &Stop {
        &self.stop
    }

    /// Empties the buffer, keeping its memory.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
        self.labels.clear();
    }

    /// Whether labels are being built (rulesets may skip costly formatting).
    pub fn wants_labels(&self) -> bool {
        self.want_labels
    }

    /// Adds a move whose result is the sum of `parts`; `label` is called
    /// only when labels are wanted.
    pub fn push<I, F>(&mut self, parts: I, label: F)
    where
        I: IntoIterator<Item = P>,
        F: FnOnce() -> String,
    {
        self.parts.extend(parts);
        self.ends.push(self.parts.len());
        if self.want_labels {
            self.labels.push(label());
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of move `i`.
    pub fn parts(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.parts[start..self.ends[i]]
    }

    /// The label of move `i` (empty when labels were not wanted).
    pub fn label(&self, i: usize) -> &str {
        self.labels.get(i).map(String::as_str).unwrap_or("")
    }

    /// Iterates over the moves' parts.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |i| self.parts(i))
    }
}

impl<P> Moves<P> {
    /// Every part of every move, in order (for solvers that only need to
    /// know each part's value).
    pub fn all_parts(&self) -> &[P] {
        &self.parts
    }
}
