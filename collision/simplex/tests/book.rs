//! The five `TestSignedVolumeProjection` cases of the seed book (chapter 8, "Signed
//! Volumes"), with the weights and points it prints (`%.3f`) reproduced to that precision.

use collision_simplex::{Projection, project_tetrahedron};
use nalgebra::{Point3, Vector3};

/// The unit corner tetrahedron the book translates around.
const CORNER: [[f64; 3]; 4] = [
    [0.0, 0.0, 0.0],
    [1.0, 0.0, 0.0],
    [0.0, 1.0, 0.0],
    [0.0, 0.0, 1.0],
];

fn corner_moved_by(offset: [f64; 3]) -> [Point3<f64>; 4] {
    CORNER.map(|p| Point3::from(Vector3::from(p) + Vector3::from(offset)))
}

fn project(p: &[Point3<f64>; 4]) -> Projection {
    project_tetrahedron(&p[0], &p[1], &p[2], &p[3])
}

/// Formats like the book's `printf("lambdas: %.3f %.3f %.3f %.3f v: %.3f %.3f %.3f")`,
/// with `v = Σ λ_i p_i` as the book computes it.
fn printed(points: &[Point3<f64>; 4], projection: &Projection) -> String {
    let w = projection.weights;
    let v = points
        .iter()
        .zip(w)
        .fold(Vector3::zeros(), |v, (p, l)| v + p.coords * l);
    format!(
        "lambdas: {:.3} {:.3} {:.3} {:.3} v: {:.3} {:.3} {:.3}",
        w[0], w[1], w[2], w[3], v.x, v.y, v.z
    )
}

fn check(points: [Point3<f64>; 4], expected: &str, support: u8) {
    let projection = project(&points);
    assert_eq!(printed(&points, &projection), expected, "{projection:?}");
    assert_eq!(projection.support, support, "{projection:?}");
}

#[test]
fn corner_beyond_vertex_a() {
    check(
        corner_moved_by([1.0, 1.0, 1.0]),
        "lambdas: 1.000 0.000 0.000 0.000 v: 1.000 1.000 1.000",
        0b0001,
    );
}

#[test]
fn corner_around_origin() {
    check(
        corner_moved_by([-0.25, -0.25, -0.25]),
        "lambdas: 0.250 0.250 0.250 0.250 v: 0.000 0.000 0.000",
        0b1111,
    );
}

#[test]
fn corner_beyond_face_bcd() {
    check(
        corner_moved_by([-1.0, -1.0, -1.0]),
        "lambdas: 0.000 0.333 0.333 0.333 v: -0.667 -0.667 -0.667",
        0b1110,
    );
}

#[test]
fn corner_beside_edge_ad() {
    check(
        corner_moved_by([1.0, 1.0, -0.5]),
        "lambdas: 0.500 0.000 0.000 0.500 v: 1.000 1.000 0.000",
        0b1001,
    );
}

/// The book prints `v: 0.000 -0.000 -0.000`; the signs of zero depend on rounding, so
/// the point is compared by magnitude.
#[test]
fn large_tetrahedron_around_origin() {
    let points = [
        Point3::new(51.1996613, 26.1989613, 1.91339576),
        Point3::new(-51.0567360, -26.0565681, -0.436143428),
        Point3::new(50.8978920, -24.1035538, -1.04042661),
        Point3::new(-49.1021080, 25.8964462, -1.04042661),
    ];
    let projection = project(&points);
    let w = projection.weights;
    assert_eq!(
        format!("{:.3} {:.3} {:.3} {:.3}", w[0], w[1], w[2], w[3]),
        "0.290 0.302 0.206 0.202",
        "{projection:?}"
    );
    assert_eq!(projection.support, 0b1111);
    assert_eq!(projection.point, Point3::origin());
    let v = points
        .iter()
        .zip(w)
        .fold(Vector3::zeros(), |v, (p, l)| v + p.coords * l);
    // Prints as 0.000 / -0.000; the weights reproduce the origin to rounding.
    assert!(v.amax() < 1e-12, "v = {v:?}");
}
