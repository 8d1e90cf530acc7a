//! Support-mapped shapes and collision queries: GJK intersection, distance and closest
//! points, EPA penetration and contacts, time of impact and ray casts.

pub use collision_hull as hull;
pub use collision_simplex as simplex;

pub mod gjk;
pub mod shape;

pub use shape::{
    Aabb, Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, HullKind, MinkowskiDifference, Point,
    Rounded, Segment, Shape, ShapeError, SupportMap, SupportPoint, Transformed, Triangle,
};
