//! Quickhull with conflict lists (Barber, Dobkin & Huhdanpaa 1996, "The
//! Quickhull Algorithm for Convex Hulls").
//!
//! Every point that lies more than `ε` above the current hull sits in the
//! conflict list of exactly one face it is above; the list head is the
//! farthest point. A face with a non-empty list gives up its head as the next
//! *eye*. The faces the eye sees are found by a flood fill over face adjacency
//! from that face, using the exact sign of the orientation determinant, so the
//! visible region of the (exactly weakly convex) hull is always a disk. Its
//! boundary, the horizon, is walked edge by edge; each horizon edge gets a new
//! triangle to the eye, and the conflict points of the deleted faces are
//! handed to the new faces (Barber et al., Lemma: a point above a deleted face
//! and outside the new hull is above a new face) or dropped as inside.
//!
//! Expected `O(n log h)` for `n` points and `h` hull vertices. All scratch
//! buffers live in the [`Builder`] and are reused across iterations.

use crate::HullError;
use crate::mesh::{ALIVE, FREE, Mesh, NONE, VISIBLE, next, plane};
use crate::predicates::height_sign;
use crate::tolerance::Scale;
use nalgebra::Point3;

/// Quickhull state.
pub(crate) struct Builder<'a> {
    pts: &'a [Point3<f64>],
    pub scale: Scale,
    pub mesh: Mesh,
    /// Conflict-list successor of each point.
    next_point: Vec<u32>,
    /// Faces that may have a non-empty conflict list.
    pending: Vec<u32>,
    /// Scratch: faces seen by the eye.
    visible: Vec<u32>,
    /// Scratch: flood-fill stack.
    stack: Vec<u32>,
    /// Scratch: horizon as `(from, to, twin half-edge outside)`.
    horizon: Vec<(u32, u32, u32)>,
    /// Scratch: new faces of the current step.
    cone: Vec<u32>,
    /// Scratch: conflict points of the deleted faces.
    orphans: Vec<u32>,
}

impl<'a> Builder<'a> {
    /// Picks the initial tetrahedron, or reports why the input spans no volume.
    ///
    /// # Errors
    /// [`HullError::Coincident`], [`HullError::Collinear`] or
    /// [`HullError::Coplanar`], each decided with the tolerance `ε`.
    pub fn new(pts: &'a [Point3<f64>], scale: Scale) -> Result<Self, HullError> {
        let eps = scale.eps;
        // Extreme points along the axes; the farthest pair of them.
        let mut ext = [0usize; 6];
        for (i, p) in pts.iter().enumerate() {
            for k in 0..3 {
                if p[k] < pts[ext[2 * k]][k] {
                    ext[2 * k] = i;
                }
                if p[k] > pts[ext[2 * k + 1]][k] {
                    ext[2 * k + 1] = i;
                }
            }
        }
        let (mut a, mut b, mut best) = (ext[0], ext[1], -1.0);
        for &i in &ext {
            for &j in &ext {
                let d = (pts[i] - pts[j]).norm_squared();
                if d > best {
                    (a, b, best) = (i, j, d);
                }
            }
        }
        if best.sqrt() <= eps {
            return Err(HullError::Coincident);
        }
        // Farthest from the line ab.
        let ab = (pts[b] - pts[a]).normalize();
        let (c, dist) = argmax(pts, |p| (p - pts[a]).cross(&ab).norm());
        if dist <= eps {
            return Err(HullError::Collinear);
        }
        // Farthest from the plane abc.
        let (face, _) = plane(&pts[a], &pts[b], &pts[c], &scale);
        let (d, dist) = argmax(pts, |p| (face.normal.dot(&p.coords) - face.offset).abs());
        if dist <= eps {
            return Err(HullError::Coplanar);
        }
        let n = pts.len();
        // Euler: a hull of h ≤ n vertices has 2h − 4 faces; the flood fill may
        // briefly hold a few more, hence the slack. Reserved, not touched.
        let mut mesh = Mesh::with_capacity(2 * n + 16);
        let [a, b, c, d] = [a, b, c, d].map(|i| i as u32);
        // Orient abc so that d is below it.
        let (b, c) = if height_sign(&pts[a as usize], &pts[b as usize], &pts[c as usize], &pts[d as usize], 0.0) > 0.0 {
            (c, b)
        } else {
            (b, c)
        };
        for v in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
            mesh.add_face(pts, v, &scale);
        }
        // Pair the 12 half-edges by brute force.
        for h in 0..12 {
            for t in 0..12 {
                if mesh.origin(h) == mesh.origin(next(t)) && mesh.origin(next(h)) == mesh.origin(t) {
                    mesh.link(h, t);
                }
            }
        }
        let mut builder = Self {
            pts,
            scale,
            mesh,
            next_point: vec![NONE; n],
            pending: Vec::new(),
            visible: Vec::new(),
            stack: Vec::new(),
            horizon: Vec::new(),
            cone: vec![0, 1, 2, 3],
            orphans: Vec::new(),
        };
        for i in 0..n as u32 {
            if ![a, b, c, d].contains(&i) {
                builder.assign(i);
            }
        }
        builder.pending.extend(0..4);
        Ok(builder)
    }

    /// Puts point `i` into the conflict list of the first face of the current
    /// cone it is more than `ε` above, or drops it (it is inside within `ε`).
    #[inline]
    fn assign(&mut self, i: u32) {
        let pts = self.pts;
        let q = &pts[i as usize];
        for &f in &self.cone {
            let (above, h) = self.mesh.height_above(pts, f, q, self.scale.eps, &self.scale);
            if above {
                let face = &mut self.mesh.faces[f as usize];
                let h = h as f32;
                if face.head == NONE || h > face.far {
                    self.next_point[i as usize] = face.head;
                    face.head = i;
                    face.far = h;
                } else {
                    let head = face.head as usize;
                    self.next_point[i as usize] = self.next_point[head];
                    self.next_point[head] = i;
                }
                return;
            }
        }
    }

    /// Runs quickhull to completion.
    ///
    /// # Errors
    /// [`HullError::Internal`] if the horizon is not a simple cycle, which
    /// the exact visibility test rules out; reported rather than looping.
    pub fn run(&mut self) -> Result<(), HullError> {
        while let Some(f) = self.pending.pop() {
            if self.mesh.state[f as usize] != ALIVE {
                continue;
            }
            let eye = self.mesh.faces[f as usize].head;
            if eye == NONE {
                continue;
            }
            self.add_point(f, eye)?;
        }
        Ok(())
    }

    /// The finished mesh, and the per-point link buffer for reuse.
    #[must_use]
    pub fn into_parts(self) -> (Mesh, Vec<u32>) {
        (self.mesh, self.next_point)
    }

    /// Adds `eye` (exactly above face `f`) to the hull.
    fn add_point(&mut self, f: u32, eye: u32) -> Result<(), HullError> {
        let q = self.pts[eye as usize];
        // Flood fill of the faces that see the eye (exact sign, threshold 0).
        self.visible.clear();
        self.stack.clear();
        self.mesh.state[f as usize] = VISIBLE;
        self.stack.push(f);
        while let Some(g) = self.stack.pop() {
            self.visible.push(g);
            for t in self.mesh.twins[g as usize] {
                let nb = t / 3;
                if self.mesh.state[nb as usize] == ALIVE && self.mesh.height_above(self.pts, nb, &q, 0.0, &self.scale).0 {
                    self.mesh.state[nb as usize] = VISIBLE;
                    self.stack.push(nb);
                }
            }
        }
        self.walk_horizon()?;
        // Collect the orphans and free the visible faces.
        self.orphans.clear();
        for &g in &self.visible {
            let mut p = self.mesh.faces[g as usize].head;
            while p != NONE {
                if p != eye {
                    self.orphans.push(p);
                }
                p = self.next_point[p as usize];
            }
            self.mesh.state[g as usize] = FREE;
            self.mesh.free.push(g);
        }
        // The cone: one triangle (from, to, eye) per horizon edge.
        self.cone.clear();
        for &(from, to, outside) in &self.horizon {
            let nf = self.mesh.add_face(self.pts, [from, to, eye], &self.scale);
            self.mesh.link(3 * nf, outside);
            self.cone.push(nf);
        }
        let k = self.cone.len();
        for i in 0..k {
            // Edge (to → eye) of face i meets edge (eye → to) of face i + 1.
            self.mesh.link(3 * self.cone[i] + 1, 3 * self.cone[(i + 1) % k] + 2);
        }
        for j in 0..self.orphans.len() {
            let p = self.orphans[j];
            self.assign(p);
        }
        for &nf in &self.cone {
            if self.mesh.faces[nf as usize].head != NONE {
                self.pending.push(nf);
            }
        }
        Ok(())
    }

    /// Orders the boundary of the visible region into `self.horizon`.
    fn walk_horizon(&mut self) -> Result<(), HullError> {
        let m = &self.mesh;
        let outside = |h: u32| m.state[(m.twin(h) / 3) as usize] != VISIBLE;
        let mut boundary = 0usize;
        let mut start = NONE;
        for &g in &self.visible {
            for i in 0..3 {
                if outside(3 * g + i) {
                    boundary += 1;
                    start = 3 * g + i;
                }
            }
        }
        self.horizon.clear();
        let mut h = start;
        loop {
            if self.horizon.len() >= boundary || h == NONE {
                return Err(HullError::Internal);
            }
            self.horizon.push((m.origin(h), m.origin(next(h)), m.twin(h)));
            // Turn around the end vertex until the next boundary edge.
            let mut e = next(h);
            let mut turns = 0;
            while !outside(e) {
                e = next(m.twin(e));
                turns += 1;
                if turns > 3 * self.visible.len() {
                    return Err(HullError::Internal);
                }
            }
            h = e;
            if h == start {
                break;
            }
        }
        if self.horizon.len() == boundary {
            Ok(())
        } else {
            Err(HullError::Internal)
        }
    }
}

/// Index and value of the largest `key(p)`.
fn argmax(pts: &[Point3<f64>], key: impl Fn(&Point3<f64>) -> f64) -> (usize, f64) {
    let mut best = (0, f64::NEG_INFINITY);
    for (i, p) in pts.iter().enumerate() {
        let k = key(p);
        if k > best.1 {
            best = (i, k);
        }
    }
    best
}
