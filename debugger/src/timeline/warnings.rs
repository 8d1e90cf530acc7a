//! Warnings per step: what a user debugging a failure looks for.
//!
//! * The origin on a feature of the simplex (GJK: `v` at the origin with one, two or
//!   three vertices carrying it; EPA: the nearest face through the origin): a touching
//!   contact, where the answer's normal is least certain.
//! * A repeated support point: the step's `w` equals a vertex already held (GJK ends on
//!   it; EPA cannot expand).
//! * A bound that moved the wrong way between two steps of one run: a lower bound that
//!   fell or an upper bound that rose (rounding noise, or a bug).
//! * An iteration or capacity limit reached, and any status that is not a converged
//!   answer.
//!
//! "Equal" and "at the origin" are relative: within `2¹⁰ ε` of the largest vertex
//! coordinate of the step, so the same case at scale 1e-6 or 1e6 warns the same.

use crate::frame::{Frame, FrameKind};
use crate::record::{Outcome, Recording};
use collision::ContactStatus;
use collision::epa::EpaStatus;
use collision::gjk::GjkStatus;
use nalgebra::Point3;
use std::fmt;

/// Which bound moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The lower bound (it fell).
    Lower,
    /// The upper bound (it rose).
    Upper,
}

/// Something worth a look at one step.
#[derive(Clone, Debug, PartialEq)]
pub enum Warning {
    /// The origin lies on a vertex, an edge or a face of the simplex or polytope.
    OriginOnFeature {
        /// `"vertex"`, `"edge"` or `"face"`.
        feature: &'static str,
    },
    /// The support point equals vertex `vertex` (from 0) of the simplex or polytope.
    RepeatedSupport {
        /// Index of the vertex it repeats.
        vertex: usize,
    },
    /// A bound moved the wrong way since the previous step of the same run.
    BoundWrongWay {
        /// Which bound.
        bound: Bound,
        /// Its value at the previous step.
        from: f64,
        /// Its value at this step.
        to: f64,
    },
    /// GJK stopped at its iteration limit.
    IterationLimit,
    /// EPA's polytope ran out of room.
    CapacityLimit,
    /// The run or the query ended without a converged answer.
    NotConverged {
        /// The status or error message.
        status: String,
    },
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Warning::OriginOnFeature { feature } => {
                write!(
                    f,
                    "the origin lies on a {feature} of the simplex (touching)"
                )
            }
            Warning::RepeatedSupport { vertex } => write!(
                f,
                "repeated support point: w equals vertex {} of the simplex",
                vertex + 1
            ),
            Warning::BoundWrongWay { bound, from, to } => {
                let (name, way) = match bound {
                    Bound::Lower => ("lower", "fell"),
                    Bound::Upper => ("upper", "rose"),
                };
                write!(
                    f,
                    "the {name} bound {way}: {from:?} → {to:?} (by {:?})",
                    (to - from).abs()
                )
            }
            Warning::IterationLimit => write!(f, "iteration limit reached"),
            Warning::CapacityLimit => write!(f, "polytope capacity reached"),
            Warning::NotConverged { status } => write!(f, "not converged: {status}"),
        }
    }
}

/// Relative tolerance of "equal" and "at the origin", in units of the step's size.
const RELATIVE: f64 = 1024.0 * f64::EPSILON;

/// The warnings of every frame of `rec`, one list per frame.
#[must_use]
pub fn warnings(rec: &Recording) -> Vec<Vec<Warning>> {
    let frames = &rec.frames;
    let mut out: Vec<Vec<Warning>> = frames
        .iter()
        .enumerate()
        .map(|(k, f)| {
            let mut w = step_warnings(f);
            if let Some(prev) = k.checked_sub(1).map(|j| &frames[j]) {
                w.extend(bound_warnings(prev, f));
            }
            w
        })
        .collect();
    if let (Some(last), Some(status)) = (out.last_mut(), outcome_status(&rec.outcome)) {
        let w = Warning::NotConverged { status };
        if !last.contains(&w) {
            last.push(w);
        }
    }
    out
}

/// The size a step's tolerances scale with: its largest vertex coordinate.
fn size(f: &Frame) -> f64 {
    f.vertices
        .iter()
        .chain(&f.support)
        .flat_map(|v| v.w.iter().copied())
        .filter(|c| c.is_finite())
        .fold(0.0, |m, c| m.max(c.abs()))
}

fn near(p: &Point3<f64>, q: &Point3<f64>, tol: f64) -> bool {
    (p - q).amax() <= tol
}

fn step_warnings(f: &Frame) -> Vec<Warning> {
    let mut out = Vec::new();
    let tol = RELATIVE * size(f);
    let origin = Point3::origin();
    match f.kind {
        FrameKind::GjkStep { .. } | FrameKind::GjkResult { .. } => {
            let carrying = f.vertices.iter().filter(|v| v.weight > 0.0).count();
            if (1..=3).contains(&carrying) && near(&f.closest, &origin, tol) {
                let feature = ["vertex", "edge", "face"][carrying - 1];
                out.push(Warning::OriginOnFeature { feature });
            }
        }
        FrameKind::EpaStep { .. } if f.closest_face.is_some() && f.lower_bound.abs() <= tol => {
            out.push(Warning::OriginOnFeature { feature: "face" });
        }
        _ => {}
    }
    if let Some(s) = &f.support
        && matches!(
            f.kind,
            FrameKind::GjkStep { .. } | FrameKind::EpaStep { .. } | FrameKind::RayStep { .. }
        )
        && let Some(k) = f.vertices.iter().position(|v| near(&v.w, &s.w, tol))
    {
        out.push(Warning::RepeatedSupport { vertex: k });
    }
    match f.kind {
        FrameKind::GjkResult { status } => match status {
            GjkStatus::MaxIterations => out.push(Warning::IterationLimit),
            GjkStatus::Degenerate => out.push(Warning::NotConverged {
                status: format!("GJK {status:?}"),
            }),
            GjkStatus::Converged | GjkStatus::Overlapping => {}
        },
        FrameKind::EpaResult { status } => match status {
            EpaStatus::OutOfCapacity => out.push(Warning::CapacityLimit),
            EpaStatus::Stalled | EpaStatus::Degenerate => out.push(Warning::NotConverged {
                status: format!("EPA {status:?}"),
            }),
            EpaStatus::Converged | EpaStatus::Flat => {}
        },
        _ => {}
    }
    out
}

/// Whether `prev` and `f` are consecutive iterations of one run (GJK, EPA, a ray cast);
/// [`bound_warnings`] checks that the bounds of GJK and EPA runs only tighten (a ray
/// cast's steps pair up here, their bounds unchecked).
fn same_run(prev: &Frame, f: &Frame) -> bool {
    matches!(
        (prev.kind, f.kind),
        (FrameKind::GjkStep { iteration: i }, FrameKind::GjkStep { iteration: j })
            | (FrameKind::EpaStep { iteration: i }, FrameKind::EpaStep { iteration: j })
            | (FrameKind::RayStep { iteration: i, .. }, FrameKind::RayStep { iteration: j, .. })
            if j == i + 1
    )
}

fn bound_warnings(prev: &Frame, f: &Frame) -> Vec<Warning> {
    let mut out = Vec::new();
    if !same_run(prev, f) {
        return out;
    }
    let ray = matches!(f.kind, FrameKind::RayStep { .. });
    // A ray step's upper bound is the gap from the moving ray point: it may grow when
    // the point jumps forward, so only GJK and EPA bounds are checked both ways.
    if !ray && f.lower_bound < prev.lower_bound {
        out.push(Warning::BoundWrongWay {
            bound: Bound::Lower,
            from: prev.lower_bound,
            to: f.lower_bound,
        });
    }
    if !ray && f.upper_bound > prev.upper_bound {
        out.push(Warning::BoundWrongWay {
            bound: Bound::Upper,
            from: prev.upper_bound,
            to: f.upper_bound,
        });
    }
    out
}

/// The outcome's status when it is not a converged answer.
fn outcome_status(outcome: &Outcome) -> Option<String> {
    match outcome {
        Outcome::Failed { message } => Some(message.clone()),
        Outcome::Contact(Some(c)) if c.status != ContactStatus::Converged => {
            Some(format!("contact {:?}", c.status))
        }
        _ => None,
    }
}
