//! Handing conflict points to the faces of a new cone.
//!
//! Barber et al.'s lemma: a point above a deleted face that is outside the
//! new hull is above one of the new (cone) faces. So each orphan is tested
//! against the cone only: it goes to the first cone face it is more than `ε`
//! above, or is dropped as inside. The lemma needs the point *exactly* below
//! (or on) every cone face: a point whose float height comes within the planes'
//! rounding bound of 0 is dropped only when it lies on a cone triangle to within
//! that bound (as points on a box's faces do) or the exact test puts it below or
//! on every cone face; one exactly above a cone face (by at most `ε`) is kept for
//! the final recheck against the finished hull (`Builder::recheck_near`). A float
//! height at most 0 is not enough: a point above a plane by a rounding error is
//! not near the hull where faces meet at a sharp angle, as on the slivers and
//! needles that clusters of near-duplicates make (in a fuzzer case, a point 0.004
//! `ε` above the start's needle tetrahedron ended 38 `ε` outside the hull).
//!
//! The recheck tests a point against every face of the finished hull, so one shown to
//! lie within `ε` of a hull triangle is dropped instead (`near.rs`).
//!
//! This is the builder's hottest loop (each point on a sphere moves about
//! `2 ln n` times), so the cone's planes are copied into one small contiguous
//! array first, with the two thresholds of the float filter precomputed:
//! a height `h = n·p − offset` is off by at most `err` (see `mesh::plane`),
//! so `h > ε + err` is surely above, `h < ε − err` surely not, and only the
//! band in between asks the exact predicate ([`Mesh::height_above`]).
//!
//! Two streaming passes: the first decides each point's slot, counts the
//! slots and finds each slot's farthest point; the second scatters the
//! records into fresh ranges at the end of the pool, each range's farthest
//! point first.
//!
//! Tried and dropped: processing faces breadth-first (fewer point moves, much worse
//! locality); padding cones to a fixed 8, 16 or 32 planes; the branch-free cone search
//! for the first hull's two dozen faces too; the small cones' planes also kept a
//! coordinate at a time in blocks of four, heights and masks four lanes at once (1,000
//! to 10,000 points in a ball or on a box 2–5 % faster, 32 points 1–3 % slower); the
//! first hull's faces sorted into 48 direction cells seen from its inscribed ball's
//! centre, each input point tested against the four or so its cell meets (16–18 %
//! fewer instructions at 10,000 points in a ball, 11 % faster at 1,000 in a ball or on
//! a box, no faster at 10,000, where the build after it ran longer, 2 % slower on a
//! sphere).

mod near;

pub(super) use near::within_reach;

use super::{Builder, Conflict};
use crate::HullError;
use crate::error::{push, reserve};
use crate::mesh::{Mesh, NONE};
use crate::tolerance::Scale;
use nalgebra::{Point3, Vector3};

/// Float height `n·p − offset` of `p` above a cone plane.
#[inline]
fn height(pl: &ConePlane, p: &Point3<f64>) -> f64 {
    pl.normal[0] * p.x + pl.normal[1] * p.y + pl.normal[2] * p.z - pl.offset
}

/// Cones of at most this many faces (on a sphere they have about 6) are
/// searched all at once, without data-dependent branches.
const SMALL_CONE: usize = 32;

/// A cone face's plane with its float-filter thresholds.
#[derive(Clone, Copy, Debug)]
pub(super) struct ConePlane {
    normal: [f64; 3],
    offset: f64,
    /// `ε + err`: a float height above this is surely above the face.
    sure_above: f64,
    /// `ε − err`: a float height below this is surely not.
    sure_below: f64,
}

/// Per cone slot: points counted (then the write cursor), the greatest
/// height, the source ordinal of that point and its pool position.
#[derive(Clone, Copy, Debug)]
pub(super) struct ConeBucket {
    cursor: u32,
    best_h: f64,
    best: u32,
    best_at: u32,
}

impl ConeBucket {
    /// A slot with no points yet.
    pub(super) const EMPTY: Self = Self {
        cursor: 0,
        best_h: f64::NEG_INFINITY,
        best: NONE,
        best_at: NONE,
    };
}

/// The cone as seen by the classification loop (shared borrows only).
struct Cone<'m> {
    planes: &'m [ConePlane],
    faces: &'m [u32],
    mesh: &'m Mesh,
    vertex_positions: &'m [Point3<f64>],
    scale: &'m Scale,
    /// The largest rounding bound of the cone's planes.
    err: f64,
}

impl Cone<'_> {
    /// First slot whose face `p` is more than `ε` above, with the height,
    /// starting at `*last` (neighbouring points tend to land on the same
    /// face); when `p` is inside within `ε`, `NONE` and its greatest float height
    /// if it is exactly above some cone face, `−∞` if it is exactly below or on
    /// every one ([`Self::inside`]).
    #[inline]
    fn target(&self, p: &Point3<f64>, last: &mut usize) -> (u32, f64) {
        let k = self.planes.len();
        if k <= SMALL_CONE {
            // Without data-dependent branches (which face a point lands on
            // is unpredictable): a bit mask of the faces surely above and of
            // those the filter cannot decide, and the greatest height (a NaN
            // height never wins `>`, as with `f64::max`, but the plain
            // comparison is one instruction on the loop-carried chain). The
            // chosen face's height is recomputed, bit for bit, rather than
            // kept in an array that every call would have to initialise.
            let (mut sure, mut unsure) = (0u32, 0u32);
            let mut highest = f64::NEG_INFINITY;
            for (slot, pl) in self.planes.iter().enumerate() {
                let h = height(pl, p);
                sure |= u32::from(h > pl.sure_above) << slot;
                unsure |= u32::from(h >= pl.sure_below) << slot;
                highest = if h > highest { h } else { highest };
            }
            if sure != 0 {
                let slot = sure.trailing_zeros();
                return (slot, height(&self.planes[slot as usize], p));
            }
            if unsure == 0 {
                return (NONE, self.inside(p, highest));
            }
        }
        let mut slot = *last;
        let mut highest = f64::NEG_INFINITY;
        for _ in 0..k {
            let pl = &self.planes[slot];
            let h = height(pl, p);
            let above = if h > pl.sure_above {
                true
            } else if h < pl.sure_below {
                false
            } else {
                let f = self.faces[slot];
                self.mesh
                    .height_above(self.vertex_positions, f, p, self.scale.eps, self.scale)
                    .0
            };
            if above {
                *last = slot;
                return (slot as u32, h);
            }
            highest = highest.max(h);
            slot += 1;
            if slot == k {
                slot = 0;
            }
        }
        (NONE, self.inside(p, highest))
    }

    /// For `p` inside every cone face within `ε`, with greatest float height `highest`:
    /// that height when `p` may be above a cone face (kept for the recheck), `−∞` when
    /// it is dropped. A float height above 0 is kept unless `p` is within `ε` of a cone
    /// triangle (`near.rs`); one below the planes' rounding bound is dropped; in
    /// between, `p` is dropped when it lies on a cone triangle to within that bound
    /// ([`on_triangle`]: then it is that close to the new hull) or exactly below or on
    /// every cone face, and kept otherwise.
    #[inline]
    fn inside(&self, p: &Point3<f64>, highest: f64) -> f64 {
        if highest > 0.0 {
            self.near(p, highest)
        } else if highest <= -self.err {
            f64::NEG_INFINITY
        } else {
            self.settle(p, highest)
        }
    }

    /// [`Self::inside`] for a float height within the rounding bound of 0.
    #[cold]
    #[inline(never)]
    fn settle(&self, p: &Point3<f64>, highest: f64) -> f64 {
        let (mesh, verts) = (self.mesh, self.vertex_positions);
        let close =
            || (self.planes.iter().zip(self.faces)).filter(|(pl, _)| height(pl, p) > -self.err);
        if close().any(|(pl, &f)| on_triangle(pl, mesh, verts, f, p)) {
            return f64::NEG_INFINITY;
        }
        if close().any(|(_, &f)| mesh.exactly_above(verts, f, p)) {
            self.near(p, highest.max(f64::MIN_POSITIVE))
        } else {
            f64::NEG_INFINITY
        }
    }
}

/// Whether the projection of `p` onto the plane `pl` of face `f` lies inside the
/// triangle, by more than the rounding of the test: each edge `e` from vertex `v` has
/// `n · (e × (p − v)) > 16 u |e|₁ |p − v|₁`, which bounds the rounding of the cross
/// product and the dot product (the plane's normal `n` is unit to a few ulps, and its
/// direction error times the height of `p`, at most the rounding bound of a height,
/// is far below it). Such a `p`, at most the height's rounding bound above the plane,
/// is that close to the triangle, a part of the new hull's surface: the finished hull,
/// which contains the new one, is nearer still, and no face plane of it is farther
/// above `p` than that. A vertex of the triangle (the start's vertices, and input points
/// equal to a vertex) is on it; thin triangles (needles, slivers), whose tests the bound
/// cannot clear, take the exact test instead.
fn on_triangle(
    pl: &ConePlane,
    mesh: &Mesh,
    verts: &[Point3<f64>],
    f: u32,
    p: &Point3<f64>,
) -> bool {
    const MARGIN: f64 = 16.0 * f64::EPSILON;
    let n = Vector3::from(pl.normal);
    let [a, b, c] = mesh.topo[f as usize].verts.map(|i| &verts[i as usize]);
    // The edges at the apex first: they tell a cone's triangles apart. A vertex fails
    // them (`r = 0`), so it is looked for only then.
    [(b, c), (c, a), (a, b)].iter().all(|(v, w)| {
        let (e, r) = (*w - *v, p - *v);
        n.dot(&e.cross(&r)) > MARGIN * e.lp_norm(1) * r.lp_norm(1)
    }) || p == a
        || p == b
        || p == c
}

impl Builder<'_> {
    /// Copies the cone's planes into `self.scratch.planes` and resets the slots; returns
    /// the largest of the planes' rounding bounds, or [`HullError::OutOfMemory`] when
    /// there is no room for them.
    fn load_cone(&mut self) -> Result<f64, HullError> {
        let (eps, k, n) = (self.scale.eps, self.scratch.cone.len(), self.pts.len());
        self.scratch.planes.clear();
        self.scratch.slots.clear();
        reserve(&mut self.scratch.planes, k, n)?;
        reserve(&mut self.scratch.slots, k, n)?;
        let mut largest_err: f64 = 0.0;
        for &f in &self.scratch.cone {
            let face = &self.mesh.faces[f as usize];
            let err = f64::from(face.err);
            largest_err = largest_err.max(err);
            self.scratch.planes.push(ConePlane {
                normal: [face.normal.x, face.normal.y, face.normal.z],
                offset: face.offset,
                sure_above: eps + err,
                sure_below: eps - err,
            });
            self.scratch.slots.push(ConeBucket::EMPTY);
        }
        Ok(largest_err)
    }

    /// Loads the cone ([`Self::load_cone`]) and splits the builder for the first pass:
    /// the cone it reads, the tally it writes, and the pool and source ranges it reads
    /// the conflict points from. Always inlined into both passes, as the code it
    /// replaced was: out of line, it cost every build more instructions.
    #[inline(always)]
    fn first_pass(&mut self) -> Result<FirstPass<'_>, HullError> {
        let err = self.load_cone()?;
        let s = &mut self.scratch;
        s.targets.clear();
        let cone = Cone {
            planes: &s.planes,
            faces: &s.cone,
            mesh: &self.mesh,
            vertex_positions: &self.vertex_positions,
            scale: &self.scale,
            err,
        };
        let tally = Tally {
            slots: &mut s.slots,
            near: &mut s.near,
            targets: &mut s.targets,
        };
        Ok((cone, tally, &s.pool, &s.sources))
    }

    /// Hands the points of `self.scratch.sources` (except `skip`) to the cone faces:
    /// each goes to the first face it is more than `ε` above, or is dropped
    /// (inside within `ε`). [`HullError::OutOfMemory`] when the cone's lists cannot grow.
    #[inline(always)]
    pub(super) fn distribute(&mut self, skip: u32) -> Result<(), HullError> {
        let (cone, mut tally, pool, sources) = self.first_pass()?;
        let mut last = 0;
        for &(start, len) in sources {
            for c in &pool[start as usize..(start + len) as usize] {
                let target = if c.index == skip {
                    (NONE, f64::NEG_INFINITY)
                } else {
                    cone.target(&c.p, &mut last)
                };
                tally.record(target, c.index);
            }
        }
        self.open_ranges();
        let mut j = 0;
        for s in 0..self.scratch.sources.len() {
            let (start, len) = self.scratch.sources[s];
            for i in start..start + len {
                let slot = self.scratch.targets[j];
                if slot != NONE {
                    let c = self.scratch.pool[i as usize];
                    self.place(j, slot, c);
                }
                j += 1;
            }
        }
        self.close_ranges()
    }

    /// [`Self::distribute`] for the first hull, straight from the input, so
    /// the pool is written only once. Points inside the hull's inscribed ball
    /// are dropped with one test (Akl–Toussaint); the hull's own vertices are
    /// on their faces, so they drop out too. [`HullError::OutOfMemory`] as
    /// [`Self::distribute`].
    pub(super) fn distribute_input(&mut self) -> Result<(), HullError> {
        let pts = self.pts;
        let (center, radius) = self.inscribed_ball();
        let r2 = radius * radius;
        // The start's four vertices are on it (cheaper to skip than to settle).
        let start = [0, 1, 2, 3].map(|k| self.input_index[k]);
        let (cone, mut tally, _, _) = self.first_pass()?;
        let mut last = 0;
        for (i, p) in pts.iter().enumerate() {
            let target = if (p - center).norm_squared() < r2 || start.contains(&(i as u32)) {
                (NONE, f64::NEG_INFINITY)
            } else {
                cone.target(p, &mut last)
            };
            tally.record(target, i as u32);
        }
        self.open_ranges();
        for (i, p) in pts.iter().enumerate() {
            let slot = self.scratch.targets[i];
            if slot != NONE {
                let c = Conflict {
                    p: *p,
                    index: i as u32,
                };
                self.place(i, slot, c);
            }
        }
        self.close_ranges()
    }

    /// Turns the per-slot counts into ranges at the end of the pool.
    pub(super) fn open_ranges(&mut self) {
        let mut at = self.end;
        for (slot, &f) in self.scratch.cone.iter().enumerate() {
            let count = self.scratch.slots[slot].cursor;
            let face = &mut self.mesh.faces[f as usize];
            face.start = at;
            face.len = count;
            self.scratch.slots[slot].cursor = at;
            at += count;
        }
        let filler = Conflict {
            p: Point3::origin(),
            index: NONE,
        };
        self.end = at;
        if at as usize > self.scratch.pool.len() {
            self.scratch.pool.resize(at as usize, filler);
        }
    }

    /// Writes source point number `j` (`c`) into the range of `slot`.
    #[inline]
    pub(super) fn place(&mut self, j: usize, slot: u32, c: Conflict) {
        let s = &mut self.scratch.slots[slot as usize];
        self.scratch.pool[s.cursor as usize] = c;
        if s.best == j as u32 {
            s.best_at = s.cursor;
        }
        s.cursor += 1;
    }

    /// Moves each range's farthest point to its front and queues the faces
    /// ([`HullError::OutOfMemory`] when the queue cannot grow).
    pub(super) fn close_ranges(&mut self) -> Result<(), HullError> {
        let n = self.pts.len();
        for (slot, &f) in self.scratch.cone.iter().enumerate() {
            let face = self.mesh.faces[f as usize];
            if face.len > 0 {
                self.scratch.pool.swap(
                    face.start as usize,
                    self.scratch.slots[slot].best_at as usize,
                );
                push(&mut self.scratch.pending, f, n)?;
            }
        }
        Ok(())
    }
}

/// What the first pass reads and writes: the cone, the tally, and the pool and source
/// ranges of the conflict points.
type FirstPass<'s> = (Cone<'s>, Tally<'s>, &'s [Conflict], &'s [(u32, u32)]);

/// The first pass's output: each source point's slot (`targets`, in source order),
/// each slot's count and farthest point, and the points kept for the final recheck.
pub(super) struct Tally<'s> {
    pub(super) slots: &'s mut [ConeBucket],
    pub(super) near: &'s mut Vec<u32>,
    pub(super) targets: &'s mut Vec<u32>,
}

impl Tally<'_> {
    /// Records the next source point (input index `index`, number `targets.len()`) going
    /// to `slot` at height `h`: its count and height into its slot's bucket, then its
    /// slot into `targets`. A point inside every cone face within `ε` yet exactly above
    /// one of them (`h > 0`, see [`Cone::target`]) is outside the new hull, even far from
    /// it near a sharp edge; it is kept in `near` for the final recheck.
    #[inline]
    pub(super) fn record(&mut self, (slot, h): (u32, f64), index: u32) {
        let j = self.targets.len();
        if slot == NONE {
            if h > 0.0 {
                self.near.push(index);
            }
        } else {
            let s = &mut self.slots[slot as usize];
            s.cursor += 1;
            if h > s.best_h {
                s.best_h = h;
                s.best = j as u32;
            }
        }
        self.targets.push(slot);
    }
}
