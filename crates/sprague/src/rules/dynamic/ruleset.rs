//! [`Dynamic`], rules defined at run time as the catalog holds them: the
//! [`Ruleset`] over [`Value`] positions, with its move cache.

use super::{DynMove, DynamicRules, Value};
use crate::rules::{HeapMoves, Moves, Ruleset};
use crate::{excerpt, Error, Result, Stop};
use rustc_hash::FxHashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// The move lists of positions seen so far, shared by clones and threads.
/// It stops taking new lists once it holds [`CACHE_PARTS`] parts.
#[derive(Debug, Default)]
pub(super) struct MoveCache {
    inner: Mutex<CacheInner>,
}

#[derive(Debug, Default)]
struct CacheInner {
    map: FxHashMap<Value, Arc<[DynMove]>>,
    parts: usize,
}

/// Parts (over all moves of all positions) that the cache holds, at most.
const CACHE_PARTS: usize = 1 << 22;

impl MoveCache {
    pub(super) fn get(&self, p: &Value) -> Option<Arc<[DynMove]>> {
        // The lock is never held while user code runs, so it is never
        // poisoned by an abort; take it back anyway if it were.
        let inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        inner.map.get(p).cloned()
    }

    fn put(&self, p: &Value, moves: &Arc<[DynMove]>) {
        let parts: usize = moves.iter().map(|m| m.parts.len() + 1).sum();
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        if inner.parts + parts <= CACHE_PARTS {
            inner.parts += parts;
            inner.map.insert(p.clone(), moves.clone());
        }
    }
}

/// Rules defined at run time, as the catalog holds them: a [`Ruleset`]
/// over [`Value`] positions.
///
/// Move lists are cached per position (the graph of sums asks for one
/// component's moves many times); heap games are served to the dense
/// engine through [`HeapMoves::Listed`] without the cache.
#[derive(Clone)]
pub struct Dynamic {
    pub(super) rules: Arc<dyn DynamicRules>,
    pub(super) cache: Arc<MoveCache>,
}

impl Dynamic {
    /// Wraps rules defined at run time.
    pub fn new(rules: Arc<dyn DynamicRules>) -> Dynamic {
        Dynamic {
            rules,
            cache: Arc::default(),
        }
    }

    /// The rules it wraps.
    pub fn rules(&self) -> &Arc<dyn DynamicRules> {
        &self.rules
    }

    /// The moves of `p`, from the cache or the rules (a call that `stop`
    /// ends).
    fn listed(&self, p: &Value, stop: &Stop) -> Result<Arc<[DynMove]>> {
        if let Some(m) = self.cache.get(p) {
            return Ok(m);
        }
        let moves: Arc<[DynMove]> = self.fetch(p, stop)?.into();
        self.cache.put(p, &moves);
        Ok(moves)
    }

    /// The moves of `p` from the rules; in a heap game without parts of
    /// size 0 (an empty heap is no component).
    fn fetch(&self, p: &Value, stop: &Stop) -> Result<Vec<DynMove>> {
        let mut m = self
            .rules
            .moves(p, stop)
            .map_err(|e| expanding(&*self.rules, e, p))?;
        if self.rules.heap() {
            for mv in &mut m {
                mv.parts.retain(|q| *q != Value::Int(0));
            }
        }
        Ok(m)
    }
}

/// `e`, saying which position of which rules was being expanded.
pub(super) fn expanding(rules: &dyn DynamicRules, e: Error, p: &Value) -> Error {
    let at = format!("(expanding position `{}`)", excerpt(&p.to_string()));
    match e {
        Error::Stopped => Error::Stopped,
        Error::Script { script, reason } => Error::Script {
            script,
            reason: format!("{reason} {at}"),
        },
        Error::ScriptLimit {
            script,
            bound,
            reason,
        } => Error::ScriptLimit {
            script,
            bound,
            reason: format!("{reason} {at}"),
        },
        // A bound of the solver, a stop or a bug keeps its kind.
        other if other.kind() != crate::ErrorKind::BadInput => other,
        other => Error::Script {
            script: rules.spec(),
            reason: format!("{other} {at}"),
        },
    }
}

impl fmt::Debug for Dynamic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dynamic({})", self.rules.spec())
    }
}

/// Two handles are equal when they share the same rules.
impl PartialEq for Dynamic {
    fn eq(&self, other: &Dynamic) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules)
    }
}

impl Eq for Dynamic {}

/// The label of a move without one: where it leads.
fn default_label(rules: &Dynamic, parts: &[Value]) -> String {
    if parts.is_empty() {
        return "to nothing (the component is gone)".into();
    }
    let names: Vec<String> = parts.iter().map(|q| rules.format_position(q)).collect();
    format!("to {}", names.join(" + "))
}

impl Ruleset for Dynamic {
    type Position = Value;

    fn spec(&self) -> String {
        self.rules.spec()
    }

    fn parse_position(&self, text: &str) -> Result<Value> {
        let p = self.rules.parse(text)?;
        if self.rules.heap() && !matches!(p, Value::Int(n) if n >= 0) {
            return Err(Error::BadPosition {
                text: text.to_string(),
                reason: format!(
                    "`{}` is a heap game: a position is a whole number n ≥ 0",
                    self.spec()
                ),
            });
        }
        Ok(p)
    }

    fn check_position(&self, p: &Value) -> Result<()> {
        if self.rules.heap() && !matches!(p, Value::Int(n) if *n >= 0) {
            return Err(crate::rules::not_a_position(
                p.to_string(),
                format!(
                    "`{}` is a heap game: a position is a whole number n ≥ 0",
                    self.spec()
                ),
            ));
        }
        Ok(())
    }

    /// The rules' own text for `p`; where the rules fail to write it (a
    /// script's `fn format` that throws), the position as a value
    /// (`[1, 2]`), so that a report can still name it.
    fn format_position(&self, p: &Value) -> String {
        self.rules.format(p).unwrap_or_else(|_| p.to_string())
    }

    fn moves(&self, p: &Value, out: &mut Moves<Value>) -> Result<()> {
        for m in self.listed(p, out.stop())?.iter() {
            let label = match (&m.label, out.wants_labels()) {
                (_, false) => String::new(),
                (Some(l), true) => l.clone(),
                (None, true) => match self.rules.label(p, &m.parts) {
                    Ok(Some(l)) => l,
                    Ok(None) => default_label(self, &m.parts),
                    Err(e) => return Err(expanding(&*self.rules, e, p)),
                },
            };
            out.push(m.parts.iter().cloned(), || label);
        }
        Ok(())
    }

    fn may_loop(&self) -> bool {
        self.rules.may_loop()
    }

    fn heap_size(&self, p: &Value) -> Option<u64> {
        match p {
            Value::Int(n) if self.rules.heap() && *n >= 0 => Some(*n as u64),
            _ => None,
        }
    }

    fn heap_moves(&self) -> Option<HeapMoves<'_>> {
        self.rules.heap().then_some(HeapMoves::Listed(self))
    }

    fn pair_position(&self, x: u64, y: u64) -> Result<Option<Value>> {
        if self.rules.heap() || x > i64::MAX as u64 || y > i64::MAX as u64 {
            return Ok(None);
        }
        self.rules.pair(x, y)
    }

    fn pair_origin(&self) -> u64 {
        self.rules.pair_origin()
    }
}
