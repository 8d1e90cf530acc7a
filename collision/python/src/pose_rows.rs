//! The poses of a batch call: an `(M, 7)` or `(M, 4, 4)` array, copied under the GIL and
//! read into poses by the threads that run the pairs.
//!
//! A call whose pairs use few of the M poses (a frame's candidate pairs in a large
//! scene) copies only the rows its pairs use, in pair order, so that its cost follows
//! the pairs and not the scene. On the AMD EPYC Zen 5, with 20,000 hull16 poses and a
//! `ShapeSet` (which lends its shapes without a per-call copy either), a batch distance
//! of 16 pairs took 25 µs before and 4 µs after, one of 1,000 pairs 119–122 µs before
//! and 91–95 µs after on two cores. A call whose pairs use many of them
//! copies the array whole, one sequential copy being cheaper than as many scattered
//! row reads. Either way each pair reads the same seven (or sixteen) numbers, so the
//! answers do not depend on which copy was made.

use crate::arrays::{
    Rows, SMALL_ARRAY, float_values, pose_from_matrix, pose_from_seven, shape_text,
};
use crate::errors::{invalid, room};
use nalgebra::Isometry3;
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;

/// Rows a pair copies for each row the whole array has, at most, for the call to copy
/// only its pairs' rows: scattered row reads cost several times a sequential copy's
/// per byte, so a call gathers when its pairs' rows number at most a quarter of the
/// array's.
const GATHER_FRACTION: usize = 4;

/// The pose rows of a batch, as copied from its `(M, 7)` or `(M, 4, 4)` array: all of
/// them, or only those its pairs use ([`poses`]). Each row becomes a pose when a pair
/// asks for it ([`Self::pose`]), on the thread that runs the pair.
pub struct PoseRows {
    values: Vec<f64>,
    /// 7 values a row (`[x, y, z, qw, qx, qy, qz]`) or 16 (a row-major 4×4 matrix).
    width: usize,
    /// M, the number of poses the array has.
    len: usize,
    /// `None` when `values` holds all M rows; `Some(n)` when it holds `n` rows per pair,
    /// the rows of the pair's first `n` indices, in pair order.
    per_pair: Option<usize>,
}

impl PoseRows {
    /// The number of poses the array has.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// The pose of shape `i` (`i < len()`), used by pair `k` as its index number `side`,
    /// or `None` for a row that is no pose: non-finite, a zero or non-unit quaternion,
    /// or a matrix that is not a rigid motion (the pairs using it get
    /// `STATUS_INVALID_INPUT`).
    #[must_use]
    pub fn pose(&self, k: usize, side: usize, i: usize) -> Option<Isometry3<f64>> {
        let r = self.per_pair.map_or(i, |n| k * n + side);
        let row = &self.values[r * self.width..(r + 1) * self.width];
        let pose = if self.width == 7 {
            pose_from_seven(std::array::from_fn(|k| row[k]))
        } else {
            pose_from_matrix(std::array::from_fn(|r| {
                std::array::from_fn(|c| row[4 * r + c])
            }))
        };
        pose.ok()
    }
}

/// The poses of a batch, `obj` an `(M, 7)` or `(M, 4, 4)` array, for the pairs `pairs`
/// whose first `sides` indices are shape indices (2 for pairs of shapes, 1 for
/// `[shape, ray]` pairs): only the rows they use when those are few (see the module
/// documentation), all of them otherwise. A row for an index out of range is NaN, no
/// pose (the pair is refused for its index first).
///
/// # Errors
/// `InvalidInputError` for an array of another shape or dtype; `OutOfMemoryError` when
/// there is no room for its copy.
pub fn poses(
    obj: &Bound<'_, PyAny>,
    what: &str,
    pairs: &Rows<i64, 2>,
    sides: usize,
) -> PyResult<PoseRows> {
    if let Some(rows) = gathered(obj, pairs, sides) {
        return rows;
    }
    let a = float_values(obj, what)?;
    let width = row_width(&a.shape, what)?;
    Ok(PoseRows {
        len: a.data.len() / width,
        values: a.data,
        width,
        per_pair: None,
    })
}

/// 7 for an `(M, 7)` shape, 16 for an `(M, 4, 4)` one.
///
/// # Errors
/// `InvalidInputError` for any other shape.
fn row_width(shape: &[usize], what: &str) -> PyResult<usize> {
    match shape {
        [_, 7] => Ok(7),
        [_, 4, 4] => Ok(16),
        _ => Err(invalid(format!(
            "{what}: expected an (M, 7) or (M, 4, 4) array, got shape {}",
            shape_text(shape)
        ))),
    }
}

/// The rows of `obj` that `pairs` use, in pair order, when `obj` is a C-contiguous
/// float64 array of poses far larger than the rows the pairs use (`None` otherwise:
/// [`poses`] then copies it whole, or refuses it).
fn gathered(
    obj: &Bound<'_, PyAny>,
    pairs: &Rows<i64, 2>,
    sides: usize,
) -> Option<PyResult<PoseRows>> {
    let a = obj.cast::<PyArrayDyn<f64>>().ok()?;
    let width = row_width(a.shape(), "poses").ok()?;
    let len = a.shape()[0];
    let rows = pairs.len().checked_mul(sides)?;
    if a.len() <= SMALL_ARRAY || rows.checked_mul(GATHER_FRACTION)? > len || !a.is_c_contiguous() {
        return None;
    }
    let array = a.try_readonly().ok()?;
    let values = array.as_slice().ok()?;
    let mut out = match room(rows * width, "poses") {
        Ok(out) => out,
        Err(e) => return Some(Err(e)),
    };
    for k in 0..pairs.len() {
        let indices = pairs.get(k)?;
        for &i in &indices[..sides] {
            match usize::try_from(i).ok().filter(|&i| i < len) {
                Some(i) => out.extend_from_slice(&values[i * width..(i + 1) * width]),
                None => out.extend(std::iter::repeat_n(f64::NAN, width)),
            }
        }
    }
    Some(Ok(PoseRows {
        values: out,
        width,
        len,
        per_pair: Some(sides),
    }))
}
