//! Shape handles: creation of every shape kind, and destruction.
//!
//! A `CollShape` is immutable once created, so one handle may be used by any number of
//! threads at once (user shapes call their callback from those threads; see
//! [`CollSupportFn`]). Every constructor copies what it is given: the caller's arrays,
//! and for `coll_rounded_create` the inner shape, may be freed or destroyed right after
//! the call.

use crate::convert::{count, finite, length, null, output, point_at, vector_at, write};
use crate::handle::{self, Kind};
use crate::status::{CollStatus, Error, guard, room};
use crate::user::{CollSupportFn, UserShape};
use collision::hull::HullError;
use collision::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Point, Segment, Shape, ShapeError, Triangle,
};
use nalgebra::Point3;

/// What a shape handle holds: one of the library's shapes, or the caller's.
// Like `Shape` itself: built once and queried many times, so the hull stays inline.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum Body {
    /// A shape of the library (rounded ones included).
    Builtin(Shape),
    /// A shape given by the caller's support callback.
    User(UserShape),
}

/// An opaque, immutable shape. Create it with one of the `coll_*_create` functions and
/// free it with `coll_shape_destroy`; it is safe to use from several threads at once.
pub struct CollShape {
    _opaque: [u8; 0],
}

impl Kind for CollShape {
    type Body = Body;
    const MAGIC: u64 = 0x636f_6c6c_7368_6170;
    const NAME: &'static str = "shape";
}

/// The body of shape handle `shape`, named `name` in messages.
///
/// # Safety
/// `shape` must be null or a handle of this library (see [`handle::body`]).
pub(crate) unsafe fn shape_body<'a>(
    shape: *const CollShape,
    name: &str,
) -> Result<&'a Body, Error> {
    // SAFETY: the caller's promise, passed on.
    unsafe { handle::body(shape, name) }
}

/// Runs the constructor `make` for entry point `function`: on success writes the new
/// handle to `out`, on failure writes null there (when `out` is not null).
fn create(
    function: &str,
    out: *mut *mut CollShape,
    make: impl FnOnce() -> Result<Body, Error>,
) -> CollStatus {
    guard(function, || {
        let out = output(out, "out")?;
        // SAFETY: checked not null; the caller gives a writable `CollShape *`.
        unsafe { write(out, std::ptr::null_mut()) };
        let handle = handle::into_handle::<CollShape>(make()?);
        // SAFETY: as above.
        unsafe { write(out, handle) };
        Ok(CollStatus::Ok)
    })
}

/// A shape error as a status: lengths are invalid arguments, points non-finite.
fn shape_error(e: ShapeError) -> Error {
    let status = match e {
        ShapeError::InvalidLength { value, .. } if !value.is_finite() => CollStatus::NonFinite,
        ShapeError::InvalidLength { .. } => CollStatus::InvalidArgument,
        ShapeError::NonFinitePoint { .. } | ShapeError::NonFinitePose { .. } => {
            CollStatus::NonFinite
        }
        ShapeError::EmptyPointSet { .. } => CollStatus::WrongCount,
        ShapeError::Hull(HullError::OutOfMemory { .. }) => CollStatus::OutOfMemory,
        ShapeError::Hull(_) => CollStatus::HullFailed,
    };
    Error::new(status, e.to_string())
}

/// A built-in shape as a body.
fn builtin(shape: Result<impl Into<Shape>, ShapeError>) -> Result<Body, Error> {
    shape.map(|s| Body::Builtin(s.into())).map_err(shape_error)
}

/// Creates a ball of `radius` centred on the local origin.
///
/// Ownership: on success `*out` is a new handle the caller owns (free it with
/// `coll_shape_destroy`); on failure `*out` is set to NULL.
///
/// Errors: `NULL_POINTER` (`out`), `NON_FINITE`, `INVALID_ARGUMENT` (negative radius).
#[unsafe(no_mangle)]
pub extern "C" fn coll_ball_create(radius: f64, out: *mut *mut CollShape) -> CollStatus {
    create("coll_ball_create", out, || {
        builtin(Ball::new(length(radius, "radius")?))
    })
}

/// Creates a box centred on the local origin, axis-aligned in its frame, with
/// `half_extents` `{x, y, z}` (three doubles, read during the call only).
///
/// Ownership and errors as `coll_ball_create` (plus `NULL_POINTER` for `half_extents`).
#[unsafe(no_mangle)]
pub extern "C" fn coll_cuboid_create(
    half_extents: *const f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_cuboid_create", out, || {
        // SAFETY: the caller passes three readable doubles or null.
        let h = unsafe { vector_at(half_extents, "half_extents") }?;
        for k in 0..3 {
            length(h[k], &format!("half_extents[{k}]"))?;
        }
        builtin(Cuboid::new(h))
    })
}

/// Creates a capsule along the local y axis: the segment from `(0, -half_height, 0)` to
/// `(0, half_height, 0)` grown by `radius`.
///
/// Ownership and errors as `coll_ball_create`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_capsule_create(
    half_height: f64,
    radius: f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_capsule_create", out, || {
        let h = length(half_height, "half_height")?;
        builtin(Capsule::new(h, length(radius, "radius")?))
    })
}

/// Creates a cylinder along the local y axis, from `y = -half_height` to
/// `y = half_height`, of `radius`.
///
/// Ownership and errors as `coll_ball_create`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_cylinder_create(
    half_height: f64,
    radius: f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_cylinder_create", out, || {
        let h = length(half_height, "half_height")?;
        builtin(Cylinder::new(h, length(radius, "radius")?))
    })
}

/// Creates a cone along the local y axis: base disc of `radius` at `y = -half_height`,
/// apex at `y = half_height`.
///
/// Ownership and errors as `coll_ball_create`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_cone_create(
    half_height: f64,
    radius: f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_cone_create", out, || {
        let h = length(half_height, "half_height")?;
        builtin(Cone::new(h, length(radius, "radius")?))
    })
}

/// Creates the segment from `a` to `b` (three doubles each, local frame).
///
/// Ownership as `coll_ball_create`. Errors: `NULL_POINTER` (a point argument or `out`),
/// `NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_segment_create(
    a: *const f64,
    b: *const f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_segment_create", out, || {
        // SAFETY: the caller passes three readable doubles or null for each.
        let (a, b) = unsafe { (point_at(a, "a")?, point_at(b, "b")?) };
        builtin(Segment::new(a, b))
    })
}

/// Creates the triangle `a`, `b`, `c` (three doubles each, local frame).
///
/// Ownership as `coll_ball_create`. Errors: `NULL_POINTER` (a point argument or `out`),
/// `NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_triangle_create(
    a: *const f64,
    b: *const f64,
    c: *const f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_triangle_create", out, || {
        // SAFETY: the caller passes three readable doubles or null for each.
        let (a, b, c) = unsafe { (point_at(a, "a")?, point_at(b, "b")?, point_at(c, "c")?) };
        builtin(Triangle::new(a, b, c))
    })
}

/// Creates a single point at `position` (three doubles, local frame).
///
/// Ownership as `coll_ball_create`. Errors: `NULL_POINTER` (a point argument or `out`),
/// `NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_point_create(position: *const f64, out: *mut *mut CollShape) -> CollStatus {
    create("coll_point_create", out, || {
        // SAFETY: the caller passes three readable doubles or null.
        builtin(Point::new(unsafe { point_at(position, "position") }?))
    })
}

/// Creates the convex hull of `point_count` points, `xyz` holding their coordinates as
/// `3 * point_count` doubles `{x0, y0, z0, x1, ...}` (read during the call only).
///
/// Flat point sets give flat hulls (a polygon, a segment or a point), which every query
/// accepts; `coll_hull_sizes` tells which.
///
/// Ownership as `coll_ball_create`. Errors: `NULL_POINTER`, `WRONG_COUNT` (no points),
/// `NON_FINITE` (the message gives the index of the first bad point), `HULL_FAILED`,
/// `OUT_OF_MEMORY` (no room for the copy of the points or the builder's working
/// storage, about 200 bytes a point).
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_create(
    xyz: *const f64,
    point_count: usize,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_hull_create", out, || {
        let n = count(point_count, 24, "point_count")?;
        if n == 0 {
            return Err(Error::new(
                CollStatus::WrongCount,
                "`point_count` is 0; a hull needs at least one point",
            ));
        }
        if xyz.is_null() {
            return Err(null("xyz"));
        }
        // SAFETY: not null, and the caller passes `3 * point_count` readable doubles
        // (the size fits the address space, checked by `count`).
        let coords = unsafe { std::slice::from_raw_parts(xyz, 3 * n) };
        let mut points = room(n, "points")?;
        points.extend(
            coords
                .chunks_exact(3)
                .map(|c| Point3::new(c[0], c[1], c[2])),
        );
        builtin(ConvexHull::new(&points))
    })
}

/// Creates `inner` grown by `margin` in every direction (its Minkowski sum with a ball):
/// a rounded box, a rounded hull, or a capsule-like shape from a segment. Rounding a
/// rounded shape adds the margins.
///
/// `inner` is copied: it stays owned by the caller and may be destroyed at any time
/// after the call. Ownership of `*out` as `coll_ball_create`. Errors: `NULL_POINTER`,
/// `INVALID_HANDLE`, `NON_FINITE`, `INVALID_ARGUMENT` (negative margin).
#[unsafe(no_mangle)]
pub extern "C" fn coll_rounded_create(
    inner: *const CollShape,
    margin: f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_rounded_create", out, || {
        // SAFETY: the caller passes a handle of this library or null.
        let body = unsafe { shape_body(inner, "inner") }?;
        let margin = length(margin, "margin")?;
        match body {
            Body::Builtin(shape) => builtin(shape.clone().rounded(margin)),
            Body::User(user) => Ok(Body::User(UserShape {
                margin: finite(user.margin + margin, "the total margin")?,
                ..*user
            })),
        }
    })
}

/// Creates a shape from the caller's support callback (see `CollSupportFn`), like
/// libccd's support functions.
///
/// `user` is passed back to every call of `support`; the library never reads it.
/// `center` (three doubles, may be NULL) is a point inside the shape, such as its
/// centroid: when given, queries use it to prove deep overlaps quickly, so it must lie
/// inside the shape. It is copied during the call.
///
/// Thread safety: the handle may be shared between threads like any other, and then
/// `support` is called from those threads at once. Making that safe (for example a
/// callback that only reads `*user`) is the caller's responsibility. `user` must stay
/// valid until the handle (and every rounded copy of it) is destroyed.
///
/// A callback that writes a NaN or infinite coordinate makes the query that called it
/// return `COLL_STATUS_CALLBACK_NON_FINITE`; the handle remains usable.
///
/// Ownership of `*out` as `coll_ball_create`. Errors: `NULL_POINTER` (`support`, `out`),
/// `NON_FINITE` (`center`).
#[unsafe(no_mangle)]
pub extern "C" fn coll_user_shape_create(
    support: CollSupportFn,
    user: *mut std::ffi::c_void,
    center: *const f64,
    out: *mut *mut CollShape,
) -> CollStatus {
    create("coll_user_shape_create", out, || {
        let support = support.ok_or_else(|| null("support"))?;
        let center = if center.is_null() {
            None
        } else {
            // SAFETY: not null, and the caller passes three readable doubles.
            Some(unsafe { point_at(center, "center") }?)
        };
        Ok(Body::User(UserShape {
            support,
            user,
            center,
            margin: 0.0,
        }))
    })
}

/// Destroys a shape handle and frees what it holds. NULL is a no-op.
///
/// Ownership: `shape` must not be used afterwards, and no other thread may be using it
/// during the call. A handle destroyed twice, or used after being destroyed, is
/// reported as `COLL_STATUS_INVALID_HANDLE` while it is among the last 1024 destroyed
/// handles; beyond that it is a dangling pointer like any freed memory.
#[unsafe(no_mangle)]
pub extern "C" fn coll_shape_destroy(shape: *mut CollShape) -> CollStatus {
    guard("coll_shape_destroy", || {
        // SAFETY: the caller passes a handle of this library (or null) that no other
        // thread is using.
        unsafe { handle::destroy(shape, "shape") }?;
        Ok(CollStatus::Ok)
    })
}
