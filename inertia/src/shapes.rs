//! Mass properties of the `collision` crate's dynamic [`Shape`]s (feature `shapes`), the
//! one mapping the C ABI and the Python package share.
//!
//! Each primitive has its closed form and a solid hull its exact tetrahedron sum. A
//! rounded shape (the Minkowski sum of a core and a ball of radius `m`) has a closed form
//! when that sum is again a primitive: a ball of radius `r` grows into one of radius
//! `r + m`, a point into a ball of radius `m`, a capsule into a capsule of radius `r + m`,
//! a segment into a capsule of radius `m` along it; nested margins add. Other rounded
//! shapes (boxes, cylinders, cones, triangles, hulls with rounded edges) have no closed
//! form here, and segments, triangles, points and flat hulls have no volume.

use crate::{Amount, MassError, MassProperties};
use collision::Shape;
use nalgebra::{Point3, UnitQuaternion, Vector3};

/// Why a shape has no mass properties here.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeMassError {
    /// The shape encloses no volume (a segment, triangle, point or flat hull).
    #[error("{0} has no volume (round it for one)")]
    NoVolume(&'static str),
    /// The shape has volume but no closed form here (named).
    #[error("{0} has no closed-form mass properties here")]
    NoClosedForm(&'static str),
    /// The closed form refused its input (the amount, or a dimension).
    #[error(transparent)]
    Mass(#[from] MassError),
}

/// The mass properties of `shape` for `amount`, in the shape's local frame.
///
/// # Errors
/// [`ShapeMassError`] for shapes without volume or without a closed form, and for an
/// amount or dimension the closed forms refuse.
pub fn of_shape(shape: &Shape, amount: Amount) -> Result<MassProperties, ShapeMassError> {
    Ok(match shape {
        Shape::Ball(b) => MassProperties::ball(b.radius(), amount)?,
        Shape::Cuboid(c) => MassProperties::cuboid(&c.half_extents(), amount)?,
        Shape::Capsule(c) => MassProperties::capsule(c.half_height(), c.radius(), amount)?,
        Shape::Cylinder(c) => MassProperties::cylinder(c.half_height(), c.radius(), amount)?,
        Shape::Cone(c) => MassProperties::cone(c.half_height(), c.radius(), amount)?,
        Shape::ConvexHull(h) => match h.hull() {
            Some(solid) => MassProperties::from_hull(solid, amount)?,
            None => return Err(ShapeMassError::NoVolume("a flat hull")),
        },
        Shape::Segment(_) => return Err(ShapeMassError::NoVolume("a segment")),
        Shape::Triangle(_) => return Err(ShapeMassError::NoVolume("a triangle")),
        Shape::Point(_) => return Err(ShapeMassError::NoVolume("a point")),
        Shape::Rounded(r) => rounded(r.shape(), r.margin(), amount)?,
        Shape::Transformed(_) => return Err(ShapeMassError::NoClosedForm("a transformed shape")),
    })
}

/// The mass properties of `core` grown by `margin`.
fn rounded(core: &Shape, margin: f64, amount: Amount) -> Result<MassProperties, ShapeMassError> {
    Ok(match core {
        Shape::Ball(b) => MassProperties::ball(b.radius() + margin, amount)?,
        Shape::Point(p) => {
            MassProperties::ball(margin, amount)?.translated(&p.position().coords)?
        }
        Shape::Capsule(c) => MassProperties::capsule(c.half_height(), c.radius() + margin, amount)?,
        Shape::Segment(s) => {
            // A capsule along y of the segment's half length, turned onto the segment and
            // moved to its midpoint (a half turn about x when the segment points down y).
            let [a, b] = *s.vertices();
            let axis = b - a;
            let turn =
                UnitQuaternion::rotation_between(&Vector3::y(), &axis).unwrap_or_else(|| {
                    UnitQuaternion::from_axis_angle(&Vector3::x_axis(), std::f64::consts::PI)
                });
            let mid = Point3::from((a.coords + b.coords) * 0.5);
            MassProperties::capsule(0.5 * axis.norm(), margin, amount)?
                .rotated(&turn)?
                .translated(&mid.coords)?
        }
        Shape::Rounded(inner) => rounded(inner.shape(), inner.margin() + margin, amount)?,
        Shape::Cuboid(_) => return Err(ShapeMassError::NoClosedForm("a rounded box")),
        Shape::Cylinder(_) => return Err(ShapeMassError::NoClosedForm("a rounded cylinder")),
        Shape::Cone(_) => return Err(ShapeMassError::NoClosedForm("a rounded cone")),
        Shape::Triangle(_) => return Err(ShapeMassError::NoClosedForm("a rounded triangle")),
        Shape::ConvexHull(_) => return Err(ShapeMassError::NoClosedForm("a rounded hull")),
        Shape::Transformed(_) => {
            return Err(ShapeMassError::NoClosedForm("a rounded transformed shape"));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use collision::{Ball, Capsule, Point, Rounded, Segment};

    fn close(a: &MassProperties, b: &MassProperties) {
        assert!(
            (a.mass() - b.mass()).abs() <= 1e-12 * b.mass(),
            "{a:?} {b:?}"
        );
        assert!(
            (a.center_of_mass() - b.center_of_mass()).norm() <= 1e-12,
            "{a:?} {b:?}"
        );
        assert!((a.inertia() - b.inertia()).norm() <= 1e-12 * b.inertia().norm());
    }

    #[test]
    fn rounded_cores_are_the_primitives_they_grow_into() {
        let d = Amount::Density(2.5);
        let ball = Shape::from(Rounded::new(Shape::from(Ball::new(1.0).unwrap()), 0.5).unwrap());
        close(
            &of_shape(&ball, d).unwrap(),
            &MassProperties::ball(1.5, d).unwrap(),
        );
        let nested = Shape::from(Rounded::new(ball, 0.25).unwrap());
        close(
            &of_shape(&nested, d).unwrap(),
            &MassProperties::ball(1.75, d).unwrap(),
        );
        let capsule =
            Shape::from(Rounded::new(Shape::from(Capsule::new(2.0, 0.5).unwrap()), 0.5).unwrap());
        let expected = MassProperties::capsule(2.0, 1.0, d).unwrap();
        close(&of_shape(&capsule, d).unwrap(), &expected);
        // A segment from (0, -2, 0) to (0, 2, 0) grown by 1 is that capsule; moved by
        // (3, 0, 0) and pointing down, it is the same capsule moved.
        let segment = |a: [f64; 3], b: [f64; 3]| {
            let s = Segment::new(Point3::from(a), Point3::from(b)).unwrap();
            Shape::from(Rounded::new(Shape::from(s), 1.0).unwrap())
        };
        close(
            &of_shape(&segment([0.0, -2.0, 0.0], [0.0, 2.0, 0.0]), d).unwrap(),
            &expected,
        );
        let moved = expected.translated(&Vector3::new(3.0, 0.0, 0.0)).unwrap();
        close(
            &of_shape(&segment([3.0, 2.0, 0.0], [3.0, -2.0, 0.0]), d).unwrap(),
            &moved,
        );
        let point = Shape::from(
            Rounded::new(
                Shape::from(Point::new(Point3::new(1.0, 2.0, 3.0)).unwrap()),
                2.0,
            )
            .unwrap(),
        );
        let ball2 = MassProperties::ball(2.0, d).unwrap();
        close(
            &of_shape(&point, d).unwrap(),
            &ball2.translated(&Vector3::new(1.0, 2.0, 3.0)).unwrap(),
        );
    }

    #[test]
    fn shapes_without_volume_or_closed_form_say_so() {
        let p = Shape::from(Point::new(Point3::origin()).unwrap());
        assert_eq!(
            of_shape(&p, Amount::Density(1.0)),
            Err(ShapeMassError::NoVolume("a point"))
        );
        let b = Shape::from(Ball::new(1.0).unwrap());
        assert!(matches!(
            of_shape(&b, Amount::Density(-1.0)),
            Err(ShapeMassError::Mass(_))
        ));
    }
}
