//! The simplex EPA starts from, read through a trait so that GJK's working simplex can
//! be handed over in place.
//!
//! The trait lives here, beside [`Simplex`], rather than in `epa` or `gjk`: GJK's
//! working simplex implements it and EPA consumes it, and neither module needs the
//! other for that.

use super::{Simplex, SimplexVertex};
use nalgebra::Point3;

/// A simplex EPA can start from: the public [`Simplex`], or GJK's working simplex read
/// in place. Contacts start from the latter, which spares the common case (GJK ends on a
/// tetrahedron) three copies of four 88-byte vertices on the way into the polytope.
pub(crate) trait StartSimplex {
    /// Number of vertices (0 to 4).
    fn len(&self) -> usize;
    /// The `k`-th vertex (`k < len`).
    fn vertex(&self, k: usize) -> SimplexVertex;
    /// The `w` of the `k`-th vertex (`k < len`).
    fn w(&self, k: usize) -> Point3<f64>;
    /// `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ` (A's frame).
    fn witnesses(&self) -> (Point3<f64>, Point3<f64>);
    /// Whether every vertex's points are finite.
    fn is_finite(&self) -> bool;
}

impl StartSimplex for Simplex {
    #[inline]
    fn len(&self) -> usize {
        Simplex::len(self)
    }

    #[inline]
    fn vertex(&self, k: usize) -> SimplexVertex {
        self.vertices()[k]
    }

    #[inline]
    fn w(&self, k: usize) -> Point3<f64> {
        self.vertices()[k].w
    }

    #[inline]
    fn witnesses(&self) -> (Point3<f64>, Point3<f64>) {
        Simplex::witnesses(self)
    }

    #[inline]
    fn is_finite(&self) -> bool {
        self.vertices().iter().all(SimplexVertex::is_finite)
    }
}
