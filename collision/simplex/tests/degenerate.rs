//! Degenerate simplices with closed-form answers, and the checked entry point.

use collision_simplex::{
    Projection, SimplexError, project_origin, project_segment, project_tetrahedron,
    project_triangle, try_project_origin,
};
use nalgebra::Point3;

fn p(x: f64, y: f64, z: f64) -> Point3<f64> {
    Point3::new(x, y, z)
}

/// Weights are non-negative, sum to one, vanish outside the support and reproduce the
/// point to `tolerance`.
fn assert_consistent(points: &[Point3<f64>], q: &Projection, tolerance: f64) {
    let mut sum = 0.0;
    let mut x = nalgebra::Vector3::zeros();
    for (i, &w) in q.weights.iter().enumerate() {
        assert!(w >= 0.0 && (q.supports(i) || w == 0.0), "{q:?}");
        if w > 0.0 {
            x += points[i].coords * w;
        }
        sum += w;
    }
    assert!((sum - 1.0).abs() <= 1e-15, "{q:?}");
    assert!((x - q.point.coords).norm() <= tolerance, "{q:?} vs {x:?}");
}

#[test]
fn repeated_points_are_a_single_vertex() {
    let a = p(1.0, 2.0, 3.0);
    let q = project_tetrahedron(&a, &a, &a, &a);
    assert_eq!(
        (q.point, q.weights, q.support),
        (a, [1.0, 0.0, 0.0, 0.0], 0b1)
    );
    let q = project_triangle(&a, &a, &a);
    assert_eq!((q.point, q.support), (a, 0b1));
    let q = project_segment(&a, &a);
    assert_eq!((q.point, q.support), (a, 0b1));
}

#[test]
fn repeated_pair_in_a_triangle_is_its_segment() {
    // Triangle (a, b, b): the segment from (-1, 0, 1) to (3, 0, 1); foot (0, 0, 1) at 1/4.
    let (a, b) = (p(-1.0, 0.0, 1.0), p(3.0, 0.0, 1.0));
    let q = project_triangle(&a, &b, &b);
    assert_eq!(q.point, p(0.0, 0.0, 1.0));
    assert_eq!(q.weights[0], 0.75);
    assert_eq!(q.weights[1] + q.weights[2], 0.25);
    assert_consistent(&[a, b, b], &q, 1e-15);
}

#[test]
fn collinear_triangle_projects_onto_its_hull_segment() {
    let pts = [p(-1.0, 0.0, 1.0), p(1.0, 0.0, 1.0), p(3.0, 0.0, 1.0)];
    let q = project_triangle(&pts[0], &pts[1], &pts[2]);
    assert_eq!(q.point, p(0.0, 0.0, 1.0));
    assert_eq!(q.support_len(), 2);
    assert!(q.supports(0), "the foot is between vertex 0 and another");
    assert_consistent(&pts, &q, 1e-15);
}

#[test]
fn flat_tetrahedron_projects_onto_its_plane() {
    // A square at z = 1: the closest point is its centre, on the face of either diagonal.
    let pts = [
        p(-1.0, -1.0, 1.0),
        p(1.0, -1.0, 1.0),
        p(1.0, 1.0, 1.0),
        p(-1.0, 1.0, 1.0),
    ];
    let q = project_tetrahedron(&pts[0], &pts[1], &pts[2], &pts[3]);
    assert_eq!(q.point, p(0.0, 0.0, 1.0));
    assert_consistent(&pts, &q, 1e-15);
    // The same square through the origin: distance zero.
    let flat = pts.map(|x| p(x.x + 0.25, x.y, 0.0));
    let q = project_tetrahedron(&flat[0], &flat[1], &flat[2], &flat[3]);
    assert_eq!(q.distance(), 0.0);
    assert_consistent(&flat, &q, 1e-15);
}

#[test]
fn points_1e_12_apart_keep_full_relative_accuracy() {
    // A triangle of size 1e-12 in the plane z = 1 around the foot (0, 0, 1).
    let s = 1e-12;
    let pts = [p(-s, -s, 1.0), p(3.0 * s, -s, 1.0), p(-s, 3.0 * s, 1.0)];
    let q = project_triangle(&pts[0], &pts[1], &pts[2]);
    assert!((q.point - p(0.0, 0.0, 1.0)).norm() <= 1e-15 * s, "{q:?}");
    // Barycentric coordinates of (0, 0) in that right triangle: (1/2, 1/4, 1/4).
    for (w, expected) in q.weights.iter().zip([0.5, 0.25, 0.25]) {
        assert!((w - expected).abs() <= 1e-15, "{q:?}");
    }
    assert_eq!(q.support, 0b111);
}

#[test]
fn coordinates_of_1e8_with_extents_of_1e_3() {
    let (h, s) = (1e8, 1e-3);
    let pts = [
        p(-s, -s, h),
        p(3.0 * s, -s, h),
        p(-s, 3.0 * s, h),
        p(0.0, 0.0, h + s),
    ];
    let q = project_tetrahedron(&pts[0], &pts[1], &pts[2], &pts[3]);
    assert!((q.point - p(0.0, 0.0, h)).norm() <= 1e-15 * s, "{q:?}");
    for (w, expected) in q.weights.iter().zip([0.5, 0.25, 0.25, 0.0]) {
        assert!((w - expected).abs() <= 1e-12, "{q:?}");
    }
    assert_eq!(q.support, 0b0111);
}

#[test]
fn checked_entry_point_reports_bad_input() {
    let a = p(1.0, 0.0, 0.0);
    assert_eq!(try_project_origin(&[]), Err(SimplexError::Empty));
    assert_eq!(
        try_project_origin(&[a; 5]),
        Err(SimplexError::TooManyPoints(5))
    );
    let nan = p(0.0, f64::NAN, 0.0);
    assert_eq!(
        try_project_origin(&[a, a, nan]),
        Err(SimplexError::NonFinite { index: 2 })
    );
    let inf = p(f64::INFINITY, 0.0, 0.0);
    assert_eq!(
        try_project_origin(&[inf]),
        Err(SimplexError::NonFinite { index: 0 })
    );
    assert_eq!(project_origin(&[]), None);
    assert_eq!(
        SimplexError::NonFinite { index: 2 }.to_string(),
        "point 2 has a non-finite coordinate (NaN or infinity)"
    );
}

#[test]
fn checked_entry_point_rescales_extreme_magnitudes() {
    let pts = [
        p(1.0, 2.0, 0.5),
        p(-2.0, 1.0, 0.25),
        p(0.5, -3.0, 0.75),
        p(0.0, 0.0, 2.0),
    ];
    let base = project_origin(&pts).unwrap();
    assert!(base.support_len() >= 2, "{base:?}");
    // 2^900: the kernels alone would overflow; 2^-1000: they would underflow.
    for exponent in [900, -1000] {
        let s = 2f64.powi(exponent);
        let scaled = pts.map(|x| x * s);
        let q = try_project_origin(&scaled).unwrap();
        assert_eq!(q.support, base.support);
        assert_eq!(q.weights, base.weights);
        assert!(
            (q.point.coords / s - base.point.coords).norm() <= 1e-15 * base.distance(),
            "2^{exponent}: {q:?} vs {base:?}"
        );
    }
    // Subnormal coordinates are scaled up exactly.
    let tiny = [p(5e-324, 0.0, 1e-320), p(-5e-324, 0.0, 1e-320)];
    let q = try_project_origin(&tiny).unwrap();
    assert_eq!(q.point, p(0.0, 0.0, 1e-320));
    assert_eq!(q.weights[..2], [0.5, 0.5]);
}
