//! The seed book's "diamond" (game-physics-the-next-week, chapter 6,
//! `FillDiamond`): 7 generator points, each rotated 8 times by 45° about `z`
//! (three of them first rotated by 22.5°), 56 points in all. The expected hull
//! is computed here independently by brute force: every supporting plane
//! through three input points, the 2D hull of the points on it (its corners
//! are the hull's vertices on that face) and the pyramid volumes over the
//! faces.

mod common;

use common::{assert_close, build_valid, face_sizes, vertex_indices};
use nalgebra::{Point3, Rotation3, Vector3};
use std::f64::consts::PI;

fn diamond() -> Vec<Point3<f64>> {
    let half = Rotation3::from_axis_angle(&Vector3::z_axis(), 2.0 * PI * 0.125 * 0.5);
    let mut generators = [
        Point3::new(0.1, 0.0, -1.0),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.1),
        Point3::new(0.4, 0.0, 0.4),
        Point3::new(0.8, 0.0, 0.3),
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(1.0, 0.0, 0.1),
    ];
    for p in &mut generators[4..] {
        *p = half * *p;
    }
    let mut out = Vec::new();
    for i in 0..8 {
        let rot = Rotation3::from_axis_angle(&Vector3::z_axis(), 2.0 * PI * 0.125 * f64::from(i));
        out.extend(generators.iter().map(|p| rot * p));
    }
    out
}

/// Brute-force hull: (corner indices sorted, face count, face sizes, volume).
fn brute_force(pts: &[Point3<f64>]) -> (Vec<usize>, usize, Vec<usize>, f64) {
    const TOL: f64 = 1e-9;
    let n = pts.len();
    let inner = pts.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / n as f64;
    let mut planes: Vec<(Vector3<f64>, f64)> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let nrm = (pts[j] - pts[i]).cross(&(pts[k] - pts[i]));
                if nrm.norm() < 1e-6 {
                    continue;
                }
                let mut nrm = nrm.normalize();
                let mut off = nrm.dot(&pts[i].coords);
                if nrm.dot(&inner) > off {
                    nrm = -nrm;
                    off = -off;
                }
                let supporting = pts.iter().all(|p| nrm.dot(&p.coords) <= off + TOL);
                let known = planes
                    .iter()
                    .any(|(m, o)| (m - nrm).norm() < 1e-7 && (o - off).abs() < 1e-7);
                if supporting && !known {
                    planes.push((nrm, off));
                }
            }
        }
    }
    let mut corners = Vec::new();
    let mut sizes = Vec::new();
    let mut volume = 0.0;
    for (nrm, off) in &planes {
        let on: Vec<usize> = (0..n)
            .filter(|&i| (nrm.dot(&pts[i].coords) - off).abs() <= TOL)
            .collect();
        // 2D coordinates in the plane; gift wrapping for the corners.
        let u = nrm
            .cross(&if nrm.x.abs() < 0.9 {
                Vector3::x()
            } else {
                Vector3::y()
            })
            .normalize();
        let w = nrm.cross(&u);
        let q: Vec<(f64, f64)> = on
            .iter()
            .map(|&i| (u.dot(&pts[i].coords), w.dot(&pts[i].coords)))
            .collect();
        let start = (0..q.len())
            .min_by(|&a, &b| q[a].partial_cmp(&q[b]).unwrap())
            .unwrap();
        let mut ring = vec![start];
        loop {
            let a = *ring.last().unwrap();
            let mut b = if a == 0 { 1 } else { 0 };
            for c in 0..q.len() {
                let cross =
                    (q[b].0 - q[a].0) * (q[c].1 - q[a].1) - (q[b].1 - q[a].1) * (q[c].0 - q[a].0);
                let farther = (q[c].0 - q[a].0).hypot(q[c].1 - q[a].1)
                    > (q[b].0 - q[a].0).hypot(q[b].1 - q[a].1);
                if c != a && (cross < -TOL || (cross.abs() <= TOL && farther)) {
                    b = c;
                }
            }
            if b == start {
                break;
            }
            ring.push(b);
        }
        let area: f64 = (0..ring.len())
            .map(|k| {
                let (a, b) = (q[ring[k]], q[ring[(k + 1) % ring.len()]]);
                a.0 * b.1 - a.1 * b.0
            })
            .sum::<f64>()
            .abs()
            / 2.0;
        volume += area * (off - nrm.dot(&inner)) / 3.0;
        sizes.push(ring.len());
        corners.extend(ring.iter().map(|&k| on[k]));
    }
    corners.sort_unstable();
    corners.dedup();
    sizes.sort_unstable();
    (corners, planes.len(), sizes, volume)
}

#[test]
fn diamond_matches_brute_force() {
    let pts = diamond();
    assert_eq!(pts.len(), 56);
    let hull = build_valid(&pts);
    let (corners, faces, sizes, volume) = brute_force(&pts);
    assert_eq!(vertex_indices(&hull, &pts), corners);
    assert_eq!(hull.face_count(), faces);
    assert_eq!(face_sizes(&hull), sizes);
    assert_close(hull.volume(), volume, 1e-12, "diamond volume");
    // The brute force itself: all 56 points are corners, and the faces are
    // the bottom octagon, the top octagon, 16 side quads of the r = 1 band,
    // and the triangles and quads of the two sloped crowns.
    assert_eq!(corners.len(), 56);
    assert_eq!(*sizes.last().unwrap(), 8);
}
