//! The component solver: Grundy values of games whose positions split
//! into independent components with canonical keys (games on boards and
//! graphs, [`crate::rules::board`]).
//!
//! A position's value is the xor of its components' values
//! (Sprague–Grundy); a component's value is the mex of its options' values,
//! each option again a sum of components. Values are remembered per key in
//! a [`ComponentMemo`], so a shape met on any board, turned or mirrored, is
//! searched once: the method of Lemoine and Viennot's Glop ("Nimbers are
//! inevitable", arXiv 1011.5841). The memo can be written to and read from
//! bytes (a solved-positions database), and a process-wide memo per family
//! ([`shared_memo`]) lets every question about one game reuse the last.

use super::{Limits, WinningMove};
use crate::rules::board::{Key, Splitting};
use crate::rules::{Moves, Ruleset};
use crate::{Error, Nimber, Result};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod table;
use table::Shapes;

/// The first line of a memo file.
const MAGIC: &[u8] = b"sprague component memo 1\n";

/// Component values by key, for one family of keys.
///
/// A key of at most 10 bytes (every Cram shape on a board of up to 64
/// cells) is packed with its value in a 12-byte slot of an open-addressed
/// table; longer keys are kept in a hash map.
///
/// # Examples
/// ```
/// use sprague::rules::Cram;
/// use sprague::solve::{ComponentMemo, ComponentSolver};
/// use sprague::solve::Limits;
/// use sprague::rules::Ruleset;
/// use sprague::Nimber;
///
/// let cram = Cram::parse("cram:3x3", "3x3").unwrap();
/// let mut memo = ComponentMemo::new("cram split+full");
/// let mut s = ComponentSolver::new(&cram, &mut memo, Limits::default()).unwrap();
/// assert_eq!(s.grundy(&cram.start().unwrap()).unwrap(), Nimber(0));
/// let mut bytes = Vec::new();
/// memo.write_to(&mut bytes).unwrap();
/// let back = ComponentMemo::read_from("db", &bytes).unwrap();
/// assert_eq!(back.len(), memo.len());
/// ```
#[derive(Clone, Debug, Default)]
pub struct ComponentMemo {
    family: String,
    values: Shapes,
    /// How many of its values a theorem gave (not kept in its file).
    by_theorem: usize,
}

impl ComponentMemo {
    /// An empty memo for keys of `family` (see
    /// [`Splitting::family`]).
    pub fn new(family: &str) -> ComponentMemo {
        ComponentMemo {
            family: family.to_string(),
            values: Shapes::default(),
            by_theorem: 0,
        }
    }

    /// The family of its keys.
    pub fn family(&self) -> &str {
        &self.family
    }

    /// The number of components it holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    /// The bytes its tables take (roughly): 12 bytes a slot for a key of
    /// at most 10 bytes (a Cram shape on a board of up to 64 cells), the
    /// table at most three quarters full.
    pub fn bytes(&self) -> usize {
        self.values.bytes()
    }

    /// The value of the component `key`, if known.
    pub fn get(&self, key: &Key) -> Option<Nimber> {
        self.values.get(key).map(|v| Nimber(v as u64))
    }

    /// Starts loading the memory where `key`'s value would be, for a
    /// [`ComponentMemo::get`] soon after (searches list all the keys of a
    /// position's moves first, then look them up).
    pub(crate) fn prefetch(&self, key: &Key) {
        self.values.prefetch(key);
    }

    /// Every component's key and value, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = (Key, Nimber)> + '_ {
        self.values.iter().map(|(k, v)| (k, Nimber(v as u64)))
    }

    /// Records the value of the component `key`.
    pub fn insert(&mut self, key: Key, value: u32) {
        self.values.insert(key, value);
    }

    /// Records the value of the component `key` that a theorem gave
    /// ([`Splitting::known_value`]), counting it.
    pub fn insert_by_theorem(&mut self, key: Key, value: u32) {
        self.values.insert(key, value);
        self.by_theorem += 1;
    }

    /// How many values [`ComponentMemo::insert_by_theorem`] recorded.
    pub fn by_theorem(&self) -> usize {
        self.by_theorem
    }

    /// Forgets every value.
    pub fn clear(&mut self) {
        self.values.clear();
        self.by_theorem = 0;
    }

    /// Writes the memo: a header line, the family, the count, then each
    /// key (length, bytes) and value, little-endian.
    ///
    /// # Errors
    /// The writer's.
    pub fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut buf = std::io::BufWriter::new(w);
        use std::io::Write;
        buf.write_all(MAGIC)?;
        buf.write_all(self.family.as_bytes())?;
        buf.write_all(b"\n")?;
        buf.write_all(&(self.values.len() as u64).to_le_bytes())?;
        for (k, v) in self.values.iter() {
            let b = k.as_bytes();
            buf.write_all(&(b.len() as u16).to_le_bytes())?;
            buf.write_all(b)?;
            buf.write_all(&v.to_le_bytes())?;
        }
        buf.flush()
    }

    /// Reads a memo written by [`ComponentMemo::write_to`]; `file` names
    /// it in errors.
    ///
    /// # Errors
    /// [`Error::BadFile`] saying what is wrong (not a memo, cut short, …).
    pub fn read_from(file: &str, bytes: &[u8]) -> Result<ComponentMemo> {
        let bad = |reason: String| Error::BadFile {
            file: file.to_string(),
            reason,
        };
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or_else(|| bad("not a component memo written by sprague (--memo)".into()))?;
        let nl = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or_else(|| bad("the memo's family line is cut short".into()))?;
        let family = std::str::from_utf8(&rest[..nl])
            .map_err(|_| bad("the memo's family is not text".into()))?
            .to_string();
        let mut at = nl + 1;
        let mut take = |n: usize, what: &str| -> Result<&[u8]> {
            let b = rest
                .get(at..at + n)
                .ok_or_else(|| bad(format!("the memo is cut short in {what}")))?;
            at += n;
            Ok(b)
        };
        let count = u64::from_le_bytes(take(8, "its count")?.try_into().expect("8 bytes"));
        let mut values = Shapes::default();
        // Room for every entry at once (they come in the order of the
        // table that wrote them: see `Shapes::reserve`), for no more than
        // the file's bytes hold (an entry takes at least 7).
        values.reserve(usize::try_from(count).unwrap_or(usize::MAX).min(rest.len() / 7));
        for i in 0..count {
            let what = format!("entry {}", i + 1);
            let len = u16::from_le_bytes(take(2, &what)?.try_into().expect("2 bytes")) as usize;
            let key = Key::from_bytes(take(len, &what)?);
            let v = u32::from_le_bytes(take(4, &what)?.try_into().expect("4 bytes"));
            values.insert(key, v);
        }
        if at != rest.len() {
            return Err(bad(format!("{} bytes after the last entry", rest.len() - at)));
        }
        Ok(ComponentMemo {
            family,
            values,
            by_theorem: 0,
        })
    }

    /// Takes in every value of `other`, a memo of the same family.
    ///
    /// # Errors
    /// [`Error::BadFile`] naming `file` when the families differ.
    pub fn merge(&mut self, file: &str, other: ComponentMemo) -> Result<()> {
        if other.family != self.family {
            return Err(Error::BadFile {
                file: file.to_string(),
                reason: format!("it holds values of `{}`, not of `{}`", other.family, self.family),
            });
        }
        if self.values.len() == 0 {
            // Nothing to merge into (a memo file read at the start): taken
            // whole, without a second table the size of the file's.
            self.values = other.values;
            return Ok(());
        }
        self.values.reserve(other.len());
        for (k, v) in other.values.iter() {
            self.values.insert(k, v);
        }
        Ok(())
    }
}

/// A board search offers its memo to the front end as what it has solved
/// (every value in a memo is exact).
impl super::progress::SolvedSoFar for ComponentMemo {
    fn count(&self) -> usize {
        self.len()
    }

    fn write_to(&self, w: &mut dyn std::io::Write) -> std::io::Result<()> {
        ComponentMemo::write_to(self, w)
    }
}

/// The process-wide memo of `family`: every question about games of one
/// family (a play session's positions, a table along a family) shares it.
pub fn shared_memo(family: &str) -> Arc<Mutex<ComponentMemo>> {
    static SHARED: Mutex<Option<HashMap<String, Arc<Mutex<ComponentMemo>>>>> = Mutex::new(None);
    let mut guard = SHARED.lock().unwrap_or_else(|e| e.into_inner());
    Arc::clone(
        guard
            .get_or_insert_with(HashMap::new)
            .entry(family.to_string())
            .or_insert_with(|| Arc::new(Mutex::new(ComponentMemo::new(family)))),
    )
}

/// One component being expanded.
struct Frame {
    key: Key,
    options: Moves<Key>,
    next: usize,
}

/// Values of positions of splitting rules, remembered in a
/// [`ComponentMemo`].
pub struct ComponentSolver<'a, P> {
    rules: &'a dyn Splitting<P>,
    memo: &'a mut ComponentMemo,
    limits: Limits,
    work: u64,
    keys: Vec<Key>,
}

impl<'a, P> ComponentSolver<'a, P> {
    /// A solver for `rules` remembering into `memo`, within `limits`: the
    /// memo may grow to `limits.max_states` components, and a search may
    /// list `limits.max_work` options.
    ///
    /// # Errors
    /// [`Error::Internal`] when the memo is of another family.
    pub fn new(rules: &'a dyn Splitting<P>, memo: &'a mut ComponentMemo, limits: Limits) -> Result<Self> {
        if memo.family != rules.family() {
            return Err(Error::Internal(format!(
                "a memo of `{}` given to rules of `{}`",
                memo.family,
                rules.family()
            )));
        }
        Ok(ComponentSolver {
            rules,
            memo,
            limits,
            work: 0,
            keys: Vec::new(),
        })
    }

    /// Options listed so far (the work done).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The Grundy value of `p`: the xor of its components' values.
    ///
    /// # Complexity
    /// Each component shape reachable from `p` is searched once (and never
    /// again while the memo holds it): its options are listed and keyed.
    pub fn grundy(&mut self, p: &P) -> Result<Nimber> {
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        self.rules.keys(p, &mut keys);
        let mut g = Nimber::ZERO;
        let mut result = Ok(());
        for k in &keys {
            match self.key_value(k) {
                Ok(v) => g += v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.keys = keys;
        result.map(|()| g)
    }

    /// The value of the component `key`, by an iterative depth-first search
    /// (the path is at most as long as the component has cells).
    pub fn key_value(&mut self, root: &Key) -> Result<Nimber> {
        if let Some(v) = self.known(root) {
            return Ok(Nimber(v as u64));
        }
        let depth = self.rules.size(root) as usize + 1;
        let mut path = vec![self.frame(root.clone())?];
        while let Some(top) = path.last_mut() {
            let parts = top.options.all_parts();
            while top.next < parts.len() && self.known(&parts[top.next]).is_some() {
                top.next += 1;
            }
            if top.next < parts.len() {
                let q = parts[top.next].clone();
                if self.memo.len() + path.len() >= self.limits.max_states as usize {
                    return Err(Error::LimitExceeded {
                        what: format!(
                            "remembering the values of the components ({})",
                            self.rules.family()
                        ),
                        limit: self.limits.max_states,
                    });
                }
                if path.len() > depth {
                    return Err(Error::Internal(format!(
                        "a component of {} cells has a path of {} moves",
                        depth - 1,
                        path.len()
                    )));
                }
                let f = self.frame(q)?;
                path.push(f);
                continue;
            }
            let f = path.pop().expect("the path is not empty");
            let n = f.options.len();
            let mut seen = vec![false; n + 1];
            for parts in f.options.iter() {
                let v = parts.iter().fold(0u64, |a, q| {
                    a ^ self.memo.values.get(q).expect("every option valued") as u64
                });
                if (v as usize) <= n {
                    seen[v as usize] = true;
                }
            }
            let mex = seen.iter().position(|&s| !s).unwrap_or(n) as u32;
            self.memo.values.insert(f.key, mex);
        }
        Ok(self.memo.get(root).expect("the root was solved"))
    }

    /// The value of `key` from the memo, or from a theorem of the rules
    /// ([`Splitting::known_value`]; then it goes into the memo).
    fn known(&mut self, key: &Key) -> Option<u32> {
        if let Some(v) = self.memo.values.get(key) {
            return Some(v);
        }
        let v = self.rules.known_value(key)?;
        self.memo.insert_by_theorem(key.clone(), v);
        Some(v)
    }

    fn frame(&mut self, key: Key) -> Result<Frame> {
        let mut options = Moves::new(false);
        self.rules.options(&key, &mut options);
        self.work += options.len() as u64 + 1;
        if self.work > self.limits.max_work {
            return Err(Error::WorkExceeded {
                what: format!("valuing the components ({})", self.rules.family()),
                limit: self.limits.max_work,
            });
        }
        if self.work & 0xfff < options.len() as u64 + 1 {
            self.limits.check_stop()?;
        }
        Ok(Frame {
            key,
            options,
            next: 0,
        })
    }
}

/// Each component's value, every winning move of a sum, and the number of
/// sums an outcome search settled.
pub type ValuesAndMoves<P> = (Vec<Nimber>, Vec<WinningMove<P>>, usize);

/// Each component's value and every winning move of the sum `sum`: small
/// components valued exactly on `memo`, large ones by outcome search
/// ([`super::NimberSearch`]); a move in component i wins when the parts it
/// leaves plus a heap of g_i xor (the sum's value) form a P-position.
/// Also returns the number of sums the outcome search settled.
///
/// # Errors
/// The bound errors of the searches.
pub fn values_and_winning_moves<R: Ruleset>(
    rules: &R,
    split: &dyn Splitting<R::Position>,
    memo: &mut ComponentMemo,
    sum: &[R::Position],
    limits: Limits,
) -> Result<ValuesAndMoves<R::Position>> {
    let mut search = super::nimber_search::NimberSearch::new(split, memo, limits, SMALL)?;
    let values = sum.iter().map(|p| search.grundy(p)).collect::<Result<Vec<_>>>()?;
    let total: Nimber = values.iter().copied().sum();
    let mut wins = Vec::new();
    if total != Nimber::ZERO {
        let mut moves = Moves::new(true);
        let mut keys = Vec::new();
        for (i, p) in sum.iter().enumerate() {
            let target = values[i] + total;
            moves.clear();
            rules.moves(p, &mut moves)?;
            for m in 0..moves.len() {
                keys.clear();
                for q in moves.parts(m) {
                    split.keys(q, &mut keys);
                }
                if search.is_p(&keys, target.0 as u32)? {
                    wins.push(WinningMove {
                        component: i,
                        label: moves.label(m).to_string(),
                        parts: moves.parts(m).to_vec(),
                    });
                }
            }
        }
    }
    let settled = search.settled();
    Ok((values, wins, settled))
}

/// Components of at most this many cells (or vertices) are valued exactly;
/// larger ones by outcome search.
pub const SMALL: u32 = 16;

/// The values of the starts of the family `spec` (`cram:3xN`, see
/// [`crate::rules::board::is_family`]) for n = 0..=upto, into `out`, each
/// member parsed by `load` and valued on its family's shared memo; n = 0
/// is the empty board (value 0) when the family has no member 0. `out`
/// keeps the values found before an error (a bound ends the line at the
/// member it stopped in).
///
/// # Errors
/// A member that does not parse (past the largest board), a game that does
/// not split, or a bound of [`ComponentSolver`].
pub fn family_values_into(
    spec: &str,
    upto: u64,
    limits: Limits,
    load: &mut dyn FnMut(&str) -> Result<crate::rules::Game>,
    out: &mut Vec<u32>,
) -> Result<()> {
    use crate::rules::{board, GameVisitor};
    struct Value(Limits);
    impl GameVisitor for Value {
        type Output = Result<Nimber>;
        fn visit<R: Ruleset>(self, rules: &R) -> Result<Nimber> {
            let (Some(split), Some(p)) = (rules.splitting(), rules.start()) else {
                return Err(Error::Unsupported(format!(
                    "`{}` is not a game on a board or graph: a family (N in the spec) is for those",
                    rules.spec()
                )));
            };
            let memo = shared_memo(&split.family());
            let mut memo = memo.lock().unwrap_or_else(|e| e.into_inner());
            super::nimber_search::NimberSearch::new(split, &mut memo, self.0, SMALL)?.grundy(&p)
        }
    }
    out.clear();
    for n in 0..=upto {
        let member = board::family_member(spec, n);
        let game = match load(&member) {
            Ok(g) => g,
            // A board with no cells (3x0) or a graph with no vertex.
            Err(_) if n == 0 => {
                out.push(0);
                continue;
            }
            Err(e) => return Err(board::member_error(spec, n, e)),
        };
        out.push(game.visit(Value(limits.clone()))?.0 as u32);
    }
    Ok(())
}
