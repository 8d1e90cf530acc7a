//! The sweep of every input point against the finished faces of a thin or flat hull (see
//! `Builder::has_sharp_edge` and `Builder::is_flat`), as a branch-free float filter in
//! front of the exact test.
//!
//! [`Mesh::height_above`] decides "more than `t` above face `f`" from the float height
//! `h = n·q − offset` when `|h − t| > err_f` (the face's rounding bound for any point in
//! the input box) and exactly otherwise. A point is therefore certainly not above any face
//! when `h_f < t − err_f` for every `f`. The filter computes `h_f` in a different order
//! (structure of arrays, four faces per block) than `height_above`, and both orders are
//! within `err_f` of the exact height, so the two float heights differ by at most
//! `2 err_f`: a point with `h_f < t − 3 err_f` for every face is one `height_above` calls
//! "not above" everywhere. Only the other points, those within a few rounding bounds of
//! some face or above it, go on to the exact recheck; on a 1e6-point slab 1e-12 thick that
//! leaves a few thousand.
//!
//! The per-point test is `max_f (h_f − threshold_f) ≥ 0` with `threshold_f = t − 3 err_f`.
//! For finite floats `fl(a − b) ≥ 0` exactly when `a ≥ b` (a difference rounds to zero
//! only when the operands are equal), so the maximum decides the same as the comparisons.
//! The maximum is kept per lane with selects and no data-dependent branch, so the loop runs
//! on SIMD registers; padding lanes have a threshold of `+∞` and never count.

use crate::mesh::{ALIVE, Mesh};
use nalgebra::Point3;

/// Faces per block.
const LANES: usize = 4;

/// Four faces' planes and thresholds, as structure of arrays.
#[derive(Clone, Copy, Debug)]
struct PlaneBlock {
    normal: [[f64; LANES]; 3],
    offset: [f64; LANES],
    threshold: [f64; LANES],
}

/// Appends to `out` the index of every point of `pts` that the float filter cannot place
/// more than `3 err_f` below `t` under every live face of `mesh` (see the module docs).
pub(super) fn candidates(mesh: &Mesh, pts: &[Point3<f64>], t: f64, out: &mut Vec<u32>) {
    let blocks = plane_blocks(mesh, t);
    for (i, q) in pts.iter().enumerate() {
        let mut most = [f64::NEG_INFINITY; LANES];
        for b in &blocks {
            for (l, most) in most.iter_mut().enumerate() {
                let h = b.normal[0][l] * q.x + b.normal[1][l] * q.y + b.normal[2][l] * q.z
                    - b.offset[l];
                let over = h - b.threshold[l];
                *most = if over > *most { over } else { *most };
            }
        }
        if most.iter().any(|&m| m >= 0.0) {
            out.push(i as u32);
        }
    }
}

/// The live faces of `mesh` in blocks, the last padded with planes nothing passes.
fn plane_blocks(mesh: &Mesh, t: f64) -> Vec<PlaneBlock> {
    let padding = PlaneBlock {
        normal: [[0.0; LANES]; 3],
        offset: [0.0; LANES],
        threshold: [f64::INFINITY; LANES],
    };
    let live: Vec<usize> = (0..mesh.faces.len())
        .filter(|&f| mesh.topo[f].state == ALIVE)
        .collect();
    live.chunks(LANES)
        .map(|chunk| {
            let mut block = padding;
            for (l, &f) in chunk.iter().enumerate() {
                let face = &mesh.faces[f];
                for axis in 0..3 {
                    block.normal[axis][l] = face.normal[axis];
                }
                block.offset[l] = face.offset;
                block.threshold[l] = t - 3.0 * f64::from(face.err);
            }
            block
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quickhull::Builder;
    use crate::tolerance::{Bounds, Scale};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every point that `height_above` finds more than `ε` above some live face of a
    /// finished thin hull is a candidate: on slabs and slivers 1e-9 to 1e-14 thick, at
    /// scales 1e-6 to 1e6, probed with points on and within a few `ε` of every face plane
    /// (the band where the float filter and the exact test must agree).
    #[test]
    fn filter_keeps_every_point_above_a_face() {
        let mut above = 0;
        for seed in 0..200u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let thin = [1e-9, 1e-12, 1e-14][seed as usize % 3];
            let scale = [1e-6, 1.0, 1e6][(seed / 3) as usize % 3];
            let sliver = seed % 2 == 0;
            let cloud: Vec<Point3<f64>> = (0..300)
                .map(|_| {
                    let y = rng.random_range(-1.0..1.0) * if sliver { 1e-3 } else { 1.0 };
                    let z = rng.random_range(-thin..thin);
                    Point3::new(rng.random_range(-1.0..1.0), y, z) * scale
                })
                .collect();
            let bounds = Bounds::scan(&cloud).expect("finite");
            let s = Scale::of(&bounds);
            let Ok(mut builder) = Builder::new(&cloud, &bounds, s) else {
                continue;
            };
            builder.run().expect("hull");
            let (mesh, vertex_positions) = (&builder.mesh, &builder.vertex_positions);
            // Probes: each face's centroid moved along its normal by −4ε to +4ε.
            let mut probes = Vec::new();
            for f in (0..mesh.faces.len()).filter(|&f| mesh.topo[f].state == ALIVE) {
                let [a, b, c] = mesh.topo[f]
                    .verts
                    .map(|i| vertex_positions[i as usize].coords);
                let centre = (a + b + c) / 3.0;
                let offset = rng.random_range(-4.0..4.0) * s.eps;
                probes.push(Point3::from(centre + mesh.faces[f].normal * offset));
            }
            let mut kept = Vec::new();
            candidates(mesh, &probes, s.eps, &mut kept);
            for (i, q) in probes.iter().enumerate() {
                let is_above = (0..mesh.faces.len() as u32)
                    .filter(|&f| mesh.topo[f as usize].state == ALIVE)
                    .any(|f| mesh.height_above(vertex_positions, f, q, s.eps, &s).0);
                if is_above {
                    above += 1;
                    assert!(kept.contains(&(i as u32)), "seed {seed}: probe {i} dropped");
                }
            }
        }
        // The probes do reach above the faces (the test is not vacuous).
        assert!(above > 1000, "only {above} probes above a face");
    }
}
