//! The Python exceptions (defined in `convex_collision/_types.py`) and the conversion of
//! every Rust error into one of them, with the Rust message.

use collision::{ContactError, GjkError, RayError, ToiError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// Which exception class of `convex_collision` to raise.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// `InvalidInputError` (also a `ValueError`).
    InvalidInput,
    /// `NotConvergedError`.
    NotConverged,
    /// `OutOfRangeError` (also an `ArithmeticError`).
    OutOfRange,
    /// `FixtureError` (also a `ValueError`).
    Fixture,
    /// `OutOfMemoryError` (also a `MemoryError`).
    OutOfMemory,
}

impl Kind {
    fn class_name(self) -> &'static str {
        match self {
            Kind::InvalidInput => "InvalidInputError",
            Kind::NotConverged => "NotConvergedError",
            Kind::OutOfRange => "OutOfRangeError",
            Kind::Fixture => "FixtureError",
            Kind::OutOfMemory => "OutOfMemoryError",
        }
    }
}

/// A class of `convex_collision._types`, imported once per interpreter.
pub fn types_attr<'py>(py: Python<'py>, name: &'static str) -> PyResult<Bound<'py, PyAny>> {
    static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    let module = MODULE.get_or_try_init(py, || {
        py.import("convex_collision._types").map(Bound::unbind)
    })?;
    module.bind(py).getattr(name)
}

/// An error of class `kind` carrying `message`. If the class cannot be imported (the
/// package is broken), the import error is returned instead.
pub fn error(kind: Kind, message: impl Into<String>) -> PyErr {
    of_class(kind.class_name(), message.into())
}

/// An exception of the class `name` of `convex_collision._types` carrying `message`, or
/// the error importing it.
fn of_class(name: &'static str, message: String) -> PyErr {
    Python::attach(|py| match types_attr(py, name) {
        Ok(class) => match class.cast_into::<PyType>() {
            Ok(class) => PyErr::from_type(class, message),
            Err(e) => e.into(),
        },
        Err(e) => e,
    })
}

/// `OutOfMemoryError(message)` (also a `MemoryError`): a batch's arrays do not fit. Not
/// a [`Kind`], since no batch row gets it: the whole call is refused before it runs.
pub fn out_of_memory(message: impl Into<String>) -> PyErr {
    of_class("OutOfMemoryError", message.into())
}

/// An empty vector with room for `n` items of a batch's `what`, or `OutOfMemoryError`
/// when the allocator refuses it (a vector that cannot grow would otherwise abort the
/// interpreter).
///
/// # Errors
/// `OutOfMemoryError` naming `what`, the bytes asked for and `n`.
pub fn room<T>(n: usize, what: &str) -> PyResult<Vec<T>> {
    reserved(n, |bytes| {
        format!(
            "{what}: no memory for {bytes} bytes ({n} items); split the batch into smaller ones"
        )
    })
}

/// An empty vector with room for the `n` items of an array a shape returns (a hull's
/// vertices, triangles, faces or planes), or `OutOfMemoryError`, as [`room`] for batches.
///
/// # Errors
/// `OutOfMemoryError` naming `what`, the bytes asked for and `n`.
pub fn array_room<T>(n: usize, what: &str) -> PyResult<Vec<T>> {
    reserved(n, |bytes| {
        format!("{what}: no memory for {bytes} bytes ({n} items)")
    })
}

/// An empty vector with room for `n` items, or `OutOfMemoryError` with `message(bytes)`.
fn reserved<T>(n: usize, message: impl FnOnce(usize) -> String) -> PyResult<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| out_of_memory(message(n.saturating_mul(std::mem::size_of::<T>()))))?;
    Ok(v)
}

/// `InvalidInputError(message)`.
pub fn invalid(message: impl Into<String>) -> PyErr {
    error(Kind::InvalidInput, message)
}

/// The status code of a batch row for each error class (see `lib.rs`).
pub fn status_of(kind: Kind) -> i8 {
    match kind {
        Kind::NotConverged => crate::STATUS_NOT_CONVERGED,
        Kind::InvalidInput | Kind::Fixture => crate::STATUS_INVALID_INPUT,
        Kind::OutOfRange => crate::STATUS_OUT_OF_RANGE,
        Kind::OutOfMemory => crate::STATUS_OUT_OF_MEMORY,
    }
}

/// The class for a GJK query error. Inputs are checked before every query, so
/// `Degenerate` means a scene outside the exact range.
pub fn gjk_kind(e: &GjkError) -> Kind {
    match e {
        GjkError::MaxIterations { .. } => Kind::NotConverged,
        GjkError::Degenerate => Kind::OutOfRange,
    }
}

/// The class for a contact query error.
pub fn contact_kind(e: &ContactError) -> Kind {
    match e {
        ContactError::NonFinite => Kind::OutOfRange,
        ContactError::InvalidMargin(_) => Kind::InvalidInput,
        ContactError::OutOfMemory => Kind::OutOfMemory,
    }
}

/// The class for a time-of-impact error.
pub fn toi_kind(e: &ToiError) -> Kind {
    match e {
        ToiError::NonFinite => Kind::OutOfRange,
        ToiError::DidNotConverge { .. } => Kind::NotConverged,
    }
}

/// The class for a ray-cast error.
pub fn ray_kind(e: &RayError) -> Kind {
    match e {
        RayError::NonFinite => Kind::OutOfRange,
        RayError::DidNotConverge { .. } => Kind::NotConverged,
    }
}

/// Converts a query error into the Python exception of its class.
pub fn raise<E: std::fmt::Display>(kind: Kind, e: E) -> PyErr {
    error(kind, e.to_string())
}
