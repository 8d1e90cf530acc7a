//! `Impact` and `RayHit`: the answers of `time_of_impact` and `cast_ray`.

use super::{Vec3Field, finite, unchecked};
use collision::{Impact, RayHit};
use pyo3::prelude::*;

record_class! {
    /// The first contact of two moving shapes, at `time` (world frame). Unpacks as
    /// `(time, point_a, point_b, normal, separation, iterations)`; compares by value; pickles.
    pub struct PyImpact as "Impact" {
        /// Time of impact, 0.0 when the shapes touch or overlap at the start.
        time: f64 = finite(f64),
        /// Point of A nearest B at `time`, shape (3,).
        point_a: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// Point of B nearest A at `time`, shape (3,).
        point_b: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// Unit normal from A towards B at `time`, shape (3,).
        normal: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// Signed separation at `time` (about 0 at an impact, negative if overlapping at 0).
        separation: f64 = finite(f64),
        /// Conservative-advancement iterations made (0 for the exact ball–ball path).
        iterations: u32 = unchecked(u32),
    }
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
}

record_class! {
    /// Where a ray enters a shape (world frame). Unpacks as `(toi, point, normal)`; compares
    /// by value; pickles.
    pub struct PyRayHit as "RayHit" {
        /// Ray parameter of the hit, in units of the direction (0 when starting inside).
        toi: f64 = finite(f64),
        /// The hit point, shape (3,).
        point: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
        /// Unit outward normal at the hit, shape (3,) (minus the unit direction when the ray
        /// starts inside).
        normal: Vec3Field = Vec3Field::read(&Bound<'_, PyAny>),
    }
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
}
