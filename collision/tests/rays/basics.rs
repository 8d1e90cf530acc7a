//! Ray casts against closed forms for every shape kind, starting inside, misses,
//! max_toi, and large offsets.

use test_support::contact as contact_common;

use collision::observer::RayShape;
use collision::ray::{RayCast, cast_ray_gjk};
use collision::{
    Ball, Capsule, Cone, ConvexHull, Cuboid, Cylinder, Point, Ray, RayHit, Rounded, Segment, Shape,
    Triangle, cast_ray, cast_ray_toi,
};
use collision_simplex::dd::Dd;
use contact_common::{rng, rotation, unit, v3};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;

fn check_hit(hit: Option<RayHit>, toi: f64, normal: Vector3<f64>, what: &str) {
    let h = hit.unwrap_or_else(|| panic!("{what}: missed, want toi {toi}"));
    assert!(
        (h.toi - toi).abs() <= 1e-7 * toi.max(1.0),
        "{what}: toi {} vs {toi}",
        h.toi
    );
    assert!(h.normal.iter().all(|c| c.is_finite()));
    // On curved surfaces the support-plane normal is accurate to about the square root of
    // the position tolerance (a plane within δ of a sphere of radius R tilts by √(2δ/R)).
    assert!(
        (h.normal - normal).norm() <= 5e-5,
        "{what}: normal {:?} vs {normal:?}",
        h.normal
    );
}

/// Random rays from outside towards a posed ball: the quadratic's first root.
#[test]
fn ball_matches_the_quadratic() {
    let mut r = rng(80);
    let mut hits = 0;
    for case in 0..3000 {
        let radius = r.random_range(0.1..3.0);
        let ball = Ball::new(radius).unwrap();
        let c = v3(&mut r, 10.0);
        let pose = Isometry3::from_parts(Translation3::from(c), rotation(&mut r));
        let origin = Point3::from(c + unit(&mut r) * r.random_range(radius * 1.01..10.0));
        let target = Point3::from(c + v3(&mut r, radius * 1.3));
        let dir = (target - origin) * r.random_range(0.5..2.0);
        let ray = Ray::new(origin, dir);
        // |o + t d − c|² = R²  ⇒  a t² + 2 b t + k = 0.
        let oc = origin - Point3::from(c);
        let (a, b, k) = (dir.dot(&dir), oc.dot(&dir), oc.dot(&oc) - radius * radius);
        let disc = b * b - a * k;
        let got = cast_ray(&ball, &pose, &ray, 100.0).unwrap();
        if disc < 0.0 || b > 0.0 {
            assert!(got.is_none(), "case {case}");
            continue;
        }
        hits += 1;
        let t = (-b - disc.sqrt()) / a;
        let n = (ray.point_at(t) - Point3::from(c)) / radius;
        check_hit(got, t, n, &format!("ball case {case}"));
    }
    assert!(hits > 1000, "{hits} hits");
}

/// Ball hits against the quadratic solved in double-double arithmetic (about 106 bits),
/// within twice the first-order forward error bound of the closed form's f64 steps, for
/// balls of radius 1e-3 to 1e3 hit from 1.01 to 100 radii away. The bound, with
/// `u = 2⁻⁵³`, `k = s·s − R²`, `b = s·d`, `a = d·d`, `q = −b + √disc`:
///
/// ```text
/// |δt| / t ≤ u ((3 |s|² + R²) / k + 3 |s| |d| / q + 2 (a R² + |s × d|²) / (√disc q) + 4)
/// ```
///
/// (the rounding of `k`, of `b`, of the discriminant through its square root, and of the
/// final steps). It is a few ulps except where `k` cancels (a start near the surface) or
/// the ray grazes. The centre sits at the origin, so the start offset `s` is exact.
#[test]
fn ball_hits_are_within_the_forward_error_bound_of_a_double_double_reference() {
    let mut r = rng(81);
    let mut checked = 0;
    let mut worst = 0.0f64;
    for case in 0..10_000 {
        let radius = 10f64.powf(r.random_range(-3.0..3.0));
        let pose = Isometry3::from_parts(Translation3::identity(), rotation(&mut r));
        let origin = Point3::from(unit(&mut r) * radius * r.random_range(1.01..100.0));
        let target = Point3::from(v3(&mut r, radius * 1.2));
        let dir = target - origin;
        let got = cast_ray_toi(
            &Ball::new(radius).unwrap(),
            &pose,
            &Ray::new(origin, dir),
            1e9,
        )
        .unwrap();
        let s: [Dd; 3] = std::array::from_fn(|i| Dd::new(origin[i]));
        let d: [Dd; 3] = std::array::from_fn(|i| Dd::new(dir[i]));
        let dot = |x: &[Dd; 3], y: &[Dd; 3]| x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
        let (a, b) = (dot(&d, &d), dot(&s, &d));
        let k = dot(&s, &s) - Dd::new(radius) * Dd::new(radius);
        let disc = b * b - a * k;
        let (a, b, k, disc) = (a.value(), b.value(), k.value(), disc.value());
        if disc <= 0.0 || b >= 0.0 {
            assert_eq!(got, None, "case {case}: a miss");
            continue;
        }
        let q = -b + disc.sqrt();
        let exact = k / q;
        let got = got.unwrap_or_else(|| panic!("case {case}: missed, want {exact}"));
        let (s, rr) = (origin.coords, radius * radius);
        let bound = f64::EPSILON / 2.0
            * ((3.0 * s.norm_squared() + rr) / k
                + 3.0 * s.norm() * dir.norm() / q
                + 2.0 * (a * rr + s.cross(&dir).norm_squared()) / (disc.sqrt() * q)
                + 4.0);
        let relative = (got - exact).abs() / exact;
        worst = worst.max(relative / bound);
        assert!(
            relative <= 2.0 * bound,
            "case {case}: toi {got} vs {exact} (relative {relative:.2e}, bound {bound:.2e})"
        );
        checked += 1;
    }
    assert!(checked > 5_000, "{checked} hits");
    println!("worst error {worst:.3} of the bound over {checked} hits");
}

/// `cast_ray_toi` gives `cast_ray`'s parameter bit for bit, and its misses and errors, on
/// every shape kind: rays from outside, from inside, short of `max_toi`, with zero and
/// subnormal directions and with NaN in the ray or pose.
#[test]
fn toi_casts_give_the_full_casts_parameter_bit_for_bit() {
    let mut r = rng(82);
    let mut hits = 0;
    let tri = Triangle::new(
        Point3::new(0.0, 0.0, 0.0),
        Point3::new(1.0, 0.1, 0.0),
        Point3::new(0.2, 0.9, 0.3),
    )
    .unwrap();
    let shapes: Vec<Shape> = vec![
        Ball::new(0.7).unwrap().into(),
        Cuboid::new(Vector3::new(0.5, 0.8, 0.3)).unwrap().into(),
        Capsule::new(0.6, 0.3).unwrap().into(),
        Cylinder::new(0.6, 0.4).unwrap().into(),
        Cone::new(0.7, 0.5).unwrap().into(),
        contact_common::hull(&mut r, 32).into(),
        tri.into(),
        Segment::new(Point3::origin(), Point3::new(0.3, 0.9, -0.2))
            .unwrap()
            .into(),
        Point::new(Point3::new(0.1, 0.2, 0.3)).unwrap().into(),
        Rounded::new(
            Shape::from(Cuboid::new(Vector3::new(0.4, 0.2, 0.3)).unwrap()),
            0.1,
        )
        .unwrap()
        .into(),
    ];
    for (k, shape) in shapes.iter().enumerate() {
        for case in 0..2_000 {
            let pose = Isometry3::from_parts(Translation3::from(v3(&mut r, 2.0)), rotation(&mut r));
            let from = r.random_range(0.0..4.0);
            let origin = Point3::from(pose.translation.vector + unit(&mut r) * from);
            let mut dir = pose.translation.vector + v3(&mut r, 1.0) - origin.coords;
            match case % 50 {
                0 => dir = Vector3::zeros(),
                1 => dir *= 1e-310,
                _ => {}
            }
            let mut ray = Ray::new(origin, dir);
            let mut pose = pose;
            match case % 97 {
                0 => ray.origin.x = f64::NAN,
                1 => pose.translation.vector.y = f64::NAN,
                _ => {}
            }
            let max_toi = if case % 3 == 0 { 0.5 } else { 10.0 };
            let full = cast_ray(shape, &pose, &ray, max_toi);
            let toi = cast_ray_toi(shape, &pose, &ray, max_toi);
            let want = full.map(|h| h.map(|h| h.toi.to_bits()));
            assert_eq!(
                toi.map(|t| t.map(f64::to_bits)),
                want,
                "shape {k} case {case}"
            );
            hits += usize::from(matches!(want, Ok(Some(_))));
        }
    }
    assert!(hits > 4_000, "{hits} hits");
}

/// Slab method for boxes (and a hull of the same corners) under random poses.
#[test]
fn cuboid_and_box_hull_match_the_slab_method() {
    let mut r = rng(81);
    let mut hits = 0;
    for case in 0..3000 {
        let h = Vector3::new(
            r.random_range(0.1..2.0),
            r.random_range(0.1..2.0),
            r.random_range(0.1..2.0),
        );
        let cuboid = Cuboid::new(h).unwrap();
        let corners: Vec<_> = (0..8)
            .map(|i| {
                Point3::new(
                    if i & 1 == 0 { -h.x } else { h.x },
                    if i & 2 == 0 { -h.y } else { h.y },
                    if i & 4 == 0 { -h.z } else { h.z },
                )
            })
            .collect();
        let hull = ConvexHull::new(&corners).unwrap();
        let pose = Isometry3::from_parts(Translation3::from(v3(&mut r, 5.0)), rotation(&mut r));
        let lo = Point3::from(v3(&mut r, 6.0));
        let target = Point3::from(v3(&mut r, 1.0).component_mul(&(h * 1.3)));
        let (o, d) = (lo, target - lo);
        let mut t0 = 0.0f64;
        let mut t1 = 10.0f64;
        let mut axis = None;
        for i in 0..3 {
            if d[i].abs() < 1e-12 {
                if o[i].abs() > h[i] {
                    t0 = f64::INFINITY;
                }
                continue;
            }
            let (a, b) = ((-h[i] - o[i]) / d[i], (h[i] - o[i]) / d[i]);
            let (near, far) = (a.min(b), a.max(b));
            if near > t0 {
                t0 = near;
                let mut n = Vector3::zeros();
                n[i] = -d[i].signum();
                axis = Some(n);
            }
            t1 = t1.min(far);
        }
        let ray = Ray::new(pose * o, pose.rotation * d);
        for (what, shape) in [
            ("cuboid", Shape::from(cuboid)),
            ("hull", Shape::from(hull.clone())),
        ] {
            let got = cast_ray(&shape, &pose, &ray, 10.0).unwrap();
            if t0 > t1 {
                assert!(got.is_none(), "{what} case {case}");
                continue;
            }
            hits += 1;
            match axis {
                Some(n) => check_hit(got, t0, pose.rotation * n, &format!("{what} case {case}")),
                None => assert_eq!(got.unwrap().toi, 0.0, "{what} case {case}: starts inside"),
            }
        }
    }
    assert!(hits > 2000, "{hits}");
}

#[test]
fn capsule_cylinder_cone_triangle_and_degenerate_shapes() {
    let pose = Isometry3::from_parts(Translation3::new(1e6, -2e6, 3.0), rotation(&mut rng(82)));
    let w = |p: Point3<f64>| pose * p;
    let wv = |v: Vector3<f64>| pose.rotation * v;
    // Capsule (h 1, r 0.5): side hit at x = 0.5, cap hit along the axis at y = 1.5.
    let cap = Capsule::new(1.0, 0.5).unwrap();
    let ray = Ray::new(w(Point3::new(5.0, 0.3, 0.0)), wv(-Vector3::x()));
    check_hit(
        cast_ray(&cap, &pose, &ray, 100.0).unwrap(),
        4.5,
        wv(Vector3::x()),
        "capsule side",
    );
    let ray = Ray::new(w(Point3::new(0.0, 5.0, 0.0)), wv(-Vector3::y() * 2.0));
    check_hit(
        cast_ray(&cap, &pose, &ray, 100.0).unwrap(),
        1.75,
        wv(Vector3::y()),
        "capsule cap",
    );
    // Off-axis into the spherical cap: |(0.3, y) − (0, 1)| = 0.5 ⇒ y = 1.4.
    let ray = Ray::new(w(Point3::new(0.3, 5.0, 0.0)), wv(-Vector3::y()));
    check_hit(
        cast_ray(&cap, &pose, &ray, 100.0).unwrap(),
        3.6,
        wv(Vector3::new(0.6, 0.8, 0.0)),
        "capsule cap off-axis",
    );
    // Cylinder (h 1, r 0.5): side and flat cap.
    let cyl = Cylinder::new(1.0, 0.5).unwrap();
    let ray = Ray::new(w(Point3::new(0.0, 0.2, -4.0)), wv(Vector3::z()));
    check_hit(
        cast_ray(&cyl, &pose, &ray, 100.0).unwrap(),
        3.5,
        wv(-Vector3::z()),
        "cylinder side",
    );
    let ray = Ray::new(w(Point3::new(0.3, -3.0, 0.1)), wv(Vector3::y()));
    check_hit(
        cast_ray(&cyl, &pose, &ray, 100.0).unwrap(),
        2.0,
        wv(-Vector3::y()),
        "cylinder cap",
    );
    // Cone (h 1, r 0.5, apex at +y): base from below; slanted side from +x at height 0:
    // the radius there is 0.25, normal ∝ (2, 0.5, 0) (slope r/2h).
    let cone = Cone::new(1.0, 0.5).unwrap();
    let ray = Ray::new(w(Point3::new(0.1, -4.0, 0.0)), wv(Vector3::y()));
    check_hit(
        cast_ray(&cone, &pose, &ray, 100.0).unwrap(),
        3.0,
        wv(-Vector3::y()),
        "cone base",
    );
    let ray = Ray::new(w(Point3::new(3.0, 0.0, 0.0)), wv(-Vector3::x()));
    check_hit(
        cast_ray(&cone, &pose, &ray, 100.0).unwrap(),
        2.75,
        wv(Vector3::new(2.0, 0.5, 0.0).normalize()),
        "cone side",
    );
    // Triangle in the plane z = 0.
    let tri = Triangle::new(
        Point3::new(-1.0, -1.0, 0.0),
        Point3::new(2.0, -1.0, 0.0),
        Point3::new(-1.0, 2.0, 0.0),
    )
    .unwrap();
    let ray = Ray::new(
        w(Point3::new(0.2, 0.1, 3.0)),
        wv(Vector3::new(0.1, 0.0, -1.0)),
    );
    let hit = cast_ray(&tri, &pose, &ray, 100.0)
        .unwrap()
        .expect("triangle hit");
    assert!((hit.toi - 3.0).abs() <= 1e-7 && (hit.normal - wv(Vector3::z())).norm() <= 1e-6);
    let ray = Ray::new(w(Point3::new(1.9, 1.9, 3.0)), wv(-Vector3::z()));
    assert!(
        cast_ray(&tri, &pose, &ray, 100.0).unwrap().is_none(),
        "beside the triangle"
    );
    // Rounded point = ball, rounded segment = capsule.
    let ball = Rounded::new(Point::new(Point3::origin()).unwrap(), 0.5).unwrap();
    let ray = Ray::new(w(Point3::new(0.0, 0.0, 3.0)), wv(-Vector3::z()));
    check_hit(
        cast_ray(&ball, &pose, &ray, 100.0).unwrap(),
        2.5,
        wv(Vector3::z()),
        "rounded point",
    );
    let seg = Segment::new(Point3::new(0.0, -1.0, 0.0), Point3::new(0.0, 1.0, 0.0)).unwrap();
    let rseg = Rounded::new(seg, 0.5).unwrap();
    let ray = Ray::new(w(Point3::new(5.0, 0.3, 0.0)), wv(-Vector3::x()));
    check_hit(
        cast_ray(&rseg, &pose, &ray, 100.0).unwrap(),
        4.5,
        wv(Vector3::x()),
        "rounded segment",
    );
    // A ray through a bare segment hits it where it crosses.
    let ray = Ray::new(w(Point3::new(3.0, 0.25, 0.0)), wv(-Vector3::x()));
    let hit = cast_ray(&seg, &pose, &ray, 100.0)
        .unwrap()
        .expect("segment hit");
    assert!((hit.toi - 3.0).abs() <= 1e-7, "segment toi {}", hit.toi);
    assert!(hit.normal.iter().all(|c| c.is_finite()));
    // Rounded cuboid: face hit at 1 + 0.25.
    let rbox = Rounded::new(Cuboid::new(Vector3::repeat(1.0)).unwrap(), 0.25).unwrap();
    let ray = Ray::new(w(Point3::new(0.2, 0.1, 4.0)), wv(-Vector3::z()));
    check_hit(
        cast_ray(&rbox, &pose, &ray, 100.0).unwrap(),
        2.75,
        wv(Vector3::z()),
        "rounded box",
    );
}

#[test]
fn inside_start_misses_and_limits() {
    let ball = Ball::new(1.0).unwrap();
    let pose = Isometry3::translation(3.0, 0.0, 0.0);
    let inside = Ray::new(Point3::new(3.2, 0.1, 0.0), Vector3::new(1.0, 0.0, 0.0));
    let hit = cast_ray(&ball, &pose, &inside, 10.0).unwrap().unwrap();
    assert_eq!(hit.toi, 0.0);
    assert_eq!(hit.point, inside.origin);
    assert_eq!(hit.normal, -Vector3::x());
    // Zero direction inside: toi 0 with a finite normal; outside: no hit.
    let still = Ray::new(Point3::new(3.2, 0.1, 0.0), Vector3::zeros());
    assert!(
        cast_ray(&ball, &pose, &still, 10.0)
            .unwrap()
            .unwrap()
            .normal
            .iter()
            .all(|c| c.is_finite())
    );
    let still = Ray::new(Point3::origin(), Vector3::zeros());
    assert!(cast_ray(&ball, &pose, &still, 10.0).unwrap().is_none());
    // Pointing away; hit beyond max_toi.
    let away = Ray::new(Point3::origin(), -Vector3::x());
    assert!(cast_ray(&ball, &pose, &away, 10.0).unwrap().is_none());
    let towards = Ray::new(Point3::origin(), Vector3::x());
    assert!(cast_ray(&ball, &pose, &towards, 1.9).unwrap().is_none());
    check_hit(
        cast_ray(&ball, &pose, &towards, 2.0).unwrap(),
        2.0,
        -Vector3::x(),
        "at max_toi",
    );
    // Non-finite input is an error.
    let bad = Ray::new(Point3::new(f64::NAN, 0.0, 0.0), Vector3::x());
    assert!(cast_ray(&ball, &pose, &bad, 1.0).is_err());
}

/// The closed forms (ball, box, capsule, a posed box inside `Shape::Transformed`, and a
/// hull of 24 points clipped by its face planes) against the generic GJK ray cast on
/// thousands of seeded rays per shape, at scales 1e-6, 1 and 1e6 and offsets up to 1e6.
/// The two methods share nothing but the frame change, so each checks the other.
///
/// GJK stops within `δ = 1e-10 · size` of the surface, which moves its hit along a ray
/// meeting the surface at incidence `cos θ` by `δ / cos θ`: toi is compared in that
/// metric. Its normal is the last support plane's, accurate to `√δ` on curved surfaces.
#[test]
fn closed_forms_agree_with_the_gjk_ray_cast() {
    let mut r = rng(83);
    let transformed = |s: Shape, r: &mut rand_chacha::ChaCha8Rng, k: f64| {
        let p = Isometry3::from_parts(Translation3::from(v3(r, 0.5 * k)), rotation(r));
        Shape::from(collision::Transformed::new(s, p).unwrap())
    };
    let hull = |dims: &Vector3<f64>, r: &mut rand_chacha::ChaCha8Rng| {
        let points: Vec<Point3<f64>> = (0..24)
            .map(|_| Point3::from(v3(r, 1.0).component_mul(dims)))
            .collect();
        let hull = ConvexHull::new(&points).unwrap();
        assert_eq!(hull.ray_closed_form(), Some(RayShape::ConvexHull));
        Shape::from(hull)
    };
    for kind in ["ball", "cuboid", "capsule", "transformed cuboid", "hull"] {
        let (mut hits, mut inside) = (0, 0);
        for case in 0..4000 {
            let k = [1e-6, 1.0, 1e6][case % 3];
            let offset = [0.0, 1e6][(case / 3) % 2];
            let dims = v3(&mut r, 2.0).abs() * k + Vector3::repeat(0.05 * k);
            let shape = match kind {
                "ball" => Shape::from(Ball::new(dims.x).unwrap()),
                "cuboid" => Shape::from(Cuboid::new(dims).unwrap()),
                "capsule" => Shape::from(Capsule::new(dims.x, dims.y).unwrap()),
                "hull" => hull(&dims, &mut r),
                _ => transformed(Cuboid::new(dims).unwrap().into(), &mut r, k),
            };
            let c = v3(&mut r, 1.0) * offset + v3(&mut r, 3.0 * k);
            let pose = Isometry3::from_parts(Translation3::from(c), rotation(&mut r));
            // Origins from inside the shape to well outside, aimed near it.
            let origin = Point3::from(c + unit(&mut r) * r.random_range(0.0..6.0) * k);
            let target = Point3::from(c + v3(&mut r, 2.5 * k));
            let ray = Ray::new(origin, (target - origin) * r.random_range(0.1..3.0));
            let max_toi = r.random_range(0.5..4.0);
            let fast = cast_ray(&shape, &pose, &ray, max_toi).unwrap();
            let gjk = cast_ray_gjk(&shape, &pose, &ray, max_toi).unwrap();
            let (f, g) = match (fast, gjk) {
                (None, None) => continue,
                (Some(f), Some(g)) => (f, g),
                _ => panic!("{kind} case {case}: closed form {fast:?} vs GJK {gjk:?}"),
            };
            hits += 1;
            if g.toi == 0.0 {
                inside += 1;
                assert_eq!(f.toi, 0.0, "{kind} case {case}: starts inside");
                assert_eq!(f.normal, g.normal, "{kind} case {case}: inside normal");
                continue;
            }
            let size = dims.amax();
            let incidence = -f.normal.dot(&ray.dir) / ray.dir.norm();
            assert!(incidence > 0.0, "{kind} case {case}: normal faces the ray");
            let gap = (f.toi - g.toi) * ray.dir.norm() * incidence;
            assert!(
                gap.abs() <= 2e-10 * size && f.toi >= g.toi - 1e-9 * f.toi,
                "{kind} case {case}: toi {} vs GJK {} (gap {gap:e}, size {size:e})",
                f.toi,
                g.toi
            );
            assert!(
                (f.normal - g.normal).norm() <= 1e-4,
                "{kind} case {case}: normal {:?} vs GJK {:?}",
                f.normal,
                g.normal
            );
        }
        assert!(
            hits > 1000 && inside > 100,
            "{kind}: {hits} hits, {inside} inside"
        );
    }
}

/// The cylinder's first hit by brute force over its three surfaces: both roots of the
/// side wall's quadratic and both cap planes, each kept when its point lies on that
/// surface (within a relative 1e-12), the smallest `t ≥ 0` winning. Independent of the
/// closed form's case analysis.
fn cylinder_reference(
    h: f64,
    radius: f64,
    s: Point3<f64>,
    d: Vector3<f64>,
) -> Option<(f64, Vector3<f64>)> {
    let slack = 1e-12 * (h + radius + s.coords.amax());
    let mut best: Option<(f64, Vector3<f64>)> = None;
    let mut keep = |t: f64, n: Vector3<f64>| {
        if t >= 0.0 && best.is_none_or(|(b, _)| t < b) {
            best = Some((t, n));
        }
    };
    let (a, b, c) = (
        d.x * d.x + d.z * d.z,
        s.x * d.x + s.z * d.z,
        s.x * s.x + s.z * s.z - radius * radius,
    );
    let disc = b * b - a * c;
    if a > 0.0 && disc >= 0.0 {
        for t in [(-b - disc.sqrt()) / a, (-b + disc.sqrt()) / a] {
            let p = s + d * t;
            if p.y.abs() <= h + slack {
                keep(t, Vector3::new(p.x, 0.0, p.z) / radius);
            }
        }
    }
    for cap in [-h, h] {
        if d.y != 0.0 {
            let t = (cap - s.y) / d.y;
            let p = s + d * t;
            if (p.x * p.x + p.z * p.z).sqrt() <= radius + slack {
                keep(t, Vector3::new(0.0, cap.signum(), 0.0));
            }
        }
    }
    best
}

/// The cylinder's closed form against the surface-by-surface reference on seeded rays
/// (side walls, caps, rays along the axis, starts inside) at scales 1e-6, 1 and 1e6 and
/// offsets up to 1e6; and against the GJK ray cast wherever that converges.
#[test]
fn cylinder_closed_form_matches_its_surfaces() {
    let mut r = rng(84);
    let (mut wall, mut caps, mut inside, mut misses, mut gjk_loose) = (0, 0, 0, 0, 0);
    for case in 0..6000 {
        let k = [1e-6, 1.0, 1e6][case % 3];
        let offset = [0.0, 1e6][(case / 3) % 2];
        let (h, radius) = (r.random_range(0.05..2.0) * k, r.random_range(0.05..2.0) * k);
        let cylinder = Cylinder::new(h, radius).unwrap();
        let c = v3(&mut r, 1.0) * offset;
        let pose = Isometry3::from_parts(Translation3::from(c), rotation(&mut r));
        let origin = Point3::from(c + unit(&mut r) * r.random_range(0.5..5.0) * k);
        let mut target = Point3::from(c + v3(&mut r, 1.2 * k));
        if case % 7 == 0 {
            // Along the axis: only the caps can be hit.
            let axis = pose.rotation * Vector3::y();
            target = origin
                + axis
                    * (pose.rotation.inverse() * (Point3::from(c) - origin))
                        .y
                        .signum();
        }
        let ray = Ray::new(origin, (target - origin) * r.random_range(0.1..3.0));
        let got = cast_ray(&cylinder, &pose, &ray, f64::INFINITY).unwrap();
        let local_o = pose.inverse_transform_point(&origin);
        let local_d = pose.inverse_transform_vector(&ray.dir);
        let starts_inside =
            (local_o.x.powi(2) + local_o.z.powi(2)).sqrt() <= radius && local_o.y.abs() <= h;
        if starts_inside {
            inside += 1;
            assert_eq!(got.map(|g| g.toi), Some(0.0), "case {case}: starts inside");
            continue;
        }
        let Some((t, n)) = cylinder_reference(h, radius, local_o, local_d) else {
            misses += 1;
            assert!(got.is_none(), "case {case}: reference misses, got {got:?}");
            let g = cast_ray_gjk(&cylinder, &pose, &ray, f64::INFINITY);
            assert!(matches!(g, Ok(None)), "case {case}: GJK ray cast {g:?}");
            continue;
        };
        let hit = got.unwrap_or_else(|| panic!("case {case}: missed, reference t = {t}"));
        let tol = 1e-9 * (t + (h + radius) / ray.dir.norm());
        assert!(
            (hit.toi - t).abs() <= tol,
            "case {case}: toi {} vs {t}",
            hit.toi
        );
        let n_world = pose.rotation * n;
        assert!(
            (hit.normal - n_world).norm() <= 1e-6,
            "case {case}: normal {:?} vs {n_world:?}",
            hit.normal
        );
        if n.y == 0.0 {
            wall += 1
        } else {
            caps += 1
        }
        // The generic GJK ray cast converges on every hit too (it used to cycle at
        // rounding level on side walls): within 1e-8 of the size as before, except where
        // it stops for lack of f64 progress, within its stall tolerance.
        let g = cast_ray_gjk(&cylinder, &pose, &ray, f64::INFINITY)
            .unwrap_or_else(|e| panic!("case {case}: GJK ray cast: {e}"))
            .unwrap_or_else(|| panic!("case {case}: GJK ray cast missed"));
        let gap = (g.toi - hit.toi).abs() * ray.dir.norm() / (h + radius);
        assert!(gap <= 1e-6, "case {case}: GJK toi {} vs {}", g.toi, hit.toi);
        gjk_loose += usize::from(gap > 1e-8);
    }
    let hits = wall + caps;
    assert!(
        gjk_loose * 100 <= hits,
        "{gjk_loose} of {hits} GJK hits beyond 1e-8"
    );
    assert!(
        wall > 800 && caps > 800 && inside > 100 && misses > 300,
        "{wall} wall, {caps} caps, {inside} inside, {misses} misses"
    );
}

/// Every one of the 14 input numbers (origin, direction, translation, quaternion, cap)
/// made NaN, +∞ or −∞ (the cap: NaN only; +∞ is a valid cap), on each shape kind: every
/// cast form answers `RayError::NonFinite`, as it must now that the casts check their
/// input lazily (from the numbers they work on). A finite input whose sum overflows
/// still gets its answer.
#[test]
fn every_non_finite_input_number_is_an_error_on_every_shape() {
    use collision::{QueryOptions, RayError, Trace, cast_ray_with};
    let hull = ConvexHull::new(&[
        Point3::new(1.0, 0.0, 0.0),
        Point3::new(0.0, 1.0, 0.0),
        Point3::new(0.0, 0.0, 1.0),
        Point3::new(-1.0, -1.0, -1.0),
    ])
    .unwrap();
    let ball = Shape::from(Ball::new(1.0).unwrap());
    let shapes: Vec<Shape> = vec![
        ball.clone(),
        Cuboid::new(Vector3::new(1.0, 0.5, 0.7)).unwrap().into(),
        Capsule::new(0.8, 0.4).unwrap().into(),
        Cylinder::new(0.8, 0.5).unwrap().into(),
        Cone::new(0.8, 0.5).unwrap().into(),
        hull.into(),
        Rounded::new(ball.clone(), 0.1).unwrap().into(),
    ];
    let ray = Ray::new(Point3::new(0.1, -0.2, -5.0), Vector3::new(0.0, 0.05, 1.0));
    let pose = Isometry3::new(Vector3::new(0.1, 0.2, 0.3), Vector3::new(0.3, -0.2, 0.1));
    for shape in &shapes {
        assert!(cast_ray(shape, &pose, &ray, 10.0).unwrap().is_some());
        for field in 0..14 {
            for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let (mut ray, mut pose, mut max_toi) = (ray, pose, 10.0);
                match field {
                    0..3 => ray.origin[field] = bad,
                    3..6 => ray.dir[field - 3] = bad,
                    6..9 => pose.translation.vector[field - 6] = bad,
                    9..13 => pose.rotation.as_mut_unchecked().coords[field - 9] = bad,
                    _ if bad.is_nan() => max_toi = bad,
                    _ => continue,
                }
                let what = format!("{shape:?} field {field} = {bad}");
                let want = Some(RayError::NonFinite);
                assert_eq!(cast_ray(shape, &pose, &ray, max_toi).err(), want, "{what}");
                assert_eq!(
                    cast_ray_toi(shape, &pose, &ray, max_toi).err(),
                    want,
                    "{what}"
                );
                let mut trace = Trace::new();
                let options = QueryOptions::default().observer(&mut trace);
                let observed = cast_ray_with(shape, &pose, &ray, max_toi, options);
                assert_eq!(observed.err(), want, "{what}");
            }
        }
    }
    // A finite input (here one far beyond the ray's resolution at the shape) is not
    // called non-finite, and both forms agree.
    let far = Ray::new(
        Point3::new(1e308, 1e308, -5.0),
        Vector3::new(-1.0, -1.0, 0.0),
    );
    for shape in &shapes {
        let hit = cast_ray(shape, &pose, &far, f64::INFINITY);
        let toi = cast_ray_toi(shape, &pose, &far, f64::INFINITY);
        assert_ne!(hit, Err(RayError::NonFinite), "{shape:?}");
        assert_eq!(hit.map(|h| h.map(|h| h.toi)), toi, "{shape:?}");
    }
}
