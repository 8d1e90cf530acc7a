//! The batch queries' errors: one for the whole call, one per pair.

/// Which of a pair's two entries an error is about.
///
/// For shape pairs `[i, j]`, `A` is shape `i` and `B` shape `j`. For ray casts, whose
/// pairs are `[shape, ray]`, `A` is the shape and `B` the ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The pair's first entry.
    A,
    /// The pair's second entry.
    B,
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::A => "A",
            Side::B => "B",
        })
    }
}

/// Why a whole batch call was refused, before any pair ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// Two slices that must be as long as each other are not (the output or the caches
    /// against the pairs, or the poses against the shapes).
    #[error("batch slices of different lengths: {what} has {got} entries, {expected} expected")]
    LengthMismatch {
        /// The slice that has the wrong length: `"poses"`, `"out"` or `"caches"`.
        what: &'static str,
        /// Its required length.
        expected: usize,
        /// Its length.
        got: usize,
    },
}

/// Why one pair of a batch has no answer: the single query's own error `E`, or input the
/// batch refused before running the query.
///
/// A pair with a non-finite pose gets [`PairError::NonFinitePose`] where the single query
/// would have returned its own non-finite error (`GjkError::Degenerate`,
/// `ContactError::NonFinite`, ...); every other pair gets exactly the single query's
/// result.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum PairError<E> {
    /// The query ran and returned this error.
    #[error(transparent)]
    Query(E),
    /// An index of the pair is not below the length of the slice it indexes.
    #[error("pair {pair}: index {index} of side {side} is out of range (length {len})")]
    IndexOutOfRange {
        /// The pair's position in the batch.
        pair: usize,
        /// Which index of the pair.
        side: Side,
        /// The index given.
        index: u32,
        /// The length of the slice it indexes (shapes, or rays for a ray's side B).
        len: usize,
    },
    /// A pose (or a motion, for time of impact) of the pair has a NaN or infinite
    /// component.
    #[error("pair {pair}: the pose of side {side} is not finite")]
    NonFinitePose {
        /// The pair's position in the batch.
        pair: usize,
        /// Whose pose.
        side: Side,
    },
}
