//! Mass properties of a shape of uniform density, from the `inertia` crate: closed forms
//! for balls, boxes, capsules, cylinders and cones, the exact polyhedral integrals for
//! solid hulls, and the closed forms again for rounded shapes that are one of those
//! (a rounded ball or point is a ball, a rounded capsule or segment a capsule).

use crate::convert::{finite, output, write};
use crate::shape::{Body, CollShape, shape_body};
use crate::status::{CollStatus, Error, guard};
use crate::types::CollMassProperties;
use collision::Shape;
use inertia::shapes::{ShapeMassError, of_shape as of_shape_in};
use inertia::{Amount, MassProperties};

/// `Unsupported` with `why`.
fn unsupported(why: impl Into<String>) -> Error {
    Error::new(CollStatus::Unsupported, why)
}

/// The mass properties of `shape` at density `amount` ([`inertia::shapes::of_shape`]).
fn of_shape(shape: &Shape, amount: Amount) -> Result<MassProperties, Error> {
    of_shape_in(shape, amount).map_err(|e| match e {
        ShapeMassError::Mass(m) => Error::new(CollStatus::InvalidArgument, m.to_string()),
        other => unsupported(other.to_string()),
    })
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
/// (`density <= 0`, a zero dimension, or a mass that is not finite and positive),
/// `UNSUPPORTED`.
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
