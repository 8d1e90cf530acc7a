//! Quickhull with conflict lists (Barber, Dobkin & Huhdanpaa 1996, "The
//! Quickhull Algorithm for Convex Hulls").
//!
//! Every point that lies more than `ε` above the current hull sits in the
//! conflict list of exactly one face it is above. The lists are contiguous
//! ranges of one pool of `(coordinates, index)` records, farthest point
//! first, so handing points on streams through memory; the pool is compacted
//! when it fills (it holds at most `2n` records, so a compaction always makes
//! room for the next step). A face with a non-empty range gives up its
//! farthest point as the next *eye*. The faces the eye sees are found by a flood fill over face adjacency
//! from that face, using the exact sign of the orientation determinant, so the
//! visible region of the (exactly weakly convex) hull is always a disk. Its
//! boundary, the horizon, is walked edge by edge; each horizon edge gets a new
//! triangle to the eye, and the conflict points of the deleted faces are
//! handed to the new faces (Barber et al., Lemma: a point above a deleted face
//! and outside the new hull is above a new face) or dropped as inside. The
//! lemma is applied exactly (`distribute.rs`): a point is dropped only when it
//! is exactly below or on every new face, or on a new triangle to within a
//! height's rounding; one within `ε` above a new face is rechecked against the
//! finished hull ([`Builder::recheck_near`]). So every input point ends at most
//! `ε` above the finished triangles, whatever the shape of the hull: needles,
//! slivers and thin slabs, where a point a rounding error above one plane can lie
//! far from the hull, need no sweep of their own.
//!
//! Expected `O(n log h)` for `n` points and `h` hull vertices. All scratch
//! buffers live in the [`Builder`] and are reused across iterations, and across
//! the builds a thread makes (`scratch.rs`). The start (a tetrahedron, grown by the
//! 14 directional extremes from 256 points on, with an inscribed-ball cull) is in
//! `initial.rs`; large clouds in convex position or mostly deep inside their hull
//! start instead from the hull of a sample, with every point placed on it
//! (`sample.rs`); the redistribution of conflict points to the new faces, the
//! hottest loop, is in `distribute.rs`. Which edges are flat (coplanar within `ε`)
//! is left to face merging, which finds them once on the finished mesh.
//!
//! Tried and dropped: the 14-extreme start below 256 points (its search and
//! insertions cost more than the points it culls); the cone's planes computed in a loop
//! of their own once its triangles are linked, so that their square roots and divisions
//! overlap (2–4 % slower, AMD EPYC Zen 5).

mod distribute;
mod initial;
mod sample;
mod scratch;

pub(crate) use initial::simplex as start_simplex;

use crate::HullError;
use crate::error::{push, reserve, room};
use crate::mesh::{ALIVE, FREE, Mesh, NONE, VISIBLE, next};
use crate::tolerance::{Bounds, Scale};

use nalgebra::Point3;
use scratch::Scratch;

/// A conflict point, stored with its coordinates so that redistributing a
/// face's points streams through memory instead of chasing indices.
#[derive(Clone, Copy, Debug)]
struct Conflict {
    p: Point3<f64>,
    index: u32,
}

/// The twin half-edges of the starting tetrahedron's faces `[0, 1, 2]`,
/// `[0, 3, 1]`, `[1, 3, 2]`, `[2, 3, 0]`.
const TETRAHEDRON_TWINS: [(u32, u32); 6] = [(0, 5), (1, 8), (2, 11), (3, 10), (4, 6), (7, 9)];

/// The starting tetrahedron's faces, counter-clockwise from outside when vertex
/// 3 is below face 0.
const TETRAHEDRON: [[u32; 3]; 4] = [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];

/// Clouds of at least this many points start from the tetrahedron grown by the
/// 14 directional extremes (`initial.rs`); smaller ones from the tetrahedron
/// alone, since the extremes' search and insertion cost more than the inside
/// points they cull.
const SEED_EXTREMES_FROM: usize = 256;

/// Starting capacity of the per-step scratch buffers.
const SCRATCH: usize = 32;

/// [`HullError::OutOfMemory`] for the working storage of a build of `n` points: the
/// mesh's faces and the conflict pool.
fn out_of_memory(n: usize) -> HullError {
    HullError::OutOfMemory {
        count: n,
        bytes: Mesh::bytes_for(2 * n + 16)
            .saturating_add((2 * n).saturating_mul(std::mem::size_of::<Conflict>())),
    }
}

impl Scratch {
    /// The thread's buffers ([`Scratch::take`]) with room for a build of `n` points: the
    /// pool's `2n` records, and every per-step list at the size of a typical step (a
    /// visible region and a cone of a few dozen faces), so that small hulls, which make
    /// a handful of steps, do not spend them regrowing buffers from empty.
    fn for_build(n: usize) -> Result<Self, HullError> {
        let mut s = Self::take();
        s.pool.try_reserve(2 * n).map_err(|_| out_of_memory(n))?;
        for v in [&mut s.pending, &mut s.visible, &mut s.stack, &mut s.cone] {
            reserve(v, SCRATCH, n)?;
        }
        reserve(&mut s.horizon, SCRATCH, n)?;
        reserve(&mut s.sources, SCRATCH, n)?;
        reserve(&mut s.planes, SCRATCH, n)?;
        reserve(&mut s.slots, SCRATCH, n)?;
        // Every input point gets a target in the first distribution, and at most
        // that many are ever kept for the recheck.
        reserve(&mut s.targets, n, n)?;
        reserve(&mut s.near, n, n)?;
        Ok(s)
    }
}

/// Quickhull state.
pub(crate) struct Builder<'a> {
    pts: &'a [Point3<f64>],
    pub scale: Scale,
    /// Coordinates of the hull vertices, in the order they were added (the
    /// mesh refers to these dense ids): recent vertices are near each other
    /// in memory as well as in space, unlike the input's order.
    pub vertex_positions: Vec<Point3<f64>>,
    /// Input index of each dense vertex.
    pub input_index: Vec<u32>,
    pub mesh: Mesh,
    /// Logical end of [`Scratch::pool`]: records from here on are stale. The vector's
    /// length is the high-water mark, so compaction does not truncate it and
    /// opening ranges writes filler only into never-used room.
    end: u32,
    /// The conflict lists and the per-step buffers, kept per thread between builds.
    scratch: Scratch,
}

impl<'a> Builder<'a> {
    /// Picks the initial tetrahedron, or reports why the input spans no volume.
    ///
    /// # Errors
    /// [`HullError::Coincident`], [`HullError::Collinear`] or
    /// [`HullError::Coplanar`], each decided with the tolerance `ε`.
    pub fn new(pts: &'a [Point3<f64>], bounds: &Bounds, scale: Scale) -> Result<Self, HullError> {
        let start = initial::simplex(pts, &bounds.extremes, &scale)?;
        Self::with_start(pts, bounds, scale, start)
    }

    /// [`Self::new`] from the start tetrahedron `start` ([`start_simplex`]'s answer, its
    /// fourth point below the first three), found already.
    ///
    /// # Errors
    /// [`HullError::OutOfMemory`] and [`HullError::Internal`] (from a sampled start).
    pub fn with_start(
        pts: &'a [Point3<f64>],
        bounds: &Bounds,
        scale: Scale,
        start: [u32; 4],
    ) -> Result<Self, HullError> {
        let n = pts.len();
        let [a, b, c, d] = start;
        if sample::worth_it(pts, [a, b, c, d], scale)?
            && let Some(builder) = Self::from_sample(pts, bounds, scale)?
        {
            return Ok(builder);
        }
        // A hull of up to 64 vertices is most of what small clouds make; larger ones
        // grow by doubling as vertices are added.
        let mut input_index = room(n.min(64), n)?;
        input_index.extend([a, b, c, d]);
        let mut vertex_positions = room(n.min(64), n)?;
        vertex_positions.extend(input_index.iter().map(|&i| pts[i as usize]));
        // Euler: a hull of h ≤ n vertices has 2h − 4 faces; the slack covers
        // the faces of one step. Reserved, not touched; with the pool (`Scratch::for_build`),
        // the bulk of the working storage, so a point set too large for memory is refused
        // here.
        let mut mesh = Mesh::try_with_capacity(2 * n + 16).ok_or_else(|| out_of_memory(n))?;
        for v in TETRAHEDRON {
            mesh.add_face(&vertex_positions, v, &scale);
        }
        // Pair the 12 half-edges (`3f + i` runs `vᵢ → vᵢ₊₁` of face `f`): 0→1
        // with 1→0, 1→2 with 2→1, 2→0 with 0→2, 0→3 with 3→0, 3→1 with 1→3,
        // 3→2 with 2→3.
        for (h, t) in TETRAHEDRON_TWINS {
            debug_assert!(
                mesh.origin(h) == mesh.origin(next(t)) && mesh.origin(next(h)) == mesh.origin(t)
            );
            mesh.link(h, t);
        }
        let mut builder = Self::with_parts(pts, scale, mesh, vertex_positions, input_index)?;
        builder.scratch.cone.extend([0, 1, 2, 3]);
        if n >= SEED_EXTREMES_FROM {
            builder.seed_extremes(&bounds.extremes)?;
        }
        builder.distribute_input()?;
        Ok(builder)
    }

    /// A builder of `pts` from a start's mesh and vertex lists, with the thread's
    /// buffers and room for the build ([`Scratch::for_build`]), no conflict points yet.
    fn with_parts(
        pts: &'a [Point3<f64>],
        scale: Scale,
        mesh: Mesh,
        vertex_positions: Vec<Point3<f64>>,
        input_index: Vec<u32>,
    ) -> Result<Self, HullError> {
        Ok(Self {
            pts,
            scale,
            vertex_positions,
            input_index,
            mesh,
            end: 0,
            scratch: Scratch::for_build(pts.len())?,
        })
    }

    /// Runs quickhull to completion.
    ///
    /// # Errors
    /// [`HullError::Internal`] if the horizon is not a simple cycle, which
    /// the exact visibility test rules out; reported rather than looping.
    pub fn run(&mut self) -> Result<(), HullError> {
        loop {
            while let Some(f) = self.scratch.pending.pop() {
                let face = self.mesh.faces[f as usize];
                if self.mesh.topo[f as usize].state != ALIVE || face.len == 0 {
                    continue;
                }
                let eye = self.scratch.pool[face.start as usize];
                self.add_point(f, eye)?;
            }
            if !self.recheck_near()? {
                return Ok(());
            }
        }
    }

    /// Points dropped while inside every new face by at most `ε` but above
    /// one of them can be far above an *older* face when faces are nearly
    /// parallel (thin slabs): the ε-version of Barber et al.'s lemma only
    /// bounds the new faces. Each such point is checked against every face
    /// of the finished hull (`O(F)` per point; they are rare: exact coplanar
    /// points have height 0, and those within `ε` of a triangle of the hull
    /// are not kept, see `distribute/near.rs`). Returns whether some were outside
    /// and got conflict ranges again.
    ///
    /// # Errors
    /// [`HullError::OutOfMemory`] when its lists (in proportion to the faces and to the
    /// points rechecked) do not fit in memory.
    fn recheck_near(&mut self) -> Result<bool, HullError> {
        if self.scratch.near.is_empty() && self.scratch.kept_near.is_empty() {
            // Nothing to recheck (the usual case): the faces made since matter only
            // to kept points.
            self.scratch.made.clear();
            return Ok(false);
        }
        let n = self.pts.len();
        let mut near = std::mem::take(&mut self.scratch.near);
        near.sort_unstable();
        near.dedup();
        // Each rechecked point is found above one face, or kept, at most once.
        let checked = near.len() + self.scratch.kept_near.len();
        let mut found: Vec<(u32, u32, f64)> = room(checked, n)?;
        let mut alive = room(self.mesh.faces.len(), n)?;
        alive.extend(
            (0..self.mesh.faces.len() as u32)
                .filter(|&f| self.mesh.topo[f as usize].state == ALIVE),
        );
        // Points still above some face by at most `ε` are kept: if the found points grow
        // the hull further, its new faces can rise above them too (a fuzzer
        // case: two clusters 0.8e-6 apart and 1e-19 wide, a point 0.9 `ε` above
        // a face at the first recheck ended 2.2 `ε` above an end cap made by a point that
        // recheck found). The faces they were checked against do not change while alive,
        // so the next recheck tests them against the faces made since.
        let mut kept = room(checked, n)?;
        for &i in &near {
            if self
                .above_any(i, &alive, &mut found)
                .is_some_and(|highest| highest > 0.0)
            {
                kept.push(i);
            }
        }
        let made = std::mem::take(&mut self.scratch.made);
        let mut fresh = room(made.len(), n)?;
        fresh.extend(
            made.into_iter()
                .filter(|&f| self.mesh.topo[f as usize].state == ALIVE),
        );
        for i in std::mem::take(&mut self.scratch.kept_near) {
            if self.above_any(i, &fresh, &mut found).is_some() {
                kept.push(i);
            }
        }
        near.clear();
        self.scratch.near = near;
        if found.is_empty() {
            return Ok(false);
        }
        kept.sort_unstable();
        kept.dedup();
        self.scratch.kept_near = kept;

        // Fresh ranges at the end of the pool, farthest point first.
        found.sort_unstable_by(|x, y| x.0.cmp(&y.0).then(y.2.total_cmp(&x.2)));
        let beyond = (self.end as usize + found.len()).saturating_sub(self.scratch.pool.len());
        reserve(&mut self.scratch.pool, beyond, n)?;
        reserve(&mut self.scratch.pending, found.len(), n)?;
        let mut k = 0;
        while k < found.len() {
            let f = found[k].0;
            let start = self.end;
            while k < found.len() && found[k].0 == f {
                let i = found[k].1;
                let c = Conflict {
                    p: self.pts[i as usize],
                    index: i,
                };
                if (self.end as usize) < self.scratch.pool.len() {
                    self.scratch.pool[self.end as usize] = c;
                } else {
                    self.scratch.pool.push(c);
                }
                self.end += 1;
                k += 1;
            }
            let face = &mut self.mesh.faces[f as usize];
            face.start = start;
            face.len = self.end - start;
            self.scratch.pending.push(f);
        }
        Ok(true)
    }

    /// Checks input point `i` against `faces`: on the first it is more than `ε` above,
    /// records `(face, i, height)` in `found` and returns `None`; otherwise returns an
    /// upper bound on its greatest exact height (float height plus the plane's rounding
    /// bound).
    fn above_any(&self, i: u32, faces: &[u32], found: &mut Vec<(u32, u32, f64)>) -> Option<f64> {
        let q = self.pts[i as usize];
        let mut highest = f64::NEG_INFINITY;
        for &f in faces {
            let (above, h) =
                self.mesh
                    .height_above(&self.vertex_positions, f, &q, self.scale.eps, &self.scale);
            if above {
                found.push((f, i, h));
                return None;
            }
            highest = highest.max(h + f64::from(self.mesh.faces[f as usize].err));
        }
        Some(highest)
    }

    /// The finished mesh, the dense vertex coordinates and their input
    /// indices.
    #[must_use]
    /// The per-step buffers go back to the thread for its next build.
    pub fn into_parts(self) -> (Mesh, Vec<Point3<f64>>, Vec<u32>) {
        let Self {
            vertex_positions,
            input_index,
            mesh,
            scratch,
            ..
        } = self;
        scratch.keep();
        (mesh, vertex_positions, input_index)
    }

    /// Room for one more hull vertex in the vertex lists, which double as they fill.
    ///
    /// # Errors
    /// [`HullError::OutOfMemory`] when they cannot grow.
    #[inline(always)]
    fn room_for_a_vertex(&mut self) -> Result<(), HullError> {
        let len = self.vertex_positions.len();
        if len == self.vertex_positions.capacity() || len == self.input_index.capacity() {
            return self.grow_vertex_lists();
        }
        Ok(())
    }

    /// Doubles the room of the vertex lists, but never past one vertex per input point.
    #[cold]
    #[inline(never)]
    fn grow_vertex_lists(&mut self) -> Result<(), HullError> {
        let (len, n) = (self.vertex_positions.len(), self.pts.len());
        let more = len.max(4).min(n.saturating_sub(len).max(1));
        reserve(&mut self.vertex_positions, more, n)?;
        reserve(&mut self.input_index, more, n)
    }

    /// Adds `eye` (exactly above face `f`) to the hull.
    ///
    /// # Errors
    /// [`HullError::Internal`] as [`Self::run`]; [`HullError::OutOfMemory`] when a list
    /// of the step (the faces seen, the horizon, the cone, the freed slots) cannot grow.
    fn add_point(&mut self, f: u32, eye: Conflict) -> Result<(), HullError> {
        let (q, n) = (eye.p, self.pts.len());
        // Flood fill of the faces that see the eye (exact sign, threshold 0).
        self.scratch.visible.clear();
        self.scratch.stack.clear();
        self.mesh.topo[f as usize].state = VISIBLE;
        push(&mut self.scratch.stack, f, n)?;
        while let Some(g) = self.scratch.stack.pop() {
            push(&mut self.scratch.visible, g, n)?;
            for t in self.mesh.topo[g as usize].twins {
                let nb = t / 3;
                if self.mesh.topo[nb as usize].state == ALIVE
                    && self
                        .mesh
                        .height_above(&self.vertex_positions, nb, &q, 0.0, &self.scale)
                        .0
                {
                    self.mesh.topo[nb as usize].state = VISIBLE;
                    push(&mut self.scratch.stack, nb, n)?;
                }
            }
        }
        self.walk_horizon()?;
        // Make room for the orphans before the visible slots are recycled.
        let orphans: usize = self
            .scratch
            .visible
            .iter()
            .map(|&g| self.mesh.faces[g as usize].len as usize)
            .sum();
        if self.end as usize + orphans > self.scratch.pool.capacity() {
            self.compact()?;
        }
        self.scratch.sources.clear();
        for &g in &self.scratch.visible {
            let face = &self.mesh.faces[g as usize];
            if face.len > 0 {
                push(&mut self.scratch.sources, (face.start, face.len), n)?;
            }
            self.mesh.topo[g as usize].state = FREE;
            push(&mut self.mesh.free, g, n)?;
        }
        // The cone: one triangle (from, to, eye) per horizon edge.
        let apex = self.vertex_positions.len() as u32;
        self.room_for_a_vertex()?;
        self.vertex_positions.push(q);
        self.input_index.push(eye.index);
        self.scratch.cone.clear();
        for &(from, to, outside) in &self.scratch.horizon {
            let nf = self
                .mesh
                .add_face(&self.vertex_positions, [from, to, apex], &self.scale);
            self.mesh.link(3 * nf, outside);
            push(&mut self.scratch.cone, nf, n)?;
        }
        if !self.scratch.kept_near.is_empty() {
            reserve(&mut self.scratch.made, self.scratch.cone.len(), n)?;
            self.scratch.made.extend_from_slice(&self.scratch.cone);
        }
        let k = self.scratch.cone.len();
        for i in 0..k {
            // Edge (to → eye) of face i meets edge (eye → to) of face i + 1.
            let (h, t) = (
                3 * self.scratch.cone[i] + 1,
                3 * self.scratch.cone[(i + 1) % k] + 2,
            );
            self.mesh.link(h, t);
        }
        self.distribute(eye.index)
    }

    /// Moves the live conflict ranges to the front of the pool.
    ///
    /// # Errors
    /// [`HullError::OutOfMemory`] when the list of live ranges cannot grow.
    fn compact(&mut self) -> Result<(), HullError> {
        let n = self.pts.len();
        self.scratch.live.clear();
        for (f, face) in self.mesh.faces.iter().enumerate() {
            if self.mesh.topo[f].state != FREE && face.len > 0 {
                let key = u64::from(face.start) << 32 | f as u64;
                push(&mut self.scratch.live, key, n)?;
            }
        }
        self.scratch.live.sort_unstable();
        let mut w = 0u32;
        for &key in &self.scratch.live {
            let (start, f) = ((key >> 32) as u32, key as u32);
            let face = &mut self.mesh.faces[f as usize];
            self.scratch
                .pool
                .copy_within(start as usize..(start + face.len) as usize, w as usize);
            face.start = w;
            w += face.len;
        }
        self.end = w;
        Ok(())
    }

    /// Orders the boundary of the visible region into `self.scratch.horizon`.
    ///
    /// # Errors
    /// [`HullError::Internal`] when the boundary is not one simple cycle;
    /// [`HullError::OutOfMemory`] when the horizon's list cannot grow to its length.
    fn walk_horizon(&mut self) -> Result<(), HullError> {
        let m = &self.mesh;
        let outside = |h: u32| m.topo[(m.twin(h) / 3) as usize].state != VISIBLE;
        let mut boundary = 0usize;
        let mut start = NONE;
        for &g in &self.scratch.visible {
            for i in 0..3 {
                if outside(3 * g + i) {
                    boundary += 1;
                    start = 3 * g + i;
                }
            }
        }
        self.scratch.horizon.clear();
        // The walk stops before it passes `boundary` edges.
        reserve(&mut self.scratch.horizon, boundary, self.pts.len())?;
        let m = &self.mesh;
        let mut h = start;
        loop {
            if self.scratch.horizon.len() >= boundary || h == NONE {
                return Err(HullError::Internal);
            }
            self.scratch
                .horizon
                .push((m.origin(h), m.origin(next(h)), m.twin(h)));
            // Turn around the end vertex until the next boundary edge.
            let mut e = next(h);
            let mut turns = 0;
            while !outside(e) {
                e = next(m.twin(e));
                turns += 1;
                if turns > 3 * self.scratch.visible.len() {
                    return Err(HullError::Internal);
                }
            }
            h = e;
            if h == start {
                break;
            }
        }
        if self.scratch.horizon.len() == boundary {
            Ok(())
        } else {
            Err(HullError::Internal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{TETRAHEDRON, TETRAHEDRON_TWINS};

    /// Each half-edge of the starting tetrahedron is paired with the one running
    /// the other way, and every half-edge is paired once.
    #[test]
    fn tetrahedron_twins_run_opposite_ways() {
        let ends = |h: u32| {
            let f = TETRAHEDRON[(h / 3) as usize];
            (f[(h % 3) as usize], f[((h + 1) % 3) as usize])
        };
        let mut seen = [0; 12];
        for (h, t) in TETRAHEDRON_TWINS {
            let ((a, b), (c, d)) = (ends(h), ends(t));
            assert_eq!((a, b), (d, c), "half-edges {h} and {t}");
            seen[h as usize] += 1;
            seen[t as usize] += 1;
        }
        assert_eq!(seen, [1; 12]);
    }
}
