//! The GJK loop's working simplex.
//!
//! A [`Simplex`] keeps its vertices (88 bytes each: both witness points, `w`, weight and
//! ids) packed in order, so reducing it after each projection moves whole vertices. The
//! loop instead leaves every vertex in the slot where it was pushed and lists the current
//! simplex as slot indices in insertion order: reducing it rewrites at most four bytes
//! and four weights, and the public [`Simplex`] is gathered only when someone looks (the
//! output, an active observer, the cache).

use super::{Simplex, SimplexVertex};
use crate::cso::StartSimplex;
use collision_simplex::{
    Projection, project_point, project_segment, project_tetrahedron, project_triangle,
};
use nalgebra::Point3;

/// Up to four vertices of A − B in fixed slots; see the module comment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorkingSimplex {
    /// `a − b` of each slot.
    w: [Point3<f64>; 4],
    /// Support point on A of each slot (A's frame).
    a: [Point3<f64>; 4],
    /// Support point on B of each slot (A's frame).
    b: [Point3<f64>; 4],
    /// Feature ids `[on A, on B]` of each slot.
    ids: [[u32; 2]; 4],
    /// `slot[k]`: the slot of the simplex's `k`-th vertex, for `k < len`.
    slot: [u8; 4],
    /// `weights[k]`: barycentric weight of the `k`-th vertex in the last accepted
    /// projection (0 for a vertex pushed since).
    weights: [f64; 4],
    /// Number of vertices of the current simplex (0 to 4).
    len: usize,
}

impl Default for WorkingSimplex {
    #[inline(always)]
    fn default() -> WorkingSimplex {
        // A constant, so that each array is stored as zeros in place (a local `origin`
        // was built once and copied out with loads straddling its stores).
        const ORIGINS: [Point3<f64>; 4] = [Point3::new(0.0, 0.0, 0.0); 4];
        WorkingSimplex {
            w: ORIGINS,
            a: ORIGINS,
            b: ORIGINS,
            ids: [[0; 2]; 4],
            slot: [0, 1, 2, 3],
            weights: [0.0; 4],
            len: 0,
        }
    }
}

impl WorkingSimplex {
    /// Empties the simplex. Slot contents are left as they are: nothing reads a slot
    /// before [`Self::push`] fills it.
    #[inline(always)]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.slot = [0, 1, 2, 3];
    }

    /// Number of vertices.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The `w` of the simplex's `k`-th vertex (`k < len`).
    #[inline(always)]
    pub(super) fn w(&self, k: usize) -> &Point3<f64> {
        &self.w[usize::from(self.slot[k] & 3)]
    }

    /// Appends the vertex `a − b` (zero weight) in a free slot. The caller keeps
    /// `len < 4` (a reduced simplex has at most three vertices).
    #[inline(always)]
    pub(super) fn push(&mut self, a: Point3<f64>, b: Point3<f64>, w: Point3<f64>, ids: [u32; 2]) {
        debug_assert!(self.len < 4);
        let used = self.slot[..self.len.min(4)]
            .iter()
            .fold(0u32, |m, &s| m | 1 << s);
        // At most three slots are used, so the lowest free one is below 4.
        let free = (!used).trailing_zeros() as usize & 3;
        self.w[free] = w;
        self.a[free] = a;
        self.b[free] = b;
        self.ids[free] = ids;
        self.slot[self.len & 3] = free as u8;
        self.weights[self.len & 3] = 0.0;
        self.len += 1;
    }

    /// The barycentric weight of the simplex's `k`-th vertex in the last accepted
    /// projection.
    #[inline]
    pub(super) fn weight(&self, k: usize) -> f64 {
        self.weights[k & 3]
    }

    /// Removes the last vertex.
    #[inline]
    pub(super) fn pop(&mut self) {
        self.len = self.len.saturating_sub(1);
    }

    /// Projects the origin onto the simplex (signed volumes, collision-simplex); the
    /// projection's weights and support mask are indexed like the simplex's vertices.
    /// Also returns `|v|²`, computed in each arm while `v` is still in registers: computed
    /// after the arms merge, it was read back from the stack with a 16-byte load spanning
    /// two of the arm's stores, which store forwarding cannot serve: a stall of about a
    /// dozen cycles per iteration.
    #[inline(always)]
    pub(super) fn project(&self) -> (Projection, f64) {
        let with_norm = |p: Projection| (p, p.point.coords.norm_squared());
        match self.len {
            1 => with_norm(project_point(self.w(0))),
            2 => with_norm(project_segment(self.w(0), self.w(1))),
            3 => with_norm(project_triangle(self.w(0), self.w(1), self.w(2))),
            _ => with_norm(project_tetrahedron(
                self.w(0),
                self.w(1),
                self.w(2),
                self.w(3),
            )),
        }
    }

    /// Keeps the vertices whose bit is set in `mask`, in order, with their weights taken
    /// from `weights` (indexed like the vertices before the call).
    #[inline(always)]
    pub(super) fn retain(&mut self, mask: u8, weights: &[f64; 4]) {
        // Most projections keep every vertex: then only the weights change.
        if u32::from(mask) == (1 << self.len) - 1 {
            self.weights = *weights;
            return;
        }
        let mut k = 0;
        for (i, &weight) in weights.iter().enumerate().take(self.len) {
            if mask & (1 << i) != 0 {
                self.slot[k & 3] = self.slot[i];
                self.weights[k & 3] = weight;
                k += 1;
            }
        }
        self.len = k;
    }

    /// Whether `w` with feature ids `ids` is already a vertex. Ids first: different ids
    /// almost always mean different points, and integers compare cheaper (shapes
    /// without features all use id 0).
    #[inline(always)]
    pub(super) fn contains(&self, w: &Point3<f64>, ids: [u32; 2]) -> bool {
        self.slot[..self.len.min(4)].iter().any(|&s| {
            let s = usize::from(s & 3);
            self.ids[s] == ids && self.w[s] == *w
        })
    }

    /// The largest coordinate magnitude of the vertices' witness points on A and B (NaN
    /// coordinates are skipped: finiteness is checked separately).
    ///
    /// One running maximum per coordinate, by plain comparisons (a NaN never wins
    /// `>`), then a tree: a single chain of NaN-aware `f64::max` is 24 dependent links
    /// on every query's critical path.
    #[inline]
    pub(super) fn extent(&self) -> f64 {
        let mut m = [0.0f64; 6];
        for k in 0..self.len.min(4) {
            let s = usize::from(self.slot[k] & 3);
            let (a, b) = (&self.a[s], &self.b[s]);
            for (m, x) in m.iter_mut().zip([a.x, a.y, a.z, b.x, b.y, b.z]) {
                let x = x.abs();
                if x > *m {
                    *m = x;
                }
            }
        }
        let max = |x: f64, y: f64| if x > y { x } else { y };
        max(max(max(m[0], m[1]), max(m[2], m[3])), max(m[4], m[5]))
    }

    /// The largest coordinate magnitude over the vertices: the scale of the simplex.
    #[inline(always)]
    pub(super) fn scale(&self) -> f64 {
        (0..self.len.min(4)).fold(0.0, |m: f64, k| m.max(self.w(k).coords.amax()))
    }

    /// `Σ λᵢ aᵢ` and `Σ λᵢ bᵢ`: the witness points on A and B (A's frame).
    #[inline]
    pub(super) fn witnesses(&self) -> (Point3<f64>, Point3<f64>) {
        let mut pa = Point3::origin();
        let mut pb = Point3::origin();
        for k in 0..self.len.min(4) {
            let s = usize::from(self.slot[k] & 3);
            pa.coords += self.a[s].coords * self.weights[k];
            pb.coords += self.b[s].coords * self.weights[k];
        }
        (pa, pb)
    }

    /// The `k`-th vertex as a [`SimplexVertex`] (`k < len`).
    #[inline]
    pub(super) fn vertex(&self, k: usize) -> SimplexVertex {
        let s = usize::from(self.slot[k] & 3);
        SimplexVertex {
            a: self.a[s],
            b: self.b[s],
            w: self.w[s],
            weight: self.weights[k],
            id_a: self.ids[s][0],
            id_b: self.ids[s][1],
        }
    }

    /// The public simplex: the vertices in order, with their weights.
    #[must_use]
    pub(super) fn simplex(&self) -> Simplex {
        let mut s = Simplex::default();
        self.write_simplex(&mut s);
        s
    }

    /// Makes `s` the simplex: the vertices in order, with their weights.
    #[inline]
    pub(super) fn write_simplex(&self, s: &mut Simplex) {
        s.fill(self.len, |k, v| {
            let i = usize::from(self.slot[k] & 3);
            v.a = self.a[i];
            v.b = self.b[i];
            v.w = self.w[i];
            v.weight = self.weights[k];
            [v.id_a, v.id_b] = self.ids[i];
        });
    }
}

/// EPA starts from the final simplex in place (see [`StartSimplex`]).
impl StartSimplex for WorkingSimplex {
    #[inline]
    fn len(&self) -> usize {
        self.len.min(4)
    }

    #[inline(always)]
    fn vertex(&self, k: usize) -> SimplexVertex {
        WorkingSimplex::vertex(self, k)
    }

    #[inline(always)]
    fn w(&self, k: usize) -> Point3<f64> {
        *WorkingSimplex::w(self, k)
    }

    #[inline]
    fn witnesses(&self) -> (Point3<f64>, Point3<f64>) {
        WorkingSimplex::witnesses(self)
    }

    /// Always: the loop stops as `Degenerate` on a support point that is not finite, and
    /// `w = a − b` is finite only when `a` and `b` are.
    #[inline]
    fn is_finite(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn point(rng: &mut ChaCha8Rng) -> Point3<f64> {
        Point3::new(
            rng.random_range(-4.0..4.0),
            rng.random_range(-4.0..4.0),
            rng.random_range(-4.0..4.0),
        )
    }

    /// The slot bookkeeping against the packed [`Simplex`] it replaces: the same random
    /// pushes, projections, reductions and pops give bit-identical vertices, weights,
    /// witnesses, scales and projections, on 20,000 steps.
    #[test]
    fn slots_match_the_packed_simplex() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let mut work = WorkingSimplex::default();
        let mut packed = Simplex::default();
        let mut compared = 0;
        for step in 0..20_000 {
            if work.len() < 4 && (work.len() == 0 || rng.random_range(0..3) > 0) {
                let (a, b) = (point(&mut rng), point(&mut rng));
                // Some repeated points, so that `contains` is exercised both ways.
                let ids = [rng.random_range(0..3), rng.random_range(0..3)];
                let v = SimplexVertex::new(a, b, ids[0], ids[1]);
                assert_eq!(
                    work.contains(&v.w, ids),
                    packed
                        .vertices()
                        .iter()
                        .any(|s| [s.id_a, s.id_b] == ids && s.w == v.w)
                );
                work.push(a, b, v.w, ids);
                assert!(packed.try_push(v));
            } else if rng.random_range(0..4) == 0 {
                work.pop();
                packed.pop();
            } else {
                let (p, _) = work.project();
                let w: Vec<Point3<f64>> = packed.vertices().iter().map(|v| v.w).collect();
                let q = collision_simplex::project_origin(&w).expect("1 to 4 points");
                assert_eq!(p, q, "step {step}");
                work.retain(p.support, &p.weights);
                packed.retain(p.support, &p.weights);
            }
            assert_eq!(work.simplex(), packed, "step {step}");
            assert_eq!(work.witnesses(), packed.witnesses());
            assert_eq!(work.scale(), packed.scale());
            compared += 1;
        }
        assert_eq!(compared, 20_000);
        // A repeated point is found, whichever slot it sits in.
        let v = packed.vertices()[0];
        assert!(work.contains(&v.w, [v.id_a, v.id_b]));
        assert!(!work.contains(&(v.w + nalgebra::Vector3::x()), [v.id_a, v.id_b]));
    }
}
