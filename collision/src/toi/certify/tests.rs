//! The certified gap bound against the exact gap along the fixed normal, sampled over
//! long horizons (up to several turns of the faster body).

use super::{Body, Slab, longest_step};
use crate::shape::{CoreOf, Shape, SupportMap};
use crate::toi::Motion;
use crate::toi::sampled::{body, extent, extent_along, motion, v3};
use crate::{ClosestPoints, closest_points};
use nalgebra::{Isometry3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The exact gap along `n` at time `t` between the cores less `radius`.
fn exact_gap(
    (a, ma): (&CoreOf<'_, Shape>, &Motion),
    (b, mb): (&CoreOf<'_, Shape>, &Motion),
    n: &Vector3<f64>,
    radius: f64,
    t: f64,
) -> f64 {
    -extent_along(b, mb, t, &-n) - extent_along(a, ma, t, n) - radius
}

/// A body at time 0, with its core's extent.
fn at_start<'c>(core: &'c CoreOf<'c, Shape>, motion: &'c Motion) -> Body<'c, CoreOf<'c, Shape>> {
    Body {
        core,
        pose: motion.pose_at(0.0),
        motion,
        extent: extent(core, motion),
    }
}

/// The plain bound's step from `gap` down to `target` along `n` (as `safe_step` without
/// its tighter terms), or `None` when no point approaches along `n`.
fn plain_step<S: ?Sized>(
    a: &Body<'_, S>,
    b: &Body<'_, S>,
    n: &Vector3<f64>,
    gap: f64,
    target: f64,
) -> Option<f64> {
    let (ma, mb) = (a.motion, b.motion);
    let speed = (ma.linear_velocity - mb.linear_velocity).dot(n)
        + a.extent * n.cross(&ma.angular_velocity).norm()
        + b.extent * n.cross(&mb.angular_velocity).norm();
    (speed > 0.0).then(|| (gap - target) / speed)
}

/// 6,000 random body pairs, motions (spins up to 20 rad per unit time) and normals: the
/// bound `L(τ)` is below the exact gap along the normal at 100 times over a horizon of
/// up to four radians of the faster spin, and concave (each midpoint at least the mean
/// of its ends, to rounding).
#[test]
fn the_bound_stays_below_the_exact_gap_and_is_concave() {
    let mut r = ChaCha8Rng::seed_from_u64(78);
    for case in 0..6000 {
        let (a, b) = (body(&mut r), body(&mut r));
        let (ma, mb) = (motion(&mut r, 20.0), motion(&mut r, 20.0));
        let n = v3(&mut r, 1.0).normalize();
        let radius = r.random_range(0.0..0.5);
        let (ca, cb) = (CoreOf(&a), CoreOf(&b));
        // The normal fixed in the world, or turning with A or with B.
        let frame = [Vector3::zeros(), ma.angular_velocity, mb.angular_velocity][case % 3];
        let (ba, bb) = (at_start(&ca, &ma), at_start(&cb, &mb));
        let slab = Slab::new(&ba, &bb, &n, radius, &frame);
        let spin = ma.angular_velocity.norm().max(mb.angular_velocity.norm());
        let horizon = r.random_range(0.0..4.0) / spin;
        let mut previous = slab.lower(0.0);
        for k in 0..=100 {
            let t = horizon * f64::from(k) / 100.0;
            let turned = UnitQuaternion::from_scaled_axis(frame * t) * n;
            let exact = exact_gap((&ca, &ma), (&cb, &mb), &turned, radius, t);
            let bound = slab.lower(t);
            assert!(
                bound <= exact + 1e-12,
                "case {case}: L({t}) = {bound} above the exact gap {exact}"
            );
            if k > 0 {
                let next = slab.lower(t + horizon / 100.0);
                assert!(
                    bound >= 0.5 * (previous + next) - 1e-12,
                    "case {case}: L not concave at {t}: {previous}, {bound}, {next}"
                );
            }
            previous = bound;
        }
    }
}

/// Bodies starting 1e-9 to 1e-3 apart along a normal that separates them, in every
/// approach: the gap along the normal never falls below the target over the step
/// `stretch` certifies (sampled at 200 times), and when the bodies drift apart under
/// fast spin, the certified steps are far longer than the plain bound's `gap / (|ω| e)`.
#[test]
fn a_stretched_step_keeps_the_target() {
    let mut r = ChaCha8Rng::seed_from_u64(79);
    let (mut stretched, mut cases) = (0, 0);
    for case in 0..6000 {
        let (a, b) = (body(&mut r), body(&mut r));
        let (ma, mut mb) = (motion(&mut r, 5.0), motion(&mut r, 5.0));
        let n = v3(&mut r, 1.0).normalize();
        let (ca, cb) = (CoreOf(&a), CoreOf(&b));
        // Place B so that the gap along n is `gap` at time 0.
        let gap = 10f64.powf(r.random_range(-9.0..-3.0));
        let now = exact_gap((&ca, &ma), (&cb, &mb), &n, 0.0, 0.0);
        mb.pose.translation.vector += n * (gap - now);
        let (ba, bb) = (at_start(&ca, &ma), at_start(&cb, &mb));
        let slab = Slab::new(&ba, &bb, &n, 0.0, &Vector3::zeros());
        let target = 0.5 * gap;
        let Some(step) = plain_step(&ba, &bb, &n, gap, target) else {
            continue;
        };
        let certified = slab.stretch(step, 1.0, target);
        assert!(certified >= step, "case {case}: {certified} below {step}");
        cases += 1;
        if certified > 100.0 * step {
            stretched += 1;
        }
        for k in 0..=200 {
            let t = certified * f64::from(k) / 200.0;
            let exact = exact_gap((&ca, &ma), (&cb, &mb), &n, 0.0, t);
            assert!(
                exact >= target - 1e-12,
                "case {case}: gap {exact} below the target {target} at t = {t} of the certified {certified} (plain {step})"
            );
        }
    }
    // About half the cases drift apart, and there the bound proves long steps.
    assert!(
        stretched * 5 > cases,
        "only {stretched} of {cases} steps stretched past 100x the plain one"
    );
}

/// The same near-contact starts through [`longest_step`], which also tries the normal
/// turning with either body: over each certified step the shapes' distance (GJK, an
/// independent query) stays above the target at 200 sampled times, and the turning
/// normals prove steps longer than the fixed one in a good share of the cases.
#[test]
fn the_longest_step_keeps_the_shapes_apart() {
    let mut r = ChaCha8Rng::seed_from_u64(80);
    let (mut longer, mut cases) = (0, 0);
    for case in 0..3000 {
        let (a, b) = (body(&mut r), body(&mut r));
        let (ma, mut mb) = (motion(&mut r, 5.0), motion(&mut r, 5.0));
        let (ca, cb) = (CoreOf(&a), CoreOf(&b));
        // Place B `gap` from A along the closest points' direction.
        let (pa, pb) = (ma.pose_at(0.0), mb.pose_at(0.0));
        let Ok(ClosestPoints::Separated {
            point_a,
            point_b,
            distance,
        }) = closest_points(&a, &pa, &b, &pb)
        else {
            continue;
        };
        let n = (point_b - point_a) / distance;
        let gap = 10f64.powf(r.random_range(-9.0..-3.0));
        mb.pose.translation.vector -= n * (distance - gap);
        let (ba, bb) = (at_start(&ca, &ma), at_start(&cb, &mb));
        let radius = a.core_radius() + b.core_radius();
        let target = 0.5 * gap;
        let Some(step) = plain_step(&ba, &bb, &n, gap, target) else {
            continue;
        };
        let fixed = Slab::new(&ba, &bb, &n, radius, &Vector3::zeros()).stretch(step, 1.0, target);
        let (certified, _) = longest_step(&ba, &bb, &n, radius, (step, 1.0, target));
        assert!(certified >= fixed, "case {case}: {certified} below {fixed}");
        cases += 1;
        if certified > 2.0 * fixed {
            longer += 1;
        }
        for k in 0..=200 {
            let t = certified * f64::from(k) / 200.0;
            let apart = collision_distance(&a, &ma.pose_at(t), &b, &mb.pose_at(t));
            assert!(
                apart >= target * (1.0 - 1e-6),
                "case {case}: {apart:e} apart, below the target {target:e}, at t = {t} of the certified {certified} (fixed normal {fixed}, plain {step})"
            );
        }
    }
    // 661 of 2,671 when written.
    assert!(
        longer * 6 > cases,
        "the turning normals proved longer steps in only {longer} of {cases} cases"
    );
}

/// GJK's distance, 0 when touching.
fn collision_distance(a: &Shape, pa: &Isometry3<f64>, b: &Shape, pb: &Isometry3<f64>) -> f64 {
    crate::distance(a, pa, b, pb).expect("converged")
}
