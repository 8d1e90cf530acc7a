//! What an EPA run reports to an [`Observer`](crate::Observer) at each iteration
//! ([`EpaStep`], borrowing the polytope) and the owned, serializable copy
//! [`Trace`](crate::Trace) keeps ([`EpaStepRecord`]).

use crate::cso::SimplexVertex;
use crate::polytope::{Index, Polytope};
use nalgebra::{Isometry3, Vector3};

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

/// An owned copy of an [`EpaStep`]. Points are in A's frame; `pose_a` maps them to world.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpaStepRecord {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of shape A.
    pub pose_a: Isometry3<f64>,
    /// The polytope's vertices before the step (the support point is not among them).
    pub vertices: Vec<SimplexVertex>,
    /// The polytope's triangles before the step (indices into `vertices`), outward
    /// counter-clockwise.
    pub triangles: Vec<[u32; 3]>,
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

impl From<&EpaStep<'_>> for EpaStepRecord {
    fn from(step: &EpaStep<'_>) -> EpaStepRecord {
        let p = step.polytope;
        let tri = |v: [Index; 3]| v.map(u32::from);
        let all = p.vertices();
        let removed: Vec<[u32; 3]> = if step.expands {
            p.removed()
                .iter()
                .map(|&f| tri(p.face(f).vertices))
                .collect()
        } else {
            Vec::new()
        };
        // An expanding step has already pushed the support point: leave it out.
        let before = all.len() - usize::from(step.expands && !all.is_empty());
        let mut triangles: Vec<[u32; 3]> = p.faces().map(|(_, f)| tri(f.vertices)).collect();
        triangles.extend_from_slice(&removed);
        let face = p.face(step.closest_face);
        EpaStepRecord {
            iteration: step.iteration,
            pose_a: *step.pose_a,
            vertices: all[..before].to_vec(),
            triangles,
            closest_face: tri(face.vertices),
            normal: face.normal(),
            support: *step.support,
            removed,
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
