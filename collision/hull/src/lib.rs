//! Robust, fast 3D convex hulls.
//!
//! [`Hull::build`] runs quickhull with conflict lists: every point outside the
//! current hull belongs to exactly one face, the faces an added point sees are
//! found by walking face adjacency from the face that owns it, and the new
//! faces inherit the conflict points of the faces they replace. Expected
//! running time is `O(n log h)` for `n` points and `h` hull vertices. Clouds of
//! at most 16 points in general position are built by the plain incremental
//! algorithm in fixed arrays instead (`small.rs`), which gives up for quickhull
//! wherever the tolerance could decide anything.
//!
//! # Robustness
//! * **Topology is exact.** Whether a face sees the point being added is the
//!   exact sign of an orientation determinant (a floating-point filter with an
//!   exact expansion fallback, after Shewchuk). The hull under construction is
//!   therefore always exactly weakly convex, the visible region a disk and the
//!   horizon a simple cycle, whatever the rounding.
//! * **Geometry uses a scale-relative tolerance.** With `u = f64::EPSILON`,
//!   `L = Σₖ (maxₖ − minₖ)` (bounding-box extents) and
//!   `M = Σₖ max(|minₖ|, |maxₖ|)` (coordinate magnitude),
//!
//!   ```text
//!   ε = 32 · u · (L + M)          (Hull::tolerance)
//!   ```
//!
//!   A point at most `ε` above every face is *on* the hull and never becomes a
//!   vertex: exact and near duplicates, grid points on faces and points on
//!   edges are absorbed. The same input scaled by 1e-6 or 1e6 gives the same
//!   hull; offset by `d`, `ε` grows by `96·u·|d|`, the precision coordinates of
//!   that size carry anyway.
//! * **Degenerate input is an error, never a wrong hull.** Empty input,
//!   non-finite coordinates, fewer than four points, and point sets that are
//!   coincident, collinear or coplanar within `ε` each return a [`HullError`].
//! * **Faces are polygons.** Triangles that are coplanar within `ε` are merged
//!   into convex faces ([`Hull::faces`], [`Hull::planes`]); vertices that end
//!   up on fewer than three faces (inside a face or on an edge) are dropped,
//!   so [`Hull::vertices`] are the corners only.
//! * Coordinates whose largest magnitude is `2²⁵¹` or more (or below `2⁻²⁵⁰`) are
//!   rescaled internally by an exact power of two, so no intermediate product
//!   overflows.
//!
//! [`Hull::validate`] checks a hull against its input and is what the tests
//! and the fuzzer use.

mod assemble;
mod error;
mod merge;
mod mesh;
mod predicates;
mod properties;
mod quickhull;
mod small;
mod tolerance;
mod validate;

pub use error::{HullDefect, HullError};

use nalgebra::{Point3, Vector3};
use std::borrow::Cow;

/// An oriented plane: points `p` with `normal · p = offset` lie on it, and
/// `normal` points out of the hull.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Outward unit normal.
    pub normal: Vector3<f64>,
    /// Offset along the normal.
    pub offset: f64,
}

impl Plane {
    /// Signed distance of `p` above the plane (positive outside the hull).
    #[must_use]
    pub fn distance(&self, p: &Point3<f64>) -> f64 {
        self.normal.dot(&p.coords) - self.offset
    }
}

/// A closed convex polyhedron.
#[derive(Clone, Debug)]
pub struct Hull {
    vertices: Vec<Point3<f64>>,
    triangles: Vec<[u32; 3]>,
    face_offsets: Vec<u32>,
    face_indices: Vec<u32>,
    planes: Vec<Plane>,
    neighbor_offsets: Vec<u32>,
    neighbors: Vec<u32>,
    volume: f64,
    area: f64,
    centroid: Point3<f64>,
    tolerance: f64,
}

impl Hull {
    /// Builds the convex hull of `points`.
    ///
    /// Memory: the mesh takes about 180 bytes per hull vertex (two faces of
    /// 76 bytes, plus the vertex's coordinates) and the conflict ranges
    /// (points with their coordinates) up to 64 bytes per input point; the
    /// result holds about 170 bytes per hull vertex. The measured peak for
    /// 1e6 points on a sphere (all of them vertices) is about 286 bytes per
    /// input point, the input included (see `BENCHMARKS.md`).
    ///
    /// # Errors
    /// * [`HullError::Empty`] for no points;
    /// * [`HullError::NonFinite`] for a NaN or infinite coordinate (the first);
    /// * [`HullError::TooFewPoints`] for fewer than four points;
    /// * [`HullError::TooManyPoints`] beyond the `u32` index range;
    /// * [`HullError::Coincident`], [`HullError::Collinear`],
    ///   [`HullError::Coplanar`] when the points span no volume within the
    ///   tolerance (see the crate docs);
    /// * [`HullError::OutOfMemory`] when the working storage reserved up front (about
    ///   200 bytes a point), or any later allocation (a step's lists, the vertex lists,
    ///   merged faces, the output), cannot be made;
    /// * [`HullError::Internal`] if an internal invariant broke (a bug).
    pub fn build(points: &[Point3<f64>]) -> Result<Hull, HullError> {
        if points.is_empty() {
            return Err(HullError::Empty);
        }
        let bounds =
            tolerance::Bounds::scan(points).map_err(|index| HullError::NonFinite { index })?;
        if points.len() < 4 {
            return Err(HullError::TooFewPoints {
                count: points.len(),
            });
        }
        // Half-edge ids (3 per face, up to 2n + 16 faces) must fit in u32.
        if points.len() >= u32::MAX as usize / 8 {
            return Err(HullError::TooManyPoints {
                count: points.len(),
            });
        }
        let factor = tolerance::rescale_factor_for(bounds.max_abs());
        let (work, bounds): (Cow<'_, [Point3<f64>]>, _) = match factor {
            Some(s) => {
                let mut scaled = Vec::new();
                scaled
                    .try_reserve_exact(points.len())
                    .map_err(|_| HullError::OutOfMemory {
                        count: points.len(),
                        bytes: points
                            .len()
                            .saturating_mul(std::mem::size_of::<Point3<f64>>()),
                    })?;
                scaled.extend(points.iter().map(|p| p * s));
                (Cow::Owned(scaled), bounds.scaled(s))
            }
            None => (Cow::Borrowed(points), bounds),
        };
        let scale = tolerance::Scale::of(&bounds);
        let start = quickhull::start_simplex(&work, &bounds.extremes, &scale)?;
        if work.len() <= small::MAX_POINTS
            && small::enabled()
            && let Some(hull) = small::build(&work, start, &scale, points, factor.unwrap_or(1.0))?
        {
            return Ok(hull);
        }
        let mut builder = quickhull::Builder::with_start(&work, &bounds, scale, start)?;
        builder.run()?;
        let (mesh, vertex_positions, input_index) = builder.into_parts();
        let faces = merge::faces(&mesh, &vertex_positions, &scale, points.len())?;
        drop(vertex_positions);
        let factor = factor.unwrap_or(1.0);
        let tolerance = scale.eps / factor;
        assemble::assemble(mesh, faces, &input_index, points, factor, tolerance)
    }

    /// The extreme points, each once.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }

    /// Triangles indexing [`Self::vertices`], counter-clockwise seen from
    /// outside. Each face is fanned from its first vertex.
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Number of polygonal faces (coplanar triangles merged).
    #[must_use]
    pub fn face_count(&self) -> usize {
        self.planes.len()
    }

    /// Vertex indices of face `i`, counter-clockwise seen from outside.
    ///
    /// # Panics
    /// If `i >= self.face_count()`.
    #[must_use]
    pub fn face(&self, i: usize) -> &[u32] {
        &self.face_indices[self.face_offsets[i] as usize..self.face_offsets[i + 1] as usize]
    }

    /// All polygonal faces.
    pub fn faces(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        (0..self.face_count()).map(|i| self.face(i))
    }

    /// One plane per face, in face order.
    #[must_use]
    pub fn planes(&self) -> &[Plane] {
        &self.planes
    }

    /// Vertices joined to vertex `i` by a hull edge (an edge of a face).
    ///
    /// # Panics
    /// If `i >= self.vertices().len()`.
    #[must_use]
    pub fn vertex_neighbors(&self, i: usize) -> &[u32] {
        &self.neighbors[self.neighbor_offsets[i] as usize..self.neighbor_offsets[i + 1] as usize]
    }

    /// Enclosed volume. Computed in rescaled units, so it is accurate whenever
    /// it is representable; with coordinates near `1e±300` it can overflow to
    /// infinity or underflow to zero (the centroid stays accurate).
    #[must_use]
    pub fn volume(&self) -> f64 {
        self.volume
    }

    /// Surface area.
    #[must_use]
    pub fn area(&self) -> f64 {
        self.area
    }

    /// Centroid of the enclosed volume.
    #[must_use]
    pub fn centroid(&self) -> Point3<f64> {
        self.centroid
    }

    /// The distance tolerance `ε` derived from the input's scale (see the
    /// crate docs for the formula).
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        self.tolerance
    }

    /// Checks the hull against its input. Expensive: `O(n·F + E log E)`.
    ///
    /// Checks finite values and valid indices, that every vertex is an input
    /// point, that every edge is shared by exactly two triangles with opposite
    /// directions, `V − E + F = 2` (triangles and faces), positive volume,
    /// unit normals with each face's vertices within `2ε` of its plane,
    /// convexity at every edge within `ε`, the vertex adjacency, and that every
    /// input point is at most `2ε` above every face (`ε` = [`Self::tolerance`];
    /// the second `ε` covers the rounding of the height itself).
    ///
    /// # Errors
    /// The first [`HullDefect`] found.
    pub fn validate(&self, input: &[Point3<f64>]) -> Result<(), HullDefect> {
        validate::validate(self, input)
    }
}
