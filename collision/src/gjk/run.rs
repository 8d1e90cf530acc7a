//! The GJK iteration.
//!
//! Tried and dropped (same answers, slower or no faster):
//! - Nesterov-accelerated support directions (Montaut et al., RSS 2022), with a fall-back
//!   to `−v` that keeps every answer certified: more support calls on every hull pair,
//!   since on polytopes GJK's few iterations leave the momentum nothing to smooth;
//! - a division-free search direction for triangles (`n (n·a)`): the projection's
//!   division is not what the next support call waits for;
//! - B's search direction kept in B's frame, so its climb need not wait for the
//!   rotation: no gain once the climbs stopped waiting on store forwarding;
//! - no support hints in the first iterations, whose directions turn most: the same;
//! - both hulls' scans fused into one call: the out-of-order core already overlaps them.
//! - the whole query compiled for AVX through `kernels/avx.rs` (three-operand forms, no
//!   fused multiply-add, so the same answers): 4.6 % fewer instructions on hull16
//!   distance, 4–6 % slower (AMD EPYC Zen 5).

use super::ball_start::{BallProof as BallTest, Balls, InscribedBallSource};
use super::normal::sharper_lower_bound;
use super::reseed::Reseeds;
use super::working_simplex::WorkingSimplex;
use super::{GjkCache, GjkStatus, Simplex, SimplexVertex};
use crate::observer::{BallProof, GjkStep, InscribedBallProof, Observer, Shortcut};
use crate::shape::{FastPaths, MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};

/// Tuning of a GJK run. `Default` suits every shape of this crate.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GjkConfig {
    /// Iteration cap; reaching it gives [`GjkStatus::MaxIterations`]. Polytopes converge
    /// in a handful of iterations; curved shapes converge linearly and may need dozens.
    pub max_iterations: u32,
    /// Relative duality gap `ε`: stop when `|v|² − v·w ≤ ε |v|²`. Since
    /// `|v|² − v·w = |v| (upper − lower)`, this bounds the relative distance error by `ε`.
    pub relative_tolerance: f64,
}

impl Default for GjkConfig {
    fn default() -> GjkConfig {
        GjkConfig {
            max_iterations: 128,
            relative_tolerance: 1e-10,
        }
    }
}

/// How a GJK intersection test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum IntersectionStatus {
    /// A separating axis was found.
    Separated,
    /// The shapes touch or overlap.
    Overlapping,
    /// The iteration cap was reached before either was proved.
    MaxIterations,
    /// A pose or support point was not finite, or the support points left GJK's input
    /// range of about 1e±60 (see [`GjkStatus::Degenerate`]).
    Degenerate,
}

/// The result of [`gjk_intersection`](super::gjk_intersection()).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntersectionOutput {
    /// How the test ended.
    pub status: IntersectionStatus,
    /// Support queries made.
    pub iterations: u32,
    /// When `Separated`, a unit world direction `n` with `n·a < n·b` for every point `a`
    /// of A and `b` of B; zero otherwise.
    pub separating_axis: Vector3<f64>,
    /// The final simplex, in A's local frame.
    pub simplex: Simplex,
}

/// B's pose in A's frame, `pose_a⁻¹ · pose_b`, with the translations subtracted first so
/// that equal large offsets cancel exactly (Sterbenz) instead of rounding twice.
#[must_use]
#[inline]
pub fn relative_pose(pose_a: &Isometry3<f64>, pose_b: &Isometry3<f64>) -> Isometry3<f64> {
    let dt = pose_b.translation.vector - pose_a.translation.vector;
    Isometry3::from_parts(
        Translation3::from(pose_a.rotation.inverse_transform_vector(&dt)),
        pose_a.rotation.inverse() * pose_b.rotation,
    )
}

#[allow(clippy::eq_op)] // `x − x` on purpose: it is not 0 for ±∞ and NaN.
pub(super) fn is_finite_pose(p: &Isometry3<f64>) -> bool {
    // `x − x` is 0 for finite `x` and NaN for ±∞ and NaN, and a sum is NaN as soon as
    // one term is: one comparison instead of seven branches.
    let (t, q) = (&p.translation.vector, &p.rotation.coords);
    let zero = (t.x - t.x) + (t.y - t.y) + (t.z - t.z) + (q.x - q.x);
    let zero = zero + (q.y - q.y) + (q.z - q.z) + (q.w - q.w);
    zero == 0.0
}

/// How the core loop stopped. Each query's status comes from it in one place:
/// [`StopReason::status`] for distance and closest points, [`StopReason::intersection_status`] for
/// the intersection test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StopReason {
    /// The duality gap closed, or `f64` made no further progress.
    Converged,
    /// The origin is in the simplex, or `|v|` is at rounding level (or below the radii).
    Overlapping,
    /// A separating axis proved the distance above the run's `stop_beyond` (intersection
    /// tests, and contact queries on pairs farther apart than their margin).
    Separated,
    /// The iteration cap was reached.
    MaxIterations,
    /// A non-finite or out-of-range support point.
    Degenerate,
}

impl StopReason {
    /// The distance query's status.
    #[inline]
    pub(super) fn status(self) -> GjkStatus {
        match self {
            StopReason::Converged | StopReason::Separated => GjkStatus::Converged,
            StopReason::Overlapping => GjkStatus::Overlapping,
            StopReason::MaxIterations => GjkStatus::MaxIterations,
            StopReason::Degenerate => GjkStatus::Degenerate,
        }
    }

    /// The intersection test's status.
    #[inline]
    pub(super) fn intersection_status(self) -> IntersectionStatus {
        match self {
            StopReason::Separated | StopReason::Converged => IntersectionStatus::Separated,
            StopReason::Overlapping => IntersectionStatus::Overlapping,
            StopReason::MaxIterations => IntersectionStatus::MaxIterations,
            StopReason::Degenerate => IntersectionStatus::Degenerate,
        }
    }
}

/// State at the end of the core loop, in A's frame.
pub(super) struct LoopEnd {
    pub(super) stop: StopReason,
    pub(super) iterations: u32,
    pub(super) v: Vector3<f64>,
    /// `|v|`, taken as soon as each `v` is known, so that no square root waits at the end
    /// of the query on its result's critical path.
    pub(super) v_norm: f64,
    /// The best lower bound `v·w / |v|` (negative when no direction certified a positive
    /// separation, `−∞` before any support query).
    pub(super) lower: f64,
    /// The `v` whose support point gave `lower`: along `−v`, A − B reaches no nearer
    /// than `lower`, so it is the direction the lower bound certifies (zero before any).
    pub(super) lower_direction: Vector3<f64>,
}

impl LoopEnd {
    /// A run that proved the shapes overlap before any simplex (`ball_start.rs`), after
    /// `iterations` support queries.
    fn overlapping(iterations: u32) -> LoopEnd {
        LoopEnd {
            stop: StopReason::Overlapping,
            iterations,
            v: Vector3::zeros(),
            v_norm: 0.0,
            lower: f64::NEG_INFINITY,
            lower_direction: Vector3::zeros(),
        }
    }
}

/// Largest `|w|` GJK accepts (see the crate docs' input range): beyond it the simplex
/// projections' products of four coordinates overflow (near 1e77) and answers would come
/// out wrong without an error, so the run stops as `Degenerate`.
pub(super) const MAX_COORDINATE: f64 = 1e60;

/// Smallest nonzero extent of the final simplex's support points GJK accepts (see the
/// crate docs' input range).
pub(super) const MIN_COORDINATE: f64 = 1e-60;

/// Rounding level of `|v|`: a simplex whose closest point is within this of the origin,
/// relative to the simplex's size, touches it. `64 ε` leaves room for the projection's
/// rounding (a few ulps per operation) while a 1e-9 relative gap stays well above it.
const TOUCH_RELATIVE: f64 = 64.0 * f64::EPSILON;

/// The GJK loop (van den Bergen 2004, Algorithm 4.6) on the Minkowski difference `md`.
///
/// Each iteration projects the origin onto the simplex (closest point `v`, reduced
/// simplex), queries `w = s(−v)` and checks the duality gap: `|v|` is an upper bound on
/// the distance and `v·w/|v|` a lower bound, so `|v|² − v·w ≤ ε|v|²` bounds the relative
/// error by `ε`. `|v|²` strictly decreases in exact arithmetic; when rounding stops it
/// from decreasing, the previous simplex is kept and the run ends (no progress).
/// The loop also stops (`Separated`) as soon as `v·w > s |v|` proves the cores' distance
/// larger than `stop_beyond = s`: `s = r` for an intersection test (a separating axis
/// of the full shapes), `r + margin` for a contact query with a margin (the pair is
/// farther apart than the margin, and its distance is not needed), `∞` for the distance.
/// A cold start makes the same test on its first query, along its search direction
/// `d = −v`; the separating direction is then `lower_direction`, not the simplex's `v`.
/// With `SEPARATION_ONLY`, a stall still rebuilds the simplex (without an axis, a stall
/// proves nothing).
///
/// `radius` (`r ≥ 0`) runs the loop for the shapes `A ⊕ ball(r_A)` and `B ⊕ ball(r_B)` on
/// their cores, `r = r_A + r_B`: the distance is `|v| − r` between the bounds
/// `v·w/|v| − r` and `|v| − r`, so the relative gap test becomes
/// `|v|² − v·w ≤ ε |v| (|v| − r)`, `|v| ≤ r` proves overlap and `v·w > r |v|` separation.
/// With `r = 0` these are the plain tests. Without a `cache` the run starts cold and
/// stores nothing; given the shapes' inscribed `balls`, a cold run may end as soon as
/// they prove an overlap (`ball_start.rs`), before any simplex exists (for callers that
/// need none then, and keep no cache). `work` is the caller's scratch space (so the
/// simplex is never copied out); it starts empty and ends holding the final simplex with
/// the weights of `v`.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(super) fn run<A, B, O, S, const SEPARATION_ONLY: bool>(
    md: &MinkowskiDifference<A, B>,
    pose_a: &Isometry3<f64>,
    config: &GjkConfig,
    radius: f64,
    stop_beyond: f64,
    mut cache: Option<&mut GjkCache>,
    balls: S,
    observer: &mut O,
    work: &mut WorkingSimplex,
) -> LoopEnd
where
    A: SupportMap,
    B: SupportMap,
    O: Observer,
    S: InscribedBallSource,
{
    debug_assert_eq!(work.len(), 0);
    // The ball proofs may end the run before anything could be cached.
    debug_assert!(balls.balls().is_none() || cache.is_none());
    // A cache filled on other shapes is ignored: its points are not on these.
    let mut hints = match &cache {
        Some(c) if c.fits(md) => {
            c.load(md, work);
            if observer.is_active() && work.len() > 0 {
                observer.warm_start(pose_a, work.simplex().vertices());
            }
            c.hints()
        }
        _ => SupportHints::default(),
    };
    let mut iterations = 0;
    // Set by a cold start whose first support plane already separates (see below).
    let mut first_plane_separates = false;
    if work.len() == 0 {
        // Overlaps the inscribed balls prove (`ball_start.rs`): the ball test needs no
        // support query, and the first query does not wait on it.
        let inscribed = balls.balls();
        let proof = inscribed.and_then(|balls| BallTest::new(md, balls));
        if proof.as_ref().is_some_and(BallTest::holds_origin) {
            if observer.is_active()
                && let Some(balls) = &inscribed
            {
                report_balls(observer, md, pose_a, balls, None);
            }
            return LoopEnd::overlapping(0);
        }
        let dir = cold_direction(md);
        let (a, b, ids) = md.support_pair(&dir, &mut hints);
        let w = Point3::from(a - b);
        work.push(a, b, w, ids);
        iterations = 1;
        if proof.is_some_and(|p| p.cone_holds_origin(&w, &dir)) {
            if observer.is_active()
                && let Some(balls) = &inscribed
            {
                report_balls(observer, md, pose_a, balls, Some(&w));
            }
            return LoopEnd::overlapping(1);
        }
        // The support plane along `dir` bounds the cores' `A − B`: `dir · x ≤ dir · w` for
        // each of its points `x`, so with `−dir · w > s |dir|` (compared squared, no root)
        // the origin lies farther than `s = stop_beyond` from it, as the loop's own test
        // `v · w > s |v|` proves with `v = −dir`. A pair whose centres are well apart
        // stops on the loop's first pass (which projects the one vertex for the output),
        // after one support query instead of two or three. Distance runs (`s = ∞`) skip
        // the test: with it, their code came out 3 % longer.
        if stop_beyond < f64::INFINITY {
            let vw = -dir.dot(&w.coords);
            first_plane_separates =
                vw > 0.0 && vw * vw > stop_beyond * stop_beyond * dir.norm_squared();
        }
    }
    // The largest `|w|²` pushed so far bounds the squared scale of the simplex (its
    // largest `|w|∞`) from above: the exact scale is only computed when `|v|` is within
    // rounding level of this bound. `|w|²` is finite only if `w` is (a NaN or infinite
    // coordinate makes it NaN or ∞; a finite `w` beyond `1e154`, where `|w|²`
    // overflows, is far outside the projection's domain of `1e±60` anyway), and
    // `w = a − b` only if `a` and `b` are.
    let mut scale_bound_sq: f64 = 0.0;
    let mut finite = true;
    for k in 0..work.len() {
        let ww = work.w(k).coords.norm_squared();
        finite &= ww.is_finite();
        if ww > scale_bound_sq {
            scale_bound_sq = ww;
        }
    }
    if !finite || scale_bound_sq > MAX_COORDINATE * MAX_COORDINATE {
        return LoopEnd {
            stop: StopReason::Degenerate,
            iterations,
            v: Vector3::zeros(),
            v_norm: 0.0,
            lower: 0.0,
            lower_direction: Vector3::zeros(),
        };
    }
    let mut best_vv = f64::INFINITY;
    // Simplices rebuilt after a stall near contact, and the best one before that.
    let mut reseeds = Reseeds::for_pair(md.is_polytope());
    // Whether the last vertex was pushed this iteration: on no progress it is popped,
    // which restores the previous reduced simplex and its weights exactly (`retain`
    // only runs after the progress check), so no copy of the simplex is kept.
    let mut pushed = false;
    // The vertex the last stall popped: with a segment left, the triangle it makes gives
    // one more candidate normal for the final lower bound (`normal.rs`).
    let mut rejected = None;
    let mut v = Vector3::zeros();
    let mut v_norm = 0.0;
    // The best `v·w / |v|` so far; negative ones too, so that `lower_direction` is the
    // best direction tried even when none certifies a positive separation.
    let mut lower = f64::NEG_INFINITY;
    let mut lower_direction = Vector3::zeros();
    let radius_sq = radius * radius;
    let stop = loop {
        let (p, vv) = work.project();
        if !vv.is_finite() || vv >= best_vv {
            if pushed {
                rejected = Some(*work.w(work.len() - 1));
                work.pop();
            }
            if !vv.is_finite() {
                break StopReason::Degenerate;
            }
            // No progress with the duality gap still open: f64 stalled (see `reseed.rs`).
            if reseeds.allowed(best_vv, scale_bound_sq)
                && gap_open(best_vv, v_norm, lower, radius, config)
            {
                let Some((queries, scale)) =
                    reseeds.restart(md, work, &v, &mut hints, scale_bound_sq)
                else {
                    break StopReason::Degenerate;
                };
                (iterations, scale_bound_sq) = (iterations + queries, scale);
                (best_vv, pushed, rejected) = (f64::INFINITY, false, None);
                continue;
            }
            break StopReason::Converged;
        }
        work.retain(p.support, &p.weights);
        v = p.point.coords;
        best_vv = vv;
        v_norm = vv.sqrt();
        if work.len() == 4 || vv <= radius_sq {
            break StopReason::Overlapping;
        }
        if vv <= TOUCH_RELATIVE * TOUCH_RELATIVE * scale_bound_sq {
            let touch = TOUCH_RELATIVE * work.scale();
            if vv <= touch * touch {
                break StopReason::Overlapping;
            }
        }
        if first_plane_separates {
            // The first pass, on the one vertex: the first plane's bound.
            let dir = cold_direction(md);
            (lower, lower_direction) = (-dir.dot(&work.w(0).coords) / dir.norm(), -dir);
            break StopReason::Separated;
        }
        if iterations >= config.max_iterations {
            break StopReason::MaxIterations;
        }
        let direction = -v;
        let (a, b, ids) = md.support_pair(&direction, &mut hints);
        let w = Point3::from(a - b);
        iterations += 1;
        let vw = v.dot(&w.coords);
        // `w = a − b` is finite only if `a` and `b` are (∞ − x and NaN stay non-finite),
        // and then `v·w` is: every non-finite coordinate makes its term ±∞ or NaN
        // (`0 · ∞` is NaN), which no finite terms cancel. (`|v| < 1e154` since `|v|²` is
        // finite, so a finite `w` overflows `v·w` only beyond that size, where the next
        // `|v|²` would overflow anyway.)
        if !vw.is_finite() {
            break StopReason::Degenerate;
        }
        // (A plain comparison: `vw / v_norm` is finite here, no NaN rule needed.)
        let step_lower = vw / v_norm;
        if step_lower > lower {
            lower = step_lower;
            lower_direction = v;
        }
        if observer.is_active() {
            let simplex = work.simplex();
            observer.gjk_step(&GjkStep {
                iteration: iterations,
                pose_a,
                simplex: simplex.vertices(),
                v,
                direction,
                support: &SimplexVertex::new(a, b, ids[0], ids[1]),
                lower_bound: lower,
                upper_bound: v_norm,
            });
        }
        if vw > stop_beyond * v_norm {
            break StopReason::Separated;
        }
        if vv - vw <= config.relative_tolerance * (vv - radius * v_norm) {
            break StopReason::Converged;
        }
        if work.contains(&w, ids) {
            // The support point repeats a vertex while the gap is still open: f64 stalled
            // (see `reseed.rs`).
            if !reseeds.allowed(vv, scale_bound_sq) {
                break StopReason::Converged;
            }
            let Some((queries, scale)) = reseeds.restart(md, work, &v, &mut hints, scale_bound_sq)
            else {
                break StopReason::Degenerate;
            };
            (iterations, scale_bound_sq) = (iterations + queries, scale);
            (best_vv, pushed) = (f64::INFINITY, false);
            continue;
        }
        let ww = w.coords.norm_squared();
        if ww > scale_bound_sq {
            scale_bound_sq = ww;
            if ww > MAX_COORDINATE * MAX_COORDINATE {
                break StopReason::Degenerate;
            }
        }
        work.push(a, b, w, ids);
        pushed = true;
    };
    let stop = reseeds.finish(stop, work, &mut v, &mut v_norm);
    // The other end of the range: a scene whose final support points all lie within
    // `MIN_COORDINATE` of A's origin (and not on it) is below the projections' domain,
    // where products of four coordinates underflow (near 1e-77); the answer would rest
    // on them. (At 1e-80, a capsule–cone distance came out 10x too small.)
    let extent = work.extent();
    let stop = if extent > 0.0 && extent < MIN_COORDINATE {
        StopReason::Degenerate
    } else {
        stop
    };
    // A stall with the gap still open: the final simplex's own normal may certify more.
    if !SEPARATION_ONLY
        && stop == StopReason::Converged
        && (work.len() == 2 || work.len() == 3)
        && gap_open(v_norm * v_norm, v_norm, lower, radius, config)
        && let Some((sharper, n, queries)) =
            sharper_lower_bound(md, work, &v, rejected.as_ref(), &mut hints)
    {
        iterations += queries;
        if sharper > lower {
            lower = sharper;
            lower_direction = n;
        }
    }
    if let Some(c) = &mut cache {
        c.store(md, work, hints);
    }
    LoopEnd {
        stop,
        iterations,
        v,
        v_norm,
        lower,
        lower_direction,
    }
}

/// A cold run's first search direction: towards B's origin (A's frame), where the
/// closest point usually is; `+x` when the origins coincide.
#[inline(always)]
fn cold_direction<A: SupportMap, B: SupportMap>(md: &MinkowskiDifference<A, B>) -> Vector3<f64> {
    let t = md.b_to_a().translation.vector;
    if t == Vector3::zeros() {
        Vector3::x()
    } else {
        t
    }
}

/// Tells the observer that the inscribed `balls` proved the overlap: the balls alone
/// (`apex` `None`), or the cone from GJK's first support point `apex` (A's frame).
#[cold]
#[inline(never)]
fn report_balls<A, B, O>(
    observer: &mut O,
    md: &MinkowskiDifference<A, B>,
    pose_a: &Isometry3<f64>,
    (ball_a, ball_b): &Balls,
    apex: Option<&Point3<f64>>,
) where
    A: SupportMap,
    B: SupportMap,
    O: Observer,
{
    let center_b = md.b_point_in_a(ball_b.center());
    observer.shortcut(&Shortcut::InscribedBalls(InscribedBallProof {
        center_a: pose_a * ball_a.center(),
        radius_a: ball_a.radius(),
        center_b: pose_a * center_b,
        radius_b: ball_b.radius(),
        proof: match apex {
            None => BallProof::Balls,
            Some(w) => BallProof::Cone {
                apex: pose_a.rotation * w.coords,
            },
        },
        iterations: u32::from(apex.is_some()),
    }));
}

/// Whether the duality gap of a run at `|v|² = vv` (`|v| = v_norm`) with the best lower
/// bound `lower` is still open: `|v|² − |v| max(lower, 0) > ε |v| (|v| − r)`, the
/// loop's convergence test with the bound in place of the last `v·w`.
#[inline(always)]
fn gap_open(vv: f64, v_norm: f64, lower: f64, radius: f64, config: &GjkConfig) -> bool {
    vv - v_norm * lower.max(0.0) > config.relative_tolerance * (vv - radius * v_norm)
}
