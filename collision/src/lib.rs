//! Support-mapped shapes and collision queries: GJK intersection, distance and closest
//! points, EPA penetration and contacts, time of impact and ray casts.

pub use collision_hull as hull;
pub use collision_simplex as simplex;
