//! `Contact`: the answer of `contact`.

use super::{Vec3Field, finite, one_of};
use collision::{Contact, ContactMethod, ContactStatus};
use pyo3::prelude::*;

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

/// A `status` given to the constructor: one of [`STATUS_NAMES`].
fn status_arg(name: &str, what: &str) -> PyResult<&'static str> {
    one_of(name, &STATUS_NAMES, what)
}

/// A `method` given to the constructor: one of [`METHOD_NAMES`].
fn method_arg(name: &str, what: &str) -> PyResult<&'static str> {
    one_of(name, &METHOD_NAMES, what)
}

record_class! {
    /// A contact of two shapes that overlap or lie within the margin (world frame).
    /// Unpacks as `(separation, normal, point_a, point_b, status, method)`; compares by
    /// value; pickles.
    pub struct PyContact as "Contact" {
        /// Signed distance along `normal`: positive apart, minus the depth when penetrating.
        separation: f64 = finite(f64),
        /// Unit normal from A towards B, shape (3,).
        normal: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// The point of A nearest B (when penetrating: deepest inside B), shape (3,).
        point_a: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// The point of B nearest A (when penetrating: deepest inside A), shape (3,).
        point_b: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// How exact the answer is: 'converged', 'gjk_max_iterations' (separation is an
        /// upper bound), 'epa_out_of_capacity' or 'epa_stalled' (the best depth found).
        status: &'static str = status_arg(&str),
        /// Which algorithm answered: 'closest_points', 'penetration' or 'flat'.
        method: &'static str = method_arg(&str),
    }
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
}

#[pymethods]
impl PyContact {
    /// The penetration depth, `max(0, -separation)`.
    #[getter]
    fn depth(&self) -> f64 {
        (-self.separation).max(0.0)
    }
}
