//! EPA: penetration depth and contact points of overlapping convex shapes (the Expanding
//! Polytope Algorithm; van den Bergen 2001, "Proximity queries and penetration depth
//! computation on 3D game objects", and 2004, §4.3.8).
//!
//! The penetration depth of A and B is the distance from the origin to the boundary of
//! A − B, and the direction to the nearest boundary point is the contact normal. EPA
//! starts from a polytope inside A − B that contains the origin (GJK's final simplex,
//! grown to a tetrahedron) and repeatedly pushes out the face nearest the origin to the
//! support point along that face's normal. Each face distance `d` is a lower bound on the
//! depth (the polytope lies inside A − B) and each support value `h(n) = n · w` an upper
//! bound (translating B by `h(n) n` separates the shapes), so EPA stops with a proven
//! relative error once the support point gains less than the tolerance over the face. A
//! run that has to stop first (out of capacity, or stalled by rounding) answers along the
//! best upper bound it proved, a direction along which the overlap is known exactly.
//!
//! What a hull contact's run is made of, on 2,000 overlapping pairs of the contact
//! bench's generator (hulls of 16 and 64 points in a ball): 7.3 and 12.3 support queries
//! on average, the last one proving convergence. The final face keeps a vertex of GJK's
//! tetrahedron in 63 % and 43 % of the runs, and its newest vertex is the last one added
//! in 79 % and 77 %: the expansions in between search for the face rather than refine
//! it. Each costs about 2,000 instructions on hull16 (the support query, carving about
//! two faces and fanning four), of which filling in the new faces is the largest part.
//!
//! Tried and dropped:
//! - a better start: with the three vertices of the final face itself injected after
//!   GJK's tetrahedron (an oracle, from a first run), a run still takes 4.0 support
//!   queries on hull16 (7.2 without) and 8.9 on hull64 (12.5): the rest push every face
//!   nearer than the answer out, which the lower bound needs. Inserting the three costs
//!   nearly what the saved queries did: 11 % and 8 % fewer instructions per contact
//!   (16,744 to 14,941 and 29,407 to 26,942), a ceiling no real start reaches;
//! - seeding the polytope with the support point along the offset of B's origin from
//!   A's (the penetration direction of two balls): 4 % more instructions per hull
//!   contact (17,848 to 18,632 on hull16, 35,373 to 36,564 on hull64), the same EPA
//!   iterations;
//! - carving, filling and keying compiled into the loop (`inline(always)`): 3.5 % fewer
//!   instructions on hull16, hull64 and hull1000 contacts, no faster (AMD EPYC Zen 5);
//! - each new face's inverse length taken when it is keyed, so that the nearest face's
//!   unit normal waits on no square root and division: 3–4 % slower (Zen 5).

mod seed;

pub use crate::cso::{EpaOutput, EpaStatus};
pub use crate::observer::{EpaStep, EpaStepRecord, PolytopeReplay};
pub use crate::polytope::{
    Face, Index, MAX_FACES, MAX_REFINED_VERTICES, MAX_VERTICES, Polytope, PolytopeError,
};

use crate::cso::{Simplex, SimplexVertex, StartSimplex};
use crate::observer::Observer;
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::{Isometry3, Point3, Vector3};
use seed::Seed;

/// Tuning of an EPA run. `Default` suits every shape of this crate.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EpaConfig {
    /// Stop when the new support point gains at most this fraction of the depth over the
    /// nearest face: `h(n) − d ≤ ε h(n)`. The reported depth is then within `ε` of the
    /// true depth (relative), since `d ≤ depth ≤ h(n)`.
    pub relative_tolerance: f64,
}

impl Default for EpaConfig {
    fn default() -> EpaConfig {
        EpaConfig {
            relative_tolerance: 1e-10,
        }
    }
}

/// Penetration depth of the shapes of `md` (A's frame), starting from GJK's final
/// `simplex` (which must contain the origin: run this after GJK reports an overlap).
///
/// `polytope` is the caller's workspace (reused, never allocated); `pose_a` is passed on
/// to the observer only. Never panics, never returns NaN.
#[must_use]
pub fn epa<A, B, O>(
    md: &MinkowskiDifference<A, B>,
    simplex: &Simplex,
    config: &EpaConfig,
    polytope: &mut Polytope,
    pose_a: &Isometry3<f64>,
    observer: &mut O,
) -> EpaOutput
where
    A: SupportMap,
    B: SupportMap,
    O: Observer + ?Sized,
{
    let input = EpaInput {
        md,
        start: simplex,
        directions: &[],
        config,
        pose_a,
    };
    input.run(polytope, observer)
}

/// What an EPA run reads: `A − B` in A's frame, the start simplex (contacts pass GJK's
/// working simplex in place, see [`StartSimplex`]), the directions whose support points
/// are added to the starting polytope before the first expansion (none for a first run),
/// the tolerance, and A's pose for the observer.
pub(crate) struct EpaInput<'a, A, B, S: ?Sized> {
    /// `A − B` in A's frame.
    pub(crate) md: &'a MinkowskiDifference<A, B>,
    /// The start simplex, which contains the origin.
    pub(crate) start: &'a S,
    /// Directions (A's frame) whose support points seed the polytope.
    pub(crate) directions: &'a [Vector3<f64>],
    /// The run's tolerance.
    pub(crate) config: &'a EpaConfig,
    /// A's pose, passed on to the observer.
    pub(crate) pose_a: &'a Isometry3<f64>,
}

impl<A, B, S: ?Sized> Clone for EpaInput<'_, A, B, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A, B, S: ?Sized> Copy for EpaInput<'_, A, B, S> {}

impl<A: SupportMap, B: SupportMap, S: StartSimplex + ?Sized> EpaInput<'_, A, B, S> {
    /// The EPA run on this input, reported to the observer ([`Observer::epa_done`]). A
    /// run that ran out of capacity is run again with its vertices gathered round the
    /// best direction it found, given as `directions` (see `contact::refine`). A
    /// direction whose support point lies inside the polytope adds nothing; one that
    /// rounding stops from being added ends the run as [`EpaStatus::Stalled`] with no
    /// upper bound (`+∞`).
    pub(crate) fn run<O: Observer + ?Sized>(
        &self,
        polytope: &mut Polytope,
        observer: &mut O,
    ) -> EpaOutput {
        let output = self.expand(polytope, observer);
        observer.epa_done(self.pose_a, &output);
        output
    }

    /// The EPA loop behind [`Self::run`], which reports its result to the observer.
    fn expand<O: Observer + ?Sized>(&self, polytope: &mut Polytope, observer: &mut O) -> EpaOutput {
        let &EpaInput {
            md,
            start,
            directions,
            config,
            pose_a,
        } = self;
        let mut hints = SupportHints::default();
        if start.len() > 0 {
            let v = start.vertex(0);
            hints = SupportHints {
                a: v.id_a,
                b: v.id_b,
            };
        }
        let seeded = match seed::grow(md, start, &mut hints) {
            Seed::StartIsTetrahedron if start.is_finite() => {
                polytope.set_tetrahedron_with(|k| start.vertex(k))
            }
            Seed::GrownTetrahedron(t) if t.iter().all(SimplexVertex::is_finite) => {
                polytope.set_tetrahedron(&t)
            }
            Seed::StartIsTetrahedron | Seed::GrownTetrahedron(_) | Seed::Degenerate => {
                return degenerate();
            }
            Seed::Flat { normal } => return flat(start, normal),
        };
        if seeded.is_err() {
            return flat(start, Vector3::x());
        }
        let mut upper = f64::INFINITY;
        let mut iterations = 0;
        let mut scale = polytope
            .vertices()
            .iter()
            .fold(0.0, |m: f64, v| m.max(v.w.coords.amax()));
        for direction in directions {
            match add_support(md, polytope, direction, &mut scale) {
                Ok(()) => {}
                Err(PolytopeError::Full) => break,
                Err(PolytopeError::Degenerate) => {
                    return EpaOutput {
                        status: EpaStatus::Stalled,
                        upper_bound: f64::INFINITY,
                        ..degenerate()
                    };
                }
            }
        }
        // The answer face: its slot (while the polytope still holds it) and a copy.
        let Some(mut f) = polytope.closest_face() else {
            return degenerate();
        };
        let mut face = *polytope.face(f);
        let (mut normal, mut distance) = face.plane();
        let mut intact = true;
        // The best upper bound's direction and support point: the answer of a run that does
        // not converge (see `EpaOutput`).
        let mut best = (normal, SimplexVertex::ORIGIN);
        // Set when rounding stopped the nearest face from moving out (see `rounding_floor`):
        // the answer is then the best upper bound's, and `distance` the last lower bound
        // before the noise.
        let mut at_floor = false;
        let mut noise: f64 = 0.0;
        let status = loop {
            // No hint: large hulls start their climb from their direction table. Successive
            // faces point in unrelated directions, and a climb from a corner of the face
            // (the support point along its normal is often a neighbour of its features)
            // walked further; so did one from the last support point (on 400 pairs of
            // 1,000-vertex hulls out of cache, contacts 1.4× as long either way).
            hints = SupportHints::NONE;
            // Along the unnormalised normal: the search need not wait for the unit one.
            let w = md.support_vertex(face.direction(), &mut hints);
            iterations += 1;
            // `w = a − b` is finite only if `a` and `b` are (∞ − x is ±∞, ∞ − ∞ is NaN), and
            // then `0 · w` is zero (else NaN).
            let c = w.w.coords;
            if c.x * 0.0 + c.y * 0.0 + c.z * 0.0 != 0.0 {
                break EpaStatus::Degenerate;
            }
            let h = normal.dot(&c);
            if h < upper {
                upper = h;
                best = (normal, w);
            }
            scale = scale.max(c.x.abs()).max(c.y.abs()).max(c.z.abs());
            // Converged when the gain is within the relative tolerance of the depth, or
            // within rounding of the polytope's size (depth ≈ 0: touching shapes).
            let gain = h - distance;
            // This iteration's step for the observer, on the polytope as it is when told.
            let report = |observer: &mut O, polytope: &Polytope, expands: bool| {
                observer.epa_step(&EpaStep {
                    iteration: iterations,
                    pose_a,
                    polytope,
                    closest_face: f,
                    support: &w,
                    lower_bound: distance.max(0.0),
                    upper_bound: upper,
                    expands,
                });
            };
            if gain <= config.relative_tolerance * h.max(0.0) + ROUNDING_RELATIVE * scale {
                // Observers see the proving support point too (a run that converges on its
                // first support query would otherwise show no polytope at all).
                report(observer, polytope, false);
                break EpaStatus::Converged;
            }
            let Ok(index) = polytope.push_vertex(w) else {
                break EpaStatus::OutOfCapacity;
            };
            match polytope.carve(f, index, ROUNDING_RELATIVE * scale) {
                Ok(()) => {}
                Err(PolytopeError::Full) => break EpaStatus::OutOfCapacity,
                Err(PolytopeError::Degenerate) => break EpaStatus::Stalled,
            }
            report(observer, polytope, true);
            if let Err(e) = polytope.fill(index) {
                // The carved slots may now hold other faces: answer from the copy.
                intact = false;
                break match e {
                    PolytopeError::Full => EpaStatus::OutOfCapacity,
                    PolytopeError::Degenerate => EpaStatus::Stalled,
                };
            }
            let Some(next) = polytope.closest_face() else {
                // Slot `f` now holds a new face: answer from the copy.
                intact = false;
                break EpaStatus::Stalled;
            };
            let (next_normal, next_distance) = polytope.face(next).plane();
            let decrease = distance - next_distance;
            if decrease > 0.0 && decrease <= (upper - distance).min(NOISE_CEILING * scale) {
                // The polytope grew, so in exact arithmetic its nearest face cannot have come
                // closer: that much is rounding noise (see `rounding_floor`).
                noise = noise.max(decrease);
            }
            if decrease > 0.0 && noise > 0.0 && rounding_floor(upper, distance, noise, config) {
                at_floor = true;
                break EpaStatus::Converged;
            }
            f = next;
            face = *polytope.face(f);
            (normal, distance) = (next_normal, next_distance);
        };
        if status == EpaStatus::Degenerate {
            return degenerate();
        }
        let lower_bound = distance;
        // Every status but `Converged` comes after a support query, so `best` is set; so does
        // a `Converged` at the rounding floor.
        if (status != EpaStatus::Converged || at_floor) && upper.is_finite() {
            let (normal, w) = best;
            return EpaOutput {
                status,
                iterations,
                depth: upper,
                lower_bound,
                upper_bound: upper,
                normal,
                point_a: w.a,
                point_b: w.b,
            };
        }
        let (point_a, point_b) = if intact {
            polytope.witnesses(f, scale)
        } else {
            polytope.witnesses_of(&face)
        };
        EpaOutput {
            status,
            iterations,
            depth: distance,
            lower_bound,
            upper_bound: upper.max(distance),
            normal,
            point_a,
            point_b,
        }
    }
}

/// Adds the support point of `md` along `direction` to `polytope`, carving from the face
/// it lies farthest above (a point outside a convex polytope sees that face), and grows
/// `scale` to cover it; nothing when it lies inside to within rounding or is not finite.
fn add_support<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    polytope: &mut Polytope,
    direction: &Vector3<f64>,
    scale: &mut f64,
) -> Result<(), PolytopeError> {
    let mut hints = SupportHints::NONE;
    let w = md.support_vertex(direction, &mut hints);
    let c = w.w.coords;
    if !(c.x.is_finite() && c.y.is_finite() && c.z.is_finite()) {
        return Ok(());
    }
    let mut farthest = (0.0, None);
    for (slot, face) in polytope.faces() {
        let (n, d) = face.plane();
        let above = n.dot(&c) - d;
        if above > farthest.0 {
            farthest = (above, Some(slot));
        }
    }
    let tolerance = ROUNDING_RELATIVE * scale.max(c.amax());
    let (above, Some(f)) = farthest else {
        return Ok(());
    };
    if above <= tolerance {
        return Ok(());
    }
    *scale = scale.max(c.amax());
    let index = polytope.push_vertex(w)?;
    polytope.carve(f, index, ROUNDING_RELATIVE * *scale)?;
    polytope.fill(index)
}

/// Whether a run whose nearest face came closer after an expansion has converged as far
/// as `f64` allows, given the largest such decrease seen (`noise`).
///
/// # Derivation
///
/// The bounds are `lower ≤ depth ≤ upper`: `lower` the nearest face's distance before
/// the step, `upper` the smallest support value seen. The polytope only grows, so in
/// exact arithmetic the nearest face never comes closer; a decrease is rounding. On
/// curved pairs the faces near the answer thin into slivers (a cylinder's rim against a
/// cone: smallest sines halving each step, 2e-6 when the distances first stopped
/// growing), whose planes, and the visibility tests that carve them, are only known to
/// a noise that grows as they thin. A decrease counts as that noise when it is below
/// both the current gap `upper − lower` and [`NOISE_CEILING`] times the polytope's
/// size (larger drops are inconsistencies, such as a face carved wrongly, not a
/// converging run's rounding, and the run goes on). When the gap is within the relative
/// tolerance or within `16 · noise`, no further expansion can narrow it reliably, and
/// the run has converged to rounding, as GJK's runs that `f64` stops
/// ([`crate::gjk::GjkStatus::Converged`]); the gap is then below `tol · upper +
/// 16 · 2¹⁴ u · size` (about `3e-11` of the size).
///
/// Measured with a polytope of 128 vertices on 81,913 overlapping cylinder, cone and box
/// pairs (the generator of `tests/contact/curved.rs`,
/// `curved_pairs_report_the_overlap_along_their_normal`, run for 100,000 cases): before this test, 44
/// runs ended out of capacity and 3 stalled, some after spending their remaining vertices
/// on a polytope the noise had corrupted (a face through the origin, lower bound 0);
/// with it 36 and 2, and 123 runs stopped at the floor, their gaps at most 1.1e-11 of the size (2.4e-9 of the depth but
/// one shallow contact at 8e-8).
fn rounding_floor(upper: f64, lower: f64, noise: f64, config: &EpaConfig) -> bool {
    upper - lower <= config.relative_tolerance * upper + 16.0 * noise
}

/// Nearest-face decreases above this times the size of A − B are not counted as rounding
/// noise (see [`rounding_floor`]): `2¹⁴ u`, about 1.8e-12, so that a run stopped at the
/// floor has its bounds within `16 · 2¹⁴ u` (about 2.9e-11) of the size beyond the
/// tolerance. Decreases on runs that went on to converge were seen from rounding level
/// up to about `10⁵ u` of the size; the larger ones are left to the tolerance test.
const NOISE_CEILING: f64 = 16384.0 * f64::EPSILON / 2.0;

/// Support gains below this times the size of A − B are rounding noise.
const ROUNDING_RELATIVE: f64 = 64.0 * f64::EPSILON;

/// The widest gap between the bounds, beyond the relative tolerance times the depth and
/// as a fraction of the size of A − B, that a converged answer may leave: `16 ·`
/// [`NOISE_CEILING`], about `2.9e-11`. A run that stops at the rounding floor leaves at
/// most this much (see [`rounding_floor`]); an answer whose run stopped short (out of
/// capacity or stalled) is converged when its proven bounds, joined with the closed-form
/// ones, are within it (`contact/refine.rs`, which derives it as the floor of any
/// polytope's proof on a curved boundary in `f64`).
pub(crate) const FLOOR_RELATIVE: f64 = 16.0 * NOISE_CEILING;

/// The zero-depth answer for a flat A − B, with GJK's witness points (which coincide).
fn flat<S: StartSimplex + ?Sized>(start: &S, normal: Vector3<f64>) -> EpaOutput {
    let (point_a, point_b) = start.witnesses();
    EpaOutput {
        status: EpaStatus::Flat,
        iterations: 0,
        depth: 0.0,
        lower_bound: 0.0,
        upper_bound: 0.0,
        normal,
        point_a,
        point_b,
    }
}

fn degenerate() -> EpaOutput {
    EpaOutput {
        status: EpaStatus::Degenerate,
        iterations: 0,
        depth: 0.0,
        lower_bound: 0.0,
        upper_bound: f64::INFINITY,
        normal: Vector3::x(),
        point_a: Point3::origin(),
        point_b: Point3::origin(),
    }
}
