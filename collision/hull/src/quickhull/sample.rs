//! Large clouds start from the hull of a sample.
//!
//! Quickhull hands a conflict point to a new face each time its face is replaced: on a
//! sphere, where every point ends a vertex, about `2 ln n` times a point, the largest
//! part of a large build. From [`SAMPLE_FROM`] points on, the builder first builds the
//! hull of one input point in [`STRIDE`] and the six axis extremes (the same way, when
//! the sample is that large itself), then places every input point on the face of that
//! hull which the ray from an inside point `o` through it crosses. Such a point starts
//! on a face about `STRIDE` times smaller than the faces of a hull grown from the
//! start, and moves about `2 ln STRIDE` times instead. (Amenta, Choi & Rote 2003,
//! "Incremental constructions con BRIO", insert a point set in rounds of growing random
//! samples for the same reason.) Clouds mostly in convex position take this start, and
//! so do clouds mostly deep inside their hull (a solid ball), whose inside points the
//! sample's hull drops by one distance each instead of a pass or two of the plain
//! start's conflict lists; a probe tells them ([`worth_it`]). Points on flat faces (a
//! box) keep the plain start: each would be walked, which costs more than it saves.
//!
//! Why the crossed face decides exactly: the sample's hull is convex and `o` strictly
//! inside it (the mean of its vertices, checked to be inside every face by more than `ε`
//! and the planes' rounding), so the ray from `o`
//! through `p` leaves the hull through the crossed face's triangle at some `x`. If `p`
//! is on or below that face's plane, it lies on the segment `ox`, inside the hull;
//! otherwise it is above the face. So a point more than `ε` above the crossed face goes
//! to it, one exactly on or below it is dropped, and one exactly above it by at most `ε`
//! is dropped when it lies within `ε` of a hull triangle, and otherwise kept for the
//! final recheck against the finished hull, as the cone's distribution does. The
//! sample's points other than its hull's vertices are placed too: those its build
//! dropped within `ε` above its faces may be above faces made later.
//!
//! The crossing is found by a walk over the faces, each step across an edge whose plane
//! through `o` has `p` on its far side (exact orientations, [`height_sign`]). The points
//! are walked in the order of their rays' directions (cells of a cube map around `o`,
//! sorted by counting), so each walk starts on the face the previous point's ended on,
//! a step or two away. Points inside the sample hull's inscribed ball about `o` are
//! dropped first.
//!
//! Tried and dropped: every large cloud from a sample (a box 20 % slower); samples from
//! 4,096 points on, with probes of `n / 16` points (a 10,000-point Gaussian cloud 36 %
//! slower, boxes 5 to 9 %); the plain start's first pass, then a sample when a quarter
//! of the points were left outside it (a box leaves 85 %); walks in input order (a cache
//! miss a point); placing the sample's vertices too (rays along edges: every test
//! exact); faces as slots in the order walks reach them (no change); the start
//! tetrahedron's centre as `o`.

use super::distribute::{ConeBucket, Tally, within_reach};
use super::{Builder, Conflict, out_of_memory};
use crate::HullError;
use crate::error::{filled, reserve, room};
use crate::mesh::{ALIVE, Mesh, NONE};
use crate::predicates::height_sign;
use crate::tolerance::{Bounds, Scale};
use nalgebra::{Point3, Vector3};

/// Clouds of at least this many points start from the hull of a sample.
const SAMPLE_FROM: usize = 1 << 16;

/// One input point in this many is in the sample.
const STRIDE: usize = 8;

/// Whether the build of `pts`, whose start tetrahedron is `start`, starts from a sample:
/// from [`SAMPLE_FROM`] points on, when the cloud [`fills_space`] and is
/// favoured by [`probe_favours_sample`]. (Tests set a size from which every cloud does.)
///
/// # Errors
/// As [`probe_favours_sample`].
pub(super) fn worth_it(
    pts: &[Point3<f64>],
    start: [u32; 4],
    scale: Scale,
) -> Result<bool, HullError> {
    #[cfg(test)]
    if let Some(from) = tests::SAMPLE_FROM_OVERRIDE.with(std::cell::Cell::get) {
        return Ok(pts.len() >= from);
    }
    Ok(pts.len() >= SAMPLE_FROM && fills_space(pts, start) && probe_favours_sample(pts, scale)?)
}

/// Whether a cloud whose start tetrahedron is `start` is thick enough to start from a
/// sample: the fourth point at least [`THICK`] times the longest edge of the first three
/// above their plane. From a point inside a flatter hull, a slab's say, nearly every ray
/// grazes the planes of the walk's tests, which then take the exact and slow path.
fn fills_space(pts: &[Point3<f64>], start: [u32; 4]) -> bool {
    let [a, b, c, d] = start.map(|i| pts[i as usize]);
    let normal = (b - a).cross(&(c - a));
    let longest = [b - a, c - b, a - c]
        .iter()
        .map(|e| e.norm())
        .fold(0.0, f64::max);
    (d - a).dot(&normal).abs() >= THICK * longest * normal.norm()
}

/// How thick, relative to its extent, a cloud must be to start from a sample.
const THICK: f64 = 1e-3;

/// About this many evenly spaced input points make the probe of [`probe_favours_sample`].
const PROBE: usize = 1024;

/// Whether a probe of `pts` (about [`PROBE`] points, evenly spaced in the input) says
/// the cloud gains from a sampled start: when at least half the probe's points are
/// vertices of the probe's hull (points in convex position, as on a sphere, where every
/// point is handed from face to face the most), or when at least half lie deep inside it,
/// in the ball about the mean of its vertices that touches its nearest face (as in a
/// solid ball, whose inside points the sample's hull then drops by one distance each).
/// Points on flat faces (a box) are neither, and would each be walked: they keep the
/// plain start. A probe that spans no volume says no.
///
/// # Errors
/// [`HullError::OutOfMemory`] (for the whole cloud) or [`HullError::Internal`] from the
/// probe's build.
fn probe_favours_sample(pts: &[Point3<f64>], scale: Scale) -> Result<bool, HullError> {
    let n = pts.len();
    let mut probe = room(PROBE + 1, n)?;
    probe.extend(pts.iter().step_by(n.div_ceil(PROBE)));
    let Ok(bounds) = Bounds::scan(&probe) else {
        return Ok(false);
    };
    let mut builder = match Builder::new(&probe, &bounds, scale) {
        Ok(builder) => builder,
        Err(e @ (HullError::OutOfMemory { .. } | HullError::Internal)) => {
            return Err(of_the_cloud(e, n));
        }
        Err(_) => return Ok(false),
    };
    builder.run().map_err(|e| of_the_cloud(e, n))?;
    let vertices = builder.vertex_positions.len();
    let (o, radius) = inscribed_ball(&builder.mesh, &builder.vertex_positions, 0.0);
    let deep = probe
        .iter()
        .filter(|p| (*p - o).norm_squared() < radius * radius)
        .count();
    Ok(2 * vertices >= probe.len() || 2 * deep >= probe.len())
}

/// The mean `o` of a hull's vertices (`mesh`'s, at `vertices`) and the radius of the
/// largest ball about `o` that lies inside every live face's plane by more than that
/// plane's rounding bound plus `margin`; not positive (or NaN) when `o` is not inside by
/// that much.
fn inscribed_ball(mesh: &Mesh, vertices: &[Point3<f64>], margin: f64) -> (Point3<f64>, f64) {
    let mean = vertices.iter().map(|p| p.coords).sum::<Vector3<f64>>();
    let o = Point3::from(mean / vertices.len() as f64);
    let radius = (0..mesh.faces.len() as u32)
        .filter(|&f| mesh.topo[f as usize].state == ALIVE)
        .map(|f| -mesh.height(f, &o) - f64::from(mesh.faces[f as usize].err) - margin)
        .fold(f64::INFINITY, f64::min);
    (o, radius)
}

/// Error `e` of a probe's or a sample's build, as the error of the whole cloud of `n`
/// points (an out-of-memory error counts its points).
fn of_the_cloud(e: HullError, n: usize) -> HullError {
    match e {
        HullError::OutOfMemory { bytes, .. } => HullError::OutOfMemory { count: n, bytes },
        e => e,
    }
}

impl<'a> Builder<'a> {
    /// The builder of `pts`, started from the hull of a sample with every point placed
    /// on it (see the module documentation), or `None` when the sample spans no volume
    /// or its mean is not surely inside its hull.
    ///
    /// # Errors
    /// [`HullError::OutOfMemory`] (for the whole cloud) and [`HullError::Internal`] from
    /// the sample's build, or when the working storage cannot be made.
    pub(super) fn from_sample(
        pts: &'a [Point3<f64>],
        bounds: &Bounds,
        scale: Scale,
    ) -> Result<Option<Self>, HullError> {
        let n = pts.len();
        let (mut mesh, vertex_positions, mut input_index) = {
            let mut sample = room(6 + n.div_ceil(STRIDE), n)?;
            sample.extend(bounds.extremes.map(|i| pts[i]));
            sample.extend(pts.iter().step_by(STRIDE));
            let sample_bounds = Bounds {
                extremes: [0, 1, 2, 3, 4, 5],
                ..*bounds
            };
            let mut inner = match Builder::new(&sample, &sample_bounds, scale) {
                Ok(inner) => inner,
                Err(HullError::Coincident | HullError::Collinear | HullError::Coplanar) => {
                    return Ok(None);
                }
                Err(e) => return Err(of_the_cloud(e, n)),
            };
            inner.run().map_err(|e| of_the_cloud(e, n))?;
            inner.into_parts()
        };
        for i in &mut input_index {
            let s = *i as usize;
            *i = if s < 6 {
                bounds.extremes[s]
            } else {
                (s - 6) * STRIDE
            } as u32;
        }
        // A ball about the mean of the vertices inside every face by more than `ε` and
        // the planes' rounding: then its centre is strictly inside, exactly.
        let (o, radius) = inscribed_ball(&mesh, &vertex_positions, scale.eps);
        if radius.is_nan() || radius <= 0.0 {
            return Ok(None);
        }
        if !mesh.try_reserve_faces(2 * n + 16) {
            return Err(out_of_memory(n));
        }
        let mut builder = Self::with_parts(pts, scale, mesh, vertex_positions, input_index)?;
        builder.place_by_rays(&o, radius)?;
        Ok(Some(builder))
    }

    /// Gives every input point outside the ball of `radius` about `o` (inside the hull)
    /// to the face its ray from `o` crosses (or drops it, or keeps it for the recheck), as
    /// ranges of the pool, and queues the faces that got points.
    fn place_by_rays(&mut self, o: &Point3<f64>, radius: f64) -> Result<(), HullError> {
        let (pts, n) = (self.pts, self.pts.len());
        let face_count = self.mesh.faces.len();
        let alive =
            || (0..face_count as u32).filter(|&f| self.mesh.topo[f as usize].state == ALIVE);
        // The sample hull's vertices stay inside or on every later hull (and their rays
        // meet edges, where the orientation tests are exact and slow).
        let mut vertex: Vec<bool> = filled(n, false, n)?;
        for &i in &self.input_index {
            vertex[i as usize] = true;
        }
        let outside = |(i, p): &(usize, &Point3<f64>)| {
            !vertex[*i] && (*p - o).norm_squared() >= radius * radius
        };
        let first = alive().next().ok_or(HullError::Internal)?;

        // About two faces a cell; the points to place, by cell.
        let side = ((alive().count() / 12) as f64).sqrt().ceil().max(1.0) as usize;
        let cells = 6 * side * side;
        let mut next_in: Vec<u32> = filled(cells + 1, 0, n)?;
        for (_, p) in pts.iter().enumerate().filter(outside) {
            next_in[cell(&(p - o), side) + 1] += 1;
        }
        for c in 0..cells {
            next_in[c + 1] += next_in[c];
        }
        // Copied in that order to the front of the pool, for the walks to read in order.
        let total = next_in[cells] as usize;
        let filler = Conflict {
            p: Point3::origin(),
            index: NONE,
        };
        self.scratch.pool.resize(total, filler);
        for (i, p) in pts.iter().enumerate().filter(outside) {
            let at = &mut next_in[cell(&(p - o), side)];
            self.scratch.pool[*at as usize] = Conflict {
                p: *p,
                index: i as u32,
            };
            *at += 1;
        }
        drop((next_in, vertex));

        // Every face is a slot of one large cone.
        let s = &mut self.scratch;
        s.cone.clear();
        reserve(&mut s.cone, face_count, n)?;
        s.cone.extend(0..face_count as u32);
        s.slots.clear();
        reserve(&mut s.slots, face_count, n)?;
        s.slots.resize(face_count, ConeBucket::EMPTY);
        s.targets.clear();
        let mut tally = Tally {
            slots: &mut s.slots,
            near: &mut s.near,
            targets: &mut s.targets,
        };
        let (mesh, verts, scale) = (&self.mesh, &self.vertex_positions[..], &self.scale);
        let mut walk = Walk::new(mesh, verts, o, first);
        for c in &s.pool[..total] {
            let target = match walk.to(&c.p) {
                Some(f) => classify(mesh, verts, f, &c.p, scale),
                // Not found (never seen): the recheck tests it against every face.
                None => (NONE, f64::MIN_POSITIVE),
            };
            tally.record(target, c.index);
        }

        // Their ranges follow them (the pool has room for `2n` records).
        self.end = total as u32;
        self.open_ranges();
        for j in 0..total {
            let slot = self.scratch.targets[j];
            if slot != NONE {
                let c = self.scratch.pool[j];
                self.place(j, slot, c);
            }
        }
        self.close_ranges()
    }
}

/// The cube-map cell of direction `d` (nonzero; a zero or NaN one gets cell 0 of its
/// side): the side of the axis `d` is longest along (and its sign), then a `side × side`
/// grid of the other two coordinates over the longest one, rows in alternating
/// directions so that consecutive cells are neighbours.
fn cell(d: &Vector3<f64>, side: usize) -> usize {
    let a = d.abs();
    let (axis, u, v) = if a.x >= a.y && a.x >= a.z {
        (0, d.y, d.z)
    } else if a.y >= a.z {
        (1, d.z, d.x)
    } else {
        (2, d.x, d.y)
    };
    let along = d[axis];
    let face = 2 * axis + usize::from(along < 0.0);
    let scale = 0.5 * side as f64 / along.abs();
    // Float-to-integer casts saturate (a NaN gives 0).
    let row = (((u * scale) + 0.5 * side as f64) as usize).min(side - 1);
    let col = (((v * scale) + 0.5 * side as f64) as usize).min(side - 1);
    let col = if row % 2 == 1 { side - 1 - col } else { col };
    (face * side + row) * side + col
}

/// A walk over the hull's faces to the one a ray from `o` crosses.
struct Walk<'w> {
    mesh: &'w Mesh,
    verts: &'w [Point3<f64>],
    o: &'w Point3<f64>,
    /// Where the last walk ended, and the next one starts.
    face: u32,
    /// Which edge a step tests first, turned at every step: a walk that always tried
    /// edges in the same order could go round in circles.
    turn: usize,
    /// Most steps before the walk gives up and tests every face.
    limit: usize,
    /// The edge planes of the face the last step tested (most walks end on the face
    /// they start on).
    planes: EdgePlanes,
}

impl<'w> Walk<'w> {
    /// A walk over `mesh` from face `face`, for rays from `o`.
    fn new(mesh: &'w Mesh, verts: &'w [Point3<f64>], o: &'w Point3<f64>, face: u32) -> Self {
        Self {
            mesh,
            verts,
            o,
            face,
            turn: 0,
            limit: 64 + 8 * (mesh.faces.len() as f64).sqrt() as usize,
            planes: EdgePlanes::NONE,
        }
    }

    /// The face whose closed triangle the ray from `o` through `p` crosses, or `None` if
    /// neither the walk nor a test of every face finds it.
    fn to(&mut self, p: &Point3<f64>) -> Option<u32> {
        let (mesh, verts, o) = (self.mesh, self.verts, self.o);
        let q = p - o;
        let q1 = q.abs().sum();
        // The edge the walk came in by, which `p` is strictly inside of.
        let mut came = 3;
        for _ in 0..self.limit {
            let topo = &mesh.topo[self.face as usize];
            let v = topo.verts.map(|i| &verts[i as usize]);
            if self.planes.face != self.face {
                self.planes = EdgePlanes::of(self.face, v, o);
            }
            self.turn = (self.turn + 1) % 3;
            let beyond = (0..3).map(|k| (k + self.turn) % 3).find(|&e| {
                e != came
                    && self
                        .planes
                        .beyond(e, &q, q1, || edge_side(o, v, e, p) < 0.0)
            });
            let Some(e) = beyond else {
                return Some(self.face);
            };
            let twin = topo.twins[e];
            (self.face, came) = (twin / 3, (twin % 3) as usize);
        }
        let crosses = |f: u32| {
            let v = mesh.topo[f as usize].verts.map(|i| &verts[i as usize]);
            (0..3).all(|e| edge_side(o, v, e, p) >= 0.0)
        };
        let found = (0..mesh.faces.len() as u32)
            .find(|&f| mesh.topo[f as usize].state == ALIVE && crosses(f))?;
        self.face = found;
        Some(found)
    }
}

/// The exact side (−1, 0 or +1) of `p` of the plane through `o` and edge `e` of the
/// triangle `v` (counter-clockwise from outside, `o` inside): `+1` on the triangle's side.
fn edge_side(o: &Point3<f64>, v: [&Point3<f64>; 3], e: usize, p: &Point3<f64>) -> f64 {
    height_sign(o, v[e], v[(e + 1) % 3], p, 0.0)
}

/// The planes through `o` and the three edges of a face, in floats, with the bounds of
/// their rounding: the walk's float filter before the exact [`edge_side`].
///
/// For an edge `(a, b)`, with `A = a − o` and `B = b − o` (rounded to `A'`, `B'`) and a
/// point `P = p − o` (rounded to `P'`), the float `m = A' × B'` is off `A × B` by at most
/// `4u (|A_y B_z| + |A_z B_y|)` a component (two roundings of the differences, two of the
/// products and their difference), each at most `4u |A|₁ |B|₁`; the float `m · P'` is off
/// `m · P` by at most `u |m|₁ |P|∞` for `P'` and `3u |m|₁ |P|∞` for the dot product, with
/// `|m|₁ ≤ 3 |A|₁ |B|₁`. In all, less than `16u |A|₁ |B|₁ |P|₁` (to first order in `u`);
/// the filter takes twice that, from the rounded norms. Below [`SMALLEST_BOUND`] the
/// products may have lost digits to underflow, and the exact test decides.
#[derive(Clone, Copy, Debug)]
struct EdgePlanes {
    /// The face, or [`NONE`].
    face: u32,
    /// `A' × B'` for each edge.
    normals: [Vector3<f64>; 3],
    /// `32u |A'|₁ |B'|₁` for each edge.
    bounds: [f64; 3],
}

/// The least filter bound that underflow cannot have disturbed.
const SMALLEST_BOUND: f64 = f64::MIN_POSITIVE * 1e30;

impl EdgePlanes {
    /// No face's planes.
    const NONE: Self = Self {
        face: NONE,
        normals: [Vector3::new(0.0, 0.0, 0.0); 3],
        bounds: [0.0; 3],
    };

    /// The edge planes of face `face`, with vertices `v`, through `o`.
    fn of(face: u32, v: [&Point3<f64>; 3], o: &Point3<f64>) -> Self {
        let d = v.map(|p| p - o);
        let norm = d.map(|x| x.abs().sum());
        let edge = |e: usize| (d[e].cross(&d[(e + 1) % 3]), norm[e] * norm[(e + 1) % 3]);
        let [(m0, k0), (m1, k1), (m2, k2)] = [0, 1, 2].map(edge);
        let u = f64::EPSILON / 2.0;
        let k = 32.0 * u;
        Self {
            face,
            normals: [m0, m1, m2],
            bounds: [k * k0, k * k1, k * k2],
        }
    }

    /// Whether the point `p = o + q` (`q1 = |q|₁`) is strictly beyond edge `e`'s plane,
    /// from the float test when its bound decides, otherwise from `exact`.
    #[inline]
    fn beyond(&self, e: usize, q: &Vector3<f64>, q1: f64, exact: impl FnOnce() -> bool) -> bool {
        let s = self.normals[e].dot(q);
        let bound = self.bounds[e] * q1;
        if bound >= SMALLEST_BOUND && s.abs() > bound {
            s < 0.0
        } else {
            exact()
        }
    }
}

/// Where `p`, whose ray from the inside point crosses face `f`, goes: `(f, height)` when
/// it is more than `ε` above `f`; `(NONE, −∞)` when it is surely below `f`, within `ε`
/// of a hull triangle ([`within_reach`]: the float test settles most points on the
/// hull's flat faces, as on a box), or exactly on or below `f` (so inside the hull);
/// otherwise `(NONE, h > 0)`, kept for the recheck.
fn classify(mesh: &Mesh, verts: &[Point3<f64>], f: u32, p: &Point3<f64>, s: &Scale) -> (u32, f64) {
    let (above, h) = mesh.height_above(verts, f, p, s.eps, s);
    if above {
        (f, h)
    } else if h < -f64::from(mesh.faces[f as usize].err)
        || within_reach(mesh, verts, f, p, s)
        || !mesh.exactly_above(verts, f, p)
    {
        (NONE, f64::NEG_INFINITY)
    } else {
        (NONE, h.max(f64::MIN_POSITIVE))
    }
}

#[cfg(test)]
mod tests {
    use super::{EdgePlanes, Walk, edge_side, probe_favours_sample};
    use crate::quickhull::Builder;
    use crate::tolerance::{Bounds, Scale};
    use crate::{Hull, HullError};
    use nalgebra::{Point3, Vector3};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::cell::Cell;
    use test_support::clouds;

    thread_local! {
        /// The least cloud size that starts from a sample, when set (by tests only).
        pub(super) static SAMPLE_FROM_OVERRIDE: Cell<Option<usize>> = const { Cell::new(None) };
    }

    /// `points`' hull, started from a sample from `from` points on (`None`: never).
    fn build(points: &[Point3<f64>], from: Option<usize>) -> Result<Hull, HullError> {
        SAMPLE_FROM_OVERRIDE.with(|c| c.set(Some(from.unwrap_or(usize::MAX))));
        let hull = Hull::build(points);
        SAMPLE_FROM_OVERRIDE.with(|c| c.set(None));
        hull
    }

    /// The hull's vertices as bits, sorted.
    fn vertex_bits(hull: &Hull) -> Vec<[u64; 3]> {
        let mut v: Vec<[u64; 3]> = (hull.vertices().iter())
            .map(|p| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()])
            .collect();
        v.sort_unstable();
        v
    }

    /// 3,000 seeded clouds of 50 to 600 points, built from a sample (from 24 points on,
    /// so the samples of 50 points and more start from samples of their own) and from the
    /// start: in a ball or on a sphere the same vertices, bit for bit, and the same faces;
    /// on a box's surface, in a slab 1e-12 thick, on a grid or in clusters, a hull that
    /// passes every check (each input point within `2ε` of every face plane); a slab far
    /// off the origin is flat within the tolerance both ways. Each cloud is
    /// scaled by 1e-6, 1 or 1e6 and moved 1e6 of its sizes off the origin or not.
    /// The probe's verdict on 65,536-point clouds at scales 1e-6, 1 and 1e6, offset by
    /// 1e6 or not: a sphere (every point a vertex) and a solid ball (about 70 % of the
    /// probe deep inside its hull) start from a sample, a box's surface (points on its
    /// faces: neither) and a uniform cube's volume (about a third deep) do not. The ball's
    /// hull from the sample is the plain start's, bit for bit.
    #[test]
    fn the_probe_sends_spheres_and_balls_to_a_sample_and_boxes_not() {
        let cube = {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let mut x = || rng.random_range(-1.0..1.0);
            (0..1 << 16)
                .map(|_| Point3::new(x(), x(), x()))
                .collect::<Vec<_>>()
        };
        let clouds = [
            ("sphere", clouds::of_kind("sphere", 1 << 16, 11), true),
            ("ball", clouds::of_kind("ball", 1 << 16, 12), true),
            ("box", clouds::of_kind("box", 1 << 16, 13), false),
            ("cube", cube, false),
        ];
        for (kind, cloud, sampled) in &clouds {
            for (scale, offset) in [(1e-6, 0.0), (1.0, 0.0), (1e6, 0.0), (1.0, 1e6)] {
                let points: Vec<Point3<f64>> = (cloud.iter())
                    .map(|p| Point3::from((p.coords + Vector3::repeat(offset)) * scale))
                    .collect();
                let bounds = Bounds::scan(&points).expect("finite");
                let verdict = probe_favours_sample(&points, Scale::of(&bounds));
                assert_eq!(verdict, Ok(*sampled), "{kind} at {scale}, offset {offset}");
            }
        }
        let ball = &clouds[1].1;
        let (from_sample, from_start) = (build(ball, Some(1 << 16)), build(ball, None));
        let (from_sample, from_start) = (from_sample.expect("a ball"), from_start.expect("a ball"));
        assert_eq!(vertex_bits(&from_sample), vertex_bits(&from_start));
        assert_eq!(from_sample.face_count(), from_start.face_count());
        assert_eq!(from_sample.validate(ball), Ok(()));
    }

    #[test]
    fn hulls_from_a_sample_are_the_hulls_from_the_start() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let kinds = ["ball", "sphere", "box", "slab", "grid", "clusters"];
        let (mut sampled, mut flat) = (0, 0);
        for case in 0..3000 {
            let kind = kinds[case % kinds.len()];
            let n = rng.random_range(50..600);
            let seed = rng.random();
            let cloud = match kind {
                "grid" => clouds::grid(rng.random_range(4..9)),
                "clusters" => {
                    let centres = clouds::of_kind("ball", 6, seed);
                    let jitter = clouds::of_kind("ball", n, seed + 1);
                    (jitter.iter().enumerate())
                        .map(|(i, p)| centres[i % 6] + p.coords * 1e-9)
                        .collect()
                }
                kind => clouds::of_kind(kind, n, seed),
            };
            let scale = [1e-6, 1.0, 1e6][rng.random_range(0..3)];
            let offset = if rng.random_bool(0.5) { 1e6 } else { 0.0 };
            let points: Vec<Point3<f64>> = (cloud.iter())
                .map(|p| Point3::from((p.coords + Vector3::repeat(offset)) * scale))
                .collect();
            let from_start = build(&points, None);
            let from_sample = build(&points, Some(24));
            let (Ok(a), Ok(b)) = (&from_start, &from_sample) else {
                // Flat within the tolerance (a slab far off the origin), both ways.
                assert_eq!(from_start.err(), from_sample.err(), "case {case} ({kind})");
                flat += 1;
                continue;
            };
            sampled += usize::from(points.len() >= 24);
            if let Err(e) = b.validate(&points) {
                panic!("case {case} ({kind}, {n} points, scale {scale}, offset {offset}): {e:?}");
            }
            if matches!(kind, "ball" | "sphere") {
                assert_eq!(vertex_bits(a), vertex_bits(b), "case {case} ({kind})");
                assert_eq!(a.face_count(), b.face_count(), "case {case} ({kind})");
            }
        }
        assert!(
            sampled > 2000 && flat < 300,
            "{sampled} sampled, {flat} flat"
        );
    }

    /// The float filter of the walk's edge tests gives the exact test's answer on 200,000
    /// points, most of them within a few rounding errors of an edge plane (a point of the
    /// plane, moved along its normal by 1e-17 to 1e-13 of the point's size), in triangles
    /// at scales 1e-6 to 1e6 and up to 1e6 of their size off the origin; it must have
    /// settled most of the far points itself and left most of the close ones to the exact
    /// test.
    #[test]
    fn the_edge_filter_agrees_with_the_exact_side() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut settled_far, mut exact_close) = (0, 0);
        for case in 0..200_000 {
            let unit = |rng: &mut ChaCha8Rng| Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
            let size = 10f64.powi(rng.random_range(-6..=6));
            let off = unit(&mut rng) * size * [0.0, 1.0, 1e3, 1e6][case % 4];
            let o = Point3::from(off);
            let v: [Point3<f64>; 3] = std::array::from_fn(|_| o + unit(&mut rng) * size);
            let e = case % 3;
            let (a, b) = (v[e] - o, v[(e + 1) % 3] - o);
            let close = case % 2 == 0;
            let lift = if close {
                10f64.powi(rng.random_range(-17..=-13))
            } else {
                1.0
            };
            let in_plane = a * rng.random_range(-2.0..2.0) + b * rng.random_range(-2.0..2.0);
            let normal = a.cross(&b).normalize();
            let sign = if rng.random_bool(0.5) { 1.0 } else { -1.0 };
            let p = o + in_plane + normal * (sign * lift * in_plane.norm());
            let planes = EdgePlanes::of(0, [&v[0], &v[1], &v[2]], &o);
            let q = p - o;
            let exact = edge_side(&o, [&v[0], &v[1], &v[2]], e, &p) < 0.0;
            let mut asked = false;
            let filtered = planes.beyond(e, &q, q.abs().sum(), || {
                asked = true;
                exact
            });
            assert_eq!(filtered, exact, "case {case}: o {o:?}, v {v:?}, p {p:?}");
            settled_far += usize::from(!close && !asked);
            exact_close += usize::from(close && asked);
        }
        assert!(
            settled_far > 95_000 && exact_close > 50_000,
            "{settled_far} {exact_close}"
        );
    }

    /// The walk from a face and the test of every face find the same crossed face, for
    /// 20,000 points around the hulls of seeded clouds (from inside the hull to well
    /// outside it): the walk is given no steps for the second.
    #[test]
    fn walks_find_the_face_every_face_test_finds() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut checked = 0;
        for case in 0..20 {
            let kind = ["ball", "sphere", "box"][case % 3];
            let points = clouds::of_kind(kind, 400, case as u64);
            let bounds = Bounds::scan(&points).unwrap();
            let mut builder = Builder::new(&points, &bounds, Scale::of(&bounds)).unwrap();
            builder.run().unwrap();
            let (mesh, verts, _) = builder.into_parts();
            let o = Point3::from(verts[..4].iter().map(|p| p.coords).sum::<Vector3<f64>>() / 4.0);
            let mut walk = Walk::new(&mesh, &verts, &o, 0);
            let mut every = Walk {
                limit: 0,
                ..Walk::new(&mesh, &verts, &o, 0)
            };
            for _ in 0..1000 {
                let d = Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0));
                let p = o + d * rng.random_range(0.1..3.0);
                let (a, b) = (walk.to(&p), every.to(&p));
                assert!(a.is_some() && a == b, "case {case}: {a:?} and {b:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 20_000);
    }
}
