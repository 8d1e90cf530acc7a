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
//! `RayHit`; this module the lazily built array fields, `record_class!` (which writes
//! `Contact`, `Impact` and `RayHit` from their lists of fields) and the helpers they
//! share.

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

/// A frozen result class written once as the list of its fields, in the order it
/// unpacks: `$vis struct Class as "PythonName" { field: Type = check(Argument), ... }`.
/// Makes the struct, each field a read-only attribute (`#[pyo3(get)]`, its doc comment
/// the docstring), the constructor `PythonName(field, ...)` that reads each `Argument`
/// with `check(argument, "field")` (a `PyResult<Type>`), the `fields(py)` tuple,
/// `__repr__` ([`record_repr`]) and the tuple protocol ([`record_protocol!`]).
///
/// Each `Type` is converted to Python by `IntoPyObject for &Type` (a [`Vec3Field`] as its
/// cached array) and shown in the repr by [`ReprField`]. The Rust side builds its
/// objects with an inherent `of` constructor, written beside the invocation.
macro_rules! record_class {
    (
        $(#[$meta:meta])*
        $vis:vis struct $class:ident as $name:literal {
            $(
                $(#[$field_meta:meta])*
                $field:ident: $ty:ty = $($check:ident)::+($arg:ty),
            )+
        }
    ) => {
        $(#[$meta])*
        #[pyo3::pyclass(frozen, module = "convex_collision", name = $name)]
        $vis struct $class {
            $(
                $(#[$field_meta])*
                #[pyo3(get)]
                $field: $ty,
            )+
        }

        impl $class {
            /// The fields as a tuple, in the order the object unpacks.
            fn fields<'py>(
                &self,
                py: pyo3::Python<'py>,
            ) -> pyo3::PyResult<pyo3::Bound<'py, pyo3::types::PyTuple>> {
                pyo3::IntoPyObject::into_pyobject(($(&self.$field,)+), py)
            }
        }

        #[pyo3::pymethods]
        impl $class {
            /// The object of its fields, in the order it unpacks, each checked.
            #[new]
            fn new($($field: $arg),+) -> pyo3::PyResult<Self> {
                Ok($class {
                    $($field: $($check)::+($field, stringify!($field))?,)+
                })
            }

            fn __repr__(&self) -> String {
                super::record_repr(
                    $name,
                    &[$((stringify!($field), &self.$field as &dyn super::ReprField)),+],
                )
            }
        }

        record_protocol!($class, [$(stringify!($field)),+].len());
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
use std::convert::Infallible;
use std::fmt::Write;

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
        let mut out = String::new();
        self.write_repr(&mut out);
        out
    }
}

/// A vector field as Python sees it: its (3,) array, the same object on every read (as
/// `Vec3Field::get`), for `#[pyo3(get)]` and the fields tuple.
impl<'py> IntoPyObject<'py> for &Vec3Field {
    type Target = PyArray1<f64>;
    type Output = Bound<'py, PyArray1<f64>>;
    type Error = Infallible;

    #[inline]
    fn into_pyobject(self, py: Python<'py>) -> Result<Self::Output, Self::Error> {
        Ok(self.get(py))
    }
}

/// How a field of a [`record_class!`] shows in the object's `repr`.
pub(crate) trait ReprField {
    /// Appends the field's value to `out`: floats as Rust prints them exactly (`-0.25`),
    /// counts as integers, names quoted (`'converged'`), vectors as `[x, y, z]`.
    fn write_repr(&self, out: &mut String);
}

impl ReprField for f64 {
    fn write_repr(&self, out: &mut String) {
        let _ = write!(out, "{self:?}");
    }
}

impl ReprField for u32 {
    fn write_repr(&self, out: &mut String) {
        let _ = write!(out, "{self}");
    }
}

impl ReprField for &'static str {
    fn write_repr(&self, out: &mut String) {
        let _ = write!(out, "'{self}'");
    }
}

impl ReprField for Vec3Field {
    fn write_repr(&self, out: &mut String) {
        let [x, y, z] = self.value;
        let _ = write!(out, "[{x:?}, {y:?}, {z:?}]");
    }
}

/// The `repr` of a record: `Name(field=value, ...)` with each of `fields` (name and
/// value) in order.
pub(crate) fn record_repr(name: &str, fields: &[(&str, &dyn ReprField)]) -> String {
    // Room for a record of six fields with three vectors: no reallocation on the way.
    let mut out = String::with_capacity(256);
    out.push_str(name);
    out.push('(');
    for (k, (field, value)) in fields.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        out.push_str(field);
        out.push('=');
        value.write_repr(&mut out);
    }
    out.push(')');
    out
}

/// A constructor argument that every value of its type is valid for (an iteration
/// count), as a [`record_class!`] check.
pub(crate) fn unchecked<T>(value: T, _what: &str) -> PyResult<T> {
    Ok(value)
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
