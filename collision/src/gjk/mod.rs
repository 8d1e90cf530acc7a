//! GJK: distance, closest points and intersection of convex shapes.

mod simplex;

pub use simplex::{Simplex, SimplexVertex};
