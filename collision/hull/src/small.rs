//! Hulls of a few points in general position, built without quickhull's machinery.
//!
//! Below about a thousand points a quickhull build is mostly fixed costs: the conflict
//! lists' pool and ranges, cones, the merge pass, a mesh of every face ever made (29k
//! instructions for 8 points, where the convex-decomposition range of games starts).
//! For at most [`MAX_POINTS`] points this module runs the plain incremental algorithm
//! instead (the seed book's loop, quadratic, which is cheap at this size): from
//! quickhull's start tetrahedron, each point in input order is tested against every
//! face, and a point above some face replaces the faces it sees by a fan from their
//! horizon to it. The faces live in a fixed array on the stack, and the output is made
//! directly (`assemble::finish`), with no mesh, merge or conflict list.
//!
//! The build gives up (and [`crate::Hull::build`] runs quickhull) wherever the
//! tolerance could decide anything:
//!
//! - a point whose greatest height above the faces lies in `[−ε, 2ε]`: quickhull would
//!   drop it as on the hull, or keep it for its recheck (a point becomes a vertex only
//!   when more than `ε` above a face);
//! - a face whose height at the new point lies in `[−ε, ε]` (quickhull decides which
//!   faces a point sees exactly, by sign), or a kept face next to a seen one that the
//!   point is within `2ε` of (the new face beside it would be nearly coplanar: points
//!   on flat faces give up here, early);
//! - an edge of the finished hull across which a face's far vertex is within `2ε` of
//!   the other face's plane: quickhull's merge would join the two (at `ε`, on planes of
//!   its own).
//!
//! The planes are `mesh::plane`'s, whose rounding bound is below `ε`, so each decision
//! taken is the exact one: the hull is the exact convex hull of the input, each vertex
//! more than `ε` above a face of the hull it was added to, each edge bent by more than
//! `ε`. On clouds in general position that is quickhull's hull, triangle for triangle
//! (`small_builds_are_quickhulls`). Where a vertex ends within `ε` of the hull of the
//! others, quickhull, which adds points farthest first, may have dropped it where this
//! build, in input order, added it while it was farther out (1 cloud in 20,000 of the
//! test's, all made to sit at the tolerance); both hulls hold every input point to the
//! tolerance.
//!
//! Instructions per build (callgrind, the hull bench's clouds): 8 points 29.1k → 18.6k
//! (ball), 29.2k → 18.8k (sphere), 32.1k → 18.2k (box surface); 16 points 56.5k → 38.9k,
//! 74.1k → 49.0k, 78.5k → 53.9k. Clouds with coplanar points give up and pay the faces
//! made until then on top of quickhull (the start tetrahedron is found once for both):
//! a cube's corners 46.7k → 50.1k, a rotated cube with its face centres 158.8k →
//! 160.9k, prisms 1.5–2.3 % more. Tried and dropped: up to 32 points
//! (at 32, 143k → 108k on a ball but 178k → 214k on a box surface, which gave up late).

use crate::assemble::{Polygons, finish};
use crate::error::room;
use crate::mesh::plane;
use crate::tolerance::Scale;
use crate::{Hull, HullError, Plane};
use nalgebra::{Point3, Vector3};
use std::cmp::Ordering;

/// Clouds of at most this many points try this build.
pub(crate) const MAX_POINTS: usize = 16;

/// Whether builds try this path: always, except in tests that build with quickhull
/// alone to compare.
#[inline]
pub(crate) fn enabled() -> bool {
    #[cfg(test)]
    if tests::QUICKHULL_ONLY.with(std::cell::Cell::get) {
        return false;
    }
    true
}

/// Face slots: a hull of `n` vertices has `2n − 4` faces, and an insertion frees the
/// faces it replaces before it makes its fan, so no more are ever live.
const SLOTS: usize = 2 * MAX_POINTS;

/// "No face".
const NONE: u8 = u8::MAX;

/// A triangle of the hull being built: vertices counter-clockwise seen from outside
/// (input indices), the face across each edge `vertices[i] → vertices[i + 1]`, and
/// the plane.
#[derive(Clone, Copy)]
struct Triangle {
    vertices: [u8; 3],
    across: [u8; 3],
    alive: bool,
    /// The outward unit normal.
    normal: Vector3<f64>,
    /// `normal · p` for points `p` of the plane (the greatest over the vertices).
    offset: f64,
}

impl Triangle {
    /// An unused slot.
    const UNUSED: Triangle = Triangle {
        vertices: [0; 3],
        across: [NONE; 3],
        alive: false,
        normal: Vector3::new(0.0, 0.0, 0.0),
        offset: 0.0,
    };
}

/// The faces of the hull being built, in fixed slots, and the free ones.
struct Faces {
    slots: [Triangle; SLOTS],
    count: usize,
    free: [u8; SLOTS],
    free_count: usize,
}

impl Faces {
    /// No faces.
    const EMPTY: Faces = Faces {
        slots: [Triangle::UNUSED; SLOTS],
        count: 0,
        free: [0; SLOTS],
        free_count: 0,
    };

    /// A new face `v` (counter-clockwise seen from outside), its neighbours unset; `None`
    /// when the slots are full or the triangle has no normal.
    fn add(&mut self, pts: &[Point3<f64>], v: [u8; 3], scale: &Scale) -> Option<u8> {
        let (face, length) = plane(
            &pts[v[0] as usize],
            &pts[v[1] as usize],
            &pts[v[2] as usize],
            scale,
        );
        if length.partial_cmp(&0.0) != Some(Ordering::Greater) {
            return None;
        }
        let slot = if self.free_count > 0 {
            self.free_count -= 1;
            self.free[self.free_count]
        } else if self.count < SLOTS {
            self.count += 1;
            (self.count - 1) as u8
        } else {
            return None;
        };
        self.slots[slot as usize] = Triangle {
            vertices: v,
            across: [NONE; 3],
            alive: true,
            normal: face.normal,
            offset: face.offset,
        };
        Some(slot)
    }

    /// Frees slot `f`.
    fn remove(&mut self, f: u8) {
        self.slots[f as usize].alive = false;
        self.free[self.free_count] = f;
        self.free_count += 1;
    }

    /// The live faces' slots.
    fn alive(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.count as u8).filter(|&f| self.slots[f as usize].alive)
    }

    /// Height of `p` above face `f`'s plane.
    fn height(&self, f: u8, p: &Point3<f64>) -> f64 {
        let t = &self.slots[f as usize];
        t.normal.dot(&p.coords) - t.offset
    }
}

/// The hull of `pts` (at most [`MAX_POINTS`], working units, with `scale`) grown from
/// quickhull's start tetrahedron `start`, or `None` where the tolerance could decide
/// anything (see the module documentation) and quickhull must build it. `original`
/// (the input) and `factor` (the scale it was worked at) make the output as
/// `assemble` does.
///
/// # Errors
/// [`HullError::OutOfMemory`] when an output array does not fit in memory.
pub(crate) fn build(
    pts: &[Point3<f64>],
    start: [u32; 4],
    scale: &Scale,
    original: &[Point3<f64>],
    factor: f64,
) -> Result<Option<Hull>, HullError> {
    debug_assert!(pts.len() <= MAX_POINTS);
    let mut faces = Faces::EMPTY;
    if grow(&mut faces, pts, start.map(|i| i as u8), scale).is_none() {
        return Ok(None);
    }
    if !bent_by_more_than_tolerance(&faces, pts, scale.eps) {
        return Ok(None);
    }
    let hull = output(&faces, original, factor, scale.eps / factor)?;
    #[cfg(test)]
    tests::ANSWERED.with(|c| c.set(c.get() + 1));
    Ok(Some(hull))
}

/// The tetrahedron `start` (its fourth point below the first three, counter-clockwise),
/// then every other point inserted in input order; `None` where the tolerance could
/// decide (see the module documentation).
fn grow(faces: &mut Faces, pts: &[Point3<f64>], start: [u8; 4], scale: &Scale) -> Option<()> {
    let eps = scale.eps;
    let [a, b, c, d] = start;
    // Outward: `d` below `abc`, so each other face is a side of `abc` turned to `d`.
    let tetrahedron = [[a, b, c], [b, a, d], [c, b, d], [a, c, d]];
    for v in tetrahedron {
        faces.add(pts, v, scale)?;
    }
    // Face k's edge e meets the face holding the same two vertices in the other order.
    for f in 0..4u8 {
        for e in 0..3 {
            let v = faces.slots[f as usize].vertices;
            let (from, to) = (v[e], v[(e + 1) % 3]);
            faces.slots[f as usize].across[e] = (0..4u8).find(|&g| {
                let w = faces.slots[g as usize].vertices;
                (0..3).any(|k| w[k] == to && w[(k + 1) % 3] == from)
            })?;
        }
    }
    let mut heights = [0.0; SLOTS];
    for (i, p) in pts.iter().enumerate() {
        if start.contains(&(i as u8)) {
            continue;
        }
        let mut highest = f64::NEG_INFINITY;
        for f in faces.alive() {
            let h = faces.height(f, p);
            heights[f as usize] = h;
            highest = highest.max(h);
        }
        if highest < -eps {
            continue;
        }
        if highest.partial_cmp(&(2.0 * eps)) != Some(Ordering::Greater) {
            return None;
        }
        insert(faces, &heights, pts, i as u8, scale)?;
    }
    Some(())
}

/// Replaces the faces point `p` sees (`heights[f] > 0`) by the fan from their horizon to
/// `p`; `None` when a face's height is within `ε` of zero, or the slots run out.
fn insert(
    faces: &mut Faces,
    heights: &[f64; SLOTS],
    pts: &[Point3<f64>],
    p: u8,
    scale: &Scale,
) -> Option<()> {
    let eps = scale.eps;
    // The horizon: each edge of a seen face whose neighbour is not seen, in the seen
    // face's orientation, with the kept neighbour and its edge index.
    let mut horizon = [(0u8, 0u8, 0u8, 0u8); SLOTS];
    let mut count = 0;
    let mut seen = [false; SLOTS];
    for f in faces.alive() {
        let h = heights[f as usize];
        if h.abs() <= eps {
            return None;
        }
        seen[f as usize] = h > 0.0;
    }
    for f in faces.alive().filter(|&f| seen[f as usize]) {
        let t = faces.slots[f as usize];
        for e in 0..3 {
            let g = t.across[e];
            if !seen[g as usize] {
                // The new face across this edge would be nearly coplanar with the kept
                // one: give up now (points on flat faces) rather than at the end.
                if heights[g as usize] >= -2.0 * eps {
                    return None;
                }
                let (from, to) = (t.vertices[e], t.vertices[(e + 1) % 3]);
                let k = (0..3u8).find(|&k| faces.slots[g as usize].across[k as usize] == f)?;
                horizon[count] = (from, to, g, k);
                count += 1;
            }
        }
    }
    for f in 0..faces.count as u8 {
        if seen[f as usize] && faces.slots[f as usize].alive {
            faces.remove(f);
        }
    }
    // New face (from, to, p) for each horizon edge: its edge 0 meets the kept face, its
    // edge 1 (to → p) the new face starting at `to`, its edge 2 (p → from) the one
    // ending at `from`.
    let mut starting_at = [NONE; MAX_POINTS];
    let mut made = [NONE; SLOTS];
    for (k, &(from, to, g, e)) in horizon[..count].iter().enumerate() {
        let f = faces.add(pts, [from, to, p], scale)?;
        faces.slots[f as usize].across[0] = g;
        faces.slots[g as usize].across[e as usize] = f;
        if starting_at[from as usize] != NONE {
            // A vertex twice on the horizon: the seen region is not a disc.
            return None;
        }
        starting_at[from as usize] = f;
        made[k] = f;
    }
    for &f in &made[..count] {
        let to = faces.slots[f as usize].vertices[1];
        let next = starting_at[to as usize];
        if next == NONE {
            return None;
        }
        faces.slots[f as usize].across[1] = next;
        faces.slots[next as usize].across[2] = f;
    }
    Some(())
}

/// Whether across every edge of the hull each face's far vertex lies more than `2ε`
/// below the other face's plane (see the module documentation).
fn bent_by_more_than_tolerance(faces: &Faces, pts: &[Point3<f64>], eps: f64) -> bool {
    faces.alive().all(|f| {
        let t = &faces.slots[f as usize];
        (0..3).all(|e| {
            let g = t.across[e];
            let far = &pts[t.vertices[(e + 2) % 3] as usize];
            faces.height(g, far) < -2.0 * eps
        })
    })
}

/// The [`Hull`] of the finished faces: vertices in order of first use, each triangle a
/// face, planes in original units.
fn output(
    faces: &Faces,
    original: &[Point3<f64>],
    factor: f64,
    tolerance: f64,
) -> Result<Hull, HullError> {
    let count = original.len();
    let live = faces.alive().count();
    let mut remap = [u32::MAX; MAX_POINTS];
    let mut vertices = room(live / 2 + 2, count)?;
    let mut indices = room(3 * live, count)?;
    let mut offsets = room(live + 1, count)?;
    let mut planes = room(live, count)?;
    offsets.push(0);
    for f in faces.alive() {
        let t = &faces.slots[f as usize];
        for &v in &t.vertices {
            let slot = &mut remap[v as usize];
            if *slot == u32::MAX {
                *slot = vertices.len() as u32;
                vertices.push(original[v as usize]);
            }
            indices.push(*slot);
        }
        offsets.push(indices.len() as u32);
        planes.push(Plane {
            normal: t.normal,
            offset: t.offset / factor,
        });
    }
    let polygons = Polygons {
        offsets,
        indices,
        planes,
    };
    finish(vertices, polygons, factor, tolerance, count)
}

#[cfg(test)]
mod tests {
    use crate::{Hull, HullError};
    use nalgebra::{Point3, Vector3};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::cell::Cell;
    use test_support::clouds;

    thread_local! {
        /// Set by tests that build with quickhull alone.
        pub(super) static QUICKHULL_ONLY: Cell<bool> = const { Cell::new(false) };
        /// How many builds this path answered on this thread.
        pub(super) static ANSWERED: Cell<usize> = const { Cell::new(0) };
    }

    /// `points`' hull by quickhull alone.
    fn quickhull(points: &[Point3<f64>]) -> Result<Hull, HullError> {
        QUICKHULL_ONLY.with(|c| c.set(true));
        let hull = Hull::build(points);
        QUICKHULL_ONLY.with(|c| c.set(false));
        hull
    }

    /// The hull's triangles as sorted triples of vertex coordinates' bits, each triple
    /// rotated to start at its least vertex (orientation kept).
    fn triangles(hull: &Hull) -> Vec<[[u64; 3]; 3]> {
        let bits = |v: u32| hull.vertices()[v as usize].coords.map(f64::to_bits).into();
        let mut out: Vec<[[u64; 3]; 3]> = (hull.triangles().iter())
            .map(|t| {
                let mut t = t.map(bits);
                let least = (0..3).min_by_key(|&k| t[k]).unwrap_or(0);
                t.rotate_left(least);
                t
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// A cloud of at most 16 points of one of several kinds, some made to test the
    /// tolerance: general position (ball, sphere, box surface), corners of a cube with
    /// points on its faces, a flat slab, clusters of near-duplicates, and a tetrahedron
    /// with a point at a few multiples of `ε` above a face or near an edge.
    fn cloud(rng: &mut ChaCha8Rng, case: usize) -> Vec<Point3<f64>> {
        let n = rng.random_range(4..=16);
        let seed = rng.random();
        match case % 8 {
            0 => clouds::of_kind("ball", n, seed),
            1 => clouds::of_kind("sphere", n, seed),
            2 => clouds::of_kind("box", n, seed),
            3 => clouds::of_kind("slab", n, seed),
            4 => {
                let mut c = clouds::cube();
                c.truncate(rng.random_range(4..=8));
                let extra = rng.random_range(0..=8);
                c.extend(clouds::grid(3).into_iter().take(extra).map(|p| p * 0.5));
                c
            }
            5 => {
                let centres = clouds::of_kind("ball", 4, seed);
                let jitter = clouds::of_kind("ball", n, seed + 1);
                (jitter.iter().enumerate())
                    .map(|(i, p)| centres[i % 4] + p.coords * 1e-9)
                    .collect()
            }
            _ => {
                // A tetrahedron, and points at k ε above the middle of its top face or of
                // an edge (ε about 32 u (L + M) for this cloud's size).
                let mut c = vec![
                    Point3::new(0.0, 0.0, 0.0),
                    Point3::new(1.0, 0.0, 0.0),
                    Point3::new(0.0, 1.0, 0.0),
                    Point3::new(0.0, 0.0, -1.0),
                ];
                let eps = 32.0 * f64::EPSILON * 6.0;
                for _ in 0..rng.random_range(1..=4) {
                    let k = [0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 10.0, 1e3][rng.random_range(0..8)];
                    let at = if rng.random_bool(0.5) {
                        Point3::new(0.3, 0.3, 0.0)
                    } else {
                        Point3::new(0.5, 0.0, 0.0)
                    };
                    c.push(at + Vector3::new(0.0, 0.0, k * eps));
                }
                c
            }
        }
    }

    /// Wherever the small path answers, its hull passes `validate`, and on clouds in
    /// general position (ball, sphere, box surface) it is quickhull's hull: the same
    /// triangles bit for bit, the same faces, tolerance and volume (to rounding); 20,000
    /// seeded clouds of at most 16 points at scales 1e-300, 1e-6, 1, 1e6 and 1e300 (the
    /// two ends rescaled inside), offset by 1e6 or not. The clouds made to test the tolerance may differ from quickhull's by a vertex
    /// within `ε` of the hull of the others (quickhull adds points farthest first and
    /// drops such a one; the small path, in input order, may have added it while it was
    /// farther out): both hulls then hold every input point within the tolerance, which
    /// is what `validate` checks.
    #[test]
    fn small_builds_are_quickhulls() {
        let mut rng = ChaCha8Rng::seed_from_u64(16);
        let (mut small, mut general, mut differ) = (0, 0, 0);
        for case in 0..20_000 {
            let cloud = cloud(&mut rng, case);
            let scale = [1e-6, 1.0, 1e6, 1e-300, 1e300][rng.random_range(0..5)];
            let offset = if rng.random_bool(0.3) { 1e6 } else { 0.0 };
            let points: Vec<Point3<f64>> = (cloud.iter())
                .map(|p| Point3::from((p.coords + Vector3::repeat(offset)) * scale))
                .collect();
            let reference = quickhull(&points);
            let answered = ANSWERED.with(Cell::get);
            let built = Hull::build(&points);
            let took_small = ANSWERED.with(Cell::get) > answered;
            let (Ok(a), Ok(b)) = (&reference, &built) else {
                assert_eq!(reference.err(), built.err(), "case {case}");
                continue;
            };
            let what = format!("case {case} (small path {took_small}): {points:?}");
            assert_eq!(b.validate(&points), Ok(()), "{what}");
            assert_eq!(a.tolerance(), b.tolerance(), "{what}");
            small += usize::from(took_small);
            if triangles(a) != triangles(b) {
                assert!(case % 8 >= 3, "general position: {what}");
                differ += 1;
                continue;
            }
            assert_eq!(a.face_count(), b.face_count(), "{what}");
            // (At 1e300 the volume is honestly infinite, at 1e-300 zero, both ways.)
            let volume = a.volume().abs().max(f64::MIN_POSITIVE);
            let same =
                a.volume() == b.volume() || (a.volume() - b.volume()).abs() <= 1e-12 * volume;
            assert!(same, "{what}");
            general += usize::from(case % 8 < 3);
        }
        assert!(
            small >= 7_000 && differ <= 20,
            "{small} small, {differ} differ, {general} general"
        );
    }
}
