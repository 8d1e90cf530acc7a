//! Signed-volume projection of the origin onto a simplex: the sub-problem at the heart
//! of GJK (Montanari, Petrinic and Barbieri, "Improving the GJK algorithm for faster and
//! more reliable distance queries between convex objects", ACM TOG 36(3), 2017).
//!
//! Given a point, segment, triangle or tetrahedron, find its point closest to the origin,
//! the barycentric weights of that point and the smallest sub-simplex that supports it.
//!
//! # Method
//!
//! For a simplex with vertices `p_0..p_k` the barycentric coordinates of the origin's
//! projection onto the simplex's affine hull are ratios of *signed volumes*: `λ_i` is the
//! volume of the simplex with `p_i` replaced by the origin, divided by the volume of the
//! simplex (the cofactors of the last row of `[p_0 .. p_k; 1 .. 1]` over its determinant).
//! When every cofactor has the sign of the determinant the origin projects inside and the
//! weights are final. Otherwise the closest point lies on a facet whose cofactor has the
//! other sign (the origin sees that facet from outside), and only those facets are visited.
//!
//! Compared with the textbook version this crate
//! - returns the support mask, so GJK can drop the vertices that no longer matter;
//! - visits only the facets the cofactor signs point to, tries the edge or vertex those
//!   signs single out first (a Voronoi-region test), and stops at the first facet the
//!   origin projects inside;
//! - computes every quantity from edge vectors and triple products anchored at a vertex,
//!   so far-offset simplices (coordinates `1e8`, extents `1e-3`) keep full accuracy, and
//!   compares candidates by `(y - x)·(y + x)` so that nearby candidates far from the
//!   origin are still told apart;
//! - refines the weights of thin triangles and tetrahedra iteratively (Cramer's rule
//!   alone loses accuracy as `1 / thinness`), and re-evaluates tetrahedra too flat for
//!   `f64` in double-double arithmetic (`exact.rs`);
//! - decides degeneracy from the floating-point error bound of each determinant, i.e.
//!   relative to the simplex's own size (no absolute epsilon), and then falls back to the
//!   best facet, so repeated points, collinear triangles and flat tetrahedra still return
//!   the true closest point, never NaN;
//! - allocates nothing and uses no trait objects.
//!
//! # Example
//!
//! ```
//! use collision_simplex::project_triangle;
//! use nalgebra::Point3;
//!
//! let p = project_triangle(
//!     &Point3::new(-1.0, -1.0, 2.0),
//!     &Point3::new(3.0, -1.0, 2.0),
//!     &Point3::new(-1.0, 3.0, 2.0),
//! );
//! assert_eq!(p.point, Point3::new(0.0, 0.0, 2.0));
//! assert_eq!(p.support, 0b111);
//! ```
//!
//! # Input domain
//!
//! The `project_*` kernels expect finite coordinates whose magnitudes lie between about
//! `1e-60` and `1e60` (or are zero): products of four coordinates must neither overflow
//! nor underflow. [`try_project_origin`] accepts any finite input: it rescales by a power
//! of two and reports non-finite input as an error.

pub mod dd;
mod exact;
mod segment;
mod tetrahedron;
mod thin;
mod triangle;

use nalgebra::Point3;

pub use segment::project_segment;
pub use tetrahedron::project_tetrahedron;
pub use triangle::project_triangle;

/// The point of a simplex closest to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The closest point to the origin.
    pub point: Point3<f64>,
    /// Barycentric weights in input order; zero for vertices outside `support`.
    /// Non-negative and summing to one.
    pub weights: [f64; 4],
    /// Bit `i` is set when input vertex `i` belongs to the smallest sub-simplex
    /// that supports `point`.
    pub support: u8,
}

impl Projection {
    /// Number of vertices in the supporting sub-simplex (1 to 4).
    #[must_use]
    #[inline]
    pub const fn support_len(&self) -> usize {
        self.support.count_ones() as usize
    }

    /// Squared distance from the origin to [`Projection::point`].
    #[must_use]
    #[inline]
    pub fn distance_squared(&self) -> f64 {
        self.point.coords.norm_squared()
    }

    /// Distance from the origin to [`Projection::point`].
    #[must_use]
    #[inline]
    pub fn distance(&self) -> f64 {
        self.point.coords.norm()
    }

    /// Whether input vertex `i` belongs to the supporting sub-simplex.
    #[must_use]
    #[inline]
    pub const fn supports(&self, i: usize) -> bool {
        i < 8 && self.support & (1 << i) != 0
    }

    /// A single vertex, expressed in the caller's numbering as vertex `i`.
    #[inline]
    pub(crate) fn vertex(p: &Point3<f64>, i: usize) -> Self {
        Projection {
            point: *p,
            weights: place([1.0], [i]),
            support: 1 << i,
        }
    }

    /// The nearer of two candidates (the first one on a tie).
    ///
    /// Compares `|y|² - |x|² = (y - x)·(y + x)`: the difference of two close points is
    /// computed almost exactly, so candidates a millimetre apart `1e8` away from the
    /// origin are still told apart (`|x|²` alone would round them to the same value).
    #[inline]
    pub(crate) fn nearer(self, other: Self) -> Self {
        let (x, y) = (self.point.coords, other.point.coords);
        if (y - x).dot(&(y + x)) < 0.0 {
            other
        } else {
            self
        }
    }
}

/// Weights `λ` of the vertices `index` of a sub-simplex, placed in the caller's
/// numbering.
///
/// Built as one array value by selection, never by a store at a run-time offset: such a
/// store followed by the copy of the whole result defeats store-to-load forwarding and
/// costs more than the rest of a projection.
///
/// Written out lane by lane: as an array `map`, the compiler sometimes kept the map out
/// of line, returning the four weights through memory as 8-byte stores that the caller
/// read back with 16-byte loads (a failed store forward per projection).
#[inline(always)]
pub(crate) fn place<const N: usize>(lambda: [f64; N], index: [usize; N]) -> [f64; 4] {
    let lane = |k: usize| {
        lambda
            .iter()
            .zip(index)
            .fold(0.0, |w, (&l, i)| if i == k { l } else { w })
    };
    [lane(0), lane(1), lane(2), lane(3)]
}

/// Projects the origin onto the point `a` (the trivial 1-simplex, for uniformity).
#[must_use]
#[inline]
pub fn project_point(a: &Point3<f64>) -> Projection {
    Projection::vertex(a, 0)
}

/// Projects the origin onto the simplex spanned by 1 to 4 points.
///
/// Returns `None` for an empty slice or more than four points. See
/// [`try_project_origin`] for a variant that validates and rescales its input.
#[must_use]
#[inline]
pub fn project_origin(points: &[Point3<f64>]) -> Option<Projection> {
    match points {
        [a] => Some(project_point(a)),
        [a, b] => Some(project_segment(a, b)),
        [a, b, c] => Some(project_triangle(a, b, c)),
        [a, b, c, d] => Some(project_tetrahedron(a, b, c, d)),
        _ => None,
    }
}

/// Why [`try_project_origin`] rejected its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimplexError {
    /// The slice held no point.
    #[error("a simplex needs 1 to 4 points, got none")]
    Empty,
    /// The slice held more than four points.
    #[error("a simplex in 3D has at most 4 points, got {0}")]
    TooManyPoints(usize),
    /// A coordinate is NaN or infinite.
    #[error("point {index} has a non-finite coordinate (NaN or infinity)")]
    NonFinite {
        /// Index of the offending point in the input slice.
        index: usize,
    },
}

/// Projects the origin onto the simplex spanned by 1 to 4 points, for any finite input.
///
/// Unlike [`project_origin`], this validates the points and rescales them by a power of
/// two (exact in binary floating point) when their magnitude would make the kernels
/// overflow or underflow, then scales the closest point back.
///
/// # Errors
///
/// [`SimplexError::Empty`] or [`SimplexError::TooManyPoints`] when the slice does not hold
/// 1 to 4 points, [`SimplexError::NonFinite`] when a coordinate is NaN or infinite.
pub fn try_project_origin(points: &[Point3<f64>]) -> Result<Projection, SimplexError> {
    match points.len() {
        0 => return Err(SimplexError::Empty),
        1..=4 => {}
        n => return Err(SimplexError::TooManyPoints(n)),
    }
    let mut largest = 0.0_f64;
    for (index, p) in points.iter().enumerate() {
        if !p.coords.iter().all(|x| x.is_finite()) {
            return Err(SimplexError::NonFinite { index });
        }
        largest = largest.max(p.coords.amax());
    }
    // Keep the largest coordinate within [2^-200, 2^200] (products of four
    // coordinates stay far from overflow and underflow); powers of two scale exactly.
    const LIMIT: f64 = 1.606_938_044_258_990_3e60; // 2^200
    if largest <= LIMIT && (largest == 0.0 || largest >= 1.0 / LIMIT) {
        return project_origin(points).ok_or(SimplexError::Empty);
    }
    // Two half steps keep each factor representable even for subnormal inputs.
    let shift = -largest.log2().floor();
    let half = (shift / 2.0).floor();
    let (down_1, down_2) = (half.exp2(), (shift - half).exp2());
    let mut scaled = [Point3::origin(); 4];
    for (s, p) in scaled.iter_mut().zip(points) {
        *s = Point3::from(p.coords * down_1 * down_2);
    }
    let mut projection = project_origin(&scaled[..points.len()]).ok_or(SimplexError::Empty)?;
    projection.point = Point3::from(projection.point.coords / down_1 / down_2);
    Ok(projection)
}
