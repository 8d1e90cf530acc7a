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
        return Err(HullDefect::Malformed {
            index: hull.face_count(),
        });
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
    // 5. Orientation, in rescaled units so that the sign survives
    //    coordinates near 1e±300.
    let factor = crate::tolerance::rescale_factor(hull.vertices()).unwrap_or(1.0);
    let scaled: Vec<Point3<f64>> = hull.vertices().iter().map(|p| p * factor).collect();
    let volume = crate::properties::mass_properties(&scaled, hull.triangles()).volume;
    if volume.is_nan() || volume <= 0.0 {
        return Err(HullDefect::NotOutward { volume });
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
                return Err(HullDefect::OffPlane {
                    face: f,
                    vertex: v,
                    distance,
                });
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
                    return Err(HullDefect::Concave {
                        face: f,
                        neighbor,
                        distance,
                    });
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
                return Err(HullDefect::PointOutside {
                    index,
                    face,
                    distance,
                });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Plane;
    use nalgebra::Vector3;
    use test_support::clouds::cube;

    fn hull() -> (Hull, Vec<Point3<f64>>) {
        let pts = cube();
        let hull = Hull::build(&pts).unwrap();
        assert_eq!(hull.validate(&pts), Ok(()));
        (hull, pts)
    }

    #[test]
    fn catches_a_point_outside() {
        let (hull, mut pts) = hull();
        pts.push(Point3::new(0.5, 0.5, 1.0 + 1e-9));
        assert!(matches!(
            hull.validate(&pts),
            Err(HullDefect::PointOutside { index: 8, distance, .. }) if (distance - 1e-9).abs() < 1e-12
        ));
        // Within 2ε is "on".
        let eps = hull.tolerance();
        pts[8].z = 1.0 + eps;
        assert_eq!(hull.validate(&pts), Ok(()));
    }

    #[test]
    fn catches_a_flipped_triangle() {
        let (mut hull, pts) = hull();
        hull.triangles[3].swap(0, 1);
        assert!(matches!(
            hull.validate(&pts),
            Err(HullDefect::UnpairedEdge { .. })
        ));
    }

    #[test]
    fn catches_inside_out_orientation() {
        let (mut hull, pts) = hull();
        for t in &mut hull.triangles {
            t.swap(0, 1);
        }
        assert!(matches!(
            hull.validate(&pts),
            Err(HullDefect::NotOutward { .. })
        ));
    }

    #[test]
    fn catches_a_foreign_vertex_and_bad_index() {
        let (mut hull, pts) = hull();
        hull.vertices[2].x += 1e-3;
        assert_eq!(
            hull.validate(&pts),
            Err(HullDefect::ForeignVertex { vertex: 2 })
        );
        let (mut hull, pts) = self::hull();
        hull.triangles[0][1] = 99;
        assert_eq!(hull.validate(&pts), Err(HullDefect::Malformed { index: 0 }));
        let (mut hull, pts) = self::hull();
        hull.vertices[0].y = f64::NAN;
        assert_eq!(hull.validate(&pts), Err(HullDefect::NonFinite { index: 0 }));
    }

    #[test]
    fn catches_a_concave_edge() {
        // A "cube" whose top corner (1,1,1) is pushed in: still a closed,
        // outward surface with the right Euler characteristic, but concave.
        let (mut hull, _) = hull();
        let top = hull
            .vertices
            .iter()
            .position(|p| *p == Point3::new(1.0, 1.0, 1.0))
            .unwrap();
        hull.vertices[top] = Point3::new(0.5, 0.5, 0.5);
        let input = hull.vertices.clone();
        let defect = hull.validate(&input).unwrap_err();
        assert!(
            matches!(
                defect,
                HullDefect::OffPlane { .. } | HullDefect::Concave { .. }
            ),
            "{defect}"
        );
    }

    #[test]
    fn catches_a_wrong_plane_and_bad_adjacency() {
        let (mut hull, pts) = hull();
        hull.planes[0] = Plane {
            normal: Vector3::new(0.0, 0.0, 2.0),
            offset: 2.0,
        };
        assert!(matches!(
            hull.validate(&pts),
            Err(HullDefect::NonUnitNormal { face: 0, .. })
        ));
        let (mut hull, pts) = self::hull();
        let bad = hull.neighbors[0];
        hull.neighbors[0] = (bad + 1) % 8;
        assert!(matches!(
            hull.validate(&pts),
            Err(HullDefect::Adjacency { .. })
        ));
    }

    #[test]
    fn catches_wrong_euler_characteristic() {
        // Two disjoint tetrahedra: every edge pairs up, but V − E + F = 4.
        let pts: Vec<Point3<f64>> = [
            [0.0, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [0.0, 0.0, 1.0],
        ]
        .iter()
        .map(|c| Point3::from(Vector3::from(*c)))
        .collect();
        let a = Hull::build(&pts).unwrap();
        let shifted: Vec<Point3<f64>> = pts
            .iter()
            .map(|p| p + Vector3::new(5.0, 0.0, 0.0))
            .collect();
        let mut both = a.clone();
        both.vertices.extend(shifted.iter());
        both.triangles
            .extend(a.triangles.iter().map(|t| t.map(|v| v + 4)));
        let mut input = pts.clone();
        input.extend(shifted);
        assert!(matches!(
            both.validate(&input),
            Err(HullDefect::Euler { v: 8, e: 12, f: 8 })
        ));
    }
}
