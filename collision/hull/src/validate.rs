//! The expensive consistency check behind [`crate::Hull::validate`].
//!
//! Checks, in order (the first failure is returned):
//! 1. finite vertices and planes, in-range indices, faces of ≥ 3 vertices;
//! 2. every vertex is an input point (bitwise);
//! 3. every directed triangle edge is used once and its reverse once;
//! 4. Euler: `V − E + F = 2` for the triangles and for the faces;
//! 5. positive enclosed volume (outward orientation);
//! 6. unit normals, and each face's vertices on its plane within `2ε`;
//! 7. convexity: no vertex of a neighbouring face above a face by more
//!    than `ε`;
//! 8. vertex adjacency equals the face edges;
//! 9. every input point at most `2ε` above every face plane (`O(n·F)`).
//!
//! The slack `2ε` is the tolerance `ε` (points that close count as "on") plus
//! the worst rounding of a height in `f64`, which is below `¾ε`.

use crate::{Hull, HullDefect};
use nalgebra::Point3;

/// Runs every check on `hull` against its input `input`.
pub(crate) fn validate(hull: &Hull, input: &[Point3<f64>]) -> Result<(), HullDefect> {
    let eps = hull.tolerance();
    let nv = hull.vertices().len();
    for (i, p) in hull.vertices().iter().enumerate() {
        if !p.coords.iter().all(|x| x.is_finite()) {
            return Err(HullDefect::NonFinite { index: i });
        }
    }
    for (i, pl) in hull.planes().iter().enumerate() {
        if !pl.normal.iter().all(|x| x.is_finite()) || !pl.offset.is_finite() {
            return Err(HullDefect::NonFinite { index: i });
        }
    }
    for (i, t) in hull.triangles().iter().enumerate() {
        if t.iter().any(|&v| v as usize >= nv) {
            return Err(HullDefect::Malformed { index: i });
        }
    }
    if hull.planes().len() != hull.face_count() {
        return Err(HullDefect::Malformed { index: hull.face_count() });
    }
    for (i, f) in hull.faces().enumerate() {
        if f.len() < 3 || f.iter().any(|&v| v as usize >= nv) {
            return Err(HullDefect::Malformed { index: i });
        }
    }
    // 2. Vertices are input points.
    let key = |p: &Point3<f64>| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
    let mut keys: Vec<[u64; 3]> = input.iter().map(key).collect();
    keys.sort_unstable();
    for (i, p) in hull.vertices().iter().enumerate() {
        if keys.binary_search(&key(p)).is_err() {
            return Err(HullDefect::ForeignVertex { vertex: i });
        }
    }
    drop(keys);
    // 3. Edge pairing of the triangles.
    let tri_edges = directed_edges(hull.triangles().iter().map(|t| &t[..]));
    check_pairing(&tri_edges)?;
    // 4. Euler for triangles and faces.
    let euler = |e: usize, f: usize| {
        if nv + f == e + 2 {
            Ok(())
        } else {
            Err(HullDefect::Euler { v: nv, e, f })
        }
    };
    euler(tri_edges.len() / 2, hull.triangles().len())?;
    let face_edges = directed_edges(hull.faces());
    check_pairing(&face_edges)?;
    euler(face_edges.len() / 2, hull.face_count())?;
    // 5. Orientation.
    if !(hull.volume() > 0.0) {
        return Err(HullDefect::NotOutward { volume: hull.volume() });
    }
    // 6. Planes.
    let height = |f: usize, p: &Point3<f64>| {
        let pl = &hull.planes()[f];
        pl.normal.dot(&p.coords) - pl.offset
    };
    for (f, face) in hull.faces().enumerate() {
        let length = hull.planes()[f].normal.norm();
        if (length - 1.0).abs() > 1e-9 {
            return Err(HullDefect::NonUnitNormal { face: f, length });
        }
        for &v in face {
            let distance = height(f, &hull.vertices()[v as usize]);
            if distance.abs() > 2.0 * eps {
                return Err(HullDefect::OffPlane { face: f, vertex: v, distance });
            }
        }
    }
    // 7. Convexity at every face edge: `face_edges` sorted, with the face.
    for (f, face) in hull.faces().enumerate() {
        for i in 0..face.len() {
            let (u, v) = (face[i], face[(i + 1) % face.len()]);
            let j = face_edges.partition_point(|e| (e.0, e.1) < (v, u));
            let neighbor = face_edges[j].2 as usize;
            for &w in hull.face(neighbor) {
                let distance = height(f, &hull.vertices()[w as usize]);
                if distance > eps {
                    return Err(HullDefect::Concave { face: f, neighbor, distance });
                }
            }
        }
    }
    // 8. Adjacency.
    for vertex in 0..nv {
        let lo = face_edges.partition_point(|e| e.0 < vertex as u32);
        let hi = face_edges.partition_point(|e| e.0 <= vertex as u32);
        let mut expect: Vec<u32> = face_edges[lo..hi].iter().map(|e| e.1).collect();
        let mut got = hull.vertex_neighbors(vertex).to_vec();
        expect.sort_unstable();
        got.sort_unstable();
        if expect != got {
            return Err(HullDefect::Adjacency { vertex });
        }
    }
    // 9. Containment.
    for (index, p) in input.iter().enumerate() {
        for face in 0..hull.face_count() {
            let distance = height(face, p);
            if distance > 2.0 * eps {
                return Err(HullDefect::PointOutside { index, face, distance });
            }
        }
    }
    Ok(())
}

/// Sorted directed edges `(from, to, polygon index)` of the polygons.
fn directed_edges<'a>(polygons: impl Iterator<Item = &'a [u32]>) -> Vec<(u32, u32, u32)> {
    let mut edges = Vec::new();
    for (f, poly) in polygons.enumerate() {
        for i in 0..poly.len() {
            edges.push((poly[i], poly[(i + 1) % poly.len()], f as u32));
        }
    }
    edges.sort_unstable();
    edges
}

/// Every directed edge once, and its reverse present.
fn check_pairing(edges: &[(u32, u32, u32)]) -> Result<(), HullDefect> {
    for (i, &(from, to, _)) in edges.iter().enumerate() {
        let duplicate = i + 1 < edges.len() && (edges[i + 1].0, edges[i + 1].1) == (from, to);
        let j = edges.partition_point(|e| (e.0, e.1) < (to, from));
        let reversed = j < edges.len() && (edges[j].0, edges[j].1) == (to, from);
        if duplicate || !reversed || from == to {
            return Err(HullDefect::UnpairedEdge { from, to });
        }
    }
    Ok(())
}
