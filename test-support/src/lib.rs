//! Seeded random draws shared by the workspace's tests, benches and examples: vectors,
//! directions, rotations and poses ([`sample`]), point clouds ([`clouds`]), simplices with
//! their degenerate families ([`simplices`]), an allocator that runs out on demand
//! ([`exhaustible`]) and, with the
//! `collision` feature, the `collision` crate's shapes, hulls, exact polytope references,
//! parry3d-f64 copies and near-contact placement ([`placement`]).
//!
//! Every generator draws from a [`ChaCha8Rng`](rand_chacha::ChaCha8Rng) seeded by
//! [`rng`], in a fixed order, so a seed names the same case on every machine. Tests
//! assert against values computed from these draws: a change to any generator's order of
//! draws or arithmetic changes the cases, so each keeps the exact operations it was
//! written with (for example [`sample::unit_vector_where`] divides by the square root of
//! the squared norm it tested, which is bit for bit `v / v.norm()`).
//!
//! The draws come in families, one per group of tests that was tuned on it:
//! [`gjk`] for the GJK, shape, batch and interop tests, [`contact`] for the contact,
//! EPA, time of impact and ray tests, and [`bench`](mod@bench) for the `collision` benches and
//! examples ([`rays`] the ray bench's cases). They differ in small ways (a rotation's spread, how a hull's points are
//! drawn) that the recorded expectations depend on.

pub mod clouds;
pub mod exhaustible;
pub mod sample;
pub mod simplices;

#[cfg(feature = "collision")]
pub mod bench;
#[cfg(feature = "collision")]
pub mod contact;
#[cfg(feature = "collision")]
pub mod gjk;
#[cfg(feature = "collision")]
pub mod parry;
#[cfg(feature = "collision")]
pub mod placement;
#[cfg(feature = "collision")]
pub mod polytope;
#[cfg(feature = "collision")]
pub mod rays;

pub use sample::{rng, v3};
