//! Scale: the same scenes from 1e-20 to 1e20 give the same answers, scaled, and scenes
//! whose answers `f64` cannot hold say so.

mod overflow;
mod random_arguments;
mod range;
