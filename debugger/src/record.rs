//! Running a fixture's query once with a [`Trace`] observer and keeping what it saw.
//!
//! This is the only place where the debugger calls the algorithms, through
//! [`fixtures::run_observed`] (the same dispatch `fixtures::evaluate` runs, here with the
//! trace as observer); everything after it (frames, replay, drawing) reads the
//! [`Recording`] only.

use crate::frame::{Frame, frames_from_trace, ray_result};
use collision::observer::TraceEvent;
use collision::ray::CLIP_MAX_FACES;
use collision::{ClosestPoints, Contact, Impact, RayHit, SupportMap, Trace};
use fixtures::{Answer, EvalError, Loaded, Query, Scene};
use nalgebra::Isometry3;
use std::path::Path;

/// Why a recording could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DebugError {
    /// The fixture file could not be loaded (its message names the file and the place).
    #[error(transparent)]
    Load(#[from] fixtures::LoadError),
    /// A pose of a hand-built [`Scene`] holds NaN or an infinity (loaded fixtures are
    /// validated and never do).
    #[error("scene pose `{0}` is not finite")]
    NonFinitePose(&'static str),
}

/// What the recorded query answered, in world coordinates.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// `intersects`.
    Intersects(bool),
    /// `distance`.
    Distance(f64),
    /// `closest_points`.
    ClosestPoints(ClosestPoints),
    /// `contact`: `None` when the shapes are further apart than the margin.
    Contact(Option<Contact>),
    /// The query returned an error (did not converge, non-finite input); the frames show
    /// the steps up to the failure.
    Failed {
        /// The query's error message.
        message: String,
    },
    /// `time_of_impact`: `None` when the shapes do not meet before `t_max`.
    TimeOfImpact(Option<Impact>),
    /// `ray_cast` (against shape A): `None` for a miss.
    RayCast(Option<RayHit>),
}

/// One recorded run of a scene's query: the scene, the raw trace, the world-space frames
/// and the final outcome.
#[derive(Clone, Debug)]
pub struct Recording {
    /// A name for headings (the fixture name, or `"scene"`).
    pub name: String,
    /// One or more sentences describing the case (the fixture's description).
    pub description: String,
    /// The shapes, poses and query that were run.
    pub scene: Scene,
    /// Which query ran, as the fixture's `"type"` tag.
    pub query: &'static str,
    /// Convex radius of A around its core ([`SupportMap::core_radius`]): the queries run
    /// GJK and EPA on the cores, so the frames' points lie on the core (a ball's centre, a
    /// capsule's segment) and the full shape is the core grown by this radius.
    pub radius_a: f64,
    /// Convex radius of B's core, as `radius_a`.
    pub radius_b: f64,
    /// The raw events, in A's local frame, exactly as the algorithms reported them.
    pub trace: Trace,
    /// The events converted to self-contained world-space frames, in order.
    pub frames: Vec<Frame>,
    /// The final answer.
    pub outcome: Outcome,
    /// Remarks on what was and was not recorded.
    pub notes: Vec<String>,
}

/// Runs the scene's query with a [`Trace`] observer and converts the trace to frames.
///
/// The recorded run is the one the plain query makes: `intersects`, `distance`,
/// `closest_points` and `contact` are recorded in full (GJK, and EPA when a contact's
/// cores overlap), and a shortcut (a closed form, an inscribed-ball overlap proof) is a
/// frame of its own. `time_of_impact` records one step per conservative-advancement
/// iteration (its inner GJK runs are not recorded). `ray_cast` records the closed form,
/// or one frame per GJK ray-cast iteration, and one for the hit or miss.
///
/// # Errors
/// [`DebugError::NonFinitePose`] when a pose of a hand-built scene is not finite.
pub fn record(scene: &Scene) -> Result<Recording, DebugError> {
    for (name, pose) in [("pose_a", &scene.pose_a), ("pose_b", &scene.pose_b)] {
        if !is_finite_pose(pose) {
            return Err(DebugError::NonFinitePose(name));
        }
    }
    let mut trace = Trace::new();
    let mut notes = Vec::new();
    let (radius_a, radius_b) = (scene.shape_a.core_radius(), scene.shape_b.core_radius());
    let traced = !matches!(scene.query, Query::RayCast { .. });
    if traced && (radius_a > 0.0 || radius_b > 0.0) {
        notes.push(format!(
            "GJK and EPA run on the shapes' cores (convex radii {radius_a} and {radius_b}): \
             frames show the cores' points and distances; the answer is for the full shapes"
        ));
    }
    match scene.query {
        Query::TimeOfImpact { .. } => notes.push(
            "time_of_impact: one frame per conservative-advancement step (the analytic \
             ball-ball path gives its closed-form frame and one frame at the impact); the \
             inner GJK runs are not recorded; each frame draws the shapes at its step's \
             poses"
                .to_string(),
        ),
        Query::RayCast { .. } => notes.push(format!(
            "ray_cast against shape A, as cast_ray runs it: balls, boxes, capsules, \
             cylinders, cones and hulls of at most {CLIP_MAX_FACES} faces answer by a closed \
             form (one frame); other shapes by the \
             GJK ray cast on their core (convex radius {radius_a}), whose frames show x - C \
             for the ray point x"
        )),
        _ => {}
    }
    let outcome = match fixtures::run_observed(scene, &mut trace) {
        Ok(Answer::Intersects(hit)) => Outcome::Intersects(hit),
        Ok(Answer::Distance(d)) => Outcome::Distance(d),
        Ok(Answer::ClosestPoints(c)) => Outcome::ClosestPoints(c),
        Ok(Answer::Contact(c)) => Outcome::Contact(c),
        Ok(Answer::TimeOfImpact(i)) => Outcome::TimeOfImpact(i),
        Ok(Answer::RayCast(hit)) => Outcome::RayCast(hit),
        Err(EvalError::Query { message, .. }) => Outcome::Failed { message },
    };
    if trace.shortcuts().next().is_some() {
        notes.push(
            "the query took a shortcut (closed form or inscribed-ball proof): its frame \
             shows the inputs and the answer; the plain query takes the same path"
                .to_string(),
        );
    }
    if trace.events.is_empty() {
        notes.push("the query reported no steps (answered before iterating)".to_string());
    }
    if matches!(scene.query, Query::Contact { .. }) && asked_again_in_frame_of_b(&trace) {
        notes.push(
            "EPA stopped short in A's frame, so the contact was asked again in B's frame: \
             the frames after the first EPA result show B - A (the same depth, the normal \
             reversed), and the answer joins both"
                .to_string(),
        );
    }
    let mut frames = frames_from_trace(&trace, &scene.pose_a);
    if let (Query::RayCast { origin, dir, .. }, Outcome::RayCast(hit)) = (&scene.query, &outcome) {
        let ray = collision::Ray::new(*origin, *dir);
        frames.push(ray_result(frames.last(), &ray, hit.as_ref()));
    }
    Ok(Recording {
        name: "scene".to_string(),
        description: String::new(),
        scene: scene.clone(),
        query: scene.query.type_name(),
        radius_a,
        radius_b,
        trace,
        frames,
        outcome,
        notes,
    })
}

/// Loads the fixture at `path` and records its query ([`record`]), naming the recording
/// after the fixture.
///
/// # Errors
/// [`DebugError::Load`] with the fixtures crate's message (missing file, malformed JSON,
/// schema or domain error, each naming the file and the place).
pub fn record_file(path: impl AsRef<Path>) -> Result<Recording, DebugError> {
    let loaded = fixtures::load(path)?;
    record_loaded(&loaded)
}

/// Records an already loaded fixture ([`record`]), naming the recording after it.
///
/// # Errors
/// As [`record`].
pub fn record_loaded(loaded: &Loaded) -> Result<Recording, DebugError> {
    let mut rec = record(&loaded.scene)?;
    rec.name.clone_from(&loaded.fixture.name);
    rec.description.clone_from(&loaded.fixture.description);
    Ok(rec)
}

impl Recording {
    /// Number of GJK step events in the trace.
    #[must_use]
    pub fn gjk_step_count(&self) -> usize {
        self.trace
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::GjkStep(_)))
            .count()
    }

    /// Number of EPA step events in the trace.
    #[must_use]
    pub fn epa_step_count(&self) -> usize {
        self.trace
            .events
            .iter()
            .filter(|e| matches!(e, TraceEvent::EpaStep(_)))
            .count()
    }

    /// A one-line summary of the outcome.
    #[must_use]
    pub fn outcome_text(&self) -> String {
        match &self.outcome {
            Outcome::Intersects(hit) => format!("intersects: {hit}"),
            Outcome::Distance(d) => format!("distance: {d:?}"),
            Outcome::ClosestPoints(ClosestPoints::Overlapping) => {
                "closest points: overlapping".to_string()
            }
            Outcome::ClosestPoints(ClosestPoints::Separated { distance, .. }) => {
                format!("closest points: separated, distance {distance:?}")
            }
            Outcome::Contact(None) => "contact: none within the margin".to_string(),
            Outcome::Contact(Some(c)) => format!(
                "contact: separation {:?} normal ({:?}, {:?}, {:?}) {:?} by {:?}",
                c.separation, c.normal.x, c.normal.y, c.normal.z, c.status, c.method
            ),
            Outcome::TimeOfImpact(None) => "time of impact: none before t_max".to_string(),
            Outcome::TimeOfImpact(Some(i)) => format!(
                "time of impact: t = {:?}, separation {:?}, normal ({:?}, {:?}, {:?}) after {} \
                 iterations",
                i.time, i.separation, i.normal.x, i.normal.y, i.normal.z, i.iterations
            ),
            Outcome::RayCast(None) => "ray cast: no hit".to_string(),
            Outcome::RayCast(Some(h)) => format!(
                "ray cast: hit at toi {:?}, point ({:?}, {:?}, {:?}), normal ({:?}, {:?}, {:?})",
                h.toi, h.point.x, h.point.y, h.point.z, h.normal.x, h.normal.y, h.normal.z
            ),
            Outcome::Failed { message } => format!("FAILED: {message}"),
        }
    }
}

fn is_finite_pose(pose: &Isometry3<f64>) -> bool {
    pose.translation.vector.iter().all(|c| c.is_finite())
        && pose.rotation.coords.iter().all(|c| c.is_finite())
}

/// Whether a contact's trace holds a GJK run after an EPA result: the query stopped short
/// in A's frame and was asked again in B's (`collision/src/contact/mod.rs`). A second EPA
/// run in the same frame follows the first without a GJK run between.
fn asked_again_in_frame_of_b(trace: &Trace) -> bool {
    let first_epa_end = trace
        .events
        .iter()
        .position(|e| matches!(e, TraceEvent::EpaDone { .. }));
    first_epa_end.is_some_and(|k| {
        trace.events[k..]
            .iter()
            .any(|e| matches!(e, TraceEvent::GjkStep(_) | TraceEvent::GjkDone(_)))
    })
}
