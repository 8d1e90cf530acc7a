//! Time of impact of moving shapes: conservative advancement (Mirtich 1996; the seed
//! book's chapter 13), with the exact sphere–sphere solution for two balls.
//!
//! Each step is the longest of several proofs that the shapes stay more than half the
//! tolerance apart: a bound on how fast any point can close the gap along the current
//! normal (`advance.rs`), and, when spin rather than approach limits that bound, a
//! concave lower bound on the gap along the normal held fixed or turning with either
//! body, checked at the step's ends with a few support queries (`certify.rs`).

mod advance;
mod certify;
mod motion;
#[cfg(test)]
mod sampled;

pub use crate::observer::{StepBound, ToiStep};
pub use motion::Motion;

use crate::contact::contact;
use crate::gjk::{GjkCache, GjkConfig, GjkStatus, WorkingSimplex, gjk, gjk_core};
use crate::observer::{BallBallImpact, Observer, Shortcut};
use crate::options::QueryOptions;
use crate::shape::{CoreOf, SupportMap, all_finite, as_hulls_if_both};
use advance::{Spin, safe_step};
use certify::{Body, longest_step};
use nalgebra::{Isometry3, Point3, Vector3};

/// Bound on the rounding error of a converged GJK distance relative to the simplex's
/// size: collision-simplex's projections are accurate to a few `ε` of the simplex's
/// extent (3.4e-14 worst on its degenerate test families), and `1024 ε ≈ 2.3e-13` covers
/// that with room.
const PROJECTION_ROUNDING: f64 = 1024.0 * f64::EPSILON;

/// The first contact of two moving shapes. World coordinates, at time `time`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact {
    /// Time of impact; 0 when the shapes already touch or overlap at the start.
    pub time: f64,
    /// Point of A nearest B at `time`.
    pub point_a: Point3<f64>,
    /// Point of B nearest A at `time`.
    pub point_b: Point3<f64>,
    /// Unit normal from A towards B at `time`.
    pub normal: Vector3<f64>,
    /// Signed separation at `time`: within the tolerance above zero at a converged
    /// impact, negative (minus the depth) when the shapes overlap at time 0.
    pub separation: f64,
    /// Conservative-advancement iterations made (0 for the analytic ball path).
    pub iterations: u32,
}

impl Impact {
    /// Whether every number is finite. The time-of-impact queries never return an impact
    /// that is not: an answer that overflows `f64` (shapes or motions near `f64::MAX`) is
    /// [`ToiError::NonFinite`] instead.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        all_finite(
            [&self.point_a.coords, &self.point_b.coords, &self.normal],
            [self.time, self.separation],
        )
    }
}

/// Why a time-of-impact query has no answer.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum ToiError {
    /// A pose, velocity, `t_max` or support point was NaN or infinite, or beyond the
    /// input range (support points outside about 1e±60, see the crate docs), or the
    /// answer would be (positions beyond `f64::MAX`).
    #[error(
        "time of impact met a non-finite pose, velocity, time or support point, coordinates outside 1e±60, or an answer that overflowed"
    )]
    NonFinite,
    /// Advancement did not reach the tolerance within the iteration cap (typically fast
    /// spin with little approach). No impact happens before `time`.
    #[error(
        "time of impact did not converge within {iterations} iterations: no impact before t = {time}, separation there {separation}"
    )]
    DidNotConverge {
        /// Iterations made.
        iterations: u32,
        /// The time reached: a proven lower bound on the time of impact.
        time: f64,
        /// The separation at `time`.
        separation: f64,
    },
}

/// Tuning of a time-of-impact query ([`time_of_impact_with`]).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ToiConfig {
    /// Advance until the separation is at most this fraction of the shapes' combined
    /// bounding radius.
    pub relative_tolerance: f64,
    /// Iteration cap; reaching it gives [`ToiError::DidNotConverge`].
    ///
    /// Near contact, advancement converges geometrically: each step closes the fraction
    /// `c/b` of the remaining gap, where `c` is how fast the gap really closes and `b` the
    /// bound on it (which counts the spin of every point of both shapes), so reaching the
    /// tolerance from a gap the size of the shapes takes about `20 b/c` steps. The default,
    /// 4096, covers `b/c` up to about 200. On the cast fuzzer's time-of-impact cases
    /// over 99 % converge within 100 steps and a few in 10,000 need 1,000 to 1,300 (spinning
    /// boxes, hulls or capsules closing slowly); a cap of 1,000 would leave those
    /// `DidNotConverge`.
    ///
    /// Starting within 1e-12 to 1e-4 of the size of contact with fast spin (the cast
    /// fuzzer's near-contact mode), the plain bound's steps stay near `gap / (|ω| e)`.
    /// Certified steps (`certify.rs`) cut the runs that end `DidNotConverge` there from
    /// 71 to 0 in 600,000 cases (seeds 9002 and 9004–9008), and from 37 to 1 in 200,000
    /// with large hulls (seeds 9010, 9011); on other seeds (9500–9527), 11 in 2.8M
    /// cases, against 1.24e-4 of them before. Along the fixed normal only, 39 and 22 were
    /// left. Turning the normal with a face that spins in contact helps because the
    /// face's edge then cannot close the gap along the normal, as it does along a fixed
    /// one, even where the other body is not under that edge. Skipping the proof
    /// whenever the linear approach limits the step left 5 and 5: there the gap had
    /// closed far more slowly than the approach along the normal, as when shapes slide
    /// past each other, and the proof is now tried once a step closes less than a
    /// quarter of its gap.
    pub max_iterations: u32,
}

impl Default for ToiConfig {
    fn default() -> ToiConfig {
        ToiConfig {
            relative_tolerance: 1e-9,
            max_iterations: 4096,
        }
    }
}

/// The first time in `[0, t_max]` at which `a` (moving by `motion_a`) and `b` (moving by
/// `motion_b`) touch; `Ok(None)` when they do not.
///
/// # Errors
/// [`ToiError`] on non-finite input, or when advancement did not converge (never reported
/// as "no impact").
pub fn time_of_impact<A, B>(
    a: &A,
    motion_a: &Motion,
    b: &B,
    motion_b: &Motion,
    t_max: f64,
) -> Result<Option<Impact>, ToiError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    time_of_impact_with(a, motion_a, b, motion_b, t_max, QueryOptions::default())
}

/// [`time_of_impact`] with its options: tolerances, a GJK warm-start cache for the runs
/// of the advancement (one per ordered pair of shapes, see [`GjkCache`]: it starts the
/// first run and keeps the last one's simplex) and an observer that sees every
/// advancement iteration ([`Observer::toi_step`]; the inner GJK runs are not reported).
///
/// Two shapes whose cores are points (balls) and whose centres do not orbit (they
/// coincide with the centre of mass, or do not spin) take the exact quadratic path,
/// reported as a [`Shortcut::BallBallImpact`] (and, for a hit, a step with `iteration`
/// 0 at the impact); everything else takes conservative advancement.
///
/// # Errors
/// As [`time_of_impact`].
pub fn time_of_impact_with<A, B, O>(
    a: &A,
    motion_a: &Motion,
    b: &B,
    motion_b: &Motion,
    t_max: f64,
    options: QueryOptions<'_, ToiConfig, O>,
) -> Result<Option<Impact>, ToiError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    as_hulls_if_both!(a, b, impact(a, motion_a, b, motion_b, t_max, options))
}

/// [`time_of_impact_with`] on the shapes as given.
fn impact<A, B, O>(
    a: &A,
    motion_a: &Motion,
    b: &B,
    motion_b: &Motion,
    t_max: f64,
    options: QueryOptions<'_, ToiConfig, O>,
) -> Result<Option<Impact>, ToiError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let (config, cache, mut observer) = options.into_parts();
    let observer = &mut observer;
    if !(motion_a.is_finite() && motion_b.is_finite() && t_max.is_finite()) {
        return Err(ToiError::NonFinite);
    }
    let (core_a, radius_a) = (CoreOf(a), a.core_radius());
    let (core_b, radius_b) = (CoreOf(b), b.core_radius());
    let (extent_a, extent_b) = (
        core_extent(&core_a, motion_a),
        core_extent(&core_b, motion_b),
    );
    if let (Some(ca), Some(cb)) = (
        ball_center(&core_a, motion_a),
        ball_center(&core_b, motion_b),
    ) {
        let hit = balls(
            (ca, radius_a, motion_a.linear_velocity),
            (cb, radius_b, motion_b.linear_velocity),
            t_max,
        )?;
        if observer.is_active() {
            observer.shortcut(&Shortcut::BallBallImpact(BallBallImpact {
                center_a: ca,
                radius_a,
                velocity_a: motion_a.linear_velocity,
                center_b: cb,
                radius_b,
                velocity_b: motion_b.linear_velocity,
                t_max,
                time: hit.as_ref().map(|h| h.time),
                poses: hit
                    .as_ref()
                    .map(|h| [motion_a.pose_at(h.time), motion_b.pose_at(h.time)]),
            }));
        }
        if let Some(h) = hit.filter(|_| observer.is_active()) {
            let closing = (motion_a.linear_velocity - motion_b.linear_velocity).dot(&h.normal);
            observer.toi_step(&ToiStep {
                iteration: 0,
                time: h.time,
                pose_a: motion_a.pose_at(h.time),
                pose_b: motion_b.pose_at(h.time),
                separation: h.separation,
                distance: h.separation,
                normal: h.normal,
                point_a: h.point_a,
                point_b: h.point_b,
                approach: closing,
                advance: 0.0,
                tolerance: 0.0,
                bound: StepBound::Ends,
            });
        }
        return Ok(hit);
    }
    let rho_a = extent_a + radius_a;
    let rho_b = extent_b + radius_b;
    let tolerance = config.relative_tolerance * (rho_a + rho_b);
    // Shapes reaching beyond about 1e154 from their centres of mass (`core_extent`) have
    // no tolerance to advance to, nor a speed bound for the advance. (A hull with one
    // vertex at 1e300 that GJK's supports never reached had a tolerance of +∞, and a
    // time of impact at 0 for shapes 19 apart.)
    if !tolerance.is_finite() {
        return Err(ToiError::NonFinite);
    }
    // Each advance aims at half the tolerance rather than at contact (as Box2D's time
    // of impact aims at a target separation): the last step then ends with the shapes
    // apart by `target`..`tolerance`, where GJK's normal is well conditioned. At a gap
    // `d` its direction is only good to about `ε · size / d`, which at the 1e-15 gaps
    // an aim at contact can land on is no direction at all.
    let target = 0.5 * tolerance;
    let radius = radius_a + radius_b;
    let mut cold = GjkCache::default();
    let cache = cache.unwrap_or(&mut cold);
    let gjk_config = GjkConfig::default();
    let mut t = 0.0;
    // The normal of the last separated step: the fallback direction should the contact
    // query at an exact touch give none.
    let mut last_normal = Vector3::x();
    // The gap the last step started from, less the target: how much of it the step
    // closed tells whether the closing-speed bound times steps well (`certify.rs`).
    let mut last_gap = f64::INFINITY;
    let mut work = WorkingSimplex::default();
    for iteration in 0..config.max_iterations {
        let (pose_a, pose_b) = (motion_a.pose_at(t), motion_b.pose_at(t));
        // The run's world-frame answer, and its simplex's scale, without copying the
        // simplex out (a `GjkOutput` per step is a large copy).
        let Some(run) = gjk_core(
            (&core_a, &pose_a),
            (&core_b, &pose_b),
            &gjk_config,
            f64::INFINITY,
            Some(&mut *cache),
            &mut (),
            &mut work,
        ) else {
            return Err(ToiError::NonFinite);
        };
        let out = run.answer(&pose_a);
        let separation = match out.status {
            GjkStatus::Degenerate => return Err(ToiError::NonFinite),
            GjkStatus::Overlapping => -radius,
            // Conservative: a lower bound never overshoots the impact. When GJK stops
            // because f64 makes no further progress (a support point that repeats a
            // simplex vertex up to rounding, at distances far below the shapes' size,
            // where `v·w` is rounding noise), its own lower bound can be stale, even 0;
            // its distance is then exact up to the projection's rounding, which
            // `PROJECTION_ROUNDING` bounds, and that gives a bound as safe and tight.
            GjkStatus::Converged => {
                let exact = out.distance - PROJECTION_ROUNDING * run.scale();
                out.lower_bound.max(exact) - radius
            }
            GjkStatus::MaxIterations => out.lower_bound - radius,
        };
        let n = out.normal;
        // How long the gap along n takes at least to close down to `target`: the seed
        // book's "fastest linear speed along the direction" of any point, bounded over
        // the whole step so the advance never overshoots (see `advance.rs`).
        let gap = separation - target;
        let step = if separation > tolerance {
            let linear = (motion_a.linear_velocity - motion_b.linear_velocity).dot(&n);
            let spin_a = Spin::of(&core_a, &pose_a, motion_a, extent_a, &n);
            let spin_b = Spin::of(&core_b, &pose_b, motion_b, extent_b, &-n);
            safe_step(gap, linear, &spin_a, &spin_b).map(|dt| {
                let plain = (dt, StepBound::ClosingSpeed);
                // Spin, not approach, may limit the step: then a longer one can often be
                // proved (see `certify.rs`). When the linear approach alone would use up
                // the gap within two steps, that proof (which first tries two steps)
                // rarely succeeds, and its supports cost a third of a closing pair's
                // query: it is then skipped, unless the last step closed less
                // than a quarter of its gap (the approach along the normal is not what
                // closes the gap, as when the shapes slide past each other).
                let slow = last_gap - gap < 0.25 * last_gap;
                if 2.0 * dt * linear >= gap && !slow {
                    return plain;
                }
                longest_step(
                    &Body {
                        core: &core_a,
                        pose: pose_a,
                        motion: motion_a,
                        extent: extent_a,
                    },
                    &Body {
                        core: &core_b,
                        pose: pose_b,
                        motion: motion_b,
                        extent: extent_b,
                    },
                    &n,
                    radius,
                    (dt, t_max - t, target),
                )
            })
        } else {
            None
        };
        // No step (`Ends`, advance 0) when the shapes are within the tolerance or the gap
        // cannot close; the average closing speed the step allows (0 without a step).
        let (advance, bound) = step.unwrap_or((0.0, StepBound::Ends));
        let approach = if step.is_some() { gap / advance } else { 0.0 };
        if observer.is_active() {
            observer.toi_step(&ToiStep {
                iteration: iteration + 1,
                time: t,
                pose_a,
                pose_b,
                separation,
                distance: out.distance - radius,
                normal: n,
                point_a: out.point_a + n * radius_a,
                point_b: out.point_b - n * radius_b,
                approach,
                advance,
                tolerance,
                bound,
            });
        }
        if separation <= tolerance {
            // Touching or overlapping at `t`: at the start, the shapes begin in contact;
            // later, the advance landed exactly on touching cores, where GJK reports an
            // overlap and has no normal. Either way the contact query gives the unit
            // normal and witness points at this time.
            if (t == 0.0 && separation <= 0.0) || out.status == GjkStatus::Overlapping {
                let impact = contact_at(a, &pose_a, b, &pose_b, tolerance, t, iteration + 1);
                return finite(impact.or_else(|| {
                    (t > 0.0).then_some(Impact {
                        time: t,
                        point_a: out.point_a,
                        point_b: out.point_b,
                        normal: last_normal,
                        separation,
                        iterations: iteration + 1,
                    })
                }));
            }
            return finite(Some(Impact {
                time: t,
                point_a: out.point_a + n * radius_a,
                point_b: out.point_b - n * radius_b,
                normal: n,
                separation: out.distance - radius,
                iterations: iteration + 1,
            }));
        }
        let Some((dt, _)) = step else {
            return Ok(None);
        };
        last_normal = n;
        last_gap = gap;
        // The gap stays above `target` for at least this long.
        t += dt;
        if t > t_max {
            return Ok(None);
        }
    }
    let (pose_a, pose_b) = (motion_a.pose_at(t), motion_b.pose_at(t));
    let options = QueryOptions::default().config(gjk_config).cache(cache);
    let separation = gjk(a, &pose_a, b, &pose_b, options).distance;
    Err(ToiError::DidNotConverge {
        iterations: config.max_iterations,
        time: t,
        separation,
    })
}

/// The contact at `time` of shapes that touch or overlap at the poses given.
fn contact_at<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    margin: f64,
    time: f64,
    iterations: u32,
) -> Option<Impact>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    // Shapes within `margin` (the advancement's tolerance) always give a contact: at
    // margin 0, a pair GJK found touching to rounding could be called apart by the
    // contact query's own run, and a time of impact starting there reported no impact
    // however fast the shapes then closed (cast fuzzer, near-contact mode, seed 1, case
    // 3970: a triangle 1e-13 from a cylinder, 3.7e-2 deep at t = 0.31). A non-finite
    // support point cannot occur here since GJK just succeeded on the same input.
    let c = contact(a, pose_a, b, pose_b, margin).ok().flatten()?;
    Some(Impact {
        time,
        point_a: c.point_a,
        point_b: c.point_b,
        normal: c.normal,
        separation: c.separation,
        iterations,
    })
}

/// The largest distance from the centre of mass to a point of `core`, bounded by the
/// corners of the core's local bounding box.
fn core_extent<S: SupportMap>(core: &S, motion: &Motion) -> f64 {
    let bb = core.aabb(&Isometry3::identity());
    let c = motion.local_center;
    let dx = (bb.mins.x - c.x).abs().max((bb.maxs.x - c.x).abs());
    let dy = (bb.mins.y - c.y).abs().max((bb.maxs.y - c.y).abs());
    let dz = (bb.mins.z - c.z).abs().max((bb.maxs.z - c.z).abs());
    // +∞ for a core beyond about 1e154 across, where the squares overflow: the query
    // then reports `NonFinite` (far outside GJK's input range of 1e±60 anyway).
    Vector3::new(dx, dy, dz).norm()
}

/// When `core` is a single point that moves in a straight line (it is the centre of
/// mass, or the body does not spin), its world position at time 0.
fn ball_center<S: SupportMap>(core: &S, motion: &Motion) -> Option<Point3<f64>> {
    let bb = core.aabb(&Isometry3::identity());
    if bb.mins != bb.maxs {
        return None;
    }
    let orbits = bb.mins != motion.local_center && motion.angular_velocity != Vector3::zeros();
    (!orbits).then(|| motion.pose * bb.mins)
}

/// Sphere–sphere continuous test (the first seed book's `SphereSphereDynamic`, solved in
/// closed form). With `Δ(t) = Δ₀ + Δv t` the centre offset and `R = r_a + r_b`, the
/// spheres touch when `|Δ(t)|² = R²`: `a t² + 2 b t + c = 0` with `a = Δv·Δv`,
/// `b = Δ₀·Δv`, `c = Δ₀·Δ₀ − R²`. The first root is `t = (−b − √(b² − ac)) / a`, computed
/// as `c / (−b + √(b² − ac))` to avoid cancellation (both forms are equal since the
/// roots' product is `c / a`).
///
/// Lengths are measured in units of `L = max(|Δ₀|∞, R)` and times in units of `L / V`,
/// `V = |Δv|∞`, so that `a`, `b` and `c` are of order one: the squares neither overflow
/// (centres 1e200 apart, speeds of 1e300) nor underflow (1e-200), where `0 · ∞` would
/// have made the time NaN. A time beyond `f64` is no impact; an answer whose points
/// overflow is [`ToiError::NonFinite`].
fn balls(
    (ca, ra, va): (Point3<f64>, f64, Vector3<f64>),
    (cb, rb, vb): (Point3<f64>, f64, Vector3<f64>),
    t_max: f64,
) -> Result<Option<Impact>, ToiError> {
    let d0 = cb - ca;
    let dv = vb - va;
    let r = ra + rb;
    let (l, v) = (d0.amax().max(r), dv.amax());
    if !(l.is_finite() && v.is_finite()) {
        return Err(ToiError::NonFinite);
    }
    let c = if l > 0.0 {
        (d0 / l).norm_squared() - (r / l) * (r / l)
    } else {
        0.0 // Coincident centres and no radius: touching.
    };
    let time = if c <= 0.0 {
        0.0
    } else if v == 0.0 {
        return Ok(None);
    } else {
        // Here `c > 0`, so `l > 0`.
        let w = dv / v;
        let (a, b) = (w.norm_squared(), (d0 / l).dot(&w));
        let disc = b * b - a * c;
        if b >= 0.0 || disc < 0.0 {
            return Ok(None);
        }
        c / (-b + disc.sqrt()) * (l / v)
    };
    if !(time.is_finite() && time <= t_max) {
        return Ok(None);
    }
    let (pa, pb) = (ca + va * time, cb + vb * time);
    let gap = d0 + dv * time;
    let normal = crate::shape::unit(&gap).unwrap_or_else(Vector3::x);
    let impact = Impact {
        time,
        point_a: pa + normal * ra,
        point_b: pb - normal * rb,
        normal,
        separation: crate::shape::norm(&gap).unwrap_or(f64::INFINITY) - r,
        iterations: 0,
    };
    // Tested before it is wrapped: through `finite`, the 96-byte impact went through
    // memory first.
    if impact.is_finite() {
        Ok(Some(impact))
    } else {
        Err(ToiError::NonFinite)
    }
}

/// [`ToiError::NonFinite`] in place of an impact that overflowed (see
/// [`Impact::is_finite`]): every answer of conservative advancement passes through here
/// (the ball–ball path tests its own).
#[inline]
fn finite(impact: Option<Impact>) -> Result<Option<Impact>, ToiError> {
    match impact {
        Some(i) if !i.is_finite() => Err(ToiError::NonFinite),
        impact => Ok(impact),
    }
}
