//! The common questions as methods of a parsed [`Game`]: its value, its
//! heap values and its pattern, without a [`crate::rules::GameVisitor`]
//! at each call.

use super::{analyze, heap_values, value_report, AnalyzeReport, HeapValues, Unwatched, ValueReport};
use crate::query::Query;
use crate::rules::{Game, GameVisitor, Ruleset};
use crate::solve::Limits;
use crate::Result;

impl Game {
    /// Who wins the sum of `positions` in normal play, its Grundy value
    /// and its winning moves, within the default bounds.
    ///
    /// # Errors
    /// A position these rules cannot read, or a bound reached.
    ///
    /// # Examples
    /// ```
    /// let kayles: sprague::rules::Game = "kayles".parse().unwrap();
    /// let r = kayles.value(&["7", "11"]).unwrap();
    /// assert_eq!(r.grundy, Some(4));
    /// ```
    pub fn value(&self, positions: &[&str]) -> Result<ValueReport> {
        self.value_with(positions, &Query::default())
    }

    /// [`Game::value`] for any question: misère play, remoteness, the
    /// players' skills, other bounds ([`Query`]).
    ///
    /// # Errors
    /// As [`Game::value`].
    pub fn value_with(&self, positions: &[&str], query: &Query) -> Result<ValueReport> {
        let positions: Vec<String> = positions.iter().map(|p| p.to_string()).collect();
        value_report(self, &positions, query, false)
    }

    /// g(0..=upto) of a heap game, by the best method for the size (the
    /// dense table or the sequence engine; [`super::heap_values`]).
    ///
    /// # Errors
    /// [`crate::Error::NotHeap`] when positions are not single heaps, or a
    /// bound reached.
    ///
    /// # Examples
    /// ```
    /// let g = "kayles".parse::<sprague::rules::Game>().unwrap().heap_values(11).unwrap();
    /// assert_eq!(g.get(11), Some(6));
    /// ```
    pub fn heap_values(&self, upto: u64) -> Result<HeapValues> {
        /// The values of the concrete rules.
        struct Job(u64);
        impl GameVisitor for Job {
            type Output = Result<HeapValues>;
            fn visit<R: Ruleset>(self, rules: &R) -> Self::Output {
                heap_values(rules, self.0, Limits::default(), &mut Unwatched).map(|(v, _)| v)
            }
        }
        self.visit(Job(upto))
    }

    /// The pattern of the game's values (a period, arithmetic periodicity,
    /// or none found), proven where a theorem allows; `upto` the values
    /// looked at (`None`: as many as the game's kind needs).
    ///
    /// # Errors
    /// A game without a table of values, or a bound reached.
    pub fn analyze(&self, upto: Option<u64>) -> Result<AnalyzeReport> {
        analyze(self, upto.map(|n| (n, None)), Limits::default())
    }
}
