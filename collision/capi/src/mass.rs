//! Mass properties of a shape of uniform density, from the `inertia` crate: closed forms
//! for balls, boxes, capsules, cylinders and cones, the exact polyhedral integrals for
//! solid hulls, and the closed forms again for rounded shapes that are one of those
//! (a rounded ball or point is a ball, a rounded capsule or segment a capsule).

use crate::convert::{finite, output, write};
use crate::shape::{Body, CollShape, shape_body};
use crate::status::{CollStatus, Error, guard};
use crate::types::CollMassProperties;
use collision::{Rounded, Shape};
use inertia::{Amount, MassError, MassProperties};
use nalgebra::{Point3, UnitQuaternion, Vector3};

/// `Unsupported` with `why`.
fn unsupported(why: impl Into<String>) -> Error {
    Error::new(CollStatus::Unsupported, why)
}

/// The mass properties of `shape` at density `amount`.
fn of_shape(shape: &Shape, amount: Amount) -> Result<MassProperties, Error> {
    let mass = |r: Result<MassProperties, MassError>| {
        r.map_err(|e| Error::new(CollStatus::InvalidArgument, e.to_string()))
    };
    match shape {
        Shape::Ball(b) => mass(MassProperties::ball(b.radius(), amount)),
        Shape::Cuboid(c) => mass(MassProperties::cuboid(&c.half_extents(), amount)),
        Shape::Capsule(c) => mass(MassProperties::capsule(c.half_height(), c.radius(), amount)),
        Shape::Cylinder(c) => mass(MassProperties::cylinder(
            c.half_height(),
            c.radius(),
            amount,
        )),
        Shape::Cone(c) => mass(MassProperties::cone(c.half_height(), c.radius(), amount)),
        Shape::ConvexHull(h) => match h.hull() {
            Some(solid) => mass(MassProperties::from_hull(solid, amount)),
            None => Err(unsupported(
                "a flat hull (polygon, segment or point) has no volume",
            )),
        },
        Shape::Rounded(r) => rounded(r, amount, mass),
        Shape::Segment(_) | Shape::Triangle(_) | Shape::Point(_) => Err(unsupported(
            "a segment, triangle or point has no volume (round it for one)",
        )),
        Shape::Transformed(_) => Err(unsupported("a transformed shape")),
    }
}

/// The mass properties of the rounded shapes with a closed form: balls and points grown
/// into balls, capsules and segments grown into capsules.
fn rounded(
    r: &Rounded<Shape>,
    amount: Amount,
    mass: impl Fn(Result<MassProperties, MassError>) -> Result<MassProperties, Error>,
) -> Result<MassProperties, Error> {
    let m = r.margin();
    match r.shape() {
        Shape::Ball(b) => mass(MassProperties::ball(b.radius() + m, amount)),
        Shape::Point(p) => {
            mass(MassProperties::ball(m, amount).and_then(|b| b.translated(&p.position().coords)))
        }
        Shape::Capsule(c) => mass(MassProperties::capsule(
            c.half_height(),
            c.radius() + m,
            amount,
        )),
        Shape::Segment(s) => {
            // A capsule along y of the segment's half length, turned onto the segment
            // and moved to its midpoint.
            let [a, b] = *s.vertices();
            let axis = b - a;
            let capsule = MassProperties::capsule(0.5 * axis.norm(), m, amount);
            let turn =
                UnitQuaternion::rotation_between(&Vector3::y(), &axis).unwrap_or_else(|| {
                    UnitQuaternion::from_axis_angle(&Vector3::x_axis(), std::f64::consts::PI)
                });
            let mid = Point3::from((a.coords + b.coords) * 0.5);
            mass(
                capsule
                    .and_then(|c| c.rotated(&turn))
                    .and_then(|c| c.translated(&mid.coords)),
            )
        }
        Shape::Rounded(inner) => {
            let merged = Rounded::new(inner.shape().clone(), inner.margin() + m)
                .map_err(|e| Error::new(CollStatus::InvalidArgument, e.to_string()))?;
            rounded(&merged, amount, mass)
        }
        _ => Err(unsupported(
            "mass properties of a rounded box, cylinder, cone, triangle or hull have no closed \
             form here",
        )),
    }
}

/// Mass, centre of mass, inertia tensor about the centre of mass and principal axes of
/// `shape` filled with material of `density` (mass per unit volume, `> 0`), in the
/// shape's local frame.
///
/// Supported: balls, boxes, capsules, cylinders, cones, solid hulls (exact), and rounded
/// balls, points, capsules and segments. Other shapes (segments, triangles, points and
/// flat hulls, which have no volume; other rounded shapes; user shapes) give
/// `COLL_STATUS_UNSUPPORTED`.
///
/// Errors: `NULL_POINTER`, `INVALID_HANDLE`, `NON_FINITE`, `INVALID_ARGUMENT`
/// (`density <= 0`, or a zero dimension), `UNSUPPORTED`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_mass_properties(
    shape: *const CollShape,
    density: f64,
    out: *mut CollMassProperties,
) -> CollStatus {
    guard("coll_mass_properties", || {
        let out = output(out, "out")?;
        // SAFETY: the caller passes a handle of this library or null.
        let body = unsafe { shape_body(shape, "shape") }?;
        if finite(density, "density")? <= 0.0 {
            return Err(Error::new(
                CollStatus::InvalidArgument,
                format!("`density` is {density}; it must be positive"),
            ));
        }
        let props = match body {
            Body::Builtin(s) => of_shape(s, Amount::Density(density))?,
            Body::User(_) => return Err(unsupported("a user shape's volume is not known")),
        };
        let principal = props.principal();
        let c = props.center_of_mass();
        let i = props.inertia();
        let q = principal.frame.coords;
        let value = CollMassProperties {
            mass: props.mass(),
            center_of_mass: [c.x, c.y, c.z],
            inertia: std::array::from_fn(|k| i[(k / 3, k % 3)]),
            principal_moments: principal.moments.into(),
            principal_axes: [q.x, q.y, q.z, q.w],
        };
        // SAFETY: checked not null; a writable `CollMassProperties`.
        unsafe { write(out, value) };
        Ok(CollStatus::Ok)
    })
}
