//! The shape enum for dynamic use and serialization.

use super::{
    Aabb, Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, FastPaths, Frustum, InscribedBall,
    Point, Rounded, Segment, SupportMap, SupportPoint, Transformed, Triangle,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// Any shape of this crate, for scenes built at run time and for JSON.
///
/// It implements [`SupportMap`] by a `match`; generic queries on concrete shapes avoid
/// even that, and so do the queries on two `Shape`s that both hold hulls
/// ([`FastPaths::as_hull`]). With the `serde` feature it (de)serializes as an externally tagged enum,
/// and loading validates every shape through its constructor.
// A `Shape` is built once and queried many times: keeping the hull inline saves an
// indirection per support call, at the cost of a larger enum.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shape {
    /// A ball.
    Ball(Ball),
    /// A box.
    Cuboid(Cuboid),
    /// A convex hull (serialized as its vertices).
    ConvexHull(ConvexHull),
    /// A capsule.
    Capsule(Capsule),
    /// A cylinder.
    Cylinder(Cylinder),
    /// A cone.
    Cone(Cone),
    /// A triangle.
    Triangle(Triangle),
    /// A segment.
    Segment(Segment),
    /// A point.
    Point(Point),
    /// A shape grown by a margin.
    Rounded(Box<Rounded<Shape>>),
    /// A shape under a fixed pose.
    Transformed(Box<Transformed<Shape>>),
}

macro_rules! dispatch {
    ($self:expr, $s:ident => $e:expr) => {
        match $self {
            Shape::Ball($s) => $e,
            Shape::Cuboid($s) => $e,
            Shape::ConvexHull($s) => $e,
            Shape::Capsule($s) => $e,
            Shape::Cylinder($s) => $e,
            Shape::Cone($s) => $e,
            Shape::Triangle($s) => $e,
            Shape::Segment($s) => $e,
            Shape::Point($s) => $e,
            Shape::Rounded($s) => $e,
            Shape::Transformed($s) => $e,
        }
    };
}
pub(crate) use dispatch;

// The hinted supports always inline: the dispatch is on the hot path of every query,
// and out of line (the compiler's choice for ten arms) its 32-byte answer came back
// through memory.
impl SupportMap for Shape {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        dispatch!(self, s => s.support(dir))
    }
    #[inline(always)]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        dispatch!(self, s => s.support_hinted(dir, hint))
    }
    #[inline]
    fn core_radius(&self) -> f64 {
        dispatch!(self, s => s.core_radius())
    }
    #[inline(always)]
    fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        dispatch!(self, s => s.core_support_hinted(dir, hint))
    }
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        dispatch!(self, s => s.aabb(pose))
    }
}

impl FastPaths for Shape {
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        dispatch!(self, s => s.fingerprint())
    }
    #[inline]
    fn core_point(&self) -> Option<Point3<f64>> {
        dispatch!(self, s => s.core_point())
    }
    #[inline]
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        dispatch!(self, s => s.core_closest_point(p))
    }
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        dispatch!(self, s => s.core_cuboid())
    }
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        dispatch!(self, s => s.core_frustum())
    }
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        dispatch!(self, s => s.inscribed_ball())
    }
    #[inline]
    fn is_polytope(&self) -> bool {
        dispatch!(self, s => s.is_polytope())
    }
    #[inline]
    fn core_is_polytope(&self) -> bool {
        dispatch!(self, s => s.core_is_polytope())
    }
    #[inline]
    fn prefetch_data(&self) {
        dispatch!(self, s => s.prefetch_data())
    }
    #[inline]
    fn as_hull(&self) -> Option<&ConvexHull> {
        match self {
            Shape::ConvexHull(h) => Some(h),
            _ => None,
        }
    }
}

macro_rules! impl_from {
    ($($t:ident),*) => {$(
        impl From<$t> for Shape {
            fn from(s: $t) -> Shape {
                Shape::$t(s)
            }
        }
    )*};
}
impl_from!(
    Ball, Cuboid, ConvexHull, Capsule, Cylinder, Cone, Triangle, Segment, Point
);

impl Shape {
    /// This shape grown by `margin` in every direction, as one [`Shape::Rounded`]:
    /// rounding a rounded shape adds the margins (`ball(a) ⊕ ball(b) = ball(a + b)`), so
    /// shapes rounded again and again stay one level deep. (Nested a hundred thousand
    /// levels, every copy, drop and query of the shape walked them all and overflowed
    /// the stack.)
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`](super::ShapeError::InvalidLength) when `margin` is
    /// negative, NaN or infinite, or the margins together overflow (`what` is `"margin"`
    /// or `"total margin"`).
    pub fn rounded(self, margin: f64) -> Result<Shape, super::ShapeError> {
        let rounded = Rounded::new(self, margin)?;
        if let Shape::Rounded(inner) = rounded.shape() {
            super::check_length("total margin", inner.margin() + rounded.margin())?;
        }
        Ok(Shape::from(rounded))
    }
}

/// One level deep, as [`Shape::rounded`]: a rounded shape rounded again becomes its core
/// grown by the two margins' sum (which can only fail to be finite for margins near
/// `f64::MAX`; those stay nested).
impl From<Rounded<Shape>> for Shape {
    fn from(s: Rounded<Shape>) -> Shape {
        let (core, margin) = s.into_parts();
        let flat = match core {
            Shape::Rounded(inner) if (inner.margin() + margin).is_finite() => {
                let (core, inner_margin) = inner.into_parts();
                Rounded::with_checked_margin(core, inner_margin + margin)
            }
            core => Rounded::with_checked_margin(core, margin),
        };
        Shape::Rounded(Box::new(flat))
    }
}

/// A transform of a transformed shape becomes one transform (see
/// [`Transformed::flattened`]), so that a `Shape` does not nest transforms.
impl From<Transformed<Shape>> for Shape {
    fn from(s: Transformed<Shape>) -> Shape {
        Shape::Transformed(Box::new(s.flattened()))
    }
}
