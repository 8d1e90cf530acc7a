//! Batch queries: many pairs in one call, on every core with the `parallel` feature.
//!
//! A physics step, a motion planner or a data-set generator asks about thousands of
//! pairs at once. A [`Scene`] lists each shape and its pose once, and the batch forms of
//! [`intersects`](crate::intersects()), [`distance`](crate::distance()),
//! [`distance_with`](crate::distance_with()), [`closest_points`](crate::closest_points()),
//! [`contact`](crate::contact())/[`contact_with`](crate::contact_with()),
//! [`time_of_impact`](crate::time_of_impact()) and [`cast_ray`](crate::cast_ray()) name
//! pairs of them by index, `[i, j]`, as `u32`s (a C `uint32_t[n][2]` or a NumPy `(n, 2)`
//! array as is). Callers with no scene pass [`Pair`] records (shapes by reference, poses
//! by value) to the `_pairs` functions instead.
//!
//! ```
//! use collision::batch::{PairResult, Scene};
//! use collision::{Ball, Cuboid, GjkError, Shape};
//! use nalgebra::{Isometry3, Vector3};
//!
//! let shapes = [
//!     Shape::from(Ball::new(0.5).unwrap()),
//!     Shape::from(Cuboid::new(Vector3::new(1.0, 1.0, 1.0)).unwrap()),
//! ];
//! let poses = [Isometry3::translation(3.0, 0.0, 0.0), Isometry3::identity()];
//! let scene = Scene::new(&shapes, &poses)?;
//! let pairs = [[0, 1], [1, 0], [0, 7]];
//! let mut out: Vec<PairResult<f64, GjkError>> = vec![Ok(0.0); pairs.len()];
//! scene.distance(&pairs, &mut out)?;
//! assert!((out[0].unwrap() - 1.5).abs() < 1e-9);
//! assert!(out[2].is_err()); // shape 7 does not exist
//! # Ok::<(), collision::batch::BatchError>(())
//! ```
//!
//! # Results
//!
//! The output goes into the caller's slice, one `Result` per pair in input order, and
//! each is exactly the single query's answer, bit for bit, whatever the thread count:
//! every pair runs the single query on its own, and its slot is written by that run
//! alone. Bad input never panics and never loses a pair: an index out of range and a
//! non-finite pose are that pair's [`PairError`], and the single query's own errors
//! (did not converge, ...) are its [`PairError::Query`]. Only slices of the wrong length
//! ([`BatchError`]) refuse the whole call, before anything runs.
//!
//! # Warm starts
//!
//! The `_with` forms take a caller-owned [`GjkCache`](crate::GjkCache) per pair,
//! `caches[k]` for `pairs[k]`: keep each pair at the same position from frame to frame
//! and the caches stay warm.
//!
//! # Threads
//!
//! With the `parallel` feature the queries run on the calling thread and the current
//! rayon thread pool's other threads: the caller's pool inside `ThreadPool::install`,
//! rayon's global pool otherwise. The pairs are cut into chunks of 16 to 64 (about
//! eight per thread), which the calling thread starts on at once and the pool's threads
//! join as they wake, each taking the next chunk until none is left; nothing is
//! allocated per pair. Batches of at most 64 pairs, those of scenes made
//! [`Scene::sequential`], and all of them without the feature run on the calling thread.
//! A pool whose threads have gone to sleep (after a few hundred microseconds idle) takes
//! longer to wake than a few hundred pairs take: a batch that small called once a frame
//! is faster sequential (`benches/batch.rs`, the `400 pairs` group).
//!
//! # Memory
//!
//! A scene larger than the caches (a data set of thousands of distinct hulls) makes each
//! pair wait on memory: its shapes' fields, then the vertex data they point to. Before
//! each pair the driver asks for the shapes of the pair two ahead and the vertex data of
//! the next one (`kernels/prefetch.rs`,
//! [`FastPaths::prefetch_data`](crate::FastPaths::prefetch_data)), so those waits overlap
//! the current pair's work. On 20,000 hulls of 16 points this
//! halves the time of a batch (`benches/batch.rs`); a loop of single calls cannot do it.
//!
//! # Shapes
//!
//! `S` is [`Shape`](crate::Shape) for scenes built at run time, or any one concrete
//! shape type implementing [`SupportMap`](crate::SupportMap) (all hulls, say), which
//! skips the enum's dispatch. Shapes must be `Sync`, as every shape of this crate is.

mod drive;
mod error;
mod queries;
mod records;
mod scene;

pub use drive::prefetch_ahead;
pub use error::{BatchError, PairError, Side};
pub use queries::PairResult;
pub use records::{
    MovingPair, Pair, RayQuery, cast_ray_pairs, closest_points_pairs, contact_pairs,
    contact_with_pairs, distance_pairs, distance_with_pairs, intersects_pairs,
    time_of_impact_pairs,
};
pub use scene::{Placement, Scene};
