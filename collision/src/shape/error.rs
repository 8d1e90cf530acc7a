//! Why a shape could not be built.

/// Why a shape constructor rejected its input.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ShapeError {
    /// A radius, half-extent, half-height or margin is negative, NaN or infinite.
    #[error("{what} must be finite and non-negative, got {value}")]
    InvalidLength {
        /// Which parameter, e.g. `"radius"` or `"half_extents.y"`.
        what: &'static str,
        /// The rejected value.
        value: f64,
    },
    /// A point set is empty.
    #[error("the point set of {what} is empty")]
    EmptyPointSet {
        /// Which shape.
        what: &'static str,
    },
    /// A point has a NaN or infinite coordinate.
    #[error("{what}: point {index} has a non-finite coordinate")]
    NonFinitePoint {
        /// Which shape or parameter.
        what: &'static str,
        /// Index of the first bad point in the input.
        index: usize,
    },
    /// A pose has a NaN or infinite component.
    #[error("the pose of {what} has a non-finite component")]
    NonFinitePose {
        /// Which shape.
        what: &'static str,
    },
    /// The hull builder failed for a reason other than a flat point set.
    #[error("convex hull construction failed: {0}")]
    Hull(#[from] collision_hull::HullError),
}
