//! Robust, fast 3D convex hulls.
//!
//! API CONTRACT (stub; the implementation replaces the bodies, not the signatures).

use nalgebra::{Point3, Vector3};

/// Why a point set has no 3D hull.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum HullError {
    /// No points were given.
    #[error("the point set is empty")]
    Empty,
    /// A coordinate is NaN or infinite.
    #[error("point {index} has a non-finite coordinate")]
    NonFinite {
        /// Index of the first bad point in the input.
        index: usize,
    },
    /// Fewer than four points were given.
    #[error("{count} points cannot span a volume (at least 4 are needed)")]
    TooFewPoints {
        /// How many points were given.
        count: usize,
    },
    /// All points coincide within tolerance.
    #[error("all points coincide within tolerance")]
    Coincident,
    /// All points lie on one line within tolerance.
    #[error("all points are collinear within tolerance")]
    Collinear,
    /// All points lie in one plane within tolerance.
    #[error("all points are coplanar within tolerance")]
    Coplanar,
}

/// A defect found by [`Hull::validate`].
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum HullDefect {
    /// An input point lies outside the hull by more than the tolerance.
    #[error("input point {index} lies {distance} outside face {face}")]
    PointOutside {
        /// Input index.
        index: usize,
        /// Face index.
        face: usize,
        /// Signed distance above the face plane.
        distance: f64,
    },
    /// Another defect (placeholder in the stub).
    #[error("{0}")]
    Other(String),
}

/// An oriented plane: points `p` with `normal · p = offset` lie on it, and
/// `normal` points out of the hull.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plane {
    /// Outward unit normal.
    pub normal: Vector3<f64>,
    /// Offset along the normal.
    pub offset: f64,
}

/// A closed convex polyhedron.
#[derive(Clone, Debug)]
pub struct Hull {
    vertices: Vec<Point3<f64>>,
}

impl Hull {
    /// Builds the convex hull of `points`.
    ///
    /// # Errors
    /// See [`HullError`].
    pub fn build(_points: &[Point3<f64>]) -> Result<Hull, HullError> {
        unimplemented!()
    }
    /// The extreme points, each once.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }
    /// Triangles indexing [`Self::vertices`], counter-clockwise seen from outside.
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        unimplemented!()
    }
    /// Number of polygonal faces (coplanar triangles merged).
    #[must_use]
    pub fn face_count(&self) -> usize {
        unimplemented!()
    }
    /// Vertex indices of face `i`, counter-clockwise seen from outside.
    #[must_use]
    pub fn face(&self, _i: usize) -> &[u32] {
        unimplemented!()
    }
    /// All polygonal faces.
    pub fn faces(&self) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        (0..self.face_count()).map(|i| self.face(i))
    }
    /// One plane per face, in face order.
    #[must_use]
    pub fn planes(&self) -> &[Plane] {
        unimplemented!()
    }
    /// Vertices joined to vertex `i` by a hull edge.
    #[must_use]
    pub fn vertex_neighbors(&self, _i: usize) -> &[u32] {
        unimplemented!()
    }
    /// Enclosed volume.
    #[must_use]
    pub fn volume(&self) -> f64 {
        unimplemented!()
    }
    /// Surface area.
    #[must_use]
    pub fn area(&self) -> f64 {
        unimplemented!()
    }
    /// Centroid of the enclosed volume.
    #[must_use]
    pub fn centroid(&self) -> Point3<f64> {
        unimplemented!()
    }
    /// The distance tolerance derived from the input's scale.
    #[must_use]
    pub fn tolerance(&self) -> f64 {
        unimplemented!()
    }
    /// Checks the hull against its input. Expensive: O(n·F + E).
    ///
    /// # Errors
    /// The first [`HullDefect`] found.
    pub fn validate(&self, _input: &[Point3<f64>]) -> Result<(), HullDefect> {
        unimplemented!()
    }
}
