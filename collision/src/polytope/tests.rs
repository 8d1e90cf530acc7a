//! The polytope's bookkeeping against brute force: the closest-face scan, expansions of
//! random point clouds (mesh invariants after every step, final depth against an exact
//! convex hull), and horizons that are not one simple cycle.

use super::{Index, MAX_FACES, Polytope, PolytopeError};
use crate::cso::SimplexVertex;
use nalgebra::{Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn vertex(p: Point3<f64>) -> SimplexVertex {
    SimplexVertex::new(p, Point3::origin(), 0, 0)
}

/// The first slot with the smallest finite distance, by a plain loop.
fn plain_closest(distances: &[f64]) -> Option<Index> {
    let mut best: Option<usize> = None;
    for (i, &d) in distances.iter().enumerate() {
        if d < f64::INFINITY && best.is_none_or(|b| d < distances[b]) {
            best = Some(i);
        }
    }
    best.map(|i| i as Index)
}

#[test]
fn closest_face_is_the_first_smallest_distance() {
    let mut r = ChaCha8Rng::seed_from_u64(1);
    let mut p = Polytope::default();
    for case in 0..5000 {
        let n = r.random_range(0..=MAX_FACES);
        p.face_count = n;
        // Few distinct values, so ties are common; some slots dead (+∞).
        for d in &mut p.distances[..n] {
            *d = match r.random_range(0..4) {
                0 => f64::INFINITY,
                _ => f64::from(r.random_range(-3..20_i32)) * 0.25,
            };
        }
        assert_eq!(
            p.closest_face(),
            plain_closest(&p.distances[..n]),
            "case {case}, {n} faces"
        );
    }
}

/// EPA's expansion on a point cloud around the origin, with the support found by brute
/// force: after every step the mesh is closed and consistent, its faces' unit normals
/// are unit and their distance keys match, every vertex lies below every face, and the fan holds the
/// new vertex. At the end the depth equals the exact hull's nearest face plane.
#[test]
fn random_expansions_keep_the_mesh_consistent_and_reach_the_hull_depth() {
    let mut r = ChaCha8Rng::seed_from_u64(2);
    let mut steps = 0;
    for case in 0..400 {
        let scale = [1e-6, 1.0, 1e6][case % 3];
        let n = r.random_range(8..200);
        let cloud: Vec<Point3<f64>> = (0..n)
            .map(|_| {
                let v = Vector3::new(
                    r.random_range(-1.0..1.0),
                    r.random_range(-1.0..1.0),
                    r.random_range(-1.0..1.0),
                );
                Point3::from(v * scale)
            })
            .chain([
                // A tetrahedron around the origin keeps the origin inside the hull.
                Point3::new(1.0, 1.0, 1.0) * scale,
                Point3::new(1.0, -1.0, -1.0) * scale,
                Point3::new(-1.0, 1.0, -1.0) * scale,
                Point3::new(-1.0, -1.0, 1.0) * scale,
            ])
            .collect();
        let support = |d: &Vector3<f64>| {
            *cloud
                .iter()
                .max_by(|a, b| d.dot(&a.coords).total_cmp(&d.dot(&b.coords)))
                .unwrap_or(&cloud[0])
        };
        let seed = [n, n + 1, n + 2, n + 3].map(|i| vertex(cloud[i]));
        let mut p = Polytope::default();
        p.set_tetrahedron(&seed).unwrap();
        let tolerance = if case % 2 == 0 {
            0.0
        } else {
            64.0 * f64::EPSILON * scale
        };
        let depth = loop {
            let f = p.closest_face().unwrap();
            let (normal, distance) = p.face(f).plane();
            let w = support(p.face(f).direction());
            if normal.dot(&w.coords) - distance <= 1e-12 * scale {
                break distance;
            }
            let i = p.push_vertex(vertex(w)).unwrap();
            p.carve(f, i, tolerance).unwrap();
            p.fill(i).unwrap();
            steps += 1;
            assert!(p.is_consistent(), "case {case}: mesh broken");
            for (slot, g) in p.faces() {
                let (normal, distance) = g.plane();
                assert!((normal.norm() - 1.0).abs() < 1e-12, "case {case}");
                // The key is d |d|, within rounding.
                let key = p.distances[slot as usize];
                let exact = distance * distance.abs();
                assert!((key - exact).abs() <= 1e-12 * scale * scale, "case {case}");
                for v in p.vertices() {
                    assert!(normal.dot(&v.w.coords) <= distance + 1e-9 * scale);
                }
            }
            let fan = p.faces().filter(|(_, g)| g.vertices[2] == i).count();
            assert_eq!(
                fan,
                p.horizon().count(),
                "case {case}: one new face per edge"
            );
        };
        let hull = crate::hull::Hull::build(&cloud).unwrap();
        let exact = hull
            .planes()
            .iter()
            .map(|pl| pl.offset)
            .fold(f64::INFINITY, f64::min);
        assert!(
            (depth - exact).abs() <= 1e-9 * scale,
            "case {case}: {depth} vs {exact}"
        );
    }
    assert!(steps > 2000, "{steps} expansions");
}

/// The regular tetrahedron of alternate corners of the cube `[-1, 1]³`, around the origin.
fn regular_tetrahedron() -> Polytope {
    let seed = [
        Point3::new(1.0, 1.0, 1.0),
        Point3::new(1.0, -1.0, -1.0),
        Point3::new(-1.0, 1.0, -1.0),
        Point3::new(-1.0, -1.0, 1.0),
    ]
    .map(vertex);
    let mut p = Polytope::default();
    p.set_tetrahedron(&seed).unwrap();
    p
}

/// A tetrahedron around the origin, a vertex above face `f` and the carve from it.
fn carved() -> (Polytope, Index) {
    let mut p = regular_tetrahedron();
    let f = p.closest_face().unwrap();
    let w = Point3::from(p.face(f).normal() * 5.0);
    let i = p.push_vertex(vertex(w)).unwrap();
    p.carve(f, i, 0.0).unwrap();
    (p, i)
}

#[test]
fn horizons_that_are_not_one_simple_cycle_are_rejected() {
    // The carve sees one face: three horizon edges in tour order.
    let (mut p, i) = carved();
    assert_eq!(p.horizon_count, 3);
    let mut ok = p.clone();
    assert_eq!(ok.fill(i), Ok(()));
    assert!(ok.is_consistent());
    // Out of order: edge 1 no longer starts where edge 0 ends.
    p.horizon.swap(1, 2);
    assert_eq!(p.fill(i), Err(PolytopeError::Degenerate));
    // Too short to close.
    let (mut p, i) = carved();
    p.horizon_count = 2;
    assert_eq!(p.fill(i), Err(PolytopeError::Degenerate));
    // A vertex met twice (pinched): repeat the cycle, which still chains.
    let (mut p, i) = carved();
    for k in 0..3 {
        p.horizon[k + 3] = p.horizon[k];
    }
    p.horizon_count = 6;
    assert_eq!(p.fill(i), Err(PolytopeError::Degenerate));
}

/// A slot that never held a face has no plane: zeros, not NaN. A made face's unit plane
/// matches the triangle's (the regular tetrahedron's faces lie 1/√3 from its centre).
#[test]
fn face_planes_are_unit_or_zero_never_nan() {
    let p = Polytope::default();
    assert_eq!(p.face(0).plane(), (Vector3::zeros(), 0.0));
    let q = regular_tetrahedron();
    for (_, f) in q.faces() {
        let (n, d) = f.plane();
        assert!((n.norm() - 1.0).abs() < 1e-15);
        assert!((d - 1.0 / 3.0_f64.sqrt()).abs() < 1e-15, "{d}");
        assert!(n.dot(f.direction()) > 0.0);
    }
}

/// A face stays 48 bytes with 16-bit indices (its edge numbers are bytes): the
/// closest-face search and the carving walk touch as many cache lines as with 8-bit ones.
#[test]
fn a_face_is_48_bytes() {
    assert_eq!(std::mem::size_of::<super::Face>(), 48);
}
