//! The results of the single queries: `ClosestPoints`, `Contact`, `Impact` and `RayHit`.
//!
//! Small frozen native objects rather than named tuples of numpy arrays: a query that
//! builds three numpy arrays and calls a Python class spends more time on its result than
//! on its answer (about 1.5 µs, against 0.3 to 3 µs for a hull16 pair's query). Each keeps its numbers
//! in Rust and builds a field's (3,) array the first time the field is read, then hands
//! out that same array, so `c.normal is c.normal` as with a named tuple. The objects
//! unpack like the tuples they replace (`sep, normal, pa, pb, status, method = c`),
//! compare by value and pickle.
//!
//! `closest.rs` holds `ClosestPoints`, `contact.rs` `Contact`, `motion.rs` `Impact` and
//! `RayHit`; this module the lazily built array fields and the helpers they share.

/// The tuple protocol of a result class with an inherent `fields(py)` method returning
/// its `$len` fields as a tuple: `len`, indexing (negative from the end), iteration
/// (unpacking), equality by value (numpy fields element by element) and pickling (the
/// class called with its fields). One second `#[pymethods]` block per class, which
/// pyo3's `multiple-pymethods` feature allows.
macro_rules! record_protocol {
    ($class:ty, $len:expr) => {
        #[pyo3::pymethods]
        impl $class {
            fn __len__(&self) -> usize {
                $len
            }

            fn __getitem__<'py>(
                &self,
                py: pyo3::Python<'py>,
                index: isize,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::PyAny>> {
                super::item(self.fields(py)?, index)
            }

            fn __iter__<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyIterator>> {
                self.fields(py)?.try_iter()
            }

            fn __eq__(
                &self,
                py: pyo3::Python<'_>,
                other: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<bool> {
                match other.cast::<Self>() {
                    Ok(o) => super::same_fields(&self.fields(py)?, &o.get().fields(py)?),
                    Err(_) => Ok(false),
                }
            }

            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<(
                pyo3::Bound<'py, pyo3::PyAny>,
                pyo3::Bound<'py, pyo3::types::PyTuple>,
            )> {
                Ok((slf.get_type().into_any(), slf.get().fields(slf.py())?))
            }
        }
    };
}

mod closest;
mod contact;
mod motion;

pub use closest::PyClosestPoints;
pub use contact::PyContact;
pub use motion::{PyImpact, PyRayHit};

use crate::arrays;
use nalgebra::{Point3, Vector3};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

/// A (3,) vector field, its numpy array made on first read.
pub(crate) struct Vec3Field {
    value: [f64; 3],
    array: PyOnceLock<Py<PyArray1<f64>>>,
}

impl Vec3Field {
    pub(crate) fn new(value: [f64; 3]) -> Self {
        Vec3Field {
            value,
            array: PyOnceLock::new(),
        }
    }

    pub(crate) fn of_vector(v: &Vector3<f64>) -> Self {
        Self::new([v.x, v.y, v.z])
    }

    pub(crate) fn of_point(p: &Point3<f64>) -> Self {
        Self::new(arrays::xyz(p))
    }

    /// A field given to a constructor: a finite (3,) array-like.
    pub(crate) fn read(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        let v = arrays::vec3(obj, what)?;
        Ok(Self::of_vector(&v))
    }

    /// The field's array (the same object on every read).
    pub(crate) fn get<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.array
            .get_or_init(py, || PyArray1::from_slice(py, &self.value).unbind())
            .bind(py)
            .clone()
    }

    pub(crate) fn text(&self) -> String {
        let [x, y, z] = self.value;
        format!("[{x:?}, {y:?}, {z:?}]")
    }
}

/// `name` as one of `names` (the static copy), for a constructor argument `what`.
pub(crate) fn one_of(name: &str, names: &[&'static str], what: &str) -> PyResult<&'static str> {
    names
        .iter()
        .copied()
        .find(|n| *n == name)
        .ok_or_else(|| crate::errors::invalid(format!("{what}: {name:?} is not one of {names:?}")))
}

/// A finite float constructor argument.
pub(crate) fn finite(value: f64, what: &str) -> PyResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(crate::errors::invalid(format!(
            "{what}: must be finite, got {value}"
        )))
    }
}

/// Item `index` (negative counts from the end) of a record of `fields` as a tuple.
pub(crate) fn item<'py>(fields: Bound<'py, PyTuple>, index: isize) -> PyResult<Bound<'py, PyAny>> {
    let len = fields.len() as isize;
    let i = if index < 0 { index + len } else { index };
    if (0..len).contains(&i) {
        fields.get_item(i as usize)
    } else {
        Err(PyIndexError::new_err("result index out of range"))
    }
}

/// Whether two records of `fields` as tuples are equal, numpy fields compared element
/// by element.
pub(crate) fn same_fields(a: &Bound<'_, PyTuple>, b: &Bound<'_, PyTuple>) -> PyResult<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    for (x, y) in a.iter().zip(b.iter()) {
        let equal = match (x.cast::<PyArray1<f64>>(), y.cast::<PyArray1<f64>>()) {
            (Ok(x), Ok(y)) => x.to_vec().ok() == y.to_vec().ok(),
            _ => x.eq(&y)?,
        };
        if !equal {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Registers the result classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyClosestPoints>()?;
    m.add_class::<PyContact>()?;
    m.add_class::<PyImpact>()?;
    m.add_class::<PyRayHit>()?;
    Ok(())
}
