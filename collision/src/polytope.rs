//! The EPA polytope: a closed triangle mesh around the origin with face adjacency, grown
//! one support point at a time by carving out the faces the point sees and fanning the
//! horizon (silhouette) edges to it.

use crate::cso::SimplexVertex;
use crate::kernels::closest_face::closest;
use crate::shape::unit;
use nalgebra::{Point3, Vector3};

mod horizon;
#[cfg(test)]
mod tests;

/// Most vertices an EPA run uses by default (a [`Polytope`]'s default capacity).
///
/// Each EPA iteration adds one vertex, so this also caps the iterations. Polytope pairs
/// converge long before it (one vertex per face pair of the contact feature; the hull
/// contacts of the benches in a few dozen). Curved pairs whose deepest direction lies on
/// a crease of the support function (a cylinder's rim against another's side: two
/// features of `A − B` active at once) take many more: after some fifty vertices that
/// give the polytope its global shape, the nearest faces are slivers across the crease,
/// and each halving of their short edges, which quarters the gap, costs about five. With
/// 128 vertices 16 of 74,640 fuzzed overlapping contacts stopped with bounds up to `4e-7`
/// of the depth apart (query fuzzer, seed 1, 100,000 cases); with 512, one. The capacity
/// costs a run that converges early nothing: nothing is initialised per query, and the
/// closest-face scan covers the faces made so far. Runs that still reach it stop with
/// [`EpaStatus::OutOfCapacity`](crate::EpaStatus::OutOfCapacity); a contact then runs once more with up to
/// [`MAX_REFINED_VERTICES`] (`contact/refine.rs`).
pub const MAX_VERTICES: usize = 512;

/// Most faces a [`Polytope`] of [`MAX_VERTICES`] holds: by Euler's formula a closed triangulated polytope with
/// `V` vertices has `E = 3V − 6` edges and `F = 2V − 4` faces (each face has three edges,
/// each edge two faces: `3F = 2E`; `V − E + F = 2`). Faces carved out by an expansion are
/// freed before the new ones are made, so the live count never exceeds `2 · MAX_VERTICES − 4`.
pub const MAX_FACES: usize = 2 * MAX_VERTICES - 4;

/// The most vertices a [`Polytope`] holds, its largest [`capacity`](Polytope::capacity):
/// the second EPA run of a contact whose first run stopped short (`contact/refine.rs`).
/// Nearly coaxial cones, cylinders and capsules (axes 1e-3 rad apart, a circle of near
/// ties round the deepest direction) need up to a few thousand vertices: of 3,000 seeded
/// pairs (`tests/toi/curved.rs`), 37 did not converge within 512, 10 within 1,024, 1
/// within 2,048 and none within 4,096. The storage for that many (about 1 MB) is
/// allocated once per thread; a run that converges early touches only what it uses. An
/// observed run records each step as the change it made (`observer/epa_step.rs`), since
/// whole polytopes at every step would grow with the square of the vertices (1.7 GB for
/// one 4,096-vertex run).
pub const MAX_REFINED_VERTICES: usize = 4096;

/// The index of a vertex or a face slot of a [`Polytope`]; `Index::MAX` marks "no face".
/// Sixteen bits: [`MAX_FACES`] is above 255, and a [`Face`] still fits in 48 bytes (its
/// edge numbers, 0 to 2, stay bytes).
pub type Index = u16;

/// Most faces of the largest polytope.
const MAX_REFINED_FACES: usize = 2 * MAX_REFINED_VERTICES - 4;

/// Depth of the explicit silhouette stack: every carved face pushes two neighbours, the
/// first face three.
const MAX_STACK: usize = 2 * MAX_REFINED_FACES + 3;

/// `N` copies of `x` on the heap (never on the stack, whatever `N`), or `None` when the
/// allocator refuses them.
fn boxed<T: Clone, const N: usize>(x: T) -> Option<Box<[T; N]>> {
    let mut v = Vec::new();
    v.try_reserve_exact(N).ok()?;
    v.resize(N, x);
    match v.into_boxed_slice().try_into() {
        Ok(array) => Some(array),
        Err(_) => unreachable!("a vector of N elements is an array of N"),
    }
}

// Faces outnumber vertices, so this covers both.
const _: () = assert!(2 * MAX_REFINED_VERTICES - 4 < Index::MAX as usize);

/// A triangle of the polytope. Edge `i` runs from `vertices[i]` to `vertices[(i + 1) % 3]`;
/// the vertices are counter-clockwise seen from outside.
///
/// The plane is kept unnormalised, as `(m, m · c)` for some positive multiple `m` of the
/// outward normal and the centroid `c`: every test EPA makes on a face (which side of it a
/// point lies, which face is nearest) is invariant under that scale, so a face only pays
/// for its square root and division when its unit normal is asked for
/// ([`Self::plane`]), about once per EPA iteration instead of once per new face.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// Vertex indices.
    pub vertices: [Index; 3],
    /// `adjacent[i]` is the face across edge `i`.
    adjacent: [Index; 3],
    /// `adjacent_edge[i]` is the index of edge `i` within `adjacent[i]`.
    adjacent_edge: [u8; 3],
    /// A positive multiple `m` of the outward normal.
    direction: Vector3<f64>,
    /// `m · c`: the plane's distance from the origin, times `|m|`.
    offset: f64,
    alive: bool,
}

impl Face {
    const EMPTY: Face = Face {
        vertices: [0; 3],
        adjacent: [0; 3],
        adjacent_edge: [0; 3],
        direction: Vector3::new(0.0, 0.0, 0.0),
        offset: 0.0,
        alive: false,
    };

    /// The outward unit normal `n` and the signed distance `n · v` of the face's plane
    /// from the origin (zero for a slot that never held a face).
    #[must_use]
    #[inline]
    pub fn plane(&self) -> (Vector3<f64>, f64) {
        // `|m|²` is a normal number for every face made (checked then, else `m` is unit).
        let inverse = 1.0 / self.direction.norm_squared().sqrt();
        if !inverse.is_finite() {
            return (Vector3::zeros(), 0.0);
        }
        (self.direction * inverse, self.offset * inverse)
    }

    /// The outward unit normal.
    #[must_use]
    pub fn normal(&self) -> Vector3<f64> {
        self.plane().0
    }

    /// The signed distance of the face's plane from the origin.
    #[must_use]
    pub fn distance(&self) -> f64 {
        self.plane().1
    }

    /// An outward normal of the face, not normalised: a support direction as good as the
    /// unit one ([`crate::SupportMap::support`] takes any length).
    #[must_use]
    #[inline]
    pub fn direction(&self) -> &Vector3<f64> {
        &self.direction
    }

    /// Whether `p` lies above the plane by more than `-tolerance` (`n · p > d −
    /// tolerance` with the unit normal, up to a factor between 1 and √3 on `tolerance`:
    /// the unnormalised test scales it by `|m|∞ ≤ |m|`, times √3 ≥ `|m| / |m|∞`).
    #[inline(always)]
    fn sees(&self, p: &Vector3<f64>, tolerance: f64) -> bool {
        let m = &self.direction;
        let slack = tolerance * SQRT_3 * m.x.abs().max(m.y.abs()).max(m.z.abs());
        m.dot(p) > self.offset - slack
    }
}

/// √3, rounded up: `|m| ≤ √3 |m|∞`.
const SQRT_3: f64 = 1.732_050_807_568_877_4;

/// Why the polytope could not be changed as asked. The polytope is left unusable for
/// further expansion, but faces not yet touched keep their values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolytopeError {
    /// Vertex or face capacity exhausted.
    Full,
    /// A face came out with no well-defined normal, or the carved region's boundary was
    /// not a simple cycle (rounding made the visibility tests inconsistent).
    Degenerate,
}

/// A convex polytope of A − B vertices, with room for [`MAX_REFINED_VERTICES`] of them of
/// which a run may use its [`capacity`](Self::capacity): [`MAX_VERTICES`] unless set
/// otherwise.
///
/// Its storage (about 1 MB, fixed-size arrays so that every index is checked against a
/// constant) is allocated on the heap once, when it is made, and reused by every run: the
/// caller keeps one per thread.
#[derive(Clone, Debug)]
pub struct Polytope {
    vertices: Box<[SimplexVertex; MAX_REFINED_VERTICES]>,
    /// The most vertices this polytope takes (see [`Self::with_capacity`]).
    capacity: usize,
    vertex_count: usize,
    faces: Box<[Face; MAX_REFINED_FACES]>,
    face_count: usize,
    free: Box<[Index; MAX_REFINED_FACES]>,
    free_count: usize,
    removed: Box<[Index; MAX_REFINED_FACES]>,
    removed_count: usize,
    horizon: Box<[[Index; 2]; MAX_REFINED_VERTICES]>,
    horizon_count: usize,
    stack: Box<[[Index; 2]; MAX_STACK]>,
    /// The slots of the faces made by the last [`Self::fill`], in horizon order.
    fanned: Box<[Index; MAX_REFINED_VERTICES]>,
    /// How many of `fanned` the last fill (or the start tetrahedron) made.
    fanned_count: usize,
    /// `distances[f]` is face `f`'s distance key `d |d|` (see [`Self::key_fan`]) while it
    /// is live, +∞ otherwise: the closest-face search scans this dense array instead of
    /// the faces.
    distances: Box<[f64; MAX_REFINED_FACES]>,
    /// Per vertex, the stamp of the last [`Self::fill`] that met it on its horizon (a
    /// pinched horizon meets one twice): each call takes a new `stamp`, so nothing needs
    /// clearing.
    seen: Box<[u32; MAX_REFINED_VERTICES]>,
    stamp: u32,
}

impl Default for Polytope {
    fn default() -> Polytope {
        Polytope::with_capacity(MAX_VERTICES)
    }
}

impl Polytope {
    /// An empty polytope whose runs may use up to `vertices` vertices (clamped to
    /// `4..=`[`MAX_REFINED_VERTICES`]) and `2 · vertices − 4` faces. Its storage, for the
    /// largest capacity whatever `vertices` (about 1 MB), is allocated as a `Vec`'s is:
    /// a process out of memory aborts; [`Self::try_with_capacity`] returns `None` instead.
    #[must_use]
    pub fn with_capacity(vertices: usize) -> Polytope {
        match Polytope::try_with_capacity(vertices) {
            Some(polytope) => polytope,
            // Reported as the largest of its arrays, whichever one was refused.
            None => std::alloc::handle_alloc_error(std::alloc::Layout::new::<
                [Face; MAX_REFINED_FACES],
            >()),
        }
    }

    /// [`Self::with_capacity`], or `None` when its storage cannot be allocated.
    #[must_use]
    pub fn try_with_capacity(vertices: usize) -> Option<Polytope> {
        Some(Polytope {
            vertices: boxed(SimplexVertex::ORIGIN)?,
            capacity: vertices.clamp(4, MAX_REFINED_VERTICES),
            vertex_count: 0,
            faces: boxed(Face::EMPTY)?,
            face_count: 0,
            free: boxed(0)?,
            free_count: 0,
            removed: boxed(0)?,
            removed_count: 0,
            horizon: boxed([0; 2])?,
            horizon_count: 0,
            stack: boxed([0; 2])?,
            fanned: boxed(0)?,
            fanned_count: 0,
            distances: boxed(f64::INFINITY)?,
            seen: boxed(0)?,
            stamp: 0,
        })
    }

    /// The most vertices a run may use.
    #[must_use]
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Empties the polytope and lets the next runs use up to `vertices` vertices (clamped
    /// as by [`Self::with_capacity`]).
    pub fn set_capacity(&mut self, vertices: usize) {
        self.clear();
        self.capacity = vertices.clamp(4, MAX_REFINED_VERTICES);
    }

    /// The most faces this polytope takes: a closed triangulated polytope of `V` vertices
    /// has `2V − 4` (see [`MAX_FACES`]).
    pub(super) fn face_capacity(&self) -> usize {
        2 * self.capacity - 4
    }

    /// Empties the polytope (keeps the storage).
    pub fn clear(&mut self) {
        self.vertex_count = 0;
        self.face_count = 0;
        self.free_count = 0;
        self.removed_count = 0;
        self.horizon_count = 0;
        self.fanned_count = 0;
    }

    /// Replaces the contents by the tetrahedron `v`, oriented so that every face normal
    /// points away from the fourth vertex.
    ///
    /// # Errors
    /// [`PolytopeError::Degenerate`] when a face has no normal (the tetrahedron is flat).
    pub fn set_tetrahedron(&mut self, v: &[SimplexVertex; 4]) -> Result<(), PolytopeError> {
        self.set_tetrahedron_with(|k| v[k])
    }

    /// [`Self::set_tetrahedron`] with the `k`-th vertex given by `vertex(k)`, written
    /// straight into place.
    #[inline]
    pub(crate) fn set_tetrahedron_with(
        &mut self,
        vertex: impl Fn(usize) -> SimplexVertex,
    ) -> Result<(), PolytopeError> {
        self.clear();
        for (k, slot) in self.vertices[..4].iter_mut().enumerate() {
            *slot = vertex(k);
        }
        let v = &self.vertices;
        let (p0, p1, p2, p3) = (v[0].w, v[1].w, v[2].w, v[3].w);
        // det = (p1 − p0) · ((p2 − p0) × (p3 − p0)) > 0 means p3 lies on the side of
        // (p1 − p0) × (p2 − p0), so face (0, 1, 2) must be flipped to face outwards.
        let det = (p1 - p0).dot(&(p2 - p0).cross(&(p3 - p0)));
        if det > 0.0 {
            self.vertices.swap(1, 2);
        }
        self.vertex_count = 4;
        self.face_count = 4;
        // Face k's edge e meets face TETRAHEDRON_ADJACENCY[k][e].0 at that face's edge
        // TETRAHEDRON_ADJACENCY[k][e].1: the face holding the same two vertices in the
        // opposite order. Planes unnormalised, as in `fill`, then keyed together.
        let p: [Vector3<f64>; 4] = std::array::from_fn(|i| self.vertices[i].w.coords);
        for (k, (tri, adjacent)) in TETRAHEDRON
            .into_iter()
            .zip(TETRAHEDRON_ADJACENCY)
            .enumerate()
        {
            let [a, b, c] = tri.map(|i| p[i as usize]);
            let direction = (b - a).cross(&(c - a));
            self.faces[k] = Face {
                vertices: tri,
                adjacent: adjacent.map(|(g, _)| g),
                adjacent_edge: adjacent.map(|(_, e)| e),
                direction,
                offset: direction.dot(&((a + b + c) * (1.0 / 3.0))),
                alive: true,
            };
            self.fanned[k] = k as Index;
        }
        self.fanned_count = 4;
        self.key_fan(4)
    }

    /// The vertices.
    #[must_use]
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.vertices[..self.vertex_count]
    }

    /// The live faces with their slot indices.
    pub fn faces(&self) -> impl Iterator<Item = (Index, &Face)> {
        self.faces[..self.face_count]
            .iter()
            .enumerate()
            .filter(|(_, f)| f.alive)
            .map(|(i, f)| (i as Index, f))
    }

    /// The face in slot `i` (live or not).
    #[must_use]
    pub fn face(&self, i: Index) -> &Face {
        &self.faces[i as usize]
    }

    /// The faces carved out by the last [`Self::carve`] (their slots still hold them
    /// until [`Self::fill`]).
    #[must_use]
    pub fn removed(&self) -> &[Index] {
        &self.removed[..self.removed_count]
    }

    /// The horizon edges of the last [`Self::carve`], as vertex pairs in the orientation
    /// of the surviving face.
    pub fn horizon(&self) -> impl Iterator<Item = [Index; 2]> + '_ {
        self.horizon[..self.horizon_count].iter().map(|&[f, e]| {
            let v = self.faces[f as usize].vertices;
            [v[e as usize], v[(e as usize + 1) % 3]]
        })
    }

    /// The slots of the faces the last [`Self::fill`] made (or the start tetrahedron's
    /// four), until the next one: what a step added to the polytope, which the observer's
    /// [`Trace`](crate::Trace) records instead of every face at every step.
    #[must_use]
    pub fn fanned(&self) -> &[Index] {
        &self.fanned[..self.fanned_count]
    }

    /// The live face nearest to the origin (smallest plane distance; the first slot
    /// among ties): a scan of the dense array of keys `d |d|`, monotonic in the distance
    /// `d` and made with one division per face where `d` itself takes a square root too
    /// (the scan is the kernel `kernels/closest_face.rs`).
    #[must_use]
    pub fn closest_face(&self) -> Option<Index> {
        closest(&self.distances[..self.face_count]).map(|f| f as Index)
    }

    /// Adds a vertex and returns its index.
    ///
    /// # Errors
    /// [`PolytopeError::Full`] at the polytope's [`capacity`](Self::capacity).
    pub fn push_vertex(&mut self, v: SimplexVertex) -> Result<Index, PolytopeError> {
        if self.vertex_count == self.capacity {
            return Err(PolytopeError::Full);
        }
        self.vertices[self.vertex_count] = v;
        self.vertex_count += 1;
        Ok((self.vertex_count - 1) as Index)
    }

    /// The origin's projection `d n` onto face `f`'s plane in barycentric coordinates,
    /// applied to the witness points: returns `(Σ λᵢ aᵢ, Σ λᵢ bᵢ)`.
    ///
    /// `λᵢ` is the area of the sub-triangle opposite vertex `i` over the face's area, both
    /// measured along `n`: `λ₀ = n · ((v₁ − p) × (v₂ − p)) / n · ((v₁ − v₀) × (v₂ − v₀))`.
    /// For the closest face of a convex polytope around the origin the projection lies in
    /// the face. Several coplanar triangles (a face–face contact) tie up to rounding, and
    /// the projection may fall in a neighbour of the chosen one: the walk crosses the edge
    /// opposite the most negative `λ` while the neighbour is coplanar to within `tolerance`
    /// (relative to the face distance and `scale`), then clamps what rounding is left.
    #[must_use]
    pub fn witnesses(&self, f: Index, scale: f64) -> (Point3<f64>, Point3<f64>) {
        let (mut f, mut l) = (f, self.barycentric(f));
        let d = self.faces[f as usize].distance();
        let tolerance = 1e-9 * d.abs().max(scale);
        for _ in 0..16 {
            let i = (0..3).fold(0, |m, k| if l[k] < l[m] { k } else { m });
            if l[i] >= 0.0 {
                break;
            }
            let g = self.faces[f as usize].adjacent[(i + 1) % 3];
            if (self.faces[g as usize].distance() - d).abs() > tolerance {
                break;
            }
            let lg = self.barycentric(g);
            if lg.iter().fold(f64::INFINITY, |m, &x| m.min(x)) <= l[i] {
                break;
            }
            (f, l) = (g, lg);
        }
        combine(&self.faces[f as usize], &self.vertices[..], l)
    }

    /// [`Self::witnesses`] for a copy of a face taken earlier (its vertices are never
    /// overwritten), without the walk: for answers after a failed expansion.
    #[must_use]
    pub fn witnesses_of(&self, face: &Face) -> (Point3<f64>, Point3<f64>) {
        let l = barycentric(face, &self.vertices[..]);
        combine(face, &self.vertices[..], l)
    }

    /// Unnormalised-area barycentric coordinates of the origin's projection onto face `f`
    /// (they sum to one up to rounding; negative outside the triangle).
    fn barycentric(&self, f: Index) -> [f64; 3] {
        barycentric(&self.faces[f as usize], &self.vertices[..])
    }

    /// Checks the mesh invariants (adjacency symmetric, shared edges reversed, Euler's
    /// formula `F = 2V − 4` over the vertices the live faces use: an expansion may leave
    /// a vertex inside the new hull, with no face); for tests. O(F).
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        let mut live = 0;
        let mut used = vec![0u64; self.vertices.len().div_ceil(64)];
        for (i, f) in self.faces() {
            live += 1;
            for e in 0..3 {
                let g = self.face(f.adjacent[e]);
                let k = f.adjacent_edge[e] as usize;
                let (p, q) = (f.vertices[e], f.vertices[(e + 1) % 3]);
                used[(p >> 6) as usize] |= 1 << (p & 63);
                if !g.alive
                    || g.adjacent[k] != i
                    || g.adjacent_edge[k] as usize != e
                    || g.vertices[k] != q
                    || g.vertices[(k + 1) % 3] != p
                {
                    return false;
                }
            }
        }
        let vertices: u32 = used.iter().map(|w| w.count_ones()).sum();
        live + 4 == 2 * vertices as usize
    }
}

/// The plane of a triangle from its (unnormalised) normal `cross`, e.g.
/// `(v₁ − v₀) × (v₂ − v₀)`, and its `centroid`: unit normal `n = cross / |cross|` and
/// distance `n · (v₀ + v₁ + v₂) / 3` (the centroid averages the rounding of the three
/// vertices), by the scaled norm ([`unit()`]), which neither under- nor overflows. `None`
/// when `cross` has no direction (a degenerate triangle).
fn plane(cross: &Vector3<f64>, centroid: &Vector3<f64>) -> Option<(Vector3<f64>, f64)> {
    let normal = unit(cross)?;
    Some((normal, normal.dot(centroid)))
}

/// Barycentric coordinates of the origin's projection `d n` onto `face` (see
/// [`Polytope::witnesses`]); negative outside the triangle.
fn barycentric(face: &Face, vertices: &[SimplexVertex]) -> [f64; 3] {
    let [v0, v1, v2] = face.vertices.map(|i| vertices[i as usize].w);
    let (n, d) = face.plane();
    let p = Point3::from(n * d);
    let area = |x: &Point3<f64>, y: &Point3<f64>, z: &Point3<f64>| n.dot(&(y - x).cross(&(z - x)));
    let total = area(&v0, &v1, &v2);
    if total.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return [1.0 / 3.0; 3];
    }
    [
        area(&p, &v1, &v2) / total,
        area(&v0, &p, &v2) / total,
        area(&v0, &v1, &p) / total,
    ]
}

/// `(Σ λᵢ aᵢ, Σ λᵢ bᵢ)` over `face`'s vertices, with `λ` clamped to `≥ 0` and renormalised.
fn combine(face: &Face, vertices: &[SimplexVertex], l: [f64; 3]) -> (Point3<f64>, Point3<f64>) {
    let l = l.map(|x| x.max(0.0));
    let sum = l[0] + l[1] + l[2];
    let l = if sum > 0.0 && sum.is_finite() {
        l.map(|x| x / sum)
    } else {
        [1.0 / 3.0; 3]
    };
    let [v0, v1, v2] = face.vertices.map(|i| &vertices[i as usize]);
    let a = v0.a.coords * l[0] + v1.a.coords * l[1] + v2.a.coords * l[2];
    let b = v0.b.coords * l[0] + v1.b.coords * l[1] + v2.b.coords * l[2];
    (Point3::from(a), Point3::from(b))
}

/// The initial tetrahedron's faces, outward counter-clockwise when vertex 3 lies below
/// face 0 (see [`Polytope::set_tetrahedron`]).
const TETRAHEDRON: [[Index; 3]; 4] = [[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]];

/// Neighbours of the initial tetrahedron's faces `[0, 1, 2]`, `[0, 3, 1]`, `[0, 2, 3]`,
/// `[1, 3, 2]`: `(face, edge index in that face)` across each edge. Edge `e` of a face
/// runs from its vertex `e` to vertex `e + 1`; e.g. face 0's edge 0 is `0 → 1`, which
/// face 1 holds as its edge 2, `1 → 0`.
const TETRAHEDRON_ADJACENCY: [[(Index, u8); 3]; 4] = [
    [(1, 2), (3, 2), (2, 0)],
    [(2, 2), (3, 0), (0, 0)],
    [(0, 2), (3, 1), (1, 0)],
    [(1, 1), (2, 1), (0, 1)],
];
