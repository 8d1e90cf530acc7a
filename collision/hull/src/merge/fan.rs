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

/// The seeds (mesh face slots) of the faces whose fan diagonals clash with another
/// face's edge or diagonal; empty when the triangulation is consistent.
pub(crate) fn clashing_faces(faces: &Faces) -> Vec<u32> {
    let face = |i: usize| &faces.loops[faces.offsets[i] as usize..faces.offsets[i + 1] as usize];
    let key = |u: u32, v: u32| if u < v { (u, v) } else { (v, u) };
    // (edge, face) for every diagonal.
    let mut diagonals: Vec<((u32, u32), u32)> = Vec::new();
    for i in 0..faces.seeds.len() {
        let f = face(i);
        for &v in f.iter().take(f.len().saturating_sub(1)).skip(2) {
            diagonals.push((key(f[0], v), i as u32));
        }
    }
    if diagonals.is_empty() {
        return Vec::new();
    }
    diagonals.sort_unstable();
    let mut clashing = vec![false; faces.seeds.len()];
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
            let first = diagonals.partition_point(|d| d.0 < e);
            for d in diagonals[first..].iter().take_while(|d| d.0 == e) {
                clashing[d.1 as usize] = true;
            }
        }
    }
    (0..faces.seeds.len())
        .filter(|&i| clashing[i])
        .map(|i| faces.seeds[i])
        .collect()
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
        assert!(clashing_faces(&cube).is_empty());
    }

    #[test]
    fn a_shared_diagonal_splits_both_faces() {
        // The needle of two clusters: both pentagon and hexagon hold 0 and 4 apart.
        let f = faces(&[&[0, 1, 2, 3, 4, 5], &[4, 9, 10, 0, 11], &[11, 5, 4]]);
        assert_eq!(clashing_faces(&f), vec![0, 10]);
    }

    #[test]
    fn a_diagonal_that_is_another_face_edge_splits_its_face() {
        // Quad 0 1 2 3 fans through 0–2, an edge of the triangle 2 0 4.
        let f = faces(&[&[0, 1, 2, 3], &[2, 0, 4]]);
        assert_eq!(clashing_faces(&f), vec![0]);
    }
}
