//! `sprague._sprague`: the native half of the Python package `sprague`.
//!
//! A thin adapter over the library, as the CLI is: games are parsed by
//! [`Game::load`], questions go to [`sprague::query::answer`], reports are
//! the library's [`sprague::report`] types serialised to the same JSON as
//! the CLI's `--json` (the Python half turns it into dicts), so that the two
//! front ends cannot drift apart. The Pythonic face (argument handling,
//! `Move`, `Table`, HTML) lives in `python/sprague/__init__.py`.
//!
//! Three rules hold for every call:
//!
//! - every long call (tables, values, analyses, skill curves, survey
//!   runs, contest problems, and the constructors, whose scripts' top-level
//!   statements may run long) computes on a thread of its own without the
//!   GIL, with a stop token in its limits, while the calling thread checks
//!   for signals (module `interrupt`): Ctrl-C stops it with
//!   `KeyboardInterrupt`;
//! - rules from Python (`callback::PyRules`) enter through the library's
//!   dynamic-ruleset seam, like Rhai scripts, and their failures come back
//!   as the library's errors, values like any other;
//! - no panic reaches Python: one that escapes the library becomes
//!   `sprague.InternalError`.
//!
//! Surveys (`survey`) run many codes, one record each, for `sprague.survey`.
#![forbid(unsafe_code)]

mod callback;
mod errors;
mod interrupt;
mod survey;
mod table;

use callback::PyRules;
use errors::Failure;
use pyo3::prelude::*;
use sprague::query::Query;
use sprague::report::{analyze, misere_report, BoardFamily, Line};
use sprague::rules::{Dynamic, Game, GameVisitor, Ruleset, ScriptLimits, ScriptRules};
use sprague::solve::QuotientAsk;
use sprague::solve::{parse_probability, Skill};
use sprague::solve::{Limits, Play};
use sprague::{Error, Stop};
use std::sync::Arc;

/// A game, held by Python: the library's [`Game`] and, for rules written
/// in Python, the callback whose exceptions are to be re-raised.
#[pyclass(module = "sprague._sprague", name = "Native", frozen)]
struct Native {
    game: Arc<Game>,
    callback: Option<Arc<PyRules>>,
    /// A family of boards (`cram:3xN`), whose table runs along N; `game`
    /// is then its member 1, and only `table` answers.
    family: Option<BoardFamily>,
}

/// The bounds every computing call takes, as the CLI's `--max-states` and
/// `--max-work`.
fn limits(max_states: Option<u64>, max_work: Option<u64>) -> Limits {
    let d = Limits::default();
    Limits {
        max_states: max_states.unwrap_or(d.max_states),
        max_work: max_work.unwrap_or(d.max_work),
        ..Limits::default()
    }
}

/// Runs `work` within `limits` with a fresh stop token in them, as
/// [`interrupt::interruptible`] runs it: Ctrl-C stops it.
fn stoppable<T: Send + 'static>(
    py: Python<'_>,
    limits: Limits,
    work: impl FnOnce(Limits) -> Result<T, Failure> + Send + 'static,
) -> Result<T, Failure> {
    let stop = Stop::new();
    let limits = Limits {
        stop: stop.clone(),
        ..limits
    };
    interrupt::interruptible(py, &stop, move || work(limits))
}

impl Native {
    /// Runs `work` on the game within `limits` (given a stop token of its
    /// own), on a thread of its own that Ctrl-C stops
    /// ([`interrupt::interruptible`]), guarded, and maps its error (an
    /// exception raised by a Python callback comes back as is).
    fn run<T: Send + 'static>(
        &self,
        py: Python<'_>,
        limits: Limits,
        work: impl FnOnce(&Game, Limits) -> Result<T, Failure> + Send + 'static,
    ) -> PyResult<T> {
        let game = self.game.clone();
        if let Some(f) = &self.family {
            return errors::finish(Err(Error::Unsupported(family_only(f)).into()), None);
        }
        let done = stoppable(py, limits, move |limits| work(&game, limits));
        errors::finish(done, self.callback.as_deref())
    }
}

/// `skill` as `value --skill` reads it (`"0.5"`, `"1/2,0.8"`).
fn parse_skill(random: bool, skill: Option<&str>) -> Result<Option<Skill>, Error> {
    if random {
        return Ok(Some(Skill::random()));
    }
    let Some(text) = skill else {
        return Ok(None);
    };
    let bad = |e: String| Error::Unsupported(format!("bad --skill `{text}`: {e}"));
    Ok(Some(match text.split_once(',') {
        Some((p, q)) => Skill {
            mover: parse_probability(p).map_err(bad)?,
            opponent: parse_probability(q).map_err(bad)?,
        },
        None => Skill::both(parse_probability(text).map_err(bad)?),
    }))
}

#[pymethods]
impl Native {
    /// A game from its spec; `script:FILE` and `graph:FILE` read the file.
    /// Ctrl-C stops it (a script's top-level statements) as it stops the
    /// long calls.
    #[new]
    fn new(py: Python<'_>, spec: &str) -> PyResult<Native> {
        let spec = spec.to_string();
        let done = stoppable(py, Limits::default(), move |limits| {
            // The library decides whether the spec is a family of boards.
            let script = ScriptLimits::default();
            Ok(
                match Line::load_until(&spec, &mut read_spec_file, script, &limits.stop)? {
                    Line::Heaps(game) => (game, None),
                    Line::Family(f) => (f.member(1, &mut read_spec_file)?, Some(f)),
                },
            )
        });
        let (game, family) = errors::finish(done, None)?;
        Ok(Native {
            game: Arc::new(game),
            callback: None,
            family,
        })
    }

    /// A game from the text of a Rhai script, named `script:NAME`; Ctrl-C
    /// stops its top-level statements.
    #[staticmethod]
    fn from_script(py: Python<'_>, text: &str, name: &str) -> PyResult<Native> {
        let (text, name) = (text.to_string(), name.to_string());
        let done = stoppable(py, Limits::default(), move |limits| {
            let rules = ScriptRules::compile_until(&name, &text, ScriptLimits::default(), &limits.stop)?;
            Ok(Game::Dynamic(Dynamic::new(Arc::new(rules))))
        });
        let game = errors::finish(done, None)?;
        Ok(Native {
            game: Arc::new(game),
            callback: None,
            family: None,
        })
    }

    /// A game whose moves come from the Python function `moves`.
    #[staticmethod]
    fn from_moves(moves: Py<PyAny>, name: String, heap: bool, loopy: bool) -> Native {
        let rules = Arc::new(PyRules::new(moves, name, heap, loopy));
        Native {
            game: Arc::new(Game::Dynamic(Dynamic::new(rules.clone()))),
            callback: Some(rules),
            family: None,
        }
    }

    /// The canonical spec.
    fn spec(&self) -> String {
        match &self.family {
            Some(f) => f.spec().to_string(),
            None => self.game.spec(),
        }
    }

    /// Whether the game is a heap game (tables of g(0..=N)).
    fn is_heap(&self) -> bool {
        struct IsHeap;
        impl GameVisitor for IsHeap {
            type Output = bool;
            fn visit<R: Ruleset>(self, rules: &R) -> bool {
                rules.heap_moves().is_some()
            }
        }
        self.game.visit(IsHeap)
    }

    /// The report of `sprague value --json`, as JSON text.
    #[pyo3(signature = (positions, misere=false, random=false, skill=None, max_moves=100, remoteness=true, max_states=None, max_work=None))]
    #[allow(clippy::too_many_arguments)]
    fn value(
        &self,
        py: Python<'_>,
        positions: Vec<String>,
        misere: bool,
        random: bool,
        skill: Option<String>,
        max_moves: usize,
        remoteness: bool,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<String> {
        self.run(py, limits(max_states, max_work), move |game, limits| {
            let query = Query {
                play: if misere { Play::Misere } else { Play::Normal },
                skill: parse_skill(random, skill.as_deref())?,
                limits,
                max_moves,
                remoteness,
            };
            let report = sprague::report::value_report(game, &positions, &query, skill.is_some() && !random)?;
            serde_json::to_string(&report).map_err(|e| Failure::Internal(e.to_string()))
        })
    }

    /// g(0..=n) of a heap game: a NumPy array of uint16 (uint32 where a
    /// value passes 65535); Ctrl-C stops it.
    #[pyo3(signature = (n, max_states=None, max_work=None))]
    fn table<'py>(
        &self,
        py: Python<'py>,
        n: u64,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = match &self.family {
            // Along a family of boards: the library's one call for tables.
            Some(f) => {
                let f = f.clone();
                let done = stoppable(py, limits(max_states, max_work), move |limits| {
                    table::family_values(&f, n, limits)
                });
                errors::finish(done, None)?
            }
            None => self.run(py, limits(max_states, max_work), move |game, limits| {
                table::heap_values(game, n, limits)
            })?,
        };
        Ok(table::to_numpy(py, values))
    }

    /// The 2-D table of a game on two numbers, cells `(x, y)` from the
    /// game's origin to `(n, m)`, as `sprague table --upto N,M --json`.
    #[pyo3(signature = (n, m, max_states=None, max_work=None))]
    fn table2(
        &self,
        py: Python<'_>,
        n: u64,
        m: u64,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<String> {
        self.run(py, limits(max_states, max_work), move |game, limits| {
            table::pair_table(game, n, m, limits)
        })
    }

    /// The report of `sprague analyze --json`, as JSON text, with the
    /// proven pattern's evaluator as Python source (or `None`).
    #[pyo3(signature = (upto=None, upto2=None, max_states=None, max_work=None))]
    fn analyze(
        &self,
        py: Python<'_>,
        upto: Option<u64>,
        upto2: Option<u64>,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<(String, Option<String>)> {
        if let Some(f) = &self.family {
            // Along a family of boards: the library's family report.
            let f = f.clone();
            if let Some(m) = upto2 {
                return Err(errors::to_py(&f.no_second_size(&format!("upto2={m}"))));
            }
            let done = stoppable(py, limits(max_states, max_work), move |limits| {
                let r = sprague::report::family_report(&f, upto, limits, &mut read_spec_file)?;
                serde_json::to_string(&r).map_err(|e| Failure::Internal(e.to_string()))
            });
            return Ok((errors::finish(done, None)?, None));
        }
        self.run(py, limits(max_states, max_work), move |game, limits| {
            let r = analyze(game, upto.map(|n| (n, upto2)), limits)?;
            let code = r.proof.as_ref().map(|p| {
                let comment = format!("g(n) of {}: {}.", r.spec, p.summary());
                p.evaluator.emit(sprague::pattern::Language::Python, &comment)
            });
            let json = serde_json::json!({
                "spec": r.spec,
                "checked_upto": r.checked_upto,
                "findings": r.findings,
            });
            Ok((json.to_string(), code))
        })
    }

    /// The misère quotient of a heap game (the library's
    /// [`sprague::report::MisereReport`]), as JSON text: the keys of
    /// `sprague analyze --misere --json`. Its tables take at most
    /// `max_memory` bytes, by default the memory this process can still
    /// get, by the rule every front end follows
    /// ([`sprague_host::computation_memory`], `docs/memory.md`).
    #[pyo3(signature = (upto=None, max_order=None, max_memory=None, max_states=None, max_work=None))]
    fn analyze_misere(
        &self,
        py: Python<'_>,
        upto: Option<u64>,
        max_order: Option<usize>,
        max_memory: Option<u64>,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<String> {
        if let Some(f) = &self.family {
            return Err(errors::to_py(&f.no_misere()));
        }
        self.run(py, limits(max_states, max_work), move |game, limits| {
            let ask = QuotientAsk {
                upto,
                max_order,
                memory: max_memory.or_else(|| sprague_host::computation_memory(sprague_host::Share::Alone)),
            };
            let report = misere_report(game, &ask, limits)?;
            serde_json::to_string(&report).map_err(|e| Failure::Internal(e.to_string()))
        })
    }

    /// The win chance of the sum against the players' skills (the
    /// library's [`sprague::report::SkillReport`]), as JSON text.
    #[pyo3(signature = (positions, misere=false, max_states=None, max_work=None))]
    fn skill_curve(
        &self,
        py: Python<'_>,
        positions: Vec<String>,
        misere: bool,
        max_states: Option<u64>,
        max_work: Option<u64>,
    ) -> PyResult<String> {
        self.run(py, limits(max_states, max_work), move |game, limits| {
            let play = if misere { Play::Misere } else { Play::Normal };
            let report = sprague::report::skill_report(game, &positions, play, limits)?;
            serde_json::to_string(&report).map_err(|e| Failure::Internal(e.to_string()))
        })
    }

    fn __repr__(&self) -> String {
        format!("sprague.Game({:?})", self.spec())
    }
}

/// The exact output of a contest problem on `input`; Ctrl-C stops it
/// between two tests (the solver stops once its output is closed).
#[pyfunction]
fn solve(py: Python<'_>, problem: &str, input: &str) -> PyResult<String> {
    let (problem, input) = (problem.to_string(), input.to_string());
    let done = stoppable(py, Limits::default(), move |limits| {
        let p = sprague::report::problems::find(&problem)?;
        let mut text = String::new();
        let result = {
            let mut out = sprague::report::problems::Output::new(false, |line: &str| {
                text.push_str(line);
                text.push('\n');
                // A stopped call's answer is dropped: the solver may end.
                !limits.stop.is_stopped()
            });
            (p.solve)(input.as_bytes(), &mut out)
        };
        result?;
        Ok(text)
    });
    errors::finish(done, None)
}

/// The contest problems, as JSON: `[{name, summary, source, game}]`.
#[pyfunction]
fn problems() -> String {
    let list: Vec<_> = sprague::report::problems::problems()
        .iter()
        .map(
            |p| serde_json::json!({"name": p.name, "summary": p.summary, "source": p.source, "game": p.game}),
        )
        .collect();
    serde_json::Value::from(list).to_string()
}

/// The catalog as `sprague games --json` writes it.
#[pyfunction]
fn catalog() -> PyResult<String> {
    serde_json::to_string(sprague::rules::catalog())
        .map_err(|e| errors::InternalError::new_err(e.to_string()))
}

/// The native module.
#[pymodule]
fn _sprague(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Native>()?;
    m.add_class::<interrupt::StopToken>()?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(problems, m)?)?;
    m.add_function(wrap_pyfunction!(catalog, m)?)?;
    survey::register(m)?;
    m.add("Error", py.get_type::<errors::Error>())?;
    m.add("BadInput", py.get_type::<errors::BadInput>())?;
    m.add("ScriptError", py.get_type::<errors::ScriptError>())?;
    m.add("LimitExceeded", py.get_type::<errors::LimitExceeded>())?;
    m.add("Stopped", py.get_type::<errors::Stopped>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    Ok(())
}

/// What a family of boards answers to every call but `table`.
fn family_only(f: &BoardFamily) -> String {
    format!(
        "`{}` is a family of boards: only table(n) and analyze() run along it; give a member (`{}`) for the rest",
        f.spec(),
        sprague::rules::family_member(f.spec(), 5)
    )
}

/// [`read_rules_file`] as [`Game::load`] reads a file a spec names: the
/// text or a one-line reason.
fn read_spec_file(path: &str) -> Result<String, String> {
    read_rules_file(path).map_err(|e| format!("cannot read it: {e}"))
}

/// A rules file's text, up to [`sprague::MAX_INPUT_BYTES`] (a larger file
/// is refused unread; an endless one such as `/dev/zero` is refused at the
/// bound, not read until memory runs out).
fn read_rules_file(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let max = sprague::MAX_INPUT_BYTES;
    let too_large = || {
        std::io::Error::other(format!(
            "it is larger than {} GiB, the most sprague reads from one input",
            max >> 30
        ))
    };
    let file = std::fs::File::open(path)?;
    // A regular file is measured first; a stream (`/dev/zero`) is read to
    // one byte past the bound.
    if file.metadata().is_ok_and(|m| m.is_file() && m.len() > max) {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(max + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|_| std::io::Error::other("it is not UTF-8 text"))
}
