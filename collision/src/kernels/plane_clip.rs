//! Clipping a ray by a convex polyhedron's face planes without a data-dependent branch.
//!
//! Which planes a ray enters through and which it leaves through is as random as the
//! ray's direction. The plain loop ([`clip_reference`]) branches on each plane's
//! `den = n · d`, and a stream of rays that do not repeat mispredicts about half of those
//! branches. Cast through `cast_ray_toi` on 100,000 random rays at a hull of 16 sphere
//! points (28 faces), a ray took 175 ns with the plain loop and 77 ns with [`clip`]; at
//! 64 points (124 faces), 540 and 212 ns (AMD EPYC Zen 5). On the ray bench's 64 rays,
//! cycled, the predictor learns every branch and the plain loop is the faster one (58
//! against 77 ns, 164 against 211): that bench overstates it, as it does the
//! early-exit hull scan (`hull_scan.rs`).
//!
//! [`clip`] sends each plane's quotient `t = num / den` to the near bound or the far
//! bound by a mask of the sign bit of `den`, as the box slab cast chooses by that sign
//! (`ray/slab.rs`), and keeps the bounds with `a > b ? a : b` (one `maxsd` or `minsd`).
//! A plane the ray runs parallel to (`den = ±0`) then needs no case of its own: with the
//! start outside it (`num < 0`), `t` is `+∞` for a near bound (`den = −0`), which the far
//! bound of a plane the ray leaves through (a bounded polytope has one for every
//! direction but zero) makes an empty interval, or `−∞` for a far one (`+0`), an empty
//! interval at once; with the start inside, `t` is `−∞` or `+∞`, no bound at all; on
//! the plane, `0 / 0` is NaN, which no comparison takes. So for any nonzero direction
//! the answer is the reference's, bit for bit
//! (`the_branch_free_clip_matches_the_plain_one`); the caller answers a zero direction.
//!
//! Tried and dropped:
//! - the plain loop as the implementation (above);
//! - choosing the bound with `if` or `std::hint::select_unpredictable`: inlined in the
//!   cast, the choice came out as a branch again (13 mispredictions a ray on hull16);
//! - keeping the bounds with `f64::max` and `f64::min`: their NaN fix-up lengthens the
//!   loop's chain (110 and 350 ns on the random rays above).

use crate::hull::Plane;
use nalgebra::Vector3;

/// The bits of `−∞`, the near bound of a plane the ray leaves through.
const NEAR_NONE: u64 = f64::NEG_INFINITY.to_bits();
/// The bits of `+∞`, the far bound of a plane the ray enters through.
const FAR_NONE: u64 = f64::INFINITY.to_bits();

/// Where the ray `s + t d` (`d` not zero) is inside every plane's half-space `n · x ≤ o`:
/// `Some((near, face))` for the interval `[near, far]` with `near ≤ far` and `far ≥ 0`,
/// `face` the first plane that sets `near`; `None` when the interval is empty or ends
/// before 0.
#[inline]
pub(crate) fn clip(planes: &[Plane], s: &Vector3<f64>, d: &Vector3<f64>) -> Option<(f64, usize)> {
    debug_assert!(*d != Vector3::zeros());
    let mut near = f64::NEG_INFINITY;
    let mut far = f64::INFINITY;
    let mut face = 0;
    for (f, plane) in planes.iter().enumerate() {
        let num = plane.offset - plane.normal.dot(s);
        let den = plane.normal.dot(d);
        let t = num / den;
        // `t` goes to one bound and `∓∞` to the other by a mask of the sign bit of `den`
        // (all ones when negative; see the module docs for why not an `if`).
        let entering = 0u64.wrapping_sub(den.to_bits() >> 63);
        let t_near = f64::from_bits(t.to_bits() & entering | NEAR_NONE & !entering);
        let t_far = f64::from_bits(t.to_bits() & !entering | FAR_NONE & entering);
        // `a > b ? a : b` is one `maxsd` (a NaN `a`, from `0 / 0`, keeps `b`); `f64::max`
        // adds a NaN fix-up to the loop's chain.
        face = if t_near > near { f } else { face };
        near = if t_near > near { t_near } else { near };
        far = if t_far < far { t_far } else { far };
    }
    (near <= far && far >= 0.0).then_some((near, face))
}

/// [`clip`] as the method states it, a branch per case: the reference.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn clip_reference(
    planes: &[Plane],
    s: &Vector3<f64>,
    d: &Vector3<f64>,
) -> Option<(f64, usize)> {
    let (mut near, mut far, mut face) = (f64::NEG_INFINITY, f64::INFINITY, 0);
    for (f, plane) in planes.iter().enumerate() {
        let num = plane.offset - plane.normal.dot(s);
        let den = plane.normal.dot(d);
        if den < 0.0 {
            let t = num / den;
            if t > near {
                near = t;
                face = f;
            }
        } else if den > 0.0 {
            far = far.min(num / den);
        } else if num < 0.0 {
            return None;
        }
    }
    (near <= far && far >= 0.0).then_some((near, face))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ConvexHull;
    use nalgebra::Point3;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// 200,000 seeded rays at a cube and at hulls of 8 to 100 points, a third of their
    /// numbers drawn from the cases the clip singles out: directions with zero (±0)
    /// components, parallel to the cube's axis-aligned faces, and starts on its face
    /// planes. Both give the same answer bit for bit.
    #[test]
    fn the_branch_free_clip_matches_the_plain_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(71);
        let corners: Vec<Point3<f64>> = (0..8)
            .map(|k| {
                let s = |bit: i32| if k & bit != 0 { 1.0 } else { -1.0 };
                Point3::new(s(1), s(2), s(4))
            })
            .collect();
        let mut hulls = vec![ConvexHull::new(&corners).unwrap()];
        for n in [8, 16, 40, 100] {
            let points: Vec<Point3<f64>> = (0..n)
                .map(|_| Point3::from(Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0))))
                .collect();
            hulls.push(ConvexHull::new(&points).unwrap());
        }
        let (mut hits, mut misses, mut special) = (0, 0, 0);
        for case in 0..200_000 {
            let hull = &hulls[case % hulls.len()];
            let planes = hull.hull().unwrap().planes();
            let mut s = Vector3::from_fn(|_, _| rng.random_range(-3.0..3.0));
            // Two rays in three aimed into the hull's box, the third anywhere.
            let target = Vector3::from_fn(|_, _| rng.random_range(-0.8..0.8));
            let mut d = if case % 3 == 0 {
                Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0))
            } else {
                target - s
            };
            for i in 0..3 {
                match rng.random_range(0..9) {
                    0 => d[i] = 0.0,
                    1 => d[i] = -0.0,
                    2 => s[i] = 1.0,
                    _ => {}
                }
            }
            if d == Vector3::zeros() {
                continue; // The caller's case (`ray/polyhedron.rs`).
            }
            special += usize::from(d.iter().any(|x| *x == 0.0));
            let plain = clip_reference(planes, &s, &d);
            let bits = |c: Option<(f64, usize)>| c.map(|(t, f)| (t.to_bits(), f));
            assert_eq!(
                bits(clip(planes, &s, &d)),
                bits(plain),
                "case {case}: {s:?} {d:?}"
            );
            match plain {
                Some(_) => hits += 1,
                None => misses += 1,
            }
        }
        assert!(
            hits > 40_000 && misses > 40_000 && special > 50_000,
            "{hits} {misses} {special}"
        );
    }
}
