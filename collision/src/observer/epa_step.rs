//! What an EPA run reports to an [`Observer`](crate::Observer) at each iteration
//! ([`EpaStep`], borrowing the polytope), the owned, serializable record
//! [`Trace`](crate::Trace) keeps ([`EpaStepRecord`], the change since the previous step)
//! and the replay that rebuilds each step's polytope from them ([`PolytopeReplay`]).

use crate::cso::SimplexVertex;
use crate::polytope::{Index, Polytope};
use nalgebra::{Isometry3, Vector3};
use std::collections::HashMap;

/// One EPA iteration, reported after the faces seen by the new support point have been
/// carved out and before the horizon is fanned to it.
///
/// Every point is in shape A's local frame; `pose_a` maps it to world.
#[derive(Clone, Copy, Debug)]
pub struct EpaStep<'a> {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of shape A.
    pub pose_a: &'a Isometry3<f64>,
    /// The polytope. When the step [`expands`](Self::expands) it, its last vertex is the
    /// new support point, the carved faces are [`Polytope::removed`] (still stored, no
    /// longer live) and the horizon edges are [`Polytope::horizon`]; otherwise it is as
    /// the iteration found it.
    pub polytope: &'a Polytope,
    /// Slot of the face nearest the origin (the one being expanded).
    pub closest_face: Index,
    /// The new support point along that face's normal.
    pub support: &'a SimplexVertex,
    /// Lower bound on the depth: the nearest face's distance.
    pub lower_bound: f64,
    /// Upper bound on the depth: the smallest support value so far.
    pub upper_bound: f64,
    /// Whether the support point expands the polytope. `false` for the last step of a
    /// converged run: the support point gains nothing over the nearest face (within the
    /// tolerance), which proves the depth; nothing is carved.
    pub expands: bool,
}

/// An owned record of an [`EpaStep`], kept as the change since the run's previous step.
/// Points are in A's frame; `pose_a` maps them to world.
///
/// A step changes the polytope by one vertex and the faces fanned to it, while the
/// polytope grows to hundreds or thousands of faces: a record of the whole polytope at
/// every step made a 4,096-vertex run's trace about 1.7 GB. So a run's first record holds
/// the whole polytope and each later one what the previous step added;
/// [`PolytopeReplay`] rebuilds the polytope at every step.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpaStepRecord {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of shape A.
    pub pose_a: Isometry3<f64>,
    /// How many vertices the polytope has before the step (the support point is not
    /// among them).
    pub vertex_count: u32,
    /// The vertices the run's previous record lacks, which come last in the polytope:
    /// every one of the `vertex_count` at the run's first record (a
    /// [`snapshot`](Self::is_snapshot)), then the previous step's support point.
    pub new_vertices: Vec<SimplexVertex>,
    /// The triangles the run's previous record lacks (indices into the polytope's
    /// vertices), outward counter-clockwise: every one at a snapshot, then those the
    /// previous step fanned to its support point. The polytope before this step is the
    /// previous one without the previous step's `removed`, plus these.
    pub new_triangles: Vec<[u32; 3]>,
    /// The face nearest the origin, which is expanded (when the step expands).
    pub closest_face: [u32; 3],
    /// Its outward unit normal.
    pub normal: Vector3<f64>,
    /// The new support point along `normal`.
    pub support: SimplexVertex,
    /// The faces the support point sees, which the step removes.
    pub removed: Vec<[u32; 3]>,
    /// The horizon edges (vertex pairs) that the step fans to the support point.
    pub horizon: Vec<[u32; 2]>,
    /// Lower bound on the depth.
    pub lower_bound: f64,
    /// Upper bound on the depth.
    pub upper_bound: f64,
    /// Whether the step expands the polytope ([`EpaStep::expands`]); `removed` and
    /// `horizon` are empty when it does not.
    pub expands: bool,
}

impl EpaStepRecord {
    /// Whether the record holds the whole polytope (a run's first record) rather than
    /// the change since the previous one.
    #[must_use]
    pub fn is_snapshot(&self) -> bool {
        self.new_vertices.len() == self.vertex_count as usize
    }

    /// The record of `step` as the change since `previous`, the record of the same run's
    /// previous step, or a snapshot when `previous` is not that (`None`, another run, or
    /// a step that did not expand).
    #[must_use]
    pub fn after(previous: Option<&EpaStepRecord>, step: &EpaStep<'_>) -> EpaStepRecord {
        let p = step.polytope;
        let before = vertices_before(step);
        let since = previous
            .filter(|r| r.expands && r.iteration.checked_add(1) == Some(step.iteration))
            .map(|r| r.vertex_count as usize)
            .filter(|&n| n < before);
        let (new_vertices, new_triangles) = match since {
            Some(n) => (
                p.vertices()[n..before].to_vec(),
                p.fanned().iter().map(|&f| triangle(p, f)).collect(),
            ),
            None => {
                let live = p.faces().map(|(f, _)| f);
                let carved = removed_faces(step).iter().copied();
                (
                    p.vertices()[..before].to_vec(),
                    live.chain(carved).map(|f| triangle(p, f)).collect(),
                )
            }
        };
        let face = p.face(step.closest_face);
        EpaStepRecord {
            iteration: step.iteration,
            pose_a: *step.pose_a,
            vertex_count: u32::try_from(before).unwrap_or(u32::MAX),
            new_vertices,
            new_triangles,
            closest_face: triangle(p, step.closest_face),
            normal: face.normal(),
            support: *step.support,
            removed: removed_faces(step)
                .iter()
                .map(|&f| triangle(p, f))
                .collect(),
            horizon: if step.expands {
                p.horizon().map(|e| e.map(u32::from)).collect()
            } else {
                Vec::new()
            },
            lower_bound: step.lower_bound,
            upper_bound: step.upper_bound,
            expands: step.expands,
        }
    }
}

/// A snapshot of the step: the whole polytope.
impl From<&EpaStep<'_>> for EpaStepRecord {
    fn from(step: &EpaStep<'_>) -> EpaStepRecord {
        EpaStepRecord::after(None, step)
    }
}

/// The number of vertices before the step: an expanding step has already pushed its
/// support point.
fn vertices_before(step: &EpaStep<'_>) -> usize {
    let all = step.polytope.vertices().len();
    all - usize::from(step.expands && all > 0)
}

/// The faces the step carves out (none when it does not expand).
fn removed_faces<'a>(step: &EpaStep<'a>) -> &'a [Index] {
    if step.expands {
        step.polytope.removed()
    } else {
        &[]
    }
}

/// The vertex indices of the face in slot `f`.
fn triangle(p: &Polytope, f: Index) -> [u32; 3] {
    p.face(f).vertices.map(u32::from)
}

/// Rebuilds the polytope of every EPA step from the [`EpaStepRecord`]s of a trace, fed
/// in order: after [`apply`](Self::apply)ing a record, [`vertices`](Self::vertices) and
/// [`triangles`](Self::triangles) are the polytope before that step, with the faces the
/// step removes still in it. A record that does not follow the one before (a change
/// without its snapshot, or indices out of range) is applied as far as it fits.
#[derive(Clone, Debug, Default)]
pub struct PolytopeReplay {
    vertices: Vec<SimplexVertex>,
    triangles: Vec<[u32; 3]>,
    /// Where each triangle sits in `triangles`, so removal is one lookup.
    position: HashMap<[u32; 3], usize>,
    /// The faces the last record's step removed: gone from the next polytope.
    removed: Vec<[u32; 3]>,
}

impl PolytopeReplay {
    /// An empty replay.
    #[must_use]
    pub fn new() -> PolytopeReplay {
        PolytopeReplay::default()
    }

    /// Moves to the polytope of `record`'s step.
    pub fn apply(&mut self, record: &EpaStepRecord) {
        if record.is_snapshot() {
            self.vertices.clear();
            self.triangles.clear();
            self.position.clear();
        } else {
            for t in std::mem::take(&mut self.removed) {
                if let Some(i) = self.position.remove(&t) {
                    self.triangles.swap_remove(i);
                    if let Some(&moved) = self.triangles.get(i) {
                        self.position.insert(moved, i);
                    }
                }
            }
        }
        self.removed.clear();
        self.vertices.extend_from_slice(&record.new_vertices);
        for &t in &record.new_triangles {
            if let std::collections::hash_map::Entry::Vacant(e) = self.position.entry(t) {
                e.insert(self.triangles.len());
                self.triangles.push(t);
            }
        }
        if record.expands {
            self.removed.clone_from(&record.removed);
        }
    }

    /// The polytope's vertices before the step.
    #[must_use]
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.vertices
    }

    /// The polytope's triangles before the step (the step's `removed` among them), in no
    /// particular order.
    #[must_use]
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }
}
