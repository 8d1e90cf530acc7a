//! One expansion of the polytope: carving out the faces a new vertex sees, then fanning
//! the horizon (silhouette) of the carved region to the vertex.

use super::{Face, MAX_FACES, MAX_HORIZON, MAX_STACK, Polytope, PolytopeError, plane};

impl Polytope {
    /// Carves out the faces that vertex `w` sees, starting from face `start` (which must
    /// see it), and records the horizon: the edges between a carved face and a kept one.
    ///
    /// Depth-first walk over the adjacency (van den Bergen 2004, §4.3.8 "silhouette"): a
    /// face is visible when `n · w > d − tolerance`. The walk only crosses edges of visible
    /// faces, so the carved region is connected. Entering a face by edge `e` and leaving by
    /// `e + 1`, then `e + 2`, tours the region's boundary in order: when the region is a
    /// disc its horizon comes out as one cycle, edge `k` ending where edge `k + 1` starts
    /// ([`Self::fill`] checks this). Counting faces that `w` lies on (to rounding,
    /// `tolerance`) as visible keeps the region whole where rounding would otherwise decide
    /// face by face among coplanar triangles (boxes), which can pinch the horizon at a
    /// vertex.
    ///
    /// # Errors
    /// [`PolytopeError::Full`] when the horizon is longer than [`super::MAX_VERTICES`]
    /// (only possible when rounding made the region non-simple).
    pub fn carve(&mut self, start: u8, w: u8, tolerance: f64) -> Result<(), PolytopeError> {
        let p = self.vertices[w as usize].w.coords;
        self.removed_count = 0;
        self.horizon_count = 0;
        self.kill(start);
        let first = &self.faces[start as usize];
        let mut top = 3;
        for (slot, e) in self.stack[..3].iter_mut().zip([2, 1, 0]) {
            *slot = [first.adjacent[e], first.adjacent_edge[e]];
        }
        while top > 0 {
            top -= 1;
            let [g, e] = self.stack[top];
            let face = &self.faces[g as usize];
            if !face.alive {
                continue;
            }
            if face.normal.dot(&p) > face.distance - tolerance {
                let (adjacent, adjacent_edge) = (face.adjacent, face.adjacent_edge);
                self.kill(g);
                // Visit edge e + 1 before e + 2 (pushed last, popped first), so the
                // horizon comes out in cyclic order as in the recursive formulation.
                if top + 2 > MAX_STACK {
                    return Err(PolytopeError::Full);
                }
                let (i1, i2) = (NEXT[e as usize], NEXT[NEXT[e as usize]]);
                self.stack[top] = [adjacent[i2], adjacent_edge[i2]];
                self.stack[top + 1] = [adjacent[i1], adjacent_edge[i1]];
                top += 2;
            } else {
                if self.horizon_count == MAX_HORIZON {
                    return Err(PolytopeError::Full);
                }
                self.horizon[self.horizon_count] = [g, e];
                self.horizon_count += 1;
            }
        }
        Ok(())
    }

    fn kill(&mut self, f: u8) {
        self.faces[f as usize].alive = false;
        self.distances[f as usize] = f64::INFINITY;
        self.removed[self.removed_count] = f;
        self.removed_count += 1;
    }

    /// Fans the horizon of the last [`Self::carve`] to vertex `w`, linking the new faces
    /// to the kept ones and to each other; the new faces take the carved slots first.
    ///
    /// The horizon edge `k` is the kept face's edge `p_k → q_k`, and the carved boundary
    /// runs `q_k → p_k = q_{k+1}`. New face `k` is `(q_k, p_k, w)`: its edge 0 meets the
    /// kept face, edge 1 (`p_k → w`) meets edge 2 of new face `k + 1`, and edge 2 meets
    /// edge 1 of new face `k − 1`. With `r_k = q_k − w` its normal is
    /// `(p_k − q_k) × (w − q_k) = r_k × r_{k+1}` (expand `r_{k+1} − r_k` and `−r_k`), so
    /// each horizon vertex is loaded and offset once.
    ///
    /// # Errors
    /// [`PolytopeError::Degenerate`] when the horizon is not one simple cycle in tour
    /// order (rounding made the visibility tests inconsistent) or a new face is degenerate;
    /// [`PolytopeError::Full`] when out of face slots.
    pub fn fill(&mut self, w: u8) -> Result<(), PolytopeError> {
        let (h, r) = (self.horizon_count, self.removed_count);
        self.removed_count = 0;
        let fresh = h.saturating_sub(r + self.free_count);
        if h < 3 || self.face_count + fresh > MAX_FACES {
            self.release(r, 0);
            return Err(if h < 3 {
                PolytopeError::Degenerate
            } else {
                PolytopeError::Full
            });
        }
        // The cycle's vertices q_k, checked to chain (p_k = q_{k+1}) and not to repeat.
        let mut ring = [0u8; MAX_HORIZON];
        let mut seen = [0u64; 2];
        let mut chained = true;
        let mut previous_p = u8::MAX;
        for (k, q_k) in ring[..h].iter_mut().enumerate() {
            let [g, e] = self.horizon[k];
            let v = self.faces[g as usize].vertices;
            let (p, q) = (v[e as usize], v[NEXT[e as usize]]);
            let bit = 1u64 << (q & 63);
            let word = &mut seen[(q >> 6) as usize];
            chained &= *word & bit == 0 && (k == 0 || previous_p == q);
            *word |= bit;
            previous_p = p;
            *q_k = q;
        }
        if !chained || previous_p != ring[0] {
            self.release(r, 0);
            return Err(PolytopeError::Degenerate);
        }
        // Slots: the carved ones, then freed ones, then fresh ones at the end.
        let mut slots = [0u8; MAX_HORIZON];
        for (k, slot) in slots[..h].iter_mut().enumerate() {
            *slot = if k < r {
                self.removed[k]
            } else if self.free_count > 0 {
                self.free_count -= 1;
                self.free[self.free_count]
            } else {
                self.face_count += 1;
                (self.face_count - 1) as u8
            };
        }
        self.release(r, h);
        let pw = self.vertices[w as usize].w.coords;
        let offset = |s: &Polytope, v: u8| s.vertices[v as usize].w.coords - pw;
        let first = offset(self, ring[0]);
        let mut r_k = first;
        for k in 0..h {
            let next = if k + 1 < h { k + 1 } else { 0 };
            let r_next = if next == 0 {
                first
            } else {
                offset(self, ring[next])
            };
            let Some((normal, distance)) =
                plane(&r_k.cross(&r_next), &(pw + (r_k + r_next) * (1.0 / 3.0)))
            else {
                return Err(PolytopeError::Degenerate);
            };
            let [g, e] = self.horizon[k];
            let slot = slots[k];
            let previous = slots[if k == 0 { h - 1 } else { k - 1 }];
            self.faces[slot as usize] = Face {
                vertices: [ring[k], ring[next], w],
                adjacent: [g, slots[next], previous],
                adjacent_edge: [e, 2, 1],
                normal,
                distance,
                alive: true,
            };
            self.distances[slot as usize] = distance;
            let kept = &mut self.faces[g as usize];
            kept.adjacent[e as usize] = slot;
            kept.adjacent_edge[e as usize] = 0;
            r_k = r_next;
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

/// `NEXT[i] = (i + 1) % 3`, the next edge of a triangle.
const NEXT: [usize; 3] = [1, 2, 0];
