//! contact() on curved shapes without a round core (cylinders, cones), where EPA converges
//! slowly and can run out of capacity: whatever the status, the reported depth must be
//! the shapes' overlap along the reported normal, measured independently with the support
//! functions (`h_A(n) + h_B(−n)`), so that moving B by it along the normal makes them touch.

use test_support::contact as contact_common;

use collision::QueryOptions;
use collision::epa::{EpaOutput, EpaStatus, EpaStep};
use collision::observer::Observer;
use collision::{
    Cone, Contact, ContactStatus, ConvexHull, Cuboid, Cylinder, Shape, contact, contact_with,
};
use contact_common::{rng, rotation, support_overlap, v3};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

/// Checks that `c`'s depth is the overlap along its normal, to `tol`, and returns how far
/// apart they were.
fn check(
    a: &Shape,
    pa: &Isometry3<f64>,
    b: &Shape,
    pb: &Isometry3<f64>,
    c: &Contact,
    tol: f64,
    what: &str,
) {
    assert!(
        c.separation.is_finite() && (c.normal.norm() - 1.0).abs() < 1e-12,
        "{what}"
    );
    let overlap = support_overlap(a, pa, b, pb, &c.normal);
    let depth = -c.separation;
    assert!(
        (overlap - depth).abs() <= tol,
        "{what}: status {:?}, depth {depth:e} but the overlap along the normal is {overlap:e}",
        c.status
    );
}

fn pose(translation: [f64; 3], [x, y, z, w]: [f64; 4]) -> Isometry3<f64> {
    Isometry3::from_parts(
        Translation3::new(translation[0], translation[1], translation[2]),
        UnitQuaternion::new_unchecked(Quaternion::new(w, x, y, z)),
    )
}

/// A cylinder against a cone whose EPA faces near the answer thin into slivers (smallest
/// sines halving each step): after 21 steps the bounds were 6.4e-10 apart (relative) and
/// the next expansion brought the nearest face 4e-13 closer, which exact arithmetic
/// forbids. The run used to go on to capacity on a polytope the noise had corrupted (a
/// face through the origin) and answer `EpaOutOfCapacity`; earlier still, it reported
/// the nearest face's 4.9e-3 along a normal where the shapes overlap by 0.26. It now
/// converges at the rounding floor, along the best upper bound.
#[test]
fn sliver_faces_converge_at_the_rounding_floor() {
    let a = Shape::from(Cylinder::new(0.8, 0.5).unwrap());
    let b = Shape::from(Cone::new(0.8, 0.6).unwrap());
    let pa = pose(
        [0.2643479005129452, 0.10541826843960656, -0.4830154405212841],
        [
            -0.5398689860847143,
            -0.571918470520719,
            -0.41511888007998304,
            -0.45730411800271903,
        ],
    );
    let pb = pose(
        [
            -0.11582444596180985,
            -0.3443776689736424,
            0.46829704591978105,
        ],
        [
            0.20310852284116623,
            -0.1823033622525869,
            -0.6469683219393704,
            0.7120002826317112,
        ],
    );
    let mut steps = StepBounds::default();
    let c = contact_with(
        &a,
        &pa,
        &b,
        &pb,
        0.0,
        QueryOptions::default().observer(&mut steps),
    )
    .unwrap()
    .unwrap();
    assert_eq!(c.status, ContactStatus::Converged);
    check(&a, &pa, &b, &pb, &c, 1e-12, "regression pair");
    let (lower, upper) = steps.last.unwrap();
    let depth = -c.separation;
    assert_eq!(depth, upper);
    assert!(
        (upper - lower).abs() < 1e-9 * upper && steps.count < 40,
        "[{lower:e}, {upper:e}] after {} steps",
        steps.count
    );
    // Reference: the same pair as 1024-sided polytopes inscribed in and circumscribed
    // about the curved shapes, on which EPA converges exactly. Depth grows with the
    // shapes, so the true depth lies between the two (5.76065e-3 ≤ 5.761753e-3 ≤
    // 5.76398e-3 when this was written).
    let [inner, outer] = [1.0, 1.0 / (std::f64::consts::PI / 1024.0).cos()].map(|grow| {
        let (cylinder, cone) = (prism(1024, 0.5 * grow, 0.8), pyramid(1024, 0.6 * grow, 0.8));
        let p = contact(&cylinder, &pa, &cone, &pb, 0.0).unwrap().unwrap();
        assert_eq!(p.status, ContactStatus::Converged);
        assert!(
            (p.normal - c.normal).norm() < 1e-3,
            "normal {:?} vs {:?}",
            p.normal,
            c.normal
        );
        -p.separation
    });
    assert!(
        inner <= depth && depth <= outer,
        "{inner} ≤ {depth} ≤ {outer}"
    );
}

/// The output of the last EPA run.
#[derive(Default)]
struct LastEpa(Option<EpaOutput>);

impl Observer for LastEpa {
    fn is_active(&self) -> bool {
        false
    }
    fn epa_done(&mut self, _pose_a: &Isometry3<f64>, output: &EpaOutput) {
        self.0 = Some(*output);
    }
}

/// The bounds of the last EPA step, and the number of steps.
#[derive(Default)]
struct StepBounds {
    last: Option<(f64, f64)>,
    count: usize,
}

impl Observer for StepBounds {
    fn epa_step(&mut self, step: &EpaStep<'_>) {
        self.last = Some((step.lower_bound, step.upper_bound));
        self.count += 1;
    }
}

/// Two cylinders 1e3 in size on which EPA converges slowly (its bounds were 7.8e-7 apart,
/// relative, when a polytope of 128 vertices ran out; it now converges within 512): the
/// answer lies between the depths of the inscribed and circumscribed 1024-sided prisms.
/// (The answer of a run that does run out, the overlap along its normal, is checked in
/// `toi/curved.rs` on nearly coaxial pairs.)
#[test]
fn slow_pair_converges_between_the_prisms() {
    let a = Shape::from(Cylinder::new(960.3878735707297, 733.4567697874866).unwrap());
    let b = Shape::from(Cylinder::new(949.3357055163201, 825.5776259231425).unwrap());
    let pa = pose(
        [-244.81831632704035, 464.1892297950603, 72.81735875246795],
        [
            -0.6117567120316859,
            -0.7450086797471984,
            0.1897873791808018,
            -0.18627008103611237,
        ],
    );
    let pb = pose(
        [-302.01445721112935, 402.9380275296089, 333.3359122273263],
        [
            0.6343514873036059,
            -0.5081044899966592,
            -0.36480767884513976,
            -0.45425034425585104,
        ],
    );
    let c = contact(&a, &pa, &b, &pb, 0.0).unwrap().unwrap();
    assert_eq!(c.status, ContactStatus::Converged);
    // A converged answer is the nearest face's distance, within the tolerance (1e-10,
    // relative) of the overlap along its normal.
    check(&a, &pa, &b, &pb, &c, 1e-10 * -c.separation, "slow pair");
    let [inner, outer] = [1.0, 1.0 / (std::f64::consts::PI / 1024.0).cos()].map(|grow| {
        let prisms = (
            prism(1024, 733.4567697874866 * grow, 960.3878735707297),
            prism(1024, 825.5776259231425 * grow, 949.3357055163201),
        );
        let p = contact(&prisms.0, &pa, &prisms.1, &pb, 0.0)
            .unwrap()
            .unwrap();
        assert_eq!(p.status, ContactStatus::Converged);
        -p.separation
    });
    let depth = -c.separation;
    assert!(
        inner <= depth && depth <= outer,
        "{inner} ≤ {depth} ≤ {outer}"
    );
}

/// A regular `n`-gon of radius `r` in the plane `y`, as points.
fn ring(n: usize, r: f64, y: f64) -> impl Iterator<Item = Point3<f64>> {
    (0..n).map(move |k| {
        let a = k as f64 * std::f64::consts::TAU / n as f64;
        Point3::new(r * a.cos(), y, r * a.sin())
    })
}

/// The `n`-sided prism of radius `r` and half-height `h` along y (a polygonal cylinder).
fn prism(n: usize, r: f64, h: f64) -> ConvexHull {
    ConvexHull::new(&ring(n, r, -h).chain(ring(n, r, h)).collect::<Vec<_>>()).unwrap()
}

/// The `n`-sided pyramid with base radius `r` at `y = −h` and apex at `y = h` (a polygonal
/// cone).
fn pyramid(n: usize, r: f64, h: f64) -> ConvexHull {
    let apex = std::iter::once(Point3::new(0.0, h, 0.0));
    ConvexHull::new(&ring(n, r, -h).chain(apex).collect::<Vec<_>>()).unwrap()
}

/// 20,000 seeded pairs (over 10,000 of them overlapping) of cylinders and cones against each other and boxes, at
/// scales 1e-3, 1 and 1e3: the depth is the overlap along the normal for every status
/// (converged answers to EPA's tolerance), and every run converges (with a polytope of
/// 128 vertices, a few dozen ran out of capacity; the answer of such a run is checked
/// above).
#[test]
fn curved_pairs_report_the_overlap_along_their_normal() {
    let mut r = rng(91);
    let (mut checked, mut not_converged, mut at_floor) = (0, 0, 0);
    for case in 0..20_000 {
        let scale = [1e-3, 1.0, 1e3][case % 3];
        let shape = |r: &mut rand_chacha::ChaCha8Rng, k: u32| -> Shape {
            let mut len = || scale * r.random_range(0.2..1.0);
            match k {
                0 => Shape::from(Cylinder::new(len(), len()).unwrap()),
                1 => Shape::from(Cone::new(len(), len()).unwrap()),
                _ => Shape::from(Cuboid::new(Vector3::new(len(), len(), len())).unwrap()),
            }
        };
        let ka = r.random_range(0..2);
        let kb = r.random_range(0..3);
        let (a, b) = (shape(&mut r, ka), shape(&mut r, kb));
        let pa = Isometry3::from_parts(
            Translation3::from(v3(&mut r, 0.6 * scale)),
            rotation(&mut r),
        );
        let pb = Isometry3::from_parts(
            Translation3::from(v3(&mut r, 0.6 * scale)),
            rotation(&mut r),
        );
        let mut epa = LastEpa::default();
        let Some(c) = contact_with(
            &a,
            &pa,
            &b,
            &pb,
            0.0,
            QueryOptions::default().observer(&mut epa),
        )
        .unwrap() else {
            continue;
        };
        if c.separation >= 0.0 {
            continue;
        }
        checked += 1;
        not_converged += usize::from(c.status != ContactStatus::Converged);
        check(&a, &pa, &b, &pb, &c, 1e-7 * scale, &format!("case {case}"));
        // A converged EPA run has bounds within its tolerance of the depth, or, at the
        // rounding floor, within about 3e-11 of the size of A − B (at most 4 `scale`
        // here).
        if let Some(e) = epa.0.filter(|e| e.status == EpaStatus::Converged) {
            let gap = e.upper_bound - e.lower_bound;
            at_floor += usize::from(gap > 1e-10 * e.upper_bound);
            assert!(
                gap <= 1e-10 * e.upper_bound + 3e-11 * 4.0 * scale,
                "case {case}: converged with bounds [{:e}, {:e}]",
                e.lower_bound,
                e.upper_bound
            );
        }
    }
    assert!(checked > 10_000, "only {checked} overlapping pairs");
    assert_eq!(not_converged, 0, "runs that did not converge");
    assert!(at_floor > 0, "no run converged at the rounding floor");
}
