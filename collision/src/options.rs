//! The options of every query's full form.
//!
//! Each query has a short call for the common case (`distance(&a, &pa, &b, &pb)`) and one
//! full form, named `<query>_with`, whose last argument is a [`QueryOptions`]: the
//! query's configuration, an optional caller-owned warm-start [`GjkCache`](crate::GjkCache) and an
//! observer, the same three fields for every query (as Box2D's `b2DistanceInput` plus
//! its caller-owned `b2SimplexCache`). The observer is a type parameter, `()` by
//! default, so a full form without one compiles to the short call.
//!
//! [`QueryOptions`] is defined in `gjk`, beside the [`GjkCache`](crate::GjkCache) it
//! borrows, and re-exported here: `gjk` takes it, and this way neither module imports
//! the other.

pub use crate::gjk::options::QueryOptions;
