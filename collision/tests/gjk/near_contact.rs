//! GJK distances between shapes placed a tiny gap apart, against the gap they were
//! placed at: curved shapes with flat directions (cones, cylinders, against boxes), and
//! hull pairs.
//!
//! The reference: a pair is first measured far apart (≥ 0.2, tolerance 1e-15), then B is
//! moved towards A along the normal by the distance minus the gap `g`. For convex
//! shapes that leaves them exactly `g` apart (the supporting planes through the closest
//! points stay supporting, and the slab between them narrows by the move), up to the far
//! measurement's error, a few 1e-12 here.

use collision::gjk::{GjkConfig, GjkOutput, GjkStatus};
use collision::{
    ClosestPoints, Cone, ConvexHull, Cuboid, Cylinder, Rounded, Segment, Shape, SupportMap,
    Triangle, closest_points, contact,
};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use test_support::gjk::cold_gjk;

fn v3(r: &mut ChaCha8Rng, s: f64) -> Vector3<f64> {
    Vector3::new(
        r.random_range(-s..s),
        r.random_range(-s..s),
        r.random_range(-s..s),
    )
}

/// Two posed shapes and GJK's answer for them far apart.
type Pair = (Shape, Isometry3<f64>, Shape, Isometry3<f64>, GjkOutput);

/// Seeded pairs (a cone or cylinder against a cone, cylinder or box; or with `hulls`,
/// two hulls of 8 to 200 random points in a cube), each with the far measurement; pairs
/// whose far run did not converge are skipped.
fn pairs(count: usize, hulls: bool) -> Vec<Pair> {
    let mut r = ChaCha8Rng::seed_from_u64(5);
    let fine = GjkConfig {
        relative_tolerance: 1e-15,
        max_iterations: 10_000,
    };
    let mut out = Vec::new();
    for _ in 0..count {
        let (ka, kb) = if hulls {
            (3, 3)
        } else {
            (r.random_range(0..2), r.random_range(0..3))
        };
        let mut shape = |k: usize| -> Shape {
            let (h, rad) = (r.random_range(0.2..1.0), r.random_range(0.2..1.0));
            match k {
                0 => Cone::new(h, rad).unwrap().into(),
                1 => Cylinder::new(h, rad).unwrap().into(),
                2 => Cuboid::new(Vector3::new(h, rad, 0.5)).unwrap().into(),
                _ => {
                    let n = [8, 16, 64, 200][r.random_range(0..4)];
                    let points: Vec<Point3<f64>> =
                        (0..n).map(|_| Point3::from(v3(&mut r, 1.0))).collect();
                    ConvexHull::new(&points).unwrap().into()
                }
            }
        };
        let (a, b) = (shape(ka), shape(kb));
        let mut pose = |s: f64| {
            Isometry3::from_parts(
                Translation3::from(v3(&mut r, s)),
                UnitQuaternion::from_scaled_axis(v3(&mut r, 3.0)),
            )
        };
        let (pa, pb) = (pose(1.0), pose(3.0));
        let far = cold_gjk(&a, &pa, &b, &pb, &fine, &mut ());
        if far.distance >= 0.2 && far.status == GjkStatus::Converged {
            out.push((a, pa, b, pb, far));
        }
    }
    out
}

/// 1,800 pairs at gaps of 1e-6, 1e-8 and 1e-9 (the shapes are 0.2 to 1 in size, up to 5
/// apart in A's frame): every answer brackets the gap, and the distances are close to
/// it. Near contact, f64 leaves GJK's direction `v` only known to about `ε S / |v|`, and
/// the simplex stalls on far ends of the flat directions; the stalled simplex is then
/// rebuilt around the closest point (`reseed`). Before that, at 1e-9: mean relative
/// error 0.25, 25 % of pairs off by more than 1 % (parry3d-f64: mean 6.9 at 1e-9,
/// already 0.35 at 1e-6).
#[test]
fn near_contact_distances_of_curved_shapes_stay_close_to_the_gap() {
    let pairs = pairs(2000, false);
    assert!(pairs.len() > 1800, "{} pairs", pairs.len());
    // (gap, largest mean relative error, largest share off by more than 1 %); measured
    // when written: 1e-6: 7e-6, 0; 1e-8: 1.1e-3, 2.1 %; 1e-9: 0.022, 8.3 %; with the
    // finer reseed tilt: 1e-6: 9e-8, 0; 1e-8: 4.3e-4, 0.9 %; 1e-9: 0.014, 5.3 %;
    // with four reseeds instead of two: 1e-6: 3.6e-8, 0; 1e-8: 1.9e-4,
    // 0.38 %; 1e-9: 4.7e-3, 2.3 %.
    for (gap, mean_limit, share_limit) in
        [(1e-6, 1e-7, 0.0), (1e-8, 4e-4, 0.008), (1e-9, 0.008, 0.04)]
    {
        let (mut sum, mut off) = (0.0, 0);
        for (k, pair) in pairs.iter().enumerate() {
            let out = run_at_gap(pair, gap, k);
            let relative = (out.distance - gap).abs() / gap;
            sum += relative.min(100.0);
            off += usize::from(relative > 0.01);
        }
        let mean = sum / pairs.len() as f64;
        let share = off as f64 / pairs.len() as f64;
        assert!(
            mean <= mean_limit,
            "gap {gap:e}: mean relative error {mean}"
        );
        assert!(
            share <= share_limit,
            "gap {gap:e}: {share} of pairs off by > 1 %"
        );
    }
}

/// The pair moved to `gap` apart along the far measurement's normal (see the module docs).
fn moved(pb: &Isometry3<f64>, far: &GjkOutput, gap: f64) -> Isometry3<f64> {
    let shift = far.normal * (far.distance - gap);
    Isometry3::from_parts(
        Translation3::from(pb.translation.vector - shift),
        pb.rotation,
    )
}

/// GJK (default tolerances) on the pair moved to `gap` apart: converged, with its bounds
/// bracketing the gap up to the reference's own error.
fn run_at_gap(pair: &Pair, gap: f64, k: usize) -> GjkOutput {
    let (a, pa, b, pb, far) = pair;
    let near = moved(pb, far, gap);
    let config = GjkConfig::default();
    let out = cold_gjk(a, pa, b, &near, &config, &mut ());
    assert_eq!(out.status, GjkStatus::Converged, "pair {k} at {gap:e}");
    let noise = 1e-11;
    assert!(
        out.lower_bound <= gap + noise && out.distance >= gap - noise,
        "pair {k} at {gap:e}: [{:e}, {:e}]",
        out.lower_bound,
        out.distance
    );
    out
}

/// Hull pairs near contact (gaps 1e-8 to 1e-10 of their size): GJK's stall on a repeated
/// vertex is already exact to rounding there, so polytope pairs skip the rebuild that
/// curved shapes need, and must stay as accurate without it. Measured when written, at
/// 1e-10: mean error 5.6e-16, worst 4.9e-15, 6.6 support queries per query (15 with the
/// rebuilds, for the same errors).
#[test]
fn near_contact_distances_of_hulls_are_exact_to_rounding_without_reseeds() {
    let pairs = pairs(2000, true);
    assert!(pairs.len() > 1500, "{} pairs", pairs.len());
    for gap in [1e-8, 1e-9, 1e-10] {
        let (mut sum, mut worst, mut queries) = (0.0, 0.0f64, 0);
        for (k, pair) in pairs.iter().enumerate() {
            let out = run_at_gap(pair, gap, k);
            let error = (out.distance - gap).abs();
            (sum, worst) = (sum + error, worst.max(error));
            queries += out.iterations;
        }
        let n = pairs.len() as f64;
        // Absolute errors at rounding level of shapes about 1 in size (measured: mean
        // 5.6e-16, worst 4.9e-15 at every gap).
        assert!(sum / n <= 2e-15, "gap {gap:e}: mean error {:e}", sum / n);
        assert!(worst <= 2e-14, "gap {gap:e}: worst error {worst:e}");
        let per_query = f64::from(queries) / n;
        assert!(
            per_query < 8.0,
            "gap {gap:e}: {per_query} support queries per query"
        );
    }
}

/// Near contact, GJK's lower bound comes from the final simplex's own normal
/// (`gjk/normal.rs`): the direction of `v` is only known to about `ε S / |v|` there, and
/// along a flat direction that error cost the bound its whole value. Hull pairs at gaps
/// of 1e-8 to 1e-10: bounds within rounding of each other (measured: at most 3.3e-16
/// apart; before, 1,335 of 1,573 pairs had no positive lower bound). Curved pairs, whose
/// simplices stall as slivers: measured at 1e-10, 360 of 1,860 pairs with bounds more
/// than 1e-12 apart (before: 797), at most 6e-9 apart at any gap (before: 1.1e-8).
#[test]
fn near_contact_lower_bounds_come_from_the_simplex_normal() {
    for (hulls, share_limit, worst_limit) in [(true, 0.0, 1e-14), (false, 0.25, 1e-8)] {
        let pairs = pairs(2000, hulls);
        for gap in [1e-8, 1e-9, 1e-10] {
            let (mut apart, mut worst) = (0, 0.0f64);
            for (k, pair) in pairs.iter().enumerate() {
                let out = run_at_gap(pair, gap, k);
                let bounds = out.distance - out.lower_bound;
                apart += usize::from(bounds > 1e-12);
                worst = worst.max(bounds);
            }
            let share = apart as f64 / pairs.len() as f64;
            assert!(
                share <= share_limit && worst <= worst_limit,
                "hulls {hulls}, gap {gap:e}: {apart} pairs with bounds more than 1e-12 apart, at most {worst:e}"
            );
        }
    }
}

/// The overlap of `a` and `b` along the unit world direction `n` (from A to B).
fn overlap_along<S: SupportMap>(
    a: &S,
    pa: &Isometry3<f64>,
    b: &S,
    pb: &Isometry3<f64>,
    n: &Vector3<f64>,
) -> f64 {
    let h = |s: &S, p: &Isometry3<f64>, n: &Vector3<f64>| {
        let local = p.rotation.inverse_transform_vector(n);
        p.transform_point(&s.support(&local)).coords.dot(n)
    };
    h(a, pa, n) + h(b, pb, &-n)
}

/// The closest points of `a` and `b`, which must be apart: the shapes' separation along
/// the witnesses' axis (from A to B), and the reported distance.
fn gap_along_witness_axis<S: SupportMap>(
    a: &S,
    pa: &Isometry3<f64>,
    b: &S,
    pb: &Isometry3<f64>,
) -> (f64, f64) {
    let Ok(ClosestPoints::Separated {
        point_a,
        point_b,
        distance,
    }) = closest_points(a, pa, b, pb)
    else {
        panic!("apart");
    };
    let axis = (point_b - point_a).normalize();
    (-overlap_along(a, pa, b, pb, &axis), distance)
}

/// Rounded shapes (margins 0.3 and 0.2) whose cores are 1e-8 to 1e-10 apart: a contact
/// between apart cores takes its normal from GJK's lower bound, so its depth must be the
/// shapes' overlap along that normal. Hull cores: to rounding (measured: at most 4.2e-15),
/// and the depth is the margins less the gap; before the simplex normal, the overlap
/// came out up to about `ε S² / gap` larger than the depth (the first hull pair, at 1e-8:
/// 2.3e-8), as in the query fuzzer's seed 3344, case 44210 (5.4e-7 at 1.1e-10). Curved
/// cores: within the bounds' gap (measured: at most 7.6e-9, 221 of 930 pairs above
/// 1e-12 at 1e-10).
#[test]
fn nearly_touching_cores_give_a_contact_normal_along_which_the_depth_holds() {
    for (hulls, tol) in [(true, 1e-14), (false, 1e-8)] {
        let pairs = pairs(1000, hulls);
        for gap in [1e-8, 1e-9, 1e-10] {
            for (k, (a, pa, b, pb, far)) in pairs.iter().enumerate() {
                let a = Rounded::new(a.clone(), 0.3).unwrap();
                let b = Rounded::new(b.clone(), 0.2).unwrap();
                let pb = moved(pb, far, gap);
                let c = contact(&a, pa, &b, &pb, 0.0).unwrap().expect("overlapping");
                let depth = -c.separation;
                let overlap = overlap_along(&a, pa, &b, &pb, &c.normal);
                assert!(
                    (overlap - depth).abs() <= tol,
                    "hulls {hulls}, pair {k} at {gap:e}: depth {depth:e}, overlap {overlap:e}"
                );
                if hulls {
                    assert!((depth - (0.5 - gap)).abs() <= 1e-14, "pair {k}: {depth:e}");
                }
            }
        }
    }
}

/// The normal of curved pairs near contact certifies their distance: the separation
/// along it, `−h_B(−n) − h_A(n)`, is the distance up to the bounds' gap. After an `f64`
/// stall the final `v` has the smallest norm but not the best direction, so the normal
/// (and the witnesses with it) turns onto the direction that certifies the lower bound
/// (`gjk/world_frame.rs`, `aligned_witnesses`). Measured: the separation along the normal is
/// at most 2.1e-15 below the lower bound and 5.8e-9 below the distance (before: 8.6e-7
/// below both).
#[test]
fn normals_near_contact_certify_the_distance() {
    let pairs = pairs(2000, false);
    let mut worst = 0.0f64;
    for gap in [1e-4, 1e-6, 1e-8] {
        for (k, (a, pa, b, pb, far)) in pairs.iter().enumerate() {
            let pb = moved(pb, far, gap);
            let out = cold_gjk(a, pa, b, &pb, &GjkConfig::default(), &mut ());
            let along = -overlap_along(a, pa, b, &pb, &out.normal);
            assert!(
                out.lower_bound - along <= 1e-14,
                "pair {k} at {gap:e}: the normal certifies {along:e}, the lower bound is {:e}",
                out.lower_bound
            );
            worst = worst.max(out.distance - along);
            let ClosestPoints::Separated { distance, .. } = closest_points(a, pa, b, &pb).unwrap()
            else {
                panic!("pair {k} at {gap:e} overlaps");
            };
            assert_eq!(distance, out.distance);
        }
    }
    assert!(worst <= 1e-8, "worst {worst:e}");
}

/// A segment 9.2e-8 from a triangle's face, both of size 1,000 (query fuzzer,
/// near-contact mode, seed 1078, case 45747). GJK stalls on a segment of A − B whose
/// near end is the closest vertex: the support point that would have made the face's
/// triangle lowered `|v|` by only 3e-14 (below the projection's rounding) and was
/// popped, and the segment alone left `v` 7.6e-4 rad off the face's normal, so the
/// closest points' axis saw the shapes 0.56 deep. The popped point's triangle now gives
/// the normal (`gjk/normal.rs`): the bounds agree to rounding of the size (1e-16 of
/// 1,000), and along the closest points' axis the shapes are their distance apart.
#[test]
fn a_stall_next_to_a_face_takes_the_normal_from_the_popped_support_point() {
    let p = |x, y, z| Point3::new(x, y, z);
    let quat = |w, x, y, z| UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
    let segment = Shape::Segment(
        Segment::new(
            p(-591.7032640563053, 614.4978235304766, -203.51976548916295),
            p(-152.56268679369467, 506.07572581242556, -761.5459518297267),
        )
        .unwrap(),
    );
    let triangle = Shape::Triangle(
        Triangle::new(
            p(-449.4933733226757, -295.557557805086, -334.92425565742855),
            p(252.99509616659589, 535.3354583669435, 241.33274959667096),
            p(350.43651729670665, -269.91101511460744, 482.77587695564495),
        )
        .unwrap(),
    );
    let pa = Isometry3::from_parts(
        Translation3::identity(),
        quat(
            0.07603664307360691,
            0.018706802237415145,
            -0.2097882286521936,
            -0.974606271054687,
        ),
    );
    let pb = Isometry3::from_parts(
        Translation3::new(498.60848488863803, 61.338539371952265, 102.15447384341132),
        quat(
            0.5749516336708108,
            -0.0382862988679203,
            0.5303975088289175,
            0.6218064496982486,
        ),
    );
    let out = cold_gjk(
        &segment,
        &pa,
        &triangle,
        &pb,
        &GjkConfig::default(),
        &mut (),
    );
    assert_eq!(out.status, GjkStatus::Converged);
    assert!(
        (out.distance - 9.208e-8).abs() < 1e-11,
        "{:e}",
        out.distance
    );
    // Bounds within rounding of the size: measured equal (the face normal certifies `|v|`
    // to rounding; before: no positive lower bound).
    assert!(
        out.distance - out.lower_bound <= 1e-12,
        "bounds [{:e}, {:e}]",
        out.lower_bound,
        out.distance
    );
    // Along the closest points' axis the shapes are `distance` apart, to rounding of the
    // size (measured: 7.8e-14 less; before, 0.56 deep).
    let (gap, distance) = gap_along_witness_axis(&segment, &pa, &triangle, &pb);
    assert!(
        (gap - distance).abs() <= 1e-12,
        "gap {gap:e}, distance {distance:e}"
    );
}

/// A segment's end 3e-12 from a cylinder's rim, size 1 (query fuzzer, near-contact mode,
/// seed 7000, case 91128). GJK ends on a sliver triangle of A − B (two vertices within
/// 6e-6 of the origin, one 1.7 away with weight 5e-13), whose closest point `v` turned
/// over in the last projection: `−v̂` pointed from B to A, and along the closest points'
/// axis the shapes overlapped by 2.6. At touching level (`|v|` ≤ 1e-9 of the scale) the
/// witnesses now take the certified direction whatever its turn: along their axis the
/// shapes are within the bounds' width of their distance apart.
#[test]
fn touching_witnesses_take_the_certified_direction_when_v_turns_over() {
    let p = |x, y, z| Point3::new(x, y, z);
    let quat = |w, x, y, z| UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(w, x, y, z));
    let cylinder = Shape::Cylinder(Cylinder::new(0.8730793575892505, 0.8741169476782863).unwrap());
    let segment = Shape::Segment(
        Segment::new(
            p(-1.4369068278567578, 1.208354463034509, 0.6841543416547312),
            p(0.3087226834132451, -1.2088196511585243, 1.434590573203186),
        )
        .unwrap(),
    );
    let pa = Isometry3::from_parts(
        Translation3::identity(),
        quat(
            0.2819386759845925,
            0.36292617401165467,
            0.6868564831924697,
            0.5630482632046652,
        ),
    );
    let pb = Isometry3::from_parts(
        Translation3::new(1.5174866285795847, 1.847629428321671, 2.1075361503932557),
        quat(
            0.6214291704507384,
            -0.5041195739632937,
            -0.4572838269091968,
            0.3880473462185434,
        ),
    );
    let out = cold_gjk(
        &cylinder,
        &pa,
        &segment,
        &pb,
        &GjkConfig::default(),
        &mut (),
    );
    assert_eq!(out.status, GjkStatus::Converged);
    // Touching to rounding: measured 3.1e-12 apart, lower bound 0.
    assert!(out.distance <= 1e-11, "{:e}", out.distance);
    let overlap = overlap_along(&cylinder, &pa, &segment, &pb, &out.normal);
    let (gap, distance) = gap_along_witness_axis(&cylinder, &pa, &segment, &pb);
    // The axis itself is only known to the witnesses' rounding over their distance
    // (1e-16 / 3e-12, about 3e-5 rad), which moves the gap by that angle times the size.
    assert!(
        (gap - distance).abs() <= 1e-4,
        "gap {gap:e}, distance {distance:e}"
    );
    // The normal is the certified direction, exact: the overlap along it is at most the
    // certified 6e-12 (measured 5.8e-12; before, 2.6).
    assert!(overlap <= 1e-11, "overlap along the normal {overlap:e}");
}
