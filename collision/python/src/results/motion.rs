//! `Impact` and `RayHit`: the answers of `time_of_impact` and `cast_ray`.

use super::{Vec3Field, finite};
use collision::{Impact, RayHit};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The first contact of two moving shapes, at `time` (world frame). Unpacks as
/// `(time, point_a, point_b, normal, separation, iterations)`; compares by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "Impact")]
pub struct PyImpact {
    time: f64,
    point_a: Vec3Field,
    point_b: Vec3Field,
    normal: Vec3Field,
    separation: f64,
    iterations: u32,
}

impl PyImpact {
    /// The object of a Rust impact.
    pub fn of(i: &Impact) -> Self {
        PyImpact {
            time: i.time,
            point_a: Vec3Field::of_point(&i.point_a),
            point_b: Vec3Field::of_point(&i.point_b),
            normal: Vec3Field::of_vector(&i.normal),
            separation: i.separation,
            iterations: i.iterations,
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.time,
            self.point_a.get(py),
            self.point_b.get(py),
            self.normal.get(py),
            self.separation,
            self.iterations,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl PyImpact {
    /// `Impact(time, point_a, point_b, normal, separation, iterations)`.
    #[new]
    fn new(
        time: f64,
        point_a: &Bound<'_, PyAny>,
        point_b: &Bound<'_, PyAny>,
        normal: &Bound<'_, PyAny>,
        separation: f64,
        iterations: u32,
    ) -> PyResult<Self> {
        Ok(PyImpact {
            time: finite(time, "time")?,
            point_a: Vec3Field::read(point_a, "point_a")?,
            point_b: Vec3Field::read(point_b, "point_b")?,
            normal: Vec3Field::read(normal, "normal")?,
            separation: finite(separation, "separation")?,
            iterations,
        })
    }

    /// Time of impact, 0.0 when the shapes touch or overlap at the start.
    #[getter]
    fn time(&self) -> f64 {
        self.time
    }

    /// Point of A nearest B at `time`, shape (3,).
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_a.get(py)
    }

    /// Point of B nearest A at `time`, shape (3,).
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_b.get(py)
    }

    /// Unit normal from A towards B at `time`, shape (3,).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    /// Signed separation at `time` (about 0 at an impact, negative if overlapping at 0).
    #[getter]
    fn separation(&self) -> f64 {
        self.separation
    }

    /// Conservative-advancement iterations made (0 for the exact ball–ball path).
    #[getter]
    fn iterations(&self) -> u32 {
        self.iterations
    }

    fn __repr__(&self) -> String {
        format!(
            "Impact(time={:?}, point_a={}, point_b={}, normal={}, separation={:?}, iterations={})",
            self.time,
            self.point_a.text(),
            self.point_b.text(),
            self.normal.text(),
            self.separation,
            self.iterations
        )
    }
}

/// Where a ray enters a shape (world frame). Unpacks as `(toi, point, normal)`; compares
/// by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "RayHit")]
pub struct PyRayHit {
    toi: f64,
    point: Vec3Field,
    normal: Vec3Field,
}

impl PyRayHit {
    /// The object of a Rust hit.
    pub fn of(h: &RayHit) -> Self {
        PyRayHit {
            toi: h.toi,
            point: Vec3Field::of_point(&h.point),
            normal: Vec3Field::of_vector(&h.normal),
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.toi, self.point.get(py), self.normal.get(py)).into_pyobject(py)
    }
}

#[pymethods]
impl PyRayHit {
    /// `RayHit(toi, point, normal)`.
    #[new]
    fn new(toi: f64, point: &Bound<'_, PyAny>, normal: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRayHit {
            toi: finite(toi, "toi")?,
            point: Vec3Field::read(point, "point")?,
            normal: Vec3Field::read(normal, "normal")?,
        })
    }

    /// Ray parameter of the hit, in units of the direction (0 when starting inside).
    #[getter]
    fn toi(&self) -> f64 {
        self.toi
    }

    /// The hit point, shape (3,).
    #[getter]
    fn point<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point.get(py)
    }

    /// Unit outward normal at the hit, shape (3,) (minus the direction when inside).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    fn __repr__(&self) -> String {
        format!(
            "RayHit(toi={:?}, point={}, normal={})",
            self.toi,
            self.point.text(),
            self.normal.text()
        )
    }
}

record_protocol!(PyImpact, 6);

record_protocol!(PyRayHit, 3);
