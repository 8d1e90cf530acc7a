//! The seeded clouds shared by the hull bench and `examples/hull_memory.rs` (included
//! with `#[path]`). The random points are the tests' [`test_support::in_cube`].
#![allow(dead_code)]

#[path = "../../tests/common/mod.rs"]
pub mod test_support;

use nalgebra::{Point3, Vector3};
use test_support::{in_cube, rng};

/// `n` seeded points uniform in the unit ball (`kind` `"ball"`, and any kind not named
/// here), on the unit sphere (`"sphere"`: the same draws, normalized) or in a disc 1e-12
/// thick (`"slab"`: the same draws, z scaled by 1e-12), or on the surface of the cube
/// `[-1, 1]³` (`"box"`: each draw pushed out along its largest coordinate, so most points
/// are coplanar with others and the hull has six faces); draws within 1e-3 of the
/// centre are redrawn.
pub fn cloud(kind: &str, n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = rng(seed);
    (0..n)
        .map(|_| {
            loop {
                let v = in_cube(&mut rng);
                let r = v.norm();
                if r <= 1.0 && r > 1e-3 {
                    break Point3::from(match kind {
                        "sphere" => v / r,
                        // A solid slab 1e-12 thick: a hull with sharp edges, whose
                        // input points all get rechecked (`quickhull/sweep.rs`).
                        "slab" => Vector3::new(v.x, v.y, v.z * 1e-12),
                        "box" => v / v.amax(),
                        _ => v,
                    });
                }
            }
        })
        .collect()
}
