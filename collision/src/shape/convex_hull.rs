//! The convex hull of a point set, as a support map.

use super::triangle::argmax;
use super::{ShapeError, SupportMap, SupportPoint};
use collision_hull::{Hull, HullError};
use nalgebra::{Point3, Vector3};

mod flat;

/// Vertex count up to which [`ConvexHull`] scans every vertex instead of hill-climbing.
///
/// Measured with `cargo bench -p collision --bench support` (see BENCHMARKS.md, 2 cores):
/// hill-climbing from a nearby hint (as inside GJK and across coherent frames) costs
/// 15-40 ns at every size, a scan 30 ns at 12-16 vertices, 40 ns at 32, 120 ns at 48
/// and 2.5 µs at 1000; climbing from a cold start only beats the scan from ~64 vertices.
/// GJK passes hints after its first support query, so the scan is kept only for the
/// smallest hulls, where it is as fast and needs no hint.
pub const HILL_CLIMB_CROSSOVER: usize = 16;

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
/// them, and otherwise hill-climb over the vertex adjacency from the hint: on a convex
/// polytope a vertex that no neighbour beats along `d` is a global maximum, because the
/// edges at a vertex span the polytope's tangent cone there.
#[derive(Clone, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "ConvexHullDef", into = "ConvexHullDef")
)]
pub struct ConvexHull {
    /// The extreme points: the support candidates.
    vertices: Vec<Point3<f64>>,
    /// `neighbors[offsets[i]..offsets[i + 1]]` are the vertices joined to vertex `i`;
    /// `offsets` is empty when there is no adjacency (small or trivial sets).
    offsets: Vec<u32>,
    neighbors: Vec<u32>,
    /// The polyhedron, for solid hulls.
    hull: Option<Hull>,
    kind: HullKind,
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
    /// - [`ShapeError::Hull`] if the hull builder fails for another reason.
    pub fn new(points: &[Point3<f64>]) -> Result<ConvexHull, ShapeError> {
        const WHAT: &str = "convex hull";
        if points.is_empty() {
            return Err(ShapeError::EmptyPointSet { what: WHAT });
        }
        if let Some(index) = points.iter().position(|p| !p.iter().all(|c| c.is_finite())) {
            return Err(ShapeError::NonFinitePoint { what: WHAT, index });
        }
        match Hull::build(points) {
            Ok(hull) => Ok(Self::solid(hull)),
            Err(HullError::Coplanar) => Ok(flat::polygon(points)),
            Err(HullError::Collinear) => Ok(flat::segment(points)),
            Err(HullError::Coincident) => Ok(flat::point(points)),
            Err(HullError::TooFewPoints { .. }) => Ok(flat::few(points)),
            Err(e) => Err(ShapeError::Hull(e)),
        }
    }

    fn solid(hull: Hull) -> ConvexHull {
        let vertices = hull.vertices().to_vec();
        let mut offsets = Vec::with_capacity(vertices.len() + 1);
        let mut neighbors = Vec::new();
        offsets.push(0);
        for i in 0..vertices.len() {
            neighbors.extend_from_slice(hull.vertex_neighbors(i));
            offsets.push(neighbors.len() as u32);
        }
        ConvexHull {
            vertices,
            offsets,
            neighbors,
            hull: Some(hull),
            kind: HullKind::Solid,
        }
    }

    /// A hull from already-extreme `vertices` with optional adjacency (used by the flat
    /// builders).
    fn from_parts(
        vertices: Vec<Point3<f64>>,
        offsets: Vec<u32>,
        neighbors: Vec<u32>,
        kind: HullKind,
    ) -> ConvexHull {
        ConvexHull {
            vertices,
            offsets,
            neighbors,
            hull: None,
            kind,
        }
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

    /// Support by a linear scan: index of the vertex maximising `d · v`.
    #[must_use]
    pub fn support_scan(&self, dir: &Vector3<f64>) -> usize {
        argmax(&self.vertices, dir)
    }

    /// Support by steepest-ascent hill-climbing from vertex `start` (clamped into range).
    ///
    /// Terminates because every move strictly increases `d · v`; a NaN direction makes
    /// no move. Falls back to a scan when there is no adjacency.
    #[must_use]
    pub fn support_climb(&self, dir: &Vector3<f64>, start: u32) -> usize {
        if self.offsets.is_empty() {
            return self.support_scan(dir);
        }
        let mut current = if (start as usize) < self.vertices.len() {
            start as usize
        } else {
            0
        };
        let mut current_dot = dir.dot(&self.vertices[current].coords);
        loop {
            let mut best = current;
            for &n in self.neighbors(current) {
                let d = dir.dot(&self.vertices[n as usize].coords);
                if d > current_dot {
                    current_dot = d;
                    best = n as usize;
                }
            }
            if best == current {
                return current;
            }
            current = best;
        }
    }
}

impl SupportMap for ConvexHull {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, 0).point
    }

    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let i = if self.vertices.len() <= HILL_CLIMB_CROSSOVER {
            self.support_scan(dir)
        } else {
            self.support_climb(dir, hint)
        };
        SupportPoint {
            point: self.vertices[i],
            id: i as u32,
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
