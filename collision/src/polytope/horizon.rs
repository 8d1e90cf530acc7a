//! One expansion of the polytope: carving out the faces a new vertex sees, then fanning
//! the horizon (silhouette) of the carved region to the vertex.

use super::{Face, Index, Polytope, PolytopeError, plane};

impl Polytope {
    /// Carves out the faces that vertex `w` sees, starting from face `start` (which must
    /// see it), and records the horizon: the edges between a carved face and a kept one.
    ///
    /// Depth-first walk over the adjacency (van den Bergen 2004, §4.3.8 "silhouette"): a
    /// face is visible when `n · w > d − tolerance` (the tolerance scaled by between 1 and
    /// √3 on the unnormalised plane, see `Face::sees`). The walk only crosses edges of
    /// visible faces, so the carved region is connected. Entering a face by edge `e` and
    /// leaving by `e + 1`, then `e + 2`, tours the region's boundary in order: when the
    /// region is a disc its horizon comes out as one cycle, edge `k` ending where edge
    /// `k + 1` starts ([`Self::fill`] checks this). Counting faces that `w` lies on (to
    /// rounding, `tolerance`) as visible keeps the region whole where rounding would
    /// otherwise decide face by face among coplanar triangles (boxes), which can pinch
    /// the horizon at a vertex.
    ///
    /// # Errors
    /// [`PolytopeError::Full`] when the horizon is longer than the capacity
    /// (only possible when rounding made the region non-simple).
    pub fn carve(&mut self, start: Index, w: Index, tolerance: f64) -> Result<(), PolytopeError> {
        let p = self.vertices[w as usize].w.coords;
        // The fields as separate borrows (see `fill`).
        let Polytope {
            faces,
            distances,
            removed,
            removed_count,
            horizon,
            horizon_count,
            stack,
            ..
        } = self;
        *removed_count = 0;
        *horizon_count = 0;
        let mut kill = |f: Index, faces: &mut [Face; super::MAX_REFINED_FACES]| {
            faces[f as usize].alive = false;
            distances[f as usize] = f64::INFINITY;
            removed[*removed_count] = f;
            *removed_count += 1;
        };
        kill(start, faces);
        let first = &faces[start as usize];
        let mut top = 3;
        for (slot, e) in stack[..3].iter_mut().zip([2, 1, 0]) {
            *slot = [first.adjacent[e], Index::from(first.adjacent_edge[e])];
        }
        while top > 0 {
            top -= 1;
            let [g, e] = stack[top];
            let face = &faces[g as usize];
            if !face.alive {
                continue;
            }
            if face.sees(&p, tolerance) {
                let (adjacent, adjacent_edge) = (face.adjacent, face.adjacent_edge);
                kill(g, faces);
                // Visit edge e + 1 before e + 2 (pushed last, popped first), so the
                // horizon comes out in cyclic order as in the recursive formulation.
                if top + 2 > stack.len() {
                    return Err(PolytopeError::Full);
                }
                let (i1, i2) = (NEXT[e as usize], NEXT[NEXT[e as usize]]);
                stack[top] = [adjacent[i2], Index::from(adjacent_edge[i2])];
                stack[top + 1] = [adjacent[i1], Index::from(adjacent_edge[i1])];
                top += 2;
            } else {
                if *horizon_count == horizon.len() {
                    return Err(PolytopeError::Full);
                }
                horizon[*horizon_count] = [g, e];
                *horizon_count += 1;
            }
        }
        Ok(())
    }

    /// Fans the horizon of the last [`Self::carve`] to vertex `w`, linking the new faces
    /// to the kept ones and to each other; the new faces take the carved slots first.
    ///
    /// The horizon edge `k` is the kept face's edge `p_k → q_k`, and the carved boundary
    /// runs `q_k → p_k = q_{k+1}`. New face `k` is `(q_k, p_k, w)`: its edge 0 meets the
    /// kept face, edge 1 (`p_k → w`) meets edge 2 of new face `k + 1`, and edge 2 meets
    /// edge 1 of new face `k − 1`. With `r_v = v − w` its normal is
    /// `(p_k − q_k) × (w − q_k) = r_{q_k} × r_{p_k}` (expand `r_p − r_q` and `−r_q`), and
    /// `r_{p_k}` is the next face's `r_{q_{k+1}}`: one vertex load and offset per face.
    ///
    /// # Errors
    /// [`PolytopeError::Degenerate`] when the horizon is not one simple cycle in tour
    /// order (rounding made the visibility tests inconsistent) or a new face is degenerate;
    /// [`PolytopeError::Full`] when out of face slots. Either leaves the polytope unusable.
    pub fn fill(&mut self, w: Index) -> Result<(), PolytopeError> {
        let (h, r) = (self.horizon_count, self.removed_count);
        self.removed_count = 0;
        let fresh = h.saturating_sub(r + self.free_count);
        if h < 3 || self.face_count + fresh > self.face_capacity() {
            self.release(r, 0);
            return Err(if h < 3 {
                PolytopeError::Degenerate
            } else {
                PolytopeError::Full
            });
        }
        self.release(r, h);
        // A new stamp for the vertices this call meets (see `Polytope::seen`).
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        // The fields as separate borrows: the loop's stores into `faces` then leave the
        // other slices' bounds in registers.
        let Polytope {
            vertices,
            faces,
            horizon,
            fanned,
            seen,
            removed,
            free,
            free_count,
            face_count,
            stamp,
            ..
        } = self;
        let mut slots = Slots {
            removed: &removed[..r],
            free: &free[..],
            free_count,
            face_count,
        };
        let pw = vertices[w as usize].w.coords;
        let [g0, e0] = horizon[0];
        let q0 = faces[g0 as usize].vertices[NEXT[e0 as usize]];
        let (mut q, mut r_q) = (q0, vertices[q0 as usize].w.coords - pw);
        // Whether each edge started where the previous one ended and no vertex came twice
        // (a pinched horizon repeats one; those met carry this call's stamp).
        let mut simple = true;
        let first = slots.take(0);
        let (mut slot, mut previous) = (first, Index::MAX);
        for k in 0..h {
            let [g, e] = horizon[k];
            let kept = faces[g as usize].vertices;
            let p = kept[e as usize];
            simple &= kept[NEXT[e as usize]] == q;
            let mark = &mut seen[q as usize];
            simple &= *mark != *stamp;
            *mark = *stamp;
            let r_p = vertices[p as usize].w.coords - pw;
            let next = if k + 1 < h { slots.take(k + 1) } else { first };
            // Unnormalised (see `Face`); `key_fan` keys them once all are made.
            let direction = r_q.cross(&r_p);
            faces[slot as usize] = Face {
                vertices: [q, p, w],
                adjacent: [g, next, previous],
                adjacent_edge: [e as u8, 2, 1],
                direction,
                offset: direction.dot(&(pw + (r_q + r_p) * (1.0 / 3.0))),
                alive: true,
            };
            fanned[k] = slot;
            let kept = &mut faces[g as usize];
            kept.adjacent[e as usize] = slot;
            kept.adjacent_edge[e as usize] = 0;
            (previous, slot, q, r_q) = (slot, next, p, r_p);
        }
        // The ring closes: the last edge ends where the first began.
        self.faces[first as usize].adjacent[2] = previous;
        self.fanned_count = h;
        if !(simple && q == q0) {
            return Err(PolytopeError::Degenerate);
        }
        self.key_fan(h)
    }

    /// Enters the distance keys of the `h` faces just fanned: `d |d|` for the plane
    /// distance `d = o / |m|` of a face `(m, o = m · c)`, computed as `(o / |m|²) |o|`
    /// (one division, no square root; `o / |m|²` is `d / |m|`, so neither factor
    /// overflows where `d` does not).
    ///
    /// A separate loop because each face waits on a division: here nothing else depends
    /// on them, so the faces' latencies overlap instead of adding up.
    pub(super) fn key_fan(&mut self, h: usize) -> Result<(), PolytopeError> {
        // The fields as separate borrows (see `fill`).
        let Polytope {
            vertices,
            faces,
            fanned,
            distances,
            ..
        } = self;
        for &slot in &fanned[..h] {
            let face = &mut faces[slot as usize];
            let len2 = face.direction.norm_squared();
            let key = face.offset / len2 * face.offset.abs();
            if !(len2.is_normal() && key.is_finite()) {
                // |m|² under- or overflowed, or m · c did: the unit plane, scaled.
                let [p0, p1, p2] = face.vertices.map(|i| vertices[i as usize].w.coords);
                let centroid = (p0 + p1 + p2) * (1.0 / 3.0);
                let (normal, distance) =
                    plane(&face.direction, &centroid).ok_or(PolytopeError::Degenerate)?;
                (face.direction, face.offset) = (normal, distance);
                distances[slot as usize] = distance * distance.abs();
                continue;
            }
            distances[slot as usize] = key;
        }
        Ok(())
    }

    /// Frees the carved slots `removed[from..count]` (those no new face took).
    fn release(&mut self, count: usize, from: usize) {
        for k in from..count {
            self.free[self.free_count] = self.removed[k];
            self.free_count += 1;
        }
    }
}

/// Where [`Polytope::fill`]'s new faces go: the carved slots first, then freed ones,
/// then fresh ones (capacity checked by `fill`).
struct Slots<'a> {
    removed: &'a [Index],
    free: &'a [Index],
    free_count: &'a mut usize,
    face_count: &'a mut usize,
}

impl Slots<'_> {
    /// The slot of new face `k`.
    #[inline]
    fn take(&mut self, k: usize) -> Index {
        if k < self.removed.len() {
            self.removed[k]
        } else if *self.free_count > 0 {
            *self.free_count -= 1;
            self.free[*self.free_count]
        } else {
            *self.face_count += 1;
            (*self.face_count - 1) as Index
        }
    }
}

/// `NEXT[i] = (i + 1) % 3`, the next edge of a triangle.
const NEXT: [usize; 3] = [1, 2, 0];
