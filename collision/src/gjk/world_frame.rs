//! The run behind every query built on GJK, between world poses and shape A's frame:
//! the input checks, the loop on shapes rounded by their radii, and the conversion of
//! the loop's A-frame state into world-frame answers.

use super::ball_start::{InscribedBallSource, NoInscribedBalls};
use super::run::{LoopEnd, StopReason, is_finite_pose, run};
use super::working_simplex::WorkingSimplex;
use super::{GjkCache, GjkConfig, GjkOutput, GjkStatus, Simplex, relative_pose};
use crate::observer::Observer;
use crate::shape::{CoreOf, MinkowskiDifference, SupportMap, as_hulls_if_both};
use nalgebra::{Isometry3, Point3, Vector3};

/// A finished GJK distance loop, still in shape A's frame: for callers that go on from
/// the final simplex (contact's EPA) and build the world-frame [`GjkOutput`] only when
/// they need it (the witness points, the normal and the simplex copy cost about as much
/// as a GJK iteration).
pub(crate) struct FinishedRun<'a, A: ?Sized, B: ?Sized> {
    md: MinkowskiDifference<&'a A, &'a B>,
    run: LoopEnd,
    /// The caller's: moved into the run, its 368 bytes were a `memcpy` per query.
    work: &'a WorkingSimplex,
}

impl<A: SupportMap + ?Sized, B: SupportMap + ?Sized> FinishedRun<'_, A, B> {
    /// How the loop ended.
    #[inline]
    pub(crate) fn status(&self) -> GjkStatus {
        self.run.stop.status()
    }

    /// Whether the loop ended early, having proved the distance larger than its
    /// `stop_beyond` (see [`gjk_core`]).
    #[inline]
    pub(crate) fn proved_beyond(&self) -> bool {
        self.run.stop == StopReason::Separated
    }

    /// `A − B` in A's frame, as the loop used it.
    #[inline]
    pub(crate) fn minkowski(&self) -> &MinkowskiDifference<&A, &B> {
        &self.md
    }

    /// The final simplex, in A's frame, read in place.
    #[inline]
    pub(crate) fn simplex(&self) -> &WorkingSimplex {
        self.work
    }

    /// The world-frame output of [`gjk`](super::gjk()).
    pub(crate) fn output(&self, pose_a: &Isometry3<f64>) -> GjkOutput {
        finish(&self.run, self.work, pose_a, 0.0, 0.0)
    }

    /// The largest coordinate magnitude of the final simplex (A's frame).
    #[inline]
    pub(crate) fn scale(&self) -> f64 {
        self.work.scale()
    }

    /// The world-frame answer, without the simplex copy.
    #[inline]
    pub(crate) fn answer(&self, pose_a: &Isometry3<f64>) -> WorldAnswer {
        answer(&self.run, self.work, pose_a, 0.0, 0.0)
    }
}

/// A shape at its world pose: one side of a pair, as the runs here take them.
pub(crate) type Posed<'a, S> = (&'a S, &'a Isometry3<f64>);

/// The loop of [`gjk`](super::gjk()) on `a` and `b` as given (callers pass the cores),
/// without its output and without the observer's `gjk_done` (the caller reports it),
/// leaving the final simplex in the caller's `work`; `None` when a pose is not finite.
/// The loop ends early once it proves the distance larger than `stop_beyond`
/// ([`FinishedRun::proved_beyond`]; `f64::INFINITY` runs it to convergence).
#[inline]
pub(crate) fn gjk_core<'a, A, B, O>(
    (a, pose_a): Posed<'a, A>,
    (b, pose_b): Posed<'a, B>,
    config: &GjkConfig,
    stop_beyond: f64,
    cache: Option<&mut GjkCache>,
    observer: &mut O,
    work: &'a mut WorkingSimplex,
) -> Option<FinishedRun<'a, A, B>>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    let md = prepare(a, 0.0, pose_a, b, 0.0, pose_b)?;
    work.clear();
    let run = run::<_, _, _, _, false>(
        &md,
        pose_a,
        config,
        0.0,
        stop_beyond,
        cache,
        NoInscribedBalls,
        &mut &mut *observer,
        work,
    );
    Some(FinishedRun { md, run, work })
}

/// `A − B` in A's frame, or `None` unless the radii are finite and `≥ 0` and the poses
/// finite.
///
/// Always inlined: kept out of line, the difference (two matrices and a pose) went
/// back through memory, was copied, and was read back by every support query.
#[inline(always)]
fn prepare<'a, A: SupportMap + ?Sized, B: SupportMap + ?Sized>(
    a: &'a A,
    radius_a: f64,
    pose_a: &Isometry3<f64>,
    b: &'a B,
    radius_b: f64,
    pose_b: &Isometry3<f64>,
) -> Option<MinkowskiDifference<&'a A, &'a B>> {
    let radii_ok = radius_a >= 0.0 && radius_b >= 0.0 && (radius_a + radius_b).is_finite();
    // One check covers both poses: a NaN or infinite coordinate in either makes the
    // relative pose non-finite (every output term is a sum of products with it, and
    // `∞ · 0`, `∞ − ∞` are NaN), so its seven values are checked instead of fourteen.
    let relative = relative_pose(pose_a, pose_b);
    (radii_ok && is_finite_pose(&relative))
        .then(|| MinkowskiDifference::from_relative(a, b, relative))
}

/// Checks the input and runs the loop on the cores of `a` and `b`
/// ([`SupportMap::core_radius`]) for the shapes `core_a ⊕ ball(r_a)` and
/// `core_b ⊕ ball(r_b)`, leaving the final simplex in `work` (which must be empty);
/// `None` when a pose or radius is not valid. Two hulls held by enums run as hulls
/// ([`as_hulls_if_both`]).
#[inline]
pub(super) fn run_on_cores<A, B, O, S, const SEPARATION_ONLY: bool>(
    (a, pose_a): Posed<'_, A>,
    (b, pose_b): Posed<'_, B>,
    config: &GjkConfig,
    cache: Option<&mut GjkCache>,
    balls: S,
    observer: &mut O,
    work: &mut WorkingSimplex,
) -> Option<LoopEnd>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
    S: InscribedBallSource,
{
    as_hulls_if_both!(a, b, {
        let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
        let (core_a, core_b) = (CoreOf(a), CoreOf(b));
        let md = prepare(&core_a, radius_a, pose_a, &core_b, radius_b, pose_b)?;
        let radius = radius_a + radius_b;
        let stop_beyond = if SEPARATION_ONLY {
            radius
        } else {
            f64::INFINITY
        };
        Some(run::<_, _, _, _, SEPARATION_ONLY>(
            &md,
            pose_a,
            config,
            radius,
            stop_beyond,
            cache,
            balls,
            &mut &mut *observer,
            work,
        ))
    })
}

/// The output of a run refused for invalid input (a non-finite pose or radius).
pub(crate) fn degenerate() -> GjkOutput {
    GjkOutput {
        status: GjkStatus::Degenerate,
        iterations: 0,
        distance: f64::INFINITY,
        lower_bound: 0.0,
        point_a: Point3::origin(),
        point_b: Point3::origin(),
        normal: Vector3::zeros(),
        simplex: Simplex::default(),
    }
}

/// A run's world-frame answer: [`GjkOutput`] without the iteration count and the
/// simplex copy, for callers that only want the witnesses (closest points, and contacts
/// of shapes whose cores are apart); the 360-byte simplex copy cost them a third of a
/// capsule–capsule contact.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WorldAnswer {
    /// As [`GjkOutput::status`].
    pub(crate) status: GjkStatus,
    /// As [`GjkOutput::distance`].
    pub(crate) distance: f64,
    /// As [`GjkOutput::lower_bound`].
    pub(crate) lower_bound: f64,
    /// As [`GjkOutput::point_a`] (world).
    pub(crate) point_a: Point3<f64>,
    /// As [`GjkOutput::point_b`] (world).
    pub(crate) point_b: Point3<f64>,
    /// As [`GjkOutput::normal`] (world).
    pub(crate) normal: Vector3<f64>,
    /// The direction that certifies the lower bound, when it is not `normal` (see
    /// [`certified_normal`]; world).
    pub(crate) certified_normal: Option<Vector3<f64>>,
}

/// Converts the loop's A-frame state into the world-frame answer. With radii, the core
/// witnesses move by `r_A n` and `−r_B n` along the unit normal `n = −v/|v|` (from A to B).
#[inline]
pub(super) fn answer(
    r: &LoopEnd,
    work: &WorkingSimplex,
    pose_a: &Isometry3<f64>,
    radius_a: f64,
    radius_b: f64,
) -> WorldAnswer {
    let (mut pa, mut pb) = work.witnesses();
    let status = r.stop.status();
    let separated = matches!(status, GjkStatus::Converged | GjkStatus::MaxIterations);
    let radius = radius_a + radius_b;
    let distance = if separated {
        (r.v_norm - radius).max(0.0)
    } else {
        0.0
    };
    // The normal: the certified direction when it certifies a separation and is close
    // to `−v̂`, or whenever `|v|` is at touching level, then the only one; the witnesses
    // are set along it (see [`aligned_witnesses`]).
    let certified = certified_normal(r, separated);
    let v_hat = crate::shape::unit(&-r.v);
    // (The guard only runs when a certified direction differs from `v`: after stalls.)
    let turned = match (certified, v_hat) {
        (Some(n), Some(v_hat))
            if (r.lower > radius && (n - v_hat).norm() <= MAX_WITNESS_TURN)
                || r.v_norm <= NEAR_TOUCH_RELATIVE * work.scale() =>
        {
            Some(n)
        }
        _ => None,
    };
    let certified = if turned.is_some() { None } else { certified };
    let normal = match turned.or(v_hat) {
        Some(n) if separated => {
            (pa, pb) = aligned_witnesses(&pa, &pb, &n, r.v_norm);
            pa += n * radius_a;
            pb -= n * radius_b;
            pose_a.rotation * n
        }
        _ => Vector3::zeros(),
    };
    WorldAnswer {
        status,
        distance: if status == GjkStatus::Degenerate {
            f64::INFINITY
        } else {
            distance
        },
        lower_bound: if separated {
            (r.lower - radius).max(0.0).min(distance)
        } else {
            0.0
        },
        point_a: pose_a * pa,
        point_b: pose_a * pb,
        normal,
        certified_normal: certified.map(|n| pose_a.rotation * n),
    }
}

/// Largest turn, `|n − (−v̂)|` (about the angle in radians), by which the witnesses are
/// moved onto the certified direction `n` instead of `−v̂` (see [`aligned_witnesses`]):
/// each moves by at most 5 % of their distance. On near-contact pairs the turns with a
/// positive certified separation are almost all below 0.05; a limit of 1e-3 was too
/// tight: it left a segment near a cylinder with the uncertified normal, along which the
/// shapes overlapped (the near-contact fuzzer found it).
const MAX_WITNESS_TURN: f64 = 0.1;

/// `|v|`, relative to the final simplex's scale, at or below which the witnesses take the
/// certified direction whatever its turn from `−v̂`. Shapes this close touch to within
/// what `f64` can resolve on curved pairs (the bounds there are only known to about 1e-8
/// of the size, see [`GjkStatus::Converged`]), and `v` is
/// a combination of vertices up to the scale across that cancel to `|v|`: its direction
/// can be anything, even the opposite of the separating one. The query fuzzer's
/// near-contact mode found a segment's end 3e-12 from a
/// cylinder's rim (size 1) whose final `v` had turned over on a sliver triangle: along
/// the closest points' axis the shapes overlapped by 2.6, while an earlier `v`
/// certified they overlap by at most 6e-12. The certified direction is never worse than
/// `−v̂` (its bound is the best over every direction queried, the final one included),
/// and each witness moves by at most `|v|`, here at most 1e-9 of the scale.
const NEAR_TOUCH_RELATIVE: f64 = 1e-9;

/// The witnesses `pa`, `pb` set about their midpoint along the unit normal `n` (from A
/// to B), `distance` apart, so that their axis is exactly the normal.
///
/// `Σ λᵢ aᵢ − Σ λᵢ bᵢ` equals `v` only up to the rounding of the weights times the
/// vertices' size `S`, which turns the witnesses' axis by about `u S κ / |v|` (`κ` the
/// simplex's conditioning): near contact, on a sliver simplex, that certified a
/// separation up to 9e-8 below the distance along the axis on unit shapes 1e-8 apart
/// (tests/gjk/near_contact.rs). And after an `f64` stall on a curved pair the final `v`
/// has the smallest norm but not the best direction: along a flat direction of the
/// shapes (a cylinder's generator) a direction off by `θ` certifies a separation lower
/// by `θ` times the flat extent; the query fuzzer's near-contact mode found
/// a cylinder 1e-2 from a box (size 4,000) with witnesses whose axis certified
/// 4.8e-5 less than their distance while the certified direction, 1.6e-8 rad away,
/// certified all but 6e-12 of it. Each witness moves by at most about half the axis
/// error times the distance, a lateral move along the surfaces (on them to second
/// order), and the midpoint keeps its rounding.
fn aligned_witnesses(
    pa: &Point3<f64>,
    pb: &Point3<f64>,
    n: &Vector3<f64>,
    distance: f64,
) -> (Point3<f64>, Point3<f64>) {
    let mid = Point3::from((pa.coords + pb.coords) * 0.5);
    let half = n * (0.5 * distance);
    (mid - half, mid + half)
}

/// The unit direction from A to B along which the lower bound is certified (A − B
/// reaches no nearer than `lower` along it), when the run is separated and it differs
/// from the final `−v̂`: after an `f64` stall on a curved pair an earlier `v` can hold
/// the best bound, and the final `v` be off by far more than the bounds' gap (a
/// ball's centre 1.8e-4 from a cone, bounds 3.3e-14
/// apart, the final `v`'s own gap 3e-8). A contact needs this direction, along which
/// moving B by the depth makes the shapes touch; closest points take it too when it is
/// close to `−v̂` ([`aligned_witnesses`]).
fn certified_normal(r: &LoopEnd, separated: bool) -> Option<Vector3<f64>> {
    if !separated || r.lower_direction == r.v || r.lower_direction == Vector3::zeros() {
        return None;
    }
    crate::shape::unit(&-r.lower_direction)
}

/// The world-frame output: the [`answer`] with the iteration count and the simplex.
pub(super) fn finish(
    r: &LoopEnd,
    work: &WorkingSimplex,
    pose_a: &Isometry3<f64>,
    radius_a: f64,
    radius_b: f64,
) -> GjkOutput {
    let a = answer(r, work, pose_a, radius_a, radius_b);
    let mut out = GjkOutput {
        status: a.status,
        iterations: r.iterations,
        distance: a.distance,
        lower_bound: a.lower_bound,
        point_a: a.point_a,
        point_b: a.point_b,
        normal: a.normal,
        simplex: Simplex::default(),
    };
    // Filled in place: a simplex built apart was copied into the output (360 bytes).
    work.write_simplex(&mut out.simplex);
    out
}
