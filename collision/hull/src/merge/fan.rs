//! Fan diagonals that clash: merged faces whose triangulation would reuse an edge.
//!
//! [`crate::Hull::triangles`] fans each face from its first vertex, adding the
//! diagonals `f₀–fⱼ`. The triangles pair every edge exactly when no diagonal is also
//! another face's edge or diagonal: face edges already pair up (each is the boundary
//! between two regions of the quickhull mesh).
//!
//! On an exact convex polytope two faces meet in at most one edge, so no diagonal can
//! clash. Merging within `ε` can break that where the hull is only a few `ε` wide: on a
//! needle from two clusters 1e-13 wide and 1.6 apart (found by the hull
//! fuzzer), two merged faces both held the two clusters' vertices `0` and `4`, not
//! adjacent in either loop, so both fans used the diagonal `0–4` and the triangles
//! reused it. Such faces are split back into their quickhull triangles, which pair
//! exactly.

use super::Faces;
use crate::HullError;
use crate::error::{filled, room};

/// The seeds (mesh face slots) of the faces whose fan diagonals clash with another
/// face's edge or diagonal; empty when the triangulation is consistent.
///
/// # Errors
/// [`HullError::OutOfMemory`] (for a build of `count` points) when its lists do not
/// fit in memory.
pub(crate) fn clashing_faces(faces: &Faces, count: usize) -> Result<Vec<u32>, HullError> {
    let face = |i: usize| &faces.loops[faces.offsets[i] as usize..faces.offsets[i + 1] as usize];
    let key = |u: u32, v: u32| if u < v { (u, v) } else { (v, u) };
    // (edge, face) for every diagonal: a face of `k` vertices has `k − 3`.
    let diagonal_count = (0..faces.seeds.len())
        .map(|i| face(i).len().saturating_sub(3))
        .sum();
    let mut diagonals: Vec<((u32, u32), u32)> = room(diagonal_count, count)?;
    for i in 0..faces.seeds.len() {
        let f = face(i);
        for &v in f.iter().take(f.len().saturating_sub(1)).skip(2) {
            diagonals.push((key(f[0], v), i as u32));
        }
    }
    if diagonals.is_empty() {
        return Ok(Vec::new());
    }
    diagonals.sort_unstable();
    // Bit `v % 64` for each vertex `v` that ends a diagonal: an edge whose ends are not
    // both marked is no diagonal, and skips the search (most edges, on small hulls).
    let ends = diagonals
        .iter()
        .fold(0u64, |m, &((u, v), _)| m | bit(u) | bit(v));
    let mut clashing = filled(faces.seeds.len(), false, count)?;
    for w in diagonals.windows(2) {
        if w[0].0 == w[1].0 {
            clashing[w[0].1 as usize] = true;
            clashing[w[1].1 as usize] = true;
        }
    }
    for i in 0..faces.seeds.len() {
        let f = face(i);
        for (k, &u) in f.iter().enumerate() {
            let e = key(u, f[(k + 1) % f.len()]);
            if ends & bit(e.0) == 0 || ends & bit(e.1) == 0 {
                continue;
            }
            let first = diagonals.partition_point(|d| d.0 < e);
            for d in diagonals[first..].iter().take_while(|d| d.0 == e) {
                clashing[d.1 as usize] = true;
            }
        }
    }
    let mut seeds = room(clashing.iter().filter(|&&c| c).count(), count)?;
    seeds.extend(
        (0..faces.seeds.len())
            .filter(|&i| clashing[i])
            .map(|i| faces.seeds[i]),
    );
    Ok(seeds)
}

/// Vertex `v`'s bit in a 64-bit filter of vertices (`v % 64`: vertices 64 apart share it).
fn bit(v: u32) -> u64 {
    1 << (v % 64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn faces(polygons: &[&[u32]]) -> Faces {
        let mut f = Faces {
            loops: Vec::new(),
            offsets: vec![0],
            seeds: Vec::new(),
            merged: true,
        };
        for (i, p) in polygons.iter().enumerate() {
            f.loops.extend_from_slice(p);
            f.offsets.push(f.loops.len() as u32);
            f.seeds.push(10 * i as u32);
        }
        f
    }

    #[test]
    fn a_cube_of_quads_has_no_clash() {
        // Outward quads of the cube with corners 0..8 = (x, y, z) bits.
        let cube = faces(&[
            &[0, 2, 3, 1],
            &[4, 5, 7, 6],
            &[0, 1, 5, 4],
            &[2, 6, 7, 3],
            &[0, 4, 6, 2],
            &[1, 3, 7, 5],
        ]);
        assert!(clashing_faces(&cube, 0).unwrap().is_empty());
    }

    #[test]
    fn a_shared_diagonal_splits_both_faces() {
        // The needle of two clusters: both pentagon and hexagon hold 0 and 4 apart.
        let f = faces(&[&[0, 1, 2, 3, 4, 5], &[4, 9, 10, 0, 11], &[11, 5, 4]]);
        assert_eq!(clashing_faces(&f, 0).unwrap(), vec![0, 10]);
    }

    #[test]
    fn a_diagonal_that_is_another_face_edge_splits_its_face() {
        // Quad 0 1 2 3 fans through 0–2, an edge of the triangle 2 0 4.
        let f = faces(&[&[0, 1, 2, 3], &[2, 0, 4]]);
        assert_eq!(clashing_faces(&f, 0).unwrap(), vec![0]);
        // The same with vertices 64 apart sharing the filter's bits: 66 and 2 share
        // one, so the edge 66–0 is searched for and found to be no diagonal.
        let f = faces(&[&[0, 1, 2, 3], &[2, 0, 4], &[66, 0, 2]]);
        assert_eq!(clashing_faces(&f, 0).unwrap(), vec![0]);
        let f = faces(&[&[64, 65, 66, 67], &[66, 64, 68], &[0, 66, 2]]);
        assert_eq!(clashing_faces(&f, 0).unwrap(), vec![0]);
    }

    /// Against the plain rule on seeded random face lists (vertex labels up to 200, so
    /// the filter's bits are shared): a face clashes when one of its diagonals is
    /// another face's diagonal or any face's edge.
    #[test]
    fn clashes_match_the_plain_rule() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2_000 {
            let polygons: Vec<Vec<u32>> = (0..rng.random_range(1..12))
                .map(|_| {
                    let n = rng.random_range(3..8);
                    let mut p: Vec<u32> = Vec::new();
                    while p.len() < n {
                        let v = rng.random_range(0..200u32) % rng.random_range(6..200u32);
                        if !p.contains(&v) {
                            p.push(v);
                        }
                    }
                    p
                })
                .collect();
            let refs: Vec<&[u32]> = polygons.iter().map(Vec::as_slice).collect();
            let key = |u: u32, v: u32| (u.min(v), u.max(v));
            let diagonals = |p: &[u32]| -> Vec<(u32, u32)> {
                p[2..p.len() - 1].iter().map(|&v| key(p[0], v)).collect()
            };
            let edges = |p: &[u32]| -> Vec<(u32, u32)> {
                (0..p.len())
                    .map(|k| key(p[k], p[(k + 1) % p.len()]))
                    .collect()
            };
            let want: Vec<u32> = (0..polygons.len())
                .filter(|&i| {
                    diagonals(&polygons[i]).iter().any(|d| {
                        polygons.iter().enumerate().any(|(j, q)| {
                            edges(q).contains(d) || (j != i && diagonals(q).contains(d))
                        })
                    })
                })
                .map(|i| 10 * i as u32)
                .collect();
            assert_eq!(
                clashing_faces(&faces(&refs), 0).unwrap(),
                want,
                "{polygons:?}"
            );
        }
    }
}
