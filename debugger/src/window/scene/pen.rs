//! Drawing into a scene: points mapped through the view's framing, faces and segments
//! clipped to the display cube, and a count of what cannot be drawn (a point whose
//! display coordinates are not finite, or a clipped face or segment whose are not:
//! the clip's differences overflow for points near `f64::MAX` apart).

use super::{CLIP, Face, FaceRole, Framing, LineRole, Marker, PointRole, Scene3d, Segment};
use crate::window::mesh::ShapeMesh;
use nalgebra::{Isometry3, Point3, Vector3};

/// Appends primitives to a scene, mapping points through the framing and counting
/// what cannot be drawn.
pub(super) struct Pen<'s> {
    pub(super) framing: Framing,
    pub(super) scene: &'s mut Scene3d,
}

impl Pen<'_> {
    /// Display coordinates of `p` in `f64` (the framing's map before rounding to f32);
    /// `None` when not finite.
    fn display(&self, p: &Point3<f64>) -> Option<Vector3<f64>> {
        let d = (p - self.framing.centre) / self.framing.radius;
        d.iter().all(|c| c.is_finite()).then_some(d)
    }

    pub(super) fn face(&mut self, p: [Point3<f64>; 3], role: FaceRole) {
        let [Some(a), Some(b), Some(c)] = p.map(|p| self.display(&p)) else {
            self.scene.left_out += 1;
            return;
        };
        let polygon = clip_polygon(vec![a, b, c]);
        for k in 1..polygon.len().saturating_sub(1) {
            let corners = [polygon[0], polygon[k], polygon[k + 1]].map(to_f32);
            if corners.iter().flatten().all(|c| c.is_finite()) {
                self.scene.faces.push(Face { corners, role });
            } else {
                self.scene.left_out += 1;
            }
        }
    }

    pub(super) fn segment(&mut self, p: Point3<f64>, q: Point3<f64>, role: LineRole) {
        let (Some(a), Some(b)) = (self.display(&p), self.display(&q)) else {
            self.scene.left_out += 1;
            return;
        };
        if let Some([a, b]) = clip_segment(a, b) {
            let ends = [to_f32(a), to_f32(b)];
            // Ends near `f64::MAX` apart overflow `b − a` in the clip: left out.
            if ends.iter().flatten().all(|c| c.is_finite()) {
                self.scene.segments.push(Segment { ends, role });
            } else {
                self.scene.left_out += 1;
            }
        }
    }

    pub(super) fn marker(&mut self, p: Point3<f64>, role: PointRole) {
        match self.framing.to_display(&p) {
            Some(at) => self.scene.markers.push(Marker { at, role }),
            None => self.scene.left_out += 1,
        }
    }

    pub(super) fn mesh(&mut self, mesh: &ShapeMesh, pose: &Isometry3<f64>, role: FaceRole) {
        let v = |i: u32| pose * mesh.vertices[i as usize];
        for t in &mesh.triangles {
            self.face([v(t[0]), v(t[1]), v(t[2])], role);
        }
    }

    pub(super) fn mesh_edges(&mut self, mesh: &ShapeMesh, pose: &Isometry3<f64>, role: LineRole) {
        let v = |i: u32| pose * mesh.vertices[i as usize];
        for e in &mesh.edges {
            self.segment(v(e[0]), v(e[1]), role);
        }
    }
}

fn to_f32(d: Vector3<f64>) -> [f32; 3] {
    [d.x as f32, d.y as f32, d.z as f32]
}

/// The part of the convex polygon `poly` inside the display cube (Sutherland–Hodgman:
/// clip against each of the six planes `±x_k = CLIP` in turn; an edge crossing a plane
/// is cut at `t = (CLIP − s a_k) / (s b_k − s a_k)`).
fn clip_polygon(mut poly: Vec<Vector3<f64>>) -> Vec<Vector3<f64>> {
    for k in 0..3 {
        for s in [1.0, -1.0] {
            if poly.is_empty() {
                return poly;
            }
            let inside = |p: &Vector3<f64>| s * p[k] <= CLIP;
            let mut out = Vec::with_capacity(poly.len() + 2);
            for i in 0..poly.len() {
                let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                if inside(&a) {
                    out.push(a);
                }
                if inside(&a) != inside(&b) {
                    let t = (CLIP - s * a[k]) / (s * b[k] - s * a[k]);
                    out.push(a + (b - a) * t);
                }
            }
            poly = out;
        }
    }
    poly
}

/// The part of segment `ab` inside the display cube (Liang–Barsky), if any.
fn clip_segment(a: Vector3<f64>, b: Vector3<f64>) -> Option<[Vector3<f64>; 2]> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..3 {
        for s in [1.0, -1.0] {
            // Inside where s (a_k + t d_k) <= CLIP.
            let (num, den) = (CLIP - s * a[k], s * d[k]);
            if den == 0.0 {
                if num < 0.0 {
                    return None;
                }
            } else if den > 0.0 {
                t1 = t1.min(num / den);
            } else {
                t0 = t0.max(num / den);
            }
        }
    }
    // Ends that need no cut stay exactly as given.
    let at = |t: f64| match t {
        0.0 => a,
        1.0 => b,
        _ => a + d * t,
    };
    (t0 <= t1).then(|| [at(t0), at(t1)])
}
