//! Reading numpy arrays (or anything `numpy.asarray` accepts) into checked Rust values.
//!
//! Every reader names the argument in its errors. Real dtypes (float32, integers) are
//! converted to float64; anything else (bool, complex, object, strings, ragged lists) is
//! refused with `InvalidInputError`. (A list that mixes Python bools with numbers is a
//! list of numbers to numpy, which reads the bools as 0 and 1; a list of bools alone is
//! a bool array, refused.) Any memory layout is read (strided views included).

use crate::errors::{invalid, out_of_memory, room};
use fixtures::QUATERNION_NORM_TOLERANCE;
use nalgebra::{
    Isometry3, Matrix3, Point3, Quaternion, Rotation3, Translation3, UnitQuaternion, Vector3,
};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyFloat, PyInt, PyList, PyTuple};

/// Largest deviation `max |RᵀR − I|` (and of `det R` from 1) accepted for the rotation
/// block of a 4×4 pose matrix: float32 round-off passes, a scaled or sheared matrix
/// does not.
pub const RIGID_TOLERANCE: f64 = 1e-6;

fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();
    NUMPY
        .get_or_try_init(py, || py.import("numpy").map(Bound::unbind))
        .map(|m| m.bind(py))
}

/// An array's shape and its values in C (row-major) order.
pub struct Values<T> {
    /// The shape.
    pub shape: Vec<usize>,
    /// The values, row-major.
    pub data: Vec<T>,
}

/// Arrays of at most this many values are copied by `to_vec`, which reads the data
/// without numpy's borrow tracking (costlier than the copy for the small arrays of poses
/// and vectors) but aborts the process when the allocation fails; larger ones by a copy
/// that fails with `OutOfMemoryError` instead.
pub(crate) const SMALL_ARRAY: usize = 1 << 12;

/// Copies a C-contiguous array (`None` for another layout, or one numpy will not lend).
///
/// # Errors
/// `OutOfMemoryError` naming `what` when there is no room for the copy.
fn c_values<T: numpy::Element + Copy>(
    a: &Bound<'_, PyArrayDyn<T>>,
    what: &str,
) -> Option<PyResult<Values<T>>> {
    if !a.is_c_contiguous() {
        return None;
    }
    let shape = a.shape().to_vec();
    if a.len() <= SMALL_ARRAY {
        let data = a.to_vec().ok()?;
        return Some(Ok(Values { shape, data }));
    }
    let array = a.try_readonly().ok()?;
    let values = array.as_slice().ok()?;
    Some(room(values.len(), what).map(|mut data| {
        data.extend_from_slice(values);
        Values { shape, data }
    }))
}

/// `obj` converted by numpy to a C-contiguous array of `dtype` (`"float64"` or
/// `"int64"`), when its dtype kind is one of `kinds`.
fn converted<'py>(
    obj: &Bound<'py, PyAny>,
    what: &str,
    dtype: &str,
    kinds: &[&str],
    wanted: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(obj.py())?;
    let a = np.call_method1("asarray", (obj,)).map_err(|e| {
        conversion_error(
            obj.py(),
            &e,
            format!("{what}: not an array of numbers ({e})"),
        )
    })?;
    let found = a.getattr("dtype")?;
    let kind: String = found.getattr("kind")?.extract()?;
    if !kinds.contains(&kind.as_str()) {
        return Err(invalid(format!(
            "{what}: dtype {} is not {wanted}",
            found.str()?
        )));
    }
    np.call_method1("ascontiguousarray", (a, dtype))
        .map_err(|e| conversion_error(obj.py(), &e, format!("{what}: {e}")))
}

/// The error of a failed numpy conversion `e`, carrying `message`: `OutOfMemoryError`
/// when numpy ran out of memory, `InvalidInputError` otherwise.
fn conversion_error(py: Python<'_>, e: &PyErr, message: String) -> PyErr {
    if e.is_instance_of::<PyMemoryError>(py) {
        out_of_memory(message)
    } else {
        invalid(message)
    }
}

/// `obj` as float64 values: real dtypes (float32, integers) are converted, any layout is
/// read.
///
/// # Errors
/// `InvalidInputError` when `obj` is not array-like or its dtype is not real;
/// `OutOfMemoryError` when there is no room for its copy.
pub fn float_values(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Values<f64>> {
    if let Some(v) = obj
        .cast::<PyArrayDyn<f64>>()
        .ok()
        .and_then(|a| c_values(a, what))
    {
        return v;
    }
    let a = converted(
        obj,
        what,
        "float64",
        &["f", "i", "u"],
        "a real number type (give float64; other float and integer dtypes are converted)",
    )?;
    a.cast::<PyArrayDyn<f64>>()
        .ok()
        .and_then(|a| c_values(a, what))
        .unwrap_or_else(|| Err(invalid(format!("{what}: could not be read as float64"))))
}

/// `obj` as int64 values: integer dtypes only (floats would round silently).
///
/// # Errors
/// `InvalidInputError` for a non-integer dtype or a value beyond int64;
/// `OutOfMemoryError` when there is no room for its copy.
pub fn index_values(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Values<i64>> {
    if let Some(v) = obj
        .cast::<PyArrayDyn<i64>>()
        .ok()
        .and_then(|a| c_values(a, what))
    {
        return v;
    }
    let a = converted(
        obj,
        what,
        "int64",
        &["i", "u"],
        "an integer type (give int64 or another integer dtype)",
    )?;
    a.cast::<PyArrayDyn<i64>>()
        .ok()
        .and_then(|a| c_values(a, what))
        .unwrap_or_else(|| Err(invalid(format!("{what}: could not be read as int64"))))
}

pub(crate) fn shape_text(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

/// A finite (3,) vector.
///
/// # Errors
/// `InvalidInputError` for another shape or a non-finite entry.
pub fn vec3(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vector3<f64>> {
    let a = float_values(obj, what)?;
    if a.shape != [3] {
        return Err(invalid(format!(
            "{what}: expected shape (3,), got {}",
            shape_text(&a.shape)
        )));
    }
    let v = Vector3::new(a.data[0], a.data[1], a.data[2]);
    if !v.iter().all(|c| c.is_finite()) {
        return Err(invalid(format!("{what}: has a NaN or infinite entry")));
    }
    Ok(v)
}

/// An `(N, 3)` array of points, N ≥ 1, all finite.
///
/// # Errors
/// `InvalidInputError` for another shape, no rows, or a non-finite coordinate (with its
/// row); `OutOfMemoryError` when there is no room for the copies.
pub fn points(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<[f64; 3]>> {
    let a = float_values(obj, what)?;
    let shape = &a.shape[..];
    if shape.len() != 2 || shape[1] != 3 {
        return Err(invalid(format!(
            "{what}: expected an (N, 3) array, got shape {}",
            shape_text(shape)
        )));
    }
    if shape[0] == 0 {
        return Err(invalid(format!("{what}: the point set is empty")));
    }
    let mut out = room(shape[0], what)?;
    for (i, p) in a.data.chunks_exact(3).enumerate() {
        let p = [p[0], p[1], p[2]];
        if !p.iter().all(|c| c.is_finite()) {
            return Err(invalid(format!(
                "{what}: point {i} has a NaN or infinite coordinate"
            )));
        }
        out.push(p);
    }
    Ok(out)
}

/// The unit quaternion `w + xi + yj + zk`: normalized when its norm is within
/// [`QUATERNION_NORM_TOLERANCE`] of 1 (the fixture files' rule), refused otherwise.
///
/// # Errors
/// A message for a non-finite, zero or non-unit quaternion.
pub fn quaternion(w: f64, x: f64, y: f64, z: f64) -> Result<UnitQuaternion<f64>, String> {
    let q = Quaternion::new(w, x, y, z);
    if !q.coords.iter().all(|c| c.is_finite()) {
        return Err("the quaternion has a NaN or infinite component".into());
    }
    let n = q.norm();
    if n == 0.0 {
        return Err("the quaternion is zero".into());
    }
    if (n - 1.0).abs() > QUATERNION_NORM_TOLERANCE {
        return Err(format!(
            "the quaternion's norm is {n}, not 1 (within {QUATERNION_NORM_TOLERANCE}): normalize it"
        ));
    }
    // `from_quaternion` would take the norm again: dividing by `n` is its normalization,
    // bit for bit.
    Ok(UnitQuaternion::new_unchecked(q / n))
}

/// A pose from the 7 numbers `[x, y, z, qw, qx, qy, qz]`.
///
/// # Errors
/// A message for a non-finite translation or a bad quaternion.
pub fn pose_from_seven(v: [f64; 7]) -> Result<Isometry3<f64>, String> {
    let t = Vector3::new(v[0], v[1], v[2]);
    if !t.iter().all(|c| c.is_finite()) {
        return Err("the translation has a NaN or infinite component".into());
    }
    let r = quaternion(v[3], v[4], v[5], v[6])?;
    Ok(Isometry3::from_parts(Translation3::from(t), r))
}

/// A pose from a 4×4 homogeneous matrix (row-major `m[row][col]`), which must be rigid:
/// bottom row `[0, 0, 0, 1]`, rotation block orthonormal with determinant +1 within
/// [`RIGID_TOLERANCE`].
///
/// # Errors
/// A message for a non-finite entry or a matrix that is not a rigid motion.
pub fn pose_from_matrix(m: [[f64; 4]; 4]) -> Result<Isometry3<f64>, String> {
    if !m.iter().flatten().all(|c| c.is_finite()) {
        return Err("the matrix has a NaN or infinite entry".into());
    }
    if m[3] != [0.0, 0.0, 0.0, 1.0] {
        return Err(format!(
            "the bottom row is {:?}, not [0, 0, 0, 1]: not a rigid transform",
            m[3]
        ));
    }
    let r = Matrix3::from_fn(|i, j| m[i][j]);
    let gram_error = (r.transpose() * r - Matrix3::identity()).amax();
    let det = r.determinant();
    if gram_error > RIGID_TOLERANCE || (det - 1.0).abs() > RIGID_TOLERANCE {
        return Err(format!(
            "the rotation block is not a rotation (max |RᵀR − I| = {gram_error:e}, det = {det}): \
             not a rigid transform (scale and shear are not supported)"
        ));
    }
    let q = UnitQuaternion::from_rotation_matrix(&Rotation3::from_matrix_unchecked(r));
    let t = Vector3::new(m[0][3], m[1][3], m[2][3]);
    Ok(Isometry3::from_parts(
        Translation3::from(t),
        UnitQuaternion::from_quaternion(q.into_inner()),
    ))
}

/// The 7 numbers of the common pose arguments, read without numpy's conversion: a
/// float64 (7,) array (any stride), or a tuple or list of 7 Python floats or ints. `None`
/// for anything else, which the general path reads (and refuses with its message).
///
/// A single query spends most of its overhead reading poses: the general path costs
/// about 0.15 µs for an array and 3 µs for a tuple (`numpy.asarray`), this one a few
/// tens of nanoseconds.
fn seven_numbers(obj: &Bound<'_, PyAny>) -> Option<[f64; 7]> {
    if let Ok(a) = obj.cast::<PyArray1<f64>>() {
        if a.len() != 7 {
            return None;
        }
        let mut out = [0.0; 7];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = a.get_owned([i])?;
        }
        return Some(out);
    }
    let number = |item: Bound<'_, PyAny>| -> Option<f64> {
        if let Ok(f) = item.cast::<PyFloat>() {
            return Some(f.value());
        }
        // Booleans are ints to Python: leave them to the general path, which refuses a
        // bool array and reads bools mixed with numbers as numpy does (0 and 1).
        if item.is_instance_of::<PyInt>() && !item.is_instance_of::<PyBool>() {
            return item.extract().ok();
        }
        None
    };
    let mut out = [0.0; 7];
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() != 7 {
            return None;
        }
        for (slot, item) in out.iter_mut().zip(t.iter()) {
            *slot = number(item)?;
        }
        return Some(out);
    }
    if let Ok(l) = obj.cast::<PyList>() {
        if l.len() != 7 {
            return None;
        }
        for (slot, item) in out.iter_mut().zip(l.iter()) {
            *slot = number(item)?;
        }
        return Some(out);
    }
    None
}

/// A pose argument: `None` (identity), a (7,) array `[x, y, z, qw, qx, qy, qz]` or a
/// (4, 4) rigid homogeneous matrix.
///
/// # Errors
/// `InvalidInputError` naming `what` for any other shape or a bad value.
pub fn pose(obj: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Isometry3<f64>> {
    let Some(obj) = obj else {
        return Ok(Isometry3::identity());
    };
    if obj.is_none() {
        return Ok(Isometry3::identity());
    }
    if let Some(seven) = seven_numbers(obj) {
        return pose_from_seven(seven).map_err(|e| invalid(format!("{what}: {e}")));
    }
    let a = float_values(obj, what)?;
    let d = &a.data;
    let result = match a.shape[..] {
        [7] => pose_from_seven(std::array::from_fn(|i| d[i])),
        [4, 4] => pose_from_matrix(std::array::from_fn(|i| {
            std::array::from_fn(|j| d[4 * i + j])
        })),
        _ => {
            return Err(invalid(format!(
                "{what}: expected a (7,) array [x, y, z, qw, qx, qy, qz] or a (4, 4) matrix, got shape {}",
                shape_text(&a.shape)
            )));
        }
    };
    result.map_err(|e| invalid(format!("{what}: {e}")))
}

/// The rows of a `(K, W)` array of a batch, kept as its values in row order (the one copy
/// the call makes of them), each read when a pair uses it.
pub struct Rows<T, const W: usize> {
    values: Vec<T>,
}

impl<T: Copy, const W: usize> Rows<T, W> {
    /// The number of rows.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len() / W
    }

    /// Row `k`, if there is one.
    #[must_use]
    pub fn get(&self, k: usize) -> Option<[T; W]> {
        let row = self.values.get(k.checked_mul(W)?..)?.get(..W)?;
        Some(std::array::from_fn(|i| row[i]))
    }
}

/// Index pairs for a batch: a `(K, 2)` integer array, as `i64` (checked per pair later).
///
/// # Errors
/// `InvalidInputError` for another shape or a non-integer dtype; `OutOfMemoryError` when
/// there is no room for its copy.
pub fn pairs(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Rows<i64, 2>> {
    let a = index_values(obj, what)?;
    match a.shape[..] {
        [_, 2] => Ok(Rows { values: a.data }),
        _ => Err(invalid(format!(
            "{what}: expected a (K, 2) integer array, got shape {}",
            shape_text(&a.shape)
        ))),
    }
}

/// Rays for a batch: an `(R, 6)` array of `[ox, oy, oz, dx, dy, dz]` rows (start, then
/// direction), as they are; a row that is no ray (a non-finite number, a zero direction)
/// is only refused for the pairs that use it.
///
/// # Errors
/// `InvalidInputError` for an array of another shape or dtype; `OutOfMemoryError` when
/// there is no room for its copy.
pub fn rays(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Rows<f64, 6>> {
    let a = float_values(obj, what)?;
    match a.shape[..] {
        [_, 6] => Ok(Rows { values: a.data }),
        _ => Err(invalid(format!(
            "{what}: expected an (R, 6) array of rows [ox, oy, oz, dx, dy, dz], got shape {}",
            shape_text(&a.shape)
        ))),
    }
}

/// The pose as `[x, y, z, qw, qx, qy, qz]`.
#[must_use]
pub fn seven(pose: &Isometry3<f64>) -> [f64; 7] {
    let t = pose.translation.vector;
    let q = pose.rotation;
    [t.x, t.y, t.z, q.w, q.i, q.j, q.k]
}

/// `p` as a `[x, y, z]` array.
#[must_use]
pub fn xyz(p: &Point3<f64>) -> [f64; 3] {
    [p.x, p.y, p.z]
}
