//! `Contact`: the answer of `contact`.

use super::{Vec3Field, finite, one_of};
use collision::{Contact, ContactMethod, ContactStatus};
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// The names a contact's `status` takes, in `ContactStatus` order.
const STATUS_NAMES: [&str; 4] = [
    "converged",
    "gjk_max_iterations",
    "epa_out_of_capacity",
    "epa_stalled",
];

/// The names a contact's `method` takes, in `ContactMethod` order.
const METHOD_NAMES: [&str; 3] = ["closest_points", "penetration", "flat"];

/// `ContactStatus` as the name the Python results use.
pub fn status_name(s: ContactStatus) -> &'static str {
    match s {
        ContactStatus::Converged => STATUS_NAMES[0],
        ContactStatus::GjkMaxIterations => STATUS_NAMES[1],
        ContactStatus::EpaOutOfCapacity => STATUS_NAMES[2],
        ContactStatus::EpaStalled => STATUS_NAMES[3],
    }
}

fn method_name(m: ContactMethod) -> &'static str {
    match m {
        ContactMethod::ClosestPoints => METHOD_NAMES[0],
        ContactMethod::Penetration => METHOD_NAMES[1],
        ContactMethod::Flat => METHOD_NAMES[2],
    }
}

/// A contact of two shapes that overlap or lie within the margin (world frame).
/// Unpacks as `(separation, normal, point_a, point_b, status, method)`; compares by
/// value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "Contact")]
pub struct PyContact {
    separation: f64,
    normal: Vec3Field,
    point_a: Vec3Field,
    point_b: Vec3Field,
    status: &'static str,
    method: &'static str,
}

impl PyContact {
    /// The object of a Rust contact.
    pub fn of(c: &Contact) -> Self {
        PyContact {
            separation: c.separation,
            normal: Vec3Field::of_vector(&c.normal),
            point_a: Vec3Field::of_point(&c.point_a),
            point_b: Vec3Field::of_point(&c.point_b),
            status: status_name(c.status),
            method: method_name(c.method),
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.separation,
            self.normal.get(py),
            self.point_a.get(py),
            self.point_b.get(py),
            self.status,
            self.method,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl PyContact {
    /// `Contact(separation, normal, point_a, point_b, status, method)`.
    #[new]
    fn new(
        separation: f64,
        normal: &Bound<'_, PyAny>,
        point_a: &Bound<'_, PyAny>,
        point_b: &Bound<'_, PyAny>,
        status: &str,
        method: &str,
    ) -> PyResult<Self> {
        Ok(PyContact {
            separation: finite(separation, "separation")?,
            normal: Vec3Field::read(normal, "normal")?,
            point_a: Vec3Field::read(point_a, "point_a")?,
            point_b: Vec3Field::read(point_b, "point_b")?,
            status: one_of(status, &STATUS_NAMES, "status")?,
            method: one_of(method, &METHOD_NAMES, "method")?,
        })
    }

    /// Signed distance along `normal`: positive apart, minus the depth when penetrating.
    #[getter]
    fn separation(&self) -> f64 {
        self.separation
    }

    /// The penetration depth, `max(0, -separation)`.
    #[getter]
    fn depth(&self) -> f64 {
        (-self.separation).max(0.0)
    }

    /// Unit normal from A towards B, shape (3,).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    /// The point of A nearest B (when penetrating: deepest inside B), shape (3,).
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_a.get(py)
    }

    /// The point of B nearest A (when penetrating: deepest inside A), shape (3,).
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_b.get(py)
    }

    /// How exact the answer is: 'converged', 'gjk_max_iterations' (separation is an
    /// upper bound), 'epa_out_of_capacity' or 'epa_stalled' (the best depth found).
    #[getter]
    fn status(&self) -> &'static str {
        self.status
    }

    /// Which algorithm answered: 'closest_points', 'penetration' or 'flat'.
    #[getter]
    fn method(&self) -> &'static str {
        self.method
    }

    fn __repr__(&self) -> String {
        format!(
            "Contact(separation={:?}, normal={}, point_a={}, point_b={}, status='{}', method='{}')",
            self.separation,
            self.normal.text(),
            self.point_a.text(),
            self.point_b.text(),
            self.status,
            self.method
        )
    }
}

record_protocol!(PyContact, 6);
