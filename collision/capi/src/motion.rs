//! Queries along a path: time of impact of two moving shapes, and ray casts.

use crate::convert::{convert_motion, finite, output, read, vector_at, write};
use crate::query::{degenerate, with_shape, xyz};
use crate::shape::{CollShape, shape_body};
use crate::status::{CollStatus, Error, guard, not_converged};
use crate::types::{CollImpact, CollMotion, CollPose, CollRayHit};
use collision::{Ray, RayError, ToiError};
use nalgebra::Point3;
use std::cell::Cell;

/// The first time in `[0, t_max]` at which shape `a` moving by `motion_a` and shape `b`
/// moving by `motion_b` touch (conservative advancement; exact for two balls).
///
/// `out->hit` is `false` when they do not touch by `t_max`. Returns
/// `COLL_STATUS_NOT_CONVERGED` when advancement reached its iteration cap (fast spin
/// with little approach): `out->hit` is `false`, `out->time` the proven lower bound on
/// any impact and `out->separation` the gap there.
///
/// Ownership: every pointer is borrowed for the call only. Errors: `NULL_POINTER`,
/// `INVALID_HANDLE`, `NON_FINITE`, `INVALID_QUATERNION`, `INVALID_ARGUMENT`
/// (`t_max < 0`), `DEGENERATE`, `CALLBACK_NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_time_of_impact(
    a: *const CollShape,
    motion_a: *const CollMotion,
    b: *const CollShape,
    motion_b: *const CollMotion,
    t_max: f64,
    out: *mut CollImpact,
) -> CollStatus {
    guard("coll_time_of_impact", || {
        let out = output(out, "out")?;
        // SAFETY: the caller passes valid pointers or null.
        let (a, b) = unsafe { (shape_body(a, "a")?, shape_body(b, "b")?) };
        // SAFETY: as above.
        let motion_a = convert_motion(unsafe { read(motion_a, "motion_a") }?, "motion_a")?;
        // SAFETY: as above.
        let motion_b = convert_motion(unsafe { read(motion_b, "motion_b") }?, "motion_b")?;
        if finite(t_max, "t_max")? < 0.0 {
            return Err(Error::new(
                CollStatus::InvalidArgument,
                format!("`t_max` is {t_max}; it must not be negative"),
            ));
        }
        let (fa, fb) = (Cell::new(false), Cell::new(false));
        let answer = with_shape!(a, &fa, |sa| with_shape!(b, &fb, |sb| {
            collision::time_of_impact(sa, &motion_a, sb, &motion_b, t_max)
        }));
        crate::query::callbacks_ok(&fa, &fb)?;
        let mut value = CollImpact {
            hit: false,
            time: 0.0,
            point_a: [0.0; 3],
            point_b: [0.0; 3],
            normal: [0.0; 3],
            separation: 0.0,
            iterations: 0,
        };
        let status = match answer {
            Ok(None) => Ok(CollStatus::Ok),
            Ok(Some(i)) => {
                value = CollImpact {
                    hit: true,
                    time: i.time,
                    point_a: xyz(&i.point_a.coords),
                    point_b: xyz(&i.point_b.coords),
                    normal: xyz(&i.normal),
                    separation: i.separation,
                    iterations: i.iterations,
                };
                Ok(CollStatus::Ok)
            }
            Err(ToiError::DidNotConverge {
                iterations,
                time,
                separation,
            }) => {
                value.time = time;
                value.separation = separation;
                value.iterations = iterations;
                not_converged(
                    "coll_time_of_impact",
                    &format!(
                        "advancement did not converge within {iterations} iterations: no impact \
                         before t = {time}, separation there {separation}"
                    ),
                )
            }
            Err(e @ ToiError::NonFinite) => return Err(degenerate(e)),
        };
        // SAFETY: `out` was checked not null and points to a writable `CollImpact`.
        unsafe { write(out, value) };
        status
    })
}

/// Where the ray `origin + t * dir` (`t` in `[0, max_toi]`, world frame; `dir` need not
/// be unit, `t` is in units of it) first meets `shape` at `pose`. `max_toi` may be
/// `INFINITY` for an unbounded ray.
///
/// `out->hit` is `false` for a miss. Returns `COLL_STATUS_NOT_CONVERGED` when the GJK
/// ray cast reached its iteration cap: `out->hit` is `false` and `out->toi` a lower bound
/// on any hit.
///
/// Ownership: every pointer is borrowed for the call only. Errors: `NULL_POINTER`,
/// `INVALID_HANDLE`, `NON_FINITE` (`max_toi` NaN, or `origin`, `dir`, `pose`),
/// `INVALID_ARGUMENT` (`max_toi < 0`), `INVALID_QUATERNION`, `DEGENERATE`,
/// `CALLBACK_NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_ray_cast(
    shape: *const CollShape,
    pose: *const CollPose,
    origin: *const f64,
    dir: *const f64,
    max_toi: f64,
    out: *mut CollRayHit,
) -> CollStatus {
    guard("coll_ray_cast", || {
        let out = output(out, "out")?;
        // SAFETY: the caller passes valid pointers or null.
        let (body, pose, origin, dir) = unsafe {
            (
                shape_body(shape, "shape")?,
                crate::convert::pose(read(pose, "pose")?, "pose")?,
                vector_at(origin, "origin")?,
                vector_at(dir, "dir")?,
            )
        };
        if max_toi.is_nan() {
            return Err(Error::new(CollStatus::NonFinite, "`max_toi` is NaN"));
        }
        if max_toi < 0.0 {
            return Err(Error::new(
                CollStatus::InvalidArgument,
                format!("`max_toi` is {max_toi}; it must not be negative"),
            ));
        }
        let ray = Ray::new(Point3::from(origin), dir);
        let failed = Cell::new(false);
        let answer = with_shape!(body, &failed, |s| collision::cast_ray(
            s, &pose, &ray, max_toi
        ));
        crate::query::callbacks_ok(&failed, &Cell::new(false))?;
        let (value, status) = match answer {
            Ok(hit) => (
                CollRayHit {
                    hit: hit.is_some(),
                    toi: hit.map_or(0.0, |h| h.toi),
                    point: hit.map_or([0.0; 3], |h| xyz(&h.point.coords)),
                    normal: hit.map_or([0.0; 3], |h| xyz(&h.normal)),
                },
                Ok(CollStatus::Ok),
            ),
            Err(RayError::DidNotConverge { iterations, toi }) => (
                CollRayHit {
                    hit: false,
                    toi,
                    point: [0.0; 3],
                    normal: [0.0; 3],
                },
                not_converged(
                    "coll_ray_cast",
                    &format!(
                        "the GJK ray cast did not converge within {iterations} iterations \
                         (toi >= {toi})"
                    ),
                ),
            ),
            Err(e @ RayError::NonFinite) => return Err(degenerate(e)),
        };
        // SAFETY: `out` was checked not null and points to a writable `CollRayHit`.
        unsafe { write(out, value) };
        status
    })
}
