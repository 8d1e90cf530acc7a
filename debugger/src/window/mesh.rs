//! Shapes as triangle meshes, sampled from their support functions (pure, no GPU).
//!
//! A convex body is the hull of its support points `s(u)` over all directions `u`, so
//! the hull of `s(uₖ)` over a dense set of directions approximates it from inside:
//! exactly at the corners of a polytope (every corner is the support point of an open
//! cone of directions), and to within the sampling density on curved parts. This works
//! for every shape of the crate, and for the configuration space `A − B`, without
//! knowing what the shape is.

use collision::hull::Hull;
use nalgebra::{Isometry3, Point3, Vector3};

/// Directions sampled for a shape mesh: enough for a ball to look round, few enough
/// that the hull builds in milliseconds.
pub const MESH_DIRECTIONS: usize = 384;

/// A sampled convex shape: triangles (counter-clockwise seen from outside) and the
/// edges worth drawing, in the coordinates of whatever support function built it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShapeMesh {
    /// Distinct support points that are corners of the mesh.
    pub vertices: Vec<Point3<f64>>,
    /// Triangles indexing `vertices`; empty when the shape spans no volume.
    pub triangles: Vec<[u32; 3]>,
    /// Edges indexing `vertices`: the boundaries of the hull's polygon faces for a
    /// polytope-like hull (few faces), every sampled edge for a flat, thin or
    /// point-like shape (no triangles), none for a curved hull (its many small faces
    /// draw as a surface).
    pub edges: Vec<[u32; 2]>,
}

/// At most this many polygon faces draw their edges; a curved shape has hundreds.
const MAX_EDGED_FACES: usize = 64;

impl ShapeMesh {
    /// Samples `support` along [`MESH_DIRECTIONS`] lattice directions and the six axes
    /// ([`sphere_directions`])
    /// and meshes the hull of the points. A shape that spans no volume (a point, a
    /// segment, a triangle, a flat hull) has no hull: its mesh is the loops of support
    /// points in the three coordinate planes, as edges. Non-finite support points are
    /// dropped.
    #[must_use]
    pub fn sample(support: impl Fn(&Vector3<f64>) -> Point3<f64>) -> ShapeMesh {
        let mut points: Vec<Point3<f64>> = Vec::with_capacity(MESH_DIRECTIONS);
        for u in sphere_directions(MESH_DIRECTIONS) {
            let p = support(&u);
            if p.iter().all(|c| c.is_finite()) && !points.contains(&p) {
                points.push(p);
            }
        }
        match Hull::build(&points) {
            Ok(hull) => {
                let edges = if hull.face_count() <= MAX_EDGED_FACES {
                    polygon_edges(&hull)
                } else {
                    Vec::new()
                };
                ShapeMesh {
                    vertices: hull.vertices().to_vec(),
                    triangles: hull.triangles().to_vec(),
                    edges,
                }
            }
            Err(_) => plane_loops(&support),
        }
    }

    /// The mesh of `shape` in its local frame.
    #[must_use]
    pub fn of_shape<S: collision::SupportMap + ?Sized>(shape: &S) -> ShapeMesh {
        ShapeMesh::sample(|u| shape.support(u))
    }

    /// The mesh of the configuration space `A − B` in world orientation:
    /// `s(u) = R_A s_A(R_Aᵀ u) + (t_A − t_B) − R_B s_B(−R_Bᵀ u)`, whose points are the
    /// frames' `w` (see `frame.rs`).
    #[must_use]
    pub fn of_difference<A, B>(
        a: &A,
        pose_a: &Isometry3<f64>,
        b: &B,
        pose_b: &Isometry3<f64>,
    ) -> ShapeMesh
    where
        A: collision::SupportMap + ?Sized,
        B: collision::SupportMap + ?Sized,
    {
        ShapeMesh::sample(crate::svg::difference_support(a, pose_a, b, pose_b))
    }
}

/// `n` unit directions spread evenly over the sphere (a Fibonacci lattice: heights
/// `zₖ = 1 − (2k + 1)/n`, longitudes stepping by the golden angle `π (3 − √5)`), plus
/// the six axis directions first, so the faces of boxes and the caps of cylinders are
/// hit exactly.
#[must_use]
pub fn sphere_directions(n: usize) -> Vec<Vector3<f64>> {
    let mut out: Vec<Vector3<f64>> = (0..3)
        .flat_map(|axis| {
            let e = Vector3::ith(axis, 1.0);
            [e, -e]
        })
        .collect();
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    for k in 0..n {
        let z = 1.0 - (2.0 * k as f64 + 1.0) / n as f64;
        let r = (1.0 - z * z).max(0.0).sqrt();
        let phi = golden * k as f64;
        out.push(Vector3::new(r * phi.cos(), r * phi.sin(), z));
    }
    out
}

/// The boundary edges of the hull's polygon faces, each once.
fn polygon_edges(hull: &Hull) -> Vec<[u32; 2]> {
    let mut edges: Vec<[u32; 2]> = Vec::new();
    for face in hull.faces() {
        for k in 0..face.len() {
            let (i, j) = (face[k], face[(k + 1) % face.len()]);
            let e = [i.min(j), i.max(j)];
            if !edges.contains(&e) {
                edges.push(e);
            }
        }
    }
    edges
}

/// Loops of support points along directions in the xy, yz and zx planes, for shapes
/// with no volume: consecutive distinct points become edges.
fn plane_loops(support: &impl Fn(&Vector3<f64>) -> Point3<f64>) -> ShapeMesh {
    const STEPS: usize = 96;
    let mut mesh = ShapeMesh::default();
    let index = |mesh: &mut ShapeMesh, p: Point3<f64>| -> u32 {
        match mesh.vertices.iter().position(|q| *q == p) {
            Some(i) => i as u32,
            None => {
                mesh.vertices.push(p);
                (mesh.vertices.len() - 1) as u32
            }
        }
    };
    let planes = [
        (Vector3::x(), Vector3::y()),
        (Vector3::y(), Vector3::z()),
        (Vector3::z(), Vector3::x()),
    ];
    for (e0, e1) in planes {
        let mut first: Option<u32> = None;
        let mut prev: Option<u32> = None;
        for k in 0..STEPS {
            let theta = std::f64::consts::TAU * k as f64 / STEPS as f64;
            let p = support(&(e0 * theta.cos() + e1 * theta.sin()));
            if !p.iter().all(|c| c.is_finite()) {
                continue;
            }
            let i = index(&mut mesh, p);
            if let Some(j) = prev {
                push_edge(&mut mesh.edges, i, j);
            }
            first.get_or_insert(i);
            prev = Some(i);
        }
        if let (Some(i), Some(j)) = (first, prev) {
            push_edge(&mut mesh.edges, i, j);
        }
    }
    mesh
}

fn push_edge(edges: &mut Vec<[u32; 2]>, i: u32, j: u32) {
    let e = [i.min(j), i.max(j)];
    if i != j && !edges.contains(&e) {
        edges.push(e);
    }
}
