//! Why mass properties could not be computed.

/// Why a mass-property computation refused its input.
///
/// No function of this crate returns NaN or a negative mass: every input that would
/// produce one is reported here instead, naming what is wrong and where.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MassError {
    /// A density, mass, volume or scale factor is zero, negative, NaN or infinite.
    #[error("the {what} is {value}; it must be finite and greater than zero")]
    InvalidAmount {
        /// Which quantity: `"density"`, `"mass"`, `"mass (density x volume)"`, `"volume"`
        /// or `"scale factor"`.
        what: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// A dimension of a primitive (radius, half height, half extent) is zero, negative,
    /// NaN or infinite.
    #[error("the {name} of the {shape} is {value}; it must be finite and greater than zero")]
    InvalidDimension {
        /// The primitive, e.g. `"cylinder"`.
        shape: &'static str,
        /// The dimension, e.g. `"radius"`.
        name: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// A vertex has a NaN or infinite coordinate.
    #[error("vertex {index} has a non-finite coordinate")]
    NonFiniteVertex {
        /// Index of the first bad vertex.
        index: usize,
    },
    /// A centre of mass, inertia tensor, translation or rotation has a NaN or infinite
    /// entry.
    #[error("the {what} has a non-finite entry")]
    NonFinite {
        /// Which input, e.g. `"inertia tensor"`.
        what: &'static str,
    },
    /// An inertia tensor is not symmetric, or not positive semi-definite (a moment is
    /// negative or the triangle inequality between principal moments fails).
    #[error("the inertia tensor is not physical: {reason}")]
    InvalidTensor {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The mesh has no triangles.
    #[error("the mesh has no triangles")]
    EmptyMesh,
    /// A triangle refers to a vertex that does not exist.
    #[error(
        "triangle {triangle} refers to vertex {index}, but there are only {vertex_count} vertices"
    )]
    IndexOutOfRange {
        /// Index of the triangle.
        triangle: usize,
        /// The bad vertex index.
        index: u32,
        /// Number of vertices given.
        vertex_count: usize,
    },
    /// A triangle uses the same vertex twice.
    #[error("triangle {triangle} uses vertex {index} twice")]
    DegenerateTriangle {
        /// Index of the triangle.
        triangle: usize,
        /// The repeated vertex index.
        index: u32,
    },
    /// The mesh is not closed: a directed edge has no opposite edge.
    #[error("the mesh is open: edge {from}->{to} has no opposite edge {to}->{from}")]
    OpenMesh {
        /// Start vertex of the unmatched edge.
        from: u32,
        /// End vertex of the unmatched edge.
        to: u32,
    },
    /// Two triangles traverse the same edge in the same direction: the winding is
    /// inconsistent (a flipped triangle) or the mesh is not manifold.
    #[error(
        "edge {from}->{to} is used twice in the same direction: inconsistent winding or a non-manifold mesh"
    )]
    InconsistentWinding {
        /// Start vertex of the repeated edge.
        from: u32,
        /// End vertex of the repeated edge.
        to: u32,
    },
    /// The mesh is closed and consistently wound, but inward: its signed volume is
    /// negative. Triangles must be counter-clockwise seen from outside.
    #[error("the mesh is wound inward: its signed volume {volume} is negative")]
    InwardWound {
        /// The (negative) signed volume.
        volume: f64,
    },
    /// The body has no volume within a tolerance relative to its scale.
    #[error("the body is flat: its thickness {thickness} is below the tolerance {tolerance}")]
    Flat {
        /// Volume divided by the square of the largest bounding-box extent.
        thickness: f64,
        /// The thickness below which a body counts as flat.
        tolerance: f64,
    },
    /// A sampling method was asked for zero samples.
    #[error("sampling needs at least one sample per axis or in total")]
    ZeroSamples,
    /// No sample fell inside the body, so the estimate is undefined.
    #[error("none of the {samples} samples fell inside the body")]
    NoSampleInside {
        /// Number of samples taken.
        samples: u64,
    },
}
