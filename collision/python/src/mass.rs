//! Mass properties of solid shapes, from the `inertia` crate.

use crate::errors::{invalid, types_attr};
use crate::shapes::PyShape;
use inertia::Amount;
use inertia::shapes::of_shape;
use nalgebra::{Matrix3, Vector3};
use numpy::ndarray::Array2;
use numpy::{PyArray1, PyArray2, ToPyArray};
use pyo3::prelude::*;

fn matrix<'py>(py: Python<'py>, m: &Matrix3<f64>) -> Bound<'py, PyArray2<f64>> {
    Array2::from_shape_fn((3, 3), |(i, j)| m[(i, j)]).to_pyarray(py)
}

/// The mass properties of a solid shape (ball, cuboid, capsule, cylinder, cone, solid
/// convex hull, or a rounded ball, point, capsule or segment), from `density` (default 1) or a total `mass` (give at most one): a
/// `MassProperties` with the tensor about the centre of mass in local axes. Exact closed
/// forms, and exact tetrahedron sums for hulls.
#[pyfunction]
#[pyo3(signature = (shape, *, density=None, mass=None))]
pub fn mass_properties<'py>(
    shape: &Bound<'py, PyShape>,
    density: Option<f64>,
    mass: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = shape.py();
    let amount = match (density, mass) {
        (Some(_), Some(_)) => return Err(invalid("give density or mass, not both")),
        (None, Some(m)) => Amount::Mass(m),
        (Some(d), None) => Amount::Density(d),
        (None, None) => Amount::Density(1.0),
    };
    let props = of_shape(&shape.get().shape, amount)
        .map_err(|e| invalid(format!("{}: {e}", shape.get().spec.type_name())))?;
    let principal = props.principal();
    let axes = principal.frame.to_rotation_matrix().into_inner();
    let c = props.center_of_mass();
    let moments: Vector3<f64> = principal.moments;
    types_attr(py, "MassProperties")?.call1((
        props.mass(),
        PyArray1::from_slice(py, &[c.x, c.y, c.z]),
        matrix(py, &props.inertia()),
        PyArray1::from_slice(py, &[moments.x, moments.y, moments.z]),
        matrix(py, &axes),
    ))
}
