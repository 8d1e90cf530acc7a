//! EPA: the polytope alone, and penetration depth and normal of 10,000 random overlapping
//! hull pairs against an exact separating-axis reference.

use test_support::contact as contact_common;

use collision::QueryOptions;
use collision::epa::{EpaConfig, EpaStatus, EpaStep, EpaStepRecord, Polytope, PolytopeReplay, epa};
use collision::gjk::{Simplex, SimplexVertex};
use collision::observer::{Observer, Trace, TraceEvent};
use collision::shape::SupportHints;
use collision::{
    ContactMethod, ContactStatus, ConvexHull, Cuboid, MinkowskiDifference, SupportMap, contact,
    contact_with,
};
use contact_common::{Poly, hull, overlap_along, rng, rotation, sat_depth, v3};
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};
use rand::RngExt;

/// The supports of A − B along the corner directions (1, 1, 1), (1, −1, −1), (−1, 1, −1)
/// and (−1, −1, 1) of a regular tetrahedron: a seed that encloses the origin when A − B
/// contains a ball around it.
fn tetrahedron_of_supports<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    hints: &mut SupportHints,
) -> [SimplexVertex; 4] {
    [
        Vector3::new(1.0, 1.0, 1.0),
        Vector3::new(1.0, -1.0, -1.0),
        Vector3::new(-1.0, 1.0, -1.0),
        Vector3::new(-1.0, -1.0, 1.0),
    ]
    .map(|d| md.support_vertex(&d, hints))
}

/// Grows the polytope by hand from a tetrahedron of corners of two concentric boxes
/// (A − B is the box with half-extents 1+0.5, 2+0.25, 3+1 = (1.5, 2.25, 4)), checking the
/// mesh invariants after every expansion, and ends on the exact depth 1.5 along ±x.
#[test]
fn polytope_expands_consistently_to_the_exact_depth() {
    let a = Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap();
    let b = Cuboid::new(Vector3::new(0.5, 0.25, 1.0)).unwrap();
    let pose_b = Isometry3::translation(0.0, 0.0, 0.0);
    let md = MinkowskiDifference::from_relative(&a, &b, pose_b);
    let mut hints = SupportHints::default();
    let tet = tetrahedron_of_supports(&md, &mut hints);
    let mut p = Polytope::default();
    p.set_tetrahedron(&tet).unwrap();
    assert!(p.is_consistent());
    for (_, f) in p.faces() {
        assert!(f.distance() > 0.0, "origin strictly inside the seed");
    }
    let mut steps = 0;
    let depth = loop {
        let f = p.closest_face().unwrap();
        let face = *p.face(f);
        let (normal, distance) = face.plane();
        let w = md.support_vertex(&normal, &mut hints);
        if normal.dot(&w.w.coords) - distance <= 1e-12 {
            break distance;
        }
        let i = p.push_vertex(w).unwrap();
        p.carve(f, i, 0.0).unwrap();
        // Every removed face sees w; every horizon edge borders a kept face.
        for &r in p.removed() {
            let rf = p.face(r);
            assert!(rf.normal().dot(&w.w.coords) > rf.distance());
        }
        assert!(p.horizon().count() >= 3);
        p.fill(i).unwrap();
        assert!(p.is_consistent(), "mesh broken after step {steps}");
        steps += 1;
    };
    assert!((depth - 1.5).abs() <= 1e-12, "depth {depth}");
    assert!(steps <= 8, "{steps} steps for a box");
    let f = p.closest_face().unwrap();
    assert!((p.face(f).normal().x.abs() - 1.0).abs() < 1e-12);
}

/// EPA on a hand-made tetrahedron simplex (as GJK would leave it) for hull pairs.
#[test]
fn epa_from_a_given_simplex_matches_sat() {
    let mut r = rng(50);
    for case in 0..300 {
        let a = hull(&mut r, 12);
        let b = hull(&mut r, 12);
        // Concentric-ish: B's origin within 0.2 of A's, so A − B contains a ball around
        // the origin and the regular tetrahedron of supports encloses it.
        let rel = Isometry3::from_parts(Translation3::from(v3(&mut r, 0.1)), rotation(&mut r));
        let md = MinkowskiDifference::from_relative(&a, &b, rel);
        let mut hints = SupportHints::default();
        let tet = tetrahedron_of_supports(&md, &mut hints);
        let simplex = Simplex::from_vertices(&tet).unwrap();
        let mut p = Polytope::default();
        let e = epa(
            &md,
            &simplex,
            &EpaConfig::default(),
            &mut p,
            &Isometry3::identity(),
            &mut (),
        );
        let pa = Poly::new(&a, &Isometry3::identity());
        let pb = Poly::new(&b, &rel);
        let (want, _) = sat_depth(&pa, &pb);
        if want <= 0.0 {
            continue;
        }
        assert_eq!(e.status, EpaStatus::Converged, "case {case}");
        assert!(
            (e.depth - want).abs() <= 1e-6 * want,
            "case {case}: {} vs {want}",
            e.depth
        );
    }
}

/// 10,000 random overlapping hull pairs (4 to 16 points, random poses and sizes):
/// depth within 1e-6 of the exact SAT minimum, the normal attains it, the contact
/// points lie on the two support planes and `point_a − point_b = depth · normal`.
#[test]
fn ten_thousand_overlapping_hull_pairs_match_sat() {
    let mut r = rng(51);
    let mut tested = 0;
    let mut case = 0;
    while tested < 10_000 {
        case += 1;
        let na = r.random_range(4..=16);
        let nb = r.random_range(4..=16);
        let a = hull(&mut r, na);
        let b = hull(&mut r, nb);
        let pose_a = Isometry3::from_parts(Translation3::from(v3(&mut r, 5.0)), rotation(&mut r));
        let offset = v3(&mut r, 1.2);
        let pose_b = Isometry3::from_parts(
            Translation3::from(pose_a.translation.vector + offset),
            rotation(&mut r),
        );
        let pa = Poly::new(&a, &pose_a);
        let pb = Poly::new(&b, &pose_b);
        let (want, _) = sat_depth(&pa, &pb);
        if want <= 1e-9 {
            continue;
        }
        tested += 1;
        let c = contact(&a, &pose_a, &b, &pose_b, 0.0)
            .unwrap()
            .unwrap_or_else(|| panic!("case {case}: overlapping pair gave None"));
        assert_eq!(c.status, ContactStatus::Converged, "case {case}");
        assert_eq!(c.method, ContactMethod::Penetration, "case {case}");
        let depth = -c.separation;
        assert!(
            (depth - want).abs() <= 1e-6 * want,
            "case {case}: depth {depth} vs SAT {want}"
        );
        assert!(
            (c.normal.norm() - 1.0).abs() < 1e-12,
            "case {case}: normal not unit"
        );
        let along = overlap_along(&pa, &pb, &c.normal);
        assert!(
            (along - want).abs() <= 1e-6 * want,
            "case {case}: overlap along the normal {along} vs {want}"
        );
        let scale = 2.0;
        // point_a on A's support plane along n, point_b on B's along −n.
        assert!((c.normal.dot(&c.point_a.coords) - pa.support(&c.normal)).abs() <= 1e-8 * scale);
        assert!((-c.normal.dot(&c.point_b.coords) - pb.support(&-c.normal)).abs() <= 1e-8 * scale);
        let gap = c.point_a - c.point_b - c.normal * depth;
        assert!(
            gap.norm() <= 1e-8 * scale,
            "case {case}: witness gap {}",
            gap.norm()
        );
    }
    assert!(
        case < 4 * tested,
        "sample mostly overlapping: {tested} of {case}"
    );
}

/// The EPA steps reach the observer: bounds bracket the final depth and tighten.
#[test]
fn epa_steps_are_recorded_with_bracketing_bounds() {
    let mut r = rng(52);
    let a = hull(&mut r, 30);
    let b = hull(&mut r, 30);
    let pose_b = Isometry3::translation(0.3, 0.1, 0.0);
    let mut trace = Trace::new();
    let c = contact_with(
        &a,
        &Isometry3::identity(),
        &b,
        &pose_b,
        0.0,
        QueryOptions::default().observer(&mut trace),
    )
    .unwrap()
    .unwrap();
    let depth = -c.separation;
    let steps: Vec<_> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::EpaStep(s) => Some(s),
            _ => None,
        })
        .collect();
    assert!(!steps.is_empty());
    let mut replay = PolytopeReplay::new();
    for (k, s) in steps.iter().enumerate() {
        replay.apply(s);
        assert_eq!(s.is_snapshot(), k == 0, "step {k}");
        assert_eq!(s.iteration as usize, k + 1);
        assert!(s.lower_bound <= depth * (1.0 + 1e-9) && depth <= s.upper_bound * (1.0 + 1e-9));
        let last = k + 1 == steps.len();
        // Every step expands the polytope except the last of a converged run, whose
        // support point gains nothing over the nearest face and carves nothing.
        assert_eq!(s.expands, !last, "step {k}");
        let gain = s.normal.dot(&s.support.w.coords) - s.lower_bound;
        if s.expands {
            assert!(!s.removed.is_empty() && s.horizon.len() >= 3);
            assert!(gain > 0.0, "an expanding step gains: {gain:e}");
        } else {
            assert!(s.removed.is_empty() && s.horizon.is_empty());
            assert!(gain.abs() <= 1e-9 * depth, "final gain {gain:e}");
            assert!((s.lower_bound - depth).abs() <= 1e-12 * depth);
        }
        // Euler: a closed triangulation with V vertices has 2V − 4 faces.
        assert_eq!(replay.triangles().len() + 4, 2 * replay.vertices().len());
        assert_eq!(replay.vertices().len(), s.vertex_count as usize);
        assert!(replay.triangles().contains(&s.closest_face));
    }
    assert_eq!(c.status, collision::ContactStatus::Converged);
    let _ = ConvexHull::new(&[Point3::origin()]);
}

/// Records every EPA step twice: as the trace does (changes) and as whole snapshots.
#[derive(Default)]
struct BothRecords {
    trace: Trace,
    snapshots: Vec<EpaStepRecord>,
}

impl Observer for BothRecords {
    fn epa_step(&mut self, step: &EpaStep<'_>) {
        self.trace.epa_step(step);
        self.snapshots.push(EpaStepRecord::from(step));
    }
}

/// The trace's change records, replayed, give each step's whole polytope: the same
/// vertices and the same triangles as a snapshot taken at the step, on 300 seeded hull
/// pairs and on a cylinder and a cone on axes 1e-3 rad apart, whose first EPA run fills
/// its 512 vertices and whose contact then takes a second, larger run seeded round the
/// best direction (a run's first record is a snapshot, so two snapshots mean two runs).
#[test]
fn replayed_change_records_rebuild_every_polytope() {
    use collision::{Cone, Cylinder};
    let mut r = rng(77);
    let (mut steps, mut runs) = (0, 0);
    for case in 0..300 {
        let (a, b) = (hull(&mut r, 24), hull(&mut r, 24));
        let pose_b = Isometry3::from_parts(Translation3::from(v3(&mut r, 0.4)), rotation(&mut r));
        let (n, k) = replay_matches_snapshots(&a, &b, &pose_b, &format!("hull pair {case}"));
        runs += n;
        steps += k;
    }
    assert!(steps > 2_500 && runs >= 300, "{steps} steps in {runs} runs");
    let cylinder = Cylinder::new(1.0, 0.7).unwrap();
    let cone = Cone::new(1.0, 0.8).unwrap();
    for shift in [0.0, 0.2] {
        let tilted = Isometry3::from_parts(
            Translation3::new(0.0, shift, 0.0),
            UnitQuaternion::from_scaled_axis(Vector3::x() * 1e-3),
        );
        let what = format!("cylinder and cone, cone shifted {shift} along the axis");
        let (n, k) = replay_matches_snapshots(&cylinder, &cone, &tilted, &what);
        assert!(n >= 2 && k > 512, "{what}: {n} runs, {k} steps");
    }
}

/// Checks the replayed records of `a`'s contact with `b` (A at the identity) against
/// snapshots at every EPA step; returns the number of runs and of steps.
fn replay_matches_snapshots<A: SupportMap, B: SupportMap>(
    a: &A,
    b: &B,
    pose_b: &Isometry3<f64>,
    ctx: &str,
) -> (usize, usize) {
    let mut observed = BothRecords::default();
    let options = QueryOptions::default().observer(&mut observed);
    let _ = contact_with(a, &Isometry3::identity(), b, pose_b, 0.0, options);
    let records: Vec<&EpaStepRecord> = observed
        .trace
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::EpaStep(s) => Some(&**s),
            _ => None,
        })
        .collect();
    assert_eq!(records.len(), observed.snapshots.len(), "{ctx}");
    let mut replay = PolytopeReplay::new();
    let mut runs = 0;
    for (record, snapshot) in records.iter().zip(&observed.snapshots) {
        replay.apply(record);
        runs += usize::from(record.is_snapshot());
        assert!(snapshot.is_snapshot());
        assert_eq!(replay.vertices(), &snapshot.new_vertices[..], "{ctx}");
        let mut got = replay.triangles().to_vec();
        let mut want = snapshot.new_triangles.clone();
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "{ctx}: step {}", record.iteration);
        assert_eq!(record.removed, snapshot.removed, "{ctx}");
        assert_eq!(record.closest_face, snapshot.closest_face, "{ctx}");
    }
    (runs, records.len())
}
