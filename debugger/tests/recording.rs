//! Recording: frames match the trace one to one, and their geometry matches closed forms.

use collision::SupportMap;
use collision::observer::TraceEvent;
use collision::observer::{RayShape, SatAxisKind, Shortcut};
use debugger::{DebugError, FrameKind, Outcome, Recording, record, record_file};
use nalgebra::{Isometry3, Point3, Vector3};

fn fixture(name: &str) -> String {
    format!(
        "{}/../fixtures/data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn rec(name: &str) -> Recording {
    record_file(fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn close(what: &str, got: f64, want: f64, tol: f64) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: got {got}, want {want}, |Δ| = {:e} > {tol:e}",
        (got - want).abs()
    );
}

fn close_p(what: &str, got: &Point3<f64>, want: [f64; 3], tol: f64) {
    let d = (got - Point3::from(want)).norm();
    assert!(d <= tol, "{what}: got {got:?}, want {want:?}, |Δ| = {d:e}");
}

/// The frames follow the trace event for event: GJK steps, the GJK result, EPA steps.
fn assert_frames_follow_trace(r: &Recording) {
    let kinds: Vec<&str> = r
        .trace
        .events
        .iter()
        .map(|e| match e {
            TraceEvent::GjkStep(_) => "gjk",
            TraceEvent::GjkDone(_) => "done",
            TraceEvent::EpaStep(_) => "epa",
            TraceEvent::EpaDone { .. } => "epa done",
            TraceEvent::ToiStep(_) => "toi",
            TraceEvent::RayStep(_) => "ray",
            TraceEvent::Shortcut(_) => "shortcut",
            TraceEvent::WarmStart { .. } => "warm start",
            _ => "other",
        })
        .collect();
    // The ray result frame is made from the outcome, not from an event.
    let frames: Vec<&str> = r
        .frames
        .iter()
        .filter_map(|f| match f.kind {
            FrameKind::GjkStep { .. } => Some("gjk"),
            FrameKind::GjkResult { .. } => Some("done"),
            FrameKind::EpaStep { .. } => Some("epa"),
            FrameKind::EpaResult { .. } => Some("epa done"),
            FrameKind::ToiStep { .. } => Some("toi"),
            FrameKind::RayStep { .. } => Some("ray"),
            FrameKind::RayResult { .. } => None,
            FrameKind::Shortcut { .. } => Some("shortcut"),
            FrameKind::WarmStart => Some("warm start"),
        })
        .collect();
    assert_eq!(frames, kinds);
    // Every vertex's configuration-space point is its witness difference (world).
    for f in &r.frames {
        for v in f.vertices.iter().chain(&f.support) {
            let scale = 1.0 + v.a.coords.amax().max(v.b.coords.amax());
            let d = (v.w.coords - (v.a - v.b)).amax();
            assert!(d <= 1e-12 * scale, "{}: w ≠ a − b by {d:e}", f.caption);
        }
    }
}

#[test]
fn point_core_pair_is_one_closed_form_frame() {
    // Balls of radius 1 and 0.5 at (0,0,0) and (0,3,4): distance 3.5, closest points
    // (0,0.6,0.8) and (0,2.7,3.6). The query answers by the closed form, and so does
    // the recording: one frame, the two spheres and their centre line.
    let r = rec("ball_ball_separated");
    assert_eq!(r.gjk_step_count(), 0);
    assert_eq!(r.epa_step_count(), 0);
    assert_eq!(r.frames.len(), 1);
    let f = &r.frames[0];
    assert_eq!(
        f.kind,
        FrameKind::Shortcut {
            name: "point-core closed form"
        }
    );
    let Some(Shortcut::PointCore(k)) = f.shortcut.as_deref() else {
        panic!("{:?}", f.shortcut);
    };
    close_p("centre a", &k.center_a, [0.0, 0.0, 0.0], 1e-12);
    close_p("centre b", &k.center_b, [0.0, 3.0, 4.0], 1e-12);
    assert_eq!((k.radius_a, k.radius_b), (1.0, 0.5));
    close("separation", k.separation, 3.5, 1e-12);
    assert!(!k.overlapping);
    close_p("witness a", &f.witness_a, [0.0, 0.6, 0.8], 1e-12);
    close_p("witness b", &f.witness_b, [0.0, 2.7, 3.6], 1e-12);
    close("bounds", f.lower_bound.max(f.upper_bound), 3.5, 1e-12);
    let Outcome::ClosestPoints(collision::ClosestPoints::Separated { distance, .. }) = r.outcome
    else {
        panic!("{:?}", r.outcome)
    };
    close("answer", distance, 3.5, 1e-12);
    assert!(
        r.notes.iter().any(|n| n.contains("shortcut")),
        "{:?}",
        r.notes
    );
}

#[test]
fn gjk_fixture_has_one_frame_per_step_and_ends_on_the_answer() {
    // A segment's core is itself: no closed form, GJK steps to the distance.
    let r = rec("segment_segment_skew");
    assert_frames_follow_trace(&r);
    assert_eq!(r.gjk_step_count(), r.trace.gjk_steps().count());
    assert!(r.gjk_step_count() >= 1);
    assert_eq!(r.epa_step_count(), 0);
    assert_eq!(r.frames.len(), r.gjk_step_count() + 1);
    let distance = match r.outcome {
        Outcome::Distance(d) => d,
        Outcome::ClosestPoints(collision::ClosestPoints::Separated { distance, .. }) => distance,
        ref o => panic!("{o:?}"),
    };
    assert_gjk_bounds(&r, distance);
    let last = r.frames.last().unwrap();
    assert!(matches!(last.kind, FrameKind::GjkResult { .. }));
    close("final upper bound", last.upper_bound, distance, 1e-12);
}

/// Every GJK step brackets the true distance, `|v|` is the upper bound and only
/// shrinks, and the direction is `−v/|v|`.
fn assert_gjk_bounds(r: &Recording, distance: f64) {
    let mut upper = f64::INFINITY;
    let tol = 1e-12 * (1.0 + distance);
    for f in r
        .frames
        .iter()
        .filter(|f| matches!(f.kind, FrameKind::GjkStep { .. }))
    {
        assert!(
            f.lower_bound <= distance + tol && distance <= f.upper_bound + tol,
            "{}: {distance} outside the bounds",
            f.caption
        );
        assert!(f.upper_bound <= upper, "upper bound never grows");
        upper = f.upper_bound;
        close(
            "|v| = upper bound",
            f.closest.coords.norm(),
            f.upper_bound,
            tol,
        );
        let dir = f.direction.unwrap();
        close(
            "direction is −v/|v|",
            (dir + f.closest.coords / f.upper_bound).norm(),
            0.0,
            1e-12,
        );
    }
}

#[test]
fn multi_step_gjk_fixtures_bracket_their_closed_form_distances() {
    // Distances from the fixtures' descriptions (closed forms).
    // Frames measure the cores: the full distance plus the convex radii.
    for (name, distance) in [
        ("cone_ball_base", 0.5),
        ("cylinder_ball_side", 0.5),
        ("capsule_capsule_crossed", 1.25),
        ("book_diamond_above_ground", 9.0),
        ("cuboid_cuboid_edge_edge_gap", 3.0 - 2.0 * 2f64.sqrt()),
        ("rounded_cuboid_cuboid_gap", 0.9),
    ] {
        let r = rec(name);
        let core_distance = distance + r.radius_a + r.radius_b;
        assert_frames_follow_trace(&r);
        assert!(
            r.gjk_step_count() >= 2,
            "{name}: {} steps",
            r.gjk_step_count()
        );
        assert_eq!(r.frames.len(), r.gjk_step_count() + 1, "{name}");
        assert_gjk_bounds(&r, core_distance);
        let last = r.frames.last().unwrap();
        close(
            name,
            (last.witness_b - last.witness_a).norm(),
            core_distance,
            1e-6,
        );
    }
}

#[test]
fn box_box_face_gap_ends_on_the_faces() {
    // Cubes of half-extent 1, B at (2.5, 0.3, 0.2): faces x = 1 and x = 1.5, distance 0.5.
    let r = rec("cuboid_cuboid_face_face_gap");
    assert_frames_follow_trace(&r);
    let last = r.frames.last().unwrap();
    close("distance", last.upper_bound, 0.5, 1e-12);
    close("a on x = 1", last.witness_a.x, 1.0, 1e-12);
    close("b on x = 1.5", last.witness_b.x, 1.5, 1e-12);
    close("same y", last.witness_b.y - last.witness_a.y, 0.0, 1e-12);
    let d = last.direction.unwrap();
    close("normal along x", d.x, 1.0, 1e-12);
    let Outcome::Distance(d) = r.outcome else {
        panic!("{:?}", r.outcome)
    };
    close("answer", d, 0.5, 1e-12);
}

#[test]
fn rotated_pose_frames_are_in_world_coordinates() {
    // The same balls with A moved and turned: every frame moves rigidly with the scene,
    // so the final witness points are the closed form's, moved.
    let mut scene = fixtures::load(fixture("ball_ball_separated"))
        .unwrap()
        .scene;
    let motion = Isometry3::new(Vector3::new(10.0, -3.0, 7.0), Vector3::new(0.3, -1.1, 0.7));
    scene.pose_a = motion * scene.pose_a;
    scene.pose_b = motion * scene.pose_b;
    let r = record(&scene).unwrap();
    let last = r.frames.last().unwrap();
    let want_a = motion * Point3::new(0.0, 0.6, 0.8);
    let want_b = motion * Point3::new(0.0, 2.7, 3.6);
    let n = last.direction.unwrap();
    // The closed form's frame holds the full shapes' points.
    close_p("witness a", &last.witness_a, want_a.coords.into(), 1e-6);
    close_p("witness b", &last.witness_b, want_b.coords.into(), 1e-6);
    let want_n = motion.rotation * Vector3::new(0.0, 0.6, 0.8);
    close("normal", (n - want_n).norm(), 0.0, 1e-6);
}

fn assert_epa_frames(r: &Recording, depth: f64) {
    assert_frames_follow_trace(r);
    let epa: Vec<_> = r
        .frames
        .iter()
        .filter(|f| matches!(f.kind, FrameKind::EpaStep { .. }))
        .collect();
    assert_eq!(epa.len(), r.epa_step_count());
    assert!(!epa.is_empty(), "{}: EPA ran", r.name);
    for (k, f) in epa.iter().enumerate() {
        assert!(
            f.lower_bound <= depth + 1e-12 && depth <= f.upper_bound + 1e-12,
            "{}: depth {depth} outside the bounds",
            f.caption
        );
        let face = f.closest_face.unwrap();
        // The closest point is the origin's projection on the nearest face's plane:
        // at the face distance, along the normal, an affine combination of the face.
        close(
            "|closest| = face distance",
            f.closest.coords.norm(),
            f.lower_bound,
            1e-9,
        );
        let n = f.direction.unwrap();
        close(
            "closest ∥ normal",
            n.cross(&f.closest.coords).norm(),
            0.0,
            1e-9,
        );
        let weights: f64 = face.iter().map(|&i| f.vertices[i].weight).sum();
        close("face weights sum to 1", weights, 1.0, 1e-12);
        let w: Vector3<f64> = face
            .iter()
            .map(|&i| f.vertices[i].w.coords * f.vertices[i].weight)
            .sum();
        close("Σλw = closest", (w - f.closest.coords).norm(), 0.0, 1e-9);
        let ab = f.witness_a - f.witness_b;
        close("a − b = closest", (ab - f.closest.coords).norm(), 0.0, 1e-9);
        if f.removed.is_empty() {
            // Only the last step of a converged run expands nothing: its support point
            // gains nothing over the nearest face, at the final depth.
            assert_eq!(k + 1, epa.len(), "{}", f.caption);
            assert!(f.horizon.is_empty() && f.caption.contains("converged"));
            assert!(f.triangles.contains(&face));
            close("final depth", f.lower_bound, depth, 1e-9 * depth);
            continue;
        }
        // Removed faces and horizon edges index existing vertices; the support point is new.
        assert!(f.horizon.len() >= 3);
        assert!(f.removed.contains(&face), "the expanded face is removed");
        assert!(!f.triangles.contains(&face));
    }
}

#[test]
fn epa_fixture_frames_bracket_the_closed_form_depth() {
    // Unit cubes (half 1) 0.1 apart along x: depth 1.9 along x. (The separating axis
    // test leaves this pair to EPA: B's face clipped to A's is lost to rounding.)
    let r = rec("cuboid_cuboid_deep");
    assert_epa_frames(&r, 1.9);
    let Outcome::Contact(Some(c)) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    close("separation", c.separation, -1.9, 1e-12);
    // A tetrahedron's vertex 0.2 deep in a box's face.
    assert_epa_frames(&rec("cuboid_tetrahedron_vertex_face_penetrating"), 0.2);
}

#[test]
fn box_pair_contact_is_the_separating_axis_frame() {
    // Unit cubes with crossed edges overlapping by 2√2 − 2.7 along x, the edge-edge
    // axis (every face axis overlaps by at least 0.79): the separating axis test after
    // GJK found the overlap, no EPA.
    let r = rec("cuboid_cuboid_edge_edge_penetrating");
    assert_eq!(r.epa_step_count(), 0);
    let last = r.frames.last().unwrap();
    assert_eq!(
        last.kind,
        FrameKind::Shortcut {
            name: "box-box SAT"
        }
    );
    assert!(matches!(
        r.frames[r.frames.len() - 2].kind,
        FrameKind::GjkResult { .. }
    ));
    let Some(Shortcut::BoxBox(k)) = last.shortcut.as_deref() else {
        panic!("{:?}", last.shortcut);
    };
    let depth = 2.0 * std::f64::consts::SQRT_2 - 2.7;
    close("depth", k.depth, depth, 1e-12);
    for a in &k.axes {
        assert!(a.overlap.is_none_or(|o| o >= k.depth), "{a:?}");
        if let (SatAxisKind::FaceA(_) | SatAxisKind::FaceB(_), Some(o)) = (a.kind, a.overlap) {
            assert!(o >= 0.79, "{a:?}");
        }
    }
    assert!(matches!(k.axes[k.winner].kind, SatAxisKind::Edges(..)));
    close_p("normal", &k.normal.into(), [1.0, 0.0, 0.0], 1e-12);
    let Outcome::Contact(Some(c)) = &r.outcome else {
        panic!("{:?}", r.outcome)
    };
    close("separation", c.separation, -depth, 1e-12);
}

#[test]
fn default_fixture_runs_gjk_then_epa() {
    let r = record_file(debugger::default_fixture()).unwrap();
    assert!(r.gjk_step_count() >= 1);
    assert_epa_frames(&r, 0.25);
    let first_epa = r
        .frames
        .iter()
        .position(|f| matches!(f.kind, FrameKind::EpaStep { .. }))
        .unwrap();
    assert!(matches!(
        r.frames[first_epa - 1].kind,
        FrameKind::GjkResult { .. }
    ));
    // EPA starts from GJK's final simplex (a tetrahedron around the origin).
    assert_eq!(r.frames[first_epa - 1].vertices.len(), 4);
    // The run ends on EPA's answer: depth 0.25 straight up out of the ground (normal
    // from the diamond A towards the ground B is −z), and the witness points are
    // 0.25 apart along it.
    let last = r.frames.last().unwrap();
    assert!(matches!(last.kind, FrameKind::EpaResult { .. }));
    close("normal z", last.direction.unwrap().z, -1.0, 1e-9);
    close("depth", last.lower_bound, 0.25, 1e-9);
    close(
        "witness gap",
        (last.witness_a - last.witness_b).dot(&Vector3::new(0.0, 0.0, -1.0)),
        0.25,
        1e-9,
    );
}

#[test]
fn contact_on_balls_records_the_cores_and_says_so() {
    let r = rec("ball_ball_deep");
    assert!(r.radius_a > 0.0 && r.radius_b > 0.0);
    assert!(r.notes.iter().any(|n| n.contains("cores")), "{:?}", r.notes);
    // Ball cores are their centres: every support point on A is A's centre.
    for f in &r.frames {
        for v in &f.vertices {
            close_p(
                "core of A",
                &v.a,
                r.scene.pose_a.translation.vector.into(),
                1e-12,
            );
        }
    }
}

/// A ray at a cube's vertical edge (the cube turned 45° about z): one frame per GJK
/// ray-cast step, each starting where the last one left the ray, ending on a result
/// frame at the fixture's closed form, toi 5 − √2 at (−√2, 0, 0) with normal −x; a ray
/// past a ball ends on a miss.
#[test]
fn ray_casts_are_recorded_step_by_step() {
    // The box as a hull with a zero margin, so that the GJK ray cast answers (a box has a
    // closed form, and a hull of few faces is clipped by its planes).
    let mut scene = fixtures::load(fixture("ray_rotated_cuboid")).unwrap().scene;
    let corners: Vec<nalgebra::Point3<f64>> = (0..8)
        .map(|k| {
            let h = scene.shape_a.aabb(&nalgebra::Isometry3::identity()).maxs;
            let s = |bit: i32, x: f64| if k & bit != 0 { x } else { -x };
            nalgebra::Point3::new(s(1, h.x), s(2, h.y), s(4, h.z))
        })
        .collect();
    let hull = collision::Shape::from(collision::ConvexHull::new(&corners).unwrap());
    scene.shape_a = collision::Rounded::new(hull, 0.0).unwrap().into();
    let r = record(&scene).unwrap();
    let Outcome::RayCast(Some(hit)) = r.outcome else {
        panic!("{:?}", r.outcome);
    };
    let toi = 5.0 - std::f64::consts::SQRT_2;
    assert!((hit.toi - toi).abs() <= 1e-12, "{hit:?}");
    let (last, steps) = r.frames.split_last().unwrap();
    assert!(steps.len() >= 2, "{} steps", steps.len());
    assert_eq!(steps.len(), r.trace.ray_steps().count());
    let mut lambda = 0.0;
    for (k, (f, s)) in steps.iter().zip(r.trace.ray_steps()).enumerate() {
        let FrameKind::RayStep {
            iteration,
            lambda: l,
        } = f.kind
        else {
            panic!("frame {k}: {:?}", f.kind);
        };
        assert_eq!(iteration as usize, k + 1);
        assert_eq!(
            l, lambda,
            "frame {k} starts where the last step left the ray"
        );
        lambda = s.advanced;
        assert!(f.is_finite());
        // The ray point, on the ray at λ: y = z = 0, x = −5 + λ.
        close_p("ray point", &f.witness_a, [-5.0 + l, 0.0, 0.0], 1e-12);
        for v in &f.vertices {
            assert_eq!(v.a, f.witness_a);
            close_p("w = a − b", &v.w, (v.a - v.b).into(), 1e-12);
        }
        assert!(
            f.caption.starts_with(&format!("Ray step {}", k + 1)),
            "{}",
            f.caption
        );
    }
    assert_eq!(lambda, hit.toi);
    assert_eq!(last.kind, FrameKind::RayResult { hit: true });
    close_p(
        "hit point",
        &last.witness_a,
        [-std::f64::consts::SQRT_2, 0.0, 0.0],
        1e-12,
    );
    assert!((last.direction.unwrap() + Vector3::x()).norm() <= 1e-12);
    assert!(r.notes.iter().any(|n| n.contains("ray_cast")));
    let miss = rec("ray_ball_miss");
    assert_eq!(miss.outcome, Outcome::RayCast(None));
    assert_eq!(
        miss.frames.last().unwrap().kind,
        FrameKind::RayResult { hit: false }
    );
    // A ball's closed form: one shortcut frame, then the miss.
    assert_eq!(miss.frames.len(), 2);
    assert_eq!(
        miss.frames[0].kind,
        FrameKind::Shortcut {
            name: "ray closed form"
        }
    );
    // The box itself: its closed form, at the same parameter.
    let boxed = rec("ray_rotated_cuboid");
    let Some(Shortcut::Ray(k)) = boxed.frames[0].shortcut.as_deref() else {
        panic!("{:?}", boxed.frames[0]);
    };
    assert_eq!(k.shape, RayShape::Cuboid);
    close("closed-form toi", k.toi.unwrap(), toi, 1e-12);
}

/// The book's CCD scene (conservative advancement): one TOI frame per iteration, times
/// strictly increasing to the outcome's time of impact (the fixture's closed form
/// 18.5 / 200 = 0.0925), witness points there 0.5 from the ball's centre; the analytic
/// ball–ball path gives its shortcut frame, then one TOI frame at toi = 2.
#[test]
fn time_of_impact_frames_step_to_the_impact_time() {
    let r = rec("book_ccd_ball_diamond_translating");
    let Outcome::TimeOfImpact(Some(hit)) = r.outcome else {
        panic!("{:?}", r.outcome);
    };
    close("toi", hit.time, 0.0925, 1e-9);
    let times: Vec<f64> = r
        .frames
        .iter()
        .map(|f| match f.kind {
            FrameKind::ToiStep { time, .. } => time,
            k => panic!("unexpected frame {k:?}"),
        })
        .collect();
    assert_eq!(times.len(), hit.iterations as usize);
    assert!(times.len() >= 2, "{times:?}");
    assert_eq!(times[0], 0.0);
    assert!(times.windows(2).all(|w| w[1] > w[0]), "{times:?}");
    assert_eq!(*times.last().unwrap(), hit.time);
    // Each frame draws the shapes where they are at its time: the ball (A) at
    // (10 − 100 t, 0, 3), the diamond (B) at (−10 + 100 t, 0, 3).
    for (f, t) in r.frames.iter().zip(&times) {
        let [pa, pb] = f.poses.expect("TOI frames carry their poses");
        close_p(
            "pose of A",
            &Point3::from(pa.translation.vector),
            [10.0 - 100.0 * t, 0.0, 3.0],
            1e-12,
        );
        close_p(
            "pose of B",
            &Point3::from(pb.translation.vector),
            [-10.0 + 100.0 * t, 0.0, 3.0],
            1e-12,
        );
    }
    assert!(
        r.frames
            .iter()
            .all(|f| matches!(f.kind, FrameKind::ToiStep { .. }))
    );
    let last = r.frames.last().unwrap();
    assert!(last.is_finite());
    // The ball (A, radius 0.5) moves from (10,0,3) at (-100,0,0).
    let centre = Point3::new(10.0 - 100.0 * hit.time, 0.0, 3.0);
    close("|a - centre|", (last.witness_a - centre).norm(), 0.5, 1e-6);
    close_p(
        "witness on B",
        &last.witness_b,
        [-9.0 + 100.0 * hit.time, 0.0, 3.0],
        1e-6,
    );
    assert!(
        last.lower_bound <= 1e-6 && last.lower_bound >= 0.0,
        "{}",
        last.lower_bound
    );
    assert!(!r.notes.iter().any(|n| n.contains("no observed variant")));

    let balls = rec("toi_ball_ball_head_on");
    let Outcome::TimeOfImpact(Some(hit)) = balls.outcome else {
        panic!("{:?}", balls.outcome);
    };
    close("toi", hit.time, 2.0, 1e-12);
    // The quadratic's frame (inputs and answer), then the impact.
    assert_eq!(balls.frames.len(), 2);
    let Some(Shortcut::BallBallImpact(k)) = balls.frames[0].shortcut.as_deref() else {
        panic!("{:?}", balls.frames[0]);
    };
    assert_eq!(k.time, Some(hit.time));
    assert_eq!(
        balls.frames[1].kind,
        FrameKind::ToiStep {
            iteration: 0,
            time: hit.time
        }
    );
    for f in &balls.frames {
        close_p("a", &f.witness_a, [1.0, 0.0, 0.0], 1e-12);
        close_p("b", &f.witness_b, [1.0, 0.0, 0.0], 1e-12);
        assert_eq!(f.poses, balls.frames[1].poses);
    }
}

/// Each time-of-impact frame's caption says what proved its step. On the spinning boxes
/// near contact, the normal turning with a body proves all steps but the last (187 with
/// A, 11 with B when written), which advances no further.
#[test]
fn toi_captions_name_what_proved_each_step() {
    let r = rec("toi_spinning_boxes_near_contact");
    let Outcome::TimeOfImpact(Some(_)) = r.outcome else {
        panic!("{:?}", r.outcome);
    };
    let (last, steps) = r.frames.split_last().expect("frames");
    let turning = |f: &&debugger::Frame| {
        f.caption
            .contains("(proved by the gap bound along the normal turning with A)")
            || f.caption
                .contains("(proved by the gap bound along the normal turning with B)")
    };
    let by_turning = steps.iter().filter(turning).count();
    assert!(
        by_turning * 10 >= steps.len() * 9,
        "{by_turning} of {}",
        steps.len()
    );
    assert!(steps.iter().all(|f| f.caption.contains("(proved by")));
    assert!(!last.caption.contains("proved by"), "{}", last.caption);
    assert!(last.caption.contains("advance 0,"), "{}", last.caption);
}

#[test]
fn missing_file_gives_the_load_error() {
    let err = record_file("/no/such/dir/fixture.json").unwrap_err();
    assert!(
        matches!(err, DebugError::Load(fixtures::LoadError::Io { .. })),
        "{err:?}"
    );
    let msg = err.to_string();
    assert!(
        msg.starts_with("/no/such/dir/fixture.json: cannot read fixture"),
        "{msg}"
    );
}

#[test]
fn malformed_json_gives_line_and_column() {
    let path = std::env::temp_dir().join(format!("debugger-bad-{}.json", std::process::id()));
    std::fs::write(&path, "{\n  \"name\": \"x\",\n  \"description\": oops\n}\n").unwrap();
    let err = record_file(&path).unwrap_err();
    let _ = std::fs::remove_file(&path);
    match &err {
        DebugError::Load(fixtures::LoadError::Syntax { line, column, .. }) => {
            assert_eq!((*line, *column), (3, 18), "{err}");
        }
        other => panic!("expected a syntax error, got {other:?}"),
    }
    assert!(
        err.to_string().contains(":3:18: JSON syntax error"),
        "{err}"
    );
}

#[test]
fn non_finite_pose_of_a_hand_built_scene_is_an_error() {
    let mut scene = fixtures::load(fixture("ball_ball_separated"))
        .unwrap()
        .scene;
    scene.pose_b.translation.vector.x = f64::NAN;
    let err = record(&scene).unwrap_err();
    assert!(
        matches!(err, DebugError::NonFinitePose("pose_b")),
        "{err:?}"
    );
}

/// A contact whose EPA runs take hundreds of steps (a near contact the query fuzzer
/// found, with a second, larger run) keeps a frame for every step, in order, but draws
/// each run's polytope in at most `DRAWN_EPA_STEPS` of them, the first and the last
/// steps among them; the polytope drawn, which the trace's change records rebuild, is
/// closed (each edge on two faces, counting the ones the step removes).
#[test]
fn long_epa_runs_keep_every_step_and_draw_a_bounded_number() {
    let r = rec("fuzz_query-near_s1_c516");
    assert_frames_follow_trace(&r);
    let mut runs: Vec<Vec<&debugger::Frame>> = Vec::new();
    let mut open = false;
    for f in &r.frames {
        match f.kind {
            FrameKind::EpaStep { iteration } => {
                if iteration == 1 || !open {
                    runs.push(Vec::new());
                    open = true;
                }
                runs.last_mut().expect("a run").push(f);
            }
            FrameKind::EpaResult { .. } => open = false,
            _ => {}
        }
    }
    let longest = runs.iter().map(Vec::len).max().unwrap_or(0);
    assert!(longest > debugger::DRAWN_EPA_STEPS, "longest run {longest}");
    for run in &runs {
        let drawn: Vec<bool> = run.iter().map(|f| !f.vertices.is_empty()).collect();
        let count = drawn.iter().filter(|&&d| d).count();
        assert!(count <= debugger::DRAWN_EPA_STEPS, "{count} drawn");
        assert!(
            drawn[0] && drawn[run.len() - 1],
            "first and last steps drawn"
        );
        for (k, f) in run.iter().enumerate() {
            let FrameKind::EpaStep { iteration } = f.kind else {
                unreachable!()
            };
            assert_eq!(iteration as usize, k + 1);
            if drawn[k] {
                let mut sides = std::collections::HashMap::new();
                for t in f.triangles.iter().chain(&f.removed) {
                    for k in 0..3 {
                        let (i, j) = (t[k], t[(k + 1) % 3]);
                        *sides.entry([i.min(j), i.max(j)]).or_insert(0) += 1;
                    }
                }
                assert!(sides.values().all(|&n| n == 2), "step {iteration}");
                assert_eq!(sides.len(), f.edges.len(), "step {iteration}");
                assert!(!f.caption.contains("not drawn"));
            } else {
                assert!(f.triangles.is_empty() && f.caption.contains("(not drawn)"));
                assert!(f.support.is_some() && f.lower_bound <= f.upper_bound);
            }
        }
    }
}

/// A contact whose EPA runs stopped short in A's frame (the query fuzzer's near-contact
/// case 7708, seed 1: a cylinder against a box edge, 6.6e-3 deep) is asked again in B's
/// frame: the recording keeps both runs (a GJK result after the first EPA result), says
/// so in a note, and answers the converged depth, which the pair in the other order
/// finds directly.
#[test]
fn contact_asked_again_in_the_frame_of_b_says_so() {
    use fixtures::fuzz::{Draw, HullSizes};
    use fixtures::{Query, Scene};
    let case = Draw::near(HullSizes::default()).case(1, 7708);
    let build = |s: &fixtures::ShapeSpec| s.build("shape").expect("a valid shape");
    let pose = |p: &fixtures::PoseSpec| p.build("pose").expect("a valid pose");
    // The order that stopped short: the cylinder as A.
    let scene = Scene {
        shape_a: build(&case.shape_b),
        pose_a: pose(&case.pose_b),
        shape_b: build(&case.shape_a),
        pose_b: pose(&case.pose_a),
        query: Query::Contact { margin: 0.0 },
    };
    let r = record(&scene).expect("recorded");
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("asked again in B's frame")),
        "{:?}",
        r.notes
    );
    let first_epa_end = r
        .frames
        .iter()
        .position(|f| matches!(f.kind, FrameKind::EpaResult { .. }))
        .expect("an EPA result");
    assert!(
        r.frames[first_epa_end..]
            .iter()
            .any(|f| matches!(f.kind, FrameKind::GjkResult { .. }))
    );
    let Outcome::Contact(Some(c)) = r.outcome else {
        panic!("no contact: {:?}", r.outcome)
    };
    assert_eq!(c.status, collision::ContactStatus::Converged);
    let direct = collision::contact(
        &scene.shape_b,
        &scene.pose_b,
        &scene.shape_a,
        &scene.pose_a,
        0.0,
    )
    .expect("a contact")
    .expect("overlapping");
    close(
        "depth",
        c.separation,
        direct.separation,
        1e-10 * c.separation.abs() + 1e-12,
    );
    assert!(
        c.normal.dot(&direct.normal) < -1.0 + 1e-9,
        "opposite normals"
    );
}
