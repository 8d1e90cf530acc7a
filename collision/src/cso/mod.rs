//! Vertices and simplices of the configuration-space obstacle A − B (the Minkowski
//! difference of two shapes), shared by GJK, EPA, the shapes and the observer.
//!
//! GJK builds a [`Simplex`] of [`SimplexVertex`]es, EPA grows GJK's final simplex into a
//! polytope, the observer records both, and [`MinkowskiDifference`](crate::MinkowskiDifference)
//! returns its support points as vertices. Keeping these plain data types in a module of
//! their own, which depends on no other module of the crate, is what lets `gjk`, `epa`,
//! `shape` and `observer` use them without importing one another. The run outputs
//! ([`GjkOutput`], [`EpaOutput`] and their statuses) live here for the same reason: the
//! observer records them. The public paths are those of `gjk` and `epa`
//! ([`crate::gjk::Simplex`], [`crate::gjk::GjkOutput`], [`crate::epa::EpaOutput`], ...).

mod output;
mod simplex;
mod start_simplex;

pub use output::{EpaOutput, EpaStatus, GjkOutput, GjkStatus};
pub use simplex::{Simplex, SimplexVertex};
pub(crate) use start_simplex::StartSimplex;
