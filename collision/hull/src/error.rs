//! Why a hull cannot be built, and what [`crate::Hull::validate`] can find wrong.

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
    /// At least `u32::MAX / 8` points: half-edge indices are stored as `u32`.
    #[error("{count} points exceed the u32 index range")]
    TooManyPoints {
        /// How many points were given.
        count: usize,
    },
    /// The builder's working storage, reserved up front in proportion to the points
    /// (about 200 bytes a point), could not be allocated: the point set is too large for
    /// the memory the process may take.
    #[error("no memory for the hull of {count} points ({bytes} bytes of working storage)")]
    OutOfMemory {
        /// How many points were given.
        count: usize,
        /// The bytes asked for.
        bytes: usize,
    },
    /// The horizon of a visible region was not a simple cycle. The exact
    /// visibility test rules this out; it is reported instead of looping.
    #[error("internal error: the horizon is not a simple cycle (please report this input)")]
    Internal,
}

/// A defect found by [`crate::Hull::validate`].
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
    /// A coordinate of a vertex, or a plane, is not finite.
    #[error("vertex or plane {index} is not finite")]
    NonFinite {
        /// Vertex (or face, for a plane) index.
        index: usize,
    },
    /// A triangle or face refers to a vertex that does not exist, or a face
    /// has fewer than three vertices.
    #[error("face or triangle {index} is malformed (bad vertex index or fewer than 3 vertices)")]
    Malformed {
        /// Triangle or face index.
        index: usize,
    },
    /// A vertex of the hull is not one of the input points.
    #[error("hull vertex {vertex} is not an input point")]
    ForeignVertex {
        /// Vertex index.
        vertex: usize,
    },
    /// A directed edge is used by two triangles, or its reverse by none.
    #[error("edge {from} -> {to} is not shared by exactly two triangles with opposite directions")]
    UnpairedEdge {
        /// Start vertex.
        from: u32,
        /// End vertex.
        to: u32,
    },
    /// `V − E + F ≠ 2`.
    #[error("Euler characteristic V - E + F = {v} - {e} + {f} is not 2")]
    Euler {
        /// Vertex count.
        v: usize,
        /// Edge count.
        e: usize,
        /// Triangle (or face) count.
        f: usize,
    },
    /// The triangles enclose a non-positive volume (inward orientation).
    #[error("the triangles enclose a non-positive volume {volume}")]
    NotOutward {
        /// The signed volume.
        volume: f64,
    },
    /// A plane's normal is not of unit length.
    #[error("the normal of face {face} has length {length}")]
    NonUnitNormal {
        /// Face index.
        face: usize,
        /// Its length.
        length: f64,
    },
    /// A face's own vertex is off the face's plane by more than the tolerance.
    #[error("vertex {vertex} of face {face} is {distance} from its plane")]
    OffPlane {
        /// Face index.
        face: usize,
        /// Vertex index.
        vertex: u32,
        /// Signed distance from the plane.
        distance: f64,
    },
    /// A neighbouring face's vertex is above a face's plane: the edge between
    /// them is concave by more than the tolerance.
    #[error(
        "edge between faces {face} and {neighbor} is concave: a vertex is {distance} above face {face}"
    )]
    Concave {
        /// Face index.
        face: usize,
        /// Neighbouring face index.
        neighbor: usize,
        /// Height of the neighbour's vertex above `face`.
        distance: f64,
    },
    /// The vertex adjacency does not match the face edges.
    #[error("neighbours of vertex {vertex} do not match the face edges")]
    Adjacency {
        /// Vertex index.
        vertex: usize,
    },
}
