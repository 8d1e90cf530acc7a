//! Every other way to run a query gives the plain query's answer bit for bit: the batch
//! API, the observed path, hulls held by the `Shape` enum, and poses and vectors from
//! glam and mint (features `glam`, `mint`).

mod batch;
mod enum_hulls;
mod glam;
mod mint;
mod observed_path;
