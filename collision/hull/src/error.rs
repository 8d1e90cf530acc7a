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
    /// The builder's working storage (about 200 bytes a point, reserved up front) or a
    /// later part of the build (the hull's vertex lists, faces and output, in proportion
    /// to its vertices) could not be allocated: the point set is too large for the
    /// memory the process may take.
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

/// Room for `additional` more items in `v`, or [`HullError::OutOfMemory`] for a build of
/// `count` points. Every allocation of a build after the bulk reservation goes through
/// this and the helpers below, so that a point set too large for the memory left is
/// refused instead of aborting the process: those in proportion to the input or to the
/// hull (the vertex lists, faces, output arrays) and quickhull's per-step buffers (a
/// step's visible faces, horizon, cone and queue, kept per thread), whose sizes are
/// known only as the step runs.
#[inline]
pub(crate) fn reserve<T>(v: &mut Vec<T>, additional: usize, count: usize) -> Result<(), HullError> {
    // The usual case, room already there, without a call.
    if v.capacity() - v.len() >= additional {
        return Ok(());
    }
    v.try_reserve(additional)
        .map_err(|_| HullError::OutOfMemory {
            count,
            bytes: additional.saturating_mul(std::mem::size_of::<T>()),
        })
}

/// An empty vector with room for `n` items (see [`reserve`]).
pub(crate) fn room<T>(n: usize, count: usize) -> Result<Vec<T>, HullError> {
    let mut v = Vec::new();
    reserve(&mut v, n, count)?;
    Ok(v)
}

/// `n` copies of `value` (see [`reserve`]).
pub(crate) fn filled<T: Clone>(n: usize, value: T, count: usize) -> Result<Vec<T>, HullError> {
    let mut v = room(n, count)?;
    v.resize(n, value);
    Ok(v)
}

/// Pushes `x` onto `v`, doubling its room when full (see [`reserve`]): for lists whose
/// final length is not known in advance. In line, with the growth out of line: the
/// builder's per-step lists push in its innermost loops and almost never grow.
#[inline]
pub(crate) fn push<T>(v: &mut Vec<T>, x: T, count: usize) -> Result<(), HullError> {
    if v.len() == v.capacity() {
        grow(v, count)?;
    }
    v.push(x);
    Ok(())
}

/// Doubles the room of the full `v` (see [`push`]).
#[cold]
#[inline(never)]
fn grow<T>(v: &mut Vec<T>, count: usize) -> Result<(), HullError> {
    reserve(v, v.len().max(4), count)
}
