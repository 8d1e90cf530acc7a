//! The convex hull of a point set, as a support map.

use super::{FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_vertices};
use crate::kernels::hull_scan::argmax;
use collision_hull::{Hull, HullError};
use nalgebra::{Point3, Vector3};

mod flat;
mod start;

use crate::kernels::hull_climb::{Climber, NoRoom, room};
use crate::kernels::hull_scan::Blocks;
use start::StartTable;

/// Vertex count up to which [`ConvexHull`] scans every vertex instead of hill-climbing:
/// the most the branch-free scan takes (one bit per vertex in a `u64`).
///
/// A scan's products are independent of each other, while a climb waits on each step's
/// neighbour list; and a climbing hull carries a record per vertex and a direction table
/// (a 64-vertex hull takes 40 KB in the Python package climbing, 19 KB scanned), which a
/// scene of many hulls cannot keep in cache. On the AMD EPYC Zen 5, with hulls of 64
/// points on a sphere (every point a vertex) in the Python package's benchmark, scanning
/// instead of climbing took single distance calls over 400 and 4,000 pairs of distinct
/// hulls from 1.68–1.78 to 1.01–1.12 µs and from 2.80 to 1.84–1.88 µs, contacts from
/// 3.22–3.35 to 1.74–1.79 µs and from 5.67–5.71 to 2.92–2.93 µs, and batches 1.7–2.6× less;
/// over 20 pairs cycled in cache it is 9–25 % slower (distance 0.52 to 0.62 µs, contact
/// 1.07 to 1.17 µs). As for the branch-free scan, the scene of many hulls decides. A
/// lower crossover loses too: on a 200-hull scene, 24 made hull64 distance 29 % and
/// contact 32 % slower.
pub const HILL_CLIMB_CROSSOVER: usize = 64;

/// What kind of point set a [`ConvexHull`] was built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HullKind {
    /// A polyhedron with volume.
    Solid,
    /// All points lie in one plane: a convex polygon.
    Polygon,
    /// All points lie on one line: a segment.
    Segment,
    /// All points coincide: a point.
    Point,
}

/// The convex hull of a point set.
///
/// Flat point sets are valid too: coplanar points make a convex polygon, collinear points
/// a segment and coincident points a single point, because a support map needs no volume.
///
/// Support queries scan the vertices when there are at most [`HILL_CLIMB_CROSSOVER`] of
/// them, and otherwise hill-climb over the vertex adjacency from the hint, or without a
/// hint from a start vertex looked up by direction in a small table built with the hull
/// (`2k²` entries of 4 bytes, `k = ⌈2√n⌉` in 4..=64: 4.5 KiB at 140 vertices, at most
/// 32 KiB). On a convex polytope a vertex that no neighbour beats along `d` is a global
/// maximum, because the edges at a vertex span the polytope's tangent cone there, so the
/// start only changes the cost, not the answer.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "ConvexHullDef", into = "ConvexHullDef")
)]
#[repr(C)]
pub struct ConvexHull {
    // The fields every support query reads come first, in one or two cache lines: a
    // pair of a scene's hulls is usually not in L1.
    kind: HullKind,
    /// The extreme points: the support candidates.
    vertices: Vec<Point3<f64>>,
    /// The vertices again, in blocks of four for the branch-free scan; only kept for
    /// hulls that are scanned (at most [`HILL_CLIMB_CROSSOVER`] vertices).
    blocks: Blocks,
    /// For solid hulls, the ball about the centroid that stays inside every face plane;
    /// for flat ones, the mean of the vertices with radius zero.
    inscribed: Option<InscribedBall>,
    /// [`FastPaths::fingerprint`]: the vertices folded together, computed once.
    fingerprint: u64,
    /// `neighbors[offsets[i]..offsets[i + 1]]` are the vertices joined to vertex `i`;
    /// `offsets` is empty when there is no adjacency (small or trivial sets).
    offsets: Vec<u32>,
    neighbors: Vec<u32>,
    /// For hill-climbing hulls, a record per vertex: its coordinates and `neighbors`
    /// with theirs, in padded blocks of four for the branch-free climb (see
    /// `kernels/hull_climb.rs`).
    climber: Climber,
    /// For hill-climbing hulls: the start vertex of a climb without a valid hint, by
    /// direction (an octahedral map, see `start.rs`), usually the answer or next to it.
    starts: StartTable,
    /// The polyhedron, for solid hulls.
    hull: Option<Hull>,
}

impl PartialEq for ConvexHull {
    fn eq(&self, other: &ConvexHull) -> bool {
        self.kind == other.kind && self.vertices == other.vertices
    }
}

impl ConvexHull {
    /// The convex hull of `points`.
    ///
    /// # Errors
    /// - [`ShapeError::EmptyPointSet`] when `points` is empty;
    /// - [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite (with its
    ///   index);
    /// - [`ShapeError::Hull`] if the hull builder fails for another reason, with
    ///   [`HullError::OutOfMemory`] also when the support tables made from the hull
    ///   (about 400 bytes a vertex) do not fit in memory.
    pub fn new(points: &[Point3<f64>]) -> Result<ConvexHull, ShapeError> {
        const WHAT: &str = "convex hull";
        if points.is_empty() {
            return Err(ShapeError::EmptyPointSet { what: WHAT });
        }
        check_vertices(WHAT, points)?;
        let made = match Hull::build(points) {
            Ok(hull) => Self::solid(hull),
            Err(HullError::Coplanar) => flat::polygon(points),
            Err(HullError::Collinear) => flat::segment(points),
            Err(HullError::Coincident) => flat::point(points),
            Err(HullError::TooFewPoints { .. }) => flat::few(points),
            Err(e) => return Err(ShapeError::Hull(e)),
        };
        made.map_err(|NoRoom { bytes }| {
            ShapeError::Hull(HullError::OutOfMemory {
                count: points.len(),
                bytes,
            })
        })
    }

    fn solid(hull: Hull) -> Result<ConvexHull, NoRoom> {
        let n = hull.vertices().len();
        let mut vertices = room(n)?;
        vertices.extend_from_slice(hull.vertices());
        let mut offsets = room(n + 1)?;
        let mut neighbors = room((0..n).map(|i| hull.vertex_neighbors(i).len()).sum())?;
        offsets.push(0);
        for i in 0..n {
            neighbors.extend_from_slice(hull.vertex_neighbors(i));
            offsets.push(neighbors.len() as u32);
        }
        let mut h = ConvexHull::from_parts(vertices, offsets, neighbors, HullKind::Solid)?;
        h.inscribed = inscribed_ball(&hull);
        h.hull = Some(hull);
        Ok(h)
    }

    /// A hull from already-extreme `vertices` with optional adjacency (used by the flat
    /// builders).
    ///
    /// # Errors
    /// [`NoRoom`] when the climbing records do not fit in memory.
    fn from_parts(
        vertices: Vec<Point3<f64>>,
        offsets: Vec<u32>,
        neighbors: Vec<u32>,
        kind: HullKind,
    ) -> Result<ConvexHull, NoRoom> {
        let fingerprint = super::fold_points(11, &vertices);
        let mut h = ConvexHull {
            fingerprint,
            blocks: scan_blocks(&vertices, &offsets)?,
            climber: climber(&vertices, &offsets, &neighbors)?,
            starts: StartTable::default(),
            vertices,
            offsets,
            neighbors,
            hull: None,
            inscribed: None,
            kind,
        };
        if kind != HullKind::Solid {
            // A flat hull has no volume: the mean of its vertices, a point of it, as a
            // ball of radius zero (a solid one gets its ball in `solid`).
            h.inscribed = InscribedBall::point(Point3::from(vertex_mean(&h.vertices)));
        }
        if !h.climber.is_empty() {
            // Each cell's start: a climb along its centre direction from the previous
            // cell's answer (the table is still empty, so the first climb starts at 0).
            let k = StartTable::side_for(h.vertices.len());
            h.starts = StartTable::new(k, |d, start| h.support_climb(d, start) as u32)?;
        }
        Ok(h)
    }

    /// The extreme points (support candidates), each once.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>] {
        &self.vertices
    }

    /// The polyhedron with faces and adjacency, for solid hulls; `None` for flat ones.
    #[must_use]
    pub fn hull(&self) -> Option<&Hull> {
        self.hull.as_ref()
    }

    /// Whether the hull is solid, a polygon, a segment or a point.
    #[must_use]
    pub fn kind(&self) -> HullKind {
        self.kind
    }

    /// The vertices joined to vertex `i` by an edge (empty without adjacency).
    #[must_use]
    pub fn neighbors(&self, i: usize) -> &[u32] {
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&s), Some(&e)) => &self.neighbors[s as usize..e as usize],
            _ => &[],
        }
    }

    /// The index of the vertex maximising `dir · p`: a scan up to
    /// [`HILL_CLIMB_CROSSOVER`] vertices (the hint is not used), beyond, a climb from
    /// `hint`.
    ///
    /// Tried and dropped: keeping, on scanned hulls, a hint none of whose neighbours is
    /// further along `dir` (7–12 % more instructions for GJK and ray casts on hull16 and
    /// hull64 than the AVX scan; it looked faster only while that scan was not inlined,
    /// see `kernels/avx.rs`).
    #[inline(never)]
    fn support_index(&self, dir: &Vector3<f64>, hint: u32) -> usize {
        if self.vertices.len() <= HILL_CLIMB_CROSSOVER {
            self.support_scan(dir)
        } else {
            self.support_climb(dir, hint)
        }
    }

    /// Support by a linear scan: index of the vertex maximising `d · v`.
    #[must_use]
    #[inline]
    pub fn support_scan(&self, dir: &Vector3<f64>) -> usize {
        if self.blocks.is_empty() {
            argmax(&self.vertices, dir)
        } else {
            self.blocks.argmax(dir)
        }
    }

    /// Support by hill-climbing from vertex `start`, or from the start table's vertex
    /// for `dir` when `start` is not a vertex index (such as `u32::MAX`, "no hint") or is
    /// stale (vertex 0 without a table). Moves to the first neighbour that improves
    /// `d · v` (fewer products than the steepest neighbour).
    ///
    /// Terminates because every move strictly increases `d · v`; a NaN direction makes
    /// no move. Falls back to a scan when there is no adjacency.
    ///
    /// A hint is stale when `dir` is more than 60° away from the direction from the
    /// vertices' mean to the hinted vertex (`kernels/hull_climb.rs`): a climb from there would walk
    /// across the hull, while the table's start is usually an edge or two from the
    /// answer. A fresh hint is kept, since the lookup (a division and two conversions,
    /// about 40 cycles) is on the caller's critical path: in coherent motion, and in
    /// GJK's last iterations, the hint is usually the answer.
    #[must_use]
    pub fn support_climb(&self, dir: &Vector3<f64>, start: u32) -> usize {
        if self.offsets.is_empty() {
            return self.support_scan(dir);
        }
        let fresh = |s: u32| self.climber.is_empty() || self.climber.faces(s as usize, dir);
        let start = if (start as usize) < self.vertices.len() && fresh(start) {
            start
        } else {
            self.starts.lookup(dir)
        };
        let mut current = if (start as usize) < self.vertices.len() {
            start as usize
        } else {
            0
        };
        if !self.climber.is_empty() {
            return self.climber.climb(dir, current);
        }
        // Small polygons: no blocks.
        let mut current_dot = dir.dot(&self.vertices[current].coords);
        'climb: loop {
            for &n in self.neighbors(current) {
                let d = dir.dot(&self.vertices[n as usize].coords);
                if d > current_dot {
                    (current, current_dot) = (n as usize, d);
                    continue 'climb;
                }
            }
            return current;
        }
    }
}

/// The ball about the centroid `c` (inside a convex solid) of radius
/// `min over faces (offset − n · c) − tolerance`: the distance to the nearest face plane,
/// less the hull's tolerance, within which its vertices may stand off their planes.
fn inscribed_ball(hull: &Hull) -> Option<InscribedBall> {
    let c = hull.centroid();
    let nearest = hull
        .planes()
        .iter()
        .map(|plane| -plane.distance(&c))
        .fold(f64::INFINITY, f64::min);
    InscribedBall::new(c, nearest - hull.tolerance())
}

/// The mean of `vertices` (non-finite when the sum overflows).
fn vertex_mean(vertices: &[Point3<f64>]) -> Vector3<f64> {
    vertices.iter().fold(Vector3::zeros(), |s, v| s + v.coords) / vertices.len() as f64
}

/// The block adjacency of a hill-climbing hull (empty for scanned ones).
///
/// # Errors
/// [`NoRoom`] when it does not fit in memory.
fn climber(
    vertices: &[Point3<f64>],
    offsets: &[u32],
    neighbors: &[u32],
) -> Result<Climber, NoRoom> {
    if vertices.len() <= HILL_CLIMB_CROSSOVER || offsets.is_empty() {
        return Ok(Climber::default());
    }
    Climber::new(vertices, offsets, neighbors, &vertex_mean(vertices))
}

/// The scan blocks of a hull that will be scanned (see [`ConvexHull::support_hinted`]).
///
/// # Errors
/// [`NoRoom`] when they do not fit in memory.
fn scan_blocks(vertices: &[Point3<f64>], offsets: &[u32]) -> Result<Blocks, NoRoom> {
    if vertices.len() <= HILL_CLIMB_CROSSOVER || offsets.is_empty() {
        Blocks::new(vertices)
    } else {
        Ok(Blocks::default())
    }
}

impl SupportMap for ConvexHull {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, u32::MAX).point
    }

    /// Always inlined (as are the `&S` and `Box<S>` forwarders), with the search itself
    /// out of line returning only the index, so that the caller loads the point from
    /// what the search just read: a climbing hull's climb record, a scanned hull's block
    /// (`Blocks::point`); the vertex array only as a fallback no hull of this crate takes
    /// (every hull of more than 64 vertices has adjacency, hence a climber). Returned through memory from a call, the coordinates were
    /// written as a 16-byte and an 8-byte store and read back by GJK as an 8-byte and a
    /// 16-byte load, which store forwarding cannot serve: a stall on every support
    /// query wherever the compiler chose not to inline.
    #[inline(always)]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let i = self.support_index(dir, hint);
        let point = if !self.climber.is_empty() {
            self.climber.point(i)
        } else if !self.blocks.is_empty() {
            self.blocks.point(i)
        } else {
            self.vertices[i]
        };
        SupportPoint {
            point,
            id: i as u32,
        }
    }
}

impl FastPaths for ConvexHull {
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn as_hull(&self) -> Option<&ConvexHull> {
        Some(self)
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(self.fingerprint)
    }
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        self.inscribed
    }
    /// A scanned hull's blocks, which its every support query reads whole (support
    /// points included); a hill-climbing hull's climb goes where the direction leads,
    /// so it asks for nothing.
    #[inline]
    fn prefetch_data(&self) {
        if !self.blocks.is_empty() {
            self.blocks.prefetch();
        }
    }
}

/// The serialized form of a [`ConvexHull`]: its vertices. Loading rebuilds (and so
/// validates) the hull.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ConvexHullDef {
    points: Vec<Point3<f64>>,
}

#[cfg(feature = "serde")]
impl From<ConvexHull> for ConvexHullDef {
    fn from(h: ConvexHull) -> ConvexHullDef {
        ConvexHullDef { points: h.vertices }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<ConvexHullDef> for ConvexHull {
    type Error = ShapeError;
    fn try_from(d: ConvexHullDef) -> Result<ConvexHull, ShapeError> {
        ConvexHull::new(&d.points)
    }
}

#[cfg(test)]
mod layout {
    use super::ConvexHull;
    use std::mem::{offset_of, size_of_val};

    /// The fields a support query reads lie in the struct's first two cache lines (as
    /// does, with today's compiler, the `Shape` enum's tag, kept in `inscribed`'s unused
    /// values).
    #[test]
    fn the_fields_every_query_reads_share_the_first_two_cache_lines() {
        let h = ConvexHull::new(&[nalgebra::Point3::origin()]).unwrap();
        let end = |offset: usize, size: usize| offset + size;
        let ends = [
            end(offset_of!(ConvexHull, kind), size_of_val(&h.kind)),
            end(offset_of!(ConvexHull, vertices), size_of_val(&h.vertices)),
            end(offset_of!(ConvexHull, blocks), size_of_val(&h.blocks)),
            end(offset_of!(ConvexHull, inscribed), size_of_val(&h.inscribed)),
            end(
                offset_of!(ConvexHull, fingerprint),
                size_of_val(&h.fingerprint),
            ),
        ];
        assert!(ends.iter().all(|&e| e <= 128), "{ends:?}");
    }
}
