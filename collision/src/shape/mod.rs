//! Support-mapped convex shapes.
//!
//! Every shape implements [`SupportMap`]: given a direction it returns the point of the
//! shape farthest along it, in the shape's local coordinates. GJK, EPA and the ray casts
//! only ever touch shapes through this trait, so they are generic over it and the hot
//! loops make no dynamic calls. [`Shape`] is the enum for dynamic use and JSON.
//!
//! Adaptors compose shapes without copying them: [`Rounded`] (Minkowski sum with a ball),
//! [`Transformed`] (a shape under a fixed pose) and [`MinkowskiDifference`] (the
//! configuration-space obstacle A − B that GJK and EPA search).

#[macro_use]
mod declare;

mod aabb;
mod ball;
mod capsule;
mod cone;
mod convex_hull;
mod cuboid;
mod cylinder;
mod dynamic;
mod error;
mod fast_paths;
mod frustum;
mod inscribed;
mod minkowski;
mod point;
mod rounded;
mod segment;
mod transformed;
pub(crate) mod triangle;

pub use aabb::Aabb;
pub use ball::Ball;
pub use capsule::Capsule;
pub use cone::Cone;
pub use convex_hull::{ConvexHull, HILL_CLIMB_CROSSOVER, HullKind};
pub use cuboid::Cuboid;
pub use cylinder::Cylinder;
pub use dynamic::Shape;
pub(crate) use dynamic::dispatch;
pub use error::ShapeError;
pub use fast_paths::FastPaths;
pub(crate) use fast_paths::{as_hulls_if_both, hull_pair};
pub use frustum::Frustum;
pub use inscribed::InscribedBall;
pub use minkowski::{MinkowskiDifference, SupportHints};
pub use point::Point;
pub use rounded::Rounded;
pub use segment::Segment;
pub use transformed::Transformed;
pub use triangle::Triangle;

use nalgebra::{Isometry3, Point3, Vector3};

/// A support point together with the feature it came from.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SupportPoint {
    /// The support point, in the shape's local coordinates.
    pub point: Point3<f64>,
    /// Identifies the feature (usually a vertex) the point came from. For polytopes it is
    /// the vertex index; shapes without discrete features return 0. Pass it back as the
    /// `hint` of the next [`SupportMap::support_hinted`] call to warm-start the search.
    pub id: u32,
}

/// A convex shape described by its support function.
///
/// `support(d)` returns a point `p` of the shape with `d · p = max over the shape of d · x`
/// (Gilbert, Johnson and Keerthi 1988; van den Bergen, *Collision Detection in
/// Interactive 3D Environments*, 2004, §4.3). `dir` is in local coordinates and need not
/// be normalized. A zero or non-finite `dir` still returns a valid point of the shape,
/// never NaN.
pub trait SupportMap: FastPaths {
    /// The point of the shape farthest along `dir`, in local coordinates.
    #[must_use]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64>;

    /// As [`Self::support`], starting the search from feature `hint` (the
    /// [`SupportPoint::id`] of an earlier call; any value is accepted) and returning the
    /// feature of the result. Hulls with many vertices hill-climb from `hint`, so a hint
    /// from a nearby direction makes the query nearly O(1); smaller ones scan every
    /// vertex, hint or not.
    #[must_use]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let _ = hint;
        SupportPoint {
            point: self.support(dir),
            id: 0,
        }
    }

    /// The radius `r ≥ 0` of the ball this shape is swept by: the shape is
    /// `core ⊕ ball(r)`, with the core's support given by [`Self::core_support_hinted`].
    /// A ball is a point core, a capsule a segment core, a [`Rounded`] shape its inner
    /// shape's core. The default, 0, makes the shape its own core. GJK's free functions run on
    /// the cores and add the radii, which is exact and turns linear convergence on curved
    /// surfaces into a few exact steps; contacts, time of impact and ray casts use the
    /// same split ([`CoreOf`] is the core as a support map).
    #[must_use]
    #[inline]
    fn core_radius(&self) -> f64 {
        0.0
    }

    /// As [`Self::support_hinted`], for the core of [`Self::core_radius`].
    #[must_use]
    #[inline]
    fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.support_hinted(dir, hint)
    }

    /// The tightest axis-aligned box around the shape placed at `pose`.
    ///
    /// The default asks for the support point along the six world axes (exact for every
    /// convex shape); shapes with a cheaper closed form override it. Never NaN: an axis
    /// whose bound overflows `f64` (a shape near `f64::MAX` in size), or that a
    /// non-finite pose leaves undefined, is `(−∞, ∞)`, which bounds anything.
    #[must_use]
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        aabb_from_support(self, pose)
    }
}

/// The exact world AABB of any support-mapped shape: for world axis `e`, the maximum of
/// `e · (R p + t)` over the shape is `e · (R s(Rᵀ e) + t)`, where `s` is the support map.
///
/// `Rᵀ e` is row `e` of the rotation matrix `R`, and `e · R s` that row's dot product
/// with `s`. For a shape near `f64`'s limit (a cylinder of radius 1e308) the sum can
/// overflow, and an axis whose bound did is opened to `(−∞, ∞)`
/// (`Aabb::opened_where_overflowed`): turning the support point by the quaternion, as
/// this once did, formed `∞ − ∞` there, NaN bounds.
#[must_use]
pub fn aabb_from_support<S: SupportMap + ?Sized>(shape: &S, pose: &Isometry3<f64>) -> Aabb {
    let rotation = pose.rotation.to_rotation_matrix();
    let t = &pose.translation.vector;
    let mut mins = Point3::origin();
    let mut maxs = Point3::origin();
    for axis in 0..3 {
        let row: Vector3<f64> = rotation.matrix().row(axis).transpose();
        maxs[axis] = row.dot(&shape.support(&row).coords) + t[axis];
        mins[axis] = row.dot(&shape.support(&-row).coords) + t[axis];
    }
    Aabb { mins, maxs }.opened_where_overflowed()
}

/// Implements [`SupportMap`] for pointer types (`&S`, `Box<S>`) by forwarding every
/// method, provided or not, to the shape pointed at. The provided methods must be
/// forwarded too: left to their defaults, `fingerprint` would be `None` (no warm
/// starts), `aabb` would lose the
/// shape's closed form, `is_polytope` would say `false` for a hull (slower GJK near
/// contact), and the `core_*` methods would treat the whole shape as its own core. One
/// macro writes both impls, which were identical by hand, so that a method added to the
/// trait is forwarded by both or by neither.
macro_rules! forward_support_map {
    ($($pointer:ty),+ $(,)?) => {$(
        impl<S: SupportMap + ?Sized> SupportMap for $pointer {
            #[inline]
            fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
                (**self).support(dir)
            }
            #[inline]
            fn core_radius(&self) -> f64 {
                (**self).core_radius()
            }
            #[inline]
            fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
                (**self).core_support_hinted(dir, hint)
            }
            #[inline(always)]
            fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
                (**self).support_hinted(dir, hint)
            }
            #[inline]
            fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
                (**self).aabb(pose)
            }
        }

        impl<S: SupportMap + ?Sized> FastPaths for $pointer {
            #[inline]
            fn fingerprint(&self) -> Option<u64> {
                (**self).fingerprint()
            }
            #[inline]
            fn core_point(&self) -> Option<Point3<f64>> {
                (**self).core_point()
            }
            #[inline]
            fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
                (**self).core_closest_point(p)
            }
            #[inline]
            fn core_cuboid(&self) -> Option<&Cuboid> {
                (**self).core_cuboid()
            }
            #[inline]
            fn core_frustum(&self) -> Option<Frustum> {
                (**self).core_frustum()
            }
            #[inline]
            fn inscribed_ball(&self) -> Option<InscribedBall> {
                (**self).inscribed_ball()
            }
            #[inline]
            fn is_polytope(&self) -> bool {
                (**self).is_polytope()
            }
            #[inline]
            fn prefetch_fields(&self) {
                (**self).prefetch_fields()
            }
            #[inline]
            fn prefetch_data(&self) {
                (**self).prefetch_data()
            }
            #[inline]
            fn core_is_polytope(&self) -> bool {
                (**self).core_is_polytope()
            }
            #[inline]
            fn as_hull(&self) -> Option<&ConvexHull> {
                (**self).as_hull()
            }
        }
    )+};
}

forward_support_map!(&S, Box<S>);

/// The core of a shape ([`SupportMap::core_radius`]) as a support map of its own.
#[derive(Clone, Copy, Debug)]
pub struct CoreOf<'a, S: ?Sized>(pub &'a S);

impl<S: SupportMap + ?Sized> SupportMap for CoreOf<'_, S> {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.0.core_support_hinted(dir, 0).point
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.0.core_support_hinted(dir, hint)
    }
}

impl<S: SupportMap + ?Sized> FastPaths for CoreOf<'_, S> {
    /// The shape's own: a core is a function of its shape.
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        self.0.fingerprint()
    }

    #[inline]
    fn is_polytope(&self) -> bool {
        self.0.core_is_polytope()
    }
}

/// Any support map with its core split hidden: radius zero, the whole shape its own core
/// (for comparing the core path against GJK and EPA on the full shape).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WholeShape<S>(pub S);

impl<S: SupportMap> SupportMap for WholeShape<S> {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.0.support(dir)
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.0.support_hinted(dir, hint)
    }
}

impl<S: SupportMap> FastPaths for WholeShape<S> {
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        self.0.fingerprint()
    }
    #[inline]
    fn is_polytope(&self) -> bool {
        self.0.is_polytope()
    }
}

/// Folds the bits of `values` into the fingerprint `h` (see [`FastPaths::fingerprint`]):
/// the splitmix64 finaliser applied after each value, so that every input bit affects
/// every output bit.
#[must_use]
#[inline]
pub(crate) fn fold_fingerprint(mut h: u64, values: &[f64]) -> u64 {
    for v in values {
        h = mix(h ^ v.to_bits());
    }
    h
}

/// [`fold_fingerprint`] of the coordinates of `points`, in order.
#[must_use]
#[inline]
pub(crate) fn fold_points(h: u64, points: &[Point3<f64>]) -> u64 {
    points
        .iter()
        .fold(h, |h, p| fold_fingerprint(h, p.coords.as_slice()))
}

/// The support point of a short list of `vertices` (a segment's, a triangle's), with its
/// index as the feature id.
#[inline]
pub(crate) fn vertex_support(vertices: &[Point3<f64>], dir: &Vector3<f64>) -> SupportPoint {
    let i = crate::kernels::hull_scan::argmax(vertices, dir);
    SupportPoint {
        point: vertices[i],
        id: i as u32,
    }
}

/// The splitmix64 finaliser: every input bit moves about half the output bits.
#[inline]
fn mix(mut h: u64) -> u64 {
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// `|v|` without overflow or underflow in the squares: the plain root while `|v|²` is a
/// normal number, else scaled by the largest component first (so `|v|` is right for
/// every finite `v` up to `f64::MAX / √3`); `None` for a non-finite `v`.
#[must_use]
#[inline]
pub(crate) fn norm(v: &Vector3<f64>) -> Option<f64> {
    let squared = v.norm_squared();
    if squared.is_normal() {
        Some(squared.sqrt())
    } else {
        norm_scaled(v)
    }
}

/// [`norm`] off its fast path: zero, tiny, huge or non-finite `v`.
#[cold]
#[inline(never)]
fn norm_scaled(v: &Vector3<f64>) -> Option<f64> {
    let m = v.amax();
    if m == 0.0 {
        Some(0.0)
    } else if m.is_finite() {
        Some(m * (v / m).norm()).filter(|n| n.is_finite())
    } else {
        None
    }
}

/// Whether every coordinate of `vectors` and every one of `scalars` is finite: the check
/// the queries make on their answers before returning them (a scene near `f64::MAX` can
/// overflow one).
#[must_use]
#[inline]
pub(crate) fn all_finite<const N: usize, const M: usize>(
    vectors: [&Vector3<f64>; N],
    scalars: [f64; M],
) -> bool {
    // `x · 0` is ±0 for finite `x` and NaN for ±∞ and NaN, and a sum is NaN as soon as
    // one term is: one comparison and no branch per number. (Fixed-size loops, unrolled;
    // a fold over slices of slices does not unroll.)
    let mut zero = 0.0;
    for v in vectors {
        zero += v.x * 0.0 + v.y * 0.0 + v.z * 0.0;
    }
    for x in scalars {
        zero += x * 0.0;
    }
    zero == 0.0
}

/// `dir / |dir|`, or `None` when `dir` is zero or not finite.
///
/// Scales by the largest component first so that neither tiny (1e-200) nor huge (1e200)
/// directions underflow or overflow in the squared norm.
#[must_use]
#[inline]
pub(crate) fn unit(dir: &Vector3<f64>) -> Option<Vector3<f64>> {
    let m = dir.amax();
    if !(m > 0.0 && m.is_finite() && dir.iter().all(|c| c.is_finite())) {
        return None;
    }
    let scaled = dir / m;
    Some(scaled / scaled.norm())
}

/// Two unit vectors `u`, `v` completing the unit vector `n` to a right-handed
/// orthonormal basis `(n, u, v)`: `u = n × e / |n × e|` with `e` the X axis, or the Y
/// axis when `n` is within about 53° of X (`|n_x| ≥ 0.6`; either way `|n × e| ≥ 0.6`), and
/// `v = n × u`.
#[must_use]
pub fn orthonormal_basis(n: &Vector3<f64>) -> [Vector3<f64>; 2] {
    let e = if n.x.abs() < 0.6 {
        Vector3::x()
    } else {
        Vector3::y()
    };
    let u = n.cross(&e).normalize();
    [u, n.cross(&u)]
}

/// The height of the end, at `±half_height` on the Y axis, that faces a direction whose
/// Y component is `dir_y`: the upper one unless `dir_y < 0` (a zero or NaN component
/// picks the upper end).
#[inline]
pub(crate) fn end_facing(half_height: f64, dir_y: f64) -> f64 {
    if dir_y < 0.0 {
        -half_height
    } else {
        half_height
    }
}

/// Checks that a length (radius, half-extent, margin) is finite and non-negative.
pub(crate) fn check_length(what: &'static str, value: f64) -> Result<f64, ShapeError> {
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(ShapeError::InvalidLength { what, value })
    }
}

/// `vertices`, or [`ShapeError::NonFinitePoint`] naming `what` and the first vertex with
/// a NaN or infinite coordinate.
pub(crate) fn check_vertices<V: AsRef<[Point3<f64>]>>(
    what: &'static str,
    vertices: V,
) -> Result<V, ShapeError> {
    match vertices
        .as_ref()
        .iter()
        .position(|p| !p.iter().all(|c| c.is_finite()))
    {
        Some(index) => Err(ShapeError::NonFinitePoint { what, index }),
        None => Ok(vertices),
    }
}
