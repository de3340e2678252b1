//! Any finite game graph, read from text: one line per position,
//! `NAME: F1 F2 …` listing the positions NAME moves to. Cycles are allowed.

use super::{Moves, Ruleset};
use crate::{excerpt, Error, Result};
use std::collections::HashMap;

/// The most positions a graph file may define.
pub const GRAPH_MAX_NODES: usize = 10_000_000;

/// A game on an explicit finite graph; a position is a node's index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphGame {
    /// The file it was read from, as the user named it (for the spec).
    pub file: String,
    /// Node names, in the order of their lines.
    pub names: Vec<String>,
    /// The moves of each node: indices of the nodes it moves to.
    pub edges: Vec<Vec<u32>>,
    index: HashMap<String, u32>,
}

/// What the lines of a graph file define, as its errors name them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Words {
    /// One of them: `position`, `vertex`.
    pub one: &'static str,
    /// More than one: `positions`, `vertices`.
    pub many: &'static str,
    /// What a line lists after the colon: `FOLLOWERS`, `NEIGHBOURS`.
    pub listed: &'static str,
    /// What a line that lists nothing is for: `for one without moves`.
    pub bare: &'static str,
    /// Whether a name may list itself (a position that moves to itself;
    /// a vertex may not be its own neighbour).
    pub loops: bool,
}

impl Words {
    /// A game's positions and their moves (`graph:`).
    pub const GAME: Words = Words {
        one: "position",
        many: "positions",
        listed: "FOLLOWERS",
        bare: "for one without moves",
        loops: true,
    };
    /// A graph's vertices and their neighbours (Node Kayles, octal games
    /// on graphs).
    pub const VERTICES: Words = Words {
        one: "vertex",
        many: "vertices",
        listed: "NEIGHBOURS",
        bare: "on a line of its own (its edges may all be written on other lines)",
        loops: false,
    };
}

fn valid_name(t: &str) -> bool {
    !t.is_empty()
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl GraphGame {
    /// Parses a graph file's text. `file` names it in errors and in the spec.
    ///
    /// Each line is `NAME: F1 F2 …` (`NAME:` for a position without moves);
    /// `#` starts a comment; blank lines are skipped. Names are letters,
    /// digits, `_` and `-`. Every follower must have a line of its own.
    ///
    /// # Errors
    /// [`Error::BadFile`] naming the line (1-based) and the token.
    ///
    /// ```
    /// use sprague::rules::GraphGame;
    /// let g = GraphGame::parse("g.txt", "a: b c\nb: a\nc:\n").unwrap();
    /// assert_eq!(g.names, ["a", "b", "c"]);
    /// assert!(GraphGame::parse("g.txt", "a: b\n").unwrap_err().to_string().contains("line 1"));
    /// ```
    pub fn parse(file: &str, text: &str) -> Result<GraphGame> {
        GraphGame::parse_until(file, text, &crate::Stop::NEVER)
    }

    /// [`GraphGame::parse`], ended with [`Error::Stopped`] soon after
    /// `stop` is stopped (a file may hold millions of lines: it is looked
    /// at every 4096 lines, and every 4096 positions as their moves are
    /// resolved).
    ///
    /// ```
    /// use sprague::{rules::GraphGame, Error, Stop};
    /// let stop = Stop::new();
    /// stop.stop();
    /// assert_eq!(GraphGame::parse_until("g.txt", "a: b\nb:\n", &stop).unwrap_err(), Error::Stopped);
    /// ```
    pub fn parse_until(file: &str, text: &str, stop: &crate::Stop) -> Result<GraphGame> {
        GraphGame::parse_as(file, text, stop, &Words::GAME)
    }

    /// [`GraphGame::parse_until`], its errors naming what a line defines
    /// as `words` say (a game's positions, a graph's vertices).
    pub(crate) fn parse_as(file: &str, text: &str, stop: &crate::Stop, words: &Words) -> Result<GraphGame> {
        /// Lines (and positions) between two looks at the stop token.
        const EVERY: usize = 1 << 12;
        let bad = |line: usize, token: &str, reason: &str| Error::BadFile {
            file: file.to_string(),
            reason: format!("line {line}: {reason} (token `{}`)", excerpt(token)),
        };
        let mut names = Vec::new();
        let mut index: HashMap<String, u32> = HashMap::new();
        let mut raw: Vec<(usize, Vec<String>)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if i % EVERY == 0 {
                stop.check()?;
            }
            let n = i + 1;
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let Some((name, rest)) = line.split_once(':') else {
                return Err(bad(n, line, &format!("expected `NAME: {}…`", words.listed)));
            };
            let name = name.trim();
            if !valid_name(name) {
                return Err(bad(n, name, "a name is letters, digits, `_` and `-`"));
            }
            if index.contains_key(name) {
                return Err(bad(n, name, &format!("this {} already has a line", words.one)));
            }
            if names.len() >= GRAPH_MAX_NODES {
                return Err(bad(
                    n,
                    name,
                    &format!("more than {GRAPH_MAX_NODES} {}", words.many),
                ));
            }
            let mut follow = Vec::new();
            for t in rest.split_whitespace() {
                if !valid_name(t) {
                    return Err(bad(n, t, "a name is letters, digits, `_` and `-`"));
                }
                if !words.loops && t == name {
                    return Err(bad(
                        n,
                        t,
                        &format!("a {} may not list itself (a loop)", words.one),
                    ));
                }
                follow.push(t.to_string());
            }
            index.insert(name.to_string(), names.len() as u32);
            names.push(name.to_string());
            raw.push((n, follow));
        }
        if names.is_empty() {
            return Err(Error::BadFile {
                file: file.to_string(),
                reason: format!(
                    "no {}: write one line `NAME: {}…` per {}",
                    words.one, words.listed, words.one
                ),
            });
        }
        let mut edges = Vec::with_capacity(raw.len());
        for (k, (n, follow)) in raw.into_iter().enumerate() {
            if k % EVERY == 0 {
                stop.check()?;
            }
            let mut out = Vec::with_capacity(follow.len());
            for t in follow {
                match index.get(&t) {
                    Some(&j) => out.push(j),
                    None => {
                        return Err(bad(
                            n,
                            &t,
                            &format!(
                                "no line defines this {}: write `{}:` {}",
                                words.one,
                                excerpt(&t),
                                words.bare
                            ),
                        ))
                    }
                }
            }
            edges.push(out);
        }
        Ok(GraphGame {
            file: file.to_string(),
            names,
            edges,
            index,
        })
    }
}

impl Ruleset for GraphGame {
    type Position = u32;

    fn spec(&self) -> String {
        format!("graph:{}", self.file)
    }

    fn parse_position(&self, text: &str) -> Result<u32> {
        self.index
            .get(text.trim())
            .copied()
            .ok_or_else(|| Error::BadPosition {
                text: text.to_string(),
                reason: format!("`{}` has no position of this name", self.file),
            })
    }

    fn format_position(&self, &p: &u32) -> String {
        self.names[p as usize].clone()
    }

    fn check_position(&self, &p: &u32) -> Result<()> {
        if p as usize >= self.names.len() {
            return Err(super::not_a_position(
                format!("node #{p}"),
                format!("`{}` has {} positions", self.file, self.names.len()),
            ));
        }
        Ok(())
    }

    fn moves(&self, &p: &u32, out: &mut Moves<u32>) -> Result<()> {
        for &q in &self.edges[p as usize] {
            out.push([q], || format!("move to {}", self.names[q as usize]));
        }
        Ok(())
    }

    fn branching(&self, &p: &u32) -> u64 {
        self.edges[p as usize].len() as u64
    }

    fn may_loop(&self) -> bool {
        true
    }
}
