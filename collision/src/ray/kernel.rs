//! The ray casts' speed kernel: a ball cast with its input checked lazily, beside the plain
//! reference it must agree with bit for bit ([`super::sphere::cast_ball_reference`]).
//!
//! The reference checks all 13 input numbers first, then runs the careful cast, which
//! tests each intermediate for under- and overflow and rescales where one occurs (scenes
//! at 1e±300 stay exact). A cast from a ray of moderate size to a ball of moderate size
//! needs none of that, and can tell it needs none from three numbers it forms anyway:
//! `|s|²`, `|d|²` and `R²` (`s` the start relative to the centre, `d` the direction).
//! When each lies in `[1e-100, 1e100]`:
//!
//! - `s` and `d` are finite, hence so were the ray and the translation; the rotation,
//!   which a ball does not use, enters as `0 · (q_x + q_y + q_z + q_w)` added to `|s|²`
//!   (±0 when finite, NaN otherwise), and `max_toi` is tested for NaN;
//! - `|d|² ∈ [1e-100, 1e100]` puts the largest component of `d` in `[1e-100, 1e100]`,
//!   where the reference casts along `d` itself (`scaled`);
//! - `|s|²` and `R²` are normal numbers, so the reference takes its direct path, and
//!   every product it forms (`|d|² R²`, `|s × d|² ≤ |s|² |d|²`) stays below `1e300`.
//!
//! The kernel then does the reference's arithmetic, in the same order, without the tests
//! for overflow (`crossing::<false>`): the same answer bit for bit. (The entry parameter
//! `c / q` can still overflow for a ray starting just off the ball and grazing it; the
//! crossing tests that itself.) Anything else (the rare crossing the reference itself
//! hands to the GJK ray cast included) goes to the reference.

use super::sphere::{ball_hit, crossing};
use super::{LocalHit, Ray};
use nalgebra::Isometry3;

/// Where the squares the ball cast forms make its arithmetic safe (see the module
/// documentation). Always inlined: out of line, each of its three calls spilled the
/// cast's registers.
#[inline(always)]
fn moderate(square: f64) -> bool {
    (1e-100..=1e100).contains(&square)
}

/// The ball of `radius` at `pose` against `ray`: the reference's answer (a hit with its
/// world normal when `normal`), or `None` when the input is not of moderate size or not
/// finite and the reference must decide.
#[inline(always)]
pub(super) fn cast_ball(
    radius: f64,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
) -> Option<Option<LocalHit>> {
    let s = ray.origin.coords - pose.translation.vector;
    let d = &ray.dir;
    let q = &pose.rotation.coords;
    let rr = radius * radius;
    let ss = s.dot(&s) + (q.x + q.y + q.z + q.w) * 0.0;
    if !(moderate(ss) && moderate(d.dot(d)) && moderate(rr) && !max_toi.is_nan()) {
        return None;
    }
    let crossing = crossing::<false>(&s, d, rr)?;
    Some(ball_hit(crossing, &s, d, 1.0, radius, max_toi, normal))
}

#[cfg(test)]
mod tests {
    use super::super::sphere::cast_ball_reference;
    use super::*;
    use crate::Ball;
    use nalgebra::{Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// A number of magnitude `10^e`, `e` uniform in `range`, of either sign.
    fn spread(rng: &mut ChaCha8Rng, range: std::ops::Range<f64>) -> f64 {
        let x = 10f64.powf(rng.random_range(range));
        if rng.random_bool(0.5) { x } else { -x }
    }

    /// 40,000 seeded casts over every scale from 1e-200 to 1e200 (rays, balls, offsets),
    /// with non-finite and zero numbers sprinkled in: wherever the kernel answers, its
    /// answer is the reference's, bit for bit, with and without the normal; and it
    /// answers the moderate ones.
    #[test]
    fn kernel_cast_ball_agrees_with_the_reference() {
        let mut rng = ChaCha8Rng::seed_from_u64(34);
        let (mut answered, mut moderate_cases) = (0, 0);
        for case in 0..40_000 {
            let range = if case % 2 == 0 {
                -3.0..3.0
            } else {
                -200.0..200.0
            };
            let mut v = || {
                Vector3::new(
                    spread(&mut rng, range.clone()),
                    spread(&mut rng, range.clone()),
                    spread(&mut rng, range.clone()),
                )
            };
            let (centre, start, mut dir) = (v(), v(), v());
            let radius = spread(&mut rng, range.clone()).abs();
            let towards = centre - start;
            if case % 3 == 0 {
                // Aimed near the centre, so that most hit.
                dir = towards + towards.norm() * 0.1 * dir.normalize();
            }
            let mut q = Quaternion::new(1.0, 0.2, -0.3, 0.4);
            let mut max_toi = [f64::INFINITY, 1.0, 1e-3][case % 3];
            match case % 50 {
                0 => q.coords.x = f64::NAN,
                1 => q.coords.w = f64::INFINITY,
                2 => dir.y = f64::NEG_INFINITY,
                3 => max_toi = f64::NAN,
                4 => dir = Vector3::zeros(),
                _ => {}
            }
            let pose =
                Isometry3::from_parts(Translation3::from(centre), UnitQuaternion::new_unchecked(q));
            let ray = Ray::new(Point3::from(start), dir);
            let ball = Ball::new(radius).unwrap();
            moderate_cases += usize::from(case % 2 == 0 && case % 50 > 4);
            for normal in [true, false] {
                let Some(fast) = cast_ball(radius, &pose, &ray, max_toi, normal) else {
                    continue;
                };
                answered += usize::from(case % 2 == 0 && normal);
                let reference = cast_ball_reference(&ball, &pose, &ray, max_toi, normal);
                let bits = |h: &Option<LocalHit>| {
                    h.map(|h| (h.toi.to_bits(), h.normal.map(|n| n.map(f64::to_bits))))
                };
                assert_eq!(
                    Ok(bits(&fast)),
                    reference.map(|r| bits(&r)),
                    "case {case}: {pose:?} {ray:?} {radius} {max_toi}"
                );
            }
        }
        assert!(
            answered * 10 >= moderate_cases * 9,
            "{answered} of {moderate_cases}"
        );
    }
}
