//! The pair queries: intersection, distance, closest points and contact.
//!
//! Each entry point reads and checks its arguments, then runs the `collision` crate's
//! query on the two shapes through [`with_pair!`], which gives the built-in shape as it is
//! and wraps a user shape for the query (four monomorphised copies per query, no
//! dynamic calls for built-in shapes).

use crate::cache::{CollCache, cache_body};
use crate::convert::{length, output, pose_at, write};
use crate::shape::{CollShape, shape_body};
use crate::status::{CollStatus, Error, Outcome, guard, not_converged};
use crate::types::{
    CollClosestPoints, CollContact, CollContactExactness, CollContactMethod, CollDistance, CollPose,
};
use collision::{
    ContactMethod, ContactStatus, GjkCache, GjkConfig, GjkError, GjkStatus, QueryOptions,
};
use nalgebra::Isometry3;
use std::cell::Cell;
use std::mem::MaybeUninit;

/// Runs `$e` with `$s` bound to the query's view of the shape `$body`: a `&Shape`, or a
/// `&UserSupport` that records a bad callback answer in `$failed`.
macro_rules! with_shape {
    ($body:expr, $failed:expr, |$s:ident| $e:expr) => {
        match $body {
            $crate::shape::Body::Builtin(shape) => {
                let $s = shape;
                $e
            }
            $crate::shape::Body::User(user) => {
                let $s = &$crate::user::UserSupport::new(user, $failed);
                $e
            }
        }
    };
}
pub(crate) use with_shape;

/// Runs `$e` with `$a`, `$b` bound to the views of the two shapes of a pair (see
/// [`with_shape!`]) and gives its value, or returns the error of a bad callback answer
/// from the enclosing function (whose error type is [`Error`]).
macro_rules! with_pair {
    ($pair:expr, |$a:ident, $b:ident| $e:expr) => {{
        let pair: &$crate::query::Pair<'_> = $pair;
        let (fa, fb) = (std::cell::Cell::new(false), std::cell::Cell::new(false));
        let result = $crate::query::with_shape!(pair.a, &fa, |$a| {
            $crate::query::with_shape!(pair.b, &fb, |$b| $e)
        });
        $crate::query::callbacks_ok(&fa, &fb)?;
        result
    }};
}
pub(crate) use with_pair;

/// Two shapes and their poses, read and checked.
pub(crate) struct Pair<'a> {
    pub(crate) a: &'a crate::shape::Body,
    pub(crate) pose_a: &'a Isometry3<f64>,
    pub(crate) b: &'a crate::shape::Body,
    pub(crate) pose_b: &'a Isometry3<f64>,
}

/// Room for the poses of a pair that are normalized rather than read in place.
pub(crate) type PoseRoom = [MaybeUninit<Isometry3<f64>>; 2];

impl Pair<'_> {
    /// Reads the shapes and poses of a pair query: each pose in place when its
    /// quaternion is unit to rounding, else normalized into `room`.
    ///
    /// # Safety
    /// Each pointer must be null or valid for `'a`: handles of this library, and poses.
    #[inline(always)]
    pub(crate) unsafe fn read<'a>(
        a: *const CollShape,
        pose_a: *const CollPose,
        b: *const CollShape,
        pose_b: *const CollPose,
        room: &'a mut PoseRoom,
    ) -> Result<Pair<'a>, Error> {
        let [room_a, room_b] = room;
        // SAFETY: the caller's promise, passed on.
        unsafe {
            Ok(Pair {
                a: shape_body(a, "a")?,
                pose_a: pose_at(pose_a, "pose_a", room_a)?,
                b: shape_body(b, "b")?,
                pose_b: pose_at(pose_b, "pose_b", room_b)?,
            })
        }
    }
}

/// `Ok` unless a user shape's callback gave a non-finite point during the query.
#[inline]
pub(crate) fn callbacks_ok(failed_a: &Cell<bool>, failed_b: &Cell<bool>) -> Result<(), Error> {
    match (failed_a.get(), failed_b.get()) {
        (false, false) => Ok(()),
        (a, b) => Err(callback_error(a, b)),
    }
}

/// The error of a query during which the callback of shape a, b or both (`failed_a`,
/// `failed_b`) wrote a non-finite coordinate.
#[cold]
fn callback_error(failed_a: bool, failed_b: bool) -> Error {
    let which = match (failed_a, failed_b) {
        (true, false) => "a",
        (false, true) => "b",
        _ => "a and b",
    };
    Error::new(
        CollStatus::CallbackNonFinite,
        format!("the support callback of shape {which} wrote a NaN or infinite coordinate"),
    )
}

/// `[x, y, z]` of a nalgebra vector or point's coordinates.
pub(crate) fn xyz(v: &nalgebra::Vector3<f64>) -> [f64; 3] {
    [v.x, v.y, v.z]
}

/// The degenerate-input error of the queries.
#[cold]
pub(crate) fn degenerate(what: impl std::fmt::Display) -> Error {
    Error::new(CollStatus::Degenerate, what.to_string())
}

/// Whether shapes `a` at `pose_a` and `b` at `pose_b` touch or overlap: `*out` is
/// `true` when they do.
///
/// Returns `COLL_STATUS_NOT_CONVERGED`, with `*out` set to `true` (the conservative
/// answer: they could not be proved apart), when neither answer was proved within the
/// iteration cap.
///
/// Ownership: every pointer is borrowed for the call only. Errors: `NULL_POINTER`,
/// `INVALID_HANDLE`, `NON_FINITE`, `INVALID_QUATERNION` (a pose), `DEGENERATE`,
/// `CALLBACK_NON_FINITE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_intersects(
    a: *const CollShape,
    pose_a: *const CollPose,
    b: *const CollShape,
    pose_b: *const CollPose,
    out: *mut bool,
) -> CollStatus {
    guard("coll_intersects", || {
        let out = output(out, "out")?;
        let mut room = [MaybeUninit::uninit(); 2];
        // SAFETY: the caller passes valid pointers or null.
        let pair = unsafe { Pair::read(a, pose_a, b, pose_b, &mut room) }?;
        intersects(&pair, out)
    })
}

/// The body of [`coll_intersects`] on a checked pair, writing to the checked `out`.
#[inline]
pub(crate) fn intersects(pair: &Pair<'_>, out: *mut bool) -> Outcome {
    let answer = with_pair!(pair, |a, b| collision::intersects(
        a,
        pair.pose_a,
        b,
        pair.pose_b
    ));
    let (value, status) = intersects_value(answer)?;
    // SAFETY: `out` was checked not null and points to a writable `bool`.
    unsafe { write(out, value) };
    report("coll_intersects", status, || {
        "GJK proved neither answer within its iteration cap".to_owned()
    })
}

/// `Ok` for `COLL_STATUS_OK`; for `COLL_STATUS_NOT_CONVERGED` the message `why` and that
/// status.
#[inline]
fn report(function: &str, status: CollStatus, why: impl FnOnce() -> String) -> Outcome {
    if status == CollStatus::NotConverged {
        not_converged(function, &why())
    } else {
        Ok(status)
    }
}

/// The C answer and status of an intersection test's result (`true`, the conservative
/// answer, when it did not converge).
#[inline]
pub(crate) fn intersects_value(
    answer: Result<bool, GjkError>,
) -> Result<(bool, CollStatus), Error> {
    match answer {
        Ok(value) => Ok((value, CollStatus::Ok)),
        Err(e) => intersects_failure(&e),
    }
}

/// [`intersects_value`] of a test that failed, out of the answer's path (taking the
/// error by reference, so that the path never copies it).
#[cold]
fn intersects_failure(e: &GjkError) -> Result<(bool, CollStatus), Error> {
    match e {
        GjkError::MaxIterations { .. } => Ok((true, CollStatus::NotConverged)),
        GjkError::Degenerate => Err(degenerate(e)),
    }
}

/// The distance between shapes `a` at `pose_a` and `b` at `pose_b` (0 when they touch
/// or overlap), with its bounds.
///
/// Returns `COLL_STATUS_NOT_CONVERGED` when GJK ran out of iterations: `out->distance` is
/// then the best upper bound and `out->lower_bound` the best lower bound.
///
/// Ownership and errors as `coll_intersects`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_distance(
    a: *const CollShape,
    pose_a: *const CollPose,
    b: *const CollShape,
    pose_b: *const CollPose,
    out: *mut CollDistance,
) -> CollStatus {
    guard("coll_distance", || {
        let out = output(out, "out")?;
        let mut room = [MaybeUninit::uninit(); 2];
        // SAFETY: the caller passes valid pointers or null.
        let pair = unsafe { Pair::read(a, pose_a, b, pose_b, &mut room) }?;
        distance(&pair, out)
    })
}

/// The body of [`coll_distance`] on a checked pair, writing to the checked `out`.
#[inline]
pub(crate) fn distance(pair: &Pair<'_>, out: *mut CollDistance) -> Outcome {
    let answer = with_pair!(pair, |a, b| collision::distance(
        a,
        pair.pose_a,
        b,
        pair.pose_b
    ));
    let (value, status) = distance_value(answer)?;
    // SAFETY: `out` was checked not null and points to a writable `CollDistance`.
    unsafe { write(out, value) };
    report("coll_distance", status, || {
        format!(
            "GJK did not converge: the distance lies in [{}, {}]",
            value.lower_bound, value.distance
        )
    })
}

/// The C answer and status of a distance query's result.
#[inline]
pub(crate) fn distance_value(
    answer: Result<f64, GjkError>,
) -> Result<(CollDistance, CollStatus), Error> {
    match answer {
        Ok(d) => Ok((
            CollDistance {
                distance: d,
                lower_bound: d,
            },
            CollStatus::Ok,
        )),
        Err(e) => distance_failure(&e),
    }
}

/// [`distance_value`] of a query that failed, out of the answer's path.
#[cold]
fn distance_failure(e: &GjkError) -> Result<(CollDistance, CollStatus), Error> {
    match *e {
        GjkError::MaxIterations {
            lower_bound,
            upper_bound,
            ..
        } if upper_bound.is_finite() => Ok((
            CollDistance {
                distance: upper_bound,
                lower_bound,
            },
            CollStatus::NotConverged,
        )),
        _ => Err(degenerate(e)),
    }
}

/// The closest points of shapes `a` at `pose_a` and `b` at `pose_b`, their distance and
/// bounds, and the normal.
///
/// `cache` (may be NULL) is a warm-start cache for this ordered pair of shapes: coherent
/// queries (the same pair in nearby poses, frame after frame) then start from the last
/// answer. NULL is a cold start.
///
/// Returns `COLL_STATUS_NOT_CONVERGED` when GJK ran out of iterations: `out` then holds
/// the best witnesses found, `distance` the upper and `lower_bound` the lower bound.
///
/// Ownership: every pointer is borrowed for the call only; `cache` is changed and must
/// not be used by another thread during the call. Errors as `coll_intersects`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_closest_points(
    a: *const CollShape,
    pose_a: *const CollPose,
    b: *const CollShape,
    pose_b: *const CollPose,
    cache: *mut CollCache,
    out: *mut CollClosestPoints,
) -> CollStatus {
    guard("coll_closest_points", || {
        let out = output(out, "out")?;
        let mut room = [MaybeUninit::uninit(); 2];
        // SAFETY: the caller passes valid pointers or null.
        let pair = unsafe { Pair::read(a, pose_a, b, pose_b, &mut room) }?;
        // SAFETY: the caller passes a cache handle or null, used by this thread only.
        let cache = unsafe { cache_body(cache) }?;
        closest_points(&pair, cache, out)
    })
}

/// The body of [`coll_closest_points`] on a checked pair, writing to the checked `out`.
pub(crate) fn closest_points(
    pair: &Pair<'_>,
    cache: Option<&mut GjkCache>,
    out: *mut CollClosestPoints,
) -> Outcome {
    let options = QueryOptions {
        config: GjkConfig::default(),
        cache,
        observer: (),
    };
    let o = with_pair!(pair, |a, b| collision::gjk::gjk(
        a,
        pair.pose_a,
        b,
        pair.pose_b,
        options
    ));
    let separated = matches!(o.status, GjkStatus::Converged | GjkStatus::MaxIterations);
    let value = CollClosestPoints {
        separated,
        distance: if separated { o.distance } else { 0.0 },
        lower_bound: if separated { o.lower_bound } else { 0.0 },
        point_a: xyz(&o.point_a.coords),
        point_b: xyz(&o.point_b.coords),
        normal: xyz(&o.normal),
        iterations: o.iterations,
    };
    let finite = [value.distance, value.lower_bound]
        .iter()
        .chain(&value.point_a)
        .chain(&value.point_b)
        .chain(&value.normal)
        .all(|x| x.is_finite());
    if o.status == GjkStatus::Degenerate || !finite {
        return Err(degenerate(
            "GJK met a non-finite pose or support point, coordinates outside 1e±60, or an \
             answer that overflowed",
        ));
    }
    // SAFETY: `out` was checked not null and points to a writable `CollClosestPoints`.
    unsafe { write(out, value) };
    if o.status == GjkStatus::MaxIterations {
        return not_converged(
            "coll_closest_points",
            &format!(
                "GJK did not converge within {} iterations: the distance lies in [{}, {}]",
                o.iterations, o.lower_bound, o.distance
            ),
        );
    }
    Ok(CollStatus::Ok)
}

/// The contact of shapes `a` at `pose_a` and `b` at `pose_b` when they overlap or lie
/// within `margin` (`>= 0`) of each other: `out->in_range` tells which.
///
/// `cache` (may be NULL) is a warm-start cache for this ordered pair (see
/// `coll_closest_points`).
///
/// Returns `COLL_STATUS_NOT_CONVERGED` with the best contact found when it is not exact
/// to the tolerances (`out->exactness` says why); every field is still finite and
/// moving B by `-separation * normal` makes the shapes touch or separate.
///
/// Ownership as `coll_closest_points`. Errors as `coll_intersects`, plus
/// `INVALID_ARGUMENT` for a negative margin and `OUT_OF_MEMORY` when the shapes overlap
/// and the thread has no memory for the penetration query's workspace (about 1 MB, made
/// on a thread's first such query and kept).
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn coll_contact(
    a: *const CollShape,
    pose_a: *const CollPose,
    b: *const CollShape,
    pose_b: *const CollPose,
    margin: f64,
    cache: *mut CollCache,
    out: *mut CollContact,
) -> CollStatus {
    guard("coll_contact", || {
        let out = output(out, "out")?;
        let mut room = [MaybeUninit::uninit(); 2];
        // SAFETY: the caller passes valid pointers or null.
        let pair = unsafe { Pair::read(a, pose_a, b, pose_b, &mut room) }?;
        let margin = length(margin, "margin")?;
        // SAFETY: the caller passes a cache handle or null, used by this thread only.
        let cache = unsafe { cache_body(cache) }?;
        contact(&pair, margin, cache, out)
    })
}

/// The body of [`coll_contact`] on checked arguments, writing to the checked `out`.
#[inline]
pub(crate) fn contact(
    pair: &Pair<'_>,
    margin: f64,
    cache: Option<&mut GjkCache>,
    out: *mut CollContact,
) -> Outcome {
    let options = QueryOptions {
        config: collision::ContactConfig::default(),
        cache,
        observer: (),
    };
    let answer = with_pair!(pair, |a, b| collision::contact_with(
        a,
        pair.pose_a,
        b,
        pair.pose_b,
        margin,
        options
    ));
    let (value, status) = contact_value(answer)?;
    // SAFETY: `out` was checked not null and points to a writable `CollContact`.
    unsafe { write(out, value) };
    report("coll_contact", status, || {
        format!(
            "the contact is the best found, not exact to the tolerances: {:?}",
            value.exactness
        )
    })
}

/// The C answer of a contact query that found no contact within the margin: not in
/// range, every number zero. A batch writes it for a pair without an answer.
pub(crate) const NO_CONTACT: CollContact = CollContact {
    in_range: false,
    separation: 0.0,
    depth: 0.0,
    normal: [0.0; 3],
    point_a: [0.0; 3],
    point_b: [0.0; 3],
    exactness: CollContactExactness::Converged,
    method: CollContactMethod::ClosestPoints,
};

/// The C answer and status of a contact query's result: `OUT_OF_MEMORY` when the thread
/// had no memory for the penetration workspace, `DEGENERATE` for the other errors.
pub(crate) fn contact_value(
    answer: Result<Option<collision::Contact>, collision::ContactError>,
) -> Result<(CollContact, CollStatus), Error> {
    let contact = answer.map_err(|e| match e {
        collision::ContactError::OutOfMemory => Error::new(CollStatus::OutOfMemory, e.to_string()),
        e => degenerate(e),
    })?;
    let value = match &contact {
        None => NO_CONTACT,
        Some(c) => CollContact {
            in_range: true,
            separation: c.separation,
            depth: (-c.separation).max(0.0),
            normal: xyz(&c.normal),
            point_a: xyz(&c.point_a.coords),
            point_b: xyz(&c.point_b.coords),
            exactness: match c.status {
                ContactStatus::Converged => CollContactExactness::Converged,
                ContactStatus::GjkMaxIterations => CollContactExactness::GjkMaxIterations,
                ContactStatus::EpaOutOfCapacity => CollContactExactness::EpaOutOfCapacity,
                ContactStatus::EpaStalled => CollContactExactness::EpaStalled,
            },
            method: match c.method {
                ContactMethod::ClosestPoints => CollContactMethod::ClosestPoints,
                ContactMethod::Penetration => CollContactMethod::Penetration,
                ContactMethod::Flat => CollContactMethod::Flat,
            },
        },
    };
    let converged = contact.is_none_or(|c| c.status == ContactStatus::Converged);
    Ok((
        value,
        if converged {
            CollStatus::Ok
        } else {
            CollStatus::NotConverged
        },
    ))
}
