//! The cone's closed-form ray cast against an exact reference on 10,000 seeded rays:
//! general rays, rays along the axis and through the apex, rays grazing the lateral
//! surface and the base rim (and passing 1e-14 to 1e-4 of the size from them), starts
//! inside, misses; scales 1e-6 to 1e6, starts far away and cones posed 1e6 from the
//! origin.
//!
//! The reference shares nothing with the closed form. Points of the ray `s + t d` are
//! tested for membership in the cone exactly (every `f64` is a dyadic rational `m 2^e`,
//! and so is every sum and product of them: big-integer arithmetic, no rounding), and
//! the entry is found by bisection over `f64` values of `t` between the start (outside)
//! and a point inside: the result is the `f64` just past the exact entry, within an ulp.

use test_support::contact as contact_common;

use collision::{Cone, Ray, cast_ray, ray::cast_ray_gjk};
use contact_common::{rng, unit, v3};
use nalgebra::{Isometry3, Point3, Vector3};
use num_bigint::BigInt;
use rand::RngExt;
use std::ops::{Add, Mul, Sub};

/// Required agreement of the entry, `|t − t_ref| |d| / (size + t_ref |d|)`.
const TOLERANCE: f64 = 1e-12;

/// The exact dyadic rational `m · 2^e`.
#[derive(Clone, Debug)]
struct Exact {
    m: BigInt,
    e: i64,
}

impl Exact {
    fn new(x: f64) -> Exact {
        let bits = x.to_bits();
        let exponent = ((bits >> 52) & 0x7ff) as i64;
        let fraction = (bits & ((1 << 52) - 1)) as i64;
        let (mantissa, e) = if exponent == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1 << 52), exponent - 1075)
        };
        let m = BigInt::from(if x < 0.0 { -mantissa } else { mantissa });
        Exact { m, e }
    }

    fn sign(&self) -> i32 {
        match self.m.sign() {
            num_bigint::Sign::Minus => -1,
            num_bigint::Sign::NoSign => 0,
            num_bigint::Sign::Plus => 1,
        }
    }
}

impl Add for &Exact {
    type Output = Exact;
    fn add(self, y: &Exact) -> Exact {
        let e = self.e.min(y.e);
        Exact {
            m: (&self.m << (self.e - e) as usize) + (&y.m << (y.e - e) as usize),
            e,
        }
    }
}

impl Sub for &Exact {
    type Output = Exact;
    fn sub(self, y: &Exact) -> Exact {
        let neg = Exact { m: -&y.m, e: y.e };
        self + &neg
    }
}

impl Mul for &Exact {
    type Output = Exact;
    fn mul(self, y: &Exact) -> Exact {
        Exact {
            m: &self.m * &y.m,
            e: self.e + y.e,
        }
    }
}

/// Which constraint of the cone a point violates (none: inside or on it).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Outside {
    below_base: bool,
    above_apex: bool,
    beyond_side: bool,
}

impl Outside {
    fn any(self) -> bool {
        self.below_base || self.above_apex || self.beyond_side
    }
}

/// The cone `(2h)² (x² + z²) ≤ R² (h − y)²`, `|y| ≤ h`, in exact arithmetic.
struct ExactCone {
    h: Exact,
    minus_h: Exact,
    h2: Exact,
    r2: Exact,
    s: [Exact; 3],
    d: [Exact; 3],
}

impl ExactCone {
    fn new(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>) -> ExactCone {
        let two_h = Exact::new(2.0 * h);
        let r = Exact::new(radius);
        ExactCone {
            h: Exact::new(h),
            minus_h: Exact::new(-h),
            h2: &two_h * &two_h,
            r2: &r * &r,
            s: [0, 1, 2].map(|i| Exact::new(s[i])),
            d: [0, 1, 2].map(|i| Exact::new(d[i])),
        }
    }

    /// The constraints the point `s + t d` violates, exactly.
    fn at(&self, t: f64) -> Outside {
        let t = Exact::new(t);
        let x = [0, 1, 2].map(|i| &self.s[i] + &(&t * &self.d[i]));
        let below = &self.h - &x[1];
        let side =
            &(&self.h2 * &(&(&x[0] * &x[0]) + &(&x[2] * &x[2]))) - &(&self.r2 * &(&below * &below));
        Outside {
            below_base: (&x[1] - &self.minus_h).sign() < 0,
            above_apex: below.sign() < 0,
            beyond_side: side.sign() > 0,
        }
    }
}

/// The reference's answer for one ray.
#[derive(Clone, Copy, Debug)]
enum Reference {
    Miss,
    Inside,
    /// Entry in `(outside, inside]` (adjacent `f64` values), the constraints violated
    /// just before it, and a parameter inside the cone after it.
    Enter {
        outside: f64,
        t: f64,
        surface: Outside,
        witness: f64,
    },
}

/// Bisection over `f64` between `lo` (where `inside(lo)` is false) and `hi` (true):
/// the adjacent pair around the switch.
fn bisect(mut lo: f64, mut hi: f64, inside: impl Fn(f64) -> bool) -> (f64, f64) {
    loop {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            return (lo, hi);
        }
        if inside(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
}

/// The exact entry of the ray `s + t d` (`t ≥ 0`) into the cone.
///
/// A point inside is looked for among the crossings of the planes `y = ±h` and of the
/// double cone (naive `f64` roots of its quadratic), the point of the line deepest in the
/// double cone, and the midpoints between consecutive ones; membership is exact. A ray
/// whose chord through the cone is shorter than those candidates resolve (a graze within
/// about 1e-8 of the size) may be reported as a miss; the test accepts either answer
/// there by checking cones grown and shrunk by 1e-12 of the size plus the distance.
fn reference(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>) -> Reference {
    let cone = ExactCone::new(h, radius, s, d);
    if !cone.at(0.0).any() {
        return Reference::Inside;
    }
    let mut candidates = vec![0.0];
    if d.y != 0.0 {
        candidates.extend([(-h - s.y) / d.y, (h - s.y) / d.y]);
    }
    // The quadratic of the double cone, also from the point of the line nearest the
    // centre (far starts leave its coefficients of the order of the size there).
    for t0 in [0.0, -s.dot(d) / d.dot(d)] {
        let p = s + d * t0 - Vector3::new(0.0, h, 0.0);
        let (hh, rr) = (4.0 * h * h, radius * radius);
        let a = hh * (d.x * d.x + d.z * d.z) - rr * d.y * d.y;
        let b = hh * (p.x * d.x + p.z * d.z) - rr * p.y * d.y;
        let c = hh * (p.x * p.x + p.z * p.z) - rr * p.y * p.y;
        if a != 0.0 {
            let disc = (b * b - a * c).max(0.0).sqrt();
            candidates.extend([-b / a, (-b - disc) / a, (-b + disc) / a].map(|t| t0 + t));
        } else if b != 0.0 {
            candidates.push(t0 - c / (2.0 * b));
        }
    }
    candidates.retain(|t| t.is_finite());
    candidates.sort_by(f64::total_cmp);
    let mut tries = candidates.clone();
    for pair in candidates.windows(2) {
        tries.push(pair[0] + (pair[1] - pair[0]) / 2.0);
    }
    let last = candidates.last().copied().unwrap_or(0.0);
    tries.push(last + 1.0 + last.abs());
    let Some(witness) = tries
        .into_iter()
        .filter(|&t| t > 0.0)
        .find(|&t| !cone.at(t).any())
    else {
        return Reference::Miss;
    };
    let (outside, t) = bisect(0.0, witness, |t| !cone.at(t).any());
    Reference::Enter {
        outside,
        t,
        surface: cone.at(outside),
        witness,
    }
}

/// The exit of the ray from the cone after a point `witness` inside it, exactly (the
/// last `f64` inside).
fn exit(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>, witness: f64) -> f64 {
    let cone = ExactCone::new(h, radius, s, d);
    let far = witness + 8.0 * (h + radius + s.amax()) / d.amax();
    bisect(witness, far, |t| cone.at(t).any()).0
}

/// How a ray is aimed.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Aim {
    General,
    Axis,
    Apex,
    Side,
    Rim,
    Inside,
}

/// A ray (local origin, direction) aimed at the cone of half height `h`, radius `r`.
fn ray(
    r: &mut rand_chacha::ChaCha8Rng,
    aim: Aim,
    h: f64,
    radius: f64,
    far: bool,
) -> (Vector3<f64>, Vector3<f64>) {
    let size = h.max(radius);
    let distance = if far {
        1e6 * size
    } else {
        r.random_range(1.5..6.0) * size
    };
    let length = r.random_range(0.1..3.0);
    // A point to pass through and, for grazing rays, a plane to stay in.
    let azimuth = r.random_range(0.0..std::f64::consts::TAU);
    let (cos, sin) = (azimuth.cos(), azimuth.sin());
    let gap =
        10f64.powf(r.random_range(-14.0..-4.0)) * size * [0.0, 1.0, -1.0][r.random_range(0..3)];
    let (target, tangent) = match aim {
        Aim::General => (v3(r, 1.2 * size), None),
        Aim::Axis => {
            let off = if r.random_range(0..2) == 0 {
                Vector3::zeros()
            } else {
                v3(r, 1e-3 * radius)
            };
            let target = Vector3::new(off.x, 0.0, off.z);
            let sign = if r.random_range(0..2) == 0 { 1.0 } else { -1.0 };
            let origin = target + Vector3::y() * (sign * distance);
            return (origin, (target - origin) * length);
        }
        Aim::Apex => (Vector3::new(0.0, h, 0.0), None),
        Aim::Side => {
            // A point of the lateral surface, its outward normal and a tangent direction.
            let y = r.random_range(-h..h);
            let rho = radius * (h - y) / (2.0 * h);
            let n = Vector3::new(2.0 * h * cos, radius, 2.0 * h * sin).normalize();
            let point = Vector3::new(rho * cos, y, rho * sin) + n * gap;
            let along = unit(r);
            (point, Some((along - n * n.dot(&along)).normalize()))
        }
        Aim::Rim => {
            let radial = Vector3::new(cos, 0.0, sin);
            let point = radial * (radius + gap) - Vector3::y() * h;
            let tangent = if r.random_range(0..2) == 0 {
                Vector3::new(-sin, 0.0, cos)
            } else {
                let along = unit(r);
                (along - radial * radial.dot(&along)).normalize()
            };
            (point, Some(tangent))
        }
        Aim::Inside => {
            let y = r.random_range(-h..h);
            let rho = radius * (h - y) / (2.0 * h) * r.random_range(0.0..1.0);
            let origin = Vector3::new(rho * cos, y, rho * sin);
            return (origin, unit(r) * length);
        }
    };
    match tangent {
        Some(t) => {
            let t = if r.random_range(0..2) == 0 { t } else { -t };
            (target - t * distance, t * length)
        }
        None => {
            let origin = unit(r) * distance;
            (origin, (target - origin) * (length / distance * size))
        }
    }
}

/// The figures of the seeded run, printed by the test.
#[derive(Default, Debug)]
struct Tally {
    side: usize,
    base: usize,
    edge: usize,
    inside: usize,
    misses: usize,
    grazes: usize,
    worst: f64,
    /// The worst normal error in units of `TOLERANCE L / ρ`.
    worst_normal: f64,
}

/// 10,000 seeded rays against the exact reference: every hit within [`TOLERANCE`] of
/// the exact entry, every miss a miss, normals on the lateral surface within the turn
/// that tolerance allows (`TOLERANCE L / ρ`, `ρ` the distance from the axis; away from
/// the apex and the rim), on the base `−e_y`, and at edges
/// unit and facing the ray. Where the ray grazes the cone so closely that the cone grown
/// or shrunk by 1e-12 of the size plus the distance answers otherwise, either answer is
/// accepted, a hit when it lies on the grown cone's chord.
#[test]
fn cone_closed_form_matches_exact_entry() {
    let mut r = rng(85);
    let mut tally = Tally::default();
    let aims = [
        Aim::General,
        Aim::General,
        Aim::Axis,
        Aim::Apex,
        Aim::Side,
        Aim::Side,
        Aim::Rim,
        Aim::Rim,
        Aim::Inside,
        Aim::General,
    ];
    for case in 0..10_000 {
        let aim = aims[case % aims.len()];
        let k = 10f64.powf(r.random_range(-6.0..6.0));
        let (h, radius) = (r.random_range(0.05..2.0) * k, r.random_range(0.05..2.0) * k);
        let size = h.max(radius);
        let far = case % 7 == 3;
        let (local, dir) = ray(&mut r, aim, h, radius, far);
        let cone = Cone::new(h, radius).unwrap();
        // Posed by a translation of 0 or 1e6 (no rotation, so the local ray is exactly
        // `origin − translation`, the reference's input).
        let c = if case % 2 == 0 {
            Vector3::zeros()
        } else {
            unit(&mut r) * 1e6
        };
        let origin = Point3::from(c + local);
        let pose = Isometry3::translation(c.x, c.y, c.z);
        let s = origin.coords - c;
        let got = cast_ray(&cone, &pose, &Ray::new(origin, dir), f64::INFINITY).unwrap();
        let what =
            || format!("case {case} {aim:?}: h {h:e} r {radius:e} s {s:?} d {dir:?} got {got:?}");
        let exact = reference(h, radius, &s, &dir);
        // Grown and shrunk by 1e-12 of the size plus the distance: the resolution the
        // tolerance grants.
        let rel = TOLERANCE * (size + s.norm()) / size;
        let grazing = || {
            let grown = reference(h * (1.0 + rel), radius * (1.0 + rel), &s, &dir);
            let shrunk = reference(h * (1.0 - rel), radius * (1.0 - rel), &s, &dir);
            let hits = |x: &Reference| !matches!(x, Reference::Miss);
            (hits(&grown) != hits(&shrunk)).then_some(grown)
        };
        match (exact, got) {
            (Reference::Inside, Some(hit)) if hit.toi == 0.0 => tally.inside += 1,
            (Reference::Miss, None) => tally.misses += 1,
            (
                Reference::Enter {
                    outside,
                    t,
                    surface,
                    ..
                },
                Some(hit),
            ) if hit.toi > 0.0 || t * dir.norm() <= TOLERANCE * size => {
                let error = (hit.toi - t).abs().min((hit.toi - outside).abs()) * dir.norm()
                    / (size + t * dir.norm());
                if error > TOLERANCE && grazing().is_none() {
                    panic!("{}: entry {t} (error {error:e})", what());
                }
                tally.worst = tally.worst.max(error);
                if hit.toi == 0.0 {
                    tally.inside += 1;
                    continue;
                }
                assert!((hit.normal.norm() - 1.0).abs() <= 1e-14, "{}", what());
                assert!(hit.normal.dot(&dir) <= 0.0, "{}: normal faces away", what());
                let x = s + dir * t;
                let rho = x.x.hypot(x.z);
                let at_edge =
                    surface.beyond_side as u8 + surface.below_base as u8 + surface.above_apex as u8
                        > 1
                        || rho <= 1e-6 * size
                        || ((x.y + h).abs() <= 1e-6 * size && (rho - radius).abs() <= 1e-6 * size);
                if at_edge {
                    tally.edge += 1;
                } else if surface.below_base {
                    tally.base += 1;
                    assert_eq!(hit.normal, -Vector3::y(), "{}", what());
                } else {
                    tally.side += 1;
                    let gradient = Vector3::new(
                        4.0 * h * h * x.x,
                        radius * radius * (h - x.y),
                        4.0 * h * h * x.z,
                    );
                    // The entry's own tolerance moves the hit by up to `TOLERANCE L`,
                    // turning the normal by that over the distance from the axis.
                    let off = (hit.normal - gradient.normalize()).norm();
                    let turn = TOLERANCE * (size + t * dir.norm()) / rho;
                    tally.worst_normal = tally.worst_normal.max(off / (turn + 1e-14));
                    assert!(
                        off <= 2.0 * turn + 1e-14,
                        "{}: normal off by {off:e}",
                        what()
                    );
                }
            }
            (exact, got) => {
                // Only a graze may disagree: then a hit must lie on the grown cone's chord.
                let grown = grazing().unwrap_or_else(|| panic!("{}: reference {exact:?}", what()));
                if let (
                    Some(hit),
                    Reference::Enter {
                        outside, witness, ..
                    },
                ) = (got, grown)
                {
                    let end = exit(h * (1.0 + rel), radius * (1.0 + rel), &s, &dir, witness);
                    let slack = TOLERANCE * (size + end * dir.norm()) / dir.norm();
                    assert!(
                        hit.toi >= outside - slack && hit.toi <= end + slack,
                        "{}: graze {outside}..{end}",
                        what()
                    );
                }
                tally.grazes += 1;
            }
        }
        // The GJK ray cast, now only the reference's cross-check, agrees to its accuracy.
        if aim == Aim::General
            && let (Some(hit), Ok(Some(g))) = (
                got,
                cast_ray_gjk(&cone, &pose, &Ray::new(origin, dir), f64::INFINITY),
            )
        {
            let gap = (hit.toi - g.toi).abs() * dir.norm() / (size + hit.toi * dir.norm());
            assert!(gap <= 1e-6, "{}: GJK {}", what(), g.toi);
        }
    }
    println!("{tally:?}");
    assert!(
        tally.side > 1500
            && tally.base > 500
            && tally.edge > 500
            && tally.inside > 500
            && tally.misses > 1000
            && tally.grazes > 50,
        "{tally:?}"
    );
}
