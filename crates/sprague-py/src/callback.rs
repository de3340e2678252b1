//! Rules from Python: [`DynamicRules`] over a Python function, so that a
//! game written as `moves(position) -> list of moves` is served by every
//! solver through the same seam as Rhai scripts.
//!
//! Positions cross as the library's [`Value`]: an `int`, or a `tuple` of
//! values (nested at most [`MAX_DEPTH`] deep). The function returns an
//! iterable of moves; a move is a `list` of the components it leaves (`[]`:
//! the component is gone), or one component alone (an `int` or a `tuple`).
//!
//! The function runs with the GIL taken for each call (the solvers run
//! without it). An exception it raises is kept, to be raised again or
//! chained by [`crate::errors::finish`], and the library sees an
//! [`Error::Script`] with its message, which aborts the computation.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use sprague::rules::MAX_VALUE_DEPTH as MAX_DEPTH;
use sprague::rules::{DynMove, DynamicRules, Value};
use sprague::{Error, Result};
use std::fmt;
use std::sync::Mutex;

/// A game whose moves a Python function lists.
pub struct PyRules {
    moves: Py<PyAny>,
    name: String,
    heap: bool,
    loopy: bool,
    /// The last exception the function raised, until taken.
    raised: Mutex<Option<PyErr>>,
}

impl PyRules {
    /// Rules from `moves`, named `python:NAME` in specs and errors.
    pub fn new(moves: Py<PyAny>, name: String, heap: bool, loopy: bool) -> PyRules {
        PyRules {
            moves,
            name,
            heap,
            loopy,
            raised: Mutex::new(None),
        }
    }

    /// The exception the function last raised, if any (and forgets it).
    pub fn take_raised(&self) -> Option<PyErr> {
        self.raised.lock().unwrap_or_else(|e| e.into_inner()).take()
    }

    fn fail(&self, reason: String) -> Error {
        Error::Script {
            script: self.spec(),
            reason,
        }
    }

    /// The moves the function returned, checked.
    fn read_moves(&self, listed: &Bound<'_, PyAny>) -> Result<Vec<DynMove>> {
        let iter = listed.try_iter().map_err(|_| {
            self.fail(format!(
                "the function returned {} `{}`, not a list of moves",
                type_name(listed),
                short(listed)
            ))
        })?;
        let mut out = Vec::new();
        for item in iter {
            let item = item.map_err(|e| self.fail(format!("reading its moves: {e}")))?;
            let parts = if let Ok(list) = item.cast::<PyList>() {
                list.iter()
                    .map(|c| self.to_value(&c))
                    .collect::<Result<Vec<_>>>()?
            } else {
                vec![self.to_value(&item)?]
            };
            out.push(DynMove { parts, label: None });
        }
        Ok(out)
    }

    /// A component as a [`Value`]; tuples (and lists inside them) nest at
    /// most [`MAX_DEPTH`] deep, walked with an explicit stack.
    fn to_value(&self, obj: &Bound<'_, PyAny>) -> Result<Value> {
        to_value(obj).map_err(|why| self.fail(why))
    }
}

/// `obj` as a [`Value`]: an `int` (64-bit), or a `tuple`/`list` of values.
pub fn to_value(obj: &Bound<'_, PyAny>) -> std::result::Result<Value, String> {
    // Each open level: the sequence's items left, and the values so far.
    type Level<'py> = (std::vec::IntoIter<Bound<'py, PyAny>>, Vec<Value>);
    let scalar = |o: &Bound<'_, PyAny>| -> std::result::Result<Option<Value>, String> {
        if o.is_instance_of::<pyo3::types::PyBool>() {
            return Err("a position is an int or a tuple, not a bool".into());
        }
        if o.is_instance_of::<pyo3::types::PyInt>() {
            return o
                .extract::<i64>()
                .map(|n| Some(Value::Int(n)))
                .map_err(|_| format!("{} does not fit in 64 bits", short(o)));
        }
        if o.is_instance_of::<PyTuple>() || o.is_instance_of::<PyList>() {
            return Ok(None);
        }
        Err(format!(
            "a position is an int or a tuple of positions, not {} `{}`",
            type_name(o),
            short(o)
        ))
    };
    fn items<'py>(o: &Bound<'py, PyAny>) -> Vec<Bound<'py, PyAny>> {
        match o.cast::<PyTuple>() {
            Ok(t) => t.iter().collect(),
            Err(_) => o.cast::<PyList>().map(|l| l.iter().collect()).unwrap_or_default(),
        }
    }
    if let Some(v) = scalar(obj)? {
        return Ok(v);
    }
    let mut stack: Vec<Level<'_>> = vec![(items(obj).into_iter(), Vec::new())];
    loop {
        let top = stack.last_mut().expect("a level is open");
        match top.0.next() {
            Some(child) => match scalar(&child)? {
                Some(v) => top.1.push(v),
                None => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(format!("positions nest more than {MAX_DEPTH} deep"));
                    }
                    let level = (items(&child).into_iter(), Vec::new());
                    stack.push(level);
                }
            },
            None => {
                let (_, done) = stack.pop().expect("a level is open");
                let v = Value::list(done);
                match stack.last_mut() {
                    Some(parent) => parent.1.push(v),
                    None => return Ok(v),
                }
            }
        }
    }
}

/// `v` as Python: an `int`, or a `tuple` (depth ≤ [`MAX_DEPTH`]).
pub fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    match v {
        Value::Int(n) => Ok(n.into_pyobject(py)?.into_any()),
        Value::List(items) => {
            let parts = items.iter().map(|x| to_py(py, x)).collect::<PyResult<Vec<_>>>()?;
            Ok(PyTuple::new(py, parts)?.into_any())
        }
    }
}

fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map_or_else(|_| "an object".into(), |n| format!("a {n}"))
}

fn short(o: &Bound<'_, PyAny>) -> String {
    let text = o.repr().map_or_else(|_| "?".into(), |r| r.to_string());
    sprague::excerpt(&text)
}

impl fmt::Debug for PyRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PyRules({})", self.name)
    }
}

impl DynamicRules for PyRules {
    fn spec(&self) -> String {
        format!("python:{}", self.name)
    }

    fn moves(&self, p: &Value, _stop: &sprague::Stop) -> Result<Vec<DynMove>> {
        Python::attach(|py| {
            let listed = to_py(py, p).and_then(|arg| self.moves.bind(py).call1((arg,)));
            match listed {
                Ok(listed) => self.read_moves(&listed),
                Err(e) => {
                    let why = e.to_string();
                    *self.raised.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                    Err(self.fail(why))
                }
            }
        })
    }

    fn heap(&self) -> bool {
        self.heap
    }

    fn may_loop(&self) -> bool {
        self.loopy
    }
}
