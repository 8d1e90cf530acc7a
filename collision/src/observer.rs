//! Step-by-step recording of the query algorithms for the debugger.
//!
//! The algorithms are generic over an [`Observer`] and call it at every step with
//! borrowed state. `()` is the no-op observer: its empty methods inline away, so the
//! plain queries (which pass `&mut ()`) pay nothing. [`Trace`] copies every step into
//! owned, serializable records.
//!
//! A query observed with any observer takes the path the unobserved call takes: the
//! shortcuts that answer without an iterative run (closed forms, inscribed-ball overlap
//! proofs) are reported as [`Shortcut`]s of their own, and a GJK run that starts from a
//! warm-start cache reports the simplex it starts from ([`Observer::warm_start`]). The
//! observed answer is the unobserved one, bit for bit.

mod epa_step;
mod ray_step;
mod shortcut;
mod toi_step;

pub use epa_step::{EpaStep, EpaStepRecord, PolytopeReplay};
pub use ray_step::{RayStep, RayStepRecord};
pub use shortcut::{
    BallBallImpact, BallProof, BoxBoxSat, InscribedBallProof, PointCorePair, RayClosedForm,
    RayShape, RevolutionDepth, SatAxis, SatAxisKind, Shortcut,
};
pub use toi_step::{StepBound, ToiStep};

use crate::cso::{EpaOutput, GjkOutput, SimplexVertex};
use nalgebra::{Isometry3, Vector3};

/// One GJK iteration, as seen after the support query and before the simplex grows.
///
/// Every point and vector is in shape A's local frame; `pose_a` maps it to world.
#[derive(Clone, Copy, Debug)]
pub struct GjkStep<'a> {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of shape A (the working frame).
    pub pose_a: &'a Isometry3<f64>,
    /// The current simplex (reduced to the vertices supporting `v`), with weights.
    pub simplex: &'a [SimplexVertex],
    /// The point of the simplex closest to the origin.
    pub v: Vector3<f64>,
    /// The search direction `−v`.
    pub direction: Vector3<f64>,
    /// The new support point of A − B along `direction`.
    pub support: &'a SimplexVertex,
    /// Lower bound on the cores' distance: the best `v · w / |v|` of the iterations so far
    /// (the radii not subtracted; negative while no direction certified a separation).
    pub lower_bound: f64,
    /// Upper bound on the distance: `|v|`.
    pub upper_bound: f64,
}

/// Receives the steps of the query algorithms. Every method defaults to doing nothing.
pub trait Observer {
    /// Whether the observer wants events at all. `false` lets the queries skip building
    /// outputs only an observer would see (the no-op `()` says `false`).
    #[inline(always)]
    fn is_active(&self) -> bool {
        true
    }

    /// Called once per GJK iteration.
    #[inline(always)]
    fn gjk_step(&mut self, step: &GjkStep<'_>) {
        let _ = step;
    }

    /// Called once when a GJK distance run ends, with its result.
    #[inline(always)]
    fn gjk_done(&mut self, output: &GjkOutput) {
        let _ = output;
    }

    /// Called once per EPA iteration.
    #[inline(always)]
    fn epa_step(&mut self, step: &EpaStep<'_>) {
        let _ = step;
    }

    /// Called once when an EPA run ends, with its result (in shape A's local frame;
    /// `pose_a` maps it to world).
    #[inline(always)]
    fn epa_done(&mut self, pose_a: &Isometry3<f64>, output: &EpaOutput) {
        let _ = (pose_a, output);
    }

    /// Called once per conservative-advancement iteration of a time-of-impact query
    /// (and once, with iteration 0, for the analytic ball–ball answer when it is a hit).
    #[inline(always)]
    fn toi_step(&mut self, step: &ToiStep) {
        let _ = step;
    }

    /// Called once per iteration of the GJK ray cast
    /// ([`cast_ray_with`](crate::cast_ray_with)).
    #[inline(always)]
    fn ray_step(&mut self, step: &RayStep<'_>) {
        let _ = step;
    }

    /// Called when a query takes a shortcut: a closed form or an inscribed-ball overlap
    /// proof, with its inputs and its answer (see [`Shortcut`]).
    #[inline(always)]
    fn shortcut(&mut self, shortcut: &Shortcut) {
        let _ = shortcut;
    }

    /// Called when a GJK run starts from a warm-start cache
    /// ([`GjkCache`](crate::GjkCache)) filled on the same shapes, before its first
    /// step, with the simplex it starts from (A's frame; `pose_a` maps it to world; the
    /// weights are not yet computed and are 0).
    #[inline(always)]
    fn warm_start(&mut self, pose_a: &Isometry3<f64>, simplex: &[SimplexVertex]) {
        let _ = (pose_a, simplex);
    }
}

/// The no-op observer.
impl Observer for () {
    #[inline(always)]
    fn is_active(&self) -> bool {
        false
    }
}

/// An owned copy of a [`GjkStep`].
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GjkStepRecord {
    /// Iteration number, from 1.
    pub iteration: u32,
    /// World pose of shape A; all other fields are in A's frame.
    pub pose_a: Isometry3<f64>,
    /// The simplex with its weights.
    pub simplex: Vec<SimplexVertex>,
    /// Closest point of the simplex to the origin.
    pub v: Vector3<f64>,
    /// Search direction.
    pub direction: Vector3<f64>,
    /// New support point.
    pub support: SimplexVertex,
    /// Lower distance bound.
    pub lower_bound: f64,
    /// Upper distance bound.
    pub upper_bound: f64,
}

/// One recorded event.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TraceEvent {
    /// A GJK iteration.
    GjkStep(Box<GjkStepRecord>),
    /// The end of a GJK distance run.
    GjkDone(Box<GjkOutput>),
    /// An EPA iteration.
    EpaStep(Box<EpaStepRecord>),
    /// The end of an EPA run: its result, in the frame of `pose_a`.
    EpaDone {
        /// World pose of shape A; the output is in A's frame.
        pose_a: Isometry3<f64>,
        /// The run's result.
        output: EpaOutput,
    },
    /// A time-of-impact iteration (world coordinates).
    ToiStep(Box<ToiStepRecord>),
    /// A GJK ray-cast iteration (in the frame of its `pose`).
    RayStep(Box<RayStepRecord>),
    /// A shortcut the query took: a closed form or an inscribed-ball overlap proof.
    Shortcut(Box<Shortcut>),
    /// A GJK run started from a warm-start cache, from this simplex.
    WarmStart {
        /// World pose of shape A; the simplex is in A's frame.
        pose_a: Isometry3<f64>,
        /// The cached simplex the run starts from (weights 0).
        simplex: Vec<SimplexVertex>,
    },
}

/// An owned copy of a [`ToiStep`] (the step holds no borrows, so it is the
/// same type).
pub type ToiStepRecord = ToiStep;

/// Records every step it observes, in order. Allocates; meant for debugging and tests.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Trace {
    /// The events, in the order they happened.
    pub events: Vec<TraceEvent>,
}

impl Trace {
    /// An empty trace.
    #[must_use]
    pub fn new() -> Trace {
        Trace::default()
    }

    /// The GJK steps recorded so far.
    pub fn gjk_steps(&self) -> impl Iterator<Item = &GjkStepRecord> {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::GjkStep(s) => Some(&**s),
            _ => None,
        })
    }
}

impl Observer for Trace {
    fn gjk_step(&mut self, step: &GjkStep<'_>) {
        self.events
            .push(TraceEvent::GjkStep(Box::new(GjkStepRecord {
                iteration: step.iteration,
                pose_a: *step.pose_a,
                simplex: step.simplex.to_vec(),
                v: step.v,
                direction: step.direction,
                support: *step.support,
                lower_bound: step.lower_bound,
                upper_bound: step.upper_bound,
            })));
    }

    fn gjk_done(&mut self, output: &GjkOutput) {
        self.events
            .push(TraceEvent::GjkDone(Box::new(output.clone())));
    }

    fn epa_step(&mut self, step: &EpaStep<'_>) {
        let previous = match self.events.last() {
            Some(TraceEvent::EpaStep(r)) => Some(&**r),
            _ => None,
        };
        let record = EpaStepRecord::after(previous, step);
        self.events.push(TraceEvent::EpaStep(Box::new(record)));
    }

    fn epa_done(&mut self, pose_a: &Isometry3<f64>, output: &EpaOutput) {
        self.events.push(TraceEvent::EpaDone {
            pose_a: *pose_a,
            output: *output,
        });
    }

    fn toi_step(&mut self, step: &ToiStep) {
        self.events.push(TraceEvent::ToiStep(Box::new(*step)));
    }

    fn ray_step(&mut self, step: &RayStep<'_>) {
        self.events
            .push(TraceEvent::RayStep(Box::new(RayStepRecord::from(step))));
    }

    fn shortcut(&mut self, shortcut: &Shortcut) {
        self.events.push(TraceEvent::Shortcut(Box::new(*shortcut)));
    }

    fn warm_start(&mut self, pose_a: &Isometry3<f64>, simplex: &[SimplexVertex]) {
        self.events.push(TraceEvent::WarmStart {
            pose_a: *pose_a,
            simplex: simplex.to_vec(),
        });
    }
}

impl Trace {
    /// The time-of-impact steps recorded so far.
    pub fn toi_steps(&self) -> impl Iterator<Item = &ToiStepRecord> {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::ToiStep(s) => Some(&**s),
            _ => None,
        })
    }

    /// The shortcuts recorded so far.
    pub fn shortcuts(&self) -> impl Iterator<Item = &Shortcut> {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::Shortcut(s) => Some(&**s),
            _ => None,
        })
    }

    /// The ray-cast steps recorded so far.
    pub fn ray_steps(&self) -> impl Iterator<Item = &RayStepRecord> {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::RayStep(s) => Some(&**s),
            _ => None,
        })
    }
}

impl<O: Observer + ?Sized> Observer for &mut O {
    #[inline(always)]
    fn is_active(&self) -> bool {
        (**self).is_active()
    }
    #[inline(always)]
    fn gjk_step(&mut self, step: &GjkStep<'_>) {
        (**self).gjk_step(step);
    }
    #[inline(always)]
    fn gjk_done(&mut self, output: &GjkOutput) {
        (**self).gjk_done(output);
    }
    #[inline(always)]
    fn epa_step(&mut self, step: &EpaStep<'_>) {
        (**self).epa_step(step);
    }
    #[inline(always)]
    fn epa_done(&mut self, pose_a: &Isometry3<f64>, output: &EpaOutput) {
        (**self).epa_done(pose_a, output);
    }
    #[inline(always)]
    fn toi_step(&mut self, step: &ToiStep) {
        (**self).toi_step(step);
    }
    #[inline(always)]
    fn ray_step(&mut self, step: &RayStep<'_>) {
        (**self).ray_step(step);
    }
    #[inline(always)]
    fn shortcut(&mut self, shortcut: &Shortcut) {
        (**self).shortcut(shortcut);
    }
    #[inline(always)]
    fn warm_start(&mut self, pose_a: &Isometry3<f64>, simplex: &[SimplexVertex]) {
        (**self).warm_start(pose_a, simplex);
    }
}
