//! `convex_collision`: the collision toolkit for Python, on numpy arrays (pyo3 + maturin).
//!
//! The native module `convex_collision._native`; the package's `__init__.py` re-exports it
//! with the exceptions and result types of `_types.py`, and `__init__.pyi` types it.
//!
//! - `shapes.rs`: `Shape` and its subclasses, each holding a validated `collision::Shape`
//!   and the fixture spec it was built from (pickling, fixtures); `shape_set.rs`:
//!   `ShapeSet`, shapes checked once for many batch calls;
//! - `arrays.rs`: reading arrays, points and poses (`[x, y, z, qw, qx, qy, qz]` or 4×4);
//! - `queries.rs`: the single queries and `results/` their result objects; `batch.rs`:
//!   the batch queries, GIL released, on every core from 17 pairs; `mass.rs`: mass
//!   properties; `fixture.rs`: fixture files;
//! - `errors.rs`: every Rust error as a typed Python exception with the Rust message.

mod arrays;
mod batch;
mod errors;
mod fixture;
mod mass;
mod pose_rows;
mod queries;
mod results;
mod shape_set;
mod shapes;

use numpy::PyArray1;
use numpy::ndarray::Array2;
use numpy::{PyArray2, ToPyArray};
use pyo3::prelude::*;

/// Batch status: an exact answer.
pub const STATUS_OK: i8 = 0;
/// Batch status: the query ran out of iterations; no answer (an infinite distance, zero vectors).
pub const STATUS_NOT_CONVERGED: i8 = 1;
/// Batch status: an index out of range or a bad pose row (NaN, zero quaternion,
/// non-rigid matrix), or in `batch_cast_ray` a bad ray row (a non-finite number, a zero
/// direction); no answer.
pub const STATUS_INVALID_INPUT: i8 = 2;
/// Batch status: the scene is outside the exact range (about 1e±60) or the answer
/// overflowed; no answer.
pub const STATUS_OUT_OF_RANGE: i8 = 3;
/// Batch contact status: GJK ran out of iterations; the separation is an upper bound.
pub const STATUS_APPROXIMATE_GJK_MAX_ITERATIONS: i8 = 4;
/// Batch contact status: EPA ran out of capacity; the best depth found.
pub const STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY: i8 = 5;
/// Batch contact status: EPA stalled on rounding; the best depth found.
pub const STATUS_APPROXIMATE_EPA_STALLED: i8 = 6;
/// Batch contact status: the pair overlaps and its thread had no memory for the
/// penetration query's workspace (about 1 MB per thread); no answer.
pub const STATUS_OUT_OF_MEMORY: i8 = 7;

/// The identity pose `[0, 0, 0, 1, 0, 0, 0]` (`[x, y, z, qw, qx, qy, qz]`).
#[pyfunction]
fn identity_pose(py: Python<'_>) -> Bound<'_, PyArray1<f64>> {
    PyArray1::from_slice(py, &[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])
}

/// A pose (a (7,) array or a (4, 4) rigid matrix) as the (7,) array
/// `[x, y, z, qw, qx, qy, qz]`, the quaternion normalized.
#[pyfunction]
fn pose_from_matrix<'py>(
    py: Python<'py>,
    pose: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let iso = arrays::pose(Some(pose), "pose")?;
    Ok(PyArray1::from_slice(py, &arrays::seven(&iso)))
}

/// A pose (a (7,) array or a (4, 4) rigid matrix) as a (4, 4) homogeneous matrix.
#[pyfunction]
fn pose_to_matrix<'py>(
    py: Python<'py>,
    pose: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    let m = arrays::pose(Some(pose), "pose")?.to_homogeneous();
    Ok(Array2::from_shape_fn((4, 4), |(i, j)| m[(i, j)]).to_pyarray(py))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("STATUS_OK", STATUS_OK)?;
    m.add("STATUS_NOT_CONVERGED", STATUS_NOT_CONVERGED)?;
    m.add("STATUS_INVALID_INPUT", STATUS_INVALID_INPUT)?;
    m.add("STATUS_OUT_OF_RANGE", STATUS_OUT_OF_RANGE)?;
    m.add("STATUS_OUT_OF_MEMORY", STATUS_OUT_OF_MEMORY)?;
    m.add(
        "STATUS_APPROXIMATE_GJK_MAX_ITERATIONS",
        STATUS_APPROXIMATE_GJK_MAX_ITERATIONS,
    )?;
    m.add(
        "STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY",
        STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY,
    )?;
    m.add(
        "STATUS_APPROXIMATE_EPA_STALLED",
        STATUS_APPROXIMATE_EPA_STALLED,
    )?;
    m.add_function(wrap_pyfunction!(identity_pose, m)?)?;
    m.add_function(wrap_pyfunction!(pose_from_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(pose_to_matrix, m)?)?;
    m.add_function(wrap_pyfunction!(mass::mass_properties, m)?)?;
    shapes::register(m)?;
    shape_set::register(m)?;
    queries::register(m)?;
    results::register(m)?;
    batch::register(m)?;
    fixture::register(m)?;
    Ok(())
}
