//! The `sprague.Error` hierarchy, and how a computation's end becomes a
//! Python result.
//!
//! ```text
//! sprague.Error                 every error of the library
//! ├── sprague.BadInput          what the CLI exits with code 2 for
//! │   └── sprague.ScriptError   rules from a script or Python failed
//! ├── sprague.LimitExceeded     max_states, max_work, memory, a script's bounds
//! ├── sprague.Stopped           the computation was stopped before it ended
//! └── sprague.InternalError     a bug: a panic caught before Python
//! ```
//!
//! The class is decided by the error's kind ([`sprague::ErrorKind`]), as
//! the CLI's exit code and the server's status are:
//!
//! ```text
//! BadInput, NotFound -> BadInput (ScriptError for a script's own failure)
//! Bound              -> LimitExceeded
//! Stopped            -> Stopped
//! Internal           -> InternalError
//! ```
//!
//! Messages are the library's one-line messages, as the CLI prints them
//! after `sprague: error: `.

use crate::callback::PyRules;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use std::panic::{self, AssertUnwindSafe};

pyo3::create_exception!(sprague, Error, PyException, "Every error raised by sprague.");
pyo3::create_exception!(
    sprague,
    BadInput,
    Error,
    "Bad input: an unknown game, a malformed spec or position, a question the game cannot answer."
);
pyo3::create_exception!(
    sprague,
    ScriptError,
    BadInput,
    "Rules defined at run time (a Rhai script or a Python function) failed."
);
pyo3::create_exception!(
    sprague,
    LimitExceeded,
    Error,
    "A computation would pass a bound (max_states, max_work, memory)."
);
pyo3::create_exception!(
    sprague,
    Stopped,
    Error,
    "The computation was stopped before it ended."
);
pyo3::create_exception!(
    sprague,
    InternalError,
    Error,
    "A bug in sprague: please report it."
);

/// How a computation failed.
pub enum Failure {
    /// The library's error.
    Lib(sprague::Error),
    /// A Python exception to raise as is (Ctrl-C between table slices).
    Python(PyErr),
    /// A panic or an impossible state.
    Internal(String),
}

impl From<sprague::Error> for Failure {
    fn from(e: sprague::Error) -> Failure {
        Failure::Lib(e)
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Failure {
        Failure::Python(e)
    }
}

/// Runs `work`, turning a panic (a bug: the library returns its errors as
/// values) into [`Failure::Internal`]: nothing unwinds into Python.
pub fn contain<T>(work: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    match panic::catch_unwind(AssertUnwindSafe(work)) {
        Ok(r) => r,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            Err(Failure::Internal(what))
        }
    }
}

/// The Python result of a computation on a game whose rules may be the
/// Python callback `callback`: an exception the callback raised that is
/// not an `Exception` (KeyboardInterrupt) is raised again as is; any
/// other comes back as `ScriptError` caused by it.
pub fn finish<T>(done: Result<T, Failure>, callback: Option<&PyRules>) -> PyResult<T> {
    let raised = callback.and_then(PyRules::take_raised);
    let e = match done {
        Ok(v) => return Ok(v),
        Err(Failure::Python(e)) => return Err(e),
        Err(Failure::Internal(what)) => {
            return Err(InternalError::new_err(format!("internal error: {what}")))
        }
        Err(Failure::Lib(e)) => e,
    };
    Python::attach(|py| {
        if let Some(cause) = &raised {
            if !cause.is_instance_of::<PyException>(py) {
                return Err(cause.clone_ref(py));
            }
        }
        let err = to_py(&e);
        if let (Some(cause), sprague::Error::Script { .. }) = (raised, &e) {
            err.set_cause(py, Some(cause));
        }
        Err(err)
    })
}

/// The exception for a library error, by its kind.
pub fn to_py(e: &sprague::Error) -> PyErr {
    use sprague::ErrorKind as K;
    let text = e.to_string();
    match (e.kind(), e) {
        (K::Bound, _) => LimitExceeded::new_err(text),
        (K::Stopped, _) => Stopped::new_err(text),
        (K::Internal, _) => InternalError::new_err(text),
        (_, sprague::Error::Script { .. }) => ScriptError::new_err(text),
        _ => BadInput::new_err(text),
    }
}
