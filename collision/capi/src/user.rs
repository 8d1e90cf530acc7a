//! Shapes defined by the caller's support callback, like libccd's.
//!
//! A [`UserShape`] holds the callback, the caller's `user` pointer, an optional centre and
//! a margin (from `coll_rounded_create`). A query wraps it in a [`UserSupport`], which
//! calls the callback for the core's support point and adds the margin along the unit
//! direction, exactly as [`collision::Rounded`] does. A callback that writes a NaN or
//! infinite coordinate (or nothing: the output starts as NaN) marks the query as failed,
//! and the support point is replaced by the centre (or the origin) so that the
//! algorithm goes on with finite numbers; the entry point then returns
//! `COLL_STATUS_CALLBACK_NON_FINITE` instead of the answer.

use collision::ray::RayCast;
use collision::{FastPaths, InscribedBall, SupportMap, SupportPoint};
use nalgebra::{Point3, Vector3};
use std::cell::Cell;
use std::ffi::c_void;

/// A support function: writes to `out` the point of the shape farthest along `dir`, in
/// the shape's local frame.
///
/// `dir` is any finite vector, not normalized, possibly zero (then any point of the
/// shape will do). `out` points to three doubles; all three must be written with finite
/// values, or the query fails with `COLL_STATUS_CALLBACK_NON_FINITE`. The callback must
/// describe a convex shape and answer the same `dir` with the same point for as long as
/// the shape exists. `user` is the pointer given to `coll_user_shape_create`.
pub type CollSupportFn =
    Option<unsafe extern "C" fn(user: *mut c_void, dir: *const f64, out: *mut f64)>;

/// The caller's shape: a support callback and what goes with it.
#[derive(Clone, Copy, Debug)]
pub struct UserShape {
    /// The callback, checked not null at creation.
    pub support: unsafe extern "C" fn(*mut c_void, *const f64, *mut f64),
    /// The caller's pointer, passed to every call.
    pub user: *mut c_void,
    /// A point inside the shape's core, if the caller gave one.
    pub center: Option<Point3<f64>>,
    /// The radius the core is grown by (0 unless rounded).
    pub margin: f64,
}

// SAFETY: the library only passes `user` back to the caller's callback and never reads
// it. Sharing a user shape between threads calls the callback from those threads, and the
// header says that making that safe (a callback that only reads `user`) is the caller's
// job, as with libccd's callbacks.
unsafe impl Send for UserShape {}
// SAFETY: as for `Send`: the shape itself is immutable after creation.
unsafe impl Sync for UserShape {}

impl UserShape {
    /// The identity of the shape for warm-start caches: what defines its support
    /// function, that is the callback, the user pointer (the caller's data, which the
    /// header requires to stay unchanged while the shape lives), the centre and the
    /// margin, mixed. Not the handle's address: two handles made from the same callback
    /// and data are the same shape, and a freed handle's address taken by a new shape
    /// does not pass the old shape's cache off as the new one's.
    fn fingerprint(&self) -> u64 {
        let center = self.center.map_or([f64::NAN; 3], |c| c.coords.into());
        let parts = [
            self.support as usize as u64,
            self.user as usize as u64,
            center[0].to_bits(),
            center[1].to_bits(),
            center[2].to_bits(),
            self.margin.to_bits(),
        ];
        parts.iter().fold(0x5553_4552_5348_4150, |h, &p| mix(h ^ p))
    }
}

/// The splitmix64 finaliser.
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// A user shape during one query: the shape and the query's failure flag.
#[derive(Clone, Copy, Debug)]
pub struct UserSupport<'a> {
    shape: &'a UserShape,
    failed: &'a Cell<bool>,
}

impl<'a> UserSupport<'a> {
    /// `shape` for a query that records a bad callback answer in `failed`.
    pub fn new(shape: &'a UserShape, failed: &'a Cell<bool>) -> UserSupport<'a> {
        UserSupport { shape, failed }
    }

    /// The callback's support point of the core along `dir`, or the fallback point after
    /// marking the query failed.
    fn core(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let d: [f64; 3] = if dir.iter().all(|c| c.is_finite()) {
            (*dir).into()
        } else {
            [0.0; 3]
        };
        let mut out = [f64::NAN; 3];
        // SAFETY: `support` is the caller's non-null callback; it receives the caller's
        // own `user` pointer, a pointer to three readable doubles and one to three
        // writable doubles, both alive for the call. What it does with `user` is the
        // caller's contract (see `CollSupportFn`).
        unsafe { (self.shape.support)(self.shape.user, d.as_ptr(), out.as_mut_ptr()) };
        if out.iter().all(|c| c.is_finite()) {
            Point3::from(out)
        } else {
            self.failed.set(true);
            self.shape.center.unwrap_or_else(Point3::origin)
        }
    }
}

impl SupportMap for UserSupport<'_> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let core = self.core(dir);
        match unit(dir) {
            Some(n) if self.shape.margin > 0.0 => core + n * self.shape.margin,
            _ => core,
        }
    }
    fn core_radius(&self) -> f64 {
        self.shape.margin
    }
    fn core_support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        SupportPoint {
            point: self.core(dir),
            id: 0,
        }
    }
}

impl FastPaths for UserSupport<'_> {
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        self.shape
            .center
            .and_then(|c| InscribedBall::new(c, self.shape.margin))
    }
    fn fingerprint(&self) -> Option<u64> {
        Some(self.shape.fingerprint())
    }
}

impl RayCast for UserSupport<'_> {}

/// `dir / |dir|`, or `None` for a zero or non-finite `dir` (scaled first, so that tiny
/// and huge directions neither underflow nor overflow).
fn unit(dir: &Vector3<f64>) -> Option<Vector3<f64>> {
    let m = dir.amax();
    if !(m > 0.0 && m.is_finite() && dir.iter().all(|c| c.is_finite())) {
        return None;
    }
    let scaled = dir / m;
    Some(scaled / scaled.norm())
}
