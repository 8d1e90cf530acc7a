//! The single queries: two shapes and their poses in, a float, a bool or a small result
//! object (`results/`) out, and a typed exception when there is no answer.

use crate::arrays;
use crate::errors::{contact_kind, gjk_kind, invalid, raise, ray_kind, toi_kind};
use crate::results::{PyClosestPoints, PyContact, PyImpact, PyRayHit};
use crate::shapes::PyShape;
use collision::QueryOptions;
use collision::{ClosestPoints, Contact, Impact, Motion, Ray, RayHit, ToiConfig};
use nalgebra::Vector3;
use pyo3::prelude::*;

/// The `ClosestPoints` object of a Rust answer.
pub fn closest_points_object<'py>(
    py: Python<'py>,
    c: &ClosestPoints,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(Bound::new(py, PyClosestPoints::of(c))?.into_any())
}

/// The `Contact` object of a Rust contact.
pub fn contact_object<'py>(py: Python<'py>, c: &Contact) -> PyResult<Bound<'py, PyAny>> {
    Ok(Bound::new(py, PyContact::of(c))?.into_any())
}

/// The `Impact` object of a Rust impact.
pub fn impact_object<'py>(py: Python<'py>, i: &Impact) -> PyResult<Bound<'py, PyAny>> {
    Ok(Bound::new(py, PyImpact::of(i))?.into_any())
}

/// The `RayHit` object of a Rust hit.
pub fn hit_object<'py>(py: Python<'py>, h: &RayHit) -> PyResult<Bound<'py, PyAny>> {
    Ok(Bound::new(py, PyRayHit::of(h))?.into_any())
}

/// Whether `a` at `pose_a` and `b` at `pose_b` touch or overlap.
///
/// Poses are (7,) arrays `[x, y, z, qw, qx, qy, qz]` or (4, 4) rigid matrices; None is the
/// identity. Raises `NotConvergedError` when GJK ran out of iterations before proving
/// either answer, `OutOfRangeError` for a scene outside the exact range (about 1e±60),
/// `InvalidInputError` for bad input.
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b))]
pub fn intersects(
    a: &Bound<'_, PyShape>,
    pose_a: Option<&Bound<'_, PyAny>>,
    b: &Bound<'_, PyShape>,
    pose_b: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (pa, pb) = (
        arrays::pose(pose_a, "pose_a")?,
        arrays::pose(pose_b, "pose_b")?,
    );
    collision::intersects(&a.get().shape, &pa, &b.get().shape, &pb)
        .map_err(|e| raise(gjk_kind(&e), e))
}

/// The distance between `a` at `pose_a` and `b` at `pose_b`, 0.0 when they touch or
/// overlap. Raises `NotConvergedError` (never a guessed distance), `OutOfRangeError` (a
/// scene outside the exact range, or a distance that overflows) or `InvalidInputError`.
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b))]
pub fn distance(
    a: &Bound<'_, PyShape>,
    pose_a: Option<&Bound<'_, PyAny>>,
    b: &Bound<'_, PyShape>,
    pose_b: Option<&Bound<'_, PyAny>>,
) -> PyResult<f64> {
    let (pa, pb) = (
        arrays::pose(pose_a, "pose_a")?,
        arrays::pose(pose_b, "pose_b")?,
    );
    collision::distance(&a.get().shape, &pa, &b.get().shape, &pb)
        .map_err(|e| raise(gjk_kind(&e), e))
}

/// The closest points of `a` at `pose_a` and `b` at `pose_b` (world frame), as a
/// `ClosestPoints(overlapping, distance, point_a, point_b)`. Raises as `distance`.
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b))]
pub fn closest_points<'py>(
    a: &Bound<'py, PyShape>,
    pose_a: Option<&Bound<'py, PyAny>>,
    b: &Bound<'py, PyShape>,
    pose_b: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let (pa, pb) = (
        arrays::pose(pose_a, "pose_a")?,
        arrays::pose(pose_b, "pose_b")?,
    );
    let c = collision::closest_points(&a.get().shape, &pa, &b.get().shape, &pb)
        .map_err(|e| raise(gjk_kind(&e), e))?;
    closest_points_object(a.py(), &c)
}

/// The contact of `a` at `pose_a` and `b` at `pose_b` when they overlap or lie within
/// `margin` ≥ 0 of each other, as a `Contact` (check its `status` for how exact it is);
/// None when they are further apart.
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b, margin=0.0))]
pub fn contact<'py>(
    a: &Bound<'py, PyShape>,
    pose_a: Option<&Bound<'py, PyAny>>,
    b: &Bound<'py, PyShape>,
    pose_b: Option<&Bound<'py, PyAny>>,
    margin: f64,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (pa, pb) = (
        arrays::pose(pose_a, "pose_a")?,
        arrays::pose(pose_b, "pose_b")?,
    );
    let c = collision::contact(&a.get().shape, &pa, &b.get().shape, &pb, margin)
        .map_err(|e| raise(contact_kind(&e), e))?;
    c.map(|c| contact_object(a.py(), &c)).transpose()
}

fn velocity(v: Option<&Bound<'_, PyAny>>, what: &str) -> PyResult<Vector3<f64>> {
    v.map_or(Ok(Vector3::zeros()), |v| arrays::vec3(v, what))
}

/// The first time in [0, t_max] at which `a` and `b`, starting at their poses and moving
/// with constant linear and angular velocities (world frame, angular in radians per unit
/// time about each shape's local origin), touch: an `Impact`, or None when they do not.
/// Raises `NotConvergedError` when advancement did not converge within `max_iterations`
/// (default 4096; never reported as "no impact").
#[pyfunction]
#[pyo3(signature = (a, pose_a, b, pose_b, t_max, *, linear_a=None, angular_a=None, linear_b=None, angular_b=None, max_iterations=None))]
#[allow(clippy::too_many_arguments)]
pub fn time_of_impact<'py>(
    a: &Bound<'py, PyShape>,
    pose_a: Option<&Bound<'py, PyAny>>,
    b: &Bound<'py, PyShape>,
    pose_b: Option<&Bound<'py, PyAny>>,
    t_max: f64,
    linear_a: Option<&Bound<'py, PyAny>>,
    angular_a: Option<&Bound<'py, PyAny>>,
    linear_b: Option<&Bound<'py, PyAny>>,
    angular_b: Option<&Bound<'py, PyAny>>,
    max_iterations: Option<u32>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (pa, pb) = (
        arrays::pose(pose_a, "pose_a")?,
        arrays::pose(pose_b, "pose_b")?,
    );
    if !(t_max.is_finite() && t_max > 0.0) {
        return Err(invalid(format!(
            "t_max: must be finite and positive, got {t_max}"
        )));
    }
    let ma = Motion::new(
        pa,
        velocity(linear_a, "linear_a")?,
        velocity(angular_a, "angular_a")?,
    );
    let mb = Motion::new(
        pb,
        velocity(linear_b, "linear_b")?,
        velocity(angular_b, "angular_b")?,
    );
    let mut config = ToiConfig::default();
    if let Some(n) = max_iterations {
        config.max_iterations = n;
    }
    let impact = collision::time_of_impact_with(
        &a.get().shape,
        &ma,
        &b.get().shape,
        &mb,
        t_max,
        QueryOptions::default().config(config),
    )
    .map_err(|e| raise(toi_kind(&e), e))?;
    impact.map(|i| impact_object(a.py(), &i)).transpose()
}

/// Where the ray `origin + t * direction` (world frame, 0 ≤ t ≤ max_toi) enters `shape`
/// at `pose`: a `RayHit` (t in units of `direction`), or None for a miss.
#[pyfunction]
#[pyo3(signature = (shape, pose, origin, direction, max_toi=f64::INFINITY))]
pub fn cast_ray<'py>(
    shape: &Bound<'py, PyShape>,
    pose: Option<&Bound<'py, PyAny>>,
    origin: &Bound<'py, PyAny>,
    direction: &Bound<'py, PyAny>,
    max_toi: f64,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let iso = arrays::pose(pose, "pose")?;
    let origin = arrays::vec3(origin, "origin")?;
    let dir = arrays::vec3(direction, "direction")?;
    if dir == Vector3::zeros() {
        return Err(invalid("direction: must not be zero"));
    }
    if max_toi.is_nan() || max_toi < 0.0 {
        return Err(invalid(format!(
            "max_toi: must be non-negative, got {max_toi}"
        )));
    }
    let ray = Ray::new(origin.into(), dir);
    let hit = collision::cast_ray(&shape.get().shape, &iso, &ray, max_toi)
        .map_err(|e| raise(ray_kind(&e), e))?;
    hit.map(|h| hit_object(shape.py(), &h)).transpose()
}

/// Registers the single queries.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(intersects, m)?)?;
    m.add_function(wrap_pyfunction!(distance, m)?)?;
    m.add_function(wrap_pyfunction!(closest_points, m)?)?;
    m.add_function(wrap_pyfunction!(contact, m)?)?;
    m.add_function(wrap_pyfunction!(time_of_impact, m)?)?;
    m.add_function(wrap_pyfunction!(cast_ray, m)?)?;
    Ok(())
}
