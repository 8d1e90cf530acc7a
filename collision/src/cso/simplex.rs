//! The GJK simplex: up to four vertices of A − B with their witness points.

use nalgebra::Point3;

/// A vertex of the Minkowski difference A − B, with the support points it came from.
///
/// All points are in shape A's local frame (see [`crate::gjk::gjk`]). The debugger and
/// EPA use this same type.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimplexVertex {
    /// Support point on A.
    pub a: Point3<f64>,
    /// Support point on B (expressed in A's frame).
    pub b: Point3<f64>,
    /// `a − b`, the point of the Minkowski difference.
    pub w: Point3<f64>,
    /// Barycentric weight of this vertex in the current closest point (0 before the
    /// first projection).
    pub weight: f64,
    /// Feature id of `a` on shape A ([`crate::shape::SupportPoint::id`]).
    pub id_a: u32,
    /// Feature id of `b` on shape B.
    pub id_b: u32,
}

impl SimplexVertex {
    /// Whether all coordinates are finite.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.a.iter().chain(self.b.iter()).all(|c| c.is_finite())
    }

    /// The origin as a vertex: both points at the origin, zero weight, ids 0 (the filler
    /// of unused storage).
    pub const ORIGIN: SimplexVertex = SimplexVertex {
        a: Point3::new(0.0, 0.0, 0.0),
        b: Point3::new(0.0, 0.0, 0.0),
        w: Point3::new(0.0, 0.0, 0.0),
        weight: 0.0,
        id_a: 0,
        id_b: 0,
    };

    /// The vertex `a − b` with zero weight.
    #[must_use]
    #[inline]
    pub fn new(a: Point3<f64>, b: Point3<f64>, id_a: u32, id_b: u32) -> SimplexVertex {
        SimplexVertex {
            a,
            b,
            w: Point3::from(a - b),
            weight: 0.0,
            id_a,
            id_b,
        }
    }
}

/// Up to four [`SimplexVertex`]es: a point, segment, triangle or tetrahedron of A − B.
///
/// Two simplices are equal when their [`vertices`](Simplex::vertices) are (unused
/// storage is not compared).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Simplex {
    vertices: [SimplexVertex; 4],
    len: usize,
}

impl Default for Simplex {
    fn default() -> Simplex {
        Simplex {
            vertices: [SimplexVertex::ORIGIN; 4],
            len: 0,
        }
    }
}

impl PartialEq for Simplex {
    fn eq(&self, other: &Simplex) -> bool {
        self.vertices() == other.vertices()
    }
}

impl Simplex {
    /// The simplex of the given vertices, or `None` when there are more than four.
    #[must_use]
    #[inline]
    pub fn from_vertices(vertices: &[SimplexVertex]) -> Option<Simplex> {
        let mut s = Simplex::default();
        for v in vertices {
            if !s.try_push(*v) {
                return None;
            }
        }
        Some(s)
    }

    /// The vertices, in insertion order.
    #[must_use]
    #[inline]
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.vertices[..self.len]
    }

    /// Mutable access to the vertices.
    #[must_use]
    #[inline]
    pub fn vertices_mut(&mut self) -> &mut [SimplexVertex] {
        &mut self.vertices[..self.len]
    }

    /// Number of vertices (0 to 4).
    #[must_use]
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the simplex has no vertex.
    #[must_use]
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Makes the simplex `len ≤ 4` vertices long, letting `write(k, vertex)` set the
    /// fields of each vertex `k` in place. Pushed whole, each vertex was first assembled
    /// on the stack with stores that its copy then read back with wider loads (failed
    /// store forwarding), and the length went through memory between pushes.
    #[inline(always)]
    pub(crate) fn fill(&mut self, len: usize, write: impl Fn(usize, &mut SimplexVertex)) {
        let len = len.min(4);
        for (k, vertex) in self.vertices.iter_mut().enumerate().take(len) {
            write(k, vertex);
        }
        self.len = len;
    }

    /// Appends a vertex; returns `false` (and changes nothing) when already full.
    #[must_use]
    #[inline]
    pub fn try_push(&mut self, v: SimplexVertex) -> bool {
        if self.len == 4 {
            return false;
        }
        self.vertices[self.len] = v;
        self.len += 1;
        true
    }

    /// Removes the last vertex (none when empty).
    #[inline]
    pub fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// Keeps the vertices whose bit is set in `mask`, in order, with their weights taken
    /// from `weights` (indexed like the vertices before the call).
    #[inline]
    pub fn retain(&mut self, mask: u8, weights: &[f64; 4]) {
        let mut k = 0;
        for (i, &weight) in weights.iter().enumerate().take(self.len) {
            if mask & (1 << i) != 0 {
                self.vertices[k] = self.vertices[i];
                self.vertices[k].weight = weight;
                k += 1;
            }
        }
        self.len = k;
    }

    /// `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ`: the witness points on A and B (A's frame).
    #[must_use]
    #[inline]
    pub fn witnesses(&self) -> (Point3<f64>, Point3<f64>) {
        let mut pa = Point3::origin();
        let mut pb = Point3::origin();
        for v in self.vertices() {
            pa.coords += v.a.coords * v.weight;
            pb.coords += v.b.coords * v.weight;
        }
        (pa, pb)
    }

    /// The largest `|w|` over the vertices: the scale of the current simplex.
    #[must_use]
    #[inline]
    pub fn scale(&self) -> f64 {
        self.vertices()
            .iter()
            .fold(0.0, |m: f64, v| m.max(v.w.coords.amax()))
    }
}
