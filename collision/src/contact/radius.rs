//! Splitting a shape into a core and a convex radius.

use crate::shape::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Point, Rounded, Segment, Shape, SupportMap,
    SupportPoint, Transformed, Triangle,
};
use nalgebra::{Point3, Vector3};

/// A shape seen as a core swept by a ball: `shape = core ⊕ ball(radius)`.
///
/// The support function of a Minkowski sum is the sum of the support functions, so
/// `h_A(n) = h_core(n) + radius` in every direction. Distances and penetration depths of
/// two such shapes are those of their cores minus (plus) the radii, along the same normal
/// (van den Bergen 2004, §4.3.3; Jolt's "convex radius"): contact queries run GJK on the
/// cores, which for balls and capsules is a point or a segment, and need EPA only when the
/// cores themselves overlap.
///
/// Shapes without a radius return themselves and `0.0`.
pub trait ConvexRadius: SupportMap {
    /// The core's type.
    type Core<'a>: SupportMap
    where
        Self: 'a;

    /// The core (same local frame) and the radius `≥ 0`.
    #[must_use]
    fn split(&self) -> (Self::Core<'_>, f64);

    /// The core as a box, when it is one: two boxes get their penetration from the
    /// separating axis theorem instead of EPA. `None` by default.
    #[must_use]
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        None
    }
}

/// The single point at the local origin: a ball's core.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Origin;

impl SupportMap for Origin {
    fn support(&self, _dir: &Vector3<f64>) -> Point3<f64> {
        Point3::origin()
    }
}

/// The segment from `(0, −h, 0)` to `(0, h, 0)`: a capsule's core.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AxisSegment {
    /// Half the segment's length `h`.
    pub half_height: f64,
}

impl SupportMap for AxisSegment {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, 0).point
    }
    fn support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        let up = dir.y >= 0.0;
        let y = if up {
            self.half_height
        } else {
            -self.half_height
        };
        SupportPoint {
            point: Point3::new(0.0, y, 0.0),
            id: u32::from(up),
        }
    }
}

impl ConvexRadius for Ball {
    type Core<'a> = Origin;
    fn split(&self) -> (Origin, f64) {
        (Origin, self.radius())
    }
}

impl ConvexRadius for Capsule {
    type Core<'a> = AxisSegment;
    fn split(&self) -> (AxisSegment, f64) {
        (
            AxisSegment {
                half_height: self.half_height(),
            },
            self.radius(),
        )
    }
}

impl<S: ConvexRadius> ConvexRadius for Rounded<S> {
    type Core<'a>
        = S::Core<'a>
    where
        S: 'a;
    fn split(&self) -> (S::Core<'_>, f64) {
        let (core, r) = self.shape().split();
        (core, r + self.margin())
    }
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        self.shape().core_cuboid()
    }
}

impl<S: ConvexRadius + ?Sized> ConvexRadius for &S {
    type Core<'a>
        = S::Core<'a>
    where
        Self: 'a;
    fn split(&self) -> (S::Core<'_>, f64) {
        (**self).split()
    }
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        (**self).core_cuboid()
    }
}

macro_rules! sharp {
    ($($t:ty),*) => {$(
        impl ConvexRadius for $t {
            type Core<'a> = &'a $t;
            fn split(&self) -> (&$t, f64) {
                (self, 0.0)
            }
        }
    )*};
}
sharp!(ConvexHull, Cylinder, Cone, Triangle, Segment, Point);

impl ConvexRadius for Cuboid {
    type Core<'a> = &'a Cuboid;
    fn split(&self) -> (&Cuboid, f64) {
        (self, 0.0)
    }
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        Some(self)
    }
}

impl<S: SupportMap> ConvexRadius for Transformed<S> {
    type Core<'a>
        = &'a Transformed<S>
    where
        S: 'a;
    fn split(&self) -> (&Transformed<S>, f64) {
        (self, 0.0)
    }
}

/// Any support map as a core with radius zero, for shapes that do not implement
/// [`ConvexRadius`] themselves.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sharp<S>(pub S);

impl<S: SupportMap> SupportMap for Sharp<S> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.0.support(dir)
    }
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.0.support_hinted(dir, hint)
    }
}

impl<S: SupportMap> ConvexRadius for Sharp<S> {
    type Core<'a>
        = &'a S
    where
        S: 'a;
    fn split(&self) -> (&S, f64) {
        (&self.0, 0.0)
    }
}

/// The core of a [`Shape`].
#[derive(Clone, Copy, Debug)]
pub enum ShapeCore<'a> {
    /// A ball's centre.
    Origin,
    /// A capsule's segment.
    Segment(AxisSegment),
    /// A shape without radius.
    Shape(&'a Shape),
}

impl SupportMap for ShapeCore<'_> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, 0).point
    }
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        match self {
            ShapeCore::Origin => SupportPoint {
                point: Point3::origin(),
                id: 0,
            },
            ShapeCore::Segment(s) => s.support_hinted(dir, hint),
            ShapeCore::Shape(s) => s.support_hinted(dir, hint),
        }
    }
}

impl ConvexRadius for Shape {
    type Core<'a> = ShapeCore<'a>;
    fn split(&self) -> (ShapeCore<'_>, f64) {
        match self {
            Shape::Ball(b) => (ShapeCore::Origin, b.radius()),
            Shape::Capsule(c) => (ShapeCore::Segment(c.split().0), c.radius()),
            Shape::Rounded(r) => {
                let (core, radius) = r.shape().split();
                (core, radius + r.margin())
            }
            other => (ShapeCore::Shape(other), 0.0),
        }
    }
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        match self {
            Shape::Cuboid(c) => Some(c),
            Shape::Rounded(r) => r.core_cuboid(),
            _ => None,
        }
    }
}
