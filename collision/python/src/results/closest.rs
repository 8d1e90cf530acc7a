//! `ClosestPoints`: the answer of `closest_points`.

use super::{Vec3Field, finite};
use collision::ClosestPoints;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The closest points of two shapes (world frame), or the fact that they overlap.
/// Unpacks as `(overlapping, distance, point_a, point_b)`; compares by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "ClosestPoints")]
pub struct PyClosestPoints {
    distance: f64,
    points: Option<(Vec3Field, Vec3Field)>,
}

impl PyClosestPoints {
    /// The object of a Rust answer.
    pub fn of(c: &ClosestPoints) -> Self {
        match c {
            ClosestPoints::Overlapping => PyClosestPoints {
                distance: 0.0,
                points: None,
            },
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => PyClosestPoints {
                distance: *distance,
                points: Some((Vec3Field::of_point(point_a), Vec3Field::of_point(point_b))),
            },
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (a, b) = match &self.points {
            Some((a, b)) => (a.get(py).into_any(), b.get(py).into_any()),
            None => (py.None().into_bound(py), py.None().into_bound(py)),
        };
        (self.points.is_none(), self.distance, a, b).into_pyobject(py)
    }
}

#[pymethods]
impl PyClosestPoints {
    /// `ClosestPoints(overlapping, distance, point_a, point_b)`: when `overlapping`, the
    /// distance must be 0 and the points None.
    #[new]
    #[pyo3(signature = (overlapping, distance, point_a=None, point_b=None))]
    fn new(
        overlapping: bool,
        distance: f64,
        point_a: Option<&Bound<'_, PyAny>>,
        point_b: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let distance = finite(distance, "distance")?;
        let point_a = point_a.filter(|p| !p.is_none());
        let point_b = point_b.filter(|p| !p.is_none());
        let points = match (overlapping, point_a, point_b) {
            (true, None, None) if distance == 0.0 => None,
            (false, Some(a), Some(b)) => Some((
                Vec3Field::read(a, "point_a")?,
                Vec3Field::read(b, "point_b")?,
            )),
            _ => {
                return Err(crate::errors::invalid(
                    "ClosestPoints: overlapping results have distance 0 and no points; \
                     separated ones have both points",
                ));
            }
        };
        Ok(PyClosestPoints { distance, points })
    }

    /// True when the shapes touch or overlap (then the points are None).
    #[getter]
    fn overlapping(&self) -> bool {
        self.points.is_none()
    }

    /// The distance between the shapes, 0.0 when they touch or overlap.
    #[getter]
    fn distance(&self) -> f64 {
        self.distance
    }

    /// The point of A nearest B, shape (3,), or None when overlapping.
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.points.as_ref().map(|(a, _)| a.get(py))
    }

    /// The point of B nearest A, shape (3,), or None when overlapping.
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.points.as_ref().map(|(_, b)| b.get(py))
    }

    fn __repr__(&self) -> String {
        match &self.points {
            None => {
                "ClosestPoints(overlapping=True, distance=0.0, point_a=None, point_b=None)".into()
            }
            Some((a, b)) => format!(
                "ClosestPoints(overlapping=False, distance={:?}, point_a={}, point_b={})",
                self.distance,
                a.text(),
                b.text()
            ),
        }
    }
}

record_protocol!(PyClosestPoints, 4);
